"""Streams (`mindspore.runtime.Stream`, `StreamCtx`, `current_stream`, ...).

spore runs every kernel in program order on its device, which is one stream. As in
MindSpore on the CPU, the stream queries give None and a `Stream` object describes
that single in-order stream.
"""
from __future__ import annotations

from .._kernels import device as _device
from ..context import get_context

__all__ = ["Stream", "StreamCtx", "communication_stream", "current_stream", "default_stream", "set_cur_stream",
           "synchronize"]


class Stream:
    """The device's in-order stream; every Stream is that one stream."""

    def __init__(self, priority=0, **kwargs):
        if isinstance(priority, bool) or not isinstance(priority, int):
            raise TypeError(f"For 'Stream', the argument 'priority' must be int, but got {type(priority)}.")
        self.priority = priority
        self.device_name = get_context("device_target")
        self.device_id = get_context("device_id")
        self.id = 0

    def query(self) -> bool:
        """Whether all work submitted to the stream has finished: kernels run in order
        and `synchronize` waits for the device, so after it this is True."""
        synchronize()
        return True

    def synchronize(self) -> None:
        """Wait until the stream's work is done."""
        synchronize()

    def wait_stream(self, stream: Stream) -> None:
        """Order this stream after `stream`'s work: one in-order stream already is."""
        _check_stream("wait_stream", stream, optional=False)

    def __eq__(self, other):
        return isinstance(other, Stream) and (other.device_name, other.device_id) == (self.device_name,
                                                                                     self.device_id)

    def __hash__(self):
        return hash((self.device_name, self.device_id, self.id))

    def __repr__(self):
        return f"Stream(device_name={self.device_name}, device_id:{self.device_id}, stream id:{self.id})"


def _check_stream(api: str, stream, optional: bool) -> None:
    if stream is None and optional:
        return
    if not isinstance(stream, Stream):
        raise TypeError(f"For '{api}', the argument 'stream' should be Stream, but got {type(stream)}.")


def synchronize() -> None:
    """Wait until every kernel launched on the device has finished."""
    _device.synchronize()


def current_stream():
    """The stream kernels are launched on: None, the device has no separate streams."""
    return None


def default_stream():
    """The default stream: None, the device has no separate streams."""
    return None


def communication_stream():
    """The stream collectives use: None, the device has no separate streams."""
    return None


def set_cur_stream(stream) -> None:
    """Launch later kernels on `stream` (the one in-order stream, or None)."""
    _check_stream("set_cur_stream", stream, optional=True)


class StreamCtx:
    """`with StreamCtx(stream):` launches the block's kernels on `stream`."""

    def __init__(self, ctx_stream):
        if ctx_stream is not None and not isinstance(ctx_stream, Stream):
            raise TypeError(f"For 'StreamCtx', the argument 'ctx_stream' should be Stream, but got "
                            f"{type(ctx_stream)}.")
        self.stream = ctx_stream

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        if self.stream is not None:
            self.stream.synchronize()
        return False
