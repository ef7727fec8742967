"""Protobuf's wire format, written by hand (spore does not depend on the protobuf package):
encoding fields, and decoding a message into its fields grouped by number."""
from __future__ import annotations

import struct

from ...common.protobuf_wire import packed_varints, protobuf_fields


# ---- encoding ---------------------------------------------------------------------------------
def _varint(value: int) -> bytes:
    value &= (1 << 64) - 1          # negative int64 as two's complement, ten bytes
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def varint_field(number: int, value: int) -> bytes:
    return _varint(number << 3) + _varint(int(value))


def bytes_field(number: int, value: bytes | str) -> bytes:
    data = value.encode() if isinstance(value, str) else bytes(value)
    return _varint(number << 3 | 2) + _varint(len(data)) + data


def float_field(number: int, value: float) -> bytes:
    return _varint(number << 3 | 5) + struct.pack("<f", value)


def message(*parts: bytes) -> bytes:
    return b"".join(parts)


# ---- decoding ---------------------------------------------------------------------------------
class Fields:
    """A decoded message: the values of each field number, in file order."""

    def __init__(self, data: bytes):
        self.in_order = list(protobuf_fields(data))
        self.by_number: dict[int, list] = {}
        for number, value in self.in_order:
            self.by_number.setdefault(number, []).append(value)

    def all(self, number: int) -> list:
        return self.by_number.get(number, [])

    def one(self, number: int, default=None):
        values = self.by_number.get(number)
        return values[-1] if values else default

    def text(self, number: int, default: str = "") -> str:
        value = self.one(number)
        return default if value is None else bytes(value).decode()

    def texts(self, number: int) -> list[str]:
        return [bytes(v).decode() for v in self.all(number)]

    def ints(self, number: int) -> list[int]:
        """A repeated int64 field, packed or not."""
        values = []
        for value in self.all(number):
            values += packed_varints(value) if isinstance(value, (bytes, bytearray, memoryview)) else [value]
        return [signed(v) for v in values]


def signed(value: int) -> int:
    return value - (1 << 64) if value >= 1 << 63 else value
