"""Generator, default_generator and the rng state functions (`manual_seed`, `seed`,
`initial_seed`, `get_rng_state`, `set_rng_state`)."""
import numpy as np
import pytest

import spore as ms
from spore import ops
from spore._kernels import rng as seed_streams
from spore.common import seed as seed_module


@pytest.fixture(autouse=True)
def restore_default_generator():
    state = ms.get_rng_state()
    yield
    ms.set_rng_state(state)


@pytest.fixture(autouse=True)
def no_global_seed(monkeypatch):
    """Unseeded draws come from the default generator only while no `set_seed` ran (as in
    MindSpore 2.7.1); an earlier test in the same process may have set one."""
    monkeypatch.setattr(seed_streams, "_global_seed", None)
    monkeypatch.setattr(seed_module, "_function_ops", {})  # ops built for an earlier set_seed's streams


def test_generator_seed_and_state_round_trip():
    generator = ms.Generator()
    assert generator.initial_seed() == 0
    assert generator.manual_seed(5) is generator
    assert generator.initial_seed() == 5
    state = generator.get_state()
    assert state.dtype == ms.uint8 and len(state.shape) == 1
    new_seed = generator.seed()
    assert generator.initial_seed() == new_seed
    generator.set_state(state)
    assert generator.initial_seed() == 5


def test_generators_are_independent():
    first, second = ms.Generator(), ms.Generator()
    first.manual_seed(1)
    second.manual_seed(2)
    assert (first.initial_seed(), second.initial_seed()) == (1, 2)
    ms.manual_seed(3)
    assert (first.initial_seed(), ms.initial_seed()) == (1, 3)


def test_manual_seed_seeds_the_default_generator():
    assert ms.manual_seed(13) is ms.default_generator
    assert ms.initial_seed() == 13
    drawn = ms.seed()
    assert ms.initial_seed() == drawn


@pytest.mark.parametrize("draw", [
    lambda: ops.standard_normal((4,)),
    lambda: ops.rand(3),
    lambda: ops.dropout(ops.ones((8,)), 0.5),
])
def test_rng_state_round_trip_repeats_unseeded_draws(draw):
    state = ms.get_rng_state()
    first = draw().asnumpy()
    ms.set_rng_state(state)
    second = draw().asnumpy()
    np.testing.assert_array_equal(first, second)
    third = draw().asnumpy()
    assert not np.array_equal(second, third)


def test_manual_seed_repeats_unseeded_draws():
    ms.manual_seed(21)
    first = ops.standard_normal((5,)).asnumpy()
    ms.manual_seed(21)
    np.testing.assert_array_equal(first, ops.standard_normal((5,)).asnumpy())


@pytest.mark.parametrize("seed, error", [("a", TypeError), (1.5, TypeError), (True, TypeError),
                                         (2 ** 64, ValueError)])
def test_manual_seed_rejects(seed, error):
    with pytest.raises(error):
        ms.manual_seed(seed)


def test_set_rng_state_rejects():
    with pytest.raises(TypeError, match="Tensor"):
        ms.set_rng_state(3)
    with pytest.raises(ValueError, match="uint8"):
        ms.set_rng_state(ms.Tensor(np.zeros(16, np.float32)))
    with pytest.raises(ValueError, match="shape"):
        ms.set_rng_state(ms.Tensor(np.zeros(4, np.uint8)))


def test_generator_repr_is_mindspores():
    assert repr(ms.Generator()).startswith("<mindspore.common.generator.Generator object at 0x")
