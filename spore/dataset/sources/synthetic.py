"""Sources that read no files: PaddedDataset (rows given as dicts), FakeImageDataset and
RandomDataset (rows drawn from seeded random streams)."""
from __future__ import annotations

import numpy as np

from .. import checks, random_streams
from ..schema import Schema
from ..values import as_array
from .mappable import MappableDataset


class PaddedDataset(MappableDataset):
    """The rows `padded_samples` lists, in order: each a dict {column name: value}, all
    with the same names (the columns, in the first dict's order). Meant to be concatenated
    to a dataset so that its shards come out even."""

    def __init__(self, padded_samples):
        super().__init__("PaddedDataset", shuffle=False)
        if not isinstance(padded_samples, list):
            raise TypeError(f"For 'PaddedDataset', the 'padded_samples' must be a list of dict, but got "
                            f"{type(padded_samples).__name__}.")
        if not padded_samples:
            raise ValueError("For 'PaddedDataset', the 'padded_samples' cannot be empty.")
        for sample in padded_samples:
            if not isinstance(sample, dict):
                raise TypeError(f"For 'PaddedDataset', every padded sample must be a dict, but got "
                                f"{type(sample).__name__}.")
        self.column_names = [str(name) for name in padded_samples[0]]
        for index, sample in enumerate(padded_samples):
            if list(map(str, sample)) != self.column_names:
                raise ValueError(f"For 'PaddedDataset', every padded sample must have the columns "
                                 f"{self.column_names}, but sample {index} has {list(sample)}.")
        self._samples = [tuple(as_array(value, "PaddedDataset") for value in sample.values())
                         for sample in padded_samples]

    def _columns(self) -> list[str]:
        return list(self.column_names)

    def _source_size(self) -> int:
        return len(self._samples)

    def _read(self, index: int) -> tuple:
        # Copies: transforms that modify rows in place leave the samples intact.
        return tuple(value.copy() for value in self._samples[index])


class FakeImageDataset(MappableDataset):
    """`num_images` rows (image, label) of noise: image uint8 of shape `image_size` (H, W, C),
    label a uint32 scalar in [0, num_classes). Row i is drawn from a stream seeded by
    `base_seed` and i, so it is the same in every epoch and whatever the sampler."""

    def __init__(self, num_images=1000, image_size=(224, 224, 3), num_classes=10, base_seed=0, num_samples=None,
                 num_parallel_workers=None, shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None):
        super().__init__("FakeImageDataset", num_samples, shuffle, sampler, num_shards, shard_id)
        self.num_images = checks.check_int("FakeImageDataset", "num_images", num_images, 1)
        if (not isinstance(image_size, (list, tuple)) or len(image_size) != 3
                or not all(isinstance(s, int) and not isinstance(s, bool) and s > 0 for s in image_size)):
            raise ValueError(f"For 'FakeImageDataset', the 'image_size' must be a list or tuple of 3 positive ints "
                             f"(H, W, C), but got {image_size!r}.")
        self.image_size = tuple(image_size)
        self.num_classes_ = checks.check_int("FakeImageDataset", "num_classes", num_classes, 1)
        self.base_seed = checks.check_int("FakeImageDataset", "base_seed", base_seed, 0)
        checks.check_optional_int("FakeImageDataset", "num_parallel_workers", num_parallel_workers, 1)

    def _columns(self) -> list[str]:
        return ["image", "label"]

    def _source_size(self) -> int:
        return self.num_images

    def _read(self, index: int) -> tuple:
        rng = random_streams.generator(self.base_seed, "FakeImageDataset", index)
        image = rng.integers(0, 256, self.image_size, dtype=np.uint8)
        return image, np.array(rng.integers(0, self.num_classes_), np.uint32)


_RANDOM_DTYPES = (np.bool_, np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64,
                  np.float16, np.float32, np.float64)


class RandomDataset(MappableDataset):
    """`total_rows` rows of random values. The columns come from `schema` (a Schema or the
    path of a schema JSON file: each column's type and shape, -1 dimensions drawn once,
    no shape a scalar), limited to `columns_list` when given; without a schema they are
    named `columns_list` (by default c0, c1... a random count of 1 to 4), each with a
    dtype and a shape (1 to 3 dimensions of 1 to 32) drawn when the dataset is made.
    total_rows defaults to the schema's numRows, else a random count in [1, 1024]. Every
    row draws new values of its columns' dtypes and shapes."""

    def __init__(self, total_rows=None, schema=None, columns_list=None, num_samples=None, num_parallel_workers=None,
                 cache=None, shuffle=None, num_shards=None, shard_id=None):
        super().__init__("RandomDataset", num_samples, shuffle, None, num_shards, shard_id)
        checks.check_optional_int("RandomDataset", "num_parallel_workers", num_parallel_workers, 1)
        wanted = None if columns_list is None else checks.check_columns("RandomDataset", "columns_list", columns_list)
        self._seed = random_streams.iterator_seed()
        layout = random_streams.generator(self._seed, "RandomDataset")
        if schema is not None:
            schema = schema if isinstance(schema, Schema) else Schema(schema)
            self._layout = _schema_layout(schema, wanted, layout)
            default_rows = schema.num_rows
        else:
            names = wanted or [f"c{k}" for k in range(int(layout.integers(1, 5)))]
            self._layout = [(name, np.dtype(_RANDOM_DTYPES[layout.integers(len(_RANDOM_DTYPES))]),
                             tuple(int(s) for s in layout.integers(1, 33, layout.integers(1, 4)))) for name in names]
            default_rows = None
        if total_rows is not None:
            self.total_rows = checks.check_int("RandomDataset", "total_rows", total_rows, 1)
        else:
            self.total_rows = default_rows or int(layout.integers(1, 1025))

    def _columns(self) -> list[str]:
        return [name for name, _, _ in self._layout]

    def _source_size(self) -> int:
        return self.total_rows

    def _read(self, index: int) -> tuple:
        rng = random_streams.generator(self._seed, "RandomDataset", index)
        return tuple(_random_values(rng, dtype, shape) for _, dtype, shape in self._layout)


def _random_values(rng: np.random.Generator, dtype: np.dtype, shape: tuple) -> np.ndarray:
    if dtype.kind == "f":
        return rng.standard_normal(shape).astype(dtype)
    if dtype.kind == "b":
        return rng.integers(0, 2, shape).astype(np.bool_)
    info = np.iinfo(dtype)
    return rng.integers(info.min, info.max, shape, dtype=dtype, endpoint=True)


def _schema_layout(schema: Schema, wanted: list[str] | None, layout: np.random.Generator) -> list[tuple]:
    """(name, dtype, shape) of the schema's columns (those `wanted`, in the schema's order)."""
    columns = [c for c in schema.columns if wanted is None or c["name"] in wanted]
    missing = sorted(set(wanted or ()) - {c["name"] for c in columns})
    if missing:
        raise ValueError(f"For 'RandomDataset', the columns {missing} of 'columns_list' are not in the schema.")
    result = []
    for column in columns:
        if column["type"] in ("string", "bytes"):
            raise ValueError(f"For 'RandomDataset', the column '{column['name']}' is of type {column['type']}; "
                             f"random values are drawn for numeric and bool columns.")
        shape = tuple(int(layout.integers(1, 33)) if d == -1 else d for d in column.get("shape", []))
        result.append((column["name"], np.dtype(column["type"]), shape))
    return result
