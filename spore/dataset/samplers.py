"""Samplers: which indices of a random-access source are read, and in which order.

A sampler turns the source's size into the index sequence of one epoch
(`_indices(size, epoch)`) and knows that sequence's length without drawing it
(`_count(size)`). Random samplers draw a new order every epoch from the epoch's stream.

Subclassing `Sampler` and defining `__iter__` (yielding indices; `self.dataset_size`
holds the source's size) makes a user-defined sampler, as in MindSpore; any other
iterable of indices serves as well.

Samplers chain (`add_child`): a sampler with a child draws positions in the child's
index sequence instead of in the source, so the child picks the candidate rows and the
parent picks among them.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from . import checks, config, random_streams

if TYPE_CHECKING:
    from .engine.epoch import Epoch


class Sampler:
    """Base of all samplers; subclass it and define `__iter__` for a custom order.

    Subclasses define `_draw(size, epoch)` (their positions among `size` candidates) and
    `_number(size)` (how many they draw); `_indices` and `_count` apply the child first."""

    def __init__(self, num_samples: int | None = None):
        self.num_samples = checks.check_optional_int(type(self).__name__, "num_samples", num_samples, 0)
        self.dataset_size: int | None = None
        self.child: Sampler | None = None

    def __iter__(self):
        raise NotImplementedError(f"{type(self).__name__} must define __iter__, yielding source indices.")

    def add_child(self, sampler) -> None:
        """Draw from the indices `sampler` picks rather than from the whole source."""
        if not isinstance(sampler, Sampler):
            raise TypeError(f"For 'add_child', the 'sampler' must be a Sampler, but got {type(sampler).__name__}.")
        if self.child is not None:
            raise RuntimeError(f"{type(self).__name__} already has a child sampler; a sampler has at most one.")
        self.child = sampler

    def get_child(self) -> Sampler | None:
        return self.child

    def _indices(self, size: int, epoch: Epoch) -> Sequence[int]:
        if self.child is None:
            return self._draw(size, epoch)
        candidates = np.asarray(self.child._indices(size, epoch.child("child")), np.int64)
        positions = np.asarray(self._draw(len(candidates), epoch), np.int64)
        return candidates[positions]

    def _count(self, size: int) -> int:
        return self._number(size if self.child is None else self.child._count(size))

    def _draw(self, size: int, epoch: Epoch) -> Sequence[int]:
        self.dataset_size = size
        indices = list(iter(self))
        _check_in_range(type(self).__name__, indices, size)
        return indices[:self.num_samples] if self.num_samples else indices

    def _number(self, size: int) -> int:
        self.dataset_size = size
        return self._limit(sum(1 for _ in iter(self)))

    def _limit(self, count: int) -> int:
        return min(count, self.num_samples) if self.num_samples else count

    def get_num_samples(self) -> int | None:
        return self.num_samples

    def __repr__(self) -> str:
        return f"{type(self).__name__}(num_samples={self.num_samples})"


BuiltinSampler = Sampler
"""MindSpore's name for the base of its built-in samplers."""


class _IterableSampler(Sampler):
    """The indices of any iterable (a list, a generator-backed object...), iterated afresh every epoch."""

    def __init__(self, indices):
        super().__init__()
        self.source = indices

    def __iter__(self):
        return iter(self.source)


class SequentialSampler(Sampler):
    """Indices start_index, start_index + 1, ... (up to num_samples of them)."""

    def __init__(self, start_index: int | None = None, num_samples: int | None = None):
        super().__init__(num_samples)
        self.start_index = checks.check_optional_int("SequentialSampler", "start_index", start_index, 0) or 0

    def _draw(self, size: int, epoch: Epoch) -> Sequence[int]:
        return np.arange(self.start_index, self.start_index + self._number(size))

    def _number(self, size: int) -> int:
        if size and self.start_index >= size:
            raise RuntimeError(f"SequentialSampler: the 'start_index' {self.start_index} is out of range for a "
                               f"dataset of {size} rows.")
        return self._limit(size - self.start_index)


class RandomSampler(Sampler):
    """A random permutation of the indices (or, with `replacement`, independent uniform
    draws), num_samples of them (at most the dataset size); new every epoch."""

    def __init__(self, replacement: bool = False, num_samples: int | None = None):
        super().__init__(num_samples)
        self.replacement = checks.check_bool("RandomSampler", "replacement", replacement)

    def _draw(self, size: int, epoch: Epoch) -> Sequence[int]:
        rng = epoch.generator()
        count = self._number(size)
        if self.replacement:
            return rng.integers(0, size, count)
        return rng.permutation(size)[:count]

    def _number(self, size: int) -> int:
        return self._limit(size)


class DistributedSampler(Sampler):
    """Shard `shard_id` of `num_shards`: every num_shards-th index from position
    shard_id (of a permutation shared by all shards when `shuffle`). All shards get
    ceil(size / num_shards) indices, wrapping around to the start to fill the last ones.
    With `offset` >= 0, shards are not padded: position j goes to shard
    (j + offset) % num_shards.

    The shuffle is drawn from the configured seed (MindSpore's default 5489 when none is
    set), never from fresh entropy: each shard runs in its own process, and they must
    agree on the permutation to split it.
    """

    def __init__(self, num_shards: int, shard_id: int, shuffle: bool = True, num_samples: int | None = None,
                 offset: int = -1):
        super().__init__(num_samples)
        self.num_shards = checks.check_int("DistributedSampler", "num_shards", num_shards, 1)
        self.shard_id = checks.check_int("DistributedSampler", "shard_id", shard_id, 0, self.num_shards - 1)
        self.shuffle = checks.check_bool("DistributedSampler", "shuffle", shuffle)
        self.offset = checks.check_int("DistributedSampler", "offset", offset, -1)

    def _positions(self, size: int) -> np.ndarray:
        if self.offset == -1:
            per_shard = math.ceil(size / self.num_shards)
            return (self.shard_id + self.num_shards * np.arange(per_shard)) % max(size, 1)
        first = (self.shard_id - self.offset) % self.num_shards
        return np.arange(first, size, self.num_shards)

    def _draw(self, size: int, epoch: Epoch) -> Sequence[int]:
        positions = self._positions(size)[:self._number(size)]
        if not self.shuffle:
            return positions
        order = random_streams.generator(config.get_seed(), "distributed", epoch.number, epoch.where)
        return order.permutation(size)[positions]

    def _number(self, size: int) -> int:
        return self._limit(len(self._positions(size)) if size else 0)


class SubsetRandomSampler(Sampler):
    """The given `indices` in a random order, new every epoch."""

    def __init__(self, indices, num_samples: int | None = None):
        super().__init__(num_samples)
        self.indices = _index_list(type(self).__name__, indices)

    def _draw(self, size: int, epoch: Epoch) -> Sequence[int]:
        _check_in_range(type(self).__name__, self.indices, size)
        return epoch.generator().permutation(self.indices)[:self._number(size)]

    def _number(self, size: int) -> int:
        return self._limit(len(self.indices))


class SubsetSampler(Sampler):
    """The given `indices`, in the given order."""

    def __init__(self, indices, num_samples: int | None = None):
        super().__init__(num_samples)
        self.indices = _index_list(type(self).__name__, indices)

    def _draw(self, size: int, epoch: Epoch) -> Sequence[int]:
        _check_in_range(type(self).__name__, self.indices, size)
        return self.indices[:self._number(size)]

    def _number(self, size: int) -> int:
        return self._limit(len(self.indices))


class WeightedRandomSampler(Sampler):
    """`num_samples` indices (default: one per weight) drawn with probabilities
    proportional to `weights` (index i has weight weights[i]); with replacement unless
    `replacement` is False. New draws every epoch."""

    def __init__(self, weights, num_samples: int | None = None, replacement: bool = True):
        super().__init__(num_samples)
        array = np.asarray(weights, dtype=object) if isinstance(weights, (list, tuple)) else None
        if array is None or array.ndim != 1 or not len(array) or not all(
                isinstance(w, (int, float, np.integer, np.floating)) and not isinstance(w, bool) for w in array):
            raise TypeError(f"For 'WeightedRandomSampler', the 'weights' must be a non-empty list of numbers, but got "
                            f"{weights!r:.80}.")
        self.weights = np.asarray(weights, np.float64)
        if (self.weights < 0).any() or not self.weights.sum() > 0:
            raise ValueError(f"For 'WeightedRandomSampler', the 'weights' must be non-negative and not all zero, "
                             f"but got {list(weights)!r:.80}.")
        self.replacement = checks.check_bool("WeightedRandomSampler", "replacement", replacement)
        if not replacement and self._number(0) > int((self.weights > 0).sum()):
            raise ValueError(f"For 'WeightedRandomSampler', drawing {self._number(0)} samples without replacement "
                             f"needs as many non-zero weights, but {int((self.weights > 0).sum())} are.")

    def _draw(self, size: int, epoch: Epoch) -> Sequence[int]:
        _check_in_range("WeightedRandomSampler", [len(self.weights) - 1], size)
        return epoch.generator().choice(len(self.weights), self._number(size), replace=self.replacement,
                                        p=self.weights / self.weights.sum())

    def _number(self, size: int) -> int:
        return self.num_samples or len(self.weights)


class PKSampler(Sampler):
    """`num_val` rows of every class, the classes in label order (in a new random order
    each epoch with `shuffle`). Each class's rows are drawn uniformly with replacement
    from the rows whose `class_column` holds that label, as MindSpore does (so a class
    with fewer rows than num_val still gives num_val). `num_class` is refused, as in
    MindSpore 2.7.1. Only sources that read rows by index accept it."""

    def __init__(self, num_val: int, num_class=None, shuffle: bool = False, class_column: str = "label",
                 num_samples: int | None = None):
        if isinstance(num_val, bool) or not isinstance(num_val, int):
            raise TypeError(f"num_val must be integer but was: {num_val}.")
        if num_class is not None:
            raise NotImplementedError("Not supported to specify num_class for PKSampler.")
        if not isinstance(shuffle, bool):
            raise TypeError(f"shuffle must be a boolean value but was: {shuffle}.")
        if not isinstance(class_column, str):
            raise TypeError(f"class_column must be a str value but was: {class_column}.")
        if num_samples is not None and (isinstance(num_samples, bool) or not isinstance(num_samples, int)
                                        or num_samples < 0):
            raise ValueError("num_samples exceeds the boundary between 0 and 9223372036854775807(INT64_MAX)!")
        super().__init__(num_samples)
        self.num_val = num_val
        self.shuffle = shuffle
        self.class_column = class_column
        self.labels: np.ndarray | None = None
        """The class label of every source row, set by the source before it draws."""

    def _classes(self) -> np.ndarray:
        if self.labels is None:
            raise RuntimeError("PKSampler: the source has not given the labels of its rows.")
        return np.unique(self.labels)

    def _draw(self, size: int, epoch: Epoch) -> Sequence[int]:
        classes = self._classes()
        stream = epoch.generator("pk")
        if self.shuffle:
            classes = stream.permutation(classes)
        picks = [stream.choice(np.flatnonzero(self.labels == label), self.num_val) for label in classes]
        indices = np.concatenate(picks) if picks else np.zeros(0, np.int64)
        return indices[:self._number(size)]

    def _number(self, size: int) -> int:
        return self._limit(len(self._classes()) * self.num_val)


def select_sampler(op: str, num_samples, shuffle, sampler, num_shards, shard_id) -> Sampler:
    """The sampler a source's arguments ask for: `sampler` itself (a Sampler or a list of
    indices); else a shard's DistributedSampler; else a RandomSampler (shuffle None or
    True; drawing with replacement when num_samples is given) or a SequentialSampler, each
    limited to num_samples."""
    checks.check_optional_int(op, "num_samples", num_samples, 0)
    checks.check_optional_bool(op, "shuffle", shuffle)
    if (num_shards is None) != (shard_id is None):
        raise ValueError(f"For '{op}', 'num_shards' and 'shard_id' must be given together, but got num_shards="
                         f"{num_shards} and shard_id={shard_id}.")
    if sampler is not None:
        for name, value in (("shuffle", shuffle), ("num_shards", num_shards), ("num_samples", num_samples)):
            if value is not None:
                raise RuntimeError(f"For '{op}', the '{name}' conflicts with 'sampler': give the sampler its own "
                                   f"settings instead.")
        if isinstance(sampler, Sampler):
            return sampler
        if isinstance(sampler, (list, tuple, np.ndarray)):
            return SubsetSampler(sampler)
        if hasattr(sampler, "__iter__") and not isinstance(sampler, (str, bytes, dict)):
            return _IterableSampler(sampler)
        raise TypeError(f"For '{op}', the 'sampler' must be a Sampler or an iterable of indices, but got "
                        f"{type(sampler).__name__}.")
    if num_shards is not None:
        return DistributedSampler(num_shards, shard_id, shuffle is not False, num_samples)
    if shuffle is False:
        return SequentialSampler(num_samples=num_samples)
    # MindSpore 2.7.1 draws a shuffled num_samples subset with replacement (observed)
    return RandomSampler(replacement=bool(num_samples), num_samples=num_samples)


def _index_list(op: str, indices) -> np.ndarray:
    array = np.asarray(indices)
    if array.ndim != 1 or (array.size and array.dtype.kind not in "iu"):
        raise TypeError(f"For '{op}', the 'indices' must be a list of ints, but got {indices!r:.80}.")
    return array.astype(np.int64)


def _check_in_range(op: str, indices, size: int) -> None:
    array = np.asarray(indices)
    if array.size and (array.min() < 0 or array.max() >= size):
        bad = array.max() if array.max() >= size else array.min()
        raise RuntimeError(f"{op}: the sample index {bad} is out of range for a dataset of {size} rows "
                           f"(expected [0, {size - 1}]).")
