"""Gradients of the image and pooling Primitive classes of operations/vision_ops.py
(compositions: their gradients come from their parts' bprops), checked numerically in
float64 away from kinks (ties of maxima, hue sector borders, pixel-grid points).
ResizeArea and ScaleAndTranslate, linear, compute in float32 whatever the input (as
MindSpore's): no float64 check."""
import numpy as np
import pytest

import spore as ms
from spore import ops
from tests.ops.op_testing import OpCase, case_id, rand

from .gradcheck import check_gradients

F64 = np.float64
_rng = np.random.default_rng(11)


def _boxes(n):
    corner = _rng.uniform(0, 10, (n, 2))
    return np.concatenate([corner, corner + _rng.uniform(1, 5, (n, 2))], 1)


def _distinct_colours(*shape):
    """RGB pixels in (0.1, 0.9) whose channels differ by at least 0.1 (away from the hue
    sectors' borders and from greys)."""
    base = _rng.uniform(0.1, 0.3, shape + (1,))
    steps = np.stack([_rng.permutation([0.0, 0.25, 0.5]) for _ in range(int(np.prod(shape)))]).reshape(shape + (3,))
    return base + steps + _rng.uniform(0, 0.05, shape + (3,))


def _unpool_indices():
    """Distinct argmax positions of a (1, 2, 2, 2) pool over (4, 4) planes."""
    windows = np.array([[0, 1, 4, 5], [2, 3, 6, 7], [8, 9, 12, 13], [10, 11, 14, 15]])
    picks = _rng.integers(0, 4, (1, 2, 4))
    return ms.Tensor(np.take_along_axis(windows[None, None], picks[..., None], 3)[..., 0].reshape(1, 2, 2, 2))


_UNPOOL_INDICES = _unpool_indices()
_OUTPUT_SIZE = ms.Tensor(np.array([5, 6], np.int32))
_CROPS = ms.Tensor(np.array([[0.13, 0.21, 0.82, 0.93]], np.float32))
_CROP_INDICES = ms.Tensor(np.array([0], np.int32))
_SAMPLES = ms.Tensor(np.array([[[0.3, 0.6]]], F64))
# samples of these rois keep off whole pixels (where bilinear weights have kinks)
_ROIS = np.array([[0, 0.3, 0.45, 3.9, 2.8], [1, 1.2, 0.1, 4.4, 4.6]], F64)


def _distinct(*shape):
    """Values at least 0.1 apart (no ties in a maximum)."""
    return (_rng.permutation(int(np.prod(shape))).reshape(shape) * 0.1 + _rng.uniform(0, 0.02, shape)).astype(F64)

GRAD_CASES = [
    OpCase(ops.ExtractImagePatches((2, 2), (1, 2), (2, 1), "SAME"), (rand(1, 2, 5, 5, dtype=F64),), None),
    OpCase(ops.Im2Col((2, 3), 2, 1, 1), (rand(1, 2, 5, 6, dtype=F64),), None),
    OpCase(lambda x: ops.Col2Im(2, 1, 1, 2)(x, _OUTPUT_SIZE), (rand(1, 2, 4, 12, dtype=F64),), None),
    OpCase(lambda x: ops.MaxUnpool2D(2)(x, _UNPOOL_INDICES), (rand(1, 2, 2, 2, dtype=F64),), None),
    OpCase(lambda x: ops.MaxUnpool3D(2)(x, ops.reshape(_UNPOOL_INDICES, (1, 2, 1, 2, 2)) * 2),
           (rand(1, 2, 1, 2, 2, dtype=F64),), None),
    OpCase(lambda x: ops.FractionalMaxPoolWithFixedKsize(2, (2, 2))(x, _SAMPLES)[0],
           (_rng.permutation(25).reshape(1, 1, 5, 5).astype(F64),), None),
    OpCase(lambda t: ops.AffineGrid()(t, (1, 1, 2, 3)), (rand(1, 2, 3, dtype=F64),), None),
    OpCase(ops.GridSampler2D("bilinear", "border"), (rand(1, 2, 3, 3, dtype=F64),
                                                     np.array([[[[-0.3, 0.45], [0.2, -0.55]]]], F64)), None),
    OpCase(ops.GridSampler3D(), (rand(1, 1, 2, 3, 3, dtype=F64), np.array([[[[[0.1, -0.3, 0.2]]]]], F64)), None),
    OpCase(lambda i: ops.CropAndResize()(i, _CROPS, _CROP_INDICES, (2, 3)), (rand(1, 4, 5, 2, dtype=F64),), None),
    OpCase(ops.IOU(), (_boxes(3), _boxes(2)), None),
    OpCase(ops.BoundingBoxEncode(), (_boxes(3), _boxes(3)), None),
    OpCase(ops.BoundingBoxDecode((100, 100)), (_boxes(2), rand(2, 4, dtype=F64)), None),
    OpCase(ops.RGBToHSV(), (_distinct_colours(2, 3),), None),
    OpCase(ops.HSVToRGB(), (np.array([[[[0.05, 0.6, 0.7], [0.4, 0.3, 0.5], [0.75, 0.9, 0.2]]]], F64),), None),
    OpCase(lambda x: ops.AdjustHue()(x, ms.Tensor(0.05, ms.float64)), (_distinct_colours(1, 2, 2),), None),
    OpCase(lambda x: ops.AdjustSaturation()(x, ms.Tensor(0.7, ms.float64)), (_distinct_colours(1, 2, 2),), None),
    OpCase(lambda f: ops.ROIAlign(2, 2, 1.0, 2)(f, ms.Tensor(_ROIS)), (rand(2, 2, 5, 5, dtype=F64),), None),
    OpCase(lambda f: ops.ROIAlign(2, 3, 0.5, 0, 0)(f, ms.Tensor(_ROIS)), (rand(2, 1, 5, 5, dtype=F64),), None),
    OpCase(ops.ExtractVolumePatches(2, (1, 2, 1), "SAME"), (rand(1, 2, 2, 3, 3, dtype=F64),), None),
    OpCase(ops.Dilation2D(1, 1), (_distinct(1, 2, 4, 4), _distinct(2, 2, 2) * 0.01), None),
    OpCase(ops.Dilation2D(2, (1, 2), "VALID"), (_distinct(1, 1, 5, 6), _distinct(1, 2, 2) * 0.013), None),
    OpCase(ops.ChannelShuffle(2), (rand(1, 4, 2, 2, dtype=F64),), None),
    # fractional pooling over sizes the ratios divide (fixed window boundaries)
    OpCase(lambda x: ops.FractionalMaxPool([1.0, 2.0, 2.0, 1.0], overlapping=True)(x)[0], (_distinct(1, 4, 4, 2),),
           None),
    OpCase(lambda x: ops.FractionalAvgPool([1.0, 2.0, 3.0, 1.0])(x)[0], (rand(2, 4, 6, 1, dtype=F64),), None),
]


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_gradient(case):
    check_gradients(case.op, case.inputs)
