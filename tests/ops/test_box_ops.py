"""RotatedIou (ops.rotated_iou): forward against a NumPy reference that builds the overlap
polygon from inside corners and edge crossings, known overlaps, and bad input."""
import numpy as np
import pytest

import spore as ms
from spore import ops
from spore.ops.operations.box_ops import RotatedIou

from .op_testing import ErrorCase, OpCase, case_id, rand, run_case, run_error_case


def _corners(box, trans):
    if trans:
        x1, y1, x2, y2, angle = box
        box = ((x1 + x2) / 2, (y1 + y2) / 2, abs(x2 - x1), abs(y2 - y1), angle)
    cx, cy, w, h, angle = box
    t = np.radians(angle)
    rotation = np.array([[np.cos(t), -np.sin(t)], [np.sin(t), np.cos(t)]])
    local = np.array([[-w, -h], [w, -h], [w, h], [-w, h]]) / 2
    return local @ rotation.T + (cx, cy)


def _inside(point, polygon):
    edges = np.roll(polygon, -1, 0) - polygon
    return np.all(edges[:, 0] * (point[1] - polygon[:, 1]) - edges[:, 1] * (point[0] - polygon[:, 0]) >= -1e-9)


def _overlap_area(p, q):
    points = [c for c in p if _inside(c, q)] + [c for c in q if _inside(c, p)]
    for a0, a1 in zip(p, np.roll(p, -1, 0)):
        for b0, b1 in zip(q, np.roll(q, -1, 0)):
            matrix = np.array([a1 - a0, b0 - b1]).T
            if abs(np.linalg.det(matrix)) > 1e-12:
                s, t = np.linalg.solve(matrix, b0 - a0)
                if 0 <= s <= 1 and 0 <= t <= 1:
                    points.append(a0 + s * (a1 - a0))
    if len(points) < 3:
        return 0.0
    points = np.array(points)
    center = points.mean(0)
    points = points[np.argsort(np.arctan2(points[:, 1] - center[1], points[:, 0] - center[0]))]
    x, y = points[:, 0], points[:, 1]
    return abs(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))) / 2


def _rotated_iou(trans=False, mode=0, is_cross=True):
    def overlap(box, query):
        p, q = _corners(box, trans), _corners(query, trans)
        inter = _overlap_area(p, q)
        area_p, area_q = (np.linalg.norm(c[1] - c[0]) * np.linalg.norm(c[3] - c[0]) for c in (p, q))
        denominator = area_p if mode == 1 else area_p + area_q - inter
        return inter / denominator if denominator > 0 else 0.0

    def reference(boxes, query_boxes, *_):
        b64, q64 = boxes.astype(np.float64), query_boxes.astype(np.float64)
        if is_cross:
            out = [[[overlap(b, q) for q in qs] for b in bs] for bs, qs in zip(b64, q64)]
        else:
            out = [[overlap(b, q) for b, q in zip(bs, qs)] for bs, qs in zip(b64, q64)]
        shape = boxes.shape[:2] + ((query_boxes.shape[1],) if is_cross else ())
        return np.array(out, np.float64).reshape(shape).astype(boxes.dtype)
    return reference


def _boxes(batch, count, dtype=np.float32, trans=False):
    centers = rand(batch, count, 2, low=0, high=3)
    sizes = rand(batch, count, 2, low=0.5, high=2.5)
    angles = rand(batch, count, 1, low=-90, high=90)
    if trans:
        return np.concatenate([centers - sizes / 2, centers + sizes / 2, angles], -1).astype(dtype)
    return np.concatenate([centers, sizes, angles], -1).astype(dtype)


CASES = [
    OpCase(RotatedIou(), (_boxes(2, 3), _boxes(2, 4)), _rotated_iou(), rtol=1e-4, atol=1e-5),
    OpCase(RotatedIou(mode=1), (_boxes(1, 4, np.float64), _boxes(1, 3, np.float64)), _rotated_iou(mode=1),
           rtol=1e-7, atol=1e-9),
    OpCase(RotatedIou(is_cross=False), (_boxes(2, 5, np.float64), _boxes(2, 5, np.float64)),
           _rotated_iou(is_cross=False), rtol=1e-7, atol=1e-9),
    OpCase(RotatedIou(trans=True), (_boxes(1, 3, trans=True), _boxes(1, 2, trans=True)), _rotated_iou(trans=True),
           rtol=1e-4, atol=1e-5),
    OpCase(ops.rotated_iou, (_boxes(1, 2, np.float16), _boxes(1, 3, np.float16)), _rotated_iou(), rtol=1e-2,
           atol=2e-3, prim="RotatedIou"),
]


def test_known_overlaps():
    squares = ms.Tensor(np.array([[[0, 0, 2, 2, 0], [0, 0, 2, 2, 45]]], np.float32))
    queries = ms.Tensor(np.array([[[1, 0, 2, 2, 0], [0, 0, 2, 2, 90], [5, 5, 1, 1, 0]]], np.float32))
    octagon = 8 * (np.sqrt(2) - 1)   # the overlap of a 2 x 2 square and itself turned by 45 degrees
    out = ops.rotated_iou(squares, queries).asnumpy()
    np.testing.assert_allclose(out[0, 0], [1 / 3, 1, 0], rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(out[0, 1, 1:], [octagon / (8 - octagon), 0], rtol=1e-6, atol=1e-7)
    iof = ops.rotated_iou(squares, queries[:, :2], mode=1, is_cross=False).asnumpy()
    np.testing.assert_allclose(iof, [[0.5, octagon / 4]], rtol=1e-6)


_B = _boxes(2, 3)

ERROR_CASES = [
    ErrorCase(lambda: RotatedIou(mode=2), (), ValueError, "RotatedIou.*'mode'"),
    ErrorCase(lambda: RotatedIou(trans=1), (), TypeError, "RotatedIou.*'trans'"),
    ErrorCase(lambda: RotatedIou(v_threshold=0), (), TypeError, "RotatedIou.*'v_threshold'"),
    ErrorCase(RotatedIou(), (_B[..., :4], _B), ValueError, "RotatedIou.*'boxes'.*\\(B, n, 5\\)"),
    ErrorCase(RotatedIou(), (_B, _B[:1]), ValueError, "RotatedIou.*same first dim"),
    ErrorCase(RotatedIou(is_cross=False), (_B, _B[:, :2]), ValueError, "RotatedIou.*one-to-one"),
    ErrorCase(RotatedIou(), (_B, _B.astype(np.float64)), TypeError, "RotatedIou.*'query_boxes'"),
    ErrorCase(RotatedIou(), (_B.astype(np.int32), _B), TypeError, "RotatedIou.*'boxes'"),
    ErrorCase(ops.rotated_iou, (_B.tolist(), _B), TypeError, "RotatedIou.*'boxes' must be a Tensor",
              prim="RotatedIou"),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)
