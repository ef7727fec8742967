"""GradAccumulationCell, PipelineCell, MicroBatchInterleaved and VirtualDatasetCellTriple in one process (the
network's outputs summed over micro-batches) in PyNative and Graph mode, their gradients, and
nn.get_metrics."""
import numpy as np
import pytest

import spore as ms
from spore import Tensor, nn, train

from .nnbasic_checks import check_parameter_gradients, mode  # noqa: F401 - the fixture running a test in both modes

RNG = np.random.default_rng(0)


class _Loss(nn.Cell):
    """A scalar loss of a Dense layer, so micro-batch outputs add up like MindSpore's."""

    def __init__(self, dtype=ms.float32):
        super().__init__()
        self.dense = nn.Dense(3, 2, dtype=dtype)

    def construct(self, x, y):
        return ((self.dense(x) - y) ** 2).sum()


@pytest.mark.usefixtures("mode")
@pytest.mark.parametrize("wrapper, count", [(nn.GradAccumulationCell, 1), (nn.GradAccumulationCell, 4),
                                            (nn.MicroBatchInterleaved, 2)])
def test_micro_batches_sum_the_outputs(wrapper, count):
    net = _Loss()
    x, y = RNG.standard_normal((8, 3)).astype(np.float32), RNG.standard_normal((8, 2)).astype(np.float32)
    out = wrapper(net, count)(Tensor(x), Tensor(y))
    np.testing.assert_allclose(out.asnumpy(), net(Tensor(x), Tensor(y)).asnumpy(), rtol=1e-5)


@pytest.mark.usefixtures("mode")
def test_pipeline_cell_sums_the_micro_batch_outputs():
    net = _Loss()
    x, y = RNG.standard_normal((6, 3)).astype(np.float32), RNG.standard_normal((6, 2)).astype(np.float32)
    out = nn.PipelineCell(net, 3)(Tensor(x), Tensor(y))
    np.testing.assert_allclose(out.asnumpy(), net(Tensor(x), Tensor(y)).asnumpy(), rtol=1e-5)


def test_pipeline_cell_stages_and_segments():
    net = nn.SequentialCell([nn.Dense(2, 3), nn.ReLU()])
    nn.PipelineCell(net, 2, stage_config={"0": 1}, segment_config={"1": 2})
    assert net[0].pipeline_stage == 1 and net[1].pipeline_segment == 2
    with pytest.raises(KeyError, match="'stage_config' : {'x': 0} is not found"):
        nn.PipelineCell(net, 2, stage_config={"x": 0})
    with pytest.raises(ValueError, match="'micro_size' must be large than 0"):
        nn.PipelineCell(net, 0)
    with pytest.raises(ValueError, match="no 'shard' on 'PipelineCell'"):
        nn.PipelineCell(net, 2).shard(((1,),))


@pytest.mark.usefixtures("mode")
def test_micro_batches_of_a_tensor_output():
    dense = nn.Dense(3, 2)
    x = RNG.standard_normal((4, 3)).astype(np.float32)
    full = x.astype(np.float64) @ dense.weight.asnumpy().T + dense.bias.asnumpy()
    out = nn.MicroBatchInterleaved(dense)(Tensor(x))
    np.testing.assert_allclose(out.asnumpy(), full[:2] + full[2:], rtol=1e-5, atol=1e-6)


def test_wrappers_keep_the_parameter_names():
    net = _Loss()
    for wrapped in (nn.GradAccumulationCell(net, 2), nn.MicroBatchInterleaved(net), nn.VirtualDatasetCellTriple(net)):
        assert [p.name for p in wrapped.get_parameters()] == ["dense.weight", "dense.bias"]


def test_gradients_accumulate_over_micro_batches():
    x = Tensor(RNG.standard_normal((4, 3)))
    y = Tensor(RNG.standard_normal((4, 2)))
    check_parameter_gradients(nn.GradAccumulationCell(_Loss(ms.float64), 2), (x, y))
    check_parameter_gradients(nn.MicroBatchInterleaved(_Loss(ms.float64), 4), (x, y))


def test_micro_batch_errors():
    with pytest.raises(TypeError, match="'network' must cell type"):
        nn.GradAccumulationCell(lambda x: x, 2)
    with pytest.raises(TypeError, match="'micro_size' must be integer"):
        nn.GradAccumulationCell(_Loss(), 2.0)
    with pytest.raises(ValueError, match="'micro_size' must be large than 0"):
        nn.GradAccumulationCell(_Loss(), 0)
    with pytest.raises(TypeError, match="'interleave_num' must be integer"):
        nn.MicroBatchInterleaved(_Loss(), "2")
    with pytest.raises(ValueError, match="'interleave_num' must be large than 0"):
        nn.MicroBatchInterleaved(_Loss(), -1)
    with pytest.raises(TypeError, match="every input must be a Tensor"):
        nn.GradAccumulationCell(_Loss(), 2)([1.0], [2.0])
    with pytest.raises(ValueError, match="divisible"):
        nn.GradAccumulationCell(_Loss(), 2)(Tensor(np.ones((3, 3), np.float32)), Tensor(np.ones((3, 2), np.float32)))


@pytest.mark.usefixtures("mode")
def test_virtual_dataset_cell_triple_runs_the_backbone():
    class Add3(nn.Cell):
        def construct(self, a, b, c):
            return a + b * c

    x = Tensor(np.arange(3, dtype=np.float32))
    np.testing.assert_array_equal(nn.VirtualDatasetCellTriple(Add3())(x, x, x).asnumpy(), [0, 2, 6])


def test_get_metrics():
    assert nn.get_metrics is train.metrics.registry.get_metrics
    metrics = nn.get_metrics({"acc": nn.Accuracy()})
    assert list(metrics) == ["acc"] and isinstance(metrics["acc"], nn.Accuracy)
    assert isinstance(nn.get_metrics({"accuracy"})["accuracy"], nn.Accuracy)
    assert nn.get_metrics(None) is None
    with pytest.raises(TypeError, match="get_metrics"):
        nn.get_metrics([1])
