"""The image and pooling Primitive classes of operations/vision_ops.py (compositions of
other primitives): forward against NumPy float64 references, Python's colorsys and
values MindSpore 2.7.1 prints; attributes in MindSpore's form; bad attributes and
inputs."""
import colorsys

import numpy as np
import pytest

import spore as ms
from spore import ops
from spore._kernels import rng as seed_streams
from spore.ops.primitive import Primitive

from .op_testing import ErrorCase, OpCase, rand, run_case, run_error_case

F16, F32, F64 = np.float16, np.float32, np.float64
_rng = np.random.default_rng(7)


# ---- references -----------------------------------------------------------------------------
def _lrn(radius, bias, alpha, beta):
    def reference(x):
        squares = np.pad(x.astype(F64) ** 2, ((0, 0), (radius, radius), (0, 0), (0, 0)))
        window = sum(squares[:, i:i + x.shape[1]] for i in range(2 * radius + 1))
        return (x / (bias + alpha * window) ** beta).astype(x.dtype)
    return reference


def _patches(k, s, r, same):
    """ExtractImagePatches: patch values ordered (row, column, channel) along the depth."""
    def reference(x):
        n, c, h, w = x.shape
        if same:
            outs = [-(-size // st) for size, st in zip((h, w), s)]
            totals = [max((o - 1) * st + (kk - 1) * rr + 1 - size, 0)
                      for o, st, kk, rr, size in zip(outs, s, k, r, (h, w))]
            x = np.pad(x, ((0, 0), (0, 0), (totals[0] // 2, totals[0] - totals[0] // 2),
                           (totals[1] // 2, totals[1] - totals[1] // 2)))
        else:
            outs = [(size - (kk - 1) * rr - 1) // st + 1 for size, kk, rr, st in zip((h, w), k, r, s)]
        out = np.zeros((n, k[0] * k[1] * c) + tuple(outs), x.dtype)
        for oi, oj, i, j in np.ndindex(outs[0], outs[1], k[0], k[1]):
            depth = (i * k[1] + j) * c
            out[:, depth:depth + c, oi, oj] = x[:, :, oi * s[0] + i * r[0], oj * s[1] + j * r[1]]
        return out
    return reference


def _window_positions(size, k, s, d, p):
    """(out, [(window index, kernel offset, input position)]) along one axis."""
    out = (size + 2 * p - d * (k - 1) - 1) // s + 1
    return out, [(o, i, o * s + i * d - p) for o in range(out) for i in range(k)]


def _im2col(k, s, d, p):
    def reference(x):
        n, c, h, w = x.shape
        out_h, rows = _window_positions(h, k[0], s[0], d[0], p[0])
        out_w, cols = _window_positions(w, k[1], s[1], d[1], p[1])
        out = np.zeros((n, c, k[0] * k[1], out_h * out_w), x.dtype)
        for oh, i, y in rows:
            for ow, j, z in cols:
                if 0 <= y < h and 0 <= z < w:
                    out[:, :, i * k[1] + j, oh * out_w + ow] = x[:, :, y, z]
        return out
    return reference


def _col2im(size, k, s, d, p):
    def reference(x):
        n, c = x.shape[:2]
        out = np.zeros((n, c) + size, x.dtype)
        out_h, rows = _window_positions(size[0], k[0], s[0], d[0], p[0])
        out_w, cols = _window_positions(size[1], k[1], s[1], d[1], p[1])
        for oh, i, y in rows:
            for ow, j, z in cols:
                if 0 <= y < size[0] and 0 <= z < size[1]:
                    out[:, :, y, z] += x[:, :, i * k[1] + j, oh * out_w + ow]
        return out
    return reference


def _unpool(out_spatial):
    def reference(x, argmax):
        n, c = x.shape[:2]
        out = np.zeros((n, c, int(np.prod(out_spatial))), x.dtype)
        np.put_along_axis(out, argmax.reshape(n, c, -1).astype(np.int64), x.reshape(n, c, -1), 2)
        return out.reshape((n, c) + tuple(out_spatial))
    return reference


def _pooled_with_indices(shape, kernel, stride):
    """A max-pool output and its argmax for a random input without ties."""
    x = _rng.permutation(int(np.prod(shape))).reshape(shape).astype(F32)
    rank = len(kernel)
    outs = [(n - k) // st + 1 for n, k, st in zip(shape[2:], kernel, stride)]
    values = np.zeros(shape[:2] + tuple(outs), F32)
    argmax = np.zeros(shape[:2] + tuple(outs), np.int64)
    flat = x.reshape(shape[:2] + (-1,))
    for position in np.ndindex(*outs):
        index = np.array(list(np.ndindex(*kernel))) + np.array(position) * np.array(stride)
        linear = np.ravel_multi_index(tuple(index.T), shape[2:])
        window = flat[:, :, linear]
        values[(slice(None), slice(None)) + position] = window.max(-1)
        argmax[(slice(None), slice(None)) + position] = linear[window.argmax(-1)]
    assert rank == len(outs)
    return values, argmax


def _positions(size, align_corners):
    if size == 1:
        return np.zeros(1)
    return np.linspace(-1, 1, size) if align_corners else (np.arange(size) * 2 + 1) / size - 1


def _affine_grid(size, align_corners):
    def reference(theta):
        mesh = np.meshgrid(*[_positions(s, align_corners) for s in size[2:]], indexing="ij")
        points = np.stack(list(reversed(mesh)) + [np.ones_like(mesh[0])], -1)
        return np.einsum("...k,nck->n...c", points, theta).astype(theta.dtype)
    return reference


def _bilinear_sample(x, grid, align_corners):
    """grid_sample of x (N, C, H, W), zeros padding, bilinear."""
    n, c, h, w = x.shape
    out = np.zeros((n, c) + grid.shape[1:3], x.dtype)
    for b, i, j in np.ndindex(n, *grid.shape[1:3]):
        gx, gy = grid[b, i, j]
        px = (gx + 1) * (w - 1) / 2 if align_corners else ((gx + 1) * w - 1) / 2
        py = (gy + 1) * (h - 1) / 2 if align_corners else ((gy + 1) * h - 1) / 2
        x0, y0 = int(np.floor(px)), int(np.floor(py))
        for yy, xx in ((y0, x0), (y0, x0 + 1), (y0 + 1, x0), (y0 + 1, x0 + 1)):
            if 0 <= yy < h and 0 <= xx < w:
                out[b, :, i, j] += x[b, :, yy, xx] * (1 - abs(px - xx)) * (1 - abs(py - yy))
    return out


def _iou(mode):
    def reference(anchors, gts):
        out = np.zeros((len(gts), len(anchors)), anchors.dtype)
        for g, a in np.ndindex(len(gts), len(anchors)):
            ax1, ay1, ax2, ay2 = anchors[a]
            gx1, gy1, gx2, gy2 = gts[g]
            overlap = max(min(ax2, gx2) - max(ax1, gx1) + 1, 0) * max(min(ay2, gy2) - max(ay1, gy1) + 1, 0)
            gt_area = (gx2 - gx1 + 1) * (gy2 - gy1 + 1)
            union = gt_area if mode == "iof" else (ax2 - ax1 + 1) * (ay2 - ay1 + 1) + gt_area - overlap
            out[g, a] = overlap / union
        return out
    return reference


def _colour(convert):
    def reference(images):
        flat = images.astype(F64).reshape(-1, 3)
        return np.array([convert(*pixel) for pixel in flat]).reshape(images.shape).astype(images.dtype)
    return reference


def _adjusted(change):
    """An RGB -> HSV -> change -> RGB reference."""
    def reference(images, amount):
        def pixel(r, g, b):
            return colorsys.hsv_to_rgb(*change(*colorsys.rgb_to_hsv(r, g, b), float(amount)))
        return _colour(pixel)(images)
    return reference


def _greedy_nms(boxes, order, threshold, limit):
    """The positions of `order` greedy suppression keeps, boxes as (low, low, high, high)."""
    def iou(a, b):
        overlap = max(min(a[2], b[2]) - max(a[0], b[0]), 0) * max(min(a[3], b[3]) - max(a[1], b[1]), 0)
        area = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - overlap
        return overlap / area
    kept = []
    for i in order:
        if len(kept) < limit and all(iou(boxes[i], boxes[k]) <= threshold for k in kept):
            kept.append(i)
    return kept


def _nms_with_mask(threshold):
    def reference(bboxes):
        order = np.argsort(-bboxes[:, 4].astype(F64), kind="stable")
        ordered = bboxes[order]
        kept = _greedy_nms(ordered[:, :4].astype(F64), range(len(order)), threshold, len(order))
        return ordered, np.arange(len(order), dtype=np.int32), np.isin(np.arange(len(order)), kept)
    return reference


def _nms_v3(boxes, scores, max_output_size, iou_threshold, score_threshold):
    corners = np.concatenate([np.minimum(boxes[:, :2], boxes[:, 2:]), np.maximum(boxes[:, :2], boxes[:, 2:])], 1)
    order = [i for i in np.argsort(-scores.astype(F64), kind="stable") if scores[i] > score_threshold]
    return np.array(_greedy_nms(corners.astype(F64), order, float(iou_threshold), max(int(max_output_size), 0)),
                    np.int32)


def _combined_nms(pad_per_class, clip_boxes):
    def reference(boxes, scores, per_class, total, iou_threshold, score_threshold):
        batch, _, shared, _ = boxes.shape
        classes = scores.shape[2]
        size = min(int(total), int(per_class) * classes) if pad_per_class else int(total)
        out = (np.zeros((batch, size, 4), F32), np.zeros((batch, size), F32), np.zeros((batch, size), F32),
               np.zeros(batch, np.int32))
        for b in range(batch):
            picks = []
            for c in range(classes):
                own = boxes[b, :, 0 if shared == 1 else c].astype(F64)
                corners = np.concatenate([np.minimum(own[:, :2], own[:, 2:]), np.maximum(own[:, :2], own[:, 2:])], 1)
                order = [i for i in np.argsort(-scores[b, :, c], kind="stable") if scores[b, i, c] > score_threshold]
                picks += [(scores[b, i, c], c, own[i])
                          for i in _greedy_nms(corners, order, float(iou_threshold), int(per_class))]
            picks = sorted(picks, key=lambda pick: -pick[0])[:size]
            for slot, (score, c, box) in enumerate(picks):
                out[0][b, slot] = np.clip(box, 0, 1) if clip_boxes else box
                out[1][b, slot], out[2][b, slot] = score, c
            out[3][b] = len(picks)
        return out
    return reference


def _glimpse(size, centered, normalized):
    """Glimpses with zero fill: corner = trunc(offset (scaled, centred) - size / 2)."""
    def reference(x, offsets):
        batch, height, width, channels = x.shape
        out = np.zeros((batch,) + size + (channels,), x.dtype)
        for b in range(batch):
            corner = []
            for offset, extent, glimpse in zip(offsets[b].astype(F32), (height, width), size):
                if normalized:
                    offset = offset * extent
                if centered:
                    offset = offset / 2 + extent / 2
                corner.append(int(offset - glimpse / 2))
            for i, j in np.ndindex(*size):
                y, z = corner[0] + i, corner[1] + j
                if 0 <= y < height and 0 <= z < width:
                    out[b, i, j] = x[b, y, z]
        return out
    return reference


def _lanczos3(x):
    return 1.0 if x == 0 else (3 * np.sin(np.pi * x) * np.sin(np.pi * x / 3) / (np.pi * x) ** 2 if x < 3 else 0.0)


def _scale_translate(size, scale, translation, kernel, radius, antialias):
    """Each output pixel's value: the kernel-weighted mean of the input pixels around
    its sample point ((i + 0.5 - translation) / scale), zero when that point is outside."""
    def axis_weights(n, out, s, t):
        widen = max(1 / s, 1.0) if antialias else 1.0
        m = np.zeros((out, n))
        for i in range(out):
            point = (i + 0.5 - t) / s
            if 0 <= point <= n:
                for p in range(n):
                    if abs(p + 0.5 - point) <= radius * widen:
                        m[i, p] = kernel(abs(p + 0.5 - point) / widen)
                m[i] /= m[i].sum()
        return m

    def reference(images):
        rows = axis_weights(images.shape[1], size[0], scale[0], translation[0])
        cols = axis_weights(images.shape[2], size[1], scale[1], translation[1])
        return np.einsum("oh,nhwc,pw->nopc", rows, images.astype(F64), cols).astype(F32)
    return reference


def _scaled(kernel_type, antialias, size, scale, translation):
    op = ops.ScaleAndTranslate(kernel_type, antialias)
    arrays = (ms.Tensor(np.array(size, np.int32)), ms.Tensor(np.array(scale, F32)),
              ms.Tensor(np.array(translation, F32)))
    return lambda images: op(images, *arrays)


def _roi_align(pooled, scale, samples, end_mode):
    """ROIAlign: bins of bilinear samples (clipped into the map, zero beyond a pixel
    outside it), regions (x1, y1, x2 [+ 1], y2 [+ 1]) * scale."""
    def sample(plane, y, x):
        h, w = plane.shape[-2:]
        if y < -1 or y > h or x < -1 or x > w:
            return 0.0
        y, x = min(max(y, 0), h - 1), min(max(x, 0), w - 1)
        y0, x0 = int(np.floor(y)), int(np.floor(x))
        y1, x1 = min(y0 + 1, h - 1), min(x0 + 1, w - 1)
        ly, lx = y - y0, x - x0
        return ((1 - ly) * (1 - lx) * plane[..., y0, x0] + (1 - ly) * lx * plane[..., y0, x1]
                + ly * (1 - lx) * plane[..., y1, x0] + ly * lx * plane[..., y1, x1])

    def reference(features, rois):
        out = np.zeros((len(rois), features.shape[1]) + pooled)
        for n, roi in enumerate(rois.astype(F64)):
            x1, y1, x2, y2 = roi[1:] * scale + np.array([0, 0, scale, scale]) * end_mode
            h, w = max(y2 - y1, 1 - end_mode), max(x2 - x1, 1 - end_mode)
            sy = samples or max(int(np.ceil(h / pooled[0])), 1)
            sx = samples or max(int(np.ceil(w / pooled[1])), 1)
            for i, j, a, b in np.ndindex(pooled[0], pooled[1], sy, sx):
                y = y1 + (i + (a + 0.5) / sy) * h / pooled[0]
                x = x1 + (j + (b + 0.5) / sx) * w / pooled[1]
                out[n, :, i, j] += sample(features[int(roi[0])].astype(F64), y, x) / (sy * sx)
        return out.astype(features.dtype)
    return reference


def _volume_patches(x, k, s):
    """ExtractVolumePatches with 'SAME' padding: patch values ordered (depth, row, column,
    channel)."""
    outs = [-(-n // st) for n, st in zip(x.shape[2:], s)]
    totals = [max((o - 1) * st + kk - n, 0) for o, st, kk, n in zip(outs, s, k, x.shape[2:])]
    x = np.pad(x, ((0, 0), (0, 0)) + tuple((t // 2, t - t // 2) for t in totals))
    c = x.shape[1]
    out = np.zeros((x.shape[0], int(np.prod(k)) * c) + tuple(outs), x.dtype)
    for o, offset in enumerate(np.ndindex(*k)):
        index = tuple(slice(a, a + (n - 1) * st + 1, st) for a, n, st in zip(offset, outs, s))
        out[:, o * c:(o + 1) * c] = x[(slice(None), slice(None)) + index]
    return out


def _dilation(stride, rate, same):
    def reference(x, filters):
        k = filters.shape[1:]
        windows = _patches(k, stride, rate, same)(x.astype(F64))
        if same:  # the padding must never win: -inf where the patches of ones read padding
            inside = _patches(k, stride, rate, True)(np.ones(x.shape))
            windows = np.where(inside == 0, -np.inf, windows)
        n, c = x.shape[:2]
        windows = windows.reshape(n, k[0] * k[1], c, *windows.shape[2:])
        weights = filters.reshape(c, -1).T[None, :, :, None, None]
        return (windows + weights).max(1).astype(x.dtype)
    return reference


def _area_resize(size, align_corners):
    """Area resizing by explicit overlaps of each output pixel's span with input pixels."""
    def weights(n, out):
        scale = (n - 1) / (out - 1) if align_corners and out > 1 else n / out
        m = np.zeros((out, n))
        for i in range(out):
            start, end = i * scale, (i + 1) * scale
            for p in range(int(np.floor(start)), int(np.ceil(end))):
                m[i, min(p, n - 1)] += (min(p + 1, end) - max(p, start)) / scale
        return m

    def reference(images):
        rows, cols = weights(images.shape[1], size[0]), weights(images.shape[2], size[1])
        return np.einsum("oh,nhwc,pw->nopc", rows, images.astype(F64), cols).astype(F32)
    return reference


def _fractional(reduce, overlapping):
    """Fractional pooling of x (N, H, W, C) over windows of H // out_h (W // out_w) rows
    (columns), out = floor(size / ratio), for sizes the ratios divide: the boundaries are
    fixed."""
    def pool(ratio):
        def reference(x):
            n, h, w, c = x.shape
            out_h, out_w = int(h / ratio[1]), int(w / ratio[2])
            rows, cols = np.arange(0, h + 1, h // out_h), np.arange(0, w + 1, w // out_w)
            y = np.zeros((n, out_h, out_w, c), F64)
            for i, j in np.ndindex(out_h, out_w):
                window = x[:, rows[i]:rows[i + 1] + overlapping, cols[j]:cols[j + 1] + overlapping].astype(F64)
                y[:, i, j] = reduce(window.reshape(n, -1, c))
            return y.astype(x.dtype), rows, cols
        return reference
    return pool


def _boxes(n, dtype=F32):
    corners = _rng.uniform(0, 10, (n, 2))
    return np.concatenate([corners, corners + _rng.uniform(1, 6, (n, 2))], 1).astype(dtype)


_PIXELS = np.array([[[[0.2, 0.5, 0.9], [0.0, 0.0, 0.0], [0.7, 0.7, 0.7]],
                     [[0.9, 0.1, 0.4], [0.3, 0.8, 0.2], [0.1, 0.9, 0.5]]]], F32)
_HSV = np.array([[[[0.1, 0.5, 0.9], [0.0, 0.0, 0.0], [0.7, 0.7, 0.7]],
                  [[0.95, 1.0, 0.4], [0.5, 0.8, 0.2], [0.4, 0.3, 0.6]]]], F32)
_POOLED_2D = _pooled_with_indices((2, 3, 4, 6), (2, 2), (2, 2))
_POOLED_3D = _pooled_with_indices((1, 2, 4, 4, 4), (2, 2, 2), (2, 2, 2))
_OUTPUT_SIZE = ms.Tensor(np.array([5, 6], np.int32))
_FRACTIONAL_INPUT = np.array([0.3220, 0.9545, 0.7879, 0.0975, 0.3698, 0.5135, 0.5740, 0.3435, 0.1895, 0.8764,
                              0.9581, 0.4760, 0.9014, 0.8522, 0.3664, 0.4980, 0.9673, 0.9879, 0.6988, 0.9022,
                              0.9304, 0.1558, 0.0153, 0.1559, 0.9852], F32).reshape(1, 1, 5, 5)
_CROP_IMAGE = np.arange(16, dtype=F32).reshape(1, 4, 4, 1)
_DETECTIONS = np.concatenate([_rng.uniform(0, 6, (12, 2)), _rng.uniform(0, 6, (12, 2)) + 4,
                              _rng.permutation(12)[:, None] / 12], 1).astype(F32)
_V3_BOXES = np.array([[1, 2, 3, 4], [1, 3, 3, 4], [1, 3, 4, 4], [1, 1, 4, 4], [1, 1, 3, 4]], F32)
_V3_SCORES = np.array([0.4, 0.5, 0.72, 0.9, 0.45], F32)
_V3 = ops.NonMaxSuppressionV3()
_WITH_OVERLAPS = ops.NonMaxSuppressionWithOverlaps()
_OVERLAPS = np.array([[0.6964692, 0.28613934, 0.22685145, 0.5513148], [0.71946895, 0.42310646, 0.9807642, 0.6848297],
                      [0.4809319, 0.39211753, 0.343178, 0.7290497], [0.43857226, 0.059677895, 0.39804426, 0.7379954]],
                     F32)
_OVERLAP_SCORES = np.array([0.18249173, 0.17545176, 0.53155136, 0.53182757], F32)
_FEATURES = np.arange(2 * 2 * 6 * 6, dtype=F32).reshape(2, 2, 6, 6)
_ROIS = np.array([[0, 0.5, 1.0, 4.2, 3.7], [1, 2.0, 0.3, 5.5, 5.0], [0, -1.5, -1.2, 0.2, 0.3],
                  [1, 4.5, 4.2, 7.5, 7.5]], F32)
_AREA_IMAGES = np.arange(2 * 4 * 4 * 2, dtype=F32).reshape(2, 4, 4, 2)
_CORNERS = _rng.uniform(0, 1, (2, 7, 1, 2))
_CLASS_BOXES = np.concatenate([_CORNERS, _CORNERS + _rng.uniform(0, 0.5, (2, 7, 1, 2))], -1).astype(F32)
_CLASS_SCORES = _rng.uniform(0, 1, (2, 7, 3)).astype(F32)
_BOX = np.array([[[0.3, 0.1, 0.5, 0.4]]], F32)
_BAD_BOX = np.array([[[0.3, 0.1, 1.5, 0.4]]], F32)


def _suppress(*inputs):
    return _V3(*inputs)


def _suppress_by_overlaps(*inputs):
    return _WITH_OVERLAPS(*inputs)


def _nms_by_overlaps(overlaps, scores, max_output_size, threshold, score_threshold):
    order = [i for i in np.argsort(-scores.astype(F64), kind="stable") if scores[i] > score_threshold]
    kept = []
    for i in order:
        if len(kept) < max(int(max_output_size), 0) and all(overlaps[i, k] <= threshold for k in kept):
            kept.append(i)
    return np.array(kept, np.int32)


# ---- cases ----------------------------------------------------------------------------------
CASES = [
    # LRN
    OpCase(ops.LRN(), (rand(2, 7, 3, 3),), _lrn(5, 1.0, 1.0, 0.5)),
    OpCase(ops.LRN(1, 1.0, 0.5, 0.75), (rand(1, 3, 2, 2),), _lrn(1, 1.0, 0.5, 0.75)),
    OpCase(ops.LRN(2, 2.0, 0.1, 0.5), (rand(1, 4, 2, 2, dtype=F16),), _lrn(2, 2.0, 0.1, 0.5), rtol=1e-3,
           atol=1e-3),
    # ExtractImagePatches
    OpCase(ops.ExtractImagePatches((1, 1, 2, 2), (1, 1, 1, 1), (1, 1, 1, 1)), (rand(2, 3, 4, 5),),
           _patches((2, 2), (1, 1), (1, 1), False)),
    OpCase(ops.ExtractImagePatches((3, 2), (2, 1), (1, 2), "same"), (rand(1, 2, 6, 7, dtype=F64),),
           _patches((3, 2), (2, 1), (1, 2), True)),
    OpCase(ops.ExtractImagePatches([2, 2], [2, 2], [2, 2], "VALID"), (rand(1, 1, 6, 6, dtype=np.int32, high=9),),
           _patches((2, 2), (2, 2), (2, 2), False)),
    # Im2Col, Col2Im
    OpCase(ops.Im2Col(2), (np.arange(9, dtype=F32).reshape(1, 1, 3, 3),), _im2col((2, 2), (1, 1), (1, 1), (0, 0))),
    OpCase(ops.Im2Col((2, 3), 2, (1, 2), (1, 0)), (rand(2, 3, 5, 7, dtype=F64),),
           _im2col((2, 3), (2, 2), (1, 2), (1, 0))),
    OpCase(ops.Im2Col(3, pads=1), (rand(1, 2, 4, 4, dtype=np.int32, high=9),), _im2col((3, 3), (1, 1), (1, 1), (1, 1))),
    OpCase(lambda x: ops.Col2Im(2, 1, 1, 2)(x, _OUTPUT_SIZE), (rand(1, 2, 4, 12, dtype=F64),),
           _col2im((5, 6), (2, 2), (2, 2), (1, 1), (1, 1)), rtol=1e-12, prim="Col2Im"),
    OpCase(lambda x: ops.Col2Im((2, 3), 2, 0, 1)(x, _OUTPUT_SIZE), (rand(2, 1, 6, 6, dtype=F32),),
           _col2im((5, 6), (2, 3), (1, 1), (2, 2), (0, 0)), prim="Col2Im"),
    # MaxUnpool2D, MaxUnpool3D
    OpCase(ops.MaxUnpool2D(2), _POOLED_2D, _unpool((4, 6))),
    OpCase(ops.MaxUnpool2D((1, 1, 2, 2), strides=(2, 2), output_shape=(2, 3, 5, 7)), _POOLED_2D, _unpool((5, 7))),
    OpCase(ops.MaxUnpool2D(2, data_format="NHWC"), tuple(np.transpose(a, (0, 2, 3, 1)) for a in _POOLED_2D),
           lambda x, i: np.transpose(_unpool((4, 6))(np.transpose(x, (0, 3, 1, 2)), np.transpose(i, (0, 3, 1, 2))),
                                     (0, 2, 3, 1))),
    OpCase(ops.MaxUnpool2D(1, 1, 0), (np.array([[[[0, 1], [8, 9]]]], F32), np.array([[[[0, 1], [2, 3]]]], np.int32)),
           lambda x, i: np.array([[[[0, 1], [8, 9]]]], F32)),
    OpCase(ops.MaxUnpool3D(2), _POOLED_3D, _unpool((4, 4, 4))),
    OpCase(ops.MaxUnpool3D(2, 2, 0, (1, 2, 5, 4, 5)), _POOLED_3D, _unpool((5, 4, 5))),
    # fractional max pooling with a fixed kernel (values MindSpore 2.7.1 prints)
    OpCase(lambda x, s: ops.FractionalMaxPoolWithFixedKsize((2, 2), (2, 2))(x, s),
           (_FRACTIONAL_INPUT, np.array([[[0.8, 0.8]]], F32)),
           lambda x, s: (np.array([[[[0.9545, 0.8764], [0.9673, 0.9852]]]], F32),
                         np.array([[[[1, 9], [16, 24]]]], np.int64)), prim="FractionalMaxPoolWithFixedKsize"),
    OpCase(lambda x, s: ops.FractionalMaxPool3DWithFixedKsize((1, 1, 1), (1, 1, 2))(x, s),
           (np.arange(1, 17, dtype=F32).reshape(1, 1, 2, 2, 4), np.full((1, 1, 3), 0.7, F32)),
           lambda x, s: (np.array([13, 16], F32).reshape(1, 1, 1, 1, 2), np.array([12, 15]).reshape(1, 1, 1, 1, 2)),
           prim="FractionalMaxPool3DWithFixedKsize"),
    OpCase(lambda x, s: ops.FractionalMaxPool3DWithFixedKsize(1, (1, 1, 2))(x, s),
           (np.arange(1, 17, dtype=F32).reshape(1, 2, 2, 4), np.full((1, 1, 3), 0.7, F32)),
           lambda x, s: (np.array([13, 16], F32).reshape(1, 1, 1, 2), np.array([12, 15]).reshape(1, 1, 1, 2)),
           prim="FractionalMaxPool3DWithFixedKsize"),
    # AffineGrid, GridSampler2D / 3D
    OpCase(lambda t: ops.AffineGrid()(t, (2, 1, 3, 4)), (rand(2, 2, 3),), _affine_grid((2, 1, 3, 4), False),
           prim="AffineGrid"),
    OpCase(lambda t: ops.AffineGrid(True)(t, (1, 2, 2, 3, 2)), (rand(1, 3, 4, dtype=F64),),
           _affine_grid((1, 2, 2, 3, 2), True), rtol=1e-12, prim="AffineGrid"),
    OpCase(ops.GridSampler2D(), (rand(2, 3, 4, 5, dtype=F64), rand(2, 3, 2, 2, dtype=F64, low=-1.2, high=1.2)),
           lambda x, g: _bilinear_sample(x, g, False), rtol=1e-12),
    OpCase(ops.GridSampler2D("bilinear", "zeros", True), (rand(1, 2, 3, 3), rand(1, 2, 2, 2)),
           lambda x, g: _bilinear_sample(x, g, True)),
    OpCase(ops.GridSampler2D("nearest"), (np.arange(16, dtype=F32).reshape(1, 1, 4, 4),
                                          np.array([[[[-0.6, -0.6], [0.1, 0.6]]]], F32)),
           lambda x, g: np.array([[[[0.0, 14.0]]]], F32)),
    # a 3-D grid of one depth slice through a depth-1 volume samples as the 2-D one
    OpCase(lambda x, g: ops.GridSampler3D()(x, ops.concat((g, ops.zeros(g.shape[:-1] + (1,), g.dtype)), -1)),
           (rand(1, 2, 1, 3, 3, dtype=F64), rand(1, 1, 2, 2, 2, dtype=F64)),
           lambda x, g: _bilinear_sample(x[:, :, 0], g[:, 0], False)[:, :, None], rtol=1e-12, prim="GridSampler3D"),
    # CropAndResize
    OpCase(lambda i: ops.CropAndResize()(i, ms.Tensor(np.array([[0, 0, 1, 1], [0.5, 0, 1, 0.5]], F32)),
                                         ms.Tensor(np.array([0, 0], np.int32)), (2, 2)),
           (_CROP_IMAGE,), lambda i: np.array([[0, 3, 12, 15], [6, 7.5, 12, 13.5]], F32).reshape(2, 2, 2, 1),
           prim="CropAndResize"),
    OpCase(lambda i: ops.CropAndResize("nearest", 9.0)(i, ms.Tensor(np.array([[0, 0, 0.5, 2]], F32)),
                                                       ms.Tensor(np.array([0], np.int32)), (2, 2)),
           (_CROP_IMAGE,), lambda i: np.array([0, 9, 8, 9], F32).reshape(1, 2, 2, 1), prim="CropAndResize"),
    # bounding boxes (values MindSpore 2.7.1 prints)
    OpCase(ops.IOU(), (_boxes(4), _boxes(3)), _iou("iou")),
    OpCase(ops.IOU("iof"), (_boxes(2, F64), _boxes(3, F64)), _iou("iof"), rtol=1e-12),
    OpCase(ops.IOU(), (np.array([[0, 0, 2, 2], [1, 1, 3, 3]], F32), np.array([[0, 0, 2, 2]], F32)),
           lambda a, g: np.array([[1.0, 2 / 7]], F32)),
    OpCase(ops.BoundingBoxEncode(), (np.array([[2, 2, 2, 3], [2, 2, 2, 3]], F32),
                                     np.array([[1, 2, 1, 4], [1, 2, 1, 4]], F32)),
           lambda a, g: np.array([[-1, 0.25, 0, np.log(1.5)]] * 2, F32)),
    OpCase(ops.BoundingBoxDecode((768, 1280)), (np.array([[4, 1, 2, 1], [2, 2, 2, 3]], F32),
                                                np.array([[3, 1, 2, 2], [1, 2, 1, 4]], F32)),
           lambda a, d: np.array([[4.194528, 0, 0, 5.194528], [2.140859, 0, 3.859141, 60.59815]], F32)),
    OpCase(ops.CheckValid(), (np.linspace(0, 10, 12, dtype=F32).reshape(3, 4), np.array([2, 1, 3], F32)),
           lambda b, m: np.array([True, False, False])),
    # colour spaces
    OpCase(ops.RGBToHSV(), (_PIXELS,), _colour(colorsys.rgb_to_hsv)),
    OpCase(ops.RGBToHSV(), (rand(4, 3, dtype=F64, low=0, high=1),), _colour(colorsys.rgb_to_hsv), rtol=1e-12),
    OpCase(ops.RGBToHSV(), (_PIXELS.astype(F16),), _colour(colorsys.rgb_to_hsv), rtol=1e-3, atol=1e-3),
    OpCase(ops.HSVToRGB(), (_HSV,), _colour(colorsys.hsv_to_rgb)),
    OpCase(ops.HSVToRGB(), (rand(2, 3, 2, 3, dtype=F64, low=0, high=1),), _colour(colorsys.hsv_to_rgb), rtol=1e-12),
    OpCase(lambda x: ops.AdjustHue()(x, ms.Tensor(0.2, ms.float32)), (_PIXELS,),
           lambda x: _adjusted(lambda h, s, v, d: ((h + d) % 1, s, v))(x, 0.2), atol=1e-6, prim="AdjustHue"),
    OpCase(lambda x: ops.AdjustHue()(x, ms.Tensor(-0.7, ms.float64)), (rand(2, 2, 3, dtype=F64, low=0, high=1),),
           lambda x: _adjusted(lambda h, s, v, d: ((h + d) % 1, s, v))(x, -0.7), rtol=1e-12, prim="AdjustHue"),
    OpCase(lambda x: ops.AdjustSaturation()(x, ms.Tensor(1.5, ms.float32)), (_PIXELS,),
           lambda x: _adjusted(lambda h, s, v, k: (h, min(s * k, 1.0), v))(x, 1.5), atol=1e-6, prim="AdjustSaturation"),
    OpCase(lambda x: ops.AdjustSaturation()(x, ms.Tensor(0.3, ms.float64)),
           (rand(1, 2, 2, 3, dtype=F64, low=0, high=1),),
           lambda x: _adjusted(lambda h, s, v, k: (h, s * k, v))(x, 0.3), rtol=1e-12, prim="AdjustSaturation"),
    # non-maximum suppression (the example MindSpore 2.7.1 documents, and random boxes)
    OpCase(ops.NMSWithMask(0.1), (np.array([[100, 100, 150, 168, 0.63], [150, 75, 315, 190, 0.55],
                                            [12, 190, 300, 390, 0.9], [28, 130, 134, 302, 0.3]], F32),),
           lambda b: (b[[2, 0, 1, 3]], np.arange(4, dtype=np.int32), np.array([True, True, True, False]))),
    OpCase(ops.NMSWithMask(), (_DETECTIONS,), _nms_with_mask(0.5)),
    OpCase(ops.NMSWithMask(0.3), (_DETECTIONS.astype(F16),), _nms_with_mask(0.3)),
    # (called through a function: the count of kept boxes, the output's length, is known
    # only when the kernel has run, so infer says -1)
    OpCase(_suppress, (_V3_BOXES, _V3_SCORES, np.array(5, np.int32), np.array(0.5, F32), np.array(0, F32)),
           lambda *a: np.array([3, 2, 0], np.int32), prim="NonMaxSuppressionV3"),
    OpCase(_suppress, (_DETECTIONS[:, [1, 0, 3, 2]], _DETECTIONS[:, 4], np.array(4, np.int64), np.array(0.3, F32),
                       np.array(0.2, F32)), _nms_v3, prim="NonMaxSuppressionV3"),
    OpCase(lambda b, s: _suppress(b, s, 20, 0.6, 0.0),
           (_DETECTIONS[:, [2, 3, 0, 1]].astype(F16), _DETECTIONS[:, 4].astype(F16)),
           lambda b, s: _nms_v3(b, s, 20, 0.6, 0.0), prim="NonMaxSuppressionV3"),
    OpCase(_suppress, (_V3_BOXES, _V3_SCORES, np.array(-1, np.int32), np.array(0.5, F32), np.array(0, F32)),
           lambda *a: np.zeros(0, np.int32), prim="NonMaxSuppressionV3"),
    # the example MindSpore 2.7.1 documents, and random overlaps
    OpCase(_suppress_by_overlaps, (_OVERLAPS, _OVERLAP_SCORES, np.array(4, np.int32), np.array(0.1, F32),
                                   np.array(0.2, F32)), lambda *a: np.array([3], np.int32),
           prim="NonMaxSuppressionWithOverlaps"),
    OpCase(_suppress_by_overlaps, (rand(9, 9, low=0, high=1), rand(9, low=0, high=1), np.array(5, np.int64),
                                   np.array(0.6, F32), np.array(0.1, F32)), _nms_by_overlaps,
           prim="NonMaxSuppressionWithOverlaps"),
    OpCase(_suppress_by_overlaps, (rand(6, 6, low=0, high=1, dtype=F16), rand(6, low=0, high=1, dtype=F16),
                                   np.array(2, np.int32), np.array(0.8, F16), np.array(0.0, F16)), _nms_by_overlaps,
           prim="NonMaxSuppressionWithOverlaps"),
    # CombinedNonMaxSuppression (the example MindSpore 2.7.1 documents, and random boxes)
    OpCase(ops.CombinedNonMaxSuppression(), (np.array([[[[200, 100, 150, 100]], [[220, 120, 150, 100]],
                                                        [[190, 110, 150, 100]], [[210, 112, 150, 100]]]], F32),
                                             np.array([[[0.2, 0.7, 0.1], [0.1, 0.8, 0.1], [0.3, 0.6, 0.1],
                                                        [0.05, 0.9, 0.05]]], F32),
                                             np.array(4, np.int32), np.array(1, np.int32), np.array(0, F32),
                                             np.array(0, F32)),
           lambda *a: (np.ones((1, 1, 4), F32), np.array([[0.9]], F32), np.array([[1.0]], F32),
                       np.array([1], np.int32))),
    OpCase(ops.CombinedNonMaxSuppression(), (_CLASS_BOXES, _CLASS_SCORES, np.array(2, np.int32), np.array(5, np.int32),
                                             np.array(0.3, F32), np.array(0.2, F32)), _combined_nms(False, True)),
    OpCase(ops.CombinedNonMaxSuppression(True, False),
           (_CLASS_BOXES, _CLASS_SCORES, np.array(1, np.int32), np.array(5, np.int32), np.array(0.3, F32),
            np.array(0.2, F32)), _combined_nms(True, False)),
    OpCase(ops.CombinedNonMaxSuppression(),
           (np.concatenate([_CLASS_BOXES] * 3, 2) * 1.5, _CLASS_SCORES, np.array(3, np.int32), np.array(4, np.int32),
            np.array(0.5, F32), np.array(0.0, F32)), _combined_nms(False, True)),
    # ExtractGlimpse with zero fill (the first against values MindSpore 2.7.1 prints)
    OpCase(lambda x, o: ops.ExtractGlimpse(True, True, False, "zero")(x, ms.Tensor(np.array([2, 3], np.int32)), o),
           (np.arange(30, dtype=F32).reshape(1, 5, 6, 1), np.array([[0.5, -0.5]], F32)),
           lambda x, o: np.array([[12, 13, 14], [18, 19, 20]], F32).reshape(1, 2, 3, 1), prim="ExtractGlimpse"),
    OpCase(lambda x, o: ops.ExtractGlimpse(False, False, False, "zero")(x, ms.Tensor(np.array([3, 2], np.int32)), o),
           (rand(3, 5, 6, 2), rand(3, 2, low=-3, high=7)), _glimpse((3, 2), False, False), prim="ExtractGlimpse"),
    OpCase(lambda x, o: ops.ExtractGlimpse(True, False, False, "zero")(x, ms.Tensor(np.array([2, 4], np.int32)), o),
           (rand(2, 5, 6, 1), rand(2, 2, low=-4, high=4)), _glimpse((2, 4), True, False), prim="ExtractGlimpse"),
    OpCase(lambda x, o: ops.ExtractGlimpse(False, True, False, "zero")(x, ms.Tensor(np.array([2, 2], np.int32)), o),
           (rand(2, 5, 6, 1), rand(2, 2, low=-0.2, high=1.1)), _glimpse((2, 2), False, True), prim="ExtractGlimpse"),
    # ScaleAndTranslate (the first three against values MindSpore 2.7.1 prints)
    OpCase(_scaled("lanczos3", True, (2, 2), (1, 1), (1, 1)),
           (np.array([[[[9.0], [5.0], [2.0], [1.0]], [[6.0], [1.0], [9.0], [7.0]]]], F32),),
           lambda x: np.array([[[[0.0], [0.0]], [[0.0], [9.0]]]], F32)),
    OpCase(_scaled("box", True, (2, 2), (0.6, 0.5), (0.0, 0.0)), (np.arange(12, dtype=F32).reshape(1, 3, 4, 1),),
           lambda x: np.array([[2.5, 4.5], [8.5, 10.5]], F32).reshape(1, 2, 2, 1), prim="ScaleAndTranslate"),
    OpCase(_scaled("mitchellcubic", True, (2, 3), (0.7, 0.8), (0.1, 0.1)),
           (np.arange(12, dtype=np.int32).reshape(1, 3, 4, 1),),
           lambda x: np.array([[1.11577, 2.20882, 3.49253], [6.00233, 7.09538, 8.37909]], F32).reshape(1, 2, 3, 1),
           rtol=1e-4),
    OpCase(_scaled("lanczos3", True, (3, 4), (0.6, 0.55), (0.2, -0.3)), (rand(2, 5, 7, 2),),
           _scale_translate((3, 4), (0.6, 0.55), (0.2, -0.3), _lanczos3, 3.0, True), rtol=1e-4, atol=1e-5),
    OpCase(_scaled("triangle", False, (8, 9), (1.7, 1.3), (0.5, 0.7)), (rand(1, 5, 7, 1, dtype=F64),),
           _scale_translate((8, 9), (1.7, 1.3), (0.5, 0.7), lambda d: max(1 - d, 0.0), 1.0, False), rtol=1e-5,
           atol=1e-6),
    # SampleDistortedBoundingBoxV2 when no crop satisfies the constraints: the whole image
    OpCase(ops.SampleDistortedBoundingBoxV2(area_range=(0.05, 0.06), max_attempts=5),
           (np.array([640, 480, 3], np.int32), np.array([[[0.38, 0.17, 0.95, 0.40]]], F32), np.array([1.0], F32)),
           lambda *a: (np.array([0, 0, 0], np.int32), np.array([640, 480, -1], np.int32),
                       np.array([[[0, 0, 1, 1]]], F32))),
    OpCase(ops.SampleDistortedBoundingBoxV2(area_range=(0.05, 0.06), max_attempts=3),
           (np.array([60, 40, 1], np.uint8), np.array([[[0.1, 0.1, 0.9, 0.9]]], F32), np.array([0.9], F32)),
           lambda *a: (np.array([0, 0, 0], np.uint8), np.array([60, 40, 255], np.uint8),
                       np.array([[[0, 0, 1, 1]]], F32))),
    # ChannelShuffle
    OpCase(ops.ChannelShuffle(2), (np.arange(16, dtype=np.int16).reshape(1, 4, 2, 2),),
           lambda x: x[:, [0, 2, 1, 3]]),
    OpCase(ops.ChannelShuffle(3), (rand(2, 6, 2, 3, 1, dtype=F64),), lambda x: x[:, [0, 2, 4, 1, 3, 5]]),
    # ROIAlign (the first against values MindSpore 2.7.1 prints)
    OpCase(ops.ROIAlign(2, 2, 0.5, 2), (np.array([[[[1, 2], [3, 4]]]], F32), np.array([[0, 0.2, 0.3, 0.2, 0.3]], F32)),
           lambda f, r: np.array([[[[1.775, 2.025], [2.275, 2.525]]]], F32)),
    OpCase(ops.ROIAlign(3, 2, 1.0, 2), (_FEATURES, _ROIS), _roi_align((3, 2), 1.0, 2, 1), rtol=1e-5, atol=1e-4),
    OpCase(ops.ROIAlign(2, 3, 0.5, 1, 0), (_FEATURES.astype(F64), _ROIS.astype(F64)), _roi_align((2, 3), 0.5, 1, 0),
           rtol=1e-12),
    OpCase(lambda f: ops.ROIAlign(2, 2, 0.5, 0)(f, ms.Tensor(_ROIS)), (_FEATURES,), lambda f: _roi_align(
        (2, 2), 0.5, 0, 1)(f, _ROIS), rtol=1e-5, atol=1e-4),
    OpCase(ops.ROIAlign(1, 2, 0.25, 3), (_FEATURES.astype(F16), _ROIS.astype(F16)), _roi_align((1, 2), 0.25, 3, 1),
           rtol=2e-3, atol=0.1),
    # ExtractVolumePatches, Dilation2D, ResizeArea
    OpCase(ops.ExtractVolumePatches((1, 1, 1, 2, 2), (1, 1, 1, 1, 1), "VALID"),
           (np.arange(12, dtype=F32).reshape(1, 2, 1, 2, 3),),
           lambda x: np.array([[0, 1], [6, 7], [1, 2], [7, 8], [3, 4], [9, 10], [4, 5], [10, 11]],
                              F32).reshape(1, 8, 1, 1, 2)),
    OpCase(ops.ExtractVolumePatches(2, (2, 1, 2), "SAME"), (rand(1, 2, 3, 4, 3, dtype=F64),),
           lambda x: _volume_patches(x, (2, 2, 2), (2, 1, 2))),
    OpCase(ops.Dilation2D(1, 1), (rand(2, 2, 5, 5), rand(2, 3, 3)), _dilation((1, 1), (1, 1), True)),
    OpCase(ops.Dilation2D((1, 1, 2, 1), (1, 1, 1, 2), "valid"), (rand(1, 3, 6, 7, dtype=F64), rand(3, 2, 2, dtype=F64)),
           _dilation((2, 1), (1, 2), False)),
    OpCase(lambda x: ops.ResizeArea()(x, ms.Tensor(np.array([3, 3], np.int32))), (_AREA_IMAGES,),
           _area_resize((3, 3), False), prim="ResizeArea"),
    OpCase(lambda x: ops.ResizeArea(True)(x, ms.Tensor(np.array([3, 5], np.int32))), (_AREA_IMAGES.astype(np.int32),),
           _area_resize((3, 5), True), prim="ResizeArea"),
    OpCase(lambda x: ops.ResizeArea()(x, ms.Tensor(np.array([2, 2], np.int32))), (_AREA_IMAGES[:1, :, :, :1],),
           lambda x: np.array([[[[5.0], [9.0]], [[21.0], [25.0]]]], F32), prim="ResizeArea"),
    # fractional pooling over sizes the ratios divide (fixed window boundaries)
    OpCase(ops.FractionalMaxPool([1.0, 2.0, 2.0, 1.0]), (rand(2, 4, 6, 3),),
           _fractional(lambda w: w.max(1), 0)([1.0, 2.0, 2.0, 1.0])),
    OpCase(ops.FractionalMaxPool([1.0, 2.0, 3.0, 1.0], overlapping=True, pseudo_random=True),
           (rand(1, 4, 6, 2, dtype=F64),), _fractional(lambda w: w.max(1), 1)([1.0, 2.0, 3.0, 1.0])),
    OpCase(ops.FractionalMaxPool([1.0, 3.0, 2.0, 1.0]), (rand(1, 6, 4, 2, dtype=np.int32, low=-50, high=50),),
           _fractional(lambda w: w.max(1), 0)([1.0, 3.0, 2.0, 1.0])),
    OpCase(ops.FractionalAvgPool([1.0, 2.0, 2.0, 1.0]), (rand(2, 4, 6, 3, dtype=F64),),
           _fractional(lambda w: w.mean(1), 0)([1.0, 2.0, 2.0, 1.0]), rtol=1e-12),
    OpCase(ops.FractionalAvgPool([1.0, 2.0, 2.0, 1.0], overlapping=True), (rand(1, 4, 6, 2),),
           _fractional(lambda w: w.mean(1), 1)([1.0, 2.0, 2.0, 1.0])),
    OpCase(ops.FractionalAvgPool([1.0, 2.0, 2.0, 1.0]), (np.arange(48, dtype=np.int64).reshape(1, 4, 6, 2),),
           _fractional(lambda w: np.trunc(w.mean(1)), 0)([1.0, 2.0, 2.0, 1.0])),
]

_X4 = np.ones((1, 1, 4, 4), F32)
_I4 = np.zeros((1, 1, 4, 4), np.int64)

ERROR_CASES = [
    ErrorCase(lambda: ops.LRN(1.0), (), TypeError, "'depth_radius' must be int"),
    ErrorCase(lambda: ops.LRN(norm_region="LOCAL"), (), ValueError, "'norm_region'"),
    ErrorCase(ops.LRN(), (np.ones((1, 2, 2), F32),), ValueError, "'x' must be 4-D"),
    ErrorCase(ops.LRN(), (np.ones((1, 2, 2, 2), F64),), TypeError, "dtype of 'x'"),
    ErrorCase(lambda: ops.ExtractImagePatches(2, (1, 1), (1, 1)), (), TypeError, "'ksizes' must be a tuple"),
    ErrorCase(lambda: ops.ExtractImagePatches((1, 1, 2), (1, 1), (1, 1)), (), ValueError, "'ksizes' must have"),
    ErrorCase(lambda: ops.ExtractImagePatches((2, 2), (0, 1), (1, 1)), (), ValueError, "'strides' must be at least"),
    ErrorCase(lambda: ops.ExtractImagePatches((2, 2), (1, 1), (1, 1), "FULL"), (), ValueError, "'padding'"),
    ErrorCase(ops.ExtractImagePatches((3, 3), (1, 1), (1, 1)), (np.ones((1, 1, 2, 2), F32),), ValueError,
              "do not fit"),
    ErrorCase(lambda: ops.Im2Col(0), (), ValueError, "'ksizes' must be at least 1"),
    ErrorCase(lambda: ops.Im2Col(2, pads=(1, 0, 1, 0)), (), ValueError, "'pads' must have 2 or 1 elements"),
    ErrorCase(lambda: ops.Im2Col(2.0), (), TypeError, "'ksizes' must be an int or a tuple of ints"),
    ErrorCase(ops.Im2Col(2), (np.ones((1, 4, 4), F32),), ValueError, "'x' must be 4-D"),
    ErrorCase(lambda: ops.Col2Im(2, -1), (), ValueError, "'dilation' must be at least 1", prim="Col2Im"),
    ErrorCase(lambda x: ops.Col2Im(2)(x, _OUTPUT_SIZE), (np.ones((1, 1, 3, 30), F32),), ValueError,
              "kernel's area", prim="Col2Im"),
    ErrorCase(lambda: ops.MaxUnpool2D(2.0), (), TypeError, "'ksize' must be an int or a tuple"),
    ErrorCase(lambda: ops.MaxUnpool2D(0), (), ValueError, "'ksize' must be at least 1"),
    ErrorCase(lambda: ops.MaxUnpool2D(2, output_shape=(4, 4)), (), ValueError, "'output_shape' must be empty or"),
    ErrorCase(lambda: ops.MaxUnpool3D(2, data_format="NCHW"), (), ValueError, "'data_format'", prim="MaxUnpool3D"),
    ErrorCase(ops.MaxUnpool2D(2), (_X4[0], _I4[0]), ValueError, "'x' must be 4-D"),
    ErrorCase(ops.MaxUnpool2D(2), (_X4, _X4), TypeError, "dtype of 'argmax'"),
    ErrorCase(ops.MaxUnpool2D(2), (_X4, _I4[..., :3]), ValueError, "shape of 'argmax'"),
    ErrorCase(lambda: ops.FractionalMaxPoolWithFixedKsize(2, (2, 2, 2)), (), ValueError,
              "'output_shape' must have 2", prim="FractionalMaxPoolWithFixedKsize"),
    ErrorCase(lambda: ops.FractionalMaxPool3DWithFixedKsize(2, 2, "NDHWC"), (), ValueError, "'data_format'",
              prim="FractionalMaxPool3DWithFixedKsize"),
    ErrorCase(lambda x, s: ops.FractionalMaxPoolWithFixedKsize(2, 2)(x, s), (_X4[0], np.ones((1, 1, 2), F32)),
              ValueError, "'input_x' must be 4-D", prim="FractionalMaxPoolWithFixedKsize"),
    ErrorCase(lambda x, s: ops.FractionalMaxPoolWithFixedKsize(2, 2)(x, s), (_X4, np.ones((1, 1, 2), np.int32)),
              TypeError, "dtype of 'random_samples'", prim="FractionalMaxPoolWithFixedKsize"),
    ErrorCase(lambda: ops.AffineGrid(1), (), TypeError, "'align_corners' must be bool", prim="AffineGrid"),
    ErrorCase(lambda t: ops.AffineGrid()(t, (1, 1, 2, 2)), (np.ones((1, 3, 4), F32),), ValueError,
              "shape of 'theta'", prim="AffineGrid"),
    ErrorCase(lambda: ops.GridSampler2D("bicubic"), (), ValueError, "'interpolation_mode'", prim="GridSampler2D"),
    ErrorCase(lambda: ops.GridSampler3D(padding_mode="circular"), (), ValueError, "'padding_mode'",
              prim="GridSampler3D"),
    ErrorCase(ops.GridSampler3D(), (_X4, np.zeros((1, 2, 2, 2), F32)), ValueError, "'input_x' must be 5-D"),
    ErrorCase(lambda: ops.CropAndResize("cubic"), (), ValueError, "'method'", prim="CropAndResize"),
    ErrorCase(lambda: ops.CropAndResize(extrapolation_value=1), (), TypeError, "'extrapolation_value' must be float",
              prim="CropAndResize"),
    ErrorCase(lambda: ops.IOU("giou"), (), KeyError, "only 'iou' or 'iof'"),
    ErrorCase(ops.IOU(), (np.ones((2, 3), F32), np.ones((2, 4), F32)), ValueError, "shape"),
    ErrorCase(lambda: ops.BoundingBoxEncode(means=(0, 0, 0, 0)), (), ValueError, "'means' must be 4 floats",
              prim="BoundingBoxEncode"),
    ErrorCase(lambda: ops.BoundingBoxDecode(None), (), TypeError, "'max_shape' must be tuple",
              prim="BoundingBoxDecode"),
    ErrorCase(lambda: ops.BoundingBoxDecode((4, 4), wh_ratio_clip=1), (), TypeError, "'wh_ratio_clip' must be float",
              prim="BoundingBoxDecode"),
    ErrorCase(ops.CheckValid(), (np.ones((2, 4), F32), np.ones((2,), F32)), ValueError, "'img_metas'"),
    ErrorCase(ops.RGBToHSV(), (np.ones((2, 3), np.int32),), TypeError, "dtype of 'images'"),
    ErrorCase(ops.RGBToHSV(), (np.ones((2, 4), F32),), ValueError, "last dimension of 'images' must be 3"),
    ErrorCase(ops.HSVToRGB(), (np.ones((2, 2, 3), F32),), ValueError, "'x' must be 4-D"),
    ErrorCase(lambda x: ops.AdjustHue()(x, 0.2), (_PIXELS,), TypeError, "'delta' must be a Tensor", prim="AdjustHue"),
    ErrorCase(lambda x: ops.AdjustHue()(x, ms.Tensor(0.2)), (_PIXELS[0, 0],), ValueError, "at least 3-D",
              prim="AdjustHue"),
    ErrorCase(lambda x: ops.AdjustSaturation()(x, ms.Tensor([1.5])), (_PIXELS,), ValueError, "0-D Tensor",
              prim="AdjustSaturation"),
    ErrorCase(lambda: ops.NMSWithMask(1), (), TypeError, "'iou_threshold' must be float"),
    ErrorCase(ops.NMSWithMask(), (np.ones((3, 4), F32),), ValueError, r"shape \(N, 5\)"),
    ErrorCase(ops.NMSWithMask(), (np.ones((3, 5), F64),), TypeError, "dtype of 'bboxes'"),
    ErrorCase(ops.NMSWithMask(), (np.ones((0, 5), F32),), ValueError, "at least one box"),
    ErrorCase(ops.NonMaxSuppressionV3(), (_V3_BOXES, _V3_SCORES.astype(F16), np.array(5, np.int32),
                                          np.array(0.5, F32), np.array(0, F32)), TypeError, "dtype of 'scores'"),
    ErrorCase(ops.NonMaxSuppressionV3(), (_V3_BOXES[:, :3], _V3_SCORES, np.array(5, np.int32), np.array(0.5, F32),
                                          np.array(0, F32)), ValueError, "'boxes' must have shape"),
    ErrorCase(ops.NonMaxSuppressionV3(), (_V3_BOXES, _V3_SCORES[:4], np.array(5, np.int32), np.array(0.5, F32),
                                          np.array(0, F32)), ValueError, "'scores' must have shape"),
    ErrorCase(ops.NonMaxSuppressionV3(), (_V3_BOXES, _V3_SCORES, np.array(5.0, F32), np.array(0.5, F32),
                                          np.array(0, F32)), TypeError, "dtype of 'max_output_size'"),
    ErrorCase(ops.NonMaxSuppressionV3(), (_V3_BOXES, _V3_SCORES, np.array([5], np.int32), np.array(0.5, F32),
                                          np.array(0, F32)), ValueError, "'max_output_size' must be a 0-D"),
    ErrorCase(ops.NonMaxSuppressionV3(), (_V3_BOXES, _V3_SCORES, np.array(5, np.int32), np.array(0.5, F32),
                                          np.array(0, F16)), TypeError, "must be the same"),
    ErrorCase(_WITH_OVERLAPS, (_OVERLAPS, _OVERLAP_SCORES, 4, np.array(0.5, F32), np.array(0, F32)), TypeError,
              "'max_output_size' must be a Tensor"),
    ErrorCase(_WITH_OVERLAPS, (_OVERLAPS.astype(F16), _OVERLAP_SCORES, np.array(4, np.int32), np.array(0.5, F32),
                               np.array(0, F32)), TypeError, "dtype of 'scores' must be the same"),
    ErrorCase(_WITH_OVERLAPS, (_OVERLAPS[:3], _OVERLAP_SCORES, np.array(4, np.int32), np.array(0.5, F32),
                               np.array(0, F32)), ValueError, "square matrix"),
    ErrorCase(lambda: ops.CombinedNonMaxSuppression(1), (), TypeError, "'pad_per_class' must be bool"),
    ErrorCase(ops.CombinedNonMaxSuppression(), (_CLASS_BOXES[..., :3], _CLASS_SCORES, np.array(2, np.int32),
                                                np.array(5, np.int32), np.array(0.3, F32), np.array(0.2, F32)),
              ValueError, "'boxes' must have shape"),
    ErrorCase(ops.CombinedNonMaxSuppression(), (np.concatenate([_CLASS_BOXES] * 2, 2), _CLASS_SCORES,
                                                np.array(2, np.int32), np.array(5, np.int32), np.array(0.3, F32),
                                                np.array(0.2, F32)), ValueError, "must be 1 or num_classes"),
    ErrorCase(ops.CombinedNonMaxSuppression(), (_CLASS_BOXES, _CLASS_SCORES[:1], np.array(2, np.int32),
                                                np.array(5, np.int32), np.array(0.3, F32), np.array(0.2, F32)),
              ValueError, "'scores' must have shape"),
    ErrorCase(ops.CombinedNonMaxSuppression(), (_CLASS_BOXES, _CLASS_SCORES, np.array(2, np.int64),
                                                np.array(5, np.int32), np.array(0.3, F32), np.array(0.2, F32)),
              TypeError, "dtype of 'max_output_size_per_class'"),
    ErrorCase(ops.CombinedNonMaxSuppression(), (_CLASS_BOXES, _CLASS_SCORES, np.array(2, np.int32),
                                                np.array(0, np.int32), np.array(0.3, F32), np.array(0.2, F32)),
              ValueError, "must be positive"),
    ErrorCase(lambda: ops.ExtractGlimpse(noise="zero"), (), ValueError, "must be uniform when uniform_noise",
              prim="ExtractGlimpse"),
    ErrorCase(lambda: ops.ExtractGlimpse(False, False, False, "poisson"), (), ValueError, "'noise'",
              prim="ExtractGlimpse"),
    ErrorCase(ops.ExtractGlimpse(), (np.ones((1, 4, 4, 1), F64), np.array([2, 2], np.int32), np.zeros((1, 2), F32)),
              TypeError, "dtype of 'x'"),
    ErrorCase(ops.ExtractGlimpse(), (np.ones((1, 4, 4, 1), F32), np.array([2, 2], np.int32), np.zeros((2, 2), F32)),
              ValueError, "'offsets' must have shape"),
    ErrorCase(ops.ExtractGlimpse(), (np.ones((1, 4, 4, 1), F32), np.array([0, 2], np.int32), np.zeros((1, 2), F32)),
              ValueError, "must be positive"),
    ErrorCase(lambda: ops.ScaleAndTranslate("bicubic"), (), ValueError, "'kernel_type'", prim="ScaleAndTranslate"),
    ErrorCase(lambda: ops.ScaleAndTranslate(antialias=1), (), TypeError, "'antialias' must be bool",
              prim="ScaleAndTranslate"),
    ErrorCase(ops.ScaleAndTranslate(), (np.ones((1, 3, 3, 1), F32), np.array([2, 2], np.int64), np.ones(2, F32),
                                        np.zeros(2, F32)), TypeError, "dtype of 'size'"),
    ErrorCase(ops.ScaleAndTranslate(), (np.ones((1, 3, 3, 1), F32), np.array([2, 2], np.int32), np.ones(3, F32),
                                        np.zeros(2, F32)), ValueError, r"'scale' must have shape \(2,\)"),
    ErrorCase(ops.ScaleAndTranslate(), (np.ones((1, 3, 3, 1), F32), np.array([2, 2], np.int32), np.zeros(2, F32),
                                        np.zeros(2, F32)), ValueError, "'scale' must be positive"),
    ErrorCase(ops.ScaleAndTranslate(), (np.ones((3, 3, 1), F32), np.array([2, 2], np.int32), np.ones(2, F32),
                                        np.zeros(2, F32)), ValueError, "'images' must be 4-D"),
    ErrorCase(lambda: ops.SampleDistortedBoundingBoxV2(aspect_ratio_range=(1.0, 0.5)), (), ValueError,
              "second value of 'aspect_ratio_range'"),
    ErrorCase(lambda: ops.SampleDistortedBoundingBoxV2(area_range=(0.0, 0.5)), (), ValueError, r"\(0.0, 1.0\]"),
    ErrorCase(lambda: ops.SampleDistortedBoundingBoxV2(area_range=(1, 2)), (), TypeError, "must hold floats"),
    ErrorCase(lambda: ops.SampleDistortedBoundingBoxV2(max_attempts=0), (), ValueError, "'max_attempts'"),
    ErrorCase(ops.SampleDistortedBoundingBoxV2(), (np.array([64, 48, 3], np.int32), np.zeros((1, 0, 4), F32),
                                                   np.array([0.5], F32)), ValueError, "no bounding boxes"),
    ErrorCase(ops.SampleDistortedBoundingBoxV2(), (np.array([64, 48, 3], np.int32), _BAD_BOX, np.array([0.5], F32)),
              RuntimeError, r"in range \[0.0, 1.0\]"),
    ErrorCase(ops.SampleDistortedBoundingBoxV2(), (np.array([64, 48], np.int32), _BOX, np.array([0.5], F32)),
              ValueError, "3 elements"),
    ErrorCase(ops.SampleDistortedBoundingBoxV2(), (np.array([64, 48, 3], F32), _BOX, np.array([0.5], F32)),
              TypeError, "dtype of 'image_size'"),
    ErrorCase(ops.SampleDistortedBoundingBoxV2(), (np.array([64, 48, 3], np.int32),
                                                   np.array([[[0.3, 0.1, 0.5, 0.4]]], F32), np.array([1.5], F32)),
              RuntimeError, "'min_object_covered' must be in range"),
    ErrorCase(lambda: ops.ChannelShuffle(0), (), ValueError, "'group' must be positive"),
    ErrorCase(lambda: ops.ChannelShuffle(2.0), (), TypeError, "'group' must be int"),
    ErrorCase(ops.ChannelShuffle(2), (np.ones((4, 2, 2), F32),), TypeError, "more than 3 dimensions"),
    ErrorCase(ops.ChannelShuffle(3), (np.ones((1, 4, 2, 2), F32),), ValueError, "channel"),
    ErrorCase(lambda: ops.ROIAlign(2, 2, 1), (), TypeError, "'spatial_scale' must be float"),
    ErrorCase(lambda: ops.ROIAlign(2.0, 2, 0.5), (), TypeError, "'pooled_height' must be int"),
    ErrorCase(lambda: ops.ROIAlign(0, 2, 0.5), (), ValueError, "must be positive"),
    ErrorCase(lambda: ops.ROIAlign(2, 2, 0.5, 2, 2), (), ValueError, r"'roi_end_mode' must be in range of \[0, 1\]"),
    ErrorCase(ops.ROIAlign(2, 2, 0.5), (_FEATURES, _ROIS[:, :4]), ValueError, r"shape \(n_rois, 5\)"),
    ErrorCase(ops.ROIAlign(2, 2, 0.5), (_FEATURES[0], _ROIS), ValueError, "'features' must be 4-D"),
    ErrorCase(ops.ROIAlign(2, 2, 0.5), (_FEATURES.astype(np.int32), _ROIS), TypeError, "dtype of 'features'"),
    ErrorCase(lambda: ops.ExtractVolumePatches((2, 1, 2, 2, 2), 1, "VALID"), (), ValueError, "first two elements"),
    ErrorCase(lambda: ops.ExtractVolumePatches(2, 1, "FULL"), (), ValueError, "'padding'"),
    ErrorCase(ops.ExtractVolumePatches(2, 1, "VALID"), (np.ones((1, 1, 2, 2), F32),), ValueError, "'x' must be 5-D"),
    ErrorCase(lambda: ops.Dilation2D(0, 1), (), ValueError, "'stride' must be at least 1"),
    ErrorCase(lambda: ops.Dilation2D(1, 1, data_format="NHWC"), (), ValueError, "'data_format'"),
    ErrorCase(ops.Dilation2D(1, 1), (np.ones((1, 2, 3, 3), F32), np.ones((2, 2, 2), F64)), TypeError,
              "dtype of 'filter'"),
    ErrorCase(ops.Dilation2D(1, 1), (np.ones((1, 2, 3, 3), F32), np.ones((3, 2, 2), F32)), ValueError, "channels"),
    ErrorCase(ops.Dilation2D(1, 1, "VALID"), (np.ones((1, 2, 3, 3), F32), np.ones((2, 4, 2), F32)), ValueError,
              "do not fit"),
    ErrorCase(lambda: ops.ResizeArea(1), (), TypeError, "'align_corners' must be bool", prim="ResizeArea"),
    ErrorCase(ops.ResizeArea(), (_AREA_IMAGES, np.array([2, 2], np.int64)), TypeError, "dtype of 'size'"),
    ErrorCase(ops.ResizeArea(), (_AREA_IMAGES, np.array([2, 2, 2], np.int32)), ValueError, r"shape \(2,\)"),
    ErrorCase(ops.ResizeArea(), (_AREA_IMAGES, np.array([0, 2], np.int32)), ValueError, "must be positive"),
    ErrorCase(ops.ResizeArea(), (_AREA_IMAGES[0], np.array([2, 2], np.int32)), ValueError, "'images' must be 4-D"),
    ErrorCase(lambda: ops.FractionalMaxPool((1.0, 2.0, 2.0, 1.0)), (), TypeError, "'pooling_ratio' must be list"),
    ErrorCase(lambda: ops.FractionalAvgPool([1.0, 2.0, 1.0]), (), ValueError, "must be 4 floats"),
    ErrorCase(lambda: ops.FractionalAvgPool([1.0, 2.0, 2.0, 1.0], overlapping=1), (), TypeError,
              "'overlapping' must be bool"),
    ErrorCase(ops.FractionalMaxPool([2.0, 2.0, 2.0, 1.0]), (np.ones((1, 4, 4, 1), F32),), ValueError,
              r"must be \[1.0, rh, rw, 1.0\]"),
    ErrorCase(ops.FractionalMaxPool([1.0, 0.5, 2.0, 1.0]), (np.ones((1, 4, 4, 1), F32),), ValueError, "at least 1"),
    ErrorCase(ops.FractionalMaxPool([1.0, 8.0, 2.0, 1.0]), (np.ones((1, 4, 4, 1), F32),), ValueError, "empty"),
    ErrorCase(ops.FractionalMaxPool([1.0, 2.0, 2.0, 1.0]), (np.ones((1, 4, 4, 1), F16),), TypeError, "dtype of 'x'"),
    ErrorCase(ops.FractionalAvgPool([1.0, 2.0, 2.0, 1.0]), (np.ones((4, 4, 1), F32),), ValueError, "'x' must be 4-D"),
]


@pytest.mark.parametrize("case", CASES)
def test_vision_case(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES)
def test_vision_error(case):
    run_error_case(case)


def test_attributes_in_mindspore_form():
    unpool = ops.MaxUnpool2D(ksize=(2, 3), strides=(1, 2), pads=(0, 1), output_shape=(1, 1, 5, 5))
    assert (unpool.ksize, unpool.strides, unpool.pads, unpool.output_shape) == \
        ((1, 1, 2, 3), (1, 1, 1, 2), (1, 1, 0, 1), (1, 1, 5, 5))
    unpool3d = ops.MaxUnpool3D(ksize=2)
    assert (unpool3d.ksize, unpool3d.strides, unpool3d.pads) == ((1, 1, 2, 2, 2),) * 2 + ((1, 1, 0, 0, 0),)
    im2col = ops.Im2Col(3)
    assert (im2col.ksizes, im2col.strides, im2col.dilations, im2col.pads) == ((3, 3), (1, 1), (1, 1), (0, 0))
    patches = ops.ExtractImagePatches((1, 1, 2, 2), (1, 1, 1, 1), (1, 1, 1, 1), "valid")
    assert (patches.ksizes, patches.padding) == ((2, 2), "VALID")
    fixed = ops.FractionalMaxPool3DWithFixedKsize(2, 3)
    assert (fixed.ksize, fixed.output_shape, fixed.data_format) == ((2, 2, 2), (3, 3, 3), "NCDHW")
    assert repr(ops.CropAndResize("bilinear_v2")) == "Prim[CropAndResize]<method=bilinear_v2, extrapolation_value=0.0>"


def test_random_fractional_pool_takes_window_maxima():
    x = np.random.default_rng(8).standard_normal((2, 3, 7, 7)).astype(F32)
    samples = np.random.default_rng(9).uniform(0, 1, (2, 3, 2)).astype(F32)
    values, argmax = ops.FractionalMaxPoolWithFixedKsize(2, (3, 4))(ms.Tensor(x), ms.Tensor(samples))
    assert values.shape == argmax.shape == (2, 3, 3, 4)
    flat = x.reshape(2, 3, -1)
    np.testing.assert_array_equal(np.take_along_axis(flat, argmax.asnumpy().reshape(2, 3, -1), 2),
                                  values.asnumpy().reshape(2, 3, -1))


@pytest.mark.parametrize("pseudo_random", [False, True])
@pytest.mark.parametrize("overlapping", [False, True])
def test_fractional_pooling_random_windows(pseudo_random, overlapping):
    """Sizes the ratios do not divide: the boundaries run from 0 to the size in steps of
    floor(size / out) or one more, and each output is its window's maximum (mean)."""
    x = rand(2, 7, 10, 3, dtype=F64)
    ratio = [1.0, 1.5, 1.7, 1.0]
    for cls, reduce in ((ops.FractionalMaxPool, np.max), (ops.FractionalAvgPool, np.mean)):
        y, rows, cols = cls(ratio, pseudo_random, overlapping, seed=3)(ms.Tensor(x))
        assert y.shape == (2, 4, 5, 3)
        for bounds, size, out in ((rows.asnumpy(), 7, 4), (cols.asnumpy(), 10, 5)):
            assert bounds[0] == 0 and bounds[-1] == size
            assert set(np.diff(bounds)) <= {size // out, size // out + 1}
        for i, j in np.ndindex(4, 5):
            r0, r1, c0, c1 = rows[i].item(), rows[i + 1].item(), cols[j].item(), cols[j + 1].item()
            window = x[:, r0:r1 + overlapping, c0:c1 + overlapping]
            np.testing.assert_allclose(y.asnumpy()[:, i, j], reduce(window, (1, 2)), rtol=1e-12)


def test_fractional_pooling_seeds():
    x = ms.Tensor(rand(1, 9, 9, 1))
    first = ops.FractionalMaxPool([1.0, 1.4, 1.4, 1.0], seed=5, seed2=1)(x)[1]
    again = ops.FractionalMaxPool([1.0, 1.4, 1.4, 1.0], seed=5, seed2=1)(x)[1]
    np.testing.assert_array_equal(first.asnumpy(), again.asnumpy())


@pytest.mark.parametrize("args, low, high, mean, std", [
    ((False, False, True, "uniform"), -1, 1, 0.0, 1 / np.sqrt(3)),
    ((False, False, False, "gaussian"), 7, 13, 10.0, 0.5),
])
def test_glimpse_noise_outside_the_image(args, low, high, mean, std):
    """Outside the image, MindSpore's CPU kernel draws uniform [-1, 1) or normal (10, 0.5)
    noise, whatever the image's values."""
    x = ms.Tensor(np.full((1, 3, 3, 1), 100.0, F32))
    out = ops.ExtractGlimpse(*args)(x, ms.Tensor(np.array([40, 40], np.int32)),
                                    ms.Tensor(np.array([[-100.0, -100.0]], F32))).asnumpy()
    assert low <= out.min() and out.max() <= high
    assert abs(out.mean() - mean) < 0.05 and abs(out.std() - std) < 0.05


def test_sampled_crops_keep_their_constraints(monkeypatch):
    # Unseeded, so the crops vary from call to call (a global seed an earlier test set makes
    # every call of an unseeded instance start the same stream, as MindSpore's kernel does).
    monkeypatch.setattr(seed_streams, "_global_seed", None)
    box = np.array([0.38, 0.17, 0.95, 0.40])
    sampler = ops.SampleDistortedBoundingBoxV2(aspect_ratio_range=(0.9, 1.1), area_range=(0.1, 1.0))
    sizes = set()
    for _ in range(20):
        begin, size, bbox = sampler(ms.Tensor(np.array([640, 480, 3], np.int32)), ms.Tensor(box.reshape(1, 1, 4), F32),
                                    ms.Tensor(np.array([0.8], F32)))
        (y, x, _), (h, w, last) = begin.asnumpy(), size.asnumpy()
        sizes.add((h, w))
        assert last == -1 and 0 <= y <= 640 - h and 0 <= x <= 480 - w
        assert 0.1 <= h * w / (640 * 480) <= 1.0 and 0.88 <= w / h <= 1.12
        covered = (max(min(y + h, 0.95 * 640) - max(y, 0.38 * 640), 0)
                   * max(min(x + w, 0.40 * 480) - max(x, 0.17 * 480), 0))
        assert covered / ((0.57 * 640) * (0.23 * 480)) >= 0.79
        np.testing.assert_allclose(bbox.asnumpy(), [[[y / 640, x / 480, (y + h) / 640, (x + w) / 480]]], rtol=1e-6)
    assert len(sizes) > 1


def test_seeded_sampler_gives_the_same_crop_every_call():
    sampler = ops.SampleDistortedBoundingBoxV2(seed=1, seed2=1)
    inputs = (ms.Tensor(np.array([64, 48, 3], np.int32)), ms.Tensor(np.array([[[0.1, 0.1, 0.9, 0.9]]], F32)),
              ms.Tensor(np.array([0.1], F32)))
    first, second = sampler(*inputs), sampler(*inputs)
    for a, b in zip(first, second):
        np.testing.assert_array_equal(a.asnumpy(), b.asnumpy())


def test_composed_vision_operators_are_primitives():
    # as in MindSpore, where each is a Primitive with a kernel of its own
    assert isinstance(ops.IOU(), Primitive)
    assert isinstance(ops.LRN(), Primitive)
    assert ops.IOU.composed
