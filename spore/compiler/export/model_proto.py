"""MINDIR's top-level message as an object (what `load_mindir` returns and `save_mindir`
writes): the header fields as attributes and `user_info`, the list of key / value
entries users edit. The graph, functions and primitives are kept as they were read and
written back unchanged."""
from __future__ import annotations

from . import schema as s
from .wire import Fields, bytes_field, field, message, varint_field

_TEXT_FIELDS = {"ir_version": s.MODEL_IR_VERSION, "producer_name": s.MODEL_PRODUCER_NAME,
                "producer_version": s.MODEL_PRODUCER_VERSION, "domain": s.MODEL_DOMAIN,
                "model_version": s.MODEL_MODEL_VERSION, "doc_string": s.MODEL_DOC_STRING}
_HEADER_NUMBERS = frozenset(_TEXT_FIELDS.values()) | {s.MODEL_LITTLE_ENDIAN, s.MODEL_MIND_IR_VERSION, s.MODEL_USER_INFO}


class UserInfoEntry:
    """One `user_info` entry: a key and a value, both strings."""

    def __init__(self, key: str = "", value: str = ""):
        self.key = key
        self.value = value

    def __eq__(self, other) -> bool:
        return isinstance(other, UserInfoEntry) and (self.key, self.value) == (other.key, other.value)

    def __repr__(self) -> str:
        return f"UserInfoEntry(key={self.key!r}, value={self.value!r})"


class UserInfo(list):
    """The `user_info` entries; `add(key=..., value=...)` appends one and returns it."""

    def add(self, key: str = "", value: str = "") -> UserInfoEntry:
        entry = UserInfoEntry(key, value)
        self.append(entry)
        return entry


class ModelProto:
    """ModelProto(): ir_version, producer_name, producer_version, domain, model_version,
    doc_string (str), little_endian (bool), mind_ir_version (int), user_info (UserInfo).
    `ParseFromString(data)` reads a MINDIR file's bytes, `SerializeToString()` writes them."""

    def __init__(self):
        for name in _TEXT_FIELDS:
            setattr(self, name, "")
        self.little_endian = False
        self.mind_ir_version = 0
        self.user_info = UserInfo()
        self._fields: list[tuple[int, int, object]] = []   # (number, wire type, value) as read, in file order

    def ParseFromString(self, data: bytes) -> int:
        fields = Fields(data)
        self.__init__()
        for name, number in _TEXT_FIELDS.items():
            setattr(self, name, fields.text(number))
        self.little_endian = bool(fields.integer(s.MODEL_LITTLE_ENDIAN, 0))
        self.mind_ir_version = fields.integer(s.MODEL_MIND_IR_VERSION, 0)
        for entry in fields.all(s.MODEL_USER_INFO):
            entry_fields = Fields(entry)
            self.user_info.add(entry_fields.text(1), entry_fields.text(2))
        self._fields = list(fields.in_order)
        return len(data)

    def SerializeToString(self) -> bytes:
        """The message's bytes: the fields in the order they were read (new ones after),
        header fields and user_info with their current values."""
        header = self._header_parts()
        order = [number for number, _, _ in self._fields]
        order += sorted(set(header) - set(order))
        parts, written = [], set()
        for index, number in enumerate(order):
            if number in header:
                if number not in written:
                    parts += header[number]
                    written.add(number)
            elif number not in _HEADER_NUMBERS:   # (a header field cleared since it was read is left out)
                parts.append(field(*self._fields[index]))
        return message(*parts)

    def _header_parts(self) -> dict[int, list[bytes]]:
        parts = {number: [bytes_field(number, getattr(self, name))] for name, number in _TEXT_FIELDS.items()
                 if getattr(self, name)}
        if self.little_endian:
            parts[s.MODEL_LITTLE_ENDIAN] = [varint_field(s.MODEL_LITTLE_ENDIAN, 1)]
        if self.mind_ir_version:
            parts[s.MODEL_MIND_IR_VERSION] = [varint_field(s.MODEL_MIND_IR_VERSION, self.mind_ir_version)]
        if self.user_info:
            parts[s.MODEL_USER_INFO] = [
                bytes_field(s.MODEL_USER_INFO, message(bytes_field(1, entry.key), bytes_field(2, entry.value)))
                for entry in self.user_info]
        return parts

    def __repr__(self) -> str:
        return (f"ModelProto(ir_version={self.ir_version!r}, producer_name={self.producer_name!r}, "
                f"model_version={self.model_version!r}, user_info={list(self.user_info)!r})")
