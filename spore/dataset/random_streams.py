"""The random streams of the data pipeline, all NumPy Generators derived from one seed.

Every random decision in a pipeline draws from a generator named by a key: the
iterator's seed plus where and when the draw happens (epoch, repeat pass, position of
the operation in the pipeline, task number of a map). Naming streams by position rather
than handing one generator around makes the results independent of execution order, so
a map run by four workers draws exactly what it draws serially, and a set seed repeats
a whole run.

Random transforms do not receive a generator argument (their call signature is
MindSpore's `op(image)`); they read `current()`, which is the stream of the map task
being run on this thread, or the eager stream outside pipelines.
"""
from __future__ import annotations

import hashlib
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np

from . import config

_task = threading.local()
_eager: tuple | None = None
"""(seed state it was made for, generator) of the stream eager random transforms draw from."""


def iterator_seed() -> int:
    """The seed of one pipeline iterator: the configured seed, else fresh entropy."""
    seed = config.seed_or_none()
    return int(np.random.SeedSequence().entropy) if seed is None else seed


def generator(seed: int, *key) -> np.random.Generator:
    """The stream named by `seed` and a key of ints, strings and tuples of them."""
    digest = hashlib.blake2b(repr((seed, key)).encode(), digest_size=16).digest()
    return np.random.default_rng(int.from_bytes(digest, "little"))


@contextmanager
def task_stream(seed: int, *key) -> Iterator[None]:
    """Make `current()` on this thread the stream (seed, *key) while the block runs.
    The generator is built on first use: most tasks run no random transform."""
    saved = getattr(_task, "stream", None)
    _task.stream = [seed, key, None]
    try:
        yield
    finally:
        _task.stream = saved


def current() -> np.random.Generator:
    """The generator a random transform draws from now."""
    stream = getattr(_task, "stream", None)
    if stream is None:
        return _eager_stream()
    if stream[2] is None:
        stream[2] = generator(stream[0], *stream[1])
    return stream[2]


def _eager_stream() -> np.random.Generator:
    """Restarts whenever a seed is set, so eager calls after `set_seed(s)` repeat."""
    global _eager
    state = config.seed_state()
    if _eager is None or _eager[0] != state:
        seed = config.seed_or_none()
        rng = np.random.default_rng() if seed is None else generator(seed, "eager")
        _eager = (state, rng)
    return _eager[1]
