"""MindPage: the rows of MindRecord files grouped by the values of one index field
(a category), read a page at a time."""
from __future__ import annotations

import json
import sqlite3

from .exceptions import MRMDefineCategoryError, ParamTypeError, ParamValueError
from .filereader import shard_readers


class MindPage:
    """Pages of rows by category. `candidate_fields` are the files' index fields; set
    `category_field` to one of them (default: the first). Categories are its distinct
    values in ascending order, numbered from 0; a row comes back as FileReader gives it."""

    def __init__(self, file_name, num_consumer=4):
        if isinstance(num_consumer, bool) or not isinstance(num_consumer, int) or not 1 <= num_consumer <= 64:
            raise ParamValueError(f"Invalid parameter value. 'num_consumer' must be an int in [1, 64], but got "
                                  f"{num_consumer!r}.")
        self._readers = shard_readers(file_name, "MindPage")
        header = self._readers[0].header
        self._candidate_fields = [f["index_field"] for f in header["index_fields"]]
        if not self._candidate_fields:
            raise RuntimeError(f"MindPage: {file_name} has no index fields to group rows by.")
        schema = self._readers[0].schema
        self._order = [*schema.raw_fields, *schema.blob_fields]
        self._shapes = {n: f.get("shape") for n, f in schema.fields.items()}
        self._category_field = self._candidate_fields[0]
        self._groups: list[tuple[object, list[tuple[int, int]]]] | None = None

    @property
    def candidate_fields(self) -> list[str]:
        return list(self._candidate_fields)

    @property
    def category_field(self) -> str:
        return self._category_field

    @category_field.setter
    def category_field(self, field) -> None:
        if not isinstance(field, str):
            raise ParamTypeError(f"Invalid parameter type. 'category_field' expect str type, but got "
                                 f"{type(field).__name__}.")
        if field not in self._candidate_fields:
            raise MRMDefineCategoryError(f"Failed to define category field. Detail: Field '{field}' is not a "
                                         f"candidate category field.")
        self._category_field = field
        self._groups = None

    def _categories(self) -> list[tuple[object, list[tuple[int, int]]]]:
        """(value, [(shard, row)...]) per distinct value of the category field, values ascending."""
        if self._groups is None:
            members: dict = {}
            for shard, reader in enumerate(self._readers):
                connection = sqlite3.connect(f"file:{reader.path}.db?mode=ro", uri=True)
                try:
                    found = connection.execute(
                        f'SELECT ROW_ID, "{self._category_field}_0" FROM INDEXES ORDER BY ROW_ID').fetchall()
                finally:
                    connection.close()
                for row, value in found:
                    members.setdefault(value, []).append((shard, row))
            self._groups = sorted(members.items(), key=lambda item: item[0])
        return self._groups

    def read_category_info(self) -> str:
        """The categories as JSON: {"categories": [{"count", "id", "name"}...], "key": "<field>_0"}."""
        categories = [{"count": len(rows), "id": i, "name": str(value)}
                      for i, (value, rows) in enumerate(self._categories())]
        return json.dumps({"categories": categories, "key": f"{self._category_field}_0"}, separators=(",", ":"))

    def read_at_page_by_id(self, category_id, page, num_row) -> list[dict]:
        """Rows page * num_row ... of category number `category_id`."""
        groups = self._categories()
        _check_int("category_id", category_id)
        if category_id >= len(groups):
            raise RuntimeError(f"MindPage: the category id {category_id} is out of range; there are {len(groups)} "
                               f"categories of '{self._category_field}'.")
        return self._page(groups[category_id][1], page, num_row)

    def read_at_page_by_name(self, category_name, page, num_row) -> list[dict]:
        """Rows page * num_row ... of the category whose value reads `category_name`."""
        if not isinstance(category_name, str):
            raise ParamTypeError(f"Invalid parameter type. 'category_name' expect str type, but got "
                                 f"{type(category_name).__name__}.")
        for value, rows in self._categories():
            if str(value) == category_name:
                return self._page(rows, page, num_row)
        raise RuntimeError(f"MindPage: no category of '{self._category_field}' is named {category_name!r}.")

    def _page(self, rows: list[tuple[int, int]], page, num_row) -> list[dict]:
        _check_int("page", page)
        _check_int("num_row", num_row, 1)
        picked = rows[page * num_row:(page + 1) * num_row]
        out = []
        for shard, row in picked:
            values = self._readers[shard].read([row])[0]
            out.append({name: values[name].reshape(self._shapes[name]) if self._shapes[name] else values[name]
                        for name in self._order})
        return out


def _check_int(name: str, value, low: int = 0) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ParamTypeError(f"Invalid parameter type. '{name}' expect int type, but got {type(value).__name__}.")
    if value < low:
        raise ParamValueError(f"Invalid parameter value. '{name}' must be at least {low}, but got {value}.")
