"""Text corpora read from small files in their distributed layouts."""
import json

import numpy as np
import pytest

import spore.dataset as ds

from .helpers import column, rows


def values(dataset):
    return [[v.tolist() for v in r] for r in rows(dataset)]


@pytest.mark.parametrize("cls, columns", [
    (ds.AGNewsDataset, ["index", "title", "description"]),
    (ds.AmazonReviewDataset, ["label", "title", "content"]),
    (ds.DBpediaDataset, ["class", "title", "content"]),
    (ds.SogouNewsDataset, ["index", "title", "content"]),
    (ds.YelpReviewDataset, ["label", "text"]),
    (ds.YahooAnswersDataset, ["class", "title", "content", "answer"]),
])
def test_csv_corpora_columns_and_usages(tmp_path, cls, columns):
    def record(k):
        return ",".join(f'"{c}{k}"' for c in columns) + "\n"

    (tmp_path / "train.csv").write_text(record(0) + record(1), encoding="utf-8")
    (tmp_path / "test.csv").write_text(record(2), encoding="utf-8")
    data = cls(str(tmp_path), usage="train", shuffle=False)
    assert data.get_col_names() == columns and data.get_dataset_size() == 2
    assert values(data)[1] == [f"{c}1" for c in columns]
    assert column(cls(tmp_path, shuffle=False)) == [f"{columns[0]}{k}" for k in range(3)]
    (tmp_path / "test.csv").write_text('"only one field"\n', encoding="utf-8")
    with pytest.raises(RuntimeError, match="test.csv line 1 has 1 field"):
        cls(tmp_path, usage="test").get_dataset_size()
    (tmp_path / "test.csv").unlink()
    with pytest.raises(RuntimeError, match="the dataset file .*test.csv does not exist"):
        cls(tmp_path)
    with pytest.raises(ValueError, match="'usage' must be one of"):
        cls(tmp_path, usage="valid")


def test_line_corpora(tmp_path):
    for part in ("train", "valid", "test"):
        (tmp_path / f"wiki.{part}.tokens").write_text(f" = {part} = \n\n line\n", encoding="utf-8")
        (tmp_path / f"ptb.{part}.txt").write_text(f" {part} words\n", encoding="utf-8")
    assert column(ds.WikiTextDataset(tmp_path, usage="valid", shuffle=False)) == [" = valid = ", " line"]
    assert ds.WikiTextDataset(tmp_path).get_dataset_size() == 6
    assert column(ds.PennTreebankDataset(tmp_path, shuffle=False)) == [" train words", " valid words", " test words"]
    (tmp_path / "enwik9").write_text("<mediawiki>\n\n</mediawiki>\n", encoding="utf-8")
    assert column(ds.EnWik9Dataset(tmp_path, shuffle=False)) == ["<mediawiki>", "", "</mediawiki>"]


def test_tagged_sentences(tmp_path):
    (tmp_path / "en-ud-tag.v2.dev.txt").write_text("Al\tPROPN\tNNP\n-\tPUNCT\tHYPH\n\nThe\tDET\tDT\n",
                                                    encoding="utf-8")
    data = ds.UDPOSDataset(tmp_path, usage="valid", shuffle=False)
    assert data.get_col_names() == ["word", "universal", "stanford"]
    assert values(data) == [[["Al", "-"], ["PROPN", "PUNCT"], ["NNP", "HYPH"]], [["The"], ["DET"], ["DT"]]]
    (tmp_path / "train.txt").write_text("He PRP B-NP\nsaid VBD B-VP\n\n", encoding="utf-8")
    data = ds.CoNLL2000Dataset(tmp_path, usage="train", shuffle=False)
    assert data.get_col_names() == ["word", "pos_tag", "chunk_tag"]
    assert values(data) == [[["He", "said"], ["PRP", "VBD"], ["B-NP", "B-VP"]]]
    (tmp_path / "train.txt").write_text("He PRP\n", encoding="utf-8")
    with pytest.raises(RuntimeError, match="train.txt line 1 has 2 field"):
        ds.CoNLL2000Dataset(tmp_path, usage="train").get_dataset_size()


def test_squad_one_row_per_question(tmp_path):
    squad = {"version": "1.1", "data": [{"title": "T", "paragraphs": [{"context": "ctx here", "qas": [
        {"id": "q1", "question": "what?", "answers": [{"text": "ctx", "answer_start": 0},
                                                      {"text": "here", "answer_start": 4}]},
        {"id": "q2", "question": "none?", "answers": []}]}]}]}
    (tmp_path / "dev-v2.0.json").write_text(json.dumps(squad), encoding="utf-8")
    data = ds.SQuADDataset(tmp_path, usage="dev", shuffle=False)
    assert data.get_col_names() == ["context", "question", "text", "answer_start"]
    got = rows(data)
    assert got[0][2].tolist() == ["ctx", "here"] and got[0][3].tolist() == [0, 4] and got[0][3].dtype == np.uint32
    assert got[1][2].shape == (0,)
    (tmp_path / "dev-v2.0.json").write_text('{"data": [{"title": "T"}]}', encoding="utf-8")
    with pytest.raises(RuntimeError, match="dev-v2.0.json is not a SQuAD file"):
        ds.SQuADDataset(tmp_path, usage="dev").get_dataset_size()


def test_multi30k_language_pairs(tmp_path):
    (tmp_path / "training").mkdir()
    (tmp_path / "training" / "train.de").write_text("Zwei Männer\nEin Hund\n", encoding="utf-8")
    (tmp_path / "training" / "train.en").write_text("Two men\nA dog\n", encoding="utf-8")
    assert values(ds.Multi30kDataset(tmp_path, usage="train", shuffle=False)) == [["Two men", "Zwei Männer"],
                                                                                  ["A dog", "Ein Hund"]]
    reverse = ds.Multi30kDataset(tmp_path, usage="train", language_pair=("de", "en"), shuffle=False)
    assert values(reverse)[1] == ["Ein Hund", "A dog"]
    with pytest.raises(ValueError, match="'language_pair' must be"):
        ds.Multi30kDataset(tmp_path, usage="train", language_pair=["en", "fr"])
    with pytest.raises(TypeError, match="'language_pair' must be a sequence of 2 str"):
        ds.Multi30kDataset(tmp_path, usage="train", language_pair="en")
    with pytest.raises(RuntimeError, match="validation/val.en does not exist"):
        ds.Multi30kDataset(tmp_path, usage="valid")
    (tmp_path / "training" / "train.de").write_text("Zwei Männer\n", encoding="utf-8")
    with pytest.raises(RuntimeError, match="train.en has 2 sentences but .*train.de has 1"):
        ds.Multi30kDataset(tmp_path, usage="train").get_dataset_size()


def test_imdb_reviews_pos_then_neg(tmp_path):
    for part in ("train", "test"):
        for polarity in ("pos", "neg"):
            (tmp_path / part / polarity).mkdir(parents=True)
    (tmp_path / "train" / "pos" / "0_9.txt").write_text("great movie\n", encoding="utf-8")
    (tmp_path / "train" / "neg" / "1_2.txt").write_text("awful", encoding="utf-8")
    (tmp_path / "test" / "neg" / "2_1.txt").write_text("bad", encoding="utf-8")
    data = ds.IMDBDataset(tmp_path, usage="train", shuffle=False)
    assert data.get_col_names() == ["text", "label"] and data.output_types()[1] == np.int32
    assert values(data) == [["great movie", 1], ["awful", 0]]
    assert column(ds.IMDBDataset(tmp_path, shuffle=False)) == ["great movie", "awful", "bad"]
    (tmp_path / "test" / "pos").rmdir()
    with pytest.raises(RuntimeError, match="test/pos does not exist"):
        ds.IMDBDataset(tmp_path, usage="test")


def write_iwslt(folder, prefix, sets, pair=("de", "en")):
    folder.mkdir(parents=True)
    sentences = {"de": ["Hallo Welt", "Zweite Zeile"], "en": ["Hello world", "Second line"]}
    segments = {"de": [" Guten Tag ", "Zwei"], "en": ["Good day", "Two"]}
    name = "-".join(pair)
    for lang in pair:
        (folder / f"train.tags.{name}.{lang}").write_text(
            "<url>http://x</url>\n<keywords>a</keywords>\n" + "".join(f"  {s}\n" for s in sentences[lang])
            + "<talkid>1</talkid>\n", encoding="utf-8")
        for kind in sets:
            body = "".join(f'<seg id="{k}">{s}</seg>\n' for k, s in enumerate(segments[lang], 1))
            (folder / f"{prefix}.TED.{kind}.{name}.{lang}.xml").write_text(
                f'<?xml version="1.0"?>\n<mteval><doc docid="1">\n<url>u</url>\n{body}</doc></mteval>\n',
                encoding="utf-8")


def test_iwslt2016_sets(tmp_path):
    write_iwslt(tmp_path / "texts" / "de" / "en" / "de-en", "IWSLT16", ("tst2013", "tst2014", "dev2010"))
    data = ds.IWSLT2016Dataset(tmp_path, usage="train", shuffle=False)
    assert data.get_col_names() == ["text", "translation"]
    assert values(data) == [["Hallo Welt", "Hello world"], ["Zweite Zeile", "Second line"]]
    assert values(ds.IWSLT2016Dataset(tmp_path, usage="valid", shuffle=False)) == [["Guten Tag", "Good day"],
                                                                                  ["Zwei", "Two"]]
    assert ds.IWSLT2016Dataset(tmp_path).get_dataset_size() == 6
    assert ds.IWSLT2016Dataset(tmp_path, usage="test", test_set="dev2010").get_dataset_size() == 2
    with pytest.raises(RuntimeError, match="IWSLT16.TED.tst2011.de-en.de.xml does not exist"):
        ds.IWSLT2016Dataset(tmp_path, usage="valid", valid_set="tst2011")
    with pytest.raises(ValueError, match="'language_pair' must be one of"):
        ds.IWSLT2016Dataset(tmp_path, language_pair=("de", "fr"))
    with pytest.raises(ValueError, match="'test_set' must be one of"):
        ds.IWSLT2016Dataset(tmp_path, test_set="tst2020")


def test_iwslt2017_layout(tmp_path):
    folder = tmp_path / "texts" / "DeEnItNlRo" / "DeEnItNlRo" / "DeEnItNlRo-DeEnItNlRo"
    write_iwslt(folder, "IWSLT17", ("dev2010", "tst2010"))
    data = ds.IWSLT2017Dataset(tmp_path, usage="test", shuffle=False)
    assert values(data) == [["Guten Tag", "Good day"], ["Zwei", "Two"]]
    (folder / "train.tags.de-en.en").write_text("Hello\n")
    with pytest.raises(RuntimeError, match="train.tags.de-en.de has 2 sentences but .*train.tags.de-en.en has 1"):
        ds.IWSLT2017Dataset(tmp_path, usage="train").get_dataset_size()
