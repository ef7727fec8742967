"""Train the seed tutorial's LeNet5 on real handwritten digits, MindSpore-style.

The data is scikit-learn's bundled 8x8 digits (1,797 images, available offline),
scaled to 32x32 for LeNet5's input. The code is plain MindSpore: run it with
`python -m spore examples/lenet_digits.py` (or under MindSpore itself).

Options: --epochs N (default 30), --batch-size N (32), --lr F (0.03), --seed N (1).
"""
import argparse
import sys
import time

import mindspore as ms
import numpy as np
from mindspore import Tensor, nn
from mindspore.common.initializer import HeUniform, Normal


class LeNet5(nn.Cell):
    """LeNet5 as in the tutorial: (N, 1, 32, 32) images -> (N, 10) logits.

    One change: the convolutions start He-uniform. The tutorial leaves them at the
    default N(0, 0.01^2), which makes the first logits all but zero (its loss prints
    ln 10) and leaves too little signal for a small data set to train in a few epochs.
    """

    def __init__(self, num_class=10, num_channel=1):
        super().__init__()
        self.conv1 = nn.Conv2d(num_channel, 6, 5, pad_mode="valid", weight_init=HeUniform())
        self.conv2 = nn.Conv2d(6, 16, 5, pad_mode="valid", weight_init=HeUniform())
        self.fc1 = nn.Dense(16 * 5 * 5, 120, weight_init=Normal(0.02))
        self.fc2 = nn.Dense(120, 84, weight_init=Normal(0.02))
        self.fc3 = nn.Dense(84, num_class, weight_init=Normal(0.02))
        self.relu = nn.ReLU()
        self.max_pool2d = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()

    def construct(self, x):
        x = self.max_pool2d(self.relu(self.conv1(x)))
        x = self.max_pool2d(self.relu(self.conv2(x)))
        x = self.flatten(x)
        x = self.relu(self.fc1(x))
        x = self.relu(self.fc2(x))
        return self.fc3(x)


def load_digits_32x32(seed):
    """(train_x, train_y, test_x, test_y): images scaled to [0, 1] and 32x32, 80/20 split."""
    try:
        from sklearn.datasets import load_digits
    except ImportError:
        sys.exit("This demo needs scikit-learn's bundled digits: pip install -e '.[demo]'")
    digits = load_digits()
    images = (digits.images / 16.0).astype(np.float32)
    images = images.repeat(4, axis=1).repeat(4, axis=2)[:, None, :, :]
    labels = digits.target.astype(np.int32)
    order = np.random.default_rng(seed).permutation(len(images))
    split = int(0.8 * len(images))
    train, test = order[:split], order[split:]
    return images[train], labels[train], images[test], labels[test]


def progress(epoch, epochs, step, steps, loss, width=30):
    """A live bar on a terminal; elsewhere (a log, a pipe) only the epoch's final line."""
    if not sys.stdout.isatty():
        if step == steps:
            print(f"epoch {epoch:>2}/{epochs} {steps} steps  loss {loss:.4f}", end="", flush=True)
        return
    done = int(width * step / steps)
    bar = "#" * done + "." * (width - done)
    print(f"\repoch {epoch:>2}/{epochs} [{bar}] {step:>3}/{steps}  loss {loss:.4f}", end="", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--lr", type=float, default=0.03)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    ms.set_seed(args.seed)
    train_x, train_y, test_x, test_y = load_digits_32x32(args.seed)
    print(f"digits: {len(train_x)} training and {len(test_x)} test images, 32x32")

    net = LeNet5()
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=args.lr, momentum=0.9)

    def forward(x, y):
        return loss_fn(net(x), y)

    grad_fn = ms.value_and_grad(forward, None, optimizer.parameters)

    def train_step(x, y):
        loss, grads = grad_fn(x, y)
        optimizer(grads)
        return loss

    steps = len(train_x) // args.batch_size
    rng = np.random.default_rng(args.seed)
    start = time.perf_counter()
    for epoch in range(1, args.epochs + 1):
        net.set_train()
        order = rng.permutation(len(train_x))
        losses = []
        for step in range(steps):
            batch = order[step * args.batch_size:(step + 1) * args.batch_size]
            loss = train_step(Tensor(train_x[batch]), Tensor(train_y[batch]))
            losses.append(float(loss.asnumpy()))
            progress(epoch, args.epochs, step + 1, steps, losses[-1])
        net.set_train(False)
        accuracy = evaluate(net, test_x, test_y)
        print(f"  mean loss {np.mean(losses):.4f}  test accuracy {accuracy:.2%}")
    elapsed = time.perf_counter() - start

    accuracy = evaluate(net, test_x, test_y)
    print(f"\nsummary: {args.epochs} epochs in {elapsed:.1f} s ({elapsed / (args.epochs * steps) * 1e3:.1f} ms "
          f"per step), final loss {np.mean(losses):.4f}, test accuracy {accuracy:.2%}")
    return 0 if accuracy >= 0.97 else 1


def evaluate(net, images, labels, batch_size=256):
    correct = 0
    for i in range(0, len(images), batch_size):
        logits = net(Tensor(images[i:i + batch_size]))
        correct += int((logits.asnumpy().argmax(axis=1) == labels[i:i + batch_size]).sum())
    return correct / len(images)


if __name__ == "__main__":
    sys.exit(main())
