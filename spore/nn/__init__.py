"""Neural-network building blocks: Cell, containers, layers, losses, optimizers, learning
rate schedules, training wrappers."""
from .cell import Cell
from .container import CellDict, CellList, SequentialCell
from . import dynamic_lr, learning_rate_schedule, loss, optim
from .dynamic_lr import *
from .layer import *
from .learning_rate_schedule import *
from .loss import *
from .optim import *
from .wrap import *
from . import probability
from .graph_cell import GraphCell
# MindSpore 1.x kept the metrics in nn (`nn.Accuracy`, `nn.metrics`). Imported last:
# spore.train, where they live, builds on the rest of nn.
from . import metrics
from .metrics import *
from ..train.metrics.registry import get_metrics
# The mint-style LogSoftmax and PReLU are defined once, in spore.mint.nn (which builds on nn).
from ..mint.nn import LogSoftmax as LogSoftmaxExt, PReLU as PReLUExt
