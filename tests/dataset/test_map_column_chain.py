"""map's column path (engine/column_chain.py): text transforms applied to a task's whole
column give what a plain Python reference gives row by row (str.split, dict lookups,
slicing), in batches, ragged tasks and tasks mixing both, from sources with and without
blocks, and failures still name the row."""
import numpy as np
import pytest

import spore.dataset as ds
import spore.dataset.text as text
from spore import dtype as mstype

from .helpers import rows

WORDS = ["<unk>", "the", "cat", "sat", "a", "dog", "on", "mat"]
IDS = {word: i for i, word in enumerate(WORDS)}


def _sentences(count: int, low: int, high: int, seed: int = 0) -> list[str]:
    rng = np.random.default_rng(seed)
    pool = WORDS[1:] + ["zebra", "hat"]
    return [" ".join(rng.choice(pool, rng.integers(low, high + 1))) for _ in range(count)]


def _reference(sentence: str, length: int | None) -> list[int]:
    words = sentence.split() or [""]
    return [IDS.get(word, 0) for word in words][:length]


def _pipeline(data, length=4, dtype=mstype.int32, workers=1, processes=False):
    vocab = text.Vocab.from_list(WORDS)
    operations = [text.WhitespaceTokenizer(), text.Lookup(vocab, "<unk>", data_type=dtype), text.Truncate(length)]
    return data.map(operations, input_columns="text", num_parallel_workers=workers,
                    python_multiprocessing=processes)


@pytest.mark.parametrize("workers, processes", [(1, False), (2, True)])
def test_batches_of_truncated_ids_match_a_plain_loop(workers, processes):
    sentences = _sentences(150, 4, 12)  # 5 tasks of 32 rows, every row cut to 4 ids
    data = _pipeline(ds.NumpySlicesDataset({"text": np.array(sentences)}, shuffle=False), 4,
                     workers=workers, processes=processes).batch(64)
    batches = [row[0] for row in rows(data)]
    assert [batch.shape for batch in batches] == [(64, 4), (64, 4), (22, 4)]
    assert all(batch.dtype == np.int32 for batch in batches)
    want = [_reference(s, 4) for s in sentences]
    assert np.concatenate(batches).tolist() == want


def test_ragged_rows_and_tasks_mixing_both_match_a_plain_loop():
    # Rows 0-31 all long enough to be cut to 5; the others 1-8 words, some empty.
    sentences = _sentences(32, 5, 9) + _sentences(40, 0, 8, seed=1) + ["", "   "]
    data = _pipeline(ds.NumpySlicesDataset({"text": np.array(sentences)}, shuffle=False), 5,
                     dtype=mstype.float32)
    got = [row[0] for row in rows(data)]
    assert len(got) == len(sentences)
    for sentence, value in zip(sentences, got):
        assert value.dtype == np.float32 and value.ndim == 1
        assert value.tolist() == [float(i) for i in _reference(sentence, 5)]
    assert got[-1].tolist() == got[-2].tolist() == [0.0]  # no words: one empty token, unknown


def test_batching_ragged_rows_fails_as_stacking_rows_does():
    sentences = ["the cat sat", "a dog"] + ["the cat sat on"] * 40
    data = _pipeline(ds.NumpySlicesDataset({"text": np.array(sentences)}, shuffle=False), 3).batch(4)
    with pytest.raises(RuntimeError, match=r"batch: cannot stack column 'text': row 0 of the batch has shape "
                                           r"\(3,\) but row 1 has shape \(2,\)"):
        rows(data)


def test_sources_without_blocks_and_byte_strings_give_the_same_ids():
    sentences = _sentences(40, 1, 7)
    want = [_reference(s, 3) for s in sentences]
    generated = ds.GeneratorDataset(lambda: ((np.array(s),) for s in sentences), ["text"], shuffle=False)
    as_bytes = ds.NumpySlicesDataset({"text": np.array([s.encode() for s in sentences])}, shuffle=False)
    for data in (generated, as_bytes):
        got = [row[0] for row in rows(_pipeline(data, 3))]
        assert [value.tolist() for value in got] == want
        assert all(value.dtype == np.int32 for value in got)


def test_tokenizer_then_lookup_without_truncate_and_truncate_alone():
    sentences = _sentences(40, 0, 6)
    vocab = text.Vocab.from_list(WORDS)
    data = ds.NumpySlicesDataset({"text": np.array(sentences)}, shuffle=False)
    got = rows(data.map([text.WhitespaceTokenizer(), text.Lookup(vocab, "<unk>", data_type=mstype.int64)]))
    assert [row[0].tolist() for row in got] == [_reference(s, None) for s in sentences]
    assert all(row[0].dtype == np.int64 for row in got)
    tokens = rows(data.map([text.WhitespaceTokenizer(), text.Truncate(2)]))
    assert [row[0].tolist() for row in tokens] == [(s.split() or [""])[:2] for s in sentences]
    grid = np.arange(40 * 3 * 5).reshape(40, 3, 5)
    cut = rows(ds.NumpySlicesDataset({"x": grid}, shuffle=False).map([text.Truncate(2)]).batch(16))
    assert [batch[0].shape for batch in cut] == [(16, 3, 2), (16, 3, 2), (8, 3, 2)]
    np.testing.assert_array_equal(np.concatenate([batch[0] for batch in cut]), grid[:, :, :2])


def test_a_failure_in_a_later_task_names_its_row():
    sentences = ["the cat"] * 40
    sentences[37] = "the zebra"
    vocab = text.Vocab.from_list(WORDS)
    data = ds.NumpySlicesDataset({"text": np.array(sentences)}, shuffle=False)
    data = data.map([text.WhitespaceTokenizer(), text.Lookup(vocab), text.Truncate(2)], input_columns="text")
    with pytest.raises(RuntimeError, match=r"map: Lookup failed on row 37 of input column\(s\) \['text'\]: "
                                           r"RuntimeError: .*'zebra' is not in the vocab"):
        rows(data)
    scalars = ds.NumpySlicesDataset({"text": np.array(sentences)}, shuffle=False)
    with pytest.raises(RuntimeError, match=r"map: Truncate failed on row 0 .*1-D or 2-D"):
        rows(scalars.map([text.Truncate(2)]))
