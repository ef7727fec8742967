"""`_no_grad` (MindSpore's `mindspore.common.api._no_grad`): a region no gradient flows through."""
from __future__ import annotations

import contextlib

from . import tape as _tape


class _no_grad(contextlib.ContextDecorator):  # noqa: N801 - MindSpore's name
    """Within it (a `with` block or a decorated function), no gradient flows through
    the computations: the open gradient tapes record nothing (PyNative mode)."""

    def __enter__(self):
        self._paused = _tape.paused()
        self._paused.__enter__()
        return self

    def __exit__(self, *exc_info):
        return self._paused.__exit__(*exc_info)
