"""Cell: the base class of networks and layers.

A Cell registers the Parameters and sub-Cells assigned to its attributes and computes in
`construct`. Calling a Cell runs its forward-pre hooks, `construct` (between backward-hook
nodes, or as one node with its own `bprop`, while a gradient is being taken) and forward
hooks.

Parameter names follow MindSpore, whose checkpoints key on them. A Parameter created
without a name takes its attribute name (`weight`). Assigning a Cell to an attribute of a
Cell built with auto_prefix renames every Parameter below it to `attr.` + its attribute
path inside that Cell (`fc.weight`, `layers.0.weight`); containers extend the prefix their
members already carry (see container.py). When a Cell is first called and two of its
Parameters share a name, all of them are renamed to their attribute paths.
"""
from __future__ import annotations

import inspect
import itertools
import warnings
import weakref
from collections import OrderedDict
from collections.abc import Iterator

from .._kernels.torch_autograd import below_torch_autograd, through_torch_autograd
from ..autograd import cell_hooks
from ..autograd import tape as _tape
from ..autograd.casting import casting
from ..autograd.hooks import HookHandle, add_hook
from ..common import dtype as mstype
from ..common.parameter import Parameter, ParameterTuple
from ..common.tensor import Tensor
from ..ops import interpreter
from ..ops.operations.array_ops import Cast
from .cell_settings import CellSettingsMixin
from .cell_state import CellStateMixin

_MIXED_PRECISION_TYPES = (mstype.float16, mstype.float32, mstype.bfloat16)
_PRECISION_FLAGS = {mstype.float16: "fp16", mstype.float32: "fp32", mstype.bfloat16: "bf16"}


class Cell(CellStateMixin, CellSettingsMixin):
    """Cell(auto_prefix=True, flags=None)

    With `auto_prefix`, the Parameters of a sub-Cell assigned as `self.fc` are renamed
    `fc.<path>`; a Cell built with auto_prefix=False (a wrapper such as WithLossCell)
    leaves the names of what is assigned to it as they are. `flags` are passed to
    `add_flags`.
    """

    _has_bprop = False

    IGNORE_LIST = ["_scope", "_cell_init_args", "_auto_prefix", "_cells", "_params", "_create_time", "_phase",
                   "_bprop_debug", "_forward_pre_hooks", "_forward_hooks", "_backward_pre_hooks", "_backward_hooks",
                   "_param_prefix", "requires_grad", "cell_type"]
    """Attribute names MindSpore's Cell keeps out of its graph-compilation attribute
    tracking (kept for code that reads the list)."""

    total_instance_count = 0
    """How many Cells exist now."""

    global_cells: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
    """{Cell: (class, constructor args, constructor kwargs)} for every live Cell."""

    _creation_order = itertools.count()

    def __new__(cls, *args, **kwargs):
        this = super().__new__(cls)
        Cell.global_cells[this] = (cls, args, kwargs)
        Cell.total_instance_count += 1
        weakref.finalize(this, _forget_instance)
        return this

    parse_construct_in_graph = False
    """Graph mode runs the construct of spore's own Cells on symbolic Tensors; a spore
    Cell whose construct branches on a Tensor sets this, so that it is parsed from source
    like a user's Cell."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._has_bprop = hasattr(cls, "bprop")

    def __init__(self, auto_prefix: bool = True, flags: dict | None = None):
        init = object.__setattr__
        init(self, "_params", OrderedDict())
        init(self, "_cells", OrderedDict())
        init(self, "_buffers", OrderedDict())
        init(self, "_non_persistent_buffers", set())
        init(self, "_auto_prefix", auto_prefix)
        init(self, "_forward_pre_hooks", OrderedDict())
        init(self, "_forward_hooks", OrderedDict())
        init(self, "_backward_pre_hooks", OrderedDict())
        init(self, "_backward_hooks", OrderedDict())
        init(self, "_state_dict_pre_hooks", OrderedDict())
        init(self, "_state_dict_hooks", OrderedDict())
        init(self, "_load_state_dict_pre_hooks", OrderedDict())
        init(self, "_load_state_dict_post_hooks", OrderedDict())
        init(self, "_create_time", next(Cell._creation_order))
        init(self, "_flags", {})
        init(self, "_names_checked", False)
        init(self, "_mixed_precision", None)
        init(self, "_call_setup", True)
        init(self, "_inputs", None)
        init(self, "_generated_name_count", 0)
        init(self, "training", False)
        init(self, "requires_grad", False)
        init(self, "_phase", "train")
        if flags:
            self.add_flags(**flags)

    # ---- attributes -------------------------------------------------------------------
    def __setattr__(self, name: str, value) -> None:
        if "_params" not in self.__dict__:
            if isinstance(value, (Parameter, ParameterTuple, Cell)):
                raise AttributeError(f"For '{type(self).__name__}', super().__init__() must be called "
                                     f"in __init__ before assigning the Parameter or Cell '{name}'.")
            # MindSpore lets a subclass keep plain settings before calling super().__init__().
            object.__setattr__(self, name, value)
            return
        if name in self._buffers and not isinstance(value, (Parameter, Cell)):
            self._set_buffer(name, value)
        elif isinstance(value, Parameter):
            self._forget_plain_attribute(name)
            self.insert_param_to_cell(name, value)
        elif isinstance(value, ParameterTuple):
            self._set_parameter_tuple(name, value)
        elif isinstance(value, Cell):
            self._forget_plain_attribute(name)
            self.insert_child_to_cell(name, value)
            if self._auto_prefix:
                value.update_parameters_name(name + ".")
        elif name in self._params:
            self._reassign_parameter(name, value)
        elif name in self._cells:
            if value is not None:
                raise TypeError(f"For '{type(self).__name__}', the sub cell '{name}' already exists; it "
                                f"can only be replaced by a Cell or None, but got {type(value).__name__}.")
            self._cells[name] = None
            object.__setattr__(self, name, None)
        else:
            object.__setattr__(self, name, value)

    def __getattr__(self, name: str):
        # Only reached when normal lookup fails: registered members live in __dict__ too.
        raise AttributeError(f"The '{type(self).__name__}' object has no attribute '{name}'.")

    def __delattr__(self, name: str) -> None:
        self._params.pop(name, None)
        self._cells.pop(name, None)
        self._buffers.pop(name, None)
        self._non_persistent_buffers.discard(name)
        object.__delattr__(self, name)

    def __bool__(self) -> bool:
        return True

    def _forget_plain_attribute(self, name: str) -> None:
        """Drop a plain (unregistered) attribute `name`, which a member may replace."""
        if name in self.__dict__ and name not in self._params and name not in self._cells:
            object.__delattr__(self, name)

    def _is_taken(self, name: str) -> bool:
        """Whether `name` is an attribute of this Cell or of its class."""
        return name in self.__dict__ or hasattr(type(self), name)

    def _reassign_parameter(self, name: str, value) -> None:
        """`self.<param> = value`: a Tensor sets the Parameter's data, None unregisters it."""
        if value is None:
            self._params[name] = None
            object.__setattr__(self, name, None)
        elif isinstance(value, Tensor) and self._params[name] is not None:
            self._params[name].set_data(value)
        else:
            raise TypeError(f"For '{type(self).__name__}', the Parameter '{name}' already exists; it can "
                            f"only be set to a Parameter, a Tensor or None, but got {type(value).__name__}.")

    def _set_parameter_tuple(self, name: str, params: ParameterTuple) -> None:
        """Register each Parameter of a ParameterTuple under its own name (unnamed ones
        are named `Parameter$<n>`), then keep the tuple as attribute `name`."""
        seen_names, seen = set(), set()
        for param in params:
            if id(param) in seen:
                continue
            seen.add(id(param))
            if param._default_name:
                object.__setattr__(self, "_generated_name_count", self._generated_name_count + 1)
                param.name = f"Parameter${self._generated_name_count}"
            if param.name in seen_names:
                raise ValueError(f"For '{type(self).__name__}', the ParameterTuple '{name}' holds two "
                                 f"Parameters named '{param.name}'; Parameter names must be unique.")
            seen_names.add(param.name)
            self.insert_param_to_cell(param.name, param, check_name_contain_dot=False)
        self._forget_plain_attribute(name)
        object.__setattr__(self, name, params)

    # ---- registration -----------------------------------------------------------------
    def insert_param_to_cell(self, param_name: str, param: Parameter | None,
                             check_name_contain_dot: bool = True) -> None:
        """Register `param` under `param_name`; an unnamed Parameter takes that name."""
        if not isinstance(param_name, str) or not param_name:
            raise KeyError(f"For 'insert_param_to_cell', the 'param_name' must be a non-empty str, "
                           f"but got {param_name!r}.")
        if check_name_contain_dot and "." in param_name:
            raise KeyError(f"For 'insert_param_to_cell', the 'param_name' can not contain '.', "
                           f"but got '{param_name}'.")
        if param is not None and not isinstance(param, Parameter):
            raise TypeError(f"For 'insert_param_to_cell', the 'param' must be a Parameter or None, "
                            f"but got {type(param).__name__}.")
        if self._is_taken(param_name) and param_name not in self._params:
            raise KeyError(f"For 'insert_param_to_cell', '{type(self).__name__}' already has an attribute "
                           f"'{param_name}'; a Parameter can not be inserted under that name.")
        if param is not None and param._default_name:
            param.name = param_name
        self._params[param_name] = param
        object.__setattr__(self, param_name, param)

    def insert_child_to_cell(self, child_name: str, child_cell: Cell | None) -> None:
        """Register `child_cell` under `child_name` (its Parameters keep their names)."""
        if not isinstance(child_name, str):
            raise TypeError(f"For 'insert_child_to_cell', the 'child_name' must be a str, but got "
                            f"{type(child_name).__name__}.")
        if not child_name or "." in child_name:
            raise KeyError(f"For 'insert_child_to_cell', the 'child_name' must be non-empty and can not "
                           f"contain '.', but got '{child_name}'.")
        if self._is_taken(child_name) and child_name not in self._cells:
            raise KeyError(f"For 'insert_child_to_cell', '{type(self).__name__}' already has an attribute "
                           f"'{child_name}'; a child Cell can not be inserted under that name.")
        if child_cell is not None and not isinstance(child_cell, Cell):
            raise TypeError(f"For 'insert_child_to_cell', the 'child_cell' must be a Cell or None, but got "
                            f"{type(child_cell).__name__}.")
        self._cells[child_name] = child_cell
        object.__setattr__(self, child_name, child_cell)

    # ---- names ------------------------------------------------------------------------
    def update_parameters_name(self, prefix: str = "", recurse: bool = True) -> None:
        """Rename each Parameter (of this Cell, and with `recurse` of its descendants) to
        `prefix` + its attribute path in this Cell."""
        if not isinstance(prefix, str):
            raise TypeError(f"For 'update_parameters_name', the 'prefix' must be a str, but got "
                            f"{type(prefix).__name__}.")
        for path, param in self.parameters_and_names(expand=recurse):
            param.name = prefix + path

    def check_names(self) -> None:
        """Raise ValueError when two Parameters of this Cell share a name."""
        names = set()
        for path, param in self.parameters_and_names():
            if param.name in names:
                raise ValueError(f"For '{type(self).__name__}', the Parameter at '{path}' is named "
                                 f"'{param.name}', a name another Parameter already has; Parameter "
                                 f"names must be unique.")
            names.add(param.name)

    def check_names_and_refresh_name(self) -> None:
        """When two Parameters share a name, rename all of them to their attribute paths."""
        names = [param.name for _, param in self.parameters_and_names()]
        if len(set(names)) < len(names):
            self.update_parameters_name()
            self.check_names()

    # ---- traversal --------------------------------------------------------------------
    def cells_and_names(self, cells=None, name_prefix: str = "") -> Iterator[tuple[str, Cell]]:
        """(name, cell) for this Cell and every descendant, each once, depth first."""
        seen = set() if cells is None else cells
        if id(self) in seen:
            return
        seen.add(id(self))
        yield name_prefix, self
        for name, cell in self._cells.items():
            if cell is not None:
                yield from cell.cells_and_names(seen, f"{name_prefix}.{name}" if name_prefix else name)

    def name_cells(self) -> OrderedDict:
        """The direct children by attribute name."""
        return OrderedDict((n, c) for n, c in self._cells.items() if c is not None)

    def cells(self):
        """The direct children."""
        return self.name_cells().values()

    def get_sub_cell(self, target: str) -> Cell:
        """The descendant at the dotted attribute path `target` ('' is this Cell)."""
        cell = self
        for name in target.split(".") if target else ():
            child = cell._cells.get(name)
            if child is None:
                raise AttributeError(f"For 'get_sub_cell', '{type(cell).__name__}' has no sub cell "
                                     f"'{name}' (looking up '{target}').")
            cell = child
        return cell

    def parameters_and_names(self, name_prefix: str = "", expand: bool = True) -> Iterator[tuple[str, Parameter]]:
        """(attribute path, Parameter) for own Parameters, then each sub-Cell's; each
        Parameter once."""
        seen = set()
        cells = self.cells_and_names(name_prefix=name_prefix) if expand else [(name_prefix, self)]
        for cell_name, cell in cells:
            for name, param in cell._params.items():
                if param is not None and id(param) not in seen:
                    seen.add(id(param))
                    yield (f"{cell_name}.{name}" if cell_name else name), param

    def get_parameters(self, expand: bool = True) -> Iterator[Parameter]:
        for _, param in self.parameters_and_names(expand=expand):
            yield param

    def trainable_params(self, recurse: bool = True) -> list[Parameter]:
        return [p for p in self.get_parameters(recurse) if p.requires_grad]

    def untrainable_params(self, recurse: bool = True) -> list[Parameter]:
        return [p for p in self.get_parameters(recurse) if not p.requires_grad]

    def parameters_dict(self, recurse: bool = True) -> OrderedDict:
        """{Parameter name: Parameter}."""
        return OrderedDict((p.name, p) for p in self.get_parameters(recurse))

    def init_parameters_data(self, auto_parallel_mode: bool = False) -> dict:
        """Create the data of every Parameter still waiting for its initializer; returns
        {Parameter: Parameter} (the initialized one for each), as MindSpore does."""
        params = list(self.get_parameters())
        return {param: param.init_data() for param in params}

    def apply(self, fn) -> Cell:
        """Call `fn(cell)` on every descendant (children first), then on this Cell."""
        for cell in self.cells():
            cell.apply(fn)
        fn(self)
        return self

    # ---- modes and flags --------------------------------------------------------------
    def set_train(self, mode: bool = True) -> Cell:
        """Training or inference mode: sets `training` on this Cell and every descendant,
        and this Cell's `phase` to 'train' or 'predict'."""
        self._phase = "train" if mode else "predict"
        self.add_flags_recursive(training=mode)
        return self

    @property
    def phase(self) -> str:
        return self._phase

    @phase.setter
    def phase(self, value: str) -> None:
        if not isinstance(value, str):
            raise TypeError(f"For 'Cell', the property 'phase' must be a str, but got {type(value).__name__}.")
        self._phase = value

    def set_grad(self, requires_grad: bool = True) -> Cell:
        self.requires_grad = requires_grad
        return self

    @property
    def cls_name(self) -> str:
        return type(self).__name__

    def get_flags(self) -> dict:
        return self._flags

    def add_flags(self, **flags) -> Cell:
        """Record `flags` (readable with get_flags) and set each as an attribute."""
        self._flags.update(flags)
        self.__dict__.update(flags)
        return self

    def add_flags_recursive(self, **flags) -> Cell:
        for _, cell in self.cells_and_names():
            cell.add_flags(**flags)
        return self

    def to_float(self, dst_type) -> Cell:
        """Run this Cell and its descendants in `dst_type` (float16, float32 or bfloat16):
        while one of them computes, every operator casts its floating-point Tensor inputs
        (data and Parameters alike) to that type, as MindSpore's mixed precision does.
        The Parameters themselves keep their dtype. A later call replaces the type."""
        if dst_type not in _MIXED_PRECISION_TYPES:
            raise ValueError(f"For 'to_float', the 'dst_type' must be mstype.float32, mstype.float16 or "
                             f"mstype.bfloat16, but got {dst_type}.")
        flags = {flag: dtype is dst_type for dtype, flag in _PRECISION_FLAGS.items()}
        for _, cell in self.cells_and_names():
            cell.add_flags(**flags)
            object.__setattr__(cell, "_mixed_precision", dst_type)
            object.__setattr__(cell, "_call_setup", True)
        return self

    def recompute(self, **kwargs) -> None:
        """Accepted for compatibility: spore keeps forward values for backward, so there is
        nothing to recompute."""

    def set_inputs(self, *inputs, **kwargs) -> None:
        """Declare the inputs of Graph mode calls: Tensors whose shapes may have unknown
        sizes (None / -1) or an unknown rank. Calls in GRAPH_MODE are then checked
        against them and share one compiled graph across the unknown sizes."""
        object.__setattr__(self, "_inputs", inputs)
        self.__dict__.pop("_graph_cache", None)   # the next call compiles for the declaration

    def get_inputs(self):
        return self._inputs

    # ---- execution --------------------------------------------------------------------
    def construct(self, *args, **kwargs):
        raise AttributeError(f"For '{type(self).__name__}', the method 'construct' is not defined.")

    def run_construct(self, cast_inputs: tuple, kwargs: dict):
        """construct(*cast_inputs, **kwargs), without the hooks a call runs."""
        return self.construct(*cast_inputs, **kwargs)

    def cast_inputs(self, inputs: tuple, dst_type) -> tuple:
        """`inputs` with each floating-point Tensor (also inside tuples and lists) cast to `dst_type`."""
        return tuple(_cast_floats(value, dst_type) for value in inputs)

    def compile_and_run(self, *args, **kwargs):
        """Compile this Cell to a graph for these inputs (once per input signature) and run it."""
        return interpreter.compile_cell(self, args, kwargs, run=True)

    def compile(self, *args, **kwargs) -> None:
        """Compile this Cell to a graph for these inputs without running it: a later call with
        inputs of the same signature in GRAPH_MODE runs the cached graph. As in MindSpore, it
        compiles in PYNATIVE_MODE too (errors in construct show up here)."""
        interpreter.compile_cell(self, args, kwargs, run=False)

    def get_func_graph_proto(self) -> bytes | None:
        """The graph this Cell was last compiled to (called in GRAPH_MODE, or `compile`) as
        MindSpore's anf_ir.proto ModelProto, serialized; None while it has none (PyNative)."""
        cache = self.__dict__.get("_graph_cache")
        if cache is None:
            return None
        parameters = inspect.signature(self.construct).parameters.values()
        names = [p.name for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        varargs = next((p.name for p in parameters if p.kind == p.VAR_POSITIONAL), "input")
        return cache.graph_proto(names, varargs)

    def remove_redundant_parameters(self) -> None:
        """Deprecated in MindSpore, where it only warns so: spore Cells keep no redundant
        parameters to remove, and warn the same."""
        warnings.warn("'remove_redundant_parameters' will be deprecated in future versions.", FutureWarning,
                      stacklevel=2)

    def __call__(self, *args, **kwargs):
        builder = interpreter.graph_builder
        if builder is not None:
            return builder.call_cell(self, args, kwargs)
        if interpreter.mode_executor is not None:
            # GRAPH_MODE compiles a Cell called from Python: while a gradient is taken, the
            # compiled call is one node of the tape; under other transformations (vmap,
            # casting) the Cell runs op by op, so that they see every operator.
            if not interpreter.STACK:
                return interpreter.mode_executor(self, args, kwargs)
            outputs = interpreter.run_recorded(self, args, kwargs)
            if outputs is not interpreter.NOT_REPLAYABLE:
                return outputs
        if through_torch_autograd():    # the outermost Cell: its kernels below torch's autograd
            with below_torch_autograd():
                return self._call_eagerly(args, kwargs)
        return self._call_eagerly(args, kwargs)

    def _call_eagerly(self, args: tuple, kwargs: dict):
        """__call__ op by op (PyNative)."""
        if self._call_setup:
            return self._call_with_setup(args, kwargs)
        if self._forward_pre_hooks:
            args, kwargs = self._run_forward_pre_hooks(args, kwargs)
        if (self._backward_hooks or self._backward_pre_hooks or self._has_bprop) and _tape.is_recording():
            if self._has_bprop:
                outputs = cell_hooks.call_with_custom_bprop(self, args, kwargs)
            else:
                outputs = cell_hooks.call_with_backward_hooks(self, args, kwargs)
        else:
            outputs = self.construct(*args, **kwargs)
        if self._forward_hooks:
            outputs = self._run_forward_hooks(args, kwargs, outputs)
        return outputs

    def _call_with_setup(self, args: tuple, kwargs: dict):
        """__call__ when something must happen around it: on the first call, the check of
        Parameter names; under `to_float`, the casts of every operator's inputs."""
        if not self._names_checked:
            self.check_names_and_refresh_name()
            object.__setattr__(self, "_names_checked", True)
        dtype = self._mixed_precision
        object.__setattr__(self, "_call_setup", False)
        if dtype is None:
            return self(*args, **kwargs)
        try:
            with casting(dtype):
                return self(*args, **kwargs)
        finally:
            object.__setattr__(self, "_call_setup", True)

    # ---- hooks ------------------------------------------------------------------------
    def register_forward_pre_hook(self, hook_fn, with_kwargs: bool = False) -> HookHandle:
        """hook_fn(cell_id, inputs) runs before construct; returning a Tensor or a tuple
        replaces the inputs. With `with_kwargs`, hook_fn(cell_id, inputs, kwargs) may
        return a new (inputs, kwargs) pair. Hooks run in PyNative mode only."""
        hook = _check_hook(self, "register_forward_pre_hook", hook_fn)
        return add_hook(self._forward_pre_hooks, _with_kwargs(self, "register_forward_pre_hook", hook, with_kwargs))

    def register_forward_hook(self, hook_fn, with_kwargs: bool = False) -> HookHandle:
        """hook_fn(cell_id, inputs, outputs) runs after construct (with `with_kwargs`,
        hook_fn(cell_id, inputs, kwargs, outputs)); a return value other than None
        replaces the outputs."""
        hook = _check_hook(self, "register_forward_hook", hook_fn)
        return add_hook(self._forward_hooks, _with_kwargs(self, "register_forward_hook", hook, with_kwargs))

    def register_backward_hook(self, hook_fn) -> HookHandle:
        """hook_fn(cell_id, grad_input, grad_output) runs in backward: grad_input is the
        gradient arriving at this Cell's output, grad_output the gradient it passes back
        to its inputs (a return value other than None replaces grad_output)."""
        return add_hook(self._backward_hooks, _check_hook(self, "register_backward_hook", hook_fn))

    def register_backward_pre_hook(self, hook_fn) -> HookHandle:
        """hook_fn(cell, grad_output) runs in backward when the gradient reaches this
        Cell's output (grad_output, a tuple), before construct's backward; returning a
        tuple replaces that gradient."""
        return add_hook(self._backward_pre_hooks, _check_hook(self, "register_backward_pre_hook", hook_fn))

    def _run_forward_pre_hooks(self, args: tuple, kwargs: dict) -> tuple[tuple, dict]:
        for hook in list(self._forward_pre_hooks.values()):
            if isinstance(hook, _KwargsHook):
                replaced = hook.fn(cell_hooks.cell_id(self), args, kwargs)
                if replaced is not None:
                    args, kwargs = _check_args_and_kwargs(self, hook.fn, replaced)
                continue
            replaced = hook(cell_hooks.cell_id(self), args)
            if replaced is not None:
                args = replaced if isinstance(replaced, tuple) else (replaced,)
        return args, kwargs

    def _run_forward_hooks(self, args: tuple, kwargs: dict, outputs):
        for hook in list(self._forward_hooks.values()):
            if isinstance(hook, _KwargsHook):
                replaced = hook.fn(cell_hooks.cell_id(self), args, kwargs, outputs)
            else:
                replaced = hook(cell_hooks.cell_id(self), args, outputs)
            if replaced is not None:
                outputs = replaced
        return outputs

    # ---- printing ---------------------------------------------------------------------
    def extend_repr(self) -> str:
        """Extra text shown in this Cell's repr (layer settings)."""
        return ""

    def __repr__(self) -> str:
        """`Name(settings)` on one line for a Cell without children; otherwise the
        settings and `(child): repr` lines, indented, between `Name(` and `)`."""
        extra = self.extend_repr()
        lines = extra.split("\n") if extra else []
        children = [f"({name}): " + repr(cell).replace("\n", "\n  ") for name, cell in self._cells.items()]
        if not children and len(lines) <= 1:
            return f"{type(self).__name__}({extra})"
        return f"{type(self).__name__}(\n  " + "\n  ".join(lines + children) + "\n)"


def _cast_floats(value, dtype):
    if isinstance(value, Tensor):
        return _CAST(value, dtype) if value.dtype.is_floating_point else value
    if type(value) in (tuple, list):
        return type(value)(_cast_floats(v, dtype) for v in value)
    return value


def _forget_instance() -> None:
    Cell.total_instance_count -= 1


_CAST = Cast()


class _KwargsHook:
    """A forward (pre-)hook registered with_kwargs: it also receives construct's keyword arguments."""

    __slots__ = ("fn",)

    def __init__(self, fn):
        self.fn = fn


def _with_kwargs(cell: Cell, api: str, hook_fn, with_kwargs):
    if not isinstance(with_kwargs, bool):
        raise TypeError(f"For '{type(cell).__name__}.{api}', the 'with_kwargs' must be a bool, but got "
                        f"{type(with_kwargs).__name__}.")
    return _KwargsHook(hook_fn) if with_kwargs else hook_fn


def _check_args_and_kwargs(cell: Cell, hook_fn, replaced) -> tuple[tuple, dict]:
    if not (isinstance(replaced, tuple) and len(replaced) == 2 and isinstance(replaced[1], dict)):
        raise TypeError(f"For '{type(cell).__name__}' forward pre hook '{getattr(hook_fn, '__name__', hook_fn)}' "
                        f"registered with_kwargs, the return value must be None or a tuple (args, kwargs), but got "
                        f"{replaced!r}.")
    args, kwargs = replaced
    return (args if isinstance(args, tuple) else (args,)), kwargs


def _check_hook(cell: Cell, api: str, hook_fn):
    if not callable(hook_fn):
        raise TypeError(f"For '{type(cell).__name__}.{api}', the 'hook_fn' must be a function, but got "
                        f"{type(hook_fn).__name__}.")
    return hook_fn


__all__ = ["Cell", "ParameterTuple"]
