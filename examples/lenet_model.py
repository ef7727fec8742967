"""Train LeNet5 on handwritten digits with MindSpore's high-level API: a GeneratorDataset
pipeline (map, batch), `Model(...).train` with LossMonitor and ModelCheckpoint, then
`model.eval`, and the last checkpoint loaded back into a fresh network.

Plain MindSpore code: run it with `python -m spore examples/lenet_model.py` (or under
MindSpore itself). The data is scikit-learn's bundled 8x8 digits scaled to 32x32.

Options: --mode graph|pynative (default graph), --epochs N (20), --lr F (0.03),
--ckpt-dir DIR (a temporary directory).
"""
import argparse
import os
import sys
import tempfile

import mindspore as ms
import mindspore.dataset as ds
import mindspore.dataset.transforms as transforms
import mindspore.dataset.vision as vision
import numpy as np
from lenet_digits import LeNet5
from mindspore import nn
from mindspore.train import Accuracy, CheckpointConfig, LossMonitor, Model, ModelCheckpoint


class Digits:
    """A random-access source: (8x8 float image in [0, 16], label) pairs."""

    def __init__(self, images, labels):
        self.images, self.labels = images, labels

    def __getitem__(self, index):
        return self.images[index], self.labels[index]

    def __len__(self):
        return len(self.images)


def digits_dataset(images, labels, batch_size, shuffle):
    """image (1, 32, 32) float32 in [0, 1], label int32, batched."""
    dataset = ds.GeneratorDataset(Digits(images, labels), column_names=["image", "label"], shuffle=shuffle)
    dataset = dataset.map([vision.Rescale(1 / 16, 0), vision.Resize((32, 32), vision.Inter.NEAREST),
                           vision.HWC2CHW()], input_columns="image")
    dataset = dataset.map(transforms.TypeCast(ms.int32), input_columns="label")
    return dataset.batch(batch_size, drop_remainder=shuffle)


def load_digits_split(seed):
    try:
        from sklearn.datasets import load_digits
    except ImportError:
        sys.exit("This demo needs scikit-learn's bundled digits: pip install -e '.[demo]'")
    digits = load_digits()
    images = digits.images.astype(np.float32)[..., None]   # HWC
    order = np.random.default_rng(seed).permutation(len(images))
    split = int(0.8 * len(images))
    train, test = order[:split], order[split:]
    return (images[train], digits.target[train]), (images[test], digits.target[test])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=("graph", "pynative"), default="graph")
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--lr", type=float, default=0.03)
    parser.add_argument("--ckpt-dir", default=None)
    args = parser.parse_args()

    ms.set_context(mode=ms.GRAPH_MODE if args.mode == "graph" else ms.PYNATIVE_MODE)
    ms.set_seed(1)
    (train_x, train_y), (test_x, test_y) = load_digits_split(1)
    train_set = digits_dataset(train_x, train_y, 32, shuffle=True)
    test_set = digits_dataset(test_x, test_y, 64, shuffle=False)

    net = LeNet5()
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=args.lr, momentum=0.9)
    model = Model(net, loss_fn, optimizer, metrics={"accuracy": Accuracy()})

    ckpt_dir = args.ckpt_dir or tempfile.mkdtemp(prefix="lenet_ckpt_")
    config = CheckpointConfig(save_checkpoint_steps=train_set.get_dataset_size(), keep_checkpoint_max=2)
    checkpoints = ModelCheckpoint(prefix="lenet", directory=ckpt_dir, config=config)
    model.train(args.epochs, train_set, callbacks=[LossMonitor(train_set.get_dataset_size()), checkpoints])

    accuracy = model.eval(test_set)["accuracy"]
    print(f"{args.mode} mode: test accuracy {accuracy:.2%}")

    saved = sorted(f for f in os.listdir(ckpt_dir) if f.endswith(".ckpt"))
    fresh = LeNet5()
    ms.load_param_into_net(fresh, ms.load_checkpoint(os.path.join(ckpt_dir, saved[-1])))
    reloaded = Model(fresh, loss_fn, metrics={"accuracy": Accuracy()}).eval(test_set)["accuracy"]
    print(f"checkpoints {saved}; reloaded {saved[-1]}: test accuracy {reloaded:.2%}")
    return 0 if accuracy >= 0.97 and reloaded == accuracy else 1


if __name__ == "__main__":
    sys.exit(main())
