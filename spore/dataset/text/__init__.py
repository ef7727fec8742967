"""spore.dataset.text: MindSpore's text transforms (`mindspore.dataset.text`) in plain Python.

Vocabularies (`Vocab`, `SentencePieceVocab`), tokenizers with byte offsets, string
normalization, token-array transforms (Lookup, Ngram, SlidingWindow, Truncate, ...) and
pre-trained word vectors. Transforms run on NumPy string arrays, eagerly or in `map`.
"""
import platform as platform  # MindSpore's dataset.text holds the standard module under this name

from . import transforms, utils, validators
from .jieba import JiebaTokenizer
from .normalize import CaseFold, NormalizeUTF8, RegexReplace
from .sentencepiece import SentencePieceTokenizer, SentencePieceVocab
from .tokenizers import (
    BasicTokenizer, BertTokenizer, PythonTokenizer, RegexTokenizer, UnicodeCharTokenizer, UnicodeScriptTokenizer,
    WhitespaceTokenizer, WordpieceTokenizer,
)
from .transforms import AddToken, Lookup, Ngram, SlidingWindow, ToNumber, Truncate, TruncateSequencePair
from .utils import (
    JiebaMode, NormalizeForm, SentencePieceModel, SPieceTokenizerLoadType, SPieceTokenizerOutType, Vocab, to_bytes,
    to_str,
)
from .vectors import CharNGram, FastText, GloVe, ToVectors, Vectors
from .wikipedia import FilterWikipediaXML

__all__ = [
    "Vocab", "SentencePieceVocab", "Vectors", "FastText", "GloVe", "CharNGram",
    "JiebaMode", "NormalizeForm", "SentencePieceModel", "SPieceTokenizerLoadType", "SPieceTokenizerOutType",
    "to_str", "to_bytes",
    "AddToken", "BasicTokenizer", "BertTokenizer", "CaseFold", "FilterWikipediaXML", "Lookup", "Ngram",
    "NormalizeUTF8", "PythonTokenizer", "RegexReplace", "RegexTokenizer", "SentencePieceTokenizer", "SlidingWindow",
    "ToNumber", "ToVectors", "Truncate", "TruncateSequencePair", "UnicodeCharTokenizer", "UnicodeScriptTokenizer",
    "WhitespaceTokenizer", "WordpieceTokenizer", "JiebaTokenizer",
]
