"""Protobuf's wire format without the protobuf package, for every file spore reads or
writes in it (MINDIR graphs, strategy and group information files, checkpoints, summary
event files, TFRecord Examples): decoding a message into (number, wire type, value) fields,
and encoding fields."""
from __future__ import annotations

import struct

VARINT, FIXED64, LENGTH_DELIMITED, FIXED32 = 0, 1, 2, 5


def varint(data: bytes, i: int) -> tuple[int, int]:
    """The varint starting at data[i], and the position after it."""
    value = shift = 0
    while True:
        if i >= len(data):
            raise ValueError("a varint runs past the end of the message")
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, i


def typed_fields(data: bytes):
    """(field number, wire type, value) of a message: ints for varints, bytes otherwise."""
    i = 0
    while i < len(data):
        key, i = varint(data, i)
        field, wire_type = key >> 3, key & 7
        if wire_type == VARINT:
            value, i = varint(data, i)
        elif wire_type in (FIXED64, LENGTH_DELIMITED, FIXED32):
            if wire_type == LENGTH_DELIMITED:
                size, i = varint(data, i)
            else:
                size = 8 if wire_type == FIXED64 else 4
            value, i = data[i:i + size], i + size
            if i > len(data):
                raise ValueError("a field runs past the end of the message")
        else:
            raise ValueError(f"unknown protobuf wire type {wire_type}")
        yield field, wire_type, value


def protobuf_fields(data: bytes):
    """(field number, value) of a message: ints for varints, bytes otherwise."""
    for field, _, value in typed_fields(data):
        yield field, value


def packed_varints(data: bytes) -> list[int]:
    values, i = [], 0
    while i < len(data):
        value, i = varint(data, i)
        values.append(value)
    return values


# ---- encoding ---------------------------------------------------------------------------------
def varint_bytes(value: int) -> bytes:
    """`value` as a varint; a negative int64 as its two's complement, ten bytes."""
    value &= (1 << 64) - 1
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def field_key(number: int, wire_type: int) -> bytes:
    """The key that opens field `number` of `wire_type`."""
    return varint_bytes(number << 3 | wire_type)


def varint_field(number: int, value: int) -> bytes:
    return field_key(number, VARINT) + varint_bytes(int(value))


def bytes_field(number: int, value: bytes | str) -> bytes:
    data = value.encode("utf-8") if isinstance(value, str) else bytes(value)
    return field_key(number, LENGTH_DELIMITED) + varint_bytes(len(data)) + data


def string_field(number: int, value: str) -> bytes:
    return bytes_field(number, value.encode("utf-8"))


def float_field(number: int, value: float) -> bytes:
    return field_key(number, FIXED32) + struct.pack("<f", float(value))


def double_field(number: int, value: float) -> bytes:
    return field_key(number, FIXED64) + struct.pack("<d", float(value))
