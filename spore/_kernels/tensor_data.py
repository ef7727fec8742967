"""Tensor storage: building torch tensors from user data and reading them back.

The spore Tensor keeps one torch tensor; this module is the only place that knows how
MindSpore dtypes map to torch's and how host data gets in and out.
"""
from __future__ import annotations

import operator
import sys

import numpy as np
import torch

from . import device
from . import dtype as mstype

TORCH_OF = {
    mstype.bool_: torch.bool, mstype.int8: torch.int8, mstype.int16: torch.int16,
    mstype.int32: torch.int32, mstype.int64: torch.int64, mstype.uint8: torch.uint8,
    mstype.uint16: torch.uint16, mstype.uint32: torch.uint32, mstype.uint64: torch.uint64,
    mstype.float16: torch.float16, mstype.float32: torch.float32,
    mstype.float64: torch.float64, mstype.bfloat16: torch.bfloat16,
    mstype.complex64: torch.complex64, mstype.complex128: torch.complex128,
}
MS_OF = {v: k for k, v in TORCH_OF.items()}

RawTensor = torch.Tensor
"""The storage type behind every spore Tensor."""


def ms_dtype(t: torch.Tensor) -> mstype.Number:
    return MS_OF[t.dtype]


def torch_dtype(dtype: mstype.Number) -> torch.dtype:
    return TORCH_OF[dtype]


def _host_array(data) -> np.ndarray:
    """Python scalars and (nested) lists as a NumPy array with MindSpore's default dtypes:
    bool -> Bool, int -> Int64, float -> Float32 (NumPy would pick Float64)."""
    arr = np.asarray(data)
    if arr.dtype == np.float64 and not _has_float64_leaf(data):
        arr = arr.astype(np.float32)
    elif arr.dtype == np.complex128 and not _has_numpy_leaf(data, np.complex128):
        arr = arr.astype(np.complex64)
    return arr


def _has_float64_leaf(data) -> bool:
    return _has_numpy_leaf(data, np.float64)


def _has_numpy_leaf(data, np_type) -> bool:
    if isinstance(data, (list, tuple)):
        return any(_has_numpy_leaf(d, np_type) for d in data)
    return isinstance(data, (np.ndarray, np.generic)) and data.dtype == np_type


def from_host(data, dtype: mstype.Number | None = None) -> torch.Tensor:
    """A new torch tensor on the current device holding a copy of `data`."""
    if isinstance(data, torch.Tensor):
        t = data.clone()
    else:
        if isinstance(data, np.ndarray):
            arr = data
        elif dtype is not None:
            arr = np.asarray(data, dtype=mstype.dtype_to_nptype(dtype))
        else:
            arr = _host_array(data)
        if arr.dtype == np.object_ or arr.dtype.kind in "SUV":
            raise TypeError(f"For 'Tensor', the input_data must be numbers, a NumPy array or "
                            f"a list of numbers, but got data of type {arr.dtype}.")
        host = arr if arr.flags.c_contiguous and arr.flags.writeable else np.array(arr, order="C")
        # Cloned into memory torch allocates (rather than borrowed from NumPy), which the
        # Tensor's storage can resize (`untyped_storage().resize_`).
        t = torch.from_numpy(host).clone()
    if dtype is not None and t.dtype != TORCH_OF[dtype]:
        t = t.to(TORCH_OF[dtype])
    dev = device.current()
    return t if t.device == dev else t.to(dev)


def to_host(t: torch.Tensor) -> np.ndarray:
    """The values as a NumPy array (bfloat16, which NumPy lacks, comes back as float32).

    On the CPU the array shares memory with the tensor, as MindSpore's asnumpy does."""
    if t.dtype == torch.bfloat16:
        t = t.float()
    return t.detach().cpu().numpy()


def item(t: torch.Tensor):
    return t.item()


def tolist(t: torch.Tensor):
    return t.tolist()


def zeros(shape, dtype: mstype.Number) -> torch.Tensor:
    return torch.zeros(tuple(shape), dtype=TORCH_OF[dtype], device=device.current())


def zeros_like(t: torch.Tensor) -> torch.Tensor:
    return torch.zeros_like(t)


def in_torch_dtype(t: torch.Tensor, dtype: torch.dtype) -> torch.Tensor:
    """t in the torch `dtype` (t itself when it has it: even a no-op `to` costs a call)."""
    return t if t.dtype is dtype else t.to(dtype)


def cast(t: torch.Tensor, dtype: mstype.Number) -> torch.Tensor:
    return t.to(TORCH_OF[dtype])


def copy_into(dst: torch.Tensor, src: torch.Tensor) -> None:
    dst.copy_(src)


# ---- untyped storage: a tensor's memory as bytes -----------------------------------------------
RawStorage = torch.UntypedStorage
"""The byte storage behind a torch tensor (shared by its views)."""


def storage_of(t: torch.Tensor) -> torch.UntypedStorage:
    """The storage `t` reads and writes (not a copy)."""
    return t.untyped_storage()


def storage_nbytes(storage: torch.UntypedStorage) -> int:
    return storage.nbytes()


def storage_data_ptr(storage: torch.UntypedStorage) -> int:
    return storage.data_ptr()


def storage_copy(dst: torch.UntypedStorage, src: torch.UntypedStorage) -> None:
    """Bytes of `src` into `dst` (same byte sizes; the caller checks)."""
    dst.copy_(src)


def storage_resize(t: torch.Tensor, nbytes: int) -> torch.UntypedStorage:
    """Resize the storage of `t` to `nbytes` bytes, keeping the leading bytes (those past the
    old end are unset), and return it.

    torch will not resize memory a NumPy array shares (after `asnumpy()`): `t` then moves to
    new memory holding the kept bytes, and those arrays keep the old memory."""
    storage = t.untyped_storage()
    if storage.resizable():
        storage.resize_(nbytes)
        return storage
    moved = torch.UntypedStorage(storage.nbytes(), device=storage.device)
    moved.copy_(storage)
    t.set_(moved, t.storage_offset(), t.size(), t.stride())
    moved.resize_(nbytes)
    return moved


# ---- sole ownership ---------------------------------------------------------------------------------
def _references(t: torch.Tensor) -> int:
    return sys.getrefcount(t)


class _Wrapper:
    __slots__ = ("_t",)


_probe = _Wrapper()
_probe._t = torch.empty(0)
_HELD_BY_ITS_WRAPPER_ALONE = _references(_probe._t)
"""What `_references(wrapper._t)` counts for a tensor nothing but its wrapper's slot holds."""


_storage_use_count = getattr(torch._C, "_storage_Use_Count", None)
_storage_of, _cdata = torch.Tensor.untyped_storage, operator.attrgetter("_cdata")


def _holders(raws: list) -> tuple:
    """Per tensor of `raws`: its Python references and its storage's uses, each counted
    while `raws` holds it (a C-level pass: no bytecode per tensor)."""
    if _storage_use_count is None:
        return (), ()
    return (list(map(sys.getrefcount, raws)),
            list(map(_storage_use_count, map(_cdata, map(_storage_of, raws)))))


_probe_list = [_probe._t]
_SOLE_HOLDERS = tuple(counts[0] for counts in _holders(_probe_list)) if _storage_use_count else None
"""What `_holders` counts for a tensor held by one wrapper's slot and one list alone."""
del _probe_list


def solely_held(wrapper) -> bool:
    """Whether nothing but `wrapper` (a Tensor) can see its storage: no other Python reference
    to its torch tensor (another Tensor around it, a recorded value) and no other tensor or
    NumPy array on the storage (a view, an `asnumpy` array). Writing such a storage in place
    is then indistinguishable from rebinding the Tensor to new storage. (False where torch
    does not tell how many hold a storage.)"""
    t = wrapper._t
    return (_storage_use_count is not None
            and _references(wrapper._t) == _HELD_BY_ITS_WRAPPER_ALONE + 1   # (+1: the local `t`)
            and _storage_use_count(t.untyped_storage()._cdata) == 2)   # (+1: the storage object)


def all_solely_held(raws: list) -> bool:
    """solely_held of every Tensor whose torch tensor `raws` (a list of them) holds: each
    tensor held by its wrapper and this list alone (one listed twice, or wrapped twice, is
    not), each storage seen by its tensor alone. One pass in C over the list: this runs for
    every parameter state of an optimizer step."""
    if _SOLE_HOLDERS is None:
        return False
    references, uses = _holders(raws)
    sole_references, sole_uses = _SOLE_HOLDERS
    return (all(map(sole_references.__eq__, references))
            and all(map(sole_uses.__eq__, uses)))
