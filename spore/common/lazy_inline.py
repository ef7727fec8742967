"""`mindspore.common.lazy_inline`: MindSpore's path of `lazy_inline`, defined in `spore.compiler.hints`."""
from .._path_alias import resolver

__getattr__, __dir__ = resolver(__name__, "spore.compiler.hints", frozenset({"lazy_inline"}))
