"""jit's keyword options, JitConfig and set_context(jit_config=...): the checks (exception
types and messages observed on MindSpore 2.7.1) and what capture_mode / fullgraph do
when the compiler refuses a function."""
import io

import numpy as np
import pytest

import spore as ms
from spore import Tensor, nn
from spore.compiler.jit_options import Unsupported


def double(x):
    return x * 2


@pytest.mark.parametrize("kwargs, error, message", [
    ({"capture_mode": "foo"}, ValueError,
     "For 'jit', the 'capture_mode' must be str and must be in '['ast', 'bytecode', 'trace']', but got 'foo'."),
    ({"jit_level": "O2"}, ValueError, "For 'jit', the 'jit_level' must be str and must be in '['O0', 'O1']', "
                                      "but got 'O2'."),
    ({"jit_level": 0}, ValueError, "but got '0'."),
    ({"dynamic": 2}, ValueError, "For 'jit', the 'dynamic' must be in range of [0, 1], but got 2 with type 'int'."),
    ({"dynamic": True}, TypeError, "For 'jit', the 'dynamic' must be 'int',  but got 'bool'."),
    ({"fullgraph": 1}, TypeError, "For 'jit', the 'fullgraph' must be a bool, but got int."),
    ({"backend": "foo"}, ValueError, "For 'jit', the 'backend' must be str and must be in '['ms_backend', 'GE']', "
                                     "but got 'foo'."),
    ({"exc_mode": "x"}, ValueError, "For 'exc_mode' must be one of '['auto', 'sink', 'no_sink']'."),
    ({"infer_boost": "x"}, ValueError, "For 'infer_boost', the value of 'infer_boost' must be one of ['on', 'off'], "
                                       "but got 'x'."),
])
def test_bad_options_raise_up_front(kwargs, error, message):
    with pytest.raises(error) as info:
        ms.jit(double, **kwargs)
    assert message in str(info.value)
    with pytest.raises(error):   # the decorator form checks them too, before any function
        ms.jit(**kwargs)


def test_options_are_keyword_only():
    with pytest.raises(TypeError, match="positional"):
        ms.jit(double, "ast")


@pytest.mark.parametrize("kwargs", [
    {"jit_level": "O1", "backend": "ms_backend"}, {"backend": "GE"}, {"capture_mode": "trace"},
    {"input_signature": (Tensor(shape=[None], dtype=ms.float32),)}, {"hash_args": 1},
    {"jit_config": ms.JitConfig()}, {"exc_mode": "sink", "infer_boost": "on"}])
def test_accepted_options_compile_the_same_function(kwargs):
    x = Tensor(np.arange(3, dtype=np.float32))
    np.testing.assert_array_equal(ms.jit(double, **kwargs)(x).asnumpy(), [0, 2, 4])
    np.testing.assert_array_equal(ms.ms_function(double)(x).asnumpy(), [0, 2, 4])


def with_try(x):
    try:
        y = x + 1
    except ValueError:
        y = x
    return y


def with_file(x):
    with io.StringIO() as text:
        text.write("ab")
    return x * 2


def with_numpy_of_a_graph_value(x):
    return Tensor(x.asnumpy() * 3)


@pytest.mark.parametrize("fn, expected", [(with_try, [1, 2, 3]), (with_file, [0, 2, 4]),
                                          (with_numpy_of_a_graph_value, [0, 3, 6])])
@pytest.mark.parametrize("capture_mode", ["bytecode", "trace"])
def test_a_graph_break_runs_the_python(fn, expected, capture_mode):
    # MindSpore 2.7.1 gives these values with bytecode / trace (PyNative's values)
    compiled = ms.jit(fn, capture_mode=capture_mode)
    for _ in range(2):   # the second call finds the graph break cached
        out = compiled(Tensor(np.arange(3, dtype=np.float32)))
        np.testing.assert_array_equal(out.asnumpy(), expected)
    assert not compiled.cache.programs


def test_ast_raises_what_it_refuses():
    with pytest.raises(RuntimeError, match="'Try' is not supported"):
        ms.jit(with_try)(Tensor(np.arange(3, dtype=np.float32)))


def test_bytecode_fullgraph_raises_unsupported():
    with pytest.raises(Unsupported, match="'Try' is not supported") as info:
        ms.jit(with_try, capture_mode="bytecode", fullgraph=True)(Tensor(np.arange(3, dtype=np.float32)))
    assert isinstance(info.value, RuntimeError)


def test_a_graph_break_in_a_method_runs_it_on_its_object():
    class Holder:
        offset = 5.0

        @ms.jit(capture_mode="bytecode")
        def shift(self, x):
            try:
                return x + self.offset
            except ValueError:
                return x

    np.testing.assert_array_equal(Holder().shift(Tensor([1.0])).asnumpy(), [6.0])


def test_a_graph_break_under_grad_gives_pynative_gradients():
    compiled = ms.jit(with_try, capture_mode="bytecode")
    grad = ms.grad(lambda x: compiled(x * x).sum())(Tensor(np.array([1.0, 2.0], np.float32)))
    np.testing.assert_allclose(grad.asnumpy(), [2.0, 4.0])


def test_code_the_compiler_takes_is_compiled_in_every_capture_mode():
    for mode in ["ast", "bytecode", "trace"]:
        compiled = ms.jit(double, capture_mode=mode)
        compiled(Tensor([1.0]))
        assert len(compiled.cache.programs) == 1


# ---- JitConfig, Cell.set_jit_config, set_context(jit_config=...) --------------------------
def test_jit_config_dict_as_mindspore_records_it():
    assert ms.JitConfig().jit_config_dict == {
        "jit_level": "", "exc_mode": "auto", "jit_syntax_level": "", "debug_level": "RELEASE", "infer_boost": "off"}
    assert ms.JitConfig(jit_level="O1").jit_config_dict["backend"] == "ms_backend"
    assert ms.JitConfig(jit_level="O2").jit_config_dict["backend"] == "GE"
    assert ms.JitConfig(foo=3).jit_config_dict["foo"] == 3
    assert ms.JitConfig(jit_syntax_level="COMPATIBLE").jit_config_dict["jit_syntax_level"] == "COMPATIBLE"


@pytest.mark.parametrize("kwargs, message", [
    ({"jit_level": "O3"}, "For 'jit_level' must be one of ['O0', 'O1', 'O2']."),
    ({"exc_mode": "x"}, "For 'exc_mode' must be one of '['auto', 'sink', 'no_sink']'."),
    ({"jit_syntax_level": "X"}, "For 'jit_syntax_level' must be one of '['STRICT', 'LAX']'."),
    ({"debug_level": "X"}, "For 'debug_level' must be one of '['RELEASE', 'DEBUG']'."),
    ({"infer_boost": "X"}, "For 'infer_boost' must be one of '['on', 'off']'."),
])
def test_jit_config_checks(kwargs, message):
    with pytest.raises(ValueError) as info:
        ms.JitConfig(**kwargs)
    assert str(info.value) == message


def test_cell_keeps_its_first_jit_config():
    cell = nn.Dense(2, 2)
    cell.set_jit_config(ms.JitConfig(jit_level="O1"))
    cell.set_jit_config(ms.JitConfig(jit_level="O0"))
    assert cell.jit_config_dict["jit_level"] == "O1"


@pytest.fixture
def context_jit_config():
    yield
    ms.set_context(jit_config={})


def test_context_jit_config_is_checked_and_read_back(context_jit_config):
    ms.set_context(jit_config={"jit_level": "O1", "infer_boost": "on"})
    assert ms.get_context("jit_config") == {"jit_level": "O1", "infer_boost": "on"}
    with pytest.raises(ValueError, match="the value of argument jit_level must be one of \\['O0', 'O1', 'O2'\\], "
                                         "but got O5"):
        ms.set_context(jit_config={"jit_level": "O5"})
    with pytest.raises(ValueError, match="the key of argument 'jit_config' must be one of .* but got "
                                         "jit_syntax_level"):
        ms.set_context(jit_config={"jit_syntax_level": "STRICT"})
    with pytest.raises(TypeError, match="'jit_config' must be <class 'dict'>"):
        ms.set_context(jit_config=ms.JitConfig())
    assert ms.get_context("jit_config") == {"jit_level": "O1", "infer_boost": "on"}


# ---- the STRICT syntax level: jit(fullgraph=True), a Cell's JitConfig, the context ------------
def numpy_of_a_graph_value(x):
    return Tensor(x.asnumpy(), ms.float32)


def returns_a_dict(x):
    return {"a": x * 2}


class Wrap(nn.Cell):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def construct(self, x):
        return self.fn(x)


STRICT_MESSAGE = "In JIT strict mode, cannot get attributes asnumpy or the Tensor[Float32] object has no attribute"


def test_fullgraph_ast_has_no_numpy_fallback_and_returns_dict_values():
    x = Tensor(np.arange(3, dtype=np.float32))
    with pytest.raises(AttributeError) as info:
        ms.jit(numpy_of_a_graph_value, fullgraph=True)(x)
    assert STRICT_MESSAGE in str(info.value)
    np.testing.assert_array_equal(ms.jit(numpy_of_a_graph_value)(x).asnumpy(), [0, 1, 2])
    # MindSpore 2.7.1 returns (Tensor,) for {"a": Tensor} at the strict level
    out = ms.jit(returns_a_dict, fullgraph=True)(x)
    assert isinstance(out, tuple) and len(out) == 1
    np.testing.assert_array_equal(out[0].asnumpy(), [0, 2, 4])
    assert isinstance(ms.jit(returns_a_dict)(x), dict)


@pytest.fixture
def strict_context():
    ms.set_context(mode=ms.GRAPH_MODE, jit_syntax_level=ms.STRICT)
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE, jit_syntax_level=ms.LAX)


def test_the_context_syntax_level_applies_to_cells(strict_context):
    x = Tensor(np.arange(3, dtype=np.float32))
    with pytest.raises(AttributeError, match="In JIT strict mode"):
        Wrap(numpy_of_a_graph_value)(x)
    assert isinstance(Wrap(returns_a_dict)(x), tuple)
    lax = Wrap(returns_a_dict)
    lax.set_jit_config(ms.JitConfig(jit_syntax_level="LAX"))
    assert isinstance(lax(x), dict)


def test_a_cells_jit_config_sets_its_syntax_level(graph_mode):
    x = Tensor(np.arange(3, dtype=np.float32))
    net = Wrap(numpy_of_a_graph_value)
    np.testing.assert_array_equal(net(x).asnumpy(), [0, 1, 2])
    strict = Wrap(numpy_of_a_graph_value)
    strict.set_jit_config(ms.JitConfig(jit_syntax_level="STRICT"))
    with pytest.raises(AttributeError, match="In JIT strict mode"):
        strict(x)
