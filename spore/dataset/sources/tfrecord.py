"""TFRecordDataset: rows from TFRecord files of `tf.train.Example` records.

A TFRecord file is a sequence of records: an 8-byte little-endian length, a 4-byte
masked CRC-32C of those 8 bytes, the data, a 4-byte masked CRC-32C of the data. Each
record is an Example protocol buffer: a map from feature names to a list of bytes,
float32 or int64 values, decoded with spore's protobuf wire-format reader
(common/protobuf_wire.py), so no protobuf package is needed.
"""
from __future__ import annotations

import gzip
import struct
import zlib

import numpy as np

from ...common.crc32c import masked_crc32c
from ...common.protobuf_wire import typed_fields, varint
from .. import checks
from ..schema import Schema
from .file_rows import FileRowsDataset, Shuffle, expand_files


def read_records(path: str, data: bytes) -> list[bytes]:
    """The records of a TFRecord file's bytes (RuntimeError naming the file and record when corrupt)."""
    records, pos = [], 0
    while pos < len(data):
        number = len(records)
        if pos + 12 > len(data):
            raise RuntimeError(f"TFRecordDataset: {path} is truncated in the header of record {number}.")
        header = data[pos:pos + 8]
        (length,) = struct.unpack("<Q", header)
        (header_crc,) = struct.unpack_from("<I", data, pos + 8)
        if header_crc != masked_crc32c(header):
            raise RuntimeError(f"TFRecordDataset: {path} is corrupt: record {number} fails its length checksum.")
        start, end = pos + 12, pos + 12 + length
        if end + 4 > len(data):
            raise RuntimeError(f"TFRecordDataset: {path} is truncated in record {number}.")
        record = data[start:end]
        if struct.unpack_from("<I", data, end)[0] != masked_crc32c(record):
            raise RuntimeError(f"TFRecordDataset: {path} is corrupt: record {number} fails its data checksum.")
        records.append(record)
        pos = end + 4
    return records


def parse_example(data: bytes) -> dict[str, tuple[str, list]]:
    """{feature name: (kind, values)} of an Example; kind is 'bytes', 'float' or 'int64'."""
    features = {}
    for number, _, payload in typed_fields(data):
        if number != 1:
            continue
        for entry_number, _, entry in typed_fields(payload):
            if entry_number != 1:
                continue
            name, feature = "", b""
            for part_number, _, part in typed_fields(entry):
                if part_number == 1:
                    name = part.decode("utf-8")
                elif part_number == 2:
                    feature = part
            features[name] = _feature(feature)
    return features


def _feature(data: bytes) -> tuple[str, list]:
    for number, _, payload in typed_fields(data):
        values = []
        for _, wire, value in typed_fields(payload):
            if number == 1:
                values.append(bytes(value))
            elif number == 2:
                values.extend(np.frombuffer(value, "<f4").tolist() if wire in (2, 5) else [])
            elif wire == 2:  # packed int64s
                pos = 0
                while pos < len(value):
                    item, pos = varint(value, pos)
                    values.append(item)
            else:
                values.append(value)
        if number == 3:
            values = [v - (1 << 64) if v >= 1 << 63 else v for v in values]
        return {1: "bytes", 2: "float", 3: "int64"}.get(number, "bytes"), values
    return "bytes", []


class TFRecordDataset(FileRowsDataset):
    """Rows of the Example records of TFRecord files, one column per feature.

    Without a `schema` the columns are the features of the first record, in sorted name
    order: int64 lists as int64, float lists as float32 and bytes lists as uint8 (the
    bytes joined, each padded to the longest with spaces), all 1-D. A `schema` (a Schema
    or a schema JSON file) names the columns, in its order, with their types (string
    columns decode bytes as UTF-8) and shapes. `columns_list` picks columns. With
    `num_shards`, each shard reads every num_shards-th file, or, with
    `shard_equal_rows` (or fewer files than shards), an equal block of rows.
    `compression_type` is None, '', 'GZIP' or 'ZLIB'.
    """

    def __init__(self, dataset_files, schema=None, columns_list=None, num_samples=None, num_parallel_workers=None,
                 shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, shard_equal_rows=False, cache=None,
                 compression_type=None):
        op = "TFRecordDataset"
        files = expand_files(op, dataset_files)
        checks.check_bool(op, "shard_equal_rows", shard_equal_rows)
        if compression_type not in (None, "", "GZIP", "ZLIB"):
            raise ValueError(f"For '{op}', the 'compression_type' must be None, '', 'GZIP' or 'ZLIB', but got "
                             f"{compression_type!r}.")
        self.compression_type = compression_type or ""
        by_files = num_shards is not None and not shard_equal_rows and len(files) >= num_shards
        if by_files:
            checks.check_int(op, "num_shards", num_shards, 1)
            checks.check_int(op, "shard_id", shard_id, 0, num_shards - 1)
            files = files[shard_id::num_shards]
            num_shards = shard_id = None
        super().__init__(op, files, num_samples, num_parallel_workers, shuffle, num_shards, shard_id)
        self.schema = self._schema(schema)
        names = self.schema.column_names() if self.schema else sorted(self._first_features())
        if columns_list is not None:
            wanted = checks.check_columns(op, "columns_list", columns_list)
            checks.check_known_columns(op, "columns_list", wanted, names)
            names = wanted
        self._names = names
        self._types = {c["name"]: (c["type"], c.get("shape")) for c in self.schema.columns} if self.schema else {}

    def _schema(self, schema) -> Schema | None:
        if schema is None or isinstance(schema, Schema):
            return schema
        if isinstance(schema, str):
            return Schema(schema)
        raise TypeError(f"For 'TFRecordDataset', the 'schema' must be a Schema or a schema file path, but got "
                        f"{type(schema).__name__}.")

    def _first_features(self) -> dict:
        for path in self.dataset_files:
            records = read_records(path, self._file_bytes(path))
            if records:
                return self._parse(path, records[0], 0)
        raise RuntimeError(f"TFRecordDataset: the files {self.dataset_files} hold no records.")

    def _columns(self) -> list[str]:
        return list(self._names)

    def _file_bytes(self, path: str) -> bytes:
        try:
            with open(path, "rb") as f:
                data = f.read()
            if self.compression_type == "GZIP":
                return gzip.decompress(data)
            return zlib.decompress(data) if self.compression_type == "ZLIB" else data
        except (OSError, zlib.error, EOFError) as e:
            raise RuntimeError(f"TFRecordDataset: cannot read {path}: {e}") from e

    def _parse(self, path: str, record: bytes, number: int) -> dict:
        try:
            return parse_example(record)
        except (ValueError, UnicodeDecodeError) as e:
            raise RuntimeError(f"TFRecordDataset: record {number} of {path} is not a valid Example: {e}.") from e

    def _read_file(self, path: str) -> list[tuple]:
        rows = []
        for number, record in enumerate(read_records(path, self._file_bytes(path))):
            features = self._parse(path, record, number)
            missing = [n for n in self._names if n not in features]
            if missing:
                raise RuntimeError(f"TFRecordDataset: record {number} of {path} lacks the feature(s) {missing}.")
            rows.append(tuple(self._value(name, *features[name], path, number) for name in self._names))
        return rows

    def _value(self, name: str, kind: str, values: list, path: str, number: int) -> np.ndarray:
        wanted, shape = self._types.get(name, (None, None))
        if kind == "bytes":
            if wanted == "string":
                array = np.array([v.decode("utf-8", "replace") for v in values])
            elif wanted == "bytes":
                array = np.array(values, dtype=np.bytes_)
            else:
                width = max((len(v) for v in values), default=0)
                joined = b"".join(v.ljust(width, b" ") for v in values)
                array = np.frombuffer(joined, np.uint8).copy()
                if wanted is not None:
                    array = array.astype(wanted)
        else:
            array = np.array(values, np.float32 if kind == "float" else np.int64)
            if wanted is not None:
                if wanted in ("string", "bytes"):
                    raise RuntimeError(f"TFRecordDataset: the schema gives column '{name}' the type {wanted}, but "
                                       f"record {number} of {path} holds {kind} values.")
                array = array.astype(wanted)
        if shape:
            try:
                array = array.reshape(shape)
            except ValueError:
                raise RuntimeError(f"TFRecordDataset: column '{name}' of record {number} of {path} has "
                                   f"{array.size} value(s), which do not fit the schema shape {shape}.") from None
        return array
