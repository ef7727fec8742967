"""dataset.text: Vocab, Lookup, the token-array transforms (ToNumber, SlidingWindow, Ngram,
Truncate, TruncateSequencePair, AddToken), to_str / to_bytes. References are the outputs
MindSpore 2.7.1 prints for the same calls."""
import numpy as np
import pytest

import spore.dataset as ds
import spore.dataset.text as text
from spore.common import dtype as mstype

from .helpers import rows


def test_vocab_from_list_dict_and_lookups():
    vocab = text.Vocab.from_list(["a", "b", "c"], special_tokens=["<pad>", "<unk>"], special_first=True)
    assert vocab.vocab() == {"<pad>": 0, "<unk>": 1, "a": 2, "b": 3, "c": 4}
    assert vocab.tokens_to_ids(["a", "zz"]) == [2, -1] and vocab.tokens_to_ids("a") == 2
    assert vocab.ids_to_tokens([0, 4, 9]) == ["<pad>", "c", ""] and vocab.ids_to_tokens(2) == "a"
    last = text.Vocab.from_list(["a", "b"], special_tokens=["<pad>"], special_first=False)
    assert last.vocab() == {"a": 0, "b": 1, "<pad>": 2}
    assert text.Vocab.from_dict({"x": 3, "y": 7}).ids_to_tokens(3) == "x"
    with pytest.raises(ValueError, match="duplicate word 'a'"):
        text.Vocab.from_list(["a", "a"])
    with pytest.raises(TypeError, match="'word_dict' must be a dict"):
        text.Vocab.from_dict(["a"])


def test_vocab_from_file(tmp_path):
    path = tmp_path / "vocab.txt"
    path.write_text("home,1\nbehind,2\nthe\nworld\n", encoding="utf-8")
    vocab = text.Vocab.from_file(str(path), delimiter=",", vocab_size=3, special_tokens=["<pad>"])
    assert vocab.vocab() == {"<pad>": 0, "home": 1, "behind": 2, "the": 3}
    with pytest.raises(ValueError, match="existing file"):
        text.Vocab.from_file(str(tmp_path / "missing.txt"))


def _words_dataset():
    lines = [(np.array("a b b c d e e e x"),), (np.array("c z"),)]
    return ds.GeneratorDataset(lines, column_names=["text"], shuffle=False).map(text.WhitespaceTokenizer())


def test_vocab_from_dataset_ranks_by_frequency_then_word():
    data = _words_dataset()
    assert text.Vocab.from_dataset(data, top_k=3).vocab() == {"e": 0, "b": 1, "c": 2}
    assert text.Vocab.from_dataset(data, freq_range=(2, 3)).vocab() == {"e": 0, "b": 1, "c": 2}
    assert text.Vocab.from_dataset(data, freq_range=(1, 1), special_tokens=["<s>"]).vocab() == {
        "<s>": 0, "a": 1, "d": 2, "x": 3, "z": 4}


def test_lookup_in_a_pipeline_and_eagerly():
    vocab = text.Vocab.from_dataset(_words_dataset(), special_tokens=["<unk>"])
    out = [row[0].tolist() for row in rows(_words_dataset().map(text.Lookup(vocab, "<unk>")))]
    assert out == [[4, 2, 2, 3, 5, 1, 1, 1, 6], [3, 7]]
    lookup = text.Lookup(text.Vocab.from_list(["a", "b", "<unk>"]), unknown_token="<unk>")
    result = lookup(np.array(["a", "q"]))
    assert result.dtype == np.int32 and result.tolist() == [0, 2]
    assert lookup("b").shape == () and lookup("b") == 1
    floats = text.Lookup(text.Vocab.from_list(["a"]), "a", mstype.float32)(np.array(["a", "zz"]))
    assert floats.dtype == np.float32 and floats.tolist() == [0.0, 0.0]
    with pytest.raises(RuntimeError, match="'zz' is not in the vocab"):
        text.Lookup(text.Vocab.from_list(["a"]))(np.array(["zz"]))
    with pytest.raises(RuntimeError, match="must be a string array"):
        lookup(np.array([1]))
    with pytest.raises(TypeError, match="'vocab' must be a Vocab"):
        text.Lookup({"a": 0})


def test_to_number():
    ints = text.ToNumber(mstype.int32)(np.array(["1", "-2"]))
    assert ints.dtype == np.int32 and ints.tolist() == [1, -2]
    np.testing.assert_array_equal(text.ToNumber(mstype.float32)(np.array(["1.5", "2e3"])),
                                  np.array([1.5, 2000.0], np.float32))
    with pytest.raises(RuntimeError, match="out of the range of int8"):
        text.ToNumber(mstype.int8)(np.array(["300"]))
    with pytest.raises(RuntimeError, match="'abc' is not a number"):
        text.ToNumber(mstype.float32)(np.array(["abc"]))
    with pytest.raises(TypeError, match="must be a numeric type"):
        text.ToNumber(mstype.bool_)


def test_sliding_window():
    assert text.SlidingWindow(2, 0)(np.array([1, 2, 3, 4])).tolist() == [[1, 2], [2, 3], [3, 4]]
    assert text.SlidingWindow(3)(np.array(["a", "b", "c", "d"])).tolist() == [["a", "b", "c"], ["b", "c", "d"]]
    assert text.SlidingWindow(5)(np.array([1, 2, 3])).shape == (0,)
    with pytest.raises(RuntimeError, match="must be 1-D"):
        text.SlidingWindow(2)(np.array([[1, 2, 3]]))
    with pytest.raises(ValueError, match="'width' must be in"):
        text.SlidingWindow(0)


def test_ngram():
    grams = text.Ngram([2, 3], left_pad=("_", 1), right_pad=("-", 1), separator=" ")(np.array(["a", "b", "c"]))
    assert grams.tolist() == ["_ a", "a b", "b c", "c -", "_ a b", "a b c", "b c -"]
    padded = text.Ngram(2, left_pad=("_", 3), right_pad=("-", 2))(np.array(["a", "b"]))
    assert padded.tolist() == ["_ a", "a b", "b -"]
    assert text.Ngram([2, 5, 1])(np.array(["a", "b"])).tolist() == ["a b", "", "a", "b"]
    with pytest.raises(RuntimeError, match="1-D string array"):
        text.Ngram(2)(np.array([["a", "b"]]))
    with pytest.raises(RuntimeError, match="must be a string array"):
        text.Ngram(2)(np.array([1, 2]))
    with pytest.raises(TypeError, match="'left_pad' must be a"):
        text.Ngram(2, left_pad="_")


def test_truncate_and_sequence_pairs():
    assert text.Truncate(2)(np.array(["a", "b", "c"])).tolist() == ["a", "b"]
    assert text.Truncate(2)(np.array([[1, 2, 3], [4, 5, 6]])).tolist() == [[1, 2], [4, 5]]
    first, second = text.TruncateSequencePair(4)(np.array([1, 2, 3]), np.array([4, 5, 6]))
    assert first.tolist() == [1, 2] and second.tolist() == [4, 5]
    first, second = text.TruncateSequencePair(3)(np.array([1, 2, 3, 4]), np.array([5]))
    assert first.tolist() == [1, 2] and second.tolist() == [5]
    pair = ds.NumpySlicesDataset({"a": [[1, 2, 3]], "b": [[4, 5, 6]]}, shuffle=False)
    out = rows(pair.map(text.TruncateSequencePair(4), input_columns=["a", "b"]))
    assert [c.tolist() for c in out[0]] == [[1, 2], [4, 5]]
    with pytest.raises(RuntimeError, match="1-D or 2-D"):
        text.Truncate(2)(np.zeros((1, 1, 3)))
    with pytest.raises(TypeError, match="2 inputs are expected"):
        text.TruncateSequencePair(3)(np.array([1]))


def test_add_token():
    assert text.AddToken("TOKEN", True)(np.array(["a", "b"])).tolist() == ["TOKEN", "a", "b"]
    assert text.AddToken("x", False)(np.array([["a"], ["b"]])).tolist() == [["a", "x"], ["b", "x"]]
    with pytest.raises(RuntimeError, match="1-D or 2-D"):
        text.AddToken("x")(np.array("a"))


def test_to_str_and_to_bytes():
    assert text.to_str(np.array([b"a", b"\xc3\xa9"])).tolist() == ["a", "é"]
    assert text.to_bytes(np.array(["a", "é"])).tolist() == [b"a", b"\xc3\xa9"]
    with pytest.raises(TypeError, match="must hold bytes"):
        text.to_str(np.array([1]))


def test_enums():
    assert [m.name for m in text.NormalizeForm] == ["NONE", "NFC", "NFKC", "NFD", "NFKD"]
    assert [int(m) for m in text.JiebaMode] == [0, 1, 2]
    assert text.SentencePieceModel.BPE == 1 and text.SPieceTokenizerOutType.INT == 1
    assert text.SPieceTokenizerLoadType.MODEL == 1
