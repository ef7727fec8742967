"""build_searched_strategy on strategy files written by MindSpore 2.7.1's protobuf classes
(and the JSON form), and merge_sliced_parameter by their layouts (expected values: the
whole parameters the slices were cut from, as MindSpore merged them)."""
import json

import numpy as np
import pytest

from spore import Parameter, Tensor, nn
from spore.train import build_searched_strategy, load_distributed_checkpoint, merge_sliced_parameter, save_checkpoint

# Two parameters on a 2 x 2 device matrix: "w" (4 x 4) split over both device axes
# (tensor_map [1, 0]), "b" (2,) split over the last one (tensor_map [0]).
_STRATEGY = bytes.fromhex(
    "080012160a0a4d61744d756c2d6f7030120808001204080208021a1b0a017712160a04080208021204080108001a002200280030003800"
    "1a190a016212140a0408020802120208001a002200280030003800")
# "emb" (3 x 2): axis 0 not split (tensor_map -1), axis 1 over the last device axis.
_NEGATIVE_MAP = bytes.fromhex(
    "08001a260a03656d62121f0a0408020802120d08ffffffffffffffffff0108001a002200280030003800")


def _write(tmp_path, name, content):
    path = tmp_path / name
    path.write_bytes(content)
    return str(path)


def test_build_searched_strategy_protobuf(tmp_path):
    strategy = build_searched_strategy(_write(tmp_path, "strategy.ckpt", _STRATEGY))
    assert sorted(strategy) == ["b", "w"]
    w = strategy["w"]
    assert w.dev_matrix[0].dim == [2, 2] and w.tensor_map[0].dim == [1, 0] and w.param_split_shape[0].dim == []
    assert (w.field, w.opt_weight_shard_step, w.opt_weight_shard_size) == (0, 0, 0)
    assert strategy["b"].tensor_map[0].dim == [0]
    negative = build_searched_strategy(_write(tmp_path, "emb.ckpt", _NEGATIVE_MAP))
    assert negative["emb"].tensor_map[0].dim == [-1, 0]


def test_build_searched_strategy_json(tmp_path):
    path = tmp_path / "strategy.json"
    path.write_text(json.dumps({"parallel_layout_item": {"w": {"dev_matrix": [4], "tensor_map": [0, -1], "field": 0,
                                                               "opt_weight_shard_step": 0,
                                                               "opt_weight_shard_size": 0}}}))
    layout = build_searched_strategy(str(path))["w"]
    assert layout.dev_matrix[0].dim == [4] and layout.tensor_map[0].dim == [0, -1]


def test_build_searched_strategy_errors(tmp_path):
    with pytest.raises(TypeError):
        build_searched_strategy(3)
    with pytest.raises(ValueError, match="no such"):
        build_searched_strategy(str(tmp_path / "missing.ckpt"))
    with pytest.raises(ValueError, match="empty"):
        build_searched_strategy(_write(tmp_path, "empty.ckpt", b""))
    with pytest.raises(TypeError, match="json or protobuf"):
        build_searched_strategy(_write(tmp_path, "broken.ckpt", _STRATEGY[:30]))


def test_merge_by_strategy(tmp_path):
    strategy = build_searched_strategy(_write(tmp_path, "strategy.ckpt", _STRATEGY))
    full = np.arange(16, dtype=np.float32).reshape(4, 4)
    # Rank r sits at (r // 2, r % 2) of the device matrix: the row block and column block.
    slices = [Parameter(Tensor(full[(r // 2) * 2:(r // 2 + 1) * 2, (r % 2) * 2:(r % 2 + 1) * 2]), "w")
              for r in range(4)]
    assert np.array_equal(merge_sliced_parameter(slices, strategy).asnumpy(), full)
    bias = np.array([10.0, 20.0], np.float32)
    copies = [Parameter(Tensor(bias[r % 2:r % 2 + 1]), "b") for r in range(4)]
    assert np.array_equal(merge_sliced_parameter(copies, strategy).asnumpy(), bias), "ranks 2, 3 repeat 0, 1"
    emb = np.arange(6, dtype=np.float32).reshape(3, 2)
    negative = build_searched_strategy(_write(tmp_path, "emb.ckpt", _NEGATIVE_MAP))
    columns = [Parameter(Tensor(emb[:, r % 2:r % 2 + 1]), "emb") for r in range(4)]
    assert np.array_equal(merge_sliced_parameter(columns, negative).asnumpy(), emb)


def test_merge_by_strategy_errors(tmp_path):
    strategy = build_searched_strategy(_write(tmp_path, "strategy.ckpt", _STRATEGY))
    slices = [Parameter(Tensor(np.ones((2, 2), np.float32)), "w") for _ in range(3)]
    with pytest.raises(ValueError, match="device_count"):
        merge_sliced_parameter(slices, strategy)
    with pytest.raises(KeyError):
        merge_sliced_parameter([Parameter(Tensor(np.ones((2, 2), np.float32)), "other")] * 4, strategy)
    with pytest.raises(ValueError, match="strategy"):
        merge_sliced_parameter([Parameter(Tensor(np.ones((2, 2), np.float32)), "w")] * 4, {"w": object()})


class _Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.zeros((4, 4), np.float32)), name="w")
        self.b = Parameter(Tensor(np.zeros(2, np.float32)), name="b")
        self.step = Parameter(Tensor(np.zeros(1, np.int32)), name="step")

    def construct(self, x):
        return x


def _rank_files(tmp_path):
    """The checkpoints 4 ranks saved of w (4 x 4) and b (2,) under _STRATEGY, plus an
    unsplit 'step' that is not in the strategy."""
    full = np.arange(16, dtype=np.float32).reshape(4, 4)
    bias = np.array([10.0, 20.0], np.float32)
    files = []
    for rank in range(4):
        row, column = divmod(rank, 2)
        entries = {"w": Tensor(full[row * 2:(row + 1) * 2, column * 2:(column + 1) * 2]),
                   "b": Tensor(bias[column:column + 1]), "step": Tensor(np.array([rank + 5], np.int32))}
        files.append(str(tmp_path / f"rank{rank}.ckpt"))
        save_checkpoint(entries, files[-1])
    return files, full, bias


def test_load_distributed_checkpoint(tmp_path):
    files, full, bias = _rank_files(tmp_path)
    net = _Net()
    assert load_distributed_checkpoint(net, files, None, _write(tmp_path, "strategy.ckpt", _STRATEGY)) is True
    assert np.array_equal(net.w.asnumpy(), full) and np.array_equal(net.b.asnumpy(), bias)
    assert net.step.asnumpy().tolist() == [0], "a parameter outside the strategy is not loaded"


def test_load_distributed_checkpoint_errors(tmp_path):
    files, _, _ = _rank_files(tmp_path)
    strategy = _write(tmp_path, "strategy.ckpt", _STRATEGY)
    with pytest.raises(ValueError, match="device count"):
        load_distributed_checkpoint(_Net(), files[:3], None, strategy)
    with pytest.raises(ValueError, match="predict_strategy"):
        load_distributed_checkpoint(_Net(), files, {"w": None}, strategy)
    with pytest.raises(ValueError, match="does not exist"):
        load_distributed_checkpoint(_Net(), files[:3] + [str(tmp_path / "missing.ckpt")], None, strategy)
    with pytest.raises(TypeError):
        load_distributed_checkpoint(lambda x: x, files, None, strategy)
    with pytest.raises(ValueError, match="ckpt"):
        load_distributed_checkpoint(_Net(), files, None, strategy, format="safetensors")
