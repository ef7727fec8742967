"""Cell.compile (a Cell's graph compiled for some inputs, not run) and the deprecated
Cell.remove_redundant_parameters. MindSpore 2.7.1 returns None from both and compiles in
PYNATIVE_MODE too."""
import numpy as np
import pytest

import spore as ms
from spore import Parameter, Tensor, nn
from spore.compiler import program_cache


class Scale(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.float32(3.0)), name="w")

    def construct(self, x):
        return x * self.w


@pytest.fixture
def graph_mode():
    ms.set_context(mode=ms.GRAPH_MODE)
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)


@pytest.fixture
def compilations(monkeypatch):
    """The names of the programs compiled during the test."""
    names = []
    compile_program = program_cache.compile_program

    def counting(name, fn, args, kwargs):
        names.append(name)
        return compile_program(name, fn, args, kwargs)

    monkeypatch.setattr(program_cache, "compile_program", counting)
    return names


def test_compile_then_call_in_graph_mode_compiles_once(graph_mode, compilations):
    net = Scale()
    x = Tensor(np.arange(4, dtype=np.float32))
    assert net.compile(x) is None
    assert compilations == ["Scale"]
    np.testing.assert_allclose(net(x).asnumpy(), np.arange(4) * 3.0)
    assert compilations == ["Scale"]


def test_compile_does_not_run_the_cell(graph_mode):
    net = Scale()
    x = Tensor(np.ones(2, dtype=np.float32))
    net.compile(x)
    net.w.set_data(Tensor(np.float32(5.0)))
    # The compiled graph reads the Parameter when run, not when compiled.
    np.testing.assert_allclose(net(x).asnumpy(), [5.0, 5.0])


def test_a_new_input_signature_compiles_again(graph_mode, compilations):
    net = Scale()
    net.compile(Tensor(np.ones(2, dtype=np.float32)))
    net(Tensor(np.ones(3, dtype=np.float32)))
    assert len(compilations) == 2


def test_compile_in_pynative_mode_checks_the_construct(compilations):
    net = Scale()
    net.compile(Tensor(np.ones(2, dtype=np.float32)))
    assert compilations == ["Scale"]
    with pytest.raises(TypeError, match="missing the arguments"):
        net.compile()


def test_remove_redundant_parameters_only_warns():
    net = Scale()
    with pytest.warns(FutureWarning, match="deprecated"):
        assert net.remove_redundant_parameters() is None
    assert [p.name for p in net.get_parameters()] == ["w"]
