"""Listeners told, during a PyNative backward pass, the moment the gradient of a watched
Parameter is final: every recorded op that used it has run its bprop (and its Tensor hooks
have run). Data parallelism starts reducing a bucket of gradients then, while the rest of
the backward pass computes. With no listener the tape does no extra work."""
from __future__ import annotations

import contextlib
from typing import Callable

LISTENERS: dict[int, Callable] = {}
"""id(Parameter) -> fn(parameter, gradient)."""


@contextlib.contextmanager
def listening(parameters, fn: Callable):
    """While inside, fn(parameter, gradient) is called when each of `parameters` has its
    final gradient in a backward pass."""
    ids = [id(p) for p in parameters]
    for key in ids:
        LISTENERS[key] = fn
    try:
        yield
    finally:
        for key in ids:
            LISTENERS.pop(key, None)
