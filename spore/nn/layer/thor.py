"""THOR's layers: DenseThor, Conv2dThor, EmbeddingThor and EmbeddingLookupThor compute as Dense,
Conv2d, Embedding and EmbeddingLookup do and keep the statistics the second-order `thor`
optimizer preconditions with: a matrix from the layer's input on every call, and one from the
gradient of the layer's output when a gradient is taken (recorded by a Cell with its own
bprop, which passes the gradient on unchanged). They are Parameters that take no gradient.
"""
from __future__ import annotations

import numpy as np

from ... import ops
from ...common import dtype as mstype
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ..cell import Cell
from .basic import Dense
from .conv import Conv2d
from .embedding import Embedding, EmbeddingLookup

__all__ = ["DenseThor", "Conv2dThor", "EmbeddingThor", "EmbeddingLookupThor"]


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


def _covariance(rows, averaged: bool = True):
    """rows^T rows, over the number of rows when `averaged`."""
    product = ops.matmul(rows.T, rows)
    return product / rows.shape[0] if averaged else product


def _gradient_covariance(target: Parameter, averaged: bool = True):
    """The recorder of the covariance of dout, flattened to rows of the output's last axis."""
    def record(dout):
        ops.assign(target, _covariance(dout.reshape(-1, dout.shape[-1]), averaged))
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
        ops.assign(self.matrix_a, _covariance(x, averaged=False) / self.in_channels)
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
        ops.assign(self.matrix_a, _id_counts(ids, self.vocab_size))
        return self.get_g(super().construct(ids))


def _id_counts(ids, vocab_size: int):
    """How often each id in [0, vocab_size) occurs in `ids`, as float32."""
    ids = ids.reshape(-1)
    return ops.unsorted_segment_sum(ops.ones(ids.shape, mstype.float32), ids, vocab_size)


class Conv2dThor(Conv2d):
    """Conv2dThor(in_channels, out_channels, kernel_size, stride=1, pad_mode='same', padding=0, dilation=1,
    group=1, has_bias=False, weight_init='normal', bias_init='zeros')

    nn.Conv2d which also keeps K-FAC's statistics of a convolution. With P the input's patches
    (im2col of the padded input: one row of in_channels * kh * kw values per output position,
    N * H_out * W_out rows), each call sets `matrix_a_cov` to P^T P / rows and `a_normalizer` to
    rows; when a gradient is taken, with D the gradient of the convolution's output as rows of
    out_channels values, `matrix_g_cov` becomes D^T D / rows and `g_normalizer` rows. The
    covariances start as zeros, the normalizers as 1.

    MindSpore 2.7.1 builds this layer on CPU but can not run it there (its ThorIm2Col has no
    CPU kernel: a RuntimeError); the statistics above are K-FAC's definitions, not checked
    against its Ascend / GPU kernels.
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode='same', padding=0, dilation=1,
                 group=1, has_bias=False, weight_init='normal', bias_init='zeros'):
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation, group,
                         has_bias, weight_init, bias_init)
        self.thor = True
        kernel_h, kernel_w = self.kernel_size
        self.matrix_a_dim = self.in_channels * kernel_h * kernel_w
        self.matrix_g_dim = self.out_channels
        self.a_normalizer = Parameter(Tensor(np.ones(1, np.float32)), name="a_normalizer", requires_grad=False)
        self.g_normalizer = Parameter(Tensor(np.ones(1, np.float32)), name="g_normalizer", requires_grad=False)
        self.matrix_a_cov = _statistic("matrix_a_cov", self.matrix_a_dim, identity=False)
        self.matrix_g_cov = _statistic("matrix_g_cov", self.matrix_g_dim, identity=False)
        self.get_g = _OutputGradientStatistic(self._record_g)

    def construct(self, x):
        self._check_input(x, 4)
        patches = self._patches(x)
        ops.assign(self.matrix_a_cov, _covariance(patches))
        ops.assign(self.a_normalizer, ops.full((1,), patches.shape[0], dtype=mstype.float32))
        output = self.get_g(self.conv2d(x, self.weight))
        if self.has_bias:
            output = self.bias_add(output, self.bias)
        return output

    def _patches(self, x):
        """Rows of in_channels * kh * kw input values, one per output position."""
        (top, bottom), (left, right) = self._pads(x.shape[2:])
        if top or bottom or left or right:
            x = ops.pad(x, (left, right, top, bottom))
        columns = ops.unfold(x, self.kernel_size, self.dilation, 0, self.stride)
        return columns.transpose(0, 2, 1).reshape(-1, self.matrix_a_dim)

    def _pads(self, spatial) -> tuple:
        """The (begin, end) padding of height and width: 'same' puts the odd element at the end."""
        if self.pad_mode == "pad":
            pads = (self.padding,) * 4 if isinstance(self.padding, int) else self.padding
            return (pads[0], pads[1]), (pads[2], pads[3])
        if self.pad_mode == "valid":
            return (0, 0), (0, 0)
        pairs = []
        for size, kernel, stride, dilation in zip(spatial, self.kernel_size, self.stride, self.dilation):
            total = max((-(-size // stride) - 1) * stride + (kernel - 1) * dilation + 1 - size, 0)
            pairs.append((total // 2, total - total // 2))
        return tuple(pairs)

    def _record_g(self, dout):
        rows = dout.transpose(0, 2, 3, 1).reshape(-1, self.out_channels)
        ops.assign(self.matrix_g_cov, _covariance(rows))
        ops.assign(self.g_normalizer, ops.full((1,), rows.shape[0], dtype=mstype.float32))


class EmbeddingLookupThor(EmbeddingLookup):
    """EmbeddingLookupThor(vocab_size, embedding_size, param_init='normal', target='CPU',
    slice_mode='batch_slice', manual_shapes=None, max_norm=None, sparse=True)

    nn.EmbeddingLookup which, on target 'DEVICE', also sets `matrix_a` (vocab_size,) to how often
    each id occurs in the input on every call and, when a gradient is taken, `matrix_g`
    (embedding_size, embedding_size) to d^T d, d the gradient of the looked-up rows flattened to
    rows (not averaged). On target 'CPU' the statistics stay as they start, zeros, as in
    MindSpore 2.7.1.
    """

    def __init__(self, vocab_size, embedding_size, param_init='normal', target='CPU', slice_mode='batch_slice',
                 manual_shapes=None, max_norm=None, sparse=True):
        super().__init__(vocab_size, embedding_size, param_init, target, slice_mode, manual_shapes, max_norm, sparse)
        self.thor = True
        self.matrix_a = Parameter(Tensor(np.zeros(self.vocab_size, np.float32)), name="matrix_a",
                                  requires_grad=False)
        self.matrix_g = _statistic("matrix_g", self.embedding_size, identity=False)
        self.get_g = _OutputGradientStatistic(_gradient_covariance(self.matrix_g, averaged=False))

    def construct(self, indices):
        if self.target == "CPU":
            return self._lookup(indices)
        ops.assign(self.matrix_a, _id_counts(indices, self.vocab_size))
        return self.get_g(self._lookup(indices))
