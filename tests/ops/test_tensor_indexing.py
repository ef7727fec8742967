"""Tensor indexing: `x[index]` and `x[index] = value` against NumPy on a table of index
expressions and on random ones; the TensorGetItem / TensorSetItem primitives; errors."""
import random

import numpy as np
import pytest

import spore as ms
from spore import ops
from spore.ops.operations.selection_ops import TensorGetItemGrad, parse_index

from .op_testing import ErrorCase, OpCase, case_id, rand, run_case, run_error_case

A = np.arange(2 * 3 * 4 * 5, dtype=np.float32).reshape(2, 3, 4, 5)
MASK_45 = (A[0, 0] % 3 == 0)

# Index expressions evaluated against the same NumPy array and Tensor; `T` wraps an array
# into a Tensor on the spore side only, so NumPy sees the array itself.
GETITEM_TABLE = [
    "0", "-1", "1, 2", "0, -1, 2, 3", "()",
    ":", "1:", "::2", "::-1", "2:0:-1", "-1:-3:-1", ":, 1:3", "0:10, -10:2", "1:1", ":, ::-2, 1",
    "...", "..., 1", "0, ..., 1", "..., :, 0", "0, 0, 0, 1:3",
    "None", "None, 0", "0, None, :, None", "..., None", "None, None, 0, None",
    "True", "False", "True, 0", "0, True",
    "[0, 1]", "[-2, 1]", "[0]", "T([1, 0])", "T([1, 0], np.int32)", "T([[0, 1], [1, 0]])",
    "T(np.array([1, 0], np.int8))",
    "[0, 1], [1, 2]", ":, [0, 2]", ":, [0, 2], [1, 3]", ":, [0, 2], :, [1, 3]", "[0, 1], :, [1, 2]",
    "0, :, [1, 2]", ":, 0, [1, 2]", "[[0], [1]], [0, 1, 2]", "T([[0, 1]]), T([[1], [2]])", ":, [0, 1], :, 1",
    ":, 1, :, [0, 1]", "1, [0, 1], :, 1", "..., [1, 0], None", "None, [0, 1], None, [1, 0]", "::-2, [0, 1]",
    "T(1)", "T(1), 0", ":, T(2)", "0, :, T(1)",
    "[True, False]", ":, [True, False, True]", "T(A > 50)", "T(A[..., 0] > 30)", "0, T(A[0] > 30)", "..., T(MASK_45)",
    "1, 2, T(MASK_45)", "T([True, False]), 1", "T(True)", "T(False)", ":, T(np.array(True))",
    "[0, 1], 1", "np.array([1, 0])", "0, np.array([1, 2])", "np.int64(1)", "[[0, 1], [1, 0]]",
]


def T(values, dtype=None):
    """A marker for the table: an array on the NumPy side, a Tensor on the spore side."""
    return _AsTensor(np.asarray(values, dtype))


class _AsTensor:
    def __init__(self, array):
        self.array = array


def _np_index(index):
    if isinstance(index, tuple):
        return tuple(_np_index(i) for i in index)
    if isinstance(index, list) and any(isinstance(i, (list, _AsTensor)) for i in index):
        return tuple(_np_index(i) for i in index)      # MindSpore reads such a list as a tuple
    return index.array if isinstance(index, _AsTensor) else index


def _ms_index(index):
    if isinstance(index, tuple):
        return tuple(_ms_index(i) for i in index)
    return ms.Tensor(index.array) if isinstance(index, _AsTensor) else index


def _index(expression):
    return eval(f"_I[{expression}]")


class _IndexMaker:
    def __getitem__(self, index):
        return index


_I = _IndexMaker()


@pytest.mark.parametrize("expression", GETITEM_TABLE)
def test_getitem_matches_numpy(expression):
    index = _index(expression)
    want = A[_np_index(index)]
    got = ms.Tensor(A)[_ms_index(index)]
    assert isinstance(got, ms.Tensor)
    assert got.dtype == ms.float32
    np.testing.assert_array_equal(got.asnumpy(), want)
    assert got.shape == want.shape


@pytest.mark.parametrize("dtype", [np.int32, np.int64, np.uint8, np.uint16, np.bool_, np.float16, np.float64])
def test_getitem_keeps_dtype(dtype):
    a = (A % 7).astype(dtype)
    indices = [(0, slice(1, 3)), ([1, 0], slice(None), [0, 2]), (ms.Tensor(A[..., 0] > 9),),
               (Ellipsis, slice(None, None, -1))]
    for index in indices:
        want = a[tuple(i.asnumpy() if isinstance(i, ms.Tensor) else i for i in index)]
        got = ms.Tensor(a)[index]
        assert got.asnumpy().dtype == want.dtype
        np.testing.assert_array_equal(got.asnumpy(), want)


# (index expression, value expression): values are numbers, lists, Tensors that broadcast
# to the indexed shape and Tensors of another dtype (cast to the target's).
SETITEM_TABLE = [
    ("0", "7"), ("0", "7.5"), ("0, 1", "T(9.0)"), (":", "T(np.arange(5.0))"), (":, 1", "T(np.ones((2, 1, 5)))"),
    ("T(A > 50)", "-1"), ("T(A > 100)", "T(-np.arange(19.0))"), ("[0, 1]", "0"),
    ("[0, 1], [1, 2]", "T(np.ones((2, 4, 5)))"), ("..., 0", "T(np.arange(4.0))"), ("None, 0", "3"),
    ("[0, 0]", "T(np.ones((3, 4, 5)))"), ("::-1", "T(np.arange(5.0))"), ("0, 0, 1:3, 2", "[7, 8]"),
    ("0, 0, 0", "(1, 2, 3, 4, 5)"), ("T([0, 1])", "T(np.array([[[[5.0]]]]))"), ("True", "2.0"), ("...", "0"),
    ("0, 0, 0", "T(np.array([1.0]))"), ("0, :, [1, 2]", "T(np.arange(2.0).reshape(2, 1, 1))"),
    (":, 1, :, [0, 1]", "T(np.arange(8.0).reshape(2, 1, 4))"), ("0, 1", "T(np.arange(5, dtype=np.int64))"),
    ("0, ::-2, 1:-1, ::3", "T(np.arange(8.0).reshape(2, 2, 2))"), (":, :, T(MASK_45[:, 0])", "T(np.arange(5.0))"),
]


@pytest.mark.parametrize(("expression", "value"), SETITEM_TABLE)
def test_setitem_matches_numpy(expression, value):
    index = _index(expression)
    value = eval(value)
    want = A.copy()
    want[_np_index(index)] = value.array if isinstance(value, _AsTensor) else value
    x = ms.Tensor(A)
    x[_ms_index(index)] = ms.Tensor(value.array) if isinstance(value, _AsTensor) else value
    assert x.dtype == ms.float32
    np.testing.assert_array_equal(x.asnumpy(), want)


def test_setitem_casts_to_the_target_dtype():
    x = ms.Tensor(np.arange(6, dtype=np.int32).reshape(2, 3))
    x[0] = 7.9
    x[1, 1:] = ms.Tensor([1.5, -2.5], ms.float64)
    assert x.dtype == ms.int32
    np.testing.assert_array_equal(x.asnumpy(), [[7, 7, 7], [3, 1, -2]])
    u = ms.Tensor(np.array([1, 2, 3], np.uint16))
    u[ms.Tensor([0, 2])] = 65000
    np.testing.assert_array_equal(u.asnumpy(), [65000, 2, 65000])
    flags = ms.Tensor([True, False, True])
    flags[1] = 1
    assert flags.dtype == ms.bool_ and flags.tolist() == [True, True, True]


def test_setitem_rebinds_without_touching_shared_storage():
    x = ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    alias, row, host = x, x[0], x.asnumpy()
    x[0] = 5.0
    assert alias is x and alias.asnumpy()[0].tolist() == [5.0, 5.0, 5.0]
    # spore never writes into a storage other Tensors may share (MindSpore would change
    # the view `row` and the host array too)
    assert row.tolist() == [0.0, 1.0, 2.0]
    assert host[0].tolist() == [0.0, 1.0, 2.0]


def test_setitem_on_a_parameter():
    p = ms.Parameter(ms.Tensor(np.zeros(3, np.float32)), name="p")
    p[1] = 2.0
    assert isinstance(p, ms.Parameter) and p.name == "p"
    assert p.asnumpy().tolist() == [0.0, 2.0, 0.0]


def test_index_types_accepted():
    x = ms.Tensor(A)
    np.testing.assert_array_equal(x[ms.Tensor(1):ms.Tensor(2)].asnumpy(), A[1:2])
    np.testing.assert_array_equal(x[np.int32(1), np.bool_(True)].asnumpy(), A[1, True])
    np.testing.assert_array_equal(x[[]].asnumpy(), A[np.array([], np.int64)])
    np.testing.assert_array_equal(x[[True, 1]].asnumpy(), A[[1, 1]])


def test_tensor_iteration_uses_indexing():
    x = ms.Tensor(np.arange(6).reshape(3, 2))
    assert [row.tolist() for row in x] == [[0, 1], [2, 3], [4, 5]]


GETITEM_ERRORS = [
    ("2", IndexError, "index 2 is out of bounds for dimension 0 with size 2"),
    ("-3", IndexError, "out of bounds"),
    ("0, 3", IndexError, "index 3 is out of bounds for dimension 1"),
    ("0, 0, 0, 0, 0", IndexError, "too many indices"),
    ("T(A > 0), 0", IndexError, "too many indices"),
    ("..., ...", IndexError, "single ellipsis"),
    ("1.5", IndexError, "valid indices"),
    ("0, 1.5", TypeError, "For tuple index"),
    ("0.5:2", TypeError, "Slice indices must be integers"),
    ("::0", ValueError, "step cannot be zero"),
    ("'a'", IndexError, "valid indices"),
    ("T([0, 2])", IndexError, "index 2 is out of bounds"),
    ("[0, 5]", IndexError, "index 5 is out of bounds"),
    (":, T([0, 3])", IndexError, "index 3 is out of bounds for dimension 1"),
    ("T([0.0, 1.0])", IndexError, "must be int or bool"),
    ("T([0, 1], np.uint8)", IndexError, "must be int or bool"),
    ("np.array([0.5])", IndexError, "integers or bools"),
    ("[0, 1.5]", IndexError, "integers or bools"),
    ("T([True, False, True])", ValueError, r"bool index \(3,\) does not match"),
    ("[True, False, True]", ValueError, "does not match"),
    ("0, T(MASK_45[0])", ValueError, "does not match"),
    ("T([0, 1]), T([0, 1, 2])", ValueError, "could not be broadcast"),
]


@pytest.mark.parametrize(("expression", "error", "match"), GETITEM_ERRORS)
def test_getitem_errors(expression, error, match):
    with pytest.raises(error, match=match):
        ms.Tensor(A)[_ms_index(_index(expression))]


def test_setitem_errors():
    x = ms.Tensor(A)
    with pytest.raises(ValueError, match=r"value of shape \(2,\) could not be broadcast to the indexed shape \(2, 4"):
        x[:, 1] = ms.Tensor([1.0, 2.0])
    with pytest.raises(ValueError, match="could not be broadcast"):
        x[0] = ms.Tensor(np.ones((3, 4, 4), np.float32))
    with pytest.raises(ValueError, match="could not be broadcast"):
        x[ms.Tensor(A > 50)] = ms.Tensor([1.0, 2.0])
    with pytest.raises(IndexError, match="out of bounds"):
        x[5] = 1.0
    with pytest.raises(TypeError, match="must be a number, Tensor, list or tuple"):
        x[0] = "a"
    with pytest.raises(IndexError, match="valid indices"):
        x[1.5] = 1
    np.testing.assert_array_equal(x.asnumpy(), A)


# ---- random index expressions against NumPy -----------------------------------------------


def _random_item(rng, size, trial):
    kind = rng.random()
    if kind < 0.2:
        return rng.randint(-size, size - 1)
    if kind < 0.45:
        bound = [None] + list(range(-size - 1, size + 2))
        return slice(rng.choice(bound), rng.choice(bound), rng.choice([None, 1, 2, 3, -1, -2]))
    if kind < 0.55:
        return None
    if kind < 0.6:
        return Ellipsis
    if kind < 0.75:
        values = np.array([rng.randint(-size, size - 1) for _ in range(rng.randint(1, 3))])
        return [values, values.tolist(), _AsTensor(values)][trial % 3]
    if kind < 0.8:
        return _AsTensor(np.array([[rng.randint(-size, size - 1)] for _ in range(2)]))
    if kind < 0.85:
        return rng.random() < 0.5
    if kind < 0.95:
        return _AsTensor(np.random.default_rng(trial).random(size) < 0.5)
    return _AsTensor(np.array(rng.randint(-size, size - 1)))


def _random_indices(count):
    rng = random.Random(1234)
    made = 0
    for trial in range(100 * count):
        shape = tuple(rng.randint(1, 4) for _ in range(rng.randint(0, 4)))
        index = tuple(_random_item(rng, shape[d] if d < len(shape) else 1, trial) for d in range(rng.randint(1, 3)))
        if sum(i is Ellipsis for i in index) > 1:
            continue
        array = np.arange(int(np.prod(shape)), dtype=np.float32).reshape(shape)
        try:
            want = array[_np_index(index)]
        except IndexError:
            continue
        if want.size:
            yield array, index, want
            made += 1
            if made == count:
                return


def test_random_getitem_matches_numpy():
    for array, index, want in _random_indices(1500):
        got = ms.Tensor(array)[_ms_index(index)].asnumpy()
        assert got.shape == want.shape and np.array_equal(got, want), (array.shape, index)


def test_random_setitem_matches_numpy():
    for array, index, target in _random_indices(800):
        value = -np.arange(target.size, dtype=np.float32).reshape(target.shape) - 1
        want = array.copy()
        want[_np_index(index)] = value
        x = ms.Tensor(array)
        x[_ms_index(index)] = ms.Tensor(value)
        assert np.array_equal(x.asnumpy(), want), (array.shape, index)


# ---- the primitives -----------------------------------------------------------------------

X = rand(3, 4, 5)


def _getitem(index):
    spec, tensors = parse_index(index)
    return ops.TensorGetItem(spec), tuple(t.asnumpy() for t in tensors)


def _setitem(index):
    spec, tensors = parse_index(index)
    return ops.TensorSetItem(spec), tuple(t.asnumpy() for t in tensors)


def _getitem_case(index, x=X):
    prim, tensors = _getitem(index)
    return OpCase(prim, (x,) + tensors, lambda *_: x[index])


def _setitem_case(index, value, x=X):
    prim, tensors = _setitem(index)

    def reference(*_):
        out = x.copy()
        out[index] = value
        return out
    return OpCase(prim, (x,) + tensors + (value,), reference)


def _np_getitem_grad(index, shape):
    """TensorGetItemGrad's reference: each gradient element added at the flat position
    x[index] reads it from."""
    def reference(grad, *_):
        positions = np.arange(int(np.prod(shape))).reshape(shape)[index]
        out = np.zeros(int(np.prod(shape)), grad.dtype)
        np.add.at(out, positions.reshape(-1), grad.reshape(-1))
        return out.reshape(shape)
    return reference


def _getitem_grad_case(index, dtype=np.float32, shape=X.shape, rtol=1e-5):
    spec, tensors = parse_index(index)
    grad = rand(*np.zeros(shape)[index].shape, dtype=dtype, high=9)
    return OpCase(TensorGetItemGrad(spec), (grad, shape) + tuple(t.asnumpy() for t in tensors),
                  _np_getitem_grad(index, shape), rtol=rtol)


CASES = [
    _getitem_case(0),
    _getitem_case((slice(None), slice(1, 3))),
    _getitem_case((Ellipsis, None, slice(None, None, -2))),
    _getitem_case((1, slice(None), np.array([0, 4]))),
    _getitem_case((np.array([[0], [2]]), slice(None), np.array([1, 3]))),
    _getitem_case(X[..., 0] > 0),
    _getitem_case((True, 2)),
    _getitem_case((slice(None), np.array([1, 0])), rand(2, 3, dtype=np.int32, high=9)),
    _setitem_case(0, 1.5),
    _setitem_case((slice(None), 1), rand(5)),
    _setitem_case((np.array([0, 2]), slice(None), np.array([1, 4])), rand(2, 4)),
    _setitem_case(X > 0, 0.0),
    _setitem_case((slice(None, None, -1), 0), rand(3, 1, dtype=np.float64)),
    _setitem_case((slice(None), np.array([2, 0])), 7, rand(2, 3, dtype=np.int64, high=9)),
    _getitem_grad_case(0),
    _getitem_grad_case((slice(None), slice(3, 0, -2), None), np.float64),
    _getitem_grad_case((np.array([[0], [2]]), slice(None), np.array([1, 1, 4])), np.int32),
    _getitem_grad_case((0, slice(None), np.array([4, 4, -1])), np.float16, rtol=1e-2),
    _getitem_grad_case(X[..., 0] > 0, np.int64),
    _getitem_grad_case((True, Ellipsis, X[0, 0] > 0)),
    _getitem_grad_case((np.array([1, 1]), Ellipsis), np.uint16),
    _getitem_grad_case((Ellipsis, None), shape=()),
]

ERROR_CASES = [
    ErrorCase(_getitem(5)[0], (X,), IndexError, "index 5 is out of bounds"),
    ErrorCase(_getitem((0, 0, 0, 0))[0], (X,), IndexError, "too many indices"),
    ErrorCase(_getitem(np.array([1, 2]))[0], (X, np.array([0.0, 1.0], np.float32)), IndexError, "must be int or bool"),
    ErrorCase(_getitem(np.array([True, False]))[0], (X, rand(2, dtype=np.bool_)), ValueError, "does not match"),
    ErrorCase(lambda: ops.TensorGetItem([0]), (), TypeError, "For 'TensorGetItem', the 'index_spec'"),
    ErrorCase(lambda: ops.TensorGetItem((Ellipsis, Ellipsis)), (), IndexError, "single ellipsis"),
    ErrorCase(_setitem(0)[0], (X, rand(3, 5)), ValueError, "For 'TensorSetItem', the value of shape"),
    ErrorCase(_setitem(0)[0], (X, "a"), TypeError, "For 'TensorSetItem', the 'value'"),
    ErrorCase(_setitem(7)[0], (X, 1.0), IndexError, "out of bounds"),
    ErrorCase(lambda: ops.TensorSetItem((("slice", 0, 1, 0),)), (), TypeError, "For 'TensorSetItem', the 'index_spec'"),
    ErrorCase(TensorGetItemGrad((0,)), (rand(4, 4), (3, 4, 5)), ValueError,
              r"For 'TensorGetItemGrad', the 'grad' must have the shape of the indexed part \(4, 5\)"),
    ErrorCase(TensorGetItemGrad((5,)), (rand(4, 5), (3, 4, 5)), IndexError, "index 5 is out of bounds"),
    ErrorCase(TensorGetItemGrad((0,)), ([1.0], (3,)), TypeError,
              "For 'TensorGetItemGrad', the 'grad' must be a Tensor"),
    ErrorCase(TensorGetItemGrad((0,)), (rand(4), (3, -4)), ValueError, "the 'shape' must hold non-negative ints"),
    ErrorCase(TensorGetItemGrad((0,)), (rand(4), 3.0), TypeError, "the 'shape' must be a tuple or list of ints"),
    ErrorCase(TensorGetItemGrad((("tensor", 1, False),)), (rand(2), (3,), np.array([0, 3])), IndexError,
              "index 3 is out of bounds"),
    ErrorCase(lambda: TensorGetItemGrad([0]), (), TypeError, "For 'TensorGetItemGrad', the 'index_spec'"),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)


def test_parse_index_splits_static_and_tensor_parts():
    spec, tensors = parse_index((0, slice(1, None, -1), None, Ellipsis, True, [1, 2], ms.Tensor([True])))
    assert spec == (0, ("slice", 1, None, -1), None, Ellipsis, ("bool", True), ("tensor", 1, False),
                    ("tensor", 1, True))
    assert len(tensors) == 2 and tensors[0].dtype == ms.int64
    assert parse_index(3) == ((3,), ())
    # a list holding lists is a tuple of indices, as in MindSpore
    assert parse_index([[0, 1], [1, 0]])[0] == (("tensor", 1, False), ("tensor", 1, False))


def test_getitem_grad_matches_numpy_on_random_indices():
    """TensorGetItemGrad adds a gradient back where random indices read (repeats sum)."""
    for array, index, target in _random_indices(800):
        grad = -np.arange(target.size, dtype=np.float32).reshape(target.shape) - 1
        spec, tensors = parse_index(_ms_index(index))
        got = TensorGetItemGrad(spec)(ms.Tensor(grad), array.shape, *tensors).asnumpy()
        want = _np_getitem_grad(_np_index(index), array.shape)(grad)
        assert got.shape == want.shape and np.array_equal(got, want), (array.shape, index)
