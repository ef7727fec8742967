"""Operators: Primitive classes (`ops.Add`), the functional API (`ops.add`) and, through
`tensor_methods`, the Tensor operators and methods (`x + y`, `x.sum()`); the bprop
table; and, as aliases of spore.autograd, the transformations (`ops.grad`, `ops.vmap`)."""
from . import tensor_methods  # installs Tensor methods
from .function import *
from .operations import *
from .primitive import (Primitive, PrimitiveWithCheck, PrimitiveWithInfer, TensorSpec, constexpr, prim_arg_register,
                        prim_attr_register)
from . import signature
from .op_info_register import (AiCPURegOp, CustomRegOp, DataType, TBERegOp, custom_info_register,
                               op_info_register)
from .vm_impl_registry import get_vm_impl_fn, vm_impl_registry
from . import bprop  # fills the bprop table
from .. import _path_alias
from . import composite
from .composite import (HyperMap, Map, MultitypeFuncGraph, _ones_like_for_grad, add_flags, augassign_add, augassign_div,
                        augassign_floordiv, augassign_mod, augassign_mul, augassign_sub, clip_by_global_norm,
                        clip_by_norm, env_get, hyper_add, iter_converter, ms_hasnext, ms_next, recompute_block, tail,
                        zip_operation)
from . import functional
from . import auto_generate, functional_overload
from .operations import _mindspore_paths

_mindspore_paths.install()

# The function transformations (ops.grad, ops.vmap, ...) are spore.autograd's, and the
# PyTorch-style collectives (ops.all_reduce, ops.init_process_group, ...) spore.communication's,
# both above this package: the names resolve there when asked for. (ops.gather and
# ops.scatter stay the array functions, as in MindSpore.)
from . import communication
_transformation, _ = _path_alias.resolver(__name__, "spore.autograd", composite.TRANSFORMATIONS)


def __getattr__(name: str):
    if name in communication.DISTRIBUTED_NAMES:
        return getattr(communication, name)
    return _transformation(name)
