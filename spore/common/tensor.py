"""Tensor: an n-dimensional array with a MindSpore dtype, backed by one torch tensor.

This file holds what a Tensor *is*: its storage, shape and dtype, conversion to and from
host data, deferred initialization and printing. What a Tensor *does* (operators and
math methods such as `x + y`, `x.sum()`, indexing) is defined by the ops layer, which
installs those methods when `spore.ops` is imported (`spore/ops/tensor_methods.py`).
"""
from __future__ import annotations

import numbers

import numpy as np

from .._kernels import tensor_data
from . import dtype as mstype
from .tensor_format import format_value


class Tensor:
    """Tensor(input_data=None, dtype=None, shape=None, init=None)

    `input_data` is a Tensor, a NumPy array or scalar, a Python number, or a (nested)
    list or tuple of those. Python ints become Int64, floats Float32, bools Bool unless
    `dtype` says otherwise. With `init` (an Initializer), `shape` and `dtype`, the data
    is created later by `init_data()`.
    """

    __slots__ = ("__weakref__", "_init", "_node", "_t")

    def __init__(self, input_data=None, dtype=None, shape=None, init=None, internal=False,
                 const_arg=False, device=None):
        self._node = None
        self._init = None
        dtype = None if dtype is None else mstype.as_dtype(dtype)
        if init is not None:
            self._defer(init, shape, dtype, input_data)
            return
        if input_data is None:
            if shape is None:
                raise TypeError("For 'Tensor', 'input_data' or 'shape' must be given, but got neither.")
            self._t = tensor_data.zeros(_as_shape(shape), dtype or mstype.float32)
            return
        if isinstance(input_data, Tensor):
            input_data = input_data._data()
        elif isinstance(input_data, (list, tuple)) and _contains_tensor(input_data):
            input_data = _lists_of_tensors_to_host(input_data)
        elif not isinstance(input_data, (np.ndarray, np.generic, numbers.Number, list, tuple)):
            raise TypeError(f"For 'Tensor', the type of 'input_data' must be Tensor, "
                            f"numpy.ndarray, number, list or tuple, but got {type(input_data).__name__}.")
        self._t = tensor_data.from_host(input_data, dtype)

    def _defer(self, init, shape, dtype, input_data):
        if input_data is not None:
            raise TypeError("For 'Tensor', 'input_data' and 'init' can not both be given.")
        if shape is None or dtype is None:
            raise TypeError("For 'Tensor', a Tensor created with 'init' needs 'shape' and 'dtype'.")
        self._t = None
        self._init = (init, _as_shape(shape), dtype)

    def _data(self):
        """The torch tensor, materializing a deferred initialization first."""
        if self._t is None:
            self.init_data()
        return self._t

    def init_data(self, slice_index=None, shape=None, opt_shard_group=None) -> Tensor:
        """Run the deferred initializer (a no-op for Tensors that already hold data)."""
        if self._t is None:
            init, shape_, dtype = self._init
            arr = np.zeros(shape_, dtype=mstype.dtype_to_nptype(dtype))
            init(arr)
            self._t = tensor_data.from_host(arr, dtype)
            self._init = None
        return self

    # ---- metadata -------------------------------------------------------------------
    @property
    def shape(self) -> tuple:
        if self._t is None:
            return self._init[1]
        return tuple(self._t.shape)

    @property
    def dtype(self) -> mstype.Number:
        if self._t is None:
            return self._init[2]
        return tensor_data.MS_OF[self._t.dtype]

    @property
    def ndim(self) -> int:
        if self._t is None:
            return len(self._init[1])
        return self._t.dim()

    @property
    def size(self) -> int:
        return int(np.prod(self.shape, dtype=np.int64))

    @property
    def itemsize(self) -> int:
        return self.dtype.itemsize

    @property
    def nbytes(self) -> int:
        return self.size * self.itemsize

    @property
    def strides(self) -> tuple:
        return tuple(s * self.itemsize for s in self._data().stride())

    def dim(self) -> int:
        return self.ndim

    def numel(self) -> int:
        return self.size

    nelement = numel

    @property
    def has_init(self) -> bool:
        """True while the data waits for `init_data()` (a Tensor built with `init`)."""
        return self._t is None

    # ---- host data --------------------------------------------------------------------
    def asnumpy(self) -> np.ndarray:
        """The values as a NumPy array (sharing memory with the Tensor on the CPU)."""
        return tensor_data.to_host(self._data())

    numpy = asnumpy

    def __array__(self, dtype=None, copy=None):
        arr = self.asnumpy()
        return arr if dtype is None else arr.astype(dtype)

    def item(self, index=None):
        """The value of a one-element Tensor as a Python number."""
        if index is not None:
            return self.asnumpy().item(index)
        if self.size != 1:
            raise ValueError(f"For 'Tensor.item', the Tensor must have exactly one element, "
                             f"but got shape {self.shape}.")
        return tensor_data.item(self._data())

    def tolist(self):
        return tensor_data.tolist(self._data())

    def __bool__(self) -> bool:
        if self.size != 1:
            raise ValueError(f"The truth value of a Tensor with more than one element is "
                             f"ambiguous; got shape {self.shape}. Use .any() or .all().")
        return bool(self.item())

    def __int__(self) -> int:
        return int(self.item())

    def __float__(self) -> float:
        return float(self.item())

    def __complex__(self) -> complex:
        return complex(self.item())

    def __index__(self) -> int:
        if self.dtype.kind not in (mstype.Number.KIND_INT, mstype.Number.KIND_BOOL):
            raise TypeError(f"Only integer Tensors can be used as an index, but got {self.dtype}.")
        return int(self.item())

    def __len__(self) -> int:
        if self.ndim == 0:
            raise TypeError("len() of a 0-d Tensor is not defined.")
        return self.shape[0]

    def __iter__(self):
        if self.ndim == 0:
            raise TypeError("iteration over a 0-d Tensor")
        return (self[i] for i in range(self.shape[0]))

    __hash__ = object.__hash__

    # ---- printing ---------------------------------------------------------------------
    def __str__(self) -> str:
        if self.dtype is mstype.bfloat16:
            return np.array2string(self.asnumpy(), formatter={"float_kind": lambda v: f"{v:f}"})
        return str(self.asnumpy())

    def __repr__(self) -> str:
        if self._t is None:
            return f"Tensor(shape={list(self.shape)}, dtype={self.dtype}, value=<not initialized>)"
        value = format_value(self.asnumpy(), self.dtype is mstype.bfloat16)
        return f"Tensor(shape={list(self.shape)}, dtype={self.dtype}, value={value})"

    def __format__(self, spec: str) -> str:
        if self.ndim == 0 and spec:
            return format(self.item(), spec)
        return str(self)

    # ---- pickling ---------------------------------------------------------------------
    def __reduce__(self):
        return (_from_numpy_and_dtype, (self.asnumpy(), self.dtype._name))


def _from_numpy_and_dtype(arr, dtype_name):
    return Tensor(arr, mstype.as_dtype(dtype_name))


def _as_shape(shape) -> tuple:
    if isinstance(shape, numbers.Integral):
        return (int(shape),)
    return tuple(int(s) for s in shape)


def _contains_tensor(data) -> bool:
    return any(isinstance(d, Tensor) or (isinstance(d, (list, tuple)) and _contains_tensor(d))
               for d in data)


def _lists_of_tensors_to_host(data):
    if isinstance(data, Tensor):
        return data.asnumpy()
    if isinstance(data, (list, tuple)):
        return [_lists_of_tensors_to_host(d) for d in data]
    return data


_new = object.__new__


def wrap(raw) -> Tensor:
    """A Tensor around a torch tensor a kernel produced (no copy, no checks)."""
    t = _new(Tensor)
    t._t = raw
    t._init = None
    t._node = None
    return t


def is_tensor(value) -> bool:
    return isinstance(value, Tensor)


__all__ = ["Tensor", "wrap", "is_tensor"]
