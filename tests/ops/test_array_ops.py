"""Array primitives (reshape, combine, create, cast): forward against NumPy, infer, bad
input; then the functional API and the Tensor methods."""
import numpy as np
import pytest

import spore as ms
from spore import ops
from spore.ops.operations.array_ops import PadV3Grad, RepeatInterleaveGrad

from .op_testing import VALUE_DEPENDENT_SHAPE, ErrorCase, OpCase, case_id, rand, run_case, run_error_case

i32, i64, f16, f64 = np.int32, np.int64, np.float16, np.float64


def _np_pad(pads, ndim):
    """torch-order flat (before, after) pairs (last axis first) as NumPy's per-axis pairs."""
    pairs = [(0, 0)] * ndim
    for i in range(len(pads) // 2):
        pairs[ndim - 1 - i] = (pads[2 * i], pads[2 * i + 1])
    return pairs


def _np_one_hot(indices, depth, on, off, axis=-1):
    axis = indices.ndim if axis == -1 else axis
    classes = np.arange(depth).reshape((depth,) + (1,) * (indices.ndim - axis))
    return np.where(np.expand_dims(indices, axis) == classes, on, off).astype(np.asarray(on).dtype)


def _meshgrid(indexing):
    return lambda inputs: np.meshgrid(*inputs, indexing=indexing)


def _sum_into(grad, owners, size, axis):
    """`grad` summed along `axis` into `size` slots: slice i goes to slot owners[i]."""
    out = np.zeros(grad.shape[:axis] + (size,) + grad.shape[axis + 1:], grad.dtype)
    np.add.at(np.moveaxis(out, axis, 0), owners, np.moveaxis(grad, axis, 0))
    return out


def _np_pad_grad(mode, contiguous=True):
    """PadV3Grad's reference: every element of the padded gradient added to the input
    element NumPy's padding copied it from (non-negative paddings)."""
    np_mode = {"reflect": "reflect", "edge": "edge", "circular": "wrap"}[mode]

    def reference(grad, pads):
        count = len(pads) // 2
        if not contiguous:
            pads = tuple(v for pair in zip(pads[:count], pads[count:]) for v in pair)
        lead = grad.shape[:-count]
        shape = tuple(grad.shape[-1 - i] - pads[2 * i] - pads[2 * i + 1] for i in reversed(range(count)))
        sources = np.pad(np.arange(np.prod(shape)).reshape(shape), _np_pad(pads, count), mode=np_mode)
        summed = _sum_into(grad.reshape(lead + (-1,)), sources.ravel(), int(np.prod(shape)), len(lead))
        return summed.reshape(lead + shape)
    return reference


def _np_repeat_grad(grad, repeats, dim):
    """RepeatInterleaveGrad's reference: each run of copies summed into its element."""
    counts = np.atleast_1d(np.asarray(repeats))
    if counts.size == 1:
        counts = np.full(grad.shape[dim] // counts[0], counts[0])
    return _sum_into(grad, np.repeat(np.arange(counts.size), counts), counts.size, dim % grad.ndim)


def _np_diagonal_scatter(x, src, offset, dim1, dim2):
    out = x.copy()
    view = np.moveaxis(out, (dim1, dim2), (-2, -1))
    rows, cols = view.shape[-2:]
    for i in range(src.shape[-1]):
        r, c = (i, i + offset) if offset >= 0 else (i - offset, i)
        if r < rows and c < cols:
            view[..., r, c] = src[..., i]
    return out


def _np_reverse_sequence(seq_dim, batch_dim):
    def reference(x, lengths):
        out = np.moveaxis(x.copy(), (batch_dim, seq_dim), (0, 1))
        for b, n in enumerate(lengths):
            out[b, :n] = out[b, :n][::-1].copy()
        return np.moveaxis(out, (0, 1), (batch_dim, seq_dim))
    return reference


def _np_space_to_batch(block, pads):
    """TensorFlow's space_to_batch_nd, element by element."""
    def reference(x):
        count = len(block)
        padded = np.pad(x, [(0, 0)] * (x.ndim - count) + [tuple(p) for p in pads])
        spatial = padded.shape[-count:]
        out_spatial = tuple(s // b for s, b in zip(spatial, block))
        n = x.shape[0]
        out = np.zeros((n * int(np.prod(block)),) + x.shape[1:-count] + out_spatial, x.dtype)
        for offset_index, offsets in enumerate(np.ndindex(*block)):
            window = tuple(slice(o, None, b) for o, b in zip(offsets, block))
            out[offset_index * n:(offset_index + 1) * n] = padded[(Ellipsis,) + window]
        return out
    return reference


def _np_batch_to_space(block, crops):
    def reference(x):
        count = len(block)
        n = x.shape[0] // int(np.prod(block))
        full = np.zeros((n,) + x.shape[1:-count] + tuple(s * b for s, b in zip(x.shape[-count:], block)), x.dtype)
        for offset_index, offsets in enumerate(np.ndindex(*block)):
            window = tuple(slice(o, None, b) for o, b in zip(offsets, block))
            full[(Ellipsis,) + window] = x[offset_index * n:(offset_index + 1) * n]
        crop = tuple(slice(c0, full.shape[x.ndim - count + k] - c1) for k, (c0, c1) in enumerate(crops))
        return full[(Ellipsis,) + crop]
    return reference


def _np_space_to_depth(b):
    def reference(x):
        n, c, h, w = x.shape
        out = np.zeros((n, c * b * b, h // b, w // b), x.dtype)
        for i, j in np.ndindex(b, b):
            out[:, (i * b + j) * c:(i * b + j + 1) * c] = x[:, :, i::b, j::b]
        return out
    return reference


def _np_depth_to_space(b):
    def reference(x):
        n, c, h, w = x.shape
        depth = c // (b * b)
        out = np.zeros((n, depth, h * b, w * b), x.dtype)
        for i, j in np.ndindex(b, b):
            out[:, :, i::b, j::b] = x[:, (i * b + j) * depth:(i * b + j + 1) * depth]
        return out
    return reference


def _np_ragged_range(split_dtype):
    def reference(starts, limits, deltas):
        starts, limits, deltas = np.broadcast_arrays(starts.reshape(-1), limits.reshape(-1), deltas.reshape(-1))
        ranges = [np.arange(s, e, d, dtype=starts.dtype) for s, e, d in zip(starts, limits, deltas)]
        splits = np.cumsum([0] + [len(r) for r in ranges]).astype(split_dtype)
        return splits, np.concatenate(ranges)
    return reference


def _np_fill_diagonal(value, wrap):
    def reference(x):
        out = x.copy()
        np.fill_diagonal(out, value, wrap=wrap)
        return out
    return reference


B2S_BLOCK, B2S_CROPS = ms.Tensor(np.array([2, 2], np.int32)), ms.Tensor(np.array([[0, 1], [1, 0]], np.int32))
MIRROR_PADS = ms.Tensor(np.array([[1, 2], [0, 3]], np.int64))
MIRROR_PADS_3D = ms.Tensor(np.array([[0, 0], [2, 1], [1, 1]], np.int64))
EXPAND_TO, EXPAND_KEEP = ms.Tensor(np.array([2, 3], np.int32)), ms.Tensor(np.array([2, -1], np.int64))
X234 = rand(2, 3, 4)
CAST_INPUT = np.array([-1.7, 0.0, 2.5, 30.2], np.float32)

CASES = [
    # ---- shapes
    OpCase(ops.Reshape(), (X234, (6, 4)), np.reshape),
    OpCase(ops.Reshape(), (X234, (-1, 4)), np.reshape),
    OpCase(ops.Reshape(), (rand(6, dtype=i32), [3, 1, -1]), np.reshape),
    OpCase(ops.Reshape(), (rand(1), ()), np.reshape),
    OpCase(ops.Reshape(), (rand(0, 3), (3, 0)), np.reshape),
    OpCase(ops.Reshape(), (X234, np.array([4, 6])), lambda x, s: x.reshape(tuple(s))),
    OpCase(ops.Reshape(), (X234, 24), np.reshape),
    OpCase(ops.reshape, (X234, (24,)), np.reshape, prim="Reshape"),
    OpCase(ops.Transpose(), (rand(1, 2, 3, 4), (3, 2, 1, 0)), np.transpose),
    OpCase(ops.Transpose(), (X234, (-1, 0, 1)), np.transpose),
    OpCase(ops.Transpose(), (rand(3, 2, dtype=np.bool_), [1, 0]), np.transpose),
    OpCase(ops.Transpose(), (np.array(1.5, np.float32), ()), np.transpose),
    OpCase(ops.transpose, (X234, (1, 0, 2)), np.transpose, prim="Transpose"),
    OpCase(ops.ExpandDims(), (X234, 0), np.expand_dims),
    OpCase(ops.ExpandDims(), (X234, -1), np.expand_dims),
    OpCase(ops.ExpandDims(), (rand(2, 3, dtype=i64), 1), np.expand_dims),
    OpCase(ops.ExpandDims(), (np.array(2.0, np.float32), 0), np.expand_dims),
    OpCase(ops.Squeeze(), (rand(1, 3, 1, 2, dtype=i32),), np.squeeze),
    OpCase(ops.Squeeze(0), (rand(1, 3, 1, 2),), lambda x: np.squeeze(x, 0)),
    OpCase(ops.Squeeze((0, -2)), (rand(1, 3, 1, 2),), lambda x: np.squeeze(x, (0, 2))),
    OpCase(ops.Squeeze(1), (rand(1, 3, 1, 2),), lambda x: x),
    OpCase(ops.Squeeze(), (np.array(3.0, np.float32),), np.squeeze),
    OpCase(ops.squeeze, (rand(1, 3, 1), [0, 2]), lambda x, a: np.squeeze(x, tuple(a)), prim="Squeeze"),
    OpCase(ops.Flatten(), (X234,), lambda x: x.reshape(2, 12)),
    OpCase(ops.Flatten(), (rand(5, dtype=i32),), lambda x: x.reshape(5, 1)),
    OpCase(ops.Flatten(), (rand(0, 3, 2),), lambda x: x.reshape(0, 6)),
    OpCase(ops.BroadcastTo((4, 2, 5, 3)), (rand(2, 1, 3),), lambda x: np.broadcast_to(x, (4, 2, 5, 3))),
    OpCase(ops.BroadcastTo((-1, 4, -1)), (rand(2, 1, 3, dtype=i64),), lambda x: np.broadcast_to(x, (2, 4, 3))),
    OpCase(ops.BroadcastTo((2, 0, 3)), (rand(1, 1, 3),), lambda x: np.broadcast_to(x, (2, 0, 3))),
    OpCase(ops.BroadcastTo((3,)), (np.array(1.0, np.float32),), lambda x: np.broadcast_to(x, (3,))),
    OpCase(ops.broadcast_to, (rand(3, 1), (3, 4)), np.broadcast_to, prim="BroadcastTo"),
    OpCase(ops.Tile(), (rand(4, 6), (2, 1)), np.tile),
    OpCase(ops.Tile(), (rand(4, 6), (2, 1, 2)), np.tile),
    OpCase(ops.Tile(), (rand(4, 6, dtype=i32), (2,)), np.tile),
    OpCase(ops.Tile(), (rand(4, 6), (0, 1)), np.tile),
    OpCase(ops.Tile(), (np.array(1.0, np.float32), (2, 3)), np.tile),
    OpCase(ops.tile, (rand(2, 3), (3,)), np.tile, prim="Tile"),
    # ---- joining and splitting
    OpCase(ops.Concat(1), ((rand(2, 3), rand(2, 4)),), lambda xs: np.concatenate(xs, 1)),
    OpCase(ops.Concat(-1), ([rand(2, 1, dtype=i32), rand(2, 3, dtype=i32), rand(2, 2, dtype=i32)],),
           lambda xs: np.concatenate(xs, -1)),
    OpCase(ops.Concat(), ((rand(2, 3, dtype=np.bool_), rand(0, 3, dtype=np.bool_)),), np.concatenate),
    OpCase(ops.Concat(), ((rand(2, 3),),), np.concatenate),
    OpCase(ops.concat, ((rand(1, 2), rand(3, 2)),), np.concatenate, prim="Concat"),
    OpCase(ops.Stack(), ((rand(2, 3), rand(2, 3)),), np.stack),
    OpCase(ops.Stack(-1), ((rand(2, 3, dtype=i64), rand(2, 3, dtype=i64), rand(2, 3, dtype=i64)),),
           lambda xs: np.stack(xs, -1)),
    OpCase(ops.Stack(1), (rand(2, 3), rand(2, 3)), lambda a, b: np.stack((a, b), 1)),
    OpCase(ops.Stack(), ((np.array(1.0, np.float32), np.array(2.0, np.float32)),), np.stack),
    OpCase(ops.stack, ([rand(4), rand(4)], 1), lambda xs, axis: np.stack(xs, axis), prim="Stack"),
    OpCase(ops.Unstack(1), (rand(2, 3),), lambda x: [x[:, i] for i in range(3)]),
    OpCase(ops.Unstack(0, 2), (rand(2, 3, dtype=i32),), list),
    OpCase(ops.Unstack(-1), (rand(2, 0),), lambda x: []),
    OpCase(ops.unstack, (rand(3, 2),), list, prim="Unstack"),
    OpCase(ops.Split(1, 3), (rand(4, 6),), lambda x: np.split(x, 3, 1)),
    OpCase(ops.Split(-1, 2), (rand(2, 4, dtype=i64),), lambda x: np.split(x, 2, -1)),
    OpCase(ops.Split(), (rand(4, 6),), lambda x: [x]),
    OpCase(ops.SplitV((1, 2, 3), 1, 3), (rand(4, 6),), lambda x: np.split(x, [1, 3], 1)),
    OpCase(ops.SplitV([2, -1], 0, 2), (rand(5, 2, dtype=i32),), lambda x: np.split(x, [2], 0)),
    OpCase(ops.SplitV((0, 6), -1, 2), (rand(4, 6),), lambda x: np.split(x, [0], 1)),
    OpCase(ops.split, (rand(4, 6), [1, 5], 1), lambda x, s, a: np.split(x, [1], a), prim="SplitV"),
    OpCase(ops.Meshgrid(), ((rand(3), rand(4)),), _meshgrid("xy")),
    OpCase(ops.Meshgrid("ij"), ((rand(3, dtype=i32), rand(4, dtype=i32), rand(2, dtype=i32)),), _meshgrid("ij")),
    OpCase(ops.Meshgrid("xy"), ((rand(3), rand(4), rand(2)),), _meshgrid("xy")),
    OpCase(ops.Meshgrid(), ((rand(3),),), _meshgrid("xy")),
    OpCase(ops.meshgrid, (rand(2), rand(3)), lambda a, b: np.meshgrid(a, b), prim="Meshgrid"),
    # ---- padding and reordering
    OpCase(ops.Pad(((0, 0), (0, 0), (1, 0), (1, 0))), (np.arange(9, dtype=np.float32).reshape(1, 1, 3, 3),),
           lambda x: np.pad(x, ((0, 0), (0, 0), (1, 0), (1, 0)))),
    OpCase(ops.Pad(((1, 2),)), (rand(3, dtype=i32),), lambda x: np.pad(x, ((1, 2),))),
    OpCase(ops.Pad([[0, 1], [2, 0]]), (rand(2, 2, dtype=np.bool_),), lambda x: np.pad(x, ((0, 1), (2, 0)))),
    OpCase(ops.PadV3(), (rand(1, 3, 4), (1, 2, 0, 1), np.array(5.0, np.float32)),
           lambda x, p, v: np.pad(x, _np_pad(p, 3), constant_values=v)),
    OpCase(ops.PadV3(), (rand(1, 3, 4, dtype=i32), (-1, 2), 7), lambda x, p, v: np.pad(x[..., 1:], _np_pad((0, 2), 3),
                                                                                       constant_values=v)),
    OpCase(ops.PadV3(paddings_contiguous=False), (rand(1, 3, 4), (1, 2, 0, 1), np.array(0.0, np.float32)),
           lambda x, p, v: np.pad(x, _np_pad((1, 0, 2, 1), 3))),
    OpCase(ops.PadV3("reflect"), (rand(2, 3, 4, 5), (2, 1, 1, 2)),
           lambda x, p: np.pad(x, _np_pad(p, 4), mode="reflect")),
    OpCase(ops.PadV3("edge"), (rand(1, 2, 3, 3, 3, dtype=i64), (1, 1, 2, 0, 0, 1)),
           lambda x, p: np.pad(x, _np_pad(p, 5), mode="edge")),
    OpCase(ops.PadV3("circular"), (rand(1, 3, 4), (2, 1)), lambda x, p: np.pad(x, _np_pad(p, 3), mode="wrap")),
    OpCase(ops.PadV3("edge"), (rand(3, 4), (5, 1)), lambda x, p: np.pad(x, _np_pad(p, 2), mode="edge")),
    OpCase(ops.pad, (rand(2, 3), (1, 1, 0, 2)), lambda x, p: np.pad(x, _np_pad(p, 2)), prim="PadV3"),
    OpCase(ops.ReverseV2((0,)), (rand(2, 3),), lambda x: np.flip(x, 0)),
    OpCase(ops.ReverseV2([0, -1]), (rand(2, 3, 4, dtype=i32),), lambda x: np.flip(x, (0, 2))),
    OpCase(ops.ReverseV2(()), (rand(2, 3),), lambda x: x),
    OpCase(ops.ReverseV2((0,)), (rand(2, dtype=np.bool_),), lambda x: np.flip(x, 0)),
    OpCase(ops.flip, (rand(3, 4), (1,)), np.flip, prim="ReverseV2"),
    OpCase(ops.Roll(1, 0), (rand(2, 3),), lambda x: np.roll(x, 1, 0)),
    OpCase(ops.Roll(-4), (rand(2, 3, dtype=i32),), lambda x: np.roll(x, -4)),
    OpCase(ops.Roll((1, 2), (0, -1)), (rand(3, 4),), lambda x: np.roll(x, (1, 2), (0, 1))),
    OpCase(ops.roll, (rand(5), 2), np.roll, prim="Roll"),
    OpCase(ops.RepeatInterleaveInt(), (rand(2, 3), 2, 1), np.repeat),
    OpCase(ops.RepeatInterleaveInt(), (rand(2, 3, dtype=i32), 3), np.repeat),
    OpCase(ops.RepeatInterleaveInt(), (rand(2, 3), 0, 0), np.repeat),
    OpCase(ops.RepeatInterleaveTensor(), (rand(2, 3), (1, 2), 0), lambda x, r, a: np.repeat(x, r, a)),
    OpCase(ops.RepeatInterleaveTensor(), (rand(2, 3), np.array([2, 0, 1]), 1), np.repeat),
    OpCase(ops.repeat_interleave, (rand(2, 3), 2), np.repeat, prim="RepeatInterleaveInt"),
    OpCase(ops.repeat_interleave, (rand(2, 3), [1, 2], 0), lambda x, r, a: np.repeat(x, r, a),
           prim="RepeatInterleaveTensor"),
    # ---- casting
    *[OpCase(ops.Cast(), (CAST_INPUT, dtype), lambda x, d: x.astype(d.np_type)) for dtype in
      (ms.bool_, ms.int8, ms.int16, ms.int32, ms.int64, ms.uint8, ms.float16, ms.float64, ms.complex64)],
    OpCase(ops.Cast(), (CAST_INPUT, ms.bfloat16), lambda x, d: x, rtol=1e-2),
    OpCase(ops.Cast(), (rand(2, 3, dtype=i32), ms.float32), lambda x, d: x.astype(np.float32)),
    OpCase(ops.Cast(), (rand(3, dtype=np.bool_), ms.int32), lambda x, d: x.astype(i32)),
    OpCase(ops.Cast(), (np.array([1 + 2j, -3j], np.complex64), ms.float32), lambda x, d: x.real),
    OpCase(ops.Cast(), (1.5, ms.int32), lambda x, d: np.array(1, i32)),
    OpCase(ops.Cast(), (True, ms.float32), lambda x, d: np.array(1.0, np.float32)),
    OpCase(ops.cast, (rand(2), ms.float16), lambda x, d: x.astype(f16), prim="Cast"),
    # ---- creation
    OpCase(ops.Fill(), (ms.float32, (2, 3), 1.5), lambda d, s, v: np.full(s, v, np.float32)),
    OpCase(ops.Fill(), (ms.int32, [2], 1.7), lambda d, s, v: np.full(s, 1, i32)),
    OpCase(ops.Fill(), (ms.bool_, (2,), 1), lambda d, s, v: np.full(s, True)),
    OpCase(ops.Fill(), (ms.float64, (), np.array(2, i64)), lambda d, s, v: np.array(2.0)),
    OpCase(ops.fill, (ms.int64, (3,), 4), lambda d, s, v: np.full(s, v, i64), prim="Fill"),
    OpCase(ops.Zeros(), ((2, 3), ms.float32), lambda s, d: np.zeros(s, np.float32)),
    OpCase(ops.Zeros(), (3, ms.int32), lambda s, d: np.zeros(s, i32)),
    OpCase(ops.Zeros(), ((2, 0),), lambda s: np.zeros(s, np.float32)),
    OpCase(ops.zeros, ((2,), ms.float16), lambda s, d: np.zeros(s, f16), prim="Zeros"),
    OpCase(ops.Ones(), ((2, 3), ms.int64), lambda s, d: np.ones(s, i64)),
    OpCase(ops.Ones(), (np.array([2, 1]), ms.bool_), lambda s, d: np.ones(tuple(s), np.bool_)),
    OpCase(ops.Ones(), (4,), lambda s: np.ones(s, np.float32)),
    OpCase(ops.ones, (3,), lambda s: np.ones(s, np.float32), prim="Ones"),
    OpCase(ops.ZerosLike(), (rand(2, 3, dtype=i32),), np.zeros_like),
    OpCase(ops.ZerosLike(), (np.array(1.0, f64),), np.zeros_like),
    OpCase(ops.zeros_like, (rand(2, dtype=f16),), np.zeros_like, prim="ZerosLike"),
    OpCase(ops.OnesLike(), (rand(2, 3, dtype=f16),), np.ones_like),
    OpCase(ops.OnesLike(), (rand(3, dtype=np.bool_),), np.ones_like),
    OpCase(ops.ones_like, (rand(0, 2),), np.ones_like, prim="OnesLike"),
    OpCase(ops.Range(), (0, 10, 3), lambda a, b, c: np.arange(a, b, c, dtype=i64)),
    OpCase(ops.Range(), (10, 0, -3), lambda a, b, c: np.arange(a, b, c, dtype=i64)),
    OpCase(ops.Range(), (0.0, 1.0, 0.25), lambda a, b, c: np.arange(a, b, c, dtype=np.float32)),
    OpCase(ops.Range(), (0, 0, 1), lambda a, b, c: np.arange(a, b, c, dtype=i64)),
    OpCase(ops.Range(), (np.array(0, i32), np.array(7, i32), np.array(2, i32)),
           lambda a, b, c: np.arange(a, b, c, dtype=i64)),
    OpCase(ops.Range(), (np.array(0.5, f64), np.array(2.0, f64), np.array(0.5, f64)),
           lambda a, b, c: np.arange(a, b, c).astype(np.float32)),
    OpCase(ops.range, (1, 4, 1), lambda a, b, c: np.arange(a, b, c, dtype=i64), prim="Range"),
    OpCase(ops.LinSpace(), (np.array(1.0, np.float32), np.array(10.0, np.float32), 5),
           lambda a, b, n: np.linspace(a, b, n, dtype=np.float32)),
    OpCase(ops.LinSpace(), (np.array(1.0, f64), np.array(-2.0, f64), np.array(4)), np.linspace),
    OpCase(ops.LinSpace(), (np.array(3.0, np.float32), np.array(10.0, np.float32), 1),
           lambda a, b, n: np.array([3.0], np.float32)),
    OpCase(ops.linspace, (1, 10, 4), lambda a, b, n: np.linspace(a, b, n, dtype=np.float32), prim="LinSpace"),
    OpCase(ops.Eye(), (2, 3, ms.float32), lambda n, m, d: np.eye(n, m, dtype=np.float32)),
    OpCase(ops.Eye(), (3, 2, ms.int32), lambda n, m, d: np.eye(n, m, dtype=i32)),
    OpCase(ops.Eye(), (2, 2, ms.bool_), lambda n, m, d: np.eye(n, m, dtype=np.bool_)),
    OpCase(ops.Eye(), (0, 2, ms.float64), lambda n, m, d: np.eye(n, m)),
    OpCase(ops.eye, (3,), lambda n: np.eye(n, dtype=np.float32), prim="Eye"),
    OpCase(ops.OneHot(), (np.array([0, 2, 1, -1, 3], i32), 3, np.array(1.0, np.float32), np.array(0.0, np.float32)),
           _np_one_hot),
    OpCase(ops.OneHot(0), (np.array([0, 2, 1], i64), 4, np.array(5, i32), np.array(-1, i32)),
           lambda *a: _np_one_hot(*a, axis=0)),
    OpCase(ops.OneHot(1), (np.array([[0, 1], [2, 0]], i32), 3, np.array(1, f16), np.array(0, f16)),
           lambda *a: _np_one_hot(*a, axis=1)),
    OpCase(ops.OneHot(), (np.array(1, i32), 3, 1.0, 0.0),
           lambda i, d, on, off: _np_one_hot(i, d, np.float32(on), np.float32(off))),
    OpCase(ops.OneHot(), (np.array([0, 1], i32), 0, np.array(1.0, np.float32), np.array(0.0, np.float32)),
           _np_one_hot),
    OpCase(ops.one_hot, (np.array([1, 0], i64), 2), lambda i, d: _np_one_hot(i, d, np.int64(1), np.int64(0)),
           prim="OneHot"),
    # ---- metadata
    OpCase(ops.Shape(), (X234,), np.shape),
    OpCase(ops.Shape(), (np.array(1.0, np.float32),), np.shape),
    OpCase(ops.shape, (rand(0, 2),), np.shape, prim="Shape"),
    OpCase(ops.Rank(), (X234,), np.ndim),
    OpCase(ops.Rank(), (np.array(1.0, np.float32),), np.ndim),
    OpCase(ops.rank, (rand(3),), np.ndim, prim="Rank"),
    OpCase(ops.Size(), (X234,), np.size),
    OpCase(ops.Size(), (rand(0, 3),), np.size),
    OpCase(ops.size, (np.array(1.0, np.float32),), np.size, prim="Size"),
    OpCase(ops.DType(), (X234,), lambda x: ms.float32),
    OpCase(ops.DType(), (rand(2, dtype=np.bool_),), lambda x: ms.bool_),
    OpCase(ops.dtype, (rand(2, dtype=i64),), lambda x: ms.int64, prim="DType"),
    # ---- gradients of array primitives
    OpCase(PadV3Grad(), (rand(2, 3, 7, 8), (2, 1, 1, 2)), _np_pad_grad("reflect")),
    OpCase(PadV3Grad(), (rand(1, 6, dtype=f64), (2, 1)), _np_pad_grad("reflect")),
    OpCase(PadV3Grad("edge"), (rand(1, 2, 5, 5, 5, dtype=i32), (1, 1, 2, 0, 0, 1)), _np_pad_grad("edge")),
    OpCase(PadV3Grad("edge", False), (rand(1, 6, 8), (2, 0, 1, 3)), _np_pad_grad("edge", False)),
    OpCase(PadV3Grad("circular"), (rand(2, 2, 6, 8), (1, 3, 2, 0)), _np_pad_grad("circular")),
    OpCase(PadV3Grad("circular"), (rand(1, 3, 7), np.array([2, 1])), _np_pad_grad("circular")),
    OpCase(RepeatInterleaveGrad(), (rand(2, 6), (1, 2, 3), 1), _np_repeat_grad),
    OpCase(RepeatInterleaveGrad(), (rand(2, 6, dtype=f64), np.array([2, 0, 4]), -1), _np_repeat_grad),
    OpCase(RepeatInterleaveGrad(), (rand(6, 2, dtype=i32), 3, 0), _np_repeat_grad),
    OpCase(RepeatInterleaveGrad(), (rand(4, 3), np.array([2]), 0), _np_repeat_grad),
    OpCase(RepeatInterleaveGrad(), (rand(0, 3), 2, 0), _np_repeat_grad),
    # ---- triangles and diagonals
    OpCase(ops.Tril(), (X234[:, :3, :3].copy(),), np.tril),
    OpCase(ops.Tril(1), (rand(3, 4, dtype=i32, high=9),), lambda x: np.tril(x, 1)),
    OpCase(ops.Tril(-2), (rand(2, 1, 4, 3, dtype=np.bool_),), lambda x: np.tril(x, -2)),
    OpCase(ops.tril, (rand(3, 3), -1), np.tril, prim="Tril"),
    OpCase(ops.Triu(), (X234,), np.triu),
    OpCase(ops.Triu(-1), (rand(4, 2, dtype=f64),), lambda x: np.triu(x, -1)),
    OpCase(ops.triu, (rand(3, 3, dtype=i64, high=9), 5), np.triu, prim="Triu"),
    OpCase(ops.Diag(), (rand(3),), np.diag),
    OpCase(ops.Diag(), (rand(2, 3, dtype=i32, high=9),),
           lambda x: np.diag(x.ravel()).reshape(x.shape + x.shape)),
    OpCase(ops.diag, (rand(1, dtype=f64),), np.diag, prim="Diag"),
    OpCase(ops.DiagPart(), (rand(3, 3),), np.diag),
    OpCase(ops.DiagPart(), (rand(2, 3, 2, 3, dtype=i64, high=9),),
           lambda x: np.diag(x.reshape(6, 6)).reshape(2, 3)),
    OpCase(ops.TrilIndices(3, 4, 1), (), lambda: np.stack(np.tril_indices(3, 1, 4)).astype(i64)),
    OpCase(ops.TrilIndices(4, 2, -1, ms.int32), (), lambda: np.stack(np.tril_indices(4, -1, 2)).astype(i32)),
    OpCase(ops.TrilIndices(0, 3), (), lambda: np.zeros((2, 0), i64)),
    OpCase(ops.tril_indices, (2, 2, -5), lambda r, c, k: np.zeros((2, 0), i64), prim="TrilIndices"),
    OpCase(ops.TriuIndices(3, 4, -1, ms.int32), (), lambda: np.stack(np.triu_indices(3, -1, 4)).astype(i32)),
    OpCase(ops.TriuIndices(4, 3, 2), (), lambda: np.stack(np.triu_indices(4, 2, 3)).astype(i64)),
    OpCase(ops.triu_indices, (3, 3), lambda r, c: np.stack(np.triu_indices(r, 0, c)).astype(i64), prim="TriuIndices"),
    OpCase(ops.diagonal, (X234,), np.diagonal),
    OpCase(ops.diagonal, (X234, 1, 0, 2), np.diagonal),
    OpCase(ops.diagonal, (X234, -1, 2, 1), np.diagonal),
    OpCase(ops.diagonal, (rand(2, 3), 5), np.diagonal),
    OpCase(ops.diag_embed, (rand(2, 3),), lambda x: np.stack([np.diag(r) for r in x])),
    OpCase(ops.diag_embed, (rand(3, dtype=i32, high=9), -1), lambda x, k: np.diag(x, k)),
    OpCase(ops.diag_embed, (rand(2, 3), 1, 0, 2),
           lambda x, k, a, b: np.moveaxis(np.stack([np.diag(r, k) for r in x]), (1, 2), (0, 2))),
    OpCase(ops.diagflat, (rand(2, 2),), lambda x: np.diagflat(x)),
    OpCase(ops.diagflat, (rand(3, dtype=f64), 2), np.diagflat),
    OpCase(ops.diagonal_scatter, (rand(3, 4), rand(3), 1), lambda x, s, k: _np_diagonal_scatter(x, s, k, 0, 1)),
    OpCase(ops.diagonal_scatter, (X234, rand(4, 2), -1, 1, 0),
           lambda x, s, k, a, b: _np_diagonal_scatter(x, s, k, a, b)),
    OpCase(ops.diagonal_scatter, (rand(2, 2, dtype=i32, high=9), rand(2, dtype=i32, high=9)),
           lambda x, s: _np_diagonal_scatter(x, s, 0, 0, 1)),
    # ---- blocks and sequences
    OpCase(ops.ReverseSequence(1), (rand(3, 4), np.array([1, 4, 0], i32)), _np_reverse_sequence(1, 0)),
    OpCase(ops.ReverseSequence(0, 2), (X234, np.array([2, 1, 0, 2], i64)), _np_reverse_sequence(0, 2)),
    OpCase(ops.ReverseSequence(-1, 1), (rand(2, 3, 4, dtype=i32, high=9), np.array([3, 4, 1], i32)),
           _np_reverse_sequence(2, 1)),
    OpCase(ops.reverse_sequence, (rand(3, 3), np.array([1, 2, 3], i32), 1),
           lambda x, n, s: _np_reverse_sequence(1, 0)(x, n), prim="ReverseSequence"),
    OpCase(ops.SpaceToBatchND((2, 2), ((1, 0), (0, 1))), (rand(1, 2, 3, 3),),
           _np_space_to_batch((2, 2), ((1, 0), (0, 1)))),
    OpCase(ops.SpaceToBatchND(2, ((0, 0),)), (rand(2, 3, 4, dtype=i32, high=9),), _np_space_to_batch((2,), ((0, 0),))),
    OpCase(ops.space_to_batch_nd, (rand(2, 1, 4, 6), [2, 3], [[0, 0], [1, 2]]),
           lambda x, b, p: _np_space_to_batch(b, p)(x), prim="SpaceToBatchND"),
    OpCase(ops.BatchToSpaceND((2, 2), ((0, 1), (1, 0))), (rand(8, 2, 2, 3),),
           _np_batch_to_space((2, 2), ((0, 1), (1, 0)))),
    OpCase(ops.batch_to_space_nd, (rand(6, 3, 2), (3,), ((1, 1),)), lambda x, b, c: _np_batch_to_space(b, c)(x),
           prim="BatchToSpaceND"),
    OpCase(lambda x: ops.BatchToSpaceNDV2()(x, B2S_BLOCK, B2S_CROPS), (rand(8, 2, 2, 3),),
           _np_batch_to_space((2, 2), ((0, 1), (1, 0))), prim="BatchToSpaceNDV2"),
    OpCase(ops.SpaceToDepth(2), (rand(1, 2, 4, 6),), _np_space_to_depth(2)),
    OpCase(ops.SpaceToDepth(3), (rand(2, 1, 3, 3, dtype=i64, high=9),), _np_space_to_depth(3)),
    OpCase(ops.DepthToSpace(2), (rand(1, 8, 2, 3),), _np_depth_to_space(2)),
    OpCase(ops.DepthToSpace(2), (rand(2, 4, 1, 1, dtype=i32, high=9),), _np_depth_to_space(2)),
    # Expand's output shape is the value of its 'shape' Tensor: a graph takes it as a constant.
    OpCase(lambda x: ops.Expand()(x, EXPAND_TO), (rand(2, 1),), lambda x: np.broadcast_to(x, (2, 3)), prim="Expand"),
    OpCase(lambda x: ops.Expand()(x, EXPAND_KEEP), (rand(3),), lambda x: np.broadcast_to(x, (2, 3)), prim="Expand"),
    OpCase(ops.InvertPermutation(), ((3, 4, 0, 2, 1),), lambda p: tuple(np.argsort(p).tolist())),
    OpCase(ops.InvertPermutation(), ([0],), lambda p: (0,)),
    OpCase(ops.UnravelIndex(), (np.array([22, 41, 37], i32), np.array([7, 6], i32)),
           lambda i, d: np.stack(np.unravel_index(i, tuple(d))).astype(i32)),
    OpCase(ops.UnravelIndex(), (np.array(5, i64), np.array([2, 3], i64)),
           lambda i, d: np.stack(np.unravel_index(i, tuple(d))).astype(i64)),
    OpCase(ops.Pack(1), ((rand(2), rand(2)),), lambda xs: np.stack(xs, 1), prim="Stack"),
    OpCase(ops.Unpack(1), (rand(2, 3),), lambda x: tuple(np.moveaxis(x, 1, 0)), prim="Unstack"),
    OpCase(ops.SpaceToBatch(2, ((1, 1), (0, 2))), (rand(1, 2, 2, 2),), _np_space_to_batch((2, 2), ((1, 1), (0, 2)))),
    OpCase(ops.BatchToSpace(2, ((0, 1), (1, 0))), (rand(8, 1, 2, 2),), _np_batch_to_space((2, 2), ((0, 1), (1, 0)))),
    OpCase(ops.FillDiagonal(5.0), (rand(3, 4),), _np_fill_diagonal(5.0, False)),
    OpCase(ops.FillDiagonal(-1, True), (rand(7, 3, dtype=i32, high=9),), _np_fill_diagonal(-1, True)),
    OpCase(ops.FillDiagonal(2.5), (rand(3, 3, 3),), _np_fill_diagonal(2.5, False)),
    OpCase(ops.FillV2(), ((2, 3), np.array(1.5, np.float32)), lambda s, v: np.full(s, v)),
    OpCase(ops.FillV2(), ((0, 2), np.array(7, i64)), lambda s, v: np.full(s, v)),
    OpCase(ops.ParallelConcat(), ([rand(1, 2), rand(1, 2), rand(1, 2)],), lambda xs: np.concatenate(xs)),
    OpCase(ops.ParallelConcat(), ((rand(2, 3, dtype=i32, high=9),),), lambda xs: np.concatenate(xs)),
    OpCase(lambda x: ops.MirrorPad()(x, MIRROR_PADS), (rand(3, 4),), lambda x: np.pad(x, ((1, 2), (0, 3)), "reflect"),
           prim="MirrorPad"),
    OpCase(lambda x: ops.MirrorPad("SYMMETRIC")(x, MIRROR_PADS), (rand(3, 4, dtype=i32, high=9),),
           lambda x: np.pad(x, ((1, 2), (0, 3)), "symmetric"), prim="MirrorPad"),
    OpCase(lambda x: ops.mirror_pad(x, MIRROR_PADS_3D, "REFLECT"), (X234,),
           lambda x: np.pad(x, ((0, 0), (2, 1), (1, 1)), "reflect"), prim="MirrorPad"),
    OpCase(ops.Padding(3), (rand(2, 1),), lambda x: np.pad(x, ((0, 0), (0, 2)))),
    OpCase(ops.padding, (rand(2, 2, 1, dtype=i32, high=9),), lambda x: np.pad(x, ((0, 0), (0, 0), (0, 7))),
           prim="Padding"),
    OpCase(ops.TensorShape(), (X234,), lambda x: np.array(x.shape, i64)),
    OpCase(ops.TensorShape(), (np.array(1.0, np.float32),), lambda x: np.zeros(0, i64)),
    OpCase(ops.IdentityN(), ([rand(2), rand(3, dtype=i32, high=9)],), lambda xs: tuple(xs)),
    OpCase(ops.TupleToArray(), ((1, 2, 3),), lambda t: np.array(t, i32)),
    OpCase(ops.TupleToArray(), ((1, 2.5),), lambda t: np.array(t, np.float32)),
    OpCase(ops.TransposeExtView(), (X234, 0, -1), lambda x, a, b: np.swapaxes(x, a, b)),
    OpCase(ops.TransposeView(), (X234, (1, 2, 0)), np.transpose, prim="Transpose"),
    OpCase(ops.DataFormatDimMap(), (np.array([0, 1, 2, 3, -1], i32),), lambda x: np.array([0, 3, 1, 2, 2], i32)),
    OpCase(ops.DataFormatDimMap("NCHW", "NHWC"), (np.array([1, 3], i64),), lambda x: np.array([2, 1], i64)),
    OpCase(ops.DataFormatVecPermute(), (np.array([1, 2, 3, 4], i32),), lambda x: x[[0, 3, 1, 2]]),
    OpCase(ops.DataFormatVecPermute("NCHW", "NHWC"), (np.arange(8, dtype=i64).reshape(4, 2),),
           lambda x: x[[0, 2, 3, 1]]),
    OpCase(ops.reshape_, (X234, (4, 6)), np.reshape, prim="Reshape"),
    OpCase(ops.type_as, (X234, rand(1, dtype=i32)), lambda x, o: x.astype(i32), prim="Cast"),
    OpCase(ops.ScalarToTensor(), (1,), lambda v: np.array(v, np.float32)),
    OpCase(ops.ScalarToTensor(), (2.5, ms.float64), lambda v, d: np.array(v)),
    OpCase(ops.ScalarToTensor(), (True, ms.int32), lambda v, d: np.array(1, i32)),
    OpCase(ops.ScalarCast(), (255.7, ms.int64), lambda v, d: 255),
    OpCase(ops.ScalarCast(), (1, ms.float64), lambda v, d: 1.0),
    OpCase(ops.ScalarCast(), (0.0, ms.bool_), lambda v, d: False),
    OpCase(ops.RaggedRange(ms.int64), (np.array([2, 5, 8], i32), np.array([3, 5, 12], i32), np.array([1, 1, 1], i32)),
           _np_ragged_range(i64)),
    OpCase(ops.RaggedRange(ms.int32), (np.array(0.0, np.float32), np.array([3.0, 1.5], np.float32),
                                       np.array(0.5, np.float32)), _np_ragged_range(i32)),
]

F32_2x3, I32_2x3 = rand(2, 3), rand(2, 3, dtype=i32)
INDICES = np.array([0, 2], i32)
ON, OFF = np.array(1.0, np.float32), np.array(0.0, np.float32)

ERROR_CASES = [
    ErrorCase(ops.Reshape(), (X234, (5, 5)), ValueError, r"For 'Reshape'.*\(2, 3, 4\).*\(5, 5\)"),
    ErrorCase(ops.Reshape(), (X234, (-1, -1)), ValueError, "one -1"),
    ErrorCase(ops.Reshape(), (X234, (-2, 12)), ValueError, "one -1"),
    ErrorCase(ops.Reshape(), (X234, (6.0, 4)), TypeError, "For 'Reshape', the 'shape'"),
    ErrorCase(ops.Reshape(), (X234, "a"), TypeError, "'shape' must be a tuple"),
    ErrorCase(ops.Reshape(), ([1, 2], (2,)), TypeError, "For 'Reshape', the 'input' must be a Tensor"),
    ErrorCase(ops.Transpose(), (X234, (1, 0)), ValueError, "length of 'input_perm'"),
    ErrorCase(ops.Transpose(), (X234, (1, 1, 0)), ValueError, "duplicate"),
    ErrorCase(ops.Transpose(), (X234, (3, 1, 0)), ValueError, r"range \[-3, 3\)"),
    ErrorCase(ops.Transpose(), (X234, 1), TypeError, "'input_perm' must be a tuple"),
    ErrorCase(ops.ExpandDims(), (X234, 4), ValueError, r"For 'ExpandDims'.*range \[-4, 4\)"),
    ErrorCase(ops.ExpandDims(), (X234, -5), ValueError, "For 'ExpandDims'"),
    ErrorCase(ops.ExpandDims(), (X234, 1.0), TypeError, "'axis' must be int"),
    ErrorCase(ops.Squeeze(4), (rand(1, 3, 1, 2),), ValueError, r"For 'Squeeze'.*range \[-4, 4\)"),
    ErrorCase(lambda: ops.Squeeze(1.0), (), TypeError, "For 'Squeeze', the 'axis'", prim="Squeeze"),
    ErrorCase(ops.Squeeze(), (3,), TypeError, "must be a Tensor"),
    ErrorCase(ops.Flatten(), (np.array(1.0, np.float32),), ValueError, "For 'Flatten', the rank"),
    ErrorCase(ops.Flatten(), (np.ones(3).tolist(),), TypeError, "For 'Flatten'"),
    ErrorCase(ops.BroadcastTo((2, 2, 4)), (rand(2, 1, 3),), ValueError, r"can not be broadcast to \(2, 2, 4\)"),
    ErrorCase(ops.BroadcastTo((-1, 2, 1, 3)), (rand(2, 1, 3),), ValueError, "For 'BroadcastTo'"),
    ErrorCase(ops.BroadcastTo((4, 3)), (rand(2, 1, 3),), ValueError, "must not exceed"),
    ErrorCase(lambda: ops.BroadcastTo(3), (), TypeError, "'shape' must be a tuple", prim="BroadcastTo"),
    ErrorCase(lambda: ops.BroadcastTo((-2, 3)), (), ValueError, "-1 or non-negative", prim="BroadcastTo"),
    ErrorCase(ops.Tile(), (F32_2x3, (-1, 1)), ValueError, "For 'Tile'.*non-negative"),
    ErrorCase(ops.Tile(), (F32_2x3, (2.0,)), TypeError, "'dims' must be a tuple"),
    ErrorCase(ops.Concat(), ((F32_2x3, I32_2x3),), TypeError, "For 'Concat', the dtype of 'tensors\\[1\\]'"),
    ErrorCase(ops.Concat(), ((F32_2x3, rand(2, 4)),), ValueError, "must match except on axis 0"),
    ErrorCase(ops.Concat(), ((F32_2x3, rand(0)),), ValueError, "same rank"),
    ErrorCase(ops.Concat(), ((np.array(1.0, np.float32), np.array(2.0, np.float32)),), ValueError, "at least 1"),
    ErrorCase(ops.Concat(2), ((F32_2x3, F32_2x3),), ValueError, r"range \[-2, 2\)"),
    ErrorCase(ops.Concat(), ((),), ValueError, "at least one Tensor"),
    ErrorCase(ops.Concat(), (F32_2x3,), TypeError, "tuple or list of Tensors"),
    ErrorCase(lambda: ops.Concat(1.5), (), TypeError, "'axis' must be int", prim="Concat"),
    ErrorCase(ops.Stack(), ((F32_2x3, I32_2x3),), TypeError, "For 'Stack', the dtype"),
    ErrorCase(ops.Stack(), ((F32_2x3, rand(2, 4)),), ValueError, "same shape"),
    ErrorCase(ops.Stack(3), ((F32_2x3, F32_2x3),), ValueError, r"range \[-3, 3\)"),
    ErrorCase(ops.Stack(), ((),), ValueError, "at least one Tensor"),
    ErrorCase(ops.Unstack(), (np.array(1.0, np.float32),), ValueError, "For 'Unstack', the rank"),
    ErrorCase(ops.Unstack(2), (F32_2x3,), ValueError, r"range \[-2, 2\)"),
    ErrorCase(lambda: ops.Unstack(1.0), (), TypeError, "'axis' must be int", prim="Unstack"),
    ErrorCase(lambda: ops.Unstack(0, 0), (), ValueError, "'num' must be a positive int", prim="Unstack"),
    ErrorCase(ops.Split(1, 4), (rand(4, 6),), ValueError, "divisible by 'output_num' 4"),
    ErrorCase(ops.Split(2, 2), (rand(4, 6),), ValueError, r"range \[-2, 2\)"),
    ErrorCase(ops.Split(), (np.array(1.0, np.float32),), ValueError, "rank"),
    ErrorCase(lambda: ops.Split(0, 0), (), ValueError, "'output_num' must be a positive int", prim="Split"),
    ErrorCase(lambda: ops.Split(0.0), (), TypeError, "'axis' must be int", prim="Split"),
    ErrorCase(ops.SplitV((1, 2, 2), 1, 3), (rand(4, 6),), ValueError, "must add up"),
    ErrorCase(ops.SplitV((1, -1, 7), 1, 3), (rand(4, 6),), ValueError, "must add up"),
    ErrorCase(ops.SplitV((3, 3), 2, 2), (rand(4, 6),), ValueError, "split_dim"),
    ErrorCase(lambda: ops.SplitV((-1, -1), 1, 2), (), ValueError, "at most one -1", prim="SplitV"),
    ErrorCase(lambda: ops.SplitV((1, 2, 3), 1, 2), (), ValueError, "'num_split' must equal", prim="SplitV"),
    ErrorCase(lambda: ops.SplitV(3, 1, 1), (), TypeError, "'size_splits' must be a tuple", prim="SplitV"),
    ErrorCase(ops.Meshgrid(), ((rand(2), rand(3, dtype=i32)),), TypeError, "For 'Meshgrid', the dtype"),
    ErrorCase(ops.Meshgrid(), ((rand(2), rand(3, 2)),), ValueError, "1-D"),
    ErrorCase(lambda: ops.Meshgrid("xx"), (), ValueError, "'indexing' must be 'xy' or 'ij'", prim="Meshgrid"),
    ErrorCase(lambda: ops.Meshgrid(1), (), TypeError, "'indexing' must be str", prim="Meshgrid"),
    ErrorCase(ops.Pad(((1, 0), (1, 0))), (X234,), ValueError, "For 'Pad', the length of 'paddings'"),
    ErrorCase(ops.Pad(((1, 0),)), (np.array(1.0, np.float32),), ValueError, "For 'Pad'"),
    ErrorCase(lambda: ops.Pad(((0, -1),)), (), ValueError, "non-negative", prim="Pad"),
    ErrorCase(lambda: ops.Pad((0, 1)), (), TypeError, "int pairs", prim="Pad"),
    ErrorCase(ops.PadV3(), (X234, (1, 2, 3)), ValueError, "For 'PadV3', 'paddings' must hold"),
    ErrorCase(ops.PadV3(), (X234, (1,) * 8), ValueError, "at most 3 axes"),
    ErrorCase(ops.PadV3(), (rand(1, 3), (-4, 0)), ValueError, "below size 0"),
    ErrorCase(ops.PadV3("reflect"), (rand(1, 3, 4), (4, 1)), ValueError, "at most 3 on each side"),
    ErrorCase(ops.PadV3("circular"), (rand(1, 3, 4), (5, 0)), ValueError, "at most 4"),
    ErrorCase(ops.PadV3("edge"), (rand(2, 3, 3, 3), (1, 1)), ValueError, "with 1 or 2 more axes"),
    ErrorCase(ops.PadV3("reflect"), (rand(1, 2, 3, dtype=np.bool_), (1, 1)), TypeError, "Bool"),
    ErrorCase(ops.PadV3(), (X234, (1.0, 1)), TypeError, "'paddings' must be a tuple"),
    ErrorCase(lambda: ops.PadV3("replicate"), (), ValueError, "For 'PadV3', the 'mode'", prim="PadV3"),
    ErrorCase(lambda: ops.PadV3(paddings_contiguous=1), (), TypeError, "must be bool", prim="PadV3"),
    ErrorCase(ops.ReverseV2((1, -1)), (F32_2x3,), ValueError, "duplicate"),
    ErrorCase(ops.ReverseV2((2,)), (F32_2x3,), ValueError, r"For 'ReverseV2'.*range \[-2, 2\)"),
    ErrorCase(lambda: ops.ReverseV2(1), (), TypeError, "'axis' must be a tuple", prim="ReverseV2"),
    ErrorCase(ops.Roll(1, 2), (F32_2x3,), ValueError, r"For 'Roll', the 'dims'.*range"),
    ErrorCase(lambda: ops.Roll((1, 2), (0,)), (), ValueError, "same length", prim="Roll"),
    ErrorCase(lambda: ops.Roll((1, 2)), (), ValueError, "single int", prim="Roll"),
    ErrorCase(lambda: ops.Roll(1.0, 0), (), TypeError, "'shifts'", prim="Roll"),
    ErrorCase(ops.RepeatInterleaveInt(), (F32_2x3, -1, 0), ValueError, "non-negative"),
    ErrorCase(ops.RepeatInterleaveInt(), (F32_2x3, 1.5, 0), TypeError, "'repeats' must be int"),
    ErrorCase(ops.RepeatInterleaveInt(), (F32_2x3, 2, 2), ValueError, r"'dim' must be in range \[-2, 2\)"),
    ErrorCase(ops.RepeatInterleaveTensor(), (F32_2x3, (1, 2, 3), 0), ValueError, "one per element"),
    ErrorCase(ops.RepeatInterleaveTensor(), (F32_2x3, (1, -2), 0), ValueError, "non-negative"),
    ErrorCase(ops.RepeatInterleaveTensor(), (F32_2x3, (1.0, 2), 0), TypeError, "'repeats' must be a tuple"),
    ErrorCase(ops.Cast(), (F32_2x3, 3), TypeError, "For 'Cast', the 'dtype' must be a mindspore dtype"),
    ErrorCase(ops.Cast(), (F32_2x3, np.int32), TypeError, "For 'Cast', the 'dtype'"),
    ErrorCase(ops.Cast(), (F32_2x3, "int32"), TypeError, "For 'Cast', the 'dtype'"),
    ErrorCase(ops.Cast(), ([1, 2], ms.float32), TypeError, "For 'Cast', the 'input_x'"),
    ErrorCase(ops.Fill(), (1, (2,), 1), TypeError, "For 'Fill', the 'dtype'"),
    ErrorCase(ops.Fill(), (ms.float32, (-1,), 1), ValueError, "non-negative"),
    ErrorCase(ops.Fill(), (ms.float32, (2,), "a"), TypeError, "For 'Fill', the 'value'"),
    ErrorCase(ops.Fill(), (ms.float32, (2,), np.ones(2, np.float32)), ValueError, "single value"),
    ErrorCase(ops.Zeros(), ((-2,), ms.float32), ValueError, "For 'Zeros'.*non-negative"),
    ErrorCase(ops.Zeros(), ((2.0,), ms.float32), TypeError, "For 'Zeros', the 'size'"),
    ErrorCase(ops.Zeros(), ((2,), 3), TypeError, "For 'Zeros', the 'dtype'"),
    ErrorCase(ops.Ones(), ("a",), TypeError, "For 'Ones', the 'size'"),
    ErrorCase(ops.Ones(), ((2, -1),), ValueError, "For 'Ones'.*non-negative"),
    ErrorCase(ops.ZerosLike(), (1.0,), TypeError, "For 'ZerosLike', the 'x' must be a Tensor"),
    ErrorCase(ops.OnesLike(), ([1.0],), TypeError, "For 'OnesLike', the 'x' must be a Tensor"),
    ErrorCase(ops.Range(), (0, 10, 0), ValueError, "'delta' must not be 0"),
    ErrorCase(ops.Range(), (0, 10, -1), ValueError, "sign of 'delta'"),
    ErrorCase(ops.Range(), (0, 1.0, 0.25), TypeError, "all ints or all floats"),
    ErrorCase(ops.Range(), (True, 3, 1), TypeError, "For 'Range', the 'start'"),
    ErrorCase(ops.Range(), (np.array(0, np.bool_), 3, 1), TypeError, "int or float Tensor"),
    ErrorCase(lambda: ops.Range(0), (), ValueError, "'maxlen' must be a positive int", prim="Range"),
    ErrorCase(ops.LinSpace(), (np.array(1, i64), np.array(10, i64), 4), TypeError, "Float32 or Float64"),
    ErrorCase(ops.LinSpace(), (np.array([1.0], np.float32), np.array(10.0, np.float32), 4), ValueError, "0-d"),
    ErrorCase(ops.LinSpace(), (np.array(1.0, np.float32), np.array(10.0, np.float32), 0), ValueError,
              "'num' must be a positive int"),
    ErrorCase(ops.LinSpace(), (np.array(1.0, np.float32), np.array(10.0, f64), 4), TypeError, "same dtype"),
    ErrorCase(ops.LinSpace(), (np.array(1.0, np.float32), np.array(10.0, np.float32), 4.0), TypeError, "'num'"),
    ErrorCase(ops.Eye(), (-1, 2, ms.float32), ValueError, "For 'Eye', the 'n' must be a non-negative int"),
    ErrorCase(ops.Eye(), (2.0, 2, ms.float32), TypeError, "For 'Eye', the 'n' must be int"),
    ErrorCase(ops.Eye(), (2, 2, 3), TypeError, "For 'Eye', the 'dtype'"),
    ErrorCase(ops.OneHot(), (np.array([0.0, 1.0]), 3, ON, OFF), TypeError, "Int32 or Int64"),
    ErrorCase(ops.OneHot(), (np.array([0, 1], np.uint8), 3, ON, OFF), TypeError, "Int32 or Int64"),
    ErrorCase(ops.OneHot(2), (INDICES, 3, ON, OFF), ValueError, r"For 'OneHot', the 'axis' must be in range \[-1, 1\]"),
    ErrorCase(ops.OneHot(), (INDICES, -1, ON, OFF), ValueError, "'depth' must be a non-negative int"),
    ErrorCase(ops.OneHot(), (INDICES, 3.0, ON, OFF), TypeError, "'depth' must be int"),
    ErrorCase(ops.OneHot(), (INDICES, 3, ON, np.array(0, i32)), TypeError, "the dtype of 'off_value'"),
    ErrorCase(lambda: ops.OneHot(-2), (), ValueError, "For 'OneHot', the 'axis'", prim="OneHot"),
    ErrorCase(ops.Shape(), (3,), TypeError, "For 'Shape', the 'x' must be a Tensor"),
    ErrorCase(ops.Rank(), (3,), TypeError, "For 'Rank', the 'x' must be a Tensor"),
    ErrorCase(ops.Size(), ([1, 2],), TypeError, "For 'Size', the 'x' must be a Tensor"),
    ErrorCase(ops.DType(), (3.0,), TypeError, "For 'DType', the 'x' must be a Tensor"),
    # ---- gradients of array primitives
    ErrorCase(PadV3Grad(), ([1.0], (1, 1)), TypeError, "For 'PadV3Grad', the 'x' must be a Tensor"),
    ErrorCase(PadV3Grad(), (X234, (1, 2, 3)), ValueError, "For 'PadV3Grad', 'paddings' must hold"),
    ErrorCase(PadV3Grad(), (X234, (1.0, 1)), TypeError, "'paddings' must be a tuple"),
    ErrorCase(PadV3Grad(), (rand(1, 2, 3), (2, 2)), ValueError, "can not be the gradient"),
    ErrorCase(PadV3Grad(), (rand(1, 2, 8), (4, 1)), ValueError, "at most 2 on each side"),
    ErrorCase(PadV3Grad("edge"), (rand(2, 3, 3, 3), (1, 1)), ValueError, "with 1 or 2 more axes"),
    ErrorCase(PadV3Grad(), (rand(1, 2, 5, dtype=np.bool_), (1, 1)), TypeError, "Bool"),
    ErrorCase(lambda: PadV3Grad("constant"), (), ValueError, "For 'PadV3Grad', the 'mode'", prim="PadV3Grad"),
    ErrorCase(lambda: PadV3Grad(paddings_contiguous=1), (), TypeError, "must be bool", prim="PadV3Grad"),
    ErrorCase(RepeatInterleaveGrad(), (F32_2x3, (1, 1), 1), ValueError, "must add up"),
    ErrorCase(RepeatInterleaveGrad(), (F32_2x3, 2, 1), ValueError, "single repeat count must be positive and divide"),
    ErrorCase(RepeatInterleaveGrad(), (F32_2x3, 0, 1), ValueError, "single repeat count"),
    ErrorCase(RepeatInterleaveGrad(), (F32_2x3, (2, -1, 2), 1), ValueError, "non-negative"),
    ErrorCase(RepeatInterleaveGrad(), (F32_2x3, 1.5, 1), TypeError, "'repeats' must be"),
    ErrorCase(RepeatInterleaveGrad(), (F32_2x3, 1, 2), ValueError, r"'dim' must be in range \[-2, 2\)"),
    ErrorCase(RepeatInterleaveGrad(), (F32_2x3, 1, None), TypeError, "'dim' must be int"),
    ErrorCase(RepeatInterleaveGrad(), (np.array(1.0, np.float32), 1, 0), ValueError, "rank of 'input'"),
    # ---- triangles and diagonals
    ErrorCase(ops.Tril(), (rand(3),), ValueError, "For 'Tril', the rank of 'x' must be at least 2"),
    ErrorCase(lambda: ops.Tril(1.0), (), TypeError, "For 'Tril', the 'diagonal'", prim="Tril"),
    ErrorCase(ops.Triu(), ([1.0],), TypeError, "For 'Triu', the 'x' must be a Tensor"),
    ErrorCase(ops.Diag(), (np.array(1.0, np.float32),), ValueError, "For 'Diag', the rank of 'input_x'"),
    ErrorCase(ops.Diag(), ([1.0],), TypeError, "For 'Diag', the 'input_x' must be a Tensor"),
    ErrorCase(ops.DiagPart(), (F32_2x3,), ValueError, r"For 'DiagPart', the shape of 'input_x' must be S \+ S"),
    ErrorCase(ops.DiagPart(), (rand(3),), ValueError, "For 'DiagPart'"),
    ErrorCase(lambda: ops.TrilIndices(-3, 4), (), ValueError, "For 'TrilIndices', the 'row'", prim="TrilIndices"),
    ErrorCase(lambda: ops.TrilIndices(3, 4, 0, ms.float32), (), TypeError, "For 'TrilIndices', the 'dtype'",
              prim="TrilIndices"),
    ErrorCase(lambda: ops.TriuIndices(3, 4.0), (), TypeError, "For 'TriuIndices', the 'col'", prim="TriuIndices"),
    ErrorCase(ops.diagonal, (F32_2x3, 0, 1, 1), ValueError, "For 'diagonal', 'dim1' and 'dim2' must be different"),
    ErrorCase(ops.diagonal, (rand(3),), ValueError, "For 'diagonal', the 'input' must have at least 2"),
    ErrorCase(ops.diagonal, (F32_2x3, 0, 0, 2), ValueError, r"For 'diagonal'.*range \[-2, 2\)"),
    ErrorCase(ops.diag_embed, (F32_2x3, 0.5), TypeError, "For 'diag_embed', the 'offset'"),
    ErrorCase(ops.diag_embed, (F32_2x3, 0, 0, 3), ValueError, r"For 'diag_embed'.*range \[-3, 3\)"),
    ErrorCase(ops.diagflat, ([1.0],), TypeError, "For 'diagflat', the 'input' must be a Tensor"),
    ErrorCase(ops.diagonal_scatter, (rand(3, 4), rand(2), 1), ValueError,
              r"For 'diagonal_scatter', the shape of 'src' must be the shape of the diagonal \(3,\)"),
    ErrorCase(ops.diagonal_scatter, (rand(3), rand(1)), ValueError, "For 'diagonal_scatter', the 'input' must have"),
    # ---- blocks and sequences
    ErrorCase(ops.ReverseSequence(1), (rand(3, 3), np.array([1, 4, 0], i32)), ValueError,
              r"For 'ReverseSequence', every value of 'seq_lengths' must be in \[0, 3\]"),
    ErrorCase(ops.ReverseSequence(1, 1), (rand(3, 3), np.array([1, 2, 0], i32)), ValueError,
              "For 'ReverseSequence', the 'batch_dim' must differ"),
    ErrorCase(ops.ReverseSequence(1), (rand(3, 3), np.array([1, 2], i32)), ValueError,
              r"For 'ReverseSequence', the 'seq_lengths' must have shape \(3,\)"),
    ErrorCase(ops.ReverseSequence(1), (rand(3, 3), np.array([1.0, 2.0, 0.0], np.float32)), TypeError,
              "For 'ReverseSequence', the dtype of 'seq_lengths'"),
    ErrorCase(lambda: ops.ReverseSequence(1.0), (), TypeError, "For 'ReverseSequence', the 'seq_dim'",
              prim="ReverseSequence"),
    ErrorCase(ops.SpaceToBatchND((2, 2), ((0, 0), (0, 0))), (rand(1, 1, 3, 4),), ValueError,
              "For 'SpaceToBatchND', the padded spatial shape"),
    ErrorCase(ops.SpaceToBatchND((2, 2), ((0, 0), (0, 0))), (rand(2, 2),), ValueError,
              "For 'SpaceToBatchND', the rank of 'input_x'"),
    ErrorCase(lambda: ops.SpaceToBatchND((2, 2), ((0, 0),)), (), ValueError,
              "For 'SpaceToBatchND', the 'paddings' must be 2 pairs", prim="SpaceToBatchND"),
    ErrorCase(lambda: ops.SpaceToBatchND((0,), ((0, 0),)), (), ValueError,
              "For 'SpaceToBatchND', every value of 'block_shape'", prim="SpaceToBatchND"),
    ErrorCase(ops.BatchToSpaceND((2, 2), ((0, 0), (0, 0))), (rand(3, 1, 3, 4),), ValueError,
              "For 'BatchToSpaceND', the first dimension of 'input_x' 3 must be divisible"),
    ErrorCase(ops.BatchToSpaceND((2,), ((3, 2),)), (rand(2, 1, 2),), ValueError, "For 'BatchToSpaceND', the 'crops'"),
    ErrorCase(lambda: ops.BatchToSpaceND((2,), ((-1, 0),)), (), ValueError, "For 'BatchToSpaceND', the 'crops'",
              prim="BatchToSpaceND"),
    ErrorCase(ops.BatchToSpaceNDV2(), (rand(3, 1, 2, 2), np.array([2, 2], i32), np.array([[0, 0], [0, 0]], i32)),
              ValueError, "For 'BatchToSpaceND', the first dimension"),
    ErrorCase(ops.BatchToSpaceNDV2(), (rand(4, 1, 2, 2), np.array([2, 2], i32), np.array([[0, 0]], i32)),
              ValueError, "For 'BatchToSpaceNDV2', the 'crops' must be 2 pairs"),
    ErrorCase(ops.BatchToSpaceNDV2(), (rand(4, 1, 2, 2), (2, 2), np.array([[0, 0], [0, 0]], i32)),
              TypeError, "For 'BatchToSpaceNDV2', the 'block_shape' must be a Tensor"),
    ErrorCase(ops.SpaceToDepth(2), (rand(1, 1, 3, 4),), ValueError, "For 'SpaceToDepth', the height and width"),
    ErrorCase(ops.SpaceToDepth(2), (rand(1, 4, 4),), ValueError, r"For 'SpaceToDepth', the 'x' must be 4-D"),
    ErrorCase(lambda: ops.SpaceToDepth(1), (), ValueError, "For 'SpaceToDepth', the 'block_size'", prim="SpaceToDepth"),
    ErrorCase(ops.DepthToSpace(2), (rand(1, 6, 2, 2),), ValueError, "For 'DepthToSpace', the channels of 'x'"),
    ErrorCase(lambda: ops.DepthToSpace(2, "NHWC"), (), ValueError, "For 'DepthToSpace', the 'data_format'",
              prim="DepthToSpace"),
    ErrorCase(ops.Expand(), (rand(2, 3), np.array([3, 3], i32)), ValueError, "For 'BroadcastTo'"),
    ErrorCase(ops.Expand(), (rand(2, 3), (2, 3)), TypeError, "For 'Expand', the 'shape' must be a Tensor"),
    ErrorCase(ops.InvertPermutation(), ((0, 2, 2),), ValueError,
              "For 'InvertPermutation', the 'input_x' must be a permutation"),
    ErrorCase(ops.InvertPermutation(), ((0, 1.0),), TypeError, "For 'InvertPermutation', the 'input_x'"),
    ErrorCase(ops.UnravelIndex(), (np.array([42], i32), np.array([7, 6], i32)), ValueError,
              r"For 'UnravelIndex', every value of 'indices' must be in \[0, 42\)"),
    ErrorCase(ops.UnravelIndex(), (np.array([1], i32), np.array([7, 6], i64)), TypeError, "For 'UnravelIndex'"),
    ErrorCase(ops.UnravelIndex(), (np.array([[1]], i32), np.array([7, 6], i32)), ValueError, "For 'UnravelIndex'"),
    ErrorCase(ops.SpaceToBatch(2, ((0, 0), (0, 0))), (rand(2, 2, 2),), ValueError,
              "For 'SpaceToBatch', the 'input_x' must be 4-D"),
    ErrorCase(lambda: ops.SpaceToBatch(1, ((0, 0), (0, 0))), (), ValueError, "For 'SpaceToBatch', the 'block_size'",
              prim="SpaceToBatch"),
    ErrorCase(ops.BatchToSpace(2, ((0, 0), (0, 0))), (rand(3, 1, 1, 1),), ValueError, "For 'BatchToSpace'"),
    ErrorCase(lambda: ops.BatchToSpace(2.0, ((0, 0), (0, 0))), (), TypeError, "For 'BatchToSpace', the 'block_size'",
              prim="BatchToSpace"),
    ErrorCase(ops.FillDiagonal(1.0), (rand(3),), ValueError, "For 'FillDiagonal', the rank of 'input_x'"),
    ErrorCase(ops.FillDiagonal(1.0), (rand(2, 3, 2),), ValueError, "For 'FillDiagonal'.*same size"),
    ErrorCase(lambda: ops.FillDiagonal("a"), (), TypeError, "For 'FillDiagonal', the 'fill_value'",
              prim="FillDiagonal"),
    ErrorCase(ops.FillV2(), ((2, 3), np.array([1.5], np.float32)), ValueError,
              "For 'FillV2', the 'value' must be a 0-d"),
    ErrorCase(ops.FillV2(), ((2, -3), np.array(1.5, np.float32)), ValueError, "For 'FillV2'"),
    ErrorCase(ops.FillV2(), ((2, 3), 1.5), TypeError, "For 'FillV2', the 'value' must be a Tensor"),
    ErrorCase(ops.ParallelConcat(), ([rand(1, 2), rand(1, 3)],), ValueError, "For 'ParallelConcat', all the 'values'"),
    ErrorCase(ops.ParallelConcat(), ([rand(1, 2), rand(1, 2, dtype=f64)],), TypeError, "For 'ParallelConcat'"),
    ErrorCase(ops.MirrorPad(), (rand(3, 4), np.array([[3, 0], [0, 0]], i64)), ValueError,
              "For 'MirrorPad', in mode 'REFLECT' the paddings of axis 0 must be at most 2"),
    ErrorCase(ops.MirrorPad(), (rand(3, 4), np.array([[1, 0]], i64)), ValueError, "For 'MirrorPad', the 'paddings'"),
    ErrorCase(lambda: ops.MirrorPad("EDGE"), (), ValueError, "For 'MirrorPad', the 'mode'", prim="MirrorPad"),
    ErrorCase(ops.Padding(), (rand(2, 2),), ValueError, "For 'Padding', the last dimension of 'x' must be 1"),
    ErrorCase(ops.Padding(), (rand(2),), ValueError, "For 'Padding', the rank of 'x'"),
    ErrorCase(lambda: ops.Padding(0), (), ValueError, "For 'Padding', the 'pad_dim_size'", prim="Padding"),
    ErrorCase(ops.TensorShape(), ([1, 2],), TypeError, "For 'TensorShape', the 'input_x' must be a Tensor"),
    ErrorCase(ops.IdentityN(), (rand(2),), TypeError, "For 'IdentityN', the 'x' must be a non-empty tuple"),
    ErrorCase(ops.IdentityN(), ([rand(2), 1.0],), TypeError, r"For 'IdentityN', the 'x\[1\]' must be a Tensor"),
    ErrorCase(ops.TupleToArray(), ((1, "a"),), TypeError, "For 'TupleToArray', the 'input_x'"),
    ErrorCase(ops.TupleToArray(), ((),), TypeError, "For 'TupleToArray', the 'input_x'"),
    ErrorCase(ops.type_as, (X234, 1), TypeError, "For 'type_as', the 'other' must be a Tensor"),
    ErrorCase(ops.ScalarToTensor(), ("a",), TypeError, "For 'ScalarToTensor', the 'input_x'"),
    ErrorCase(ops.ScalarToTensor(), (1, "float32"), TypeError, "For 'ScalarToTensor', the 'dtype'"),
    ErrorCase(ops.ScalarCast(), (1, ms.int32), ValueError, "For 'ScalarCast', the 'input_y'"),
    ErrorCase(ops.ScalarCast(), ("1", ms.int64), TypeError, "For 'ScalarCast', the 'input_x'"),
    ErrorCase(ops.RaggedRange(ms.int32), (np.array([1], i32), np.array([3], i32), np.array([0], i32)), ValueError,
              "For 'RaggedRange', every value of 'deltas' must be nonzero"),
    ErrorCase(ops.RaggedRange(ms.int32), (np.array([1], i32), np.array([3], i64), np.array([1], i32)), TypeError,
              "For 'RaggedRange'"),
    ErrorCase(ops.RaggedRange(ms.int32), (np.array([1, 2], i32), np.array([3, 4, 5], i32), np.array(1, i32)),
              ValueError, "For 'RaggedRange', 'starts', 'limits' and 'deltas' must be"),
    ErrorCase(lambda: ops.RaggedRange(ms.float32), (), TypeError, "For 'RaggedRange', the 'Tsplits'",
              prim="RaggedRange"),
    ErrorCase(ops.TransposeExtView(), (X234, 0, 3), ValueError, r"For 'TransposeExtView'.*range \[-3, 3\)"),
    ErrorCase(ops.TransposeExtView(), ([1.0], 0, 0), TypeError, "For 'TransposeExtView', the 'input' must be"),
    ErrorCase(ops.DataFormatDimMap(), (np.array([0.0], np.float32),), TypeError, "For 'DataFormatDimMap', the dtype"),
    ErrorCase(lambda: ops.DataFormatDimMap("NHWC", "NCHX"), (), ValueError, "For 'DataFormatDimMap', the 'dst_format'",
              prim="DataFormatDimMap"),
    ErrorCase(ops.DataFormatVecPermute(), (np.array([1, 2, 3], i32),), ValueError,
              r"For 'DataFormatVecPermute', the 'input_x' must have shape \(4,\)"),
]


GRAPH_CONSTANT_INPUTS = {
    "LinSpace[(),(),()]": VALUE_DEPENDENT_SHAPE,
    "Ones[(2,),Bool]": VALUE_DEPENDENT_SHAPE,
    "PadV3Grad[(1, 3, 7),(2,)]": VALUE_DEPENDENT_SHAPE,
    "Range[(),(),()]": VALUE_DEPENDENT_SHAPE,
    "RepeatInterleaveGrad[(2, 6),(3,),int]": VALUE_DEPENDENT_SHAPE,
    "RepeatInterleaveGrad[(4, 3),(1,),int]": VALUE_DEPENDENT_SHAPE,
    "RepeatInterleaveTensor[(2, 3),(3,),int]": VALUE_DEPENDENT_SHAPE,
    "Reshape[(2, 3, 4),(2,)]": VALUE_DEPENDENT_SHAPE,
}


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)


def _t(array):
    return ms.Tensor(array)


def _assert_equal(got, want, dtype=None):
    np.testing.assert_array_equal(got.asnumpy(), want)
    assert got.shape == np.shape(want)
    if dtype is not None:
        assert got.dtype == dtype


# ---- the seed tutorial's uses ------------------------------------------------------------------
def test_seed_transpose_and_pad():
    data = np.empty((1, 2, 3, 4)).astype(np.float32)
    assert ops.Transpose()(ms.Tensor(data), (3, 2, 1, 0)).shape == (4, 3, 2, 1)
    data = np.arange(9).reshape(1, 1, 3, 3).astype(np.float32)
    padded = ops.Pad(((0, 0), (0, 0), (1, 0), (1, 0)))(ms.Tensor(data))
    _assert_equal(padded, np.pad(data, ((0, 0), (0, 0), (1, 0), (1, 0))), ms.float32)


# ---- functional API ---------------------------------------------------------------------------
def test_shape_functions():
    x = rand(2, 3, 4)
    _assert_equal(ops.permute(_t(x), (2, 0, 1)), x.transpose(2, 0, 1))
    _assert_equal(ops.unsqueeze(_t(x), 3), x[..., None])
    _assert_equal(ops.expand_dims(_t(x), -1), x[..., None])
    _assert_equal(ops.swapaxes(_t(x), 0, 2), x.swapaxes(0, 2))
    _assert_equal(ops.movedim(_t(x), 0, 2), np.moveaxis(x, 0, 2))
    _assert_equal(ops.movedim(_t(x), (0, 1), (2, 0)), np.moveaxis(x, (0, 1), (2, 0)))
    y = rand(1, 3, 1)
    _assert_equal(ops.squeeze(_t(y)), y.squeeze())
    _assert_equal(ops.cat((_t(x), _t(x)), 1), np.concatenate((x, x), 1))
    column = rand(3, 1)
    _assert_equal(ops.broadcast_to(_t(column), (-1, 4)), np.broadcast_to(column, (3, 4)))


def test_flatten_function():
    x = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    _assert_equal(ops.flatten(_t(x)), x.reshape(2, 12))
    _assert_equal(ops.flatten(_t(x), "F"), x.transpose(2, 1, 0).reshape(4, 6))
    _assert_equal(ops.flatten(_t(x), start_dim=0), x.reshape(24))
    _assert_equal(ops.flatten(_t(x), start_dim=0, end_dim=1), x.reshape(6, 4))
    _assert_equal(ops.flatten(_t(x), start_dim=-1), x)
    _assert_equal(ops.flatten(_t(np.ones(5))), np.ones(5))
    _assert_equal(ops.flatten(_t(np.array(1.0, np.float32))), np.ones(1, np.float32))
    with pytest.raises(ValueError, match="'order' must be 'C' or 'F'"):
        ops.flatten(_t(x), "A")
    with pytest.raises(ValueError, match="must not come after"):
        ops.flatten(_t(x), start_dim=2, end_dim=1)
    with pytest.raises(ValueError, match="'start_dim' must be in range"):
        ops.flatten(_t(x), start_dim=3)
    with pytest.raises(TypeError, match="'start_dim' must be int"):
        ops.flatten(_t(x), start_dim=1.0)


def test_split_and_chunk():
    x = rand(4, 6)
    assert [p.shape for p in ops.split(_t(x), 4, 1)] == [(4, 4), (4, 2)]
    assert [p.shape for p in ops.split(_t(x), 2)] == [(2, 6), (2, 6)]
    assert [p.shape for p in ops.split(_t(x), 10, 1)] == [(4, 6)]
    assert [p.shape for p in ops.split(_t(x), (1, 2, 3), 1)] == [(4, 1), (4, 2), (4, 3)]
    assert [p.shape for p in ops.split(_t(x), [0, 6], 1)] == [(4, 0), (4, 6)]
    parts = ops.split(_t(x), [1, 5], -1)
    _assert_equal(parts[1], x[:, 1:])
    assert isinstance(parts, tuple)
    assert [p.shape for p in ops.chunk(_t(x), 4, 1)] == [(4, 2)] * 3
    assert [p.shape for p in ops.chunk(_t(x), 7, 1)] == [(4, 1)] * 6
    assert [p.shape for p in ops.chunk(_t(rand(0, 2)), 3)] == [(0, 2)]
    assert [p.shape for p in ops.unbind(_t(x), 1)] == [(4,)] * 6
    with pytest.raises(ValueError, match="add up"):
        ops.split(_t(x), [1, 2], 1)
    with pytest.raises(ValueError, match="'split_size_or_sections' must be a positive int"):
        ops.split(_t(x), 0, 1)
    with pytest.raises(TypeError, match="'split_size_or_sections' must be int"):
        ops.split(_t(x), 2.0, 1)
    with pytest.raises(ValueError, match="non-negative"):
        ops.split(_t(x), [-1, 7], 1)
    with pytest.raises(ValueError, match="For 'split', the 'axis'"):
        ops.split(_t(x), 2, 2)
    with pytest.raises(ValueError, match="'chunks' must be a positive int"):
        ops.chunk(_t(x), 0, 1)
    with pytest.raises(ValueError, match="at least 1 dimension"):
        ops.chunk(_t(np.array(1.0)), 2)


def test_pad_function():
    x = np.arange(12, dtype=np.float32).reshape(1, 3, 4)
    _assert_equal(ops.pad(_t(x), (1, 2)), np.pad(x, _np_pad((1, 2), 3)))
    _assert_equal(ops.pad(_t(x), [1, 2, 0, 1], value=5.0), np.pad(x, _np_pad((1, 2, 0, 1), 3), constant_values=5))
    _assert_equal(ops.pad(_t(x), (-1, 2)), np.pad(x[..., 1:], _np_pad((0, 2), 3)))
    _assert_equal(ops.pad(_t(x), ()), x)
    _assert_equal(ops.pad(_t(x), (2, 1), mode="reflect"), np.pad(x, _np_pad((2, 1), 3), mode="reflect"))
    _assert_equal(ops.pad(_t(x), (2, 1, 1, 2), mode="replicate"), np.pad(x, _np_pad((2, 1, 1, 2), 3), mode="edge"))
    _assert_equal(ops.pad(_t(x), (2, 1, 1, 0), mode="circular"), np.pad(x, _np_pad((2, 1, 1, 0), 3), mode="wrap"))
    # an input without batch axis: the padded axes plus one
    y = x.reshape(3, 4)
    _assert_equal(ops.pad(_t(y), (1, 1), mode="reflect"), np.pad(y, _np_pad((1, 1), 2), mode="reflect"))
    _assert_equal(ops.pad(_t(np.arange(3, dtype=i32)), (1, 1), value=2), np.array([2, 0, 1, 2, 2], i32))
    with pytest.raises(ValueError, match="divisible|pairs"):
        ops.pad(_t(x), (1, 2, 3))
    with pytest.raises(ValueError, match="'value' must be None"):
        ops.pad(_t(x), (1, 1), mode="reflect", value=2.0)
    with pytest.raises(ValueError, match="'mode'"):
        ops.pad(_t(x), (1, 1), mode="zeros")
    with pytest.raises(ValueError, match="1 or 2 more axes"):
        ops.pad(_t(np.ones(4, np.float32)), (1, 1), mode="reflect")


def test_flip_roll_repeat_interleave_functions():
    x = rand(2, 3, 4)
    _assert_equal(ops.fliplr(_t(x)), np.flip(x, 1))
    _assert_equal(ops.flipud(_t(x)), np.flip(x, 0))
    _assert_equal(ops.roll(_t(x), (1, 1), [0, 1]), np.roll(x, (1, 1), (0, 1)))
    _assert_equal(ops.repeat_interleave(_t(x), _t(np.array([1, 2])), 0), np.repeat(x, [1, 2], 0))
    _assert_equal(ops.repeat_interleave(_t(x), [2], 0), np.repeat(x, 2, 0))
    _assert_equal(ops.repeat_interleave(_t(x), _t(np.array(2)), 0), np.repeat(x, 2, 0))
    with pytest.raises(TypeError):
        ops.flip(_t(x), 1)


def test_creation_functions():
    _assert_equal(ops.full((2, 3), 1.5), np.ones((2, 3), i64), ms.int64)  # MindSpore 2.7: Int64 by default
    _assert_equal(ops.full([2], 1.5, dtype=ms.float32), np.full(2, 1.5, np.float32), ms.float32)
    _assert_equal(ops.full((2,), _t(np.array(2.5, np.float32))), np.full(2, 2, i64))
    _assert_equal(ops.full_like(_t(np.ones((2, 3), i32)), 1.7), np.ones((2, 3), i32), ms.int32)
    _assert_equal(ops.full_like(_t(np.ones(2, i32)), 1.5, dtype=ms.float32), np.full(2, 1.5, np.float32))
    _assert_equal(ops.zeros_like(_t(np.ones(2, i32)), dtype=ms.float32), np.zeros(2, np.float32), ms.float32)
    _assert_equal(ops.ones_like(_t(np.ones(2, i32)), dtype=ms.float64), np.ones(2), ms.float64)
    _assert_equal(ops.zeros(2, ms.int32), np.zeros(2, i32), ms.int32)
    _assert_equal(ops.eye(2, 3, ms.int32), np.eye(2, 3, dtype=i32), ms.int32)
    _assert_equal(ops.eye(2, None, ms.int32), np.eye(2, dtype=i32), ms.int32)
    _assert_equal(ops.one_hot(_t(np.array([0, 2], i32)), 3, 1.0, 0.0), np.eye(3, dtype=np.float32)[[0, 2]])
    _assert_equal(ops.one_hot(_t(np.array([0, 2], i32)), 3, 1, 0, 0), np.eye(3, dtype=i64)[[0, 2]].T, ms.int64)
    _assert_equal(ops.fill(ms.float32, (2,), 3), np.full(2, 3, np.float32))
    with pytest.raises(TypeError, match="'size' must be a tuple or list"):
        ops.full(3, 2)


def test_arange_and_range():
    _assert_equal(ops.arange(5), np.arange(5), ms.int64)
    _assert_equal(ops.arange(5.0), np.arange(5, dtype=np.float32), ms.float32)
    _assert_equal(ops.arange(1, 5), np.arange(1, 5), ms.int64)
    np.testing.assert_allclose(ops.arange(1, 5, 0.5).asnumpy(), np.arange(1, 5, 0.5))
    _assert_equal(ops.arange(5, 1, -1), np.arange(5, 1, -1))
    _assert_equal(ops.arange(1, 5, dtype=ms.float32), np.arange(1, 5, dtype=np.float32), ms.float32)
    _assert_equal(ops.arange(0.5, 5, dtype=ms.int32), np.arange(5, dtype=i32), ms.int32)
    _assert_equal(ops.arange(_t(np.array(5, i32))), np.arange(5), ms.int64)
    _assert_equal(ops.arange(_t(np.array(3.0))), np.arange(3, dtype=np.float32), ms.float32)
    with pytest.raises(ValueError, match="sign of 'delta'"):
        ops.arange(5, 1, 1)
    with pytest.raises(ValueError, match="must not be 0"):
        ops.arange(0, 5, 0)
    with pytest.raises(TypeError, match="For 'arange'"):
        ops.arange("a")
    with pytest.raises(TypeError, match="For 'arange'"):
        ops.arange(_t(np.array(5, f16)))
    with pytest.raises(ValueError, match="0-d"):
        ops.arange(_t(np.array([5])))
    with pytest.raises(TypeError, match="all ints or all floats"):
        ops.range(0.5, 3, 1)


def test_metadata_values_are_python_values():
    x = _t(rand(2, 3))
    assert ops.shape(x) == (2, 3) and type(ops.shape(x)) is tuple
    assert ops.rank(x) == 2 and type(ops.rank(x)) is int
    assert ops.size(x) == 6 and type(ops.size(x)) is int
    assert ops.dtype(x) is ms.float32


# ---- Tensor methods ---------------------------------------------------------------------------
def test_reshape_and_view_methods():
    x = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    t = _t(x)
    for got in (t.reshape(4, 6), t.reshape((4, 6)), t.reshape([4, -1]), t.reshape(shape=(4, 6)), t.view(4, 6),
                t.view((4, -1)), t.view_as(_t(np.ones((4, 6)))), t.reshape_as(_t(np.ones((4, 6))))):
        _assert_equal(got, x.reshape(4, 6))
    _assert_equal(t.reshape(24), x.ravel())
    _assert_equal(t.ravel(), x.ravel())
    _assert_equal(_t(np.array(1.0)).ravel(), np.ones(1))
    with pytest.raises(ValueError, match="Reshape"):
        t.reshape(5, 5)


def test_transpose_permute_and_T():
    x = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    t = _t(x)
    _assert_equal(t.transpose(), x.transpose())
    _assert_equal(t.transpose(0, 2), x.swapaxes(0, 2))  # two ints: the (dim0, dim1) overload
    _assert_equal(t.transpose(2, 0, 1), x.transpose(2, 0, 1))
    _assert_equal(t.transpose((2, 0, 1)), x.transpose(2, 0, 1))
    _assert_equal(t.transpose(dim0=0, dim1=1), x.swapaxes(0, 1))
    _assert_equal(_t(x[0]).transpose(0, 1), x[0].T)
    _assert_equal(_t(x[0]).transpose((0, 1)), x[0])
    _assert_equal(t.permute(2, 0, 1), x.transpose(2, 0, 1))
    _assert_equal(t.permute([2, 0, 1]), x.transpose(2, 0, 1))
    _assert_equal(t.swapaxes(0, 2), x.swapaxes(0, 2))
    _assert_equal(t.T, x.T)
    _assert_equal(_t(np.array(1.0)).T, np.array(1.0))
    with pytest.raises(ValueError, match="length of 'input_perm'"):
        t.transpose(1)


def test_squeeze_unsqueeze_flatten_methods():
    x = rand(1, 3, 1)
    t = _t(x)
    _assert_equal(t.squeeze(), x.squeeze())
    _assert_equal(t.squeeze(0), x.squeeze(0))
    _assert_equal(t.squeeze((0, 2)), x.squeeze((0, 2)))
    _assert_equal(t.squeeze(axis=1), x)
    _assert_equal(t.expand_dims(0), x[None])
    _assert_equal(t.unsqueeze(dim=-1), x[..., None])
    y = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    _assert_equal(_t(y).flatten(), y.ravel())
    _assert_equal(_t(y).flatten(1), y.reshape(2, 12))
    _assert_equal(_t(y).flatten(0, 1), y.reshape(6, 4))
    _assert_equal(_t(y).flatten("F"), y.ravel(order="F"))
    _assert_equal(_t(y).flatten(start_dim=1), y.reshape(2, 12))
    _assert_equal(_t(np.array(1.0)).flatten(), np.ones(1))


def test_cast_methods():
    x = np.array([0.0, 1.5, -2.5], np.float32)
    t = _t(x)
    assert t.astype(ms.int32).dtype == ms.int32
    assert t.astype("int16").dtype == ms.int16
    assert t.astype(np.float64).dtype == ms.float64
    assert t.astype(int).dtype == ms.int64
    assert t.astype(ms.float32, copy=False) is t
    assert t.astype(ms.float32) is not t
    assert t.to(ms.int32).dtype == ms.int32
    assert t.to(dtype=ms.float16).dtype == ms.float16
    assert t.to(_t(np.ones(1, np.int8))).dtype == ms.int8
    assert t.to("cpu") is t and t.to() is t
    for name, dtype in (("float", ms.float32), ("half", ms.float16), ("double", ms.float64), ("int", ms.int32),
                        ("long", ms.int64), ("bool", ms.bool_), ("bfloat16", ms.bfloat16)):
        assert getattr(t, name)().dtype == dtype
    _assert_equal(t.int(), x.astype(i32))
    _assert_equal(t.bool(), x.astype(bool))
    with pytest.raises(TypeError):
        t.astype("foo")


def test_copy_has_its_own_storage():
    t = _t(np.arange(3, dtype=np.float32))
    c = t.copy()
    _assert_equal(c, t.asnumpy())
    c.asnumpy()[0] = 9
    assert t.asnumpy()[0] == 0


def test_tile_broadcast_expand_repeat_methods():
    x = rand(2, 3)
    t = _t(x)
    _assert_equal(t.tile((2, 1)), np.tile(x, (2, 1)))
    _assert_equal(t.tile(2, 1), np.tile(x, (2, 1)))
    _assert_equal(t.tile(2), np.tile(x, 2))
    row = rand(1, 3)
    for got in (_t(row).broadcast_to((2, 3)), _t(row).broadcast_to(2, 3), _t(row).broadcast_to((2, -1)),
                _t(row).expand(2, 3), _t(row).expand((2, -1)), _t(row).expand(_t(np.array([2, 3]))),
                _t(row).expand_as(t)):
        _assert_equal(got, np.broadcast_to(row, (2, 3)))
    _assert_equal(t.repeat(2, 1), np.tile(x, (2, 1)))
    _assert_equal(t.repeat((2, 1, 3)), np.tile(x, (2, 1, 3)))
    with pytest.raises(RuntimeError, match="Tensor.repeat"):
        t.repeat(2)
    _assert_equal(t.repeat_interleave(2), np.repeat(x, 2))
    _assert_equal(t.repeat_interleave(2, 1), np.repeat(x, 2, 1))
    _assert_equal(t.repeat_interleave([1, 2], dim=0), np.repeat(x, [1, 2], 0))


def test_flip_roll_split_chunk_methods():
    x = rand(4, 6)
    t = _t(x)
    _assert_equal(t.flip((0,)), np.flip(x, 0))
    _assert_equal(t.flip(dims=[1]), np.flip(x, 1))
    _assert_equal(t.roll(1, 0), np.roll(x, 1, 0))
    _assert_equal(t.roll(shifts=2), np.roll(x, 2))
    assert [p.shape for p in t.split(2)] == [(2, 6), (2, 6)]
    assert [p.shape for p in t.split(2, 1)] == [(4, 2)] * 3
    assert [p.shape for p in t.split(2, dim=1)] == [(4, 2)] * 3
    assert [p.shape for p in t.split([1, 5], axis=1)] == [(4, 1), (4, 5)]
    assert [p.shape for p in t.chunk(3, 1)] == [(4, 2)] * 3
    assert [p.shape for p in t.chunk(3, dim=1)] == [(4, 2)] * 3


def test_triangle_and_diagonal_methods():
    x = rand(3, 4)
    t = ms.Tensor(x)
    _assert_equal(t.tril(1), np.tril(x, 1))
    _assert_equal(t.triu(-1), np.triu(x, -1))
    _assert_equal(ms.Tensor(x[0]).diag(), np.diag(x[0]))
    _assert_equal(t.diagflat(1), np.diagflat(x, 1))
    _assert_equal(t.diagonal(1), np.diagonal(x, 1))
    _assert_equal(t.diagonal_scatter(ms.Tensor(x[:, 0])), _np_diagonal_scatter(x, x[:, 0], 0, 0, 1))


def test_fill_diagonal():
    tall = np.zeros((7, 3), np.float32)
    expected = tall.copy()
    np.fill_diagonal(expected, 2.0, wrap=True)
    _assert_equal(ms.Tensor(tall).fill_diagonal(2.0, True), expected)
    cube = ms.Tensor(np.zeros((3, 3, 3), np.float32))
    expected = np.zeros((3, 3, 3), np.float32)
    np.fill_diagonal(expected, 5)
    assert cube.fill_diagonal_(5) is cube
    _assert_equal(cube, expected)
    with pytest.raises(TypeError, match="For 'Tensor.fill_diagonal', the 'fill_value'"):
        ms.Tensor(tall).fill_diagonal(ms.Tensor(1.0))
    with pytest.raises(ValueError, match="same size on all of them"):
        ms.Tensor(np.zeros((3, 4, 3), np.float32)).fill_diagonal(1.0)
    with pytest.raises(ValueError, match="For 'FillDiagonal', the rank of 'input_x' must be at least 2"):
        ms.Tensor(np.zeros(3, np.float32)).fill_diagonal(1.0)
