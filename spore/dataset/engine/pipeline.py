"""The pipeline operations of every Dataset (`map`, `batch`, `shuffle`, `zip`, ...).

The operation nodes subclass Dataset, and Dataset's methods build them: the methods are
defined here, above both, and installed on Dataset when this module is imported (the
dataset package imports it with Dataset)."""
from __future__ import annotations

from .batch_op import BatchDataset
from .bucket_op import BucketBatchDataset
from .column_ops import ProjectDataset, RenameDataset
from .combine_ops import ConcatDataset, ZipDataset
from .count_ops import RepeatDataset, SkipDataset, TakeDataset
from .dataset import Dataset
from .filter_op import FilterDataset
from .flat_map_op import FlatMapDataset
from .map_op import MapDataset
from .save import save_dataset
from .shuffle_op import ShuffleDataset
from .split import split_dataset
from .sync_op import SyncWaitDataset, sync_nodes

_BATCH_OPTIONS = {"per_batch_map", "input_columns", "output_columns", "python_multiprocessing", "max_rowsize"}


class _PipelineOperations:
    """The methods installed on Dataset (see the module docstring)."""

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


for _name, _method in vars(_PipelineOperations).items():
    if callable(_method):
        setattr(Dataset, _name, _method)
