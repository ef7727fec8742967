"""FileReader: the rows of MindRecord files as dicts, in file order."""
from __future__ import annotations

import os
from collections.abc import Iterator

from .exceptions import ParamTypeError, ParamValueError
from .shard import ShardReader, read_header

_ROWS_PER_READ = 256


def shard_readers(file_name, op: str) -> list[ShardReader]:
    """The shards to read: every shard of the file set when `file_name` is one path (its
    header lists them, next to it), exactly the given files when it is a list."""
    if isinstance(file_name, str):
        header = read_header(file_name)
        folder = os.path.dirname(os.path.abspath(file_name))
        paths = [os.path.join(folder, name) for name in header["shard_addresses"]]
        return [ShardReader(p, header if os.path.samefile(p, file_name) else None) for p in paths]
    if isinstance(file_name, (list, tuple)) and file_name and all(isinstance(p, str) for p in file_name):
        return [ShardReader(p) for p in file_name]
    raise ParamTypeError(f"For '{op}', the file name must be a str or a non-empty list of str, but got "
                         f"{file_name!r:.80}.")


class FileReader:
    """Reads MindRecord files row by row: `get_next()` yields each row as {field: value},
    raw fields (Python ints, floats, strs) first, then blob fields (bytes, or NumPy arrays
    of the schema's shape). `columns` picks fields."""

    def __init__(self, file_name, num_consumer=4, columns=None, operator=None):
        if isinstance(num_consumer, bool) or not isinstance(num_consumer, int) or not 1 <= num_consumer <= 64:
            raise ParamValueError(f"Invalid parameter value. 'num_consumer' must be an int in [1, 64], but got "
                                  f"{num_consumer!r}.")
        self._readers = shard_readers(file_name, "FileReader")
        schema = self._readers[0].schema
        self._fields = schema.fields
        order = [*schema.raw_fields, *schema.blob_fields]
        if columns is not None:
            if not isinstance(columns, list) or not all(isinstance(c, str) for c in columns):
                raise ParamTypeError("Invalid parameter type. 'columns' expect list of str type.")
            unknown = [c for c in columns if c not in self._fields]
            if unknown:
                raise ParamValueError(f"Invalid parameter value. The column(s) {unknown} are not in the schema "
                                      f"{list(self._fields)}.")
            order = [c for c in order if c in columns]
        self._columns = order

    def get_next(self) -> Iterator[dict]:
        for reader in self._readers:
            for start in range(0, len(reader), _ROWS_PER_READ):
                for row in reader.read(range(start, min(start + _ROWS_PER_READ, len(reader)))):
                    yield {name: self._value(name, row[name]) for name in self._columns}

    def _value(self, name: str, value):
        shape = self._fields[name].get("shape")
        return value.reshape(shape) if shape is not None else value

    def len(self) -> int:
        """The number of rows."""
        return sum(len(r) for r in self._readers)

    def schema(self) -> dict:
        """The fields of the files: {name: {"type": ..., ("shape": ...)}}."""
        return {name: dict(field) for name, field in self._fields.items()}

    def close(self) -> None:
        """Nothing stays open between reads; kept for MindSpore's API."""
