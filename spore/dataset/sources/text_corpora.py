"""Text corpora read from their distributed files under `dataset_dir`: the CSV news and
review sets (AGNews, AmazonReview, DBpedia, YelpReview, YahooAnswers, SogouNews), the
line corpora (WikiText, PennTreebank, EnWik9), the tagged sentences (UDPOS, CoNLL2000),
SQuAD, Multi30k and IMDB. Every column is a str scalar unless said otherwise."""
from __future__ import annotations

import csv
import io
import json
import os
import re

import numpy as np

from .. import checks
from .file_rows import FileRowsDataset, Shuffle, read_text
from .mappable import MappableDataset


class _CorpusDataset(FileRowsDataset):
    """A corpus whose usages name files under `dataset_dir`. Subclasses define `_FILES`
    {usage: [path under dataset_dir, ...]} (the first key's usage list is 'all' when None
    is given), `_COLUMNS` and `_read_file`."""

    _FILES: dict[str, list[str]] = {}
    _COLUMNS: list[str] = []

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=Shuffle.GLOBAL,
                 num_shards=None, shard_id=None, cache=None):
        op = type(self).__name__
        self.dataset_dir = checks.check_dataset_dir(op, dataset_dir)
        self.usage = checks.check_usage(op, usage, tuple(self._FILES))
        files = [os.path.join(self.dataset_dir, name) for name in self._files(self.usage)]
        for path in files:
            if not os.path.isfile(path):
                raise RuntimeError(f"{op}: the dataset file {path} does not exist.")
        super().__init__(op, files, num_samples, num_parallel_workers, shuffle, num_shards, shard_id)

    def _files(self, usage: str) -> list[str]:
        return self._FILES[usage]

    def _columns(self) -> list[str]:
        return list(self._COLUMNS)


class _CsvCorpus(_CorpusDataset):
    """Files train.csv and test.csv ('all': both), quoted fields, one column each."""

    _FILES = {"train": ["train.csv"], "test": ["test.csv"], "all": ["train.csv", "test.csv"]}

    def _read_file(self, path: str) -> list[tuple]:
        rows = []
        reader = csv.reader(io.StringIO(read_text(self._op, path)))
        try:
            for fields in reader:
                if not fields:
                    continue
                if len(fields) != len(self._COLUMNS):
                    raise RuntimeError(f"{self._op}: {path} line {reader.line_num} has {len(fields)} field(s), "
                                       f"expected {len(self._COLUMNS)} ({', '.join(self._COLUMNS)}).")
                rows.append(tuple(np.array(field) for field in fields))
        except csv.Error as e:
            raise RuntimeError(f"{self._op}: {path} is malformed at line {reader.line_num}: {e}") from e
        return rows


class AGNewsDataset(_CsvCorpus):
    """Rows (index, title, description) of AG's News."""

    _COLUMNS = ["index", "title", "description"]


class AmazonReviewDataset(_CsvCorpus):
    """Rows (label, title, content) of the Amazon reviews (polarity or full)."""

    _COLUMNS = ["label", "title", "content"]


class DBpediaDataset(_CsvCorpus):
    """Rows (class, title, content) of DBpedia's ontology classification set."""

    _COLUMNS = ["class", "title", "content"]


class YelpReviewDataset(_CsvCorpus):
    """Rows (label, text) of the Yelp reviews (polarity or full)."""

    _COLUMNS = ["label", "text"]


class YahooAnswersDataset(_CsvCorpus):
    """Rows (class, title, content, answer) of Yahoo! Answers."""

    _COLUMNS = ["class", "title", "content", "answer"]


class SogouNewsDataset(_CsvCorpus):
    """Rows (index, title, content) of Sogou News."""

    _COLUMNS = ["index", "title", "content"]


class SST2Dataset(_CorpusDataset):
    """Rows of the GLUE SST-2 files train.tsv, dev.tsv (sentence, label; label a str) and
    test.tsv (sentence); each file has a header line, fields are separated by tabs."""

    _FILES = {"train": ["train.tsv"], "dev": ["dev.tsv"], "test": ["test.tsv"]}

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=Shuffle.GLOBAL,
                 num_shards=None, shard_id=None, cache=None):
        super().__init__(dataset_dir, "train" if usage is None else usage, num_samples, num_parallel_workers,
                         shuffle, num_shards, shard_id)

    def _columns(self) -> list[str]:
        return ["sentence"] if self.usage == "test" else ["sentence", "label"]

    def _read_file(self, path: str) -> list[tuple]:
        rows = []
        for line_number, line in enumerate(read_text(self._op, path).splitlines()[1:], 2):
            if not line:
                continue
            fields = line.split("\t")
            if len(fields) != 2:
                raise RuntimeError(f"{self._op}: {path} line {line_number} has {len(fields)} field(s), expected 2.")
            # test.tsv lines are '<index>\t<sentence>', the others '<sentence>\t<label>'.
            rows.append((np.array(fields[1]),) if self.usage == "test" else tuple(np.array(f) for f in fields))
        return rows


class _LineCorpus(_CorpusDataset):
    """Rows (text,): the non-empty lines of the files, without their line ends."""

    _COLUMNS = ["text"]
    _KEEP_EMPTY = False

    def _read_file(self, path: str) -> list[tuple]:
        return [(np.array(line),) for line in read_text(self._op, path).splitlines() if line or self._KEEP_EMPTY]


class WikiTextDataset(_LineCorpus):
    """Lines of WikiText: wiki.train.tokens, wiki.valid.tokens, wiki.test.tokens ('all':
    the three)."""

    _FILES = {"train": ["wiki.train.tokens"], "valid": ["wiki.valid.tokens"], "test": ["wiki.test.tokens"],
              "all": ["wiki.train.tokens", "wiki.valid.tokens", "wiki.test.tokens"]}


class PennTreebankDataset(_LineCorpus):
    """Lines of the Penn Treebank: ptb.train.txt, ptb.valid.txt, ptb.test.txt ('all': the three)."""

    _FILES = {"train": ["ptb.train.txt"], "valid": ["ptb.valid.txt"], "test": ["ptb.test.txt"],
              "all": ["ptb.train.txt", "ptb.valid.txt", "ptb.test.txt"]}


class EnWik9Dataset(_LineCorpus):
    """Every line of the file enwik9 (empty lines too), shuffled by default."""

    _FILES = {"all": ["enwik9"]}
    _KEEP_EMPTY = True

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=True, num_shards=None,
                 shard_id=None, cache=None):
        super().__init__(dataset_dir, None, num_samples, num_parallel_workers, shuffle, num_shards, shard_id)


class _TaggedSentences(_CorpusDataset):
    """One row per sentence of a file of one token per line (the token and its tags,
    separated by `_SEPARATOR`), sentences separated by blank lines: each column a str
    vector of the sentence's tokens or tags."""

    _SEPARATOR: str | None = None

    def _read_file(self, path: str) -> list[tuple]:
        rows, sentence = [], []
        for line_number, line in enumerate(read_text(self._op, path).splitlines() + [""], 1):
            if not line.strip():
                if sentence:
                    rows.append(tuple(np.array(column) for column in zip(*sentence)))
                sentence = []
                continue
            fields = line.split(self._SEPARATOR)
            if len(fields) != len(self._COLUMNS):
                raise RuntimeError(f"{self._op}: {path} line {line_number} has {len(fields)} field(s), expected "
                                   f"{len(self._COLUMNS)} ({', '.join(self._COLUMNS)}).")
            sentence.append(fields)
        return rows


class UDPOSDataset(_TaggedSentences):
    """Sentences (word, universal, stanford) of the Universal Dependencies English
    part-of-speech set: en-ud-tag.v2.train.txt, en-ud-tag.v2.dev.txt ('valid'),
    en-ud-tag.v2.test.txt; fields separated by tabs."""

    _FILES = {"train": ["en-ud-tag.v2.train.txt"], "valid": ["en-ud-tag.v2.dev.txt"],
              "test": ["en-ud-tag.v2.test.txt"],
              "all": ["en-ud-tag.v2.train.txt", "en-ud-tag.v2.dev.txt", "en-ud-tag.v2.test.txt"]}
    _COLUMNS = ["word", "universal", "stanford"]
    _SEPARATOR = "\t"


class CoNLL2000Dataset(_TaggedSentences):
    """Sentences (word, pos_tag, chunk_tag) of the CoNLL-2000 chunking set: train.txt,
    test.txt; fields separated by spaces."""

    _FILES = {"train": ["train.txt"], "test": ["test.txt"], "all": ["train.txt", "test.txt"]}
    _COLUMNS = ["word", "pos_tag", "chunk_tag"]
    _SEPARATOR = " "


class SQuADDataset(_CorpusDataset):
    """Rows (context, question, text, answer_start), one per question of SQuAD 1.1
    (train-v1.1.json, dev-v1.1.json) or 2.0 (train-v2.0.json, dev-v2.0.json), whichever
    is there: text the str vector of its answers, answer_start their uint32 offsets in the
    context (empty for an unanswerable question)."""

    _FILES = {"train": ["train"], "dev": ["dev"], "all": ["train", "dev"]}
    _COLUMNS = ["context", "question", "text", "answer_start"]

    def _files(self, usage: str) -> list[str]:
        names = []
        for part in self._FILES[usage]:
            versions = [f"{part}-v1.1.json", f"{part}-v2.0.json"]
            found = [name for name in versions if os.path.isfile(os.path.join(self.dataset_dir, name))]
            names.append(found[0] if found else versions[0])
        return names

    def _read_file(self, path: str) -> list[tuple]:
        try:
            articles = json.loads(read_text(self._op, path))["data"]
            return [(np.array(paragraph["context"]), np.array(question["question"]),
                     np.array([answer["text"] for answer in question["answers"]], np.str_),
                     np.array([answer["answer_start"] for answer in question["answers"]], np.uint32))
                    for article in articles for paragraph in article["paragraphs"] for question in paragraph["qas"]]
        except (json.JSONDecodeError, KeyError, TypeError) as e:
            raise RuntimeError(f"{self._op}: {path} is not a SQuAD file: {type(e).__name__}: {e}") from e


class _SentencePairs:
    """Rows (text, translation) of files read in (source, target) pairs (`dataset_files`
    alternates them): row k of a pair holds sentence k of each. The class using it defines
    `_sentences(path)`."""

    def _columns(self) -> list[str]:
        return ["text", "translation"]

    def _load(self) -> tuple[list[tuple], list[int]]:
        if self._loaded is None:
            per_pair = [self._read_pair(source, target)
                        for source, target in zip(self.dataset_files[::2], self.dataset_files[1::2])]
            self._loaded = [row for rows in per_pair for row in rows], [len(rows) for rows in per_pair]
        return self._loaded

    def _read_pair(self, source: str, target: str) -> list[tuple]:
        texts, translations = self._sentences(source), self._sentences(target)
        if len(texts) != len(translations):
            raise RuntimeError(f"{self._op}: {source} has {len(texts)} sentences but {target} has "
                               f"{len(translations)}.")
        return [(np.array(text), np.array(translation)) for text, translation in zip(texts, translations)]


class Multi30kDataset(_SentencePairs, _CorpusDataset):
    """Rows (text, translation): the lines of the source language's file and the same lines
    of the target's, `language_pair` ['en', 'de'] (the default) or ['de', 'en']. Files
    training/train.<lang>, validation/val.<lang> ('valid'), mmt16_task1_test/test.<lang>."""

    _PARTS = {"train": "training/train", "valid": "validation/val", "test": "mmt16_task1_test/test"}
    _FILES = {"train": ["train"], "valid": ["valid"], "test": ["test"], "all": ["train", "valid", "test"]}
    def __init__(self, dataset_dir, usage=None, language_pair=None, num_samples=None, num_parallel_workers=None,
                 shuffle=None, num_shards=None, shard_id=None, cache=None):
        pair = ["en", "de"] if language_pair is None else language_pair
        if not isinstance(pair, (list, tuple)) or len(pair) != 2 or not all(isinstance(lang, str) for lang in pair):
            raise TypeError(f"For 'Multi30kDataset', the 'language_pair' must be a sequence of 2 str, but got "
                            f"{language_pair!r}.")
        if list(pair) not in (["en", "de"], ["de", "en"]):
            raise ValueError(f"For 'Multi30kDataset', the 'language_pair' must be ['en', 'de'] or ['de', 'en'], but "
                             f"got {list(pair)}.")
        self.language_pair = list(pair)
        super().__init__(dataset_dir, usage, num_samples, num_parallel_workers,
                         Shuffle.GLOBAL if shuffle is None else shuffle, num_shards, shard_id)

    def _files(self, usage: str) -> list[str]:
        return [f"{self._PARTS[part]}.{lang}" for part in self._FILES[usage] for lang in self.language_pair]

    def _sentences(self, path: str) -> list[str]:
        return read_text(self._op, path).splitlines()


_SEGMENT = re.compile(r"<seg[^>]*>(.*?)</seg>", re.S)
_IWSLT_SETS = ("dev2010", "tst2010", "tst2011", "tst2012", "tst2013", "tst2014")


class _IwsltDataset(_SentencePairs, FileRowsDataset):
    """Rows (text, translation) of an IWSLT release: the training talks of
    train.tags.<src>-<tgt>.<lang> (lines without their metadata tags) and the segments
    (<seg> elements) of IWSLT<yy>.TED.<set>.<src>-<tgt>.<lang>.xml for the valid and test
    sets; usage 'train', 'valid', 'test' or 'all' (the three). Every value is stripped."""

    _PAIRS: tuple = ()
    _PREFIX = ""

    def __init__(self, op: str, folder: str, usage, language_pair, valid_set: str, test_set: str, num_samples,
                 num_parallel_workers, shuffle, num_shards, shard_id):
        self.usage = checks.check_usage(op, usage, ("train", "valid", "test", "all"))
        pair = ("de", "en") if language_pair is None else language_pair
        if not isinstance(pair, (list, tuple)) or len(pair) != 2 or not all(isinstance(lang, str) for lang in pair):
            raise TypeError(f"For '{op}', the 'language_pair' must be a sequence of 2 str, but got {language_pair!r}.")
        if tuple(pair) not in self._PAIRS:
            raise ValueError(f"For '{op}', the 'language_pair' must be one of {list(self._PAIRS)}, but got "
                             f"{tuple(pair)}.")
        self.language_pair = list(pair)
        source, target = pair
        name = f"{source}-{target}"
        parts = {"train": [f"train.tags.{name}.{lang}" for lang in pair],
                 "valid": [f"{self._PREFIX}.TED.{valid_set}.{name}.{lang}.xml" for lang in pair],
                 "test": [f"{self._PREFIX}.TED.{test_set}.{name}.{lang}.xml" for lang in pair]}
        chosen = ["train", "valid", "test"] if self.usage == "all" else [self.usage]
        files = [os.path.join(folder.format(source=source, target=target), f) for part in chosen for f in parts[part]]
        for path in files:
            if not os.path.isfile(path):
                raise RuntimeError(f"{op}: the dataset file {path} does not exist.")
        super().__init__(op, files, num_samples, num_parallel_workers, shuffle, num_shards, shard_id)

    def _sentences(self, path: str) -> list[str]:
        text = read_text(self._op, path)
        if path.endswith(".xml"):
            return [segment.strip() for segment in _SEGMENT.findall(text)]
        return [line.strip() for line in text.splitlines()
                if line.strip() and not (line.strip().startswith("<") and line.strip().endswith(">"))]

class IWSLT2016Dataset(_IwsltDataset):
    """IWSLT 2016 under `dataset_dir`/texts/<src>/<tgt>/<src>-<tgt>: language_pair among
    (en, fr|de|cs|ar) both ways, default ('de', 'en'); `valid_set` (default 'tst2013') and
    `test_set` (default 'tst2014') among dev2010, tst2010 ... tst2014."""

    _PAIRS = tuple((a, b) for lang in ("fr", "de", "cs", "ar") for a, b in (("en", lang), (lang, "en")))
    _PREFIX = "IWSLT16"

    def __init__(self, dataset_dir, usage=None, language_pair=None, valid_set=None, test_set=None, num_samples=None,
                 shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, num_parallel_workers=None, cache=None):
        dataset_dir = checks.check_dataset_dir("IWSLT2016Dataset", dataset_dir)
        sets = {}
        for name, value, default in (("valid_set", valid_set, "tst2013"), ("test_set", test_set, "tst2014")):
            sets[name] = default if value is None else value
            if sets[name] not in _IWSLT_SETS:
                raise ValueError(f"For 'IWSLT2016Dataset', the '{name}' must be one of {list(_IWSLT_SETS)}, but got "
                                 f"{value!r}.")
        folder = os.path.join(dataset_dir, "texts", "{source}", "{target}", "{source}-{target}")
        super().__init__("IWSLT2016Dataset", folder, usage, language_pair, sets["valid_set"], sets["test_set"],
                         num_samples, num_parallel_workers, shuffle, num_shards, shard_id)


class IWSLT2017Dataset(_IwsltDataset):
    """IWSLT 2017 under `dataset_dir`/texts/DeEnItNlRo/DeEnItNlRo/DeEnItNlRo-DeEnItNlRo:
    language_pair any two of de, en, it, nl, ro, default ('de', 'en'); the valid set is
    dev2010, the test set tst2010."""

    _PAIRS = tuple((a, b) for a in ("de", "en", "it", "nl", "ro") for b in ("de", "en", "it", "nl", "ro") if a != b)
    _PREFIX = "IWSLT17"

    def __init__(self, dataset_dir, usage=None, language_pair=None, num_samples=None, shuffle=Shuffle.GLOBAL,
                 num_shards=None, shard_id=None, num_parallel_workers=None, cache=None):
        dataset_dir = checks.check_dataset_dir("IWSLT2017Dataset", dataset_dir)
        folder = os.path.join(dataset_dir, "texts", "DeEnItNlRo", "DeEnItNlRo", "DeEnItNlRo-DeEnItNlRo")
        super().__init__("IWSLT2017Dataset", folder, usage, language_pair, "dev2010", "tst2010", num_samples,
                         num_parallel_workers, shuffle, num_shards, shard_id)


class IMDBDataset(MappableDataset):
    """Rows (text, label) of the IMDB reviews: each file of <usage>/pos and <usage>/neg
    under `dataset_dir` (usage 'train', 'test', or 'all' for both), text its contents
    without trailing line ends, label an int32 scalar, 1 for pos and 0 for neg. Files are
    read in name order, pos before neg."""

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        super().__init__("IMDBDataset", num_samples, shuffle, sampler, num_shards, shard_id)
        self.dataset_dir = checks.check_dataset_dir("IMDBDataset", dataset_dir)
        self.usage = checks.check_usage("IMDBDataset", usage, ("train", "test", "all"))
        checks.check_optional_int("IMDBDataset", "num_parallel_workers", num_parallel_workers, 1)
        self._files = []
        for part in (["train", "test"] if self.usage == "all" else [self.usage]):
            for polarity, label in (("pos", 1), ("neg", 0)):
                folder = os.path.join(self.dataset_dir, part, polarity)
                if not os.path.isdir(folder):
                    raise RuntimeError(f"IMDBDataset: the folder {folder} does not exist.")
                names = sorted(name for name in os.listdir(folder) if name.endswith(".txt"))
                self._files += [(os.path.join(folder, name), label) for name in names]

    def _columns(self) -> list[str]:
        return ["text", "label"]

    def _source_size(self) -> int:
        return len(self._files)

    def _read(self, index: int) -> tuple:
        path, label = self._files[index]
        return np.array(read_text("IMDBDataset", path).rstrip("\r\n")), np.array(label, np.int32)
