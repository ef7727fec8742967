"""Fused communication-and-matmul functions of `mindspore.ops` (tensor parallelism):
all_gather_matmul and matmul_reduce_scatter, composed of the collective Primitives and
MatMul. MindSpore 2.7.1 runs them on Ascend only; spore computes them anywhere, so they
differentiate and compile as their parts do. (The PyTorch-style collectives of
`mindspore.ops` are spore.communication.distributed's.)"""
from __future__ import annotations

from ..operations import comm_ops as C
from .array_func import zeros
from .linalg_func import matmul

__all__ = ["all_gather_matmul", "matmul_reduce_scatter"]


_ONLY_DEFAULT = {"comm_turn": 0, "trans_input": False, "bias": None}


def _check_fused(api: str, group, world_size, **options) -> None:
    """`options`: comm_turn, trans_input and bias, of which MindSpore 2.7.1 supports only the defaults."""
    if not isinstance(group, str):
        raise TypeError(f"For '{api}', the 'group' must be str, but got {type(group).__name__}.")
    group_size = C.AllGather(group).group_size()
    if world_size != group_size:
        raise ValueError(f"For '{api}', the 'world_size' must be the size of group '{group}' ({group_size}), but got "
                         f"{world_size}.")
    for arg, value in options.items():
        default = _ONLY_DEFAULT[arg]
        if (value is not None) if default is None else (value is not default and value != default):
            raise ValueError(f"For '{api}', the '{arg}' supports only {default!r}, but got {value!r}.")


def all_gather_matmul(input, x2, group, world_size, *, bias=None, gather_index=0, gather_output=True, comm_turn=0,
                      trans_input=False, trans_x2=False):
    """input (m, k) on each rank, x2 (k, n) -> (AllGather(input) @ x2 of shape
    (m * world_size, n), AllGather(input) or, without `gather_output`, an empty tensor)."""
    _check_fused("all_gather_matmul", group, world_size, comm_turn=comm_turn, trans_input=trans_input, bias=bias)
    if gather_index != 0:
        raise ValueError(f"For 'all_gather_matmul', the 'gather_index' supports only 0, but got {gather_index!r}.")
    gathered = C.AllGather(group)(input)
    output = matmul(gathered, x2.T if trans_x2 else x2)
    return output, gathered if gather_output else zeros((0,), input.dtype)


def matmul_reduce_scatter(input, x2, group, world_size, *, reduce_op="sum", bias=None, comm_turn=0,
                          trans_input=False, trans_x2=False):
    """input (m, k), x2 (k, n) -> ReduceScatter(input @ x2): this rank's m / world_size rows
    of the ranks' products summed."""
    _check_fused("matmul_reduce_scatter", group, world_size, comm_turn=comm_turn, trans_input=trans_input,
                 bias=bias)
    if reduce_op != "sum":
        raise ValueError(f"For 'matmul_reduce_scatter', the 'reduce_op' supports only 'sum', but got {reduce_op!r}.")
    return C.ReduceScatter(reduce_op, group)(matmul(input, x2.T if trans_x2 else x2))
