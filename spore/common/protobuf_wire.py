"""Reading protobuf messages without the protobuf package (MINDIR graphs, strategy and
group information files, checkpoints' tensors, TFRecord Examples): the wire format's
fields as (number, wire type, value)."""
from __future__ import annotations


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
        if wire_type == 0:
            value, i = varint(data, i)
        elif wire_type in (1, 2, 5):
            if wire_type == 2:
                size, i = varint(data, i)
            else:
                size = 8 if wire_type == 1 else 4
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
