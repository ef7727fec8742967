"""`mindspore.common.jit_config`: MindSpore's path of `JitConfig`, defined in `spore.compiler.hints`."""
from .._path_alias import resolver

__getattr__, __dir__ = resolver(__name__, "spore.compiler.hints", frozenset({"JitConfig"}))
