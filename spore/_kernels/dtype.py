"""MindSpore's data types: the objects users pass as `dtype=` and see in `Tensor.dtype`.

Each dtype is one immutable object (`float32`, `int64`, ...) that prints as MindSpore
prints it (`Float32`). This module is pure Python: it knows names, sizes, NumPy
equivalents and the promotion rules; which torch dtype backs each one is `tensor_data`'s job.
It lives with the kernels, which read it, and is `mindspore.common.dtype` (`spore.common.dtype`).
"""
from __future__ import annotations

import enum

import numpy as np


class Type:
    """Base of every MindSpore type object: str() is MindSpore's name (`Float32`),
    repr() the Python spelling (`mindspore.float32`)."""

    __slots__ = ("_name",)

    def __init__(self, name: str):
        self._name = name

    def __str__(self) -> str:
        return self._name

    def __repr__(self) -> str:
        return "mindspore." + _PYTHON_NAMES.get(self._name, self._name)

    def __reduce__(self):
        return (_dtype_by_name, (self._name,))


class Number(Type):
    """A tensor element type. `kind` orders categories for promotion."""

    __slots__ = ("bits", "kind", "np_type")

    KIND_BOOL, KIND_UINT, KIND_INT, KIND_FLOAT, KIND_COMPLEX = 0, 1, 1, 2, 3

    def __init__(self, name: str, bits: int, kind: int, np_type):
        super().__init__(name)
        self.bits = bits
        self.kind = kind
        self.np_type = np_type

    @property
    def itemsize(self) -> int:
        return max(self.bits // 8, 1)

    @property
    def is_floating_point(self) -> bool:
        return self.kind == Number.KIND_FLOAT

    @property
    def is_complex(self) -> bool:
        return self.kind == Number.KIND_COMPLEX


class Bool(Number):
    __slots__ = ()


class Int(Number):
    __slots__ = ()


class UInt(Number):
    __slots__ = ()


class Float(Number):
    __slots__ = ()


class BFloat(Number):
    __slots__ = ()


class Complex(Number):
    __slots__ = ()


class TensorType(Type):
    """The type of a Tensor whose element type is `element_type` (mstype.tensor_type)."""

    __slots__ = ("element_type",)

    def __init__(self, element_type: Number | None = None):
        super().__init__("Tensor" if element_type is None else f"Tensor[{element_type}]")
        self.element_type = element_type

    def __eq__(self, other):
        return isinstance(other, TensorType) and other.element_type is self.element_type

    def __hash__(self):
        return hash(("TensorType", self.element_type))

    def __repr__(self) -> str:
        if self.element_type is None:
            return "mindspore.tensor"
        return f"mindspore.tensor[{_PYTHON_NAMES[self.element_type._name]}]"


_K = Number
bool_ = Bool("Bool", 8, _K.KIND_BOOL, np.bool_)
int8 = Int("Int8", 8, _K.KIND_INT, np.int8)
int16 = Int("Int16", 16, _K.KIND_INT, np.int16)
int32 = Int("Int32", 32, _K.KIND_INT, np.int32)
int64 = Int("Int64", 64, _K.KIND_INT, np.int64)
uint8 = UInt("UInt8", 8, _K.KIND_UINT, np.uint8)
uint16 = UInt("UInt16", 16, _K.KIND_UINT, np.uint16)
uint32 = UInt("UInt32", 32, _K.KIND_UINT, np.uint32)
uint64 = UInt("UInt64", 64, _K.KIND_UINT, np.uint64)
float16 = Float("Float16", 16, _K.KIND_FLOAT, np.float16)
float32 = Float("Float32", 32, _K.KIND_FLOAT, np.float32)
float64 = Float("Float64", 64, _K.KIND_FLOAT, np.float64)
bfloat16 = BFloat("BFloat16", 16, _K.KIND_FLOAT, None)
complex64 = Complex("Complex64", 64, _K.KIND_COMPLEX, np.complex64)
complex128 = Complex("Complex128", 128, _K.KIND_COMPLEX, np.complex128)

# MindSpore's aliases (NumPy's C names, plus float_ / int_ / uint).
byte, short, intc, intp = int8, int16, int32, int64
ubyte, ushort, uintc, uintp = uint8, uint16, uint32, uint64
half, single, double = float16, float32, float64
float_, int_, uint = float32, int32, uint32
cfloat, cdouble, long = complex64, complex128, int64

# Low-precision formats of quantized models: dtype objects that configurations name and
# compare; spore has no kernels for them, so they are not among `all_types`.
float8_e4m3fn = Float("Float8E4M3FN", 8, _K.KIND_FLOAT, None)
float8_e5m2 = Float("Float8E5M2", 8, _K.KIND_FLOAT, None)
hifloat8 = Float("HiFloat8", 8, _K.KIND_FLOAT, None)
qint4x2 = Int("Int4", 4, _K.KIND_INT, None)

string = Type("String")
type_none = Type("None")
type_type = Type("TypeType")


class _NullType(Type):
    """The type of `_null`: the value of an argument that was not given, where None is a
    meaningful value."""

    __slots__ = ()


_null = _NullType("Null")
list_ = Type("List")
tuple_ = Type("Tuple")
tensor_type = TensorType
tensor = TensorType()
number = Type("Number")

all_types = (bool_, int8, int16, int32, int64, uint8, uint16, uint32, uint64,
             float16, float32, float64, bfloat16, complex64, complex128)
int_type = (int8, int16, int32, int64)
uint_type = (uint8, uint16, uint32, uint64)
float_type = (float16, float32, float64, bfloat16)
signed_type = int_type + float_type + (complex64, complex128)
complex_type = (complex64, complex128)
number_type = all_types[1:]

_PYTHON_NAMES = {"Bool": "bool", "BFloat16": "bfloat16", "Float8E4M3FN": "float8_e4m3fn",
                 "Float8E5M2": "float8_e5m2", "HiFloat8": "hifloat8", "Int4": "int4", "String": "string_",
                 "None": "type_none", "TypeType": "type_type", "List": "list_", "Tuple": "tuple_",
                 "Null": "Null"}
_PYTHON_NAMES.update({t._name: t._name.lower() for t in all_types if t._name not in _PYTHON_NAMES})

_BY_NAME = {t._name: t for t in all_types}
_BY_NAME.update({t._name.lower(): t for t in all_types})
_BY_NAME.update({"bool": bool_, "bool_": bool_, "float": float32, "int": int64,
                 "half": float16, "double": float64})
_BY_NP = {np.dtype(t.np_type): t for t in all_types if t.np_type is not None}


def _dtype_by_name(name: str) -> Number:
    return _BY_NAME[name]


def as_dtype(value) -> Number:
    """Any dtype spelling users pass (ms dtype, NumPy dtype or type, Python type, name)."""
    if isinstance(value, Number):
        return value
    if isinstance(value, str):
        found = _BY_NAME.get(value)
        if found is None:
            raise TypeError(f"The dtype name '{value}' is not a MindSpore data type; "
                            f"expected one of {sorted(t._name.lower() for t in all_types)}.")
        return found
    if value is bool:
        return bool_
    if value is int:
        return int64
    if value is float:
        return float32
    if value is complex:
        return complex64
    try:
        np_dtype = np.dtype(value)
    except TypeError:
        np_dtype = None
    if np_dtype is not None and np_dtype in _BY_NP:
        return _BY_NP[np_dtype]
    raise TypeError(f"The dtype must be a MindSpore dtype such as mindspore.float32, "
                    f"but got {value!r}.")


def dtype_to_nptype(type_: Number):
    """The NumPy scalar type of a MindSpore dtype (bfloat16 has none: float32 is used)."""
    return type_.np_type if type_.np_type is not None else np.float32


def dtype_to_pytype(type_: Number) -> type:
    """The Python built-in type that holds values of `type_`."""
    if type_ is bool_:
        return bool
    if type_.kind == Number.KIND_INT:
        return int
    if type_.kind == Number.KIND_FLOAT:
        return float
    return complex


def pytype_to_dtype(obj) -> Number:
    """The MindSpore dtype of a Python or NumPy type (int -> Int64, float -> Float32)."""
    return as_dtype(obj)


def is_float(t: Number) -> bool:
    return t.kind == Number.KIND_FLOAT


def is_int(t: Number) -> bool:
    return t.kind == Number.KIND_INT and t is not bool_


def _wider(a: Number, b: Number) -> Number:
    return a if a.bits >= b.bits else b


def promote_types(a: Number, b: Number) -> Number:
    """The result dtype of a binary op on two tensors (MindSpore 2.x rules).

    A higher category wins (bool < integer < float < complex); within a category the
    wider type wins; signed and unsigned integers meet in a signed type wide enough for
    both; float16 with bfloat16 gives float32.
    """
    if a is b:
        return a
    if a.kind != b.kind:
        high, low = (a, b) if a.kind > b.kind else (b, a)
        if high.kind == Number.KIND_COMPLEX and low is float64:
            return complex128
        return high
    if a.kind == Number.KIND_FLOAT and a.bits == b.bits == 16:
        return float32
    if isinstance(a, UInt) != isinstance(b, UInt):
        signed, unsigned = (b, a) if isinstance(a, UInt) else (a, b)
        if signed.bits > unsigned.bits:
            return signed
        return {8: int16, 16: int32, 32: int64, 64: int64}[unsigned.bits]
    return _wider(a, b)


def scalar_kind(value) -> int:
    """The promotion category of a Python scalar."""
    if isinstance(value, bool):
        return Number.KIND_BOOL
    if isinstance(value, int):
        return Number.KIND_INT
    if isinstance(value, float):
        return Number.KIND_FLOAT
    return Number.KIND_COMPLEX


_DEFAULT_OF_KIND = {Number.KIND_BOOL: bool_, Number.KIND_INT: int64,
                    Number.KIND_FLOAT: float32, Number.KIND_COMPLEX: complex64}


def promote_with_scalar(t: Number, value) -> Number:
    """The result dtype of a binary op on a tensor of dtype `t` and a Python scalar.

    The scalar only matters when its category is higher than the tensor's: int32 tensor
    + 1.5 gives Float32, float16 tensor + 1.5 stays Float16.
    """
    kind = scalar_kind(value)
    if kind <= t.kind:
        return t
    if kind == Number.KIND_COMPLEX and t is float64:
        return complex128
    return _DEFAULT_OF_KIND[kind]


def default_dtype_of(value) -> Number:
    """The dtype a Python scalar becomes as a Tensor (int -> Int64, float -> Float32)."""
    return _DEFAULT_OF_KIND[scalar_kind(value)]


_PY_OBJ_TYPES = ((bool, bool_), (int, int64), (float, float64), (complex, complex128), (str, string),
                 (list, list_), (tuple, tuple_), (type(None), type_none))
"""Python values and types by their MindSpore type, bool before its base class int."""


class QuantDtype(enum.Enum):
    """The integer formats of quantization: INT1 .. INT16 and UINT1 .. UINT16."""

    INT1, INT2, INT3, INT4, INT5, INT6, INT7, INT8 = range(8)
    INT9, INT10, INT11, INT12, INT13, INT14, INT15, INT16 = range(8, 16)
    UINT1, UINT2, UINT3, UINT4, UINT5, UINT6, UINT7, UINT8 = range(100, 108)
    UINT9, UINT10, UINT11, UINT12, UINT13, UINT14, UINT15, UINT16 = range(108, 116)

    def value(self) -> int:
        """The format's code (MindSpore makes `value` a method: `QuantDtype.INT8.value()`)."""
        return self._value_


# MindSpore also names dtypes `bool`, `int` and `float` (`mindspore.bool`, `mindspore.dtype.int`).
# As module globals they would hide Python's builtins from the code above, so they are
# attributes served on access instead.
DTYPES_NAMED_LIKE_BUILTINS = {"bool": bool_, "int": int32, "float": float32}


def __getattr__(name: str):
    try:
        return DTYPES_NAMED_LIKE_BUILTINS[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
