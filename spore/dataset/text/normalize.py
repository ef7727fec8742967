"""String-to-string transforms, each applied to every string of an array of any shape:
CaseFold, NormalizeUTF8, RegexReplace."""
from __future__ import annotations

import re
import unicodedata

from .. import checks
from . import validators
from .text_operation import StringMap
from .utils import NormalizeForm


def case_fold(text: str) -> str:
    """Unicode's NFKC_Casefold (what MindSpore's CaseFold applies): compatibility
    composition around a full case fold."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())


def normalize(text: str, form: NormalizeForm) -> str:
    return text if form == NormalizeForm.NONE else unicodedata.normalize(form.name, text)


class CaseFold(StringMap):
    """Case-folds each string (NFKC_Casefold: 'ß' becomes 'ss')."""

    def _map(self, text: str) -> str:
        return case_fold(text)


class NormalizeUTF8(StringMap):
    """Each string in the unicode normal form `normalize_form` (NormalizeForm.NONE keeps it)."""

    def __init__(self, normalize_form=NormalizeForm.NFKC):
        self.normalize_form = validators.check_normalize_form("NormalizeUTF8", "normalize_form", normalize_form)

    def _map(self, text: str) -> str:
        return normalize(text, self.normalize_form)


class RegexReplace(StringMap):
    """Replaces the matches of `pattern` with `replace` (all of them, or the first only)."""

    def __init__(self, pattern: str, replace: str, replace_all: bool = True):
        self._pattern = validators.check_pattern("RegexReplace", "pattern", pattern)
        self.pattern = pattern
        self.replace = validators.check_str("RegexReplace", "replace", replace)
        self.replace_all = checks.check_bool("RegexReplace", "replace_all", replace_all)
        self._parts = _replacement_parts(replace)

    def _map(self, text: str) -> str:
        def expand(match: re.Match) -> str:
            return "".join(p if isinstance(p, str) else (match.group(p) or "") for p in self._parts)
        return self._pattern.sub(expand, text, count=0 if self.replace_all else 1)


def _replacement_parts(replace: str) -> list:
    """ICU's replacement syntax (what MindSpore uses) as literal strings and group numbers:
    `$n` is group n, a backslash makes the next character literal."""
    parts, i = [], 0
    while i < len(replace):
        char = replace[i]
        digits = re.match(r"\d+", replace[i + 1:]) if char == "$" else None
        if char == "\\" and i + 1 < len(replace):
            parts.append(replace[i + 1])
            i += 2
        elif digits:
            parts.append(int(digits.group()))
            i += 1 + digits.end()
        else:
            parts.append(char)
            i += 1
    return parts
