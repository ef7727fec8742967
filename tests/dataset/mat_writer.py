"""write_mat: MATLAB level-5 .mat files of numeric arrays, sparse matrices, cells (object
arrays) and 1 x 1 structs (dicts), to test readers without scipy."""
import struct
import zlib

import numpy as np

_TYPES = {np.dtype("f8"): (9, 6), np.dtype("f4"): (7, 7), np.dtype("u1"): (2, 9), np.dtype("u2"): (4, 11),
          np.dtype("i4"): (5, 12), np.dtype("i2"): (3, 10)}
"""dtype to (data type code, array class code)."""


class Sparse:
    """A dense 2-D array to write as a sparse (double) matrix."""

    def __init__(self, dense):
        self.dense = np.asarray(dense, np.float64)


def _element(kind, body):
    return struct.pack("<II", kind, len(body)) + body + b"\0" * (-len(body) % 8)


def _header(array_class, shape, name, nonzero=0):
    return (_element(6, struct.pack("<II", array_class, nonzero)) + _element(5, np.array(shape, "<i4").tobytes())
            + _element(1, name.encode()))


def _matrix(name, value):
    if isinstance(value, dict):
        fields = list(value)
        width = max(len(f) for f in fields) + 1
        body = (_header(2, (1, 1), name) + _element(5, struct.pack("<i", width))
                + _element(1, b"".join(f.encode().ljust(width, b"\0") for f in fields))
                + b"".join(_matrix("", value[f]) for f in fields))
    elif isinstance(value, Sparse):
        columns = [np.nonzero(value.dense[:, c])[0] for c in range(value.dense.shape[1])]
        rows = np.concatenate(columns).astype("<i4")
        starts = np.cumsum([0] + [len(c) for c in columns]).astype("<i4")
        values = np.concatenate([value.dense[c, k] for k, c in enumerate(columns)]).astype("<f8")
        body = (_header(5, value.dense.shape, name, len(rows)) + _element(5, rows.tobytes())
                + _element(5, starts.tobytes()) + _element(9, values.tobytes()))
    elif isinstance(value, np.ndarray) and value.dtype == object:
        body = _header(1, value.shape, name) + b"".join(_matrix("", v) for v in value.ravel(order="F"))
    else:
        array = np.asarray(value)
        data_type, array_class = _TYPES[array.dtype]
        body = _header(array_class, array.shape, name) + _element(
            data_type, array.astype(array.dtype.newbyteorder("<")).tobytes(order="F"))
    return _element(14, body)


def write_mat(path, arrays, compress=False):
    """Each {name: value} as a miMATRIX element (zlib-compressed with `compress`)."""
    out = b"MATLAB 5.0 MAT-file, written by spore tests".ljust(116) + b"\0" * 8 + struct.pack("<H", 0x0100) + b"IM"
    for name, value in arrays.items():
        matrix = _matrix(name, value)
        if compress:
            packed = zlib.compress(matrix)
            out += struct.pack("<II", 15, len(packed)) + packed
        else:
            out += matrix
    with open(path, "wb") as f:
        f.write(out)
