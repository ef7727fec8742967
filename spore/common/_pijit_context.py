"""`mindspore.common._pijit_context`: MindSpore's path of `Unsupported` (what
jit(capture_mode="bytecode", fullgraph=True) raises), defined in `spore.compiler.jit_options`."""
from .._path_alias import resolver

__getattr__, __dir__ = resolver(__name__, "spore.compiler.jit_options", frozenset({"Unsupported"}))
