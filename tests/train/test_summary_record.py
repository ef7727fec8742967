"""SummaryRecord: the event file read back with an independent record and protobuf
decoder (the layout of MindSpore's summary.proto, checked against a file MindSpore 2.7.1
wrote: same bytes but the wall times)."""
import glob
import os
import struct
import zlib

import numpy as np
import pytest

import spore as ms
from spore import Tensor, nn
from spore.train import SummaryRecord


def _crc32c(data):
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ 0x82F63B78 if crc & 1 else crc >> 1
    return crc ^ 0xFFFFFFFF


def _masked(crc):
    return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def _records(path):
    with open(path, "rb") as f:
        data = f.read()
    out, i = [], 0
    while i < len(data):
        header = data[i:i + 8]
        (length,) = struct.unpack("<Q", header)
        assert struct.unpack("<I", data[i + 8:i + 12])[0] == _masked(_crc32c(header))
        message = data[i + 12:i + 12 + length]
        assert struct.unpack("<I", data[i + 12 + length:i + 16 + length])[0] == _masked(_crc32c(message))
        out.append(message)
        i += 16 + length
    return out


def _fields(message):
    """{field number: [values]}: varints as ints, fixed64 / fixed32 as raw 8 / 4 bytes,
    length-delimited as bytes."""
    fields, i = {}, 0
    while i < len(message):
        key, i = _varint(message, i)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, i = _varint(message, i)
        elif wire == 1:
            value, i = message[i:i + 8], i + 8
        elif wire == 5:
            value, i = message[i:i + 4], i + 4
        else:
            length, i = _varint(message, i)
            value, i = message[i:i + length], i + length
        fields.setdefault(number, []).append(value)
    return fields


def _varint(data, i):
    shift = result = 0
    while True:
        byte = data[i]
        i += 1
        result |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return result, i


def _double(raw):
    return struct.unpack("<d", raw)[0]


def _values(summary):
    """[(step, {tag: Summary.Value fields})] of the summary events written so far."""
    summary.flush()
    events = [_fields(m) for m in _records(summary.log_dir)]
    assert events[0][3] == [b"MindSpore.Event:1"]
    steps = []
    for event in events[1:]:
        values = [_fields(v) for v in _fields(event[5][0])[1]]
        steps.append((event[2][0], {v[1][0].decode(): v for v in values}))
    return steps


@pytest.fixture
def record(tmp_path):
    with SummaryRecord(str(tmp_path), file_prefix="run") as summary:
        yield summary


def test_scalars_and_steps(record, tmp_path):
    record.add_value("scalar", "loss", Tensor(np.float32(2.5)))
    assert record.record(1)
    record.add_value("scalar", "loss", Tensor(np.array([1.5], np.float32)))
    record.record(2)
    assert os.path.basename(record.log_dir).startswith("run.out.events.summary.")
    assert record.log_dir.endswith("_MS") and glob.glob(str(tmp_path / "run.out.events.summary.*"))
    steps = _values(record)
    assert [s for s, _ in steps] == [1, 2]
    assert [struct.unpack("<f", v["loss"][3][0])[0] for _, v in steps] == [2.5, 1.5]


def test_tensor_histogram_image(record):
    record.add_value("tensor", "t", Tensor(np.array([[1, 2], [3, 4]], np.int32)))
    record.add_value("histogram", "h", Tensor(np.array([1.0, 2.0, 2.0, 5.0, np.nan, np.inf], np.float32)))
    record.add_value("image", "img", Tensor(np.ones((2, 1, 2, 3), np.float32)))
    record.record(7)
    (step, values), = _values(record)
    tensor = _fields(values["t"][8][0])
    assert tensor[1] == [2, 2] and tensor[2] == [4], "dims 2 x 2, DT_INT32"
    assert struct.unpack("<4f", tensor[3][0]) == (1.0, 2.0, 3.0, 4.0)
    histogram = _fields(values["h"][9][0])
    # 4 finite values: 2 buckets over [1, 5], of width 2, holding 3 and 1 values.
    buckets = [_fields(b) for b in histogram[1]]
    assert [(_double(b[1][0]), _double(b[2][0]), b[3][0]) for b in buckets] == [(1.0, 2.0, 3), (3.0, 2.0, 1)]
    assert histogram[2] == [1] and histogram[3] == [1] and histogram[4] == [0] and histogram[8] == [6]
    assert (_double(histogram[5][0]), _double(histogram[6][0]), _double(histogram[7][0])) == (5.0, 1.0, 10.0)
    image = _fields(values["img"][4][0])
    assert image[1] == [2] and image[2] == [6] and image[3] == [3], "two 2x3 images side by side, RGB"
    encoded = image[4][0]
    assert encoded.startswith(b"\x89PNG\r\n\x1a\n")
    idat_at = encoded.index(b"IDAT")
    (length,) = struct.unpack(">I", encoded[idat_at - 4:idat_at])
    rows = zlib.decompress(encoded[idat_at + 4:idat_at + 4 + length])
    assert rows == (b"\x00" + b"\xff" * 18) * 2, "ones in [0, 1] scale to 255"


def test_plugin_filter_duplicates_and_empty_steps(record):
    record.add_value("scalar", "a", Tensor(np.float32(1)))
    record.add_value("scalar", "a", Tensor(np.float32(3)))
    record.add_value("tensor", "b", Tensor(np.ones(2, np.float32)))
    record.record(1, plugin_filter=lambda plugin: plugin == "scalar")
    record.record(2)
    (step, values), = _values(record)
    assert set(values) == {"a"} and struct.unpack("<f", values["a"][3][0])[0] == 3.0


def test_argument_errors(record):
    with pytest.raises(ValueError, match="plugin"):
        record.add_value("foo", "x", Tensor(1.0))
    with pytest.raises(TypeError, match="'graph' value must be bytes"):   # MindSpore 2.7.1: TypeError
        record.add_value("graph", "x", Tensor(1.0))
    with pytest.raises(ValueError, match="'graph' value of 'x' is not a graph proto"):
        record.add_value("graph", "x", b"junk")
    with pytest.raises(ValueError, match="name"):
        record.add_value("scalar", 3, Tensor(1.0))
    with pytest.raises(TypeError):
        record.add_value("scalar", "x", 1.0)
    with pytest.raises(ValueError):
        record.add_value("scalar", "x", Tensor(np.ones(3, np.float32)))
    with pytest.raises(ValueError):
        record.add_value("image", "x", Tensor(np.ones((3, 2, 2), np.float32)))
    with pytest.raises(ValueError):
        record.add_value("histogram", "x", Tensor(1.0))
    with pytest.raises(TypeError):
        record.record("a")
    with pytest.raises(TypeError):
        record.record(1, train_network=3)
    with pytest.raises(ValueError):
        record.set_mode("test")
    with pytest.raises(RuntimeError, match="only one instance"):
        SummaryRecord(os.path.dirname(record.log_dir))


def test_the_network_graph_is_written_once_compiled(tmp_path):
    """As on MindSpore 2.7.1: records before the network is compiled write their values; the
    first record after writes only the graph's event (graph_def, no step), its values kept
    for the next record."""
    net = nn.Dense(4, 3)
    with SummaryRecord(str(tmp_path), network=net) as summary:
        summary.add_value("scalar", "loss", Tensor(np.float32(1.0)))
        summary.record(1)
        ms.set_context(mode=ms.GRAPH_MODE)
        try:
            net(Tensor(np.ones((2, 4), np.float32)))
        finally:
            ms.set_context(mode=ms.PYNATIVE_MODE)
        summary.add_value("scalar", "loss", Tensor(np.float32(2.0)))
        assert summary.record(2)
        summary.record(3)
        summary.flush()
        events = [_fields(m) for m in _records(summary.log_dir)]
    assert [sorted(e) for e in events] == [[1, 3], [1, 2, 5], [1, 4], [1, 2, 5]]
    assert [e[2][0] for e in events if 2 in e] == [1, 3]
    graph = _fields(events[2][4][0])                       # GraphProto
    parameters = [_fields(p)[1][0].decode() for p in graph[3]]
    assert parameters == ["x", "weight", "bias"]          # Dense.construct(self, x)
    assert struct.unpack("<f", _fields(_fields(events[3][5][0])[1][0])[3][0])[0] == 2.0


def test_a_graph_added_as_a_value(tmp_path):
    """As on MindSpore 2.7.1: the graph's event comes before the step's values."""
    net = nn.ReLU()
    net.compile(Tensor(np.ones((2, 2), np.float32)))
    with SummaryRecord(str(tmp_path)) as summary:
        summary.add_value("scalar", "loss", Tensor(np.float32(1.0)))
        summary.add_value("graph", "train_network/graph", net.get_func_graph_proto())
        assert summary.record(1)
        summary.flush()
        events = [_fields(m) for m in _records(summary.log_dir)]
    assert [sorted(e) for e in events] == [[1, 3], [1, 4], [1, 2, 5]]
    (relu,) = [_fields(n) for n in _fields(events[1][4][0])[1]]
    assert relu[3] == [b"ReLU"]


def test_close_and_constructor_errors(tmp_path):
    summary = SummaryRecord(str(tmp_path), network=nn.Dense(2, 2))
    summary.close()
    assert summary.record(1) is False
    with pytest.raises(ValueError):
        summary.__enter__()
    with pytest.raises(TypeError):
        SummaryRecord(3)
    with pytest.raises(TypeError):
        SummaryRecord(str(tmp_path), max_file_size=1.5)
    with pytest.raises(ValueError):
        SummaryRecord(str(tmp_path), file_prefix="a/b")
    assert SummaryRecord.count == 0


def test_max_file_size(tmp_path):
    with SummaryRecord(str(tmp_path), max_file_size=60, raise_exception=True) as summary:
        summary.add_value("tensor", "big", Tensor(np.ones(100, np.float32)))
        with pytest.raises(RuntimeError, match="max_file_size"):
            summary.record(1)
