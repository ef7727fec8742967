"""Protobuf's wire format, written by hand (spore does not depend on the protobuf package):
encoding fields, and decoding a message into its fields grouped by number."""
from __future__ import annotations

import struct

from ...common.protobuf_wire import packed_varints, typed_fields


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
VARINT, FIXED64, LENGTH_DELIMITED, FIXED32 = 0, 1, 2, 5
_WIRE_NAMES = {VARINT: "varint", FIXED64: "64-bit", LENGTH_DELIMITED: "length-delimited", FIXED32: "32-bit"}


class Fields:
    """A decoded message: the values of each field number, in file order. Each getter
    states the wire type its field must have and raises ValueError when the file holds
    another (a corrupt file, or a field of another schema), never reinterpreting it."""

    def __init__(self, data: bytes):
        self.in_order = list(typed_fields(data))   # (number, wire type, value)
        self.by_number: dict[int, list] = {}
        for number, wire_type, value in self.in_order:
            self.by_number.setdefault(number, []).append((wire_type, value))

    def _values(self, number: int, wire_types: tuple) -> list:
        values = []
        for wire_type, value in self.by_number.get(number, ()):
            if wire_type not in wire_types:
                expected = " or ".join(_WIRE_NAMES[t] for t in wire_types)
                raise ValueError(f"field {number} is {_WIRE_NAMES[wire_type]} where a {expected} value belongs")
            values.append(value)
        return values

    def all(self, number: int) -> list:
        """A repeated message, string or bytes field."""
        return self._values(number, (LENGTH_DELIMITED,))

    def data(self, number: int, default=None):
        """A message, string or bytes field: its last value."""
        values = self.all(number)
        return values[-1] if values else default

    def integer(self, number: int, default: int = 0) -> int:
        """An integer, bool or enum field: its last value (unsigned; see `signed`)."""
        values = self._values(number, (VARINT,))
        return values[-1] if values else default

    def fixed(self, number: int, wire_type: int, default: bytes) -> bytes:
        """A float (FIXED32) or double (FIXED64) field: its last value's bytes."""
        values = self._values(number, (wire_type,))
        return bytes(values[-1]) if values else default

    def text(self, number: int, default: str = "") -> str:
        value = self.data(number)
        return default if value is None else bytes(value).decode()

    def texts(self, number: int) -> list[str]:
        return [bytes(v).decode() for v in self.all(number)]

    def ints(self, number: int) -> list[int]:
        """A repeated int64 field, packed or not."""
        values = []
        for value in self._values(number, (VARINT, LENGTH_DELIMITED)):
            values += packed_varints(value) if isinstance(value, (bytes, bytearray, memoryview)) else [value]
        return [signed(v) for v in values]

    def floats(self, number: int) -> list[float]:
        """A repeated float field, packed or not."""
        data = b"".join(bytes(v) for v in self._values(number, (FIXED32, LENGTH_DELIMITED)))
        if len(data) % 4:
            raise ValueError(f"field {number} holds {len(data)} bytes of floats, not a multiple of 4")
        return list(struct.unpack(f"<{len(data) // 4}f", data))


def signed(value: int) -> int:
    return value - (1 << 64) if value >= 1 << 63 else value


def field(number: int, wire_type: int, value) -> bytes:
    """A field as it was read (`Fields.in_order`), written back with its wire type."""
    if wire_type == VARINT:
        return varint_field(number, value)
    if wire_type == LENGTH_DELIMITED:
        return bytes_field(number, value)
    return _varint(number << 3 | wire_type) + bytes(value)
