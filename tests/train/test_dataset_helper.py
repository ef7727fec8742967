"""DatasetHelper, connect_network_with_dataset and data_sink over a NumpySlicesDataset."""
import numpy as np
import pytest

import spore as ms
from spore import Tensor, nn
from spore import dataset as ds
from spore.common.api import JitConfig
from spore.train import DatasetHelper, connect_network_with_dataset, data_sink


def _dataset(rows=6, batch=2):
    data = {"x": np.arange(rows * 2, dtype=np.float32).reshape(rows, 2), "y": np.arange(rows, dtype=np.int32)}
    return ds.NumpySlicesDataset(data=data, shuffle=False).batch(batch)


def test_helper_without_sink_iterates_epochs_of_batches():
    helper = DatasetHelper(_dataset(), dataset_sink_mode=False, epoch_num=2)
    first = [batch[1].asnumpy().tolist() for batch in helper]
    assert first == [[0, 1], [2, 3], [4, 5]]
    assert all(isinstance(t, Tensor) for t in next(iter(DatasetHelper(_dataset(), dataset_sink_mode=False))))
    assert [batch[1].asnumpy().tolist() for batch in helper] == first, "the second of epoch_num passes"
    assert helper.sink_size() == 3


class _Recorder(nn.Cell):
    def __init__(self):
        super().__init__()
        self.labels = []

    def construct(self, x, y):
        self.labels.append(y.asnumpy().tolist())
        return x.sum()


def test_sink_mode_steps_fetch_batches_across_passes():
    helper = DatasetHelper(_dataset(), sink_size=2)
    recorder = _Recorder()
    network = connect_network_with_dataset(recorder, helper)
    for _ in range(2):
        for inputs in helper:
            assert inputs == ()
            network(*inputs)
    assert recorder.labels == [[0, 1], [2, 3], [4, 5], [0, 1]]
    assert helper.sink_size() == 2
    assert connect_network_with_dataset(recorder, helper) is network
    with pytest.raises(ValueError, match="other network"):
        connect_network_with_dataset(_Recorder(), helper)
    dtypes, shapes = helper.types_shapes()
    assert dtypes == [ms.float32, ms.int32] and shapes == [(2, 2), (2,)]


def test_sink_mode_trains_a_network():
    dataset = _dataset()
    helper = DatasetHelper(dataset, sink_size=-1)
    net = nn.Dense(2, 6, weight_init="zeros", bias_init="zeros")
    loss = nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"))
    train = connect_network_with_dataset(nn.TrainOneStepCell(loss, nn.SGD(net.trainable_params(), 0.1)), helper)
    losses = [float(train(*inputs).asnumpy()) for inputs in helper]
    assert len(losses) == 3 and np.isclose(losses[0], np.log(6)), "zero weights: uniform over 6 classes"


def test_helper_errors():
    with pytest.raises(ValueError):
        DatasetHelper(_dataset(), sink_size=0)
    with pytest.raises(TypeError):
        DatasetHelper(_dataset(), dataset_sink_mode=1)
    with pytest.raises(TypeError):
        DatasetHelper([1, 2])
    with pytest.raises(RuntimeError, match="sink mode"):
        connect_network_with_dataset(_Recorder(), DatasetHelper(_dataset(), dataset_sink_mode=False))
    with pytest.raises(TypeError):
        connect_network_with_dataset(lambda x: x, DatasetHelper(_dataset()))


def _add(x, y):
    return x.sum() + y.sum()


def test_data_sink_runs_sink_size_batches_per_call():
    process = data_sink(_add, _dataset(), sink_size=2)
    # batches: x sums 6, 22, 38 (+ y sums 1, 5, 9); each call returns its last batch's value.
    assert float(process().asnumpy()) == 22 + 5
    assert float(process().asnumpy()) == 6 + 1, "the third batch, then the first of the next pass"
    single = data_sink(_add, _dataset())
    assert [float(single().asnumpy()) for _ in range(4)] == [7, 27, 47, 7]


def test_data_sink_compiled_and_signature():
    process = data_sink(_add, _dataset(), jit_config=JitConfig(),
                        input_signature=(Tensor(np.zeros((2, 2), np.float32)), Tensor(np.zeros(2, np.int32))))
    assert float(process().asnumpy()) == 7
    wrong = data_sink(_add, _dataset(), input_signature=Tensor(np.zeros((2, 2), np.float32)))
    with pytest.raises(TypeError):
        wrong()


def test_data_sink_errors():
    with pytest.raises(ValueError):
        data_sink(_add, _dataset(), sink_size=0)
    with pytest.raises(TypeError):
        data_sink(_add, _dataset(), sink_size=1.0)
    with pytest.raises(TypeError):
        data_sink(3, _dataset())
