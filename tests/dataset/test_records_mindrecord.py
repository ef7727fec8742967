"""MindRecord: FileWriter / FileReader / MindDataset, against the file MindSpore 2.7.1 wrote
(../shared/interop/mindrecord, see its README) and on spore's own round trips."""
import os
import shutil

import numpy as np
import pytest

from spore import dataset as ds
from spore.mindrecord import FileReader, FileWriter
from spore.mindrecord.exceptions import MRMDefineIndexError, MRMInvalidSchemaError, ParamTypeError, ParamValueError

from .helpers import rows

INTEROP = os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared", "interop", "mindrecord",
                       "sample.mindrecord")
SAMPLE_SCHEMA = {"file_name": {"type": "string"}, "label": {"type": "int32"}, "data": {"type": "bytes"},
                 "feature": {"type": "float32", "shape": [2, 3]}}


def sample_row(i):
    return {"file_name": f"img_{i}.jpg", "label": i % 3, "data": bytes([i] * (i + 1)),
            "feature": np.arange(6, dtype=np.float32).reshape(2, 3) * i}


def write_sample(path):
    writer = FileWriter(str(path), shard_num=1, overwrite=True)
    writer.set_header_size(1 << 14)
    writer.set_page_size(1 << 15)
    writer.add_schema(SAMPLE_SCHEMA, "sample_schema")
    writer.add_index(["file_name", "label"])
    writer.write_raw_data([sample_row(i) for i in range(10)])
    writer.commit()


needs_interop = pytest.mark.skipif(not os.path.isfile(INTEROP), reason="the interop file is not present")


@needs_interop
def test_file_reader_reads_the_file_mindspore_wrote():
    reader = FileReader(INTEROP)
    got = list(reader.get_next())
    assert reader.len() == 10 and len(got) == 10
    assert list(got[0]) == ["file_name", "label", "data", "feature"]
    for i, row in enumerate(got):
        expected = sample_row(i)
        assert row["file_name"] == expected["file_name"] and row["label"] == expected["label"]
        assert row["data"] == expected["data"]
        np.testing.assert_array_equal(row["feature"], expected["feature"])
    assert reader.schema()["feature"] == {"type": "float32", "shape": [2, 3]}


@needs_interop
def test_mind_dataset_reads_the_file_mindspore_wrote():
    dataset = ds.MindDataset(INTEROP, shuffle=False)
    assert dataset.get_col_names() == ["data", "feature", "file_name", "label"]
    assert dataset.get_dataset_size() == 10
    for i, (data, feature, file_name, label) in enumerate(rows(dataset)):
        assert data.shape == (1,) and data.dtype.kind == "S" and data[0] == bytes([i] * (i + 1)).rstrip(b"\0")
        assert feature.dtype == np.float32 and feature.shape == (2, 3)
        np.testing.assert_array_equal(feature, np.arange(6).reshape(2, 3) * i)
        assert file_name.shape == () and str(file_name) == f"img_{i}.jpg"
        assert label.dtype == np.int32 and int(label) == i % 3


@needs_interop
def test_writer_reproduces_mindspores_file_byte_for_byte(tmp_path):
    path = tmp_path / "sample.mindrecord"
    write_sample(path)
    with open(path, "rb") as mine, open(INTEROP, "rb") as theirs:
        assert mine.read() == theirs.read()
    import sqlite3
    query = "SELECT * FROM INDEXES ORDER BY ROW_ID"
    mine, theirs = sqlite3.connect(f"{path}.db"), sqlite3.connect(f"file:{INTEROP}.db?mode=ro", uri=True)
    assert mine.execute(query).fetchall() == theirs.execute(query).fetchall()
    mine.close()
    theirs.close()


def test_round_trip_over_shards_pages_and_compressed_integers(tmp_path):
    path = str(tmp_path / "big.mindrecord")
    writer = FileWriter(path, shard_num=3)
    writer.set_header_size(1 << 14)
    writer.set_page_size(1 << 15)
    writer.add_schema({"img": {"type": "bytes"}, "x": {"type": "int64"}, "s": {"type": "string"},
                       "v": {"type": "int32", "shape": [-1]}, "w": {"type": "int64", "shape": [2]},
                       "f": {"type": "float64"}, "g": {"type": "float32", "shape": [-1, 2]}}, "big")
    values = [-1, 127, 128, -129, 40000, -40000, 2 ** 31 - 1, -2 ** 31]
    written = [{"img": bytes([i + 1]) * 9000, "x": 2 ** 40 + i, "s": "é" * i, "v": np.array(values[:i % 8 + 1]),
                "w": np.array([2 ** 40, -i]), "f": i / 3, "g": np.full((i % 3 + 1, 2), i, np.float32)}
               for i in range(17)]
    writer.write_raw_data(written)
    writer.commit()
    assert sorted(os.listdir(tmp_path)) == sorted(f"big.mindrecord{i}{ext}" for i in range(3) for ext in ("", ".db"))
    got = list(FileReader(path + "1").get_next())
    assert [r["x"] for r in got] == [2 ** 40 + i for i in range(17)]
    for row, expected in zip(got, written):
        assert row["img"] == expected["img"] and row["s"] == expected["s"] and row["f"] == expected["f"]
        np.testing.assert_array_equal(row["v"], expected["v"])
        np.testing.assert_array_equal(row["w"], expected["w"])
        np.testing.assert_array_equal(row["g"], expected["g"])
    only_second = ds.MindDataset([path + "1"], shuffle=False, columns_list=["x", "g"])
    assert [int(x) for x, _ in rows(only_second)] == [2 ** 40 + i for i in range(6, 12)]


def test_open_for_append_adds_rows(tmp_path):
    path = str(tmp_path / "a.mindrecord")
    writer = FileWriter(path)
    writer.add_schema({"x": {"type": "int32"}}, "a")
    writer.write_raw_data([{"x": 1}, {"x": 2}])
    writer.commit()
    appender = FileWriter.open_for_append(path)
    appender.write_raw_data([{"x": 3}])
    appender.commit()
    assert [r["x"] for r in FileReader(path).get_next()] == [1, 2, 3]


def test_invalid_rows_are_skipped(tmp_path):
    path = str(tmp_path / "s.mindrecord")
    writer = FileWriter(path)
    writer.add_schema({"x": {"type": "int32"}, "y": {"type": "float32", "shape": [2]}}, "s")
    writer.write_raw_data([{"x": "no", "y": [1, 2]}, {"x": 1, "y": [1, 2]}, {"x": 2, "y": [1, 2, 3]}, {"x": 3}])
    writer.commit()
    assert [r["x"] for r in FileReader(path).get_next()] == [1]


@pytest.fixture
def numbered(tmp_path):
    path = str(tmp_path / "n.mindrecord")
    writer = FileWriter(path, shard_num=2)
    writer.add_schema({"id": {"type": "int64"}, "name": {"type": "string"}}, "n")
    writer.write_raw_data([{"id": i, "name": f"r{i}"} for i in range(7)])
    writer.commit()
    return path + "0"


def test_mind_dataset_shards_pads_and_samples(numbered):
    ids = lambda d: [int(r[0]) for r in rows(d)]  # noqa: E731
    assert ids(ds.MindDataset(numbered, shuffle=False)) == list(range(7))
    assert ids(ds.MindDataset(numbered, num_shards=2, shard_id=1, shuffle=False)) == [1, 3, 5, 0]
    assert ids(ds.MindDataset(numbered, num_shards=3, shard_id=2, shuffle=False)) == [2, 5, 1]
    assert ids(ds.MindDataset(numbered, num_samples=3, shuffle=False)) == [0, 1, 2]
    assert ids(ds.MindDataset(numbered, sampler=ds.SubsetSampler([6, 0]))) == [6, 0]
    assert sorted(ids(ds.MindDataset(numbered))) == list(range(7))
    padded = ds.MindDataset(numbered, num_shards=3, shard_id=2, shuffle=False, num_padded=2,
                            padded_sample={"id": np.int64(-1), "name": "pad"})
    assert ids(padded) == [2, 5, -1]
    named = ds.MindDataset(numbered, columns_list=["name"], shuffle=False)
    assert [str(r[0]) for r in rows(named)][:2] == ["r0", "r1"]


def test_writer_errors(tmp_path):
    path = str(tmp_path / "e.mindrecord")
    with pytest.raises(ParamValueError):
        FileWriter(3)
    with pytest.raises(ParamValueError):
        FileWriter(path, shard_num=0)
    writer = FileWriter(path)
    with pytest.raises(MRMInvalidSchemaError, match="int8"):
        writer.add_schema({"a": {"type": "int8"}}, "d")
    with pytest.raises(MRMInvalidSchemaError):
        writer.add_schema({"a": {"type": "bytes", "shape": [2]}}, "d")
    with pytest.raises(RuntimeError):
        writer.write_raw_data([{"a": 1}])
    writer.add_schema({"a": {"type": "int32"}, "b": {"type": "float32", "shape": [2]}}, "d")
    with pytest.raises(MRMDefineIndexError):
        writer.add_index(["b"])
    with pytest.raises(ParamTypeError):
        writer.add_index("a")
    with pytest.raises(ParamTypeError):
        writer.write_raw_data({"a": 1})
    with pytest.raises(RuntimeError, match="no valid data"):
        writer.write_raw_data([{"a": 1}])
    writer.write_raw_data([{"a": 1, "b": [0, 0]}])
    writer.commit()
    with pytest.raises(RuntimeError, match="already exists"):
        again = FileWriter(path)
        again.add_schema({"a": {"type": "int32"}}, "d")
        again.write_raw_data([{"a": 1}])


def test_reader_errors(tmp_path):
    with pytest.raises(RuntimeError, match="does not exist"):
        FileReader(str(tmp_path / "missing.mindrecord"))
    junk = tmp_path / "junk.mindrecord"
    junk.write_bytes(b"garbage" * 10)
    with pytest.raises(RuntimeError, match="not a MindRecord file"):
        ds.MindDataset(str(junk))
    path = tmp_path / "t.mindrecord"
    write_sample(path)
    with open(path, "r+b") as f:
        f.truncate((1 << 14) + (1 << 15) + 100)  # cuts the raw page short
    with pytest.raises(RuntimeError, match="row 2 of .*t.mindrecord is corrupt"):
        rows(ds.MindDataset(str(path), shuffle=False))
    with pytest.raises(RuntimeError, match="columns_list"):
        ds.MindDataset(str(path), columns_list=["nope"])
    shutil.copy(path, tmp_path / "nodb.mindrecord")
    with pytest.raises(RuntimeError, match="index file"):
        FileReader([str(tmp_path / "nodb.mindrecord")])


def test_imagenet_and_csv_converters(tmp_path):
    from spore.mindrecord import CsvToMR, ImageNetToMR
    images = tmp_path / "images"
    for folder, name, data in (("n01", "x1.JPEG", b"aaa"), ("n01", "a2.JPEG", b"bbbb"), ("n02", "z.JPEG", b"cc")):
        (images / folder).mkdir(parents=True, exist_ok=True)
        (images / folder / name).write_bytes(data)
    (tmp_path / "map.txt").write_text("n02 1\nn01 0\n")
    ImageNetToMR(str(tmp_path / "map.txt"), str(images), str(tmp_path / "in.mindrecord")).transform()
    got = list(FileReader(str(tmp_path / "in.mindrecord")).get_next())
    # The rows MindSpore 2.7.1's ImageNetToMR writes for this layout: map-file order, files by name.
    assert [(os.path.basename(r["file_name"]), r["label"], r["image"]) for r in got] == [
        ("z.JPEG", 1, b"cc"), ("a2.JPEG", 0, b"bbbb"), ("x1.JPEG", 0, b"aaa")]
    (tmp_path / "t.csv").write_text("a,b,c\n1,2.5,x\n3,4,y\n")
    CsvToMR(str(tmp_path / "t.csv"), str(tmp_path / "csv.mindrecord")).transform()
    reader = FileReader(str(tmp_path / "csv.mindrecord"))
    assert list(reader.get_next()) == [{"a": 1, "b": 2.5, "c": "x"}, {"a": 3, "b": 4.0, "c": "y"}]
    assert reader.schema() == {"a": {"type": "int64"}, "b": {"type": "float64"}, "c": {"type": "string"}}
    with pytest.raises(ParamValueError, match="not in"):
        CsvToMR(str(tmp_path / "t.csv"), str(tmp_path / "bad.mindrecord"), columns_list=["z"]).transform()
    (tmp_path / "bad_map.txt").write_text("n01\n")
    with pytest.raises(RuntimeError, match="line 1"):
        ImageNetToMR(str(tmp_path / "bad_map.txt"), str(images), str(tmp_path / "x.mindrecord")).transform()


def _decoded(jpeg: bytes) -> np.ndarray:
    import io

    from PIL import Image
    return np.asarray(Image.open(io.BytesIO(jpeg)))


def test_mnist_and_cifar_converters(tmp_path):
    import gzip
    import pickle
    import struct

    pytest.importorskip("PIL")
    from spore.mindrecord import Cifar10ToMR, Cifar100ToMR, MnistToMR
    mnist = tmp_path / "mnist"
    mnist.mkdir()
    for prefix, count in (("train", 3), ("t10k", 2)):
        images = np.repeat(np.arange(count, dtype=np.uint8) * 60, 28 * 28).reshape(count, 28, 28)
        with gzip.open(mnist / f"{prefix}-images-idx3-ubyte.gz", "wb") as f:
            f.write(struct.pack(">4I", 2051, count, 28, 28) + images.tobytes())
        with gzip.open(mnist / f"{prefix}-labels-idx1-ubyte.gz", "wb") as f:
            f.write(struct.pack(">2I", 2049, count) + bytes(range(count)))
    MnistToMR(str(mnist), str(tmp_path / "mnist")).transform()
    train = list(FileReader(str(tmp_path / "mnist_train.mindrecord")).get_next())
    assert [r["label"] for r in train] == [0, 1, 2]
    assert _decoded(train[2]["data"]).shape == (28, 28) and abs(int(_decoded(train[2]["data"]).mean()) - 120) <= 2
    assert FileReader(str(tmp_path / "mnist_test.mindrecord")).len() == 2

    cifar = tmp_path / "cifar-10-batches-py"
    cifar.mkdir()
    for name, count in [(f"data_batch_{i}", 1) for i in range(1, 6)] + [("test_batch", 2)]:
        red = np.zeros((count, 3, 32, 32), np.uint8)
        red[:, 0] = 200
        with open(cifar / name, "wb") as f:
            pickle.dump({b"data": red.reshape(count, -1), b"labels": [7] * count}, f)
    Cifar10ToMR(str(cifar), str(tmp_path / "cifar")).transform(["label"])
    rows_ = list(FileReader(str(tmp_path / "cifar")).get_next())
    assert [(r["id"], r["label"]) for r in rows_] == [(i, 7) for i in range(5)]
    pixel = _decoded(rows_[0]["data"])[5, 5].astype(int)
    assert abs(pixel[0] - 200) <= 3 and pixel[1] <= 3 and pixel[2] <= 3  # red stays red: HWC, RGB
    assert FileReader(str(tmp_path / "cifar_test")).len() == 2
    with pytest.raises(ParamValueError, match="index fields"):
        Cifar10ToMR(str(cifar), str(tmp_path / "again")).transform(["data"])

    cifar100 = tmp_path / "cifar-100-python"
    cifar100.mkdir()
    for name in ("train", "test"):
        with open(cifar100 / name, "wb") as f:
            pickle.dump({b"data": np.zeros((2, 3072), np.uint8), b"fine_labels": [3, 4], b"coarse_labels": [1, 2]}, f)
    Cifar100ToMR(str(cifar100), str(tmp_path / "c100")).transform()
    assert [(r["fine_label"], r["coarse_label"]) for r in FileReader(str(tmp_path / "c100")).get_next()] == [
        (3, 1), (4, 2)]


@needs_interop
def test_mind_page_reads_categories_as_mindspore():
    from spore.mindrecord import MindPage
    from spore.mindrecord.exceptions import MRMDefineCategoryError
    page = MindPage(INTEROP)
    assert page.candidate_fields == ["file_name", "label"]
    page.category_field = "label"
    # The JSON MindSpore 2.7.1 returns for this file.
    assert page.read_category_info() == ('{"categories":[{"count":4,"id":0,"name":"0"},{"count":3,"id":1,"name":"1"},'
                                         '{"count":3,"id":2,"name":"2"}],"key":"label_0"}')
    assert [r["file_name"] for r in page.read_at_page_by_id(1, 0, 2)] == ["img_1.jpg", "img_4.jpg"]
    last = page.read_at_page_by_id(1, 1, 2)
    assert len(last) == 1 and last[0]["data"] == b"\x07" * 8 and last[0]["feature"].shape == (2, 3)
    assert [r["file_name"] for r in page.read_at_page_by_name("2", 0, 5)] == ["img_2.jpg", "img_5.jpg", "img_8.jpg"]
    with pytest.raises(MRMDefineCategoryError, match="not a candidate"):
        page.category_field = "data"
    with pytest.raises(RuntimeError, match="out of range"):
        page.read_at_page_by_id(5, 0, 1)
