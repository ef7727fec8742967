"""Convolution, pooling and resizing primitives: forward against NumPy, infer, and bad
input.

The references are direct NumPy float64 computations: convolutions and pools loop over
kernel offsets on explicitly padded inputs, adaptive pools over output cells, resizes
build a resampling matrix per axis from TensorFlow's / PyTorch's coordinate rules.
"""
import math

import numpy as np
import pytest

import spore as ms
from spore import ops
from spore.ops.function import conv_func

from .op_testing import VALUE_DEPENDENT_SHAPE, ErrorCase, OpCase, case_id, rand, run_case, run_error_case

F16 = {"rtol": 1e-2, "atol": 1e-2}
F32 = {"rtol": 1e-4, "atol": 1e-5}


# ---- geometry of the references ------------------------------------------------------------
def same_pads(sizes, kernel, stride, dilation=None):
    """TensorFlow's 'same' padding: output ceil(n / s), the odd element at the end."""
    dilation = dilation or (1,) * len(sizes)
    pads = []
    for n, k, s, d in zip(sizes, kernel, stride, dilation):
        total = max((math.ceil(n / s) - 1) * s + (k - 1) * d + 1 - n, 0)
        pads.append((total // 2, total - total // 2))
    return pads


def out_size(n, k, s, d, begin, end, ceil_mode=False):
    span = n + begin + end - (k - 1) * d - 1
    if not ceil_mode:
        return span // s + 1
    out = -(-span // s) + 1
    return out - 1 if (out - 1) * s >= n + begin else out


def _windows(spatial, kernel, stride, dilation, pads, ceil_mode=False):
    """Output sizes, and per kernel offset the index of the input element each output
    reads, in padded coordinates (may run past the padded end in ceil mode)."""
    outs = [out_size(n, k, s, d, b, e, ceil_mode) for n, k, s, d, (b, e) in
            zip(spatial, kernel, stride, dilation, pads)]
    offsets = []
    for offset in np.ndindex(*kernel):
        offsets.append([np.arange(m) * s + o * d for m, s, o, d in zip(outs, stride, offset, dilation)])
    return outs, offsets


def _pad_to(x, pads, needed, value):
    """x padded by `pads` and, past the end, up to `needed` elements per spatial dim."""
    spatial = x.shape[2:]
    widths = [(0, 0), (0, 0)] + [(b, max(e, m - n - b)) for n, (b, e), m in zip(spatial, pads, needed)]
    return np.pad(x, widths, constant_values=value)


# ---- convolution references ----------------------------------------------------------------
def conv_ref(x, w, stride, dilation, pads, groups=1):
    """Cross-correlation of x (N, C, *S) with w (O, C / groups, *K) over padded x."""
    x = np.pad(x.astype(np.float64), [(0, 0), (0, 0)] + list(pads))
    w = w.astype(np.float64)
    outs, offsets = _windows(x.shape[2:], w.shape[2:], stride, dilation, [(0, 0)] * (x.ndim - 2))
    out = np.zeros((x.shape[0], w.shape[0]) + tuple(outs))
    cin, cout = w.shape[1], w.shape[0] // groups
    for offset, index in zip(np.ndindex(*w.shape[2:]), offsets):
        patch = x[np.ix_(range(x.shape[0]), range(x.shape[1]), *index)]
        for g in range(groups):
            out[:, g * cout:(g + 1) * cout] += np.einsum(
                "nc...,oc->no...", patch[:, g * cin:(g + 1) * cin],
                w[(slice(g * cout, (g + 1) * cout), slice(None)) + offset])
    return out


def conv_input_grad_ref(dout, w, input_shape, stride, dilation, pads, groups=1):
    """The adjoint of conv_ref with respect to x: scatter dout back through w."""
    padded = tuple(n + b + e for n, (b, e) in zip(input_shape[2:], pads))
    dx = np.zeros(tuple(input_shape[:2]) + padded)
    dout, w = dout.astype(np.float64), w.astype(np.float64)
    cin, cout = w.shape[1], w.shape[0] // groups
    outs = dout.shape[2:]
    for offset in np.ndindex(*w.shape[2:]):
        index = [np.arange(m) * s + o * d for m, s, o, d in zip(outs, stride, offset, dilation)]
        for g in range(groups):
            contrib = np.einsum("no...,oc->nc...", dout[:, g * cout:(g + 1) * cout],
                                w[(slice(g * cout, (g + 1) * cout), slice(None)) + offset])
            view = np.ix_(range(dx.shape[0]), range(g * cin, (g + 1) * cin), *index)
            dx[view] += contrib
    crop = tuple(slice(b, b + n) for n, (b, _) in zip(input_shape[2:], pads))
    return dx[(slice(None), slice(None)) + crop]


def conv_weight_grad_ref(dout, x, w_shape, stride, dilation, pads, groups=1):
    """The adjoint of conv_ref with respect to w."""
    x = np.pad(x.astype(np.float64), [(0, 0), (0, 0)] + list(pads))
    dout = dout.astype(np.float64)
    dw = np.zeros(w_shape)
    cin, cout = w_shape[1], w_shape[0] // groups
    for offset in np.ndindex(*w_shape[2:]):
        index = [np.arange(m) * s + o * d for m, s, o, d in zip(dout.shape[2:], stride, offset, dilation)]
        patch = x[np.ix_(range(x.shape[0]), range(x.shape[1]), *index)]
        for g in range(groups):
            dw[(slice(g * cout, (g + 1) * cout), slice(None)) + offset] = np.einsum(
                "ncp,nop->oc", patch[:, g * cin:(g + 1) * cin].reshape(x.shape[0], cin, -1),
                dout[:, g * cout:(g + 1) * cout].reshape(x.shape[0], cout, -1))
    return dw


def conv_case(op, x, w, stride, dilation, pads, groups=1, tol=F32, **kw):
    return OpCase(op, (x, w), lambda a, b: conv_ref(a, b, stride, dilation, pads, groups).astype(a.dtype),
                  **tol, **kw)


# ---- pooling references --------------------------------------------------------------------
def max_pool_ref(x, kernel, stride, pads, dilation=None, ceil_mode=False):
    """(values, flat index of each maximum in the unpadded spatial dims)."""
    rank = len(kernel)
    dilation = dilation or (1,) * rank
    spatial = x.shape[2:]
    low = -np.inf if x.dtype.kind == "f" else np.iinfo(x.dtype).min
    outs, offsets = _windows(spatial, kernel, stride, dilation, pads, ceil_mode)
    needed = [(m - 1) * s + (k - 1) * d + 1 for m, s, k, d in zip(outs, stride, kernel, dilation)]
    padded = _pad_to(x.astype(np.float64), pads, needed, low)
    best = np.full(x.shape[:2] + tuple(outs), -np.inf)
    where = np.zeros(best.shape, np.int64)
    for index in offsets:
        values = padded[np.ix_(range(x.shape[0]), range(x.shape[1]), *index)]
        coords = np.meshgrid(*[i - b for i, (b, _) in zip(index, pads)], indexing="ij")
        flat = np.ravel_multi_index(coords, spatial, mode="clip")
        better = values > best
        best = np.where(better, values, best)
        where = np.where(better, flat, where)
    return best.astype(x.dtype), where


def avg_pool_ref(x, kernel, stride, pads, ceil_mode=False, count_include_pad=True, divisor=0):
    spatial = x.shape[2:]
    rank = len(kernel)
    outs, offsets = _windows(spatial, kernel, stride, (1,) * rank, pads, ceil_mode)
    needed = [(m - 1) * s + k for m, s, k in zip(outs, stride, kernel)]
    padded = _pad_to(x.astype(np.float64), pads, needed, 0.0)
    total = np.zeros(x.shape[:2] + tuple(outs))
    count = np.zeros(tuple(outs))
    for index in offsets:
        total += padded[np.ix_(range(x.shape[0]), range(x.shape[1]), *index)]
        inside = np.ones(tuple(outs), bool)
        for axis, (i, n, (b, e)) in enumerate(zip(index, spatial, pads)):
            low, high = (0, n + b + e) if count_include_pad else (b, b + n)
            ok = (i >= low) & (i < high)
            inside &= ok.reshape((-1,) + (1,) * (rank - 1 - axis))
        count += inside
    return (total / (divisor or count)).astype(x.dtype)


def max_pool_grad_ref(x, grad, *pool_args, **pool_kwargs):
    """grad summed into the position of each window's maximum."""
    _, where = max_pool_ref(x, *pool_args, **pool_kwargs)
    dx = np.zeros(x.shape[:2] + (x[0, 0].size,))
    for n, c in np.ndindex(*x.shape[:2]):
        np.add.at(dx[n, c], where[n, c].ravel(), grad[n, c].astype(np.float64).ravel())
    return dx.reshape(x.shape).astype(x.dtype)


def linear_transpose_ref(shape, grad, linear, rank: int):
    """The transpose of a linear map of each plane (the trailing `rank` dims) of an input
    of `shape`, read off its response to each basis input (N, 1, *plane)."""
    spatial = tuple(shape[-rank:])
    basis = np.eye(math.prod(spatial)).reshape((-1, 1) + spatial)
    matrix = linear(basis).reshape(len(basis), -1)
    planes = grad.reshape(math.prod(shape[:-rank]), -1).astype(np.float64)
    return (planes @ matrix.T).reshape(shape).astype(grad.dtype)


def avg_pool_grad_ref(shape, grad, kernel, *pool_args, **pool_kwargs):
    """The transpose of the (linear) average pool."""
    return linear_transpose_ref(shape, grad, lambda basis: avg_pool_ref(basis, kernel, *pool_args, **pool_kwargs),
                                len(kernel))


def scatter_ref(shape, grad, argmax, dims: int):
    """grad summed into the positions argmax gives over the flattened trailing `dims`
    dims of a zero tensor of `shape`."""
    rows = math.prod(shape[:len(shape) - dims])
    dx = np.zeros((rows, math.prod(shape[len(shape) - dims:])))
    for row, g, a in zip(dx, grad.reshape(rows, -1).astype(np.float64), argmax.reshape(rows, -1)):
        np.add.at(row, a, g)
    return dx.reshape(shape).astype(grad.dtype)


def gather_ref(values, argmax, dims: int):
    """values read at the positions argmax gives over their flattened trailing `dims` dims."""
    lead = argmax.shape[:argmax.ndim - dims]
    flat = values.reshape(lead + (-1,))
    return np.take_along_axis(flat, argmax.reshape(lead + (-1,)).astype(np.int64), axis=-1).reshape(argmax.shape)


def adaptive_ref(x, output_size, reduce):
    """Adaptive pooling of x's trailing len(output_size) dims: cell i of a dim spans
    [floor(i * n / m), ceil((i + 1) * n / m))."""
    rank = len(output_size)
    spatial = x.shape[-rank:]
    out = np.zeros(x.shape[:-rank] + tuple(output_size))
    where = np.zeros(out.shape, np.int64)
    for cell in np.ndindex(*output_size):
        spans = [slice(i * n // m, -(-(i + 1) * n // m)) for i, n, m in zip(cell, spatial, output_size)]
        block = x[(Ellipsis,) + tuple(spans)].astype(np.float64)
        flat_block = block.reshape(block.shape[:-rank] + (-1,))
        if reduce == "mean":
            out[(Ellipsis,) + cell] = flat_block.mean(-1)
            continue
        arg = flat_block.argmax(-1)
        out[(Ellipsis,) + cell] = flat_block.max(-1)
        local = np.unravel_index(arg, block.shape[-rank:])
        coords = [c + s.start for c, s in zip(local, spans)]
        where[(Ellipsis,) + cell] = np.ravel_multi_index(coords, spatial)
    return out.astype(x.dtype), where


# ---- resize references ---------------------------------------------------------------------
def _f32(v):
    return np.float32(v)


def tf_source(dst, n, m, mode):
    """TensorFlow's source coordinate (float32) of output index dst, in -> out n -> m."""
    if mode == "align_corners":
        return _f32(dst) * _f32((n - 1) / (m - 1) if m > 1 else 0.0)
    scale = _f32(n / m)
    if mode == "half_pixel":
        return (_f32(dst) + _f32(0.5)) * scale - _f32(0.5)
    return _f32(dst) * scale


def _matrix(n, m, taps):
    """The (m, n) resampling matrix whose row i holds the (index, weight) taps of i."""
    matrix = np.zeros((m, n))
    for i in range(m):
        for index, weight in taps(i):
            matrix[i, min(max(index, 0), n - 1)] += weight
    return matrix


def nearest_matrix(n, m, mode):
    def taps(i):
        if mode == "align_corners":
            index = math.floor(tf_source(i, n, m, mode) + 0.5)
        elif mode == "half_pixel":
            index = math.floor((_f32(i) + _f32(0.5)) * _f32(n / m))
        else:
            index = math.floor(tf_source(i, n, m, mode))
        return [(min(index, n - 1), 1.0)]
    return _matrix(n, m, taps)


def linear_matrix(n, m, mode):
    def taps(i):
        src = max(float(tf_source(i, n, m, mode)), 0.0)
        low = min(math.floor(src), n - 1)
        frac = src - low
        return [(low, 1 - frac), (min(low + 1, n - 1), frac)]
    return _matrix(n, m, taps)


def cubic_matrix(n, m, mode):
    a = -0.5 if mode == "half_pixel" else -0.75

    def keys(d):
        d = abs(d)
        if d <= 1:
            return ((a + 2) * d - (a + 3)) * d * d + 1
        return ((a * d - 5 * a) * d + 8 * a) * d - 4 * a

    def taps(i):
        src = float(tf_source(i, n, m, mode))
        base = math.floor(src)
        t = round((src - base) * 1024) / 1024
        result = [(base + k, keys(t - k)) for k in (-1, 0, 1, 2)]
        if mode == "half_pixel":
            result = [(j, w if 0 <= j < n else 0.0) for j, w in result]
            total = sum(w for _, w in result)
            result = [(j, w / total) for j, w in result]
        return result
    return _matrix(n, m, taps)


def torch_linear_matrix(n, m, align_corners, scale=None):
    """PyTorch's linear interpolation weights (used by UpsampleTrilinear3D)."""
    def taps(i):
        if align_corners:
            src = i * (n - 1) / (m - 1) if m > 1 else 0.0
        else:
            ratio = _f32(1 / scale) if scale else _f32(n / m)
            src = max(float((_f32(i) + _f32(0.5)) * ratio - _f32(0.5)), 0.0)
        low = min(math.floor(src), n - 1)
        frac = src - low
        return [(low, 1 - frac), (min(low + 1, n - 1), frac)]
    return _matrix(n, m, taps)


def torch_nearest_matrix(n, m, scale=None):
    ratio = _f32(1 / scale) if scale else _f32(n / m)
    return _matrix(n, m, lambda i: [(min(math.floor(_f32(i) * ratio), n - 1), 1.0)])


def resample_ref(x, matrices):
    """x with each trailing dim multiplied by its resampling matrix."""
    out = x.astype(np.float64)
    first = x.ndim - len(matrices)
    for axis, matrix in enumerate(matrices):
        out = np.moveaxis(np.tensordot(matrix, np.moveaxis(out, first + axis, 0), axes=1), 0, first + axis)
    return out.astype(x.dtype)


def _tf_mode(align_corners, half_pixel_centers) -> str:
    return "align_corners" if align_corners else ("half_pixel" if half_pixel_centers else "asym")


def image_resize_ref(matrix_fn, size, align_corners=False, half_pixel_centers=False):
    mode = _tf_mode(align_corners, half_pixel_centers)

    def reference(x, *_):
        return resample_ref(x, [matrix_fn(n, m, mode) for n, m in zip(x.shape[2:], size)])
    return reference


def resize_grad_ref(matrix_fn, align_corners=False, half_pixel_centers=False, mode=None):
    """The transpose of a resize: grads resampled back by the transposed matrices to the
    original spatial sizes (given as a size or as the original image)."""
    mode = mode or _tf_mode(align_corners, half_pixel_centers)

    def reference(grads, original):
        sizes = original.shape[2:] if np.ndim(original) == grads.ndim else tuple(original)
        return resample_ref(grads, [matrix_fn(n, m, mode).T for n, m in zip(sizes, grads.shape[2:])])
    return reference


# ---- inputs --------------------------------------------------------------------------------
x4, w4 = rand(2, 4, 7, 7), rand(6, 4, 3, 3)
x4_odd, w4_rect = rand(1, 3, 8, 9), rand(5, 3, 4, 3)
w4_group = rand(6, 2, 3, 3)
x3, w3 = rand(2, 4, 9), rand(6, 4, 3)
x5, w5 = rand(1, 2, 5, 6, 7), rand(4, 2, 2, 3, 2)
p4, p5, p3 = rand(2, 3, 7, 8), rand(1, 2, 5, 6, 7), rand(2, 3, 8)
img, line, vol = rand(2, 3, 5, 7), rand(2, 3, 5), rand(1, 2, 3, 4, 5)
ints4 = rand(1, 2, 5, 6, dtype=np.int32, low=-50, high=50)


def conv_output(x, w, stride, dilation, pads, groups=1):
    """The output of the convolution of x with w: a dout of the right shape for its
    gradients and transposes."""
    return conv_ref(x, w, stride, dilation, pads, groups).astype(x.dtype)


dout4_same = conv_output(x4, w4, (2, 2), (1, 1), same_pads((7, 7), (3, 3), (2, 2)))
dout4_pad = conv_output(x4, w4, (1, 2), (2, 2), [(1, 0), (2, 1)])
dout4_group = conv_output(x4, w4_group, (1, 1), (1, 1), [(1, 1), (1, 1)], 2)
dout3 = conv_output(x3, w3, (2,), (1,), same_pads((9,), (3,), (2,)))
dout5 = conv_output(x5, w5, (2, 2, 2), (1, 1, 1), same_pads((5, 6, 7), (2, 3, 2), (2, 2, 2)))
dout3t, w3t = rand(1, 2, 3, 4, 3), rand(2, 2, 2, 3, 2)
grad4_same, grad5 = rand(2, 3, 4, 4), rand(1, 2, 3, 4, 7)


def conv3d_transpose_ref(dout, w, stride, pads, sizes, groups=1):
    """Conv3DTranspose: the input gradient of a Conv3D whose input has spatial `sizes`."""
    shape = (dout.shape[0], w.shape[1] * groups) + tuple(sizes)
    return conv_input_grad_ref(dout, w, shape, stride, (1, 1, 1), pads, groups).astype(dout.dtype)


def _argmax_over_channels(x, values, where):
    """MaxPoolWithArgmax counts positions over (C, H, W) of each sample, as int32."""
    channels = np.arange(x.shape[1]).reshape(1, -1, 1, 1)
    return values, (where + channels * x.shape[2] * x.shape[3]).astype(np.int32)


def _with_index_type(result, index_type):
    values, where = result
    return values, where.astype(index_type)


# inputs of the gradient helpers: pool outputs' gradients and the argmax of each pool
def _argmax_pool(x, *pool_args, **pool_kwargs):
    """(a gradient of the pool's output shape, the pool's argmax)."""
    where = max_pool_ref(x, *pool_args, **pool_kwargs)[1]
    return rand(*where.shape), where


same4 = same_pads((7, 8), (3, 3), (2, 2))
gsame4, where_same4 = _argmax_pool(p4, (3, 3), (2, 2), same4)
where_same4_chw = _argmax_over_channels(p4, None, where_same4)[1]
gceil4, where_ceil4 = _argmax_pool(p4, (3, 3), (2, 2), [(1, 1)] * 2, ceil_mode=True)
g5, where5 = _argmax_pool(p5, (2, 3, 3), (1, 2, 2), [(1, 1)] * 3)
pads5 = [(1, 0), (1, 1), (0, 1)]
gceil5 = rand(*max_pool_ref(p5, (2, 3, 2), (2, 2, 1), pads5, ceil_mode=True)[0].shape)
where_adaptive3 = adaptive_ref(p3, (3,), "max")[1]
where_adaptive4 = adaptive_ref(p4, (3, 5), "max")[1]
where_adaptive5 = adaptive_ref(p5, (2, 4, 3), "max")[1]


CASES = [
    # -- convolutions
    conv_case(ops.Conv2D(6, 3), x4, w4, (1, 1), (1, 1), [(0, 0), (0, 0)]),
    conv_case(ops.Conv2D(6, 3, pad_mode="same", stride=2), x4, w4, (2, 2), (1, 1),
              same_pads((7, 7), (3, 3), (2, 2))),
    conv_case(ops.Conv2D(6, 3, pad_mode="SAME", stride=(1, 1, 3, 2), dilation=2), x4, w4, (3, 2),
              (2, 2), same_pads((7, 7), (3, 3), (3, 2), (2, 2))),
    conv_case(ops.Conv2D(6, 3, pad_mode="pad", pad=(1, 0, 2, 1)), x4, w4, (1, 1), (1, 1),
              [(1, 0), (2, 1)]),
    conv_case(ops.Conv2D(6, 3, pad_mode="pad", pad=2, stride=(1, 2), dilation=(1, 1, 2, 1)), x4, w4,
              (1, 2), (2, 1), [(2, 2), (2, 2)]),
    conv_case(ops.Conv2D(6, 3, pad_mode="same", group=2), x4, w4_group, (1, 1), (1, 1),
              [(1, 1), (1, 1)], groups=2),
    conv_case(ops.Conv2D(5, (4, 3), pad_mode="same", stride=(2, 3)), x4_odd, w4_rect, (2, 3), (1, 1),
              same_pads((8, 9), (4, 3), (2, 3))),
    conv_case(ops.Conv2D(6, 3, pad_mode="same"), x4.astype(np.float16), w4.astype(np.float16), (1, 1),
              (1, 1), [(1, 1), (1, 1)], tol=F16),
    conv_case(ops.Conv2D(6, 3, pad_mode="pad", pad=1), x4.astype(np.float64), w4.astype(np.float64),
              (1, 1), (1, 1), [(1, 1), (1, 1)]),
    conv_case(ops.Conv2D(6, 7), x4, rand(6, 4, 7, 7), (1, 1), (1, 1), [(0, 0), (0, 0)]),
    conv_case(ops.Conv1D(6, 3, pad_mode="same", stride=2), x3, w3, (2,), (1,),
              same_pads((9,), (3,), (2,))),
    conv_case(ops.Conv1D(6, 3, pad_mode="pad", pad=(2, 1), dilation=2), x3, w3, (1,), (2,),
              [(2, 1)]),
    conv_case(ops.Conv1D(6, 3), x3.astype(np.float64), w3.astype(np.float64), (1,), (1,), [(0, 0)]),
    conv_case(ops.Conv3D(4, (2, 3, 2), pad_mode="same", stride=2), x5, w5, (2, 2, 2), (1, 1, 1),
              same_pads((5, 6, 7), (2, 3, 2), (2, 2, 2))),
    conv_case(ops.Conv3D(4, (2, 3, 2), pad_mode="pad", pad=(1, 0, 1, 2, 0, 1)), x5, w5, (1, 1, 1),
              (1, 1, 1), [(1, 0), (1, 2), (0, 1)]),
    conv_case(ops.Conv3D(4, (2, 3, 2)), x5.astype(np.float16), w5.astype(np.float16), (1, 1, 1),
              (1, 1, 1), [(0, 0)] * 3, tol=F16),
    OpCase(ops.conv1d, (x3, w3, None, 2, "same"),
           lambda x, w, *_: conv_ref(x, w, (2,), (1,), same_pads((9,), (3,), (2,))).astype(x.dtype),
           **F32, prim="Conv1D"),
    OpCase(ops.conv2d, (x4, w4, None, 1, "pad", (1, 2)),
           lambda x, w, *_: conv_ref(x, w, (1, 1), (1, 1), [(1, 1), (2, 2)]).astype(x.dtype),
           **F32, prim="Conv2D"),
    OpCase(ops.conv3d, (x5, w5, None, 1, "pad", (1, 0, 1)),
           lambda x, w, *_: conv_ref(x, w, (1, 1, 1), (1, 1, 1), [(1, 1), (0, 0), (1, 1)]).astype(x.dtype),
           **F32, prim="Conv3D"),
    # -- convolution gradients and transposes
    OpCase(ops.Conv2DBackpropInput(6, 3, pad_mode="same", stride=2), (dout4_same, w4, (2, 4, 7, 7)),
           lambda d, w, s: conv_input_grad_ref(d, w, s, (2, 2), (1, 1), same_pads((7, 7), (3, 3), (2, 2)))
           .astype(d.dtype), **F32),
    OpCase(ops.Conv2DTranspose(6, 3, pad_mode="pad", pad=(1, 0, 2, 1), stride=(1, 2), dilation=2),
           (dout4_pad, w4, [2, 4, 7, 7]),
           lambda d, w, s: conv_input_grad_ref(d, w, s, (1, 2), (2, 2), [(1, 0), (2, 1)]).astype(d.dtype),
           **F32),
    OpCase(ops.Conv2DTranspose(6, 3, pad_mode="pad", pad=1, group=2),
           (dout4_group, w4_group, np.array([2, 4, 7, 7], np.int32)),
           lambda d, w, s: conv_input_grad_ref(d, w, tuple(s), (1, 1), (1, 1), [(1, 1), (1, 1)], 2)
           .astype(d.dtype), **F32),
    OpCase(ops.Conv2DTranspose(6, 3, pad_mode="same", stride=2),
           (dout4_same.astype(np.float16), w4.astype(np.float16), (2, 4, 8, 8)),
           lambda d, w, s: conv_input_grad_ref(d, w, s, (2, 2), (1, 1), same_pads((8, 8), (3, 3), (2, 2)))
           .astype(d.dtype), **F16),
    OpCase(ops.Conv1DBackpropInput(6, 3, pad_mode="same", stride=2), (dout3, w3, (2, 4, 9)),
           lambda d, w, s: conv_input_grad_ref(d, w, s, (2,), (1,), same_pads((9,), (3,), (2,)))
           .astype(d.dtype), **F32),
    OpCase(ops.Conv1DTranspose(6, 3, pad_mode="same", stride=2), (dout3, w3, (2, 4, 10)),
           lambda d, w, s: conv_input_grad_ref(d, w, s, (2,), (1,), same_pads((10,), (3,), (2,)))
           .astype(d.dtype), **F32),
    OpCase(ops.Conv3DBackpropInput(4, (2, 3, 2), pad_mode="same", stride=2), (w5, dout5, (1, 2, 5, 6, 7)),
           lambda w, d, s: conv_input_grad_ref(d, w, s, (2, 2, 2), (1, 1, 1),
                                               same_pads((5, 6, 7), (2, 3, 2), (2, 2, 2))).astype(d.dtype),
           **F32),
    OpCase(ops.Conv2DBackpropFilter(6, 3, pad_mode="same", stride=2), (dout4_same, x4, (6, 4, 3, 3)),
           lambda d, x, s: conv_weight_grad_ref(d, x, s, (2, 2), (1, 1), same_pads((7, 7), (3, 3), (2, 2)))
           .astype(x.dtype), **F32),
    OpCase(ops.Conv2DBackpropFilter(6, 3, pad_mode="pad", pad=(1, 0, 2, 1), stride=(1, 2), dilation=2),
           (dout4_pad.astype(np.float64), x4.astype(np.float64), (6, 4, 3, 3)),
           lambda d, x, s: conv_weight_grad_ref(d, x, s, (1, 2), (2, 2), [(1, 0), (2, 1)]), **F32),
    OpCase(ops.Conv2DBackpropFilter(6, 3, pad_mode="pad", pad=1, group=2), (dout4_group, x4, (6, 2, 3, 3)),
           lambda d, x, s: conv_weight_grad_ref(d, x, s, (1, 1), (1, 1), [(1, 1), (1, 1)], 2)
           .astype(x.dtype), **F32),
    OpCase(ops.Conv1DBackpropFilter(6, 3, pad_mode="same", stride=2), (dout3, x3, (6, 4, 3)),
           lambda d, x, s: conv_weight_grad_ref(d, x, s, (2,), (1,), same_pads((9,), (3,), (2,)))
           .astype(x.dtype), **F32),
    OpCase(ops.Conv3DBackpropFilter(4, (2, 3, 2), pad_mode="same", stride=2), (x5, dout5, (4, 2, 2, 3, 2)),
           lambda x, d, s: conv_weight_grad_ref(d, x, s, (2, 2, 2), (1, 1, 1),
                                                same_pads((5, 6, 7), (2, 3, 2), (2, 2, 2))).astype(x.dtype),
           **F32),
    OpCase(ops.Conv3DTranspose(2, 2, (2, 3, 2)), (dout3t, w3t),
           lambda d, w: conv3d_transpose_ref(d, w, (1, 1, 1), [(0, 0)] * 3, (4, 6, 4)), **F32),
    OpCase(ops.Conv3DTranspose(2, 2, (2, 3, 2), pad_mode="same", stride=2), (dout3t, w3t),
           lambda d, w: conv3d_transpose_ref(d, w, (2, 2, 2), same_pads((6, 8, 6), (2, 3, 2), (2, 2, 2)),
                                             (6, 8, 6)), **F32),
    OpCase(ops.Conv3DTranspose(2, 2, (2, 3, 2), pad_mode="pad", pad=(1, 0, 1, 1, 0, 1), stride=2,
                               output_padding=1), (dout3t, w3t),
           lambda d, w: conv3d_transpose_ref(d, w, (2, 2, 2), [(1, 0), (1, 1), (0, 1)], (6, 8, 6)), **F32),
    OpCase(ops.Conv3DTranspose(2, 2, (2, 3, 2), stride=3), (dout3t, w3t),
           lambda d, w: conv3d_transpose_ref(d, w, (3, 3, 3), [(0, 0)] * 3, (9, 12, 9)), **F32),
    OpCase(ops.conv3d_transpose, (dout3t, w3t, "pad", 1, 2, 1, 1, 1),
           lambda d, w, *_: conv3d_transpose_ref(d, w, (2, 2, 2), [(1, 1)] * 3, (5, 8, 5)), **F32,
           prim="Conv3DTranspose"),
    OpCase(ops.ConvTranspose2D(), (dout4_same, w4, None, 2, 1, 1),
           lambda d, w, *_: conv_input_grad_ref(d, w, (2, 4, 8, 8), (2, 2), (1, 1), [(1, 1), (1, 1)])
           .astype(d.dtype), **F32),
    OpCase(ops.conv_transpose2d, (dout4_group, w4_group, None, 1, 1, 0, 2),
           lambda d, w, *_: conv_input_grad_ref(d, w, (2, 4, 7, 7), (1, 1), (1, 1), [(1, 1), (1, 1)], 2)
           .astype(d.dtype), **F32, prim="ConvTranspose2D"),
    # -- max pooling
    OpCase(ops.MaxPool(2, 2, "same"), (p4,), lambda x: max_pool_ref(x, (2, 2), (2, 2),
                                                                   same_pads((7, 8), (2, 2), (2, 2)))[0]),
    OpCase(ops.MaxPool(3, (2, 1), "SAME"), (p4.astype(np.float16),),
           lambda x: max_pool_ref(x, (3, 3), (2, 1), same_pads((7, 8), (3, 3), (2, 1)))[0]),
    OpCase(ops.MaxPool((3, 2), 2), (p4.astype(np.float64),),
           lambda x: max_pool_ref(x, (3, 2), (2, 2), [(0, 0), (0, 0)])[0]),
    OpCase(ops.MaxPool(2, 2, "same"), (np.arange(9, dtype=np.float32).reshape(1, 1, 3, 3),),
           lambda x: np.array([[[[4, 5], [7, 8]]]], np.float32)),
    OpCase(ops.MaxPool(3, 2, "same"), (ints4,),
           lambda x: max_pool_ref(x, (3, 3), (2, 2), same_pads((5, 6), (3, 3), (2, 2)))[0]),
    OpCase(ops.MaxPool3D((2, 3, 2), (2, 2, 1), "pad", (1, 0, 1, 1, 0, 1), ceil_mode=True), (p5,),
           lambda x: max_pool_ref(x, (2, 3, 2), (2, 2, 1), [(1, 0), (1, 1), (0, 1)], ceil_mode=True)[0]),
    OpCase(ops.MaxPool3D(2, 2, "same"), (p5.astype(np.float64),),
           lambda x: max_pool_ref(x, (2, 2, 2), (2, 2, 2), same_pads((5, 6, 7), (2, 2, 2), (2, 2, 2)))[0]),
    # MindSpore's CPU MaxPoolWithArgmax puts all of 'same''s padding at the end (observed)
    OpCase(ops.MaxPoolWithArgmax(3, 2, "same"), (p4,),
           lambda x: _argmax_over_channels(x, *max_pool_ref(x, (3, 3), (2, 2), [
               (0, begin + end) for begin, end in same_pads((7, 8), (3, 3), (2, 2))]))),
    OpCase(ops.MaxPoolWithArgmaxV2(3, 2, 1, ceil_mode=True), (p4,),
           lambda x: max_pool_ref(x, (3, 3), (2, 2), [(1, 1)] * 2, ceil_mode=True)),
    OpCase(ops.MaxPoolWithArgmaxV2(3, 2, 1, dilation=2, argmax_type=ms.int32), (ints4,),
           lambda x: _with_index_type(max_pool_ref(x, (3, 3), (2, 2), [(1, 1)] * 2, (2, 2)), np.int32)),
    OpCase(ops.max_pool2d, (p4, 3, 2, 1, 1, True), lambda x, *_: max_pool_ref(x, (3, 3), (2, 2), [(1, 1)] * 2),
           prim="MaxPoolWithArgmaxV2"),
    OpCase(ops.max_pool2d, (p4.astype(np.float16), 2), lambda x, *_: max_pool_ref(x, (2, 2), (2, 2),
                                                                                   [(0, 0)] * 2)[0],
           prim="MaxPoolWithArgmaxV2"),
    OpCase(ops.MaxPool3DWithArgmax((2, 3, 3), (1, 2, 2), (1, 1, 1)), (p5,),
           lambda x: max_pool_ref(x, (2, 3, 3), (1, 2, 2), [(1, 1)] * 3)),
    OpCase(ops.max_pool3d, (p5, (2, 3, 3), (1, 2, 2), (1, 1, 1), 1, True, True),
           lambda x, *_: max_pool_ref(x, (2, 3, 3), (1, 2, 2), [(1, 1)] * 3, ceil_mode=True),
           prim="MaxPool3DWithArgmax"),
    # -- average pooling
    OpCase(ops.AvgPool(2, 2, "same"), (p4,),
           lambda x: avg_pool_ref(x, (2, 2), (2, 2), same_pads((7, 8), (2, 2), (2, 2)), count_include_pad=False),
           **F32),
    OpCase(ops.AvgPool(4, 3, "same"), (p4.astype(np.float64),),
           lambda x: avg_pool_ref(x, (4, 4), (3, 3), same_pads((7, 8), (4, 4), (3, 3)), count_include_pad=False),
           **F32),
    OpCase(ops.AvgPool((3, 2), (1, 2)), (p4.astype(np.float16),),
           lambda x: avg_pool_ref(x, (3, 2), (1, 2), [(0, 0)] * 2), **F16),
    OpCase(ops.AvgPool3D((2, 3, 2), (2, 2, 1), "pad", (1, 0, 1, 1, 0, 1), ceil_mode=True), (p5,),
           lambda x: avg_pool_ref(x, (2, 3, 2), (2, 2, 1), [(1, 0), (1, 1), (0, 1)], True), **F32),
    OpCase(ops.AvgPool3D((2, 3, 2), (2, 2, 1), "pad", (1, 0, 1, 1, 0, 1), True, False), (p5,),
           lambda x: avg_pool_ref(x, (2, 3, 2), (2, 2, 1), [(1, 0), (1, 1), (0, 1)], True, False), **F32),
    OpCase(ops.AvgPool3D((2, 3, 2), (2, 2, 1), "pad", 1, divisor_override=5), (p5,),
           lambda x: avg_pool_ref(x, (2, 3, 2), (2, 2, 1), [(1, 1)] * 3, divisor=5), **F32),
    OpCase(ops.AvgPool3D(3, 2, "same"), (p5.astype(np.float16),),
           lambda x: avg_pool_ref(x, (3, 3, 3), (2, 2, 2), same_pads((5, 6, 7), (3, 3, 3), (2, 2, 2))), **F16),
    OpCase(ops.AvgPool3D(3, 2, "pad", 1, ceil_mode=True), (p5.astype(np.float64),),
           lambda x: avg_pool_ref(x, (3, 3, 3), (2, 2, 2), [(1, 1)] * 3, True), **F32),
    OpCase(ops.AvgPool1D(), (p3, 3, 2, 1, True, False),
           lambda x, *_: avg_pool_ref(x, (3,), (2,), [(1, 1)], True, False), **F32),
    OpCase(ops.AvgPool2D(), (p4, (3, 2), None, (1, 0, 1, 1), True, True, 4),
           lambda x, *_: avg_pool_ref(x, (3, 2), (3, 2), [(1, 0), (1, 1)], True, True, 4), **F32),
    OpCase(ops.avg_pool1d, (p3, 3, 2, 1), lambda x, *_: avg_pool_ref(x, (3,), (2,), [(1, 1)]), **F32,
           prim="AvgPool1D"),
    OpCase(ops.avg_pool2d, (p4, 3, 2, (1, 0, 1, 1), True), lambda x, *_: avg_pool_ref(
        x, (3, 3), (2, 2), [(1, 0), (1, 1)], True), **F32, prim="AvgPool2D"),
    OpCase(ops.avg_pool3d, (p5, 3, 2, 1, False, False), lambda x, *_: avg_pool_ref(
        x, (3, 3, 3), (2, 2, 2), [(1, 1)] * 3, False, False), **F32, prim="AvgPool3D"),
    # -- pooling gradients
    OpCase(ops.MaxPoolGrad(3, 2, "same"), (p4, None, grad4_same),
           lambda x, _, g: max_pool_grad_ref(x, g, (3, 3), (2, 2), same_pads((7, 8), (3, 3), (2, 2)))),
    OpCase(ops.MaxPoolGrad(2, (2, 1)), (p4.astype(np.float64), None, rand(2, 3, 3, 7, dtype=np.float64)),
           lambda x, _, g: max_pool_grad_ref(x, g, (2, 2), (2, 1), [(0, 0)] * 2)),
    OpCase(ops.MaxPool3DGrad((1, 1, 2, 3, 2), (1, 1, 2, 2, 1), "PAD", (1, 0, 1, 1, 0, 1)),
           (p5, None, rand(1, 2, 3, 3, 7)),
           lambda x, _, g: max_pool_grad_ref(x, g, (2, 3, 2), (2, 2, 1), [(1, 0), (1, 1), (0, 1)])),
    OpCase(ops.AvgPoolGrad(3, 2, "same"), (p4, None, grad4_same),
           lambda x, _, g: avg_pool_grad_ref(x.shape, g, (3, 3), (2, 2), same_pads((7, 8), (3, 3), (2, 2)),
                                             count_include_pad=False), **F32),
    OpCase(ops.AvgPoolGrad((3, 2), (1, 2)), (p4.astype(np.float16), None, rand(2, 3, 5, 4, dtype=np.float16)),
           lambda x, _, g: avg_pool_grad_ref(x.shape, g, (3, 2), (1, 2), [(0, 0)] * 2), **F16),
    OpCase(ops.AvgPool3DGrad((2, 3, 2), (2, 2, 1), (1, 0, 1, 1, 0, 1), True, False), ((1, 2, 5, 6, 7), grad5),
           lambda s, g: avg_pool_grad_ref(s, g, (2, 3, 2), (2, 2, 1), [(1, 0), (1, 1), (0, 1)], True, False),
           **F32),
    OpCase(ops.AvgPool3DGrad(3, 2, 1, divisor_override=5), ((1, 2, 5, 6, 7), rand(1, 2, 3, 3, 4)),
           lambda s, g: avg_pool_grad_ref(s, g, (3, 3, 3), (2, 2, 2), [(1, 1)] * 3, divisor=5), **F32),
    # -- adaptive pooling
    OpCase(ops.AdaptiveAvgPool1D(), (p3, 3), lambda x, m: adaptive_ref(x, (m,), "mean")[0], **F32),
    OpCase(ops.AdaptiveMaxPool1D(), (p3, 3), lambda x, m: adaptive_ref(x, (m,), "max")),
    OpCase(ops.AdaptiveAvgPool2D((3, 5)), (p4,), lambda x: adaptive_ref(x, (3, 5), "mean")[0], **F32),
    OpCase(ops.AdaptiveAvgPool2D((None, 3)), (p4[0].astype(np.float64),),
           lambda x: adaptive_ref(x, (7, 3), "mean")[0], **F32),
    OpCase(ops.AdaptiveAvgPool2D(4), (p4.astype(np.float16),), lambda x: adaptive_ref(x, (4, 4), "mean")[0],
           **F16),
    OpCase(ops.AdaptiveMaxPool2D((3, 5)), (p4,), lambda x: adaptive_ref(x, (3, 5), "max")),
    OpCase(ops.AdaptiveAvgPool3D((2, None, 3)), (p5,), lambda x: adaptive_ref(x, (2, 6, 3), "mean")[0], **F32),
    OpCase(ops.AdaptiveMaxPool3D(), (p5, np.array([2, 4, 3], np.int32)),
           lambda x, m: _with_index_type(adaptive_ref(x, tuple(m), "max"), np.int32)),
    OpCase(ops.adaptive_avg_pool1d, (p3, 4), lambda x, m: adaptive_ref(x, (m,), "mean")[0], **F32,
           prim="AdaptiveAvgPool1D"),
    OpCase(ops.adaptive_max_pool1d, (p3, 4), lambda x, m: adaptive_ref(x, (m,), "max")[0],
           prim="AdaptiveMaxPool1D"),
    OpCase(ops.adaptive_avg_pool2d, (p4, 3), lambda x, m: adaptive_ref(x, (3, 3), "mean")[0], **F32,
           prim="AdaptiveAvgPool2D"),
    OpCase(ops.adaptive_max_pool2d, (p4, (3, None), True), lambda x, *_: adaptive_ref(x, (3, 8), "max"),
           prim="AdaptiveMaxPool2D"),
    OpCase(ops.adaptive_avg_pool3d, (p5, (2, 3, 4)), lambda x, m: adaptive_ref(x, m, "mean")[0], **F32,
           prim="AdaptiveAvgPool3D"),
    OpCase(ops.adaptive_max_pool3d, (p5, 2, True), lambda x, *_: _with_index_type(
        adaptive_ref(x, (2, 2, 2), "max"), np.int32), prim="AdaptiveMaxPool3D"),
    # -- resizing
    OpCase(ops.ResizeNearestNeighbor((8, 11)), (img,), image_resize_ref(nearest_matrix, (8, 11))),
    OpCase(ops.ResizeNearestNeighbor((3, 4), align_corners=True), (img,),
           image_resize_ref(nearest_matrix, (3, 4), align_corners=True)),
    OpCase(ops.ResizeNearestNeighbor((8, 4), half_pixel_centers=True), (ints4,),
           image_resize_ref(nearest_matrix, (8, 4), half_pixel_centers=True)),
    OpCase(ops.ResizeNearestNeighborV2(), (img, np.array([9, 3], np.int32)),
           image_resize_ref(nearest_matrix, (9, 3))),
    OpCase(ops.ResizeNearestNeighborV2(False, True), (line, (8,)),
           image_resize_ref(nearest_matrix, (8,), half_pixel_centers=True)),
    OpCase(ops.ResizeBilinear((8, 11)), (img,), image_resize_ref(linear_matrix, (8, 11)), **F32),
    OpCase(ops.ResizeBilinear((3, 4), half_pixel_centers=True), (img.astype(np.float16),),
           image_resize_ref(linear_matrix, (3, 4), half_pixel_centers=True), **F16),
    OpCase(ops.ResizeBilinearV2(True), (img, (8, 11)),
           image_resize_ref(linear_matrix, (8, 11), align_corners=True), **F32),
    OpCase(ops.ResizeBilinearV2(False, True), (img.astype(np.float64), (3, 4)),
           image_resize_ref(linear_matrix, (3, 4), half_pixel_centers=True), **F32),
    OpCase(ops.ResizeBicubic(), (img, (8, 11)), image_resize_ref(cubic_matrix, (8, 11)), **F32),
    OpCase(ops.ResizeBicubic(True), (img, np.array([3, 4], np.int64)),
           image_resize_ref(cubic_matrix, (3, 4), align_corners=True), **F32),
    OpCase(ops.ResizeBicubic(False, True), (img.astype(np.float64), (8, 11)),
           image_resize_ref(cubic_matrix, (8, 11), half_pixel_centers=True), **F32),
    OpCase(ops.ResizeLinear1D(), (line, (8,)), image_resize_ref(linear_matrix, (8,), align_corners=True), **F32),
    OpCase(ops.ResizeLinear1D("half_pixel"), (line, (3,)),
           image_resize_ref(linear_matrix, (3,), half_pixel_centers=True), **F32),
    OpCase(ops.ResizeLinear1D("asymmetric"), (line.astype(np.float64), (8,)),
           image_resize_ref(linear_matrix, (8,)), **F32),
    OpCase(ops.UpsampleNearest3D(), (vol, (5, 7, 8)),
           lambda x, s: resample_ref(x, [torch_nearest_matrix(n, m) for n, m in zip(x.shape[2:], s)])),
    OpCase(ops.UpsampleNearest3D(), (vol.astype(np.float64), None, (1.5, 2.0, 1.3)),
           lambda x, _, s: resample_ref(x, [torch_nearest_matrix(n, int(n * f), f)
                                            for n, f in zip(x.shape[2:], s)])),
    OpCase(ops.UpsampleTrilinear3D(), (vol, (5, 7, 8)),
           lambda x, s: resample_ref(x, [torch_linear_matrix(n, m, False) for n, m in zip(x.shape[2:], s)]),
           **F32),
    OpCase(ops.UpsampleTrilinear3D(), (vol, None, (1.5, 2.0, 1.3)),
           lambda x, _, s: resample_ref(x, [torch_linear_matrix(n, int(n * f), False, f)
                                            for n, f in zip(x.shape[2:], s)]), **F32),
    OpCase(ops.UpsampleTrilinear3D(True), (vol.astype(np.float16), [2, 7, 3]),
           lambda x, s: resample_ref(x, [torch_linear_matrix(n, m, True) for n, m in zip(x.shape[2:], s)]),
           **F16),
    # -- interpolate
    OpCase(ops.interpolate, (img, (8, 11)), image_resize_ref(nearest_matrix, (8, 11)),
           prim="ResizeNearestNeighborV2"),
    OpCase(ops.interpolate, (line, 8), image_resize_ref(nearest_matrix, (8,)), prim="ResizeNearestNeighborV2"),
    OpCase(lambda x: ops.interpolate(x, scale_factor=1.7, recompute_scale_factor=True), (img,),
           image_resize_ref(nearest_matrix, (8, 11)), prim="ResizeNearestNeighborV2"),
    OpCase(lambda x: ops.interpolate(x, size=(8, 11), mode="nearest-exact"), (img,),
           image_resize_ref(nearest_matrix, (8, 11), half_pixel_centers=True), prim="ResizeNearestNeighborV2"),
    OpCase(lambda x: ops.interpolate(x, scale_factor=1.5), (vol,),
           lambda x: resample_ref(x, [torch_nearest_matrix(n, int(n * 1.5), 1.5) for n in x.shape[2:]]),
           prim="UpsampleNearest3D"),
    OpCase(lambda x: ops.interpolate(x, size=8, mode="linear"), (line,),
           image_resize_ref(linear_matrix, (8,), half_pixel_centers=True), **F32, prim="ResizeLinear1D"),
    OpCase(lambda x: ops.interpolate(x, size=8, mode="linear", align_corners=True), (line,),
           image_resize_ref(linear_matrix, (8,), align_corners=True), **F32, prim="ResizeLinear1D"),
    OpCase(lambda x: ops.interpolate(x, size=(8, 11), mode="bilinear"), (img,),
           image_resize_ref(linear_matrix, (8, 11), half_pixel_centers=True), **F32, prim="ResizeBilinearV2"),
    OpCase(lambda x: ops.upsample(x, size=(3, 4), mode="bilinear", align_corners=True), (img,),
           image_resize_ref(linear_matrix, (3, 4), align_corners=True), **F32, prim="ResizeBilinearV2"),
    OpCase(lambda x: ops.interpolate(x, size=(8, 11), mode="bicubic"), (img,),
           image_resize_ref(cubic_matrix, (8, 11), half_pixel_centers=True), **F32, prim="ResizeBicubic"),
    OpCase(lambda x: ops.interpolate(x, scale_factor=(1.5, 2.0, 1.3), mode="trilinear", align_corners=True),
           (vol,), lambda x: resample_ref(x, [torch_linear_matrix(n, m, True) for n, m in
                                              zip(x.shape[2:], (4, 8, 6))]), **F32, prim="UpsampleTrilinear3D"),
    OpCase(lambda x: ops.interpolate(x, size=(2, 3), mode="area"), (img,),
           lambda x: adaptive_ref(x, (2, 3), "mean")[0], **F32, prim="AdaptiveAvgPool2D"),
    OpCase(lambda x: ops.interpolate(x, scale_factor=0.5, mode="area"), (vol,),
           lambda x: adaptive_ref(x, (1, 2, 2), "mean")[0], **F32, prim="AdaptiveAvgPool3D"),
    # -- gradient helpers
    OpCase(ops.MaxPoolGradGrad(3, 2, "same"), (p4, None, rand(2, 3, 7, 8)),
           lambda x, _, g: gather_ref(g, max_pool_ref(x, (3, 3), (2, 2), same4)[1], 2)),
    OpCase(ops.MaxPool3DGradGrad((2, 3, 2), (2, 2, 1), "PAD", (1, 0, 1, 1, 0, 1), ceil_mode=True),
           (p5.astype(np.float64), None, rand(1, 2, 5, 6, 7, dtype=np.float64)),
           lambda x, _, g: gather_ref(g, max_pool_ref(x, (2, 3, 2), (2, 2, 1), pads5, ceil_mode=True)[1], 3)),
    OpCase(ops.MaxPool3DGrad((2, 3, 2), (2, 2, 1), "PAD", (1, 0, 1, 1, 0, 1), ceil_mode=True), (p5, None, gceil5),
           lambda x, _, g: max_pool_grad_ref(x, g, (2, 3, 2), (2, 2, 1), pads5, ceil_mode=True)),
    OpCase(ops.MaxPoolGradWithArgmax(3, 2, "same"), (p4, gsame4, where_same4_chw),
           lambda x, g, a: scatter_ref(x.shape, g, a, 3)),
    OpCase(ops.MaxPoolGradWithArgmaxV2(3, 2, 1, ceil_mode=True), (p4, gceil4, where_ceil4),
           lambda x, g, a: scatter_ref(x.shape, g, a, 2)),
    OpCase(ops.MaxPoolGradWithArgmaxV2(3, 2, 1, ceil_mode=True, argmax_type=ms.int32),
           (p4.astype(np.float16), gceil4.astype(np.float16), where_ceil4.astype(np.int32)),
           lambda x, g, a: scatter_ref(x.shape, g, a, 2), **F16),
    OpCase(ops.MaxPool3DGradWithArgmax((2, 3, 3), (1, 2, 2), (1, 1, 1)), (p5, g5, where5),
           lambda x, g, a: scatter_ref(x.shape, g, a, 3)),
    OpCase(ops.AdaptiveMaxPool1DGrad(), (rand(2, 3, 3), p3, where_adaptive3),
           lambda g, x, a: scatter_ref(x.shape, g, a, 1)),
    OpCase(ops.AdaptiveMaxPool2DGrad(), (rand(2, 3, 3, 5), p4, where_adaptive4),
           lambda g, x, a: scatter_ref(x.shape, g, a, 2)),
    OpCase(ops.AdaptiveMaxPool2DGrad(), (rand(3, 3, 5, dtype=np.float64), p4[0].astype(np.float64), where_adaptive4[0]),
           lambda g, x, a: scatter_ref(x.shape, g, a, 2)),
    OpCase(ops.AdaptiveMaxPool3DGrad(), (rand(1, 2, 2, 4, 3), p5, where_adaptive5.astype(np.int32)),
           lambda g, x, a: scatter_ref(x.shape, g, a, 3)),
    OpCase(ops.AdaptiveAvgPool1DGrad(), (rand(2, 3, 3), (2, 3, 8)), lambda g, s: linear_transpose_ref(
        s, g, lambda b: adaptive_ref(b, (3,), "mean")[0], 1), **F32),
    OpCase(ops.AdaptiveAvgPool2DGrad(), (rand(2, 3, 3, 5), np.array([2, 3, 7, 8])), lambda g, s: linear_transpose_ref(
        tuple(s), g, lambda b: adaptive_ref(b, (3, 5), "mean")[0], 2), **F32),
    OpCase(ops.AdaptiveAvgPool2DGrad(), (rand(3, 4, 4, dtype=np.float16), (3, 7, 8)), lambda g, s: linear_transpose_ref(
        s, g, lambda b: adaptive_ref(b, (4, 4), "mean")[0], 2), **F16),
    OpCase(ops.AdaptiveAvgPool3DGrad(), (rand(1, 2, 2, 4, 3, dtype=np.float64), (1, 2, 5, 6, 7)),
           lambda g, s: linear_transpose_ref(s, g, lambda b: adaptive_ref(b, (2, 4, 3), "mean")[0], 3), **F32),
    OpCase(ops.AvgPool1DGrad(), (rand(2, 3, 5), p3, 3, 2, 1, True, False),
           lambda g, x, *_: avg_pool_grad_ref(x.shape, g, (3,), (2,), [(1, 1)], True, False), **F32),
    OpCase(ops.AvgPool2DGrad(), (rand(2, 3, 3, 5), p4, (3, 2), None, (1, 0, 1, 1), True, True, 4),
           lambda g, x, *_: avg_pool_grad_ref(x.shape, g, (3, 2), (3, 2), [(1, 0), (1, 1)], True, True, 4), **F32),
    OpCase(ops.AvgPool2DGrad(), (rand(3, 4, 4, dtype=np.float64), p4[0].astype(np.float64), 3, 2, 1),
           lambda g, x, *_: avg_pool_grad_ref(x.shape, g, (3, 3), (2, 2), [(1, 1)] * 2), **F32),
    OpCase(ops.ResizeNearestNeighborGrad(), (rand(2, 3, 8, 11), (5, 7)), resize_grad_ref(nearest_matrix)),
    OpCase(ops.ResizeNearestNeighborGrad(True), (rand(2, 3, 3, 4), np.array([5, 7], np.int32)),
           resize_grad_ref(nearest_matrix, align_corners=True)),
    OpCase(ops.ResizeNearestNeighborGrad(), (ints4, (3, 4)), resize_grad_ref(nearest_matrix)),
    OpCase(ops.ResizeNearestNeighborV2Grad(False, True), (rand(2, 3, 8, 11), (5, 7)),
           resize_grad_ref(nearest_matrix, half_pixel_centers=True)),
    OpCase(ops.ResizeNearestNeighborV2Grad(), (rand(2, 3, 3), (5,)), resize_grad_ref(nearest_matrix)),
    OpCase(ops.ResizeBilinearGrad(), (rand(2, 3, 8, 11), img), resize_grad_ref(linear_matrix), **F32),
    OpCase(ops.ResizeBilinearGrad(True), (rand(2, 3, 3, 4), img), resize_grad_ref(linear_matrix, True), **F32),
    OpCase(ops.ResizeBilinearGrad(False, True), (rand(2, 3, 8, 11, dtype=np.float16), img.astype(np.float16)),
           resize_grad_ref(linear_matrix, half_pixel_centers=True), **F16),
    OpCase(ops.ResizeBicubicGrad(), (rand(2, 3, 8, 11), img), resize_grad_ref(cubic_matrix), **F32),
    OpCase(ops.ResizeBicubicGrad(True), (rand(2, 3, 3, 4), img), resize_grad_ref(cubic_matrix, True), **F32),
    OpCase(ops.ResizeBicubicGrad(False, True), (rand(2, 3, 3, 4, dtype=np.float64), img.astype(np.float64)),
           resize_grad_ref(cubic_matrix, half_pixel_centers=True), **F32),
    OpCase(ops.ResizeLinear1DGrad(), (rand(2, 3, 8), line), resize_grad_ref(linear_matrix, True), **F32),
    OpCase(ops.ResizeLinear1DGrad("half_pixel"), (rand(2, 3, 3), line),
           resize_grad_ref(linear_matrix, half_pixel_centers=True), **F32),
    OpCase(ops.ResizeLinear1DGrad("asymmetric"), (rand(2, 3, 8, dtype=np.float64), line.astype(np.float64)),
           resize_grad_ref(linear_matrix), **F32),
    OpCase(ops.UpsampleNearest3DGrad(), (rand(1, 2, 5, 7, 8), (1, 2, 3, 4, 5), (5, 7, 8)),
           lambda g, s, _: resample_ref(g, [torch_nearest_matrix(n, m).T for n, m in zip(s[2:], g.shape[2:])])),
    OpCase(ops.UpsampleNearest3DGrad(), (rand(1, 2, 4, 8, 6, dtype=np.float64), (1, 2, 3, 4, 5), None, (1.5, 2.0, 1.3)),
           lambda g, s, _, f: resample_ref(g, [torch_nearest_matrix(n, int(n * k), k).T
                                               for n, k in zip(s[2:], f)]), **F32),
    OpCase(ops.UpsampleTrilinear3DGrad(), (rand(1, 2, 5, 7, 8), (1, 2, 3, 4, 5), np.array([5, 7, 8])),
           lambda g, s, _: resample_ref(g, [torch_linear_matrix(n, m, False).T for n, m in zip(s[2:], g.shape[2:])]),
           **F32),
    OpCase(ops.UpsampleTrilinear3DGrad(True), (rand(1, 2, 4, 8, 6), (1, 2, 3, 4, 5), None, (1.5, 2.0, 1.3)),
           lambda g, s, *_: resample_ref(g, [torch_linear_matrix(n, m, True).T for n, m in zip(s[2:], g.shape[2:])]),
           **F32),
]


ERROR_CASES = [
    # -- convolutions
    ErrorCase(ops.Conv2D(6, 3), (x4, rand(6, 3, 3, 3)), ValueError, "For 'Conv2D'.*input channels"),
    ErrorCase(ops.Conv2D(5, 3), (x4, w4), ValueError, "For 'Conv2D'.*out_channel"),
    ErrorCase(ops.Conv2D(6, 2), (x4, w4), ValueError, "For 'Conv2D'.*kernel_size"),
    ErrorCase(ops.Conv2D(6, 3), (x4[0], w4), ValueError, "For 'Conv2D', the dimension of 'x' must be 4"),
    ErrorCase(ops.Conv2D(6, 3), (x4.astype(np.int32), w4.astype(np.int32)), TypeError, "For 'Conv2D'.*dtype"),
    ErrorCase(ops.Conv2D(6, 3), (x4, w4.astype(np.float64)), TypeError, "For 'Conv2D'.*same as 'x'"),
    ErrorCase(ops.Conv2D(6, 9), (x4, rand(6, 4, 9, 9)), ValueError, "For 'Conv2D'.*output shape"),
    ErrorCase(lambda: ops.Conv2D(6, 3, pad_mode="vaild"), (), ValueError,
              "For 'Conv2D', the 'pad_mode' must be 'valid' or 'same' or 'pad', but got 'VAILD'", prim="Conv2D"),
    ErrorCase(lambda: ops.Conv2D(6, 0), (), ValueError, "For 'Conv2D'.*'kernel_size'", prim="Conv2D"),
    ErrorCase(lambda: ops.Conv2D(6, (3, 3, 3)), (), ValueError, "For 'Conv2D'.*'kernel_size'", prim="Conv2D"),
    ErrorCase(lambda: ops.Conv2D(6, 3.0), (), TypeError, "For 'Conv2D'.*'kernel_size'", prim="Conv2D"),
    ErrorCase(lambda: ops.Conv2D(6, 3, pad=1), (), ValueError, "For 'Conv2D'.*'pad' must be zero", prim="Conv2D"),
    ErrorCase(lambda: ops.Conv2D(6, 3, pad_mode="pad", pad=(1, 1, 1)), (), ValueError, "For 'Conv2D'.*'pad'",
              prim="Conv2D"),
    ErrorCase(lambda: ops.Conv2D(6, 3, pad_mode="pad", pad=-1), (), ValueError, "For 'Conv2D'.*'pad'", prim="Conv2D"),
    ErrorCase(lambda: ops.Conv2D(6, 3, group=4), (), ValueError, "For 'Conv2D'.*'group'", prim="Conv2D"),
    ErrorCase(lambda: ops.Conv2D(6, 3, mode=2), (), ValueError, "For 'Conv2D'.*'mode'", prim="Conv2D"),
    ErrorCase(lambda: ops.Conv2D(6, 3, data_format="NHWC"), (), ValueError, "For 'Conv2D'.*'data_format'",
              prim="Conv2D"),
    ErrorCase(ops.Conv1D(6, 3), (x3, rand(6, 3, 3)), ValueError, "For 'Conv1D'.*input channels"),
    ErrorCase(ops.Conv1D(6, 3), (x4, w4), ValueError, "For 'Conv1D', the dimension of 'x' must be 3"),
    ErrorCase(ops.Conv3D(4, (2, 3, 2)), (x5, rand(4, 3, 2, 3, 2)), ValueError, "For 'Conv3D'.*input channels"),
    ErrorCase(lambda: ops.Conv3D(4, 2, pad_mode="pad", pad=(1, 1, 1, 1)), (), ValueError, "For 'Conv3D'",
              prim="Conv3D"),
    ErrorCase(ops.conv2d, (x4, rand(6, 3, 3, 3)), ValueError, "For 'Conv2D'.*input channels", prim="Conv2D"),
    ErrorCase(ops.conv2d, (x4, w4, None, 1, "pad", (1, 1, 1, 1)), ValueError, "For 'conv2d'.*'padding'",
              prim="Conv2D"),
    ErrorCase(ops.conv1d, (x3, w4), ValueError, "For 'conv1d'.*weight", prim="Conv1D"),
    # -- convolution gradients and transposes
    ErrorCase(ops.Conv2DBackpropInput(6, 3), (dout4_same, w4, (2, 4, 7, 7)), ValueError,
              "For 'Conv2DBackpropInput'.*'dout'"),
    ErrorCase(ops.Conv2DTranspose(6, 3, pad_mode="same", stride=2), (dout4_same, w4, (2, 5, 7, 7)), ValueError,
              "For 'Conv2DTranspose'.*input channels"),
    ErrorCase(ops.Conv2DTranspose(6, 3), (dout4_same, w4, (2, 4, 7)), ValueError, "For 'Conv2DTranspose'"),
    ErrorCase(ops.Conv2DTranspose(6, 3), (dout4_same, w4, "size"), TypeError, "For 'Conv2DTranspose'"),
    ErrorCase(lambda: ops.Conv2DTranspose(6, 3, pad_mode="vaild"), (), ValueError, "For 'Conv2DTranspose'",
              prim="Conv2DTranspose"),
    ErrorCase(ops.Conv1DBackpropInput(6, 3), (dout3, w3, (2, 4, 9)), ValueError, "For 'Conv1DBackpropInput'"),
    ErrorCase(ops.Conv1DTranspose(6, 3), (dout3, w4, (2, 4, 9)), ValueError, "For 'Conv1DTranspose'"),
    ErrorCase(ops.Conv3DBackpropInput(4, (2, 3, 2)), (w5, dout5, (1, 2, 5, 6, 7)), ValueError,
              "For 'Conv3DBackpropInput'.*'dout'"),
    ErrorCase(ops.Conv2DBackpropFilter(6, 3), (dout4_same, x4, (6, 4, 3, 3)), ValueError,
              "For 'Conv2DBackpropFilter'.*'dout'"),
    ErrorCase(ops.Conv2DBackpropFilter(6, 3, pad_mode="same", stride=2),
              (dout4_same, x4.astype(np.float16), (6, 4, 3, 3)), TypeError, "For 'Conv2DBackpropFilter'"),
    ErrorCase(ops.Conv1DBackpropFilter(6, 3), (dout3, x3, (6, 4, 3)), ValueError, "For 'Conv1DBackpropFilter'"),
    ErrorCase(ops.Conv3DBackpropFilter(4, (2, 3, 2)), (x5, dout5, (4, 2, 2, 3, 2)), ValueError,
              "For 'Conv3DBackpropFilter'.*'dout'"),
    ErrorCase(ops.Conv3DTranspose(2, 2, (2, 3, 2)), (rand(1, 3, 3, 4, 3), w3t), ValueError,
              "For 'Conv3DTranspose'.*channels"),
    ErrorCase(ops.Conv3DTranspose(2, 2, 2), (dout3t, w3t), ValueError, "For 'Conv3DTranspose'.*kernel_size"),
    ErrorCase(lambda: ops.Conv3DTranspose(2, 2, 2, output_padding=1), (), ValueError,
              "For 'Conv3DTranspose'.*'output_padding'", prim="Conv3DTranspose"),
    ErrorCase(lambda: ops.Conv3DTranspose(2, 2, 2, pad_mode="pad", stride=2, output_padding=2), (), ValueError,
              "For 'Conv3DTranspose'.*'output_padding'", prim="Conv3DTranspose"),
    ErrorCase(ops.ConvTranspose2D(), (dout4_same, rand(4, 6, 3, 3)), ValueError, "For 'ConvTranspose2D'.*channels"),
    ErrorCase(ops.ConvTranspose2D(), (dout4_same, w4, rand(5)), ValueError, "For 'ConvTranspose2D'.*bias"),
    # -- pooling
    ErrorCase(lambda: ops.MaxPool(2, 2, "vaild"), (), ValueError,
              "For 'MaxPool', the 'pad_mode' must be 'VALID' or 'SAME', but got 'VAILD'.", prim="MaxPool"),
    ErrorCase(lambda: ops.MaxPool(2, 2, "pad"), (), ValueError, "For 'MaxPool', the 'pad_mode'", prim="MaxPool"),
    ErrorCase(lambda: ops.MaxPool(0, 2), (), ValueError, "For 'MaxPool'.*'kernel_size'", prim="MaxPool"),
    ErrorCase(lambda: ops.MaxPool((2, 2, 2), 2), (), ValueError, "For 'MaxPool'.*'kernel_size'", prim="MaxPool"),
    ErrorCase(lambda: ops.MaxPool(2.0, 2), (), TypeError, "For 'MaxPool'.*'kernel_size'", prim="MaxPool"),
    ErrorCase(lambda: ops.MaxPool(2, 2, data_format="NHWC"), (), ValueError, "For 'MaxPool'.*'data_format'",
              prim="MaxPool"),
    ErrorCase(ops.MaxPool(2, 2), (p4[0],), ValueError, "For 'MaxPool', the dimension of 'x' must be 4"),
    ErrorCase(ops.MaxPool(9, 2), (p4,), ValueError, "For 'MaxPool'.*output shape"),
    ErrorCase(ops.MaxPool(2, 2), (p4 > 0,), TypeError, "For 'MaxPool'.*dtype"),
    ErrorCase(lambda: ops.AvgPool(2, 2, "VAILD"), (), ValueError, "For 'AvgPool', the 'pad_mode'", prim="AvgPool"),
    ErrorCase(ops.AvgPool(2, 2), (ints4,), TypeError, "For 'AvgPool'.*dtype"),
    ErrorCase(ops.AvgPool(2, 2), (p5,), ValueError, "For 'AvgPool', the dimension of 'x' must be 4"),
    ErrorCase(ops.MaxPool3D(2, 2), (p4,), ValueError, "For 'MaxPool3D', the dimension of 'x' must be 5"),
    ErrorCase(lambda: ops.MaxPool3D(2, 2, "valid", ceil_mode=True), (), ValueError, "For 'MaxPool3D'.*ceil_mode",
              prim="MaxPool3D"),
    ErrorCase(lambda: ops.MaxPool3D(2, 2, "same", pad_list=1), (), ValueError, "For 'MaxPool3D'.*'pad_list'",
              prim="MaxPool3D"),
    ErrorCase(lambda: ops.AvgPool3D(3, 2, "pad", (2, 2, 0, 0, 0, 0)), (), ValueError,
              "For 'AvgPool3D'.*kernel size", prim="AvgPool3D"),
    ErrorCase(lambda: ops.AvgPool3D(3, 2, "vaild"), (), ValueError, "For 'AvgPool3D', the 'pad_mode'",
              prim="AvgPool3D"),
    ErrorCase(lambda: ops.AvgPool3D(3, 2, count_include_pad=1), (), TypeError, "For 'AvgPool3D'", prim="AvgPool3D"),
    ErrorCase(ops.AvgPool3D(3, 2), (p4,), ValueError, "For 'AvgPool3D', the dimension of 'x' must be 5"),
    ErrorCase(ops.AvgPool1D(), (p3, 3, 2, 2), ValueError, "For 'AvgPool1D'.*'padding'"),
    ErrorCase(ops.AvgPool1D(), (p4, 3), ValueError, "For 'AvgPool1D', the dimension of 'input'"),
    ErrorCase(ops.AvgPool2D(), (p4, (3, 3, 3)), ValueError, "For 'AvgPool2D'.*'kernel_size'"),
    ErrorCase(ops.AvgPool2D(), (ints4, 2), TypeError, "For 'AvgPool2D'.*dtype"),
    ErrorCase(ops.avg_pool2d, (p4, 2, 2, (1, 1)), ValueError, "For 'avg_pool2d'.*'padding'", prim="AvgPool2D"),
    ErrorCase(ops.MaxPoolWithArgmax(2, 2), (p4[0],), ValueError, "For 'MaxPoolWithArgmax'.*dimension"),
    ErrorCase(lambda: ops.MaxPoolWithArgmax(2, 2, "pad"), (), ValueError, "For 'MaxPoolWithArgmax'.*pad_mode",
              prim="MaxPoolWithArgmax"),
    ErrorCase(lambda: ops.MaxPoolWithArgmaxV2(3, 2, 2), (), ValueError, "For 'MaxPoolWithArgmaxV2'.*'pads'",
              prim="MaxPoolWithArgmaxV2"),
    ErrorCase(lambda: ops.MaxPoolWithArgmaxV2(2, argmax_type=ms.float32), (), ValueError,
              "For 'MaxPoolWithArgmaxV2'.*'argmax_type'", prim="MaxPoolWithArgmaxV2"),
    ErrorCase(ops.MaxPoolWithArgmaxV2(2), (p4[0],), ValueError, "For 'MaxPoolWithArgmaxV2'.*dimension"),
    ErrorCase(ops.max_pool2d, (p4, 2, 2, 0, 1, False, 1), TypeError, "For 'MaxPoolWithArgmaxV2'.*'ceil_mode'",
              prim="MaxPoolWithArgmaxV2"),
    ErrorCase(lambda: ops.MaxPool3DWithArgmax(2, 2, 0, data_format="NDHWC"), (), ValueError,
              "For 'MaxPool3DWithArgmax'.*'data_format'", prim="MaxPool3DWithArgmax"),
    ErrorCase(ops.MaxPool3DWithArgmax(2, 2, 0), (p4,), ValueError, "For 'MaxPool3DWithArgmax'.*dimension"),
    # -- pooling gradients
    ErrorCase(ops.MaxPoolGrad(3, 2, "same"), (p4, None, rand(2, 3, 4, 5)), ValueError, "For 'MaxPoolGrad'.*'grad'"),
    ErrorCase(ops.MaxPoolGrad(3, 2), (p4[0], None, grad4_same), ValueError, "For 'MaxPoolGrad'.*dimension"),
    ErrorCase(ops.AvgPoolGrad(3, 2, "same"), (p4, None, grad4_same.astype(np.float64)), TypeError,
              "For 'AvgPoolGrad'.*'grad'"),
    ErrorCase(ops.MaxPool3DGrad(2, 2), (p4, None, grad4_same), ValueError, "For 'MaxPool3DGrad'.*dimension"),
    ErrorCase(ops.AvgPool3DGrad(3, 2, 1), ((1, 2, 5, 6), grad5), ValueError, "For 'AvgPool3DGrad'"),
    ErrorCase(ops.AvgPool3DGrad(3, 2, 1), ((1, 2, 5, 6, 7), grad5), ValueError, "For 'AvgPool3DGrad'.*'grad'"),
    # -- adaptive pooling
    ErrorCase(ops.AdaptiveAvgPool1D(), (p3, (2, 2)), ValueError, "For 'AdaptiveAvgPool1D'.*'output_size'"),
    ErrorCase(ops.AdaptiveMaxPool1D(), (ints4[0], 2), TypeError, "For 'AdaptiveMaxPool1D'.*dtype"),
    ErrorCase(ops.adaptive_avg_pool1d, (p3, 3), ValueError, "For 'adaptive_avg_pool1d'.*multiple",
              prim="AdaptiveAvgPool1D"),
    ErrorCase(ops.adaptive_max_pool1d, (p4, 2), ValueError, "For 'adaptive_max_pool1d'.*3-D",
              prim="AdaptiveMaxPool1D"),
    ErrorCase(lambda: ops.AdaptiveAvgPool2D((3, 3, 3)), (), ValueError, "For 'AdaptiveAvgPool2D'.*'output_size'",
              prim="AdaptiveAvgPool2D"),
    ErrorCase(lambda: ops.AdaptiveAvgPool2D(-1), (), ValueError, "For 'AdaptiveAvgPool2D'.*'output_size'",
              prim="AdaptiveAvgPool2D"),
    ErrorCase(ops.AdaptiveAvgPool2D(2), (ints4,), TypeError, "For 'AdaptiveAvgPool2D'.*dtype"),
    ErrorCase(ops.AdaptiveAvgPool2D(2), (p3[0],), ValueError, "For 'AdaptiveAvgPool2D'.*dimension"),
    ErrorCase(lambda: ops.AdaptiveMaxPool2D(3), (), TypeError, "For 'AdaptiveMaxPool2D'.*'output_size'",
              prim="AdaptiveMaxPool2D"),
    ErrorCase(ops.AdaptiveMaxPool2D((2, 2)), (p5,), ValueError, "For 'AdaptiveMaxPool2D'.*dimension"),
    ErrorCase(lambda: ops.AdaptiveAvgPool3D((2, 2)), (), ValueError, "For 'AdaptiveAvgPool3D'.*'output_size'",
              prim="AdaptiveAvgPool3D"),
    ErrorCase(ops.AdaptiveMaxPool3D(), (p5, (2, 2)), ValueError, "For 'AdaptiveMaxPool3D'.*'output_size'"),
    # -- resizing
    ErrorCase(lambda: ops.ResizeNearestNeighbor(6), (), TypeError, "For 'ResizeNearestNeighbor'.*'size'",
              prim="ResizeNearestNeighbor"),
    ErrorCase(lambda: ops.ResizeNearestNeighbor((6, 7, 8)), (), ValueError, "For 'ResizeNearestNeighbor'.*'size'",
              prim="ResizeNearestNeighbor"),
    ErrorCase(lambda: ops.ResizeNearestNeighbor((6, 7), True, True), (), ValueError,
              "For 'ResizeNearestNeighbor'.*'half_pixel_centers'", prim="ResizeNearestNeighbor"),
    ErrorCase(ops.ResizeNearestNeighbor((6, 7)), (img[0],), ValueError,
              "For 'ResizeNearestNeighbor', the dimension of 'x' must be 4"),
    ErrorCase(ops.ResizeNearestNeighborV2(), (img, (6, 0)), ValueError, "For 'ResizeNearestNeighborV2'.*'size'"),
    ErrorCase(ops.ResizeNearestNeighborV2(), (img, np.array([6.0, 7.0])), TypeError,
              "For 'ResizeNearestNeighborV2'.*'size'"),
    ErrorCase(ops.ResizeBilinear((6, 7)), (ints4,), TypeError, "For 'ResizeBilinear'.*dtype"),
    ErrorCase(lambda: ops.ResizeBilinear((6, 7), align_corners=1), (), TypeError, "For 'ResizeBilinear'",
              prim="ResizeBilinear"),
    ErrorCase(lambda: ops.ResizeBilinearV2(True, True), (), ValueError, "For 'ResizeBilinearV2'",
              prim="ResizeBilinearV2"),
    ErrorCase(ops.ResizeBilinearV2(), (img[0], (6, 7)), ValueError, "For 'ResizeBilinearV2'.*dimension"),
    ErrorCase(ops.ResizeBilinearV2(), (img, (6,)), ValueError, "For 'ResizeBilinearV2'.*'size'"),
    ErrorCase(ops.ResizeBicubic(), (ints4, (6, 7)), TypeError, "For 'ResizeBicubic'.*dtype"),
    ErrorCase(lambda: ops.ResizeLinear1D("foo"), (), ValueError,
              "For 'ResizeLinear1D'.*'coordinate_transformation_mode'", prim="ResizeLinear1D"),
    ErrorCase(ops.ResizeLinear1D(), (img, (6,)), ValueError, "For 'ResizeLinear1D'.*dimension"),
    ErrorCase(ops.UpsampleNearest3D(), (vol,), ValueError, "For 'UpsampleNearest3D'.*exactly one"),
    ErrorCase(ops.UpsampleNearest3D(), (vol, (2, 3)), ValueError, "For 'UpsampleNearest3D'.*'output_size'"),
    ErrorCase(ops.UpsampleTrilinear3D(), (vol, (4, 5, 6), (1.0, 2.0, 2.0)), ValueError,
              "For 'UpsampleTrilinear3D'.*exactly one"),
    ErrorCase(ops.UpsampleTrilinear3D(), (img, (4, 5, 6)), ValueError, "For 'UpsampleTrilinear3D'.*dimension"),
    ErrorCase(lambda: ops.UpsampleTrilinear3D(align_corners=None), (), TypeError, "For 'UpsampleTrilinear3D'",
              prim="UpsampleTrilinear3D"),
    # -- interpolate
    ErrorCase(lambda: ops.interpolate(ms.Tensor(img), size=(8, 11), mode="foo"), (), ValueError,
              "For 'interpolate', the 'mode'"),
    ErrorCase(lambda: ops.interpolate(ms.Tensor(img), scale_factor=2.0), (), ValueError,
              "For 'interpolate'.*'scale_factor'"),
    ErrorCase(lambda: ops.interpolate(ms.Tensor(img), size=(8, 11), scale_factor=2.0), (), ValueError,
              "For 'interpolate'.*exactly one"),
    ErrorCase(lambda: ops.interpolate(ms.Tensor(img)), (), ValueError, "For 'interpolate'.*exactly one"),
    ErrorCase(lambda: ops.interpolate(ms.Tensor(line), size=8, mode="bilinear"), (), ValueError,
              "For 'interpolate'.*bilinear"),
    ErrorCase(lambda: ops.interpolate(ms.Tensor(img), size=(8, 11), align_corners=True), (), ValueError,
              "For 'interpolate'.*'align_corners'"),
    ErrorCase(lambda: ops.interpolate(ms.Tensor(img), size=(8,)), (), ValueError, "For 'interpolate'.*'size'"),
    ErrorCase(lambda: ops.interpolate(img, size=(8, 11)), (), TypeError, "For 'interpolate'.*Tensor"),
    # -- gradient helpers
    ErrorCase(ops.MaxPoolGradGrad(3, 2, "same"), (p4, None, grad4_same), ValueError,
              "For 'MaxPoolGradGrad'.*'grad'"),
    ErrorCase(ops.MaxPool3DGradGrad(2, 2), (p4, None, p4), ValueError, "For 'MaxPool3DGradGrad'.*dimension"),
    ErrorCase(ops.MaxPoolGradWithArgmax(3, 2, "same"), (p4, gsame4, where_same4_chw.astype(np.float32)), TypeError,
              "For 'MaxPoolGradWithArgmax'.*'argmax'"),
    ErrorCase(ops.MaxPoolGradWithArgmaxV2(3, 2, 1), (p4, gceil4, where_ceil4), ValueError,
              "For 'MaxPoolGradWithArgmaxV2'.*'grad'"),
    ErrorCase(ops.MaxPoolGradWithArgmaxV2(3, 2, 1, ceil_mode=True), (p4, gceil4, where_ceil4[..., :-1]), ValueError,
              "For 'MaxPoolGradWithArgmaxV2'.*'argmax'"),
    ErrorCase(ops.MaxPool3DGradWithArgmax(2, 2, 0), (p4, grad4_same, where_same4), ValueError,
              "For 'MaxPool3DGradWithArgmax'.*dimension"),
    ErrorCase(ops.AdaptiveMaxPool1DGrad(), (rand(2, 3, 3), p3, where_adaptive3[..., :2]), ValueError,
              "For 'AdaptiveMaxPool1DGrad'.*'argmax'"),
    ErrorCase(ops.AdaptiveMaxPool2DGrad(), (rand(2, 3, 3, 5, dtype=np.float64), p4, where_adaptive4), TypeError,
              "For 'AdaptiveMaxPool2DGrad'.*'y_grad'"),
    ErrorCase(ops.AdaptiveMaxPool2DGrad(), (rand(2, 2, 3, 5), p4, where_adaptive4[:, :2]), ValueError,
              "For 'AdaptiveMaxPool2DGrad'.*'y_grad'"),
    ErrorCase(ops.AdaptiveMaxPool3DGrad(), (rand(2, 3, 3), p3, where_adaptive3), ValueError,
              "For 'AdaptiveMaxPool3DGrad'.*dimension"),
    ErrorCase(ops.AdaptiveAvgPool1DGrad(), (rand(2, 3, 3), (2, 3)), ValueError,
              "For 'AdaptiveAvgPool1DGrad'.*'orig_input_shape'"),
    ErrorCase(ops.AdaptiveAvgPool2DGrad(), (ints4, (1, 2, 7, 8)), TypeError, "For 'AdaptiveAvgPool2DGrad'.*dtype"),
    ErrorCase(ops.AdaptiveAvgPool3DGrad(), (rand(1, 2, 2, 4, 3), (1, 3, 5, 6, 7)), ValueError,
              "For 'AdaptiveAvgPool3DGrad'.*'orig_input_shape'"),
    ErrorCase(ops.AvgPool1DGrad(), (rand(2, 3, 4), p3, 3, 2, 1, True), ValueError, "For 'AvgPool1DGrad'.*'grad'"),
    ErrorCase(ops.AvgPool2DGrad(), (rand(2, 3, 3, 3), p4, (3, 3, 3)), ValueError,
              "For 'AvgPool2DGrad'.*'kernel_size'"),
    ErrorCase(ops.AvgPool2DGrad(), (rand(2, 3, 3, 3, dtype=np.float64), p4, 3), TypeError,
              "For 'AvgPool2DGrad'.*'grad'"),
    ErrorCase(ops.ResizeNearestNeighborGrad(), (rand(2, 3, 8), (5, 7)), ValueError,
              "For 'ResizeNearestNeighborGrad', the dimension of 'grads' must be 4"),
    ErrorCase(ops.ResizeNearestNeighborV2Grad(), (rand(2, 3, 8, 11), (5, 0)), ValueError,
              "For 'ResizeNearestNeighborV2Grad'.*'size'"),
    ErrorCase(lambda: ops.ResizeBilinearGrad(True, True), (), ValueError, "For 'ResizeBilinearGrad'",
              prim="ResizeBilinearGrad"),
    ErrorCase(ops.ResizeBilinearGrad(), (rand(1, 3, 8, 11), img), ValueError, "For 'ResizeBilinearGrad'.*channel"),
    ErrorCase(ops.ResizeBicubicGrad(), (rand(2, 3, 8, 11, dtype=np.float64), img), TypeError,
              "For 'ResizeBicubicGrad'.*'grads'"),
    ErrorCase(ops.ResizeLinear1DGrad(), (rand(2, 3, 8), img), ValueError,
              "For 'ResizeLinear1DGrad', the dimension of 'x' must be 3"),
    ErrorCase(ops.UpsampleNearest3DGrad(), (rand(1, 2, 5, 7, 8), (1, 2, 3, 4, 5), (5, 7, 9)), ValueError,
              "For 'UpsampleNearest3DGrad'.*'dy'"),
    ErrorCase(ops.UpsampleTrilinear3DGrad(), (rand(1, 2, 5, 7, 8), (1, 2, 3, 4)), ValueError,
              "For 'UpsampleTrilinear3DGrad'.*'input_size'"),
]


GRAPH_CONSTANT_INPUTS = {
    "AdaptiveAvgPool2DGrad[(2, 3, 3, 5),(4,)]": VALUE_DEPENDENT_SHAPE,
    "AdaptiveMaxPool3D[(1, 2, 5, 6, 7),(3,)]": VALUE_DEPENDENT_SHAPE,
    "Conv2DTranspose[(2, 6, 7, 7),(6, 2, 3, 3),(4,)]": VALUE_DEPENDENT_SHAPE,
    "ResizeBicubic[(2, 3, 5, 7),(2,)]": VALUE_DEPENDENT_SHAPE,
    "ResizeNearestNeighborGrad[(2, 3, 3, 4),(2,)]": VALUE_DEPENDENT_SHAPE,
    "ResizeNearestNeighborV2[(2, 3, 5, 7),(2,)]": VALUE_DEPENDENT_SHAPE,
    "UpsampleTrilinear3DGrad[(1, 2, 5, 7, 8),tuple,(3,)]": VALUE_DEPENDENT_SHAPE,
}


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)


def test_seed_maxpool_same_pads_bottom_right():
    data = ms.Tensor(np.arange(9).reshape(1, 1, 3, 3).astype(np.float32))
    out = ops.MaxPool(kernel_size=2, strides=2, pad_mode="same")(data)
    np.testing.assert_array_equal(out.asnumpy(), [[[[4, 5], [7, 8]]]])
    out = ops.MaxPool(kernel_size=2, strides=2, pad_mode="valid")(data)
    np.testing.assert_array_equal(out.asnumpy(), [[[[4]]]])


def test_attributes_follow_mindspore():
    conv = ops.Conv2D(6, 3, pad_mode="SAME", stride=(1, 1, 2, 2))
    assert (conv.kernel_size, conv.stride, conv.pad_mode, conv.group) == ((3, 3), (2, 2), "same", 1)
    pool = ops.MaxPool(2, 2, "same")
    assert (pool.kernel_size, pool.strides, pool.pad_mode) == ((2, 2), (2, 2), "SAME")
    assert ops.Conv2DTranspose is not ops.Conv2DBackpropInput
    assert issubclass(ops.Conv2DTranspose, ops.Conv2DBackpropInput)


def test_functional_primitives_are_shared():
    x, w = ms.Tensor(x4), ms.Tensor(w4)
    ops.conv2d(x, w, pad_mode="same")
    ops.conv2d(x, w, pad_mode="same")
    ops.max_pool2d(ms.Tensor(p4), 2)
    before = conv_func._cached.cache_info().currsize
    ops.conv2d(x, w, pad_mode="same")
    ops.max_pool2d(ms.Tensor(p4), 2)
    assert conv_func._cached.cache_info().currsize == before


@pytest.mark.skipif(not hasattr(ops, "BiasAdd"), reason="BiasAdd (nn family) is not implemented yet")
def test_conv_functions_add_bias():
    bias = rand(6)
    out = ops.conv2d(ms.Tensor(x4), ms.Tensor(w4), ms.Tensor(bias), pad_mode="same")
    want = conv_ref(x4, w4, (1, 1), (1, 1), [(1, 1), (1, 1)]) + bias.reshape(1, -1, 1, 1)
    np.testing.assert_allclose(out.asnumpy(), want, **F32)
    out = ops.conv1d(ms.Tensor(x3), ms.Tensor(w3), ms.Tensor(bias))
    np.testing.assert_allclose(out.asnumpy(), conv_ref(x3, w3, (1,), (1,), [(0, 0)]) + bias.reshape(1, -1, 1),
                               **F32)


def test_conv_bias_shape_is_checked():
    with pytest.raises(ValueError, match="For 'conv2d'.*'bias'"):
        ops.conv2d(ms.Tensor(x4), ms.Tensor(w4), ms.Tensor(rand(5)))


def test_max_pool_indices_point_at_the_maxima():
    x = ms.Tensor(p4)
    values, indices = ops.max_pool2d(x, 3, 2, 1, return_indices=True)
    flat = p4.reshape(2, 3, -1)
    gathered = np.take_along_axis(flat, indices.asnumpy().reshape(2, 3, -1), axis=-1)
    np.testing.assert_array_equal(gathered.reshape(values.shape), values.asnumpy())
