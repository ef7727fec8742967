"""`mindspore.mint.optim`: the PyTorch-style optimizers, which are `mindspore.experimental.optim`'s."""
from __future__ import annotations

from spore.experimental.optim import SGD, Adam, AdamW

__all__ = ['Adam', 'AdamW', 'SGD']
