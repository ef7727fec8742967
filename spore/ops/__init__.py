"""Operators: Primitive classes (`ops.Add`), the functional API (`ops.add`) and, through
`tensor_methods`, the Tensor operators and methods (`x + y`, `x.sum()`); the bprop
table and the gradient transformations (`ops.GradOperation`) over them."""
from . import tensor_methods  # installs Tensor methods
from .function import *
from .operations import *
from .primitive import Primitive, PrimitiveWithCheck, PrimitiveWithInfer, TensorSpec, constexpr, prim_attr_register
from . import bprop  # fills the bprop table
from .composite import (GradOperation, HyperMap, Map, MultitypeFuncGraph, _Grad, _ones_like_for_grad, _Vmap, add_flags,
                        augassign_add, augassign_div, augassign_floordiv, augassign_mod, augassign_mul, augassign_sub,
                        clip_by_global_norm, clip_by_norm, derivative, env_get, get_grad, grad, hyper_add,
                        iter_converter, jacfwd, jacrev, jet, jvp, linearize, ms_hasnext, ms_next, recompute_block,
                        tail, value_and_grad, vjp, vmap, zip_operation)
from ..autograd import register_tensor_hook  # installs Tensor.register_hook
from . import functional
from .operations import _mindspore_paths

_mindspore_paths.install()
