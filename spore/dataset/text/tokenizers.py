"""Tokenizers that need no native library: whitespace, unicode characters, regular
expressions, unicode scripts, BERT's basic and wordpiece tokenizers, a user's function.

Each takes one string (a 0-d array) and returns a 1-D string array of tokens; with
`with_offsets=True` also the UTF-8 byte offsets where each token starts and ends (uint32).
"""
from __future__ import annotations

import re
import unicodedata

import numpy as np

from .. import checks
from . import validators
from .normalize import case_fold, normalize
from .text_operation import TextOperation, Tokenizer, byte_positions, tokens_output
from .utils import NormalizeForm


class WhitespaceTokenizer(Tokenizer):
    """Splits on unicode whitespace, which is dropped."""

    # The tokens alone are str.split's (called directly: one Python call less per row).
    _words = staticmethod(str.split)

    def _spans(self, text: str) -> list[tuple[int, int]]:
        return [m.span() for m in re.finditer(r"\S+", text)]


class UnicodeCharTokenizer(Tokenizer):
    """One token per unicode character."""

    def _spans(self, text: str) -> list[tuple[int, int]]:
        return [(i, i + 1) for i in range(len(text))]


class RegexTokenizer(Tokenizer):
    """Splits where `delim_pattern` matches; a delimiter that also fully matches
    `keep_delim_pattern` is kept as a token of its own."""

    def __init__(self, delim_pattern: str, keep_delim_pattern: str = "", with_offsets: bool = False):
        super().__init__(with_offsets)
        self._delim = validators.check_pattern("RegexTokenizer", "delim_pattern", delim_pattern)
        keep = validators.check_pattern("RegexTokenizer", "keep_delim_pattern", keep_delim_pattern)
        self._keep = keep if keep_delim_pattern else None
        self.delim_pattern = delim_pattern
        self.keep_delim_pattern = keep_delim_pattern

    def _spans(self, text: str) -> list[tuple[int, int]]:
        spans, start = [], 0
        for match in self._delim.finditer(text):
            if match.start() == match.end():
                continue
            if match.start() > start:
                spans.append((start, match.start()))
            if self._keep is not None and self._keep.fullmatch(match.group()):
                spans.append(match.span())
            start = match.end()
        if start < len(text):
            spans.append((start, len(text)))
        return spans


class UnicodeScriptTokenizer(Tokenizer):
    """Splits where the unicode script changes (Latin, Han, Cyrillic, ...; digits and
    punctuation form tokens of their own); whitespace is a token only with `keep_whitespace`."""

    def __init__(self, keep_whitespace: bool = False, with_offsets: bool = False):
        super().__init__(with_offsets)
        self.keep_whitespace = checks.check_bool("UnicodeScriptTokenizer", "keep_whitespace", keep_whitespace)

    def _spans(self, text: str) -> list[tuple[int, int]]:
        spans, start, previous = [], 0, None
        for i, char in enumerate(text):
            script = _script(char, previous)
            if i and script != previous:
                spans.append((start, i))
                start = i
            previous = script
        if text:
            spans.append((start, len(text)))
        return [(a, b) for a, b in spans if self.keep_whitespace or not text[a:b].isspace()]


def _script(char: str, previous: str | None) -> str:
    """The unicode script of a character, from its name (unicodedata has no script
    property): letters by the name's first word, combining marks inherit the previous
    character's script, the rest is 'Common' (or whitespace)."""
    if char.isspace():
        return "Space"
    category = unicodedata.category(char)
    if category.startswith("M") and previous is not None:
        return previous
    if not category.startswith("L"):
        return "Common"
    name = unicodedata.name(char, "")
    if name.startswith(("CJK", "KANGXI")):
        return "Han"
    words = name.split()
    if words and words[0] in ("FULLWIDTH", "HALFWIDTH", "MODIFIER", "SMALL") and len(words) > 1:
        return words[1]
    return words[0] if words else "Unknown"


class BasicTokenizer(Tokenizer):
    """BERT's basic tokenizer: splits on whitespace, makes each punctuation mark and CJK
    character a token; `lower_case` case-folds and strips accents; `preserve_unused_token`
    keeps [CLS], [SEP], [UNK], [PAD], [MASK] and [unusedN] whole. Control characters act
    as whitespace."""

    def __init__(self, lower_case=False, keep_whitespace=False, normalization_form=NormalizeForm.NONE,
                 preserve_unused_token=True, with_offsets=False):
        super().__init__(with_offsets)
        op = type(self).__name__
        self.lower_case = checks.check_bool(op, "lower_case", lower_case)
        self.keep_whitespace = checks.check_bool(op, "keep_whitespace", keep_whitespace)
        self.normalization_form = validators.check_normalize_form(op, "normalization_form", normalization_form)
        self.preserve_unused_token = checks.check_bool(op, "preserve_unused_token", preserve_unused_token)

    def _tokens(self, text: str) -> tuple[list[str], list[int], list[int]]:
        text = self._normalized(text)
        byte_at = byte_positions(text)
        tokens, spans = [], []
        word_start = None
        i = 0
        while i < len(text):
            unused = _UNUSED.match(text, i) if self.preserve_unused_token and text[i] == "[" else None
            end = unused.end() if unused else i + 1
            kind = "alone" if unused else _kind(text[i])
            if kind == "word":
                word_start = i if word_start is None else word_start
            else:
                if word_start is not None:
                    spans.append((word_start, i))
                word_start = None
                if kind == "space" and self.keep_whitespace and spans and spans[-1][1] == i and text[i - 1].isspace():
                    spans[-1] = (spans[-1][0], end)  # a run of whitespace is one token
                elif kind == "alone" or (kind == "space" and self.keep_whitespace):
                    spans.append((i, end))
            i = end
        if word_start is not None:
            spans.append((word_start, len(text)))
        tokens = [text[a:b] for a, b in spans]
        return tokens, [byte_at[a] for a, _ in spans], [byte_at[b] for _, b in spans]

    def _normalized(self, text: str) -> str:
        """The text case-folded without accents (`lower_case`; the unused tokens kept as
        they are) or in `normalization_form`; control characters become spaces. Offsets
        index this text, as MindSpore's do."""
        if self.lower_case:
            pieces = _UNUSED.split(text) if self.preserve_unused_token else [text]
            kept = _UNUSED.findall(text) if self.preserve_unused_token else []
            text = "".join(_lower(p) + (kept[i] if i < len(kept) else "") for i, p in enumerate(pieces))
        else:
            text = normalize(text, self.normalization_form)
        return "".join(" " if unicodedata.category(c) in ("Cc", "Cf") else c for c in text)


def _lower(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", case_fold(text))
    return "".join(c for c in decomposed if unicodedata.category(c) != "Mn")


_UNUSED = re.compile(r"\[(?:CLS|SEP|UNK|PAD|MASK|unused\d+)\]")


def _kind(char: str) -> str:
    """'space', 'alone' (a token by itself: punctuation, CJK) or 'word'."""
    if char.isspace():
        return "space"
    code = ord(char)
    if 33 <= code <= 47 or 58 <= code <= 64 or 91 <= code <= 96 or 123 <= code <= 126:
        return "alone"
    if unicodedata.category(char).startswith("P") or any(a <= code <= b for a, b in _CJK_RANGES):
        return "alone"
    return "word"


_CJK_RANGES = ((0x4E00, 0x9FFF), (0x3400, 0x4DBF), (0x20000, 0x2A6DF), (0x2A700, 0x2B73F), (0x2B740, 0x2B81F),
               (0x2B820, 0x2CEAF), (0xF900, 0xFAFF), (0x2F800, 0x2FA1F))


class WordpieceTokenizer(TextOperation):
    """Splits each word of a 1-D string array into the longest pieces found in `vocab`
    (pieces after the first carry `suffix_indicator`). A word with no split, or longer
    than `max_bytes_per_token`, becomes `unknown_token` (itself when that is '').
    Offsets are byte offsets within each word."""

    def __init__(self, vocab, suffix_indicator="##", max_bytes_per_token=100, unknown_token="[UNK]",
                 with_offsets=False):
        op = type(self).__name__
        self.vocab = validators.check_vocab(op, vocab)
        self.suffix_indicator = validators.check_str(op, "suffix_indicator", suffix_indicator)
        self.max_bytes_per_token = checks.check_int(op, "max_bytes_per_token", max_bytes_per_token)
        self.unknown_token = validators.check_str(op, "unknown_token", unknown_token)
        self.with_offsets = checks.check_bool(op, "with_offsets", with_offsets)
        self._words = vocab.vocab()

    def _apply(self, array: np.ndarray):
        if array.ndim != 1:
            raise RuntimeError(f"For '{type(self).__name__}', the input must be a 1-D string array, "
                               f"but got shape {array.shape}.")
        tokens, starts, ends = self._split_all(array.tolist())
        return tokens_output(tokens, starts, ends, self.with_offsets)

    def _split_all(self, words: list[str]) -> tuple[list[str], list[int], list[int]]:
        tokens, starts, ends = [], [], []
        for word in words:
            for token, start, end in self._split(word):
                tokens.append(token)
                starts.append(start)
                ends.append(end)
        return tokens, starts, ends

    def _split(self, word: str) -> list[tuple[str, int, int]]:
        size = len(word.encode("utf-8"))
        unknown = [(self.unknown_token or word, 0, size)]
        if size > self.max_bytes_per_token:
            return unknown
        byte_at = byte_positions(word)
        pieces, start = [], 0
        while start < len(word):
            end = len(word)
            while end > start:
                piece = word[start:end] if start == 0 else self.suffix_indicator + word[start:end]
                if piece in self._words:
                    break
                end -= 1
            if end == start:
                return unknown
            pieces.append((piece, byte_at[start], byte_at[end]))
            start = end
        return pieces


class BertTokenizer(Tokenizer):
    """BasicTokenizer then WordpieceTokenizer; offsets index the original string."""

    def __init__(self, vocab, suffix_indicator="##", max_bytes_per_token=100, unknown_token="[UNK]",
                 lower_case=False, keep_whitespace=False, normalization_form=NormalizeForm.NONE,
                 preserve_unused_token=True, with_offsets=False):
        super().__init__(with_offsets)
        self._basic = BasicTokenizer(lower_case, keep_whitespace, normalization_form, preserve_unused_token)
        self._wordpiece = WordpieceTokenizer(vocab, suffix_indicator, max_bytes_per_token, unknown_token)

    def _tokens(self, text: str) -> tuple[list[str], list[int], list[int]]:
        tokens, starts, ends = [], [], []
        for word, word_start, _ in zip(*self._basic._tokens(text)):
            for token, start, end in self._wordpiece._split(word):
                tokens.append(token)
                starts.append(word_start + start)
                ends.append(word_start + end)
        return tokens, starts, ends


class PythonTokenizer(TextOperation):
    """A user's function from a str to a list of str tokens, applied to a scalar string."""

    def __init__(self, tokenizer):
        if not callable(tokenizer):
            raise TypeError(f"For 'PythonTokenizer', the 'tokenizer' must be callable, "
                            f"but got {type(tokenizer).__name__}.")
        self.tokenizer = tokenizer

    def __call__(self, *inputs):
        if len(inputs) == 1 and not isinstance(inputs[0], np.ndarray):
            raise TypeError(f"For 'PythonTokenizer', the input must be a NumPy array, but got "
                            f"{type(inputs[0]).__name__}.")
        return super().__call__(*inputs)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        return np.array(self.tokenizer(array.item()), dtype=str)

