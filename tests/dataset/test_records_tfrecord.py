"""TFRecordDataset on TFRecord files written here in their real layout (Example protos,
masked CRC-32C framing), and Schema. Expected values were printed by MindSpore 2.7.1
reading the same files."""
import gzip
import struct

import numpy as np
import pytest

from spore import dataset as ds
from spore import dtype as mstype
from spore.common.crc32c import masked_crc32c

from .helpers import rows


def varint(n):
    n &= (1 << 64) - 1
    out = bytearray()
    while True:
        low, n = n & 0x7F, n >> 7
        out.append(low | 0x80 if n else low)
        if not n:
            return bytes(out)


def field(number, payload):
    return varint(number << 3 | 2) + varint(len(payload)) + payload


def feature(values):
    if isinstance(values[0], bytes):
        return field(1, b"".join(field(1, v) for v in values))
    if isinstance(values[0], float):
        return field(2, field(1, np.asarray(values, "<f4").tobytes()))
    return field(3, field(1, b"".join(varint(v) for v in values)))


def example(features):
    return field(1, b"".join(field(1, field(1, k.encode()) + field(2, feature(v))) for k, v in features.items()))


def tfrecord(examples):
    out = bytearray()
    for features in examples:
        data = example(features)
        length = struct.pack("<Q", len(data))
        out += length + struct.pack("<I", masked_crc32c(length)) + data + struct.pack("<I", masked_crc32c(data))
    return bytes(out)


@pytest.fixture
def files(tmp_path):
    a, b = tmp_path / "a.tfrecord", tmp_path / "b.tfrecord"
    a.write_bytes(tfrecord([{"image": [b"abc"], "label": [i], "vec": [1.5, float(i)], "ids": [i, -i, 2 ** 40]}
                            for i in range(3)]))
    b.write_bytes(tfrecord([{"image": [b"xy", b"z"], "label": [10 + i], "vec": [0.5, float(i)], "ids": [i, 1, 2]}
                            for i in range(2)]))
    return str(a), str(b)


def test_crc32c_known_value():
    # CRC-32C("123456789") is 0xE3069283; TFRecord stores it masked.
    crc = 0xE3069283
    assert masked_crc32c(b"123456789") == (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def test_features_without_a_schema(files):
    dataset = ds.TFRecordDataset(list(files), shuffle=False)
    assert dataset.get_col_names() == ["ids", "image", "label", "vec"]
    assert dataset.get_dataset_size() == 5
    got = rows(dataset)
    ids, image, label, vec = got[0]
    assert ids.dtype == np.int64 and ids.tolist() == [0, 0, 2 ** 40]
    assert image.dtype == np.uint8 and image.tolist() == [97, 98, 99]
    assert label.dtype == np.int64 and label.shape == (1,)
    assert vec.dtype == np.float32 and vec.tolist() == [1.5, 0.0]
    assert got[1][0].tolist() == [1, -1, 2 ** 40]
    assert got[3][1].tolist() == [120, 121, 122, 32]  # b"xy", b"z" padded to one width, as MindSpore does
    assert [r[2].tolist() for r in got] == [[0], [1], [2], [10], [11]]


def test_schema_types_shapes_and_columns(files, tmp_path):
    schema = ds.Schema()
    schema.add_column("label", "int32", [1])
    schema.add_column("vec", mstype.float64)
    schema.add_column("image", mstype.string)
    dataset = ds.TFRecordDataset(files[0], schema=schema, shuffle=False)
    assert dataset.get_col_names() == ["label", "vec", "image"]
    label, vec, image = rows(dataset)[2]
    assert label.dtype == np.int32 and label.tolist() == [2]
    assert vec.dtype == np.float64 and vec.tolist() == [1.5, 2.0]
    assert image.tolist() == ["abc"]
    path = tmp_path / "schema.json"
    path.write_text(schema.to_json())
    assert ds.TFRecordDataset(files[0], schema=str(path), shuffle=False).get_col_names() == ["label", "vec", "image"]
    picked = ds.TFRecordDataset(files[0], columns_list=["vec", "label"], shuffle=False)
    assert [r[0].tolist() for r in rows(picked)] == [[1.5, 0.0], [1.5, 1.0], [1.5, 2.0]]


def test_shards_shuffle_and_compression(files, tmp_path):
    by_file = ds.TFRecordDataset(list(files), num_shards=2, shard_id=1, shuffle=False)
    assert [int(r[2][0]) for r in rows(by_file)] == [10, 11]
    by_rows = ds.TFRecordDataset(list(files), num_shards=2, shard_id=1, shuffle=False, shard_equal_rows=True)
    assert [int(r[2][0]) for r in rows(by_rows)] == [10, 11, 0]
    assert sorted(int(r[2][0]) for r in rows(ds.TFRecordDataset(list(files)))) == [0, 1, 2, 10, 11]
    assert len(rows(ds.TFRecordDataset(list(files), num_samples=2))) == 2
    zipped = tmp_path / "c.tfrecord.gz"
    with open(files[0], "rb") as f:
        zipped.write_bytes(gzip.compress(f.read()))
    assert len(rows(ds.TFRecordDataset(str(zipped), compression_type="GZIP"))) == 3


def test_corrupt_files_name_the_record(files, tmp_path):
    with open(files[0], "rb") as f:
        data = bytearray(f.read())
    first = struct.unpack_from("<Q", data)[0] + 16
    data[first + 20] ^= 0xFF
    bad = tmp_path / "bad.tfrecord"
    bad.write_bytes(bytes(data))
    with pytest.raises(RuntimeError, match=r"bad.tfrecord is corrupt: record 1 fails its data checksum"):
        rows(ds.TFRecordDataset([files[0], str(bad)], shuffle=False, columns_list=["label"]))
    short = tmp_path / "short.tfrecord"
    short.write_bytes(bytes(data[:first + 30]))
    with pytest.raises(RuntimeError, match="short.tfrecord is truncated in record 1"):
        rows(ds.TFRecordDataset([files[0], str(short)], shuffle=False, columns_list=["label"]))
    with pytest.raises(ValueError, match="did not match any files"):
        ds.TFRecordDataset(str(tmp_path / "none*.tfrecord"))
    with pytest.raises(ValueError, match="compression_type"):
        ds.TFRecordDataset(files[0], compression_type="LZ4")
    with pytest.raises(RuntimeError, match="columns_list"):
        ds.TFRecordDataset(files[0], columns_list=["nope"])


def test_schema_json_as_mindspore_writes_it():
    schema = ds.Schema()
    schema.add_column("col_1d", de_type=mstype.int64, shape=[2])
    schema.add_column("b", de_type="float32")
    assert schema.to_json() == ('{\n  "columns": [\n    {\n      "name": "col_1d",\n      "rank": 1,\n      "shape": '
                                '[\n        2\n      ],\n      "type": "int64"\n    },\n    {\n      "name": "b",\n'
                                '      "rank": 1,\n      "type": "float32"\n    }\n  ]\n}')
    parsed = ds.Schema()
    parsed.parse_columns({"image": {"shape": [3, 3], "type": "int8"}, "label": {"type": "int8"}})
    assert [(c["name"], c["rank"], c["shape"]) for c in parsed.columns] == [("image", 2, [3, 3]), ("label", 0, [])]
    with pytest.raises(TypeError, match="Unknown column type"):
        schema.add_column("x", "int99")
    with pytest.raises(TypeError):
        schema.add_column(3, "int8")
    with pytest.raises(RuntimeError, match="columns must be"):
        schema.parse_columns(3)
    with pytest.raises(ValueError, match="does not exist"):
        ds.Schema("/nonexistent/schema.json")


def test_crc32c_of_long_data_matches_the_bytewise_definition():
    def bytewise(data):
        crc = 0xFFFFFFFF
        for byte in data:
            crc ^= byte
            for _ in range(8):
                crc = (crc >> 1) ^ 0x82F63B78 if crc & 1 else crc >> 1
        crc ^= 0xFFFFFFFF
        return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF
    data = np.random.default_rng(0).integers(0, 256, 9000, dtype=np.uint8).tobytes()
    for size in (0, 1, 4095, 4096, 4097, 9000):
        assert masked_crc32c(data[:size]) == bytewise(data[:size])
