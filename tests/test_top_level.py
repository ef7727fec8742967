"""Top-level names of `mindspore`: dtype aliases, compilation entry points, `_no_grad`,
`constexpr`, devices, logging, recompute and Symbol."""
import sys

import numpy as np
import pytest

import spore as ms
from spore import nn, ops
from spore.common.tensor import Tensor


@pytest.fixture
def graph_mode():
    ms.set_context(mode=ms.GRAPH_MODE)
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)


# ---- dtypes -----------------------------------------------------------------------------------
def test_dtype_aliases():
    assert ms.cfloat is ms.complex64 and ms.cdouble is ms.complex128 and ms.long is ms.int64
    assert (repr(ms.list_), repr(ms.tuple_)) == ("mindspore.list_", "mindspore.tuple_")
    assert (str(ms.float8_e4m3fn), repr(ms.float8_e4m3fn)) == ("Float8E4M3FN", "mindspore.float8_e4m3fn")
    assert (str(ms.float8_e5m2), str(ms.hifloat8)) == ("Float8E5M2", "HiFloat8")
    assert (str(ms.qint4x2), repr(ms.qint4x2), ms.qint4x2.itemsize) == ("Int4", "mindspore.int4", 1)


@pytest.mark.parametrize("obj, expected", [
    (1, "mindspore.int64"), (1.0, "mindspore.float64"), (True, "mindspore.bool"), (1 + 2j, "mindspore.complex128"),
    ("a", "mindspore.string_"), ([1], "mindspore.list_"), ((1,), "mindspore.tuple_"), (None, "mindspore.type_none"),
    (int, "mindspore.int64"), (float, "mindspore.float64"), (np.float32(1), "mindspore.float32"),
    (ms.float32, "mindspore.type_type"),
])
def test_get_py_obj_dtype(obj, expected):
    assert repr(ms.get_py_obj_dtype(obj)) == expected


def test_get_py_obj_dtype_of_tensor_and_unsupported():
    assert repr(ms.get_py_obj_dtype(Tensor([1.0], ms.float32))) == "mindspore.tensor[float32]"
    with pytest.raises(NotImplementedError, match="dict"):
        ms.get_py_obj_dtype({"a": 1})


def test_quant_dtype():
    assert ms.QuantDtype.INT8.value() == 7
    assert ms.QuantDtype.UINT16.value() == 115
    assert len(ms.QuantDtype) == 32


# ---- compilation entry points ---------------------------------------------------------------
def test_syntax_levels_are_context_values():
    assert (ms.STRICT, ms.COMPATIBLE, ms.LAX) == (0, 1, 2)
    ms.set_context(jit_syntax_level=ms.STRICT)
    assert ms.get_context("jit_syntax_level") == ms.STRICT
    ms.set_context(jit_syntax_level=ms.LAX)
    with pytest.raises(ValueError, match="jit_syntax_level"):
        ms.set_context(jit_syntax_level=5)


@ms.jit_class
class _Scaler:
    def __init__(self):
        self.value = 10

    def twice(self, x):
        return 2 * x


class _UsesScaler(nn.Cell):
    def __init__(self):
        super().__init__()
        self.scaler = _Scaler()

    def construct(self, x):
        return self.scaler.value + self.scaler.twice(x)


def test_jit_class_instances_in_graph_mode(graph_mode):
    assert _Scaler.__ms_class__ is True
    out = _UsesScaler()(Tensor([1.0, 2.0], ms.float32))
    np.testing.assert_allclose(out.asnumpy(), [12.0, 14.0])


@ms.jit
def _apply_scaler(scaler, x):
    return scaler.twice(x) + scaler.value


@ms.jit
def _make_scaler_inside(x):
    return _Scaler().twice(x)


def test_jit_class_instances_as_arguments_and_built_in_the_graph():
    np.testing.assert_allclose(_apply_scaler(_Scaler(), Tensor([1.0, 2.0])).asnumpy(), [12.0, 14.0])
    np.testing.assert_allclose(_make_scaler_inside(Tensor([3.0])).asnumpy(), [6.0])


@pytest.mark.parametrize("bad, match", [(1, "class type"), (nn.Dense, "cannot be used for nn.Cell")])
def test_jit_class_rejects(bad, match):
    with pytest.raises(TypeError, match=match):
        ms.jit_class(bad)


def test_mutable_returns_its_input():
    t = Tensor([1.0])
    pair = (t, [1, 2.0, {"k": t}])
    assert ms.mutable(pair) is pair
    assert ms.mutable(3) == 3
    assert ms.mutable([t], dynamic_len=True)[0] is t


@pytest.mark.parametrize("args, kwargs, error", [
    (("a",), {}, TypeError), ((None,), {}, TypeError), (([1, "a"],), {}, TypeError),
    (((1,),), {"dynamic_len": 1}, TypeError), ((1,), {"dynamic_len": True}, TypeError),
])
def test_mutable_rejects(args, kwargs, error):
    with pytest.raises(error, match="mutable"):
        ms.mutable(*args, **kwargs)


def _times_three_plus_two(val):
    return val * 3 + 2


@ms.jit
def _repeat_no_inline(val):
    inner = ms.no_inline(_times_three_plus_two)
    for _ in range(3):
        val = inner(val)
    return val


def test_no_inline_computes_the_function():
    assert ms.no_inline(_times_three_plus_two) is _times_three_plus_two
    assert int(_repeat_no_inline(Tensor(1)).asnumpy()) == ((1 * 3 + 2) * 3 + 2) * 3 + 2
    with pytest.raises(TypeError, match="no_inline"):
        ms.no_inline(1)


class _LazyCell(nn.Cell):
    @ms.lazy_inline
    def __init__(self, scale):
        super().__init__()
        self.scale = scale

    def construct(self, x):
        return x * self.scale


def test_lazy_inline_keeps_init():
    np.testing.assert_allclose(_LazyCell(3.0)(Tensor([1.0, 2.0])).asnumpy(), [3.0, 6.0])
    assert ms.lazy_inline(policy="front")(_times_three_plus_two) is _times_three_plus_two


def test_enable_dynamic_checks_its_arguments():
    with pytest.raises(ValueError, match="cannot be empty"):
        ms.enable_dynamic()
    with pytest.raises(TypeError, match="only supports Tensor"):
        ms.enable_dynamic(y=1)
    with pytest.raises(ValueError, match="decorated by ms.jit"):
        ms.enable_dynamic(y=Tensor([1.0]))(_times_three_plus_two)
    jitted = ms.jit(_times_three_plus_two)
    assert ms.enable_dynamic(val=Tensor([1.0]))(jitted) is jitted
    with pytest.raises(ValueError, match="'y' is not an argument"):
        ms.enable_dynamic(y=Tensor([1.0]))(jitted)


def test_jit_config():
    config = ms.JitConfig(jit_level="O1", foo=1)
    # MindSpore 2.7.1 records the backend of the level too
    assert config.jit_config_dict == {"foo": 1, "jit_level": "O1", "exc_mode": "auto", "jit_syntax_level": "",
                                      "debug_level": "RELEASE", "infer_boost": "off", "backend": "ms_backend"}
    for kwargs in ({"jit_level": "O5"}, {"exc_mode": "x"}, {"infer_boost": 1}):
        with pytest.raises(ValueError, match=next(iter(kwargs))):
            ms.JitConfig(**kwargs)


def test_set_recursion_limit():
    before = sys.getrecursionlimit()
    ms.set_recursion_limit(before + 100)
    assert sys.getrecursionlimit() == before + 100
    ms.set_recursion_limit(10)  # never lowers Python's own limit
    assert sys.getrecursionlimit() == before + 100
    sys.setrecursionlimit(before)
    with pytest.raises(ValueError, match="> 0"):
        ms.set_recursion_limit(0)
    with pytest.raises(TypeError, match="int"):
        ms.set_recursion_limit("a")


def test_ms_memory_recycle_runs():
    assert ms.ms_memory_recycle() is None


# ---- constexpr --------------------------------------------------------------------------------
_constexpr_calls = []


@ops.constexpr
def _double_length(n):
    _constexpr_calls.append(n)
    return n * 2


@ms.jit
def _scale_by_double_length(x):
    return x * _double_length(x.shape[0])


def test_constexpr_pynative_runs_at_each_call():
    _constexpr_calls.clear()
    assert _double_length(3) == 6
    assert _double_length(3) == 6
    assert _constexpr_calls == [3, 3]


def test_constexpr_graph_runs_at_compile_time():
    _constexpr_calls.clear()
    first = _scale_by_double_length(Tensor([1.0, 2.0]))
    second = _scale_by_double_length(Tensor([3.0, 2.0]))
    np.testing.assert_allclose(first.asnumpy(), [4.0, 8.0])
    np.testing.assert_allclose(second.asnumpy(), [12.0, 8.0])
    assert _constexpr_calls == [2]  # once, when the graph for this signature was built


def test_constexpr_get_instance_false_gives_a_class():
    cls = ops.constexpr(get_instance=False, name="Halve")(lambda n: n // 2)
    assert cls.__name__ == "Halve"
    assert cls()(9) == 4
    with pytest.raises(TypeError, match="constexpr"):
        ops.constexpr(3)


# ---- _no_grad ---------------------------------------------------------------------------------
def _square_without_grad_plus_x(x):
    with ms._no_grad():
        y = x * x
    return y + x


@ms._no_grad()
def _square_no_grad(x):
    return x * x


def test_no_grad_block_stops_gradients():
    # d/dx (x*x + x) is 2x + 1 = 7 at 3; with the square outside the tape only 1 remains.
    assert float(ms.grad(_square_without_grad_plus_x)(Tensor(3.0)).asnumpy()) == 1.0


def test_no_grad_decorator_stops_gradients():
    grad = ms.grad(lambda x: _square_no_grad(x) + 2 * x)(Tensor(3.0))
    assert float(grad.asnumpy()) == 2.0


def test_no_grad_restores_recording():
    grad = ms.grad(lambda x: _square_no_grad(x) + x * x)(Tensor(3.0))
    assert float(grad.asnumpy()) == 6.0


# ---- devices, logging -------------------------------------------------------------------------
def test_device_setting():
    ms.set_device("CPU")
    device = ms.get_current_device()
    assert device == ("CPU", 0)
    assert (device.device_target, device.device_id) == ("CPU", 0)
    assert repr(device) == "('CPU', 0)"
    with pytest.raises(ValueError, match="device_target"):
        ms.set_device("TPU")
    with pytest.raises(TypeError, match="device_target"):
        ms.set_device(1)


def test_set_deterministic():
    ms.set_deterministic(True)
    assert ms.get_context("deterministic") == "ON"
    ms.set_deterministic(False)
    assert ms.get_context("deterministic") == "OFF"
    with pytest.raises(TypeError, match="deterministic"):
        ms.set_deterministic(1)


def test_log_config_is_read_once(monkeypatch):
    from spore import log
    monkeypatch.setattr(log, "_config", None)
    monkeypatch.setenv("GLOG_v", "3")
    monkeypatch.delenv("GLOG_logtostderr", raising=False)
    assert ms.get_level() == "3"
    monkeypatch.setenv("GLOG_v", "1")
    assert ms.get_log_config() == {"GLOG_v": "3", "GLOG_logtostderr": "1"}


def test_log_config_to_files(monkeypatch):
    from spore import log
    monkeypatch.setattr(log, "_config", None)
    monkeypatch.setenv("GLOG_logtostderr", "0")
    monkeypatch.setenv("GLOG_log_dir", "/var/log")
    config = ms.get_log_config()
    assert config["GLOG_logtostderr"] == "0"
    assert config["GLOG_log_dir"] == "/var/log"


# ---- recompute, Symbol -------------------------------------------------------------------------
class _RecomputedConv(nn.Cell):
    def __init__(self):
        super().__init__(auto_prefix=False)
        self.conv = nn.Conv2d(2, 2, 2, has_bias=False, weight_init="ones")
        self.relu = ops.ReLU()

    def construct(self, x):
        return self.relu(ms.recompute(self.conv, x))


def test_recompute_gives_the_cells_values_and_gradients():
    inputs = Tensor(np.ones([2, 2, 2, 2]).astype(np.float32) * 2)
    grad = ops.grad(_RecomputedConv())(inputs)
    # Each input element's gradient counts the windows (of 2x2 in a 'same'-padded 2x2
    # input) covering it, times the 2 output channels of all-ones weights.
    expected = np.tile(np.array([[2.0, 4.0], [4.0, 8.0]], np.float32), (2, 2, 1, 1))
    np.testing.assert_allclose(grad.asnumpy(), expected)
    with pytest.raises(TypeError, match="inherited from Cell"):
        ms.recompute(_times_three_plus_two, Tensor(1.0))


def test_symbol():
    symbol = ms.Symbol(max=32, unique=True)
    assert symbol.to_dict() == {"max": 32, "id": symbol.id}
    assert ms.Symbol(divisor=8, remainder=1).to_dict() == {"divisor": 8, "remainder": 1}
    assert ms.Symbol().to_dict() == {}
    with pytest.raises(TypeError, match="'max' must be int"):
        ms.Symbol(max=0.5)
    with pytest.raises(ValueError, match="'min' value should be positive"):
        ms.Symbol(min=0)
    with pytest.raises(TypeError, match="'unique' must be bool"):
        ms.Symbol(unique=1)
