"""read_mat: the variables of a MATLAB level-5 .mat file (the format SVHN, Oxford Flowers,
Caltech-101 and SBD ship their labels in), without scipy: numeric arrays, sparse matrices
(made dense), cell arrays and structs."""
from __future__ import annotations

import struct
import zlib

import numpy as np

_MI_MATRIX, _MI_COMPRESSED = 14, 15
_CELL, _STRUCT, _SPARSE = 1, 2, 5
_DATA_TYPES = {1: "i1", 2: "u1", 3: "i2", 4: "u2", 5: "i4", 6: "u4", 7: "f4", 9: "f8", 12: "i8", 13: "u8"}
"""Data element type codes (miINT8...) to NumPy type codes (byte order added when read)."""
_CLASSES = {6: "f8", 7: "f4", 8: "i1", 9: "u1", 10: "i2", 11: "u2", 12: "i4", 13: "u4", 14: "i8", 15: "u8"}
"""Array class codes (mxDOUBLE_CLASS...) of numeric arrays to the NumPy type they hold."""


def read_mat(op: str, path: str) -> dict[str, object]:
    """{variable name: value} of the .mat file at `path`: a real numeric array as a NumPy
    array of its class (a sparse one made dense), a cell array as an object array of its
    values, a struct array as a dict {field: value} when it has one element, else an
    object array of such dicts. Other variables (text, complex, objects) are skipped.
    RuntimeError naming the file when it is not a level-5 MAT file."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise RuntimeError(f"{op}: cannot read {path}: {e}") from e
    if len(data) < 128 or data[126:128] not in (b"IM", b"MI"):
        raise RuntimeError(f"{op}: {path} is not a MATLAB level-5 .mat file.")
    order = "<" if data[126:128] == b"IM" else ">"
    arrays: dict[str, object] = {}
    try:
        for kind, body in _elements(data, 128, order):
            if kind == _MI_COMPRESSED:
                kind, body = next(_elements(zlib.decompress(body), 0, order))
            if kind == _MI_MATRIX:
                named = _matrix(body, order)
                if named is not None:
                    arrays[named[0]] = named[1]
    except (struct.error, zlib.error, ValueError, StopIteration) as e:
        raise RuntimeError(f"{op}: {path} is a corrupt .mat file: {type(e).__name__}: {e}") from e
    return arrays


def _elements(data: bytes, offset: int, order: str):
    """(type, body) of each data element from `offset`: an 8-byte tag, or the small
    format packing type and size in 4 bytes with the body in the next 4."""
    while offset + 8 <= len(data):
        kind, size = struct.unpack_from(f"{order}II", data, offset)
        if kind >> 16:  # small data element
            kind, size = kind & 0xFFFF, kind >> 16
            yield kind, data[offset + 4:offset + 4 + size]
            offset += 8
            continue
        body = data[offset + 8:offset + 8 + size]
        if len(body) != size:
            raise ValueError(f"a data element promises {size} bytes, but {len(body)} remain")
        yield kind, body
        # Compressed elements are not padded; the others end on an 8-byte boundary.
        offset += 8 + (size if kind == _MI_COMPRESSED else -(-size // 8) * 8)


def _matrix(body: bytes, order: str) -> tuple[str, object] | None:
    """(name, value) of a miMATRIX element, None for a kind of variable not read."""
    parts = iter(_elements(body, 0, order))
    (_, flags), (dims_kind, dims), (_, name) = next(parts), next(parts), next(parts)
    flag_word = struct.unpack_from(f"{order}I", flags)[0]
    array_class, is_complex = flag_word & 0xFF, flag_word & 0x800
    shape = tuple(int(d) for d in np.frombuffer(dims, f"{order}{_DATA_TYPES[dims_kind]}"))
    count = int(np.prod(shape))
    if array_class == _CELL:
        cells = np.empty(count, object)
        for k in range(count):
            kind, element = next(parts)
            cells[k] = _matrix(element, order)[1] if kind == _MI_MATRIX else None
        return name.decode("ascii"), cells.reshape(shape, order="F")
    if array_class == _STRUCT:
        (_, length), (_, names) = next(parts), next(parts)
        width = struct.unpack_from(f"{order}i", length)[0]
        fields = [names[k:k + width].rstrip(b"\0").decode("ascii") for k in range(0, len(names), width)]
        records = np.empty(count, object)
        for k in range(count):
            records[k] = {field: _value(next(parts), order) for field in fields}
        return name.decode("ascii"), records[0] if count == 1 else records.reshape(shape, order="F")
    if is_complex or (array_class not in _CLASSES and array_class != _SPARSE):
        return None
    if array_class == _SPARSE:
        # Compressed sparse columns: row indices, column starts, then the values.
        rows, starts, values = (_numbers(next(parts), order) for _ in range(3))
        dense = np.zeros(shape, values.dtype.newbyteorder("="))
        for column in range(shape[1]):
            span = slice(int(starts[column]), int(starts[column + 1]))
            dense[rows[span].astype(np.int64), column] = values[span]
        return name.decode("ascii"), dense
    values = _numbers(next(parts), order)
    return name.decode("ascii"), values.astype(_CLASSES[array_class]).reshape(shape, order="F")


def _value(element: tuple[int, bytes], order: str) -> object:
    kind, body = element
    named = _matrix(body, order) if kind == _MI_MATRIX else None
    return None if named is None else named[1]


def _numbers(element: tuple[int, bytes], order: str) -> np.ndarray:
    kind, body = element
    return np.frombuffer(body, f"{order}{_DATA_TYPES[kind]}")
