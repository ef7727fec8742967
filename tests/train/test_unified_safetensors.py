"""unified_safetensors against the files MindSpore 2.7.1 wrote from the same per-rank
files (data/unified: w split in two along axis 0, b copied, step a hyper-parameter)."""
import json
import os
import shutil

import numpy as np
import pytest

from spore import Tensor
from spore.train import load_checkpoint, save_checkpoint
from spore.train.unified_safetensors import unified_safetensors

DATA = os.path.join(os.path.dirname(__file__), "data", "unified")
STRATEGY = os.path.join(DATA, "strategy.ckpt")
W = np.arange(12, dtype=np.float32).reshape(4, 3)


def _read(path):
    return {name: value.asnumpy() for name, value in load_checkpoint(str(path), format="safetensors").items()}


def test_same_files_as_mindspore(tmp_path):
    unified_safetensors(os.path.join(DATA, "src"), STRATEGY, str(tmp_path))
    assert sorted(os.listdir(tmp_path)) == sorted(os.listdir(os.path.join(DATA, "expected")))
    for name in os.listdir(tmp_path):
        with open(tmp_path / name, "rb") as ours, open(os.path.join(DATA, "expected", name), "rb") as theirs:
            assert ours.read() == theirs.read(), name
    np.testing.assert_array_equal(_read(tmp_path / "part0.safetensors")["w"], W)


def test_files_saved_without_redundancy(tmp_path):
    """The copied `b` only in rank 0's file: rank 1 borrows it."""
    for rank in (0, 1):
        entries = [{"name": "w", "data": Tensor(W[2 * rank:2 * rank + 2])}]
        if rank == 0:
            entries.append({"name": "b", "data": Tensor(np.full(3, 2.0, np.float32))})
        os.makedirs(tmp_path / "src" / f"rank_{rank}")
        save_checkpoint(entries, str(tmp_path / "src" / f"rank_{rank}" / "net-1_4.safetensors"), format="safetensors")
    unified_safetensors(str(tmp_path / "src"), STRATEGY, str(tmp_path / "dst"), merge_with_redundancy=False)
    merged = _read(tmp_path / "dst" / "part0.safetensors")
    np.testing.assert_array_equal(merged["w"], W)
    np.testing.assert_array_equal(merged["b"], np.full(3, 2.0))
    assert not os.path.exists(tmp_path / "dst" / "hyper_param.safetensors")


def test_choice_func_renames_and_drops(tmp_path):
    def choice(name):
        return "weight" if name == "w" else name != "b"

    unified_safetensors(os.path.join(DATA, "src"), STRATEGY, str(tmp_path), choice_func=choice)
    with open(tmp_path / "param_name_map.json") as f:
        assert json.load(f) == {"metadata": {"total_size": 48}, "weight_map": {"weight": "part0.safetensors"}}
    assert sorted(_read(tmp_path / "part0.safetensors")) == ["weight"]
    assert sorted(_read(tmp_path / "hyper_param.safetensors")) == ["b", "step"], "dropped parameters are hyper ones"


def test_latest_file_of_a_rank_and_suffix(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(os.path.join(DATA, "src"), src)
    for rank in (0, 1):
        entries = [{"name": "w", "data": Tensor(-W[2 * rank:2 * rank + 2])},
                   {"name": "b", "data": Tensor(np.zeros(3, np.float32))}]
        save_checkpoint(entries, str(src / f"rank_{rank}" / f"net-2_8_{rank}.safetensors"), format="safetensors")
    unified_safetensors(str(src), STRATEGY, str(tmp_path / "latest"))
    np.testing.assert_array_equal(_read(tmp_path / "latest" / "part0.safetensors")["w"], -W)
    with pytest.raises(ValueError, match="No safetensors files"):
        unified_safetensors(str(src), STRATEGY, str(tmp_path / "none"), file_suffix="_99")


def test_errors(tmp_path):
    with pytest.raises(ValueError, match="does not exist"):
        unified_safetensors(str(tmp_path / "missing"), STRATEGY, str(tmp_path / "dst"))
    with pytest.raises(ValueError, match="can not be a file"):
        unified_safetensors(STRATEGY, STRATEGY, str(tmp_path / "dst"))
    only_rank0 = tmp_path / "one"
    shutil.copytree(os.path.join(DATA, "src", "rank_0"), only_rank0 / "rank_0")
    with pytest.raises(ValueError, match="rank1 is needed"):
        unified_safetensors(str(only_rank0), STRATEGY, str(tmp_path / "dst"))
    with pytest.raises(ValueError, match="split_dst_file"):
        unified_safetensors(os.path.join(DATA, "src"), STRATEGY, str(tmp_path / "dst"), split_dst_file=(3, 2))
