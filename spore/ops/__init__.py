"""Operators: Primitive classes (`ops.Add`), the functional API (`ops.add`) and, through
`tensor_methods`, the Tensor operators and methods (`x + y`, `x.sum()`)."""
from . import tensor_methods
from .function import *
from .operations import *
from .primitive import Primitive, PrimitiveWithCheck, PrimitiveWithInfer, TensorSpec, prim_attr_register
