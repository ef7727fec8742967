"""dataset.text tokenizers and string maps. Offsets are UTF-8 byte offsets (uint32);
references are the outputs MindSpore 2.7.1 prints for the same calls."""
import numpy as np
import pytest

import spore.dataset as ds
import spore.dataset.text as text

from .helpers import rows


def _check(result, tokens, starts=None, ends=None):
    if starts is None:
        assert result.tolist() == tokens
        return
    words, begin, end = result
    assert words.tolist() == tokens and begin.tolist() == starts and end.tolist() == ends
    assert begin.dtype == np.uint32 and end.dtype == np.uint32


def test_whitespace_and_unicode_char_tokenizers():
    _check(text.WhitespaceTokenizer()("Hello  world\tfoo"), ["Hello", "world", "foo"])
    _check(text.WhitespaceTokenizer(with_offsets=True)("Hello  wörld\tfoo"), ["Hello", "wörld", "foo"],
           [0, 7, 14], [5, 13, 17])
    _check(text.UnicodeCharTokenizer(with_offsets=True)("héllo"), ["h", "é", "l", "l", "o"],
           [0, 1, 3, 4, 5], [1, 3, 4, 5, 6])
    _check(text.WhitespaceTokenizer(with_offsets=True)("   "), [""], [0], [0])
    with pytest.raises(RuntimeError, match="scalar string"):
        text.WhitespaceTokenizer()(np.array(["a b", "c"]))
    with pytest.raises(RuntimeError, match="string array"):
        text.WhitespaceTokenizer()(np.array(1))
    with pytest.raises(TypeError, match="'with_offsets' must be a bool"):
        text.UnicodeCharTokenizer(1)


def test_regex_tokenizer_and_replace():
    _check(text.RegexTokenizer(r"\s+", r"\s+", with_offsets=True)("a b  c"), ["a", " ", "b", "  ", "c"],
           [0, 1, 2, 3, 5], [1, 2, 3, 5, 6])
    _check(text.RegexTokenizer(r"[,.]")("a,b..c."), ["a", "b", "c"])
    assert str(text.RegexReplace("a+", "X")("caaab aa")) == "cXb X"
    assert str(text.RegexReplace("a+", "X", replace_all=False)("caaab aa")) == "cXb aa"
    assert str(text.RegexReplace("(a)(b)", "$2$1")("abab")) == "baba"
    with pytest.raises(ValueError, match="not a valid regular expression"):
        text.RegexTokenizer("(")


def test_case_fold_and_normalize():
    assert str(text.CaseFold()("HeLLo ß")) == "hello ss"
    assert text.CaseFold()(np.array([["HeLLo", "ﬁ"]])).tolist() == [["hello", "fi"]]
    assert str(text.NormalizeUTF8(text.NormalizeForm.NFKC)("ｱｲ ﬁ")) == "アイ fi"
    assert str(text.NormalizeUTF8(text.NormalizeForm.NFD)("é")) == "e\u0301"
    with pytest.raises(TypeError, match="'normalize_form' must be a NormalizeForm"):
        text.NormalizeUTF8("NFC")


def test_unicode_script_tokenizer():
    _check(text.UnicodeScriptTokenizer(keep_whitespace=True, with_offsets=True)("Hello 世界 123!"),
           ["Hello", " ", "世界", " ", "123!"], [0, 5, 6, 12, 13], [5, 6, 12, 13, 17])
    privet = "\u041f\u0440\u0438\u0432\u0435\u0442"  # Cyrillic, spelled out for the linter
    _check(text.UnicodeScriptTokenizer()(f"Hello!世界 ab,c  {privet}123"),
           ["Hello", "!", "世界", "ab", ",", "c", privet, "123"])


def test_basic_tokenizer():
    _check(text.BasicTokenizer()("Hello, World! 你好 HÉllo"), ["Hello", ",", "World", "!", "你", "好", "HÉllo"])
    # offsets index the case-folded text, where 'É' lost its accent
    _check(text.BasicTokenizer(lower_case=True, with_offsets=True)("Hello, World! 你好 HÉllo"),
           ["hello", ",", "world", "!", "你", "好", "hello"], [0, 5, 7, 12, 14, 17, 21], [5, 6, 12, 13, 17, 20, 26])
    _check(text.BasicTokenizer()("a😀b [UNK]x [unused12] \x07c\u200bd"), ["a😀b", "[UNK]", "x", "[unused12]", "c", "d"])
    _check(text.BasicTokenizer(preserve_unused_token=False)("a [UNK]"), ["a", "[", "UNK", "]"])
    _check(text.BasicTokenizer(keep_whitespace=True, with_offsets=True)("a b,  c"), ["a", " ", "b", ",", "  ", "c"],
           [0, 1, 2, 3, 4, 6], [1, 2, 3, 4, 6, 7])
    _check(text.BasicTokenizer(normalization_form=text.NormalizeForm.NFKC, with_offsets=True)("ﬁ ｱ"),
           ["fi", "ア"], [0, 3], [2, 6])


BERT_VOCAB = ["床", "前", "i", "am", "mak", "make", "small", "mistake", "##s", "during", "work", "##ing", "hour",
              "😀", "+", "/", "-", "=", "I", "[CLS]", "[SEP]", "[UNK]", "[PAD]", "[MASK]"]


def test_wordpiece_tokenizer():
    vocab = text.Vocab.from_list(BERT_VOCAB)
    _check(text.WordpieceTokenizer(vocab, with_offsets=True)(np.array(["making", "mistakes", "xyz", "i"])),
           ["mak", "##ing", "mistake", "##s", "[UNK]", "i"], [0, 3, 0, 7, 0, 0], [3, 6, 7, 8, 3, 1])
    _check(text.WordpieceTokenizer(vocab, unknown_token="")(np.array(["making", "xyz"])), ["mak", "##ing", "xyz"])
    _check(text.WordpieceTokenizer(vocab, max_bytes_per_token=4)(np.array(["making", "i"])), ["[UNK]", "i"])
    with pytest.raises(RuntimeError, match="1-D string array"):
        text.WordpieceTokenizer(vocab)(np.array("making"))
    with pytest.raises(TypeError, match="'vocab' must be a Vocab"):
        text.WordpieceTokenizer(BERT_VOCAB)


def test_bert_tokenizer():
    vocab = text.Vocab.from_list(BERT_VOCAB)
    tokens, starts, ends = text.BertTokenizer(vocab, lower_case=True, with_offsets=True)(
        "I am making small mistakes during working hours 😀 +/-= 床前xyz")
    assert tokens.tolist() == ["i", "am", "mak", "##ing", "small", "mistake", "##s", "during", "work", "##ing",
                               "hour", "##s", "😀", "+", "/", "-", "=", "床", "前", "[UNK]"]
    assert starts.tolist() == [0, 2, 5, 8, 12, 18, 25, 27, 34, 38, 42, 46, 48, 53, 54, 55, 56, 58, 61, 64]
    assert ends.tolist() == [1, 4, 8, 11, 17, 25, 26, 33, 38, 41, 46, 47, 52, 54, 55, 56, 57, 61, 64, 67]
    _check(text.BertTokenizer(vocab)("I am making [CLS] small"), ["I", "am", "mak", "##ing", "[CLS]", "small"])


def test_tokenizers_in_a_pipeline():
    data = ds.GeneratorDataset([(np.array("a bc"),)], column_names=["text"], shuffle=False)
    data = data.map(text.WhitespaceTokenizer(True), input_columns=["text"], output_columns=["token", "start", "end"])
    (token, start, end), = rows(data)
    assert token.tolist() == ["a", "bc"] and start.tolist() == [0, 2] and end.tolist() == [1, 4]


def test_python_tokenizer():
    assert text.PythonTokenizer(lambda s: s.split())(np.array("a b c")).tolist() == ["a", "b", "c"]
    with pytest.raises(TypeError, match="must be a NumPy array"):
        text.PythonTokenizer(str.split)("a b")
    with pytest.raises(TypeError, match="must be callable"):
        text.PythonTokenizer(1)


def test_filter_wikipedia_xml():
    out = text.FilterWikipediaXML()("Welcome to the Wikipedia[[Image:x.jpg|thumb]] <b>bold</b> 123 {{cite}} &amp; "
                                    "[[link|Text]]")
    assert str(out) == "welcome to the wikipedia image x jpg thumb one two three cite link text"
    out = text.FilterWikipediaXML()(np.array(["[[de:Hallo]] [http://x.com Site] 200px {{a}} &lt;c&gt; Ça 9  "]))
    assert out.tolist() == ["de hallo http x com site two zero zero px a c a nine"]
