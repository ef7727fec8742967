"""Kernels of operations/box_ops.py: RotatedIou, by clipping one rectangle's polygon with
the other's edges (Sutherland-Hodgman) in float64."""
from __future__ import annotations

import math

import torch

from .registry import kernel_factory


def _corners(box, trans: bool) -> list:
    """The four corners of a box, counter-clockwise."""
    if trans:
        x1, y1, x2, y2, angle = box
        cx, cy, width, height = (x1 + x2) / 2, (y1 + y2) / 2, abs(x2 - x1), abs(y2 - y1)
    else:
        cx, cy, width, height, angle = box
    cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    corners = []
    for dx, dy in ((-width / 2, -height / 2), (width / 2, -height / 2), (width / 2, height / 2),
                   (-width / 2, height / 2)):
        corners.append((cx + dx * cos - dy * sin, cy + dx * sin + dy * cos))
    return corners


def _area(polygon: list) -> float:
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]))) / 2


def _intersection(subject: list, clip: list, v_tol: float, e_tol: float) -> float:
    """The area of subject clipped to the convex, counter-clockwise polygon clip."""
    polygon = subject
    for (ax, ay), (bx, by) in zip(clip, clip[1:] + clip[:1]):
        if not polygon:
            break

        def side(point, ax=ax, ay=ay, bx=bx, by=by):
            return (bx - ax) * (point[1] - ay) - (by - ay) * (point[0] - ax)

        clipped = []
        for current, following in zip(polygon, polygon[1:] + polygon[:1]):
            s_cur, s_next = side(current), side(following)
            inside_cur, inside_next = s_cur >= -v_tol, s_next >= -v_tol
            if inside_cur:
                clipped.append(current)
            if inside_cur != inside_next and abs(s_cur - s_next) > e_tol:
                t = s_cur / (s_cur - s_next)
                clipped.append((current[0] + t * (following[0] - current[0]),
                                current[1] + t * (following[1] - current[1])))
        polygon = clipped
    return _area(polygon) if len(polygon) >= 3 else 0.0


@kernel_factory("RotatedIou")
def _rotated_iou(prim):
    trans, iof, cross = prim.trans, prim.mode == 1, prim.is_cross
    v_tol, e_tol = prim.v_threshold, prim.e_threshold

    def overlap(box, query) -> float:
        first, second = _corners(box, trans), _corners(query, trans)
        inter = _intersection(first, second, v_tol, e_tol)
        denominator = _area(first) if iof else _area(first) + _area(second) - inter
        return inter / denominator if denominator > 0 else 0.0

    def run(boxes, query_boxes):
        values, queries = boxes.double().tolist(), query_boxes.double().tolist()
        if cross:
            out = [[[overlap(b, q) for q in qs] for b in bs] for bs, qs in zip(values, queries)]
        else:
            out = [[overlap(b, q) for b, q in zip(bs, qs)] for bs, qs in zip(values, queries)]
        shape = (boxes.shape[0], boxes.shape[1], query_boxes.shape[1]) if cross else boxes.shape[:2]
        return torch.tensor(out, dtype=torch.float64).reshape(shape).to(boxes.dtype).to(boxes.device)

    return run
