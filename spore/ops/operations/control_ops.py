"""`mindspore.ops.operations.control_ops`: the control flow Primitive classes MindSpore keeps at
this path, as defined in `spore.ops.operations` (those spore has)."""
from ..._path_alias import resolver

__getattr__, __dir__ = resolver(__name__, "spore.ops.operations", frozenset({
    "GeSwitch", "Merge",
}))
