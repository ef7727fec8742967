"""rank_list_for_transform against the lists MindSpore 2.7.1 gives for the same layouts,
and transform_checkpoint_by_rank / transform_checkpoints against hand-cut blocks (the
values MindSpore wrote for the same files)."""
import json
import os

import numpy as np
import pytest

from spore import Tensor
from spore.train import load_checkpoint, save_checkpoint
from spore.train.checkpoint_transform import (
    rank_list_for_transform,
    transform_checkpoint_by_rank,
    transform_checkpoints,
)

W = np.arange(24, dtype=np.float32).reshape(4, 6)
B = np.arange(4, dtype=np.float32)


def _strategy(path, layouts):
    items = {name: {"dev_matrix": dev, "tensor_map": tmap, "param_split_shape": [], "indices_offset": [],
                    "field": 0, "opt_weight_shard_step": 0, "opt_weight_shard_size": 0}
             for name, (dev, tmap) in layouts.items()}
    content = {"current_stage": 0, "parallel_strategy_item": {"MatMul-op0": {"stage": 0, "parallel_strategy": [[1]]}},
               "parallel_layout_item": items}
    with open(path, "w") as f:
        json.dump(content, f)
    return str(path)


# (source layouts, destination layouts or None, MindSpore's lists for destination ranks 0, 1, ...)
RANK_LISTS = [
    ({"w": ([2, 2], [1, -1])}, None, [[2, 0], [3, 1]]),
    ({"w": ([2, 2], [0, -1])}, None, [[1, 0], [1, 0]]),
    ({"w": ([2, 2], [1, 0])}, None, [[3, 2, 1, 0], [3, 2, 1, 0]]),
    ({"w": ([4], [0, -1])}, {"w": ([2], [0, -1])}, [[3, 2, 1, 0], [3, 2, 1, 0]]),
    ({"w": ([2], [0, -1])}, {"w": ([4], [0, -1])}, [[1, 0]] * 4),
    ({"w": ([2, 2], [1, -1])}, {"w": ([2, 2], [0, -1])}, [[2, 0], [3, 1], [2, 0], [3, 1]]),
    ({"w": ([2, 2], [1, -1])}, {"w": ([4], [-1, 0])}, [[2, 0], [3, 1], [2, 0], [3, 1]]),
    ({"w": ([2, 2], [-1, -1])}, {"w": ([2], [0, -1])}, [[0], [1]]),
    ({"w": ([4], [0, -1])}, {"w": ([4], [0, -1])}, [[0], [1], [2], [3]]),
    ({"w": ([2, 2], [1, -1])}, {"w": ([2, 2], [1, -1])}, [[0], [1], [2], [3]]),
    ({"w": ([2], [0, -1])}, {"w": ([2, 2], [1, 0])}, [[1, 0]] * 4),
    ({"w": ([2, 2], [1, 0])}, {"w": ([2, 2], [1, -1])}, [[1, 0], [1, 0], [3, 2], [3, 2]]),
    ({"w": ([2, 2], [1, 0])}, {"w": ([2, 2], [-1, 0])}, [[2, 0], [3, 1], [2, 0], [3, 1]]),
    ({"w": ([2], [0, -1])}, {"w": ([2, 2], [0, -1])}, [[0], [1], [0], [1]]),
    ({"w": ([2], [0, -1]), "b": ([2], [-1])}, None, [[1, 0], [1, 0]]),
    ({"w": ([4], [-1, 0]), "b": ([4], [0])}, {"w": ([4], [-1, 0]), "b": ([4], [-1])}, [[3, 2, 1, 0]] * 4),
]


@pytest.mark.parametrize("src,dst,expected", RANK_LISTS)
def test_rank_list_for_transform_matches_mindspore(tmp_path, src, dst, expected):
    src_file = _strategy(tmp_path / "src.json", src)
    dst_file = _strategy(tmp_path / "dst.json", dst) if dst else None
    assert [rank_list_for_transform(rank, src_file, dst_file) for rank in range(len(expected))] == expected


def test_rank_list_without_source_strategy_and_errors(tmp_path):
    dst_file = _strategy(tmp_path / "dst.json", {"w": ([2, 2], [-1, 0])})
    assert [rank_list_for_transform(rank, None, dst_file) for rank in range(4)] == [[0]] * 4
    with pytest.raises(TypeError, match="rank_id should be a int"):
        rank_list_for_transform("a", dst_file)
    with pytest.raises(ValueError, match="no such strategy file"):
        rank_list_for_transform(0, str(tmp_path / "missing.json"))


@pytest.fixture
def sources(tmp_path):
    """Two ranks holding the row halves of w, a copy of b and their own lr."""
    src_file = _strategy(tmp_path / "src.json", {"w": ([2], [0, -1]), "b": ([2], [-1])})
    dst_file = _strategy(tmp_path / "dst.json", {"w": ([2, 2], [-1, 0]), "b": ([2, 2], [0])})
    for rank in (0, 1):
        os.makedirs(tmp_path / "src" / f"rank_{rank}")
        save_checkpoint([{"name": "w", "data": Tensor(W[2 * rank:2 * rank + 2])}, {"name": "b", "data": Tensor(B)},
                         {"name": "lr", "data": Tensor(np.array([0.1 * (rank + 1)], np.float32))}],
                        str(tmp_path / "src" / f"rank_{rank}" / f"net{rank}.ckpt"))
    return tmp_path, src_file, dst_file


def _read(path):
    return {name: value.asnumpy() for name, value in load_checkpoint(str(path)).items()}


def test_transform_checkpoints_to_column_halves(sources):
    tmp_path, src_file, dst_file = sources
    transform_checkpoints(str(tmp_path / "src"), str(tmp_path / "dst"), "new_", src_file, dst_file)
    for rank in range(4):
        saved = _read(tmp_path / "dst" / f"rank_{rank}" / f"new_{rank}.ckpt")
        half = rank % 2  # w's columns and b split along the right device axis
        np.testing.assert_array_equal(saved["w"], W[:, 3 * half:3 * half + 3])
        np.testing.assert_array_equal(saved["b"], B[2 * half:2 * half + 2])
        np.testing.assert_allclose(saved["lr"], [0.1 * (rank % 2 + 1)], rtol=1e-6)


def test_transform_checkpoints_to_whole_parameters(sources):
    tmp_path, src_file, _ = sources
    transform_checkpoints(str(tmp_path / "src"), str(tmp_path / "full"), "full_", src_file, None,
                          output_format="safetensors")
    assert os.listdir(tmp_path / "full") == ["rank_0"]
    saved = {name: value.asnumpy() for name, value in
             load_checkpoint(str(tmp_path / "full" / "rank_0" / "full_0.safetensors"), format="safetensors").items()}
    np.testing.assert_array_equal(saved["w"], W)
    np.testing.assert_array_equal(saved["b"], B)


def test_transform_checkpoint_by_rank(sources):
    tmp_path, src_file, dst_file = sources
    files = {rank: str(tmp_path / "src" / f"rank_{rank}" / f"net{rank}.ckpt") for rank in (0, 1)}
    target = str(tmp_path / "r3.ckpt")
    transform_checkpoint_by_rank(3, files, target, src_file, dst_file)
    saved = _read(target)
    np.testing.assert_array_equal(saved["w"], W[:, 3:])
    np.testing.assert_array_equal(saved["b"], B[2:])
    with pytest.raises(ValueError, match="checkpoint of rank 1 is missing"):
        transform_checkpoint_by_rank(3, {0: files[0]}, target, src_file, dst_file)
    with pytest.raises(ValueError, match="should end with .ckpt"):
        transform_checkpoint_by_rank(3, files, str(tmp_path / "r3.txt"), src_file, dst_file)
    with pytest.raises(TypeError, match="should be a dict"):
        transform_checkpoint_by_rank(3, [files[0]], target, src_file, dst_file)
    with pytest.raises(ValueError, match="not exits"):
        transform_checkpoint_by_rank(3, {0: str(tmp_path / "none.ckpt")}, target, src_file, dst_file)


def test_transform_checkpoints_errors(sources):
    tmp_path, src_file, dst_file = sources
    with pytest.raises(ValueError, match="can not be empty"):
        transform_checkpoints(str(tmp_path / "none"), str(tmp_path / "dst"), "x", src_file, dst_file)
    with pytest.raises(ValueError, match="output_format"):
        transform_checkpoints(str(tmp_path / "src"), str(tmp_path / "dst"), "x", src_file, dst_file,
                              output_format="npz")
    unrelated = _strategy(tmp_path / "other.json", {"v": ([2], [0])})
    with pytest.raises(ValueError, match="None of the parameters"):
        transform_checkpoints(str(tmp_path / "src"), str(tmp_path / "dst"), "x", unrelated, None)
