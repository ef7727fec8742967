"""One Primitive instance per class and attribute values for the functional API, so that
calling `ops.softmax(x, 1)` in a loop does not build a Primitive each time."""
from __future__ import annotations

import functools


@functools.lru_cache(maxsize=256, typed=True)
def cached_primitive(cls, *attrs):
    """The Primitive `cls(*attrs)`, built once per distinct attributes (typed: 1 and 1.0
    give two primitives, as an attribute's type can matter to the primitive)."""
    return cls(*attrs)
