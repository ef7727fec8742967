"""dataset.text word vectors (Vectors, FastText, GloVe, CharNGram, ToVectors) read from their
text formats, and SentencePiece (an optional extra). References are MindSpore 2.7.1's outputs."""
import numpy as np
import pytest

import spore.dataset as ds
import spore.dataset.text as text

VECTORS = "ok 0.1 0.2 0.3\n! 0.4 0.5 0.6\nthe 1 2 3\n"


def _write(path, content):
    path.write_text(content, encoding="utf-8")
    return str(path)


def test_vectors_and_to_vectors(tmp_path):
    vectors = text.Vectors.from_file(_write(tmp_path / "vec.txt", VECTORS))
    out = text.ToVectors(vectors)(np.array(["ok", "zz", "THE"]))
    assert out.dtype == np.float32
    np.testing.assert_array_equal(out, np.array([[0.1, 0.2, 0.3], [0, 0, 0], [0, 0, 0]], np.float32))
    backup = text.ToVectors(vectors, unk_init=[9, 9, 9], lower_case_backup=True)(np.array(["ok", "zz", "THE"]))
    np.testing.assert_array_equal(backup, np.array([[0.1, 0.2, 0.3], [9, 9, 9], [1, 2, 3]], np.float32))
    assert text.ToVectors(vectors)(np.array("ok")).shape == (3,)
    assert text.ToVectors(vectors)(np.array([["ok", "the"]])).shape == (2, 3)
    with pytest.raises(RuntimeError, match="'unk_init' must have 3 values"):
        text.ToVectors(vectors, unk_init=[1, 2])
    with pytest.raises(RuntimeError, match="string array"):
        text.ToVectors(vectors)(np.array([1]))


def test_vector_files_with_a_header_and_max_vectors(tmp_path):
    vectors = text.Vectors.from_file(_write(tmp_path / "vec.txt", "3 3\n" + VECTORS), max_vectors=2)
    np.testing.assert_array_equal(text.ToVectors(vectors)(np.array(["ok", "!", "the"])),
                                  np.array([[0.1, 0.2, 0.3], [0.4, 0.5, 0.6], [0, 0, 0]], np.float32))


def test_bad_vector_files(tmp_path):
    with pytest.raises(RuntimeError, match="line 2 .* dimension 2"):
        text.Vectors.from_file(_write(tmp_path / "bad.txt", "ok 0.1 0.2 0.3\nthe 1 2\n"))
    with pytest.raises(RuntimeError, match="does not exist"):
        text.Vectors.from_file(str(tmp_path / "none.txt"))
    with pytest.raises(RuntimeError, match="must end with '.vec'"):
        text.FastText.from_file(_write(tmp_path / "vec.txt", VECTORS))
    with pytest.raises(RuntimeError, match="glove"):
        text.GloVe.from_file(_write(tmp_path / "vec.txt", VECTORS))


def test_fasttext_and_glove_files(tmp_path):
    fasttext = text.FastText.from_file(_write(tmp_path / "a.vec", VECTORS))
    assert text.ToVectors(fasttext)(np.array(["the"])).tolist() == [[1, 2, 3]]
    glove = text.GloVe.from_file(_write(tmp_path / "glove.6B.3d.txt", VECTORS))
    assert text.ToVectors(glove)(np.array(["the"])).tolist() == [[1, 2, 3]]


def test_char_ngram_averages_the_ngrams_of_a_word(tmp_path):
    grams = "1gram-a 1 1\n2gram-#BEGIN#a 0.5 0.5\n2gram-ab 1 2\n3gram-abc 3 3\n2gram-c#END# 4 4\n4gram-#BEGIN#abc 1 0\n"
    vectors = text.CharNGram.from_file(_write(tmp_path / "charngram.txt", grams))
    np.testing.assert_allclose(text.ToVectors(vectors)(np.array(["abc", "zz", "ab"])),
                               [[1.9, 1.9], [0, 0], [0.75, 1.25]], rtol=1e-6)


LINES = ["I saw a girl with a telescope.", "The quick brown fox jumps over the lazy dog.",
         "Hello world, hello sentencepiece!"] * 20


def test_sentencepiece_vocab_and_tokenizer(tmp_path):
    pytest.importorskip("sentencepiece")
    corpus = _write(tmp_path / "corpus.txt", "\n".join(LINES) + "\n")
    vocab = text.SentencePieceVocab.from_file([corpus], 40, 0.9995, text.SentencePieceModel.UNIGRAM, {})
    pieces = text.SentencePieceTokenizer(vocab, text.SPieceTokenizerOutType.STRING)(np.array("I saw a fox"))
    assert pieces.tolist() == ["▁", "I", "▁", "s", "a", "w", "▁", "a", "▁", "f", "o", "x"]
    ids = text.SentencePieceTokenizer(vocab, text.SPieceTokenizerOutType.INT)(np.array("I saw a fox"))
    assert ids.dtype == np.int32 and ids.shape == (12,)
    text.SentencePieceVocab.save_model(vocab, str(tmp_path), "m.model")
    loaded = text.SentencePieceTokenizer(str(tmp_path / "m.model"), text.SPieceTokenizerOutType.STRING)
    assert loaded(np.array("hello world")).tolist() == ["▁", "he", "l", "l", "o", "▁", "w", "o", "rl", "d"]
    data = ds.GeneratorDataset([(np.array(line),) for line in LINES], column_names=["text"], shuffle=False)
    bpe = text.SentencePieceVocab.from_dataset(data, ["text"], 60, 0.9995, text.SentencePieceModel.BPE, {})
    tokens = text.SentencePieceTokenizer(bpe, text.SPieceTokenizerOutType.STRING)(np.array("hello world"))
    assert tokens.tolist() == ["▁", "h", "ello", "▁w", "o", "rl", "d"]
    with pytest.raises(RuntimeError, match="Vocabulary size too high"):
        text.SentencePieceVocab.from_dataset(data, ["text"], 60, 0.9995, text.SentencePieceModel.WORD, {})
    with pytest.raises(RuntimeError, match="scalar string"):
        loaded(np.array(["a", "b"]))
    with pytest.raises(TypeError, match="'out_type' must be a SPieceTokenizerOutType"):
        text.SentencePieceTokenizer(vocab, "string")
