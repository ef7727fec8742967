"""`no_init_parameters`: build a network without creating its Parameters' data yet."""
from __future__ import annotations

import contextlib

from ...common import parameter

__all__ = ["no_init_parameters"]


@contextlib.contextmanager
def no_init_parameters():
    """Parameters created inside the block keep their initializer instead of creating
    their data: `Cell.init_parameters_data()` (or `init_data()`, or the first use) creates
    it, so loading a checkpoint into a large network skips the random initialization."""
    parameter.deferred_init_depth += 1
    try:
        yield
    finally:
        parameter.deferred_init_depth -= 1
