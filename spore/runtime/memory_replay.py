"""`memory_replay`: the allocations and releases a memory tracker recorded, made again."""
from __future__ import annotations

import csv
import logging
import math
import os

from .._kernels import memory as _memory

__all__ = ["memory_replay"]

_logger = logging.getLogger(__name__)

_COLUMNS = ("start_time_stamp", "end_time_stamp", "size", "actual_peak_memory")
"""The columns of memory_block.csv the replay reads (MindSpore's tracker writes more)."""
_ALLOCATE, _FREE = 0, 1
"""Event kinds, in the order they run when they share a time stamp."""


def memory_replay(file_path) -> int:
    """Allocate and free on the current device the blocks listed in `file_path`, a
    `memory_block.csv` as MindSpore's memory tracker writes it
    (MS_ALLOC_CONF="memory_tracker:True"), in the recorded order.

    Each row's block (`size` bytes) is allocated at its `start_time_stamp` and freed at its
    `end_time_stamp`; an empty or negative `end_time_stamp` keeps it to the end. When an
    allocation and a release share a time stamp the allocation runs first, so the peak is
    never under-counted. Returns the peak of bytes held at once (also logged), and warns
    when it differs from the largest `actual_peak_memory` the file records.
    """
    if not isinstance(file_path, (str, os.PathLike)):
        raise TypeError(f"For 'memory_replay', the 'file_path' must be str, but got {type(file_path).__name__}.")
    path = os.path.realpath(file_path)
    blocks = _read_blocks(path)
    held, peak, live = 0, 0, {}
    for _, kind, index in _events(blocks):
        size = blocks[index]["size"]
        if kind == _FREE:
            del live[index]
            held -= size
            continue
        try:
            live[index] = _memory.allocate_block(size)
        except MemoryError as error:
            raise RuntimeError(f"For 'memory_replay', the block of line {blocks[index]['line']} of '{path}' could "
                               f"not be allocated ({held} bytes held): {error}") from None
        held += size
        peak = max(peak, held)
    recorded = max((block["actual_peak_memory"] for block in blocks), default=0)
    _logger.info("memory_replay: %d blocks of '%s' replayed, peak %d bytes.", len(blocks), path, peak)
    if recorded != peak:
        _logger.warning("memory_replay: the replayed peak of '%s' is %d bytes, but the file records %d bytes "
                        "(actual_peak_memory).", path, peak, recorded)
    return peak


def _events(blocks: list[dict]) -> list[tuple]:
    """(time stamp, kind, block index) for every allocation and release, in replay order."""
    events = []
    for index, block in enumerate(blocks):
        events.append((block["start_time_stamp"], _ALLOCATE, index))
        events.append((block["end_time_stamp"], _FREE, index))
    return sorted(events)


def _read_blocks(path: str) -> list[dict]:
    """The rows of memory_block.csv as {column: int, 'line': line number} for `_COLUMNS`."""
    try:
        with open(path, newline="") as file:
            rows = list(csv.reader(file))
    except (OSError, UnicodeDecodeError) as error:
        raise RuntimeError(f"For 'memory_replay', failed to read the file '{path}': {error}. Please check whether "
                           f"the file exists and is a memory_block.csv.") from None
    header = rows[0] if rows else []
    missing = [name for name in _COLUMNS if name not in header]
    if missing:
        raise RuntimeError(f"For 'memory_replay', the file '{path}' must have the columns {list(_COLUMNS)} of a "
                           f"memory_block.csv, but it lacks {missing}.")
    positions = {name: header.index(name) for name in _COLUMNS}
    blocks = []
    for line, row in enumerate(rows[1:], start=2):
        if not row:
            continue
        if len(row) != len(header):
            raise RuntimeError(f"For 'memory_replay', line {line} of '{path}' must have {len(header)} fields like "
                               f"the header, but got {len(row)}.")
        block = {name: _field(row[positions[name]], name, line, path) for name in _COLUMNS}
        if block["end_time_stamp"] is None or block["end_time_stamp"] < 0:
            block["end_time_stamp"] = math.inf
        elif block["end_time_stamp"] < block["start_time_stamp"]:
            raise RuntimeError(f"For 'memory_replay', line {line} of '{path}' must end after it starts, but got "
                               f"start_time_stamp {block['start_time_stamp']} and end_time_stamp "
                               f"{block['end_time_stamp']}.")
        block["line"] = line
        blocks.append(block)
    return blocks


def _field(text: str, name: str, line: int, path: str):
    """The integer in a field (None for an empty end_time_stamp, which may also be negative)."""
    text = text.strip()
    may_be_open = name == "end_time_stamp"
    if may_be_open and not text:
        return None
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or (value < 0 and not may_be_open):
        expected = "an integer" if may_be_open else "a non-negative integer"
        raise RuntimeError(f"For 'memory_replay', the '{name}' on line {line} of '{path}' must be {expected}, but "
                           f"got {text!r}.")
    return value
