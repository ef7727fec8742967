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
# The mint-style LogSoftmax and PReLU are defined once, in spore.mint.nn (which builds on nn).
from ..mint.nn import LogSoftmax as LogSoftmaxExt, PReLU as PReLUExt
# MindSpore 1.x kept the metrics in nn (`nn.Accuracy`, `nn.metrics`, `nn.get_metrics`): spore.train, where
# they live, builds on nn, so they are resolved when asked for.
from .._path_alias import resolver
from . import metrics

_metric, _ = resolver(__name__, "spore.train.metrics", metrics.METRIC_NAMES)
_registry_name, _ = resolver(__name__, "spore.train.metrics.registry", frozenset({"get_metrics"}))


def __getattr__(name: str):
    return _registry_name(name) if name == "get_metrics" else _metric(name)
