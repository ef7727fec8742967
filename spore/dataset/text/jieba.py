"""JiebaTokenizer: Chinese word segmentation as MindSpore's (cppjieba's) segmenter does it,
with the `jieba` package (an optional extra: `pip install spore[text]`) holding the
dictionary.

MindSpore takes two cppjieba files: `mp_path`, the dictionary ('word freq tag' lines,
the format of jieba's own dict.txt), and `hmm_path`, the HMM model (comment lines '#...',
then the start log-probabilities of the states B E M S, a 4x4 transition matrix, and one
'char:logprob,...' emission line per state). The dictionary is loaded by
jieba.Tokenizer (which also caches it) and its word graph comes from jieba's get_DAG;
the route through it and the HMM are computed here as cppjieba computes them, because
jieba's own `cut` differs: it weighs unknown characters as frequency 1 (cppjieba: the
dictionary's smallest weight), joins runs of ASCII letters in MP mode, and its HMM is
the model built into the package, not the one in `hmm_path`. Words added with
`add_word` / `add_dict` keep the dictionary's total, as in cppjieba: a word without a
frequency gets the dictionary's median weight.

Modes: MP, the most probable route through the dictionary's words (characters outside
it one by one); HMM, the HMM alone (runs of ASCII letters and digits kept together, as
cppjieba does); MIX (the default), MP, then the runs of single characters it leaves
re-cut by the HMM.
"""
from __future__ import annotations

import logging
import math
import os

from .text_operation import Tokenizer
from .utils import JiebaMode

_STATES = "BEMS"
_MIN_WEIGHT = -3.14e100
_SEPARATORS = frozenset(" \t\n\uff0c\u3002")
"""Characters cppjieba cuts the sentence at before segmenting (each one a token)."""


def _jieba():
    try:
        import jieba
    except ImportError:
        raise ImportError("JiebaTokenizer needs the 'jieba' package: pip install spore[text] (or pip install "
                          "jieba).") from None
    return jieba


def _check_path(path) -> str:
    if not isinstance(path, (str, os.PathLike)) or not os.path.exists(os.path.realpath(path)):
        raise ValueError(f" jieba mode file {path} is not exist.")
    return os.fspath(path)


class HMMModel:
    """cppjieba's HMM model file: start, transition and emission log-probabilities of B E M S."""

    def __init__(self, path: str):
        with open(path, encoding="utf-8") as f:
            lines = [line.strip() for line in f if line.strip() and not line.lstrip().startswith("#")]
        try:
            self.start = [float(v) for v in lines[0].split()]
            self.trans = [[float(v) for v in lines[1 + i].split()] for i in range(4)]
            self.emit = [self._emissions(lines[5 + i]) for i in range(4)]
            if len(self.start) != 4 or any(len(row) != 4 for row in self.trans):
                raise ValueError("the start line needs 4 values and the transition matrix 4x4")
        except (IndexError, ValueError) as e:
            raise RuntimeError(f"JiebaTokenizer: the HMM model file {path} is malformed: {e}.") from None

    @staticmethod
    def _emissions(line: str) -> dict[str, float]:
        table = {}
        for item in line.split(","):
            char, _, value = item.rpartition(":")
            table[char] = float(value)
        return table

    def cut(self, text: str) -> list[int]:
        """The end positions of the words of `text`, by Viterbi over the states."""
        n = len(text)
        weight = [[s + e.get(text[0], _MIN_WEIGHT) for s, e in zip(self.start, self.emit)]]
        back = []
        for x in range(1, n):
            row, pointers = [], []
            for y in range(4):
                best, best_from = _MIN_WEIGHT, 1  # cppjieba starts every cell at (MIN, E)
                emit = self.emit[y].get(text[x], _MIN_WEIGHT)
                for previous in range(4):
                    value = weight[-1][previous] + self.trans[previous][y] + emit
                    if value > best:
                        best, best_from = value, previous
                row.append(best)
                pointers.append(best_from)
            weight.append(row)
            back.append(pointers)
        state = 1 if weight[-1][1] >= weight[-1][3] else 3  # the last character ends a word: E or S
        states = [state]
        for pointers in reversed(back):
            state = pointers[state]
            states.append(state)
        states.reverse()
        return [i + 1 for i, s in enumerate(states) if _STATES[s] in "ES"]


def _ascii_run(text: str, start: int) -> int:
    """The end of the ASCII token at `start`: a letter and the letters and digits after it,
    a digit and the digits and dots after it, or one character."""
    char = text[start]
    end = start + 1
    if char.isascii() and char.isalpha():
        while end < len(text) and text[end].isascii() and text[end].isalnum():
            end += 1
    elif char.isascii() and char.isdigit():
        while end < len(text) and ((text[end].isascii() and text[end].isdigit()) or text[end] == "."):
            end += 1
    return end


class JiebaTokenizer(Tokenizer):
    """Chinese word segmentation with the dictionary `mp_path` and the HMM model `hmm_path`
    (see the module docstring)."""

    def __init__(self, hmm_path, mp_path, mode=JiebaMode.MIX, with_offsets=False):
        self.hmm_path = _check_path(hmm_path)
        self.mp_path = _check_path(mp_path)
        if not isinstance(mode, JiebaMode):
            raise TypeError("Wrong input type for mode, should be JiebaMode.")
        if not isinstance(with_offsets, bool):
            raise TypeError("Wrong input type for with_offsets, should be boolean.")
        super().__init__(with_offsets)
        self.mode = mode
        self._hmm = HMMModel(self.hmm_path)
        self._dictionary = self._load_dictionary(self.mp_path)
        weights = sorted(math.log(f / self._dictionary.total) for f in self._dictionary.FREQ.values() if f > 0)
        self._total = self._dictionary.total
        self._least_weight = weights[0] if weights else _MIN_WEIGHT
        self._median_weight = weights[len(weights) // 2] if weights else _MIN_WEIGHT
        self._user_weights: dict[str, float] = {}

    @staticmethod
    def _load_dictionary(path: str):
        jieba = _jieba()
        jieba_logger = logging.getLogger("jieba")
        level = jieba_logger.level
        jieba_logger.setLevel(logging.WARNING)  # jieba reports every dictionary load at DEBUG on stderr
        try:
            dictionary = jieba.Tokenizer(dictionary=os.path.abspath(path))
            dictionary.initialize()
        finally:
            jieba_logger.setLevel(level)
        return dictionary

    def add_word(self, word, freq=None) -> None:
        """Add `word` to the dictionary with frequency `freq` (None: the dictionary's median weight)."""
        if not isinstance(word, str):
            raise TypeError(f"For 'JiebaTokenizer.add_word', the 'word' must be a str, but got {type(word).__name__}.")
        if freq is not None and (isinstance(freq, bool) or not isinstance(freq, int)):
            raise TypeError(f"For 'JiebaTokenizer.add_word', the 'freq' must be an int, but got "
                            f"{type(freq).__name__}.")
        if freq is not None and not 0 <= freq <= 4294967295:
            raise ValueError("Input is not within the required interval of [0, 4294967295].")
        self._dictionary.add_word(word, freq or 1)  # puts the word and its prefixes in jieba's word graph
        self._user_weights[word] = self._median_weight if not freq else math.log(freq / self._total)

    def add_dict(self, user_dict) -> None:
        """Add the words of a dict {word: freq or None} or of a file of 'word [freq]' lines."""
        if isinstance(user_dict, dict):
            for word, freq in user_dict.items():
                self.add_word(word, freq)
            return
        if not isinstance(user_dict, str):
            raise TypeError("The type of user_dict must str or dict.")
        if not os.path.isfile(user_dict):
            raise ValueError(f"user dict file {user_dict} is not exist.")
        with open(user_dict, encoding="utf-8") as f:
            for line_number, line in enumerate(f, 1):
                fields = line.split()
                if not fields:
                    continue
                if len(fields) > 2 or (len(fields) == 2 and not fields[1].isdigit()):
                    raise ValueError(f"JiebaTokenizer.add_dict: {user_dict} line {line_number} must be "
                                     f"'word [freq]', but got {line.strip()!r}.")
                self.add_word(fields[0], int(fields[1]) if len(fields) == 2 else None)

    # ---- segmentation ----------------------------------------------------------------------
    def _spans(self, text: str) -> list[tuple[int, int]]:
        spans, start = [], 0
        for i, char in enumerate(text):
            if char in _SEPARATORS:
                spans.extend(self._segment_spans(text, start, i))
                spans.append((i, i + 1))
                start = i + 1
        spans.extend(self._segment_spans(text, start, len(text)))
        return spans

    def _segment_spans(self, text: str, start: int, end: int) -> list[tuple[int, int]]:
        if start == end:
            return []
        if self.mode == JiebaMode.HMM:
            return self._hmm_spans(text, start, end)
        words = self._route(text[start:end])
        if self.mode == JiebaMode.MP:
            return [(start + a, start + b) for a, b in words]
        spans, single_from = [], None  # MIX: runs of single characters re-cut by the HMM
        for a, b in words:
            if b - a == 1 and text[start + a] not in self._user_weights:
                single_from = a if single_from is None else single_from
                continue
            if single_from is not None:
                spans.extend(self._hmm_spans(text, start + single_from, start + a))
                single_from = None
            spans.append((start + a, start + b))
        if single_from is not None:
            spans.extend(self._hmm_spans(text, start + single_from, end))
        return spans

    def _weight(self, word: str) -> float:
        if word in self._user_weights:
            return self._user_weights[word]
        frequency = self._dictionary.FREQ.get(word)
        return math.log(frequency / self._total) if frequency else self._least_weight

    def _route(self, sentence: str) -> list[tuple[int, int]]:
        """The most probable split of `sentence` into dictionary words (ties: the shorter word)."""
        graph = self._dictionary.get_DAG(sentence)
        n = len(sentence)
        best = [0.0] * (n + 1)
        choice = [0] * n
        for i in range(n - 1, -1, -1):
            best_value = None
            for last in sorted(graph[i]):
                value = self._weight(sentence[i:last + 1]) + best[last + 1]
                if best_value is None or value > best_value:
                    best_value, choice[i] = value, last + 1
            best[i] = best_value
        words, i = [], 0
        while i < n:
            words.append((i, choice[i]))
            i = choice[i]
        return words

    def _hmm_spans(self, text: str, start: int, end: int) -> list[tuple[int, int]]:
        spans, run_from, i = [], start, start
        while i < end:
            if ord(text[i]) >= 0x80:
                i += 1
                continue
            if run_from < i:
                spans.extend(self._viterbi_spans(text, run_from, i))
            stop = min(_ascii_run(text, i), end)
            spans.append((i, stop))
            i = run_from = stop
        if run_from < end:
            spans.extend(self._viterbi_spans(text, run_from, end))
        return spans

    def _viterbi_spans(self, text: str, start: int, end: int) -> list[tuple[int, int]]:
        ends = self._hmm.cut(text[start:end])
        return [(start + a, start + b) for a, b in zip([0, *ends[:-1]], ends)]

    def __repr__(self) -> str:
        return f"JiebaTokenizer(mode={self.mode!r}, with_offsets={self.with_offsets})"

