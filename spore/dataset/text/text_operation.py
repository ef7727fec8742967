"""The bases of the text transforms: string inputs, tokens with byte offsets.

MindSpore's text transforms take NumPy string arrays (a Python str is a 0-d array) and
return NumPy arrays; tokenizers return the tokens and, `with_offsets`, the start and end
byte offsets of each token in the UTF-8 input as uint32 arrays.
"""
from __future__ import annotations

import numpy as np

from .. import checks
from ..transforms.tensor_operation import TensorOperation
from .utils import to_str


class TextOperation(TensorOperation):
    """A transform whose input must be a string array."""

    def _input(self, value) -> np.ndarray:
        array = super()._input(value)
        if array.dtype.kind not in "US":
            raise RuntimeError(f"For '{type(self).__name__}', the input must be a string array, "
                               f"but got dtype {array.dtype}.")
        return to_str(array)


class StringMap(TextOperation):
    """A transform applied to each string of an array of any shape: subclasses give `_map(str) -> str`."""

    def _apply(self, array: np.ndarray) -> np.ndarray:
        mapped = [self._map(s) for s in array.reshape(-1).tolist()]
        return np.array(mapped, dtype=str).reshape(array.shape)

    def _map(self, text: str) -> str:
        raise NotImplementedError


class Tokenizer(TextOperation):
    """A transform splitting one string (a 0-d array) into tokens: subclasses give
    `_spans(str) -> [(start, end)]` in characters, or override `_tokens` (and `_words`
    when the tokens alone come cheaper)."""

    def __init__(self, with_offsets: bool = False):
        self.with_offsets = checks.check_bool(type(self).__name__, "with_offsets", with_offsets)

    def _apply(self, array: np.ndarray):
        if array.ndim != 0:
            raise RuntimeError(f"For '{type(self).__name__}', the input must be a scalar string, "
                               f"but got shape {array.shape}.")
        if not self.with_offsets:
            return tokens_output(self._words(array.item()), [], [], False)
        tokens, starts, ends = self._tokens(array.item())
        return tokens_output(tokens, starts, ends, True)

    def _row_path(self, lists_out: bool):
        if self.with_offsets:
            return None
        words = self._words

        def tokenize(value):
            if type(value) is np.ndarray and value.dtype.kind == "U" and not value.shape:
                text = value.item()
            elif type(value) is str:
                text = value
            else:  # what the transform itself checks and converts
                return self(value)
            tokens = words(text) or [""]
            return tokens if lists_out else np.array(tokens, dtype=str)
        return tokenize

    def _column_path(self, lists_out: bool):
        if self.with_offsets:
            return None
        words = self._words

        def tokenize(column):
            # A stacked column of scalar strings (unicode: a bytes input needs converting).
            if type(column) is not np.ndarray or column.ndim != 1 or column.dtype.kind != "U":
                return NotImplemented
            tokens = [words(text) or [""] for text in column.tolist()]
            return tokens if lists_out else [np.array(row, dtype=str) for row in tokens]
        return tokenize

    def _words(self, text: str) -> list[str]:
        """The tokens of `text` alone (no offsets to compute)."""
        return self._tokens(text)[0]

    def _tokens(self, text: str) -> tuple[list[str], list[int], list[int]]:
        """The tokens of `text` and their UTF-8 byte offsets."""
        spans = self._spans(text)
        byte_at = byte_positions(text)
        return [text[a:b] for a, b in spans], [byte_at[a] for a, _ in spans], [byte_at[b] for _, b in spans]

    def _spans(self, text: str) -> list[tuple[int, int]]:
        raise NotImplementedError


def byte_positions(text: str):
    """The UTF-8 byte offset of each character position of `text` (len(text) + 1 entries)."""
    if text.isascii():
        return range(len(text) + 1)
    codes = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)
    sizes = 1 + (codes >= 0x80) + (codes >= 0x800) + (codes >= 0x10000)
    return np.concatenate([[0], np.cumsum(sizes)]).tolist()


def tokens_output(tokens: list[str], starts: list[int], ends: list[int], with_offsets: bool):
    """The token array (and the offset arrays): an empty input gives one empty token, as MindSpore does."""
    if not tokens:
        tokens, starts, ends = [""], [0], [0]
    array = np.array(tokens, dtype=str)
    if not with_offsets:
        return array
    return array, np.array(starts, dtype=np.uint32), np.array(ends, dtype=np.uint32)
