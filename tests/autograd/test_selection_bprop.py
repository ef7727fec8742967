"""Gradients of the selection primitives and Tensor indexing: numerical checks in float64
(repeated and negative indices, broadcasting, every StridedSlice mask, multi-output
ops), x[index] and x[index] = value over a table of index expressions, second order,
and the values and dtypes MindSpore gives."""
import numpy as np
import pytest

import spore as ms
from spore import ops
from spore.ops.operations.selection_ops import GatherDGrad, TensorGetItemGrad, parse_index
from tests.ops.op_testing import OpCase, case_id, rand

from .gradcheck import check_gradients, check_second_order

X34 = rand(3, 4)
X234 = rand(2, 3, 4)
COND = np.array([True, False, True])
MASK34 = X34 > 0


def _ints(values, dtype=np.int64):
    return np.array(values, dtype)


def _distinct(*shape):
    """Values without ties, so that sorting and top-k have one answer."""
    values = np.random.default_rng(sum(shape)).permutation(int(np.prod(shape))).reshape(shape)
    return values.astype(np.float64) / 7


def _getitem(index, x=X234):
    spec, tensors = parse_index(index)
    return OpCase(ops.TensorGetItem(spec), (x,) + tuple(t.asnumpy() for t in tensors), None)


def _setitem(index, value, x=X234):
    spec, tensors = parse_index(index)
    return OpCase(ops.TensorSetItem(spec), (x,) + tuple(t.asnumpy() for t in tensors) + (value,), None)


def _getitem_grad(index, x_shape=(2, 3, 4)):
    """TensorGetItemGrad on a gradient shaped like x[index]."""
    spec, tensors = parse_index(index)
    grad = rand(*np.zeros(x_shape)[index].shape)
    return OpCase(TensorGetItemGrad(spec), (grad, x_shape) + tuple(t.asnumpy() for t in tensors), None)


GRAD_CASES = [
    # ---- gather and scatter
    OpCase(ops.Gather(), (rand(5, 3), _ints([0, 4, 0, -1]), 0), None),
    OpCase(ops.Gather(), (X234, _ints([[1, 1], [2, 0]]), 1), None),
    OpCase(ops.Gather(), (X234, _ints(2), -1), None),
    OpCase(ops.Gather(), (X34, _ints([0, 2, 2], np.int8), 1), None),
    OpCase(ops.Gather(1), (X234, _ints([[0, 3, 3], [1, 1, -1]]), 2), None),
    OpCase(ops.Gather(1), (rand(2, 4, 3), _ints([[0, 3], [1, 1]], np.int32), 1), None),
    OpCase(ops.Gather(-1), (rand(2, 1, 4, 3), _ints([[[0, 2, 2]], [[3, 1, 0]]], np.int16), 2), None),
    OpCase(ops.GatherD(), (X34, 1, _ints([[0, 0, 3], [1, 2, -1]])), None),
    OpCase(ops.GatherD(), (X34, 0, _ints([[2, 0], [2, 1], [0, 0], [1, 2]], np.int32)), None),
    OpCase(ops.GatherD(), (X234, -1, _ints([[[3, 3, 0]], [[1, 2, 1]]])), None),
    OpCase(GatherDGrad(1), (rand(2, 3), (3, 4), _ints([[0, 0, 3], [1, 2, -1]])), None),
    OpCase(GatherDGrad(0), (rand(4, 2), (3, 2), _ints([[2, 0], [2, 1], [0, 0], [1, 2]], np.int32)), None),
    OpCase(ops.GatherNd(), (X34, _ints([[0, 1], [2, 3], [0, 1]])), None),
    OpCase(ops.GatherNd(), (X234, _ints([[[1], [1]], [[0], [1]]])), None),
    OpCase(ops.GatherNd(), (X34, _ints([1, 2])), None),
    OpCase(ops.GatherNd(), (X34, _ints(2)), None),
    OpCase(ops.GatherNd(), (X34, np.zeros((2, 0), np.int64)), None),
    OpCase(ops.ScatterNd(), (_ints([[0, 1], [0, 1], [2, 0]]), rand(3), (3, 2)), None),
    OpCase(ops.ScatterNd(), (_ints([[1]], np.int32), rand(1, 4), (3, 4)), None),
    OpCase(ops.TensorScatterUpdate(), (X34, _ints([[2], [0]]), rand(2, 4)), None),
    OpCase(ops.TensorScatterUpdate(), (X34, _ints([[0, 1], [2, 3]]), rand(2)), None),
    OpCase(ops.TensorScatterAdd(), (X34, _ints([[1], [1]]), rand(2, 4)), None),
    OpCase(ops.TensorScatterAdd(), (X34, _ints([[0, 1], [2, 3]], np.int32), rand(2)), None),
    # ---- slicing
    OpCase(ops.Slice(), (X234, (0, 1, 1), (2, 2, 2)), None),
    OpCase(ops.Slice(), (X234, [1, 0, 0], [1, -1, 3]), None),
    OpCase(ops.Slice(), (X234, _ints([0, 1, 2]), _ints([1, 2, -1])), None),
    OpCase(ops.StridedSlice(), (X234, (1, 0, 0), (2, 3, 4), (1, 2, -1)), None),
    OpCase(ops.StridedSlice(), (X234, (1, 2, 3), (0, 0, 0), (-1, -1, -2)), None),
    OpCase(ops.StridedSlice(), (X234, (0, 1), (2, 3), (1, 1)), None),
    OpCase(ops.StridedSlice(), (X234, _ints([0, 1]), _ints([2, 3]), _ints([1, 2])), None),
    OpCase(ops.StridedSlice(begin_mask=1, end_mask=4), (X234, (1, 0, 1), (1, 2, 0), (1, 1, 1)), None),
    OpCase(ops.StridedSlice(begin_mask=3, end_mask=1), (X234, (1, 2), (0, 0), (-1, -1)), None),
    OpCase(ops.StridedSlice(ellipsis_mask=2), (X234, (0, 0, 1), (1, 0, 3), (1, 1, 1)), None),
    OpCase(ops.StridedSlice(new_axis_mask=2), (X234, (0, 0, 1), (2, 1, 3), (1, 1, 1)), None),
    OpCase(ops.StridedSlice(shrink_axis_mask=5), (X234, (1, 0, -1), (2, 3, 0), (1, 2, 1)), None),
    # ---- select and mask
    OpCase(ops.Select(), (COND, rand(3), rand(3)), None),
    OpCase(ops.Select(), (np.array([[True], [False]]), rand(3), rand(2, 1)), None),
    OpCase(ops.Select(), (COND, rand(2, 3), rand(1)), None),
    OpCase(ops.Select(), (COND, rand(3), 2.0), None),
    OpCase(ops.Select(), (COND, 0.5, rand(2, 3)), None),
    OpCase(ops.MaskedFill(), (X34, MASK34, 0.5), None),
    OpCase(ops.MaskedFill(), (rand(4), MASK34, np.array(2.0)), None),
    OpCase(ops.MaskedFill(), (rand(3, 1), rand(4, dtype=np.bool_), np.array(-1.5)), None),
    OpCase(ops.MaskedSelect(), (X34, MASK34), None),
    OpCase(ops.MaskedSelect(), (rand(3), rand(2, 3, dtype=np.bool_)), None),
    OpCase(ops.MaskedSelect(), (rand(2, 1), np.array([[True, False, True], [False, True, True]])), None),
    OpCase(ops.MaskedSelect(), (np.array(1.5), np.array(True)), None),
    # ---- sort
    OpCase(ops.Sort(), (_distinct(3, 4),), None),
    OpCase(ops.Sort(0, True), (_distinct(3, 4),), None),
    OpCase(ops.Sort(1), (_distinct(2, 3, 4),), None),
    OpCase(ops.TopK(), (_distinct(3, 5), 2), None),
    OpCase(ops.TopK(False), (_distinct(2, 3, 4), 3), None),
    OpCase(ops.TopK(), (_distinct(6), 6), None),
    # ---- Tensor indexing (x[index] for many more indices below)
    _getitem(0),
    _getitem((slice(None), slice(3, 0, -2), None)),
    _getitem((np.array([[0, 1], [1, 1]]), slice(None), np.array([3, 3]))),
    _getitem(X234[..., 0] > 0),
    _getitem_grad(0),
    _getitem_grad((Ellipsis, slice(None, None, -2))),
    _getitem_grad((slice(None), np.array([2, 0, 2]), 1)),
    _getitem_grad((np.array([0, 0]), slice(None), np.array([1, 1]))),
    _getitem_grad((True, X234[..., 0] > 0)),
    _setitem(0, 1.5),
    _setitem((slice(None), 1), rand(4)),
    _setitem((slice(None), 1), rand(1, 1, 2, 1)),
    _setitem((np.array([0, 1]), slice(None), np.array([1, 3])), rand(2, 3)),
    _setitem((Ellipsis, slice(None, None, -2)), rand(3, 1)),
    _setitem(X234 > 0, np.array(0.5)),
    _setitem((slice(None), 1, np.array([0, 2])), rand(2, 1)),
    OpCase(ops.MaskedScatter(), (rand(3, 4), rand(3, 4) > 0, rand(14)), None),
    OpCase(ops.MaskedScatter(), (rand(2, 3), np.array([True, False, True]), rand(2, 2)), None),
    OpCase(ops.NthElement(), (rand(2, 5), 2), None),
    OpCase(ops.NthElement(True), (rand(4), 0), None),
    OpCase(ops.SelectView(), (rand(2, 3, 4), -2, 1), None),
]

CHECKED_ELSEWHERE = {}


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_gradient(case):
    check_gradients(case.op, case.inputs)


# ---- x[index] and x[index] = value ---------------------------------------------------------

MASK_34 = X234[0] > 0

# Index expressions over X234 (shape (2, 3, 4)); T makes a Tensor index.
GETITEM_TABLE = [
    "0", "-1", "1, 2", "1, -1, 3", "()",
    ":", "1:", "::2", "::-1", "-1:0:-2", ":, 1:3", ":, ::-2, 1", "..., 3:0:-1", "0:10, -10:2", "1:1",
    "...", "..., 1", "0, ..., 1", "None", "None, 0", "0, None, :, None", "..., None", "None, ..., None, 2",
    "True", "False", "True, 0", "0, True, ::-1",
    "[0, 0, 1]", "[-1, 0]", "T([[1, 1], [0, 1]])", "T([1, 0], np.int32)", "T(np.array([1, 1], np.int8))",
    ":, [2, 0, 2]", "[0, 1], [1, 1]", "[0, 1], :, [3, 3]", "0, :, [1, 1]", ":, 0, [1, 1, 2]",
    "[[0], [1]], [0, 0, 2]", "..., [3, 3], None", "None, [1, 1], None, [0, 2]", ":, ::-1, [0, 0]",
    "T(1)", "T(1), 0", ":, T(2)",
    "T(X234 > 0)", "T(X234[..., 0] > 0)", "0, T(MASK_34)", "..., T(MASK_34[0])", "[True, False]",
    ":, [True, False, True]", "T(True)", "T(False)", "T([True, False]), 1, ::-2",
]


def T(values, dtype=None):
    return ms.Tensor(np.asarray(values, dtype))


class _IndexMaker:
    def __getitem__(self, index):
        return index


def _index(expression):
    return eval(f"_IndexMaker()[{expression}]")


@pytest.mark.parametrize("expression", GETITEM_TABLE)
def test_getitem_gradient(expression):
    index = _index(expression)
    check_gradients(lambda x: x[index], (X234,))


# (index expression, value): numbers, and Tensors that broadcast to the indexed part.
SETITEM_TABLE = [
    ("0", 2.0), ("0, 1", rand(1)), (":, 1", rand(4)), (":, 1", rand(1, 1, 4)), (":, 1", rand(2, 1)),
    ("..., ::-2", rand(2)),
    ("None, 1", rand(1, 1, 3, 4)), ("[1, 0]", rand(3, 1)), ("T([[0], [1]]), :, [1, 3]", rand(2, 2, 3)),
    ("T(X234 > 0)", np.array(0.5)), ("0, T(MASK_34)", rand(int(MASK_34.sum()))), ("True, 1", rand(3, 1)),
    ("0, :, [0, 2]", rand(2, 1)), (":, 1, [0, 2]", rand(2)), ("1, ::-1, 1:3", rand(3, 2)),
]


@pytest.mark.parametrize(("expression", "value"), SETITEM_TABLE, ids=[e for e, _ in SETITEM_TABLE])
def test_setitem_gradient(expression, value):
    index = _index(expression)

    def set_part(x, v):
        y = x * 1.0
        y[index] = v
        return y
    check_gradients(set_part, (X234, value))


def test_getitem_accumulates_repeated_indices():
    x = ms.Tensor(np.zeros((3, 2), np.float32))
    grad = ms.grad(lambda x: x[[0, 2, 0, 0]] * ms.Tensor([[1.0], [2.0], [3.0], [4.0]]))(x)
    np.testing.assert_array_equal(grad.asnumpy(), [[8.0, 8.0], [0.0, 0.0], [2.0, 2.0]])
    grad = ms.grad(lambda x: x[ms.Tensor([1, 1]), ms.Tensor([[0], [0]])])(x)
    np.testing.assert_array_equal(grad.asnumpy(), [[0.0, 0.0], [4.0, 0.0], [0.0, 0.0]])


def test_index_tensors_get_no_gradient():
    x, idx, mask = ms.Tensor(X34), ms.Tensor([2, 0]), ms.Tensor(MASK34)
    dx, didx = ms.grad(lambda x, i: x[i], grad_position=(0, 1))(x, idx)
    assert dx.shape == (3, 4) and didx.asnumpy().tolist() == [0, 0]
    dx, dmask = ms.grad(lambda x, m: x[m], grad_position=(0, 1))(x, mask)
    np.testing.assert_array_equal(dx.asnumpy(), MASK34.astype(np.float32))
    assert dmask.asnumpy().tolist() == np.zeros((3, 4), bool).tolist()


# ---- second order ---------------------------------------------------------------------------


def _squared(fn):
    """fn's output times itself: its gradient depends on the inputs, so its second
    derivative differentiates fn's bprop."""
    def run(*args):
        y = fn(*args)
        return y * y
    return run


def _set(index):
    def set_part(x, v):
        y = x * v
        y[index] = v
        return y
    return set_part


SECOND_ORDER = {
    "getitem_int": (lambda x: x[1], (X234,)),
    "getitem_slices": (lambda x: x[:, ::-2, None, 1:], (X234,)),
    "getitem_repeats": (lambda x: x[[0, 0, 1], :, [3, 3, 1]], (X234,)),
    "getitem_mask": (lambda x: x[ms.Tensor(MASK_34)], (X34,)),
    "setitem": (_set((slice(None), np.array([2, 0]))), (X234, rand(4))),
    "gather": (lambda x: ops.Gather()(x, ms.Tensor([2, 0, 2]), 1), (X34,)),
    "gather_batched": (lambda x: ops.Gather(1)(x, ms.Tensor([[0, 1], [2, 2]]), 2), (X234,)),
    "gather_d": (lambda x: ops.GatherD()(x, 1, ms.Tensor([[0, 0, 3], [1, 2, 1]])), (X34,)),
    "gather_nd": (lambda x: ops.GatherNd()(x, ms.Tensor([[0, 1], [2, 3], [0, 1]])), (X34,)),
    "scatter_nd": (lambda u: ops.ScatterNd()(ms.Tensor([[0, 1], [0, 1]]), u, (2, 2)), (rand(2),)),
    "tensor_scatter": (lambda x, u: ops.TensorScatterUpdate()(ops.TensorScatterAdd()(x, ms.Tensor([[1]]), u),
                                                             ms.Tensor([[0]]), u), (X34, rand(1, 4))),
    "strided_slice": (lambda x: ops.StridedSlice(shrink_axis_mask=2)(x, (0, 1, 3), (2, 2, 0), (1, 1, -2)), (X234,)),
    "slice": (lambda x: ops.Slice()(x, (1, 1), (2, -1)), (X34,)),
    "select": (lambda x, y: ops.Select()(ms.Tensor(COND), x, y), (rand(2, 3), rand(3))),
    "masked_fill": (lambda x, v: ops.MaskedFill()(x, ms.Tensor(MASK34), v), (X34, np.array(0.5))),
    "masked_select": (lambda x: ops.MaskedSelect()(x, ms.Tensor(MASK34)), (X34,)),
    "sort": (lambda x: ops.Sort(0)(x)[0], (_distinct(3, 4),)),
    "top_k": (lambda x: ops.TopK()(x, 2)[0], (_distinct(3, 4),)),
}


@pytest.mark.parametrize("name", SECOND_ORDER)
def test_second_order(name):
    fn, inputs = SECOND_ORDER[name]
    check_second_order(_squared(fn), inputs)


# ---- MindSpore's values and dtypes ----------------------------------------------------------

W3 = ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32))


def test_repeated_scatter_updates_each_take_the_gradient():
    """Checked against MindSpore 2.7.1: of two updates written to one position, both take
    its gradient (the written-over one too), and x takes none there."""
    x, updates = ms.Tensor(np.zeros(3, np.float32)), ms.Tensor(np.array([1.0, 2.0], np.float32))
    dx, du = ms.grad(lambda x, u: ops.TensorScatterUpdate()(x, ms.Tensor([[1], [1]]), u) * W3,
                     grad_position=(0, 1))(x, updates)
    assert dx.asnumpy().tolist() == [1.0, 0.0, 3.0] and du.asnumpy().tolist() == [2.0, 2.0]

    def set_twice(x, v):
        y = x * 1.0
        y[ms.Tensor([1, 1])] = v
        return y * W3
    dx, dv = ms.grad(set_twice, grad_position=(0, 1))(x, updates)
    assert dx.asnumpy().tolist() == [1.0, 0.0, 3.0] and dv.asnumpy().tolist() == [2.0, 2.0]


def test_setitem_value_gradient_takes_the_value_dtype():
    """Checked against MindSpore 2.7.1: the value's gradient is summed to its shape and
    cast to its dtype, even an integer one."""
    def set_tail(x, v):
        y = x * 1.0
        y[1:] = v
        return y * W3
    x = ms.Tensor(np.zeros(3, np.float32))
    for value, dtype in ((ms.Tensor(np.array([5.0])), ms.float64), (ms.Tensor(np.array([5], np.int32)), ms.int32)):
        dx, dv = ms.grad(set_tail, grad_position=(0, 1))(x, value)
        assert dx.dtype is ms.float32 and dx.asnumpy().tolist() == [1.0, 0.0, 0.0]
        assert dv.dtype is dtype and dv.shape == (1,) and dv.asnumpy().tolist() == [5]


def test_masked_fill_value_and_select_gradients():
    """Checked against MindSpore 2.7.1 (dtypes, broadcasting, integer inputs)."""
    x, mask = ms.Tensor(np.zeros(3, np.float32)), ms.Tensor(np.array([[True], [False]]))
    dx, dv = ms.grad(lambda x, v: ops.MaskedFill()(x, mask, v) * W3, grad_position=(0, 1))(
        x, ms.Tensor(2.0, ms.float64))
    assert dx.asnumpy().tolist() == [1.0, 2.0, 3.0]
    assert dv.dtype is ms.float64 and dv.shape == () and float(dv.asnumpy()) == 6.0
    ints = ms.Tensor(np.array([1, 2, 3], np.int32))
    di, dy = ms.grad(lambda a, b: ops.Select()(ms.Tensor(COND), a, b) * W3, grad_position=(0, 1))(ints, x)
    assert di.dtype is ms.int32 and di.asnumpy().tolist() == [1, 0, 3]
    assert dy.dtype is ms.float32 and dy.asnumpy().tolist() == [0.0, 2.0, 0.0]


def test_sort_and_top_k_route_values_to_their_sources():
    """Checked against MindSpore 2.7.1."""
    s = ms.Tensor(np.array([[3.0, 1.0, 2.0], [0.5, 4.0, -1.0]], np.float32))
    assert ms.grad(lambda x: ops.Sort()(x)[0] * W3)(s).asnumpy().tolist() == [[3, 1, 2], [2, 3, 1]]
    top = ms.grad(lambda x: ops.TopK()(x, 2)[0] * W3[:2])(s)
    assert top.asnumpy().tolist() == [[1, 0, 2], [2, 1, 0]]


def test_gather_of_integers_gives_integer_gradients():
    """Checked against MindSpore 2.7.1."""
    grad = ms.grad(lambda x: ops.gather(x, ms.Tensor([0, 0, 1]), 0))(ms.Tensor(np.array([1, 2, 3], np.int32)))
    assert grad.dtype is ms.int32 and grad.asnumpy().tolist() == [2, 1, 0]


def test_non_zero_and_unique_take_no_gradient():
    x = ms.Tensor(np.array([3.0, 1.0, 3.0], np.float32))
    assert ms.grad(lambda x: ops.unique(x)[0].sum() + x)(x).asnumpy().tolist() == [1.0, 1.0, 1.0]
    assert ms.grad(lambda x: ops.nonzero(x).sum() + x)(x).asnumpy().tolist() == [1.0, 1.0, 1.0]
