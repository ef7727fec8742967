"""Reading protobuf messages MindSpore writes (MINDIR graphs, strategy and group information
files) without the protobuf package: fields as (number, value) pairs."""
from __future__ import annotations


def _varint(data: bytes, i: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, i


def protobuf_fields(data: bytes):
    """(field number, value) of a protobuf message: ints for varints, bytes otherwise."""
    i = 0
    while i < len(data):
        key, i = _varint(data, i)
        field, wire_type = key >> 3, key & 7
        if wire_type == 0:
            value, i = _varint(data, i)
        elif wire_type == 2:
            length, i = _varint(data, i)
            value, i = data[i:i + length], i + length
            if i > len(data):
                raise ValueError("a field runs past the end of the file")
        elif wire_type in (1, 5):
            size = 8 if wire_type == 1 else 4
            value, i = data[i:i + size], i + size
        else:
            raise ValueError(f"unknown protobuf wire type {wire_type}")
        yield field, value


def packed_varints(data: bytes) -> list[int]:
    values, i = [], 0
    while i < len(data):
        value, i = _varint(data, i)
        values.append(value)
    return values
