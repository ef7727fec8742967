"""The pooling functions of `ops` composed of other primitives (power-average pools,
max unpooling, adaptive_avg_pool2d_ext): forward against NumPy references and bad input."""
import math

import numpy as np

import spore as ms
from spore import ops

from .op_testing import ErrorCase, OpCase, rand, run_case, run_error_case

F32, F64 = np.float32, np.float64


def _windows(length, kernel, stride, ceil_mode):
    """The [start, end) of each pooling window along an axis (a ceil_mode window may be cut)."""
    count = (length - kernel) // stride + 1
    if ceil_mode and (length - kernel) % stride:
        count += 1
    return [(i * stride, min(i * stride + kernel, length)) for i in range(count)]


def _lp_pool(p, kernel, stride, ceil_mode):
    """(average of x^p over the window's elements * window size)^(1/p), over the trailing
    len(kernel) axes."""
    def reference(x):
        xf = x.astype(F64)
        axes = [_windows(n, k, s, ceil_mode) for n, k, s in zip(x.shape[-len(kernel):], kernel, stride)]
        out = np.zeros(x.shape[:-len(kernel)] + tuple(len(a) for a in axes))
        for pos in np.ndindex(*[len(a) for a in axes]):
            window = tuple(slice(*axes[d][i]) for d, i in enumerate(pos))
            block = xf[(Ellipsis,) + window] ** p
            size = np.prod([e - b for b, e in (axes[d][i] for d, i in enumerate(pos))])
            out[(Ellipsis,) + pos] = (block.reshape(block.shape[:-len(kernel)] + (-1,)).sum(-1) / size
                                      * np.prod(kernel)) ** (1 / p)
        return out.astype(x.dtype if x.dtype.kind == "f" else F32)
    return reference


def _unpool(out_spatial):
    def reference(x, indices):
        rank = len(out_spatial)
        lead = x.shape[:-rank]
        out = np.zeros(lead + (int(np.prod(out_spatial)),), x.dtype)
        flat_x, flat_i = x.reshape(lead + (-1,)), indices.reshape(lead + (-1,))
        for pos in np.ndindex(*lead):
            out[pos][flat_i[pos]] = flat_x[pos]
        return out.reshape(lead + tuple(out_spatial))
    return reference


def _pool_indices(lead, spatial, out_spatial, seed=0):
    """Distinct positions in each flattened output plane, one per input element."""
    rng = np.random.default_rng(seed)
    count, size = int(np.prod(spatial)), int(np.prod(out_spatial))
    rows = [rng.choice(size, count, replace=False) for _ in range(int(np.prod(lead)))]
    return np.array(rows, np.int64).reshape(lead + tuple(spatial))


def _fractional(kernel, sizes, return_indices=False):
    """Windows starting at floor((i + u) * alpha) - floor(u * alpha), the last at n - k;
    samples (N, C, rank): (w, h) for 2-D, (d, h, w) for 3-D."""
    rank = len(kernel)

    def starts(u, n, o, k):
        if o == 1:
            return [n - k]
        alpha = (n - k) / (o - 1)
        return [math.floor((i + u) * alpha) - math.floor(u * alpha) for i in range(o - 1)] + [n - k]

    def reference(x, samples):
        lead, spatial = x.shape[:-rank], x.shape[-rank:]
        flat_x = x.reshape(-1, *spatial)
        flat_s = samples.reshape(-1, rank)
        out = np.zeros((len(flat_x),) + sizes, x.dtype)
        idx = np.zeros((len(flat_x),) + sizes, np.int64)
        for b in range(len(flat_x)):
            order = (1, 0) if rank == 2 else (0, 1, 2)
            axes = [starts(float(flat_s[b, order[d]]), spatial[d], sizes[d], kernel[d]) for d in range(rank)]
            for pos in np.ndindex(*sizes):
                window = tuple(slice(axes[d][i], axes[d][i] + kernel[d]) for d, i in enumerate(pos))
                block = flat_x[b][window]
                local = np.unravel_index(np.argmax(block), block.shape)
                where = tuple(axes[d][i] + local[d] for d, i in enumerate(pos))
                out[(b,) + pos] = flat_x[b][where]
                idx[(b,) + pos] = np.ravel_multi_index(where, spatial)
        shape = lead + sizes
        return (out.reshape(shape), idx.reshape(shape)) if return_indices else out.reshape(shape)
    return reference


_POSITIVE4 = rand(2, 3, 5, 6, low=0.1, high=2.0)
CASES = [
    OpCase(lambda x: ops.lp_pool2d(x, 2, 2), (_POSITIVE4,), _lp_pool(2, (2, 2), (2, 2), False)),
    OpCase(lambda x: ops.lp_pool2d(x, 3, (2, 3), 1), (_POSITIVE4,), _lp_pool(3, (2, 3), (1, 1), False)),
    OpCase(lambda x: ops.lp_pool2d(x, 1.5, 2, ceil_mode=True), (_POSITIVE4,), _lp_pool(1.5, (2, 2), (2, 2), True)),
    OpCase(lambda x: ops.lp_pool2d(x, 1, 3, 2), (rand(1, 2, 5, 5),), _lp_pool(1, (3, 3), (2, 2), False)),
    OpCase(lambda x: ops.lp_pool2d(x, 2, 2), (np.arange(16, dtype=np.int32).reshape(1, 1, 4, 4),),
           _lp_pool(2, (2, 2), (2, 2), False)),
    OpCase(lambda x: ops.lp_pool2d(x, 2, 2), (_POSITIVE4.astype(F64),), _lp_pool(2, (2, 2), (2, 2), False),
           rtol=1e-12),
    OpCase(lambda x: ops.lp_pool1d(x, 2, 2), (rand(2, 3, 7),), _lp_pool(2, (2,), (2,), False)),
    OpCase(lambda x: ops.lp_pool1d(x, 2, 3, 2), (rand(3, 8),), _lp_pool(2, (3,), (2,), False)),
    OpCase(lambda x: ops.lp_pool1d(x, 2, 4, 3, True), (rand(1, 2, 6),), _lp_pool(2, (4,), (3,), True)),
    OpCase(lambda x, i: ops.max_unpool1d(x, i, 2), (rand(2, 3, 4), _pool_indices((2, 3), (4,), (8,))),
           _unpool((8,))),
    OpCase(lambda x, i: ops.max_unpool1d(x, i, 2, output_size=(2, 3, 9)),
           (rand(2, 3, 4), _pool_indices((2, 3), (4,), (9,))), _unpool((9,))),
    OpCase(lambda x, i: ops.max_unpool1d(x, i, 3, 2, 1), (rand(3, 4), _pool_indices((3,), (4,), (7,)).astype(np.int32)),
           _unpool((7,))),
    OpCase(lambda x, i: ops.max_unpool2d(x, i, 2), (rand(1, 2, 2, 3), _pool_indices((1, 2), (2, 3), (4, 6))),
           _unpool((4, 6))),
    OpCase(lambda x, i: ops.max_unpool2d(x, i, (2, 3)), (rand(2, 2, 2), _pool_indices((2,), (2, 2), (4, 6))),
           _unpool((4, 6))),
    OpCase(lambda x, i: ops.max_unpool2d(x, i, 2, output_size=(5, 5)),
           (rand(1, 1, 2, 2), _pool_indices((1, 1), (2, 2), (5, 5))), _unpool((5, 5))),
    OpCase(lambda x, i: ops.max_unpool3d(x, i, 2), (rand(1, 2, 1, 2, 2), _pool_indices((1, 2), (1, 2, 2), (2, 4, 4))),
           _unpool((2, 4, 4))),
    OpCase(lambda x, i: ops.max_unpool2d(x, i, 2), (np.arange(4, dtype=np.int32).reshape(1, 1, 2, 2),
                                                   _pool_indices((1, 1), (2, 2), (4, 4))), _unpool((4, 4))),
    OpCase(lambda x: ops.adaptive_avg_pool2d_ext(x, (2, 3)), (np.arange(48, dtype=F32).reshape(1, 2, 4, 6),),
           lambda x: x.reshape(1, 2, 2, 2, 3, 2).mean((3, 5))),
]

_SAMPLES2 = np.array([[[0.3, 0.8], [0.6, 0.1]]], F32)
_SAMPLES3 = rand(2, 1, 3, low=0, high=1)
CASES += [
    OpCase(lambda x, r: ops.fractional_max_pool2d(x, 2, (3, 4), return_indices=True, _random_samples=r),
           (rand(1, 2, 7, 6), _SAMPLES2), _fractional((2, 2), (3, 4), True)),
    OpCase(lambda x, r: ops.fractional_max_pool2d(x, (2, 3), output_ratio=(0.5, 0.5), _random_samples=r),
           (rand(1, 2, 7, 6, dtype=F64), _SAMPLES2), _fractional((2, 3), (3, 3))),
    OpCase(lambda x, r: ops.fractional_max_pool2d(x, 3, (1, 2), _random_samples=r),
           (rand(2, 5, 5), _SAMPLES2), _fractional((3, 3), (1, 2))),
    OpCase(lambda x, r: ops.fractional_max_pool3d(x, 2, (3, 2, 4), return_indices=True, _random_samples=r),
           (rand(2, 1, 5, 4, 6), _SAMPLES3), _fractional((2, 2, 2), (3, 2, 4), True)),
    OpCase(lambda x, r: ops.fractional_max_pool3d(x, (2, 1, 2), output_ratio=(0.5, 0.5, 0.5), _random_samples=r),
           (rand(2, 1, 5, 4, 6), _SAMPLES3), _fractional((2, 1, 2), (2, 2, 3))),
]


def test_pool_cases():
    for case in CASES:
        run_case(case)


_X = rand(1, 1, 3)
_I = np.array([[[1, 2, 5]]], np.int64)
ERROR_CASES = [
    ErrorCase(lambda x: ops.lp_pool2d(x, 0, 2), (_POSITIVE4,), ValueError, "For 'lp_pool2d', the value of 'norm_type'"),
    ErrorCase(lambda x: ops.lp_pool2d(x, "a", 2), (_POSITIVE4,), TypeError, "For 'lp_pool2d', the 'norm_type'"),
    ErrorCase(lambda x: ops.lp_pool2d(x, 2, 2), (_POSITIVE4[0],), ValueError, "For 'lp_pool2d', the 'x' must be 4-D"),
    ErrorCase(lambda x: ops.lp_pool2d(x, 2, 2), ([1.0],), TypeError, "For 'lp_pool2d', the 'x' must be a Tensor"),
    ErrorCase(lambda x: ops.lp_pool1d(x, 2, (2,)), (rand(1, 2, 6),), TypeError, "For 'lp_pool1d', the 'kernel_size'"),
    ErrorCase(lambda x: ops.lp_pool1d(x, 2, 2), (_POSITIVE4,), ValueError,
              "For 'lp_pool1d', the 'x' must be 2-D or 3-D"),
    ErrorCase(lambda x, i: ops.max_unpool1d(x, i, 2), (_X, _I.astype(F32)), TypeError,
              "For 'max_unpool1d', the dtype of 'indices'"),
    ErrorCase(lambda x, i: ops.max_unpool1d(x, i, 2), (_X, _I[..., :2]), ValueError,
              "For 'max_unpool1d', the shape of 'indices'"),
    ErrorCase(lambda x, i: ops.max_unpool1d(x, i, 2, output_size=(1, 1, 3)), (_X, _I), ValueError,
              "For 'max_unpool1d', the 'output_size'"),
    ErrorCase(lambda x, i: ops.max_unpool1d(x, i, 2), (_X, np.array([[[1, 2, 9]]], np.int64)), IndexError,
              "'indices' must be in range"),
    ErrorCase(lambda x, i: ops.max_unpool2d(x, i, (2, 2, 2)), (rand(1, 1, 2, 2), np.zeros((1, 1, 2, 2), np.int64)),
              ValueError, "For 'max_unpool2d', the 'kernel_size'"),
    ErrorCase(lambda x, i: ops.max_unpool3d(x, i, 2), (rand(2, 2), np.zeros((2, 2), np.int64)), ValueError,
              "For 'max_unpool3d', the 'x' must be 4-D or 5-D"),
]


ERROR_CASES += [
    ErrorCase(lambda x: ops.fractional_max_pool2d(x, 2), (rand(1, 2, 7, 6),), ValueError,
              "For 'fractional_max_pool2d', 'output_size' and 'output_ratio' can not both be None"),
    ErrorCase(lambda x: ops.fractional_max_pool2d(x, 2, (7, 6)), (rand(1, 2, 7, 6),), ValueError,
              "For 'fractional_max_pool2d', the kernel size"),
    ErrorCase(lambda x: ops.fractional_max_pool2d(x, 2, output_ratio=(1.0, 0.5)), (rand(1, 2, 7, 6),), ValueError,
              r"For 'fractional_max_pool2d', the 'output_ratio\[0\]' must be in range"),
    ErrorCase(lambda x, r: ops.fractional_max_pool2d(x, 2, (3, 4), _random_samples=r), (rand(1, 2, 7, 6),
                                                                                        _SAMPLES2[:, :1]),
              ValueError, "For 'fractional_max_pool2d', the shape of '_random_samples'"),
    ErrorCase(lambda x: ops.fractional_max_pool2d(x, 2, (3, 4)), ([1.0],), TypeError,
              "For 'fractional_max_pool2d', the 'input' must be a Tensor"),
    ErrorCase(lambda x: ops.fractional_max_pool3d(x, 2, (2, 2, 2)), (rand(1, 2, 7, 6),), ValueError,
              "For 'fractional_max_pool3d', the kernel size"),
    ErrorCase(lambda x: ops.fractional_max_pool3d(x, 2, (2, 2, 2)), (rand(7, 6),), ValueError,
              "For 'fractional_max_pool3d', the 'input' must be 4-D or 5-D"),
]


def test_fractional_max_pool_draws_its_samples():
    out = ops.fractional_max_pool2d(ms.Tensor(rand(2, 3, 9, 8)), 2, output_ratio=(0.5, 0.5))
    assert out.shape == (2, 3, 4, 4)


def test_pool_errors():
    for case in ERROR_CASES:
        run_error_case(case)
