"""`mindspore.rewrite.api.scoped_value`: MindSpore's path of
ScopedValue, ValueType, defined in `spore.rewrite.scoped_value`."""
from ..._path_alias import resolver

__getattr__, __dir__ = resolver(
    __name__, "spore.rewrite.scoped_value", frozenset({"ScopedValue", "ValueType"}))
