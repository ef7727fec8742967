"""Pre-trained word vectors read from their text formats (Vectors, FastText, GloVe,
CharNGram) and ToVectors, which looks words up in them.

The format: one token a line followed by its numbers, separated by spaces; an optional
first line "count dim" (FastText's header) is skipped.
"""
from __future__ import annotations

import os
import re

import numpy as np

from .. import checks
from .text_operation import TextOperation


class Vectors:
    """A table of word vectors (float32), each of the same dimension."""

    def __init__(self, words: dict[str, int], vectors: np.ndarray):
        self._words = words
        self._vectors = vectors

    @classmethod
    def from_file(cls, file_path, max_vectors=None):
        """The first `max_vectors` vectors of a text vector file."""
        op = f"{cls.__name__}.from_file"
        max_vectors = checks.check_optional_int(op, "max_vectors", max_vectors)
        if not isinstance(file_path, (str, os.PathLike)):
            raise TypeError(f"For '{op}', the 'file_path' must be a str, but got {type(file_path).__name__}.")
        file_path = os.fspath(file_path)
        if not os.path.isfile(file_path):
            raise RuntimeError(f"For '{op}', the vector file {file_path!r} does not exist.")
        cls._check_name(op, file_path)
        words, rows = {}, []
        with open(file_path, encoding="utf-8") as lines:
            for number, line in enumerate(lines, 1):
                if max_vectors is not None and len(rows) >= max_vectors:
                    break
                fields = line.rstrip("\r\n").rstrip(" ").split(" ")
                if number == 1 and len(fields) == 2 and all(f.isdigit() for f in fields):
                    continue  # the "count dim" header
                cls._add(op, file_path, number, fields, words, rows)
        if not rows:
            raise RuntimeError(f"For '{op}', the vector file {file_path!r} holds no vectors.")
        return cls(words, np.array(rows, dtype=np.float32))

    @staticmethod
    def _add(op: str, path: str, number: int, fields: list[str], words: dict, rows: list) -> None:
        if len(fields) < 2:
            raise RuntimeError(f"For '{op}', line {number} of {path!r} has no vector: {' '.join(fields)!r:.80}.")
        if rows and len(fields) - 1 != len(rows[0]):
            raise RuntimeError(f"For '{op}', line {number} of {path!r} has a vector of dimension {len(fields) - 1}, "
                               f"but the first vector has dimension {len(rows[0])}.")
        try:
            vector = [float(f) for f in fields[1:]]
        except ValueError:
            raise RuntimeError(f"For '{op}', line {number} of {path!r} holds a value that is not a number.") from None
        if fields[0] not in words:
            words[fields[0]] = len(rows)
            rows.append(vector)

    @staticmethod
    def _check_name(op: str, path: str) -> None:
        """Subclasses check that the file is named as their format is."""

    @property
    def dim(self) -> int:
        return self._vectors.shape[1]

    def lookup(self, token: str) -> np.ndarray | None:
        """The vector of `token`, None when it has none."""
        index = self._words.get(token)
        return None if index is None else self._vectors[index]


class FastText(Vectors):
    """FastText's pre-trained vectors: a `.vec` text file."""

    @staticmethod
    def _check_name(op: str, path: str) -> None:
        if not path.endswith(".vec"):
            raise RuntimeError(f"For '{op}', a FastText file must end with '.vec', but got {path!r}.")


class GloVe(Vectors):
    """GloVe's pre-trained vectors: a text file named `glove.<corpus>.<dim>d.txt`."""

    @staticmethod
    def _check_name(op: str, path: str) -> None:
        if not re.fullmatch(r"glove\.[^.]+\.\d+d\.txt", os.path.basename(path)):
            raise RuntimeError(f"For '{op}', a GloVe file must be named 'glove.<corpus>.<dim>d.txt', "
                               f"but got {path!r}.")


class CharNGram(Vectors):
    """Character n-gram vectors (keys like `2gram-ab`): a word's vector is the mean of the
    vectors of its 2-, 3- and 4-grams, the word framed by #BEGIN# and #END#."""

    def lookup(self, token: str) -> np.ndarray | None:
        chars = ["#BEGIN#", *token, "#END#"]
        grams = (f"{n}gram-{''.join(chars[i:i + n])}" for n in (2, 3, 4) for i in range(len(chars) - n + 1))
        found = [self._vectors[self._words[g]] for g in grams if g in self._words]
        return np.mean(found, axis=0, dtype=np.float32) if found else None


class ToVectors(TextOperation):
    """Words (a string array) to their vectors, shape (number of words, dim) — (dim,) for
    one scalar word. A word without a vector gets `unk_init` (zeros by default); with
    `lower_case_backup` its lower-case form is tried first."""

    def __init__(self, vectors, unk_init=None, lower_case_backup=False):
        if not isinstance(vectors, Vectors):
            raise TypeError(f"For 'ToVectors', the 'vectors' must be a Vectors, FastText, GloVe or CharNGram, "
                            f"but got {type(vectors).__name__}.")
        self.vectors = vectors
        self.lower_case_backup = checks.check_bool("ToVectors", "lower_case_backup", lower_case_backup)
        unk = np.zeros(vectors.dim, np.float32) if unk_init is None else np.asarray(unk_init, np.float32)
        if unk.shape != (vectors.dim,):
            raise RuntimeError(f"For 'ToVectors', the 'unk_init' must have {vectors.dim} values (the vectors' "
                               f"dimension), but got shape {unk.shape}.")
        self.unk_init = unk_init
        self._unknown = unk

    def _apply(self, array: np.ndarray) -> np.ndarray:
        rows = [self._vector(word) for word in array.reshape(-1).tolist()]
        if array.ndim == 0:
            return rows[0]
        return np.stack(rows) if rows else np.zeros((0, self.vectors.dim), np.float32)

    def _vector(self, word: str) -> np.ndarray:
        found = self.vectors.lookup(word)
        if found is None and self.lower_case_backup:
            found = self.vectors.lookup(word.lower())
        return self._unknown if found is None else found
