"""Array functions composed of existing primitives (stacking, splitting, rotating, views,
Vandermonde and masks, taking and narrowing): forward against NumPy, bad input, and the
Tensor methods of the same names. Their gradients flow through the primitives they use;
tests/autograd/test_array_bprop.py checks a few through the compositions."""
import itertools

import numpy as np
import pytest

import spore as ms
from spore import ops

from .op_testing import ErrorCase, OpCase, case_id, rand, run_case, run_error_case

i32, i64, f64 = np.int32, np.int64, np.float64
X24 = rand(2, 4)
X234 = rand(2, 3, 4)
V3 = rand(3)


def _array_split(indices, axis=0):
    return lambda x: tuple(np.array_split(x, indices, axis))


def _block_diag(*blocks):
    blocks = [np.atleast_2d(b) for b in blocks]
    dtype = np.result_type(*blocks)
    out = np.zeros((sum(b.shape[0] for b in blocks), sum(b.shape[1] for b in blocks)), dtype)
    r = c = 0
    for b in blocks:
        out[r:r + b.shape[0], c:c + b.shape[1]] = b
        r, c = r + b.shape[0], c + b.shape[1]
    return out


def _combinations(x, r=2, with_replacement=False):
    pick = itertools.combinations_with_replacement if with_replacement else itertools.combinations
    rows = list(pick(range(len(x)), r))
    return x[np.array(rows, np.int64).reshape(len(rows), r)]


def _np_unfold(x, kernel, dilation, padding, stride):
    """im2col by loops: column l holds block l, rows channel-major then kernel offsets."""
    n, c, h, w = x.shape
    padded = np.pad(x, ((0, 0), (0, 0), (padding[0],) * 2, (padding[1],) * 2))
    blocks = [(padded.shape[2 + a] - dilation[a] * (kernel[a] - 1) - 1) // stride[a] + 1 for a in (0, 1)]
    out = np.zeros((n, c, kernel[0], kernel[1], blocks[0], blocks[1]), x.dtype)
    for i, j, bh, bw in np.ndindex(kernel[0], kernel[1], blocks[0], blocks[1]):
        out[:, :, i, j, bh, bw] = padded[:, :, bh * stride[0] + i * dilation[0], bw * stride[1] + j * dilation[1]]
    return out.reshape(n, c * kernel[0] * kernel[1], blocks[0] * blocks[1])


def _np_fold(cols, size, kernel, dilation, padding, stride):
    """col2im by loops: each column value added where unfold read it."""
    n = cols.shape[0]
    c = cols.shape[1] // (kernel[0] * kernel[1])
    padded = np.zeros((n, c, size[0] + 2 * padding[0], size[1] + 2 * padding[1]), cols.dtype)
    blocks = [(padded.shape[2 + a] - dilation[a] * (kernel[a] - 1) - 1) // stride[a] + 1 for a in (0, 1)]
    values = cols.reshape(n, c, kernel[0], kernel[1], blocks[0], blocks[1])
    for i, j, bh, bw in np.ndindex(kernel[0], kernel[1], blocks[0], blocks[1]):
        padded[:, :, bh * stride[0] + i * dilation[0], bw * stride[1] + j * dilation[1]] += values[:, :, i, j, bh, bw]
    return padded[:, :, padding[0]:padded.shape[2] - padding[0], padding[1]:padded.shape[3] - padding[1]]


FOLD_SIZE = ms.Tensor(np.array([4, 5], i32))

CASES = [
    # ---- views and axis moves
    OpCase(ops.moveaxis, (X234, 0, 2), np.moveaxis),
    OpCase(ops.moveaxis, (X234, (0, 1), (-1, 0)), np.moveaxis),
    OpCase(ops.swapdims, (X234, 0, -1), np.swapaxes),
    OpCase(ops.t, (X24,), np.transpose),
    OpCase(ops.t, (V3,), lambda x: x),
    OpCase(ops.ravel, (X234,), np.ravel),
    OpCase(ops.expand, (rand(2, 1), (2, 3)), np.broadcast_to),
    OpCase(ops.expand_as, (V3, X24[:, :3].copy()), lambda x, o: np.broadcast_to(x, o.shape)),
    OpCase(ops.view_as, (X24, rand(4, 2)), lambda x, o: x.reshape(o.shape)),
    OpCase(ops.atleast_1d, (np.array(1.5, np.float32),), np.atleast_1d),
    OpCase(ops.atleast_2d, ((V3, np.array(2, i32)),), lambda xs: tuple(np.atleast_2d(*xs))),
    OpCase(ops.atleast_3d, ((V3, X24, X234),), lambda xs: tuple(np.atleast_3d(*xs))),
    OpCase(ops.atleast_3d, (X24,), np.atleast_3d),
    # ---- joining
    OpCase(ops.hstack, ((V3, rand(2)),), np.hstack),
    OpCase(ops.hstack, ([X24, rand(2, 1)],), np.hstack),
    OpCase(ops.vstack, ((V3, rand(3)),), np.vstack),
    OpCase(ops.vstack, ((rand(3, dtype=i64), V3),), lambda xs: np.vstack(xs).astype(np.float32)),
    OpCase(ops.row_stack, ((X24, rand(1, 4)),), np.vstack),
    OpCase(ops.dstack, ((X24, X24),), np.dstack),
    OpCase(ops.dstack, ((V3, V3),), np.dstack),
    OpCase(ops.column_stack, ((V3, rand(3, 2)),), np.column_stack),
    OpCase(ops.column_stack, ((np.array(1.0, np.float32), np.array(2.0, np.float32)),), np.column_stack),
    OpCase(ops.block_diag, (X24, rand(3, 1), V3), _block_diag),
    OpCase(ops.block_diag, (np.array(2, i32), np.array([[1, 2]], i32)), _block_diag),
    OpCase(ops.cartesian_prod, (np.array([1, 2], i32), np.array([3, 4, 5], i32)),
           lambda a, b: np.array(list(itertools.product(a, b)), i32)),
    OpCase(ops.cartesian_prod, (V3,), lambda x: x),
    OpCase(ops.chunk_ext, (rand(5, 2), 3), lambda x, c: tuple(np.split(x, [2, 4]))),
    # ---- splitting
    OpCase(ops.tensor_split, (rand(7), 3), lambda x, n: tuple(np.array_split(x, n))),
    OpCase(ops.tensor_split, (rand(7, 2), [1, 5]), lambda x, i: tuple(np.array_split(x, i))),
    OpCase(ops.tensor_split, (rand(2, 6), [4, 2], 1), lambda x, i, a: tuple(np.array_split(x, i, a))),
    OpCase(ops.tensor_split, (rand(2, 6), (-2, 9), -1), lambda x, i, a: tuple(np.array_split(x, i, a))),
    OpCase(ops.tensor_split, (rand(2, 2), 3, 1), lambda x, i, a: tuple(np.array_split(x, i, a))),
    OpCase(ops.hsplit, (rand(2, 6), 3), lambda x, n: tuple(np.hsplit(x, n))),
    OpCase(ops.hsplit, (rand(2, 6), [1, 3]), lambda x, i: tuple(np.hsplit(x, i))),
    OpCase(ops.vsplit, (rand(4, 2), 2), lambda x, n: tuple(np.vsplit(x, n))),
    OpCase(ops.dsplit, (rand(1, 2, 4), [3]), lambda x, i: tuple(np.dsplit(x, i))),
    # ---- reordering
    OpCase(ops.reverse, (X234, [0, 2]), lambda x, a: np.flip(x, a)),
    OpCase(ops.rot90, (X234, 1, [0, 1]), lambda x, k, d: np.rot90(x, k, d)),
    OpCase(ops.rot90, (X234, -1, (2, 0)), lambda x, k, d: np.rot90(x, k, d)),
    OpCase(ops.rot90, (X24, 2, [1, 0]), lambda x, k, d: np.rot90(x, k, d)),
    OpCase(ops.rot90, (X24, 7, [0, 1]), lambda x, k, d: np.rot90(x, k, d)),
    OpCase(ops.rot90, (X24, 4, [0, 1]), lambda x, k, d: np.rot90(x, k, d)),
    OpCase(ops.repeat_elements, (X24, 2, 1), lambda x, r, a: np.repeat(x, r, a)),
    OpCase(ops.repeat_elements, (rand(3, dtype=i32, high=9), 3), lambda x, r: np.repeat(x, r, 0)),
    OpCase(ops.vander, (np.array([1, 2, 3], i64), 4), lambda x, n: np.vander(x, n)),
    OpCase(ops.vander, (np.array([0.5, -2.0, 0.0], np.float32),), lambda x: np.vander(x).astype(x.dtype)),
    OpCase(ops.vander, (V3, 0), lambda x, n: np.vander(x, n).astype(x.dtype)),
    # MindSpore 2.7.1 gives an Int32 input's matrix as Int64
    OpCase(ops.vander, (np.array([1, -2, 3], i32), 3), lambda x, n: np.vander(x, n).astype(i64)),
    # ---- creation
    OpCase(ops.tensor_range, (0, 7, 2), lambda a, b, c: np.arange(a, b, c, dtype=i64)),
    OpCase(ops.sequence_mask, (np.array([1, 3, 0], i32), 4),
           lambda lengths, n: np.arange(n) < lengths[..., None]),
    OpCase(ops.sequence_mask, (np.array([[2], [1]], i64), 3), lambda lengths, n: np.arange(n) < lengths[..., None]),
    # ---- selecting
    OpCase(ops.narrow, (X234, 1, 1, 2), lambda x, a, s, n: x[:, s:s + n]),
    OpCase(ops.narrow, (X234, -1, -3, 3), lambda x, a, s, n: x[..., 1:4]),
    OpCase(ops.narrow, (X24, 0, 2, 0), lambda x, a, s, n: x[2:2]),
    OpCase(ops.take, (X234, np.array([[0, 23], [5, 5]], i32)), lambda x, i: np.take(x, i)),
    OpCase(ops.argwhere, (np.array([[1, 0], [0, 3]], i32),), np.argwhere),
    OpCase(ops.combinations, (np.array([4, 5, 6, 7], i32),), _combinations),
    OpCase(ops.combinations, (V3, 2, True), _combinations),
    OpCase(ops.combinations, (V3, 3), _combinations),
    OpCase(ops.combinations, (rand(2), 3), _combinations),
    # ---- sliding blocks
    OpCase(ops.unfold, (rand(2, 3, 4, 4), 2), lambda x, k: _np_unfold(x, (2, 2), (1, 1), (0, 0), (1, 1))),
    OpCase(ops.unfold, (rand(1, 2, 4, 5), (2, 3), (1, 2), 1, (2, 1)),
           lambda x, k, d, p, s: _np_unfold(x, k, d, (p, p), s)),
    OpCase(lambda cols: ops.fold(cols, FOLD_SIZE, (2, 3), (1, 2), 1, (2, 1)), (rand(1, 12, 9),),
           lambda cols: _np_fold(cols, (4, 5), (2, 3), (1, 2), (1, 1), (2, 1))),
    OpCase(lambda cols: ops.fold(cols, FOLD_SIZE, 2), (rand(2, 8, 12),),
           lambda cols: _np_fold(cols, (4, 5), (2, 2), (1, 1), (0, 0), (1, 1))),
    OpCase(ops.top_k, (rand(2, 5), 3),
           lambda x, k: (-np.sort(-x)[:, :k], np.argsort(-x, kind="stable")[:, :k].astype(i32)), prim="TopK"),
]

ERROR_CASES = [
    ErrorCase(ops.swapdims, (X234, 0, 3), ValueError, "For 'swapdims'"),
    ErrorCase(ops.t, (X234,), ValueError, "For 't', the 'input' must have at most 2 dimensions"),
    ErrorCase(ops.expand, (V3, np.array([2.0, 3.0], np.float32)), TypeError, "For 'expand', the 'size'"),
    ErrorCase(ops.expand_as, (V3, [1, 2]), TypeError, "For 'expand_as', the 'other' must be a Tensor"),
    ErrorCase(ops.view_as, (X24, rand(3, 3)), ValueError, "can not be reshaped"),
    ErrorCase(ops.atleast_2d, (3,), TypeError, "For 'atleast_2d', the 'inputs' must be a Tensor"),
    ErrorCase(ops.hstack, (X24,), TypeError, "For 'hstack', the 'tensors' must be a tuple or list"),
    ErrorCase(ops.vstack, ((),), ValueError, "For 'vstack', the 'tensors' must hold at least one"),
    ErrorCase(ops.column_stack, ((V3, rand(2)),), ValueError, "For 'Concat'"),
    ErrorCase(ops.block_diag, (X234,), ValueError, "For 'block_diag', every input must have at most 2"),
    ErrorCase(ops.cartesian_prod, (V3, X24), ValueError, "For 'cartesian_prod', every input must be 1-D"),
    ErrorCase(ops.tensor_split, (X24, 0), ValueError, "For 'tensor_split', the 'indices_or_sections' must be more"),
    ErrorCase(ops.tensor_split, (X24, 1.5), TypeError, "For 'tensor_split', the 'indices_or_sections'"),
    ErrorCase(ops.tensor_split, (X24, 2, 2), ValueError, r"For 'tensor_split'.*range \[-2, 2\)"),
    ErrorCase(ops.tensor_split, ([1, 2], 2), TypeError, "For 'tensor_split', the 'input' must be a Tensor"),
    ErrorCase(ops.hsplit, (V3, 3), ValueError, "For 'hsplit', the 'input' must have at least 2 dimensions"),
    ErrorCase(ops.vsplit, (rand(3, 2), 2), ValueError, "For 'vsplit'.*divisible"),
    ErrorCase(ops.dsplit, (X24, 2), ValueError, "For 'dsplit', the 'input' must have at least 3"),
    ErrorCase(ops.rot90, (X24, 1, [0, 0]), ValueError, "For 'rot90', the two 'dims' must be different"),
    ErrorCase(ops.rot90, (X24, 1, [0]), ValueError, "For 'rot90', the 'dims' must be"),
    ErrorCase(ops.rot90, (X24, 1.0, [0, 1]), TypeError, "For 'rot90', the 'k'"),
    ErrorCase(ops.repeat_elements, (X24, 2, 3), ValueError, r"For 'repeat_elements'.*range \[-2, 2\)"),
    ErrorCase(ops.repeat_elements, (X24, 2.0), TypeError, "For 'repeat_elements', the 'rep'"),
    ErrorCase(ops.vander, (X24,), ValueError, "For 'vander', the 'x' must be 1-D"),
    ErrorCase(ops.vander, (V3, -1), ValueError, "For 'vander', the 'N'"),
    ErrorCase(ops.sequence_mask, (np.array([1.0], np.float32), 2), TypeError, "For 'sequence_mask'.*Int32 or Int64"),
    ErrorCase(ops.sequence_mask, (np.array([1], i32), -2), ValueError, "For 'sequence_mask', the 'maxlen'"),
    ErrorCase(ops.narrow, (X24, 1, 3, 2), ValueError, r"For 'narrow', the 'length' must be in range \[0, 1\]"),
    ErrorCase(ops.narrow, (X24, 2, 0, 1), ValueError, r"For 'narrow'.*range \[-2, 2\)"),
    ErrorCase(ops.narrow, (X24, 0, 5, 1), ValueError, "For 'narrow', the 'start'"),
    ErrorCase(ops.take, (X24, [0]), TypeError, "For 'take', the 'index' must be a Tensor"),
    ErrorCase(ops.combinations, (X24,), ValueError, "For 'combinations', the 'input' must be 1-D"),
    ErrorCase(ops.combinations, (V3, -1), ValueError, "For 'combinations', the 'r'"),
    ErrorCase(ops.is_nonzero, (V3,), ValueError, "For 'is_nonzero', the 'input' must hold exactly 1"),
    ErrorCase(ops.unfold, (X234, 2), ValueError, "For 'unfold', the 'input' must be 4-D"),
    ErrorCase(ops.unfold, (rand(1, 1, 3, 3), 0), ValueError, "For 'unfold', every value of 'kernel_size'"),
    ErrorCase(ops.unfold, (rand(1, 1, 3, 3), 4), ValueError, "For 'unfold', no sliding block"),
    ErrorCase(ops.unfold, (rand(1, 1, 3, 3), 2, 1.0), TypeError, "For 'unfold', the 'dilation'"),
    ErrorCase(ops.fold, (rand(1, 12, 9), (4, 5), 2), TypeError, "For 'fold', the 'output_size' must be a Tensor"),
    ErrorCase(ops.fold, (rand(1, 12, 9), np.array([4, 5], i32), 2), ValueError,
              r"For 'fold', the 'input' must have shape \(N, C \* 4, 12\)"),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)


def test_value_dependent_functions():
    """sequence_mask without maxlen and is_nonzero read values (PyNative only)."""
    mask = ops.sequence_mask(ms.Tensor(np.array([[1, 3], [2, 0]], i32)))
    np.testing.assert_array_equal(mask.asnumpy(), np.arange(3) < np.array([[1, 3], [2, 0]])[..., None])
    assert ops.is_nonzero(ms.Tensor([[0.5]])) is True
    assert ops.is_nonzero(ms.Tensor(0, ms.int32)) is False
    assert ops.numel(ms.Tensor(X234)) == 24
    size = ms.Tensor(np.array([3, 2], i32))
    np.testing.assert_array_equal(ops.expand(ms.Tensor(V3[:2]), size).asnumpy(), np.broadcast_to(V3[:2], (3, 2)))


def test_tensor_methods():
    x = ms.Tensor(X234)
    np.testing.assert_array_equal(x.moveaxis(0, -1).asnumpy(), np.moveaxis(X234, 0, -1))
    np.testing.assert_array_equal(x.movedim(1, 0).asnumpy(), np.moveaxis(X234, 1, 0))
    np.testing.assert_array_equal(x.swapdims(0, 2).asnumpy(), np.swapaxes(X234, 0, 2))
    np.testing.assert_array_equal(ms.Tensor(X24).t().asnumpy(), X24.T)
    parts = x.tensor_split([1], 2)
    np.testing.assert_array_equal(parts[1].asnumpy(), X234[:, :, 1:])
    assert [p.shape for p in x.hsplit(3)] == [(2, 1, 4)] * 3
    assert [p.shape for p in x.vsplit([1])] == [(1, 3, 4), (1, 3, 4)]
    assert [p.shape for p in x.dsplit(2)] == [(2, 3, 2)] * 2
    np.testing.assert_array_equal(x.unbind(1)[2].asnumpy(), X234[:, 2])
    np.testing.assert_array_equal(x.reverse([1]).asnumpy(), X234[:, ::-1])
    np.testing.assert_array_equal(x.rot90(1, (1, 2)).asnumpy(), np.rot90(X234, 1, (1, 2)))
    np.testing.assert_array_equal(x.fliplr().asnumpy(), np.fliplr(X234))
    np.testing.assert_array_equal(x.flipud().asnumpy(), np.flipud(X234))
    np.testing.assert_array_equal(x.narrow(2, 1, 2).asnumpy(), X234[:, :, 1:3])
    np.testing.assert_array_equal(ms.Tensor(X24).argwhere().asnumpy(), np.argwhere(X24))
    np.testing.assert_array_equal(x.gather_nd(ms.Tensor([[1, 2]])).asnumpy(), X234[1:2, 2])
    values, indices = ms.Tensor(X24).top_k(2)
    np.testing.assert_array_equal(values.asnumpy(), -np.sort(-X24)[:, :2])


def test_take_method_modes():
    x = ms.Tensor(X24)
    index = ms.Tensor(np.array([0, 9, -10], i32))
    np.testing.assert_array_equal(x.take(index).asnumpy(), np.take(X24, [0, 9, -10], mode="clip"))
    np.testing.assert_array_equal(x.take(index, 1, "wrap").asnumpy(), np.take(X24, [0, 9, -10], 1, mode="wrap"))
    with pytest.raises(ValueError, match="For 'Tensor.take', the 'mode'"):
        x.take(index, mode="other")
