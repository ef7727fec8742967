"""SummaryCollector in Model.train: the steps and tags MindSpore 2.7.1 writes for the
same run (collect_freq=2, 2 epochs of 4 steps: steps 1, 2, 4, 4, 6, 8, 8, an epoch's last
step twice), the loss values, and the loss-landscape checkpoints and metadata."""
import glob
import json
import os
import struct

import numpy as np
import pytest

import spore as ms
import spore.dataset as ds
from spore import Model, Tensor, nn
from spore.train import SummaryCollector, SummaryRecord, load_checkpoint

from .test_summary_record import _fields, _records

X = np.arange(32, dtype=np.float32).reshape(8, 4) / 32
Y = np.ones((8, 2), np.float32)
W = np.array([[0.1, -0.2, 0.3, 0.0], [0.2, 0.1, -0.1, 0.4]], np.float32)


def _train(summary_dir, epochs=2, **kwargs):
    net = nn.Dense(4, 2, weight_init=Tensor(W), bias_init="zeros")
    data = ds.NumpySlicesDataset({"x": X, "y": Y}, shuffle=False).batch(2)
    model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.1))
    model.train(epochs, data, callbacks=[SummaryCollector(str(summary_dir), collect_freq=2, **kwargs)],
                dataset_sink_mode=False)


def _steps(summary_dir):
    """[(step, {tag: Summary.Value fields})] of the summary file in `summary_dir`."""
    (path,) = glob.glob(os.path.join(str(summary_dir), "*.out.events.summary.*_MS"))
    events = [_fields(message) for message in _records(path)]
    steps = []
    for event in events[1:]:
        if 5 not in event:   # the graph's event
            continue
        values = [_fields(v) for v in _fields(event[5][0])[1]]
        steps.append((event[2][0], {v[1][0].decode(): v for v in values}))
    return steps


def test_default_collection_matches_mindspore(tmp_path):
    _train(tmp_path)
    steps = _steps(tmp_path)
    assert [step for step, _ in steps] == [1, 2, 4, 4, 6, 8, 8]
    assert all(sorted(values) == ["bias/auto", "loss/auto", "weight/auto"] for _, values in steps)
    first_loss = struct.unpack("<f", steps[0][1]["loss/auto"][3][0])[0]
    expected = np.mean((X[:2] @ W.T - Y[:2]) ** 2)
    assert first_loss == pytest.approx(expected, rel=1e-6)
    histogram = _fields(steps[0][1]["weight/auto"][9][0])
    assert histogram[8] == [8], "the 8 weights after the first step"
    metadata_path = tmp_path / "ckpt_dir" / "train_metadata.json"
    metadata = json.loads(metadata_path.read_text())
    assert metadata["epoch_group"] == {"0": list(range(1, 10)), "1": list(range(10, 20))}
    assert sorted(metadata["model_params_file_map"], key=int) == [str(n) for n in range(1, 9)]
    assert metadata["step_per_epoch"] == 4 and metadata["unit"] == "step" and metadata["landscape_size"] == 40
    saved = load_checkpoint(metadata["model_params_file_map"]["8"])
    assert sorted(saved) == ["bias", "weight"]
    assert os.path.basename(metadata["model_params_file_map"]["8"]) == "Dense_8_step.ckpt"


def test_the_train_graph_is_collected_in_graph_mode(tmp_path):
    """As on MindSpore 2.7.1: the train network's graph is the event after the version, its
    inputs named for TrainOneStepCell's `*inputs`, then the steps' values."""
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        _train(tmp_path, epochs=1)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    (path,) = glob.glob(os.path.join(str(tmp_path), "*.out.events.summary.*_MS"))
    events = [_fields(message) for message in _records(path)]
    assert [sorted(e) for e in events[:3]] == [[1, 3], [1, 4], [1, 2, 5]]
    graph = _fields(events[1][4][0])
    assert [_fields(p)[1][0].decode() for p in graph[3]][:4] == ["inputs0", "inputs1", "weight", "bias"]
    assert [step for step, _ in _steps(tmp_path)] == [1, 2, 4, 4]


def test_custom_collection_matches_mindspore(tmp_path):
    _train(tmp_path, collect_specified_data={"collect_metric": False, "histogram_regular": "^weight",
                                             "collect_landscape": {"unit": "epoch", "intervals": [[1, 2, 3]]}})
    steps = _steps(tmp_path)
    assert [step for step, _ in steps] == [1, 2, 4, 4, 6, 8, 8]
    assert all(list(values) == ["weight/auto"] for _, values in steps)
    assert sorted(os.listdir(tmp_path / "ckpt_dir")) == ["Dense_1_epoch.ckpt", "Dense_2_epoch.ckpt",
                                                         "train_metadata.json"]
    metadata = json.loads((tmp_path / "ckpt_dir" / "train_metadata.json").read_text())
    assert metadata["epoch_group"] == {"0": [1, 2, 3]} and metadata["unit"] == "epoch"


def test_without_default_actions_only_the_named_data(tmp_path):
    _train(tmp_path, collect_specified_data={"collect_metric": True}, keep_default_action=False)
    assert [sorted(values) for _, values in _steps(tmp_path)] == [["loss/auto"]] * 7
    assert not os.path.exists(tmp_path / "ckpt_dir")


def test_image_inputs_are_recorded(tmp_path):
    images = np.linspace(0, 1, 4 * 3 * 2 * 2, dtype=np.float32).reshape(4, 3, 2, 2)
    net = nn.SequentialCell([nn.Flatten(), nn.Dense(12, 1)])
    data = ds.NumpySlicesDataset({"x": images, "y": np.ones((4, 1), np.float32)}, shuffle=False).batch(2)
    model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.1))
    collector = SummaryCollector(str(tmp_path), collect_specified_data={"collect_landscape": None})
    model.train(1, data, callbacks=[collector], dataset_sink_mode=False)
    (step, values), = _steps(tmp_path)
    image = _fields(values["input_data/auto"][4][0])
    assert step == 1 and image[1] == [2] and image[2] == [4], "two 2x2 images side by side"


@pytest.mark.parametrize("kwargs,error,message", [
    ({"collect_freq": 0}, ValueError, "greater than 0"),
    ({"collect_freq": 1.5}, TypeError, "collect_freq"),
    ({"collect_specified_data": {"unknown": True}}, ValueError, "unsupported"),
    ({"collect_specified_data": {"collect_metric": 1}}, TypeError, "collect_metric"),
    ({"collect_specified_data": {"histogram_regular": "("}}, ValueError, "regular expression"),
    ({"collect_specified_data": {"collect_landscape": {"landscape_size": 2}}}, ValueError, "landscape_size"),
    ({"collect_specified_data": {"collect_landscape": {"unit": "day"}}}, ValueError, "step or epoch"),
    ({"collect_specified_data": {"collect_landscape": {"intervals": [[1, 2]]}}}, ValueError, "less than three"),
    ({"keep_default_action": 1}, TypeError, "keep_default_action"),
    ({"custom_lineage_data": {"a": [1]}}, TypeError, "custom_lineage_data"),
])
def test_argument_errors(tmp_path, kwargs, error, message):
    with pytest.raises(error, match=message):
        SummaryCollector(str(tmp_path), **kwargs)


def test_two_collectors_are_refused(tmp_path):
    net = nn.Dense(4, 2)
    data = ds.NumpySlicesDataset({"x": X, "y": Y}, shuffle=False).batch(2)
    model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.1))
    first = SummaryCollector(str(tmp_path / "a"))
    second = SummaryCollector(str(tmp_path / "b"))
    with pytest.raises(RuntimeError, match="only one instance"):
        model.train(1, data, callbacks=[first, second], dataset_sink_mode=False)
    assert SummaryRecord.count == 0, "the first collector's record is closed when the second can not open"


def test_fit_shares_the_record_with_its_evaluations(tmp_path):
    """MindSpore 2.7.1 writes the same steps for fit as for train; evaluations add none."""
    net = nn.Dense(4, 2, weight_init=Tensor(W), bias_init="zeros")
    data = ds.NumpySlicesDataset({"x": X, "y": Y}, shuffle=False).batch(2)
    model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.1), metrics={"loss": nn.Loss()})
    collector = SummaryCollector(str(tmp_path), collect_freq=2, collect_specified_data={"collect_landscape": None})
    model.fit(2, data, data, callbacks=[collector], dataset_sink_mode=False)
    assert [step for step, _ in _steps(tmp_path)] == [1, 2, 4, 4, 6, 8, 8]
    assert SummaryRecord.count == 0
    assert model.eval(data, callbacks=[collector], dataset_sink_mode=False)["loss"] > 0
    assert SummaryRecord.count == 0
