"""`mindspore.rewrite.api.node_type`: MindSpore's path of NodeType, defined in `spore.rewrite.node_type`."""
from ..._path_alias import resolver

__getattr__, __dir__ = resolver(__name__, "spore.rewrite.node_type", frozenset({"NodeType"}))
