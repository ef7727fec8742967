"""`mindspore.common.api`: MindSpore's path of the compilation entry points (`jit`, `jit_class`,
`mutable`, `JitConfig`, inlining hints; defined in `spore.compiler`) and `_no_grad` (`spore.autograd`)."""
from .._path_alias import resolver

__getattr__, __dir__ = resolver(__name__, "spore", frozenset({
    "JitConfig", "_no_grad", "enable_dynamic", "flops_collection", "jit", "jit_class", "lazy_inline", "ms_function",
    "ms_memory_recycle", "mutable", "no_inline", "set_recursion_limit",
}))
