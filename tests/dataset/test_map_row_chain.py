"""map's fused per-row path (engine/row_chain.py): a map of several transforms gives what
the transforms give called one by one, and a failure still names the transform and row."""
import numpy as np
import pytest

import spore.dataset as ds
import spore.dataset.text as text
import spore.dataset.vision as vision
from spore import dtype as mstype

from .helpers import rows

SENTENCES = ["the cat sat", "a dog", "", "   ", "the the zebra sat on a mat today", "cat"]
VOCAB = ["<unk>", "the", "cat", "sat", "a", "dog", "on", "mat"]


def _one_by_one(operations, value):
    for op in operations:
        value = op(value)
    return value


def _mapped(values, operations, workers=1, processes=False):
    data = ds.NumpySlicesDataset({"text": np.array(values)}, shuffle=False)
    return [row[0] for row in rows(data.map(operations, input_columns="text", num_parallel_workers=workers,
                                            python_multiprocessing=processes))]


@pytest.mark.parametrize("operations", [
    lambda vocab: [text.WhitespaceTokenizer(), text.Lookup(vocab, "<unk>"), text.Truncate(3)],
    lambda vocab: [text.WhitespaceTokenizer(), text.Lookup(vocab, "<unk>", data_type=mstype.int64)],
    lambda vocab: [text.WhitespaceTokenizer(), text.Truncate(2)],
    lambda vocab: [text.WhitespaceTokenizer(), text.Truncate(2), text.Lookup(vocab, "<unk>")],
    lambda vocab: [text.WhitespaceTokenizer(), lambda words: words[::-1], text.Lookup(vocab, "<unk>"),
                   text.Truncate(4)],
    lambda vocab: [text.UnicodeCharTokenizer(), text.Lookup(vocab, "<unk>"), text.Truncate(5)],
])
@pytest.mark.parametrize("workers, processes", [(1, False), (2, True)])
def test_fused_text_transforms_give_what_they_give_one_by_one(operations, workers, processes):
    vocab = text.Vocab.from_list(VOCAB)
    got = _mapped(SENTENCES, operations(vocab), workers, processes)
    for sentence, value in zip(SENTENCES, got):
        want = _one_by_one(operations(vocab), np.array(sentence))
        assert value.dtype == want.dtype and value.shape == want.shape
        np.testing.assert_array_equal(value, want)


def test_fused_text_transforms_by_hand():
    vocab = text.Vocab.from_list(VOCAB)
    got = _mapped(SENTENCES, [text.WhitespaceTokenizer(), text.Lookup(vocab, "<unk>"), text.Truncate(3)])
    assert [value.tolist() for value in got] == [[1, 2, 3], [4, 5], [0], [0], [1, 1, 0], [2]]
    assert all(value.dtype == np.int32 for value in got)
    tokens = _mapped(SENTENCES[:2], [text.WhitespaceTokenizer()])
    assert tokens[0].dtype == np.dtype("<U3") and tokens[0].tolist() == ["the", "cat", "sat"]


def test_tokenizer_with_offsets_in_a_chain():
    data = ds.NumpySlicesDataset({"text": np.array(["ab cd", "e"])}, shuffle=False)
    data = data.map([text.WhitespaceTokenizer(with_offsets=True)], input_columns="text",
                    output_columns=["token", "start", "end"])
    got = rows(data)
    assert got[0][0].tolist() == ["ab", "cd"] and got[0][1].tolist() == [0, 3] and got[0][2].tolist() == [2, 5]
    assert got[1][1].dtype == np.uint32


def test_a_failure_in_a_fused_chain_names_the_transform_and_row():
    vocab = text.Vocab.from_list(VOCAB)
    # Lookup without an unknown token fails on the first word not in the vocab.
    with pytest.raises(RuntimeError, match=r"map: Lookup failed on row 2 of input column\(s\) \['text'\]: "
                                           r"RuntimeError: .*'zebra' is not in the vocab") as info:
        _mapped(["a cat", "the dog", "the zebra", "cat"],
                [text.WhitespaceTokenizer(), text.Lookup(vocab), text.Truncate(1)])
    assert isinstance(info.value.__cause__, RuntimeError)
    # Lookup then Truncate on whole sentences: the ids of a scalar string are a scalar, which Truncate refuses.
    with pytest.raises(RuntimeError, match=r"map: Truncate failed on row 0 .*1-D or 2-D"):
        _mapped(["cat", "dog"], [text.Lookup(vocab, "<unk>"), text.Truncate(3)])
    with pytest.raises(RuntimeError, match=r"map: WhitespaceTokenizer failed on row 0 .*string array"):
        rows(ds.NumpySlicesDataset({"x": np.arange(3)}, shuffle=False).map([text.WhitespaceTokenizer()]))

    def reject_long(words):
        if len(words) > 3:
            raise ValueError("too long")
        return words

    with pytest.raises(RuntimeError, match=r"map: reject_long failed on row 4 .*ValueError: too long"):
        _mapped(SENTENCES, [text.WhitespaceTokenizer(), reject_long, text.Lookup(vocab, "<unk>")])


def test_fused_image_transforms_give_what_they_give_one_by_one():
    images = np.random.default_rng(0).integers(0, 256, (6, 20, 24, 3), dtype=np.uint8)
    operations = [vision.Resize((10, 12)), vision.Rescale(1 / 255, 0), vision.Normalize([0.5] * 3, [0.25] * 3),
                  vision.HWC2CHW()]
    data = ds.NumpySlicesDataset({"image": images}, shuffle=False).map(operations)
    for image, (value,) in zip(images, rows(data)):
        want = _one_by_one(operations, image)
        assert value.dtype == want.dtype == np.float32
        np.testing.assert_array_equal(value, want)


def test_decode_then_random_resized_crop_gives_what_they_give_one_by_one(tmp_path):
    from PIL import Image
    rng = np.random.default_rng(0)
    paths = []
    for k, mode in enumerate(["RGB", "L", "RGB", "RGBA"]):
        small = rng.integers(0, 256, (6, 5, 4), dtype=np.uint8)[:, :, :len(mode)]
        path = tmp_path / f"{k}.png" if mode == "RGBA" else tmp_path / f"{k}.jpg"
        Image.fromarray(small.squeeze(), mode).resize((37, 29)).save(path)
        paths.append(path)
    encoded = [np.fromfile(path, np.uint8) for path in paths]
    operations = [vision.Decode(), vision.RandomResizedCrop((12, 10), scale=(0.2, 1.0)), vision.HWC2CHW()]

    def mapped(operations):
        ds.config.set_seed(7)
        data = ds.NumpySlicesDataset({"data": np.array(encoded, dtype=object)}, shuffle=False).map(operations)
        return [row[0] for row in rows(data)]

    got = mapped(operations)
    apart = mapped([operations[0], lambda image: image, *operations[1:]])  # the identity keeps them apart
    assert not np.array_equal(got[0], got[2])
    for value, want in zip(got, apart):
        assert value.dtype == want.dtype == np.uint8 and value.shape == want.shape == (3, 12, 10)
        np.testing.assert_array_equal(value, want)
    with pytest.raises(RuntimeError, match=r"map: Decode failed on row 1 .*could not be decoded"):
        rows(ds.NumpySlicesDataset({"data": np.array([encoded[0], np.arange(9, dtype=np.uint8)], dtype=object)},
                                   shuffle=False).map(operations))
    with pytest.raises(RuntimeError, match=r"map: RandomCropDecodeResize failed on row 0 .*encoded image"):
        rows(ds.NumpySlicesDataset({"data": np.array(encoded, dtype=object)}, shuffle=False)
             .map([vision.Decode(), vision.RandomCropDecodeResize(8)]))


def test_normalize_then_hwc2chw_in_one_pass():
    images = np.random.default_rng(1).integers(0, 256, (5, 4, 6, 3), dtype=np.uint8)
    operations = [vision.Normalize([10, 20, 30], [2, 4, 8]), vision.HWC2CHW()]
    got = rows(ds.NumpySlicesDataset(images, shuffle=False).map(operations))
    for image, (value,) in zip(images, got):
        want = ((image.astype(np.float64) - [10, 20, 30]) / [2, 4, 8]).transpose(2, 0, 1)
        assert value.dtype == np.float32 and value.shape == (3, 4, 6)
        np.testing.assert_allclose(value, want, rtol=1e-6)
        np.testing.assert_array_equal(value, _one_by_one(operations, image))
    with pytest.raises(RuntimeError, match=r"map: Normalize failed on rows 0..4 .*3 channel\(s\)"):
        rows(ds.NumpySlicesDataset(images, shuffle=False).map([vision.Normalize([1, 2], [1, 1]), vision.HWC2CHW()]))


def test_results_from_worker_processes_keep_their_types_and_shapes():
    data = ds.NumpySlicesDataset({"x": np.arange(70, dtype=np.int32)}, shuffle=False)
    for function, want in [(lambda x: x * 2, lambda k: np.array(2 * k, np.int32)),
                           (lambda x: np.full(3, x), lambda k: np.full(3, k, np.int32)),
                           (lambda x: np.arange(x % 4), lambda k: np.arange(k % 4))]:
        got = rows(data.map(function, num_parallel_workers=2, python_multiprocessing=True))
        assert len(got) == 70
        for k, (value,) in enumerate(got):
            expected = want(k)
            assert isinstance(value, np.ndarray) and value.shape == expected.shape and value.dtype == expected.dtype
            np.testing.assert_array_equal(value, expected)


def _seen_by_the_function(num_parallel_workers: int, python_multiprocessing: bool) -> set:
    def describe(x):
        return np.array(f"{type(x).__name__} {np.ndim(x)} {x.dtype}")
    data = ds.NumpySlicesDataset({"x": np.arange(40, dtype=np.int32)}, shuffle=False)
    data = data.map(describe, num_parallel_workers=num_parallel_workers, python_multiprocessing=python_multiprocessing)
    return {str(value) for (value,) in rows(data)}


@pytest.mark.parametrize("workers, processes", [(1, False), (2, False), (2, True)])
def test_a_python_function_gets_scalar_rows_as_0d_arrays(workers, processes):
    # MindSpore 2.7.1 hands a scalar column to a Python function as a 0-d ndarray, in threads and processes
    assert _seen_by_the_function(workers, processes) == {"ndarray 0 int32"}
