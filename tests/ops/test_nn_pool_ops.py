"""The pooling functions of `ops` composed of other primitives (power-average pools,
max unpooling, adaptive_avg_pool2d_ext): forward against NumPy references and bad input."""
import numpy as np

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


def test_pool_errors():
    for case in ERROR_CASES:
        run_error_case(case)
