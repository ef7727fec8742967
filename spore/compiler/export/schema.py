"""MindSpore's MINDIR schema (`mind_ir.proto`): the field numbers of the messages spore
reads and writes, and the element types of tensors.

Only the fields a graph needs to be run are listed; the readers skip the others."""
from __future__ import annotations

import numpy as np

from ...common import dtype as mstype

# ModelProto
MODEL_IR_VERSION, MODEL_PRODUCER_NAME, MODEL_PRODUCER_VERSION, MODEL_DOMAIN, MODEL_MODEL_VERSION = 1, 2, 3, 4, 5
MODEL_DOC_STRING, MODEL_GRAPH, MODEL_FUNCTIONS, MODEL_LITTLE_ENDIAN, MODEL_PRIMITIVES = 6, 7, 8, 10, 12
MODEL_MIND_IR_VERSION, MODEL_USER_INFO = 13, 14

# GraphProto
GRAPH_NODE, GRAPH_NAME, GRAPH_PARAMETER, GRAPH_INPUT, GRAPH_OUTPUT, GRAPH_ATTRIBUTE = 1, 2, 3, 5, 6, 8

# NodeProto
NODE_INPUT, NODE_OUTPUT, NODE_NAME, NODE_OP_TYPE, NODE_ATTRIBUTE, NODE_DOMAIN = 1, 2, 3, 4, 5, 7

# ValueInfoProto
VALUE_INFO_NAME, VALUE_INFO_TENSOR, VALUE_INFO_DENOTATION, VALUE_INFO_ATTR_INFO = 1, 2, 4, 5

# PrimitiveProto
PRIM_NAME, PRIM_OP_TYPE, PRIM_ATTRIBUTE, PRIM_INSTANCE_NAME, PRIM_TYPE = 1, 2, 3, 4, 5
PRIMITIVE, PRIMITIVE_FUNCTION = 1, 2

# TensorProto
TENSOR_DIMS, TENSOR_DATA_TYPE, TENSOR_NAME, TENSOR_RAW_DATA, TENSOR_EXTERNAL_DATA, TENSOR_REF_KEY = 1, 2, 7, 9, 12, 13

# AttributeProto
ATTR_NAME, ATTR_F, ATTR_I, ATTR_D, ATTR_S, ATTR_T = 1, 2, 3, 4, 5, 6
ATTR_FLOATS, ATTR_INTS, ATTR_STRINGS, ATTR_TENSORS, ATTR_TYPE, ATTR_VALUES = 8, 10, 11, 12, 16, 17
ATTR_SEQ_INFO = 18

# AttributeProto.AttributeType
(A_FLOAT, A_UINT8, A_INT8, A_UINT16, A_INT16, A_INT32, A_INT64, A_STRING, A_BOOL, A_FLOAT16,
 A_DOUBLE, A_UINT32, A_UINT64) = range(1, 14)
A_TENSOR, A_TENSORS, A_TUPLE, A_LIST, A_UMONAD, A_IOMONAD, A_NONE = 17, 19, 20, 21, 23, 24, 25
INTEGER_ATTRIBUTES = (A_UINT8, A_INT8, A_UINT16, A_INT16, A_INT32, A_INT64, A_UINT32, A_UINT64)

# The MINDIR format version MindSpore 2.7.1 writes; from version 2 on, primitive-function
# ops take their arguments as node inputs (older files hold them as attributes).
MIND_IR_VERSION = 3

# TensorProto.DataType <-> spore dtype (FLOAT64 and DOUBLE both mean float64)
_DATA_TYPES = {
    1: mstype.float32, 2: mstype.uint8, 3: mstype.int8, 4: mstype.uint16, 5: mstype.int16, 6: mstype.int32,
    7: mstype.int64, 9: mstype.bool_, 10: mstype.float16, 11: mstype.float64, 12: mstype.uint32,
    13: mstype.uint64, 14: mstype.complex64, 15: mstype.complex128, 17: mstype.float64,
}
_CODES = {dtype: code for code, dtype in _DATA_TYPES.items() if code != 17}


def dtype_of(code: int, where: str):
    dtype = _DATA_TYPES.get(code)
    if dtype is None:
        raise RuntimeError(f"{where}: tensor element type {code} is not supported.")
    return dtype


def code_of(dtype) -> int:
    code = _CODES.get(dtype)
    if code is None:
        raise TypeError(f"For 'export', tensors of dtype {dtype} can not be written to MINDIR.")
    return code


def numpy_type(dtype) -> type:
    return np.dtype(mstype.dtype_to_nptype(dtype)).newbyteorder("<")
