"""Converters from other dataset layouts to MindRecord files: ImageNetToMR (an image
folder with a map file) and CsvToMR (a CSV file)."""
from __future__ import annotations

import csv
import os

from .exceptions import ParamTypeError, ParamValueError
from .filewriter import FileWriter

_ROWS_PER_WRITE = 1000


def _check_destination(destination) -> str:
    if not isinstance(destination, str) or not destination:
        raise ParamValueError(f"Invalid parameter value. 'destination' must be a non-empty str, but got "
                              f"{destination!r}.")
    return destination


def _check_partitions(partition_number) -> int:
    if isinstance(partition_number, bool) or not isinstance(partition_number, int):
        raise ParamTypeError(f"Invalid parameter type. 'partition_number' expect int type, but got "
                             f"{type(partition_number).__name__}.")
    if not 1 <= partition_number <= 1000:
        raise ParamValueError(f"Invalid parameter value. 'partition_number' must be in [1, 1000], but got "
                              f"{partition_number}.")
    return partition_number


def write_rows(destination: str, partitions: int, schema: dict, desc: str, index: list[str] | None, rows) -> None:
    """Write `rows` (dicts) to new MindRecord files, `_ROWS_PER_WRITE` at a time; `index`
    names the index fields (None: none)."""
    writer = FileWriter(destination, partitions)
    writer.add_schema(schema, desc)
    if index is not None:
        writer.add_index(index)
    chunk = []
    for row in rows:
        chunk.append(row)
        if len(chunk) == _ROWS_PER_WRITE:
            writer.write_raw_data(chunk)
            chunk = []
    if chunk:
        writer.write_raw_data(chunk)
    writer.commit()


class ImageNetToMR:
    """ImageNet-style images to MindRecord: `map_file` lines "<folder> <label>" name the
    folders of `image_dir` and their labels; each file in a folder (in name order)
    becomes a row {"file_name": its path, "label": int32, "image": its bytes as stored}."""

    def __init__(self, map_file, image_dir, destination, partition_number=1):
        if not isinstance(map_file, str) or not os.path.isfile(map_file):
            raise ParamValueError(f"Invalid parameter value. The map_file {map_file!r} does not exist.")
        if not isinstance(image_dir, str) or not os.path.isdir(image_dir):
            raise ParamValueError(f"Invalid parameter value. The image_dir {image_dir!r} does not exist.")
        self.map_file, self.image_dir = map_file, image_dir
        self.destination = _check_destination(destination)
        self.partition_number = _check_partitions(partition_number)

    def _labels(self) -> list[tuple[str, int]]:
        folders = []
        with open(self.map_file, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                parts = line.split()
                if not parts:
                    continue
                if len(parts) != 2 or not parts[1].lstrip("-").isdigit():
                    raise RuntimeError(f"ImageNetToMR: line {number} of {self.map_file} must be '<folder> <label>', "
                                       f"but is {line.strip()!r}.")
                folders.append((parts[0], int(parts[1])))
        return folders

    def _rows(self):
        for folder, label in self._labels():
            path = os.path.join(self.image_dir, folder)
            if not os.path.isdir(path):
                raise RuntimeError(f"ImageNetToMR: the folder {path} named in {self.map_file} does not exist.")
            for name in sorted(os.listdir(path)):
                file_name = os.path.join(path, name)
                with open(file_name, "rb") as f:
                    image = f.read()
                if image:
                    yield {"file_name": file_name, "label": label, "image": image}

    def run(self) -> None:
        schema = {"label": {"type": "int32"}, "image": {"type": "bytes"}, "file_name": {"type": "string"}}
        write_rows(self.destination, self.partition_number, schema, "imagenet_schema", ["label", "file_name"],
                   self._rows())

    transform = run


class CsvToMR:
    """A CSV file (a header row, then records) to MindRecord: each column becomes an
    int64 field when all its values are integers, float64 when all are numbers, else a
    string field; `columns_list` keeps only those columns."""

    def __init__(self, source, destination, columns_list=None, partition_number=1):
        if not isinstance(source, str) or not os.path.isfile(source):
            raise ParamValueError(f"Invalid parameter value. The source {source!r} does not exist.")
        if columns_list is not None and (not isinstance(columns_list, list)
                                         or not all(isinstance(c, str) for c in columns_list)):
            raise ParamTypeError("Invalid parameter type. 'columns_list' expect list of str type.")
        self.source = source
        self.destination = _check_destination(destination)
        self.columns_list = columns_list
        self.partition_number = _check_partitions(partition_number)

    def run(self) -> None:
        with open(self.source, newline="", encoding="utf-8") as f:
            records = list(csv.reader(f))
        if not records or not records[0]:
            raise RuntimeError(f"CsvToMR: {self.source} has no header row.")
        header, body = records[0], records[1:]
        for number, record in enumerate(body, 2):
            if len(record) != len(header):
                raise RuntimeError(f"CsvToMR: line {number} of {self.source} has {len(record)} fields, but the "
                                   f"header has {len(header)}.")
        columns = self.columns_list or header
        missing = [c for c in columns if c not in header]
        if missing:
            raise ParamValueError(f"Invalid parameter value. The columns {missing} are not in {self.source}.")
        picks = [header.index(c) for c in columns]
        kinds = [_column_type([record[i] for record in body]) for i in picks]
        schema = {name: {"type": kind} for name, kind in zip(columns, kinds)}
        convert = {"int64": int, "float64": float, "string": str}
        rows = ({name: convert[kind](record[i]) for name, kind, i in zip(columns, kinds, picks)} for record in body)
        write_rows(self.destination, self.partition_number, schema, "csv_schema", list(columns), rows)

    transform = run


def _column_type(values: list[str]) -> str:
    def parses(kind, value):
        try:
            kind(value)
        except ValueError:
            return False
        return True
    if values and all(parses(int, v) for v in values):
        return "int64"
    if values and all(parses(float, v) for v in values):
        return "float64"
    return "string"
