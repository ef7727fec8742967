"""Wrapper Cells: a network with its loss, for evaluation, for gradients, and whole
training steps with and without loss scaling."""
from . import cell_wrapper, grad_cells, grad_reducer, loss_scale, micro_batch
from .cell_wrapper import *
from .grad_cells import *
from .grad_reducer import *
from .loss_scale import *
from .micro_batch import *

__all__ = cell_wrapper.__all__ + grad_cells.__all__ + grad_reducer.__all__ + loss_scale.__all__ + micro_batch.__all__
