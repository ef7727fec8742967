"""Gradients of the vision functions composed of other primitives (vision_func.py):
numerical checks in float64, sampling points kept off the pixel grid's kinks."""
import numpy as np
import pytest

import spore as ms
from spore import ops
from tests.ops.op_testing import OpCase, case_id, rand

from .gradcheck import check_gradients

F64 = np.float64


def _grid(*shape, size=4, align_corners=False):
    """Grid coordinates whose pixel positions keep 0.1 away from whole pixels (where
    bilinear weights have kinks)."""
    g = rand(*shape, dtype=F64, low=-0.95, high=0.95)
    pixels = ((g + 1) * size - 1) / 2 if not align_corners else (g + 1) / 2 * (size - 1)
    nudge = np.where(np.abs(pixels - np.round(pixels)) < 0.1, 0.25, 0.0)
    pixels = pixels + nudge
    return ((2 * pixels + 1) / size - 1) if not align_corners else (2 * pixels / (size - 1) - 1)


def _boxes(n):
    corner = rand(n, 2, dtype=F64, low=0, high=10)
    return np.concatenate([corner, corner + rand(n, 2, dtype=F64, low=1, high=5)], 1)


_CROPS = ms.Tensor(np.array([[0.13, 0.21, 0.82, 0.93], [0.52, 0.61, 1.2, 0.33]], np.float32))
_CROP_INDICES = ms.Tensor(np.array([1, 0], np.int32))
_PADDINGS = ms.Tensor(np.array([[1, 1], [2, 0]], np.int64))
_SIZE = ms.Tensor(np.array([4, 5], np.int32))

GRAD_CASES = [
    OpCase(lambda t: ops.affine_grid(t, (2, 1, 3, 4)), (rand(2, 2, 3, dtype=F64),), None),
    OpCase(lambda t: ops.affine_grid(t, (1, 1, 2, 2, 3), True), (rand(1, 3, 4, dtype=F64),), None),
    OpCase(ops.grid_sample, (rand(1, 2, 4, 4, dtype=F64), _grid(1, 3, 2, 2)), None),
    OpCase(lambda x, g: ops.grid_sample(x, g, "bilinear", "border", True),
           (rand(1, 1, 4, 4, dtype=F64), _grid(1, 2, 2, 2, align_corners=True)), None),
    OpCase(lambda x: ops.grid_sample(x, ops.zeros((1, 2, 1, 2), x.dtype) + 0.3, "nearest"),
           (rand(1, 2, 3, 3, dtype=F64),), None),
    OpCase(ops.grid_sample, (rand(1, 1, 4, 4, 4, dtype=F64), _grid(1, 2, 1, 1, 3)), None),
    OpCase(ops.iou, (_boxes(3), _boxes(2)), None),
    OpCase(lambda a, g: ops.iou(a, g, "iof"), (_boxes(3), _boxes(2)), None),
    OpCase(ops.bounding_box_encode, (_boxes(3), _boxes(3)), None),
    OpCase(lambda a, d: ops.bounding_box_decode(a, d, (100, 100)), (_boxes(3), rand(3, 4, dtype=F64)), None),
    OpCase(lambda i: ops.crop_and_resize(i, _CROPS, _CROP_INDICES, (3, 2)), (rand(2, 4, 5, 2, dtype=F64),), None),
    OpCase(lambda x: ops.mirror_pad(x, _PADDINGS, "REFLECT"), (rand(3, 3, dtype=F64),), None),
    OpCase(lambda x: ops.mirror_pad(x, _PADDINGS, "SYMMETRIC"), (rand(2, 3, dtype=F64),), None),
    OpCase(lambda x: ops.padding(x, 3), (rand(2, 1, dtype=F64),), None),
    OpCase(lambda x: ops.col2im(x, _SIZE, 2, 1, 1, 2), (rand(1, 2, 4, 9, dtype=F64),), None),
]


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_gradient(case):
    check_gradients(case.op, case.inputs)
