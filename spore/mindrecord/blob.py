"""The blob part of a record: its blob fields as bytes, as MindSpore's writer lays them out.

A record's blob is the single blob field's bytes when there is one, else each field (in
sorted name order) as an 8-byte big-endian length and its bytes; a record without blob
fields stores 4 zero bytes. Numeric arrays are stored little-endian, except int32 and
int64 arrays, which are compressed: a 4-byte big-endian element count, then 2 bits per
element (the first element in the high bits of the first byte) choosing its width (0:
1 byte, 1: 2, 2: 4, 3: 8), then each element, little-endian, in that width.
"""
from __future__ import annotations

import struct

import numpy as np

from .schema import NUMERIC_TYPES

_WIDTH_DTYPES = (np.int8, np.int16, np.int32, np.int64)
_EMPTY = b"\0\0\0\0"


def encode(fields: dict, blob_fields: list[str], values: dict) -> tuple[bytes, int]:
    """The blob bytes of one record, and the bytes its integer compression saved."""
    if not blob_fields:
        return _EMPTY, 0
    parts, saved = [], 0
    for name in blob_fields:
        value = values[name]
        if isinstance(value, bytes):
            parts.append(value)
        elif fields[name]["type"] in ("int32", "int64"):
            packed = _compress(value)
            saved += value.nbytes - len(packed)
            parts.append(packed)
        else:
            parts.append(value.astype(value.dtype.newbyteorder("<")).tobytes())
    if len(parts) == 1:
        return parts[0], saved
    return b"".join(struct.pack(">Q", len(p)) + p for p in parts), saved


def decode(fields: dict, blob_fields: list[str], blob: bytes) -> dict:
    """{blob field name: bytes or 1-D array} of one record's blob."""
    if not blob_fields:
        return {}
    if len(blob_fields) == 1:
        chunks = [blob]
    else:
        chunks, pos = [], 0
        for _ in blob_fields:
            if pos + 8 > len(blob):
                raise ValueError("a blob field's length runs past the end of the record")
            (length,) = struct.unpack_from(">Q", blob, pos)
            chunks.append(blob[pos + 8:pos + 8 + length])
            pos += 8 + length
    return {name: _decode_field(fields[name], bytes(chunk)) for name, chunk in zip(blob_fields, chunks)}


def _decode_field(field: dict, chunk: bytes):
    kind = field["type"]
    if kind == "bytes":
        return chunk
    if kind in ("int32", "int64"):
        return _decompress(chunk, NUMERIC_TYPES[kind])
    return np.frombuffer(chunk, np.dtype(NUMERIC_TYPES[kind]).newbyteorder("<")).astype(NUMERIC_TYPES[kind])


def _compress(array: np.ndarray) -> bytes:
    values = array.astype(np.int64).reshape(-1)
    codes = np.full(values.shape, 3, np.uint8)
    for code in (2, 1, 0):
        info = np.iinfo(_WIDTH_DTYPES[code])
        codes[(values >= info.min) & (values <= info.max)] = code
    padded = np.zeros(-(-len(codes) // 4) * 4, np.uint8)
    padded[:len(codes)] = codes
    quads = padded.reshape(-1, 4)
    bitmap = (quads[:, 0] << 6) | (quads[:, 1] << 4) | (quads[:, 2] << 2) | quads[:, 3]
    widths = 1 << codes.astype(np.int64)
    offsets = np.cumsum(widths) - widths
    body = np.empty(int(widths.sum()), np.uint8)
    for code, dtype in enumerate(_WIDTH_DTYPES):
        picked = codes == code
        if picked.any():
            width = 1 << code
            little = values[picked].astype(np.dtype(dtype).newbyteorder("<")).view(np.uint8).reshape(-1, width)
            body[(offsets[picked][:, None] + np.arange(width)).reshape(-1)] = little.reshape(-1)
    return struct.pack(">I", len(values)) + bitmap.astype(np.uint8).tobytes() + body.tobytes()


def _decompress(chunk: bytes, dtype) -> np.ndarray:
    (count,) = struct.unpack_from(">I", chunk, 0)
    bitmap = np.frombuffer(chunk, np.uint8, -(-count // 4), 4)
    codes = np.stack([(bitmap >> s) & 3 for s in (6, 4, 2, 0)], axis=1).reshape(-1)[:count]
    widths = 1 << codes.astype(np.int64)
    start = 4 + len(bitmap)
    if start + int(widths.sum()) != len(chunk):
        raise ValueError(f"a compressed integer field holds {len(chunk) - start} bytes of values, but its "
                         f"widths add up to {int(widths.sum())}")
    body = np.frombuffer(chunk, np.uint8, offset=start)
    offsets = np.cumsum(widths) - widths
    out = np.empty(count, dtype)
    for code, width_dtype in enumerate(_WIDTH_DTYPES):
        picked = codes == code
        if picked.any():
            width = 1 << code
            raw = body[(offsets[picked][:, None] + np.arange(width)).reshape(-1)]
            out[picked] = raw.view(np.dtype(width_dtype).newbyteorder("<"))
    return out
