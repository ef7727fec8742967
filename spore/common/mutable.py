"""`mindspore.common.mutable`: MindSpore's path of `mutable`, defined in `spore.common.api`."""
from .._path_alias import resolver

__getattr__, __dir__ = resolver(__name__, "spore.common.api", frozenset({"mutable"}))
