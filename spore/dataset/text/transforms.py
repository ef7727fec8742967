"""Text transforms on token arrays (`mindspore.dataset.text.transforms`): Lookup,
ToNumber, SlidingWindow, Ngram, Truncate, TruncateSequencePair, AddToken; the
tokenizers, string maps and vector lookups, re-exported from their modules."""
from __future__ import annotations

import itertools
import numbers

import numpy as np

from ...common import dtype as mstype
from .. import checks
from ..transforms.tensor_operation import TensorOperation
from ..transforms.transforms import to_numpy_dtype
from ..values import as_array
from . import validators
from .normalize import CaseFold, NormalizeUTF8, RegexReplace
from .sentencepiece import SentencePieceTokenizer
from .text_operation import TextOperation
from .tokenizers import (
    BasicTokenizer,
    BertTokenizer,
    PythonTokenizer,
    RegexTokenizer,
    UnicodeCharTokenizer,
    UnicodeScriptTokenizer,
    WhitespaceTokenizer,
    WordpieceTokenizer,
)
from .vectors import ToVectors
from .wikipedia import FilterWikipediaXML


class Lookup(TextOperation):
    """Words (a string array of any shape) to their ids in `vocab`, as `data_type`. A word
    not in the vocab takes the id of `unknown_token`; without one it is an error."""

    takes_str_lists = True

    def __init__(self, vocab, unknown_token=None, data_type=mstype.int32):
        validators.check_vocab("Lookup", vocab)
        if unknown_token is not None and not isinstance(unknown_token, str):
            raise TypeError(f"For 'Lookup', the 'unknown_token' must be a str, but got {type(unknown_token).__name__}.")
        self.vocab = vocab
        self.unknown_token = unknown_token
        self.data_type = data_type
        self._np_type = to_numpy_dtype("Lookup", "data_type", data_type)
        if self._np_type.kind not in "iuf":
            raise TypeError(f"For 'Lookup', the 'data_type' must be numeric, but got {data_type}.")
        self._ids = vocab.vocab()

    def _apply(self, array: np.ndarray) -> np.ndarray:
        return np.array(self._ids_of(array.reshape(-1).tolist()), dtype=self._np_type).reshape(array.shape)

    def _row_path(self, lists_out: bool):
        def lookup(value):
            if type(value) is not list:  # not a tokenizer's list of str: what the transform itself does
                return self(value)
            return np.array(self._ids_of(value), dtype=self._np_type)
        return lookup

    def _row_path_through(self, following, lists_out: bool):
        ids = self._ids_before_truncate(following)
        if ids is None:
            return None
        length = following.max_seq_len

        def lookup_truncated(value):
            if type(value) is not list:
                return NotImplemented
            words = value[:length]
            return ids(words, len(words))
        return lookup_truncated

    def _column_path(self, lists_out: bool):
        dtype = self._np_type

        def lookup(column):
            if not _lists_of_words(column):
                return NotImplemented
            return [np.array(self._ids_of(words), dtype=dtype) for words in column]
        return lookup

    def _column_path_through(self, following, lists_out: bool):
        # All the task's words looked up in one pass; the ids stacked when the rows keep
        # as many words each (the usual case once Truncate cuts long sentences).
        ids_of = self._ids_before_truncate(following)
        if ids_of is None:
            return None
        length = following.max_seq_len

        def lookup_truncated(column):
            if not _lists_of_words(column):
                return NotImplemented
            cut = [words[:length] for words in column]
            sizes = list(map(len, cut))
            ids = ids_of(itertools.chain.from_iterable(cut), sum(sizes))
            if min(sizes) == max(sizes):
                return ids.reshape(len(cut), sizes[0])
            ends = list(itertools.accumulate(sizes))
            return [ids[end - size:end] for size, end in zip(sizes, ends)]
        return lookup_truncated

    def _ids_before_truncate(self, following):
        """A function of (words, their count) giving their ids, none failing, when
        `following` is a Truncate that may cut the words before they are looked up: it may
        when no word can fail (an unknown token in the vocab). None otherwise."""
        unknown = self._unknown_id()
        if type(following) is not Truncate or unknown is None:
            return None
        get, dtype = self._ids.get, self._np_type
        return lambda words, count: np.fromiter(map(get, words, itertools.repeat(unknown)), dtype, count)

    def _unknown_id(self):
        return self._ids.get(self.unknown_token) if self.unknown_token is not None else None

    def _ids_of(self, words: list[str]) -> list:
        unknown = self._unknown_id()
        ids = list(map(self._ids.get, words, itertools.repeat(unknown)))
        if unknown is None and None in ids:
            word = words[ids.index(None)]
            if self.unknown_token is not None:
                raise RuntimeError(f"For 'Lookup', the 'unknown_token' {self.unknown_token!r} is not in the vocab.")
            raise RuntimeError(f"For 'Lookup', the word {word!r} is not in the vocab and no 'unknown_token' is set.")
        return ids


def _lists_of_words(column) -> bool:
    """Whether a task's column is a tokenizer's column path's: a list of lists of str."""
    return type(column) is list and all(type(words) is list for words in column)


class ToNumber(TextOperation):
    """Strings of numbers (any shape) parsed as `data_type`; a string that is not a number
    of that type, or out of its range, is an error."""

    def __init__(self, data_type):
        self.data_type = data_type
        self._np_type = to_numpy_dtype("ToNumber", "data_type", data_type)
        if self._np_type.kind not in "iuf":
            raise TypeError(f"For 'ToNumber', the 'data_type' must be a numeric type, but got {data_type}.")

    def _apply(self, array: np.ndarray) -> np.ndarray:
        numbers_ = [self._parse(s) for s in array.reshape(-1).tolist()]
        return np.array(numbers_, dtype=self._np_type).reshape(array.shape)

    def _parse(self, text: str):
        try:
            value = int(text) if self._np_type.kind in "iu" else float(text)
        except ValueError:
            raise RuntimeError(f"For 'ToNumber', the string {text!r} is not a number of type "
                               f"{self._np_type}.") from None
        if self._np_type.kind in "iu":
            info = np.iinfo(self._np_type)
            if not info.min <= value <= info.max:
                raise RuntimeError(f"For 'ToNumber', the string {text!r} is out of the range of {self._np_type}.")
        elif np.isfinite(value) and not np.isfinite(self._np_type.type(value)):
            raise RuntimeError(f"For 'ToNumber', the string {text!r} is out of the range of {self._np_type}.")
        return value


class SlidingWindow(TensorOperation):
    """The windows of `width` consecutive items of a 1-D array, shape (n - width + 1, width);
    empty when the array is shorter than `width`."""

    def __init__(self, width: int, axis: int = 0):
        self.width = checks.check_int("SlidingWindow", "width", width, 1)
        self.axis = checks.check_int("SlidingWindow", "axis", axis, -checks.INT32_MAX)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        if array.ndim != 1 or self.axis not in (0, -1):
            raise RuntimeError(f"For 'SlidingWindow', the input must be 1-D and 'axis' 0 or -1, but got shape "
                               f"{array.shape} and axis {self.axis}.")
        count = array.shape[0] - self.width + 1
        if count <= 0:
            return array[:0]
        return np.stack([array[i:i + self.width] for i in range(count)])


class Ngram(TextOperation):
    """The n-grams of a 1-D string array for each n of `n`, joined by `separator`, after
    padding with up to n - 1 of the `left_pad` / `right_pad` (token, width) tokens. An n
    longer than the padded input gives one empty string."""

    def __init__(self, n, left_pad=("", 0), right_pad=("", 0), separator=" "):
        sizes = [n] if isinstance(n, numbers.Integral) and not isinstance(n, bool) else n
        if not isinstance(sizes, (list, tuple)) or not sizes:
            raise TypeError(f"For 'Ngram', the 'n' must be an int or a non-empty list of int, but got {n!r}.")
        self.n = [checks.check_int("Ngram", "n", size, 1) for size in sizes]
        self.left_pad = _check_pad("left_pad", left_pad)
        self.right_pad = _check_pad("right_pad", right_pad)
        self.separator = validators.check_str("Ngram", "separator", separator)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        if array.ndim != 1:
            raise RuntimeError(f"For 'Ngram', the input must be a 1-D string array, but got shape {array.shape}.")
        words = array.tolist()
        grams = []
        for n in self.n:
            padded = ([self.left_pad[0]] * min(self.left_pad[1], n - 1) + words
                      + [self.right_pad[0]] * min(self.right_pad[1], n - 1))
            if len(padded) < n:
                grams.append("")
            grams.extend(self.separator.join(padded[i:i + n]) for i in range(len(padded) - n + 1))
        return np.array(grams, dtype=str)


def _check_pad(name: str, pad) -> tuple[str, int]:
    if not (isinstance(pad, (list, tuple)) and len(pad) == 2 and isinstance(pad[0], str)):
        raise TypeError(f"For 'Ngram', the '{name}' must be a (str, int) pair, but got {pad!r}.")
    return pad[0], checks.check_int("Ngram", f"{name}[1]", pad[1])


class Truncate(TensorOperation):
    """A 1-D or 2-D array cut to at most `max_seq_len` items along its last axis."""

    def __init__(self, max_seq_len: int):
        self.max_seq_len = checks.check_int("Truncate", "max_seq_len", max_seq_len, 1)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        if array.ndim not in (1, 2):
            raise RuntimeError(f"For 'Truncate', the input must be 1-D or 2-D, but got shape {array.shape}.")
        return array[..., :self.max_seq_len]

    def _row_path(self, lists_out: bool):
        length = self.max_seq_len

        def truncate(value):
            if type(value) is np.ndarray and value.ndim in (1, 2):
                return value[..., :length]
            return self(value)
        return truncate

    def _column_path(self, lists_out: bool):
        length = self.max_seq_len

        def truncate(column):
            if type(column) is np.ndarray and column.ndim in (2, 3):
                return column[..., :length]
            if type(column) is list and all(type(value) is np.ndarray and value.ndim in (1, 2) for value in column):
                return [value[..., :length] for value in column]
            return NotImplemented
        return truncate


class TruncateSequencePair(TensorOperation):
    """Two 1-D arrays cut, the longer one first, until their lengths sum to at most `max_length`."""

    def __init__(self, max_length: int):
        self.max_length = checks.check_int("TruncateSequencePair", "max_length", max_length)

    def __call__(self, *inputs):
        if len(inputs) != 2:
            raise TypeError(f"For 'TruncateSequencePair', 2 inputs are expected, but got {len(inputs)}.")
        first, second = (as_array(v, "TruncateSequencePair") for v in inputs)
        if first.ndim != 1 or second.ndim != 1:
            raise RuntimeError(f"For 'TruncateSequencePair', both inputs must be 1-D, but got shapes "
                               f"{first.shape} and {second.shape}.")
        size1, size2 = len(first), len(second)
        while size1 + size2 > self.max_length:
            if size1 > size2:
                size1 -= 1
            else:
                size2 -= 1
        return first[:size1], second[:size2]


class AddToken(TextOperation):
    """A 1-D string array with `token` added at its beginning (or its end)."""

    def __init__(self, token: str, begin: bool = True):
        self.token = validators.check_str("AddToken", "token", token)
        self.begin = checks.check_bool("AddToken", "begin", begin)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        if array.ndim not in (1, 2):
            raise RuntimeError(f"For 'AddToken', the input must be a 1-D or 2-D string array, "
                               f"but got shape {array.shape}.")
        token = np.full(array.shape[:-1] + (1,), self.token)
        return np.concatenate([token, array] if self.begin else [array, token], axis=-1)


__all__ = [
    "AddToken", "BasicTokenizer", "BertTokenizer", "CaseFold", "FilterWikipediaXML", "Lookup", "Ngram",
    "NormalizeUTF8", "PythonTokenizer", "RegexReplace", "RegexTokenizer", "SentencePieceTokenizer", "SlidingWindow",
    "ToNumber", "ToVectors", "Truncate", "TruncateSequencePair", "UnicodeCharTokenizer", "UnicodeScriptTokenizer",
    "WhitespaceTokenizer", "WordpieceTokenizer",
]
