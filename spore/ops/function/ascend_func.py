"""Functions of Ascend's fused kernels that MindSpore 2.7.1 runs on Ascend only:
speed_fusion_attention (attention with a position bias and dropout in one kernel) and
the expert-parallel token exchange of mixtures of experts (moe_distribute_dispatch,
moe_distribute_combine).

On the CPU MindSpore checks the arguments, then raises a RuntimeError (no CPU kernel;
the MoE pair names the Ascend chips it supports): spore does the same. On the CPU
`ops.flash_attention_score` computes attention with the same layouts.
"""
from __future__ import annotations

from ...common.tensor import Tensor

__all__ = ["speed_fusion_attention", "moe_distribute_dispatch", "moe_distribute_combine"]

_LAYOUTS = ("BSH", "BNSD", "SBH", "BSND", "TND")


def _check_tensors(op: str, **tensors) -> None:
    for arg, value in tensors.items():
        if not isinstance(value, Tensor):
            raise TypeError(f"For '{op}', the '{arg}' must be a Tensor, but got {type(value).__name__}.")


def _check_ints(op: str, **ints) -> None:
    for arg, value in ints.items():
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"For '{op}', the '{arg}' must be an int, but got {type(value).__name__}.")


def speed_fusion_attention(query, key, value, head_num, input_layout, *, pse=None, padding_mask=None,
                           atten_mask=None, scale=1.0, keep_prob=1.0, pre_tokens=2147483647,
                           next_tokens=2147483647, inner_precise=0, prefix=None, actual_seq_qlen=None,
                           actual_seq_kvlen=None, sparse_mode=0, gen_mask_parallel=True, sync=False, pse_type=1,
                           q_start_idx=None, kv_start_idx=None):
    """Dropout(Softmax(Mask(scale * (pse + query key^T)))) value in one Ascend kernel, with
    its softmax statistics and dropout seed (Atlas A2 only; see the module)."""
    op = "SpeedFusionAttention"
    _check_tensors(op, query=query, key=key, value=value)
    _check_ints(op, head_num=head_num)
    if input_layout not in _LAYOUTS:
        raise ValueError(f"For '{op}', the 'input_layout' must be one of {list(_LAYOUTS)}, but got {input_layout!r}.")
    raise RuntimeError(f"The kernel {op} unregistered: it runs on Ascend (Atlas A2) only; MindSpore 2.7.1 has no "
                       f"CPU kernel for it. Use ops.flash_attention_score on the CPU.")


def _only_on_ascend(op: str) -> RuntimeError:
    return RuntimeError(f"'{op}' only support [ascend910b, ascend910_93], but got the CPU: MindSpore 2.7.1 has no "
                        f"CPU kernel for it.")


def moe_distribute_dispatch(x, expert_ids, ep_world_size, ep_rank_id, moe_expert_num, expert_scales=None,
                            scales=None, x_active_mask=None, group_ep=None, group_tp=None, tp_world_size=0,
                            tp_rank_id=0, expert_shard_type=0, shared_expert_num=0, shared_expert_rank_num=0,
                            quant_mode=0, global_bs=0, expert_token_nums_type=0):
    """The tokens `x` sent to the ranks of their experts `expert_ids` (an all-to-all over
    the expert-parallel group, optionally quantized; Ascend 910B / 910_93 only)."""
    op = "MoeDistributeDispatch"
    _check_tensors(op, x=x, expert_ids=expert_ids)
    _check_ints(op, ep_world_size=ep_world_size, ep_rank_id=ep_rank_id, moe_expert_num=moe_expert_num)
    raise _only_on_ascend(op)


def moe_distribute_combine(expand_x, expert_ids, expand_idx, ep_send_counts, expert_scales, ep_world_size,
                           ep_rank_id, moe_expert_num, tp_send_counts=None, x_active_mask=None, activate_scale=None,
                           weight_scale=None, group_list=None, expand_scales=None, group_ep=None, group_tp=None,
                           tp_world_size=0, tp_rank_id=0, expert_shard_type=0, shared_expert_num=0,
                           shared_export_rank_num=0, global_bs=0, out_dtype=0, common_quant_mode=0,
                           group_list_type=0):
    """The experts' outputs `expand_x` sent back to their tokens' ranks and summed with
    the weights `expert_scales` (the inverse of moe_distribute_dispatch; Ascend 910B /
    910_93 only)."""
    op = "MoeDistributeCombine"
    _check_tensors(op, expand_x=expand_x, expert_ids=expert_ids, expand_idx=expand_idx,
                   ep_send_counts=ep_send_counts, expert_scales=expert_scales)
    _check_ints(op, ep_world_size=ep_world_size, ep_rank_id=ep_rank_id, moe_expert_num=moe_expert_num)
    raise _only_on_ascend(op)
