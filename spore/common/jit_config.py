"""`mindspore.common.jit_config`: MindSpore's path of `JitConfig`, defined in `spore.common.api`."""
from .._path_alias import resolver

__getattr__, __dir__ = resolver(__name__, "spore.common.api", frozenset({"JitConfig"}))
