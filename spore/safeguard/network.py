"""load_obf_params_into_net: a network that undoes the obfuscation of its weights at run time.

The network keeps its structure and Parameter names (so obfuscated checkpoints load into it
as they are). Two kinds of Cells change class, to a subclass of their own class:

- each target sub-Cell: its output goes through the config's insert ops (by default a
  multiplication by the inverse ratio);
- the network itself: it takes the keyword input `obf_metadata` (the dict obfuscate_ckpt
  returned) and hands it to the target sub-Cells for the duration of the call.

The metadata is an input, never stored in the network, so a checkpoint saved from it holds
obfuscated weights only. In GRAPH_MODE the metadata's Tensors are inputs of the compiled graph.
"""
from __future__ import annotations

import inspect

import numpy as np

from .. import ops
from ..common.tensor import Tensor
from ..compiler.graph_calls import call as graph_call
from ..nn.cell import Cell
from ..nn.container import CellList, SequentialCell
from ..ops import interpreter
from .config import check_obf_config, config_from_target_modules, deprecation_warning, expand_layers

_OP = "load_obf_params_into_net"


def load_obf_params_into_net(network, target_modules=None, obf_ratios=None, obf_config=None, data_parallel_num=1,
                             **kwargs):
    """Make `network` (holding obfuscated weights, e.g. loaded from obfuscate_ckpt's files) give
    the original outputs again when called with the metadata obfuscate_ckpt returned:
    `new_net(*inputs, obf_metadata={name: Tensor})`.

    Args:
        network (Cell): the network; its target sub-Cells and the network itself are changed
            in place (to subclasses of their classes) and the network is returned.
        target_modules (list[str]): as for obfuscate_ckpt; used when obf_config is None.
        obf_ratios (Tensor): not used; the ratios come at run time as `obf_metadata` (as in
            MindSpore 2.7.1, which deprecates this argument).
        obf_config (dict): the full obfuscation config; its 'network_obf_config' is used.
        data_parallel_num (int): the data-parallel degree MindSpore shards the inserted ops
            with; spore runs them on one device, so only its value is checked.
        kwargs: 'ignored_func_decorators' and 'ignored_class_decorators' (list[str]): the
            decorators MindSpore's source rewriting skips; spore changes classes, not source,
            so they are only checked.

    Returns:
        Cell: the network, which takes the keyword input `obf_metadata`.
    """
    if not isinstance(network, Cell):
        raise TypeError(f"For '{_OP}', 'network' must be a Cell, but got {type(network).__name__}.")
    if obf_config is None:
        obf_config = config_from_target_modules(_OP, network, target_modules)
        deprecation_warning(_OP)
    check_obf_config(_OP, obf_config, ("network_obf_config",))
    if isinstance(data_parallel_num, bool) or not isinstance(data_parallel_num, int) or data_parallel_num <= 0:
        raise ValueError(f"For '{_OP}', 'data_parallel_num' must be a positive int, but got {data_parallel_num!r}.")
    for name in ("ignored_func_decorators", "ignored_class_decorators"):
        value = kwargs.get(name, [])
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise TypeError(f"For '{_OP}', '{name}' must be a list of str, but got {value!r}.")
    if isinstance(network, _ObfuscatedNetwork):
        raise ValueError(f"For '{_OP}', the network is already obfuscated.")
    entries = expand_layers(obf_config["network_obf_config"], ("module", "target"))
    slot = _MetadataSlot(type(network).__name__)
    for cell, insert_ops in _targets(network, entries).values():
        slot.names.update(metadata_name for _, metadata_name in insert_ops)
        _change_class(cell, _deobfuscating_class(type(cell)))
        object.__setattr__(cell, "_obf_insert_ops", tuple(insert_ops))
        object.__setattr__(cell, "_obf_slot", slot)
    _change_class(network, _obfuscated_network_class(type(network)))
    object.__setattr__(network, "_obf_slot", slot)
    return network


def _targets(network: Cell, entries: list[dict]) -> dict:
    """id -> (target Cell, [(op name, metadata name)]) for the entries of network_obf_config."""
    targets: dict = {}
    for entry in entries:
        module = _cell_at(network, entry["module"])
        cell = getattr(module, entry["target"], None)
        if not isinstance(cell, Cell):
            raise ValueError(f"For '{_OP}', the target '{entry['target']}' of the module '{entry['module']}' must "
                             f"be a sub-Cell, but got {type(cell).__name__}.")
        if isinstance(cell, _DeobfuscatingCell):
            raise ValueError(f"For '{_OP}', the target '{entry['module']}/{entry['target']}' is already obfuscated.")
        insert_ops = targets.setdefault(id(cell), (cell, []))[1]
        insert_ops.extend((op_info["name"], op_info.get("input_y", "")) for op_info in entry["insert_ops"])
    return targets


def _cell_at(network: Cell, module: str) -> Cell:
    cell = network
    for part in (part for part in module.split("/") if part):
        if isinstance(cell, (CellList, SequentialCell)) and part.isdigit() and int(part) < len(cell):
            cell = cell[int(part)]
        else:
            cell = getattr(cell, part, None)
        if not isinstance(cell, Cell):
            raise ValueError(f"For '{_OP}', the module '{module}' of 'obf_config' is not a Cell of the network.")
    return cell


def _change_class(cell: Cell, cls: type) -> None:
    object.__setattr__(cell, "__class__", cls)


class _MetadataSlot:
    """The obfuscation metadata of the call running: the network binds it, its target
    sub-Cells read it."""

    def __init__(self, network_name: str):
        self.network_name = network_name
        self.names: set[str] = set()
        self.values: dict | None = None
        self.passing: tuple | None = None
        """The metadata tuple a call of the network is passing down (Cell.__call__ may call it
        again with it)."""

    def as_inputs(self, obf_metadata) -> tuple:
        """The Tensors of the user's `obf_metadata` dict, in the order of their sorted names."""
        if not isinstance(obf_metadata, dict):
            raise TypeError(f"For '{self.network_name}', the input 'obf_metadata' must be the dict obfuscate_ckpt "
                            f"returned, but got {type(obf_metadata).__name__}.")
        values = []
        for name in sorted(self.names):
            if name not in obf_metadata:
                raise KeyError(f"For '{self.network_name}', the input 'obf_metadata' must hold '{name}', but it "
                               f"holds {sorted(obf_metadata)}.")
            value = obf_metadata[name]
            if isinstance(value, np.ndarray):
                value = Tensor(value)
            if not isinstance(value, Tensor):
                raise TypeError(f"For '{self.network_name}', obf_metadata['{name}'] must be a Tensor, but got "
                                f"{type(value).__name__}.")
            values.append(value)
        return tuple(values)

    def value(self, name: str) -> Tensor:
        if self.values is None:
            raise RuntimeError(f"An obfuscated sub-Cell of '{self.network_name}' runs only inside a call of the "
                               f"network, which takes its 'obf_metadata'.")
        return self.values[name]


class _DeobfuscatingCell(Cell):
    """What the class of a target sub-Cell adds: its outputs go through the insert ops."""

    def _obf_deobfuscate(self, outputs: Tensor) -> Tensor:
        for op_name, metadata_name in self._obf_insert_ops:
            value = ops.cast(self._obf_slot.value(metadata_name), outputs.dtype)
            outputs = ops.mul(outputs, value) if op_name == "mul" else ops.matmul(outputs, value)
        return outputs


class _ObfuscatedNetwork(Cell):
    """What the class of the network adds: the input `obf_metadata`."""


_classes: dict = {}


def _deobfuscating_class(base: type) -> type:
    """`base` whose outputs go through the cell's insert ops (one class per base)."""
    key = ("target", base)
    if key not in _classes:
        def construct(self, *inputs, **kwargs):
            return self._obf_deobfuscate(_run_construct(base.construct, self, inputs, kwargs))

        _classes[key] = _subclass(base, _DeobfuscatingCell, construct)
    return _classes[key]


def _obfuscated_network_class(base: type) -> type:
    """`base` taking the keyword input `obf_metadata` (one class per base)."""
    key = ("network", base)
    if key not in _classes:
        positional = _positional_count(base.construct)

        def call(self, *args, **kwargs):
            # The metadata comes as a tuple of Tensors, which GRAPH_MODE makes graph inputs (the
            # values of a dict would be compiled in as constants).
            if "obf_metadata" not in kwargs and positional is not None and len(args) == positional + 1:
                args, kwargs["obf_metadata"] = args[:-1], args[-1]
            slot = self._obf_slot
            if slot.passing is None or kwargs.get("obf_metadata") is not slot.passing:  # else a call again
                kwargs["obf_metadata"] = slot.passing = slot.as_inputs(kwargs.get("obf_metadata"))
            try:
                return base.__call__(self, *args, **kwargs)
            finally:
                slot.passing = None

        def construct(self, *inputs, obf_metadata=None, **kwargs):
            slot = self._obf_slot
            if not isinstance(obf_metadata, tuple):  # called past __call__ (by a graph's construct)
                obf_metadata = slot.as_inputs(obf_metadata)
            outer, slot.values = slot.values, dict(zip(sorted(slot.names), obf_metadata))
            try:
                return _run_construct(base.construct, self, inputs, kwargs)
            finally:
                slot.values = outer

        _classes[key] = _subclass(base, _ObfuscatedNetwork, construct, __call__=call)
    return _classes[key]


def _subclass(base: type, role: type, construct, **members) -> type:
    """A class named as `base` (the network prints as before) deriving from it and `role`; its
    construct runs as Python in a graph (it parses the base's construct itself)."""
    namespace = {"construct": construct, "parse_construct_in_graph": False, "__module__": base.__module__,
                 "__qualname__": base.__qualname__, **members}
    return type(base.__name__, (base, role), namespace)


def _run_construct(construct, cell: Cell, inputs: tuple, kwargs: dict):
    """The base class's construct, parsed like any user construct while a graph is built."""
    if interpreter.graph_builder is not None:
        return graph_call(construct, (cell,) + tuple(inputs), kwargs)
    return construct(cell, *inputs, **kwargs)


def _positional_count(construct) -> int | None:
    """How many positional inputs construct takes, or None when it takes *args."""
    parameters = list(inspect.signature(construct).parameters.values())[1:]
    if any(p.kind is inspect.Parameter.VAR_POSITIONAL for p in parameters):
        return None
    return sum(p.kind in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
               for p in parameters)
