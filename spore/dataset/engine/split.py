"""split: a dataset cut into non-overlapping datasets of given sizes."""
from __future__ import annotations

import numbers
from collections.abc import Iterator

import numpy as np

from .. import config, random_streams
from ..samplers import DistributedSampler, SubsetSampler
from .dataset import Dataset
from .epoch import Epoch


def split_dataset(dataset: Dataset, sizes, randomize: bool) -> tuple[Dataset, ...]:
    """Datasets holding disjoint parts of `dataset`'s rows, of the given sizes.

    With `randomize`, which rows go to which part is drawn once, here (from the seed when
    one is set); the parts keep it for every epoch. A random-access source is split by
    giving each part a sampler over its indices; any other dataset by letting each part
    keep the rows at its positions of one full pass."""
    if not isinstance(randomize, bool):
        raise TypeError(f"For 'split', the 'randomize' must be a bool, but got {type(randomize).__name__}.")
    if isinstance(getattr(dataset, "sampler", None), DistributedSampler):
        raise RuntimeError(f"For 'split', the {type(dataset).__name__} must not be sharded before splitting; "
                           f"shard the parts instead.")
    total = dataset.get_dataset_size()
    counts = _counts(sizes, total)
    order = np.arange(total)
    if randomize:
        seed = config.seed_or_none()
        rng = np.random.default_rng() if seed is None else random_streams.generator(seed, "split")
        order = rng.permutation(total)
    bounds = np.cumsum([0, *counts])
    parts = [order[start:end] for start, end in zip(bounds[:-1], bounds[1:])]
    if dataset._splits_by_index():
        return tuple(dataset._with_sampler(SubsetSampler(part.tolist())) for part in parts)
    return tuple(_PositionsDataset(dataset, part) for part in parts)


def _counts(sizes, total: int) -> list[int]:
    """The row count of every part (MindSpore's rounding rules for fractions)."""
    if not isinstance(sizes, (list, tuple)) or not sizes:
        raise TypeError(f"For 'split', the 'sizes' must be a non-empty list of ints or floats, but got {sizes!r}.")
    if all(isinstance(s, numbers.Integral) and not isinstance(s, bool) for s in sizes):
        if any(s <= 0 for s in sizes):
            raise ValueError(f"For 'split', every size must be positive, but got {list(sizes)}.")
        if sum(sizes) != total:
            raise RuntimeError(f"For 'split', the sizes {list(sizes)} sum to {sum(sizes)}, but the dataset has "
                               f"{total} rows.")
        return list(sizes)
    if not all(isinstance(s, float) for s in sizes):
        raise TypeError(f"For 'split', the 'sizes' must be all ints or all floats, but got {list(sizes)}.")
    if any(not 0 < s <= 1 for s in sizes) or abs(sum(sizes) - 1) > 1e-6:
        raise ValueError(f"For 'split', float sizes must be in (0, 1] and sum to 1, but got {list(sizes)}.")
    counts = [round(s * total) for s in sizes]
    excess = sum(counts) - total
    if excess < 0:
        counts[0] -= excess
    elif excess > 0:
        for i, count in enumerate(counts):
            if count > excess:
                counts[i] -= excess
                break
    if 0 in counts:
        raise RuntimeError(f"For 'split', the sizes {list(sizes)} of a dataset of {total} rows give a part of "
                           f"0 rows ({counts}).")
    return counts


class _PositionsDataset(Dataset):
    """The rows of `child` at the given positions of each epoch's pass, in pass order."""

    def __init__(self, child: Dataset, positions: np.ndarray):
        super().__init__([child])
        self._positions = frozenset(positions.tolist())
        self._last = int(positions.max())

    def _columns(self) -> list[str]:
        return self.children[0].get_col_names()

    def _size(self) -> int:
        return len(self._positions)

    def _rows(self, epoch: Epoch) -> Iterator[tuple]:
        for position, row in enumerate(self.children[0]._rows(epoch.child(0))):
            if position in self._positions:
                yield row
            if position == self._last:
                return
