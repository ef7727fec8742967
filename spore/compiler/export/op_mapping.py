"""MindSpore's op names and attributes in a MINDIR file <-> spore Primitives.

A MINDIR primitive is either a classic PRIMITIVE, whose arguments are its attributes
(Conv2D's kernel_size, stride...), or a PRIMITIVE_FUNCTION, whose node takes them as
trailing constant inputs (MatMul(x, w, transpose_a, transpose_b)). Both become an instance
of the spore Primitive of the same name, built from those values; the arguments the
Primitive's `infer` takes stay node inputs. Strings MindSpore stores as enum numbers
(data_format, pad_mode, reduction) are turned back into strings, TypeId numbers into
dtypes."""
from __future__ import annotations

import inspect

from ...common import dtype as mstype
from ...ops.primitive import PRIMITIVES, Primitive
from .function_ops import FUNCTION_OPS
from .loadable_ops import LOADABLE_OPS

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

# Dtype arguments are MindSpore TypeId numbers in a file.
_TYPE_IDS = {
    mstype.bool_: 30, mstype.int8: 32, mstype.int16: 33, mstype.int32: 34, mstype.int64: 35, mstype.uint8: 37,
    mstype.uint16: 38, mstype.uint32: 39, mstype.uint64: 40, mstype.float16: 42, mstype.float32: 43,
    mstype.float64: 44, mstype.bfloat16: 45, mstype.complex64: 51, mstype.complex128: 52,
}
_DTYPES = {code: dtype for dtype, code in _TYPE_IDS.items()}
_DTYPE_ARGUMENTS = ("dtype", "output_type", "dst_type", "type")

# Arguments MindSpore types as tuples of ints, which spore also accepts as one int.
_REDUCTIONS = ("ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin", "ReduceProd", "ReduceAll", "ReduceAny")
_TUPLE_ARGUMENTS = {**dict.fromkeys(_REDUCTIONS, ("axis",)), "Softmax": ("axis",), "Squeeze": ("axis",)}

# Window attributes MindSpore stores as (1, 1, h, w) on classic primitives.
_NCHW_WINDOWS = {"MaxPool": ("kernel_size", "strides"), "AvgPool": ("kernel_size", "strides"),
                 "Conv2D": ("stride", "dilation")}


def value_from_file(op_type: str, name: str, value):
    """An argument as spore's Primitive takes it, from its form in a file."""
    if name in _ENUMS and isinstance(value, int) and not isinstance(value, bool):
        return _ENUMS[name].get(value, value)
    if name in _DTYPE_ARGUMENTS and isinstance(value, int) and not isinstance(value, bool):
        return _DTYPES.get(value, value)
    if op_type in _NCHW_WINDOWS and name in _NCHW_WINDOWS[op_type] and isinstance(value, tuple) and len(value) == 4:
        return value[2:]
    return value


def value_for_file(op_type: str, name: str, value):
    """An argument of a spore Primitive in the form MindSpore's loader expects."""
    if isinstance(value, mstype.Type) and value in _TYPE_IDS:
        return _TYPE_IDS[value]
    if name in _ENUM_CODES and isinstance(value, str):
        codes = _ENUM_CODES[name]
        return codes.get(value, codes.get(value.upper(), value))
    if name in _TUPLE_ARGUMENTS.get(op_type, ()) and isinstance(value, int):
        return (value,)
    return value


def call_arguments(cls: type) -> list[str]:
    """The names of a Primitive's call inputs (its `infer`'s arguments)."""
    params = list(inspect.signature(cls.infer).parameters.values())[1:]
    return [p.name for p in params if p.kind is not p.VAR_POSITIONAL]


def primitive_class(op_type: str, file_name: str) -> type:
    """The Primitive class of an op a file names: only ops of the allow-list (loadable_ops)."""
    cls = PRIMITIVES.get(op_type)
    if cls is None:
        raise RuntimeError(f"The MINDIR file '{file_name}' uses the op '{op_type}', which spore does not support.")
    if op_type not in LOADABLE_OPS:
        raise RuntimeError(f"The MINDIR file '{file_name}' uses the op '{op_type}', which spore does not load from a "
                           f"file: it is not an op that only computes (it can run code, touch files, devices or the "
                           f"network, or update state), so the file is refused.")
    return cls


def call_arity(cls: type) -> int:
    """How many inputs a Primitive's call takes (its `infer`'s arguments)."""
    params = list(inspect.signature(cls.infer).parameters.values())[1:]
    if any(p.kind is p.VAR_POSITIONAL for p in params):
        return -1
    return len(params)


def init_arguments(cls: type) -> list[str]:
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    return [p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY) and p.name != "name"]


def build_primitive(op_type: str, attrs: dict, trailing: tuple, file_name: str) -> Primitive:
    """The spore Primitive for a MINDIR op: `attrs` from a classic primitive, `trailing`
    the constant inputs of a primitive function beyond its call inputs."""
    cls = primitive_class(op_type, file_name)
    names = init_arguments(cls)
    kwargs = {}
    for key, value in attrs.items():
        name = _ATTRIBUTE_ALIASES.get(key, key)
        if name in names:
            kwargs[name] = value_from_file(op_type, key, value)
    for name, value in zip(names, trailing):
        kwargs[name] = value_from_file(op_type, name, value)
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as bad:
        raise RuntimeError(f"The MINDIR file '{file_name}' declares the op '{op_type}' with arguments spore can not "
                           f"use: {bad}") from None


def for_export(prim: Primitive) -> Primitive:
    """The Primitive written for `prim`: an equivalent one where MindSpore's CPU backend
    lacks `prim`'s kernel (SplitV into equal parts is Split)."""
    if prim.name == "SplitV" and len(set(prim.attrs["size_splits"])) == 1:
        return PRIMITIVES["Split"](axis=prim.attrs["split_dim"], output_num=prim.attrs["num_split"])
    return prim


def is_function_op(prim: Primitive) -> bool:
    return prim.name in FUNCTION_OPS


def function_arguments(prim: Primitive) -> tuple:
    """The init arguments of a primitive-function op, in order, as MindSpore's node
    inputs hold them (strings of enum arguments as their numbers)."""
    values = []
    for name in init_arguments(type(prim)):
        if name not in prim.attrs:
            raise RuntimeError(f"For 'export', the op '{prim.name}' does not record its argument '{name}', so it "
                               f"can not be written to MINDIR.")
        values.append(value_for_file(prim.name, name, prim.attrs[name]))
    return tuple(values)


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
