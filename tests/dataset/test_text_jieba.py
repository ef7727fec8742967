"""JiebaTokenizer on cppjieba's file formats written here: the HMM model (the one built
into the jieba package, in cppjieba's layout) and a small dictionary. Expected tokens
observed on MindSpore 2.7.1 with the same files."""
import sys

import numpy as np
import pytest

import spore.dataset as ds
import spore.dataset.text as text
from spore.dataset.text import JiebaMode

jieba = pytest.importorskip("jieba")

SENTENCE = "今天天气太好了我们一起去外面玩吧"
DICTIONARY = "今天 100 t\n天气 80 n\n今天天气 20 n\n太好了 30 a\n我们 200 r\n一起 100 d\n去 300 v\n外面 50 s\n玩 60 v\n"


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    from jieba.finalseg import emit_P, start_P, trans_P
    folder = tmp_path_factory.mktemp("jieba")
    lowest = -3.14e100
    lines = ["#prob_start", " ".join(str(start_P.get(s, lowest)) for s in "BEMS"), "#prob_trans 4x4 matrix"]
    lines += [" ".join(str(trans_P[a].get(b, lowest)) for b in "BEMS") for a in "BEMS"]
    for state in "BEMS":
        lines += [f"#prob_emit {state}", ",".join(f"{c}:{p}" for c, p in emit_P[state].items())]
    (folder / "hmm_model.utf8").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (folder / "jieba.dict.utf8").write_text(DICTIONARY, encoding="utf-8")
    return str(folder / "hmm_model.utf8"), str(folder / "jieba.dict.utf8")


def tokens(op, sentence):
    return op(sentence).tolist()


def test_the_three_modes(files):
    mp = text.JiebaTokenizer(*files, mode=JiebaMode.MP)
    hmm = text.JiebaTokenizer(*files, mode=JiebaMode.HMM)
    mix = text.JiebaTokenizer(*files)
    assert tokens(mp, SENTENCE) == ["今天天气", "太好了", "我们", "一起", "去", "外面", "玩", "吧"]
    assert tokens(hmm, SENTENCE) == ["今天", "天气", "太", "好", "了", "我们", "一起", "去", "外面", "玩", "吧"]
    assert tokens(mix, SENTENCE) == ["今天天气", "太好了", "我们", "一起", "去", "外面", "玩", "吧"]
    assert tokens(mix, "我来到北京清华大学") == ["我来", "到", "北京", "清华大学"]
    assert tokens(mp, "他来到了") == ["他", "来", "到", "了"]
    mixed = "Hello world, 我爱Python3.8 编程!  ok"
    assert tokens(mp, "abc d") == ["a", "b", "c", " ", "d"]
    assert tokens(mix, mixed) == tokens(hmm, mixed) == [
        "Hello", " ", "world", ",", " ", "我", "爱", "Python3", ".", "8", " ", "编程", "!", " ", " ", "ok"]
    assert tokens(mix, "小明硕士毕业于中国科学院计算所\uff0c后在日本京都大学深造") == [
        "小明", "硕士", "毕业于", "中国", "科学院", "计算", "所", "\uff0c", "后", "在", "日", "本京", "都", "大学",
        "深造"]
    assert tokens(mix, "") == [""] and tokens(hmm, "  ") == [" ", " "]


def test_offsets_in_utf8_bytes_and_in_a_pipeline(files):
    op = text.JiebaTokenizer(*files, with_offsets=True)
    words, starts, ends = op("今天天气太好了ab c我们")
    assert words.tolist() == ["今天天气", "太好了", "ab", " ", "c", "我们"]
    assert starts.dtype == ends.dtype == np.uint32
    assert starts.tolist() == [0, 12, 21, 23, 24, 25] and ends.tolist() == [12, 21, 23, 24, 25, 31]
    data = ds.NumpySlicesDataset(["今天天气太好了"], column_names=["text"], shuffle=False)
    data = data.map(op, input_columns="text", output_columns=["token", "start", "end"])
    row = next(data.create_dict_iterator(output_numpy=True))
    assert row["token"].tolist() == ["今天天气", "太好了"] and row["end"].tolist() == [12, 21]


def test_add_word_and_add_dict(files, tmp_path):
    op = text.JiebaTokenizer(*files, mode=JiebaMode.MP)
    op.add_word("好了", 1000)
    op.add_word("外面玩")  # no frequency: the dictionary's median weight
    assert tokens(op, SENTENCE) == ["今天天气", "太好了", "我们", "一起", "去", "外面玩", "吧"]
    (tmp_path / "user.dict").write_text("玩吧 100\n一起去\n", encoding="utf-8")
    op.add_dict(str(tmp_path / "user.dict"))
    assert tokens(op, SENTENCE) == ["今天天气", "太好了", "我们", "一起去", "外面", "玩吧"]
    op = text.JiebaTokenizer(*files, mode=JiebaMode.MP)
    op.add_dict({"玩吧": 5, "天气太": None})
    assert tokens(op, SENTENCE) == ["今天天气", "太好了", "我们", "一起", "去", "外面", "玩吧"]


def test_bad_arguments(files):
    with pytest.raises(ValueError, match="jieba mode file /no/such/file is not exist"):
        text.JiebaTokenizer(files[0], "/no/such/file")
    with pytest.raises(TypeError, match="should be JiebaMode"):
        text.JiebaTokenizer(*files, mode=1)
    with pytest.raises(TypeError, match="with_offsets, should be boolean"):
        text.JiebaTokenizer(*files, with_offsets=1)
    op = text.JiebaTokenizer(*files)
    with pytest.raises(ValueError, match=r"\[0, 4294967295\]"):
        op.add_word("a", -1)
    with pytest.raises(TypeError, match="user_dict must str or dict"):
        op.add_dict(3)
    with pytest.raises(RuntimeError, match="JiebaTokenizer.*string"):
        op(np.array(1))


def test_missing_jieba_names_the_extra(files, monkeypatch):
    monkeypatch.setitem(sys.modules, "jieba", None)
    with pytest.raises(ImportError, match=r"spore\[text\]"):
        text.JiebaTokenizer(*files)
