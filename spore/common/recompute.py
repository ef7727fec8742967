"""`mindspore.common.recompute`: MindSpore's path of `recompute`, defined in `spore.nn.recompute`."""
from .._path_alias import resolver

__getattr__, __dir__ = resolver(__name__, "spore.nn.recompute", frozenset({"recompute"}))
