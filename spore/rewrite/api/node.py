"""`mindspore.rewrite.api.node`: MindSpore's path of Node, defined in `spore.rewrite.node`."""
from ..._path_alias import resolver

__getattr__, __dir__ = resolver(__name__, "spore.rewrite.node", frozenset({"Node"}))
