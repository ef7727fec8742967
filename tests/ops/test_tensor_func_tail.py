"""The functional forms of in-place and device Tensor methods (clamp_, zero_, move_to) and
the debugging / parallel functions of other_func (tensordump, reshard)."""
from __future__ import annotations

import numpy as np
import pytest

import spore as ms
from spore.ops import functional as F
from spore.parallel import Layout


def test_clamp_updates_the_input_and_returns_it():
    x = ms.Tensor(np.array([1.0, 5.0, -3.0], np.float32))
    out = F.clamp_(x, 0, 2)
    assert out is x
    np.testing.assert_array_equal(x.asnumpy(), [1.0, 2.0, 0.0])


def test_clamp_with_only_max():
    x = ms.Tensor(np.array([1, 5, -3], np.int32))
    F.clamp_(x, max=2)
    np.testing.assert_array_equal(x.asnumpy(), [1, 2, -3])
    assert x.dtype == ms.int32


def test_zero_updates_the_input_and_returns_it():
    x = ms.Tensor(np.array([[1, 2], [3, 4]], np.int32))
    out = F.zero_(x)
    assert out is x
    np.testing.assert_array_equal(x.asnumpy(), np.zeros((2, 2), np.int32))


def test_move_to_the_current_device_copies():
    x = ms.Tensor(np.array([1.0, 2.0], np.float32))
    out = F.move_to(x, "CPU")
    assert out is not x
    np.testing.assert_array_equal(out.asnumpy(), x.asnumpy())


@pytest.mark.parametrize("call, error, match", [
    (lambda: F.clamp_([1, 2], 0, 1), TypeError, "For 'clamp_', the 'input' must be a Tensor"),
    (lambda: F.zero_([1, 2]), TypeError, "For 'zero_', the 'input' must be a Tensor"),
    (lambda: F.move_to([1], "CPU"), TypeError, "For 'move_to', the 'input' must be a Tensor"),
    (lambda: F.move_to(ms.Tensor(1.0), "XPU"), ValueError, "'to' must be 'Ascend', 'GPU' or 'CPU'"),
    (lambda: F.tensordump(1, ms.Tensor(1.0)), TypeError, "'file_name' must be a str"),
    (lambda: F.tensordump("x", 1), TypeError, "'tensor' must be a Tensor"),
    (lambda: F.tensordump("x", ms.Tensor(1.0), "xx"), ValueError, "'mode' must be one of"),
    (lambda: F.reshard([1], None), TypeError, "For 'reshard', the 'tensor' must be a Tensor"),
])
def test_errors(call, error, match):
    with pytest.raises(error, match=match):
        call()


def _dumped(tmp_path, stem: str) -> list:
    return sorted(tmp_path.glob(f"{stem}_*.npy"))


def test_tensordump_writes_name_dtype_id_npy(tmp_path):
    F.tensordump(str(tmp_path / "a"), ms.Tensor(np.arange(4, dtype=np.float32)))
    F.tensordump(str(tmp_path / "b.npy"), ms.Tensor(np.arange(3, dtype=np.int32)), "in")
    (a_file,), (b_file,) = _dumped(tmp_path, "a"), _dumped(tmp_path, "b")
    a_id, b_id = int(a_file.stem.split("_")[-1]), int(b_file.stem.split("_")[-1])
    assert a_file.name == f"a_float32_{a_id}.npy" and b_file.name == f"b_int32_{b_id}.npy"
    assert b_id == a_id + 1
    np.testing.assert_array_equal(np.load(a_file), np.arange(4, dtype=np.float32))
    loaded = np.load(b_file)
    assert loaded.dtype == np.int32
    np.testing.assert_array_equal(loaded, np.arange(3))


def test_tensordump_saves_bfloat16_as_float32(tmp_path):
    F.tensordump(str(tmp_path / "c"), ms.Tensor(np.array([1.5, -2.0]), ms.bfloat16))
    (c_file,) = _dumped(tmp_path, "c")
    assert "_bfloat16_" in c_file.name
    loaded = np.load(c_file)
    assert loaded.dtype == np.float32
    np.testing.assert_array_equal(loaded, [1.5, -2.0])


def test_reshard_in_one_process_returns_the_tensor():
    x = ms.Tensor(np.ones((4, 4), np.float32))
    layout = Layout((2, 2), ("dp", "mp"))
    assert F.reshard(x, layout("dp", "mp")) is x
