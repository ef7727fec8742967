"""Fixtures of the training tests: a test that changes the context's mode gets PyNative
back afterwards, whether it passes or not."""
import pytest

import spore as ms


@pytest.fixture
def restore_mode():
    """For a test that sets the mode itself: PyNative afterwards."""
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)
