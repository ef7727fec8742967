"""Gradients through the inference attention functions (compositions of spore ops):
numerical checks in float64 of query, key, value and pse_shift, masked and unmasked."""
from __future__ import annotations

import numpy as np
import pytest

import spore as ms
from spore import ops
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


GRAD_CASES = [
    OpCase(_pfa, (rand(B, S, N * D, dtype=f64), rand(B, S, KVN * D, dtype=f64), rand(B, S, KVN * D, dtype=f64)),
           None),
    OpCase(_pfa_pse, (rand(B, N, S, D, dtype=f64), rand(B, N, S, D, dtype=f64), rand(B, N, S, D, dtype=f64),
                      rand(1, N, S, S, dtype=f64)), None),
    OpCase(_ifa, (rand(B, 1, N * D, dtype=f64), rand(B, S, KVN * D, dtype=f64), rand(B, S, KVN * D, dtype=f64)),
           None),
    OpCase(_fias, (rand(B, S, N, D, dtype=f64), rand(B, S, N, D, dtype=f64), rand(B, S, N, D, dtype=f64)), None),
]


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_gradient(case):
    check_gradients(case.op, case.inputs)
