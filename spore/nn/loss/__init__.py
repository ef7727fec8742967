"""Losses: LossBase (reduction and `get_loss`) and the loss Cells."""
from . import loss
from .loss import *

__all__ = loss.__all__
