"""The `.safetensors` file format, written the way MindSpore (through the safetensors
library) writes it.

Layout: an 8-byte little-endian header length N, N bytes of JSON header, then the data.
The header maps each name to {"dtype": code, "shape": [...], "data_offsets": [start,
end]} (offsets relative to the start of the data) and "__metadata__" to a dict of
strings; MindSpore puts {"format": "ms"} there (plus "crc_num" with a CRC). The JSON is
compact, "__metadata__" comes first, then the tensors in data order, and the header is
padded with spaces to a multiple of 8 bytes. The data holds the tensors sorted by dtype
(widest first, in the library's order, see `_DTYPES`) and then by name.
"""
from __future__ import annotations

import binascii
import json
import logging
import math
from collections.abc import Sequence
from typing import BinaryIO

from .ckpt_format import CheckpointFormatError, Entry, content_of

# MindSpore dtype name -> (safetensors code, item size), from the last to the first in
# the data layout (the library sorts by its dtype enum, descending).
_DTYPES = {
    "Bool": ("BOOL", 1), "UInt8": ("U8", 1), "Int8": ("I8", 1),
    "Int16": ("I16", 2), "UInt16": ("U16", 2), "Float16": ("F16", 2), "BFloat16": ("BF16", 2),
    "Int32": ("I32", 4), "UInt32": ("U32", 4), "Float32": ("F32", 4), "Complex64": ("C64", 8),
    "Float64": ("F64", 8), "Int64": ("I64", 8), "UInt64": ("U64", 8),
}
_RANK = {name: rank for rank, name in enumerate(_DTYPES)}
_TYPE_OF_CODE = {code: name for name, (code, _) in _DTYPES.items()}

_METADATA_KEY = "__metadata__"
_HEADER_LEN_BYTES = 8
_HEADER_ALIGN = 8

_logger = logging.getLogger(__name__)


# ---- writing ----------------------------------------------------------------------------
def _code_and_size(entry: Entry) -> tuple[str, int]:
    found = _DTYPES.get(entry.type_name)
    if found is None:
        what = "a string" if entry.type_name == "str" else f"dtype {entry.type_name}"
        raise TypeError(f"The safetensors format can not store entry '{entry.name}' of {what}; "
                        f"supported dtypes: {', '.join(_DTYPES)}.")
    return found


_INT_TYPES = frozenset(("Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16", "UInt32", "UInt64"))
_ZEROS = bytes(1 << 20)


def check_storable(entries: Sequence[Entry]) -> None:
    """Raise TypeError for an entry this format has no dtype code for (a string, Complex128)."""
    for entry in entries:
        _code_and_size(entry)


def _crc_update(crc: int, entry: Entry) -> int:
    """Add an entry's data to MindSpore's CRC. MindSpore hashes `bytes(numpy_array)`, and
    for a 0-d integer array Python's `bytes` reads the value as a count and gives that
    many zero bytes (none for a negative value, which MindSpore can not save); CRCs must
    agree with MindSpore's, so this is reproduced."""
    content = content_of(entry)
    if entry.shape != () or entry.type_name not in _INT_TYPES:
        return binascii.crc32(content, crc)
    count = int.from_bytes(content, "little", signed=entry.type_name.startswith("Int"))
    while count > 0:
        crc = binascii.crc32(_ZEROS[:count], crc)
        count -= len(_ZEROS)
    return crc


def _crc(entries: Sequence[Entry]) -> int:
    """MindSpore's safetensors CRC: over each name and its data, in name order."""
    crc = 0
    for entry in sorted(entries, key=lambda e: e.name):
        crc = _crc_update(binascii.crc32(entry.name.encode("utf-8"), crc), entry)
    return crc


def _header(entries: Sequence[Entry], metadata: dict | None) -> bytes:
    header = {} if metadata is None else {_METADATA_KEY: metadata}
    offset = 0
    for entry in entries:
        code, itemsize = _code_and_size(entry)
        nbytes = math.prod(entry.shape) * itemsize
        header[entry.name] = {"dtype": code, "shape": list(entry.shape), "data_offsets": [offset, offset + nbytes]}
        offset += nbytes
    text = json.dumps(header, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    return text + b" " * (-len(text) % _HEADER_ALIGN)


def write(f: BinaryIO, entries: Sequence[Entry], metadata: dict | None = None, crc_check: bool = False) -> None:
    """Write `entries` to the binary file `f`, with `metadata` (a dict of strings) as
    "__metadata__" and, with `crc_check`, MindSpore's "crc_num" added to it."""
    if crc_check:
        metadata = {**(metadata or {}), "crc_num": str(_crc(entries))}
    ordered = sorted(entries, key=lambda e: (-_RANK.get(e.type_name, -1), e.name))
    header = _header(ordered, metadata)
    f.write(len(header).to_bytes(_HEADER_LEN_BYTES, "little"))
    f.write(header)
    for entry in ordered:
        content = content_of(entry)
        expected = math.prod(entry.shape) * _code_and_size(entry)[1]
        if len(content) != expected:
            raise ValueError(f"Entry '{entry.name}' has {len(content)} bytes of data, but its shape "
                             f"{entry.shape} and dtype {entry.type_name} need {expected}.")
        f.write(content)


# ---- reading ----------------------------------------------------------------------------
def _parse_header(data: memoryview) -> tuple[dict, int]:
    """The decoded JSON header and the offset of the data that follows it."""
    if len(data) < _HEADER_LEN_BYTES:
        raise CheckpointFormatError(f"the file has {len(data)} bytes, fewer than the 8-byte header length")
    length = int.from_bytes(data[:_HEADER_LEN_BYTES], "little")
    base = _HEADER_LEN_BYTES + length
    if base > len(data):
        raise CheckpointFormatError(f"the header length {length} runs past the end of the file "
                                    f"({len(data)} bytes); the file is truncated or not safetensors")
    try:
        header = json.loads(bytes(data[_HEADER_LEN_BYTES:base]).decode("utf-8"))
    except UnicodeDecodeError:
        raise CheckpointFormatError("the header is not valid UTF-8") from None
    except json.JSONDecodeError as err:
        raise CheckpointFormatError(f"the header is not valid JSON ({err.msg} at character {err.pos})") from None
    except RecursionError:
        raise CheckpointFormatError("the header nests JSON too deeply") from None
    if not isinstance(header, dict):
        raise CheckpointFormatError("the header is not a JSON object")
    return header, base


def _is_int_list(value, length: int | None = None) -> bool:
    return (isinstance(value, list) and (length is None or len(value) == length)
            and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value))


def _entry(name: str, info, data: memoryview, base: int) -> Entry:
    if not isinstance(info, dict) or not {"dtype", "shape", "data_offsets"} <= info.keys():
        raise CheckpointFormatError(f"entry '{name}' needs 'dtype', 'shape' and 'data_offsets', but got {info!r}")
    type_name = _TYPE_OF_CODE.get(info["dtype"])
    if type_name is None:
        raise CheckpointFormatError(f"entry '{name}' has an unsupported dtype {info['dtype']!r}")
    shape, offsets = info["shape"], info["data_offsets"]
    if not _is_int_list(shape):
        raise CheckpointFormatError(f"entry '{name}' has an invalid shape {shape!r}")
    if not _is_int_list(offsets, 2) or offsets[0] > offsets[1] or base + offsets[1] > len(data):
        raise CheckpointFormatError(f"entry '{name}' has data_offsets {offsets!r} outside the "
                                    f"{len(data) - base} bytes of data; the file is truncated or damaged")
    return Entry(name, tuple(shape), type_name, data[base + offsets[0]:base + offsets[1]])


def _check_crc(metadata: dict | None, entries: Sequence[Entry]) -> None:
    if metadata is None or "crc_num" not in metadata:
        _logger.warning("The safetensors file has no CRC code, so crc_check can not verify it.")
        return
    if str(_crc(entries)) != metadata["crc_num"]:
        raise CheckpointFormatError("the CRC check failed: the file is damaged")


def read(data, crc_check: bool = False) -> tuple[dict | None, list[Entry]]:
    """The "__metadata__" dict (None when absent) and the entries, sorted by name, of a
    `.safetensors` file's bytes. Raises CheckpointFormatError if `data` is not a
    well-formed safetensors file."""
    data = memoryview(data).cast("B")
    header, base = _parse_header(data)
    metadata = header.pop(_METADATA_KEY, None)
    if metadata is not None and not (isinstance(metadata, dict)
                                     and all(isinstance(v, str) for v in metadata.values())):
        raise CheckpointFormatError(f"the {_METADATA_KEY} is not a dict of strings: {metadata!r}")
    entries = [_entry(name, header[name], data, base) for name in sorted(header)]
    if crc_check:
        _check_crc(metadata, entries)
    return metadata, entries
