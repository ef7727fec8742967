"""The tutorial-style training script end to end: GeneratorDataset -> map -> batch,
Model(net, loss, opt, metrics).train with LossMonitor and ModelCheckpoint, eval, and the
checkpoint loaded back, in both modes (examples/lenet_model.py does the same on digits)."""
import os

import numpy as np
import pytest

import spore as ms
import spore.dataset as ds
import spore.dataset.transforms as transforms
import spore.dataset.vision as vision
from spore import nn
from spore.train import Accuracy, CheckpointConfig, LossMonitor, Model, ModelCheckpoint


class Blobs:
    """A random-access source: 4x4 single-channel 'images' whose class is the quadrant
    holding the bright pixel, as uint8 HWC."""

    def __init__(self, count, seed):
        rng = np.random.default_rng(seed)
        self.labels = rng.integers(0, 4, count)
        self.images = rng.integers(0, 40, (count, 4, 4, 1)).astype(np.uint8)
        for image, label in zip(self.images, self.labels):
            image[2 * (label // 2) + rng.integers(0, 2), 2 * (label % 2) + rng.integers(0, 2), 0] = 255

    def __getitem__(self, index):
        return self.images[index], self.labels[index]

    def __len__(self):
        return len(self.labels)


def pipeline(count, seed, shuffle):
    data = ds.GeneratorDataset(Blobs(count, seed), column_names=["image", "label"], shuffle=shuffle)
    data = data.map([vision.Rescale(1 / 255, 0), vision.HWC2CHW()], input_columns="image")
    data = data.map(transforms.TypeCast(ms.int32), input_columns="label")
    return data.batch(16, drop_remainder=shuffle)


def classifier():
    return nn.SequentialCell([nn.Flatten(), nn.Dense(16, 32, weight_init="he_uniform"), nn.ReLU(),
                              nn.Dense(32, 4, weight_init="he_uniform")])


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_model_trains_from_a_dataset_pipeline_and_its_checkpoints_load_back(mode, tmp_path, capsys):
    ms.set_context(mode=mode)
    try:
        ms.set_seed(0)
        train_set, test_set = pipeline(320, 0, shuffle=True), pipeline(160, 1, shuffle=False)
        net = classifier()
        loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        model = Model(net, loss, nn.Momentum(net.trainable_params(), 0.1, 0.9), metrics={"accuracy": Accuracy()})
        steps = train_set.get_dataset_size()
        config = CheckpointConfig(save_checkpoint_steps=steps, keep_checkpoint_max=2)
        model.train(5, train_set, callbacks=[LossMonitor(steps), ModelCheckpoint("blobs", str(tmp_path), config)])
        accuracy = model.eval(test_set)["accuracy"]

        assert accuracy >= 0.95
        assert capsys.readouterr().out.count("loss is") == 5
        saved = sorted(f for f in os.listdir(tmp_path) if f.endswith(".ckpt"))
        assert saved == [f"blobs-4_{steps}.ckpt", f"blobs-5_{steps}.ckpt"]
        fresh = classifier()
        ms.load_param_into_net(fresh, ms.load_checkpoint(str(tmp_path / saved[-1])))
        assert Model(fresh, loss, metrics={"accuracy"}).eval(test_set)["accuracy"] == accuracy
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
