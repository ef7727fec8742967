"""MindSpore's `.ckpt` file format: protobuf, encoded and decoded by hand.

The file is MindSpore's `Checkpoint` message (proto2):

    Checkpoint  { repeated Value value = 1; }
    Value       { required string tag = 1;  oneof { TensorProto tensor = 2; MapTensorProto maptensor = 3; } }
    TensorProto { repeated int64 dims = 1;  required string tensor_type = 2;  required bytes tensor_content = 3; }

What MindSpore writes, and spore writes the same bytes:

- one single-Value `Checkpoint` per entry, back to back (concatenated protobuf messages
  merge, so the file parses as one `Checkpoint`);
- fields in field-number order; `dims` unpacked (one varint field per dimension, none
  for a 0-d tensor); `tensor_type` is the dtype's name ("Float32", "BFloat16"...) and
  `tensor_content` the elements' little-endian bytes in row-major order;
- a string (from `append_dict`) has dims [0], tensor_type "str" and UTF-32-LE content;
- an entry over `SLICE_BYTES` is split into consecutive Values with the same tag and
  the full dims, each holding the next piece of the bytes (protobuf readers refuse
  messages over 2 GiB);
- with a CRC, the file ends with b"crc_num" and the CRC-32 of all the bytes before it
  as a 10-byte big-endian number.

This module only knows bytes and names: converting entries to Tensors is the caller's.
"""
from __future__ import annotations

import binascii
import logging
from collections.abc import Iterable, Iterator
from typing import BinaryIO, NamedTuple

from ..common.protobuf_wire import FIXED32, FIXED64, LENGTH_DELIMITED, VARINT, field_key, varint_bytes, varint_field

SLICE_BYTES = 512 * 1024 * 1024
STRING_TYPE = "str"

_CRC_MARK = b"crc_num"
_CRC_BYTES = 10
_MAX_VARINT_BYTES = 10

_logger = logging.getLogger(__name__)


class Entry(NamedTuple):
    """One named tensor (or string) of a checkpoint file, in either format.

    `type_name` is MindSpore's dtype name ("Float32") or `STRING_TYPE`. `content` is the
    raw bytes: entries read from a file hold a bytes-like object; entries given to a
    writer may instead hold a zero-argument callable returning one, called when the
    entry is written (so saving never holds a second copy of every tensor at once).
    """
    name: str
    shape: tuple
    type_name: str
    content: object


class CheckpointFormatError(ValueError):
    """A file that is not a well-formed checkpoint (the message says where)."""


def content_of(entry: Entry) -> memoryview:
    """The entry's bytes as a flat byte view, calling a lazy `content` if need be."""
    content = entry.content() if callable(entry.content) else entry.content
    return memoryview(content).cast("B")


# ---- writing ----------------------------------------------------------------------------
def _len_prefix(field: int, length: int) -> bytes:
    return field_key(field, LENGTH_DELIMITED) + varint_bytes(length)


def value_header(tag: str, dims: Iterable[int], type_name: str, content_len: int) -> bytes:
    """The bytes of a single-Value `Checkpoint` message up to (not including) its
    `content_len` bytes of tensor_content, which complete it."""
    type_bytes = type_name.encode("utf-8")
    tensor_head = (b"".join(varint_field(1, d) for d in dims)
                   + _len_prefix(2, len(type_bytes)) + type_bytes
                   + _len_prefix(3, content_len))
    tag_bytes = tag.encode("utf-8")
    value_head = _len_prefix(1, len(tag_bytes)) + tag_bytes + _len_prefix(2, len(tensor_head) + content_len)
    value_len = len(value_head) + len(tensor_head) + content_len
    return _len_prefix(1, value_len) + value_head + tensor_head


def _pieces(content: memoryview) -> Iterator[memoryview]:
    if len(content) == 0:
        yield content
    for start in range(0, len(content), SLICE_BYTES):
        yield content[start:start + SLICE_BYTES]


def write(f: BinaryIO, entries: Iterable[Entry], crc_check: bool = False) -> None:
    """Write `entries` to the binary file `f` as MindSpore does (see the module doc)."""
    crc = 0
    for entry in entries:
        for piece in _pieces(content_of(entry)):
            for chunk in (value_header(entry.name, entry.shape, entry.type_name, len(piece)), piece):
                f.write(chunk)
                if crc_check:
                    crc = binascii.crc32(chunk, crc)
    if crc_check:
        f.write(_CRC_MARK + crc.to_bytes(_CRC_BYTES, "big"))


# ---- reading ----------------------------------------------------------------------------
def _read_varint(data: memoryview, pos: int, end: int) -> tuple[int, int]:
    result = 0
    for i in range(_MAX_VARINT_BYTES):
        if pos + i >= end:
            raise CheckpointFormatError(f"the data ends inside a number at byte {pos}")
        byte = data[pos + i]
        result |= (byte & 0x7F) << (7 * i)
        if byte < 0x80:
            return result, pos + i + 1
    raise CheckpointFormatError(f"a number at byte {pos} is longer than {_MAX_VARINT_BYTES} bytes")


def _fields(data: memoryview, pos: int, end: int) -> Iterator[tuple[int, int, object]]:
    """(field number, wire type, value) for each field of the message in data[pos:end]:
    the value is an int for varints, a (start, stop) span for length-delimited fields
    and None for fixed-width ones (no field spore reads is fixed-width)."""
    while pos < end:
        key, pos = _read_varint(data, pos, end)
        field, wire_type = key >> 3, key & 7
        if field == 0:
            raise CheckpointFormatError(f"invalid field number 0 at byte {pos}")
        value = None
        if wire_type == VARINT:
            value, pos = _read_varint(data, pos, end)
        elif wire_type == LENGTH_DELIMITED:
            length, pos = _read_varint(data, pos, end)
            value, pos = (pos, pos + length), pos + length
        elif wire_type in (FIXED64, FIXED32):
            pos += 8 if wire_type == FIXED64 else 4
        else:
            raise CheckpointFormatError(f"unsupported protobuf wire type {wire_type} at byte {pos}")
        if pos > end:
            raise CheckpointFormatError(f"a field ends after its message (byte {end}); the data is truncated")
        yield field, wire_type, value


def _expect_len(field_name: str, wire_type: int, where: str) -> None:
    if wire_type != LENGTH_DELIMITED:
        raise CheckpointFormatError(f"{where}: field '{field_name}' has wire type {wire_type}, "
                                    f"expected a length-delimited field")


def _text(data: memoryview, span: tuple[int, int], what: str) -> str:
    try:
        return bytes(data[span[0]:span[1]]).decode("utf-8")
    except UnicodeDecodeError:
        raise CheckpointFormatError(f"{what} at byte {span[0]} is not valid UTF-8") from None


def _int64(value: int) -> int:
    return value - (1 << 64) if value >= 1 << 63 else value


def _dims(data: memoryview, wire_type: int, value, dims: list) -> None:
    if wire_type == VARINT:
        dims.append(_int64(value))
    elif wire_type == LENGTH_DELIMITED:   # packed encoding
        pos, stop = value
        while pos < stop:
            dim, pos = _read_varint(data, pos, stop)
            dims.append(_int64(dim))
    else:
        raise CheckpointFormatError(f"field 'dims' has wire type {wire_type}")


def _tensor(data: memoryview, span: tuple[int, int], tag: str) -> Entry:
    dims, type_name, content = [], None, None
    where = f"entry '{tag}'"
    for field, wire_type, value in _fields(data, *span):
        if field == 1:
            _dims(data, wire_type, value, dims)
        elif field == 2:
            _expect_len("tensor_type", wire_type, where)
            type_name = _text(data, value, f"the tensor_type of {where}")
        elif field == 3:
            _expect_len("tensor_content", wire_type, where)
            content = data[value[0]:value[1]]
    if type_name is None or content is None:
        missing = "tensor_type" if type_name is None else "tensor_content"
        raise CheckpointFormatError(f"{where} has no {missing}")
    return Entry(tag, tuple(dims), type_name, content)


def _value(data: memoryview, span: tuple[int, int]) -> Entry:
    tag, tensor_span, is_map = None, None, False
    for field, wire_type, value in _fields(data, *span):
        if field in (1, 2, 3):
            _expect_len(("tag", "tensor", "maptensor")[field - 1], wire_type, f"the Value at byte {span[0]}")
        if field == 1:
            tag = _text(data, value, "a tag")
        elif field == 2:
            tensor_span = value
        elif field == 3:
            is_map = True
    if tag is None:
        raise CheckpointFormatError(f"the Value at byte {span[0]} has no tag")
    if is_map:
        raise CheckpointFormatError(f"entry '{tag}' is a MapParameter (maptensor), which spore does not support")
    if tensor_span is None:
        raise CheckpointFormatError(f"entry '{tag}' has no tensor")
    return _tensor(data, tensor_span, tag)


def _split_crc(data: memoryview, crc_check: bool) -> memoryview:
    """The protobuf part of `data`, after checking the CRC footer when asked."""
    mark_at = len(data) - _CRC_BYTES - len(_CRC_MARK)
    has_crc = mark_at >= 0 and data[mark_at:mark_at + len(_CRC_MARK)] == _CRC_MARK
    if not has_crc:
        if crc_check:
            _logger.warning("The checkpoint file has no CRC code, so crc_check can not verify it.")
        return data
    payload = data[:mark_at]
    if crc_check and binascii.crc32(payload) != int.from_bytes(data[-_CRC_BYTES:], "big"):
        raise CheckpointFormatError("the CRC check failed: the file is damaged")
    return payload


def read(data, crc_check: bool = False) -> list[Entry]:
    """The entries of a `.ckpt` file's bytes, in file order, with the slices of an entry
    split by the writer joined back. Raises CheckpointFormatError if `data` is not a
    well-formed checkpoint."""
    data = _split_crc(memoryview(data).cast("B"), crc_check)
    groups: list[tuple[Entry, list[memoryview]]] = []
    for field, wire_type, value in _fields(data, 0, len(data)):
        if field != 1:
            continue
        _expect_len("value", wire_type, "the Checkpoint message")
        entry = _value(data, value)
        if groups and groups[-1][0].name == entry.name:   # the next slice of a large entry
            groups[-1][1].append(entry.content)
        else:
            groups.append((entry, [entry.content]))
    return [entry if len(pieces) == 1 else entry._replace(content=b"".join(pieces)) for entry, pieces in groups]
