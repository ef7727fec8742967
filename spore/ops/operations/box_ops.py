"""Rotated-box Primitives: RotatedIou, the primitive of ops.rotated_iou (MindSpore keeps it
out of ops.operations: it is reached through the function). MindSpore 2.7.1 runs it only
on Ascend (CPU fails at kernel selection); spore computes the overlap it documents."""
from __future__ import annotations

from ...common import dtype as mstype
from ..primitive import Primitive, TensorSpec
from ..validator import check_bool, check_dtype, check_tensor, check_type

__all__: list = []


class RotatedIou(Primitive):
    """RotatedIou(trans=False, mode=0, is_cross=True, v_threshold=0.0, e_threshold=0.0)
    (boxes, query_boxes): the overlap of rotated rectangles, per batch.

    boxes (B, N, 5), query_boxes (B, K, 5): (x_center, y_center, width, height, angle)
    ('xywht') or, with `trans`, (x1, y1, x2, y2, angle) ('xyxyt'); the angle in degrees,
    counter-clockwise. mode 0 gives intersection / union (IoU), mode 1 intersection /
    area of the box (IoF). is_cross: every pair, (B, N, K); else box n with query box n,
    (B, N). v_threshold is the tolerance of the point-inside-edge test, e_threshold that
    of the parallel-edge test. Same dtype as boxes."""

    def __init__(self, trans=False, mode=0, is_cross=True, v_threshold=0.0, e_threshold=0.0):
        super().__init__()
        check_bool(self.name, "trans", trans)
        check_type(self.name, "mode", mode, int)
        if mode not in (0, 1):
            raise ValueError(f"For '{self.name}', the 'mode' must be 0 (IoU) or 1 (IoF), but got {mode}.")
        check_bool(self.name, "is_cross", is_cross)
        check_type(self.name, "v_threshold", v_threshold, float)
        check_type(self.name, "e_threshold", e_threshold, float)
        self.add_prim_attrs(trans=trans, mode=mode, is_cross=is_cross, v_threshold=v_threshold,
                            e_threshold=e_threshold)

    def check(self, boxes, query_boxes):
        self.infer(boxes, query_boxes)

    def infer(self, boxes, query_boxes):
        for arg, value in (("boxes", boxes), ("query_boxes", query_boxes)):
            check_tensor(self.name, arg, value)
            check_dtype(self.name, arg, value.dtype, (mstype.float16, mstype.float32, mstype.float64,
                                                       mstype.bfloat16))
            if len(value.shape) != 3 or value.shape[2] != 5:
                raise ValueError(f"For '{self.name}', the '{arg}' must have shape (B, n, 5), "
                                 f"but got {list(value.shape)}.")
        if query_boxes.dtype is not boxes.dtype:
            raise TypeError(f"For '{self.name}', the dtype of 'query_boxes' must be the same as 'boxes' "
                            f"({boxes.dtype}), but got {query_boxes.dtype}.")
        if boxes.shape[0] != query_boxes.shape[0]:
            raise ValueError(f"For '{self.name}', the 'boxes' and 'query_boxes' must have the same first dim, "
                             f"but got {boxes.shape[0]} and {query_boxes.shape[0]}.")
        batch, count, queries = boxes.shape[0], boxes.shape[1], query_boxes.shape[1]
        if self.is_cross:
            return TensorSpec((batch, count, queries), boxes.dtype)
        if count != queries:
            raise ValueError(f"For '{self.name}', one-to-one ('is_cross' False) needs as many 'query_boxes' as "
                             f"'boxes' ({count}), but got {queries}.")
        return TensorSpec((batch, count), boxes.dtype)
