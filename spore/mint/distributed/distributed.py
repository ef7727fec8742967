"""`mindspore.mint.distributed.distributed`: the module path of the same API."""
from ..._path_alias import resolver
from ...communication.distributed import __all__

__getattr__, __dir__ = resolver(__name__, "spore.communication.distributed", frozenset(__all__))
