"""Argument checks shared by the text transforms; each raises MindSpore's exception type
with a message naming the transform and the argument."""
from __future__ import annotations

import re

from .utils import NormalizeForm, Vocab


def check_str(op: str, name: str, value) -> str:
    if not isinstance(value, str):
        raise TypeError(f"For '{op}', the '{name}' must be a str, but got {type(value).__name__}.")
    return value


def check_pattern(op: str, name: str, pattern) -> re.Pattern:
    """A regular expression, compiled."""
    check_str(op, name, pattern)
    try:
        return re.compile(pattern)
    except re.error as error:
        raise ValueError(f"For '{op}', the '{name}' is not a valid regular expression: {error}.") from None


def check_normalize_form(op: str, name: str, form) -> NormalizeForm:
    if not isinstance(form, NormalizeForm):
        raise TypeError(f"For '{op}', the '{name}' must be a NormalizeForm, but got {type(form).__name__}.")
    return form


def check_vocab(op: str, vocab) -> Vocab:
    if not isinstance(vocab, Vocab):
        raise TypeError(f"For '{op}', the 'vocab' must be a Vocab, but got {type(vocab).__name__}.")
    return vocab
