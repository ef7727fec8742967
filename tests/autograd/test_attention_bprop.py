"""Gradients through the attention and MoE functions (compositions of spore ops):
numerical checks in float64 of query, key, value and pse_shift, masked and unmasked, with
dropout and packed (TND) sequences for flash_attention_score; of
the merged outputs and statistics of ring_attention_update; of the shuffled tokens and
the probabilities of moe_token_permute / unpermute."""
from __future__ import annotations

import numpy as np
import pytest

import spore as ms
from spore import ops
from spore.ops.operations.attention_ops import ScaledDotProductAttention
from tests.ops.op_testing import OpCase, case_id, rand

from .gradcheck import check_gradients

f64 = np.float64
B, N, KVN, S, D = 1, 2, 1, 3, 2
CAUSAL = np.triu(np.ones((S, S), bool), 1)


def _pfa(q, k, v):
    return ops.prompt_flash_attention(q, k, v, attn_mask=ms.Tensor(CAUSAL), num_heads=N, num_key_value_heads=KVN,
                                      scale_value=0.6)


_pfa.__name__ = "prompt_flash_attention"


def _pfa_pse(q, k, v, pse):
    return ops.prompt_flash_attention(q, k, v, pse_shift=pse, num_heads=N, input_layout="BNSD",
                                      actual_seq_lengths_kv=[2])


_pfa_pse.__name__ = "prompt_flash_attention"


def _ifa(q, k, v):
    return ops.incre_flash_attention(q, [k], [v], num_heads=N, num_key_value_heads=KVN, scale_value=0.8)


_ifa.__name__ = "incre_flash_attention"


def _fias(q, k, v):
    return ops.fused_infer_attention_score(q, k, v, num_heads=N, input_layout="BSND")[0]


_fias.__name__ = "fused_infer_attention_score"


DROP_BYTES = np.array([[[[0b10110101], [0b01101110], [0b11111011]]] * N], np.uint8)   # (B, N, S, 8 // 8)


def _flash_dropout(q, k, v, shift):
    return ops.flash_attention_score(q, k, v, N, real_shift=shift, drop_mask=ms.Tensor(DROP_BYTES), keep_prob=0.8,
                                     scalar_value=0.6, input_layout="BNSD")


_flash_dropout.__name__ = "flash_attention_score"


def _flash_tnd(q, k, v):
    return ops.flash_attention_score(q, k, v, N, input_layout="TND", actual_seq_qlen=[2, 5], actual_seq_kvlen=[3, 6],
                                     attn_mask=ms.Tensor(np.triu(np.ones((2048, 2048), bool), 1)), sparse_mode=3)


_flash_tnd.__name__ = "flash_attention_score"


def _flash_sbh(q, k, v):
    return ops.flash_attention_score(q, k, v, N, input_layout="SBH", attn_mask=ms.Tensor(CAUSAL))


_flash_sbh.__name__ = "flash_attention_score"


def _stat(*shape):
    return np.repeat(rand(*shape, 1, low=0.1, high=2.0, dtype=f64), 8, -1)


EXPERTS = np.array([[2, 0], [1, 2], [0, 0]], np.int32)
PERMUTATION = np.array([3, 0, 5, 1, 4, 2], np.int32)

def _msda(value, locations, weight):
    return ops.multi_scale_deformable_attn_function(value, ms.Tensor(np.array([[2, 2], [1, 3]])),
                                                    ms.Tensor(np.array([0, 4])), locations, weight)


_msda.__name__ = "multi_scale_deformable_attn_function"

def _sdpa(q, k, v):
    return ScaledDotProductAttention(0.7)(q, k, v)[0]


_sdpa.__name__ = "ScaledDotProductAttention"


GRAD_CASES = [
    OpCase(_sdpa, (rand(2, 2, 3, 2, dtype=f64), rand(2, 2, 4, 2, dtype=f64), rand(2, 2, 4, 2, dtype=f64)), None,
           prim="ScaledDotProductAttention"),
    OpCase(_pfa, (rand(B, S, N * D, dtype=f64), rand(B, S, KVN * D, dtype=f64), rand(B, S, KVN * D, dtype=f64)),
           None),
    OpCase(_pfa_pse, (rand(B, N, S, D, dtype=f64), rand(B, N, S, D, dtype=f64), rand(B, N, S, D, dtype=f64),
                      rand(1, N, S, S, dtype=f64)), None),
    OpCase(_ifa, (rand(B, 1, N * D, dtype=f64), rand(B, S, KVN * D, dtype=f64), rand(B, S, KVN * D, dtype=f64)),
           None),
    OpCase(_fias, (rand(B, S, N, D, dtype=f64), rand(B, S, N, D, dtype=f64), rand(B, S, N, D, dtype=f64)), None),
    OpCase(_flash_dropout, (rand(B, N, S, D, dtype=f64), rand(B, KVN, 8, D, dtype=f64), rand(B, KVN, 8, D, dtype=f64),
                            rand(1, N, S, 8, dtype=f64)), None),
    OpCase(_flash_tnd, (rand(5, N, D, dtype=f64), rand(6, KVN, D, dtype=f64), rand(6, KVN, D, dtype=f64)), None),
    OpCase(_flash_sbh, (rand(S, B, N * D, dtype=f64), rand(S, B, KVN * D, dtype=f64), rand(S, B, KVN * D, dtype=f64)),
           None),
    OpCase(ops.ring_attention_update, (rand(3, 2, 4, dtype=f64), _stat(2, 2, 3), _stat(2, 2, 3),
                                       rand(3, 2, 4, dtype=f64), _stat(2, 2, 3), _stat(2, 2, 3)), None),
    OpCase(ops.moe_token_permute, (rand(3, 4, dtype=f64), EXPERTS), None),
    OpCase(lambda x, w, o: ops.deformable_conv2d(x, w, o, (2, 2), (1, 1, 1, 2), (1, 0, 0, 1), groups=1,
                                                 deformable_groups=2),
           (rand(1, 2, 3, 4, dtype=f64), rand(3, 2, 2, 2, dtype=f64),
            rand(1, 24, 3, 2, low=-0.45, high=0.45, dtype=f64) + 0.5), None),
    OpCase(_msda, (rand(1, 7, 2, 8, dtype=f64), rand(1, 2, 2, 2, 2, 2, low=0.05, high=0.95, dtype=f64),
                   rand(1, 2, 2, 2, 2, dtype=f64)), None),
    OpCase(lambda x, e: ops.moe_init_routing_v2(x, e, 0, 2, 3, 1, 0, False), (rand(3, 4, dtype=f64), EXPERTS), None),
    OpCase(lambda x, e: ops.moe_init_routing_v2(x, e, 4, 0, 3, 0, 1, False), (rand(3, 4, dtype=f64), EXPERTS), None),
    OpCase(ops.moe_token_unpermute, (rand(5, 4, dtype=f64), PERMUTATION, rand(3, 2, dtype=f64)), None),
]


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_gradient(case):
    check_gradients(case.op, case.inputs)
