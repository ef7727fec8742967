"""The nn functions of `ops` composed of other primitives (activations, normalizations,
similarity, embedding, pixel and channel rearrangements): forward against NumPy float64
references, bad input, and the random ones' statistics."""
import math

import numpy as np
import pytest

import spore as ms
from spore import ops

from .op_testing import ErrorCase, OpCase, rand, run_case, run_error_case

F16, F32, F64 = np.float16, np.float32, np.float64
TOL = {F16: {"rtol": 5e-3, "atol": 5e-3}, F32: {"rtol": 1e-5, "atol": 1e-5}, F64: {"rtol": 1e-10, "atol": 1e-12}}


def _in64(fn):
    """A reference computed in float64 and returned in the first input's dtype."""
    def reference(*args):
        dtype = args[0].dtype
        wide = [a.astype(F64) if isinstance(a, np.ndarray) and a.dtype.kind == "f" else a for a in args]
        return np.asarray(fn(*wide)).astype(dtype)
    return reference


def _cases(op, make_inputs, reference, dtypes=(F16, F32, F64), loose=1):
    return [OpCase(op, make_inputs(dt), reference, rtol=TOL[dt]["rtol"] * loose, atol=TOL[dt]["atol"] * loose)
            for dt in dtypes]


def _x(*shape, low=-3.0, high=3.0):
    return lambda dt: (rand(*shape, dtype=dt, low=low, high=high),)


def _softmax(x, axis=-1):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def _sigmoid(x):
    return 1 / (1 + np.exp(-x))


# ---- references ---------------------------------------------------------------------------
def _glu(axis):
    def reference(x):
        a, b = np.split(x, 2, axis)
        return a * _sigmoid(b)
    return reference


def _swiglu(axis):
    def reference(x):
        a, b = np.split(x, 2, axis)
        return a * _sigmoid(a) * b
    return reference


def _rms_norm(x, gamma, eps=1e-6):
    axes = tuple(range(x.ndim - gamma.ndim, x.ndim))
    rstd = 1 / np.sqrt((x.astype(F64) ** 2).mean(axes, keepdims=True) + eps)
    return (x * rstd).astype(x.dtype) * gamma, rstd.astype(np.promote_types(x.dtype, F32))


def _add_layer_norm(x1, x2, gamma, beta, eps=1e-5):
    x = x1 + x2
    axes = tuple(range(x.ndim - gamma.ndim, x.ndim))
    mean = x.astype(F64).mean(axes, keepdims=True)
    rstd = 1 / np.sqrt(((x - mean) ** 2).mean(axes, keepdims=True) + eps)
    wide = np.promote_types(x.dtype, F32)
    return ((x - mean) * rstd).astype(x.dtype) * gamma + beta, mean.astype(wide), rstd.astype(wide), x


def _renorm(p, axis, maxnorm):
    def reference(x):
        others = tuple(i for i in range(x.ndim) if i != axis % x.ndim)
        norms = (np.abs(x) ** p).sum(others, keepdims=True) ** (1 / p)
        return x * np.where(norms > maxnorm, maxnorm / (norms + 1e-7), 1)
    return reference


def _lrn(radius, bias, alpha, beta):
    def reference(x):
        squares = np.pad(x ** 2, ((0, 0), (radius, radius), (0, 0), (0, 0)))
        window = sum(squares[:, k:k + x.shape[1]] for k in range(2 * radius + 1))
        return x / (bias + alpha * window) ** beta
    return reference


def _cosine(dim, eps=1e-8):
    def reference(a, b):
        norms = np.sqrt((a * a).sum(dim) * (b * b).sum(dim))
        return (a * b).sum(dim) / np.maximum(norms, eps)
    return reference


def _pixel_shuffle(r):
    def reference(x):
        *lead, c, h, w = x.shape
        y = x.reshape(*lead, c // (r * r), r, r, h, w)
        k = len(lead)
        y = y.transpose(*range(k), k, k + 3, k + 1, k + 4, k + 2)
        return y.reshape(*lead, c // (r * r), h * r, w * r)
    return reference


def _pixel_unshuffle(r):
    def reference(x):
        *lead, c, h, w = x.shape
        y = x.reshape(*lead, c, h // r, r, w // r, r)
        k = len(lead)
        y = y.transpose(*range(k), k, k + 2, k + 4, k + 1, k + 3)
        return y.reshape(*lead, c * r * r, h // r, w // r)
    return reference


def _channel_shuffle(groups):
    def reference(x):
        n, c, *rest = x.shape
        return x.reshape(n, groups, c // groups, *rest).swapaxes(1, 2).reshape(x.shape)
    return reference


# ---- forward cases ------------------------------------------------------------------------
CASES = []
CASES += _cases(ops.softsign, _x(2, 3, 4), _in64(lambda x: x / (1 + np.abs(x))))
CASES += _cases(ops.logsigmoid, _x(3, 5, low=-30, high=30), _in64(lambda x: -np.logaddexp(0, -x)))
CASES += _cases(ops.hardtanh, _x(4, 5), _in64(lambda x: np.clip(x, -1, 1)))
CASES += _cases(lambda x: ops.hardtanh(x, -0.5, 2.0), _x(4, 5), _in64(lambda x: np.clip(x, -0.5, 2)))
CASES += _cases(lambda x: ops.threshold(x, 0.3, 20.0), _x(4, 5), _in64(lambda x: np.where(x > 0.3, x, 20)))
CASES += _cases(ops.softmin, _x(3, 4), _in64(lambda x: _softmax(-x)))
CASES += _cases(lambda x: ops.softmin(x, 0), _x(3, 4), _in64(lambda x: _softmax(-x, 0)))
CASES += _cases(ops.glu, _x(3, 4), _in64(_glu(-1)))
CASES += _cases(lambda x: ops.glu(x, 0), _x(4, 3), _in64(_glu(0)))
CASES += _cases(ops.swiglu, _x(3, 6), _in64(_swiglu(-1)))
CASES += _cases(lambda x: ops.swiglu(x, 1), _x(2, 4, 3), _in64(_swiglu(1)))
CASES += _cases(ops.tanhshrink, _x(3, 4), _in64(lambda x: x - np.tanh(x)))
CASES += _cases(lambda x: ops.soft_shrink(x, 0.4), _x(3, 4),
                _in64(lambda x: np.sign(x) * np.maximum(np.abs(x) - 0.4, 0)), dtypes=(F32, F64))
CASES += [
    OpCase(lambda x: ops.hardtanh(x, -2, 1), (np.array([1, -3, 2], np.int64),), lambda x: np.clip(x, -2, 1)),
    OpCase(lambda x: ops.threshold(x, 1.5, 2.5), (np.array([1, 2, 3], np.int64),), lambda x: np.array([2, 2, 3])),
    OpCase(ops.tanhshrink, (np.array([1, 2], np.int32),), lambda x: (x - np.tanh(x)).astype(F32)),
    OpCase(lambda x: ops.softmin(x, dtype=ms.float64), (rand(3, 4),), lambda x: _softmax(-x.astype(F64))),
    OpCase(lambda x: x.soft_shrink(0.5), (rand(3, 4),), lambda x: np.sign(x) * np.maximum(np.abs(x) - 0.5, 0)),
    OpCase(lambda x: x.hardshrink(0.5), (rand(3, 4),), lambda x: np.where(np.abs(x) > 0.5, x, 0)),
]
for _shape, _gamma_shape in (((2, 3), (3,)), ((2, 3, 4), (3, 4))):
    CASES += [OpCase(ops.rms_norm, (rand(*_shape, dtype=_dt), rand(*_gamma_shape, dtype=_dt)), _rms_norm,
                     rtol=TOL[_dt]["rtol"], atol=TOL[_dt]["atol"]) for _dt in (F32, F64)]
    CASES.append(OpCase(lambda a, b, g: ops.add_rms_norm(a, b, g, 1e-5),
                        (rand(*_shape), rand(*_shape), rand(*_gamma_shape)),
                        lambda a, b, g: _rms_norm(a + b, g, 1e-5) + (a + b,)))
    CASES += [OpCase(ops.add_layer_norm, (rand(*_shape, dtype=_dt), rand(*_shape, dtype=_dt),
                                          rand(*_gamma_shape, dtype=_dt), rand(*_gamma_shape, dtype=_dt)),
                     _add_layer_norm, rtol=TOL[_dt]["rtol"], atol=TOL[_dt]["atol"]) for _dt in (F32, F64)]
for _p, _axis, _maxnorm in ((2, 0, 5.0), (1, 1, 2.0), (3, -1, 1.5)):
    CASES += _cases(lambda x, p=_p, a=_axis, m=_maxnorm: ops.renorm(x, p, a, m), _x(3, 4, 2),
                    _in64(_renorm(_p, _axis, _maxnorm)), dtypes=(F32, F64))
CASES.append(OpCase(lambda x: x.renorm(2, 1, 1.0), (rand(2, 3),), _renorm(2, 1, 1.0)))
CASES += _cases(ops.lrn, _x(2, 4, 3, 3, low=0, high=1), _in64(_lrn(5, 1.0, 1.0, 0.5)), dtypes=(F32, F64))
CASES += _cases(lambda x: ops.lrn(x, 1, 2.0, 0.5, 0.75), _x(1, 6, 2, 2), _in64(_lrn(1, 2.0, 0.5, 0.75)),
                dtypes=(F32, F64))
CASES += _cases(ops.cosine_similarity, lambda dt: (rand(3, 4, dtype=dt), rand(3, 4, dtype=dt)), _in64(_cosine(1)),
                dtypes=(F32, F64))
CASES += [
    OpCase(lambda a, b: ops.cosine_similarity(a, b, 0), (rand(3, 4), rand(1, 4)), _in64(_cosine(0))),
    OpCase(lambda a, b: ops.cosine_similarity(a, b, -1, 1e-3), (np.zeros((2, 3), F32), rand(2, 3)),
           lambda a, b: np.zeros(2, F32)),
]
_WEIGHT = rand(5, 3)
CASES += [
    OpCase(ops.embedding, (np.array([[0, 4], [2, 2]], np.int32), _WEIGHT), lambda i, w: w[i]),
    OpCase(lambda i, w: ops.embedding(i, w, padding_idx=2), (np.array([1, 2, 3], np.int64), _WEIGHT),
           lambda i, w: w[i]),
    OpCase(lambda i, w: ops.embedding(i, w, scale_grad_by_freq=True), (np.array(3, np.int64), _WEIGHT),
           lambda i, w: w[i]),
]
for _shape, _r in (((1, 8, 2, 3), 2), ((9, 2, 2), 3), ((2, 1, 4, 1, 1), 2)):
    CASES += _cases(lambda x, r=_r: ops.pixel_shuffle(x, r), _x(*_shape), _pixel_shuffle(_r), dtypes=(F32,))
CASES.append(OpCase(lambda x: ops.pixel_shuffle(x, 2), (np.arange(16, dtype=np.int32).reshape(4, 2, 2),),
                    _pixel_shuffle(2)))
for _shape, _r in (((1, 2, 4, 6), 2), ((1, 6, 3), 3), ((2, 1, 1, 2, 2), 2)):
    CASES += _cases(lambda x, r=_r: ops.pixel_unshuffle(x, r), _x(*_shape), _pixel_unshuffle(_r), dtypes=(F32,))
CASES += [
    OpCase(lambda x: ops.channel_shuffle(x, 2), (np.arange(16, dtype=np.int16).reshape(1, 4, 2, 2),),
           _channel_shuffle(2)),
    OpCase(lambda x: ops.channel_shuffle(x, 3), (rand(2, 6, 2, 1, 2),), _channel_shuffle(3)),
]

CASES += [
    OpCase(ops.bidense, (rand(2, 3), rand(2, 4), rand(2, 3, 4)), lambda a, b, w: np.einsum("ni,oij,nj->no", a, w, b)),
    OpCase(ops.bidense,
           (rand(2, 2, 3, dtype=F64), rand(2, 2, 4, dtype=F64), rand(5, 3, 4, dtype=F64), rand(5, dtype=F64)),
           lambda a, b, w, c: np.einsum("...i,oij,...j->...o", a, w, b) + c, rtol=1e-12),
    OpCase(ops.bidense, (rand(3), rand(4), rand(2, 3, 4)), lambda a, b, w: np.einsum("i,oij,j->o", a, w, b)),
]



def _rope(mode):
    def reference(x, cos, sin):
        if mode == 0:
            half = x.shape[-1] // 2
            rotated = np.concatenate([-x[..., half:], x[..., :half]], -1)
        else:
            rotated = np.stack([-x[..., 1::2], x[..., 0::2]], -1).reshape(x.shape)
        return x * cos + rotated * sin
    return reference


for _mode in (0, 1):
    CASES += [
        OpCase(lambda x, c, s, m=_mode: ops.rotary_position_embedding(x, c, s, m),
               (rand(2, 3, 4, 6), rand(1, 3, 1, 6), rand(1, 3, 1, 6)), _rope(_mode)),
        OpCase(lambda x, c, s, m=_mode: ops.rotary_position_embedding(x, c, s, m),
               (rand(1, 2, 3, 4, dtype=F64), rand(1, 1, 3, 4, dtype=F64), rand(1, 1, 3, 4, dtype=F64)), _rope(_mode),
               rtol=1e-12),
    ]


def test_functional_cases():
    for case in CASES:
        run_case(case)


# ---- bad input ----------------------------------------------------------------------------
_F32_X = rand(2, 4)
_INT_X = np.array([1, 2], np.int32)
ERROR_CASES = [
    ErrorCase(ops.softsign, (_INT_X,), TypeError, "For 'softsign', the dtype of 'x'"),
    ErrorCase(ops.softsign, ([1.0],), TypeError, "For 'softsign', the 'x' must be a Tensor"),
    ErrorCase(ops.logsigmoid, (_INT_X,), TypeError, "For 'logsigmoid', the dtype of 'x'"),
    ErrorCase(ops.hardtanh, ([1.0],), TypeError, "For 'hardtanh', the 'input' must be a Tensor"),
    ErrorCase(lambda x: ops.hardtanh(x, "a"), (_F32_X,), TypeError, "For 'hardtanh', the 'min_val'"),
    ErrorCase(lambda x: ops.threshold(x, "a", 2.0), (_F32_X,), TypeError, "For 'threshold', the 'thr'"),
    ErrorCase(lambda x: ops.softmin(x, 1.0), (_F32_X,), TypeError, "'axis'"),
    ErrorCase(ops.softmin, (_INT_X,), TypeError, "Softmax"),
    ErrorCase(ops.glu, (rand(2, 3),), ValueError, "For 'glu', the size of 'x' along axis -1 must be even"),
    ErrorCase(lambda x: ops.glu(x, 5), (_F32_X,), ValueError, "For 'glu', the axis must be in range"),
    ErrorCase(ops.glu, (_INT_X,), TypeError, "For 'glu', the dtype of 'x'"),
    ErrorCase(lambda x: ops.swiglu(x, 1.0), (_F32_X,), TypeError, "For 'swiglu', the 'dim'"),
    ErrorCase(ops.tanhshrink, ([1.0],), TypeError, "For 'tanhshrink', the 'input' must be a Tensor"),
    ErrorCase(lambda x: ops.soft_shrink(x, -0.4), (_F32_X,), ValueError, "'lambd' must be no less than 0"),
    ErrorCase(lambda x: ops.rrelu(x, 0.5, 0.1), (_F32_X,), ValueError, "For 'rrelu', the value of 'upper'"),
    ErrorCase(lambda x: ops.rrelu(x, "a"), (_F32_X,), TypeError, "For 'rrelu', 'lower' must be an int or a float"),
    ErrorCase(ops.gumbel_softmax, (_INT_X,), TypeError, "For 'gumbel_softmax', the 'logits' should be one of"),
    ErrorCase(lambda x: ops.gumbel_softmax(x, 0.0), (_F32_X,), ValueError, "For 'gumbel_softmax', the 'tau'"),
    ErrorCase(lambda x: ops.gumbel_softmax(x, 1), (_F32_X,), TypeError, "For 'gumbel_softmax', the 'tau'"),
    ErrorCase(lambda x: ops.gumbel_softmax(x, 1.0, 1), (_F32_X,), TypeError, "For 'gumbel_softmax', the 'hard'"),
    ErrorCase(lambda x: ops.gumbel_softmax(x, 1.0, False, 3), (_F32_X,), ValueError,
              "For 'gumbel_softmax', the 'dim' must be in range"),
    ErrorCase(ops.rms_norm, (_F32_X, rand(4, dtype=F64)), TypeError, "For 'rms_norm', the dtype of 'gamma'"),
    ErrorCase(ops.rms_norm, (_F32_X, rand(3)), ValueError, "For 'rms_norm', the shape of 'gamma'"),
    ErrorCase(lambda x, g: ops.rms_norm(x, g, 2.0), (_F32_X, rand(4)), ValueError, "For 'rms_norm', the 'epsilon'"),
    ErrorCase(ops.rms_norm, (_INT_X, _INT_X), TypeError, "For 'rms_norm', the dtype of 'x'"),
    ErrorCase(ops.add_rms_norm, (_F32_X, [1.0], rand(4)), TypeError, "For 'add_rms_norm', the 'x2' must be a Tensor"),
    ErrorCase(ops.add_layer_norm, (_F32_X, rand(1, 4), rand(4), rand(4)), ValueError,
              "For 'add_layer_norm', the shape of 'x2'"),
    ErrorCase(ops.add_layer_norm, (_F32_X, _F32_X, rand(4), rand(5)), ValueError,
              "For 'add_layer_norm', the shape of 'beta'"),
    ErrorCase(lambda x: ops.renorm(x, 2.0, 0, 5.0), (_F32_X,), TypeError, "For 'renorm', the 'p'"),
    ErrorCase(lambda x: ops.renorm(x, 2, 0, 5), (_F32_X,), TypeError, "For 'renorm', the 'maxnorm'"),
    ErrorCase(lambda x: ops.renorm(x, 0, 0, 5.0), (_F32_X,), ValueError, "For 'renorm', the 'p' must be a positive"),
    ErrorCase(lambda x: ops.renorm(x, 1, 0, -5.0), (_F32_X,), ValueError, "For 'renorm', the 'maxnorm' must be non-"),
    ErrorCase(lambda x: ops.renorm(x, 1, 3, 5.0), (_F32_X,), ValueError, "For 'renorm', the 'axis'"),
    ErrorCase(lambda x: ops.renorm(x, 1, 0, 5.0), (_INT_X,), TypeError, "For 'renorm', the dtype of 'input'"),
    ErrorCase(ops.lrn, (rand(1, 4, 2),), ValueError, "For 'lrn', the 'x' must be 4-D"),
    ErrorCase(ops.lrn, (np.ones((1, 4, 2, 2), np.int32),), TypeError, "For 'lrn', the dtype of 'x'"),
    ErrorCase(lambda x: ops.lrn(x, 1.0), (rand(1, 4, 2, 2),), TypeError, "For 'lrn', the 'depth_radius'"),
    ErrorCase(lambda x: ops.lrn(x, 1, 1), (rand(1, 4, 2, 2),), TypeError, "For 'lrn', the 'bias'"),
    ErrorCase(lambda x: ops.lrn(x, -1), (rand(1, 4, 2, 2),), ValueError, "For 'lrn', the 'depth_radius'"),
    ErrorCase(lambda x: ops.lrn(x, norm_region="WITHIN"), (rand(1, 4, 2, 2),), ValueError, "'norm_region'"),
    ErrorCase(ops.cosine_similarity, (_INT_X, _INT_X), TypeError, "For 'cosine_similarity', the dtype of 'x1'"),
    ErrorCase(ops.cosine_similarity, ([1.0], _F32_X), TypeError, "For 'cosine_similarity', the 'x1' must be a Tensor"),
    ErrorCase(lambda a, b: ops.cosine_similarity(a, b, 1.0), (_F32_X, _F32_X), TypeError,
              "For 'cosine_similarity', the 'dim'"),
    ErrorCase(ops.embedding, (rand(2), rand(5, 3)), TypeError, "For 'embedding', the dtype of 'input'"),
    ErrorCase(ops.embedding, (_INT_X, rand(3)), ValueError, "For 'embedding', the 'weight' must be 2-D"),
    ErrorCase(lambda i, w: ops.embedding(i, w, padding_idx=7), (_INT_X, rand(5, 3)), ValueError,
              r"For 'embedding', the 'padding_idx' must be in \[-5, 5\)"),
    ErrorCase(ops.embedding, ([0], rand(5, 3)), TypeError, "For 'embedding', the 'input' must be a Tensor"),
    ErrorCase(lambda x: ops.pixel_shuffle(x, 3), (rand(1, 4, 2, 2),), ValueError, "For 'pixel_shuffle', the size"),
    ErrorCase(lambda x: ops.pixel_shuffle(x, 2), (rand(4, 2),), ValueError, "For 'pixel_shuffle', the dimension"),
    ErrorCase(lambda x: ops.pixel_shuffle(x, 2.0), (rand(1, 4, 2, 2),), TypeError,
              "For 'pixel_shuffle', the 'upscale_factor' must be int"),
    ErrorCase(lambda x: ops.pixel_shuffle(x, 2), ([1.0],), TypeError, "For 'pixel_shuffle', the 'input' must be"),
    ErrorCase(lambda x: ops.pixel_unshuffle(x, 3), (rand(1, 1, 4, 4),), ValueError, "For 'pixel_unshuffle', the last"),
    ErrorCase(lambda x: ops.channel_shuffle(x, 3), (rand(1, 4, 2, 2),), ValueError,
              "For 'channel_shuffle', the number"),
    ErrorCase(lambda x: ops.channel_shuffle(x, 2), (rand(1, 4, 4),), TypeError,
              "For 'channel_shuffle', the 'x' must have at least 4 dimensions"),
    ErrorCase(ops.bidense, (rand(2, 3), rand(2, 3), rand(2, 3, 4)), ValueError,
              r"For 'bidense', the inputs must be \(..., 3\) and \(..., 4\)"),
    ErrorCase(ops.bidense, ([1.0], rand(2, 3), rand(2, 3, 4)), TypeError,
              "For 'bidense', the 'input1' must be a Tensor"),
    ErrorCase(ops.rotary_position_embedding, (rand(2, 3, 5), rand(2, 3, 5), rand(2, 3, 5)), ValueError,
              "For 'rotary_position_embedding', the 'x' must be 4-D"),
    ErrorCase(ops.rotary_position_embedding, (rand(1, 2, 3, 4), rand(1, 2, 3, 4, dtype=F64), rand(1, 2, 3, 4)),
              TypeError, "For 'rotary_position_embedding', the dtype of 'cos'"),
    ErrorCase(lambda x, c, s: ops.rotary_position_embedding(x, c, s, 2), (rand(1, 2, 3, 4),) * 3, ValueError,
              "For 'rotary_position_embedding', the 'mode'"),
    ErrorCase(lambda x, c, s: ops.rotary_position_embedding(x, c, s, 1.0), (rand(1, 2, 3, 4),) * 3, TypeError,
              "For 'rotary_position_embedding', the 'mode' must be int"),
    ErrorCase(lambda x: ops.channel_shuffle(x, 0), (rand(1, 4, 4, 1),), ValueError,
              "For 'channel_shuffle', the 'groups'"),
]


def test_functional_errors():
    for case in ERROR_CASES:
        run_error_case(case)


# ---- random and stateful functions --------------------------------------------------------
def test_rrelu_slopes_lie_between_lower_and_upper():
    x = rand(1000, low=-2.0, high=2.0)
    out = ops.rrelu(ms.Tensor(x), 0.2, 0.4).asnumpy()
    negative = x < 0
    np.testing.assert_array_equal(out[~negative], x[~negative])
    slopes = out[negative] / x[negative]
    assert slopes.min() >= 0.2 - 1e-6 and slopes.max() <= 0.4 + 1e-6
    assert abs(slopes.mean() - 0.3) < 0.02
    assert ops.rrelu(ms.Tensor(np.array([1, -2], np.int64))).asnumpy().tolist() == [1, 0]


def test_gumbel_softmax_is_a_distribution_and_hard_is_one_hot():
    logits = ms.Tensor(rand(4, 5))
    soft = ops.gumbel_softmax(logits, 0.5).asnumpy()
    np.testing.assert_allclose(soft.sum(-1), np.ones(4), rtol=1e-5)
    hard = ops.gumbel_softmax(logits, 1.0, True, 0).asnumpy()
    np.testing.assert_array_equal(hard.sum(0), np.ones(5))
    assert set(np.unique(hard)) <= {0.0, 1.0}


def test_gumbel_softmax_follows_the_softmax_of_the_logits():
    logits = np.log(np.array([0.1, 0.2, 0.7], F32))
    picks = ops.gumbel_softmax(ms.Tensor(np.tile(logits, (4000, 1))), 1.0, True).asnumpy().mean(0)
    np.testing.assert_allclose(picks, [0.1, 0.2, 0.7], atol=0.03)


def test_embedding_max_norm_renormalizes_the_looked_up_rows_in_place():
    table = np.array([[3.0, 4.0], [0.3, 0.4], [6.0, 8.0]], F32)
    weight = ms.Parameter(ms.Tensor(table))
    out = ops.embedding(ms.Tensor(np.array([0, 1], np.int32)), weight, max_norm=1.0).asnumpy()
    np.testing.assert_allclose(out, [[0.6, 0.8], [0.3, 0.4]], rtol=1e-5)
    np.testing.assert_allclose(weight.asnumpy(), [[0.6, 0.8], [0.3, 0.4], [6.0, 8.0]], rtol=1e-5)


def test_embedding_gradient_skips_padding_and_scales_by_frequency():
    indices = ms.Tensor(np.array([[0, 4], [2, 2]], np.int32))
    weight = ms.Tensor(np.ones((5, 3), F32))
    grad = ms.grad(lambda w: ops.embedding(indices, w, padding_idx=4).sum())(weight).asnumpy()
    np.testing.assert_array_equal(grad[:, 0], [1, 0, 2, 0, 0])
    grad = ms.grad(lambda w: ops.embedding(indices, w, scale_grad_by_freq=True).sum())(weight).asnumpy()
    np.testing.assert_array_equal(grad[:, 0], [1, 0, 1, 0, 1])


@pytest.mark.parametrize("x", [np.array([-30.0, 0.0, 30.0], F32)])
def test_logsigmoid_stays_finite(x):
    out = ops.logsigmoid(ms.Tensor(x)).asnumpy()
    np.testing.assert_allclose(out, [-30.0, -math.log(2), -9.357623e-14], rtol=1e-5, atol=1e-7)


def test_embedding_with_max_norm_renormalizes_the_parameter_in_graph_mode():
    weight = ms.Parameter(ms.Tensor(np.arange(12, dtype=np.float32).reshape(4, 3)), name="table")

    @ms.jit
    def look_up(indices, table):
        return ops.embedding(indices, table, max_norm=1.0)

    got = look_up(ms.Tensor(np.array([0, 2], np.int32)), weight).asnumpy()
    rows = np.arange(12, dtype=np.float64).reshape(4, 3)
    expected = rows / np.maximum(np.linalg.norm(rows, axis=1, keepdims=True) / 1.0, 1.0)
    np.testing.assert_allclose(got, expected[[0, 2]], rtol=1e-5)
    np.testing.assert_allclose(weight.asnumpy()[[0, 2]], expected[[0, 2]], rtol=1e-5)
    np.testing.assert_array_equal(weight.asnumpy()[[1, 3]], rows[[1, 3]])
