"""mint.nn.functional against NumPy references: PyTorch's defaults (stride = kernel size, string
padding, dim of softmax), in-place variants, and errors."""
from __future__ import annotations

import numpy as np
import pytest

import spore as ms
from spore.mint.nn import functional as F

from .mint_testing import Case, case_id, run_case

rng = np.random.default_rng(1)
X = rng.standard_normal((2, 3)).astype(np.float32)
IMG = rng.standard_normal((1, 2, 4, 4)).astype(np.float32)
SEQ = rng.standard_normal((1, 2, 6)).astype(np.float32)
PROBS = rng.uniform(0.1, 0.9, (2, 3)).astype(np.float32)
TARGET = rng.uniform(0, 1, (2, 3)).astype(np.float32)


def _sigmoid(x):
    return 1 / (1 + np.exp(-x))


def _softmax(x, dim=-1):
    e = np.exp(x - x.max(dim, keepdims=True))
    return e / e.sum(dim, keepdims=True)


def _conv2d_same(x, w):
    """Stride-1 'same' cross-correlation of (1, C, H, W) with (O, C, 3, 3) by loops."""
    padded = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))
    out = np.zeros((1, w.shape[0]) + x.shape[2:], np.float32)
    for i in range(x.shape[2]):
        for j in range(x.shape[3]):
            out[0, :, i, j] = np.tensordot(w, padded[0, :, i:i + 3, j:j + 3], 3)
    return out


def _avg_pool2d(x, k):
    n, c, h, w = x.shape
    return x.reshape(n, c, h // k, k, w // k, k).mean((3, 5))


def _max_pool2d(x, k):
    n, c, h, w = x.shape
    return x.reshape(n, c, h // k, k, w // k, k).max((3, 5))


W3 = rng.standard_normal((3, 2, 3, 3)).astype(np.float32)
LIN_W = rng.standard_normal((4, 3)).astype(np.float32)
LIN_B = rng.standard_normal(4).astype(np.float32)

CASES = [
    Case(F.relu6, (X * 10,), lambda x: np.clip(x, 0, 6)),
    Case(F.silu, (X,), lambda x: x * _sigmoid(x)),
    Case(F.elu, (X,), lambda x, alpha: np.where(x > 0, x, alpha * (np.exp(x) - 1)), {'alpha': 0.5}),
    Case(F.gelu, (X,), lambda x, approximate: 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x ** 3))),
         {'approximate': 'tanh'}, check_dtype=False),
    Case(F.glu, (np.concatenate([X, X], 1),), lambda x: X * _sigmoid(X)),
    Case(F.hardtanh, (X,), lambda x, min_val, max_val: np.clip(x, -0.5, 0.5), {'min_val': -0.5, 'max_val': 0.5}),
    Case(F.leaky_relu, (X,), lambda x: np.where(x > 0, x, 0.01 * x)),
    Case(F.logsigmoid, (X,), lambda x: np.log(_sigmoid(x))),
    Case(F.threshold, (X, 0.1, 20.0), lambda x, t, v: np.where(x > t, x, v)),
    Case(F.softmax, (X,), _softmax),
    Case(F.softmax, (X,), lambda x, dim: _softmax(x, 0), {'dim': 0}),
    Case(F.log_softmax, (X,), lambda x: np.log(_softmax(x)), rtol=1e-5, atol=1e-5),
    Case(F.log_softmax, (X,), lambda x, dim, dtype: np.log(_softmax(x.astype(np.float64), 0)),
         {'dim': 0, 'dtype': ms.float64}),
    Case(F.linear, (X, LIN_W, LIN_B), lambda x, w, b: x @ w.T + b, rtol=1e-5, atol=1e-5),
    Case(F.linear, (X, LIN_W), lambda x, w: x @ w.T, rtol=1e-5, atol=1e-5),
    Case(F.normalize, (X,), lambda x: x / np.linalg.norm(x, axis=1, keepdims=True)),
    Case(F.normalize, (X,), lambda x, p, dim: x / np.abs(x).sum(0, keepdims=True), {'p': 1.0, 'dim': 0}),
    Case(F.one_hot, (np.array([0, 2, 1], np.int64),), lambda t: np.eye(3, dtype=np.int64)[t]),
    Case(F.one_hot, (np.array([0, 2], np.int64), 4), lambda t, n: np.eye(4, dtype=np.int64)[t]),
    Case(F.flatten, (IMG,), lambda x: x.reshape(-1)),
    Case(F.conv2d, (IMG, W3), lambda x, w, padding: _conv2d_same(x, w), {'padding': 'same'}, rtol=1e-4, atol=1e-5),
    Case(F.conv2d, (IMG, W3), lambda x, w, padding: _conv2d_same(x, w), {'padding': 1}, rtol=1e-4, atol=1e-5),
    Case(F.conv1d, (SEQ, np.ones((1, 2, 1), np.float32)), lambda x, w: x.sum(1, keepdims=True), rtol=1e-5),
    Case(F.avg_pool2d, (IMG, 2), lambda x, k: _avg_pool2d(x, k)),
    Case(F.avg_pool1d, (SEQ, 2), lambda x, k: x.reshape(1, 2, 3, 2).mean(-1)),
    Case(F.max_pool2d, (IMG, 2), lambda x, k: _max_pool2d(x, k)),
    Case(F.adaptive_max_pool1d, (SEQ, 3), lambda x, n: x.reshape(1, 2, 3, 2).max(-1)),
    Case(F.batch_norm, (IMG, np.zeros(2, np.float32), np.ones(2, np.float32)),
         lambda x, m, v: x / np.float32(np.sqrt(1 + 1e-5))),
    Case(F.binary_cross_entropy, (PROBS, TARGET),
         lambda p, t: np.mean(-(t * np.log(p) + (1 - t) * np.log(1 - p))), rtol=1e-5),
    Case(F.binary_cross_entropy_with_logits, (X, TARGET), lambda x, t, reduction:
         -(t * np.log(_sigmoid(x)) + (1 - t) * np.log(1 - _sigmoid(x))), {'reduction': 'none'}, rtol=1e-5,
         atol=1e-5),
    Case(F.kl_div, (np.log(PROBS), TARGET), lambda i, t: np.mean(t * (np.log(t) - i)), rtol=1e-5),
    Case(F.kl_div, (np.log(PROBS), TARGET), lambda i, t, reduction: np.sum(t * (np.log(t) - i)) / 2,
         {'reduction': 'batchmean'}, rtol=1e-5),
    Case(F.kl_div, (np.log(PROBS), np.log(TARGET)), lambda i, t, reduction, log_target:
         np.exp(t) * (t - i), {'reduction': 'none', 'log_target': True}, rtol=1e-5, atol=1e-6),
    Case(F.nll_loss, (np.log(_softmax(X)).astype(np.float32), np.array([0, 2], np.int32)),
         lambda lp, t: np.float32(-(lp[0, 0] + lp[1, 2]) / 2), rtol=1e-5),
    Case(F.pad, (X, (1, 1)), lambda x, p: np.pad(x, ((0, 0), (1, 1)))),
    Case(F.upsample, (SEQ,), lambda x, scale_factor: np.repeat(x, 2, -1), {'scale_factor': 2.0}),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_value(case):
    run_case(case)


def test_adaptive_max_pool1d_returns_int64_indices():
    values, indices = F.adaptive_max_pool1d(ms.Tensor(SEQ), 3, return_indices=True)
    np.testing.assert_array_equal(indices.asnumpy(), SEQ.reshape(1, 2, 3, 2).argmax(-1) + [0, 2, 4])
    assert indices.dtype == ms.int64 and values.shape == (1, 2, 3)


def test_max_unpool2d_inverts_max_pool2d():
    values, indices = F.max_pool2d(ms.Tensor(IMG), 2, return_indices=True)
    restored = F.max_unpool2d(values, indices, 2).asnumpy()
    assert restored.shape == IMG.shape
    np.testing.assert_allclose(np.sort(restored[restored != 0]), np.sort(_max_pool2d(IMG, 2).ravel()))


@pytest.mark.parametrize("inplace_fn, reference", [
    (F.relu_, lambda x: np.maximum(x, 0)),
    (F.sigmoid_, _sigmoid),
    (F.elu_, lambda x: np.where(x > 0, x, np.exp(x) - 1)),
    (lambda x: F.hardtanh_(x, -0.5, 0.5), lambda x: np.clip(x, -0.5, 0.5)),
    (lambda x: F.threshold_(x, 0.0, -9.0), lambda x: np.where(x > 0, x, -9.0)),
    (lambda x: F.silu(x, inplace=True), lambda x: x * _sigmoid(x)),
])
def test_inplace_variants_update_and_return_input(inplace_fn, reference):
    x = ms.Tensor(X.copy())
    assert inplace_fn(x) is x
    np.testing.assert_allclose(x.asnumpy(), reference(X), rtol=1e-5, atol=1e-6)


def test_grid_sample_identity_grid_reproduces_input():
    image = np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4)
    coords = (np.arange(4, dtype=np.float32) * 2 + 1) / 4 - 1
    grid = np.stack(np.meshgrid(coords, coords, indexing='xy'), -1)[None]
    out = F.grid_sample(ms.Tensor(image), ms.Tensor(grid), align_corners=False)
    np.testing.assert_allclose(out.asnumpy(), image, rtol=1e-5, atol=1e-5)


def test_dropout_keeps_scaled_values_and_is_identity_when_not_training():
    x = ms.Tensor(np.ones((50, 40), np.float32))
    out = F.dropout(x, p=0.5).asnumpy()
    assert set(np.unique(out)) <= {0.0, 2.0} and 0.4 < np.mean(out == 0) < 0.6
    np.testing.assert_array_equal(F.dropout(x, p=0.5, training=False).asnumpy(), x.asnumpy())


ERROR_CASES = [
    (lambda: F.kl_div(ms.Tensor(X), ms.Tensor(X), reduction='avg'), ValueError, 'reduction'),
    (lambda: F.softmax(ms.Tensor(X), dim=1.0), TypeError, "'dim'"),
    (lambda: F.one_hot([0, 1]), TypeError, "'tensor'"),
]


@pytest.mark.parametrize("call, error, match", ERROR_CASES)
def test_error(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_interpolate_scale_factor_needs_whole_sizes():
    x = ms.Tensor(SEQ)
    assert F.interpolate(x, scale_factor=0.5, mode='linear').shape == (1, 2, 3)
    with pytest.raises(ValueError, match='fractional'):
        F.interpolate(x, scale_factor=0.25)
