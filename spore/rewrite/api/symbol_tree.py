"""`mindspore.rewrite.api.symbol_tree`: MindSpore's path of SymbolTree, defined in `spore.rewrite.symbol_tree`."""
from ..._path_alias import resolver

__getattr__, __dir__ = resolver(__name__, "spore.rewrite.symbol_tree", frozenset({"SymbolTree"}))
