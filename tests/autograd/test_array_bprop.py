"""Gradients of the array primitives: numerical checks in float64 (every attribute that
changes the gradient, tuple inputs, multi-output ops), second-order checks, and the
dtypes MindSpore gives the gradients of Cast."""
import numpy as np
import pytest

import spore as ms
from spore import ops
from spore.ops.operations.array_ops import PadV3Grad, RepeatInterleaveGrad
from tests.ops.op_testing import OpCase, case_id, rand

from .gradcheck import EPS, check_gradients

X234 = rand(2, 3, 4)
FOLD_SIZE = ms.Tensor(np.array([4, 4], np.int32))
MIRROR_PADS = ms.Tensor(np.array([[1, 2], [0, 3]], np.int64))
B2S_BLOCK, B2S_CROPS = ms.Tensor(np.array([2, 2], np.int32)), ms.Tensor(np.array([[0, 1], [1, 0]], np.int32))
SCALAR = np.array(1.5)


def _first(op):
    """The first output of a multi-output op, as a one-output function."""
    return lambda *args: op(*args)[0]


GRAD_CASES = [
    # ---- shapes
    OpCase(ops.Reshape(), (X234, (6, 4)), None),
    OpCase(ops.Reshape(), (X234, (-1,)), None),
    OpCase(ops.Reshape(), (rand(1, 1), ()), None),
    OpCase(ops.Reshape(), (rand(2, 3), np.array([3, 2])), None),
    OpCase(ops.Transpose(), (X234, (2, 0, 1)), None),
    OpCase(ops.Transpose(), (X234, (-1, 0, 1)), None),
    OpCase(ops.Transpose(), (SCALAR, ()), None),
    OpCase(ops.ExpandDims(), (X234, -1), None),
    OpCase(ops.ExpandDims(), (SCALAR, 0), None),
    OpCase(ops.Squeeze(), (rand(1, 3, 1),), None),
    OpCase(ops.Squeeze(2), (rand(1, 3, 1),), None),
    OpCase(ops.Flatten(), (X234,), None),
    OpCase(ops.Flatten(), (rand(5),), None),
    OpCase(ops.BroadcastTo((4, 2, 5, 3)), (rand(2, 1, 3),), None),
    OpCase(ops.BroadcastTo((-1, 3)), (rand(2, 1),), None),
    OpCase(ops.BroadcastTo((2, 3)), (SCALAR,), None),
    OpCase(ops.Tile(), (rand(2, 3), (2, 1)), None),
    OpCase(ops.Tile(), (rand(2, 3), (2, 1, 3)), None),
    OpCase(ops.Tile(), (X234, (2,)), None),
    OpCase(ops.Tile(), (SCALAR, (2, 3)), None),
    OpCase(ops.Tile(), (rand(2, 3), (0, 2)), None),
    # ---- joining and splitting
    OpCase(ops.Concat(1), ((rand(2, 3), rand(2, 4)),), None),
    OpCase(ops.Concat(-1), ([rand(2, 1), rand(2, 3), rand(2, 2)],), None),
    OpCase(ops.Concat(), ((rand(2, 3), rand(0, 3), rand(1, 3)),), None),
    OpCase(ops.Stack(), ((rand(2, 3), rand(2, 3)),), None),
    OpCase(ops.Stack(-1), ([rand(2, 3), rand(2, 3), rand(2, 3)],), None),
    OpCase(ops.Stack(1), (rand(2, 3), rand(2, 3)), None),
    OpCase(ops.Unstack(), (X234,), None),
    OpCase(ops.Unstack(-1), (X234,), None),
    OpCase(_first(ops.Unstack(1)), (X234,), None, prim="Unstack"),
    OpCase(ops.Split(1, 3), (rand(2, 6),), None),
    OpCase(ops.Split(-1, 2), (X234,), None),
    OpCase(_first(ops.Split(0, 2)), (rand(4, 3),), None, prim="Split"),
    OpCase(ops.SplitV((1, -1, 2), 1, 3), (rand(2, 6),), None),
    OpCase(ops.SplitV((2, 0, 1), 0, 3), (rand(3, 2),), None),
    OpCase(ops.Meshgrid(), ((rand(2), rand(3), rand(4)),), None),
    OpCase(ops.Meshgrid("ij"), ((rand(2), rand(3)),), None),
    OpCase(ops.Meshgrid(), ((rand(3),),), None),
    OpCase(ops.Meshgrid(), ((SCALAR, rand(3)),), None),
    # ---- padding and reordering
    OpCase(ops.Pad(((1, 2), (0, 1))), (rand(2, 3),), None),
    OpCase(ops.Pad(((0, 0), (2, 0), (1, 1))), (X234,), None),
    OpCase(ops.PadV3(), (rand(1, 3, 4), (1, 2, 0, 1), 2.5), None),
    OpCase(ops.PadV3(), (rand(1, 3, 4), (-1, 2)), None),
    OpCase(ops.PadV3(paddings_contiguous=False), (rand(2, 3, 4), (1, -1, 2, 0)), None),
    OpCase(ops.PadV3("reflect"), (rand(2, 5), (2, 3)), None),
    OpCase(ops.PadV3("reflect"), (rand(2, 3, 4, 5), (2, 1, 1, 2)), None),
    OpCase(ops.PadV3("reflect"), (rand(1, 2, 6), (-1, 2)), None),
    OpCase(ops.PadV3("reflect"), (rand(1, 1, 3, 4, 4), (1, 1, 2, 0, 1, 2)), None),
    OpCase(ops.PadV3("edge"), (rand(2, 3), (3, 1)), None),
    OpCase(ops.PadV3("edge"), (rand(1, 2, 3, 3, 3), (1, 1, 2, 0, 0, 1)), None),
    OpCase(ops.PadV3("edge", False), (rand(1, 3, 4), (2, 0, 1, 3)), None),
    OpCase(ops.PadV3("circular"), (rand(1, 3, 4), (2, 1)), None),
    OpCase(ops.PadV3("circular"), (rand(2, 2, 3, 4), (1, 3, 2, 0)), None),
    OpCase(ops.PadV3("circular"), (rand(1, 2, 6), (-1, 2)), None),
    OpCase(ops.PadV3("circular"), (rand(1, 3, 3, 4), (1, 2, 3, 0, 1, 1)), None),
    OpCase(PadV3Grad("reflect"), (rand(2, 3, 6, 7), (2, 1, 1, 2)), None),
    OpCase(PadV3Grad("edge", False), (rand(1, 6, 8), (2, 0, 1, 3)), None),
    OpCase(PadV3Grad("circular"), (rand(1, 2, 7), (-1, 2)), None),
    OpCase(ops.ReverseV2((0, 2)), (X234,), None),
    OpCase(ops.ReverseV2((-1,)), (rand(5),), None),
    OpCase(ops.Roll(2), (X234,), None),
    OpCase(ops.Roll((1, -2), (0, 2)), (X234,), None),
    OpCase(ops.RepeatInterleaveInt(), (rand(2, 3), 2, 1), None),
    OpCase(ops.RepeatInterleaveInt(), (rand(2, 3), 3), None),
    OpCase(ops.RepeatInterleaveInt(), (rand(2, 3), 0, 0), None),
    OpCase(ops.RepeatInterleaveInt(), (X234, 2, -2, 6), None),
    OpCase(ops.RepeatInterleaveTensor(), (rand(2, 3), (1, 2), 0), None),
    OpCase(ops.RepeatInterleaveTensor(), (rand(2, 3), np.array([2, 0, 1]), 1), None),
    OpCase(ops.RepeatInterleaveTensor(), (rand(2, 3), (1, 3, 0, 2, 1, 1)), None),
    OpCase(ops.RepeatInterleaveTensor(), (rand(2, 3), (2,), 1), None),
    OpCase(RepeatInterleaveGrad(), (rand(2, 6), (1, 2, 3), 1), None),
    OpCase(RepeatInterleaveGrad(), (rand(2, 6), np.array([2]), -1), None),
    OpCase(RepeatInterleaveGrad(), (rand(6, 2), 3, 0), None),
    # ---- triangles and diagonals
    OpCase(ops.Tril(), (X234[:, :3, :3].copy(),), None),
    OpCase(ops.Tril(1), (rand(3, 4),), None),
    OpCase(ops.Triu(-1), (X234,), None),
    OpCase(ops.Diag(), (rand(3),), None),
    OpCase(ops.Diag(), (rand(2, 2),), None),
    OpCase(ops.DiagPart(), (rand(3, 3),), None),
    OpCase(ops.DiagPart(), (rand(2, 1, 2, 1),), None),
    # ---- blocks and sequences
    OpCase(ops.ReverseSequence(1), (rand(3, 4), np.array([1, 4, 0], np.int32)), None),
    OpCase(ops.ReverseSequence(0, 2), (X234, np.array([2, 1, 0, 2], np.int64)), None),
    OpCase(ops.SpaceToBatchND((2, 2), ((1, 0), (0, 1))), (rand(1, 2, 3, 3),), None),
    OpCase(ops.BatchToSpaceND((2,), ((1, 1),)), (rand(4, 3, 2),), None),
    OpCase(lambda x: ops.BatchToSpaceNDV2()(x, B2S_BLOCK, B2S_CROPS), (rand(4, 1, 2, 2),), None,
           prim="BatchToSpaceNDV2"),
    OpCase(ops.SpaceToDepth(2), (rand(1, 2, 4, 2),), None),
    OpCase(ops.DepthToSpace(2), (rand(2, 4, 1, 2),), None),
    OpCase(ops.Expand(), (rand(2, 1), np.array([3, 2, 3], np.int32)), None),
    OpCase(ops.SpaceToBatch(2, ((1, 1), (0, 2))), (rand(1, 2, 2, 2),), None),
    OpCase(ops.BatchToSpace(2, ((0, 1), (1, 0))), (rand(4, 1, 2, 2),), None),
    OpCase(ops.FillDiagonal(5.0, True), (rand(5, 2),), None),
    OpCase(ops.FillV2(), ((2, 3), np.array(1.5)), None),
    OpCase(ops.ParallelConcat(), ([rand(1, 2), rand(1, 2)],), None),
    OpCase(lambda x: ops.MirrorPad()(x, MIRROR_PADS), (rand(3, 4),), None, prim="MirrorPad"),
    OpCase(lambda x: ops.MirrorPad("SYMMETRIC")(x, MIRROR_PADS), (rand(3, 4),), None, prim="MirrorPad"),
    OpCase(ops.Padding(4), (rand(3, 1),), None),
    OpCase(ops.IdentityN(), ((rand(2), rand(3)),), None),
    OpCase(ops.TransposeExtView(), (X234, 0, 2), None),
    # ---- compositions over the primitives above and others
    OpCase(ops.diagonal, (X234, 1, 0, 2), None, prim="Gather"),
    OpCase(ops.diag_embed, (rand(2, 3), -1, 0, 2), None, prim="Gather"),
    OpCase(ops.diagonal_scatter, (rand(3, 4), rand(3), 1), None, prim="Gather"),
    OpCase(ops.rot90, (X234, 1, (0, 2)), None, prim="ReverseV2"),
    OpCase(ops.block_diag, (rand(2, 2), rand(1, 3)), None, prim="PadV3"),
    OpCase(ops.tensor_split, (rand(2, 6), (-2, 1), 1), None, prim="Slice"),
    OpCase(ops.vander, (np.array([0.5, -2.0, 1.5]), 3), None, prim="Pow"),
    OpCase(ops.unfold, (rand(1, 2, 4, 4), 2, 1, 1, 2), None, prim="Gather"),
    OpCase(lambda cols: ops.fold(cols, FOLD_SIZE, 2, 1, 1, 2), (rand(1, 8, 9),), None, prim="UnsortedSegmentSum"),
    # ---- casting
    OpCase(ops.Cast(), (X234, ms.float64), None),
]

CHECKED_ELSEWHERE = {}


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_gradient(case):
    check_gradients(case.op, case.inputs)


# ---- second order -------------------------------------------------------------------------------
def _second_order_check(fn, x: np.ndarray, seed: int = 0) -> None:
    """grad of grad against finite differences of the first derivative.

    first(x) = d/dx sum(fn(x)^2 * w); the check compares d/dx sum(first(x) * v), taken by
    differentiating `first` itself (so through the bprops' own bprops), with central
    differences of sum(first(x) * v)."""
    rng = np.random.default_rng(seed)
    x = x.astype(np.float64)
    w = ms.Tensor(rng.standard_normal(fn(ms.Tensor(x)).shape))
    v = rng.standard_normal(x.shape)

    def first(t):
        return ops.GradOperation(sens_param=True)(lambda u: fn(u) * fn(u))(t, w)

    analytic = ops.GradOperation(sens_param=True)(first)(ms.Tensor(x), ms.Tensor(v)).asnumpy()
    numeric = np.zeros_like(x)
    for idx in np.ndindex(x.shape):
        shifted = []
        for step in (EPS, -EPS):
            moved = x.copy()
            moved[idx] += step
            shifted.append(np.sum(first(ms.Tensor(moved)).asnumpy() * v))
        numeric[idx] = (shifted[0] - shifted[1]) / (2 * EPS)
    np.testing.assert_allclose(analytic, numeric, rtol=1e-5, atol=1e-6)


SECOND_ORDER = {
    "reshape": lambda x: ops.Reshape()(x, (3, 8)),
    "transpose": lambda x: ops.Transpose()(x, (2, 0, 1)),
    "broadcast_to": lambda x: ops.BroadcastTo((2, 2, 3, 4))(x),
    "tile": lambda x: ops.Tile()(x, (2, 1, 2)),
    "concat": lambda x: ops.Concat(1)((x, x * x)),
    "stack_unstack": lambda x: ops.Stack(-1)(ops.Unstack(1)(x * x)),
    "split": lambda x: ops.Concat(2)(ops.SplitV((1, -1), 2, 2)(x * x)[::-1]),
    "meshgrid": lambda x: ops.Meshgrid()(ops.SplitV((4, -1), 0, 2)(ops.Reshape()(x, (24,))))[1],
    "pad_constant": lambda x: ops.PadV3()(x, (1, -1, 2, 0)),
    "pad_reflect": lambda x: ops.PadV3("reflect")(x, (2, 1)),
    "pad_edge": lambda x: ops.PadV3("edge")(x, (1, 2, 0, 1)),
    "pad_circular": lambda x: ops.PadV3("circular")(x, (1, 3)),
    "reverse_roll": lambda x: ops.Roll((1, 2), (0, 2))(ops.ReverseV2((1,))(x)),
    "repeat_interleave_int": lambda x: ops.RepeatInterleaveInt()(x, 2, 1),
    "repeat_interleave_tensor": lambda x: ops.RepeatInterleaveTensor()(x, (2, 0, 1), 1),
    "cast": lambda x: ops.Cast()(x * x, ms.float64),
}


@pytest.mark.parametrize("name", SECOND_ORDER)
def test_second_order(name):
    _second_order_check(SECOND_ORDER[name], X234)


# ---- MindSpore's dtypes and values --------------------------------------------------------------
def test_cast_gradient_returns_to_the_input_dtype():
    """Checked against MindSpore 2.7.1: a gradient reaching an integer or Bool input is
    cast to its dtype (so 2.5 truncates to 2), and a lower-precision output's gradient is
    cast back up."""
    grad = ms.grad(lambda x: ops.cast(x, ms.float32) * 2.5)
    ints = grad(ms.Tensor(np.array([1, 2, 3], np.int32)))
    assert ints.dtype is ms.int32 and ints.asnumpy().tolist() == [2, 2, 2]
    bools = grad(ms.Tensor(np.array([True, False])))
    assert bools.dtype is ms.bool_ and bools.asnumpy().tolist() == [True, True]
    halves = ms.grad(lambda x: ops.cast(x, ms.float16) * 3)(ms.Tensor(np.ones(3, np.float32)))
    assert halves.dtype is ms.float32 and halves.asnumpy().tolist() == [3.0, 3.0, 3.0]
    to_int = ms.grad(lambda x: ops.cast(x, ms.int32))(ms.Tensor(np.array([1.5, -2.7], np.float32)))
    assert to_int.dtype is ms.float32 and to_int.asnumpy().tolist() == [1.0, 1.0]


def test_pad_constant_value_gets_no_gradient():
    """As in MindSpore, a Tensor constant_value gets a zero gradient."""
    x, value = ms.Tensor(np.ones(3, np.float32)), ms.Tensor(2.0, ms.float32)
    dx, dvalue = ms.grad(lambda x, v: ops.PadV3()(x, (1, 1), v), grad_position=(0, 1))(x, value)
    assert dx.asnumpy().tolist() == [1.0, 1.0, 1.0]
    assert dvalue.shape == () and float(dvalue.asnumpy()) == 0.0


def test_shape_op_gradients_keep_integer_dtypes():
    grads = ms.grad(lambda x: ops.Tile()(ops.Transpose()(x, (1, 0)), (2, 1)))(
        ms.Tensor(np.arange(6, dtype=np.int32).reshape(2, 3)))
    assert grads.dtype is ms.int32 and grads.asnumpy().tolist() == [[2, 2, 2], [2, 2, 2]]
