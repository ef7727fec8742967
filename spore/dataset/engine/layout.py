"""Where the results of `map` (and of batch's per_batch_map) go among a row's columns.

MindSpore's rule: when as many columns come out as went in, output i takes the place of
input column i; otherwise the outputs come first, followed by the columns the operation
did not read, in their order.
"""
from __future__ import annotations

import operator


class ColumnLayout:
    """The columns after an operation read `input_columns` of `columns` and produced
    `output_columns`, and how to assemble each new row from the old row and the outputs."""

    def __init__(self, op: str, columns: list[str], input_columns: list[str], output_columns: list[str]):
        if len(input_columns) == len(output_columns):
            renamed = dict(zip(input_columns, range(len(output_columns))))
            self.picks = [("out", renamed[c]) if c in renamed else ("row", i) for i, c in enumerate(columns)]
        else:
            kept = [i for i, c in enumerate(columns) if c not in input_columns]
            self.picks = [("out", j) for j in range(len(output_columns))] + [("row", i) for i in kept]
        self.columns = [output_columns[k] if src == "out" else columns[k] for src, k in self.picks]
        duplicates = sorted({c for c in self.columns if self.columns.count(c) > 1})
        if duplicates:
            raise RuntimeError(f"For '{op}', the output_columns {output_columns} repeat the name(s) {duplicates} "
                               f"of columns the operation keeps; the columns would be {self.columns}.")
        self.input_indices = [columns.index(c) for c in input_columns]
        self.num_outputs = len(output_columns)
        # A new row is picked from `row + outputs` (itemgetter returns a bare item for one position).
        positions = [k + (len(columns) if src == "out" else 0) for src, k in self.picks]
        self._pick = operator.itemgetter(*positions)
        self._one_column = len(positions) == 1
        self._pick_inputs = operator.itemgetter(*self.input_indices)
        self.outputs_only = positions == list(range(len(columns), len(columns) + len(output_columns)))

    def inputs(self, rows: list[tuple]) -> list[tuple]:
        """The values of the input columns of each row."""
        if len(self.input_indices) == 1:
            index = self.input_indices[0]
            return [(row[index],) for row in rows]
        return list(map(self._pick_inputs, rows))

    def assemble(self, row: tuple, outputs: tuple) -> tuple:
        if self.outputs_only:  # the outputs replace every column, in order
            return outputs
        picked = self._pick(row + outputs)
        return (picked,) if self._one_column else picked
