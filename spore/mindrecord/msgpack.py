"""The subset of MessagePack that MindRecord's raw (non-blob) fields use.

A row's raw fields are stored as one MessagePack map {field name: value}, keys sorted,
values ints, floats or strs, encoded as MindSpore's writer encodes them: the smallest
integer form (unsigned forms for non-negative values), float32 when the value survives
the round trip through float32, else float64.
"""
from __future__ import annotations

import struct

_UINTS = ((0xFF, 0xCC, ">B"), (0xFFFF, 0xCD, ">H"), (0xFFFFFFFF, 0xCE, ">I"), (0xFFFFFFFFFFFFFFFF, 0xCF, ">Q"))
_INTS = ((-0x80, 0xD0, ">b"), (-0x8000, 0xD1, ">h"), (-0x80000000, 0xD2, ">i"), (-0x8000000000000000, 0xD3, ">q"))


def pack_map(values: dict) -> bytes:
    """The map of `values` (str keys, sorted) as MessagePack bytes."""
    out = bytearray(_header(len(values), 0x80, 16, 0xDE, 0xDF))
    for key in sorted(values):
        _pack_str(out, key)
        _pack_value(out, values[key])
    return bytes(out)


def _header(length: int, fix: int, fix_limit: int, code16: int, code32: int) -> bytes:
    if length < fix_limit:
        return bytes([fix | length])
    if length <= 0xFFFF:
        return bytes([code16]) + struct.pack(">H", length)
    return bytes([code32]) + struct.pack(">I", length)


def _pack_str(out: bytearray, text: str) -> None:
    data = text.encode("utf-8")
    if len(data) < 32:
        out.append(0xA0 | len(data))
    elif len(data) <= 0xFF:
        out += bytes([0xD9, len(data)])
    else:
        out += _header(len(data), 0, 0, 0xDA, 0xDB)
    out += data


def _pack_value(out: bytearray, value) -> None:
    if isinstance(value, str):
        _pack_str(out, value)
    elif isinstance(value, int):
        _pack_int(out, value)
    elif isinstance(value, float):
        try:
            single = struct.pack(">f", value)
        except OverflowError:  # beyond float32's range
            single = None
        if single is not None and (struct.unpack(">f", single)[0] == value or value != value):
            out += b"\xca" + single
        else:
            out += b"\xcb" + struct.pack(">d", value)
    else:
        raise TypeError(f"MindRecord raw fields hold ints, floats and strs, but got {type(value).__name__}.")


def _pack_int(out: bytearray, value: int) -> None:
    if 0 <= value < 0x80:
        out.append(value)
        return
    if -32 <= value < 0:
        out.append(value & 0xFF)
        return
    table = _UINTS if value >= 0 else _INTS
    for limit, code, fmt in table:
        if (value <= limit) if value >= 0 else (value >= limit):
            out += bytes([code]) + struct.pack(fmt, value)
            return
    raise ValueError(f"MindRecord: the integer {value} does not fit in 64 bits.")


def unpack(data: bytes):
    """The value MessagePack `data` holds (maps, arrays, strs, ints, floats, bools, nil, bins)."""
    value, end = _unpack(data, 0)
    if end != len(data):
        raise ValueError(f"{len(data) - end} byte(s) follow the MessagePack value.")
    return value


_FIXED = {0xCC: ">B", 0xCD: ">H", 0xCE: ">I", 0xCF: ">Q", 0xD0: ">b", 0xD1: ">h", 0xD2: ">i", 0xD3: ">q",
          0xCA: ">f", 0xCB: ">d"}
_LENGTHS = {0xD9: (">B", "str"), 0xDA: (">H", "str"), 0xDB: (">I", "str"), 0xC4: (">B", "bin"),
            0xC5: (">H", "bin"), 0xC6: (">I", "bin"), 0xDC: (">H", "array"), 0xDD: (">I", "array"),
            0xDE: (">H", "map"), 0xDF: (">I", "map")}
_CONSTANTS = {0xC0: None, 0xC2: False, 0xC3: True}


def _unpack(data: bytes, pos: int):
    code = data[pos]
    pos += 1
    if code < 0x80:
        return code, pos
    if code >= 0xE0:
        return code - 0x100, pos
    if code in _CONSTANTS:
        return _CONSTANTS[code], pos
    if code in _FIXED:
        fmt = _FIXED[code]
        size = struct.calcsize(fmt)
        return struct.unpack_from(fmt, data, pos)[0], pos + size
    if 0xA0 <= code < 0xC0:
        kind, length = "str", code & 0x1F
    elif 0x90 <= code < 0xA0:
        kind, length = "array", code & 0x0F
    elif 0x80 <= code < 0x90:
        kind, length = "map", code & 0x0F
    elif code in _LENGTHS:
        fmt, kind = _LENGTHS[code]
        length = struct.unpack_from(fmt, data, pos)[0]
        pos += struct.calcsize(fmt)
    else:
        raise ValueError(f"unsupported MessagePack type byte 0x{code:02x} at offset {pos - 1}.")
    if kind in ("str", "bin"):
        if pos + length > len(data):
            raise ValueError("a MessagePack string runs past the end of the data.")
        chunk = data[pos:pos + length]
        return (chunk.decode("utf-8") if kind == "str" else bytes(chunk)), pos + length
    if kind == "array":
        items = []
        for _ in range(length):
            item, pos = _unpack(data, pos)
            items.append(item)
        return items, pos
    mapping = {}
    for _ in range(length):
        key, pos = _unpack(data, pos)
        mapping[key], pos = _unpack(data, pos)
    return mapping, pos
