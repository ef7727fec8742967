"""FilterWikipediaXML: Wikipedia markup reduced to plain lower-case words (the cleaning
of fastText's wikifil script, as MindSpore applies it)."""
from __future__ import annotations

import re

from .text_operation import StringMap

_DIGIT_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_TAGS = re.compile(r"<.*>")  # greedy, as the script: from the first '<' to the last '>'
_ENTITIES = re.compile(r"&[^;]*;")
_DIGITS = re.compile(r"[0-9]")
_NOT_LETTERS = re.compile(r"[^a-z]+")


class FilterWikipediaXML(StringMap):
    """Each string stripped of XML tags and entities, lower-cased, with digits spelled out
    and everything but the letters a-z made single spaces."""

    def _map(self, text: str) -> str:
        text = _ENTITIES.sub(" ", _TAGS.sub("", text)).lower()
        text = _DIGITS.sub(lambda m: f" {_DIGIT_WORDS[int(m.group())]} ", text)
        return _NOT_LETTERS.sub(" ", text).strip()
