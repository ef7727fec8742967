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
from . import utils
from .utils import no_init_parameters
# MindSpore 1.x kept the metrics in nn (`nn.Accuracy`, `nn.metrics`, `nn.get_metrics`): spore.train, where
# they live, builds on nn, so they are resolved when asked for.
from .._path_alias import resolver
from . import metrics

_metric, _ = resolver(__name__, "spore.train.metrics", metrics.METRIC_NAMES)
_registry_name, _ = resolver(__name__, "spore.train.metrics.registry", frozenset({"get_metrics"}))
# GraphCell runs graphs loaded by spore.compiler.export; the mint-style LogSoftmax and PReLU are defined once,
# in spore.mint.nn: both build on nn, so these names too are resolved when asked for.
_graph_cell, _ = resolver(__name__, "spore.compiler.export.graph_cell", frozenset({"GraphCell"}))
_MINT_NAMES = {"LogSoftmaxExt": "LogSoftmax", "PReLUExt": "PReLU"}
_mint_name, _ = resolver(__name__, "spore.mint.nn", frozenset(_MINT_NAMES.values()))
# nn.probability (distributions, Bayesian layers) is a tenth of nn's code and seldom used: it loads on access.
_LAZY_SUBMODULES = frozenset({"probability"})


def __getattr__(name: str):
    if name in _LAZY_SUBMODULES:
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    if name == "__all__":  # `from spore.nn import *`: every public name, as before the lazy ones
        for submodule in _LAZY_SUBMODULES:
            __getattr__(submodule)
        return [name for name in globals() if not name.startswith("_")]
    if name == "get_metrics":
        return _registry_name(name)
    if name == "GraphCell":
        return _graph_cell(name)
    if name in _MINT_NAMES:
        return _mint_name(_MINT_NAMES[name])
    return _metric(name)
