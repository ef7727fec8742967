"""`mindspore.common.lazy_inline`: MindSpore's path of `lazy_inline`, defined in `spore.common.api`."""
from .._path_alias import resolver

__getattr__, __dir__ = resolver(__name__, "spore.common.api", frozenset({"lazy_inline"}))
