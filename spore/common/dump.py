"""`mindspore.common.dump`: MindSpore's path of `set_dump`, defined in `spore.nn.dump`."""
from .._path_alias import resolver

__getattr__, __dir__ = resolver(__name__, "spore.nn.dump", frozenset({"set_dump"}))
