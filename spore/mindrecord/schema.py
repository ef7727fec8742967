"""MindRecord schemas: the fields of a record, how each is stored and how values convert.

A schema maps field names to {"type": T} or {"type": T, "shape": [d0, ...]} with T one of
int32, int64, float32, float64, string, bytes; a dimension may be -1 (any length).
Scalar numbers and strings are *raw* fields (stored together in a row's MessagePack map,
indexable); bytes and shaped fields are *blob* fields (stored as bytes, in the sorted
order of their names).
"""
from __future__ import annotations

import numpy as np

from .exceptions import MRMInvalidSchemaError

NUMERIC_TYPES = {"int32": np.int32, "int64": np.int64, "float32": np.float32, "float64": np.float64}
TYPES = (*NUMERIC_TYPES, "string", "bytes")


class Schema:
    """A checked schema: the fields in sorted name order, and which of them are blobs."""

    def __init__(self, content: dict, desc: str = ""):
        if not isinstance(content, dict) or not content:
            raise MRMInvalidSchemaError("Schema format is error. Detail: Schema content should be a non-empty dict.")
        self.fields: dict[str, dict] = {}
        for name in sorted(content):
            self.fields[name] = _checked_field(name, content[name])
        self.desc = desc or ""
        self.blob_fields = [n for n, f in self.fields.items() if is_blob(f)]
        self.raw_fields = [n for n in self.fields if n not in self.blob_fields]

    def as_json(self) -> dict:
        """The schema entry of a file header."""
        return {"blob_fields": list(self.blob_fields), "desc": self.desc,
                "schema": {name: dict(sorted(field.items())) for name, field in self.fields.items()}}

    def convert(self, row) -> tuple[dict, dict]:
        """A user row (dict) as (raw values as Python scalars, blob field values as bytes);
        ValueError naming the field when a value does not fit the schema."""
        if not isinstance(row, dict):
            raise ValueError(f"a row must be a dict, but got {type(row).__name__}")
        missing = [n for n in self.fields if n not in row]
        if missing:
            raise ValueError(f"the field(s) {missing} are missing")
        extra = [n for n in row if n not in self.fields]
        if extra:
            raise ValueError(f"the field(s) {extra} are not in the schema")
        raw = {n: _raw_value(n, self.fields[n]["type"], row[n]) for n in self.raw_fields}
        blobs = {n: _blob_array(n, self.fields[n], row[n]) for n in self.blob_fields}
        return raw, blobs


def is_blob(field: dict) -> bool:
    return field["type"] == "bytes" or "shape" in field


def _checked_field(name, field) -> dict:
    where = f"Schema format is error. Detail: Field '{name}'"
    if not isinstance(name, str) or not name or not (name.replace("_", "a").isalnum()):
        raise MRMInvalidSchemaError(f"Schema format is error. Detail: Field name {name!r} must be letters, digits "
                                    f"and underscores.")
    if not isinstance(field, dict) or "type" not in field or not set(field) <= {"type", "shape"}:
        raise MRMInvalidSchemaError(f"{where} must be a dict with a 'type' (and optionally a 'shape'), "
                                    f"but got {field!r}.")
    kind = field["type"]
    if kind not in TYPES:
        raise MRMInvalidSchemaError(f"{where} has the type {kind!r}, expected one of {list(TYPES)}.")
    if "shape" in field:
        shape = field["shape"]
        if kind not in NUMERIC_TYPES:
            raise MRMInvalidSchemaError(f"{where} of type {kind!r} cannot have a shape; only numeric fields can.")
        if (not isinstance(shape, list) or not shape or any(type(d) is not int for d in shape)
                or any(d == 0 or d < -1 for d in shape) or shape.count(-1) > 1):
            raise MRMInvalidSchemaError(f"{where} has the shape {shape!r}, expected a non-empty list of positive "
                                        f"ints with at most one -1.")
        return {"type": kind, "shape": list(shape)}
    return {"type": kind}


def _raw_value(name: str, kind: str, value):
    if kind == "string":
        if not isinstance(value, str):
            raise ValueError(f"the field '{name}' must be a str, but got {type(value).__name__}")
        return value
    array = np.asarray(value)
    if array.ndim != 0 or array.dtype.kind not in ("iu" if kind.startswith("int") else "iuf"):
        raise ValueError(f"the field '{name}' must be a scalar of type {kind}, but got {value!r:.60}")
    if kind.startswith("int"):
        info = np.iinfo(NUMERIC_TYPES[kind])
        if not info.min <= int(value) <= info.max:
            raise ValueError(f"the field '{name}' value {value} is out of the range of {kind}")
        return int(value)
    return float(np.asarray(value, NUMERIC_TYPES[kind]))


def _blob_array(name: str, field: dict, value):
    if field["type"] == "bytes":
        if not isinstance(value, (bytes, bytearray)) or not value:
            raise ValueError(f"the field '{name}' must be non-empty bytes, but got {type(value).__name__}")
        return bytes(value)
    array = np.asarray(value)
    if array.dtype.kind not in ("iu" if field["type"].startswith("int") else "iuf"):
        raise ValueError(f"the field '{name}' must hold {field['type']} numbers, but got dtype {array.dtype}")
    array = array.astype(NUMERIC_TYPES[field["type"]]).reshape(-1)
    expected = field["shape"]
    known = int(np.prod([d for d in expected if d != -1]))
    if (-1 in expected and array.size % known) or (-1 not in expected and array.size != known):
        raise ValueError(f"the field '{name}' has {array.size} element(s), which do not fit the shape {expected}")
    return array


def field_value(field: dict, data) -> np.ndarray:
    """The NumPy value of a field read back: a raw value (Python scalar) or a blob's bytes
    decoded (see blob.py); shaped fields take their schema shape."""
    kind = field["type"]
    if kind == "bytes":
        return np.array([data])
    if kind == "string":
        return np.array(data)
    if "shape" in field:
        return data.reshape(field["shape"])
    return np.array(data, NUMERIC_TYPES[kind])
