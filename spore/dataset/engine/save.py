"""save: the rows of a pipeline written to MindRecord files.

Column types follow MindSpore's mapping: bool, int8, int16, int32, uint8 and uint16
become int32; uint32, int64 and uint64 int64; float16 and float32 float32; float64
float64; str string; bytes bytes. Scalars are raw (indexed) fields; arrays are blob
fields of shape [-1] (1-D) or [-1, *rest] (more dimensions), so rows may differ in
their first dimension.
"""
from __future__ import annotations

import itertools

import numpy as np

from ... import mindrecord
from .. import checks, random_streams
from .epoch import Epoch

_ROWS_PER_WRITE = 1000
_TYPES = {"b": "int32", "i1": "int32", "i2": "int32", "i4": "int32", "u1": "int32", "u2": "int32",
          "u4": "int64", "i8": "int64", "u8": "int64", "f2": "float32", "f4": "float32", "f8": "float64"}


def save_dataset(dataset, file_name, num_files: int = 1, file_type: str = "mindrecord") -> None:
    if not isinstance(file_name, str) or not file_name:
        raise TypeError(f"For 'save', the 'file_name' must be a non-empty str, but got {file_name!r}.")
    checks.check_int("save", "num_files", num_files, 1, mindrecord.filewriter.MAX_SHARDS)
    if file_type != "mindrecord":
        raise ValueError(f"For 'save', the 'file_type' must be 'mindrecord', but got {file_type!r}.")
    names = dataset.get_col_names()
    rows = dataset._rows(Epoch(random_streams.iterator_seed()))
    try:
        first = next(rows, None)
        if first is None:
            raise RuntimeError("For 'save', the dataset has no rows to save.")
        schema = {name: _field(name, value) for name, value in zip(names, first)}
        writer = mindrecord.FileWriter(file_name, num_files, overwrite=False)
        writer.add_schema(schema, "mindrecord")
        pending = itertools.chain([first], rows)
        while True:
            chunk = list(itertools.islice(pending, _ROWS_PER_WRITE))
            if not chunk:
                break
            writer.write_raw_data([{n: _value(schema[n], v) for n, v in zip(names, row)} for row in chunk])
        writer.commit()
    finally:
        rows.close()


def _field(name: str, value: np.ndarray) -> dict:
    kind = value.dtype.kind
    if kind in "SU":
        if value.ndim:
            raise RuntimeError(f"For 'save', column '{name}' holds an array of text of shape {value.shape}; only "
                               f"single str / bytes values can be saved.")
        return {"type": "string" if kind == "U" else "bytes"}
    key = "b" if kind == "b" else f"{kind}{value.dtype.itemsize}"
    if key not in _TYPES:
        raise RuntimeError(f"For 'save', column '{name}' has the dtype {value.dtype}, which MindRecord cannot hold.")
    field = {"type": _TYPES[key]}
    if value.ndim:
        field["shape"] = [-1, *value.shape[1:]]
    return field


def _value(field: dict, value: np.ndarray):
    if field["type"] == "string":
        return str(value)
    if field["type"] == "bytes":
        return bytes(value.item())
    if "shape" in field:
        return value
    return value.item() if field["type"].startswith("float") else int(value)
