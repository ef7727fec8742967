"""Converters of the image datasets MindSpore knows to MindRecord: MnistToMR (the gzipped
idx files), Cifar10ToMR and Cifar100ToMR (the Python pickle batches). Images are stored
JPEG-encoded (quality 95), through Pillow."""
from __future__ import annotations

import gzip
import io
import os
import pickle
import struct

import numpy as np

from .converters import _check_destination, _check_partitions, write_rows
from .exceptions import ParamTypeError, ParamValueError


def _jpeg(image: np.ndarray) -> bytes:
    try:
        from PIL import Image
    except ImportError as e:
        raise ImportError("The MindRecord image converters encode JPEG with Pillow: pip install Pillow.") from e
    buffer = io.BytesIO()
    Image.fromarray(image.squeeze(-1) if image.shape[-1] == 1 else image).save(buffer, format="JPEG", quality=95)
    return buffer.getvalue()


def _check_source(source) -> str:
    if not isinstance(source, str) or not os.path.isdir(source):
        raise ParamValueError(f"Invalid parameter value. The source directory {source!r} does not exist.")
    return source


def _check_fields(fields, schema: dict) -> list[str] | None:
    if fields is None:
        return None
    if not isinstance(fields, list) or not all(isinstance(f, str) for f in fields):
        raise ParamTypeError("Invalid parameter type. 'fields' expect list of str type.")
    unknown = [f for f in fields if f not in schema or schema[f]["type"] == "bytes"]
    if unknown:
        raise ParamValueError(f"Invalid parameter value. The index fields {unknown} are not raw fields of "
                              f"{list(schema)}.")
    return fields


class MnistToMR:
    """MNIST to MindRecord: `source` holds train-images-idx3-ubyte.gz, train-labels-idx1-ubyte.gz,
    t10k-images-idx3-ubyte.gz and t10k-labels-idx1-ubyte.gz; `<destination>_train.mindrecord`
    and `<destination>_test.mindrecord` get rows {"label": int64, "data": JPEG bytes}."""

    SCHEMA = {"label": {"type": "int64"}, "data": {"type": "bytes"}}

    def __init__(self, source, destination, partition_number=1):
        self.source = _check_source(source)
        self.destination = _check_destination(destination)
        self.partition_number = _check_partitions(partition_number)

    def _read(self, name: str, magic: int, ndim: int) -> np.ndarray:
        path = os.path.join(self.source, name)
        try:
            with gzip.open(path, "rb") as f:
                data = f.read()
        except (OSError, EOFError) as e:
            raise RuntimeError(f"MnistToMR: cannot read {path}: {e}") from e
        header = 4 * (1 + ndim)
        if len(data) < header or struct.unpack_from(">I", data)[0] != magic:
            raise RuntimeError(f"MnistToMR: {path} is not an MNIST idx file (magic number {magic} expected).")
        dims = struct.unpack_from(f">{ndim}I", data, 4)
        if len(data) - header != int(np.prod(dims)):
            raise RuntimeError(f"MnistToMR: {path} holds {len(data) - header} bytes of data, but its header "
                               f"promises {int(np.prod(dims))}.")
        return np.frombuffer(data, np.uint8, offset=header).reshape(dims)

    def _rows(self, prefix: str):
        images = self._read(f"{prefix}-images-idx3-ubyte.gz", 2051, 3)
        labels = self._read(f"{prefix}-labels-idx1-ubyte.gz", 2049, 1)
        for image, label in zip(images, labels):
            yield {"label": int(label), "data": _jpeg(image)}

    def run(self) -> None:
        for prefix, split in (("train", "train"), ("t10k", "test")):
            write_rows(f"{self.destination}_{split}.mindrecord", self.partition_number, self.SCHEMA, "mnist_schema",
                       ["label"], self._rows(prefix))

    transform = run


class Cifar10ToMR:
    """CIFAR-10 (the Python version: data_batch_1..5 and test_batch pickles in `source`) to
    MindRecord: `destination` gets the training images, `destination + "_test"` the test
    images, as rows {"id": int64 (position), "label": int64, "data": JPEG bytes (RGB)};
    `transform(fields)` indexes those fields."""

    SCHEMA = {"id": {"type": "int64"}, "label": {"type": "int64"}, "data": {"type": "bytes"}}
    LABELS = (b"labels",)
    TRAIN = tuple(f"data_batch_{i}" for i in range(1, 6))
    TEST = ("test_batch",)

    def __init__(self, source, destination):
        self.source = _check_source(source)
        self.destination = _check_destination(destination)

    def _batches(self, names: tuple) -> tuple[np.ndarray, list[np.ndarray]]:
        images, labels = [], [[] for _ in self.LABELS]
        for name in names:
            path = os.path.join(self.source, name)
            try:
                with open(path, "rb") as f:
                    batch = pickle.load(f, encoding="bytes")
                images.append(np.asarray(batch[b"data"], np.uint8).reshape(-1, 3, 32, 32).transpose(0, 2, 3, 1))
                for column, key in zip(labels, self.LABELS):
                    column.extend(batch[key])
            except (OSError, KeyError, ValueError, pickle.UnpicklingError) as e:
                raise RuntimeError(f"{type(self).__name__}: {path} is not a CIFAR batch: {e}") from e
        return np.concatenate(images), [np.asarray(column) for column in labels]

    def _rows(self, names: tuple):
        images, labels = self._batches(names)
        fields = [name for name in self.SCHEMA if name not in ("id", "data")]
        for i, image in enumerate(images):
            yield {"id": i, **{f: int(column[i]) for f, column in zip(fields, labels)}, "data": _jpeg(image)}

    def run(self, fields=None) -> None:
        index = _check_fields(fields, self.SCHEMA)
        write_rows(self.destination, 1, self.SCHEMA, "img_train", index, self._rows(self.TRAIN))
        write_rows(self.destination + "_test", 1, self.SCHEMA, "img_test", index, self._rows(self.TEST))

    def transform(self, fields=None) -> None:
        self.run(fields)


class Cifar100ToMR(Cifar10ToMR):
    """CIFAR-100 (the Python version: 'train' and 'test' pickles in `source`) to MindRecord,
    as Cifar10ToMR, with rows {"id", "fine_label", "coarse_label", "data"}."""

    SCHEMA = {"id": {"type": "int64"}, "fine_label": {"type": "int64"}, "coarse_label": {"type": "int64"},
              "data": {"type": "bytes"}}
    LABELS = (b"fine_labels", b"coarse_labels")
    TRAIN = ("train",)
    TEST = ("test",)
