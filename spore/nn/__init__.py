"""Neural-network building blocks: Cell, layers, losses, optimizers, wrappers."""
from .cell import Cell
