"""flops_collection and FlopsUtilizationCollector: the FLOPs of networks trained with
Model in GRAPH_MODE against hand-computed counts (2 per multiply-add: the forward
products, and the backward products the graph holds; the first layer's input gradient is
not computed). The Dense and Conv2d counts are the ones MindSpore 2.7.1 reports for the
same networks (the second convolution's two gradients run as one fused kernel)."""
import re

import numpy as np
import pytest

import spore as ms
import spore.dataset as ds
from spore import Model, nn, ops
from spore.common.api import flops_collection as api_flops_collection
from spore.train import FlopsUtilizationCollector


def _crit():
    return nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")


def _train(net, x, y, callbacks=(), epochs=1, batch=None):
    data = ds.NumpySlicesDataset({"x": x, "y": y}, shuffle=False).batch(batch or x.shape[0] // 2)
    model = Model(net, _crit(), nn.Momentum(net.trainable_params(), 0.01, 0.9))
    model.train(epochs, data, callbacks=list(callbacks), dataset_sink_mode=False)
    return model


def _rows(n=64, features=10):
    rng = np.random.RandomState(0)
    return rng.rand(n, features).astype(np.float32), rng.randint(0, 5, (n,)).astype(np.int32)


def _images(n=8):
    rng = np.random.RandomState(1)
    return rng.rand(n, 3, 6, 6).astype(np.float32), rng.randint(0, 5, (n,)).astype(np.int32)


def _dense_flops(batch, n_in, n_out, input_grad):
    """Forward x @ w^T, the weight gradient, and the input gradient when it is needed."""
    return 2 * batch * n_in * n_out * (3 if input_grad else 2)


def _conv_flops(batch, c_out, h_out, w_out, c_in, kernel, input_grad=False):
    """Forward, weight gradient, and the input gradient when it is needed. MindSpore counts
    every input channel, also in a grouped convolution."""
    return 2 * batch * c_out * h_out * w_out * c_in * kernel * kernel * (3 if input_grad else 2)


def _two_convolutions():
    return nn.SequentialCell(nn.Conv2d(2, 4, 3, pad_mode="same"), nn.ReLU(),
                             nn.Conv2d(4, 6, 3, pad_mode="valid", group=2), nn.Flatten(), nn.Dense(54, 5))


def _small_images(n=8):
    rng = np.random.RandomState(2)
    return rng.rand(n, 2, 5, 5).astype(np.float32), rng.randint(0, 5, (n,)).astype(np.int32)


def _expected(flops):
    return (float(flops),) * 4 + (False,)


@pytest.mark.parametrize("net, data, flops", [
    (lambda: nn.Dense(10, 5), _rows, _dense_flops(32, 10, 5, False)),                       # 6400
    (lambda: nn.SequentialCell(nn.Dense(10, 8), nn.ReLU(), nn.Dense(8, 5)), _rows,
     _dense_flops(32, 10, 8, False) + _dense_flops(32, 8, 5, True)),                         # 17920
    (lambda: nn.SequentialCell(nn.Conv2d(3, 4, 3, pad_mode="valid"), nn.Flatten(), nn.Dense(64, 5)), _images,
     _conv_flops(4, 4, 4, 4, 3, 3) + _dense_flops(4, 64, 5, True)),                          # 35328
    (lambda: nn.SequentialCell(nn.Conv2d(3, 4, 3, pad_mode="same", stride=2), nn.Flatten(), nn.Dense(36, 5)),
     _images, _conv_flops(4, 4, 3, 3, 3, 3) + _dense_flops(4, 36, 5, True)),                 # 19872
    (_two_convolutions, _small_images,
     _conv_flops(4, 4, 5, 5, 2, 3) + _conv_flops(4, 6, 3, 3, 4, 3, True) + _dense_flops(4, 54, 5, True)),  # 81936
], ids=["dense", "mlp", "conv_valid", "conv_same_stride2", "grouped_conv_gradients_fused"])
def test_flops_of_trained_networks(net, data, flops, restore_mode):
    ms.set_context(mode=ms.GRAPH_MODE)
    model = _train(net(), *data())
    # A compiled graph lives as long as its Cell (as in MindSpore): the model keeps it.
    assert model.train_network.compiled
    assert ms.flops_collection("train") == _expected(flops)
    assert ms.flops_collection is api_flops_collection


class _Attention(nn.Cell):
    """q^T k through a transposed BatchMatMul, then times v."""

    def __init__(self):
        super().__init__()
        self.scores = ops.BatchMatMul(transpose_a=True)
        self.mix = ops.BatchMatMul()

    def construct(self, q, k, v):
        return self.mix(self.scores(q, k), v)


def test_forward_graph_of_a_predict_cell(restore_mode):
    ms.set_context(mode=ms.GRAPH_MODE)
    net = _Attention().set_train(False)
    q, k, v = (ms.Tensor(np.ones(shape, np.float32)) for shape in ((2, 5, 3), (2, 5, 4), (2, 4, 6)))
    assert net(q, k, v).shape == (2, 3, 6)
    scores = 2 * 2 * 3 * 4 * 5   # (2, 3, 4) outputs, 5 multiply-adds each
    mix = 2 * 2 * 3 * 6 * 4      # (2, 3, 6) outputs, 4 multiply-adds each
    assert ms.flops_collection("predict") == _expected(scores + mix)


def test_unknown_phase():
    with pytest.raises(RuntimeError, match="no graph of phase 'no_such_phase'"):
        ms.flops_collection("no_such_phase")
    with pytest.raises(TypeError):
        ms.flops_collection(1)


def test_collector_prints_flops_and_utilization(capsys, restore_mode):
    ms.set_context(mode=ms.GRAPH_MODE)
    collector = FlopsUtilizationCollector(2, computility=10e6)
    _train(nn.Dense(10, 5), *_rows(), callbacks=[collector], epochs=2)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == ("Full model flops is 6400.0, Full hardware flops is 6400.0, Shard model flops is 6400.0, "
                        "Shard hardware flops is 6400.0.")
    # 4 steps: those whose number is not a multiple of data_size (1 and 3) are printed.
    assert len(lines) == 3
    for line in lines[1:]:
        match = re.fullmatch(r"Train per step time: (\d+\.\d{3}) ms mfu:(\d+\.\d{2})% hfu:(\d+\.\d{2})%", line)
        assert match, line
        step_ms, mfu = float(match[1]), float(match[2])
        assert match[2] == match[3]
        assert mfu == pytest.approx(100 * 6400 / 10e6 / (step_ms / 1000), abs=0.02 + 0.01 * mfu)


def test_collector_shard_flops(capsys, restore_mode):
    ms.set_context(mode=ms.GRAPH_MODE)
    _train(nn.Dense(10, 5), *_rows(), callbacks=[FlopsUtilizationCollector(5, full_flops=False)])
    assert capsys.readouterr().out.splitlines()[0] == "Shard model flops is 6400.0, Shard hardware flops is 6400.0."


def test_collector_writes_ma_files_silently(tmp_path, monkeypatch, capsys, restore_mode):
    monkeypatch.setenv("MA_LOG_DIR", str(tmp_path))
    ms.set_context(mode=ms.GRAPH_MODE)
    _train(nn.Dense(10, 5), *_rows(), callbacks=[FlopsUtilizationCollector(2, enable_ma_collector=True)])
    assert capsys.readouterr().out == ""
    flops_lines = (tmp_path / "flops_rank_0.txt").read_text().splitlines()
    assert [line.rsplit(" ", 1)[0] for line in flops_lines] == [
        'flops{type="model_flops", rank_id="0"} 6400.0', 'flops{type="hardware_flops", rank_id="0"} 6400.0']
    assert (tmp_path / "time_step_rank_0.txt").read_text().startswith('time_monitor{type="per_step_time", rank_id="0"}')


def test_collector_needs_graph_mode():
    with pytest.raises(ValueError, match="only support graph mode"):
        _train(nn.Dense(10, 5), *_rows(), callbacks=[FlopsUtilizationCollector(2)])


@pytest.mark.parametrize("kwargs, error", [
    ({"data_size": 0}, ValueError),
    ({"data_size": 1.5}, TypeError),
    ({"data_size": True}, TypeError),
    ({"data_size": 2, "full_flops": 1}, TypeError),
    ({"data_size": 2, "enable_ma_collector": "a"}, TypeError),
    ({"data_size": 2, "computility": "x"}, TypeError),
    ({"data_size": 2, "computility": 0}, ValueError),
])
def test_collector_argument_errors(kwargs, error):
    with pytest.raises(error):
        FlopsUtilizationCollector(**kwargs)


def test_flops_collector_is_a_built_in_callback_of_model():
    # built-in callbacks are not warned about as MindSpore 1.x stage callbacks, and follow evaluations too
    from spore.train import model
    from spore.train.callback import FlopsUtilizationCollector
    assert issubclass(FlopsUtilizationCollector, model._BUILT_IN_CALLBACKS)
    assert not issubclass(FlopsUtilizationCollector, model._TRAINING_ONLY_CALLBACKS)
