"""Text file sources: TextFileDataset (lines), CSVDataset (records) and CLUEDataset (the
JSON-lines files of the CLUE benchmark)."""
from __future__ import annotations

import csv
import io
import json
import numbers

import numpy as np

from .file_rows import FileRowsDataset, Shuffle, read_text


class TextFileDataset(FileRowsDataset):
    """Rows (text,): each non-empty line of `dataset_files` (paths or glob patterns), a str
    scalar, without its line end."""

    def __init__(self, dataset_files, num_samples=None, num_parallel_workers=None, shuffle=Shuffle.GLOBAL,
                 num_shards=None, shard_id=None, cache=None):
        super().__init__("TextFileDataset", dataset_files, num_samples, num_parallel_workers, shuffle, num_shards,
                         shard_id)

    def _columns(self) -> list[str]:
        return ["text"]

    def _read_file(self, path: str) -> list[tuple]:
        return [(np.array(line),) for line in read_text(self._op, path).splitlines() if line]


_CSV_TYPES = {int: np.int32, float: np.float32, str: np.str_}


class CSVDataset(FileRowsDataset):
    """Rows of the records of CSV files, one column per field. Columns are named
    `column_names`, else by the first record of the first file (which is then a header,
    skipped in every file). `column_defaults` gives each column's type by an example value:
    int (int32), float (float32) or str; without it every field is a str. A field that
    does not parse as its column's type, or a record with the wrong number of fields, is a
    RuntimeError naming the file and line."""

    def __init__(self, dataset_files, field_delim=",", column_defaults=None, column_names=None, num_samples=None,
                 num_parallel_workers=None, shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, cache=None):
        if not isinstance(field_delim, str) or len(field_delim) != 1 or field_delim in '"\r\n':
            raise ValueError(f"For 'CSVDataset', the 'field_delim' must be one character other than a quote or a "
                             f"line end, but got {field_delim!r}.")
        self.field_delim = field_delim
        if column_defaults is not None and (not isinstance(column_defaults, list) or not all(
                isinstance(v, (str, float, int)) and not isinstance(v, bool) for v in column_defaults)):
            raise TypeError(f"For 'CSVDataset', the 'column_defaults' must be a list of int, float or str, but got "
                            f"{column_defaults!r}.")
        self.column_defaults = column_defaults
        if column_names is not None and (not isinstance(column_names, list) or not all(
                isinstance(n, str) for n in column_names)):
            raise TypeError(f"For 'CSVDataset', the 'column_names' must be a list of str, but got {column_names!r}.")
        self.column_names = column_names
        self._header_names = column_names is None
        super().__init__("CSVDataset", dataset_files, num_samples, num_parallel_workers, shuffle, num_shards,
                         shard_id)
        if self.column_names is None:
            self.column_names = self._records(self.dataset_files[0])[0][1]
        if len(set(self.column_names)) != len(self.column_names):
            raise RuntimeError(f"CSVDataset: the column names must be distinct, but got {self.column_names}.")
        if self.column_defaults is not None and len(self.column_defaults) != len(self.column_names):
            raise ValueError(f"For 'CSVDataset', the 'column_defaults' must give one value per column "
                             f"({len(self.column_names)}), but got {len(self.column_defaults)}.")

    def _columns(self) -> list[str]:
        return list(self.column_names)

    def _records(self, path: str) -> list[tuple[int, list[str]]]:
        """The (line number from 1, fields) of each non-empty record of `path`."""
        reader = csv.reader(io.StringIO(read_text(self._op, path)), delimiter=self.field_delim)
        try:
            return [(reader.line_num, fields) for fields in reader if fields]
        except csv.Error as e:
            raise RuntimeError(f"CSVDataset: {path} is malformed at line {reader.line_num}: {e}") from e

    def _read_file(self, path: str) -> list[tuple]:
        records = self._records(path)
        if self._header_names:
            records = records[1:]
        types = [_CSV_TYPES[type(v)] for v in self.column_defaults] if self.column_defaults else None
        return [self._row(path, line, fields, types) for line, fields in records]

    def _row(self, path: str, line: int, fields: list[str], types: list | None) -> tuple:
        if len(fields) != len(self.column_names):
            raise RuntimeError(f"CSVDataset: {path} line {line} has {len(fields)} field(s), but the dataset has "
                               f"{len(self.column_names)} columns {self.column_names}.")
        if types is None:
            return tuple(np.array(field) for field in fields)
        try:
            return tuple(np.array(field if t is np.str_ else t(field), t) for field, t in zip(fields, types))
        except (ValueError, OverflowError):
            raise RuntimeError(f"CSVDataset: {path} parse failed at line {line}: a field does not match its "
                               f"column's type in column_defaults.") from None


_CLUE_FIELDS = {
    # task: (fields of train / eval records, fields of test records); a field is a key of
    # the record, or "target/<key>" inside its "target" object.
    "AFQMC": (["sentence1", "sentence2", "label"], ["id", "sentence1", "sentence2"]),
    "TNEWS": (["label", "label_desc", "sentence", "keywords"], ["id", "sentence", "keywords"]),
    "IFLYTEK": (["label", "label_des", "sentence"], ["id", "sentence"]),
    "CMNLI": (["sentence1", "sentence2", "label"], ["id", "sentence1", "sentence2"]),
    "WSC": (["target/span1_index", "target/span2_index", "target/span1_text", "target/span2_text", "idx", "label",
             "text"],
            ["target/span1_index", "target/span2_index", "target/span1_text", "target/span2_text", "idx", "text"]),
    "CSL": (["id", "abst", "keyword", "label"], ["id", "abst", "keyword"]),
}


class CLUEDataset(FileRowsDataset):
    """Rows of the JSON-lines files of a CLUE task (AFQMC, TNEWS, IFLYTEK, CMNLI, WSC, CSL),
    `usage` 'train', 'eval' or 'test'. The columns are the task's fields in name order
    (e.g. AFQMC train: label, sentence1, sentence2; test: id, sentence1, sentence2): ints
    uint32 scalars, strings str scalars, lists of strings str vectors. A record missing a
    field, or a line that is not JSON, is a RuntimeError naming the file and line."""

    def __init__(self, dataset_files, task="AFQMC", usage="train", num_samples=None, num_parallel_workers=None,
                 shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, cache=None):
        if task not in _CLUE_FIELDS:
            raise ValueError(f"For 'CLUEDataset', the 'task' must be one of {list(_CLUE_FIELDS)}, but got {task!r}.")
        if usage not in ("train", "eval", "test"):
            raise ValueError(f"For 'CLUEDataset', the 'usage' must be one of ['train', 'eval', 'test'], but got "
                             f"{usage!r}.")
        self.task, self.usage = task, usage
        fields = _CLUE_FIELDS[task][usage == "test"]
        self._fields = sorted(fields, key=lambda field: field.split("/")[-1])
        super().__init__("CLUEDataset", dataset_files, num_samples, num_parallel_workers, shuffle, num_shards,
                         shard_id)

    def _columns(self) -> list[str]:
        return [field.split("/")[-1] for field in self._fields]

    def _read_file(self, path: str) -> list[tuple]:
        rows = []
        for line_number, line in enumerate(read_text(self._op, path).splitlines(), 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as e:
                raise RuntimeError(f"CLUEDataset: {path} line {line_number} is not JSON: {e}") from e
            rows.append(tuple(_clue_value(path, line_number, record, field) for field in self._fields))
        return rows


def _clue_value(path: str, line_number: int, record: dict, field: str) -> np.ndarray:
    value = record
    for key in field.split("/"):
        if not isinstance(value, dict) or key not in value:
            raise RuntimeError(f"CLUEDataset: {path} line {line_number} has no field '{key}'.")
        value = value[key]
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return np.array(value, np.uint32)
    return np.array(value if isinstance(value, list) else str(value))
