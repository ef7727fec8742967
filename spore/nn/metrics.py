"""`mindspore.nn.metrics` of MindSpore 1.x: the metrics, which live in spore.train.metrics."""
from ..train import metrics as _metrics
from ..train.metrics import *  # noqa: F403 - this module re-exports them all

__all__ = list(_metrics.__all__)
