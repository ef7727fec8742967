"""ckpt_to_safetensors / safetensors_to_ckpt round trips, load_checkpoint_async and
merge_sliced_parameter."""
import numpy as np
import pytest

from spore import Parameter, Tensor, nn
from spore.common import dtype as mstype
from spore.train import (
    ckpt_to_safetensors,
    load_checkpoint,
    load_checkpoint_async,
    merge_sliced_parameter,
    restore_group_info_list,
    safetensors_to_ckpt,
    save_checkpoint,
)


def _values(entries):
    return {name: value.asnumpy() for name, value in entries.items()}


def _net():
    return nn.Dense(3, 2, weight_init=Tensor(np.arange(6, dtype=np.float32).reshape(2, 3)), bias_init="ones")


def test_single_file_round_trip(tmp_path):
    save_checkpoint(_net(), str(tmp_path / "net.ckpt"))
    ckpt_to_safetensors(str(tmp_path / "net.ckpt"))
    converted = load_checkpoint(str(tmp_path / "net.safetensors"), format="safetensors")
    original = _values(load_checkpoint(str(tmp_path / "net.ckpt")))
    assert _values(converted).keys() == original.keys()
    assert all(np.array_equal(_values(converted)[k], v) for k, v in original.items())
    safetensors_to_ckpt(str(tmp_path / "net.safetensors"), str(tmp_path / "back"), name_map={"weight": "w"})
    back = _values(load_checkpoint(str(tmp_path / "back" / "net.ckpt")))
    assert set(back) == {"w", "bias"} and np.array_equal(back["w"], original["weight"])


def test_directory_of_rank_subdirectories(tmp_path):
    for rank in (0, 1):
        (tmp_path / "src" / f"rank_{rank}").mkdir(parents=True)
        save_checkpoint(_net(), str(tmp_path / "src" / f"rank_{rank}" / "a.ckpt"))
        save_checkpoint(_net(), str(tmp_path / "src" / f"rank_{rank}" / "b.ckpt"))
    ckpt_to_safetensors(str(tmp_path / "src"), str(tmp_path / "dst"), file_name_regex="^a", processes_num=2)
    for rank in (0, 1):
        assert sorted(p.name for p in (tmp_path / "dst" / f"rank_{rank}").iterdir()) == ["a.safetensors"]
    ckpt_to_safetensors(str(tmp_path / "src"))
    assert (tmp_path / "src" / "rank_1" / "b.safetensors").exists(), "by default beside the source files"


def test_conversion_errors(tmp_path):
    with pytest.raises(ValueError, match="valid path"):
        ckpt_to_safetensors(str(tmp_path / "missing.ckpt"))
    save_checkpoint(_net(), str(tmp_path / "net.ckpt"))
    with pytest.raises(ValueError, match=".safetensors file"):
        safetensors_to_ckpt(str(tmp_path / "net.ckpt"))
    with pytest.raises(ValueError, match="directory"):
        ckpt_to_safetensors(str(tmp_path / "net.ckpt"), str(tmp_path / "out.txt"))
    with pytest.raises(ValueError, match="name_map"):
        ckpt_to_safetensors(str(tmp_path / "net.ckpt"), name_map=[("weight", "w")])
    with pytest.raises(ValueError, match="regular expression"):
        ckpt_to_safetensors(str(tmp_path / "net.ckpt"), file_name_regex="^zzz")
    with pytest.raises(ValueError, match="rank"):
        ckpt_to_safetensors(str(tmp_path))


def test_load_checkpoint_async(tmp_path):
    save_checkpoint(_net(), str(tmp_path / "net.ckpt"))
    net = nn.Dense(3, 2, weight_init="zeros", bias_init="zeros")
    future = load_checkpoint_async(str(tmp_path / "net.ckpt"), net=net)
    loaded = future.result()
    assert set(loaded) == {"weight", "bias"}
    assert np.array_equal(net.weight.asnumpy(), np.arange(6, dtype=np.float32).reshape(2, 3))
    missing = load_checkpoint_async(str(tmp_path / "missing.ckpt"))
    with pytest.raises(ValueError):
        missing.result()
    with pytest.raises(TypeError):
        load_checkpoint_async(3)


def test_merge_sliced_parameter():
    slices = [Parameter(Tensor(np.array([[1.0, 2.0]], np.float32)), "table"),
              Parameter(Tensor(np.array([[3.0, 4.0], [5.0, 6.0]], np.float32)), "table")]
    merged = merge_sliced_parameter(slices)
    assert merged.name == "table" and merged.dtype == mstype.float32 and merged.requires_grad
    assert np.array_equal(merged.asnumpy(), [[1, 2], [3, 4], [5, 6]])
    with pytest.raises(TypeError):
        merge_sliced_parameter(tuple(slices))
    with pytest.raises(ValueError):
        merge_sliced_parameter([])
    with pytest.raises(TypeError):
        merge_sliced_parameter([slices[0], Tensor(np.ones((1, 2), np.float32))])
    with pytest.raises(ValueError, match="same name"):
        merge_sliced_parameter([slices[0], Parameter(Tensor(np.ones((1, 2), np.float32)), "other")])
    with pytest.raises(ValueError, match="same name"):
        merge_sliced_parameter([slices[0], Parameter(Tensor(np.ones((1, 3), np.float32)), "table")])
    with pytest.raises(TypeError):
        merge_sliced_parameter(slices, strategy=[1])
    with pytest.raises(ValueError, match="strategy"):
        merge_sliced_parameter(slices, strategy={"table": object()})


# A ParallelGroupMap written by MindSpore 2.7.1's protobuf classes: one group
# "hccl_world_group" of ranks 0-3, and the restore rank list [0, 2, 4, 6].
_GROUP_INFO = bytes.fromhex("0a1c0a106863636c5f776f726c645f67726f75701208080008010802080312080800080208040806")


def test_restore_group_info_list(tmp_path):
    path = tmp_path / "group_info.pb"
    path.write_bytes(_GROUP_INFO)
    assert restore_group_info_list(str(path)) == [0, 2, 4, 6]
    packed = tmp_path / "packed.pb"
    packed.write_bytes(bytes.fromhex("12060a0401030507"))  # the same list field, packed: [1, 3, 5, 7]
    assert restore_group_info_list(str(packed)) == [1, 3, 5, 7]


def test_restore_group_info_list_errors(tmp_path):
    with pytest.raises(TypeError):
        restore_group_info_list(3)
    with pytest.raises(ValueError, match="no such"):
        restore_group_info_list(str(tmp_path / "missing.pb"))
    empty = tmp_path / "empty.pb"
    empty.write_bytes(b"")
    with pytest.raises(ValueError, match="empty"):
        restore_group_info_list(str(empty))
    broken = tmp_path / "broken.pb"
    broken.write_bytes(_GROUP_INFO[:20])
    with pytest.raises(ValueError, match="incorrect"):
        restore_group_info_list(str(broken))
    groups_only = tmp_path / "groups.pb"
    groups_only.write_bytes(_GROUP_INFO[:30])
    with pytest.raises(ValueError, match="no restore rank list"):
        restore_group_info_list(str(groups_only))


def test_train_serialization_holds_the_names_mindspore_keeps_there():
    import spore
    from spore.train import checkpoint_tools, serialization

    assert serialization.export is spore.export and serialization.load is spore.load
    assert serialization.ckpt_to_safetensors is checkpoint_tools.ckpt_to_safetensors
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        serialization.nothing_here
