"""A Tensor's memory seen as untyped bytes (`Tensor.untyped_storage()` / `Tensor.storage()`).

The storage is shared, not copied: writes through `copy_` show in the Tensor (and in every
view of the same memory), and `resize_` changes the memory the Tensor reads. Sizes are in
bytes, as the storage knows no dtype.
"""
from __future__ import annotations

import numbers

from .._kernels import tensor_data


class StoragePy:
    """The untyped storage of a Tensor: `size()` bytes starting at `data_ptr()`."""

    def __init__(self, owner):
        self._owner = owner  # the kernel tensor whose storage this is (resize_ may move it)
        self._raw = tensor_data.storage_of(owner)

    def size(self) -> int:
        """The size in bytes."""
        return tensor_data.storage_nbytes(self._raw)

    def nbytes(self) -> int:
        """The size in bytes (the same as `size()`)."""
        return tensor_data.storage_nbytes(self._raw)

    def __len__(self) -> int:
        return self.size()

    def element_size(self) -> int:
        """The size of one element: 1, as the storage holds bytes."""
        return 1

    def data_ptr(self) -> int:
        """The address of the first byte."""
        return tensor_data.storage_data_ptr(self._raw)

    def copy_(self, src: StoragePy, non_blocking=False) -> StoragePy:
        """Copy the bytes of `src` (a storage of the same byte size) into this storage.

        The bytes are copied as they are: a storage of int32 values copied under float32 ones
        makes those floats the int bit patterns."""
        if not isinstance(src, StoragePy):
            raise TypeError(f"For 'StoragePy.copy_', the 'src' must be a StoragePy (from Tensor.untyped_storage()), "
                            f"but got {type(src).__name__}.")
        if src.size() != self.size():
            raise RuntimeError(f"For 'StoragePy.copy_', the sizes must match, but self was {self.size()} bytes "
                               f"and src was {src.size()} bytes.")
        tensor_data.storage_copy(self._raw, src._raw)
        return self

    def resize_(self, size) -> StoragePy:
        """Resize to `size` bytes, in place; `resize_(0)` frees the memory, which a later
        `resize_` and `copy_` can give back. Bytes beyond the old size are unset.

        Memory shared with NumPy (after `asnumpy()`) is not resized under the array: the
        Tensor moves to new memory, and views taken before stay on the old one."""
        if isinstance(size, bool) or not isinstance(size, numbers.Integral):
            raise RuntimeError(f"For 'StoragePy.resize_', the 'size' must be an int, but got {type(size).__name__}.")
        if size < 0:
            raise ValueError(f"For 'StoragePy.resize_', the 'size' must be non-negative, but got {size}.")
        self._raw = tensor_data.storage_resize(self._owner, int(size))
        return self

    def __repr__(self) -> str:
        return f"<StoragePy of {self.size()} bytes at {self.data_ptr():#x}>"


def storage_of(raw) -> StoragePy:
    """The storage of a kernel tensor (shared, not copied)."""
    return StoragePy(raw)


__all__ = ["StoragePy", "storage_of"]
