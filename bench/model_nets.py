"""The three models of the model-step benchmarks (issue 16), each built twice, once in spore
and once in PyTorch, with the torch copy starting from the spore copy's weights.

- LeNet5 (the tutorial's, examples/lenet_digits.py), (N, 1, 32, 32) images, Momentum;
- ResNet-18 for CIFAR (3x3 stem, no max-pool, BasicBlocks 2-2-2-2), (N, 3, 32, 32), Momentum;
- Transformer encoder (4 layers, d_model 256, 8 heads, feed-forward 1024, no dropout,
  batch first) over (N, 128, 256) sequences, mean-pooled into a 10-class head, Adam.

`make(model, batch, seed)` gives a `Pair`: the two training steps (forward, loss, backward,
optimizer update; float32) in every form the benchmarks time.
"""
from __future__ import annotations

import copy
import os
import sys
from dataclasses import dataclass
from typing import Callable

import numpy as np
import torch

import spore as ms
from spore import nn, ops
from spore.__main__ import install_alias

install_alias()     # the tutorial's LeNet5 is MindSpore code: its `import mindspore` is spore
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "examples"))
from lenet_digits import LeNet5  # noqa: E402
from torch_train_step import torch_train_step  # noqa: E402

MODELS = ("lenet5", "resnet18", "transformer")
CLASSES = 10
SEQ, D_MODEL, HEADS, FEEDFORWARD, LAYERS = 128, 256, 8, 1024, 4
DEFAULT_BATCH = {"lenet5": 32, "resnet18": 32, "transformer": 16}


# ---- spore ---------------------------------------------------------------------------------
class BasicBlock(nn.Cell):
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, stride, pad_mode="pad", padding=1)
        self.bn1 = nn.BatchNorm2d(cout)
        self.conv2 = nn.Conv2d(cout, cout, 3, 1, pad_mode="pad", padding=1)
        self.bn2 = nn.BatchNorm2d(cout)
        self.relu = nn.ReLU()
        self.downsample = None
        if stride != 1 or cin != cout:
            self.downsample = nn.SequentialCell([nn.Conv2d(cin, cout, 1, stride, pad_mode="valid"),
                                                 nn.BatchNorm2d(cout)])

    def construct(self, x):
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        shortcut = x if self.downsample is None else self.downsample(x)
        return self.relu(out + shortcut)


class ResNet18(nn.Cell):
    def __init__(self):
        super().__init__()
        self.stem = nn.SequentialCell([nn.Conv2d(3, 64, 3, 1, pad_mode="pad", padding=1), nn.BatchNorm2d(64),
                                       nn.ReLU()])
        blocks, cin = [], 64
        for cout, stride in ((64, 1), (128, 2), (256, 2), (512, 2)):
            blocks += [BasicBlock(cin, cout, stride), BasicBlock(cout, cout, 1)]
            cin = cout
        self.blocks = nn.SequentialCell(blocks)
        self.fc = nn.Dense(512, CLASSES)

    def construct(self, x):
        return self.fc(ops.mean(self.blocks(self.stem(x)), (2, 3)))


class Encoder(nn.Cell):
    def __init__(self):
        super().__init__()
        layer = nn.TransformerEncoderLayer(D_MODEL, HEADS, FEEDFORWARD, dropout=0.0, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, LAYERS)
        self.head = nn.Dense(D_MODEL, CLASSES)

    def construct(self, x):
        return self.head(ops.mean(self.encoder(x), 1))


# ---- torch ---------------------------------------------------------------------------------
class TorchBasicBlock(torch.nn.Module):
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.conv1 = torch.nn.Conv2d(cin, cout, 3, stride, padding=1, bias=False)
        self.bn1 = torch.nn.BatchNorm2d(cout)
        self.conv2 = torch.nn.Conv2d(cout, cout, 3, 1, padding=1, bias=False)
        self.bn2 = torch.nn.BatchNorm2d(cout)
        self.downsample = None
        if stride != 1 or cin != cout:
            self.downsample = torch.nn.Sequential(torch.nn.Conv2d(cin, cout, 1, stride, bias=False),
                                                  torch.nn.BatchNorm2d(cout))

    def forward(self, x):
        out = torch.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        shortcut = x if self.downsample is None else self.downsample(x)
        return torch.relu(out + shortcut)


class TorchResNet18(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = torch.nn.Sequential(torch.nn.Conv2d(3, 64, 3, 1, padding=1, bias=False),
                                        torch.nn.BatchNorm2d(64), torch.nn.ReLU())
        blocks, cin = [], 64
        for cout, stride in ((64, 1), (128, 2), (256, 2), (512, 2)):
            blocks += [TorchBasicBlock(cin, cout, stride), TorchBasicBlock(cout, cout, 1)]
            cin = cout
        self.blocks = torch.nn.Sequential(*blocks)
        self.fc = torch.nn.Linear(512, CLASSES)

    def forward(self, x):
        return self.fc(self.blocks(self.stem(x)).mean((2, 3)))


class TorchEncoder(torch.nn.Module):
    def __init__(self):
        super().__init__()
        layer = torch.nn.TransformerEncoderLayer(D_MODEL, HEADS, FEEDFORWARD, dropout=0.0, batch_first=True)
        self.encoder = torch.nn.TransformerEncoder(layer, LAYERS, enable_nested_tensor=False)
        self.head = torch.nn.Linear(D_MODEL, CLASSES)

    def forward(self, x):
        return self.head(self.encoder(x).mean(1))


def torch_lenet5():
    return torch.nn.Sequential(torch.nn.Conv2d(1, 6, 5, bias=False), torch.nn.ReLU(), torch.nn.MaxPool2d(2, 2),
                               torch.nn.Conv2d(6, 16, 5, bias=False), torch.nn.ReLU(), torch.nn.MaxPool2d(2, 2),
                               torch.nn.Flatten(), torch.nn.Linear(400, 120), torch.nn.ReLU(),
                               torch.nn.Linear(120, 84), torch.nn.ReLU(), torch.nn.Linear(84, CLASSES))


# ---- the pair ------------------------------------------------------------------------------
SPORE_NETS = {"lenet5": LeNet5, "resnet18": ResNet18, "transformer": Encoder}
TORCH_NETS = {"lenet5": torch_lenet5, "resnet18": TorchResNet18, "transformer": TorchEncoder}


def input_shape(model: str, batch: int) -> tuple:
    if model == "lenet5":
        return (batch, 1, 32, 32)
    if model == "resnet18":
        return (batch, 3, 32, 32)
    return (batch, SEQ, D_MODEL)


def copy_weights(spore_net, torch_net) -> None:
    """torch's trainable parameters set from spore's (both list them in construction order)."""
    sources = [p.asnumpy() for p in spore_net.trainable_params()]
    targets = list(torch_net.parameters())
    if len(sources) != len(targets):
        raise AssertionError(f"spore has {len(sources)} trainable parameters, torch {len(targets)}")
    with torch.no_grad():
        for source, target in zip(sources, targets):
            if tuple(source.shape) != tuple(target.shape):
                raise AssertionError(f"parameter shapes differ: spore {source.shape}, torch {tuple(target.shape)}")
            target.copy_(torch.from_numpy(source))


@dataclass
class Pair:
    """One model in both frameworks, on the same weights and batch."""
    spore_net: object
    torch_net: torch.nn.Module
    spore_step: Callable        # the PyNative step: () -> loss
    spore_graph_step: Callable  # the same step under jit
    torch_step: Callable
    torch_compiled_step: Callable
    spore_jit: object           # the jit function spore_graph_step calls (its Programs: .cache)


def make(model: str, batch: int, seed: int = 0) -> Pair:
    rng = np.random.default_rng(seed)
    ms.set_seed(seed)
    x = rng.standard_normal(input_shape(model, batch)).astype(np.float32)
    y = rng.integers(0, CLASSES, batch)
    spore_net, torch_net = SPORE_NETS[model](), TORCH_NETS[model]()
    copy_weights(spore_net, torch_net)
    spore_net.set_train(True)
    torch_net.train()
    spore_step, spore_graph, spore_jit = _spore_steps(model, spore_net, ms.Tensor(x), ms.Tensor(y.astype(np.int32)))
    tx, ty = torch.from_numpy(x), torch.from_numpy(y)
    torch_eager = _torch_step(model, torch_net, tx, ty)
    torch_compiled = _torch_step(model, copy.deepcopy(torch_net), tx, ty, compiled=True)
    return Pair(spore_net, torch_net, spore_step, spore_graph, torch_eager, torch_compiled, spore_jit)


def _spore_steps(model, net, x, y):
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    params = net.trainable_params()
    if model == "transformer":
        optimizer = nn.Adam(params, learning_rate=1e-3)
    else:
        optimizer = nn.Momentum(params, learning_rate=0.01, momentum=0.9)
    grad_fn = ms.value_and_grad(lambda x, y: loss_fn(net(x), y), None, optimizer.parameters)

    def step(x, y):
        loss, grads = grad_fn(x, y)
        optimizer(grads)
        return loss

    compiled = ms.jit(step)
    return (lambda: step(x, y)), (lambda: compiled(x, y)), compiled


def _torch_step(model, net, x, y, compiled=False):
    """The torch step; with `compiled`, the model under torch.compile (compiled at the first call)."""
    if model == "transformer":
        optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)
    else:
        optimizer = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)
    return torch_train_step(torch.compile(net) if compiled else net, optimizer, x, y)
