"""Operators: Primitive classes (`ops.Add`), the functional API (`ops.add`) and, through
`tensor_methods`, the Tensor operators and methods (`x + y`, `x.sum()`); the bprop
table and the gradient transformations (`ops.GradOperation`) over them."""
from . import tensor_methods  # installs Tensor methods
from .function import *
from .operations import *
from .primitive import Primitive, PrimitiveWithCheck, PrimitiveWithInfer, TensorSpec, constexpr, prim_attr_register
from . import bprop  # fills the bprop table
from .composite import GradOperation, clip_by_global_norm, clip_by_norm, grad, value_and_grad
from ..autograd import register_tensor_hook  # installs Tensor.register_hook
from . import functional
from .operations import _mindspore_paths

_mindspore_paths.install()
