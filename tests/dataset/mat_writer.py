"""write_mat: MATLAB level-5 .mat files of numeric arrays, to test readers without scipy."""
import struct
import zlib

import numpy as np

_TYPES = {np.dtype("f8"): (9, 6), np.dtype("f4"): (7, 7), np.dtype("u1"): (2, 9), np.dtype("u2"): (4, 11),
          np.dtype("i4"): (5, 12), np.dtype("i2"): (3, 10)}
"""dtype to (data type code, array class code)."""


def _element(kind, body):
    padding = -len(body) % 8
    return struct.pack("<II", kind, len(body)) + body + b"\0" * padding


def write_mat(path, arrays, compress=False):
    """Each {name: array} as a miMATRIX element (zlib-compressed with `compress`)."""
    out = b"MATLAB 5.0 MAT-file, written by spore tests".ljust(116) + b"\0" * 8 + struct.pack("<H", 0x0100) + b"IM"
    for name, array in arrays.items():
        array = np.asarray(array)
        data_type, array_class = _TYPES[array.dtype]
        body = (_element(6, struct.pack("<II", array_class, 0))
                + _element(5, np.array(array.shape, "<i4").tobytes())
                + _element(1, name.encode())
                + _element(data_type, array.astype(array.dtype.newbyteorder("<")).tobytes(order="F")))
        matrix = _element(14, body)
        if compress:
            packed = zlib.compress(matrix)
            out += struct.pack("<II", 15, len(packed)) + packed
        else:
            out += matrix
    with open(path, "wb") as f:
        f.write(out)
