"""load_segmented_checkpoints, merge_pipeline_strategys (against files MindSpore 2.7.1
merged from the stage files in data/pipeline) and sync_pipeline_shared_parameters."""
import json
import os

import numpy as np
import pytest

from spore import Parameter, Tensor, nn
from spore.train import build_searched_strategy, save_checkpoint
from spore.train.pipeline_checkpoints import (
    load_segmented_checkpoints,
    merge_pipeline_strategys,
    sync_pipeline_shared_parameters,
)

DATA = os.path.join(os.path.dirname(__file__), "data", "pipeline")


def _layout_fields(layout):
    return (layout.dev_matrix[0].dim, layout.tensor_map[0].dim, layout.param_split_shape[0].dim,
            layout.indices_offset[0].dim, layout.field, layout.opt_weight_shard_step, layout.opt_weight_shard_size)


def test_load_segmented_checkpoints_joins_the_stage_files(tmp_path):
    save_checkpoint([{"name": "embed.w", "data": Tensor(np.ones((2, 2), np.float32))}], str(tmp_path / "s0.ckpt"))
    save_checkpoint([{"name": "head.w", "data": Tensor(np.full((2,), 3.0, np.float32))}], str(tmp_path / "s1.ckpt"))
    (tmp_path / "notes.txt").write_text("not a checkpoint")
    net = nn.Cell()
    net.w = Parameter(Tensor(np.zeros((2,), np.float32)), "head.w")
    entries = load_segmented_checkpoints(str(tmp_path), net)
    assert sorted(entries) == ["embed.w", "head.w"]
    np.testing.assert_array_equal(entries["embed.w"].asnumpy(), np.ones((2, 2)))
    np.testing.assert_array_equal(net.w.asnumpy(), [3.0, 3.0])


def test_load_segmented_checkpoints_errors(tmp_path):
    with pytest.raises(TypeError, match="ckpt_file_dir"):
        load_segmented_checkpoints(1)
    with pytest.raises(ValueError, match="doesn't exist"):
        load_segmented_checkpoints(str(tmp_path / "missing"))


@pytest.mark.parametrize("kind,suffix", [("src_pb", "ckpt"), ("src_json", "json")])
def test_merge_pipeline_strategys_matches_mindspore(tmp_path, kind, suffix):
    merged = str(tmp_path / "out" / f"merged.{suffix}")
    merge_pipeline_strategys(os.path.join(DATA, kind), merged)
    ours = build_searched_strategy(merged)
    theirs = build_searched_strategy(os.path.join(DATA, f"merged_by_mindspore.{suffix}"))
    assert sorted(ours) == sorted(theirs) == ["0-embed.w", "1-head.b", "1-head.w"]
    assert all(_layout_fields(ours[name]) == _layout_fields(theirs[name]) for name in ours)


def test_merge_pipeline_strategys_json_content(tmp_path):
    merge_pipeline_strategys(os.path.join(DATA, "src_json"), str(tmp_path / "merged.json"))
    with open(tmp_path / "merged.json") as f:
        ours = json.load(f)
    with open(os.path.join(DATA, "merged_by_mindspore.json")) as f:
        assert ours == json.load(f)


def test_merge_pipeline_strategys_errors(tmp_path):
    with pytest.raises(NotADirectoryError, match="is not a directory"):
        merge_pipeline_strategys(str(tmp_path / "missing"), str(tmp_path / "m.ckpt"))
    mixed = tmp_path / "mixed"
    mixed.mkdir()
    (mixed / "a.ckpt").write_bytes(b"")
    (mixed / "b.json").write_text("{}")
    with pytest.raises(ValueError, match="all '.ckpt' or all '.json'"):
        merge_pipeline_strategys(str(mixed), str(tmp_path / "m.ckpt"))
    with pytest.raises(TypeError, match="should be str"):
        merge_pipeline_strategys(1, "m.ckpt")


def test_sync_pipeline_shared_parameters_leaves_the_net():
    net = nn.Dense(2, 2, weight_init="ones")
    assert sync_pipeline_shared_parameters(net) is None
    np.testing.assert_array_equal(net.weight.asnumpy(), np.ones((2, 2)))
    with pytest.raises(TypeError, match="should be a Cell"):
        sync_pipeline_shared_parameters(3)
