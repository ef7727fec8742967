"""Streams (`mindspore.runtime.Stream`, `StreamCtx`, `current_stream`, ...).

spore runs every kernel in program order on its device, which is one stream. As in
MindSpore on the CPU, the stream queries give None and a `Stream` object describes
that single in-order stream.
"""
from __future__ import annotations

import time

from .._kernels import device as _device
from ..context import get_context

__all__ = ["Event", "Stream", "StreamCtx", "communication_stream", "current_stream", "default_stream", "set_cur_stream",
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

    def record_event(self, event: Event | None = None) -> Event:
        """Record `event` (a new one if None) at this point of the stream."""
        if event is None:
            event = Event()
        _check_event("record_event", event)
        event.record(self)
        return event

    def wait_event(self, event: Event) -> None:
        """Order this stream's later work after `event`: one in-order stream already is."""
        _check_event("wait_event", event)

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


def _check_event(api: str, event) -> None:
    if not isinstance(event, Event):
        raise TypeError(f"For '{api}', the argument 'event' should be Event, but got {type(event)}.")


class Event:
    """A point in the stream's work. Recording waits for the work before it, so with
    `enable_timing` the time between two events is the time of the work between them."""

    def __init__(self, enable_timing=False, blocking=False):
        for name, value in (("enable_timing", enable_timing), ("blocking", blocking)):
            if not isinstance(value, bool):
                raise TypeError(f"For 'Event', the argument '{name}' must be bool, but got {type(value)}.")
        self.enable_timing = enable_timing
        self.blocking = blocking
        self._recorded_at: float | None = None

    def record(self, stream: Stream | None = None) -> None:
        _check_stream("Event.record", stream, optional=True)
        synchronize()
        self._recorded_at = time.perf_counter()

    def synchronize(self) -> None:
        """Wait for the work before the event."""
        synchronize()

    def query(self) -> bool:
        """Whether the work before the event has finished: recording waited for it."""
        return True

    def wait(self, stream: Stream | None = None) -> None:
        """Order `stream`'s later work after the event: one in-order stream already is."""
        _check_stream("Event.wait", stream, optional=True)

    def elapsed_time(self, end_event: Event) -> float:
        """Milliseconds from this event to `end_event`; both recorded with timing enabled."""
        _check_event("Event.elapsed_time", end_event)
        for event in (self, end_event):
            if not event.enable_timing:
                raise RuntimeError("For 'Event.elapsed_time', both events must be created with enable_timing=True.")
            if event._recorded_at is None:
                raise RuntimeError("For 'Event.elapsed_time', both events must be recorded first.")
        return (end_event._recorded_at - self._recorded_at) * 1000.0


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
