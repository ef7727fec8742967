"""obfuscate_ckpt: the obfuscation metadata drawn at random, and checkpoint files rewritten
with their target weights transformed by it."""
from __future__ import annotations

import logging
import math
import os

import numpy as np

from .. import ops
from ..common.tensor import Tensor
from ..nn.cell import Cell
from ..train.serialization import load_checkpoint, save_checkpoint
from .config import check_obf_config, config_from_target_modules, deprecation_warning, expand_layers

_logger = logging.getLogger(__name__)


def obfuscate_ckpt(network, ckpt_files, target_modules=None, obf_config=None, saved_path="./", obfuscate_scale=100):
    """Obfuscate the checkpoint files of a directory: each target weight transformed by random
    obfuscation metadata (by default multiplied by a random ratio), so that the files are of no
    use without that metadata.

    Args:
        network (Cell): the network the checkpoints belong to (target_modules are looked up in it).
        ckpt_files (str): a directory; each '<name>.ckpt' in it is written to saved_path as
            '<name>_obf.ckpt', and each sub-directory's '.ckpt' files to a sub-directory of the
            same name in saved_path.
        target_modules (list[str]): ['A/B/C', 'D|E|F'] or ['A/B/C', 'D|E|F', 'obfuscate_layers:N']:
            the sub-Cells D, E and F of the Cell at the path A/B/C ('' for the network itself)
            have their weight and bias multiplied by a ratio. A CellList on the path (duplicate
            layers) expands into its layers; with the third value the first N of them (or
            'all') each get their own ratio. Used when obf_config is None.
        obf_config (dict): the full obfuscation config (see spore.safeguard.config).
        saved_path (str): an existing directory for the obfuscated files.
        obfuscate_scale (Union[int, float]): the ratios are drawn in [1, obfuscate_scale), so
            the metadata handed back (their inverses) lies in (1 / obfuscate_scale, 1].

    Returns:
        dict[str, numpy.ndarray]: the metadata load_obf_params_into_net's network needs at run
        time (with target_modules: {'obf_metadata': the inverse ratio, float16, shape (1,)}).
    """
    op = "obfuscate_ckpt"
    if not isinstance(network, Cell):
        raise TypeError(f"For '{op}', 'network' must be a Cell, but got {type(network).__name__}.")
    _check_directory(op, "ckpt_files", ckpt_files)
    _check_directory(op, "saved_path", saved_path)
    if obf_config is None:
        obf_config = config_from_target_modules(op, network, target_modules)
        deprecation_warning(op)
    check_obf_config(op, obf_config, ("obf_metadata_config", "weight_obf_config"))
    if isinstance(obfuscate_scale, bool) or not isinstance(obfuscate_scale, (int, float)) or obfuscate_scale <= 1:
        raise ValueError(f"For '{op}', 'obfuscate_scale' must be an int or float larger than 1, but got "
                         f"{obfuscate_scale!r}.")
    metadata, saved = draw_metadata(obf_config["obf_metadata_config"], obfuscate_scale)
    weight_configs = expand_layers(obf_config["weight_obf_config"], ("target",))
    matched: set[str] = set()
    for source, destination in _checkpoint_files(ckpt_files, saved_path):
        matched |= _obfuscate_file(source, destination, metadata, weight_configs)
    for target in sorted({config["target"] for config in weight_configs} - matched):
        _logger.warning("For '%s', no checkpoint entry in '%s' is the target '%s'; it is not obfuscated.",
                        op, ckpt_files, target)
    return saved


def _check_directory(op: str, name: str, path) -> None:
    if not isinstance(path, str):
        raise TypeError(f"For '{op}', '{name}' must be a str, but got {type(path).__name__}.")
    if not os.path.exists(path):
        raise ValueError(f"For '{op}', '{name}' must be an existing directory, but '{path}' does not exist.")
    if not os.path.isdir(path):
        raise TypeError(f"For '{op}', '{name}' must be a directory, but got the file '{path}'.")


# ---- metadata -------------------------------------------------------------------------------
def draw_metadata(configs: list[dict], scale) -> tuple[dict, dict]:
    """(every metadata tensor by name, the ones to hand back by name after their metadata_op)."""
    metadata, saved = {}, {}
    for config in expand_layers(configs, ("name",)):
        name = config["name"]
        if name in metadata:
            continue
        value = _draw(config["shape"], config.get("type", "random"), scale)
        metadata[name] = value
        if config.get("save_metadata", False):
            saved[name] = _inverse(value, config.get("type", "random")) if config.get("metadata_op") else value
    return metadata, saved


def _draw(shape: list, kind: str, scale) -> np.ndarray:
    """'random': ratios in [1, scale), as float16 (integers from 2 when scale allows, so that
    each weight changes); 'rearrange': a permutation (1-D) or a permutation matrix (2-D)."""
    if kind == "rearrange":
        permutation = np.random.permutation(shape[0]).astype(np.int32)
        return permutation if len(shape) == 1 else np.eye(shape[0], dtype=np.int32)[:, permutation]
    if scale > 2:
        return np.random.randint(2, math.ceil(scale), size=shape).astype(np.float16)
    return np.random.uniform(1.0, scale, size=shape).astype(np.float16)


def _inverse(value: np.ndarray, kind: str) -> np.ndarray:
    """The metadata op 'invert': reciprocal ratios, or the inverse permutation."""
    if kind == "random":
        return np.reciprocal(value)
    return np.argsort(value).astype(np.int32) if value.ndim == 1 else np.ascontiguousarray(value.T)


# ---- checkpoint files -----------------------------------------------------------------------
def _checkpoint_files(ckpt_dir: str, saved_dir: str):
    """(source file, destination directory) of each '.ckpt' file in ckpt_dir and in its
    sub-directories (which get a namesake in saved_dir)."""
    for name in sorted(os.listdir(ckpt_dir)):
        path = os.path.join(os.path.realpath(ckpt_dir), name)
        if os.path.isdir(path):
            destination = os.path.join(os.path.realpath(saved_dir), name)
            os.makedirs(destination, mode=0o700, exist_ok=True)
            for sub_name in sorted(os.listdir(path)):
                if sub_name.endswith(".ckpt"):
                    yield os.path.join(path, sub_name), destination
        elif name.endswith(".ckpt"):
            yield path, os.path.realpath(saved_dir)


def _obfuscate_file(source: str, destination: str, metadata: dict, weight_configs: list[dict]) -> set[str]:
    """Write `source` to destination/'<name>_obf.ckpt' with its target entries obfuscated, and
    return the targets found in it; a file that does not load is logged and skipped, as in
    MindSpore."""
    try:
        entries = load_checkpoint(source)
    except (ValueError, TypeError, OSError) as error:
        _logger.error("For 'obfuscate_ckpt', the checkpoint '%s' could not be loaded (%s); it is skipped.",
                      source, error)
        return set()
    matched = set()
    for name, value in entries.items():
        path = name.replace(".", "/")
        for config in weight_configs:
            if config["target"] == path and isinstance(value, Tensor):
                value = _obfuscate_weight(value, config["weight_obf_ops"], metadata)
                matched.add(path)
        entries[name] = value
    file_name = os.path.basename(source).split(".")[0] + "_obf.ckpt"
    save_checkpoint(entries, os.path.join(destination, file_name))
    return matched


def _obfuscate_weight(weight: Tensor, obf_ops: list[dict], metadata: dict) -> Tensor:
    """`weight` through the ops of a weight_obf_config entry; an op input named after a metadata
    tensor is that tensor, any other is the weight so far."""
    def operand(name: str, current: Tensor) -> Tensor:
        if name not in metadata:
            return current
        return ops.cast(Tensor(metadata[name]), current.dtype)

    value = weight
    for op_info in obf_ops:
        kind = op_info["name"]
        if kind == "mul":
            value = ops.mul(value, operand(_metadata_name(op_info, "input_y", metadata), value))
        elif kind == "permuate":
            value = value[Tensor(metadata[_metadata_name(op_info, "input_x", metadata)])]
        else:
            left = operand(op_info.get("input_x", ""), value)
            right = operand(op_info.get("input_y", ""), value)
            left = left.T if op_info.get("transpose_a", False) else left
            right = right.T if op_info.get("transpose_b", False) else right
            value = ops.matmul(left, right)
    return value


def _metadata_name(op_info: dict, key: str, metadata: dict) -> str:
    name = op_info.get(key, "")
    if name not in metadata:
        raise KeyError(f"For 'obfuscate_ckpt', the weight op '{op_info['name']}' needs the metadata named by its "
                       f"'{key}', but {name!r} is not in 'obf_metadata_config'.")
    return name
