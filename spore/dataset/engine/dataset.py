"""Dataset: a node of a data pipeline, and the user-facing API every dataset shares.

A pipeline is a tree of Datasets: sources at the leaves, operations (map, batch,
shuffle...) above them, each holding its inputs in `children`. Operations return new
Datasets and never change their inputs, so one Dataset may feed several pipelines.

Execution is pull-based. An iterator asks the root for `_rows(epoch)`, a Python iterator
over rows, each row a tuple of NumPy arrays (one per column); every node builds its rows
by pulling from its children's `_rows`. Nothing runs ahead of the consumer except the
bounded task window of parallel operations (see parallel.py).

A node subclass defines:
  `_columns()`      its column names, known without reading data;
  `_size()`         its rows per epoch when known without reading data, else None;
  `_rows(epoch)`    the iterator over its rows for one epoch (see epoch.py).
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np

from .. import random_streams
from .epoch import Epoch
from .iterators import DictIterator, TupleIterator


class Dataset:
    """Base of every dataset: the queries about a pipeline and its iterators. The operations
    that build pipelines (map, batch, ...) are its methods too, defined in pipeline.py."""

    def __init__(self, children: Sequence[Dataset] = ()):
        self.children = list(children)
        self._known_size: int | None = None

    # ---- what each node defines -----------------------------------------------------------
    def _columns(self) -> list[str]:
        raise NotImplementedError

    def _size(self) -> int | None:
        return None

    def _rows(self, epoch: Epoch) -> Iterator[tuple]:
        raise NotImplementedError

    def _batch_size(self) -> int | None:
        return self.children[0]._batch_size() if self.children else 1

    def _repeat_count(self) -> int:
        return self.children[0]._repeat_count() if self.children else 1

    def _num_classes(self) -> int | None:
        return self.children[0]._num_classes() if self.children else None

    def _splits_by_index(self) -> bool:
        """True for a random-access source that `split` can cut by giving each part a
        sampler over its source indices (`_with_sampler`)."""
        return False

    # ---- iteration ------------------------------------------------------------------------
    def create_tuple_iterator(self, columns=None, num_epochs: int = -1, output_numpy: bool = False,
                              do_copy: bool = True) -> TupleIterator:
        """Rows as lists of Tensors (NumPy arrays with output_numpy=True), for `num_epochs`
        epochs (-1: any number); `columns` picks and orders the columns."""
        return TupleIterator(self, columns, num_epochs, output_numpy)

    def create_dict_iterator(self, num_epochs: int = -1, output_numpy: bool = False,
                             do_copy: bool = True) -> DictIterator:
        """Rows as {column name: Tensor} (NumPy arrays with output_numpy=True)."""
        return DictIterator(self, num_epochs, output_numpy)

    def __iter__(self) -> TupleIterator:
        return self.create_tuple_iterator()

    # ---- queries --------------------------------------------------------------------------
    def get_dataset_size(self) -> int:
        """Rows per epoch; counted by running the pipeline once when not known otherwise."""
        if self._known_size is None:
            size = self._size()
            if size is None:
                size = sum(1 for _ in self._rows(Epoch(random_streams.iterator_seed())))
            self._known_size = size
        return self._known_size

    def get_col_names(self) -> list[str]:
        return list(self._columns())

    def output_shapes(self, estimate: bool = False) -> list[list[int]]:
        """The shape of each column in the first row ([0] for a dict column, as MindSpore reports it)."""
        return [[0] if isinstance(a, dict) else list(a.shape) for a in self._first_row()]

    def output_types(self) -> list[np.dtype]:
        """The NumPy dtype of each column in the first row (object for a dict column)."""
        return [np.dtype(object) if isinstance(a, dict) else a.dtype for a in self._first_row()]

    def get_batch_size(self) -> int | None:
        return self._batch_size()

    def get_repeat_count(self) -> int:
        return self._repeat_count()

    def get_class_indexing(self) -> dict[str, int]:
        """{class name: label} of a classification source that names its classes (through
        the pipeline above it), else {}."""
        return self.children[0].get_class_indexing() if self.children else {}

    def num_classes(self) -> int | None:
        """The number of classes of a classification source that knows it, else None."""
        return self._num_classes()

    def _first_row(self) -> tuple:
        rows = self._rows(Epoch(random_streams.iterator_seed()))
        try:
            return next(rows, ())
        finally:
            rows.close()  # stops parallel workers

