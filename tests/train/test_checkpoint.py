"""Checkpoints: save_checkpoint / load_checkpoint / load_param_into_net, the .ckpt and
.safetensors encodings, and interoperability with files written by MindSpore 2.7.1."""
import contextlib
import io
import json
import os
from pathlib import Path

import numpy as np
import pytest

import spore as ms
from spore import Parameter, Tensor, nn
from spore.train import ckpt_format, safetensors_format, serialization

INTEROP = Path(__file__).resolve().parents[3] / "shared" / "interop"
FORMATS = ("ckpt", "safetensors")

# The entries of dtypes_mindspore.ckpt, in file order: name, dtype, values.
MS_DTYPES = [
    ("f16", ms.float16, np.array([[0, 1, 2], [3, 4, 5]], np.float16)),
    ("i32", ms.int32, np.array([0, 1, 2, 3], np.int32)),
    ("i64", ms.int64, np.array([0, 1, 2], np.int64)),
    ("b", ms.bool_, np.array([True, False])),
    ("bf16", ms.bfloat16, np.array([1.5, -2.0], np.float32)),
    ("f64", ms.float64, np.array([[1e-300]], np.float64)),
    ("u8", ms.uint8, np.array([0, 255], np.uint8)),
    ("scalar", ms.float32, np.array(3.5, np.float32)),
]
LENET5 = [("conv1.weight", (6, 1, 5, 5)), ("conv2.weight", (16, 6, 5, 5)), ("fc1.weight", (120, 400)),
          ("fc1.bias", (120,)), ("fc2.weight", (84, 120)), ("fc2.bias", (84,)), ("fc3.weight", (10, 84)),
          ("fc3.bias", (10,))]


@pytest.fixture
def interop():
    if not INTEROP.is_dir():
        pytest.skip(f"the MindSpore interop files are not at {INTEROP}")
    return INTEROP


def _dtypes_list():
    return [{"name": name, "data": Tensor(values, dtype)} for name, dtype, values in MS_DTYPES]


def _assert_param(param, name, dtype, values):
    assert isinstance(param, Parameter) and param.name == name
    assert param.dtype is dtype and param.shape == values.shape
    np.testing.assert_array_equal(param.asnumpy(), values)


def _load(path, **kwargs):
    return ms.load_checkpoint(str(path), format=Path(path).suffix[1:], **kwargs)


# ---- files written by MindSpore ---------------------------------------------------------
def test_mindspore_dtypes_ckpt_loads_every_entry(interop):
    loaded = ms.load_checkpoint(str(interop / "dtypes_mindspore.ckpt"))
    assert list(loaded) == [name for name, _, _ in MS_DTYPES]
    for name, dtype, values in MS_DTYPES:
        _assert_param(loaded[name], name, dtype, values)
    assert loaded["scalar"].shape == () and loaded["f64"].asnumpy()[0, 0] == 1e-300


def test_spore_writes_the_bytes_mindspore_writes(interop, tmp_path):
    ms.save_checkpoint(_dtypes_list(), str(tmp_path / "dtypes"))
    ours = (tmp_path / "dtypes.ckpt").read_bytes()
    theirs = (interop / "dtypes_mindspore.ckpt").read_bytes()
    # The decoded layout first (a clearer failure than a byte diff), then the bytes.
    decoded = [(e.name, e.shape, e.type_name, bytes(e.content)) for e in ckpt_format.read(ours)]
    assert decoded == [(e.name, e.shape, e.type_name, bytes(e.content)) for e in ckpt_format.read(theirs)]
    assert ours == theirs


@pytest.mark.parametrize("fmt", FORMATS)
def test_mindspore_lenet5_names_and_shapes(interop, fmt):
    loaded = _load(interop / f"lenet5_mindspore.{fmt}")
    expected = LENET5 if fmt == "ckpt" else sorted(LENET5)   # safetensors entries come sorted by name
    assert [(name, p.shape) for name, p in loaded.items()] == expected
    assert all(p.dtype is ms.float32 and p.name == name for name, p in loaded.items())


def test_mindspore_lenet5_same_values_in_both_formats(interop):
    ckpt = _load(interop / "lenet5_mindspore.ckpt")
    safetensors = _load(interop / "lenet5_mindspore.safetensors")
    assert set(ckpt) == set(safetensors)
    for name in ckpt:
        np.testing.assert_array_equal(ckpt[name].asnumpy(), safetensors[name].asnumpy())


@pytest.mark.parametrize("fmt", FORMATS)
def test_resaving_mindspore_lenet5_gives_the_same_file(interop, tmp_path, fmt):
    loaded = _load(interop / f"lenet5_mindspore.{fmt}")
    ms.save_checkpoint(loaded, str(tmp_path / "lenet5"), format=fmt)
    assert (tmp_path / f"lenet5.{fmt}").read_bytes() == (interop / f"lenet5_mindspore.{fmt}").read_bytes()


# ---- round trips --------------------------------------------------------------------------
ROUND_TRIP_VALUES = [
    (ms.float16, np.array([[0.5, -np.inf], [np.nan, 65504]], np.float16)),
    (ms.float32, np.array([1.5, -0.0, np.inf, 3e-38], np.float32)),
    (ms.float64, np.array([[1e-300, -2.5e300]], np.float64)),
    (ms.bfloat16, np.array([1.5, -2.0, 2.0 ** 127, -np.inf, 0.0078125], np.float32)),
    (ms.int8, np.array([-128, 127], np.int8)),
    (ms.int16, np.array([-32768, 7], np.int16)),
    (ms.int32, np.arange(-3, 3, dtype=np.int32).reshape(2, 3)),
    (ms.int64, np.array([-(2 ** 63), 2 ** 62], np.int64)),
    (ms.uint8, np.array([0, 255], np.uint8)),
    (ms.uint16, np.array([0, 65535], np.uint16)),
    (ms.uint32, np.array([0, 2 ** 32 - 1], np.uint32)),
    (ms.uint64, np.array([0, 2 ** 64 - 1], np.uint64)),
    (ms.bool_, np.array([[True], [False]])),
    (ms.complex64, np.array([1 + 2j, -3.5j], np.complex64)),
    (ms.float32, np.array(3.5, np.float32)),              # 0-d
    (ms.float32, np.zeros((0, 3), np.float32)),           # empty
    (ms.int64, np.array(-7, np.int64)),                   # 0-d integer
]


def _case_id(value):
    return str(value) if isinstance(value, ms.dtype.Type) else f"shape{np.shape(value)}"


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("dtype, values", ROUND_TRIP_VALUES, ids=_case_id)
def test_round_trip_every_dtype(tmp_path, fmt, dtype, values):
    ms.save_checkpoint([{"name": "x", "data": Tensor(values, dtype)}], str(tmp_path / "x"), format=fmt)
    _assert_param(_load(tmp_path / f"x.{fmt}")["x"], "x", dtype, values)


def test_complex128_round_trips_in_ckpt_only(tmp_path):
    values = np.array([1 + 1e-200j], np.complex128)
    ms.save_checkpoint([{"name": "z", "data": Tensor(values)}], str(tmp_path / "z.ckpt"))
    _assert_param(ms.load_checkpoint(str(tmp_path / "z.ckpt"))["z"], "z", ms.complex128, values)
    with pytest.raises(TypeError, match="'z'.*Complex128"):
        ms.save_checkpoint([{"name": "z", "data": Tensor(values)}], str(tmp_path / "z"), format="safetensors")
    assert not list(tmp_path.glob("*.safetensors*")) and not list(tmp_path.glob(".*"))


@pytest.mark.parametrize("fmt", FORMATS)
def test_round_trip_all_dtypes_in_one_file(tmp_path, fmt):
    ms.save_checkpoint(_dtypes_list(), str(tmp_path / "all"), format=fmt)
    loaded = _load(tmp_path / f"all.{fmt}")
    for name, dtype, values in MS_DTYPES:
        _assert_param(loaded[name], name, dtype, values)


def test_append_dict_entries(tmp_path):
    append = {"epoch_num": 3, "lr": 0.5, "flag": True, "note": "héllo wörld", "t": Tensor([1, 2], ms.int32)}
    ms.save_checkpoint(_dtypes_list()[:1], str(tmp_path / "a.ckpt"), append_dict=append)
    loaded = ms.load_checkpoint(str(tmp_path / "a.ckpt"))
    assert list(loaded) == ["f16", "epoch_num", "lr", "flag", "note", "t"]
    _assert_param(loaded["epoch_num"], "epoch_num", ms.int64, np.array(3, np.int64))
    _assert_param(loaded["lr"], "lr", ms.float32, np.array(0.5, np.float32))
    _assert_param(loaded["flag"], "flag", ms.bool_, np.array(True))
    _assert_param(loaded["t"], "t", ms.int32, np.array([1, 2], np.int32))
    assert loaded["note"] == "héllo wörld"
    # MindSpore's layout for a string: dims [0], tensor_type "str", UTF-32-LE content.
    note = next(e for e in ckpt_format.read((tmp_path / "a.ckpt").read_bytes()) if e.name == "note")
    assert (note.shape, note.type_name, bytes(note.content)) == ((0,), "str", "héllo wörld".encode("utf-32-le"))


def test_safetensors_can_not_hold_strings(tmp_path):
    with pytest.raises(TypeError, match="'note'.*string"):
        ms.save_checkpoint([], str(tmp_path / "s"), append_dict={"note": "x"}, format="safetensors")


def test_safetensors_layout_matches_mindspore(tmp_path):
    ms.save_checkpoint(_dtypes_list(), str(tmp_path / "d"), format="safetensors", append_dict={"epoch": 3})
    data = (tmp_path / "d.safetensors").read_bytes()
    length = int.from_bytes(data[:8], "little")
    assert length % 8 == 0
    header = json.loads(data[8:8 + length])
    assert list(header) == ["__metadata__", "epoch", "i64", "f64", "scalar", "i32", "bf16", "f16", "u8", "b"]
    assert header["__metadata__"] == {"format": "ms"}
    assert header["bf16"] == {"dtype": "BF16", "shape": [2], "data_offsets": [60, 64]}
    assert header["b"]["dtype"] == "BOOL" and header["scalar"]["shape"] == []


def test_save_obj_kinds_and_choice_func(tmp_path):
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = Parameter(Tensor(np.ones((2, 2), np.float32)), name="custom_name")
            self.b = Parameter(Tensor(np.zeros(2, np.float32)))
            self.step = Parameter(Tensor(4, ms.int32), requires_grad=False)

    net = Net()
    path = str(tmp_path / "net.ckpt")
    ms.save_checkpoint(net, path)   # Parameter.name, not the attribute name, is saved
    assert list(ms.load_checkpoint(path)) == ["custom_name", "b", "step"]
    ms.save_checkpoint(net, path, choice_func=lambda name: name != "b")
    assert list(ms.load_checkpoint(path)) == ["custom_name", "step"]
    ms.save_checkpoint(net.trainable_params(), path)
    assert list(ms.load_checkpoint(path)) == ["custom_name", "b"]
    ms.save_checkpoint({"a": net.b, "arr": np.arange(3), "s": "text"}, path)
    loaded = ms.load_checkpoint(path)
    assert list(loaded) == ["a", "arr", "s"] and loaded["arr"].dtype is ms.int64 and loaded["s"] == "text"


def test_suffix_is_added_when_missing(tmp_path):
    ms.save_checkpoint(_dtypes_list(), str(tmp_path / "m"))
    ms.save_checkpoint(_dtypes_list(), str(tmp_path / "m"), format="safetensors")
    ms.save_checkpoint(_dtypes_list(), str(tmp_path / "n.ckpt"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.ckpt", "m.safetensors", "n.ckpt"]


def test_large_entries_are_split_and_joined(tmp_path, monkeypatch):
    monkeypatch.setattr(ckpt_format, "SLICE_BYTES", 10)
    values = np.arange(12, dtype=np.float32).reshape(3, 4)
    ms.save_checkpoint([{"name": "w", "data": Tensor(values)}, {"name": "s", "data": Tensor(1.0)}],
                       str(tmp_path / "w.ckpt"))
    data = (tmp_path / "w.ckpt").read_bytes()
    assert data.count(b"\n\x01w") == 5   # 48 bytes in 10-byte slices, each a Value tagged 'w'
    loaded = ms.load_checkpoint(str(tmp_path / "w.ckpt"))
    np.testing.assert_array_equal(loaded["w"].asnumpy(), values)
    assert list(loaded) == ["w", "s"]


def test_async_save(tmp_path):
    ms.save_checkpoint(_dtypes_list(), str(tmp_path / "a"), async_save=True)
    ms.save_checkpoint(_dtypes_list(), str(tmp_path / "b"), async_save="thread")
    loaded = ms.load_checkpoint(str(tmp_path / "b.ckpt"))   # waits for the writer
    assert not ms.async_ckpt_thread_status()
    assert list(loaded) == [name for name, _, _ in MS_DTYPES]
    assert (tmp_path / "a.ckpt").read_bytes() == (tmp_path / "b.ckpt").read_bytes()


# ---- the protobuf decoder -------------------------------------------------------------------
def _varint(n):
    out = bytearray()
    while n > 0x7F:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    return bytes(out + bytes([n]))


def _len_field(field, payload):
    return _varint(field << 3 | 2) + _varint(len(payload)) + payload


def test_decoder_reads_packed_dims_and_skips_unknown_fields(tmp_path):
    content = np.arange(6, dtype=np.float32).tobytes()
    unknown = _varint(9 << 3 | 0) + _varint(300) + _varint(10 << 3 | 5) + b"abcd" + _varint(11 << 3 | 1) + b"8 bytes!"
    tensor = (_len_field(1, _varint(2) + _varint(3)) + unknown + _len_field(2, b"Float32")
              + _len_field(3, content))
    value = _len_field(1, b"w") + unknown + _len_field(2, tensor)
    path = tmp_path / "packed.ckpt"
    path.write_bytes(unknown + _len_field(1, value) + _len_field(7, b"ignored"))
    np.testing.assert_array_equal(ms.load_checkpoint(str(path))["w"].asnumpy(),
                                  np.arange(6, dtype=np.float32).reshape(2, 3))


def test_writer_and_reader_agree_on_negative_and_large_dims():
    f = io.BytesIO()
    ckpt_format.write(f, [ckpt_format.Entry("e", (0, 2 ** 40), "Float32", b"")])
    assert ckpt_format.read(f.getvalue())[0].shape == (0, 2 ** 40)
    header = ckpt_format.value_header("n", (-1,), "Float32", 0)
    assert ckpt_format.read(header)[0].shape == (-1,)


# ---- crc ------------------------------------------------------------------------------------
@pytest.mark.parametrize("fmt", FORMATS)
def test_crc_check(tmp_path, fmt):
    ms.save_checkpoint(_dtypes_list(), str(tmp_path / "c"), format=fmt, crc_check=True)
    path = tmp_path / f"c.{fmt}"
    assert list(_load(path, crc_check=True)) == [name for name, _, _ in MS_DTYPES] or fmt == "safetensors"
    data = bytearray(path.read_bytes())
    data[-20] ^= 0x01   # a bit of tensor data (before the ckpt's 17-byte CRC footer)
    path.write_bytes(bytes(data))
    _load(path)   # no check asked: the damage goes unnoticed
    with pytest.raises(ValueError, match="CRC check failed"):
        _load(path, crc_check=True)


def test_crc_values_are_mindspores(interop, tmp_path):
    # The CRCs MindSpore 2.7.1 wrote for the same entries (for a safetensors 0-d integer
    # MindSpore hashes `value` zero bytes instead of the data, which spore reproduces).
    ms.save_checkpoint(_dtypes_list(), str(tmp_path / "d"), crc_check=True)
    assert (tmp_path / "d.ckpt").read_bytes()[-17:] == b"crc_num" + (2620480427).to_bytes(10, "big")
    entries = [{"name": "step", "data": Tensor(5, ms.int32)}, {"name": "w", "data": Tensor([1.5, 2.0])}]
    ms.save_checkpoint(entries, str(tmp_path / "s"), crc_check=True, format="safetensors",
                       append_dict={"epoch": 300})
    metadata, _ = safetensors_format.read((tmp_path / "s.safetensors").read_bytes(), crc_check=True)
    assert metadata == {"format": "ms", "crc_num": "3126137301"}


# ---- damaged files ----------------------------------------------------------------------------
def _decode(data):
    """What load_checkpoint does with a .ckpt file's bytes, in memory (fast enough to try
    every cut and every byte); load_checkpoint turns CheckpointFormatError into a
    ValueError naming the file."""
    return {e.name: serialization._value_of(e) for e in ckpt_format.read(data)}


def test_every_truncation_is_detected_or_leaves_whole_entries(interop):
    data = (interop / "dtypes_mindspore.ckpt").read_bytes()
    names = [name for name, _, _ in MS_DTYPES]
    for cut in range(len(data)):
        try:
            loaded = _decode(data[:cut])
        except ckpt_format.CheckpointFormatError:
            continue
        # A cut between two entries leaves a well-formed, shorter checkpoint.
        assert list(loaded) == names[:len(loaded)]


def test_corrupted_bytes_give_only_format_errors(interop):
    data = (interop / "dtypes_mindspore.ckpt").read_bytes()
    for pos in range(len(data)):
        for byte in (0x00, 0xFF, data[pos] ^ 0x08):
            with contextlib.suppress(ckpt_format.CheckpointFormatError):
                _decode(data[:pos] + bytes([byte]) + data[pos + 1:])


def test_corrupted_safetensors_header_gives_only_format_errors(interop):
    data = (interop / "lenet5_mindspore.safetensors").read_bytes()
    header_end = 8 + int.from_bytes(data[:8], "little")
    deep = b"[" * 100000
    for mutated in [data[:pos] + bytes([data[pos] ^ 0x20]) + data[pos + 1:] for pos in range(header_end)] + [
            (len(deep)).to_bytes(8, "little") + deep]:
        with contextlib.suppress(ckpt_format.CheckpointFormatError):
            _, entries = safetensors_format.read(mutated)
            for entry in entries:
                serialization._value_of(entry)


def test_truncated_ckpt_message_names_the_file(interop, tmp_path):
    data = (interop / "lenet5_mindspore.ckpt").read_bytes()
    path = tmp_path / "t.ckpt"
    path.write_bytes(data[:-100])
    with pytest.raises(ValueError, match=r"t\.ckpt.*truncated"):
        ms.load_checkpoint(str(path))


def test_ckpt_entry_errors_name_the_entry(tmp_path):
    path = tmp_path / "e.ckpt"
    path.write_bytes(ckpt_format.value_header("w", (2, 2), "Float99", 16) + bytes(16))
    with pytest.raises(ValueError, match=r"e\.ckpt.*'w'.*Float99"):
        ms.load_checkpoint(str(path))
    path.write_bytes(ckpt_format.value_header("w", (2, 3), "Float32", 16) + bytes(16))
    with pytest.raises(ValueError, match=r"'w' holds 16 bytes.*needs 24"):
        ms.load_checkpoint(str(path))
    path.write_bytes(b"this is not a checkpoint at all")
    with pytest.raises(ValueError, match=r"e\.ckpt"):
        ms.load_checkpoint(str(path))


def test_damaged_safetensors(interop, tmp_path):
    data = (interop / "lenet5_mindspore.safetensors").read_bytes()
    length = int.from_bytes(data[:8], "little")
    path = tmp_path / "d.safetensors"
    cases = {
        "truncated data": (data[:-10], r"'fc3\.weight'.*truncated"),
        "truncated header": (data[:100], "header length"),
        "tiny": (data[:5], "fewer than"),
        "bad json": (data[:8] + b"{" * length + data[8 + length:], "not valid JSON"),
        "bad dtype": (data.replace(b'"F32"', b'"X32"', 1), r"'conv1\.weight'.*'X32'"),
    }
    for name, (content, message) in cases.items():
        path.write_bytes(content)
        with pytest.raises(ValueError, match=message) as info:
            ms.load_checkpoint(str(path), format="safetensors")
        assert str(path) in str(info.value), name


# ---- atomic writes ----------------------------------------------------------------------------
@pytest.mark.parametrize("fmt", FORMATS)
def test_failed_save_leaves_no_partial_file(tmp_path, monkeypatch, fmt):
    target = tmp_path / f"net.{fmt}"
    target.write_bytes(b"the previous checkpoint")
    real = serialization.serialization_io.tensor_bytes
    calls = []

    def fail_on_third_tensor(t):
        calls.append(t)
        if len(calls) == 3:
            raise OSError("disk went away")
        return real(t)

    monkeypatch.setattr(serialization.serialization_io, "tensor_bytes", fail_on_third_tensor)
    with pytest.raises(OSError, match="disk went away"):
        ms.save_checkpoint(_dtypes_list(), str(target), format=fmt)
    assert target.read_bytes() == b"the previous checkpoint"
    assert [p.name for p in tmp_path.iterdir()] == [target.name]


def test_failing_entry_iterator_leaves_no_file(tmp_path):
    def entries():
        yield ckpt_format.Entry("a", (1,), "Float32", b"\x00\x00\x80?")
        raise RuntimeError("data source failed")

    target = tmp_path / "x.ckpt"
    with pytest.raises(RuntimeError, match="data source failed"):
        serialization._write_atomically(str(target), lambda f: ckpt_format.write(f, entries()))
    assert list(tmp_path.iterdir()) == []


# ---- load_param_into_net ------------------------------------------------------------------------
class Block(nn.Cell):
    def __init__(self):
        super().__init__()
        self.weight = Parameter(Tensor(np.zeros((2, 3), np.float32)))
        self.bias = Parameter(Tensor(np.zeros(3, np.float32)))


class Model(nn.Cell):
    def __init__(self):
        super().__init__()
        self.step = Parameter(Tensor(0, ms.int32), requires_grad=False)
        self.block = Block()


def _params(**values):
    return {name.replace("__", "."): Parameter(Tensor(v), name=name.replace("__", "."))
            for name, v in values.items()}


def test_load_param_into_net_loads_and_reports():
    net = Model()
    weights = np.arange(6, dtype=np.float32).reshape(2, 3)
    result = ms.load_param_into_net(net, _params(block__weight=weights, extra=np.ones(1, np.float32)))
    assert result == (["step", "block.bias"], ["extra"])
    np.testing.assert_array_equal(net.block.weight.asnumpy(), weights)
    assert net.block.weight.name == "block.weight"


def test_checkpoint_into_net_end_to_end(tmp_path):
    source, target = Model(), Model()
    source.block.weight.set_data(Tensor(np.full((2, 3), 7, np.float32)))
    source.step.set_data(Tensor(12, ms.int32))
    for fmt in FORMATS:
        ms.save_checkpoint(source, str(tmp_path / "m"), format=fmt)
        loaded = ms.load_checkpoint(str(tmp_path / f"m.{fmt}"), net=target, format=fmt)
        assert set(loaded) == {"step", "block.weight", "block.bias"}
        np.testing.assert_array_equal(target.block.weight.asnumpy(), np.full((2, 3), 7, np.float32))
        assert target.step.asnumpy() == 12 and target.step.dtype is ms.int32


def test_filter_prefix_with_net(tmp_path):
    ms.save_checkpoint(Model(), str(tmp_path / "m.ckpt"))
    net = Model()
    loaded = ms.load_checkpoint(str(tmp_path / "m.ckpt"), filter_prefix="block.b")
    assert list(loaded) == ["step", "block.weight"]
    assert ms.load_param_into_net(net, loaded) == (["block.bias"], [])
    assert list(ms.load_checkpoint(str(tmp_path / "m.ckpt"), specify_prefix=("block",), filter_prefix="block.w")) \
        == ["block.bias"]
    assert list(ms.load_checkpoint(str(tmp_path / "m.ckpt"), choice_func=lambda n: "w" in n)) == ["block.weight"]


def test_dtype_conversion_and_strict_load():
    net = Model()
    params = _params(step=np.array(5, np.int64), block__weight=np.ones((2, 3), np.float64))
    assert ms.load_param_into_net(net, params) == (["block.bias"], [])
    assert net.step.dtype is ms.int32 and net.step.asnumpy() == 5
    assert net.block.weight.dtype is ms.float32
    with pytest.raises(RuntimeError, match=r"'step'.*Int32.*Int64.*strict_load"):
        ms.load_param_into_net(Model(), params, strict_load=True)
    with pytest.raises(RuntimeError, match=r"'block\.weight'.*Float32.*Int32"):
        ms.load_param_into_net(Model(), _params(block__weight=np.ones((2, 3), np.int32)))
    with pytest.raises(RuntimeError, match=r"'step'.*Bool"):
        ms.load_param_into_net(Model(), _params(step=np.array(True)))


def test_shape_mismatch_names_parameter_shapes_and_file(tmp_path):
    ms.save_checkpoint([{"name": "block.weight", "data": Tensor(np.ones((3, 2), np.float32))}],
                       str(tmp_path / "bad.ckpt"))
    with pytest.raises(RuntimeError, match=r"'block\.weight'.*\(2, 3\).*\(3, 2\)") as info:
        ms.load_checkpoint(str(tmp_path / "bad.ckpt"), net=Model())
    assert str(tmp_path / "bad.ckpt") in str(info.value)
    with pytest.raises(RuntimeError, match=r"'block\.weight'.*\(2, 3\).*'parameter_dict'.*\(3, 2\)"):
        ms.load_param_into_net(Model(), _params(block__weight=np.ones((3, 2), np.float32)))


def test_trailing_unit_dims_are_reshaped():
    net = Model()
    ms.load_param_into_net(net, _params(block__bias=np.full((3, 1, 1), 2, np.float32)))
    assert net.block.bias.shape == (3,)
    np.testing.assert_array_equal(net.block.bias.asnumpy(), [2, 2, 2])


def test_prefixed_names_load_unless_strict():
    weights = np.full((2, 3), 2, np.float32)
    params = _params(network__block__weight=weights, network__block__bias=np.ones(3, np.float32),
                     other=np.ones(1, np.float32))
    net = Model()
    # As MindSpore: prefix-matched names stay in the second list.
    assert ms.load_param_into_net(net, params) == (["step"], ["network.block.weight", "network.block.bias", "other"])
    np.testing.assert_array_equal(net.block.weight.asnumpy(), weights)
    strict = Model()
    assert ms.load_param_into_net(strict, params, strict_load=True)[0] == ["step", "block.weight", "block.bias"]
    np.testing.assert_array_equal(strict.block.weight.asnumpy(), np.zeros((2, 3), np.float32))


def test_string_entries_are_not_loaded():
    net = Model()
    params = {"step": "text", **_params(block__bias=np.ones(3, np.float32))}
    assert ms.load_param_into_net(net, params) == (["block.weight"], ["step"])
    assert net.step.asnumpy() == 0


# ---- argument errors ------------------------------------------------------------------------------
def test_load_param_into_net_argument_errors():
    with pytest.raises(TypeError, match="'net' must be a Cell"):
        ms.load_param_into_net(3, {})
    with pytest.raises(TypeError, match="'parameter_dict' must be a dict"):
        ms.load_param_into_net(Model(), [])
    with pytest.raises(TypeError, match="'parameter_dict' must map str to Parameter"):
        ms.load_param_into_net(Model(), {"step": 3})
    with pytest.raises(TypeError, match="strict_load"):
        ms.load_param_into_net(Model(), {}, strict_load=1)
    with pytest.raises(TypeError, match="remove_redundancy"):
        ms.load_param_into_net(Model(), {}, remove_redundancy=True)


def test_load_checkpoint_argument_errors(tmp_path):
    path = str(tmp_path / "m.ckpt")
    ms.save_checkpoint(Model(), path)
    with pytest.raises(ValueError, match="does not exist"):
        ms.load_checkpoint(str(tmp_path / "missing.ckpt"))
    with pytest.raises(ValueError, match="must end with its format 'safetensors'"):
        ms.load_checkpoint(path, format="safetensors")
    with pytest.raises(ValueError, match="'format' must be"):
        ms.load_checkpoint(path, format="npz")
    with pytest.raises(TypeError, match="ckpt_file_name"):
        ms.load_checkpoint(Path(path))
    with pytest.raises(ValueError, match="no entry is left"):
        ms.load_checkpoint(path, filter_prefix=["step", "block"])
    with pytest.raises(ValueError, match="empty string"):
        ms.load_checkpoint(path, filter_prefix="")
    with pytest.raises(ValueError, match="empty list"):
        ms.load_checkpoint(path, specify_prefix=[])
    with pytest.raises(TypeError, match="filter_prefix"):
        ms.load_checkpoint(path, filter_prefix=3)
    with pytest.raises(NotImplementedError, match="dec_key"):
        ms.load_checkpoint(path, dec_key=b"0123456789abcdef")
    with pytest.raises(TypeError, match="crc_check"):
        ms.load_checkpoint(path, crc_check="yes")


def test_save_checkpoint_argument_errors(tmp_path):
    path = str(tmp_path / "m.ckpt")
    with pytest.raises(NotImplementedError, match="enc_key"):
        ms.save_checkpoint(Model(), path, enc_key=b"0123456789abcdef")
    with pytest.raises(TypeError, match="save_obj"):
        ms.save_checkpoint(Tensor([1.0]), path)
    with pytest.raises(ValueError, match="'format' must be"):
        ms.save_checkpoint(Model(), path, format="npz")
    with pytest.raises(ValueError, match="async_save"):
        ms.save_checkpoint(Model(), path, async_save="later")
    with pytest.raises(TypeError, match="append_dict"):
        ms.save_checkpoint(Model(), path, append_dict={"a": [1, 2]})
    with pytest.raises(TypeError, match="list 'save_obj' must hold Parameters"):
        ms.save_checkpoint([Tensor([1.0])], path)
    with pytest.raises(TypeError, match="'data'"):
        ms.save_checkpoint([{"name": "a", "data": 1.0}], path)
    with pytest.raises(IsADirectoryError):
        ms.save_checkpoint(Model(), str(tmp_path))
    assert not os.listdir(tmp_path)
