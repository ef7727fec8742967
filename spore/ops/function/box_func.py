"""Rotated-box functions: rotated_iou over the RotatedIou primitive."""
from __future__ import annotations

from ..operations.box_ops import RotatedIou

__all__ = ["rotated_iou"]


def rotated_iou(boxes, query_boxes, trans=False, mode=0, is_cross=True, v_threshold=0.0, e_threshold=0.0):
    """The overlap of rotated rectangles: boxes (B, N, 5), query_boxes (B, K, 5) as (x, y,
    w, h, angle in degrees) or, with `trans`, (x1, y1, x2, y2, angle); mode 0 IoU, 1 IoF;
    (B, N, K) with is_cross, else (B, N). See RotatedIou."""
    return RotatedIou(trans, mode, is_cross, v_threshold, e_threshold)(boxes, query_boxes)
