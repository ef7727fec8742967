"""`mindspore.nn.layer.padding`: the padding Cells MindSpore keeps at this path, as
defined in `spore.nn` (those spore has)."""
from ..._path_alias import resolver

__getattr__, __dir__ = resolver(__name__, "spore.nn", frozenset({
    "ConstantPad1d", "ConstantPad2d", "ConstantPad3d", "ReflectionPad1d", "ReflectionPad2d",
    "ReflectionPad3d", "ReplicationPad1d", "ReplicationPad2d", "ReplicationPad3d", "ZeroPad2d",
}))
