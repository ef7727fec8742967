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

_BATCH_OPTIONS = {"per_batch_map", "input_columns", "output_columns", "python_multiprocessing", "max_rowsize"}


class Dataset:
    """Base of every dataset: the operations that build pipelines and the queries about them."""

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

    # ---- operations -----------------------------------------------------------------------
    def map(self, operations, input_columns=None, output_columns=None, num_parallel_workers=None,
            python_multiprocessing=False, cache=None, callbacks=None, max_rowsize=16, offload=None) -> Dataset:
        """Apply `operations` (transforms or Python callables, applied in order) to the
        `input_columns` of every row (default: the first column). Their results become
        `output_columns` (default: the input column names). `callbacks` (DSCallbacks)
        run as rows pass; a `cache` (DatasetCache) keeps the rows of the first pass."""
        return MapDataset(self, operations, input_columns, output_columns, num_parallel_workers,
                          python_multiprocessing, callbacks, cache)

    def batch(self, batch_size, drop_remainder=False, num_parallel_workers=None, **kwargs) -> Dataset:
        """Stack `batch_size` consecutive rows per column into one row (arrays gain a leading
        axis of that size). kwargs: per_batch_map, input_columns, output_columns,
        python_multiprocessing, max_rowsize."""
        unknown = sorted(set(kwargs) - _BATCH_OPTIONS)
        if unknown:
            raise TypeError(f"batch() got an unexpected keyword argument '{unknown[0]}'")
        return BatchDataset(self, batch_size, drop_remainder, num_parallel_workers, **kwargs)

    def padded_batch(self, batch_size, drop_remainder=False, num_parallel_workers=None, pad_info=None) -> Dataset:
        """batch, with values of different shapes padded: pad_info {column: (shape, pad_value)}
        (None dimensions: the batch's largest); None or {} pads every column with zeros."""
        return BatchDataset(self, batch_size, drop_remainder, num_parallel_workers, padded=True,
                            pad_info={} if pad_info is None else pad_info)

    def bucket_batch_by_length(self, column_names, bucket_boundaries, bucket_batch_sizes,
                               element_length_function=None, pad_info=None, pad_to_bucket_boundary=False,
                               drop_remainder=False) -> Dataset:
        """Batches of rows whose lengths fall in the same bucket (see BucketBatchDataset)."""
        return BucketBatchDataset(self, column_names, bucket_boundaries, bucket_batch_sizes,
                                  element_length_function, pad_info, pad_to_bucket_boundary, drop_remainder)

    def filter(self, predicate, input_columns=None, num_parallel_workers=None) -> Dataset:
        """Only the rows for which predicate(*values of input_columns) is true."""
        return FilterDataset(self, predicate, input_columns, num_parallel_workers)

    def flat_map(self, func) -> Dataset:
        """The rows of the dataset func(*row) returns, for every row in turn."""
        return FlatMapDataset(self, func)

    def apply(self, apply_func) -> Dataset:
        """apply_func(self), which must return a Dataset."""
        if not callable(apply_func):
            raise TypeError(f"For 'apply', the 'apply_func' must be callable, but got {type(apply_func).__name__}.")
        dataset = apply_func(self)
        if not isinstance(dataset, Dataset):
            raise TypeError(f"For 'apply', the 'apply_func' must return a Dataset, but returned "
                            f"{type(dataset).__name__}.")
        return dataset

    def sync_wait(self, condition_name: str, num_batch: int = 1, callback=None) -> Dataset:
        """Rows `num_batch` batches at a time, each group released by sync_update(condition_name)."""
        return SyncWaitDataset(self, condition_name, num_batch, callback)

    def sync_update(self, condition_name: str, num_batch=None, data=None) -> None:
        """Release the next batches of the sync_wait named `condition_name`, calling its callback with `data`."""
        nodes = [n for n in sync_nodes(self) if n.condition_name == condition_name]
        if not nodes:
            raise RuntimeError(f"For 'sync_update', the pipeline has no sync_wait named {condition_name!r}.")
        for node in nodes:
            node.update(num_batch, data)

    def save(self, file_name: str, num_files: int = 1, file_type: str = "mindrecord") -> None:
        """Write every row of one pass to MindRecord file(s) (see save.py for the column types)."""
        save_dataset(self, file_name, num_files, file_type)

    def shuffle(self, buffer_size: int) -> Dataset:
        """Rows in random order, drawn from a buffer of `buffer_size` rows; reshuffled every epoch."""
        return ShuffleDataset(self, buffer_size)

    def repeat(self, count: int | None = None) -> Dataset:
        """The rows `count` times over (None or -1: endlessly)."""
        return RepeatDataset(self, count)

    def take(self, count: int = -1) -> Dataset:
        """The first `count` rows (-1: all)."""
        return TakeDataset(self, count)

    def skip(self, count: int) -> Dataset:
        """All rows but the first `count`."""
        return SkipDataset(self, count)

    def zip(self, datasets) -> Dataset:
        """Rows of this dataset and `datasets` side by side (columns joined), as long as the shortest."""
        others = [datasets] if isinstance(datasets, Dataset) else list(_as_dataset_tuple("zip", datasets))
        return ZipDataset([self, *others])

    def concat(self, datasets) -> Dataset:
        """The rows of this dataset, then those of `datasets` (same columns)."""
        others = [datasets] if isinstance(datasets, Dataset) else list(_as_dataset_tuple("concat", datasets))
        return ConcatDataset([self, *others])

    def __add__(self, other: Dataset) -> Dataset:
        return self.concat(other)

    def project(self, columns) -> Dataset:
        """Only `columns`, in that order."""
        return ProjectDataset(self, columns)

    def rename(self, input_columns, output_columns) -> Dataset:
        """Columns `input_columns` renamed to `output_columns`."""
        return RenameDataset(self, input_columns, output_columns)

    def split(self, sizes, randomize: bool = True) -> tuple[Dataset, ...]:
        """Non-overlapping datasets of the given sizes (ints, or fractions summing to 1)."""
        return split_dataset(self, sizes, randomize)

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


def _as_dataset_tuple(op: str, datasets) -> tuple:
    if not isinstance(datasets, (list, tuple)) or not all(isinstance(d, Dataset) for d in datasets):
        raise TypeError(f"For '{op}', the 'datasets' must be a Dataset or a list/tuple of Datasets, "
                        f"but got {datasets!r}.")
    return tuple(datasets)


def zip(datasets) -> Dataset:
    """Rows of several datasets side by side (columns joined), as long as the shortest."""
    datasets = _as_dataset_tuple("zip", datasets)
    if len(datasets) < 2:
        raise ValueError(f"For 'zip', at least 2 datasets are needed, but got {len(datasets)}.")
    return ZipDataset(list(datasets))


# The operations subclass Dataset, and Dataset's methods build them: they are imported
# once Dataset exists.
from .batch_op import BatchDataset  # noqa: E402
from .bucket_op import BucketBatchDataset  # noqa: E402
from .column_ops import ProjectDataset, RenameDataset  # noqa: E402
from .combine_ops import ConcatDataset, ZipDataset  # noqa: E402
from .count_ops import RepeatDataset, SkipDataset, TakeDataset  # noqa: E402
from .filter_op import FilterDataset  # noqa: E402
from .flat_map_op import FlatMapDataset  # noqa: E402
from .map_op import MapDataset  # noqa: E402
from .save import save_dataset  # noqa: E402
from .shuffle_op import ShuffleDataset  # noqa: E402
from .split import split_dataset  # noqa: E402
from .sync_op import SyncWaitDataset, sync_nodes  # noqa: E402
