"""value_and_grad of a 3-layer MLP in PyNative mode against torch autograd, same run.

MLP 64-256-256-10, batch 32, ReLU, softmax cross-entropy, written with spore ops; the
same network in torch with autograd. Target (issue 3): spore within 1.5x of torch.
Run: python bench/grad_overhead.py [--rounds N]
"""
from __future__ import annotations

import argparse
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(__file__))
from timing import compare, report

import spore as ms
from spore import ops

TARGET = 1.5
SIZES = (64, 256, 256, 10)
BATCH = 32


def make_params(rng):
    params = []
    for fan_in, fan_out in zip(SIZES[:-1], SIZES[1:]):
        params.append((rng.standard_normal((fan_out, fan_in)) / np.sqrt(fan_in)).astype(np.float32))
        params.append(np.zeros(fan_out, np.float32))
    return params


def spore_step(params, x, labels):
    weights = [ms.Parameter(ms.Tensor(p), name=f"p{i}") for i, p in enumerate(params)]

    def loss_fn(inputs, target):
        h = inputs
        for i in range(0, len(weights), 2):
            h = ops.dense(h, weights[i], weights[i + 1])
            if i + 2 < len(weights):
                h = ops.relu(h)
        return ops.cross_entropy(h, target)

    grad_fn = ms.value_and_grad(loss_fn, None, weights)
    tx, tl = ms.Tensor(x), ms.Tensor(labels)
    return lambda: grad_fn(tx, tl)


def torch_step(params, x, labels):
    weights = [torch.tensor(p, requires_grad=True) for p in params]
    tx, tl = torch.from_numpy(x), torch.from_numpy(labels)

    def step():
        h = tx
        for i in range(0, len(weights), 2):
            h = torch.nn.functional.linear(h, weights[i], weights[i + 1])
            if i + 2 < len(weights):
                h = torch.relu(h)
        loss = torch.nn.functional.cross_entropy(h, tl)
        return loss, torch.autograd.grad(loss, weights)

    return step


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--calls", type=int, default=200)
    args = parser.parse_args()
    torch.set_num_threads(1)
    rng = np.random.default_rng(0)
    params = make_params(rng)
    x = rng.standard_normal((BATCH, SIZES[0])).astype(np.float32)
    labels = rng.integers(0, SIZES[-1], BATCH).astype(np.int64)

    spore_loss, spore_grads = spore_step(params, x, labels)()
    torch_loss, torch_grads = torch_step(params, x, labels)()
    np.testing.assert_allclose(spore_loss.asnumpy(), torch_loss.detach().numpy(), rtol=1e-5)
    for g, tg in zip(spore_grads, torch_grads):
        np.testing.assert_allclose(g.asnumpy(), tg.numpy(), rtol=1e-4, atol=1e-6)

    forms = {"torch autograd": torch_step(params, x, labels), "spore value_and_grad": spore_step(params, x, labels)}
    results = compare(forms, "torch autograd", args.calls, args.rounds, warmup=20)
    ok = report(f"MLP {SIZES} batch {BATCH}, loss and gradients, median of {args.rounds} rounds",
                results, "torch", {"spore value_and_grad": TARGET})
    print("target met" if ok else "target MISSED")
    return 0


if __name__ == "__main__":
    sys.exit(main())
