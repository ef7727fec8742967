"""The vision functions of `ops` composed of other primitives (vision_func.py): sampling
grids and bounding boxes, against NumPy float64 references and MindSpore 2.7.1's printed
values, and bad input."""
import itertools
import math

import numpy as np

import spore as ms
from spore import ops

from .op_testing import ErrorCase, OpCase, rand, run_case, run_error_case

F16, F32, F64 = np.float16, np.float32, np.float64


# ---- references ---------------------------------------------------------------------------
def _positions(size, align_corners):
    if size == 1:
        return np.zeros(1)
    if align_corners:
        return np.linspace(-1, 1, size)
    return (np.arange(size) * 2 + 1) / size - 1


def _affine_grid(size, align_corners):
    def reference(theta):
        spatial = size[2:]
        mesh = np.meshgrid(*[_positions(s, align_corners) for s in spatial], indexing="ij")
        points = np.stack(list(reversed(mesh)) + [np.ones_like(mesh[0])], -1)
        return np.einsum("...k,nck->n...c", points, theta).astype(theta.dtype)
    return reference


def _reflect(c, low, high):
    span = high - low
    if span <= 0:
        return 0.0
    d = abs(c - low)
    flips = math.floor(d / span)
    extra = d - flips * span
    return extra + low if flips % 2 == 0 else span - extra + low


def _unnormalize(g, size, padding, align):
    c = (g + 1) / 2 * (size - 1) if align else ((g + 1) * size - 1) / 2
    if padding == "reflection":
        c = _reflect(c, 0, size - 1) if align else _reflect(c, -0.5, size - 0.5)
    if padding != "zeros":
        c = min(max(c, 0), size - 1)
    return c


def _grid_sample(mode, padding, align):
    """Point by point: each output point's value from the corners around it."""
    def reference(x, grid):
        n, c, *spatial = x.shape
        rank = len(spatial)
        out = np.zeros((n, c) + grid.shape[1:-1])
        for b in range(n):
            for pos in np.ndindex(*grid.shape[1:-1]):
                coords = [_unnormalize(grid[(b,) + pos + (rank - 1 - d,)], spatial[d], padding, align)
                          for d in range(rank)]
                if mode == "nearest":
                    corners = [[(math.floor(abs(v) + 0.5) * (1 if v >= 0 else -1), 1.0)] for v in coords]
                else:
                    corners = [[(math.floor(v), 1 - (v - math.floor(v))), (math.floor(v) + 1, v - math.floor(v))]
                               for v in coords]
                for corner in itertools.product(*corners):
                    index = tuple(i for i, _ in corner)
                    if all(0 <= i < s for i, s in zip(index, spatial)):
                        out[(b, slice(None)) + pos] += x[(b, slice(None)) + index] * np.prod([w for _, w in corner])
        return out.astype(x.dtype)
    return reference


def _iou(mode):
    def reference(anchors, gts):
        out = np.zeros((len(gts), len(anchors)))
        for i, g in enumerate(gts):
            for j, a in enumerate(anchors):
                w = max(min(a[2], g[2]) - max(a[0], g[0]) + 1, 0)
                h = max(min(a[3], g[3]) - max(a[1], g[1]) + 1, 0)
                area_g = (g[2] - g[0] + 1) * (g[3] - g[1] + 1)
                area_a = (a[2] - a[0] + 1) * (a[3] - a[1] + 1)
                out[i, j] = w * h / (area_g if mode == "iof" else area_a + area_g - w * h)
        return out.astype(anchors.dtype)
    return reference


def _boxes(n, dtype=F32):
    corner = rand(n, 2, dtype=F64, low=0, high=20)
    size = rand(n, 2, dtype=F64, low=1, high=10)
    return np.concatenate([corner, corner + size], 1).astype(dtype)


def _centres(b):
    return (b[:, 0] + b[:, 2]) / 2, (b[:, 1] + b[:, 3]) / 2, b[:, 2] - b[:, 0] + 1, b[:, 3] - b[:, 1] + 1


def _encode(means, stds):
    def reference(anchors, gts):
        px, py, pw, ph = _centres(anchors)
        gx, gy, gw, gh = _centres(gts)
        d = np.stack([(gx - px) / pw, (gy - py) / ph, np.log(gw / pw), np.log(gh / ph)], 1)
        return ((d - np.array(means)) / np.array(stds)).astype(anchors.dtype)
    return reference


def _decode(max_shape, means, stds, clip):
    def reference(anchors, deltas):
        d = deltas * np.array(stds) + np.array(means)
        limit = abs(math.log(clip))
        dw, dh = np.clip(d[:, 2], -limit, limit), np.clip(d[:, 3], -limit, limit)
        px, py, pw, ph = _centres(anchors)
        cx, cy, w, h = px + pw * d[:, 0], py + ph * d[:, 1], pw * np.exp(dw), ph * np.exp(dh)
        x1, x2 = np.clip(cx - w / 2 + 0.5, 0, max_shape[1]), np.clip(cx + w / 2 - 0.5, 0, max_shape[1])
        y1, y2 = np.clip(cy - h / 2 + 0.5, 0, max_shape[0]), np.clip(cy + h / 2 - 0.5, 0, max_shape[0])
        return np.stack([x1, y1, x2, y2], 1).astype(anchors.dtype)
    return reference


def _crop_and_resize(crop_size, method, extrapolation):
    def reference(image, boxes, indices):
        _, h, w, c = image.shape
        ch, cw = crop_size
        out = np.zeros((len(boxes), ch, cw, c))
        for n, (y1, x1, y2, x2) in enumerate(boxes.astype(F64)):
            for i in range(ch):
                y = (y1 + (y2 - y1) * i / (ch - 1)) * (h - 1) if ch > 1 else 0.5 * (y1 + y2) * (h - 1)
                for j in range(cw):
                    x = (x1 + (x2 - x1) * j / (cw - 1)) * (w - 1) if cw > 1 else 0.5 * (x1 + x2) * (w - 1)
                    if not (0 <= y <= h - 1 and 0 <= x <= w - 1):
                        out[n, i, j] = extrapolation
                        continue
                    img = image[indices[n]].astype(F64)
                    if method == "nearest":
                        out[n, i, j] = img[math.floor(y + 0.5), math.floor(x + 0.5)]
                        continue
                    t, b = math.floor(y), min(math.floor(y) + 1, h - 1)
                    left, right = math.floor(x), min(math.floor(x) + 1, w - 1)
                    dy, dx = y - math.floor(y), x - math.floor(x)
                    top = img[t, left] * (1 - dx) + img[t, right] * dx
                    bottom = img[b, left] * (1 - dx) + img[b, right] * dx
                    out[n, i, j] = top * (1 - dy) + bottom * dy
        return out.astype(F32)
    return reference


def _mirror_pad(mode):
    def reference(x, paddings):
        return np.pad(x, paddings.tolist(), mode="reflect" if mode == "REFLECT" else "symmetric")
    return reference


def _col2im(kernel, dilation, padding, stride, size):
    def reference(x):
        n, c, _, _ = x.shape
        h, w = size
        out = np.zeros((n, c, h + 2 * padding, w + 2 * padding))
        rows = (h + 2 * padding - dilation * (kernel - 1) - 1) // stride + 1
        cols = (w + 2 * padding - dilation * (kernel - 1) - 1) // stride + 1
        for ki in range(kernel):
            for kj in range(kernel):
                for r in range(rows):
                    for q in range(cols):
                        out[:, :, r * stride + ki * dilation, q * stride + kj * dilation] += \
                            x[:, :, ki * kernel + kj, r * cols + q]
        return out[:, :, padding:padding + h, padding:padding + w].astype(x.dtype)
    return reference


# ---- forward cases ------------------------------------------------------------------------
_THETA2, _THETA3 = rand(2, 2, 3), rand(1, 3, 4)
CASES = []
for _ac in (False, True):
    CASES += [
        OpCase(lambda t, a=_ac: ops.affine_grid(t, (2, 3, 4, 5), a), (_THETA2,), _affine_grid((2, 3, 4, 5), _ac)),
        OpCase(lambda t, a=_ac: ops.affine_grid(t, (2, 1, 1, 3), a), (_THETA2,), _affine_grid((2, 1, 1, 3), _ac)),
        OpCase(lambda t, a=_ac: ops.affine_grid(t, (1, 2, 2, 3, 4), a), (_THETA3,),
               _affine_grid((1, 2, 2, 3, 4), _ac)),
        OpCase(lambda t, a=_ac: ops.affine_grid(t, (2, 3, 4, 5), a), (_THETA2.astype(F64),),
               _affine_grid((2, 3, 4, 5), _ac), rtol=1e-12),
    ]
_IMAGE, _GRID = rand(2, 3, 4, 5), rand(2, 3, 2, 2, low=-1.6, high=1.6)
_VOLUME, _GRID3 = rand(1, 2, 3, 4, 2), rand(1, 2, 2, 1, 3, low=-1.4, high=1.4)
for _mode, _padding, _ac in itertools.product(("bilinear", "nearest"), ("zeros", "border", "reflection"),
                                              (False, True)):
    CASES += [
        OpCase(lambda x, g, m=_mode, p=_padding, a=_ac: ops.grid_sample(x, g, m, p, a), (_IMAGE, _GRID),
               _grid_sample(_mode, _padding, _ac)),
        OpCase(lambda x, g, m=_mode, p=_padding, a=_ac: ops.grid_sample(x, g, m, p, a), (_VOLUME, _GRID3),
               _grid_sample(_mode, _padding, _ac)),
    ]
CASES += [
    OpCase(ops.grid_sample, (_IMAGE.astype(F64), _GRID.astype(F64)), _grid_sample("bilinear", "zeros", False),
           rtol=1e-12, atol=1e-12),
    # MindSpore 2.7.1's values: nearest rounds halves away from zero.
    OpCase(lambda x, g: ops.grid_sample(x, g, "nearest"), (np.arange(4, dtype=F32).reshape(1, 1, 1, 4),
                                                           np.array([[[[-0.5, 0], [0, 0], [0.5, 0]]]], F32)),
           lambda x, g: np.array([[[[1.0, 2.0, 3.0]]]], F32)),
    OpCase(lambda x, g: ops.grid_sample(x, g, "bilinear", "reflection"),
           (np.arange(12, dtype=F32).reshape(1, 1, 3, 4), np.array([[[[-0.9, -0.8], [0.1, 0.3]],
                                                                      [[0.5, -0.2], [1.2, 0.9]]]], F32)),
           lambda x, g: np.array([[[[0.0, 7.5], [5.3, 11.0]]]], F32)),
]
_ANCHORS, _GTS = _boxes(5), _boxes(3)
CASES += [
    OpCase(ops.iou, (_ANCHORS, _GTS), _iou("iou")),
    OpCase(lambda a, g: ops.iou(a, g, "iof"), (_ANCHORS, _GTS), _iou("iof")),
    OpCase(ops.iou, (_ANCHORS.astype(F64), _GTS.astype(F64)), _iou("iou"), rtol=1e-12),
    OpCase(ops.iou, (_ANCHORS.astype(F16), _GTS.astype(F16)), _iou("iou"), rtol=5e-3, atol=5e-3),
    OpCase(ops.bounding_box_encode, (_ANCHORS[:3], _GTS), _encode((0.0,) * 4, (1.0,) * 4)),
    OpCase(lambda a, g: ops.bounding_box_encode(a, g, (0.1, 0.2, 0.0, 0.0), (1.0, 2.0, 0.5, 1.0)),
           (_ANCHORS[:3], _GTS), _encode((0.1, 0.2, 0.0, 0.0), (1.0, 2.0, 0.5, 1.0))),
    OpCase(lambda a, d: ops.bounding_box_decode(a, d, (768, 1280)), (_ANCHORS, rand(5, 4)),
           _decode((768, 1280), (0.0,) * 4, (1.0,) * 4, 0.016)),
    OpCase(lambda a, d: ops.bounding_box_decode(a, d, (10, 6), (0.1, 0.0, 0.0, 0.2), (1.0, 2.0, 0.5, 1.0), 0.1),
           (_ANCHORS, rand(5, 4, low=-6, high=6)), _decode((10, 6), (0.1, 0.0, 0.0, 0.2), (1.0, 2.0, 0.5, 1.0), 0.1)),
]
_BBOXES = np.array([[20, 20, 50, 50], [10, 10, 100, 100], [-1, 5, 20, 20], [5, 5, 5, 20], [0, 0, 79, 59],
                    [0, 0, 80, 59], [0, 0, 79, 60], [0, 0, 79.5, 59.5], [0, -0.5, 10, 10]], F32)
CASES += [  # MindSpore 2.7.1's values
    OpCase(ops.check_valid, (_BBOXES, np.array([60, 80, 1], F32)),
           lambda b, m: np.array([1, 0, 0, 1, 1, 0, 0, 0, 0], bool)),
    OpCase(ops.check_valid, (_BBOXES, np.array([120, 160, 0.5], F16)),
           lambda b, m: np.array([1, 0, 0, 1, 1, 0, 0, 0, 0], bool)),
    OpCase(ops.check_valid, (_BBOXES.astype(np.int16), np.array([60, 80, 1], np.int16)),
           lambda b, m: np.array([1, 0, 0, 1, 1, 0, 0, 1, 1], bool)),
]

_IMAGES = rand(2, 4, 5, 3, low=0, high=10)
_CROPS = np.array([[0.1, 0.2, 0.8, 0.9], [0.0, 0.0, 1.0, 1.0], [0.5, 0.6, 1.2, 0.3], [0.7, 0.1, 0.2, 0.4]], F32)
_CROP_INDICES = np.array([1, 0, 1, 0], np.int32)
for _size, _method, _extrapolation in (((3, 2), "bilinear", 0.0), ((2, 4), "nearest", 0.0),
                                       ((1, 1), "bilinear", 0.0), ((2, 2), "bilinear", 7.0)):
    CASES.append(OpCase(lambda i, b, k, s=_size, m=_method, e=_extrapolation: ops.crop_and_resize(i, b, k, s, m, e),
                        (_IMAGES, _CROPS, _CROP_INDICES), _crop_and_resize(_size, _method, _extrapolation)))
CASES.append(OpCase(lambda i, b, k: ops.crop_and_resize(i, b, k, (2, 3)),
                    (np.arange(60, dtype=np.int32).reshape(1, 4, 5, 3), _CROPS[:2], np.zeros(2, np.int32)),
                    _crop_and_resize((2, 3), "bilinear", 0.0)))
# The paddings and output sizes are values the output shape depends on: graph constants
# (closed over), as in MindSpore's Graph mode.
def _mirror_case(x, paddings, mode):
    constant = ms.Tensor(paddings)
    return OpCase(lambda v: ops.mirror_pad(v, constant, mode), (x,), lambda v: _mirror_pad(mode)(v, paddings))


for _mode in ("REFLECT", "SYMMETRIC"):
    CASES += [
        _mirror_case(rand(2, 3), np.array([[1, 1], [2, 2]], np.int64), _mode),
        _mirror_case(np.arange(24, dtype=np.int32).reshape(2, 3, 4), np.array([[0, 1], [1, 0], [2, 3]], np.int32),
                     _mode),
    ]
CASES += [
    _mirror_case(rand(2, 3), np.array([[2, 2], [3, 0]], np.int64), "SYMMETRIC"),
    OpCase(lambda x: ops.padding(x, 4), (rand(2, 1),), lambda x: np.concatenate([x, np.zeros((2, 3), F32)], 1)),
    OpCase(ops.padding, (np.array([[[3], [4]]], np.int32),),
           lambda x: np.concatenate([x, np.zeros((1, 2, 7), np.int32)], 2)),
    OpCase(lambda x: ops.padding(x, 1), (rand(2, 1),), lambda x: x),
]
_SIZE = np.array([4, 5], np.int32)
_SIZE32, _SIZE64 = ms.Tensor(_SIZE), ms.Tensor(_SIZE.astype(np.int64))
CASES += [
    OpCase(lambda x: ops.col2im(x, _SIZE32, 2, 1, 0, 1), (rand(1, 2, 4, 12),), _col2im(2, 1, 0, 1, (4, 5))),
    OpCase(lambda x: ops.col2im(x, _SIZE32, (2, 2), 2, 1, 1), (rand(2, 1, 4, 20),), _col2im(2, 2, 1, 1, (4, 5))),
    OpCase(lambda x: ops.col2im(x, _SIZE64, 3, 1, 1, 2), (rand(1, 2, 9, 6),), _col2im(3, 1, 1, 2, (4, 5))),
    OpCase(lambda x: x.col2im(_SIZE32, 2, 1, 0, 1), (rand(1, 1, 4, 12, dtype=F64),), _col2im(2, 1, 0, 1, (4, 5))),
]



def test_vision_cases():
    for case in CASES:
        run_case(case)


_BOX = _boxes(2)
ERROR_CASES = [
    ErrorCase(lambda t: ops.affine_grid(t, [1, 1, 2, 3]), (rand(1, 2, 3),), TypeError, "For 'affine_grid', the 'size'"),
    ErrorCase(lambda t: ops.affine_grid(t, (1, 1, 2)), (rand(1, 2, 3),), ValueError,
              "For 'affine_grid', the size of 'size' must be 4 or 5"),
    ErrorCase(lambda t: ops.affine_grid(t, (1, 1, 2, 3)), (np.ones((1, 2, 3), np.int32),), TypeError,
              "For 'affine_grid', the dtype of 'theta'"),
    ErrorCase(lambda t: ops.affine_grid(t, (2, 1, 2, 3)), (rand(1, 2, 3),), ValueError, "the size\\[0\\]"),
    ErrorCase(lambda t: ops.affine_grid(t, (1, 1, 2, 3, 4)), (rand(1, 2, 3),), ValueError,
              "For 'affine_grid', the shape of 'theta'"),
    ErrorCase(lambda t: ops.affine_grid(t, (1, 1, 2, 3), 1), (rand(1, 2, 3),), TypeError,
              "For 'affine_grid', the 'align_corners'"),
    ErrorCase(lambda x, g: ops.grid_sample(x, g, "bicubic"), (_IMAGE, _GRID), ValueError,
              "For 'grid_sample', the 'mode'"),
    ErrorCase(lambda x, g: ops.grid_sample(x, g, "bilinear", "x"), (_IMAGE, _GRID), ValueError,
              "For 'grid_sample', the 'padding_mode'"),
    ErrorCase(ops.grid_sample, (_IMAGE, _GRID.astype(F64)), TypeError, "For 'grid_sample', the dtype of 'grid'"),
    ErrorCase(ops.grid_sample, (np.ones((2, 3, 4, 5), np.int32), _GRID), TypeError,
              "For 'grid_sample', the dtype of 'input'"),
    ErrorCase(ops.grid_sample, (_IMAGE, rand(2, 3, 2, 3)), ValueError, "For 'grid_sample', the last dimension"),
    ErrorCase(ops.grid_sample, (_IMAGE, rand(1, 3, 2, 2)), ValueError, "For 'grid_sample', the first dimension"),
    ErrorCase(ops.grid_sample, (rand(1, 3, 4), rand(1, 3, 2)), ValueError, "For 'grid_sample', 'input' and 'grid'"),
    ErrorCase(lambda x, g: ops.grid_sample(x, g, align_corners=1), (_IMAGE, _GRID), TypeError,
              "For 'grid_sample', the 'align_corners'"),
    ErrorCase(ops.iou, (_BOX.astype(np.int32), _BOX.astype(np.int32)), TypeError, "For 'iou', the dtype"),
    ErrorCase(lambda a, b: ops.iou(a, b, "x"), (_BOX, _BOX), ValueError, "For 'iou', the 'mode'"),
    ErrorCase(ops.iou, (_BOX[:, :3], _BOX), ValueError, r"For 'iou', the 'anchor_boxes' must be of shape \(N, 4\)"),
    ErrorCase(ops.iou, (_BOX, _BOX.astype(F16)), TypeError, "For 'iou', the dtype of 'gt_boxes' must be the same"),
    ErrorCase(ops.iou, ([1.0], _BOX), TypeError, "For 'iou', the 'anchor_boxes' must be a Tensor"),
    ErrorCase(ops.bounding_box_encode, (_boxes(3), _BOX), ValueError,
              "For 'bounding_box_encode', 'anchor_box' and 'groundtruth_box' must have the same first dimension"),
    ErrorCase(lambda a, b: ops.bounding_box_encode(a, b, [0.0] * 4), (_BOX, _BOX), TypeError,
              "For 'bounding_box_encode', the 'means'"),
    ErrorCase(lambda a, b: ops.bounding_box_encode(a, b, (0.0,) * 3), (_BOX, _BOX), ValueError,
              "For 'bounding_box_encode', the 'means' must have 4 elements"),
    ErrorCase(lambda a, b: ops.bounding_box_encode(a, b, (0,) * 4), (_BOX, _BOX), TypeError, r"'means\[0\]'"),
    ErrorCase(ops.bounding_box_encode, (_BOX.astype(np.int32), _BOX), TypeError,
              "For 'bounding_box_encode', the dtype of 'anchor_box'"),
    ErrorCase(lambda a, d: ops.bounding_box_decode(a, d, (10, 6, 3)), (_BOX, _BOX), ValueError,
              "For 'bounding_box_decode', the 'max_shape' must have 2 elements"),
    ErrorCase(lambda a, d: ops.bounding_box_decode(a, d, [10, 6]), (_BOX, _BOX), TypeError,
              "For 'bounding_box_decode', the 'max_shape'"),
    ErrorCase(lambda a, d: ops.bounding_box_decode(a, d, (10.0, 6.0)), (_BOX, _BOX), TypeError, r"'max_shape\[0\]'"),
    ErrorCase(lambda a, d: ops.bounding_box_decode(a, d, (10, 6), wh_ratio_clip=1), (_BOX, _BOX), TypeError,
              "For 'bounding_box_decode', the 'wh_ratio_clip'"),
    ErrorCase(ops.check_valid, (_BBOXES.astype(np.int32), np.array([6, 8, 1], np.int32)), TypeError,
              "For 'check_valid', the dtype of 'bboxes'"),
    ErrorCase(ops.check_valid, (_BBOXES, np.array([6, 8, 1, 1], F32)), ValueError,
              r"For 'check_valid', the shape of 'img_metas' must be \(3,\)"),
    ErrorCase(ops.check_valid, (rand(2, 5), np.array([6, 8, 1], F32)), ValueError,
              r"For 'check_valid', the 'bboxes' must be of shape \(N, 4\)"),
    ErrorCase(ops.crop_and_resize, (_IMAGES, _CROPS, _CROP_INDICES, [2, 2]), TypeError,
              "For 'crop_and_resize', the 'crop_size'"),
    ErrorCase(ops.crop_and_resize, (_IMAGES, _CROPS, _CROP_INDICES, (0, 2)), ValueError,
              "For 'crop_and_resize', the 'crop_size' must be 2 positive ints"),
    ErrorCase(ops.crop_and_resize, (_IMAGES, _CROPS, _CROP_INDICES, (2, 2), "area"), ValueError,
              "For 'crop_and_resize', the 'method'"),
    ErrorCase(ops.crop_and_resize, (_IMAGES, _CROPS, _CROP_INDICES.astype(np.int64), (2, 2)), TypeError,
              "For 'crop_and_resize', the dtype of 'box_indices'"),
    ErrorCase(ops.crop_and_resize, (_IMAGES, _CROPS.astype(F64), _CROP_INDICES, (2, 2)), TypeError,
              "For 'crop_and_resize', the dtype of 'boxes'"),
    ErrorCase(ops.crop_and_resize, (_IMAGES, _CROPS[:, :3], _CROP_INDICES, (2, 2)), ValueError,
              "For 'crop_and_resize', the 'boxes' must be of shape"),
    ErrorCase(ops.crop_and_resize, (_IMAGES, _CROPS, _CROP_INDICES[:2], (2, 2)), ValueError,
              "For 'crop_and_resize', the shape of 'box_indices'"),
    ErrorCase(ops.crop_and_resize, (_IMAGES[0], _CROPS, _CROP_INDICES, (2, 2)), ValueError,
              "For 'crop_and_resize', the 'image' must be 4-D"),
    ErrorCase(lambda x, p: ops.mirror_pad(x, p, "REFLECT"), (rand(2, 3), ((1, 1), (2, 2))), TypeError,
              "For 'mirror_pad', the 'paddings' must be a Tensor"),
    ErrorCase(lambda x, p: ops.mirror_pad(x, p, "REFLECT"), (rand(2, 3), np.array([[2, 2], [2, 2]])), ValueError,
              "For 'mirror_pad', the paddings of axis 0 must be less than its size 2"),
    ErrorCase(lambda x, p: ops.mirror_pad(x, p, "SYMMETRIC"), (rand(2, 3), np.array([[3, 2], [2, 2]])), ValueError,
              "For 'mirror_pad', the paddings of axis 0 must be at most its size 2"),
    ErrorCase(lambda x, p: ops.mirror_pad(x, p, "reflect"), (rand(2, 3), np.array([[1, 1], [2, 2]])), ValueError,
              "For 'mirror_pad', the 'mode'"),
    ErrorCase(lambda x, p: ops.mirror_pad(x, p, "REFLECT"), (rand(2, 3), np.array([[1, 1]])), ValueError,
              r"For 'mirror_pad', the shape of 'paddings' must be \(2, 2\)"),
    ErrorCase(lambda x, p: ops.mirror_pad(x, p, "REFLECT"), (rand(2, 3), np.array([[-1, 1], [0, 0]])), ValueError,
              "For 'mirror_pad', all elements of 'paddings' must be >= 0"),
    ErrorCase(lambda x: ops.padding(x, 4), (rand(2, 2),), ValueError, "For 'padding', the 'x' must have"),
    ErrorCase(lambda x: ops.padding(x, 0), (rand(2, 1),), ValueError, "For 'padding', the 'pad_dim_size' must be"),
    ErrorCase(lambda x: ops.padding(x, 3.0), (rand(2, 1),), TypeError, "For 'padding', the 'pad_dim_size'"),
    ErrorCase(lambda x, s: ops.col2im(x, s, 2, 1, 0, 1), (rand(1, 8, 9), _SIZE), ValueError,
              "For 'col2im', the 'input_x' must be 4-D"),
    ErrorCase(lambda x: ops.col2im(x, (4, 5), 2, 1, 0, 1), (rand(1, 2, 4, 12),), TypeError,
              "For 'col2im', the 'output_size' must be a Tensor"),
    ErrorCase(lambda x, s: ops.col2im(x, s, 2, 1, 0, 1), (rand(1, 2, 3, 12), _SIZE), ValueError,
              "For 'col2im', the size of input_x's dimension 2"),
    ErrorCase(lambda x, s: ops.col2im(x, s, 2, 1, 0, 1), (rand(1, 2, 4, 11), _SIZE), ValueError, "For 'fold'"),
    ErrorCase(lambda x, s: ops.col2im(x, s, 0, 1, 0, 1), (rand(1, 2, 4, 12), _SIZE), ValueError,
              r"For 'col2im', the 'kernel_size\[0\]' must be at least 1"),
    ErrorCase(lambda x, s: ops.col2im(x, s, 2, 1, -1, 1), (rand(1, 2, 4, 12), _SIZE), ValueError,
              r"For 'col2im', the 'padding_value\[0\]' must be at least 0"),
    ErrorCase(lambda x, s: ops.col2im(x, s, 2.0, 1, 0, 1), (rand(1, 2, 4, 12), _SIZE), TypeError,
              "For 'col2im', the 'kernel_size'"),
    ErrorCase(lambda x, s: ops.col2im(x, s, 2, 1, 0, 1), (np.ones((1, 2, 4, 12), np.int32), _SIZE), TypeError,
              "For 'col2im', the dtype of 'input_x'"),
]


def test_vision_errors():
    for case in ERROR_CASES:
        run_error_case(case)


def test_affine_grid_then_grid_sample_with_the_identity_reproduces_the_input():
    image = ms.Tensor(rand(2, 3, 4, 5))
    identity = ms.Tensor(np.tile(np.eye(2, 3, dtype=F32), (2, 1, 1)))
    for align_corners in (False, True):
        grid = ops.affine_grid(identity, (2, 3, 4, 5), align_corners)
        out = ops.grid_sample(image, grid, align_corners=align_corners)
        np.testing.assert_allclose(out.asnumpy(), image.asnumpy(), rtol=1e-5, atol=1e-6)
