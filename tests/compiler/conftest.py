"""Fixtures of the Graph mode tests: every test that changes the context's mode gets
PyNative back afterwards, whether it passes or not."""
import pytest

import spore as ms


@pytest.fixture
def graph_mode():
    """GRAPH_MODE for the test (Cells called from Python compile), PyNative afterwards."""
    ms.set_context(mode=ms.GRAPH_MODE)
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)


@pytest.fixture
def restore_mode():
    """For a test that switches between the modes itself: PyNative afterwards."""
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)
