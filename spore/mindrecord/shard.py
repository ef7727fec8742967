"""One MindRecord shard file on disk: its header, pages and SQLite index, read and written.

A shard file is a header region (8-byte little-endian length, then the header as JSON,
zero-padded to `header_size`), then pages of `page_size` bytes (the last one cut to its
content). Blob pages hold the rows' blob parts; raw pages hold their raw parts, in row
groups, one per blob page. Each part is an 8-byte little-endian length and its bytes.
The index `<file>.db` (SQLite) gives every row's page and offsets, plus the values of
the index fields; it is what readers seek by.
"""
from __future__ import annotations

import json
import os
import sqlite3
import struct

from . import blob, msgpack
from .exceptions import MRMOpenError
from .schema import Schema

VERSION = "3.0"
_INDEX_COLUMNS = ("ROW_ID", "PAGE_ID_RAW", "PAGE_OFFSET_RAW", "PAGE_OFFSET_RAW_END", "ROW_GROUP_ID",
                  "PAGE_ID_BLOB", "PAGE_OFFSET_BLOB", "PAGE_OFFSET_BLOB_END")
_SQL_TYPES = {"string": "TEXT", "int32": "INTEGER", "int64": "INTEGER", "float32": "REAL", "float64": "REAL"}


def read_header(path: str) -> dict:
    """The JSON header of the shard file at `path` (MRMOpenError naming it when unreadable)."""
    if not os.path.isfile(path):
        raise MRMOpenError(f"MindRecord: the file {path} does not exist.")
    with open(path, "rb") as f:
        prefix = f.read(8)
        length = struct.unpack("<Q", prefix)[0] if len(prefix) == 8 else -1
        text = f.read(length) if 0 < length < 1 << 30 else b""
    try:
        header = json.loads(text.decode("utf-8")) if len(text) == length else None
    except (UnicodeDecodeError, ValueError):
        header = None
    if not isinstance(header, dict) or not {"header_size", "page_size", "schema", "shard_addresses"} <= set(header):
        raise MRMOpenError(f"MindRecord: {path} is not a MindRecord file (its header is missing or malformed).")
    return header


class ShardReader:
    """Random access to the rows of one shard file, by row number (index order)."""

    def __init__(self, path: str, header: dict | None = None):
        self.path = path
        self.header = header or read_header(path)
        entry = self.header["schema"][0]
        self.schema = Schema(entry["schema"], entry.get("desc", ""))
        self._base = self.header["header_size"]
        self._page = self.header["page_size"]
        self._rows = self._index()

    def _index(self) -> list[tuple]:
        db = self.path + ".db"
        if not os.path.isfile(db):
            raise MRMOpenError(f"MindRecord: the index file {db} of {self.path} does not exist.")
        try:
            connection = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
            try:
                return connection.execute(
                    "SELECT PAGE_ID_RAW, PAGE_OFFSET_RAW, PAGE_OFFSET_RAW_END, PAGE_ID_BLOB, PAGE_OFFSET_BLOB, "
                    "PAGE_OFFSET_BLOB_END FROM INDEXES ORDER BY ROW_ID").fetchall()
            finally:
                connection.close()
        except sqlite3.Error as e:
            raise MRMOpenError(f"MindRecord: the index file {db} cannot be read: {e}.") from e

    def __len__(self) -> int:
        return len(self._rows)

    def read(self, row_numbers) -> list[dict]:
        """{field: value} of each row (raw values as Python scalars, blobs as bytes or 1-D arrays)."""
        fields, blob_fields = self.schema.fields, self.schema.blob_fields
        out = []
        with open(self.path, "rb") as f:
            for n in row_numbers:
                raw_page, raw_start, raw_end, blob_page, blob_start, blob_end = self._rows[n]
                try:
                    values = msgpack.unpack(self._part(f, raw_page, raw_start, raw_end))
                    values.update(blob.decode(fields, blob_fields, self._part(f, blob_page, blob_start, blob_end)))
                except (ValueError, KeyError, struct.error, UnicodeDecodeError) as e:
                    raise RuntimeError(f"MindRecord: row {n} of {self.path} is corrupt: {e}.") from e
                out.append(values)
        return out

    def _part(self, f, page: int, start: int, end: int) -> bytes:
        f.seek(self._base + page * self._page + start)
        data = f.read(end - start)
        if len(data) != end - start or end - start < 8 or struct.unpack_from("<Q", data)[0] != end - start - 8:
            raise ValueError(f"the record at page {page}, offset {start} is truncated or malformed")
        return data[8:]


class _Page:
    """A page being filled; `id` is given when it is written out."""

    def __init__(self, kind: str, type_id: int, start_row: int):
        self.kind, self.type_id, self.start_row = kind, type_id, start_row
        self.data = bytearray()
        self.groups: list[tuple[int, int]] = []
        self.end_row = start_row
        self.id: int | None = None

    def meta(self, shard_id: int) -> dict:
        blob_page = self.kind == "BLOB_DATA"
        return {"end_row_id": self.end_row if blob_page else 0, "page_id": self.id, "page_size": len(self.data),
                "page_type": self.kind, "page_type_id": self.type_id,
                "row_group_ids": [{"id": g, "offset": o} for g, o in (self.groups or [(0, 0)])],
                "shard_id": shard_id, "start_row_id": self.start_row if blob_page else 0}


class ShardWriter:
    """Writes rows into one shard file page by page; `finish` writes its header and index."""

    def __init__(self, path: str, shard_id: int, header_size: int, page_size: int, existing: dict | None = None):
        self.path, self.shard_id = path, shard_id
        self.header_size, self.page_size = header_size, page_size
        self._pages: list[dict] = []
        self._entries: list[list] = []  # per row: the 8 index columns (pages as _Page until written) + index values
        self._counts = {"BLOB_DATA": 0, "RAW_DATA": 0}
        # The file stays open across write_raw_data calls, until finish().
        self._file = open(path, "wb" if existing is None else "r+b")  # noqa: SIM115
        if existing is not None:
            self._resume(existing)
        self._blob = self._new_page("BLOB_DATA")
        self._raw = self._new_page("RAW_DATA")
        self._group_raw: list[tuple[int, bytes]] = []  # (entry number, raw part) of the open blob page's rows

    def _resume(self, existing: dict) -> None:
        self._pages = [dict(p) for p in existing["pages"]]
        for page in self._pages:
            self._counts[page["page_type"]] = max(self._counts[page["page_type"]], page["page_type_id"] + 1)
        self._entries = [list(row) for row in existing["entries"]]

    def _new_page(self, kind: str) -> _Page:
        page = _Page(kind, self._counts[kind], len(self._entries))
        self._counts[kind] += 1
        return page

    def add(self, raw: bytes, blob_bytes: bytes, index_values: list) -> None:
        raw = struct.pack("<Q", len(raw)) + raw
        blob_bytes = struct.pack("<Q", len(blob_bytes)) + blob_bytes
        if max(len(raw), len(blob_bytes)) > self.page_size:
            raise RuntimeError(f"MindRecord: a row of {max(len(raw), len(blob_bytes))} bytes does not fit in a page "
                               f"of {self.page_size} bytes; raise it with set_page_size.")
        group_raw = sum(len(r) for _, r in self._group_raw)
        if self._group_raw and (len(self._blob.data) + len(blob_bytes) > self.page_size
                                or group_raw + len(raw) > self.page_size):
            self._close_group()
        entry = [len(self._entries), self._raw, 0, 0, 0, self._blob, len(self._blob.data),
                 len(self._blob.data) + len(blob_bytes), *index_values]
        self._blob.data += blob_bytes
        self._blob.end_row += 1
        self._group_raw.append((len(self._entries), raw))
        self._entries.append(entry)

    def _close_group(self) -> None:
        """Write the open blob page out, and place its rows' raw parts in a raw page."""
        group = self._blob.type_id
        self._flush(self._blob)
        size = sum(len(r) for _, r in self._group_raw)
        if self._raw.groups and len(self._raw.data) + size > self.page_size:
            self._flush(self._raw)
            self._raw = self._new_page("RAW_DATA")
        self._raw.groups.append((group, len(self._raw.data)))
        for number, raw in self._group_raw:
            entry = self._entries[number]
            start = len(self._raw.data)
            entry[1], entry[2], entry[3], entry[4] = self._raw, start, start + len(raw), group
            self._raw.data += raw
        self._group_raw = []
        self._blob = self._new_page("BLOB_DATA")

    def _flush(self, page: _Page) -> None:
        page.id = len(self._pages)
        self._file.seek(self.header_size + page.id * self.page_size)
        self._file.write(page.data)
        self._pages.append(page.meta(self.shard_id))

    def finish(self, header: dict, index_fields: list[tuple[str, str]]) -> None:
        """Write the last pages, the header (`header` completed with this shard's pages) and the index."""
        if self._group_raw:
            self._close_group()
        if self._raw.groups:
            self._flush(self._raw)
        header = {**header, "page": self._pages, "shard_id": self.shard_id}
        ordered = {key: header[key] for key in ("header_size", "index_fields", "page", "page_size",
                                                "compression_size", "schema", "shard_addresses", "shard_id",
                                                "statistics", "version")}
        text = json.dumps(ordered, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        if len(text) + 8 > self.header_size:
            raise RuntimeError(f"MindRecord: the header of {self.path} needs {len(text) + 8} bytes, more than the "
                               f"header size {self.header_size}; raise it with set_header_size.")
        self._file.seek(0)
        self._file.write(struct.pack("<Q", len(text)) + text)
        self._file.close()
        self._write_index(index_fields)

    def _write_index(self, index_fields: list[tuple[str, str]]) -> None:
        db = self.path + ".db"
        if os.path.exists(db):
            os.remove(db)
        columns = "".join(f",INC_{i} INT, {name}_0 {_SQL_TYPES[kind]}" for i, (name, kind) in enumerate(index_fields))
        keys = "".join(f",INC_{i}" for i in range(len(index_fields)))
        fixed = ", ".join(f"{c:<20} INT  NOT NULL" for c in _INDEX_COLUMNS)
        connection = sqlite3.connect(db)
        try:
            connection.execute(f"CREATE TABLE INDEXES(  {fixed}{columns}, PRIMARY KEY(ROW_ID{keys}))")
            connection.execute("CREATE TABLE SHARD_NAME(NAME TEXT NOT NULL)")
            connection.execute("INSERT INTO SHARD_NAME VALUES (?)", (os.path.basename(self.path),))
            width = 8 + 2 * len(index_fields)
            rows = []
            for entry in self._entries:
                fixed_values = [p.id if isinstance(p, _Page) else p for p in entry[:8]]
                values = [v for value in entry[8:] for v in (0, value)]
                rows.append(fixed_values + values)
            connection.executemany(f"INSERT INTO INDEXES VALUES ({','.join('?' * width)})", rows)
            connection.commit()
        finally:
            connection.close()

    def close(self) -> None:
        if not self._file.closed:
            self._file.close()


def existing_state(path: str, header: dict) -> dict:
    """What a ShardWriter resuming the shard at `path` needs: its pages and index rows."""
    connection = sqlite3.connect(f"file:{path}.db?mode=ro", uri=True)
    try:
        names = [c[1] for c in connection.execute("PRAGMA table_info(INDEXES)").fetchall()]
        values = [n for n in names[8:] if not n.startswith("INC_")]
        rows = connection.execute(f"SELECT {', '.join([*_INDEX_COLUMNS, *values])} FROM INDEXES "
                                  f"ORDER BY ROW_ID").fetchall()
    finally:
        connection.close()
    return {"pages": header["page"], "entries": rows}
