"""`mindspore.rewrite.api.pattern_engine`: MindSpore's path of
PatternEngine, PatternNode, Replacement, VarNode, defined in `spore.rewrite.pattern_engine`."""
from ..._path_alias import resolver

__getattr__, __dir__ = resolver(
    __name__, "spore.rewrite.pattern_engine", frozenset({"PatternEngine", "PatternNode", "Replacement", "VarNode"}))
