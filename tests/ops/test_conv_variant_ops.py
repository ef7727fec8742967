"""DepthwiseConv2dNative and DeformableOffsets: forward against float64 NumPy loops,
DeformableOffsets against values MindSpore 2.7.1 printed (it runs on CPU there), and bad input."""
import numpy as np
import pytest

import spore as ms
from spore.ops import operations as P

from .op_testing import ErrorCase, OpCase, case_id, rand, run_case, run_error_case


def _depthwise(multiplier, kernel, stride=(1, 1), dilation=(1, 1), pads=(0, 0, 0, 0)):
    def reference(x, w):
        xp = np.pad(x.astype(np.float64), ((0, 0), (0, 0), pads[:2], pads[2:]))
        n, c, h, wd = xp.shape
        kh, kw = kernel
        out_h = (h - (kh - 1) * dilation[0] - 1) // stride[0] + 1
        out_w = (wd - (kw - 1) * dilation[1] - 1) // stride[1] + 1
        out = np.zeros((n, c * multiplier, out_h, out_w))
        for ch in range(c):
            for k in range(multiplier):
                for i in range(out_h):
                    for j in range(out_w):
                        rows = i * stride[0] + np.arange(kh) * dilation[0]
                        cols = j * stride[1] + np.arange(kw) * dilation[1]
                        patch = xp[:, ch][:, rows][:, :, cols]
                        out[:, ch * multiplier + k, i, j] = (patch * w[k, ch]).sum((1, 2))
        return out.astype(x.dtype)
    return reference


def _bilinear(image, y, x):
    """image (H, W) at (y, x), zero outside."""
    h, w = image.shape
    y0, x0 = int(np.floor(y)), int(np.floor(x))
    total = 0.0
    for yy in (y0, y0 + 1):
        for xx in (x0, x0 + 1):
            if 0 <= yy < h and 0 <= xx < w:
                total += (1 - abs(y - yy)) * (1 - abs(x - xx)) * image[yy, xx]
    return total


def _deformable_offsets(strides, pads, ksize, dilations=(1, 1, 1, 1), groups=1):
    def reference(x, offsets):
        n, c, h, w = x.shape
        kh, kw = ksize
        out_h, out_w = offsets.shape[2:]
        points = kh * kw
        out = np.zeros((n, c, out_h * kh, out_w * kw))
        for b, ch, i, j, ki, kj in np.ndindex(n, c, out_h, out_w, kh, kw):
            group = ch // (c // groups)
            k = group * points + ki * kw + kj
            dx, dy, mask = (offsets[b, part * groups * points + k, i, j] for part in range(3))
            y = i * strides[2] - pads[0] + ki * dilations[2] + dy
            xx = j * strides[3] - pads[2] + kj * dilations[3] + dx
            out[b, ch, i * kh + ki, j * kw + kj] = _bilinear(x[b, ch].astype(np.float64), y, xx) * mask
        return out.astype(x.dtype)
    return reference


def _offsets(n, groups, ksize, out_size, dtype=np.float32):
    return rand(n, 3 * groups * ksize[0] * ksize[1], *out_size, dtype=dtype, low=-1.5, high=1.5)


F16 = {"rtol": 5e-3, "atol": 5e-3}

CASES = [
    OpCase(P.DepthwiseConv2dNative(1, 3), (rand(2, 3, 5, 5), rand(1, 3, 3, 3)), _depthwise(1, (3, 3)), rtol=1e-5,
           atol=1e-5),
    OpCase(P.DepthwiseConv2dNative(2, (2, 3), pad_mode="pad", pad=(1, 0, 2, 1), stride=2),
           (rand(1, 2, 6, 5, dtype=np.float64), rand(2, 2, 2, 3, dtype=np.float64)),
           _depthwise(2, (2, 3), (2, 2), pads=(1, 0, 2, 1))),
    OpCase(P.DepthwiseConv2dNative(3, 2, dilation=2), (rand(1, 2, 5, 6, dtype=np.float64),
                                                       rand(3, 2, 2, 2, dtype=np.float64)),
           _depthwise(3, (2, 2), dilation=(2, 2))),
    OpCase(P.DepthwiseConv2dNative(2, 3, pad_mode="same"), (rand(1, 2, 4, 4), rand(2, 2, 3, 3)),
           _depthwise(2, (3, 3), pads=(1, 1, 1, 1)), rtol=1e-5, atol=1e-5),
    OpCase(P.DepthwiseConv2dNative(1, 2), (rand(1, 2, 3, 3, dtype=np.float16), rand(1, 2, 2, 2, dtype=np.float16)),
           _depthwise(1, (2, 2)), **F16),
    OpCase(P.DeformableOffsets((1, 1, 1, 1), (0, 0, 0, 0), (3, 3)), (rand(2, 3, 5, 5), _offsets(2, 1, (3, 3), (3, 3))),
           _deformable_offsets((1, 1, 1, 1), (0, 0, 0, 0), (3, 3)), rtol=1e-5, atol=1e-5),
    OpCase(P.DeformableOffsets((1, 1, 2, 1), (1, 0, 1, 2), (2, 3), (1, 1, 1, 2), deformable_groups=2),
           (rand(1, 4, 5, 6), _offsets(1, 2, (2, 3), (3, 5))),
           _deformable_offsets((1, 1, 2, 1), (1, 0, 1, 2), (2, 3), (1, 1, 1, 2), 2), rtol=1e-5, atol=1e-5),
    OpCase(P.DeformableOffsets((1, 1, 1, 1), (0, 0, 0, 0), (2, 2)),
           (rand(1, 2, 3, 3, dtype=np.float16), _offsets(1, 1, (2, 2), (2, 2), np.float16)),
           _deformable_offsets((1, 1, 1, 1), (0, 0, 0, 0), (2, 2)), **F16),
]

# Printed by MindSpore 2.7.1 (CPU) for test_deformable_offsets_values_printed_by_mindspore's inputs.
_MS_DEFORMABLE_OFFSETS = np.array([
    -0.998779, 0.050440, 1.060514, 0.377556, -0.500660, 0.034404, 0.668406, -1.021348, -0.031153, 0.062418,
    0.073801, -0.803424, 0.0, 0.029141, 0.0, -0.093829, 0.823291, 0.489574, -1.094801, -0.192730, 0.394519,
    0.673480, -0.719177, 0.404890, 0.190321, 0.013369, 0.648695, 0.883557, 0.0, -0.283482, 0.0, 0.068760,
]).reshape(1, 2, 4, 4)


def test_deformable_offsets_values_printed_by_mindspore():
    x = (np.sin(np.arange(18)) * 2).astype(np.float32).reshape(1, 2, 3, 3)
    offsets = (np.cos(np.arange(48) * 0.7) * 1.3).astype(np.float32).reshape(1, 12, 2, 2)
    out = P.DeformableOffsets((1, 1, 1, 1), (0, 0, 0, 0), (2, 2))(ms.Tensor(x), ms.Tensor(offsets))
    np.testing.assert_allclose(out.asnumpy(), _MS_DEFORMABLE_OFFSETS, atol=2e-6)


_DW = P.DepthwiseConv2dNative(2, 3)
_DO = P.DeformableOffsets((1, 1, 1, 1), (0, 0, 0, 0), (3, 3))
_X = rand(1, 2, 4, 4)

ERROR_CASES = [
    ErrorCase(lambda: P.DepthwiseConv2dNative(0, 3), (), ValueError, "DepthwiseConv2dNative.*'channel_multiplier'"),
    ErrorCase(lambda: P.DepthwiseConv2dNative(1.5, 3), (), TypeError, "DepthwiseConv2dNative.*'channel_multiplier'"),
    ErrorCase(lambda: P.DepthwiseConv2dNative(2, 3, mode=1), (), ValueError, "DepthwiseConv2dNative.*'mode'.*3"),
    ErrorCase(lambda: P.DepthwiseConv2dNative(2, 3, pad_mode="bad"), (), ValueError,
              "DepthwiseConv2dNative.*'pad_mode'"),
    ErrorCase(lambda: P.DepthwiseConv2dNative(2, 3, pad=1), (), ValueError, "DepthwiseConv2dNative.*'pad'"),
    ErrorCase(lambda: P.DepthwiseConv2dNative(2, 3, dilation=0), (), ValueError, "DepthwiseConv2dNative.*'dilation'"),
    ErrorCase(_DW, (_X, rand(2, 3, 3, 3)), ValueError, "DepthwiseConv2dNative.*'weight'.*\\[2, 2, 3, 3\\]"),
    ErrorCase(_DW, (_X, rand(2, 2, 3, 3, dtype=np.float64)), TypeError, "DepthwiseConv2dNative.*'weight'.*Float32"),
    ErrorCase(_DW, (_X.astype(np.int32), rand(2, 2, 3, 3)), TypeError, "DepthwiseConv2dNative.*'x'"),
    ErrorCase(_DW, (_X[0], rand(2, 2, 3, 3)), ValueError, "DepthwiseConv2dNative.*rank of 'x'"),
    ErrorCase(lambda: P.DeformableOffsets((1, 1), (0, 0, 0, 0), (3, 3)), (), ValueError,
              "DeformableOffsets.*'strides'.*4"),
    ErrorCase(lambda: P.DeformableOffsets([1, 1, 1, 1], (0, 0, 0, 0), (3, 3)), (), TypeError,
              "DeformableOffsets.*'strides'"),
    ErrorCase(lambda: P.DeformableOffsets((1, 1, 1, 1), (0, 0, 0), (3, 3)), (), ValueError,
              "DeformableOffsets.*'pads'"),
    ErrorCase(lambda: P.DeformableOffsets((1, 1, 1, 1), (0, 0, 0, 0), (3, 3), modulated=False), (), ValueError,
              "DeformableOffsets.*'modulated'"),
    ErrorCase(lambda: P.DeformableOffsets((1, 1, 1, 1), (0, 0, 0, 0), (3, 3), deformable_groups=0), (), ValueError,
              "DeformableOffsets.*'deformable_groups'"),
    ErrorCase(_DO, (_X, rand(1, 26, 2, 2)), ValueError, "DeformableOffsets.*'offsets'.*\\[1, 27, 2, 2\\]"),
    ErrorCase(_DO, (_X, rand(1, 27, 3, 2)), ValueError, "DeformableOffsets.*'offsets'"),
    ErrorCase(_DO, (_X[0], rand(1, 27, 2, 2)), ValueError, "DeformableOffsets.*rank of 'x'"),
    ErrorCase(_DO, (_X.astype(np.float64), rand(1, 27, 2, 2, dtype=np.float64)), TypeError,
              "DeformableOffsets.*'x'.*Float64"),
    ErrorCase(_DO, (_X.astype(np.int32), rand(1, 27, 2, 2)), TypeError, "DeformableOffsets.*'x'"),
    ErrorCase(P.DeformableOffsets((1, 1, 1, 1), (0, 0, 0, 0), (3, 3), deformable_groups=3),
              (rand(1, 4, 4, 4), rand(1, 81, 2, 2)), ValueError, "DeformableOffsets.*divisible"),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)
