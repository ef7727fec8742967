"""`mindspore.train.loss_scale_manager`: MindSpore's path of the loss scale managers, defined in
`spore.nn.wrap.loss_scale_manager` beside the update Cells they build."""
from .._path_alias import resolver

__getattr__, __dir__ = resolver(__name__, "spore.nn.wrap.loss_scale_manager", frozenset({
    "DynamicLossScaleManager", "FixedLossScaleManager", "LossScaleManager",
}))
