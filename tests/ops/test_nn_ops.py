"""Neural-network primitives: forward against NumPy float64 references, infer, bad input,
the functional API, dropout statistics and BatchNorm's moving statistics."""
import math

import numpy as np
import pytest

import spore as ms
from spore import ops

from .op_testing import ErrorCase, OpCase, case_id, rand, run_case, run_error_case

F16, F32, F64 = np.float16, np.float32, np.float64
FLOATS = (F16, F32, F64)
TOL = {F16: {"rtol": 5e-3, "atol": 5e-3}, F32: {"rtol": 1e-5, "atol": 1e-5}, F64: {"rtol": 1e-10, "atol": 1e-12}}


def _in64(fn):
    """A reference computed in float64 and returned in the first input's float dtype."""
    def reference(*args):
        dtype = args[0].dtype
        wide = [a.astype(F64) if isinstance(a, np.ndarray) and a.dtype.kind == "f" else a for a in args]
        return np.asarray(fn(*wide)).astype(dtype)
    return reference


def _float_cases(op, make_inputs, reference, dtypes=FLOATS, prim=None, loose=1):
    """One case per dtype: `make_inputs(dtype)` gives the inputs; `loose` scales the tolerance."""
    return [OpCase(op, make_inputs(dt), reference, rtol=TOL[dt]["rtol"] * loose, atol=TOL[dt]["atol"] * loose,
                   prim=prim) for dt in dtypes]


def _needs(*names):
    """Skip a test of a composite function until the other families provide `ops.<name>`."""
    missing = [n for n in names if not hasattr(ops, n)]
    return pytest.mark.skipif(bool(missing), reason=f"needs ops.{', ops.'.join(missing)} from another family")


# ---- NumPy references ---------------------------------------------------------------------
def _softmax(x, axis=-1):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def _log_softmax(x, axis=-1):
    shifted = x - x.max(axis=axis, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(axis=axis, keepdims=True))


def _sigmoid(x):
    return 1 / (1 + np.exp(-x))


def _gelu_tanh(x):
    return 0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))


def _gelu_erf(x):
    return 0.5 * x * (1 + np.vectorize(math.erf)(x / math.sqrt(2)))


_SELU_ALPHA, _SELU_SCALE = 1.6732632423543772, 1.0507009873554805

ACTIVATIONS = {
    "ReLU": lambda x: np.maximum(x, 0),
    "ReLU6": lambda x: np.clip(x, 0, 6),
    "GeLU": _gelu_tanh,
    "FastGeLU": lambda x: x / (1 + np.exp(-1.702 * np.abs(x))) * np.exp(0.851 * (x - np.abs(x))),
    "SiLU": lambda x: x * _sigmoid(x),
    "Elu": lambda x: np.where(x > 0, x, np.expm1(x)),
    "HSwish": lambda x: x * np.clip(x + 3, 0, 6) / 6,
    "HSigmoid": lambda x: np.clip(x + 3, 0, 6) / 6,
    "Mish": lambda x: x * np.tanh(np.logaddexp(0, x)),
    "Softplus": lambda x: np.logaddexp(0, x),
    "SeLU": lambda x: _SELU_SCALE * np.where(x > 0, x, _SELU_ALPHA * np.expm1(x)),
}


def _leaky(alpha):
    return lambda x: np.where(x > 0, x, alpha * x)


def _celu(alpha):
    return lambda x: np.maximum(x, 0) + np.minimum(0, alpha * np.expm1(x / alpha))


def _hshrink(lambd):
    return lambda x: np.where(np.abs(x) > lambd, x, 0)


def _softshrink(lambd):
    return lambda x: np.where(x > lambd, x - lambd, np.where(x < -lambd, x + lambd, 0))


def _prelu(x, w):
    slope = w.reshape((-1,) + (1,) * (x.ndim - 2)) if x.ndim >= 2 else w[0]
    return np.where(x > 0, x, slope * x)


def _bias_add(channels_last=False):
    def reference(x, b):
        return x + (b if channels_last else b.reshape((-1,) + (1,) * (x.ndim - 2)))
    return reference


def _batch_norm(training, eps=1e-5, channels_last=False):
    """BatchNorm's five outputs: y in x's dtype, the statistics in scale's dtype."""
    def reference(x, scale, bias, mean, var):
        xc = np.moveaxis(x, -1, 1) if channels_last else x
        xw = xc.astype(F64)
        axes = (0, *range(2, xc.ndim))
        if training:
            used_mean, used_var = xw.mean(axis=axes), xw.var(axis=axes)
        else:
            used_mean, used_var = mean.astype(F64), var.astype(F64)
        shape = (-1,) + (1,) * (xc.ndim - 2)
        y = (xw - used_mean.reshape(shape)) / np.sqrt(used_var.reshape(shape) + eps)
        y = y * scale.astype(F64).reshape(shape) + bias.astype(F64).reshape(shape)
        if channels_last:
            y = np.moveaxis(y, 1, -1)
        stats = used_mean.astype(scale.dtype), used_var.astype(scale.dtype)
        return (y.astype(x.dtype),) + stats + stats
    return reference


def _layer_norm(norm_axis, params_axis, eps):
    def reference(x, gamma, beta):
        begin = norm_axis % x.ndim
        xw = x.astype(F64)
        axes = tuple(range(begin, x.ndim))
        mean, var = xw.mean(axis=axes, keepdims=True), xw.var(axis=axes, keepdims=True)
        y = (xw - mean) / np.sqrt(var + eps) * gamma.astype(F64) + beta.astype(F64)
        return y.astype(x.dtype), mean.astype(F32), var.astype(F32)
    return reference


def _layer_norm_grad(norm_axis, params_axis, eps):
    """LayerNorm's gradients in float64 from the closed form: with xhat = (x - mean) * r over
    the normalized axes (n elements), dx = r * (g - mean(g) - xhat * mean(g * xhat)), where
    g = dy * gamma; dgamma = sum(dy * xhat), dbeta = sum(dy) over the axes before gamma's."""
    def reference(x, dy, variance, mean, gamma):
        begin, params_begin = norm_axis % x.ndim, params_axis % x.ndim
        axes, leading = tuple(range(begin, x.ndim)), tuple(range(params_begin))
        xw, dyw = x.astype(F64), dy.astype(F64)
        r = 1 / np.sqrt(variance.astype(F64) + eps)
        xhat = (xw - mean.astype(F64)) * r
        g = dyw * gamma.astype(F64)
        dx = r * (g - g.mean(axis=axes, keepdims=True) - xhat * (g * xhat).mean(axis=axes, keepdims=True))
        return (dx.astype(x.dtype), (dyw * xhat).sum(axis=leading).astype(gamma.dtype),
                dyw.sum(axis=leading).astype(gamma.dtype))
    return reference


def _layer_norm_grad_inputs(norm_axis, params_axis, dtype):
    x = rand(*_LN_SHAPE, dtype=dtype)
    axes = tuple(range(norm_axis % 3, 3))
    xw = x.astype(F64)
    return (x, rand(*_LN_SHAPE, dtype=dtype), xw.var(axis=axes, keepdims=True).astype(F32),
            xw.mean(axis=axes, keepdims=True).astype(F32), rand(*_LN_SHAPE[params_axis % 3:], dtype=dtype))


def _group_norm(x, num_groups, weight=None, bias=None, eps=1e-5):
    n, c = x.shape[:2]
    grouped = x.astype(F64).reshape(n, num_groups, -1)
    mean, var = grouped.mean(-1), grouped.var(-1)
    rstd = 1 / np.sqrt(var + eps)
    y = ((grouped - mean[..., None]) * rstd[..., None]).reshape(x.shape)
    per_channel = (1, c) + (1,) * (x.ndim - 2)
    if weight is not None:
        y = y * weight.astype(F64).reshape(per_channel)
    if bias is not None:
        y = y + bias.astype(F64).reshape(per_channel)
    return y.astype(x.dtype), mean.astype(x.dtype), rstd.astype(x.dtype)


def _embedding_lookup(params, indices, offset):
    index = indices.astype(np.int64) - int(offset)
    inside = (index >= 0) & (index < params.shape[0])
    rows = params[np.clip(index, 0, params.shape[0] - 1)]
    return np.where(inside.reshape(inside.shape + (1,) * (params.ndim - 1)), rows, 0).astype(params.dtype)


def _softmax_cross_entropy(logits, labels):
    log_p = _log_softmax(logits.astype(F64), 1)
    loss = -(labels * log_p).sum(1)
    return loss.astype(logits.dtype), (np.exp(log_p) - labels).astype(logits.dtype)


def _sparse_softmax_cross_entropy(is_grad):
    def reference(logits, labels):
        log_p = _log_softmax(logits.astype(F64), -1)
        one_hot = np.eye(logits.shape[-1])[labels]
        if is_grad:
            return ((np.exp(log_p) - one_hot) / labels.size).astype(logits.dtype)
        return np.asarray(-(log_p * one_hot).sum(-1).mean()).astype(logits.dtype)
    return reference


def _reduce(loss, reduction):
    if reduction == "mean":
        return np.asarray(loss.mean())
    if reduction == "sum":
        return np.asarray(loss.sum())
    return loss


def _nll(reduction, ignore_index=-100):
    def reference(logits, labels, weight=None):
        counted = labels != ignore_index
        index = np.where(counted, labels, 0)
        w = np.ones(logits.shape[1]) if weight is None else weight.astype(F64)
        sample_weight = w[index] * counted
        loss = -logits.astype(F64)[np.arange(len(labels)), index] * sample_weight
        total = sample_weight.sum()
        with np.errstate(invalid="ignore"):                  # all samples ignored: 0 / 0
            out = loss if reduction == "none" else loss.sum() / (total if reduction == "mean" else 1)
        return np.asarray(out).astype(logits.dtype), np.asarray(total).astype(logits.dtype)
    return reference


def _bce(reduction):
    def reference(p, y, weight=None):
        loss = -(y * np.log(np.maximum(p, 1e-12)) + (1 - y) * np.log(np.maximum(1 - p, 1e-12)))
        if weight is not None:
            loss = loss * weight
        return _reduce(loss, reduction)
    return _in64(reference)


def _bce_with_logits(reduction):
    def reference(x, y, weight=None, pos_weight=None):
        log_sig, log_one_minus = -np.logaddexp(0, -x), -np.logaddexp(0, x)
        pw = 1 if pos_weight is None else pos_weight
        loss = -(pw * y * log_sig + (1 - y) * log_one_minus)
        if weight is not None:
            loss = loss * weight
        return _reduce(loss, reduction)
    return _in64(reference)


def _kl_div(reduction):
    def reference(x, y):
        loss = np.where(y > 0, y * (np.log(np.where(y > 0, y, 1)) - x), 0)
        if reduction == "batchmean":
            return np.asarray(loss.sum() / x.shape[0])
        return _reduce(loss, reduction)
    return _in64(reference)


def _smooth_l1(beta, reduction):
    def reference(x, y):
        d = np.abs(x - y)
        return _reduce(np.where(d < beta, 0.5 * d * d / beta, d - 0.5 * beta), reduction)
    return _in64(reference)


def _triplet(margin, p, eps, swap, reduction):
    def distance(a, b):
        return (np.abs(a - b + eps) ** p).sum(-1) ** (1 / p)

    def reference(x, pos, neg, _margin):
        d_neg = distance(x, neg)
        if swap:
            d_neg = np.minimum(d_neg, distance(pos, neg))
        return _reduce(np.maximum(distance(x, pos) - d_neg + margin, 0), reduction)
    return _in64(reference)


# ---- inputs -------------------------------------------------------------------------------
def _x(*shape):
    """Activation inputs spanning the interesting range [-4, 4]."""
    return lambda dt: (rand(*shape, dtype=dt, low=-4, high=4),)


def _bn_inputs(shape, channels, dt, param_dt=None):
    param_dt = param_dt or dt
    return (rand(*shape, dtype=dt), rand(channels, dtype=param_dt, low=0.5, high=2),
            rand(channels, dtype=param_dt), rand(channels, dtype=param_dt),
            rand(channels, dtype=param_dt, low=0.5, high=2))


def _probabilities(*shape, dtype=F32):
    p = rand(*shape, dtype=F64, low=0.05, high=1)
    return (p / p.sum(-1, keepdims=True)).astype(dtype)


def _labels(n, classes, dtype=np.int32):
    return rand(n, dtype=dtype, low=0, high=classes)


# ---- forward cases ------------------------------------------------------------------------
CASES = []

# Activations without attributes: several shapes (0-d, size 1, empty, 4-D), three float dtypes.
for _name, _fn in ACTIVATIONS.items():
    _op = getattr(ops, _name)()
    CASES += _float_cases(_op, _x(2, 3, 4, 5), _in64(_fn))
    CASES += [OpCase(_op, _x(*shape)(F32), _in64(_fn)) for shape in [(), (1,), (0, 3), (7,)]]

CASES += [
    OpCase(ops.ReLU(), (rand(3, 4, dtype=np.int32, low=-5, high=5),), ACTIVATIONS["ReLU"]),
    OpCase(ops.ReLU(), (rand(6, dtype=np.int8, low=-5, high=5),), ACTIVATIONS["ReLU"]),
    OpCase(ops.ReLU6(), (rand(6, dtype=np.int64, low=-9, high=9),), ACTIVATIONS["ReLU6"]),
    OpCase(ops.HSwish(), (np.array([-5, -3, -1, 0, 2, 5], np.int32),),
           lambda x: np.trunc(ACTIVATIONS["HSwish"](x.astype(F64))).astype(x.dtype)),
    OpCase(ops.HSigmoid(), (np.array([-5, -3, 0, 2, 3, 5], np.int16),),
           lambda x: np.trunc(ACTIVATIONS["HSigmoid"](x.astype(F64))).astype(x.dtype)),
    # Softplus is linear far out, without overflow.
    OpCase(ops.Softplus(), (np.array([-100.0, 30.0, 100.0], F32),), _in64(ACTIVATIONS["Softplus"])),
]

for _axis in (-1, 0, 1, 2, (1,)):
    _int_axis = _axis[0] if isinstance(_axis, tuple) else _axis
    CASES += _float_cases(ops.Softmax(_axis), _x(2, 3, 4), _in64(lambda x, a=_int_axis: _softmax(x, a)))
    CASES += _float_cases(ops.LogSoftmax(_int_axis), _x(2, 3, 4),
                          _in64(lambda x, a=_int_axis: _log_softmax(x, a)))
CASES += [
    OpCase(ops.Softmax(), (rand(1, dtype=F32),), _in64(_softmax)),
    OpCase(ops.Softmax(), (rand(0, 3, dtype=F32),), _in64(_softmax)),
    OpCase(ops.LogSoftmax(), (np.array([[1000.0, 0.0, -1000.0]], F32),), _in64(_log_softmax)),
]

for _alpha in (0.2, 0.01, 1.5, -0.5):
    CASES += _float_cases(ops.LeakyReLU(_alpha), _x(3, 4), _in64(_leaky(_alpha)))
CASES += _float_cases(ops.Elu(), _x(4, 5), _in64(ACTIVATIONS["Elu"]))
CASES += _float_cases(ops.Elu(1), _x(3), _in64(ACTIVATIONS["Elu"]), dtypes=(F32,))
for _alpha in (1.0, 2.0, 0.5):
    CASES += _float_cases(ops.CeLU(_alpha), _x(3, 4), _in64(_celu(_alpha)))
for _lambd in (0.5, 1.0, 0.0):
    CASES += _float_cases(ops.HShrink(_lambd), _x(3, 4), _in64(_hshrink(_lambd)))
    CASES += _float_cases(ops.SoftShrink(_lambd), _x(3, 4), _in64(_softshrink(_lambd)))
CASES += _float_cases(ops.HShrink(-1.0), _x(5), _in64(_hshrink(-1.0)), dtypes=(F32,))

CASES += _float_cases(ops.PReLU(), lambda dt: (rand(2, 3, 4, dtype=dt, low=-4, high=4), rand(3, dtype=dt)),
                      _in64(_prelu))
CASES += [
    OpCase(ops.PReLU(), (rand(2, 3, 4, 4), rand(1)), _in64(_prelu)),
    OpCase(ops.PReLU(), (rand(5), rand(1)), _in64(_prelu)),
    OpCase(ops.PReLU(), (np.array(-2.0, F32), np.array([0.25], F32)), _in64(_prelu)),
    OpCase(ops.PReLU(), (rand(4, 2), rand(2)), _in64(_prelu)),
]

# BiasAdd: ranks 2 to 5, each data format, integers.
CASES += _float_cases(ops.BiasAdd(), lambda dt: (rand(2, 3, 4, 5, dtype=dt), rand(3, dtype=dt)), _in64(_bias_add()))
CASES += [
    OpCase(ops.BiasAdd(), (rand(4, 3), rand(3)), _bias_add()),
    OpCase(ops.BiasAdd(), (rand(2, 3, 4), rand(3)), _bias_add()),
    OpCase(ops.BiasAdd(), (rand(1, 3, 2, 2, 2), rand(3)), _bias_add()),
    OpCase(ops.BiasAdd(), (rand(2, 3, 4, dtype=np.int32, low=-9, high=9), rand(3, dtype=np.int32, low=-9, high=9)),
           _bias_add()),
    OpCase(ops.BiasAdd("NHWC"), (rand(2, 4, 5, 3), rand(3)), _bias_add(channels_last=True)),
    OpCase(ops.BiasAdd("NHWC"), (rand(2, 3), rand(3)), _bias_add(channels_last=True)),
    OpCase(ops.BiasAdd("NCDHW"), (rand(2, 3, 2, 2, 2), rand(3)), _bias_add()),
    OpCase(ops.bias_add, (rand(2, 3, 4), rand(3)), _bias_add(), prim="BiasAdd"),
]

# BatchNorm: 2-D, 3-D and 4-D input, training and inference, mixed input / parameter dtypes.
for _training in (False, True):
    for _shape in [(8, 3), (4, 3, 5), (4, 3, 2, 2)]:
        CASES += _float_cases(ops.BatchNorm(_training), lambda dt, s=_shape: _bn_inputs(s, 3, dt),
                              _batch_norm(_training), loose=10)
    CASES += [
        OpCase(ops.BatchNorm(_training, 1e-3, 0.3), _bn_inputs((5, 4, 3, 3), 4, F32), _batch_norm(_training, 1e-3),
               rtol=1e-4, atol=1e-4),
        OpCase(ops.BatchNorm(_training, data_format="NHWC"), _bn_inputs((4, 2, 2, 3), 3, F32),
               _batch_norm(_training, channels_last=True), rtol=1e-4, atol=1e-4),
        OpCase(ops.BatchNorm(_training), _bn_inputs((6, 2, 3), 2, F16, param_dt=F32), _batch_norm(_training),
               rtol=1e-2, atol=1e-2),
    ]

# LayerNorm: each begin axis, params over more or fewer axes than normalized, dtypes.
_LN_SHAPE = (2, 3, 4)
for _norm_axis, _params_axis, _eps in [(1, 1, 1e-7), (-1, -1, 1e-5), (2, 2, 1e-7), (0, 0, 1e-7),
                                       (1, 2, 1e-7), (2, 1, 1e-7)]:
    CASES += _float_cases(
        ops.LayerNorm(_norm_axis, _params_axis, _eps),
        lambda dt, p=_params_axis % 3: (rand(*_LN_SHAPE, dtype=dt), rand(*_LN_SHAPE[p:], dtype=dt),
                                        rand(*_LN_SHAPE[p:], dtype=dt)),
        _layer_norm(_norm_axis, _params_axis, _eps), loose=10)
    CASES += _float_cases(ops.LayerNormGrad(_norm_axis, _params_axis, _eps),
                          lambda dt, n=_norm_axis, p=_params_axis: _layer_norm_grad_inputs(n, p, dt),
                          _layer_norm_grad(_norm_axis, _params_axis, _eps), loose=10)
CASES += [
    OpCase(ops.LayerNorm(0, 0), (rand(6), rand(6), rand(6)), _layer_norm(0, 0, 1e-7), rtol=1e-4, atol=1e-4),
    OpCase(ops.LayerNorm(), (rand(3, 5, dtype=F16), rand(5), rand(5)), _layer_norm(1, 1, 1e-7), rtol=1e-2, atol=1e-2),
]

# GroupNorm: MindSpore's inputs (input, num_groups, weight, bias, eps).
for _groups, _shape in [(3, (2, 6, 4)), (1, (2, 4, 3, 3)), (4, (2, 4)), (2, (1, 4, 2, 2, 2))]:
    CASES += _float_cases(
        ops.GroupNorm(),
        lambda dt, g=_groups, s=_shape: (rand(*s, dtype=dt), g, rand(s[1], dtype=dt), rand(s[1], dtype=dt), 1e-5),
        _group_norm, loose=10)
CASES += [OpCase(ops.GroupNorm(), (rand(2, 6, 4), 2), _group_norm, rtol=1e-4, atol=1e-4)]

# Dropout: only keep_prob 1 (and 0 for the channel dropouts) is deterministic; see the
# statistical tests below for the rest.
CASES += [
    OpCase(ops.Dropout(1.0), (rand(3, 4, dtype=dt),), lambda x: (x, np.ones_like(x))) for dt in FLOATS
] + [
    OpCase(ops.Dropout(1.0), (rand(dtype=F32),), lambda x: (x, np.ones_like(x))),
    OpCase(ops.Dropout2D(1.0), (rand(2, 3, 4, 4),), lambda x: (x, np.ones(x.shape, bool))),
    OpCase(ops.Dropout2D(0.0), (rand(2, 3, 4, 4, dtype=F16),), lambda x: (np.zeros_like(x), np.zeros(x.shape, bool))),
    OpCase(ops.Dropout2D(1.0), (rand(2, 3, 1, 4, dtype=np.int32, low=-9, high=9),),
           lambda x: (x, np.ones(x.shape, bool))),
    OpCase(ops.Dropout3D(1.0), (rand(2, 3, 2, 2, 2, dtype=F64),), lambda x: (x, np.ones(x.shape, bool))),
    OpCase(ops.Dropout3D(0.0), (rand(1, 2, 2, 2, 2),), lambda x: (np.zeros_like(x), np.zeros(x.shape, bool))),
]

# EmbeddingLookup: offsets, out-of-range indices (zero rows), 1-D params, int64 indices.
_params = rand(5, 3)
CASES += [
    OpCase(ops.EmbeddingLookup(), (_params, np.array([[0, 4], [6, 1]], np.int32), 0), _embedding_lookup),
    OpCase(ops.EmbeddingLookup(), (_params, np.array([[0, 4], [6, 1]], np.int32), 2), _embedding_lookup),
    OpCase(ops.EmbeddingLookup(), (_params, np.array([-1, 2, 5], np.int64), 0), _embedding_lookup),
    OpCase(ops.EmbeddingLookup(), (rand(6, dtype=F64), np.array([1, 2], np.int32), 1), _embedding_lookup),
    OpCase(ops.EmbeddingLookup(), (rand(4, 2, dtype=np.int32, low=0, high=9), np.array([3, 0], np.int32), 0),
           _embedding_lookup),
    OpCase(ops.EmbeddingLookup(), (_params, np.array([3, 4], np.int32), np.array(3, np.int32)), _embedding_lookup),
]

# Losses.
CASES += _float_cases(ops.SoftmaxCrossEntropyWithLogits(),
                      lambda dt: (rand(4, 5, dtype=dt, low=-3, high=3), _probabilities(4, 5, dtype=dt)),
                      _softmax_cross_entropy, loose=10)
CASES += [
    OpCase(ops.SoftmaxCrossEntropyWithLogits(), (rand(1, 3), _probabilities(1, 3)), _softmax_cross_entropy),
    OpCase(ops.SoftmaxCrossEntropyWithLogits(), (np.array([[100.0, 0.0]], F32), np.array([[0.0, 1.0]], F32)),
           _softmax_cross_entropy),
]

for _is_grad in (False, True):
    CASES += _float_cases(ops.SparseSoftmaxCrossEntropyWithLogits(_is_grad),
                          lambda dt: (rand(6, 5, dtype=dt, low=-3, high=3), _labels(6, 5)),
                          _sparse_softmax_cross_entropy(_is_grad), loose=10)
    CASES += [
        OpCase(ops.SparseSoftmaxCrossEntropyWithLogits(_is_grad),
               (rand(2, 3, 4), rand(2, 3, dtype=np.int64, low=0, high=4)), _sparse_softmax_cross_entropy(_is_grad)),
        OpCase(ops.SparseSoftmaxCrossEntropyWithLogits(_is_grad), (rand(1, 2), np.array([1], np.int32)),
               _sparse_softmax_cross_entropy(_is_grad)),
        OpCase(ops.SparseSoftmaxCrossEntropyWithLogits(_is_grad),    # a power-of-two batch (its own mean)
               (rand(32, 10, low=-4, high=4), _labels(32, 10)), _sparse_softmax_cross_entropy(_is_grad)),
        OpCase(ops.SparseSoftmaxCrossEntropyWithLogits(_is_grad),
               (rand(4, 2, 7, dtype=np.float64, low=-4, high=4), rand(4, 2, dtype=np.int64, low=0, high=7)),
               _sparse_softmax_cross_entropy(_is_grad)),
    ]

for _reduction in ("mean", "sum", "none"):
    CASES += _float_cases(ops.NLLLoss(_reduction),
                          lambda dt: (rand(5, 4, dtype=dt, low=-3, high=0), _labels(5, 4), rand(4, dtype=dt, low=0.1)),
                          _nll(_reduction), loose=10)
    CASES += [
        OpCase(ops.NLLLoss(_reduction), (rand(4, 5), np.array([1, 0, 4, -100], np.int64), rand(5, low=0.1)),
               _nll(_reduction)),
        OpCase(ops.NLLLoss(_reduction, ignore_index=0), (rand(4, 5), np.array([1, 0, 4, 2], np.int32),
                                                         rand(5, low=0.1)), _nll(_reduction, 0)),
        OpCase(ops.NLLLoss(_reduction), (rand(4, 5), np.array([1, 0, 4, 2], np.int32)), _nll(_reduction)),
        OpCase(ops.BinaryCrossEntropy(_reduction), (rand(2, 3, low=0.01, high=0.99), rand(2, 3, low=0, high=1),
                                                    rand(2, 3, low=0, high=2)), _bce(_reduction)),
        OpCase(ops.BinaryCrossEntropy(_reduction), (rand(2, 3, low=0.01, high=0.99), rand(2, 3, low=0, high=1)),
               _bce(_reduction)),
        OpCase(ops.BinaryCrossEntropy(_reduction), (rand(2, 3, low=0.01, high=0.99), rand(2, 3, low=0, high=1),
                                                    rand(3, low=0, high=2)), _bce(_reduction)),
        OpCase(ops.BCEWithLogitsLoss(_reduction), (rand(3, 4, low=-5, high=5), rand(3, 4, low=0, high=1),
                                                   rand(3, 4, low=0, high=2), rand(4, low=0, high=3)),
               _bce_with_logits(_reduction)),
        OpCase(ops.BCEWithLogitsLoss(_reduction), (rand(3, 4, low=-5, high=5), rand(3, 4, low=0, high=1), None, None),
               _bce_with_logits(_reduction)),
        OpCase(ops.KLDivLoss(_reduction), (rand(3, 4, low=-3, high=0), rand(3, 4, low=0, high=1)), _kl_div(_reduction)),
        OpCase(ops.SmoothL1Loss(1.0, _reduction), (rand(3, 4, low=-3, high=3), rand(3, 4, low=-3, high=3)),
               _smooth_l1(1.0, _reduction)),
        OpCase(ops.TripletMarginLoss(reduction=_reduction), (rand(4, 3), rand(4, 3), rand(4, 3), np.array(1.0, F32)),
               _triplet(1.0, 2, 1e-6, False, _reduction)),
    ]
CASES += [
    OpCase(ops.NLLLoss(), (rand(3, 2), np.full(3, -100, np.int32), rand(2)), _nll("mean")),   # all ignored: NaN
    OpCase(ops.NLLLoss(), (rand(2, 3, dtype=F16), np.array([2, 0], np.int32), rand(3, dtype=F32)),
           _nll("mean"), rtol=1e-2, atol=1e-2),
    OpCase(ops.BinaryCrossEntropy(), (rand(2, 3, dtype=F16, low=0.01, high=0.99), rand(2, 3, dtype=F16, low=0, high=1)),
           _bce("mean"), rtol=1e-2, atol=1e-2),
    OpCase(ops.BinaryCrossEntropy(), (rand(2, 3, dtype=F64, low=0.01, high=0.99), rand(2, 3, dtype=F64, low=0, high=1)),
           _bce("mean"), rtol=1e-10),
    # Probabilities of exactly 0 and 1: the logarithms are clamped at log(1e-12).
    OpCase(ops.BinaryCrossEntropy("none"), (np.array([0.0, 1.0, 0.0, 1.0], F32), np.array([1.0, 0.0, 0.0, 1.0], F32)),
           _bce("none")),
    OpCase(ops.BinaryCrossEntropy(), (np.array(0.3, F32), np.array(1.0, F32)), _bce("mean")),
    OpCase(ops.BCEWithLogitsLoss(), (rand(2, 3, dtype=F64), rand(2, 3, dtype=F64, low=0), rand(1, dtype=F64),
                                     rand(1, dtype=F64)), _bce_with_logits("mean"), rtol=1e-10),
    OpCase(ops.BCEWithLogitsLoss("none"), (rand(2, 3, dtype=F16), rand(2, 3, dtype=F16, low=0), None, None),
           _bce_with_logits("none"), rtol=1e-2, atol=1e-2),
    OpCase(ops.KLDivLoss("batchmean"), (rand(3, 4, low=-3, high=0), rand(3, 4, low=0, high=1)), _kl_div("batchmean")),
    OpCase(ops.KLDivLoss("none"), (rand(3), np.array([0.0, 1.0, -1.0], F32)), _kl_div("none")),
    OpCase(ops.KLDivLoss(), (rand(3, 4, dtype=F64), rand(3, 4, dtype=F64, low=0)), _kl_div("mean"), rtol=1e-10),
    OpCase(ops.KLDivLoss(), (rand(3, 4, dtype=F16), rand(3, 4, dtype=F16, low=0)), _kl_div("mean"),
           rtol=1e-2, atol=1e-2),
    OpCase(ops.SmoothL1Loss(0.5), (rand(2, 3, 4, low=-2, high=2), rand(2, 3, 4, low=-2, high=2)),
           _smooth_l1(0.5, "none")),
    OpCase(ops.SmoothL1Loss(2, "sum"), (rand(5, dtype=F64, low=-4, high=4), rand(5, dtype=F64)),
           _smooth_l1(2.0, "sum"), rtol=1e-10),
    OpCase(ops.SmoothL1Loss(), (rand(3, dtype=F16), rand(3, dtype=F16)), _smooth_l1(1.0, "none"), rtol=1e-2, atol=1e-2),
    OpCase(ops.TripletMarginLoss(p=1, swap=True, eps=1e-3, reduction="none"),
           (rand(4, 3), rand(4, 3), rand(4, 3), np.array(0.5, F32)), _triplet(0.5, 1, 1e-3, True, "none")),
    OpCase(ops.TripletMarginLoss(p=3), (rand(4, 3, dtype=F64), rand(4, 3, dtype=F64), rand(4, 3, dtype=F64),
                                        np.array(0.2, F32)), _triplet(0.2, 3, 1e-6, False, "mean"), rtol=1e-10),
]
CASES += _float_cases(ops.L2Loss(), _x(3, 4), _in64(lambda x: (x * x).sum() / 2), loose=10)
CASES += [OpCase(ops.L2Loss(), (np.array(3.0, F32),), _in64(lambda x: x * x / 2))]

# Functional API that is a thin layer over the primitives.
_fx = rand(2, 3, 4, low=-4, high=4)
CASES += [
    OpCase(ops.softmax, (_fx, 1), _in64(_softmax), prim="Softmax"),
    OpCase(ops.log_softmax, (_fx, 0), _in64(_log_softmax), prim="LogSoftmax"),
    OpCase(ops.relu, (_fx,), ACTIVATIONS["ReLU"], prim="ReLU"),
    OpCase(ops.relu6, (_fx,), ACTIVATIONS["ReLU6"], prim="ReLU6"),
    OpCase(lambda x: ops.gelu(x, approximate="tanh"), (_fx,), _in64(_gelu_tanh), prim="GeLU"),
    OpCase(ops.fast_gelu, (_fx,), _in64(ACTIVATIONS["FastGeLU"]), prim="FastGeLU"),
    OpCase(ops.silu, (_fx,), _in64(ACTIVATIONS["SiLU"]), prim="SiLU"),
    OpCase(ops.elu, (_fx, 1.0), _in64(lambda x, _a: ACTIVATIONS["Elu"](x)), prim="Elu"),
    OpCase(ops.leaky_relu, (_fx,), _in64(_leaky(0.2)), prim="LeakyReLU"),
    OpCase(ops.leaky_relu, (_fx, 3), _in64(lambda x, alpha: _leaky(alpha)(x)), prim="LeakyReLU"),
    OpCase(ops.hardswish, (_fx,), _in64(ACTIVATIONS["HSwish"]), prim="HSwish"),
    OpCase(ops.hardsigmoid, (_fx,), _in64(ACTIVATIONS["HSigmoid"]), prim="HSigmoid"),
    OpCase(ops.mish, (_fx,), _in64(ACTIVATIONS["Mish"]), prim="Mish"),
    OpCase(ops.softplus, (_fx,), _in64(ACTIVATIONS["Softplus"]), prim="Softplus"),
    OpCase(ops.selu, (_fx,), _in64(ACTIVATIONS["SeLU"]), prim="SeLU"),
    OpCase(ops.celu, (_fx, 2.0), _in64(lambda x, a: _celu(a)(x)), prim="CeLU"),
    OpCase(ops.hardshrink, (_fx, 1.0), _in64(lambda x, lambd: _hshrink(lambd)(x)), prim="HShrink"),
    OpCase(ops.softshrink, (_fx,), _in64(_softshrink(0.5)), prim="SoftShrink"),
    OpCase(ops.prelu, (_fx, rand(3)), _in64(_prelu), prim="PReLU"),
    OpCase(lambda x, s, b, m, v: ops.batch_norm(x, m, v, s, b), _bn_inputs((4, 3, 2), 3, F32),
           lambda *args: _batch_norm(False)(*args)[0], rtol=1e-4, atol=1e-4, prim="BatchNorm"),
    OpCase(lambda x, s, b, m, v: ops.batch_norm(x, m, v, s, b, True, 0.2, 1e-3), _bn_inputs((4, 3), 3, F32),
           lambda *args: _batch_norm(True, 1e-3)(*args)[0], rtol=1e-4, atol=1e-4, prim="BatchNorm"),
    OpCase(lambda x, w, b: ops.layer_norm(x, (3, 4), w, b), (rand(2, 3, 4), rand(3, 4), rand(3, 4)),
           lambda *args: _layer_norm(1, 1, 1e-5)(*args)[0], rtol=1e-4, atol=1e-4, prim="LayerNorm"),
    OpCase(lambda x: ops.layer_norm(x, 4), (rand(2, 3, 4),),
           lambda x: _layer_norm(2, 2, 1e-5)(x, np.ones(4), np.zeros(4))[0], rtol=1e-4, atol=1e-4, prim="LayerNorm"),
    OpCase(lambda x: ops.group_norm(x, 2), (rand(2, 4, 3),), lambda x: _group_norm(x, 2)[0],
           rtol=1e-4, atol=1e-4, prim="GroupNorm"),
    OpCase(lambda x, w, b: ops.group_norm(x, 3, w, b, 1e-3), (rand(2, 6, 2, 2), rand(6), rand(6)),
           lambda x, w, b: _group_norm(x, 3, w, b, 1e-3)[0], rtol=1e-4, atol=1e-4, prim="GroupNorm"),
    OpCase(lambda x: ops.dropout(x, 0.0), (rand(3, 4),), lambda x: x, prim="Dropout"),
    OpCase(lambda x: ops.dropout(x, 0.9, False), (rand(3, 4),), lambda x: x, prim="Dropout"),
    OpCase(lambda x: ops.dropout2d(x, 1.0), (rand(2, 3, 2, 2),), np.zeros_like, prim="Dropout2D"),
    OpCase(lambda x: ops.dropout3d(x, 0.0), (rand(2, 3, 2, 2, 2),), lambda x: x, prim="Dropout3D"),
    OpCase(ops.binary_cross_entropy, (rand(2, 3, low=0.01, high=0.99), rand(2, 3, low=0)), _bce("mean"),
           prim="BinaryCrossEntropy"),
    OpCase(lambda x, y, w: ops.binary_cross_entropy(x, y, w, "sum"),
           (rand(2, 3, low=0.01, high=0.99), rand(2, 3, low=0), rand(2, 3, low=0)), _bce("sum"),
           prim="BinaryCrossEntropy"),
    OpCase(ops.binary_cross_entropy_with_logits, (rand(2, 3), rand(2, 3, low=0), rand(3), rand(3)),
           _bce_with_logits("mean"), prim="BCEWithLogitsLoss"),
    OpCase(ops.binary_cross_entropy_with_logits, (rand(2, 3), rand(2, 3, low=0)), _bce_with_logits("mean"),
           prim="BCEWithLogitsLoss"),
    OpCase(lambda x, y: ops.kl_div(x, y, "batchmean"), (rand(3, 4, high=0), rand(3, 4, low=0)),
           _kl_div("batchmean"), prim="KLDivLoss"),
    OpCase(ops.kl_div, (rand(3, 4, high=0), rand(3, 4, low=0)), _kl_div("mean"), prim="KLDivLoss"),
    OpCase(ops.smooth_l1_loss, (rand(3, 4, low=-3, high=3), rand(3, 4)), _smooth_l1(1.0, "none"), prim="SmoothL1Loss"),
    OpCase(lambda x, y: ops.smooth_l1_loss(x, y, 0.3, "mean"), (rand(3, 4), rand(3, 4)), _smooth_l1(0.3, "mean"),
           prim="SmoothL1Loss"),
    OpCase(ops.triplet_margin_loss, (rand(4, 3), rand(4, 3), rand(4, 3)), _in64(
        lambda a, p, n: _triplet(1.0, 2, 1e-6, False, "mean")(a, p, n, None)), prim="TripletMarginLoss"),
    OpCase(lambda a, p, n: ops.triplet_margin_loss(a, p, n, 0.5, 1, 1e-6, True, "sum"), (rand(4, 3), rand(4, 3),
           rand(4, 3)), _in64(lambda a, p, n: _triplet(0.5, 1, 1e-6, True, "sum")(a, p, n, None)),
           prim="TripletMarginLoss"),
]
CASES += [
    OpCase(lambda x, y, w, r=r: ops.nll_loss(x, y, w, reduction=r), (rand(5, 4, high=0), _labels(5, 4),
                                                                      rand(4, low=0.1)),
           lambda *args, r=r: _nll(r)(*args)[0], prim="NLLLoss") for r in ("mean", "sum", "none")
] + [
    OpCase(lambda x, y: ops.nll_loss(x, y, ignore_index=1), (rand(5, 4, high=0), _labels(5, 4)),
           lambda x, y: _nll("mean", 1)(x, y)[0], prim="NLLLoss"),
]


# Gradient primitives (the fused backward kernels of the bprops).
def _relu_grad(dy, y):
    return np.where(y > 0, dy, 0).astype(dy.dtype)


def _softmax_grad(axis):
    def reference(y, dy):
        return y * (dy - (y * dy).sum(axis, keepdims=True))
    return _in64(reference)


def _log_softmax_grad(axis):
    def reference(y, dy):
        return dy - np.exp(y) * dy.sum(axis, keepdims=True)
    return _in64(reference)


def _batch_norm_grad(training, eps=1e-5, channels_last=False):
    """(dx, dscale, dbias), dx in x's dtype, the others in scale's."""
    def reference(dy, x, scale, mean, var):
        if channels_last:
            dy, x = np.moveaxis(dy, -1, 1), np.moveaxis(x, -1, 1)
        axes = (0, *range(2, x.ndim))
        shape = (-1,) + (1,) * (x.ndim - 2)
        dyw, xw = dy.astype(F64), x.astype(F64)
        rstd = 1 / np.sqrt(var.astype(F64).reshape(shape) + eps)
        xhat = (xw - mean.astype(F64).reshape(shape)) * rstd
        if training:
            dxhat = dyw - dyw.mean(axes, keepdims=True) - xhat * (dyw * xhat).mean(axes, keepdims=True)
        else:
            dxhat = dyw
        dx = dxhat * rstd * scale.astype(F64).reshape(shape)
        if channels_last:
            dx = np.moveaxis(dx, 1, -1)
        return dx.astype(x.dtype), (dyw * xhat).sum(axes).astype(scale.dtype), dyw.sum(axes).astype(scale.dtype)
    return reference


def _bn_grad_inputs(shape, channels, dt, training, param_dt=None, channels_last=False):
    """(dout, x, scale, mean, variance): in training the batch statistics of x."""
    x, scale, _, mean, var = _bn_inputs(shape, channels, dt, param_dt)
    if training:
        xc = np.moveaxis(x, -1, 1) if channels_last else x
        axes = (0, *range(2, xc.ndim))
        mean, var = xc.astype(F64).mean(axes).astype(mean.dtype), xc.astype(F64).var(axes).astype(var.dtype)
    return rand(*shape, dtype=dt), x, scale, mean, var


def _softmax_cross_entropy_grad(logits, labels, loss_grad):
    return (_softmax(logits, 1) - labels) * loss_grad[:, None]


def _nll_grad(reduction, ignore_index=-100):
    def reference(logits, loss_grad, labels, weight, total_weight):
        counted = labels != ignore_index
        index = np.where(counted, labels, 0)
        w = np.ones(logits.shape[1]) if weight is None else weight.astype(F64)
        scale = loss_grad.astype(F64) / (total_weight if reduction == "mean" else 1)
        grad = np.zeros(logits.shape)
        grad[np.arange(len(labels)), index] = -w[index] * counted * scale
        return grad.astype(logits.dtype)
    return reference


CASES += _float_cases(ops.ReluGrad(), lambda dt: (rand(2, 3, 4, dtype=dt), rand(2, 3, 4, dtype=dt)), _relu_grad)
CASES += [
    OpCase(ops.ReluGrad(), (rand(5, dtype=np.int32, low=-5, high=5), rand(5, dtype=np.int32, low=-5, high=5)),
           _relu_grad),
    OpCase(ops.ReluGrad(), (rand(dtype=F32), rand(dtype=F32)), _relu_grad),
]
for _axis in (-1, 0, 1):
    CASES += _float_cases(ops.SoftmaxGrad(_axis), lambda dt, a=_axis: (_softmax(rand(2, 3, 4), a).astype(dt),
                                                                       rand(2, 3, 4, dtype=dt)), _softmax_grad(_axis))
    CASES += _float_cases(ops.LogSoftmaxGrad(_axis),
                          lambda dt, a=_axis: (_log_softmax(rand(2, 3, 4), a).astype(dt), rand(2, 3, 4, dtype=dt)),
                          _log_softmax_grad(_axis))
for _training in (False, True):
    for _shape in [(8, 3), (4, 3, 5), (4, 3, 2, 2)]:
        CASES += _float_cases(ops.BatchNormGrad(_training),
                              lambda dt, s=_shape, t=_training: _bn_grad_inputs(s, 3, dt, t),
                              _batch_norm_grad(_training), dtypes=(F32, F64), loose=10)
    CASES += [
        OpCase(ops.BatchNormGrad(_training, 1e-3, "NHWC"), _bn_grad_inputs((4, 2, 2, 3), 3, F32, _training,
                                                                           channels_last=True),
               _batch_norm_grad(_training, 1e-3, channels_last=True), rtol=1e-4, atol=1e-4),
        OpCase(ops.BatchNormGrad(_training), _bn_grad_inputs((6, 2, 3), 2, F16, _training, param_dt=F32),
               _batch_norm_grad(_training), rtol=1e-2, atol=1e-2),
    ]
CASES += _float_cases(ops.SoftmaxCrossEntropyWithLogitsGrad(),
                      lambda dt: (rand(4, 5, dtype=dt, low=-3, high=3), _probabilities(4, 5, dtype=dt),
                                  rand(4, dtype=dt)),
                      _in64(_softmax_cross_entropy_grad), loose=10)
for _reduction in ("mean", "sum", "none"):
    _loss_grad = rand(*(() if _reduction != "none" else (4,)))
    CASES += [
        OpCase(ops.NLLLossGrad(_reduction), (rand(4, 5), _loss_grad, np.array([1, 0, 4, -100], np.int64),
                                             rand(5, low=0.1), np.array(1.7, F32)), _nll_grad(_reduction)),
        OpCase(ops.NLLLossGrad(_reduction, 0), (rand(4, 5, dtype=F64), _loss_grad.astype(F64),
                                                np.array([1, 0, 4, 2], np.int32), None, np.array(3.0)),
               _nll_grad(_reduction, 0)),
    ]
CASES += [OpCase(ops.NLLLossGrad(), (rand(2, 3, dtype=F16), np.array(1.5, F16), np.array([2, 0], np.int32),
                                     rand(3, dtype=F32), np.array(0.5, F16)), _nll_grad("mean"), rtol=1e-3, atol=1e-3)]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


# ---- error cases --------------------------------------------------------------------------
_f = rand(2, 3)
_ints = rand(2, 3, dtype=np.int32)

ERROR_CASES = [
    # activations: wrong dtype, bad attributes
    *[ErrorCase(getattr(ops, name)(), (_ints if name not in ("ReLU", "ReLU6", "HSwish", "HSigmoid")
                                       else np.array([True, False]),), TypeError, f"For '{name}'")
      for name in ACTIVATIONS],
    ErrorCase(ops.ReLU(), ([1.0, 2.0],), TypeError, "For 'ReLU', the 'x' must be a Tensor"),
    ErrorCase(ops.Softmax(), (_ints,), TypeError, "For 'Softmax', the dtype of 'x'"),
    ErrorCase(ops.Softmax(2), (_f,), ValueError, r"For 'Softmax', the 'axis' must be in range \[-2, 2\)"),
    ErrorCase(ops.Softmax(-3), (_f,), ValueError, "For 'Softmax', the 'axis'"),
    ErrorCase(lambda: ops.Softmax(1.0), (), TypeError, "For 'Softmax', the 'axis' must be int", prim="Softmax"),
    ErrorCase(lambda: ops.Softmax((0, 1)), (), ValueError, "one int", prim="Softmax"),
    ErrorCase(ops.LogSoftmax(), (_ints,), TypeError, "For 'LogSoftmax'"),
    ErrorCase(ops.LogSoftmax(5), (_f,), ValueError, "For 'LogSoftmax', the 'axis'"),
    ErrorCase(lambda: ops.Elu(2.0), (), ValueError, "For 'Elu', the 'alpha' must be 1.0", prim="Elu"),
    ErrorCase(lambda: ops.Elu("1"), (), TypeError, "For 'Elu', the 'alpha'", prim="Elu"),
    ErrorCase(ops.Elu(), (_ints,), TypeError, "For 'Elu'"),
    ErrorCase(lambda: ops.LeakyReLU("a"), (), TypeError, "For 'LeakyReLU', the 'alpha'", prim="LeakyReLU"),
    ErrorCase(ops.LeakyReLU(), (_ints,), TypeError, "For 'LeakyReLU'"),
    ErrorCase(lambda: ops.CeLU(0.0), (), ValueError, "For 'CeLU', the 'alpha' must not be 0", prim="CeLU"),
    ErrorCase(ops.CeLU(), (_ints,), TypeError, "For 'CeLU'"),
    ErrorCase(lambda: ops.HShrink(None), (), TypeError, "For 'HShrink', the 'lambd'", prim="HShrink"),
    ErrorCase(ops.HShrink(), (_ints,), TypeError, "For 'HShrink'"),
    ErrorCase(lambda: ops.SoftShrink(-1.0), (), ValueError, "For 'SoftShrink', the 'lambd'", prim="SoftShrink"),
    ErrorCase(ops.SoftShrink(), (_ints,), TypeError, "For 'SoftShrink'"),
    ErrorCase(ops.PReLU(), (rand(2, 3, 4), rand(4)), ValueError, "For 'PReLU', the size of 'weight'"),
    ErrorCase(ops.PReLU(), (rand(2, 3), rand(3, 1)), ValueError, "For 'PReLU', the dimension of 'weight'"),
    ErrorCase(ops.PReLU(), (rand(2, 3), np.array(0.25, F32)), ValueError, "For 'PReLU', the dimension of 'weight'"),
    ErrorCase(ops.PReLU(), (_ints, rand(3, dtype=np.int32)), TypeError, "For 'PReLU', the dtype of 'x'"),
    ErrorCase(ops.PReLU(), (rand(2, 3), rand(3, dtype=F16)), TypeError, "For 'PReLU', the dtype of 'weight'"),
    # bias add
    ErrorCase(ops.BiasAdd(), (rand(3), rand(3)), ValueError, "For 'BiasAdd', the dimension of 'input_x'"),
    ErrorCase(ops.BiasAdd(), (rand(1, 3, 1, 1, 1, 1), rand(3)), ValueError, "For 'BiasAdd', the dimension"),
    ErrorCase(ops.BiasAdd(), (rand(2, 3, 4), rand(4)), ValueError, "For 'BiasAdd', the size of 'bias'"),
    ErrorCase(ops.BiasAdd(), (rand(2, 3, 4), rand(1)), ValueError, "For 'BiasAdd', the size of 'bias'"),
    ErrorCase(ops.BiasAdd(), (rand(2, 3), rand(1, 3)), ValueError, "For 'BiasAdd', the dimension of 'bias'"),
    ErrorCase(ops.BiasAdd(), (rand(2, 3), rand(3, dtype=F16)), TypeError, "For 'BiasAdd', the dtype of 'bias'"),
    ErrorCase(ops.BiasAdd(), (rand(2, 3, dtype=np.bool_), rand(3, dtype=np.bool_)), TypeError, "For 'BiasAdd'"),
    ErrorCase(ops.BiasAdd("NCDHW"), (rand(1, 3, 2, 2), rand(3)), ValueError, "For 'BiasAdd', the dimension"),
    ErrorCase(lambda: ops.BiasAdd("NWHC"), (), ValueError, "For 'BiasAdd', the 'data_format'", prim="BiasAdd"),
    # normalization
    ErrorCase(ops.BatchNorm(), _bn_inputs((3,), 3, F32), ValueError, "For 'BatchNorm', the dimension of 'input_x'"),
    ErrorCase(ops.BatchNorm(), _bn_inputs((2, 3, 2, 2, 2), 3, F32), ValueError, "For 'BatchNorm', the dimension"),
    ErrorCase(ops.BatchNorm(True), (rand(4, 3), rand(4), rand(3), rand(3), rand(3)), ValueError,
              "For 'BatchNorm', the size of 'scale'"),
    ErrorCase(ops.BatchNorm(), (rand(4, 3), rand(3), rand(3), rand(2), rand(3)), ValueError,
              "For 'BatchNorm', the size of 'mean'"),
    ErrorCase(ops.BatchNorm(), (rand(4, 3), rand(3, 1), rand(3), rand(3), rand(3)), ValueError,
              "For 'BatchNorm', the dimension of 'scale'"),
    ErrorCase(ops.BatchNorm(), (rand(4, 3), rand(3), rand(3), rand(3, dtype=F16), rand(3)), TypeError,
              "For 'BatchNorm', the dtype of 'mean'"),
    ErrorCase(ops.BatchNorm(), (_ints, rand(3), rand(3), rand(3), rand(3)), TypeError,
              "For 'BatchNorm', the dtype of 'input_x'"),
    ErrorCase(lambda: ops.BatchNorm(is_training=1), (), TypeError, "For 'BatchNorm', the 'is_training'",
              prim="BatchNorm"),
    ErrorCase(lambda: ops.BatchNorm(epsilon=0.0), (), ValueError, "For 'BatchNorm', the 'epsilon'", prim="BatchNorm"),
    ErrorCase(lambda: ops.BatchNorm(momentum=1.5), (), ValueError, "For 'BatchNorm', the 'momentum'",
              prim="BatchNorm"),
    ErrorCase(lambda: ops.BatchNorm(data_format="NCDHW"), (), ValueError, "For 'BatchNorm', the 'data_format'",
              prim="BatchNorm"),
    ErrorCase(ops.LayerNorm(), (rand(2, 3, 4), rand(4), rand(3, 4)), ValueError,
              "For 'LayerNorm', the shape of 'gamma'"),
    ErrorCase(ops.LayerNormGrad(2, 2), (rand(2, 3, 4), rand(2, 3, 4), rand(2, 3, 1), rand(2, 3, 1), rand(3)),
              ValueError, "For 'LayerNormGrad', the shape of 'gamma'"),
    ErrorCase(ops.LayerNormGrad(2, 2), (rand(2, 3, 4), rand(2, 3, 4), rand(2, 1, 1), rand(2, 3, 1), rand(4)),
              ValueError, "For 'LayerNormGrad', the shape of 'variance'"),
    ErrorCase(ops.LayerNormGrad(2, 2), (rand(2, 3, 4), rand(2, 4), rand(2, 3, 1), rand(2, 3, 1), rand(4)),
              ValueError, "For 'LayerNormGrad', the shape of 'dy'"),
    ErrorCase(ops.LayerNorm(), (rand(2, 3, 4), rand(3, 4), rand(4)), ValueError,
              "For 'LayerNorm', the shape of 'beta'"),
    ErrorCase(ops.LayerNorm(3, 3), (rand(2, 3, 4), rand(4), rand(4)), ValueError,
              "For 'LayerNorm', the 'begin_norm_axis' must be in range"),
    ErrorCase(ops.LayerNorm(-2, -1), (rand(2, 3, 4), rand(4), rand(4)), ValueError,
              "For 'LayerNorm', the 'begin_norm_axis'"),
    ErrorCase(ops.LayerNorm(0, 0), (np.array(1.0, F32), np.array(1.0, F32), np.array(1.0, F32)), ValueError,
              "For 'LayerNorm', the 'input_x' must have at least 1 dimension"),
    ErrorCase(ops.LayerNorm(), (_ints, rand(3), rand(3)), TypeError, "For 'LayerNorm', the dtype of 'input_x'"),
    ErrorCase(lambda: ops.LayerNorm(1.0), (), TypeError, "For 'LayerNorm', the 'begin_norm_axis'", prim="LayerNorm"),
    ErrorCase(lambda: ops.LayerNorm(1, 1, "a"), (), TypeError, "For 'LayerNorm', the 'epsilon'", prim="LayerNorm"),
    ErrorCase(ops.GroupNorm(), (rand(2, 6, 4), 4), ValueError, "For 'GroupNorm', the number of channels"),
    ErrorCase(ops.GroupNorm(), (rand(2, 6, 4), 0), ValueError, "For 'GroupNorm', the 'num_groups'"),
    ErrorCase(ops.GroupNorm(), (rand(2, 6, 4), 3.0), TypeError, "For 'GroupNorm', the 'num_groups'"),
    ErrorCase(ops.GroupNorm(), (rand(6), 2), ValueError, "For 'GroupNorm', the 'input' must have at least 2"),
    ErrorCase(ops.GroupNorm(), (rand(2, 6), 2, rand(5)), ValueError, "For 'GroupNorm', the shape of 'weight'"),
    ErrorCase(ops.GroupNorm(), (rand(2, 6, dtype=np.int32), 2), TypeError, "For 'GroupNorm', the dtype of 'input'"),
    # dropout
    ErrorCase(ops.Dropout(), (_ints,), TypeError, "For 'Dropout', the dtype of 'x'"),
    ErrorCase(lambda: ops.Dropout(0.0), (), ValueError, r"For 'Dropout', the 'keep_prob' must be in range \(0.0, 1.0\]",
              prim="Dropout"),
    ErrorCase(lambda: ops.Dropout(1.5), (), ValueError, "For 'Dropout', the 'keep_prob'", prim="Dropout"),
    ErrorCase(lambda: ops.Dropout(0.5, 1.0), (), TypeError, "For 'Dropout', the 'Seed0'", prim="Dropout"),
    ErrorCase(ops.Dropout2D(), (rand(2, 3, 4),), ValueError, "For 'Dropout2D', the dimension of 'input' must be 4"),
    ErrorCase(ops.Dropout2D(), (rand(2, 3, 4, 4, dtype=np.bool_),), TypeError, "For 'Dropout2D', the dtype"),
    ErrorCase(lambda: ops.Dropout2D(1), (), TypeError, "For 'Dropout2D', the 'keep_prob' must be float",
              prim="Dropout2D"),
    ErrorCase(lambda: ops.Dropout2D(1.5), (), ValueError, "For 'Dropout2D', the 'keep_prob'", prim="Dropout2D"),
    ErrorCase(ops.Dropout3D(), (rand(2, 3, 4, 4),), ValueError, "For 'Dropout3D', the dimension of 'input' must be 5"),
    ErrorCase(lambda: ops.Dropout3D(-0.1), (), ValueError, "For 'Dropout3D', the 'keep_prob'", prim="Dropout3D"),
    # embedding lookup
    ErrorCase(ops.EmbeddingLookup(), (rand(5, 2), np.array([1.0, 2.0], F32), 0), TypeError,
              "For 'EmbeddingLookup', the dtype of 'input_indices'"),
    ErrorCase(ops.EmbeddingLookup(), (rand(5, 2), np.array(1, np.int32), 0), ValueError,
              "For 'EmbeddingLookup', the 'input_indices' must have at least 1 dimension"),
    ErrorCase(ops.EmbeddingLookup(), (rand(5, 2, 1), np.array([1], np.int32), 0), ValueError,
              "For 'EmbeddingLookup', the dimension of 'input_params'"),
    ErrorCase(ops.EmbeddingLookup(), (rand(5, 2), np.array([1], np.int32), 1.0), TypeError,
              "For 'EmbeddingLookup', the 'offset' must be int"),
    # losses
    ErrorCase(ops.SoftmaxCrossEntropyWithLogits(), (rand(3), rand(3)), ValueError,
              "For 'SoftmaxCrossEntropyWithLogits', the dimension of 'logits' must be 2"),
    ErrorCase(ops.SoftmaxCrossEntropyWithLogits(), (rand(3, 5), rand(2, 5)), ValueError,
              "For 'SoftmaxCrossEntropyWithLogits', the shape of 'labels'"),
    ErrorCase(ops.SoftmaxCrossEntropyWithLogits(), (rand(3, 5), rand(1, 5)), ValueError,
              "For 'SoftmaxCrossEntropyWithLogits', the shape of 'labels'"),
    ErrorCase(ops.SoftmaxCrossEntropyWithLogits(), (rand(3, 5), rand(3, 5, dtype=F16)), TypeError,
              "For 'SoftmaxCrossEntropyWithLogits', the dtype of 'labels'"),
    ErrorCase(ops.SparseSoftmaxCrossEntropyWithLogits(), (rand(3, 5), rand(3, dtype=F32)), TypeError,
              "For 'SparseSoftmaxCrossEntropyWithLogits', the dtype of 'labels'"),
    ErrorCase(ops.SparseSoftmaxCrossEntropyWithLogits(), (rand(3, 5), _labels(2, 5)), ValueError,
              "For 'SparseSoftmaxCrossEntropyWithLogits', the shape of 'labels'"),
    ErrorCase(ops.SparseSoftmaxCrossEntropyWithLogits(), (rand(5), np.array(1, np.int32)), ValueError,
              "at least 2 dimensions"),
    ErrorCase(ops.SparseSoftmaxCrossEntropyWithLogits(), (rand(3, 5), np.array([1, 0, 7], np.int32)), RuntimeError,
              "For 'SparseSoftmaxCrossEntropyWithLogits'"),
    ErrorCase(lambda: ops.SparseSoftmaxCrossEntropyWithLogits(1), (), TypeError, "the 'is_grad' must be bool",
              prim="SparseSoftmaxCrossEntropyWithLogits"),
    ErrorCase(ops.NLLLoss(), (rand(5), _labels(1, 5), rand(5)), ValueError, "For 'NLLLoss', the dimension of 'logits'"),
    ErrorCase(ops.NLLLoss(), (rand(4, 5), _labels(3, 5), rand(5)), ValueError, "For 'NLLLoss', the size of 'labels'"),
    ErrorCase(ops.NLLLoss(), (rand(4, 5), _labels(4, 5), rand(3)), ValueError, "For 'NLLLoss', the size of 'weight'"),
    ErrorCase(ops.NLLLoss(), (rand(4, 5), rand(4), rand(5)), TypeError, "For 'NLLLoss', the dtype of 'labels'"),
    ErrorCase(ops.NLLLoss(), (rand(4, 5), np.array([1, 0, 9, 2], np.int32), rand(5)), RuntimeError, "For 'NLLLoss'"),
    ErrorCase(lambda: ops.NLLLoss("avg"), (), ValueError, "For 'NLLLoss', the 'reduction'", prim="NLLLoss"),
    ErrorCase(lambda: ops.NLLLoss(ignore_index=1.0), (), TypeError, "For 'NLLLoss', the 'ignore_index'",
              prim="NLLLoss"),
    ErrorCase(ops.BinaryCrossEntropy(), (rand(2, 3), rand(3)), ValueError, "For 'BinaryCrossEntropy', the shape"),
    ErrorCase(ops.BinaryCrossEntropy(), (rand(2, 3), rand(2, 3, dtype=F16)), TypeError,
              "For 'BinaryCrossEntropy', the dtype of 'labels'"),
    ErrorCase(ops.BinaryCrossEntropy(), (_ints, _ints), TypeError, "For 'BinaryCrossEntropy', the dtype of 'logits'"),
    ErrorCase(ops.BinaryCrossEntropy(), (rand(2, 3), rand(2, 3), rand(2)), ValueError, "For 'BinaryCrossEntropy'"),
    ErrorCase(lambda: ops.BinaryCrossEntropy("avg"), (), ValueError, "For 'BinaryCrossEntropy', the 'reduction'",
              prim="BinaryCrossEntropy"),
    ErrorCase(ops.BCEWithLogitsLoss(), (rand(2, 3), rand(3), None, None), ValueError,
              "For 'BCEWithLogitsLoss', the shape of 'label'"),
    ErrorCase(ops.BCEWithLogitsLoss(), (rand(2, 3), rand(2, 3), rand(2), rand(3)), ValueError,
              "For 'BCEWithLogitsLoss'"),
    ErrorCase(ops.BCEWithLogitsLoss(), (rand(2, 3), rand(2, 3), rand(3), rand(4, 2, 3)), ValueError,
              "For 'BCEWithLogitsLoss', the shape of 'pos_weight' must broadcast"),
    ErrorCase(ops.BCEWithLogitsLoss(), (_ints, _ints, None, None), TypeError, "For 'BCEWithLogitsLoss', the dtype"),
    ErrorCase(lambda: ops.BCEWithLogitsLoss("avg"), (), ValueError, "For 'BCEWithLogitsLoss', the 'reduction'",
              prim="BCEWithLogitsLoss"),
    ErrorCase(ops.KLDivLoss(), (rand(2, 3), rand(3)), ValueError, "For 'KLDivLoss', the shape of 'labels'"),
    ErrorCase(ops.KLDivLoss(), (_ints, _ints), TypeError, "For 'KLDivLoss', the dtype of 'logits'"),
    ErrorCase(lambda: ops.KLDivLoss("avg"), (), ValueError, "For 'KLDivLoss', the 'reduction'", prim="KLDivLoss"),
    ErrorCase(ops.SmoothL1Loss(), (rand(2, 3), rand(3)), ValueError, "For 'SmoothL1Loss', the shape of 'target'"),
    ErrorCase(ops.SmoothL1Loss(), (rand(3), rand(3, dtype=F16)), TypeError,
              "For 'SmoothL1Loss', the dtype of 'target'"),
    ErrorCase(ops.SmoothL1Loss(), (_ints, _ints), TypeError, "For 'SmoothL1Loss', the dtype of 'prediction'"),
    ErrorCase(lambda: ops.SmoothL1Loss(0.0), (), ValueError, "For 'SmoothL1Loss', the 'beta' must be greater than 0",
              prim="SmoothL1Loss"),
    ErrorCase(lambda: ops.SmoothL1Loss(1.0, "avg"), (), ValueError, "For 'SmoothL1Loss', the 'reduction'",
              prim="SmoothL1Loss"),
    ErrorCase(ops.L2Loss(), (_ints,), TypeError, "For 'L2Loss', the dtype of 'input_x'"),
    ErrorCase(ops.L2Loss(), ([1.0],), TypeError, "For 'L2Loss', the 'input_x' must be a Tensor"),
    ErrorCase(ops.TripletMarginLoss(), (rand(4, 3), rand(4, 3), rand(4, 2), np.array(1.0, F32)), ValueError,
              "For 'TripletMarginLoss', the shape of 'negative'"),
    ErrorCase(ops.TripletMarginLoss(), (rand(3), rand(3), rand(3), np.array(1.0, F32)), ValueError,
              "For 'TripletMarginLoss', the dimension of 'x'"),
    ErrorCase(ops.TripletMarginLoss(), (rand(4, 3), rand(4, 3), rand(4, 3), np.array(1.0, F64)), TypeError,
              "For 'TripletMarginLoss', the dtype of 'margin'"),
    ErrorCase(lambda: ops.TripletMarginLoss(p=2.0), (), TypeError, "For 'TripletMarginLoss', the 'p'",
              prim="TripletMarginLoss"),
    ErrorCase(lambda: ops.TripletMarginLoss(reduction="avg"), (), ValueError, "For 'TripletMarginLoss'",
              prim="TripletMarginLoss"),
    # functional API
    ErrorCase(lambda x: ops.softmax(x, (1,)), (_f,), TypeError, "For 'softmax', the 'axis' must be int",
              prim="Softmax"),
    ErrorCase(lambda x: ops.gelu(x, "fast"), (_f,), ValueError, "For 'gelu', the 'approximate'", prim="GeLU"),
    ErrorCase(ops.gelu, (_ints,), TypeError, "For 'gelu', the dtype of 'input'", prim="GeLU"),
    ErrorCase(lambda x: ops.leaky_relu(x, "a"), (_f,), TypeError, "the 'alpha'", prim="LeakyReLU"),
    ErrorCase(lambda x: ops.softplus(x, 0), (_f,), ValueError, "For 'softplus', the 'beta' must not be 0",
              prim="Softplus"),
    ErrorCase(lambda x: ops.dropout(x, 1.0), (_f,), ValueError, "the 'keep_prob'", prim="Dropout"),
    ErrorCase(lambda x: ops.dropout(x, 0.5, 1), (_f,), TypeError, "For 'dropout', the 'training' must be bool",
              prim="Dropout"),
    ErrorCase(lambda x: ops.dropout(x, 0.5, seed=-1), (_f,), ValueError, "For 'dropout', the 'seed'", prim="Dropout"),
    ErrorCase(lambda x: ops.dropout1d(x, 1), (rand(2, 3),), TypeError, "For 'dropout1d', the 'p' must be float",
              prim="Dropout2D"),
    ErrorCase(lambda x: ops.dropout1d(x, 0.5), (rand(2, 3, 4, 4),), ValueError, "For 'dropout1d', the 'input'",
              prim="Dropout2D"),
    ErrorCase(lambda x: ops.dropout2d(x, 1.5), (rand(2, 3, 4, 4),), ValueError, "For 'dropout2d', the 'p'",
              prim="Dropout2D"),
    ErrorCase(lambda x: ops.dropout3d(x, 0.5), (rand(2, 3, 4, 4),), ValueError, "For 'Dropout3D'", prim="Dropout3D"),
    ErrorCase(lambda x: ops.layer_norm(x, (5,)), (rand(2, 3, 4),), ValueError,
              "For 'layer_norm', the 'normalized_shape'", prim="LayerNorm"),
    ErrorCase(lambda x: ops.group_norm(x, 4), (rand(2, 6, 4),), ValueError, "For 'GroupNorm'", prim="GroupNorm"),
    ErrorCase(lambda x, y: ops.nll_loss(x, y, reduction="avg"), (rand(4, 5), _labels(4, 5)), ValueError,
              "For 'nll_loss', the 'reduction'", prim="NLLLoss"),
    ErrorCase(lambda x, y: ops.nll_loss(x, y), (rand(4, 5), _labels(3, 5)), ValueError,
              "For 'nll_loss', the shape of 'target'", prim="NLLLoss"),
    ErrorCase(lambda x, y: ops.nll_loss(x, y, label_smoothing=1.5), (rand(4, 5), _labels(4, 5)), ValueError,
              "For 'nll_loss', the 'label_smoothing'", prim="NLLLoss"),
    ErrorCase(lambda x, y: ops.kl_div(x, y, 1), (_f, _f), ValueError, "For 'kl_div', the 'reduction'",
              prim="KLDivLoss"),
    ErrorCase(lambda x, y: ops.binary_cross_entropy(x, y, reduction="avg"), (_f, _f), ValueError,
              "the 'reduction'", prim="BinaryCrossEntropy"),
]


ERROR_CASES += [
    # gradient primitives
    ErrorCase(ops.ReluGrad(), (rand(2, 3), rand(3)), ValueError, "For 'ReluGrad', the shape of 'y_backprop'"),
    ErrorCase(ops.ReluGrad(), (rand(3, dtype=F16), rand(3)), TypeError, "For 'ReluGrad', the dtype of 'y_backprop'"),
    ErrorCase(ops.ReluGrad(), (rand(3, dtype=np.bool_), rand(3, dtype=np.bool_)), TypeError, "For 'ReluGrad'"),
    ErrorCase(ops.SoftmaxGrad(), (rand(2, 3), rand(2, 1)), ValueError, "For 'SoftmaxGrad', the shape of 'dy'"),
    ErrorCase(ops.SoftmaxGrad(2), (rand(2, 3), rand(2, 3)), ValueError, "For 'SoftmaxGrad', the 'axis'"),
    ErrorCase(ops.SoftmaxGrad(), (_ints, _ints), TypeError, "For 'SoftmaxGrad', the dtype of 'y'"),
    ErrorCase(lambda: ops.SoftmaxGrad(1.0), (), TypeError, "For 'SoftmaxGrad', the 'axis'", prim="SoftmaxGrad"),
    ErrorCase(ops.LogSoftmaxGrad(), (rand(2, 3), rand(2, 3, dtype=F16)), TypeError,
              "For 'LogSoftmaxGrad', the dtype of 'dy'"),
    ErrorCase(ops.LogSoftmaxGrad(-3), (rand(2, 3), rand(2, 3)), ValueError, "For 'LogSoftmaxGrad', the 'axis'"),
    ErrorCase(ops.BatchNormGrad(), (rand(4, 3), rand(4, 3), rand(2), rand(3), rand(3)), ValueError,
              "For 'BatchNormGrad', the size of 'scale'"),
    ErrorCase(ops.BatchNormGrad(), (rand(4, 2), rand(4, 3), rand(3), rand(3), rand(3)), ValueError,
              "For 'BatchNormGrad', the shape of 'dout'"),
    ErrorCase(ops.BatchNormGrad(), (rand(3), rand(3), rand(3), rand(3), rand(3)), ValueError,
              "For 'BatchNormGrad', the dimension of 'x'"),
    ErrorCase(ops.BatchNormGrad(True), (rand(4, 3), rand(4, 3), rand(3), rand(3, dtype=F64), rand(3)), TypeError,
              "For 'BatchNormGrad', the dtype of 'saved_mean'"),
    ErrorCase(lambda: ops.BatchNormGrad(epsilon=2.0), (), ValueError, "For 'BatchNormGrad', the 'epsilon'",
              prim="BatchNormGrad"),
    ErrorCase(lambda: ops.BatchNormGrad(data_format="NDHWC"), (), ValueError, "For 'BatchNormGrad', the 'data_format'",
              prim="BatchNormGrad"),
    ErrorCase(ops.SoftmaxCrossEntropyWithLogitsGrad(), (rand(3, 5), rand(3, 5), rand(5)), ValueError,
              "For 'SoftmaxCrossEntropyWithLogitsGrad', the shape of 'loss_grad'"),
    ErrorCase(ops.SoftmaxCrossEntropyWithLogitsGrad(), (rand(3, 5), rand(3, 4), rand(3)), ValueError,
              "For 'SoftmaxCrossEntropyWithLogitsGrad', the shape of 'labels'"),
    ErrorCase(ops.SoftmaxCrossEntropyWithLogitsGrad(), (rand(3, 5), rand(3, 5), rand(3, dtype=F64)), TypeError,
              "For 'SoftmaxCrossEntropyWithLogitsGrad', the dtype of 'loss_grad'"),
    ErrorCase(ops.NLLLossGrad(), (rand(4, 5), rand(4), _labels(4, 5), rand(5), np.array(1.0, F32)), ValueError,
              "For 'NLLLossGrad', the shape of 'loss_grad'"),
    ErrorCase(ops.NLLLossGrad("none"), (rand(4, 5), rand(4), _labels(4, 5), rand(5), rand(1)), ValueError,
              "For 'NLLLossGrad', the shape of 'total_weight'"),
    ErrorCase(ops.NLLLossGrad(), (rand(4, 5), np.array(1.0, F64), _labels(4, 5), None, np.array(1.0, F32)), TypeError,
              "For 'NLLLossGrad', the dtype of 'loss_grad'"),
    ErrorCase(ops.NLLLossGrad(), (rand(4, 5), np.array(1.0, F32), rand(4), None, np.array(1.0, F32)), TypeError,
              "For 'NLLLossGrad', the dtype of 'labels'"),
    ErrorCase(lambda: ops.NLLLossGrad("avg"), (), ValueError, "For 'NLLLossGrad', the 'reduction'", prim="NLLLossGrad"),
]


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)


# ---- BatchNorm's moving statistics --------------------------------------------------------
@pytest.mark.parametrize("shape", [(8, 3), (4, 3, 5), (4, 3, 2, 2)])
@pytest.mark.parametrize("momentum", [0.1, 0.7])
def test_batch_norm_training_updates_moving_statistics(shape, momentum):
    x = rand(*shape, dtype=F32)
    mean0, var0 = rand(3), rand(3, low=0.5, high=2)
    mean = ms.Parameter(ms.Tensor(mean0), name="moving_mean")
    var = ms.Parameter(ms.Tensor(var0), name="moving_variance")
    before = mean._t
    ops.BatchNorm(True, momentum=momentum)(ms.Tensor(x), ms.Tensor(np.ones(3, F32)), ms.Tensor(np.zeros(3, F32)),
                                           mean, var)
    axes = (0, *range(2, x.ndim))
    batch_mean, batch_var = x.astype(F64).mean(axis=axes), x.astype(F64).var(axis=axes, ddof=1)
    np.testing.assert_allclose(mean.asnumpy(), (1 - momentum) * mean0 + momentum * batch_mean, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(var.asnumpy(), (1 - momentum) * var0 + momentum * batch_var, rtol=1e-5, atol=1e-6)
    # Rebound, not written in place: the old storage still holds the old values.
    assert mean._t is not before
    assert mean.dtype == ms.float32
    np.testing.assert_array_equal(before.numpy(), mean0)


def test_batch_norm_updates_plain_tensors_and_float16():
    x = rand(6, 2, dtype=F16)
    mean, var = ms.Tensor(np.zeros(2, F16)), ms.Tensor(np.ones(2, F16))
    ops.BatchNorm(True)(ms.Tensor(x), ms.Tensor(np.ones(2, F16)), ms.Tensor(np.zeros(2, F16)), mean, var)
    assert mean.dtype == ms.float16
    np.testing.assert_allclose(mean.asnumpy(), 0.1 * x.astype(F64).mean(0), rtol=1e-2, atol=1e-3)
    np.testing.assert_allclose(var.asnumpy(), 0.9 + 0.1 * x.astype(F64).var(0, ddof=1), rtol=1e-2, atol=1e-3)


def test_batch_norm_one_sample_per_channel_gives_nan_variance():
    mean, var = ms.Tensor(np.zeros(3, F32)), ms.Tensor(np.ones(3, F32))
    ops.BatchNorm(True)(ms.Tensor(rand(1, 3)), ms.Tensor(np.ones(3, F32)), ms.Tensor(np.zeros(3, F32)), mean, var)
    assert np.isnan(var.asnumpy()).all()


def test_batch_norm_inference_leaves_statistics_alone():
    mean, var = ms.Tensor(rand(3)), ms.Tensor(rand(3, low=0.5))
    before_mean, before_var = mean._t, var._t
    ops.BatchNorm()(ms.Tensor(rand(4, 3)), ms.Tensor(np.ones(3, F32)), ms.Tensor(np.zeros(3, F32)), mean, var)
    assert mean._t is before_mean and var._t is before_var


def test_functional_batch_norm_training_updates_running_statistics():
    x = rand(16, 4)
    running_mean, running_var = ms.Parameter(np.zeros(4, F32), name="rm"), ms.Parameter(np.ones(4, F32), name="rv")
    ops.batch_norm(ms.Tensor(x), running_mean, running_var, ms.Tensor(np.ones(4, F32)), ms.Tensor(np.zeros(4, F32)),
                   training=True, momentum=0.5)
    np.testing.assert_allclose(running_mean.asnumpy(), 0.5 * x.mean(0), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(running_var.asnumpy(), 0.5 + 0.5 * x.var(0, ddof=1), rtol=1e-5, atol=1e-6)


# ---- dropout statistics and repeatability -------------------------------------------------
def test_dropout_keeps_the_right_fraction_and_scales():
    x = np.full((400, 500), 3.0, F32)
    out, mask = ops.Dropout(0.3)(ms.Tensor(x))
    out, mask = out.asnumpy(), mask.asnumpy()
    assert mask.dtype == F32 and mask.shape == x.shape
    assert set(np.unique(mask)) <= {0.0, 1.0}
    assert abs(mask.mean() - 0.3) < 0.01
    np.testing.assert_allclose(out, x * mask / 0.3, rtol=1e-6)


@pytest.mark.parametrize("op, shape", [(ops.Dropout2D(0.6), (40, 50, 3, 3)), (ops.Dropout3D(0.6), (40, 50, 2, 2, 2))])
def test_channel_dropout_drops_whole_channels(op, shape):
    x = rand(*shape, low=1, high=2)
    out, mask = op(ms.Tensor(x))
    out, mask = out.asnumpy(), mask.asnumpy()
    assert mask.dtype == np.bool_ and mask.shape == x.shape
    per_channel = mask.reshape(shape[0], shape[1], -1)
    assert (per_channel.all(-1) == per_channel.any(-1)).all()        # all or nothing per channel
    assert abs(per_channel[..., 0].mean() - 0.6) < 0.05
    np.testing.assert_allclose(out, np.where(mask, x / 0.6, 0), rtol=1e-6)


def test_dropout2d_tutorial_shapes():
    out, mask = ops.Dropout2D(keep_prob=0.5)(ms.Tensor(np.ones([2, 3, 4, 4]), ms.float32))
    assert (out.shape, mask.shape, str(mask.dtype)) == ((2, 3, 4, 4), (2, 3, 4, 4), "Bool")


def _draws(make_op, x):
    return [make_op()(x)[0].asnumpy() for _ in range(2)]


def test_dropout_repeats_after_set_seed():
    x = ms.Tensor(np.ones((8, 16), F32))
    ms.set_seed(7)
    first = ops.Dropout(0.5)(x)[0].asnumpy(), ops.dropout(x).asnumpy(), ops.dropout(x).asnumpy()
    ms.set_seed(7)
    again = ops.Dropout(0.5)(x)[0].asnumpy(), ops.dropout(x).asnumpy(), ops.dropout(x).asnumpy()
    for a, b in zip(first, again):
        np.testing.assert_array_equal(a, b)
    assert not np.array_equal(first[1], first[2])           # successive calls draw anew


def test_seeded_dropout_instance_continues_its_stream():
    x = ms.Tensor(np.ones((8, 16), F32))
    op = ops.Dropout(0.5, 3, 4)
    a, b = op(x)[0].asnumpy(), op(x)[0].asnumpy()
    assert not np.array_equal(a, b)
    np.testing.assert_array_equal(ops.Dropout(0.5, 3, 4)(x)[0].asnumpy(), a)


def test_channel_dropout_repeats_after_set_seed():
    x = ms.Tensor(np.ones((4, 8, 2, 2), F32))
    ms.set_seed(3)
    a = ops.Dropout2D()(x)[0].asnumpy(), ops.dropout2d(x).asnumpy()
    ms.set_seed(3)
    b = ops.Dropout2D()(x)[0].asnumpy(), ops.dropout2d(x).asnumpy()
    for first, again in zip(a, b):
        np.testing.assert_array_equal(first, again)


@_needs("reshape")
@pytest.mark.parametrize("shape", [(4, 30, 5), (30, 5)])
def test_dropout1d_drops_whole_channels(shape):
    out = ops.dropout1d(ms.Tensor(np.ones(shape, F32)), 0.5).asnumpy()
    assert out.shape == shape
    assert (out.min(-1) == out.max(-1)).all()
    assert set(np.unique(out)) <= {0.0, 2.0}


# ---- functional API: composites and the rest ----------------------------------------------
def test_relu_inplace_rebinds_its_input():
    x = ms.Tensor(np.array([-1.0, 2.0], F32))
    before = x._t
    out = ops.relu(x, inplace=True)
    assert out is x and x._t is not before
    np.testing.assert_array_equal(x.asnumpy(), [0.0, 2.0])
    np.testing.assert_array_equal(before.numpy(), [-1.0, 2.0])


def test_tensor_softmax_method():
    x = rand(2, 5)
    np.testing.assert_allclose(ms.Tensor(x).softmax(0).asnumpy(), _softmax(x, 0), rtol=1e-5)
    np.testing.assert_allclose(ms.Tensor(x).softmax(axis=-1).asnumpy(), _softmax(x), rtol=1e-5)


@_needs("cast")
def test_softmax_dtype_casts_first():
    out = ops.softmax(ms.Tensor(np.array([1, 2, 3], np.int32)), dtype=ms.float32)
    assert out.dtype == ms.float32
    np.testing.assert_allclose(out.asnumpy(), _softmax(np.array([1.0, 2.0, 3.0])), rtol=1e-6)


@_needs("erf")
@pytest.mark.parametrize("dt", FLOATS)
def test_gelu_erf_form(dt):
    x = rand(3, 4, dtype=dt, low=-4, high=4)
    out = ops.gelu(ms.Tensor(x))
    assert out.dtype == ms.Tensor(x).dtype
    np.testing.assert_allclose(out.asnumpy(), _gelu_erf(x.astype(F64)), **TOL[dt])


@_needs("select", "greater")
def test_softplus_beta_and_threshold():
    x = rand(3, 4, low=-5, high=5)
    out = ops.softplus(ms.Tensor(x), beta=2, threshold=3).asnumpy()
    want = np.where(2 * x > 3, x, np.logaddexp(0, 2 * x.astype(F64)) / 2)
    np.testing.assert_allclose(out, want, rtol=1e-5, atol=1e-6)


@_needs("movedim", "reshape", "sum", "neg", "not_equal", "div")
@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
@pytest.mark.parametrize("smoothing", [0.0, 0.2])
def test_nll_loss_any_rank_and_label_smoothing(reduction, smoothing):
    inputs, target, weight = rand(2, 4, 3, 2, high=0), rand(2, 3, 2, dtype=np.int64, low=0, high=4), rand(4, low=0.1)
    target[0, 0, 0] = -100
    out = ops.nll_loss(ms.Tensor(inputs), ms.Tensor(target), ms.Tensor(weight), reduction=reduction,
                       label_smoothing=smoothing).asnumpy()
    rows, labels = np.moveaxis(inputs, 1, -1).reshape(-1, 4), target.reshape(-1)
    loss, total = _nll(reduction)(rows, labels, weight)
    counted = labels != -100
    smooth = -(rows.astype(F64) * weight).sum(1) * counted
    smooth = smooth if reduction == "none" else smooth.sum() / (total if reduction == "mean" else 1)
    want = (1 - smoothing) * loss + smoothing / 4 * smooth
    np.testing.assert_allclose(out, want.reshape(target.shape) if reduction == "none" else want, rtol=1e-5)


@_needs("movedim", "reshape")
def test_nll_loss_one_sample():
    inputs = rand(4, high=0)
    out = ops.nll_loss(ms.Tensor(inputs), ms.Tensor(np.array(2, np.int32)), reduction="none")
    assert out.shape == ()
    np.testing.assert_allclose(out.asnumpy(), -inputs[2], rtol=1e-6)


@_needs("movedim", "reshape", "sum")
@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_cross_entropy_class_indices(reduction):
    logits, target, weight = rand(5, 4, low=-3, high=3), rand(5, dtype=np.int32, low=0, high=4), rand(4, low=0.1)
    out = ops.cross_entropy(ms.Tensor(logits), ms.Tensor(target), ms.Tensor(weight), reduction=reduction)
    want = _nll(reduction)(_log_softmax(logits.astype(F64), 1), target, weight)[0]
    np.testing.assert_allclose(out.asnumpy(), want, rtol=1e-5, atol=1e-6)


@_needs("movedim", "reshape", "sum")
def test_cross_entropy_4d_with_ignore_index():
    logits, target = rand(2, 3, 2, 2, low=-3, high=3), rand(2, 2, 2, dtype=np.int64, low=0, high=3)
    target[1, 1, 1] = 0
    out = ops.cross_entropy(ms.Tensor(logits), ms.Tensor(target), ignore_index=0).asnumpy()
    log_p = _log_softmax(np.moveaxis(logits.astype(F64), 1, -1).reshape(-1, 3), -1)
    want = _nll("mean", 0)(log_p, target.reshape(-1))[0]
    np.testing.assert_allclose(out, want, rtol=1e-5)


@_needs("reshape", "sum", "neg", "div")
@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_cross_entropy_probabilities(reduction):
    logits, target, weight = rand(2, 3, 4, low=-3, high=3), rand(2, 3, 4, low=0, high=1), rand(3, low=0.1)
    out = ops.cross_entropy(ms.Tensor(logits), ms.Tensor(target), ms.Tensor(weight), reduction=reduction,
                            label_smoothing=0.1).asnumpy()
    smoothed = target * 0.9 + 0.1 / 3
    per_sample = -(_log_softmax(logits.astype(F64), 1) * smoothed * weight.reshape(3, 1)).sum(1)
    want = {"none": per_sample, "sum": per_sample.sum(), "mean": per_sample.sum() / 8}[reduction]
    np.testing.assert_allclose(out, want, rtol=1e-5)


@_needs("abs", "square", "mean", "sum")
@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_l1_and_mse_loss_broadcast(reduction):
    x, y = rand(2, 3), rand(3)
    np.testing.assert_allclose(ops.l1_loss(ms.Tensor(x), ms.Tensor(y), reduction).asnumpy(),
                               _reduce(np.abs(x - y), reduction), rtol=1e-5)
    np.testing.assert_allclose(ops.mse_loss(ms.Tensor(x), ms.Tensor(y), reduction).asnumpy(),
                               _reduce((x - y) ** 2, reduction), rtol=1e-5)


@_needs("abs", "mean")
def test_smooth_l1_loss_beta_zero_is_l1():
    x, y = rand(2, 3), rand(2, 3)
    np.testing.assert_allclose(ops.smooth_l1_loss(ms.Tensor(x), ms.Tensor(y), 0.0, "mean").asnumpy(),
                               np.abs(x - y).mean(), rtol=1e-5)


@_needs("abs", "select", "square", "sum", "less")
def test_huber_loss():
    x, y = rand(2, 3, low=-3, high=3), rand(3)
    d = np.abs(x - y)
    want = np.where(d < 0.5, 0.5 * d * d, 0.5 * (d - 0.25)).sum()
    np.testing.assert_allclose(ops.huber_loss(ms.Tensor(x), ms.Tensor(y), "sum", 0.5).asnumpy(), want, rtol=1e-5)


@_needs("sum", "sqrt", "square", "mean", "equal", "div")
def test_cosine_embedding_loss():
    a, b = rand(3, 4), rand(3, 4)
    target = np.array([1, -1, 0], np.int32)
    out = ops.cosine_embedding_loss(ms.Tensor(a), ms.Tensor(b), ms.Tensor(target), 0.2, "none").asnumpy()
    cos = (a * b).sum(1) / np.sqrt((a * a).sum(1) * (b * b).sum(1))
    want = np.where(target == 1, 1 - cos, np.where(target == -1, np.maximum(cos - 0.2, 0), 0))
    np.testing.assert_allclose(out, want, rtol=1e-5, atol=1e-6)


@_needs("mean", "neg")
def test_margin_ranking_loss():
    a, b, t = rand(5), rand(5), np.array([1, -1, 1, -1, 1], F32)
    out = ops.margin_ranking_loss(ms.Tensor(a), ms.Tensor(b), ms.Tensor(t), 0.1).asnumpy()
    np.testing.assert_allclose(out, np.maximum(-t * (a - b) + 0.1, 0).mean(), rtol=1e-5)


@pytest.mark.parametrize("call, error, match", [
    (lambda x: ops.l1_loss(x, x, "avg"), ValueError, "For 'l1_loss', the 'reduction'"),
    (lambda x: ops.mse_loss(x, [1.0]), TypeError, "For 'mse_loss', the 'target' must be a Tensor"),
    (lambda x: ops.huber_loss(x, x, delta=0.0), ValueError, "For 'huber_loss', the 'delta'"),
    (lambda x: ops.cross_entropy(x, x, reduction="avg"), ValueError, "For 'cross_entropy', the 'reduction'"),
    (lambda x: ops.cosine_embedding_loss(x, x, ms.Tensor(np.ones(2, F32)), 2.0), ValueError,
     "For 'cosine_embedding_loss', the 'margin'"),
    (lambda x: ops.cosine_embedding_loss(x, x, ms.Tensor(np.ones(3, F32))), ValueError,
     "For 'cosine_embedding_loss', the shape of 'target'"),
    (lambda x: ops.margin_ranking_loss(x, x, x, 1), TypeError, "For 'margin_ranking_loss', the 'margin' must be float"),
    (lambda x: ops.margin_ranking_loss(x, x, ms.Tensor(np.ones((2, 3), np.int32))), TypeError,
     "For 'margin_ranking_loss', the dtype of 'target'"),
    (lambda x: ops.layer_norm(x, "a"), TypeError, "For 'layer_norm', the 'normalized_shape'"),
])
def test_functional_errors(call, error, match):
    with pytest.raises(error, match=match):
        call(ms.Tensor(rand(2, 3)))
