"""DatasetCache (`mindspore.dataset.DatasetCache`): rows kept in this process's memory.

MindSpore serves its cache from a separate cache server; here the cache lives in the
process that iterates. An operation given `cache=` runs once: its rows of the first
complete pass are kept and every later pass (epoch or repeat) reads them back, so random
transforms above the cache are drawn once, as with MindSpore's cache.
"""
from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from .. import checks


@dataclass(frozen=True)
class CacheStat:
    """What get_stat reports: rows in memory and on disk, their average size in bytes,
    NUMA hits, and the range of row ids."""

    num_mem_cached: int
    num_disk_cached: int
    avg_cache_sz: int
    num_numa_hit: int
    min_row_id: int
    max_row_id: int


class DatasetCache:
    """A cache for the rows of pipeline operations (map(cache=...)). `size` limits it in
    MB (0: no limit); an operation whose rows exceed it is not cached. `spilling`,
    `hostname`, `port`, `num_connections` and `prefetch_size` configure MindSpore's cache
    server, which an in-process cache does not have; they are checked and kept."""

    def __init__(self, session_id, size=0, spilling=False, hostname=None, port=None, num_connections=None,
                 prefetch_size=None):
        self.session_id = checks.check_int("DatasetCache", "session_id", session_id, 0, 2 ** 32 - 1)
        self.size = checks.check_int("DatasetCache", "size", size, 0)
        self.spilling = checks.check_bool("DatasetCache", "spilling", spilling)
        if hostname is not None and not isinstance(hostname, str):
            raise TypeError(f"For 'DatasetCache', the 'hostname' must be a str, but got {type(hostname).__name__}.")
        self.hostname = hostname
        self.port = checks.check_optional_int("DatasetCache", "port", port, 1025, 65535)
        self.num_connections = checks.check_optional_int("DatasetCache", "num_connections", num_connections, 1)
        self.prefetch_size = checks.check_optional_int("DatasetCache", "prefetch_size", prefetch_size, 1)
        self._rows: dict[int, list[tuple]] = {}
        self._bytes = 0
        self._lock = threading.Lock()

    def rows(self, key: int, produce: Callable[[], Iterator[tuple]]) -> Iterator[tuple]:
        """The cached rows of operation `key`, or `produce()`'s rows, kept when the pass completes."""
        with self._lock:
            cached = self._rows.get(key)
        if cached is not None:
            yield from cached
            return
        kept: list[tuple] | None = []
        size = 0
        limit = self.size * (1 << 20) if self.size else None
        for row in produce():
            if kept is not None:
                size += sum(_nbytes(value) for value in row)
                kept = None if limit is not None and self._bytes + size > limit else kept
                if kept is not None:
                    kept.append(row)
            yield row
        if kept is not None:
            with self._lock:
                self._rows[key] = kept
                self._bytes += size

    def get_stat(self) -> CacheStat:
        with self._lock:
            count = sum(len(rows) for rows in self._rows.values())
            average = self._bytes // count if count else 0
        return CacheStat(count, 0, average, 0, 0, max(count - 1, 0))


def _nbytes(value) -> int:
    if isinstance(value, dict):
        return sum(_nbytes(v) for v in value.values())
    return getattr(value, "nbytes", sys.getsizeof(value))
