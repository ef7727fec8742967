"""Losses: LossBase (reduction and `get_loss`) and the loss Cells, one module per family."""
from . import likelihood, loss, margin, sampled, segmentation
from .likelihood import *
from .loss import *
from .margin import *
from .sampled import *
from .segmentation import *

__all__ = loss.__all__ + likelihood.__all__ + margin.__all__ + segmentation.__all__ + sampled.__all__
