"""Neural-network building blocks: Cell, containers, layers, losses, optimizers, wrappers."""
from .cell import Cell
from .container import CellDict, CellList, SequentialCell
from .layer import *
from .wrap import *
