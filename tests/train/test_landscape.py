"""SummaryLandscape: a Dense classifier trained 3 epochs with a SummaryCollector saving the
landscape checkpoints, then its landscapes: the PCA one against the values MindSpore 2.7.1
writes for the same run, the Random one against a NumPy re-computation (and its centre
against the trained network's loss). The landscapes are computed in this one process
(spore does not spread them over devices)."""
import glob
import json
import os
import shutil

import numpy as np
import pytest

import spore as ms
import spore.dataset as ds
from spore import Model, Tensor, nn
from spore.train import Accuracy, Loss, SummaryCollector, SummaryLandscape, load_checkpoint

from .test_summary_record import _fields, _records

X = (np.arange(64, dtype=np.float32).reshape(16, 4) % 7) / 7 - 0.4
Y = (np.arange(16) % 3).astype(np.int32)
W0 = np.array([[0.3, -0.2, 0.1, 0.0], [-0.1, 0.4, 0.2, -0.3], [0.2, 0.1, -0.4, 0.3]], np.float32)
B0 = np.array([0.05, -0.05, 0.0], np.float32)

# Printed by MindSpore 2.7.1 for this run (landscape_size 3): the parameters after epoch 3,
# and the PCA landscape of epochs 1-3.
MS_WEIGHT_3 = [[0.34188374876976013, -0.1827329695224762, 0.057717449963092804, -0.025624241679906845],
               [-0.1100170761346817, 0.4731137156486511, 0.20514872670173645, -0.25374361872673035],
               [0.16813334822654724, 0.009619271382689476, -0.36286619305610657, 0.2793678641319275]]
MS_BIAS_3 = [0.10366048663854599, -0.0853080004453659, -0.01835251972079277]
MS_PCA_X = [-0.029370974749326706, 0.07342743873596191, 0.17622585594654083]
MS_PCA_Y = [-0.03594864532351494, -0.014978602528572083, 0.005991441197693348]
MS_PCA_Z = [1.081587553024292, 1.0860681533813477, 1.090787649154663, 1.0823639631271362, 1.086857795715332,
            1.0915908813476562, 1.0831496715545654, 1.0876567363739014, 1.0924034118652344]
MS_PATH = ([0.14685487747192383, 0.06759053468704224, 0.0], [-0.029957205057144165, -0.009689315222203732, 0.0],
           [1.0896422863006592, 1.086796760559082, 1.0841865539550781])


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(4, 3, weight_init=Tensor(W0), bias_init=Tensor(B0))

    def construct(self, x):
        return self.fc(x)


def _dataset():
    return ds.NumpySlicesDataset({"x": X, "y": Y}, shuffle=False).batch(8)


def _loss_fn():
    return nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")


def _callback_fn(metrics=None):
    def callback_fn():
        network = Net()
        chosen = {"Loss": Loss()} if metrics is None else metrics
        return Model(network, _loss_fn(), metrics=chosen), network, _dataset(), chosen
    return callback_fn


def _train(summary_dir, size=3, create=None):
    net = Net()
    model = Model(net, _loss_fn(), nn.SGD(net.trainable_params(), 0.5))
    landscape = {"landscape_size": size, "unit": "epoch", "num_samples": 16, "intervals": [[1, 2, 3]],
                 "create_landscape": create or {"train": True, "result": False}}
    collector = SummaryCollector(str(summary_dir), keep_default_action=False,
                                 collect_specified_data={"collect_landscape": landscape})
    model.train(3, _dataset(), callbacks=[collector], dataset_sink_mode=False)


def _numpy_loss(weight, bias) -> float:
    logits = X.astype(np.float64) @ np.asarray(weight, np.float64).T + np.asarray(bias, np.float64)
    shifted = logits - logits.max(axis=1, keepdims=True)
    log_probs = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
    return float(-log_probs[np.arange(len(Y)), Y].mean())


def _floats(tensor_proto: bytes) -> np.ndarray:
    fields = _fields(tensor_proto)
    data = b"".join(fields[3])
    return np.frombuffer(data, "<f4").reshape(fields.get(1, []))


def _points(point: bytes):
    fields = _fields(point)
    return tuple(_floats(fields[n][0]) for n in (1, 2, 3))


def _landscapes(directory):
    """{tag: LossLandscape fields} of the landscape summary file in `directory`."""
    (path,) = glob.glob(os.path.join(str(directory), "landscape.out.events.summary.*"))
    found = {}
    for event in [_fields(message) for message in _records(path)][1:]:
        assert event[2] == [0], "landscapes are written at step 0"
        for value in _fields(event[5][0])[1]:
            value = _fields(value)
            found[value[1][0].decode()] = _fields(value[10][0])
    return found


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    directory = tmp_path_factory.mktemp("landscape")
    _train(directory)
    return directory


def test_collector_saves_the_checkpoints_mindspore_saves(trained):
    metadata = json.loads((trained / "ckpt_dir" / "train_metadata.json").read_text())
    assert metadata["epoch_group"] == {"0": [1, 2, 3]} and metadata["step_per_epoch"] == 2
    saved = load_checkpoint(metadata["model_params_file_map"]["3"])
    np.testing.assert_allclose(saved["fc.weight"].asnumpy(), MS_WEIGHT_3, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(saved["fc.bias"].asnumpy(), MS_BIAS_3, rtol=1e-5, atol=1e-6)


def test_pca_landscape_matches_mindspore(trained, tmp_path, capsys):
    SummaryLandscape(str(trained)).gen_landscapes_with_multi_process(_callback_fn(), output=str(tmp_path))
    assert "Drawing landscape total progress: 3/3." in capsys.readouterr().out
    (tag, landscape), = _landscapes(tmp_path).items()
    assert tag == "landscape_[1, 3]"
    x, y, z = _points(landscape[1][0])
    np.testing.assert_allclose(x, MS_PCA_X, rtol=1e-4, atol=1e-6)
    np.testing.assert_allclose(y, MS_PCA_Y, rtol=1e-4, atol=1e-6)
    np.testing.assert_allclose(z, np.reshape(MS_PCA_Z, (3, 3)), rtol=1e-5)
    path = _fields(landscape[2][0])
    assert path[1] == [1, 2, 3]
    for got, expected in zip(_points(path[2][0]), MS_PATH):
        np.testing.assert_allclose(got, expected, rtol=1e-4, atol=1e-6)
    metadata = _fields(landscape[3][0])
    assert metadata[1] == [b"PCA"] and metadata[2] == [b"epoch"] and metadata[3] == [2]
    trained_loss = _numpy_loss(MS_WEIGHT_3, MS_BIAS_3)
    convergence = _points(landscape[4][0])
    np.testing.assert_allclose([c[0] for c in convergence], [0, 0, trained_loss], rtol=1e-5, atol=1e-7)


def _normalised(direction, param):
    return direction * np.linalg.norm(param) / np.linalg.norm(direction)


def test_random_landscape_matches_numpy(trained, tmp_path):
    summary_dir = tmp_path / "copy"
    shutil.copytree(trained, summary_dir)  # its metadata is rewritten: keep the shared one
    np.random.seed(7)
    SummaryLandscape(str(summary_dir)).gen_landscapes_with_multi_process(
        _callback_fn(), collect_landscape={"landscape_size": 5, "create_landscape": {"train": False, "result": True}},
        device_ids=[0], output=str(tmp_path))
    (tag, landscape), = _landscapes(tmp_path).items()
    assert tag == "landscape_[3]"
    x, y, z = _points(landscape[1][0])
    np.testing.assert_allclose(x, np.linspace(-1, 1, 5), rtol=1e-6)
    np.testing.assert_allclose(y, np.linspace(-1, 1, 5), rtol=1e-6)
    assert 2 not in landscape, "a Random landscape has no training path"
    weight, bias = np.array(MS_WEIGHT_3), np.array(MS_BIAS_3)
    trained_loss = _numpy_loss(weight, bias)
    assert z[2, 2] == pytest.approx(trained_loss, rel=1e-5), "the centre is the trained network"
    np.testing.assert_allclose([c[0] for c in _points(landscape[4][0])], [0, 0, trained_loss], rtol=1e-5, atol=1e-7)
    # The directions, drawn as SummaryLandscape draws them: over every parameter in the
    # checkpoint's order (weight, then bias), then scaled to each parameter's norm.
    np.random.seed(7)
    v, w = np.random.normal(size=15), np.random.normal(size=15)
    v_weight, v_bias = _normalised(v[:12].reshape(3, 4), weight), _normalised(v[12:], bias)
    w_weight, w_bias = _normalised(w[:12].reshape(3, 4), weight), _normalised(w[12:], bias)
    for i, j in ((0, 0), (0, 4), (4, 1), (3, 2)):
        alpha, beta = x[j], y[i]
        expected = _numpy_loss(weight + alpha * v_weight + beta * w_weight, bias + alpha * v_bias + beta * w_bias)
        assert z[i, j] == pytest.approx(expected, rel=1e-5), (i, j)
    metadata = json.loads((summary_dir / "ckpt_dir" / "train_metadata.json").read_text())
    assert metadata["landscape_size"] == 5, "the settings given replace the collected ones"


def test_landscapes_in_graph_mode(tmp_path, restore_mode):
    ms.set_context(mode=ms.GRAPH_MODE)
    _train(tmp_path, create={"train": True, "result": True})
    SummaryLandscape(str(tmp_path)).gen_landscapes_with_multi_process(_callback_fn())
    landscapes = _landscapes(tmp_path)
    assert sorted(landscapes) == ["landscape_[1, 3]", "landscape_[3]"]
    z = _points(landscapes["landscape_[1, 3]"][1][0])[2]
    np.testing.assert_allclose(z, np.reshape(MS_PCA_Z, (3, 3)), rtol=1e-5)


def test_clean_ckpt(tmp_path):
    landscape = SummaryLandscape(str(tmp_path))
    assert os.path.isdir(tmp_path / "ckpt_dir")
    landscape.clean_ckpt()
    assert not os.path.exists(tmp_path / "ckpt_dir")


@pytest.mark.parametrize("kwargs, error", [
    ({"callback_fn": None}, TypeError),
    ({"device_ids": 0}, TypeError),
    ({"device_ids": [0, "1"]}, TypeError),
    ({"device_ids": [8]}, ValueError),
    ({"collect_landscape": {"landscape_size": 2}}, ValueError),
    ({"collect_landscape": {"size": 4}}, ValueError),
    ({"collect_landscape": {"intervals": [[1, 2]]}}, ValueError),
    ({"collect_landscape": {"intervals": [[1, 2, 4]]}}, ValueError),
    ({"collect_landscape": {"create_landscape": {"train": True}}}, ValueError),
    ({"callback_fn": _callback_fn(metrics={"acc": Accuracy()})}, ValueError),
])
def test_errors(trained, tmp_path, kwargs, error):
    arguments = {"callback_fn": _callback_fn(), "output": str(tmp_path), **kwargs}
    saved = (trained / "ckpt_dir" / "train_metadata.json").read_text()
    try:
        with pytest.raises(error):
            SummaryLandscape(str(trained)).gen_landscapes_with_multi_process(**arguments)
    finally:
        (trained / "ckpt_dir" / "train_metadata.json").write_text(saved)


def test_missing_metadata(tmp_path):
    with pytest.raises(FileNotFoundError):
        SummaryLandscape(str(tmp_path)).gen_landscapes_with_multi_process(_callback_fn())


def test_summary_dir_must_be_a_str():
    with pytest.raises(TypeError):
        SummaryLandscape(3)
