"""Schema (`mindspore.dataset.Schema`): the names, types and shapes of a dataset's columns,
read from and written as MindSpore's schema JSON ({"columns": [{"name", "type", "rank",
"shape"}...], "numRows": n})."""
from __future__ import annotations

import json
import os

import numpy as np

from ..common import dtype as mstype

TYPE_NAMES = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16",
              "float32", "float64", "string", "bytes")


def type_name(de_type) -> str:
    """A column type (a MindSpore dtype, a NumPy dtype or a type name) as its schema name."""
    if isinstance(de_type, str) and de_type in TYPE_NAMES:
        return de_type
    if de_type is mstype.string or de_type in (str, np.str_):
        return "string"
    if de_type in (bytes, np.bytes_):
        return "bytes"
    try:
        numpy_type = (np.dtype(mstype.dtype_to_nptype(de_type)) if isinstance(de_type, mstype.Number)
                      else np.dtype(de_type))
    except TypeError:
        numpy_type = None
    if numpy_type is None or numpy_type.name not in TYPE_NAMES:
        raise TypeError(f"Unknown column type: {de_type!r}; expected one of {list(TYPE_NAMES)} or a MindSpore dtype.")
    return numpy_type.name


class Schema:
    """The columns of a dataset: add_column / parse_columns / from_json build it,
    to_json writes it. `schema_file` is a schema JSON file to start from."""

    def __init__(self, schema_file=None):
        self.columns: list[dict] = []
        self.num_rows: int | None = None
        if schema_file is not None:
            if not isinstance(schema_file, str):
                raise TypeError(f"For 'Schema', the 'schema_file' must be a str, but got {type(schema_file).__name__}.")
            if not os.path.isfile(schema_file):
                raise ValueError(f"The file {schema_file} does not exist or permission denied!")
            try:
                with open(schema_file, encoding="utf-8") as f:
                    content = json.load(f)
            except ValueError as e:
                raise RuntimeError(f"Schema: {schema_file} is not valid JSON: {e}") from e
            self.from_json(content)

    def add_column(self, name, de_type, shape=None) -> None:
        """Add the column `name` of type `de_type` (and `shape`, a list of ints, -1 for any size)."""
        if not isinstance(name, str):
            raise TypeError(f"Argument name with value {name!r} is not of type [<class 'str'>], but got "
                            f"{type(name)}.")
        column = {"name": name, "type": type_name(de_type), "rank": 1}
        if shape is not None:
            column["shape"] = _shape(name, shape)
            column["rank"] = len(column["shape"])
        self.columns.append(column)

    def parse_columns(self, columns) -> None:
        """Replace the columns with `columns`: a list of {"name", "type", "shape" (optional)}
        or a dict {name: {"type", "shape" (optional)}}."""
        if isinstance(columns, dict):
            items = [{"name": name, **spec} for name, spec in columns.items() if isinstance(spec, dict)]
            valid = len(items) == len(columns)
        elif isinstance(columns, list):
            items = columns
            valid = all(isinstance(c, dict) and "name" in c for c in columns)
        else:
            valid = False
        if not valid or not all("type" in c for c in items):
            raise RuntimeError("Schema: columns must be a dict or a list, each column with a name, a type and "
                               "optionally a shape.")
        self.columns = []
        for column in items:
            shape = _shape(column["name"], column.get("shape") or [])
            self.columns.append({"name": column["name"], "type": type_name(column["type"]), "rank": len(shape),
                                 "shape": shape})

    def from_json(self, json_obj) -> None:
        """Read the columns (and numRows) of a schema JSON object."""
        if not isinstance(json_obj, dict) or "columns" not in json_obj:
            raise RuntimeError("Schema: the JSON object must have 'columns'.")
        self.parse_columns(json_obj["columns"])
        self.num_rows = json_obj.get("numRows")

    def to_json(self) -> str:
        content = {"columns": [dict(sorted(column.items())) for column in self.columns]}
        if self.num_rows is not None:
            content["numRows"] = self.num_rows
        return json.dumps(content, indent=2)

    def __str__(self) -> str:
        return self.to_json()

    def column_names(self) -> list[str]:
        return [c["name"] for c in self.columns]


def _shape(name: str, shape) -> list[int]:
    if not isinstance(shape, (list, tuple)) or any(isinstance(d, bool) or not isinstance(d, int) or d < -1 or d == 0
                                                   for d in shape):
        raise ValueError(f"Schema: the shape of column '{name}' must be a list of positive ints (or -1), but got "
                         f"{shape!r}.")
    return list(shape)
