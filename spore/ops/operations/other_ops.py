"""State and control primitives: Assign, AssignAdd, AssignSub, CopyWithSlice, Depend,
Identity, Reshard, Print, GetNext, and Raise (the `raise` and `assert` of compiled code).

The assign family updates a variable (usually a Parameter) the spore way: the variable
Tensor is rebound to new storage holding the result, and the old storage is never
written. So a NumPy array taken from the variable earlier (`variable.asnumpy()`) keeps
the old values, where MindSpore's would see the update.
"""
from __future__ import annotations

import copy
import math

from ..._kernels.tensor_data import RawTensor
from ...common import dtype as mstype
from ...common.tensor import Tensor, wrap
from ..primitive import Primitive, TensorSpec
from ..validator import check_tensor, check_type, dtype_of
from .print_format import graph_tensor_text, graph_value_text

__all__ = ["Assign", "AssignAdd", "AssignSub", "CopyWithSlice", "Depend", "Identity", "Reshard", "Print",
           "GetNext"]


class _AssignOp(Primitive):
    """(variable, value) -> variable updated with value, of the same shape.

    `value` (a Tensor or a number) must have the variable's shape, and a dtype that
    converts to the variable's without loss (an int value into a float variable, not a
    float64 value into a float32 one). Returns a Tensor holding the new value."""

    side_effect = True
    state_positions = (0,)
    state_results = (0,)
    output_results = 0

    accepts_bool = True

    def check(self, variable, value):
        if not (hasattr(variable, "shape") and isinstance(getattr(variable, "dtype", None),
                                                          mstype.Number)):
            raise TypeError(f"For '{self.name}', the 'variable' must be a Tensor or a Parameter, "
                            f"but got {type(variable).__name__}.")
        if not self.accepts_bool and variable.dtype is mstype.bool_:
            raise TypeError(f"For '{self.name}', the dtype of 'variable' must be a number type, "
                            f"but got {variable.dtype}.")
        value_dtype = dtype_of(value)
        if value_dtype is None:
            raise TypeError(f"For '{self.name}', the 'value' must be a Tensor or a number, but got "
                            f"{type(value).__name__}.")
        value_shape = tuple(value.shape) if hasattr(value, "shape") else ()
        if value_shape != tuple(variable.shape):
            raise ValueError(f"For '{self.name}', the 'value' must have the shape of 'variable' "
                             f"{tuple(variable.shape)}, but got {value_shape}.")
        if _converted_dtype(variable.dtype, value) is not variable.dtype:
            raise TypeError(f"For '{self.name}', the 'value' of dtype {value_dtype} can not be "
                            f"converted to the dtype of 'variable' ({variable.dtype}) without loss.")

    def infer(self, variable, value):
        self.check(variable, value)
        return TensorSpec(variable.shape, variable.dtype)


def _converted_dtype(target: mstype.Number, value) -> mstype.Number:
    """The dtype of `target` combined with `value` (a Tensor or a Python number)."""
    if hasattr(value, "shape"):
        return mstype.promote_types(target, value.dtype)
    return mstype.promote_with_scalar(target, value)


class Assign(_AssignOp):
    """Assign()(variable, value): set the variable to value."""


class AssignAdd(_AssignOp):
    """AssignAdd()(variable, value): variable += value."""

    accepts_bool = False


class AssignSub(_AssignOp):
    """AssignSub()(variable, value): variable -= value."""

    accepts_bool = False


class CopyWithSlice(_AssignOp):
    """CopyWithSlice()(x, y): the Tensor y copied into x (in MindSpore, into the strided
    view x may be), which then holds y's values; returns x. y must be a Tensor of x's
    shape and dtype: MindSpore's copy checks them when it runs (RuntimeError)."""

    accepts_bool = True

    def check(self, variable, value):
        check_tensor(self.name, "x", variable)
        if not (hasattr(value, "shape") and isinstance(getattr(value, "dtype", None), mstype.Number)):
            raise RuntimeError(f"For '{self.name}', the 'y' must be a Tensor, but got {type(value).__name__}.")
        if tuple(value.shape) != tuple(variable.shape):
            raise RuntimeError(f"For '{self.name}', the shape of 'y' must be the shape of 'x' "
                               f"{tuple(variable.shape)}, but got {tuple(value.shape)}.")
        if value.dtype is not variable.dtype:
            raise RuntimeError(f"For '{self.name}', the dtype of 'y' must be the dtype of 'x' ({variable.dtype}), "
                               f"but got {value.dtype}.")


class Depend(Primitive):
    """Depend()(value, expr) -> value. In Graph mode it makes `expr` (a side effect such
    as an Assign) run before `value` is used; in PyNative mode everything already ran in
    order, so the call returns `value` itself."""

    def __call__(self, value, expr):
        return value

    def infer(self, value, expr):
        return TensorSpec(value.shape, value.dtype) if hasattr(value, "shape") else value


class Identity(Primitive):
    """Identity()(x) -> a copy of the Tensor x."""

    def infer(self, x):
        check_tensor(self.name, "x", x)
        return TensorSpec(x.shape, x.dtype)


class Reshard(Primitive):
    """Reshard(in_layout, out_layout, in_strategy)(tensor) -> tensor's values, to be laid
    out over the devices as `out_layout` says (`mindspore.reshard` builds it). One process
    holds the whole tensor, so the values pass unchanged; the layouts are kept as the
    primitive's attributes."""

    def __init__(self, in_layout, out_layout, in_strategy):
        super().__init__()
        self.add_prim_attrs(in_layout=in_layout, out_layout=out_layout, in_strategy=in_strategy)

    def check(self, tensor):
        check_tensor(self.name, "tensor", tensor)

    def infer(self, tensor):
        check_tensor(self.name, "tensor", tensor)
        return TensorSpec(tensor.shape, tensor.dtype)


class Print(Primitive):
    """Print()(*inputs): write each input on its own line to stdout, as MindSpore does
    in PyNative mode: a Tensor (or Parameter) as `Tensor(shape=..., dtype=..., value=...)`,
    anything else as `str()` shows it. Returns None."""

    side_effect = True
    in_graph_format = False
    """Whether this instance prints as MindSpore's compiled graphs do (see print_format)."""

    def check(self, *inputs):
        for value in inputs:
            if isinstance(value, Tensor):
                value._data()   # a deferred initializer runs, so the values show

    def infer(self, *inputs):
        return None

    joined = False
    """Whether the inputs make one line of text (a print holding an f-string of graph
    Tensors, which MindSpore runs as Python's print), a Tensor showing as its NumPy array."""

    def in_graph(self) -> Print:
        """The Print a compiled graph runs: this one, printing in the graph format."""
        twin = Print()
        twin.in_graph_format = True
        twin.joined = self.joined
        return twin

    def lines(self, values) -> list:
        """The lines the kernel writes for its inputs."""
        if self.joined:
            return ["".join(map(_text_part, values))]
        return [self.printed(v) for v in values]

    def printed(self, value) -> str:
        """How the kernel shows one input: a Tensor's storage as the Tensor repr, anything
        else as str() does; in a graph, as graphs print them (print_format)."""
        if self.in_graph_format:
            if isinstance(value, RawTensor):
                tensor = wrap(value)
                return graph_tensor_text(tensor.asnumpy(), str(tensor.dtype))
            return graph_value_text(value, self.printed)
        if isinstance(value, RawTensor):
            return Tensor.__repr__(wrap(value))
        return str(_as_tensors(value))


class RuntimeText:
    """An f-string holding Tensors computed in a graph: its parts (strings and Tensors),
    joined when the graph prints it."""

    def __init__(self, parts: list):
        self.parts = [part for part in parts if not (isinstance(part, str) and not part)]

    def __add__(self, other):
        if isinstance(other, (str, RuntimeText)):
            return RuntimeText(self.parts + (other.parts if isinstance(other, RuntimeText) else [other]))
        return NotImplemented

    def __radd__(self, other):
        if isinstance(other, str):
            return RuntimeText([other] + self.parts)
        return NotImplemented


def graph_print(args: tuple) -> None:
    """`print(*args)` in a graph: each argument on a line of its own, as MindSpore's
    graphs print; with an f-string of graph Tensors among them, one line as Python's
    print writes it."""
    if not any(isinstance(arg, RuntimeText) for arg in args):
        return Print()(*args)
    inputs = []
    for i, arg in enumerate(args):
        inputs += ([" "] if i else []) + (arg.parts if isinstance(arg, RuntimeText) else [arg])
    prim = Print()
    prim.joined = True
    return prim(*inputs)


def _text_part(value) -> str:
    if isinstance(value, RawTensor):
        return str(wrap(value).asnumpy())
    return str(value)


def _as_tensors(value):
    """`value` with the storage the kernel received inside lists and tuples shown as the
    Tensors they were."""
    if isinstance(value, RawTensor):
        return wrap(value)
    if type(value) in (tuple, list):
        return type(value)(_as_tensors(v) for v in value)
    return value


class Raise(Primitive):
    """Raise(error)(condition): raise `error` (an exception object) where the one-element
    `condition` is true when the call runs: a compiled `raise` under a Tensor condition,
    or an `assert` on a Tensor. Returns None."""

    side_effect = True

    def __init__(self, error: BaseException):
        super().__init__()
        if not isinstance(error, BaseException):
            raise TypeError(f"For '{self.name}', the 'error' must be an exception, but got {type(error).__name__}.")
        self.error = error

    def check(self, condition):
        self.infer(condition)
        if condition.item():   # the error itself, not a failure of the call
            raise copy.copy(self.error).with_traceback(None)

    def infer(self, condition):
        check_tensor(self.name, "condition", condition)
        if math.prod(condition.shape) != 1:
            raise ValueError(f"For '{self.name}', the 'condition' must have one element, but got shape "
                             f"{condition.shape}.")
        return None


class GetNext(Primitive):
    """GetNext(types, shapes, output_num, shared_name)(): the next batch of a device data
    queue, in MindSpore's dataset sink mode.

    spore feeds data from the host and has no device queue: building the primitive
    works, calling it raises a RuntimeError saying to iterate the dataset instead."""

    side_effect = True

    def __init__(self, types, shapes, output_num, shared_name):
        super().__init__()
        check_type(self.name, "types", types, (list, tuple))
        check_type(self.name, "shapes", shapes, (list, tuple))
        if len(types) != len(shapes):
            raise ValueError(f"For '{self.name}', 'types' and 'shapes' must have the same length, "
                             f"but got {len(types)} and {len(shapes)}.")
        check_type(self.name, "output_num", output_num, int)
        self.add_prim_attrs(types=types, shapes=shapes, output_num=output_num,
                            shared_name=shared_name)

    def infer(self):
        return tuple(TensorSpec(shape, dtype) for shape, dtype in zip(self.shapes, self.types))
