"""bucket_batch_by_length: rows grouped into batches of similar length."""
from __future__ import annotations

import bisect
from collections.abc import Iterator

import numpy as np

from .. import checks
from .batch_op import stack
from .dataset import Dataset
from .epoch import Epoch
from .padding import check_pad_info, pad_column

_OP = "bucket_batch_by_length"


class BucketBatchDataset(Dataset):
    """Batches of rows of similar length. A row's length is
    `element_length_function(*values of column_names)` (default: the size of axis 0 of
    the one column named). Bucket i holds lengths in [bucket_boundaries[i-1],
    bucket_boundaries[i]) (the first from 0, the last unbounded) and emits a batch when it
    holds bucket_batch_sizes[i] rows; the partly filled buckets follow at the end, in
    bucket order, unless `drop_remainder`. With `pad_info` the values are padded as in
    padded_batch, to the bucket's boundary - 1 for None dimensions when
    `pad_to_bucket_boundary`."""

    def __init__(self, child: Dataset, column_names, bucket_boundaries, bucket_batch_sizes,
                 element_length_function=None, pad_info=None, pad_to_bucket_boundary=False, drop_remainder=False):
        super().__init__([child])
        columns = child.get_col_names()
        self.column_names = checks.check_columns(_OP, "column_names", column_names)
        checks.check_known_columns(_OP, "column_names", self.column_names, columns)
        self._picks = [columns.index(c) for c in self.column_names]
        self.boundaries = _int_list("bucket_boundaries", bucket_boundaries, 1)
        if any(b >= c for b, c in zip(self.boundaries, self.boundaries[1:])):
            raise ValueError(f"For '{_OP}', the 'bucket_boundaries' must be strictly increasing, but got "
                             f"{self.boundaries}.")
        self.batch_sizes = _int_list("bucket_batch_sizes", bucket_batch_sizes, 1)
        if len(self.batch_sizes) != len(self.boundaries) + 1:
            raise ValueError(f"For '{_OP}', the 'bucket_batch_sizes' must have one more item than "
                             f"'bucket_boundaries' ({len(self.boundaries) + 1}), but got {len(self.batch_sizes)}.")
        if element_length_function is None:
            if len(self.column_names) != 1:
                raise ValueError(f"For '{_OP}', 'element_length_function' is needed when 'column_names' names more "
                                 f"than one column.")
        elif not callable(element_length_function):
            raise TypeError(f"For '{_OP}', the 'element_length_function' must be callable, but got "
                            f"{type(element_length_function).__name__}.")
        self.length_of = element_length_function
        self.pad = pad_info is not None
        self.pad_info = check_pad_info(_OP, pad_info, columns) if self.pad else None
        self.pad_to_bucket_boundary = checks.check_bool(_OP, "pad_to_bucket_boundary", pad_to_bucket_boundary)
        self.drop_remainder = checks.check_bool(_OP, "drop_remainder", drop_remainder)

    def _columns(self) -> list[str]:
        return self.children[0].get_col_names()

    def _rows(self, epoch: Epoch) -> Iterator[tuple]:
        buckets: list[list[tuple]] = [[] for _ in self.batch_sizes]
        for number, row in enumerate(self.children[0]._rows(epoch.child(0))):
            bucket = bisect.bisect_right(self.boundaries, self._length(row, number))
            buckets[bucket].append(row)
            if len(buckets[bucket]) == self.batch_sizes[bucket]:
                yield self._batch(buckets[bucket], bucket)
                buckets[bucket] = []
        if not self.drop_remainder:
            for bucket, rows in enumerate(buckets):
                if rows:
                    yield self._batch(rows, bucket)

    def _length(self, row: tuple, number: int) -> int:
        values = [row[i] for i in self._picks]
        if self.length_of is None:
            return len(values[0]) if values[0].ndim else 1
        try:
            length = self.length_of(*values)
        except Exception as e:
            raise RuntimeError(f"{_OP}: element_length_function failed on row {number}: {type(e).__name__}: "
                               f"{e}") from e
        length = np.asarray(length)
        if length.ndim or length.dtype.kind not in "iu" or length < 0:
            raise RuntimeError(f"{_OP}: element_length_function must return a non-negative int, but returned "
                               f"{length!r:.60} for row {number}.")
        return int(length)

    def _batch(self, rows: list[tuple], bucket: int) -> tuple:
        out = []
        for i, name in enumerate(self.children[0].get_col_names()):
            values = [np.asarray(row[i]) for row in rows]
            if not self.pad or (self.pad_info is not None and name not in self.pad_info):
                out.append(stack(values, name))
                continue
            shape, pad_value = self.pad_info[name] if self.pad_info else (None, 0)
            if self.pad_to_bucket_boundary:
                shape = self._boundary_shape(shape, values[0].ndim, bucket, name)
            out.append(pad_column(values, name, shape, 0 if pad_value is None else pad_value))
        return tuple(out)

    def _boundary_shape(self, shape, ndim: int, bucket: int, name: str) -> list:
        if bucket == len(self.boundaries):
            raise RuntimeError(f"{_OP}: with pad_to_bucket_boundary, every row must fall below the last bucket "
                               f"boundary {self.boundaries[-1]}, but a row of column '{name}' does not.")
        shape = [None] * ndim if shape is None else list(shape)
        return [self.boundaries[bucket] - 1 if d is None else d for d in shape]


def _int_list(name: str, value, low: int) -> list[int]:
    if not isinstance(value, (list, tuple)) or not value:
        raise TypeError(f"For '{_OP}', the '{name}' must be a non-empty list of ints, but got {value!r}.")
    return [checks.check_int(_OP, name, v, low) for v in value]
