"""Numerical gradient checks of the convolution, pooling and resizing bprops (float64),
and second-order checks through them.

Max pools take inputs of distinct values (a permutation), so that every window has one
maximum and a perturbation of 1e-6 never moves it.
"""
import numpy as np
import pytest

import spore as ms
from spore import ops
from tests.ops.op_testing import OpCase, case_id, rand

from .gradcheck import check_gradients

_rng = np.random.default_rng(1)


def distinct(*shape) -> np.ndarray:
    """Values 0, 1/n, ..., (n - 1)/n in random order."""
    size = int(np.prod(shape))
    return _rng.permutation(size).reshape(shape) / size


def argmax_of(pool, x) -> np.ndarray:
    """The argmax a max pool returns for x."""
    return pool(ms.Tensor(x))[1].asnumpy()


# ---- inputs --------------------------------------------------------------------------------
m4, m5, m3 = distinct(1, 2, 5, 5), distinct(1, 2, 3, 4, 3), distinct(2, 2, 6)
a4, a5, a3 = rand(1, 2, 5, 6), rand(1, 2, 3, 4, 3), rand(2, 2, 6)
img, line, vol = rand(1, 2, 3, 4), rand(1, 2, 4), rand(1, 1, 2, 3, 2)

pool_same = ops.MaxPoolWithArgmax(3, 2, "same")
pool_v2 = ops.MaxPoolWithArgmaxV2(3, 2, 1, dilation=(1, 2), ceil_mode=True)
pool_3d = ops.MaxPool3DWithArgmax((2, 2, 2), (1, 2, 1), (1, 1, 0), ceil_mode=True)
adaptive_max = {1: (ops.AdaptiveMaxPool1D(), (m3, 4)), 2: (ops.AdaptiveMaxPool2D((2, 3)), (m4,)),
                3: (ops.AdaptiveMaxPool3D(), (m5, (2, 3, 2)))}


def adaptive_argmax(rank):
    pool, inputs = adaptive_max[rank]
    return pool(*[ms.Tensor(v) if isinstance(v, np.ndarray) else v for v in inputs])[1].asnumpy()


GRAD_CASES = [
    # -- convolutions
    OpCase(ops.Conv2D(3, 3), (rand(1, 2, 5, 5), rand(3, 2, 3, 3)), None),
    OpCase(ops.Conv2D(3, (3, 2), pad_mode="same", stride=2), (rand(2, 2, 5, 6), rand(3, 2, 3, 2)), None),
    OpCase(ops.Conv2D(2, 2, pad_mode="pad", pad=(1, 0, 2, 1), stride=(1, 2), dilation=2),
           (rand(1, 2, 5, 6), rand(2, 2, 2, 2)), None),
    OpCase(ops.Conv2D(4, 3, pad_mode="pad", pad=1, group=2), (rand(1, 4, 4, 4), rand(4, 2, 3, 3)), None),
    OpCase(ops.Conv1D(3, 3, pad_mode="same", stride=2), (rand(2, 2, 6), rand(3, 2, 3)), None),
    OpCase(ops.Conv1D(2, 2, pad_mode="pad", pad=(2, 1), dilation=2, group=2), (rand(1, 2, 5), rand(2, 1, 2)), None),
    OpCase(ops.Conv3D(2, 2, pad_mode="same", stride=2), (rand(1, 2, 3, 4, 3), rand(2, 2, 2, 2, 2)), None),
    OpCase(ops.Conv3D(2, (2, 1, 2), pad_mode="pad", pad=(1, 0, 0, 1, 1, 1), group=2),
           (rand(1, 2, 3, 3, 2), rand(2, 1, 2, 1, 2)), None),
    OpCase(ops.Conv2DBackpropInput(3, 3, pad_mode="same", stride=2), (rand(1, 3, 3, 3), rand(3, 2, 3, 3), (1, 2, 5, 5)),
           None),
    OpCase(ops.Conv2DTranspose(4, 2, pad_mode="pad", pad=(1, 0, 0, 1), dilation=2, group=2),
           (rand(1, 4, 3, 4), rand(4, 1, 2, 2), (1, 2, 4, 5)), None),
    OpCase(ops.Conv1DBackpropInput(3, 3, pad_mode="same", stride=2), (rand(2, 3, 3), rand(3, 2, 3), (2, 2, 6)), None),
    OpCase(ops.Conv1DTranspose(2, 2, pad_mode="valid"), (rand(1, 2, 4), rand(2, 3, 2), (1, 3, 5)), None),
    OpCase(ops.Conv3DBackpropInput(2, 2, pad_mode="same", stride=2), (rand(2, 2, 2, 2, 2), rand(1, 2, 2, 2, 2),
                                                                     (1, 2, 3, 4, 3)), None),
    OpCase(ops.Conv2DBackpropFilter(3, 3, pad_mode="same", stride=2), (rand(1, 3, 3, 3), rand(1, 2, 5, 5),
                                                                       (3, 2, 3, 3)), None),
    OpCase(ops.Conv2DBackpropFilter(4, 2, pad_mode="pad", pad=(1, 0, 0, 1), dilation=2, group=2),
           (rand(1, 4, 3, 4), rand(1, 2, 4, 5), (4, 1, 2, 2)), None),
    OpCase(ops.Conv1DBackpropFilter(3, 3, pad_mode="same", stride=2), (rand(2, 3, 3), rand(2, 2, 6), (3, 2, 3)), None),
    OpCase(ops.Conv3DBackpropFilter(2, 2, pad_mode="same", stride=2), (rand(1, 2, 3, 4, 3), rand(1, 2, 2, 2, 2),
                                                                      (2, 2, 2, 2, 2)), None),
    OpCase(ops.Conv3DTranspose(2, 2, 2), (rand(1, 2, 2, 2, 2), rand(2, 2, 2, 2, 2)), None),
    OpCase(ops.Conv3DTranspose(2, 2, (2, 1, 2), pad_mode="same", stride=2), (rand(1, 2, 2, 2, 2), rand(2, 1, 2, 1, 2)),
           None),
    OpCase(ops.Conv3DTranspose(2, 2, 2, pad_mode="pad", pad=(1, 0, 0, 1, 1, 1), stride=2, output_padding=1),
           (rand(1, 2, 2, 2, 2), rand(2, 2, 2, 2, 2)), None),
    OpCase(ops.ConvTranspose2D(), (rand(1, 4, 3, 3), rand(4, 2, 3, 3), rand(2), 2, 1, 1), None),
    OpCase(ops.ConvTranspose2D(), (rand(4, 3, 3), rand(4, 1, 2, 3), None, (1, 2), 0, 0, 2, (2, 1)), None),
    OpCase(ops.ConvTranspose2D(), (rand(2, 2, 3, 3), rand(2, 2, 2, 2)), None),
    OpCase(ops.ConvTranspose2D(), (rand(1, 2, 3, 3), rand(2, 2, 2, 2), rand(2), 1, (1, 0), 1, 1, 2), None),
    # output_padding >= stride: the convolution must not see the output's last element
    OpCase(ops.ConvTranspose2D(), (rand(1, 2, 3, 3), rand(2, 1, 2, 2), None, (2, 1), (0, 1), (0, 1), 1, 2), None),
    # -- max pooling
    OpCase(ops.MaxPool(3, 2, "same"), (m4,), None),
    OpCase(ops.MaxPool((3, 2), (2, 1)), (distinct(2, 1, 5, 6),), None),
    OpCase(ops.MaxPool3D(2, 2, "same"), (m5,), None),
    OpCase(ops.MaxPool3D((2, 3, 2), (2, 2, 1), "pad", (1, 0, 1, 1, 0, 1), ceil_mode=True), (m5,), None),
    OpCase(ops.MaxPoolGrad(3, 2, "same"), (m4, None, rand(1, 2, 3, 3)), None),
    OpCase(ops.MaxPoolGradGrad(3, 2, "same"), (m4, None, rand(1, 2, 5, 5)), None),
    OpCase(ops.MaxPool3DGrad((2, 3, 2), (2, 2, 1), "PAD", (1, 0, 1, 1, 0, 1), ceil_mode=True),
           (m5, None, rand(1, 2, 2, 3, 3)), None),
    OpCase(ops.MaxPool3DGradGrad(2, 2, "SAME"), (m5, None, rand(1, 2, 3, 4, 3)), None),
    OpCase(pool_same, (m4,), None),
    OpCase(pool_v2, (m4,), None),
    OpCase(ops.MaxPoolWithArgmaxV2(2), (distinct(2, 1, 4, 5),), None),
    OpCase(pool_3d, (m5,), None),
    OpCase(ops.MaxPoolGradWithArgmax(3, 2, "same"), (m4, rand(1, 2, 3, 3), argmax_of(pool_same, m4)), None),
    OpCase(ops.MaxPoolGradWithArgmaxV2(3, 2, 1, dilation=(1, 2), ceil_mode=True), (m4, rand(1, 2, 3, 2),
                                                                                   argmax_of(pool_v2, m4)), None),
    OpCase(ops.MaxPool3DGradWithArgmax((2, 2, 2), (1, 2, 1), (1, 1, 0), ceil_mode=True),
           (m5, rand(1, 2, 4, 3, 2), argmax_of(pool_3d, m5)), None),
    OpCase(adaptive_max[1][0], adaptive_max[1][1], None),
    OpCase(adaptive_max[2][0], adaptive_max[2][1], None),
    OpCase(ops.AdaptiveMaxPool2D((3, None)), (distinct(2, 4, 5),), None),
    OpCase(adaptive_max[3][0], adaptive_max[3][1], None),
    OpCase(ops.AdaptiveMaxPool1DGrad(), (rand(2, 2, 4), m3, adaptive_argmax(1)), None),
    OpCase(ops.AdaptiveMaxPool2DGrad(), (rand(1, 2, 2, 3), m4, adaptive_argmax(2)), None),
    OpCase(ops.AdaptiveMaxPool3DGrad(), (rand(1, 2, 2, 3, 2), m5, adaptive_argmax(3)), None),
    # -- average pooling
    OpCase(ops.AvgPool(3, 2, "same"), (a4,), None),
    OpCase(ops.AvgPool((3, 2), (1, 2)), (a4,), None),
    OpCase(ops.AvgPoolGrad(3, 2, "same"), (a4, None, rand(1, 2, 3, 3)), None),
    OpCase(ops.AvgPool3D((2, 3, 2), (2, 2, 1), "pad", (1, 0, 1, 1, 0, 1), ceil_mode=True, count_include_pad=False),
           (a5,), None),
    OpCase(ops.AvgPool3D(2, 1, "pad", 1, divisor_override=3), (a5,), None),
    OpCase(ops.AvgPool3D(2, 2, "same"), (a5,), None),
    OpCase(ops.AvgPool3DGrad((2, 3, 2), (2, 2, 1), (1, 0, 1, 1, 0, 1), True, False), ((1, 2, 3, 4, 3),
                                                                                     rand(1, 2, 2, 3, 3)), None),
    OpCase(ops.AvgPool1D(), (a3, 3, 2, 1, True, False), None),
    OpCase(ops.AvgPool1D(), (a3, 2), None),
    OpCase(ops.AvgPool2D(), (a4, (3, 2), None, (1, 0, 1, 1), True, True, 4), None),
    OpCase(ops.AvgPool2D(), (a4[0], 3, 2, 1, False, False), None),
    OpCase(ops.AvgPool1DGrad(), (rand(2, 2, 4), a3, 3, 2, 1, True, False), None),
    OpCase(ops.AvgPool2DGrad(), (rand(2, 3, 3), a4[0], 3, 2, 1, False, False), None),
    OpCase(ops.AdaptiveAvgPool1D(), (a3, 4), None),
    OpCase(ops.AdaptiveAvgPool2D((2, 4)), (a4,), None),
    OpCase(ops.AdaptiveAvgPool2D((None, 4)), (a4[0],), None),
    OpCase(ops.AdaptiveAvgPool3D((2, None, 2)), (a5,), None),
    OpCase(ops.AdaptiveAvgPool1DGrad(), (rand(2, 2, 4), (2, 2, 6)), None),
    OpCase(ops.AdaptiveAvgPool2DGrad(), (rand(2, 3, 4), (2, 5, 6)), None),
    OpCase(ops.AdaptiveAvgPool3DGrad(), (rand(1, 2, 2, 3, 2), (1, 2, 3, 4, 3)), None),
    # -- resizing
    OpCase(ops.ResizeNearestNeighbor((5, 7)), (img,), None),
    OpCase(ops.ResizeNearestNeighbor((2, 3), align_corners=True), (img,), None),
    OpCase(ops.ResizeNearestNeighborV2(False, True), (img, np.array([5, 7], np.int32)), None),
    OpCase(ops.ResizeNearestNeighborV2(), (line, (7,)), None),
    OpCase(ops.ResizeNearestNeighborGrad(True), (rand(1, 2, 5, 7), (3, 4)), None),
    OpCase(ops.ResizeNearestNeighborV2Grad(False, True), (rand(1, 2, 7), (4,)), None),
    OpCase(ops.ResizeBilinear((5, 7)), (img,), None),
    OpCase(ops.ResizeBilinearV2(True), (img, (5, 7)), None),
    OpCase(ops.ResizeBilinearV2(False, True), (img, (2, 3)), None),
    OpCase(ops.ResizeBicubic(), (img, (5, 7)), None),
    OpCase(ops.ResizeBicubic(True), (img, (5, 7)), None),
    OpCase(ops.ResizeBicubic(False, True), (img, (2, 5)), None),
    OpCase(ops.ResizeBilinearGrad(False, True), (rand(1, 2, 5, 7), img), None),
    OpCase(ops.ResizeBicubicGrad(), (rand(1, 2, 5, 7), img), None),
    OpCase(ops.ResizeLinear1D(), (line, (7,)), None),
    OpCase(ops.ResizeLinear1D("half_pixel"), (line, (3,)), None),
    OpCase(ops.ResizeLinear1D("asymmetric"), (line, (7,)), None),
    OpCase(ops.ResizeLinear1DGrad("half_pixel"), (rand(1, 2, 7), line), None),
    OpCase(ops.UpsampleNearest3D(), (vol, (3, 5, 4)), None),
    OpCase(ops.UpsampleNearest3D(), (vol, None, (1.5, 2.0, 1.3)), None),
    OpCase(ops.UpsampleTrilinear3D(), (vol, (3, 5, 4)), None),
    OpCase(ops.UpsampleTrilinear3D(True), (vol, None, (1.5, 2.0, 1.3)), None),
    OpCase(ops.UpsampleNearest3DGrad(), (rand(1, 1, 3, 6, 2), (1, 1, 2, 3, 2), None, (1.5, 2.0, 1.3)), None),
    OpCase(ops.UpsampleTrilinear3DGrad(True), (rand(1, 1, 3, 5, 4), (1, 1, 2, 3, 2), (3, 5, 4)), None),
]


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_gradient(case):
    check_gradients(case.op, case.inputs)


# ---- second order --------------------------------------------------------------------------
def squared_gradient(op):
    """The function giving the analytic gradient of sum(op(...)**2) (of op's first output)
    with respect to its float Tensor inputs. Checking its own gradient against finite
    differences checks the bprops of the primitives op's bprop calls."""
    def value(*args):
        out = op(*args)
        out = out[0] if isinstance(out, tuple) else out
        return out * out

    def gradient(*args):
        positions = tuple(i for i, a in enumerate(args) if isinstance(a, ms.Tensor) and a.dtype == ms.float64)
        return ms.grad(value, positions)(*args)
    return gradient


SECOND_ORDER_CASES = [
    OpCase(ops.Conv2D(2, 3, pad_mode="same", stride=2), (rand(1, 2, 4, 4), rand(2, 2, 3, 3)), None),
    OpCase(ops.Conv2D(2, 2, pad_mode="pad", pad=(1, 0, 0, 1), dilation=2, group=2), (rand(1, 2, 4, 4),
                                                                                     rand(2, 1, 2, 2)), None),
    OpCase(ops.Conv1D(2, 3, pad_mode="same", stride=2), (rand(2, 2, 5), rand(2, 2, 3)), None),
    OpCase(ops.Conv3D(2, 2, pad_mode="same", stride=2), (rand(1, 2, 3, 3, 2), rand(2, 2, 2, 2, 2)), None),
    OpCase(ops.Conv2DTranspose(2, 3, pad_mode="same", stride=2), (rand(1, 2, 2, 2), rand(2, 2, 3, 3), (1, 2, 4, 4)),
           None),
    OpCase(ops.Conv2DBackpropFilter(2, 3, pad_mode="same", stride=2), (rand(1, 2, 2, 2), rand(1, 2, 4, 4),
                                                                       (2, 2, 3, 3)), None),
    OpCase(ops.Conv3DTranspose(2, 2, 2, pad_mode="pad", pad=(1, 0, 0, 1, 1, 1), stride=2, output_padding=1),
           (rand(1, 2, 2, 2, 2), rand(2, 2, 2, 2, 2)), None),
    OpCase(ops.ConvTranspose2D(), (rand(1, 2, 3, 3), rand(2, 2, 2, 2), None, 2, 1, 1), None),
    OpCase(ops.MaxPool(3, 2, "same"), (m4,), None),
    OpCase(ops.MaxPool3D((2, 3, 2), (2, 2, 1), "pad", (1, 0, 1, 1, 0, 1), ceil_mode=True), (m5,), None),
    OpCase(pool_same, (m4,), None),
    OpCase(pool_v2, (m4,), None),
    OpCase(adaptive_max[2][0], adaptive_max[2][1], None),
    OpCase(adaptive_max[1][0], adaptive_max[1][1], None),
    OpCase(ops.AvgPool(3, 2, "same"), (a4,), None),
    OpCase(ops.AvgPool3D((2, 3, 2), (2, 2, 1), "pad", (1, 0, 1, 1, 0, 1), ceil_mode=True), (a5,), None),
    OpCase(ops.AvgPool2D(), (a4, 3, 2, 1, True, False), None),
    OpCase(ops.AdaptiveAvgPool2D((2, 4)), (a4,), None),
    OpCase(ops.AdaptiveAvgPool1D(), (a3, 4), None),
    OpCase(ops.ResizeNearestNeighbor((5, 7)), (img,), None),
    OpCase(ops.ResizeBilinearV2(False, True), (img, (5, 7)), None),
    OpCase(ops.ResizeBicubic(), (img, (5, 7)), None),
    OpCase(ops.ResizeLinear1D(), (line, (7,)), None),
    OpCase(ops.UpsampleNearest3D(), (vol, None, (1.5, 2.0, 1.3)), None),
    OpCase(ops.UpsampleTrilinear3D(), (vol, (3, 5, 4)), None),
]


@pytest.mark.parametrize("case", SECOND_ORDER_CASES, ids=case_id)
def test_second_order(case):
    check_gradients(squared_gradient(case.op), case.inputs)


# ---- MindSpore's values --------------------------------------------------------------------
def test_max_pool_same_routes_to_the_window_maxima():
    # MindSpore 2.7.1: 'same' pads bottom / right; each output's gradient goes to its maximum
    x = ms.Tensor(np.arange(9, dtype=np.float32).reshape(1, 1, 3, 3))
    sens = ms.Tensor(np.array([[[[1.0, 2.0], [3.0, 4.0]]]], np.float32))
    grad = ms.grad(lambda t: ops.MaxPool(2, 2, "same")(t) * sens)(x)
    np.testing.assert_array_equal(grad.asnumpy()[0, 0], [[0, 0, 0], [0, 1, 2], [0, 3, 4]])


def test_avg_pool_same_divides_by_the_elements_inside():
    # MindSpore 2.7.1: the backward divides by the window's elements inside the input;
    # windows of rows (and columns) [-1, 1], [1, 3], [3, 5] hold 2, 3, 2 of them
    grad = ms.grad(lambda t: ops.AvgPool(3, 2, "same")(t))(ms.Tensor(np.ones((1, 1, 5, 5), np.float32)))
    per_row = np.array([1 / 2, 1 / 2 + 1 / 3, 1 / 3, 1 / 3 + 1 / 2, 1 / 2])
    np.testing.assert_allclose(grad.asnumpy()[0, 0], np.outer(per_row, per_row), rtol=1e-6)


def test_argmax_output_takes_no_gradient():
    x = ms.Tensor(m4.astype(np.float32))
    with_argmax = ms.grad(lambda t: pool_same(t))(x)
    values_only = ms.grad(lambda t: pool_same(t)[0])(x)
    np.testing.assert_array_equal(with_argmax.asnumpy(), values_only.asnumpy())
