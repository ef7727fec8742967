"""set_context / get_context."""
import pytest

import spore as ms
from spore import context


@pytest.fixture(autouse=True)
def restore_mode():
    mode = ms.get_context("mode")
    yield
    ms.set_context(mode=mode, device_target="CPU")


def test_defaults():
    assert ms.get_context("mode") == context.PYNATIVE_MODE
    assert ms.get_context("device_target") == "CPU"
    assert (context.GRAPH_MODE, context.PYNATIVE_MODE) == (0, 1)


def test_set_and_get():
    context.set_context(mode=context.GRAPH_MODE, device_target="CPU", pynative_synchronize=True)
    assert ms.get_context("mode") == context.GRAPH_MODE
    assert ms.get_context("pynative_synchronize") is True
    ms.set_context(pynative_synchronize=False)


@pytest.mark.parametrize("kwargs, error, match", [
    (dict(foo=1), ValueError, "foo is not recognized"),
    (dict(mode=5), ValueError, "'mode'"),
    (dict(mode="graph"), TypeError, "'mode'"),
    (dict(device_target="TPU"), ValueError, "'device_target'"),
    (dict(device_id=-1), ValueError, "'device_id'"),
    (dict(pynative_synchronize=1), TypeError, "'pynative_synchronize'"),
])
def test_bad_values(kwargs, error, match):
    with pytest.raises(error, match=match):
        ms.set_context(**kwargs)


def test_unavailable_device_names_the_available_ones():
    from spore._kernels.device import available_targets
    if "GPU" in available_targets():
        pytest.skip("this machine has a GPU")
    with pytest.raises(RuntimeError, match=r"\['CPU'\]"):
        ms.set_context(device_target="GPU")
    assert ms.get_context("device_target") == "CPU"


def test_get_unknown_key():
    with pytest.raises(ValueError, match="not recognized"):
        ms.get_context("foo")


def test_seed():
    ms.set_seed(7)
    assert ms.get_seed() == 7
    with pytest.raises(ValueError):
        ms.set_seed(-1)
