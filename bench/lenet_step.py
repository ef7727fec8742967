"""One LeNet5 training step (value_and_grad + Momentum) in spore PyNative mode against the
same network and optimizer in PyTorch eager, same run, at batch 32 and 128.

Target (issue 4): spore within 1.3x of torch per step.
Run: python bench/lenet_step.py [--rounds N]
"""
from __future__ import annotations

import argparse
import os
import sys

import numpy as np
import torch

import spore as ms
from spore import nn
from spore.__main__ import install_alias

# The demo's LeNet5 is MindSpore code: let its `import mindspore` resolve to spore.
install_alias()
sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "examples"))
from lenet_digits import LeNet5  # noqa: E402
from timing import compare, report  # noqa: E402

TARGET = 1.3


def spore_step(batch: int, rng):
    net = LeNet5()
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=0.01, momentum=0.9)
    grad_fn = ms.value_and_grad(lambda x, y: loss_fn(net(x), y), None, optimizer.parameters)
    x = ms.Tensor(rng.standard_normal((batch, 1, 32, 32)).astype(np.float32))
    y = ms.Tensor(rng.integers(0, 10, batch).astype(np.int32))

    def step():
        loss, grads = grad_fn(x, y)
        optimizer(grads)
        return loss

    return step, net


def torch_step(batch: int, rng, spore_net):
    """The same LeNet5 in torch, starting from spore's initial weights."""
    conv1 = torch.nn.Conv2d(1, 6, 5, bias=False)
    conv2 = torch.nn.Conv2d(6, 16, 5, bias=False)
    fc1, fc2, fc3 = torch.nn.Linear(400, 120), torch.nn.Linear(120, 84), torch.nn.Linear(84, 10)
    modules = [conv1, conv2, fc1, fc2, fc3]
    params = dict(spore_net.parameters_and_names())
    with torch.no_grad():
        for name, module in zip(["conv1", "conv2", "fc1", "fc2", "fc3"], modules):
            module.weight.copy_(torch.from_numpy(params[f"{name}.weight"].asnumpy()))
            if module.bias is not None:
                module.bias.copy_(torch.from_numpy(params[f"{name}.bias"].asnumpy()))
    model = torch.nn.Sequential(conv1, torch.nn.ReLU(), torch.nn.MaxPool2d(2, 2), conv2, torch.nn.ReLU(),
                                torch.nn.MaxPool2d(2, 2), torch.nn.Flatten(), fc1, torch.nn.ReLU(), fc2,
                                torch.nn.ReLU(), fc3)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    x = torch.from_numpy(rng.standard_normal((batch, 1, 32, 32)).astype(np.float32))
    y = torch.from_numpy(rng.integers(0, 10, batch).astype(np.int64))

    def step():
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        return loss

    return step


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--calls", type=int, default=20)
    args = parser.parse_args()
    torch.set_num_threads(1)
    ok = True
    for batch in (32, 128):
        rng = np.random.default_rng(batch)
        spore_fn, net = spore_step(batch, rng)
        forms = {"torch eager": torch_step(batch, rng, net), "spore PyNative": spore_fn}
        results = compare(forms, "torch eager", args.calls, args.rounds, warmup=5)
        ok &= report(f"LeNet5 training step, batch {batch}, median of {args.rounds} rounds", results,
                     "torch", {"spore PyNative": TARGET})
    print("target met" if ok else "target MISSED")
    return 0


if __name__ == "__main__":
    sys.exit(main())
