"""Vision functions of `ops` composed of other primitives: sampling grids (`affine_grid`,
`grid_sample`), crops (`crop_and_resize`), bounding boxes (`iou`, `bounding_box_encode` /
`decode`, `check_valid`), padding (`mirror_pad`, `padding`) and patches (`col2im`). They
differentiate through the bprops of their parts.

Boxes are (x1, y1, x2, y2) rows in pixel units where a box covers x2 - x1 + 1 pixels
across, as in MindSpore's detection primitives.
"""
from __future__ import annotations

import itertools
import math

from ...common import dtype as mstype
from .. import function as _F  # the other families' functions, looked up at call time
from ..validator import check_bool, check_string, check_type
from ._args import FLOATS, check_is_tensor, check_tensor_dtype

__all__ = ["affine_grid", "grid_sample", "crop_and_resize", "iou", "bounding_box_encode", "bounding_box_decode",
           "check_valid", "mirror_pad", "padding", "col2im"]

def _check_same_dtype(fn: str, names: tuple, values: tuple) -> None:
    for name, value in zip(names[1:], values[1:]):
        if value.dtype is not values[0].dtype:
            raise TypeError(f"For '{fn}', the dtype of '{name}' must be the same as '{names[0]}' "
                            f"({values[0].dtype}), but got {value.dtype}.")


# ---- sampling grids -----------------------------------------------------------------------
def _axis_positions(size: int, align_corners: bool, dtype):
    """The normalized coordinates in [-1, 1] of the `size` pixels along one axis: the
    pixel centres (align_corners False) or the corner pixels at -1 and 1 (True)."""
    if size == 1:
        return _F.zeros((1,), dtype)
    steps = _F.cast(_F.arange(size), dtype)
    if align_corners:
        return steps * (2.0 / (size - 1)) - 1
    return (steps * 2 + 1) / size - 1


def affine_grid(theta, size, align_corners=False):
    """The sampling grid of the affine maps `theta`, (N, 2, 3) for a 2-D output size
    (N, C, H, W) or (N, 3, 4) for a 3-D one (N, C, D, H, W): grid[n, h, w] = theta[n] @
    (x_w, y_h, 1), of shape (N, H, W, 2) (or (N, D, H, W, 3)), coordinates normalized to
    [-1, 1] as `grid_sample` reads them."""
    fn = "affine_grid"
    check_tensor_dtype(fn, "theta", theta)
    check_type(fn, "size", size, tuple)
    check_bool(fn, "align_corners", align_corners)
    if len(size) not in (4, 5):
        raise ValueError(f"For '{fn}', the size of 'size' must be 4 or 5, but got {len(size)}.")
    rank = len(size) - 2
    if tuple(theta.shape[1:]) != (rank, rank + 1) or theta.ndim != 3:
        raise ValueError(f"For '{fn}', the shape of 'theta' must be (N, {rank}, {rank + 1}) for a {len(size)}-D "
                         f"'size', but got {theta.shape}.")
    if size[0] != theta.shape[0]:
        raise ValueError(f"For '{fn}', the size[0] must be equal to the shape[0] of theta, but got {size[0]} and "
                         f"{theta.shape[0]}.")
    spatial = tuple(size[2:])
    axes = [_axis_positions(s, align_corners, theta.dtype) for s in spatial]
    mesh = _F.meshgrid(*axes, indexing="ij")
    # Homogeneous points (x, y[, z], 1): x runs along the last spatial axis.
    points = _F.stack(tuple(reversed(mesh)) + (_F.ones_like(mesh[0]),), -1)
    flat = _F.reshape(points, (1, -1, rank + 1))
    grid = _F.matmul(flat, _F.swapaxes(theta, 1, 2))
    return _F.reshape(grid, (size[0],) + spatial + (rank,))


def _reflect(coords, low: float, high: float):
    """coords reflected into [low, high] (mirror at both ends, repeatedly)."""
    span = high - low
    if span <= 0:
        return _F.zeros_like(coords)
    distance = _F.abs(coords - low)
    flips = _F.floor(distance / span)
    extra = distance - flips * span
    even = (flips - _F.floor(flips / 2) * 2) == 0
    return _F.select(even, extra + low, span - extra + low)


def _pixel_coords(normalized, size: int, padding_mode: str, align_corners: bool):
    """Normalized grid coordinates -> pixel coordinates along an axis of `size` pixels,
    with border / reflection padding applied."""
    if align_corners:
        coords = (normalized + 1) * ((size - 1) / 2)
    else:
        coords = ((normalized + 1) * size - 1) / 2
    if padding_mode == "reflection":
        coords = _reflect(coords, 0.0, size - 1.0) if align_corners else _reflect(coords, -0.5, size - 0.5)
    if padding_mode in ("border", "reflection"):
        coords = _F.clamp(coords, 0.0, size - 1.0)
    return coords


def _round_half_away(coords):
    """The nearest integer, halves rounded away from zero (as MindSpore's nearest mode)."""
    return _F.select(coords >= 0, _F.floor(coords + 0.5), -_F.floor(0.5 - coords))


def _check_grid_sample(input, grid, mode, padding_mode, align_corners):
    fn = "grid_sample"
    check_tensor_dtype(fn, "input", input)
    check_tensor_dtype(fn, "grid", grid)
    _check_same_dtype(fn, ("input", "grid"), (input, grid))
    check_string(fn, "mode", mode, ("bilinear", "nearest"), case_sensitive=True)
    check_string(fn, "padding_mode", padding_mode, ("zeros", "border", "reflection"), case_sensitive=True)
    if align_corners is not None:
        check_bool(fn, "align_corners", align_corners)
    if input.ndim not in (4, 5) or grid.ndim != input.ndim:
        raise ValueError(f"For '{fn}', 'input' and 'grid' must both be 4-D or both 5-D, but got {input.ndim}-D and "
                         f"{grid.ndim}-D.")
    if grid.shape[0] != input.shape[0]:
        raise ValueError(f"For '{fn}', the first dimension of 'grid' and 'input' must be equal, but got "
                         f"{grid.shape[0]} and {input.shape[0]}.")
    if grid.shape[-1] != input.ndim - 2:
        raise ValueError(f"For '{fn}', the last dimension of 'grid' must be {input.ndim - 2}, but got "
                         f"{grid.shape[-1]}.")


def grid_sample(input, grid, mode="bilinear", padding_mode="zeros", align_corners=None):
    """Samples `input` (N, C, H, W) at the points of `grid` (N, H_out, W_out, 2), each (x, y)
    normalized to [-1, 1] over the input's width and height; 5-D input (N, C, D, H, W) with a
    (N, D_out, H_out, W_out, 3) grid of (x, y, z) likewise. `mode` 'bilinear' (trilinear in
    3-D) or 'nearest'; outside points read zeros, the border pixels ('border') or the
    input mirrored ('reflection'). Output (N, C, *grid.shape[1:-1])."""
    _check_grid_sample(input, grid, mode, padding_mode, align_corners)
    align_corners = bool(align_corners)
    batch, channels, *spatial = input.shape
    rank = len(spatial)
    out_spatial = tuple(grid.shape[1:-1])
    flat_input = _F.reshape(input, (batch, channels, -1))
    flat_grid = _F.reshape(grid, (batch, -1, rank))
    # coords[d]: pixel coordinates along spatial axis d; the grid lists the last axis first.
    coords = [_pixel_coords(flat_grid[:, :, rank - 1 - d], spatial[d], padding_mode, align_corners)
              for d in range(rank)]
    strides = [math.prod(spatial[d + 1:]) for d in range(rank)]
    if mode == "nearest":
        corners = [[(_round_half_away(c), None)] for c in coords]
    else:
        floors = [_F.floor(c) for c in coords]
        corners = [[(f, 1 - (c - f)), (f + 1, c - f)] for c, f in zip(coords, floors)]
    out = None
    for corner in itertools.product(*corners):
        index, weight, inside = None, None, None
        for d, (position, axis_weight) in enumerate(corner):
            within = _F.logical_and(position >= 0, position <= spatial[d] - 1)
            inside = within if inside is None else _F.logical_and(inside, within)
            clipped = _F.cast(_F.clamp(position, 0.0, spatial[d] - 1.0), mstype.int64)
            index = clipped * strides[d] if index is None else index + clipped * strides[d]
            if axis_weight is not None:
                weight = axis_weight if weight is None else weight * axis_weight
        gathered = _F.gather_elements(flat_input, 2, _F.broadcast_to(_F.expand_dims(index, 1),
                                                                     (batch, channels, index.shape[1])))
        factor = _F.cast(inside, input.dtype) if weight is None else weight * inside
        term = gathered * _F.expand_dims(factor, 1)
        out = term if out is None else out + term
    return _F.reshape(out, (batch, channels) + out_spatial)


# ---- crops --------------------------------------------------------------------------------
def _crop_positions(start, end, crop: int, size: int):
    """Pixel coordinates (B, crop) of `crop` samples from start to end (normalized, (B,))
    along an axis of `size` pixels; one sample takes the middle."""
    if crop == 1:
        return _F.expand_dims((start + end) * (0.5 * (size - 1)), 1)
    steps = _F.expand_dims(_F.cast(_F.arange(crop), start.dtype), 0)
    return _F.expand_dims(start * (size - 1), 1) + steps * _F.expand_dims((end - start) * ((size - 1) / (crop - 1)), 1)


def _check_crop_and_resize(image, boxes, box_indices, crop_size, method, extrapolation_value):
    fn = "crop_and_resize"
    check_tensor_dtype(fn, "image", image, FLOATS + (mstype.int8, mstype.int16, mstype.int32, mstype.int64,
                                                mstype.uint8, mstype.uint16))
    check_tensor_dtype(fn, "boxes", boxes, (mstype.float32,))
    check_tensor_dtype(fn, "box_indices", box_indices, (mstype.int32,))
    check_type(fn, "crop_size", crop_size, tuple)
    if len(crop_size) != 2 or any(not isinstance(c, int) or isinstance(c, bool) or c <= 0 for c in crop_size):
        raise ValueError(f"For '{fn}', the 'crop_size' must be 2 positive ints, but got {crop_size}.")
    check_string(fn, "method", method, ("bilinear", "nearest"), case_sensitive=True)
    check_type(fn, "extrapolation_value", extrapolation_value, (int, float))
    if image.ndim != 4:
        raise ValueError(f"For '{fn}', the 'image' must be 4-D (batch, height, width, channels), but got "
                         f"{image.ndim}-D.")
    if boxes.ndim != 2 or boxes.shape[1] != 4:
        raise ValueError(f"For '{fn}', the 'boxes' must be of shape (N, 4), but got {boxes.shape}.")
    if tuple(box_indices.shape) != (boxes.shape[0],):
        raise ValueError(f"For '{fn}', the shape of 'box_indices' must be ({boxes.shape[0]},), but got "
                         f"{box_indices.shape}.")


def crop_and_resize(image, boxes, box_indices, crop_size, method="bilinear", extrapolation_value=0.0):
    """Crops of the images (batch, H, W, C): box n = (y1, x1, y2, x2), normalized (0 and 1
    are the first and last pixel), taken from image box_indices[n] and resampled to
    crop_size = (crop_h, crop_w), bilinearly or from the nearest pixel; samples outside
    the image read `extrapolation_value`. Float32 (N, crop_h, crop_w, C); float64 for a
    float64 image (MindSpore computes float32 throughout)."""
    _check_crop_and_resize(image, boxes, box_indices, crop_size, method, extrapolation_value)
    _, height, width, channels = image.shape
    crop_h, crop_w = crop_size
    if image.dtype is not mstype.float64:
        image = _F.cast(image, mstype.float32)
    ys = _crop_positions(boxes[:, 0], boxes[:, 2], crop_h, height)          # (N, crop_h)
    xs = _crop_positions(boxes[:, 1], boxes[:, 3], crop_w, width)           # (N, crop_w)
    inside = _F.logical_and(_F.expand_dims(_F.logical_and(ys >= 0, ys <= height - 1), 2),
                            _F.expand_dims(_F.logical_and(xs >= 0, xs <= width - 1), 1))
    planes = _F.gather(_F.reshape(image, (image.shape[0], height * width, channels)), box_indices, 0)

    def read(rows, cols):
        """planes at integer pixel (rows (N, crop_h), cols (N, crop_w)), clipped into the image."""
        rows = _F.cast(_F.clamp(rows, 0.0, height - 1.0), mstype.int64)
        cols = _F.cast(_F.clamp(cols, 0.0, width - 1.0), mstype.int64)
        flat = _F.reshape(_F.expand_dims(rows, 2) * width + _F.expand_dims(cols, 1), (rows.shape[0], -1, 1))
        picked = _F.gather_elements(planes, 1, _F.broadcast_to(flat, (rows.shape[0], flat.shape[1], channels)))
        return _F.reshape(picked, (rows.shape[0], crop_h, crop_w, channels))

    if method == "nearest":
        out = read(_round_half_away(ys), _round_half_away(xs))
    else:
        top, left = _F.floor(ys), _F.floor(xs)
        dy = _F.reshape(ys - top, (-1, crop_h, 1, 1))
        dx = _F.reshape(xs - left, (-1, 1, crop_w, 1))
        upper = read(top, left) * (1 - dx) + read(top, left + 1) * dx
        lower = read(top + 1, left) * (1 - dx) + read(top + 1, left + 1) * dx
        out = upper * (1 - dy) + lower * dy
    fill = _F.full_like(out, float(extrapolation_value))
    return _F.select(_F.broadcast_to(_F.expand_dims(inside, 3), out.shape), out, fill)


# ---- bounding boxes -----------------------------------------------------------------------
def _check_boxes(fn: str, arg: str, boxes, allowed=FLOATS) -> None:
    check_tensor_dtype(fn, arg, boxes, allowed)
    if boxes.ndim != 2 or boxes.shape[1] != 4:
        raise ValueError(f"For '{fn}', the '{arg}' must be of shape (N, 4), but got {boxes.shape}.")


def _corners(boxes):
    return boxes[:, 0], boxes[:, 1], boxes[:, 2], boxes[:, 3]


def iou(anchor_boxes, gt_boxes, mode="iou"):
    """Overlap of every ground-truth box with every anchor box, (M, N) for M gt_boxes and
    N anchor_boxes: the intersection's area over the union's ('iou') or over the
    ground-truth box's ('iof')."""
    fn = "iou"
    _check_boxes(fn, "anchor_boxes", anchor_boxes)
    _check_boxes(fn, "gt_boxes", gt_boxes)
    _check_same_dtype(fn, ("anchor_boxes", "gt_boxes"), (anchor_boxes, gt_boxes))
    check_string(fn, "mode", mode, ("iou", "iof"), case_sensitive=True)
    ax1, ay1, ax2, ay2 = (_F.expand_dims(c, 0) for c in _corners(anchor_boxes))
    gx1, gy1, gx2, gy2 = (_F.expand_dims(c, 1) for c in _corners(gt_boxes))
    width = _F.relu(_F.minimum(ax2, gx2) - _F.maximum(ax1, gx1) + 1)
    height = _F.relu(_F.minimum(ay2, gy2) - _F.maximum(ay1, gy1) + 1)
    overlap = width * height
    gt_area = (gx2 - gx1 + 1) * (gy2 - gy1 + 1)
    if mode == "iof":
        return overlap / gt_area
    anchor_area = (ax2 - ax1 + 1) * (ay2 - ay1 + 1)
    return overlap / (anchor_area + gt_area - overlap)


def _check_float_quad(fn: str, arg: str, value) -> tuple:
    check_type(fn, arg, value, tuple)
    if len(value) != 4:
        raise ValueError(f"For '{fn}', the '{arg}' must have 4 elements, but got {len(value)}.")
    for i, item in enumerate(value):
        check_type(fn, f"{arg}[{i}]", item, float)
    return value


def _centres(boxes):
    """(centre x, centre y, width, height) of (x1, y1, x2, y2) boxes."""
    x1, y1, x2, y2 = _corners(boxes)
    return (x1 + x2) * 0.5, (y1 + y2) * 0.5, x2 - x1 + 1, y2 - y1 + 1


_BOX_DTYPES = (mstype.float16, mstype.float32, mstype.float64)


def bounding_box_encode(anchor_box, groundtruth_box, means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0)):
    """The deltas (dx, dy, dw, dh) taking each anchor box to its ground-truth box: centre
    shift over the anchor's size, log of the size ratio; then (delta - means) / stds."""
    fn = "bounding_box_encode"
    _check_boxes(fn, "anchor_box", anchor_box, _BOX_DTYPES)
    _check_boxes(fn, "groundtruth_box", groundtruth_box, _BOX_DTYPES)
    means, stds = _check_float_quad(fn, "means", means), _check_float_quad(fn, "stds", stds)
    if anchor_box.shape[0] != groundtruth_box.shape[0]:
        raise ValueError(f"For '{fn}', 'anchor_box' and 'groundtruth_box' must have the same first dimension, but "
                         f"got {anchor_box.shape[0]} and {groundtruth_box.shape[0]}.")
    px, py, pw, ph = _centres(anchor_box)
    gx, gy, gw, gh = _centres(groundtruth_box)
    deltas = ((gx - px) / pw, (gy - py) / ph, _F.log(gw / pw), _F.log(gh / ph))
    return _F.stack(tuple((d - m) / s for d, m, s in zip(deltas, means, stds)), 1)


def bounding_box_decode(anchor_box, deltas, max_shape, means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0),
                        wh_ratio_clip=0.016):
    """The boxes the `deltas` (see bounding_box_encode) make of the anchor boxes: the size
    ratios' logs clipped to |log(wh_ratio_clip)|, and the corners clipped to the image
    max_shape = (height, width)."""
    fn = "bounding_box_decode"
    _check_boxes(fn, "anchor_box", anchor_box, _BOX_DTYPES)
    _check_boxes(fn, "deltas", deltas, _BOX_DTYPES)
    means, stds = _check_float_quad(fn, "means", means), _check_float_quad(fn, "stds", stds)
    check_type(fn, "max_shape", max_shape, tuple)
    if len(max_shape) != 2:
        raise ValueError(f"For '{fn}', the 'max_shape' must have 2 elements, but got {len(max_shape)}.")
    for i, item in enumerate(max_shape):
        check_type(fn, f"max_shape[{i}]", item, int)
    check_type(fn, "wh_ratio_clip", wh_ratio_clip, float)
    if anchor_box.shape[0] != deltas.shape[0]:
        raise ValueError(f"For '{fn}', 'anchor_box' and 'deltas' must have the same first dimension, but got "
                         f"{anchor_box.shape[0]} and {deltas.shape[0]}.")
    dx, dy, dw, dh = (deltas[:, i] * stds[i] + means[i] for i in range(4))
    limit = abs(math.log(wh_ratio_clip))
    dw, dh = _F.clamp(dw, -limit, limit), _F.clamp(dh, -limit, limit)
    px, py, pw, ph = _centres(anchor_box)
    cx, cy = px + pw * dx, py + ph * dy
    half_w, half_h = pw * _F.exp(dw) * 0.5, ph * _F.exp(dh) * 0.5
    height, width = max_shape
    x1, x2 = _F.clamp(cx - half_w + 0.5, 0.0, float(width)), _F.clamp(cx + half_w - 0.5, 0.0, float(width))
    y1, y2 = _F.clamp(cy - half_h + 0.5, 0.0, float(height)), _F.clamp(cy + half_h - 0.5, 0.0, float(height))
    return _F.stack((x1, y1, x2, y2), 1)


def check_valid(bboxes, img_metas):
    """Whether each box lies inside the image: x1, y1 >= 0, x2 <= width * ratio - 1 and
    y2 <= height * ratio - 1, with img_metas = (height, width, ratio). Bool (N,)."""
    fn = "check_valid"
    allowed = (mstype.float16, mstype.float32, mstype.int16, mstype.uint8)
    _check_boxes(fn, "bboxes", bboxes, allowed)
    check_tensor_dtype(fn, "img_metas", img_metas, allowed)
    if tuple(img_metas.shape) != (3,):
        raise ValueError(f"For '{fn}', the shape of 'img_metas' must be (3,), but got {img_metas.shape}.")
    metas = _F.cast(img_metas, mstype.float32)
    x1, y1, x2, y2 = (_F.cast(c, mstype.float32) for c in _corners(bboxes))
    height, width = metas[0] * metas[2] - 1, metas[1] * metas[2] - 1
    return _F.logical_and(_F.logical_and(x1 >= 0, y1 >= 0), _F.logical_and(x2 <= width, y2 <= height))


# ---- padding and patches ------------------------------------------------------------------
def _paddings_of(fn: str, paddings, rank: int) -> list:
    """The (before, after) pairs of the int Tensor `paddings` (rank, 2), read as values."""
    check_tensor_dtype(fn, "paddings", paddings, (mstype.int32, mstype.int64))
    if tuple(paddings.shape) != (rank, 2):
        raise ValueError(f"For '{fn}', the shape of 'paddings' must be ({rank}, 2), but got {paddings.shape}.")
    pairs = paddings.tolist()
    if any(p < 0 for pair in pairs for p in pair):
        raise ValueError(f"For '{fn}', all elements of 'paddings' must be >= 0, but got {pairs}.")
    return pairs


def mirror_pad(input_x, paddings, mode):
    """input_x padded on every axis by the (before, after) rows of the int Tensor
    `paddings` (rank, 2) with its own values mirrored: 'REFLECT' excludes the edge
    (pads < the axis size), 'SYMMETRIC' repeats it (pads <= the axis size)."""
    fn = "mirror_pad"
    check_is_tensor(fn, "input_x", input_x)
    check_string(fn, "mode", mode, ("REFLECT", "SYMMETRIC"), case_sensitive=True)
    pairs = _paddings_of(fn, paddings, input_x.ndim)
    edge = 1 if mode == "REFLECT" else 0
    out = input_x
    for axis, (before, after) in enumerate(pairs):
        size = input_x.shape[axis]
        if max(before, after) > size - edge:
            raise ValueError(f"For '{fn}', the paddings of axis {axis} must be {'less than' if edge else 'at most'} "
                             f"its size {size} in mode '{mode}', but got ({before}, {after}).")
        parts = [out]
        if before:
            parts.insert(0, _F.flip(_F.narrow(out, axis, edge, before), (axis,)))
        if after:
            parts.append(_F.flip(_F.narrow(out, axis, size - edge - after, after), (axis,)))
        out = _F.concat(tuple(parts), axis) if len(parts) > 1 else out
    return out


def padding(x, pad_dim_size=8):
    """x (..., 1) widened to (..., pad_dim_size): its value first, zeros after."""
    fn = "padding"
    check_is_tensor(fn, "x", x)
    check_type(fn, "pad_dim_size", pad_dim_size, int)
    if pad_dim_size <= 0:
        raise ValueError(f"For '{fn}', the 'pad_dim_size' must be positive, but got {pad_dim_size}.")
    if x.ndim < 2 or x.shape[-1] != 1:
        raise ValueError(f"For '{fn}', the 'x' must have at least 2 dimensions and a last dimension of 1, but got "
                         f"shape {x.shape}.")
    if pad_dim_size == 1:
        return x
    return _F.concat((x, _F.zeros(tuple(x.shape[:-1]) + (pad_dim_size - 1,), x.dtype)), -1)


def _pair(fn: str, arg: str, value, minimum: int) -> tuple:
    values = tuple(value) if isinstance(value, (tuple, list)) else (value, value)
    if len(values) != 2:
        raise ValueError(f"For '{fn}', the '{arg}' must be an int or 2 ints, but got {value}.")
    for i, v in enumerate(values):
        if isinstance(v, bool) or not isinstance(v, int):
            raise TypeError(f"For '{fn}', the '{arg}' must be an int or a tuple / list of ints, but got {value}.")
        if v < minimum:
            raise ValueError(f"For '{fn}', the '{arg}[{i}]' must be at least {minimum}, but got {v}.")
    return values


def col2im(input_x, output_size, kernel_size, dilation, padding_value, stride):
    """Sums sliding-window patches back into images: input_x (N, C, kh * kw, L), L the
    number of windows over the output (H, W) = output_size (an int Tensor of 2 values),
    overlapping entries added. Output (N, C, H, W)."""
    fn = "col2im"
    check_tensor_dtype(fn, "input_x", input_x)
    check_tensor_dtype(fn, "output_size", output_size, (mstype.int32, mstype.int64))
    kernel = _pair(fn, "kernel_size", kernel_size, 1)
    _pair(fn, "dilation", dilation, 1)
    _pair(fn, "padding_value", padding_value, 0)
    _pair(fn, "stride", stride, 1)
    if input_x.ndim != 4:
        raise ValueError(f"For '{fn}', the 'input_x' must be 4-D (N, C, kh * kw, L), but got {input_x.ndim}-D.")
    batch, channels, patch, windows = input_x.shape
    if patch != kernel[0] * kernel[1]:
        raise ValueError(f"For '{fn}', the size of input_x's dimension 2 must be the kernel's area "
                         f"{kernel[0] * kernel[1]}, but got {patch}.")
    columns = _F.reshape(input_x, (batch, channels * patch, windows))
    return _F.fold(columns, output_size, kernel_size, dilation, padding_value, stride)


TENSOR_METHODS = {"col2im": col2im}
"""Tensor methods this family provides (installed by tensor_methods.py)."""
