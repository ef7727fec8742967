"""mindspore.experimental: the PyTorch-style optimizers and learning-rate schedulers
(`optim`, `optim.lr_scheduler`)."""
from . import optim

__all__ = []
