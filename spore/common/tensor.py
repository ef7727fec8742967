"""Tensor: an n-dimensional array with a MindSpore dtype, backed by one torch tensor.

This file holds what a Tensor *is*: its storage, shape and dtype, conversion to and from
host data, deferred initialization and printing. What a Tensor *does* (operators and
math methods such as `x + y`, `x.sum()`, indexing) is defined by the ops layer, which
installs those methods when `spore.ops` is imported (`spore/ops/tensor_methods.py`).
"""
from __future__ import annotations

import numbers

import numpy as np

from .._kernels import device as _device
from .._kernels import tensor_data
from . import dtype as mstype
from .storage import StoragePy, storage_of
from .symbol import Symbol
from .tensor_format import format_value


class Tensor:
    """Tensor(input_data=None, dtype=None, shape=None, init=None)

    `input_data` is a Tensor, a NumPy array or scalar, a Python number, or a (nested)
    list or tuple of those. Python ints become Int64, floats Float32, bools Bool unless
    `dtype` says otherwise. With `init` (an Initializer), `shape` and `dtype`, the data
    is created later by `init_data()`.
    """

    __slots__ = ("__weakref__", "_flags", "_init", "_node", "_t")

    def __init__(self, input_data=None, dtype=None, shape=None, init=None, internal=False,
                 const_arg=False, device=None):
        self._node = None
        self._init = None
        if const_arg:
            self.set_const_arg(const_arg)
        dtype = None if dtype is None else mstype.as_dtype(dtype)
        if init is not None:
            self._defer(init, shape, dtype, input_data)
            return
        if input_data is None:
            if shape is None and dtype is None:
                raise TypeError("For 'Tensor', 'input_data' or 'shape' must be given, but got neither.")
            if shape is None or _has_unknown_sizes(shape):
                self._describe_dynamic(shape, dtype)
                return
            self._t = tensor_data.zeros(_as_shape(shape), dtype or mstype.float32)
            return
        if isinstance(input_data, Tensor):
            input_data = input_data._data()
        elif isinstance(input_data, (list, tuple)) and _contains_tensor(input_data):
            input_data = _lists_of_tensors_to_host(input_data)
        elif not isinstance(input_data, (np.ndarray, np.generic, numbers.Number, list, tuple)):
            raise TypeError(f"For 'Tensor', the type of 'input_data' must be Tensor, "
                            f"numpy.ndarray, number, list or tuple, but got {type(input_data).__name__}.")
        if dtype is not None and not dtype.is_complex and not isinstance(input_data, Tensor):
            input_data = _real_part_if_complex(input_data)
        self._t = tensor_data.from_host(input_data, dtype)

    def _defer(self, init, shape, dtype, input_data):
        if input_data is not None:
            raise TypeError("For 'Tensor', 'input_data' and 'init' can not both be given.")
        if shape is None or dtype is None:
            raise TypeError("For 'Tensor', a Tensor created with 'init' needs 'shape' and 'dtype'.")
        self._t = None
        self._init = (init, _as_shape(shape), dtype)

    def _describe_dynamic(self, shape, dtype) -> None:
        """A Tensor whose shape has unknown sizes (None, -1 or a Symbol) or an unknown rank
        (shape None; MindSpore writes it (-2,)) holds no data: it describes the inputs a
        Cell or a jit function accepts (`Cell.set_inputs`, `enable_dynamic`)."""
        if dtype is None:
            raise TypeError("For 'Tensor', a Tensor of dynamic shape needs a 'dtype'.")
        self._t = None
        sizes = (_UNKNOWN_RANK,) if shape is None else tuple(_UNKNOWN_SIZE if _is_unknown(s) else int(s) for s in shape)
        self._init = (None, sizes, dtype)

    @property
    def _is_dynamic(self) -> bool:
        """Whether some sizes of the shape are unknown (-1): such a Tensor holds no data."""
        return self._t is None and self._init[0] is None

    def _data(self):
        """The torch tensor, materializing a deferred initialization first."""
        if self._t is None:
            self.init_data()
        return self._t

    def init_data(self, slice_index=None, shape=None, opt_shard_group=None) -> Tensor:
        """Run the deferred initializer (a no-op for Tensors that already hold data)."""
        if self._t is None:
            init, shape_, dtype = self._init
            if init is None:
                raise RuntimeError(f"For 'Tensor', a Tensor of dynamic shape {list(shape_)} holds no data: it only "
                                   f"describes inputs (see Cell.set_inputs).")
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

    def ndimension(self) -> int:
        return self.ndim

    def stride(self, dim=None):
        """The step in elements between neighbours along each axis (a list), or along `dim`."""
        steps = list(self._data().stride())
        if dim is None:
            return steps
        if not isinstance(dim, int) or isinstance(dim, bool):
            raise TypeError(f"For 'Tensor.stride', the 'dim' must be an int, but got {type(dim).__name__}.")
        if not -max(self.ndim, 1) <= dim < max(self.ndim, 1):
            raise IndexError(f"For 'Tensor.stride', the 'dim' must be in range [{-self.ndim}, {self.ndim}), "
                             f"but got {dim}.")
        return steps[dim] if self.ndim else 1

    def storage_offset(self) -> int:
        """Where this Tensor's first element sits in its storage, in elements."""
        return self._data().storage_offset()

    def index(self, indices) -> Tensor:
        """Advanced indexing by a tuple (or list) of index Tensors: `self[tuple(indices)]`.

        Integer index Tensors broadcast together and pick one element per position along the
        leading dimensions; a bool Tensor selects where it is True."""
        if not isinstance(indices, (tuple, list)) or not all(isinstance(i, Tensor) for i in indices):
            got = type(indices).__name__ if not isinstance(indices, (tuple, list)) else \
                f"{type(indices).__name__} holding {', '.join(sorted({type(i).__name__ for i in indices}))}"
            raise TypeError(f"For 'Tensor.index', the 'indices' must be a tuple of Tensors, but got {got}.")
        return self[tuple(indices)]

    def untyped_storage(self) -> StoragePy:
        """The memory behind this Tensor as untyped bytes, shared (not copied) with it."""
        return storage_of(self._data())

    def storage(self) -> StoragePy:
        """The same as `untyped_storage()`."""
        return self.untyped_storage()

    def is_contiguous(self) -> bool:
        return self._data().is_contiguous()

    delta_seed = 0
    """The offset MindSpore adds to the seeds of random ops (0 in 2.7.1)."""

    def requires_grad_(self, requires_grad: bool = True) -> None:
        """Accepted as MindSpore 2.7.1 accepts it on a plain Tensor: it returns None and the
        Tensor keeps no flag (gradients are taken with `grad` / `value_and_grad`). A
        Parameter's `requires_grad_` selects it for training."""

    def set_device_address(self, address, shape, dtype) -> None:
        """MindSpore 2.7.1 sets a Tensor's device memory on Ascend only; elsewhere it raises
        this RuntimeError."""
        raise RuntimeError("set_device_address now only support Ascend backend!")

    def data_ptr(self) -> int:
        """The address of the first element."""
        return self._data().data_ptr()

    def is_pinned(self) -> bool:
        """Whether the data is in page-locked host memory."""
        return self._data().is_pinned()

    def pin_memory(self) -> Tensor:
        """A copy in page-locked host memory (which needs a GPU), or self when already pinned."""
        if self.is_pinned():
            return self
        if "GPU" not in _device.available_targets():
            raise RuntimeError("For 'Tensor.pin_memory', page-locked memory needs a GPU device, but this machine "
                               "has none.")
        return wrap(self._data().pin_memory())

    @property
    def device(self) -> str:
        """Where the data lives: 'CPU' or 'GPU'."""
        return "GPU" if self._data().is_cuda else "CPU"

    def is_floating_point(self) -> bool:
        return self.dtype.is_floating_point

    def is_complex(self) -> bool:
        return self.dtype.is_complex

    def is_signed(self) -> bool:
        """False for bool and unsigned integer dtypes, True otherwise."""
        return self.dtype not in (mstype.bool_, mstype.uint8, mstype.uint16, mstype.uint32, mstype.uint64)

    @property
    def has_init(self) -> bool:
        """True while the data waits for `init_data()` (a Tensor built with `init`)."""
        return self._t is None

    # ---- deferred initialization and MindSpore's bookkeeping flags -----------------------
    @property
    def init(self):
        """The initializer still waiting to fill this Tensor, or None."""
        return None if self._t is not None else self._init[0]

    def is_init(self) -> bool:
        """Whether the data was created by a parallel initialization (never, in spore)."""
        return False

    @property
    def init_finished(self) -> bool:
        return True

    @property
    def init_flag(self) -> bool:
        """The flag set_init_flag records (False until set)."""
        return self._flag("init_flag", False)

    def set_init_flag(self, flag) -> None:
        self._set_flag("init_flag", bool(flag))

    @property
    def const_arg(self) -> bool:
        """Whether jit treats this Tensor as a constant (compiled into the graph)."""
        return self._flag("const_arg", False)

    def set_const_arg(self, const_arg=True) -> Tensor:
        if not isinstance(const_arg, bool):
            raise TypeError(f"For 'set_const_arg', the type of 'const_arg' should be 'bool', but got type "
                            f"'{type(const_arg).__name__}'.")
        self._set_flag("const_arg", const_arg)
        return self

    @property
    def param_info(self):
        """The ParamInfo set by set_param_info (None for a plain Tensor)."""
        return self._flag("param_info", None)

    def set_param_info(self, param_info) -> None:
        self._set_flag("param_info", param_info)

    @property
    def virtual_flag(self) -> bool:
        return False

    @property
    def parent_tensor_(self):
        """The Tensor this one is a view of, when it was made by a view operation (spore
        keeps no such link: None)."""
        return None

    @property
    def index_of_parent_(self):
        return None

    @property
    def symbolic_shape(self):
        """The symbolic shape set for dynamic-shape compilation (None: the shape is static)."""
        return self._flag("symbolic_shape", None)

    def _flag(self, name: str, default):
        flags = getattr(self, "_flags", None)
        return default if flags is None else flags.get(name, default)

    def _set_flag(self, name: str, value) -> None:
        if getattr(self, "_flags", None) is None:
            self._flags = {}
        self._flags[name] = value

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

    def get_bytes(self) -> bytes:
        """The raw bytes of the data, in C order."""
        return self.asnumpy().tobytes()

    @staticmethod
    def convert_bytes_to_tensor(bytes_data, shape, dtype) -> Tensor:
        """The Tensor of `shape` and `dtype` whose raw data is `bytes_data` (see get_bytes)."""
        if not isinstance(bytes_data, (bytes, bytearray)):
            raise TypeError(f"For 'Tensor.convert_bytes_to_tensor', the 'bytes_data' must be bytes, but got "
                            f"{type(bytes_data).__name__}.")
        dtype = mstype.as_dtype(dtype)
        arr = np.frombuffer(bytes_data, dtype=mstype.dtype_to_nptype(dtype))
        if arr.size != int(np.prod(_as_shape(shape), dtype=np.int64)):
            raise ValueError(f"For 'Tensor.convert_bytes_to_tensor', {len(bytes_data)} bytes of {dtype} do not "
                             f"fill the shape {tuple(shape)}.")
        return Tensor(arr.reshape(_as_shape(shape)), dtype)

    @staticmethod
    def from_numpy(array: np.ndarray) -> Tensor:
        """A Tensor of the NumPy array's values and dtype."""
        if not isinstance(array, np.ndarray):
            raise TypeError(f"For 'Tensor.from_numpy', the 'array' must be a numpy.ndarray, but got "
                            f"{type(array).__name__}.")
        return Tensor(array)

    def to_dlpack(self):
        """A DLPack capsule over this Tensor's data (host memory, shared)."""
        return self.asnumpy().__dlpack__()

    @staticmethod
    def from_dlpack(dlpack) -> Tensor:
        """A Tensor of the values a DLPack capsule (or an object with `__dlpack__`) holds."""
        if hasattr(dlpack, "__dlpack__"):
            return Tensor(np.from_dlpack(dlpack))
        if type(dlpack).__name__ != "PyCapsule":
            raise TypeError(f"For 'Tensor.from_dlpack', the 'dlpack' must be a DLPack capsule, but got "
                            f"{type(dlpack).__name__}.")
        return Tensor(np.from_dlpack(_DLPackCapsule(dlpack)))

    def set_dtype(self, dtype) -> mstype.Number:
        """Convert the data to `dtype` in place; returns the new dtype."""
        dtype = mstype.as_dtype(dtype)
        if dtype is not self.dtype:
            self._t = tensor_data.cast(self._data(), dtype)
        return dtype

    def assign_value_cpp(self, value: Tensor) -> Tensor:
        """Make this Tensor hold `value`'s data, shape and dtype; returns this Tensor."""
        if not isinstance(value, Tensor):
            raise TypeError(f"For 'Tensor.assign_value_cpp', the 'value' must be a Tensor, but got "
                            f"{type(value).__name__}.")
        self._t, self._init = value._data(), None
        return self

    def data_sync(self, waiting: bool = True) -> None:
        """Wait until the computations writing this Tensor have finished."""
        _device.synchronize()

    wait_pipeline = data_sync

    def offload(self, file_path: str) -> bool:
        """Write the raw data to `file_path` (read back by convert_bytes_to_tensor) and
        remember the path; spore's Tensors live in host memory, so the data stays too.
        Returns True."""
        if not isinstance(file_path, str) or not file_path:
            raise TypeError(f"For 'Tensor.offload', the 'file_path' must be a non-empty str, but got {file_path!r}.")
        with open(file_path, "wb") as f:
            f.write(self.get_bytes())
        self._set_flag("offload_file_path", file_path)
        return True

    def offload_file_path(self) -> str:
        """The file the last offload wrote ('' before any)."""
        return self._flag("offload_file_path", "")

    def flush_from_cache(self) -> None:
        """Write a cache-enabled Tensor's device cache back to the host (spore's Tensors
        keep no such cache: their data is always current)."""

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
        if self._is_dynamic:
            return f"Tensor(shape={list(self.shape)}, dtype={self.dtype}, value=" + ("\n)" if self.ndim > 1 else " )")
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


class _DLPackCapsule:
    """A bare DLPack capsule presented as an exporter of host memory (what np.from_dlpack reads)."""

    def __init__(self, capsule):
        self.capsule = capsule

    def __dlpack__(self, *args, **kwargs):
        return self.capsule

    def __dlpack_device__(self):
        return (1, 0)  # kDLCPU, device 0


def _from_numpy_and_dtype(arr, dtype_name):
    return Tensor(arr, mstype.as_dtype(dtype_name))


_UNKNOWN_SIZE, _UNKNOWN_RANK = -1, -2


def _is_unknown(size) -> bool:
    return size is None or isinstance(size, Symbol) or (isinstance(size, numbers.Integral) and size == _UNKNOWN_SIZE)


def _has_unknown_sizes(shape) -> bool:
    return not isinstance(shape, numbers.Integral) and any(_is_unknown(s) for s in shape)


def _as_shape(shape) -> tuple:
    if isinstance(shape, numbers.Integral):
        return (int(shape),)
    return tuple(int(s) for s in shape)


def _real_part_if_complex(data):
    """Complex host data asked for as a real dtype keeps its real part, as MindSpore does:
    Tensor([1+2j, 3], ms.int32) holds [1, 3]."""
    if isinstance(data, numbers.Number):
        return data if isinstance(data, numbers.Real) else data.real
    arr = data if isinstance(data, np.ndarray) else np.asarray(data)
    return arr.real if arr.dtype.kind == "c" else data


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


def is_tensor(obj) -> bool:
    """Whether `obj` is a Tensor (or a Parameter)."""
    return isinstance(obj, Tensor)


def from_numpy(array: np.ndarray) -> Tensor:
    """A Tensor of the NumPy array's values and dtype."""
    return Tensor.from_numpy(array)


def tensor(input_data=None, dtype=None, shape=None, init=None, const_arg=False):
    """A Tensor built as Tensor(...) builds it."""
    return Tensor(input_data, dtype, shape, init, const_arg=const_arg)


__all__ = ["Tensor", "wrap", "is_tensor", "from_numpy", "tensor"]
