"""read_mat: the numeric arrays of a MATLAB level-5 .mat file (the format SVHN, Oxford
Flowers and Caltech-101 ship their labels in), without scipy."""
from __future__ import annotations

import struct
import zlib

import numpy as np

_MI_MATRIX, _MI_COMPRESSED = 14, 15
_DATA_TYPES = {1: "i1", 2: "u1", 3: "i2", 4: "u2", 5: "i4", 6: "u4", 7: "f4", 9: "f8", 12: "i8", 13: "u8"}
"""Data element type codes (miINT8...) to NumPy type codes (byte order added when read)."""
_CLASSES = {6: "f8", 7: "f4", 8: "i1", 9: "u1", 10: "i2", 11: "u2", 12: "i4", 13: "u4", 14: "i8", 15: "u8"}
"""Array class codes (mxDOUBLE_CLASS...) of numeric arrays to the NumPy type they hold."""


def read_mat(op: str, path: str) -> dict[str, np.ndarray]:
    """{variable name: array} of the numeric (real) arrays in the .mat file at `path`;
    other variables (cells, structs, sparse) are skipped. RuntimeError naming the file
    when it is not a level-5 MAT file."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise RuntimeError(f"{op}: cannot read {path}: {e}") from e
    if len(data) < 128 or data[126:128] not in (b"IM", b"MI"):
        raise RuntimeError(f"{op}: {path} is not a MATLAB level-5 .mat file.")
    order = "<" if data[126:128] == b"IM" else ">"
    arrays: dict[str, np.ndarray] = {}
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


def _matrix(body: bytes, order: str) -> tuple[str, np.ndarray] | None:
    parts = list(_elements(body, 0, order))
    flags, dims, name = parts[0][1], parts[1], parts[2][1]
    array_class = struct.unpack_from(f"{order}I", flags)[0] & 0xFF
    is_complex = struct.unpack_from(f"{order}I", flags)[0] & 0x800
    if array_class not in _CLASSES or is_complex or len(parts) < 4:
        return None
    shape = tuple(np.frombuffer(dims[1], f"{order}{_DATA_TYPES[dims[0]]}"))
    kind, real = parts[3]
    values = np.frombuffer(real, f"{order}{_DATA_TYPES[kind]}")
    return name.decode("ascii"), values.astype(_CLASSES[array_class]).reshape(shape, order="F")
