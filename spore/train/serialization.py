"""Checkpoints: MindSpore's save_checkpoint, load_checkpoint and load_param_into_net.

Files are exchanged with MindSpore in both of its formats: `.ckpt` (protobuf, see
`ckpt_format`) and `.safetensors` (see `safetensors_format`); a file written here loads
in MindSpore and the reverse. A checkpoint is written to a temporary file in the target
directory and renamed over the target once complete, so a failed save never leaves a
partial file. Loading only decodes bytes: nothing in a file is ever executed.
"""
from __future__ import annotations

import contextlib
import logging
import math
import os
import threading
import uuid
from collections.abc import Callable
from functools import partial
from typing import BinaryIO

import numpy as np

from .._kernels import serialization_io
from ..common import dtype as mstype
from ..common.parameter import Parameter
from ..common.tensor import Tensor, wrap
from ..nn.cell import Cell
from ..ops import validator
from . import ckpt_format, safetensors_format
from .ckpt_format import CheckpointFormatError, Entry

_FORMATS = ("ckpt", "safetensors")
_DTYPE_OF_NAME = {str(t): t for t in mstype.all_types}
# The dtype families load_param_into_net converts between when strict_load is False.
_CONVERTIBLE_FAMILIES = (
    frozenset((mstype.float16, mstype.float32, mstype.float64, mstype.bfloat16)),
    frozenset((mstype.int8, mstype.int16, mstype.int32, mstype.int64)),
)
_SAFETENSORS_METADATA = {"format": "ms"}

_logger = logging.getLogger(__name__)
_async_thread: threading.Thread | None = None


# ---- save -------------------------------------------------------------------------------
def save_checkpoint(save_obj, ckpt_file_name, integrated_save=True, async_save=False, append_dict=None,
                    enc_key=None, enc_mode="AES-GCM", choice_func=None, crc_check=False, format="ckpt",
                    **kwargs) -> None:
    """Save parameters to the file `ckpt_file_name` in MindSpore's format.

    Args:
        save_obj: a Cell (each of its Parameters saved under its `name`), a list of
            Parameters, a list of {"name": str, "data": Tensor} dicts, or a dict
            name -> Parameter, Tensor, NumPy array or str (what load_checkpoint returns).
        ckpt_file_name (str): the file; "." + `format` is appended when the name does not
            end with `format`. An existing file is replaced.
        integrated_save (bool): about model-parallel slices, which spore does not make.
        async_save (bool or str): True, "thread" or "process" copy the values at once and
            write the file in a background thread (also for "process"); the next save and
            every load_checkpoint wait for it, `async_ckpt_thread_status()` reports it.
        append_dict (dict): extra entries, name -> int (saved as an Int64 scalar), float
            (Float32), bool, str or Tensor.
        enc_key, enc_mode: encryption is not supported; an `enc_key` raises
            NotImplementedError.
        choice_func (Callable[[str], bool]): only the parameters whose name it accepts are
            saved (append_dict entries always are).
        crc_check (bool): also store a CRC-32 of the data, which
            load_checkpoint(crc_check=True) verifies.
        format (str): "ckpt" or "safetensors" (which can not hold strings).
        kwargs: `remove_redundancy` (bool) is recorded in a safetensors file's metadata as
            MindSpore does; MindSpore's other options have no effect here.
    """
    op = "save_checkpoint"
    path = _save_path(save_obj, ckpt_file_name, format)
    validator.check_bool(op, "integrated_save", integrated_save)
    _check_async_save(async_save)
    _check_append_dict(append_dict)
    _refuse_encryption(op, "enc_key", enc_key, "enc_mode", enc_mode)
    validator.check_bool(op, "crc_check", crc_check)
    remove_redundancy = kwargs.get("remove_redundancy")
    validator.check_type(op, "remove_redundancy", remove_redundancy, (type(None), bool))

    values = _values_to_save(save_obj, choice_func)
    for name, value in (append_dict or {}).items():
        values[name] = value if isinstance(value, (str, Tensor)) else Tensor(value)
    entries = [_entry(name, value) for name, value in values.items()]
    if format == "safetensors":
        safetensors_format.check_storable(entries)
    if async_save:   # the values may change once this returns: copy them now
        entries = [entry._replace(content=bytes(ckpt_format.content_of(entry))) for entry in entries]
    write = partial(_write_entries, entries=entries, format=format, crc_check=crc_check,
                    remove_redundancy=remove_redundancy)
    if async_save:
        _start_async_save(path, write)
    else:
        _write_atomically(path, write)


def async_ckpt_thread_status() -> bool:
    """Whether a checkpoint saved with `async_save` is still being written."""
    thread = _async_thread
    return thread is not None and thread.is_alive()


def _save_path(save_obj, ckpt_file_name, format) -> str:
    if format not in _FORMATS:
        raise ValueError(f"For 'save_checkpoint', the 'format' must be 'ckpt' or 'safetensors', but got {format!r}.")
    if not isinstance(save_obj, (Cell, list, dict)):
        raise TypeError(f"For 'save_checkpoint', the 'save_obj' must be a Cell, list or dict, but got "
                        f"{type(save_obj).__name__}.")
    if not isinstance(ckpt_file_name, str):
        raise TypeError(f"For 'save_checkpoint', the 'ckpt_file_name' must be a str, but got "
                        f"{type(ckpt_file_name).__name__}.")
    path = os.path.realpath(ckpt_file_name)
    if os.path.isdir(path):
        raise IsADirectoryError(f"For 'save_checkpoint', the 'ckpt_file_name' must be a file name, but "
                                f"'{path}' is a directory.")
    return path if path.endswith(format) else f"{path}.{format}"


def _check_async_save(async_save) -> None:
    validator.check_type("save_checkpoint", "async_save", async_save, (bool, str))
    if isinstance(async_save, str) and async_save not in ("process", "thread"):
        raise ValueError(f"For 'save_checkpoint', the 'async_save' must be a bool, 'process' or 'thread', "
                         f"but got {async_save!r}.")


def _check_append_dict(append_dict) -> None:
    if append_dict is None:
        return
    validator.check_type("save_checkpoint", "append_dict", append_dict, dict)
    for key, value in append_dict.items():
        if not isinstance(key, str) or not isinstance(value, (int, float, bool, str, Tensor)):
            raise TypeError(f"For 'save_checkpoint', the 'append_dict' must map str to int, float, bool, str "
                            f"or Tensor, but got {type(key).__name__} {key!r}: {type(value).__name__}.")


def _refuse_encryption(op: str, key_arg: str, key, mode_arg: str, mode) -> None:
    validator.check_type(op, key_arg, key, (type(None), bytes))
    validator.check_type(op, mode_arg, mode, str)
    if key is not None:
        raise NotImplementedError(f"For '{op}', the '{key_arg}' is not supported: spore does not encrypt or "
                                  f"decrypt checkpoints. Leave '{key_arg}' as None.")


def _wanted(choice_func, name: str) -> bool:
    return choice_func is None or bool(choice_func(name))


def _values_to_save(save_obj, choice_func) -> dict:
    """name -> Tensor or str, in saving order."""
    if isinstance(save_obj, Cell):
        save_obj.init_parameters_data()
        return {p.name: p for p in save_obj.get_parameters() if _wanted(choice_func, p.name)}
    if isinstance(save_obj, dict):
        return {name: value for name, value in _dict_items(save_obj) if _wanted(choice_func, name)}
    return {name: value for name, value in _list_items(save_obj) if _wanted(choice_func, name)}


def _dict_items(save_obj: dict):
    for name, value in save_obj.items():
        if isinstance(value, np.ndarray):
            value = Tensor(value)
        if not isinstance(name, str) or not isinstance(value, (Tensor, str)):
            raise TypeError(f"For 'save_checkpoint', a dict 'save_obj' must map str to Parameter, Tensor, "
                            f"numpy.ndarray or str, but got {type(name).__name__} {name!r}: "
                            f"{type(value).__name__}.")
        yield name, value


def _list_items(save_obj: list):
    """A list is either all Parameters or all {"name", "data"} dicts (its first item says which)."""
    of_dicts = bool(save_obj) and isinstance(save_obj[0], dict)
    for item in save_obj:
        if of_dicts:
            if not (isinstance(item, dict) and "name" in item and "data" in item):
                raise TypeError(f"For 'save_checkpoint', a list 'save_obj' of dicts needs a 'name' and a 'data' "
                                f"in every dict, but got {item!r}.")
            name, value = item["name"], item["data"]
            if not isinstance(name, str) or not isinstance(value, Tensor):
                raise TypeError(f"For 'save_checkpoint', each dict of 'save_obj' must have a str 'name' and a "
                                f"Parameter or Tensor 'data', but got {type(name).__name__} and "
                                f"{type(value).__name__}.")
            yield name, value
        elif isinstance(item, Parameter):
            yield item.name, item
        else:
            raise TypeError(f"For 'save_checkpoint', a list 'save_obj' must hold Parameters or "
                            f"{{'name', 'data'}} dicts, but got {type(item).__name__}.")


def _entry(name: str, value) -> Entry:
    """The file entry of a Tensor (its bytes read when written) or of a string."""
    if isinstance(value, str):
        return Entry(name, (0,), ckpt_format.STRING_TYPE, value.encode("utf-32-le"))
    return Entry(name, value.shape, str(value.dtype), partial(serialization_io.tensor_bytes, value._data()))


def _write_entries(f: BinaryIO, entries: list, format: str, crc_check: bool, remove_redundancy) -> None:
    if format == "ckpt":
        ckpt_format.write(f, entries, crc_check)
        return
    metadata = None
    if entries:   # like MindSpore: a file without tensors has no metadata (nor CRC)
        metadata = dict(_SAFETENSORS_METADATA)
        if remove_redundancy is not None:
            metadata["remove_redundancy"] = str(remove_redundancy)
    safetensors_format.write(f, entries, metadata, crc_check and bool(entries))


def _write_atomically(path: str, write: Callable[[BinaryIO], None]) -> None:
    """Run `write` on a new temporary file beside `path`, then rename it to `path`; on
    any failure the temporary file is removed and `path` is left as it was."""
    directory, base = os.path.split(path)
    tmp = os.path.join(directory, f".{base}.{os.getpid()}-{uuid.uuid4().hex[:12]}.tmp")
    # Mode 0o666 lets the umask decide the permissions, as for any newly written file.
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.remove(tmp)
        raise


def _start_async_save(path: str, write: Callable[[BinaryIO], None]) -> None:
    global _async_thread
    _wait_for_async_save()
    _async_thread = threading.Thread(target=_write_atomically, args=(path, write), name="spore-save-checkpoint")
    _async_thread.start()


def _wait_for_async_save() -> None:
    thread = _async_thread
    if thread is not None:
        thread.join()


# ---- load -------------------------------------------------------------------------------
def load_checkpoint(ckpt_file_name, net=None, strict_load=False, filter_prefix=None, dec_key=None,
                    dec_mode="AES-GCM", specify_prefix=None, choice_func=None, crc_check=False,
                    remove_redundancy=False, format="ckpt") -> dict:
    """Read a checkpoint file written by MindSpore or spore.

    Returns a dict name -> Parameter (named after its entry, with the file's dtype,
    shape and values), or -> str for strings saved through `append_dict`; `.ckpt`
    entries come in file order, `.safetensors` ones sorted by name. With `net`, the
    values are also loaded into it (see load_param_into_net).

    Args:
        ckpt_file_name (str): the file; its name must end with `format`.
        net (Cell): a network to load the parameters into.
        strict_load (bool): passed to load_param_into_net.
        filter_prefix (str or list/tuple of str): skip the entries whose names start
            with one of these.
        dec_key, dec_mode: decryption is not supported; a `dec_key` raises
            NotImplementedError.
        specify_prefix (str or list/tuple of str): load only the entries whose names
            start with one of these. Either prefix argument overrides `choice_func`.
        choice_func (Callable[[str], bool]): load only the entries whose name it accepts.
        crc_check (bool): verify the CRC the file was saved with (a file without one
            loads with a warning).
        remove_redundancy (bool): for checkpoints deduplicated across data-parallel
            devices; spore runs on one device, so loading such a one into `net` raises.
        format (str): "ckpt" or "safetensors".

    Raises ValueError when the file is missing, truncated, damaged or not in `format`
    (naming the file and, where known, the entry), or when no entry is left to load.
    """
    op = "load_checkpoint"
    specify_prefix = _check_prefix("specify_prefix", specify_prefix)
    filter_prefix = _check_prefix("filter_prefix", filter_prefix)
    _refuse_encryption(op, "dec_key", dec_key, "dec_mode", dec_mode)
    validator.check_bool(op, "crc_check", crc_check)
    validator.check_bool(op, "remove_redundancy", remove_redundancy)
    _wait_for_async_save()   # the file may be one an async save is still writing
    path = _load_path(ckpt_file_name, format)
    try:
        metadata, entries = _read_entries(path, format, crc_check)
        parameter_dict = {entry.name: _value_of(entry) for entry in entries
                          if _selected(entry.name, specify_prefix, filter_prefix, choice_func)}
    except CheckpointFormatError as err:
        raise ValueError(f"For 'load_checkpoint', failed to read the checkpoint file '{path}': {err}.") from None
    if not parameter_dict:
        reason = ("it has no entries" if not entries else
                  "no entry is left after 'specify_prefix', 'filter_prefix' and 'choice_func'")
        raise ValueError(f"For 'load_checkpoint', nothing to load from '{path}': {reason}.")
    if net is not None:
        remove_redundancy = _redundancy_of_file(metadata, remove_redundancy)
        _load_into_net(net, parameter_dict, strict_load, remove_redundancy, f"the checkpoint file '{path}'")
    return parameter_dict


def _check_prefix(arg: str, prefix) -> tuple | None:
    if prefix is None:
        return None
    if isinstance(prefix, str):
        prefix = (prefix,)
    elif isinstance(prefix, (list, tuple)):
        if not prefix:
            raise ValueError(f"For 'load_checkpoint', the '{arg}' can not be an empty {type(prefix).__name__}.")
    else:
        raise TypeError(f"For 'load_checkpoint', the '{arg}' must be a str, list or tuple of str, but got "
                        f"{type(prefix).__name__}.")
    for index, item in enumerate(prefix):
        if not isinstance(item, str):
            raise TypeError(f"For 'load_checkpoint', every item of '{arg}' must be a str, but got "
                            f"{type(item).__name__} at index {index}.")
        if not item:
            raise ValueError(f"For 'load_checkpoint', the '{arg}' can not contain an empty string.")
    return tuple(prefix)


def _load_path(ckpt_file_name, format) -> str:
    if not isinstance(ckpt_file_name, str):
        raise TypeError(f"For 'load_checkpoint', the 'ckpt_file_name' must be a str, but got "
                        f"{type(ckpt_file_name).__name__}.")
    if format not in _FORMATS:
        raise ValueError(f"For 'load_checkpoint', the 'format' must be 'ckpt' or 'safetensors', but got {format!r}.")
    if not ckpt_file_name.endswith(format):
        raise ValueError(f"For 'load_checkpoint', the file name must end with its format '{format}', but got "
                         f"'{ckpt_file_name}'.")
    path = os.path.realpath(ckpt_file_name)
    if not os.path.isfile(path):
        raise ValueError(f"For 'load_checkpoint', the checkpoint file '{path}' does not exist.")
    return path


def _read_entries(path: str, format: str, crc_check: bool) -> tuple[dict | None, list]:
    with open(path, "rb") as f:
        data = f.read()
    if format == "ckpt":
        return None, ckpt_format.read(data, crc_check)
    return safetensors_format.read(data, crc_check)


def _selected(name: str, specify_prefix, filter_prefix, choice_func) -> bool:
    if specify_prefix or filter_prefix:
        return ((not specify_prefix or name.startswith(specify_prefix))
                and not (filter_prefix and name.startswith(filter_prefix)))
    return _wanted(choice_func, name)


def _value_of(entry: Entry):
    """The Parameter (or str) an entry read from a file holds."""
    if entry.type_name == ckpt_format.STRING_TYPE:
        try:
            return bytes(entry.content).decode("utf-32-le")
        except UnicodeDecodeError:
            raise CheckpointFormatError(f"entry '{entry.name}' is not a valid UTF-32 string") from None
    dtype = _DTYPE_OF_NAME.get(entry.type_name)
    if dtype is None:
        raise CheckpointFormatError(f"entry '{entry.name}' has the unsupported tensor_type '{entry.type_name}'")
    shape = entry.shape
    if shape == (0,) and len(entry.content) == dtype.itemsize:
        shape = ()   # old MindSpore files give scalars dims [0]; MindSpore reads them as 0-d
    expected = math.prod(shape) * dtype.itemsize
    if min(shape, default=0) < 0 or len(entry.content) != expected:
        raise CheckpointFormatError(f"entry '{entry.name}' holds {len(entry.content)} bytes, but a {dtype} "
                                    f"tensor of shape {shape} needs {expected}: the file is truncated or damaged")
    return Parameter(wrap(serialization_io.tensor_from_bytes(entry.content, shape, dtype)), name=entry.name)


def _redundancy_of_file(metadata: dict | None, remove_redundancy: bool) -> bool:
    """A safetensors file records whether it was deduplicated; that flag wins."""
    recorded = (metadata or {}).get("remove_redundancy")
    if recorded in ("True", "False") and (recorded == "True") != remove_redundancy:
        _logger.warning("For 'load_checkpoint', the file says remove_redundancy=%s; using that.", recorded)
        return recorded == "True"
    return remove_redundancy


# ---- load into a network ----------------------------------------------------------------
def load_param_into_net(net, parameter_dict, strict_load=False, remove_redundancy=False) -> tuple[list, list]:
    """Copy the values of `parameter_dict` (name -> Parameter, as load_checkpoint
    returns) into the Parameters of `net` with the same `name`.

    Returns `(param_not_load, ckpt_not_load)`: the names of the network's Parameters that
    got no value, and the names in `parameter_dict` that were not loaded (str values
    never are).

    A shape mismatch raises RuntimeError (a checkpoint shape that only adds trailing
    1-dims is reshaped). A dtype mismatch raises RuntimeError with `strict_load`;
    without it, floats convert to floats and signed integers to signed integers (any
    other pair raises). Also without `strict_load`, when network names are missing
    from the dict but some dict names end with them (a network saved inside a wrapper
    Cell, `network.fc.weight` for `fc.weight`), the prefix is stripped and those load
    too; as in MindSpore, their dict names still appear in `ckpt_not_load`.
    `remove_redundancy` (data-parallel deduplicated checkpoints) needs a parallel setup,
    which spore does not have: True raises TypeError.
    """
    return _load_into_net(net, parameter_dict, strict_load, remove_redundancy, "'parameter_dict'")


def _load_into_net(net, parameter_dict, strict_load, remove_redundancy, source: str) -> tuple[list, list]:
    op = "load_param_into_net"
    _check_net_and_dict(net, parameter_dict)
    validator.check_bool(op, "strict_load", strict_load)
    validator.check_bool(op, "remove_redundancy", remove_redundancy)
    if remove_redundancy:
        raise TypeError(f"For '{op}', 'remove_redundancy=True' loads a checkpoint deduplicated across "
                        f"data-parallel devices, which needs a parallel setup; spore runs on one device.")
    param_not_load, ckpt_not_load = [], list(parameter_dict)
    for _, param in net.parameters_and_names():
        name = param.name
        if name in parameter_dict:
            if isinstance(parameter_dict[name], Parameter):
                _update_param(param, name, parameter_dict[name], strict_load, source)
                if name in ckpt_not_load:
                    ckpt_not_load.remove(name)
        elif not name.startswith("accu_grads"):   # gradient accumulators are never saved
            param_not_load.append(name)
    if param_not_load and not strict_load:
        _load_with_prefix(net, parameter_dict, param_not_load, source)
    if param_not_load:
        _logger.warning("For '%s', %d parameters of the network are not in the checkpoint and keep their "
                        "values: %s", op, len(param_not_load), param_not_load)
    return param_not_load, ckpt_not_load


def _check_net_and_dict(net, parameter_dict) -> None:
    op = "load_param_into_net"
    if not isinstance(net, Cell):
        raise TypeError(f"For '{op}', the 'net' must be a Cell, but got {type(net).__name__}.")
    if not isinstance(parameter_dict, dict):
        raise TypeError(f"For '{op}', the 'parameter_dict' must be a dict, but got {type(parameter_dict).__name__}.")
    for key, value in parameter_dict.items():
        if not isinstance(key, str) or not isinstance(value, (Parameter, str, list)):
            raise TypeError(f"For '{op}', the 'parameter_dict' must map str to Parameter, but got "
                            f"{type(key).__name__} {key!r}: {type(value).__name__}.")


def _load_with_prefix(net: Cell, parameter_dict: dict, param_not_load: list, source: str) -> None:
    """Find a prefix P such that P + name is in the dict for the first missing network
    name that has one, load every missing Parameter whose P + name is there, and repeat
    while such a prefix exists. Each round loads at least one Parameter."""
    while param_not_load:
        prefix = _name_prefix(parameter_dict, param_not_load)
        if prefix is None:
            return
        for _, param in net.parameters_and_names():
            key = prefix + param.name
            if param.name in param_not_load and isinstance(parameter_dict.get(key), Parameter):
                _update_param(param, key, parameter_dict[key], False, source)
                param_not_load.remove(param.name)


def _name_prefix(parameter_dict: dict, param_not_load: list) -> str | None:
    for name in param_not_load:
        for key, value in parameter_dict.items():
            if key.endswith(name) and isinstance(value, Parameter):
                return key[:-len(name)]
    return None


def _update_param(param: Parameter, key: str, new: Parameter, strict_load: bool, source: str) -> None:
    """Set `param` to the values of entry `key` of `source`, checking shape and dtype."""
    op = "load_param_into_net"
    if new.shape != param.shape:
        if not _adds_trailing_ones(param.shape, new.shape):
            raise RuntimeError(f"For '{op}', the parameter '{param.name}' of the network has shape {param.shape}, "
                               f"but entry '{key}' of {source} has shape {new.shape}. Check that the checkpoint "
                               f"was saved from the same network (layer sizes, number of classes...).")
        new = Tensor(new.asnumpy().reshape(param.shape), new.dtype)
    if new.dtype is not param.dtype and (strict_load or not _convertible(new.dtype, param.dtype)):
        why = "strict_load=True does not convert dtypes" if strict_load else "only float<->float and int<->int convert"
        raise RuntimeError(f"For '{op}', the parameter '{param.name}' of the network has dtype {param.dtype}, "
                           f"but entry '{key}' of {source} has dtype {new.dtype} ({why}).")
    param.set_data(new)


def _adds_trailing_ones(shape: tuple, new_shape: tuple) -> bool:
    """`new_shape` is `shape` followed by 1s, e.g. (12, 2048, 1, 1) for (12, 2048)."""
    n = len(shape)
    return len(new_shape) > n and new_shape[:n] == shape and all(d == 1 for d in new_shape[n:])


def _convertible(src: mstype.Number, dst: mstype.Number) -> bool:
    return any(src in family and dst in family for family in _CONVERTIBLE_FAMILIES)


__all__ = ["save_checkpoint", "load_checkpoint", "load_param_into_net", "async_ckpt_thread_status"]

_DEFINED_ELSEWHERE = {
    "build_searched_strategy": "spore.train.parallel_strategy",
    "ckpt_to_safetensors": "spore.train.checkpoint_tools",
    "export": "spore.compiler.export",
    "export_split_mindir": "spore.compiler.export",
    "get_ckpt_path_with_strategy": "spore.train.checkpoint_tools",
    "load": "spore.compiler.export",
    "load_checkpoint_async": "spore.train.checkpoint_tools",
    "load_distributed_checkpoint": "spore.train.checkpoint_tools",
    "merge_sliced_parameter": "spore.train.checkpoint_tools",
    "restore_group_info_list": "spore.train.checkpoint_tools",
    "safetensors_to_ckpt": "spore.train.checkpoint_tools",
}
"""The names MindSpore keeps at `mindspore.train.serialization` that spore defines in other
modules (which import this one, so they are looked up when first asked for)."""


def __getattr__(name: str):
    if name in _DEFINED_ELSEWHERE:
        import importlib

        return getattr(importlib.import_module(_DEFINED_ELSEWHERE[name]), name)
    raise AttributeError(f"module 'mindspore.train.serialization' has no attribute '{name}'")
