"""Tensor methods that are not operators of their own: in-place updates (`add_`, `zero_`,
`copy_`...), `new_*` constructors, views and conversions, over the ops of the families.

An in-place method computes its result out of place with the family's op, casts it to the
Tensor's dtype and rebinds the Tensor to it (see inplace.py): gradients flow through the
op that made the new value, as they do for `x[i] = v`. A Parameter is updated with
Assign instead, so that its update is also a side effect of a compiled graph.
"""
from __future__ import annotations

import numbers

from ...common import dtype as mstype
from ...common.parameter import Parameter
from ...common.tensor import Tensor, is_tensor
from . import array_func, math_func, other_func, reduce_func, selection_func, special_func
from .inplace import rebind

__all__ = ["clamp_", "is_tensor", "move_to", "zero_"]


def _check_tensor_arg(method: str, arg: str, value) -> None:
    if not isinstance(value, Tensor):
        raise TypeError(f"For 'Tensor.{method}', the '{arg}' must be a Tensor, but got {type(value).__name__}.")


def _store(self: Tensor, method: str, result: Tensor) -> Tensor:
    """Make `self` hold `result` in its own dtype; the shape may not change."""
    if result.shape != self.shape:
        raise ValueError(f"For 'Tensor.{method}', the result of shape {result.shape} can not be written into "
                         f"the Tensor of shape {self.shape}: the other input must broadcast to it.")
    if result.dtype is not self.dtype:
        result = array_func.cast(result, self.dtype)
    if isinstance(self, Parameter):
        # A Parameter is updated as a side effect (Assign), which Graph mode compiles too.
        other_func.assign(self, result)
        return self
    return rebind(self, result)


def _inplace(method: str, compute):
    """The in-place method `method` whose new value is compute(self, *args, **kwargs)."""
    def update(self, *args, **kwargs):
        return _store(self, method, compute(self, *args, **kwargs))
    update.__name__ = method
    update.__doc__ = f"Tensor.{method}: the Tensor takes the value of `{method[:-1]}` in its own dtype; returns it."
    return update


def _add(self, other, *, alpha=1):
    return self.add(other, alpha=alpha)


def _sub(self, other, *, alpha=1):
    return self.sub(other, alpha=alpha)


def _div(self, other, *, rounding_mode=None):
    return math_func.div(self, other, rounding_mode=rounding_mode)


def _clamp(self, min=None, max=None):
    return math_func.clamp(self, min, max)


def _filled(self, value, method: str = "fill") -> Tensor:
    """A Tensor of self's shape and dtype holding `value` (a number or a 0-d Tensor,
    through which gradients flow)."""
    if isinstance(value, Tensor):
        if value.ndim != 0:
            raise ValueError(f"For 'Tensor.{method}', the 'value' must be a number or a 0-d Tensor, but got a "
                             f"Tensor of shape {value.shape}.")
        return array_func.broadcast_to(array_func.cast(value, self.dtype), self.shape)
    if not isinstance(value, numbers.Number):
        raise TypeError(f"For 'Tensor.{method}', the 'value' must be a number or a 0-d Tensor, but got "
                        f"{type(value).__name__}.")
    return array_func.full_like(self, value)


def _fill(self, value) -> Tensor:
    """Tensor.fill(value): a Tensor of self's shape and dtype holding `value`."""
    return _filled(self, value, "fill")


def _fill_in_place_value(self, value) -> Tensor:
    return _filled(self, value, "fill_")


def _fills(self, value) -> Tensor:
    """Tensor.fills(value): as fill."""
    return _filled(self, value, "fills")


def _zeros(self) -> Tensor:
    return array_func.zeros_like(self)


def _copied(self, src, non_blocking=False) -> Tensor:
    _check_tensor_arg("copy_", "src", src)
    return array_func.broadcast_to(src, self.shape) if src.shape != self.shape else src


def _index_put(self, indices, values, accumulate=False) -> Tensor:
    """Tensor.index_put(indices, values, accumulate=False): a copy of self where the
    elements at `indices` (a tuple of integer Tensors, one per leading axis, broadcast
    together) take `values` (broadcast), or with `accumulate` have them added; repeated
    positions then add up."""
    if not isinstance(indices, (tuple, list)) or not all(isinstance(i, Tensor) for i in indices):
        raise TypeError(f"For 'Tensor.index_put', the 'indices' must be a tuple or list of Tensors, but got "
                        f"{type(indices).__name__}.")
    _check_tensor_arg("index_put", "values", values)
    if not isinstance(accumulate, bool):
        raise TypeError(f"For 'Tensor.index_put', the 'accumulate' must be a bool, but got "
                        f"{type(accumulate).__name__}.")
    if not 0 < len(indices) <= self.ndim:
        raise ValueError(f"For 'Tensor.index_put', the number of index Tensors must be in [1, {self.ndim}], but "
                         f"got {len(indices)}.")
    for index in indices:
        if index.dtype not in (mstype.int32, mstype.int64):
            raise TypeError(f"For 'Tensor.index_put', the index Tensors must be int32 or int64, but got "
                            f"{index.dtype}.")
    index_shape = _broadcast_shapes([i.shape for i in indices])
    coords = array_func.stack([array_func.cast(array_func.broadcast_to(i, index_shape), mstype.int64)
                               for i in indices], -1)
    updates = array_func.broadcast_to(array_func.cast(values, self.dtype),
                                      index_shape + self.shape[len(indices):])
    if accumulate:
        return selection_func.tensor_scatter_add(self, coords, updates)
    return selection_func.tensor_scatter_update(self, coords, updates)


def _broadcast_shapes(shapes) -> tuple:
    rank = max(len(s) for s in shapes)
    result = []
    for axis in range(rank):
        sizes = {s[axis - rank + len(s)] for s in shapes if axis - rank + len(s) >= 0} - {1}
        if len(sizes) > 1:
            raise ValueError(f"For 'Tensor.index_put', the index Tensors of shapes {list(shapes)} do not broadcast.")
        result.append(sizes.pop() if sizes else 1)
    return tuple(result)


_INPLACE = {
    "add_": _add, "sub_": _sub, "mul_": math_func.mul, "div_": _div,
    "exp_": math_func.exp, "log_": math_func.log, "floor_": math_func.floor,
    "sigmoid_": math_func.sigmoid, "tanh_": math_func.tanh, "sign_": math_func.sign,
    "clamp_": _clamp, "remainder_": math_func.remainder, "floor_divide_": math_func.floor_divide,
    "masked_fill_": selection_func.masked_fill, "fill_": _fill_in_place_value, "zero_": _zeros, "copy_": _copied,
    "index_put_": _index_put,
}


# ---- views, copies and conversions -------------------------------------------------------------


def _matrix_transpose(self) -> Tensor:
    """Tensor.mT: the last two axes swapped (rank >= 2)."""
    if self.ndim < 2:
        raise ValueError(f"For 'Tensor.mT', the Tensor must have at least 2 dimensions, but got {self.ndim}.")
    return array_func.swapaxes(self, -2, -1)


def _conjugate_transpose(self) -> Tensor:
    """Tensor.H: the conjugate transpose of a 2-D Tensor."""
    if self.ndim != 2:
        raise ValueError(f"For 'Tensor.H', only a 2-D Tensor is supported, but got {self.ndim}-D.")
    return _conj_if_complex(array_func.transpose(self, (1, 0)))


def _matrix_conjugate_transpose(self) -> Tensor:
    """Tensor.mH: the last two axes swapped and the values conjugated (rank >= 2)."""
    if self.ndim < 2:
        raise ValueError(f"For 'Tensor.mH', the Tensor must have at least 2 dimensions, but got {self.ndim}.")
    return _conj_if_complex(array_func.swapaxes(self, -2, -1))


def _conj_if_complex(x: Tensor) -> Tensor:
    return special_func.conj(x) if x.dtype.is_complex else x


def _clone(self) -> Tensor:
    """A copy in new storage; gradients flow through it."""
    return array_func.TENSOR_METHODS["copy"](self)


def _contiguous(self) -> Tensor:
    """self when its elements are stored in row-major order, else such a copy."""
    if self.is_contiguous():
        return self
    # Flattening a strided Tensor gathers its elements in row-major order into new storage.
    return array_func.reshape(array_func.reshape(self, (-1,)), self.shape)


def _type(self, dtype=None):
    """Tensor.type(): the dtype's name ('Float32'); Tensor.type(dtype): self cast to dtype."""
    if dtype is None:
        return str(self.dtype)
    return array_func.cast(self, mstype.as_dtype(dtype))


def _type_as(self, other) -> Tensor:
    _check_tensor_arg("type_as", "other", other)
    return array_func.cast(self, other.dtype)


def _new_shape(method: str, size) -> tuple:
    if isinstance(size, numbers.Integral) and not isinstance(size, bool):
        return (int(size),)
    if isinstance(size, (tuple, list)) and all(isinstance(s, numbers.Integral) and not isinstance(s, bool)
                                              for s in size):
        return tuple(int(s) for s in size)
    raise TypeError(f"For 'Tensor.{method}', the 'size' must be an int or a tuple or list of ints, but got "
                    f"{size!r}.")


def _new_full(self, size, fill_value, *, dtype=None) -> Tensor:
    """A new Tensor of shape `size` holding `fill_value`, of self's dtype unless `dtype`."""
    return array_func.full(_new_shape("new_full", size), fill_value, dtype=dtype or self.dtype)


def _new_zeros(self, size, dtype=None) -> Tensor:
    """Zeros of shape `size`, of self's dtype unless `dtype`."""
    return array_func.zeros(_new_shape("new_zeros", size), dtype or self.dtype)


def _new_ones(self, size, dtype=None) -> Tensor:
    """Ones of shape `size`, of self's dtype unless `dtype`."""
    return array_func.ones(_new_shape("new_ones", size), dtype or self.dtype)


def _new_empty(self, size, *, dtype=None, device=None) -> Tensor:
    """A new Tensor of shape `size` whose values are unspecified (spore gives zeros)."""
    return array_func.zeros(_new_shape("new_empty", size), dtype or self.dtype)


def _select(self, dim, index) -> Tensor:
    """Tensor.select(dim, index): the slice at `index` along `dim` (that axis removed).
    Tensor.select(condition, y): self where the bool Tensor `condition` is True, else y."""
    if isinstance(dim, Tensor):
        return selection_func.select(dim, self, index)
    for arg, value in (("dim", dim), ("index", index)):
        if not isinstance(value, numbers.Integral) or isinstance(value, bool):
            raise TypeError(f"For 'Tensor.select', the '{arg}' must be an int, but got {type(value).__name__}.")
    if not -self.ndim <= dim < self.ndim:
        raise IndexError(f"For 'Tensor.select', the 'dim' must be in range [{-self.ndim}, {self.ndim}), but "
                         f"got {dim}.")
    size = self.shape[dim]
    if not -size <= index < size:
        raise IndexError(f"For 'Tensor.select', the 'index' must be in range [{-size}, {size}) for dimension "
                         f"{dim}, but got {index}.")
    return self[(slice(None),) * (dim % self.ndim) + (index,)]


def _shape_args(method: str, args) -> tuple:
    """`*shape` given as ints or as one tuple or list."""
    if len(args) == 1 and isinstance(args[0], (tuple, list)):
        args = tuple(args[0])
    return _new_shape(method, args)


def _resize(self, *new_shape) -> Tensor:
    """Tensor.resize(*new_shape): the elements in row-major order, cut or padded with
    zeros to fill `new_shape`."""
    shape = _shape_args("resize", new_shape)
    if any(s < 0 for s in shape):
        raise ValueError(f"For 'Tensor.resize', the 'new_shape' can not hold negative sizes, but got {shape}.")
    count, flat = 1, array_func.reshape(self, (-1,))
    for s in shape:
        count *= s
    if count <= self.size:
        flat = flat[:count]
    else:
        flat = array_func.concat((flat, array_func.zeros((count - self.size,), self.dtype)))
    return array_func.reshape(flat, shape)


def _itemset(self, *args) -> Tensor:
    """Tensor.itemset(value), itemset(flat_index, value) or itemset(index_tuple, value):
    a copy of self with that one element set to `value`."""
    if not args:
        raise TypeError("For 'Tensor.itemset', at least one argument (the value) must be given.")
    *where, value = args
    if not where:
        if self.size != 1:
            raise ValueError(f"For 'Tensor.itemset', a Tensor of {self.size} elements needs the index of the "
                             f"element to set.")
        where = [0]
    if len(where) == 1 and isinstance(where[0], numbers.Integral):
        flat = _clone(array_func.reshape(self, (-1,)))
        if not -self.size <= where[0] < self.size:
            raise IndexError(f"For 'Tensor.itemset', the index {where[0]} is out of range for a Tensor of "
                             f"{self.size} elements.")
        flat[where[0]] = value
        return array_func.reshape(flat, self.shape)
    index = tuple(where[0]) if len(where) == 1 else tuple(where)
    if len(index) != self.ndim:
        raise ValueError(f"For 'Tensor.itemset', the index must have {self.ndim} entries, but got {len(index)}.")
    copy = _clone(self)
    copy[index] = value
    return copy


def _sum_to_size(self, *size) -> Tensor:
    """Tensor.sum_to_size(*size): self summed over the axes where `size` is 1 (or that
    `size` lacks at the front), so that the result has shape `size`."""
    shape = _shape_args("sum_to_size", size)
    lead = self.ndim - len(shape)
    if lead < 0 or any(s not in (1, d) for s, d in zip(shape, self.shape[lead:])):
        raise ValueError(f"For 'Tensor.sum_to_size', the 'size' {shape} must be expandable to the Tensor's "
                         f"shape {self.shape}.")
    result = self
    if lead:
        result = reduce_func.sum(result, tuple(range(lead)))
    ones = tuple(i for i, (s, d) in enumerate(zip(shape, self.shape[lead:])) if s == 1 and d != 1)
    if ones:
        result = reduce_func.sum(result, ones, keepdim=True)
    return result


def _argmax_with_value(self, axis=0, keep_dims=False):
    """(maximum values, their Int64 indices) along `axis`."""
    return reduce_func.max(self, axis, keep_dims)


def _argmin_with_value(self, axis=0, keep_dims=False):
    """(minimum values, their Int64 indices) along `axis`."""
    return reduce_func.min(self, axis, keep_dims)


def _byte(self) -> Tensor:
    return array_func.cast(self, mstype.uint8)


def _short(self) -> Tensor:
    return array_func.cast(self, mstype.int16)


def _move_to(self, to, blocking=True) -> Tensor:
    """A copy of self on device `to` ('CPU', 'GPU' or 'Ascend'); only the device the
    Tensor is on is available to spore's Tensors."""
    if to not in ("Ascend", "GPU", "CPU"):
        raise ValueError(f"For 'Tensor.move_to', the 'to' must be 'Ascend', 'GPU' or 'CPU', but got {to!r}.")
    if not isinstance(blocking, bool):
        raise TypeError(f"For 'Tensor.move_to', the 'blocking' must be a bool, but got {type(blocking).__name__}.")
    if to != self.device:
        raise RuntimeError(f"For 'Tensor.move_to', the device {to} is not available: spore keeps this Tensor "
                           f"on {self.device}.")
    return _clone(self)


def _value(self) -> Tensor:
    """The data as a Tensor: self for a Tensor, a Tensor of the current values for a Parameter."""
    return other_func.identity(self) if isinstance(self, Parameter) else self


def _data_get(self) -> Tensor:
    return self


def _data_set(self, value) -> None:
    _check_tensor_arg("data", "value", value)
    self.assign_value_cpp(value)


TENSOR_METHODS: dict = {
    **{name: _inplace(name, compute) for name, compute in _INPLACE.items()},
    "fill": _fill, "fills": _fills, "index_put": _index_put,
    "mT": property(_matrix_transpose), "H": property(_conjugate_transpose),
    "mH": property(_matrix_conjugate_transpose), "data": property(_data_get, _data_set),
    "clone": _clone, "contiguous": _contiguous, "type": _type, "type_as": _type_as,
    "byte": _byte, "short": _short,
    "new_full": _new_full, "new_zeros": _new_zeros, "new_ones": _new_ones, "new_empty": _new_empty,
    "select": _select, "resize": _resize, "itemset": _itemset, "sum_to_size": _sum_to_size,
    "argmax_with_value": _argmax_with_value, "argmin_with_value": _argmin_with_value,
    "move_to": _move_to, "value": _value,
}
"""Tensor methods this family provides (installed by tensor_methods.py)."""


# ---- the functional forms of some of these methods ---------------------------------------------


def _tensor_input(op: str, input) -> None:
    if not isinstance(input, Tensor):
        raise TypeError(f"For '{op}', the 'input' must be a Tensor, but got {type(input).__name__}.")


def clamp_(input: Tensor, min=None, max=None) -> Tensor:
    """Clamp `input` into [min, max] in place (as Tensor.clamp_); returns `input`."""
    _tensor_input("clamp_", input)
    return TENSOR_METHODS["clamp_"](input, min, max)


def zero_(input: Tensor) -> Tensor:
    """Fill `input` with zeros in place (as Tensor.zero_); returns `input`."""
    _tensor_input("zero_", input)
    return TENSOR_METHODS["zero_"](input)


def move_to(input: Tensor, to: str = "CPU", blocking: bool = True) -> Tensor:
    """A copy of `input` on device `to` (as Tensor.move_to)."""
    _tensor_input("move_to", input)
    return _move_to(input, to, blocking)
