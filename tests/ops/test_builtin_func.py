"""The functions of ops over Python values (expected values from Python's own semantics
and from what MindSpore 2.7.1 returns)."""
import math

import numpy as np
import pytest

import spore as ms
from spore import Tensor, ops
from spore.common import dtype as mstype
from spore.ops.function import builtin_func as F


def _t(values, dtype=np.float32):
    return Tensor(np.array(values, dtype))


@pytest.mark.parametrize("name, x, y, expected", [
    ("scalar_add", 7, 2, 9), ("scalar_add", 7.5, 2, 9.5), ("scalar_sub", 7, 2, 5), ("scalar_mul", 7.5, 2, 15.0),
    ("scalar_div", 7, 2, 3.5), ("scalar_floordiv", 7, 2, 3), ("scalar_floordiv", -7, 2, -4),
    ("scalar_floordiv", 7.5, 2, 3.0), ("scalar_mod", 7, 2, 1), ("scalar_mod", -7, 2, 1), ("scalar_mod", 7.5, 2, 1.5),
    ("scalar_pow", 7, 2, 49), ("scalar_pow", 2, -1, 0.5), ("scalar_eq", 7, 2, False), ("scalar_ne", 7, 2, True),
    ("scalar_lt", 7, 2, False), ("scalar_gt", 7, 2, True), ("scalar_le", 2, 2, True), ("scalar_ge", 7.5, 2, True),
    ("scalar_max", 7, 2, 7), ("scalar_min", 7.5, 2, 2),
])
def test_scalar_binary(name, x, y, expected):
    out = getattr(F, name)(x, y)
    assert out == expected and type(out) is type(expected)


def test_scalar_errors():
    for name in ("scalar_div", "scalar_floordiv", "scalar_mod"):
        with pytest.raises(ValueError):
            getattr(F, name)(3, 0)
    with pytest.raises(TypeError, match="scalar_add"):
        F.scalar_add(1, "a")
    with pytest.raises(ValueError):
        F.scalar_log(0)


def test_scalar_unary_and_casts():
    assert F.scalar_log(8) == math.log(8) and F.scalar_uadd(3) == 3 and F.scalar_usub(3.5) == -3.5
    assert F.scalar_cast(3.7, ms.int64) == 3 and F.scalar_cast(3, ms.float64) == 3.0
    assert F.scalar_cast(3, ms.bool_) is True
    with pytest.raises(ValueError, match="ScalarCast"):
        F.scalar_cast(3, ms.int32)
    with pytest.raises(TypeError):
        F.scalar_cast("3", ms.int64)


def test_scalar_and_tuple_to_tensor():
    t = F.scalar_to_tensor(3)
    assert t.dtype == ms.float32 and t.shape == () and float(t.asnumpy()) == 3.0
    assert F.scalar_to_tensor(3, ms.float16).dtype == ms.float16
    assert F.scalar_to_array(3).dtype == ms.int64 and F.scalar_to_array(3.0).dtype == ms.float32
    ints = F.tuple_to_array((1, 2))
    assert ints.dtype == ms.int32 and ints.asnumpy().tolist() == [1, 2]
    floats = F.tuple_to_array((1.0, 2))
    assert floats.dtype == ms.float32 and floats.asnumpy().tolist() == [1.0, 2.0]
    with pytest.raises(TypeError):
        F.tuple_to_array([1, 2])
    with pytest.raises(TypeError):
        F.scalar_to_tensor("a")
    assert F.array_to_scalar(Tensor(3.5)) == 3.5
    with pytest.raises(RuntimeError):
        F.array_to_scalar(_t([1, 2]))
    assert F.TensorToTuple()(_t([1, 2], np.int32)) == (1, 2)
    with pytest.raises(ValueError):
        F.TensorToTuple()(_t([[1]]))


def test_tuples_lists_dicts():
    assert F.tuple_getitem((1, 2, 3), 1) == 2 and F.tuple_getitem((1, 2, 3), -1) == 3
    with pytest.raises(IndexError):
        F.tuple_getitem((1, 2, 3), 5)
    assert F.tuple_setitem((1, 2, 3), 1, 9) == (1, 9, 3)
    assert F.tuple_len((1, 2, 3)) == 3 and F.tuple_equal((1, 2), (1, 2)) and not F.tuple_equal((1, 2), (1, 3))
    assert F.tuple_div((6, 4), (3, 2)) == (2, 2) and F.tuple_reversed((1, 2, 3)) == (3, 2, 1)
    with pytest.raises(RuntimeError):
        F.tuple_div((6, 5), (3, 2))
    source = [1, 2, 3]
    assert F.list_getitem(source, 1) == 2 and F.list_setitem(source, 1, 9) == [1, 9, 3] and source == [1, 2, 3]
    assert F.list_len([1, 2]) == 2 and F.list_equal([1], [1])
    assert F.dict_getitem({"a": 1}, "a") == 1 and F.dict_setitem({"a": 1}, "b", 2) == {"a": 1, "b": 2}
    with pytest.raises(KeyError):
        F.dict_getitem({}, "a")
    with pytest.raises(TypeError):
        F.tuple_getitem([1], 0)
    with pytest.raises(TypeError):
        F.list_getitem((1,), 0)


def test_makers():
    assert F.make_tuple(1, 2) == (1, 2) and F.make_list(1, 2) == [1, 2]
    assert F.make_dict(("a", "b"), (1, 2)) == {"a": 1, "b": 2}
    assert F.make_slice(1, 5, 2) == slice(1, 5, 2)
    assert F.make_range(5) == (0, 1, 2, 3, 4) and F.make_range(1, 10, 3) == (1, 4, 7)
    with pytest.raises(ValueError):
        F.make_range(1, 5, 0)
    with pytest.raises(ValueError):
        F.make_dict(("a",), (1, 2))
    with pytest.raises(TypeError):
        F.make_range(1.5)


def test_bools_strings_identity():
    assert F.bool_and(True, False) is False and F.bool_or(True, False) is True
    assert F.bool_not(True) is False and F.bool_eq(True, True) is True
    with pytest.raises(TypeError):
        F.bool_and(1, True)
    assert F.string_concat("a", "b") == "ab" and F.string_eq("a", "a")
    with pytest.raises(TypeError):
        F.string_concat("a", 1)
    assert F.is_(None, None) and F.is_not(1, None)
    assert F.in_dict("a", {"a": 1}) and not F.not_in_dict("a", {"a": 1})


def test_types():
    assert F.typeof(_t([1.0])) == mstype.tensor_type(ms.float32)
    assert F.typeof(1) is ms.int64 and F.typeof(1.0) is ms.float32 and F.typeof(True) is ms.bool_
    assert F.typeof((1,)) is mstype.tuple_ and F.typeof([1]) is mstype.list_ and F.typeof("a") is mstype.string
    assert F.typeof(None) is mstype.type_none
    assert F.hastype(1, ms.int64) and F.hastype(1.0, ms.float32) and F.hastype(1, mstype.number)
    assert F.hastype((1,), mstype.tuple_) and F.hastype(_t([1]), mstype.tensor_type)
    assert not F.hastype(_t([1]), ms.float32)
    with pytest.raises(TypeError, match="hastype"):
        F.hastype(1, int)
    assert F.isconstant(1) and F.isconstant(_t([1]))
    assert F.DtypeToEnum()("op", "dtype", ms.float32) == 43 and F.DtypeToEnum()("op", "dtype", ms.bool_) == 30
    with pytest.raises(TypeError, match="'op'"):
        F.DtypeToEnum()("op", "dtype", 3)
    assert F.SliceGetItem()(slice(1, 5, 2), "step") == 2 and F.SliceGetItem()(slice(1, None), "stop") is None
    with pytest.raises(ValueError):
        F.SliceGetItem()(slice(1), "size")


def test_isconstant_in_graph_mode():
    @ms.jit
    def fn(x):
        return x * 1 if F.isconstant(x) else x * 2
    assert np.allclose(fn(_t([1.0])).asnumpy(), [2.0])


def test_shapes():
    x = _t(np.zeros((2, 3)))
    assert F.shape_(x) == (2, 3) and F.shape_mul((2, 3, 4)) == 24 and F.shape_mul(()) == 1
    assert F.dyn_shape(x).dtype == ms.int64 and F.dyn_shape(x).asnumpy().tolist() == [2, 3]
    with pytest.raises(ValueError):
        F.shape_mul([2, 3])
    assert F.reduced_shape((2, 3, 4), (1,)) == (2, 1, 4) and F.reduced_shape((2, 3, 4), (-1, 0)) == (1, 3, 1)
    assert F.reduced_shape((2, 3, 4), ()) == (1, 1, 1)
    with pytest.raises(ValueError):
        F.reduced_shape((2, 3), (2,))


@pytest.mark.parametrize("x, y, expected", [
    ((2, 1, 3), (4, 3), ((1,), (0,))), ((2, 3), (2, 3), ((), ())), ((1, 1, 3), (2, 1, 3), ((0, 1), (1,))),
    ((3,), (2, 3), ((0,), ())), ((2, 3), (3,), ((), (0,))), ((2, 1), (1, 3), ((1,), (0,))),
])
def test_broadcast_gradient_args(x, y, expected):
    assert F.broadcast_gradient_args(x, y) == expected


def test_broadcast_gradient_args_error():
    with pytest.raises(RuntimeError):
        F.broadcast_gradient_args((2, 3), (4, 3))


def test_stop_gradient_in_place():
    x, y = _t([[0.5, 0.6], [1.2, 1.3]]), _t([[1.0, 2.0], [3.0, 4.0]])

    def net(a, b):
        out1 = ops.matmul(a, b)
        out2 = ops.matmul(a, b)
        F.stop_gradient_(out2)
        return out1, out2
    expected = np.ones((2, 2)) @ y.asnumpy().T
    assert np.allclose(ms.grad(net)(x, y).asnumpy(), expected)
    with pytest.raises(TypeError):
        F.stop_gradient_(1)


def test_functions_and_control():
    assert F.partial(F.scalar_add, 1)(2) == 3
    x = _t([1, 2])
    copy = F.deepcopy((x, [1]))
    assert copy[0] is not x and np.allclose(copy[0].asnumpy(), [1, 2]) and copy[1] == [1]
    assert F.switch(True, 1, 2) == 1 and F.switch(False, 1, 2) == 2
    assert np.allclose(F.switch(Tensor(False), x, x * 2).asnumpy(), [2, 4])
    assert F.switch_layer(Tensor(1, ms.int32), (F.scalar_uadd, F.scalar_usub))(3) == -3
    with pytest.raises(IndexError):
        F.switch_layer(2, (F.scalar_uadd,))
    cast = F.mixed_precision_cast(ms.float16, (x, 1, [x], _t([1], np.int32)))
    assert cast[0].dtype == ms.float16 and cast[1] == 1 and isinstance(cast[2], tuple)
    assert cast[2][0].dtype == ms.float16 and cast[3].dtype == ms.int32


def test_environ():
    w = ms.Parameter(_t([1, 2]), name="w")
    env = F.environ_create()
    assert F.environ_get(env, w, 0) == 0
    env1 = F.environ_set(env, w, _t([1, 1]))
    assert F.environ_get(env, w, 0) == 0, "environ_set returns a new environment"
    env2 = F.environ_set(F.environ_set(env, w, _t([2, 2])), "b", 5)
    both = F.environ_add(env1, env2)
    assert np.allclose(F.environ_get(both, w, None).asnumpy(), [3, 3]) and F.environ_get(both, "b", 0) == 5
    with pytest.raises(TypeError):
        F.environ_get({}, w, 0)
    with pytest.raises(TypeError):
        F.environ_set(env, 3, 0)


def test_symbolic_keys_stand_for_their_parameter():
    w = ms.Parameter(_t([1, 2]), name="w")
    key = F.ref_to_embed(w)
    assert key == F.ref_to_embed(ms.Parameter(_t([0]), name="w")) and hash(key) == hash(F.embed(w))
    env = F.environ_set(F.environ_create(), key, 7)
    assert F.environ_get(env, w, 0) == 7 and F.environ_get(env, F.embed(w), 0) == 7
    value = [1, 2]
    assert F.embed(value) == F.embed(value) and F.embed(value) != F.embed([1, 2])
    with pytest.raises(TypeError, match="For 'RefToEmbed', the 'input' must be a Parameter"):
        F.ref_to_embed(_t([1.0]))
    assert ops.embed is F.embed and ops.ref_to_embed is F.ref_to_embed


def test_array_reduce_folds_the_axes():
    x = np.arange(24, dtype=np.float32).reshape(2, 3, 4) - 10
    np.testing.assert_array_equal(F.array_reduce(ops.add, Tensor(x), (1,)).asnumpy(), x.sum(axis=1))
    np.testing.assert_array_equal(F.array_reduce(ops.maximum, Tensor(x), (0, -1)).asnumpy(), x.max(axis=(0, 2)))
    np.testing.assert_array_equal(F.array_reduce(ops.mul, Tensor(x[:, :2, :2]), 2).asnumpy(),
                                  x[:, :2, :2].prod(axis=2))
    compiled = ms.jit(lambda t: F.array_reduce(ops.add, t, (0, 2)))
    np.testing.assert_array_equal(compiled(Tensor(x)).asnumpy(), x.sum(axis=(0, 2)))
    grad = ms.grad(lambda t: F.array_reduce(ops.add, t, (1,)).sum())(Tensor(x))
    np.testing.assert_array_equal(grad.asnumpy(), np.ones_like(x))
    with pytest.raises(ValueError, match=r"For 'array_reduce', the 'axis' must be in range \[-3, 3\), but got 3"):
        F.array_reduce(ops.add, Tensor(x), (3,))
    with pytest.raises(TypeError, match="For 'array_reduce', the 'axis' must be an int or a tuple of ints"):
        F.array_reduce(ops.add, Tensor(x), 1.0)
    with pytest.raises(TypeError, match="For 'array_reduce', the 'x' must be a Tensor"):
        F.array_reduce(ops.add, x, 1)


def test_compiler_queries():
    assert F.is_sequence_value_unknown((1, 2)) is False and F.is_sequence_shape_unknown([1]) is False
    assert F.is_tensor_bool_cond(Tensor(True))
    with pytest.raises(ValueError):
        F.is_tensor_bool_cond(_t([1, 2]))
    with pytest.raises(TypeError):
        F.is_tensor_bool_cond(1)


def test_tensor_operator_registry_and_p():
    assert F.tensor_operator_registry.get("abs") is ops.abs
    F.tensor_operator_registry.register("my_op", len)
    assert F.tensor_operator_registry.get("my_op") is len
    with pytest.raises(AttributeError):
        F.tensor_operator_registry.get("no_such_op_x")
    assert ops.function.P is ops.operations and ops.P.Add is ops.Add


def test_exported_from_ops():
    for name in F.__all__:
        assert getattr(ops, name) is getattr(F, name)
