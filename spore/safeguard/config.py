"""The obfuscation config: its checks, and its derivation from `target_modules`.

An obfuscation config is a dict of three lists (MindSpore's schema):

- 'obf_metadata_config': the random tensors to draw, each
  {'name', 'shape': [int], 'type': 'random' | 'rearrange', 'save_metadata': bool,
  'metadata_op': 'invert' (what is handed back to the user: the ratio's inverse)};
- 'weight_obf_config': which checkpoint entries to obfuscate and how, each
  {'target': 'a/b/dense/weight', 'weight_obf_ops': [{'name': 'mul' | 'matmul' | 'permuate',
  'input_x', 'input_y', 'transpose_a', 'transpose_b'}]};
- 'network_obf_config': where the network undoes it, each {'module': '/a/b', 'target': 'dense',
  'insert_ops': [{'name': 'mul' | 'matmul', 'input_x', 'input_y'}]}: the output of the sub-Cell
  `target` of `module` goes through the ops with the metadata named 'input_y'.

Any entry may carry 'layers': [int]; it then stands for one entry per layer, with '${layer}'
in its strings replaced by the layer.
"""
from __future__ import annotations

import logging
import re
from string import Template

from ..common.parameter import Parameter
from ..nn.cell import Cell
from ..nn.container import CellList, SequentialCell

_logger = logging.getLogger(__name__)

SECTIONS = ("obf_metadata_config", "weight_obf_config", "network_obf_config")
METADATA_TYPES = ("random", "rearrange")
METADATA_OPS = ("invert",)
WEIGHT_OPS = ("mul", "matmul", "permuate")
NETWORK_OPS = ("mul", "matmul")

_PATH_PATTERN = re.compile(r"[A-Za-z0-9_/]*")
_TARGETS_PATTERN = re.compile(r"[A-Za-z0-9_|]*")
_LAYERS_PATTERN = re.compile(r"obfuscate_layers:(all|[0-9]+)")
_LAYER_TEMPLATE = "${layer}"


# ---- target_modules -------------------------------------------------------------------------
def _check_target_modules(op: str, target_modules) -> None:
    """Raise as MindSpore does when `target_modules` is malformed."""
    if not isinstance(target_modules, list):
        raise TypeError(f"For '{op}', 'target_modules' must be a list, but got {type(target_modules).__name__}.")
    if len(target_modules) < 2:
        raise ValueError(f"For '{op}', 'target_modules' must hold at least two strings, in the form of "
                         f"['A/B/C', 'D1|D2'], but got {target_modules}.")
    for position, value in enumerate(target_modules[:3]):
        if not isinstance(value, str):
            raise TypeError(f"For '{op}', target_modules[{position}] must be a str, but got "
                            f"{type(value).__name__}.")
    path, targets = target_modules[0], target_modules[1]
    if not targets:
        raise ValueError(f"For '{op}', target_modules[1] must be a non-empty string in the form of 'D1|D2', "
                         f"but got ''.")
    if not _PATH_PATTERN.fullmatch(path) or not _TARGETS_PATTERN.fullmatch(targets):
        raise ValueError(f"For '{op}', 'target_modules' must be in the form of ['A/B/C', 'D1|D2']: "
                         f"target_modules[0] may hold letters, digits, '_' and '/', target_modules[1] letters, "
                         f"digits, '_' and '|', but got {target_modules}.")
    if len(target_modules) > 2 and not _LAYERS_PATTERN.fullmatch(target_modules[2]):
        raise ValueError(f"For '{op}', target_modules[2] must be 'obfuscate_layers:all' or "
                         f"'obfuscate_layers:<int>', but got '{target_modules[2]}'.")


def config_from_target_modules(op: str, network: Cell, target_modules) -> dict:
    """The obfuscation config `target_modules` stands for; raises as MindSpore does when it is
    malformed or names nothing in `network`.

    The weight and bias Parameters of each target sub-Cell under the path are multiplied by a
    random ratio and the network multiplies the target's output by its inverse. A CellList on
    the path (duplicate layers) expands into each of its layers: without a third value all of
    them share one ratio 'obf_metadata'; with 'obfuscate_layers:N' (or ':all') the first N
    layers each get their own ratio 'obf_metadata_<layer>' and the others are left as they are.
    """
    _check_target_modules(op, target_modules)
    found = _walk(op, network, _path_parts(target_modules[0]))
    targets = _existing_targets(op, found, target_modules)
    metadata = {"name": "obf_metadata", "shape": [1], "type": "random", "save_metadata": True,
                "metadata_op": "invert"}
    per_layer = len(target_modules) > 2
    if per_layer:
        layer_count = _layer_count(found, target_modules[2])
        found = [(path, cell, layer) for path, cell, layer in found if layer is not None and layer < layer_count]
        metadata.update(name="obf_metadata_" + _LAYER_TEMPLATE, layers=list(range(layer_count)))
    weight_configs, network_configs = [], []
    for path, cell, layer in found:
        ratio = Template(metadata["name"]).substitute(layer=layer) if per_layer else metadata["name"]
        for target in targets:
            for param in ("weight", "bias"):
                if not isinstance(getattr(getattr(cell, target), param, None), Parameter):
                    continue
                weight_configs.append({"target": "/".join(path + [target, param]), "weight_obf_ops": [
                    {"name": "mul", "input_x": "weight", "input_y": ratio}]})
            network_configs.append({"module": "/" + "/".join(path), "target": target, "insert_new_input": [
                {"name": "obf_metadata"}], "insert_ops": [{"name": "mul", "input_x": "weight", "input_y": ratio}]})
    return {"obf_metadata_config": [metadata], "weight_obf_config": weight_configs,
            "network_obf_config": network_configs}


def deprecation_warning(op: str) -> None:
    """MindSpore's notice that `target_modules` (and `obf_ratios`) give way to `obf_config`."""
    _logger.warning("For '%s', 'target_modules' and 'obf_ratios' will be deprecated and removed in a future "
                    "version; use 'obf_config' instead.", op)


def _path_parts(path: str) -> list[str]:
    return [part for part in path.split("/") if part]


def _walk(op: str, network: Cell, parts: list[str]) -> list[tuple[list[str], Cell, int | None]]:
    """The Cells at the path `parts` below `network`, each as (its path with CellList indices,
    the Cell, its index in the first CellList met or None): a CellList (or SequentialCell) on
    the way expands into its layers."""
    found: list[tuple[list[str], Cell, int | None]] = [([], network, None)]
    for depth, part in enumerate(parts):
        step = []
        for path, cell, layer in found:
            child = getattr(cell, part, None)
            if child is None:
                continue
            if not isinstance(child, Cell):
                raise TypeError(f"For '{op}', the path '{'/'.join(parts)}' in 'target_modules' must lead "
                                f"through Cells, but '{'/'.join(parts[:depth + 1])}' is a {type(child).__name__}.")
            if isinstance(child, (CellList, SequentialCell)):
                for position, (key, member) in enumerate(child.name_cells().items()):
                    step.append((path + [part, key], member, position if layer is None else layer))
            else:
                step.append((path + [part], child, layer))
        if not step:
            raise ValueError(f"For '{op}', the path '{'/'.join(parts)}' in 'target_modules' does not exist in the "
                             f"network.")
        found = step
    return found


def _existing_targets(op: str, found: list, target_modules: list) -> list[str]:
    """The names of target_modules[1] that are sub-Cells of every Cell at the path (a warning
    for each other one)."""
    existing = []
    for target in target_modules[1].split("|"):
        if target and all(isinstance(getattr(cell, target, None), Cell) for _, cell, _ in found):
            existing.append(target)
        else:
            _logger.warning("For '%s', '%s' is not a sub-Cell at the path '%s'; it is not obfuscated.",
                            op, target, target_modules[0])
    if not existing:
        raise ValueError(f"For '{op}', none of the targets {target_modules[1].split('|')} is a sub-Cell at the path "
                         f"'{target_modules[0]}'.")
    return existing


def _layer_count(found: list, layers_value: str) -> int:
    available = len({layer for _, _, layer in found if layer is not None})
    count = layers_value.split(":")[1]
    return available if count == "all" else min(int(count), available)


# ---- obf_config -----------------------------------------------------------------------------
def check_obf_config(op: str, obf_config, sections: tuple[str, ...]) -> None:
    """Raise as MindSpore does when `obf_config` is not a dict of the schema above with the
    `sections` a function needs non-empty."""
    if not isinstance(obf_config, dict):
        raise TypeError(f"For '{op}', 'obf_config' must be a dict, but got {type(obf_config).__name__}.")
    for key in obf_config:
        if key not in SECTIONS:
            raise TypeError(f"For '{op}', the keys of 'obf_config' must be in {list(SECTIONS)}, but got {key!r}.")
    for section in sections:
        entries = obf_config.get(section)
        if not isinstance(entries, list) or not entries:
            raise ValueError(f"For '{op}', obf_config['{section}'] must be a non-empty list, but got {entries!r}.")
        for entry in entries:
            _check_entry(op, section, entry)


def _check_entry(op: str, section: str, entry) -> None:
    where = f"For '{op}', each item of obf_config['{section}']"
    if not isinstance(entry, dict):
        raise TypeError(f"{where} must be a dict, but got {type(entry).__name__}.")
    layers = entry.get("layers", [])
    if not isinstance(layers, list) or not all(isinstance(layer, int) for layer in layers):
        raise TypeError(f"{where} must have 'layers' a list of int, but got {layers!r}.")
    if section == "obf_metadata_config":
        _check_metadata_entry(where, entry)
        return
    keys = ("target",) if section == "weight_obf_config" else ("module", "target")
    for key in keys:
        if not isinstance(entry.get(key), str) or not entry.get(key):
            raise TypeError(f"{where} must have '{key}' a non-empty str, but got {entry.get(key)!r}.")
    ops_key, names = ("weight_obf_ops", WEIGHT_OPS) if section == "weight_obf_config" else ("insert_ops", NETWORK_OPS)
    ops = entry.get(ops_key)
    if not isinstance(ops, list) or not ops:
        raise TypeError(f"{where} must have '{ops_key}' a non-empty list, but got {ops!r}.")
    for op_info in ops:
        _check_op_info(where, op_info, names)


def _check_metadata_entry(where: str, entry: dict) -> None:
    name, shape = entry.get("name"), entry.get("shape")
    if not isinstance(name, str) or not name:
        raise TypeError(f"{where} must have 'name' a non-empty str, but got {name!r}.")
    if not isinstance(shape, list) or not shape or not all(isinstance(d, int) and d > 0 for d in shape):
        raise TypeError(f"{where} must have 'shape' a non-empty list of positive int, but got {shape!r}.")
    if not isinstance(entry.get("save_metadata", False), bool):
        raise TypeError(f"{where} must have 'save_metadata' a bool, but got {entry.get('save_metadata')!r}.")
    kind = entry.get("type", "random")
    if kind not in METADATA_TYPES:
        raise TypeError(f"{where} must have 'type' in {list(METADATA_TYPES)}, but got {kind!r}.")
    if kind == "rearrange" and (len(shape) > 2 or (len(shape) == 2 and shape[0] != shape[1])):
        raise ValueError(f"{where} of type 'rearrange' must have a 1-D or square 2-D 'shape', but got {shape}.")
    metadata_op = entry.get("metadata_op")
    if metadata_op is not None and metadata_op not in METADATA_OPS:
        raise KeyError(f"{where} must have 'metadata_op' in {list(METADATA_OPS)} or None, but got {metadata_op!r}.")


def _check_op_info(where: str, op_info, names: tuple[str, ...]) -> None:
    if not isinstance(op_info, dict):
        raise TypeError(f"{where} must list its ops as dicts, but got {type(op_info).__name__}.")
    if op_info.get("name") not in names:
        raise KeyError(f"{where} must name its ops from {list(names)}, but got {op_info.get('name')!r}.")
    for key in ("input_x", "input_y"):
        if not isinstance(op_info.get(key, ""), str):
            raise TypeError(f"{where} must have '{key}' of its ops a str, but got {op_info.get(key)!r}.")
    for key in ("transpose_a", "transpose_b"):
        if not isinstance(op_info.get(key, False), bool):
            raise TypeError(f"{where} must have '{key}' of its ops a bool, but got {op_info.get(key)!r}.")


def expand_layers(entries: list[dict], template_keys: tuple[str, ...]) -> list[dict]:
    """`entries` with each one carrying 'layers' replaced by one entry per layer."""
    expanded = []
    for entry in entries:
        layers = entry.get("layers") or []
        if not layers:
            expanded.append(entry)
        for layer in layers:
            concrete = {key: value for key, value in entry.items() if key != "layers"}
            for key in template_keys:
                if isinstance(concrete.get(key), str):
                    concrete[key] = Template(concrete[key]).safe_substitute(layer=str(layer))
            for ops_key in ("weight_obf_ops", "insert_ops"):
                if ops_key in concrete:
                    concrete[ops_key] = [_substituted(op_info, layer) for op_info in concrete[ops_key]]
            expanded.append(concrete)
    return expanded


def _substituted(op_info: dict, layer: int) -> dict:
    return {key: Template(value).safe_substitute(layer=str(layer)) if isinstance(value, str) else value
            for key, value in op_info.items()}
