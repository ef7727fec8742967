"""FileWriter: rows written to MindRecord files, readable by MindSpore and by MindDataset."""
from __future__ import annotations

import logging
import os

from . import blob, msgpack
from .exceptions import (
    MRMDefineIndexError,
    MRMInvalidHeaderSizeError,
    MRMInvalidPageSizeError,
    MRMOpenForAppendError,
    ParamTypeError,
    ParamValueError,
)
from .schema import Schema
from .shard import VERSION, ShardWriter, existing_state, read_header

logger = logging.getLogger(__name__)

DEFAULT_HEADER_SIZE = 1 << 24
DEFAULT_PAGE_SIZE = 1 << 25
MAX_SHARDS = 1000


class FileWriter:
    """Writes rows (dicts of field values) to `shard_num` MindRecord files.

    With one shard the file is `file_name`; with more, `file_name0`, `file_name1`, ...
    Each file gets its SQLite index `<file>.db`. Call `add_schema` (and optionally
    `add_index`), then `write_raw_data` any number of times, then `commit`. Rows of one
    `write_raw_data` call are split in consecutive runs over the shards. Rows that do not
    fit the schema are skipped with a warning.
    """

    def __init__(self, file_name, shard_num=1, overwrite=False):
        if not isinstance(file_name, str):
            raise ParamValueError(f"Invalid parameter value. File path: {file_name} is not string.")
        if isinstance(shard_num, bool) or not isinstance(shard_num, int):
            raise ParamTypeError(f"Invalid parameter type. 'shard_num' expect int type, but got "
                                 f"{type(shard_num).__name__}.")
        if not 1 <= shard_num <= MAX_SHARDS:
            raise ParamValueError(f"Invalid parameter value. Parameter shard_num's value: {shard_num} should between "
                                  f"1 and {MAX_SHARDS}.")
        if not isinstance(overwrite, bool):
            raise ParamTypeError(f"Invalid parameter type. 'overwrite' expect bool type, but got "
                                 f"{type(overwrite).__name__}.")
        self._paths = _shard_paths(os.path.abspath(file_name), shard_num)
        self._overwrite = overwrite
        self._schema: Schema | None = None
        self._index_fields: list[str] | None = None
        self._header_size = DEFAULT_HEADER_SIZE
        self._page_size = DEFAULT_PAGE_SIZE
        self._writers: list[ShardWriter] | None = None
        self._compression = 0
        self._committed = False

    @classmethod
    def open_for_append(cls, file_name) -> FileWriter:
        """A FileWriter adding rows to the existing MindRecord file(s) of `file_name` (any shard)."""
        if not isinstance(file_name, str):
            raise ParamValueError(f"Invalid parameter value. File path: {file_name} is not string.")
        try:
            header = read_header(file_name)
        except RuntimeError as e:
            raise MRMOpenForAppendError(f"Failed to open {file_name} for append: {e}") from e
        folder = os.path.dirname(os.path.abspath(file_name))
        paths = [os.path.join(folder, name) for name in header["shard_addresses"]]
        writer = cls.__new__(cls)
        writer._paths = paths
        writer._overwrite = True
        entry = header["schema"][0]
        writer._schema = Schema(entry["schema"], entry.get("desc", ""))
        writer._index_fields = [f["index_field"] for f in header["index_fields"]]
        writer._header_size, writer._page_size = header["header_size"], header["page_size"]
        writer._compression = header.get("compression_size", 0)
        writer._committed = False
        writer._writers = []
        for shard_id, path in enumerate(paths):
            shard_header = read_header(path)
            writer._writers.append(ShardWriter(path, shard_id, writer._header_size, writer._page_size,
                                               existing_state(path, shard_header)))
        return writer

    def add_schema(self, content, desc=None) -> int:
        """Declare the fields (see schema.py); returns the schema id, 0."""
        if self._schema is not None:
            raise RuntimeError("MindRecord: FileWriter already has a schema; add_schema is called once.")
        if desc is not None and not isinstance(desc, str):
            raise ParamTypeError(f"Invalid parameter type. 'desc' expect str type, but got {type(desc).__name__}.")
        self._schema = Schema(content, desc or "")
        return 0

    def add_index(self, index_fields) -> None:
        """Index these raw fields (default: all raw fields) in each file's SQLite index."""
        if not isinstance(index_fields, list):
            raise ParamTypeError("Invalid parameter type. 'index_fields' expect list type.")
        if self._schema is None:
            raise RuntimeError("MindRecord: add_schema must be called before add_index.")
        for name in index_fields:
            if name not in self._schema.fields:
                raise MRMDefineIndexError(f"Failed to define index field. Detail: the field {name!r} is not in the "
                                          f"schema.")
            if name in self._schema.blob_fields:
                raise MRMDefineIndexError(f"Failed to define index field. Detail: Failed to set field {name} since "
                                          f"it's not primitive type.")
        self._index_fields = list(index_fields)

    def set_header_size(self, header_size) -> None:
        """The bytes reserved for each file's header, in [16 KiB, 128 MiB]."""
        if isinstance(header_size, bool) or not isinstance(header_size, int) or not 1 << 14 <= header_size <= 1 << 27:
            raise MRMInvalidHeaderSizeError(f"Invalid header size: {header_size!r}, expected an int in "
                                            f"[16384, 134217728].")
        self._header_size = header_size

    def set_page_size(self, page_size) -> None:
        """The bytes of a page, in [32 KiB, 256 MiB]; a row's blob (and its raw fields) must fit in one."""
        if isinstance(page_size, bool) or not isinstance(page_size, int) or not 1 << 15 <= page_size <= 1 << 28:
            raise MRMInvalidPageSizeError(f"Invalid page size: {page_size!r}, expected an int in "
                                          f"[32768, 268435456].")
        self._page_size = page_size

    def write_raw_data(self, raw_data, parallel_writer=False) -> None:
        """Write a list of rows, each a dict {field: value}."""
        if not isinstance(raw_data, list):
            raise ParamTypeError("Invalid parameter type. 'raw_data' expect list type.")
        if self._schema is None:
            raise RuntimeError("MindRecord: add_schema must be called before write_raw_data.")
        if self._committed:
            raise RuntimeError("MindRecord: the FileWriter has been committed; open_for_append adds more rows.")
        encoded = []
        for n, row in enumerate(raw_data):
            try:
                encoded.append(self._schema.convert(row))
            except ValueError as e:
                logger.warning("MindRecord: row %d of write_raw_data is skipped: %s.", n, e)
        if not encoded:
            raise RuntimeError("There is no valid data which can be written by 'write_raw_data' to mindrecord file.")
        writers = self._open()
        per_shard = -(-len(encoded) // len(writers))
        index_fields = self._indexed()
        schema = self._schema
        for n, (raw, blobs) in enumerate(encoded):
            blob_bytes, saved = blob.encode(schema.fields, schema.blob_fields, blobs)
            self._compression += saved
            writers[n // per_shard].add(msgpack.pack_map(raw), blob_bytes, [raw[f] for f in index_fields])

    def commit(self) -> None:
        """Finish the files: write the last pages, the headers and the indexes."""
        if self._schema is None:
            raise RuntimeError("MindRecord: add_schema must be called before commit.")
        if self._committed:
            return
        writers = self._open()
        index_fields = self._indexed()
        header = {"header_size": self._header_size,
                  "index_fields": [{"index_field": f, "schema_id": 0} for f in index_fields],
                  "page_size": self._page_size, "compression_size": self._compression,
                  "schema": [self._schema.as_json()],
                  "shard_addresses": [os.path.basename(p) for p in self._paths],
                  "statistics": None, "version": VERSION}
        kinds = [(f, self._schema.fields[f]["type"]) for f in index_fields]
        for writer in writers:
            writer.finish(header, kinds)
        self._committed = True

    def _indexed(self) -> list[str]:
        return self._schema.raw_fields if self._index_fields is None else self._index_fields

    def _open(self) -> list[ShardWriter]:
        if self._writers is None:
            for path in self._paths:
                for existing in (path, path + ".db"):
                    if os.path.exists(existing):
                        if not self._overwrite:
                            raise RuntimeError(f"MindRecord: the file {existing} already exists; remove it or pass "
                                               f"overwrite=True.")
                        os.remove(existing)
            self._writers = [ShardWriter(p, i, self._header_size, self._page_size) for i, p in enumerate(self._paths)]
        return self._writers

    def __del__(self):
        for writer in getattr(self, "_writers", None) or []:
            writer.close()


def _shard_paths(file_name: str, shard_num: int) -> list[str]:
    if shard_num == 1:
        return [file_name]
    return [f"{file_name}{i}" for i in range(shard_num)]
