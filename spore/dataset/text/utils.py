"""Text utilities (`mindspore.dataset.text.utils`): Vocab, the text enums, to_str / to_bytes.

A Vocab maps words to ids: built from a list, a dict, a vocabulary file or the words of a
dataset's columns. Lookup and WordpieceTokenizer read it.
"""
from __future__ import annotations

import collections
import os
from enum import IntEnum

import numpy as np

from .. import checks


class JiebaMode(IntEnum):
    MIX = 0
    MP = 1
    HMM = 2


class NormalizeForm(IntEnum):
    NONE = 0
    NFC = 1
    NFKC = 2
    NFD = 3
    NFKD = 4


class SentencePieceModel(IntEnum):
    UNIGRAM = 0
    BPE = 1
    CHAR = 2
    WORD = 3


class SPieceTokenizerOutType(IntEnum):
    STRING = 0
    INT = 1


class SPieceTokenizerLoadType(IntEnum):
    FILE = 0
    MODEL = 1


class Vocab:
    """A word-to-id table. Build it with one of the `from_*` class methods."""

    def __init__(self, word_ids: dict[str, int] | None = None):
        self._word_ids = dict(word_ids or {})
        self._id_words = {i: w for w, i in self._word_ids.items()}

    @classmethod
    def from_list(cls, word_list, special_tokens=None, special_first=True) -> Vocab:
        """Ids in list order; `special_tokens` take the first ids (or the last ones)."""
        words = _check_words("Vocab.from_list", "word_list", word_list)
        return cls._numbered(words, special_tokens, special_first, "word_list")

    @classmethod
    def from_dict(cls, word_dict) -> Vocab:
        if not isinstance(word_dict, dict):
            raise TypeError(f"For 'Vocab.from_dict', the 'word_dict' must be a dict, "
                            f"but got {type(word_dict).__name__}.")
        for word, index in word_dict.items():
            if not isinstance(word, str):
                raise TypeError(f"For 'Vocab.from_dict', every key must be a str, but got {word!r}.")
            checks.check_int("Vocab.from_dict", f"word_dict[{word!r}]", index)
        return cls(word_dict)

    @classmethod
    def from_file(cls, file_path, delimiter="", vocab_size=None, special_tokens=None, special_first=True) -> Vocab:
        """One word a line (the text before `delimiter` when one is given); the first
        `vocab_size` words are kept."""
        op = "Vocab.from_file"
        if not isinstance(file_path, (str, os.PathLike)) or not os.path.isfile(file_path):
            raise ValueError(f"For '{op}', the 'file_path' must be an existing file, but got {file_path!r}.")
        if not isinstance(delimiter, str):
            raise TypeError(f"For '{op}', the 'delimiter' must be a str, but got {type(delimiter).__name__}.")
        vocab_size = checks.check_optional_int(op, "vocab_size", vocab_size, 1)
        words = []
        with open(file_path, encoding="utf-8") as lines:
            for line in lines:
                line = line.rstrip("\r\n")
                word = line.split(delimiter, 1)[0] if delimiter else line
                if word:
                    words.append(word)
        if vocab_size is not None:
            words = words[:vocab_size]
        return cls._numbered(words, special_tokens, special_first, "file_path")

    @classmethod
    def from_dataset(cls, dataset, columns=None, freq_range=None, top_k=None, special_tokens=None,
                     special_first=True) -> Vocab:
        """The words of a dataset's string columns, the most frequent first (ties in
        alphabetical order), those with a count in `freq_range` = (min, max), at most `top_k`."""
        op = "Vocab.from_dataset"
        columns = checks.check_optional_columns(op, "columns", columns)
        low, high = _check_freq_range(op, freq_range)
        top_k = checks.check_optional_int(op, "top_k", top_k, 1)
        counts = collections.Counter()
        for row in dataset.create_dict_iterator(num_epochs=1, output_numpy=True):
            for column in columns or list(row):
                values = np.asarray(row[column])
                if values.dtype.kind not in "US":
                    raise TypeError(f"For '{op}', the column '{column}' must hold strings, but got {values.dtype}.")
                counts.update(to_str(values).reshape(-1).tolist())
        ranked = sorted((w for w, c in counts.items() if low <= c <= high), key=lambda w: (-counts[w], w))
        if top_k is not None:
            ranked = ranked[:top_k]
        return cls._numbered(ranked, special_tokens, special_first, "dataset")

    @classmethod
    def _numbered(cls, words: list[str], special_tokens, special_first, source: str) -> Vocab:
        specials = [] if special_tokens is None else _check_words("Vocab", "special_tokens", special_tokens)
        checks.check_bool("Vocab", "special_first", special_first)
        clash = set(specials) & set(words)
        if clash:
            raise ValueError(f"For 'Vocab', the special_tokens and the words of '{source}' must be distinct, "
                             f"but both hold {sorted(clash)}.")
        ordered = specials + words if special_first else words + specials
        return cls({w: i for i, w in enumerate(ordered)})

    def vocab(self) -> dict[str, int]:
        return dict(self._word_ids)

    def tokens_to_ids(self, tokens):
        """An id for a str, a list of ids for a list or array of them; -1 for a word not in the vocab."""
        if isinstance(tokens, np.ndarray):
            tokens = to_str(tokens).tolist()
        if isinstance(tokens, str):
            return self._word_ids.get(tokens, -1)
        if not isinstance(tokens, (list, tuple)) or not all(isinstance(t, str) for t in tokens):
            raise TypeError(f"For 'Vocab.tokens_to_ids', the 'tokens' must be a str or a list of str, "
                            f"but got {tokens!r:.80}.")
        return [self._word_ids.get(t, -1) for t in tokens]

    def ids_to_tokens(self, ids):
        """A word for an int, a list of words for a list or array of them; '' for an unknown id."""
        if isinstance(ids, np.ndarray):
            ids = ids.tolist()
        if isinstance(ids, int) and not isinstance(ids, bool):
            return self._id_words.get(ids, "")
        if not isinstance(ids, (list, tuple)) or not all(isinstance(i, int) for i in ids):
            raise TypeError(f"For 'Vocab.ids_to_tokens', the 'ids' must be an int or a list of int, "
                            f"but got {ids!r:.80}.")
        return [self._id_words.get(i, "") for i in ids]


def _check_words(op: str, name: str, words) -> list[str]:
    if not isinstance(words, (list, tuple)):
        raise TypeError(f"For '{op}', the '{name}' must be a list of str, but got {type(words).__name__}.")
    seen = set()
    for word in words:
        if not isinstance(word, str):
            raise TypeError(f"For '{op}', every item of '{name}' must be a str, but got {word!r}.")
        if word in seen:
            raise ValueError(f"For '{op}', the '{name}' contains the duplicate word {word!r}.")
        seen.add(word)
    return list(words)


def _check_freq_range(op: str, freq_range) -> tuple[int, int]:
    if freq_range is None:
        return 0, checks.INT32_MAX
    if not isinstance(freq_range, (list, tuple)) or len(freq_range) != 2:
        raise TypeError(f"For '{op}', the 'freq_range' must be a (min, max) pair, but got {freq_range!r}.")
    low = 0 if freq_range[0] is None else checks.check_int(op, "freq_range[0]", freq_range[0])
    high = checks.INT32_MAX if freq_range[1] is None else checks.check_int(op, "freq_range[1]", freq_range[1])
    if low > high:
        raise ValueError(f"For '{op}', the 'freq_range' must have min <= max, but got {freq_range!r}.")
    return low, high


def to_str(array, encoding="utf8") -> np.ndarray:
    """A NumPy array of bytes decoded to str (str arrays are returned as they are)."""
    if not isinstance(array, np.ndarray):
        raise TypeError(f"For 'to_str', the 'array' must be a NumPy array, but got {type(array).__name__}.")
    if array.dtype.kind == "U":
        return array
    if array.dtype.kind != "S":
        raise TypeError(f"For 'to_str', the 'array' must hold bytes, but got dtype {array.dtype}.")
    return np.char.decode(array, encoding)


def to_bytes(array, encoding="utf8") -> np.ndarray:
    """A NumPy array of str encoded to bytes (bytes arrays are returned as they are)."""
    if not isinstance(array, np.ndarray):
        raise TypeError(f"For 'to_bytes', the 'array' must be a NumPy array, but got {type(array).__name__}.")
    if array.dtype.kind == "S":
        return array
    if array.dtype.kind != "U":
        raise TypeError(f"For 'to_bytes', the 'array' must hold str, but got dtype {array.dtype}.")
    return np.char.encode(array, encoding)
