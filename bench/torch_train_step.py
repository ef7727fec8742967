"""The torch side of the training-step benches: one eager step of SGD-style training with
cross-entropy, as the spore side runs it."""
from __future__ import annotations

import torch


def torch_train_step(forward, optimizer, x, y):
    """A function running one training step of `forward` (a torch module, or its compiled
    form) on (x, y) and returning the loss."""

    def step():
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(forward(x), y)
        loss.backward()
        optimizer.step()
        return loss

    return step
