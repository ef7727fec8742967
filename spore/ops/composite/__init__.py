"""`mindspore.ops.composite`: composite operations over several tensors
(clip_by_global_norm), MultitypeFuncGraph / HyperMap / Map and their helpers, the ops
functions MindSpore re-exports here, and the function transformations (GradOperation,
grad, vmap, jvp, ...), which spore.autograd defines: this path is their alias."""
from ..function.array_func import repeat_elements, repeat_interleave, sequence_mask
from ..function.linalg_func import batch_dot, dot, mm, tensor_dot, vecdot
from ..function.math_func import clip_by_value
from ..function.random_func import gamma, laplace, multinomial, normal, poisson, uniform
from ..function.reduce_func import count_nonzero, cummin
from .base import (HyperMap, Map, MultitypeFuncGraph, _ones_like_for_grad, add_flags, augassign_add, augassign_div,
                   augassign_floordiv, augassign_mod, augassign_mul, augassign_sub, env_get, hyper_add,
                   iter_converter, ms_hasnext, ms_next, ones_like, recompute_block, tail, zeros_like, zip_operation)
from .clip import clip_by_global_norm, clip_by_norm
from .math_ops import matmul
from ..._path_alias import resolver

TRANSFORMATIONS = frozenset({"GradOperation", "_Grad", "grad", "value_and_grad", "vjp", "J", "jvp", "linearize",
                             "jacrev", "jacfwd", "jet", "derivative", "get_grad", "vmap", "_Vmap"})
"""The names of mindspore.ops (and ops.composite) that spore.autograd defines."""

__getattr__, _ = resolver(__name__, "spore.autograd", TRANSFORMATIONS)
