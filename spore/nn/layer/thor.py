"""THOR's layers: DenseThor and EmbeddingThor compute as Dense and Embedding do and keep the
statistics the second-order `thor` optimizer preconditions with: `matrix_a`, from the layer's
input on every call, and `matrix_g`, from the gradient of the layer's output when a gradient
is taken (recorded by a Cell with its own bprop, which passes the gradient on unchanged).
Both are Parameters that take no gradient.
"""
from __future__ import annotations

import numpy as np

from ... import ops
from ...common import dtype as mstype
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ..cell import Cell
from .basic import Dense
from .embedding import Embedding

__all__ = ["DenseThor", "EmbeddingThor"]


class _OutputGradientStatistic(Cell):
    """Identity forward; its bprop hands the output's gradient to `record` and passes it on."""

    def __init__(self, record):
        super().__init__()
        self.record = record

    def construct(self, x):
        return x

    def bprop(self, x, out, dout):
        self.record(dout)
        return (dout,)


def _statistic(name: str, size: int, identity: bool) -> Parameter:
    values = np.eye(size, dtype=np.float32) if identity else np.zeros((size, size), np.float32)
    return Parameter(Tensor(values), name=name, requires_grad=False)


def _gradient_covariance(target: Parameter):
    """The recorder of dout^T dout / rows, dout flattened to rows of the output's last axis."""
    def record(dout):
        rows = dout.reshape(-1, dout.shape[-1])
        ops.assign(target, ops.matmul(rows.T, rows) / rows.shape[0])
    return record


class DenseThor(Dense):
    """DenseThor(in_channels, out_channels, weight_init='normal', bias_init='zeros', has_bias=True,
    activation=None)

    nn.Dense of a 2-D input x (N, in_channels), which also sets `matrix_a` (in_channels,
    in_channels) to x^T x / in_channels on every call (as MindSpore 2.7.1 does, in training and
    in eval), and, when a gradient is taken, `matrix_g` (out_channels, out_channels) to
    d^T d / N, d the gradient of x @ weight^T. Both start as identity matrices.
    """

    def __init__(self, in_channels, out_channels, weight_init='normal', bias_init='zeros', has_bias=True,
                 activation=None):
        super().__init__(in_channels, out_channels, weight_init, bias_init, has_bias, activation)
        self.thor = True
        self.matrix_a = _statistic("matrix_a", self.in_channels, identity=True)
        self.matrix_g = _statistic("matrix_g", self.out_channels, identity=True)
        self.get_g = _OutputGradientStatistic(_gradient_covariance(self.matrix_g))

    def construct(self, x):
        if x.ndim != 2:
            raise ValueError(f"For '{self.cls_name}', the input must be 2-D (N, in_channels), but got shape "
                             f"{tuple(x.shape)}.")
        ops.assign(self.matrix_a, ops.matmul(x.T, x) / self.in_channels)
        x = self.get_g(ops.matmul(x, self.weight.T))
        if self.has_bias:
            x = x + self.bias
        if self.activation_flag:
            x = self.activation(x)
        return x


class EmbeddingThor(Embedding):
    """EmbeddingThor(vocab_size, embedding_size, use_one_hot=False, embedding_table='normal',
    dtype=mstype.float32, padding_idx=None)

    nn.Embedding which also sets `matrix_a` (vocab_size,) to how often each id occurs in the
    input, on every call, and, when a gradient is taken, `matrix_g` (embedding_size,
    embedding_size) to d^T d / T, d the gradient of the looked-up rows flattened to T rows.
    Both start as zeros.
    """

    def __init__(self, vocab_size, embedding_size, use_one_hot=False, embedding_table='normal',
                 dtype=mstype.float32, padding_idx=None):
        super().__init__(vocab_size, embedding_size, use_one_hot, embedding_table, dtype, padding_idx)
        self.thor = True
        self.matrix_a = Parameter(Tensor(np.zeros(self.vocab_size, np.float32)), name="matrix_a",
                                  requires_grad=False)
        self.matrix_g = _statistic("matrix_g", self.embedding_size, identity=False)
        self.get_g = _OutputGradientStatistic(_gradient_covariance(self.matrix_g))

    def construct(self, ids):
        counts = ops.one_hot(ids.reshape(-1), self.vocab_size, self.on_value, self.off_value).sum(0)
        ops.assign(self.matrix_a, counts.astype(mstype.float32))
        return self.get_g(super().construct(ids))
