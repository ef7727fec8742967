"""MindSpore's op names and attributes in a MINDIR file <-> spore Primitives.

A MINDIR primitive is either a classic PRIMITIVE, whose arguments are its attributes
(Conv2D's kernel_size, stride...), or a PRIMITIVE_FUNCTION, whose node takes them as
trailing constant inputs (MatMul(x, w, transpose_a, transpose_b)). Both become an instance
of the spore Primitive of the same name, built from those values; the arguments the
Primitive's `infer` takes stay node inputs. Strings MindSpore stores as enum numbers
(data_format, pad_mode, reduction) are turned back into strings."""
from __future__ import annotations

import inspect

from ...ops import operations
from ...ops.primitive import Primitive

# Attribute names MindSpore writes -> the spore Primitive's argument names.
_ATTRIBUTE_ALIASES = {"format": "data_format"}

# Enum values of string arguments (MindSpore's str_to_enum).
_ENUMS = {
    "data_format": {0: "NCHW", 1: "NHWC", 14: "NCDHW"},
    "format": {0: "NCHW", 1: "NHWC", 14: "NCDHW"},
    "pad_mode": {0: "PAD", 1: "SAME", 2: "VALID"},
    "reduction": {0: "sum", 1: "mean", 2: "none"},
}
_ENUM_CODES = {name: {text: code for code, text in values.items()} for name, values in _ENUMS.items()}

# Window attributes MindSpore stores as (1, 1, h, w).
_NCHW_WINDOWS = {"MaxPool": ("kernel_size", "strides"), "AvgPool": ("kernel_size", "strides"),
                 "Conv2D": ("stride", "dilation")}


def primitive_class(op_type: str, file_name: str) -> type:
    cls = getattr(operations, op_type, None)
    if not (isinstance(cls, type) and issubclass(cls, Primitive)):
        raise RuntimeError(f"The MINDIR file '{file_name}' uses the op '{op_type}', which spore does not support.")
    return cls


def call_arity(cls: type) -> int:
    """How many inputs a Primitive's call takes (its `infer`'s arguments)."""
    params = list(inspect.signature(cls.infer).parameters.values())[1:]
    if any(p.kind is p.VAR_POSITIONAL for p in params):
        return -1
    return len(params)


def init_arguments(cls: type) -> list[str]:
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    return [p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]


def _from_file(op_type: str, name: str, value):
    if name in _ENUMS and isinstance(value, int) and not isinstance(value, bool):
        return _ENUMS[name].get(value, value)
    if op_type in _NCHW_WINDOWS and name in _NCHW_WINDOWS[op_type] and isinstance(value, tuple) and len(value) == 4:
        return value[2:]
    return value


def build_primitive(op_type: str, attrs: dict, trailing: tuple, file_name: str) -> Primitive:
    """The spore Primitive for a MINDIR op: `attrs` from a classic primitive, `trailing`
    the constant inputs of a primitive function beyond its call inputs."""
    cls = primitive_class(op_type, file_name)
    names = init_arguments(cls)
    kwargs = {}
    for key, value in attrs.items():
        name = _ATTRIBUTE_ALIASES.get(key, key)
        if name in names:
            kwargs[name] = _from_file(op_type, key, value)
    for name, value in zip(names, trailing):
        kwargs[name] = _from_file(op_type, name, value)
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as bad:
        raise RuntimeError(f"The MINDIR file '{file_name}' declares the op '{op_type}' with arguments spore can not "
                           f"use: {bad}") from None


def attributes_for_file(prim: Primitive) -> dict:
    """The attributes of a spore Primitive as MindSpore's classic primitive stores them."""
    out = {}
    windows = _NCHW_WINDOWS.get(prim.name, ())
    for name, value in prim.attrs.items():
        key = "format" if name == "data_format" else name
        if name in windows and isinstance(value, tuple) and len(value) == 2:
            value = (1, 1) + value
        out[key] = value
    if prim.name == "Conv2D":
        # MindSpore's kernel reads the padding it applies from 'pad_list' (top, bottom, left, right).
        out["pad_list"] = tuple(prim.attrs["pad"])
    return out
