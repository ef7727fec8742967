"""`mindspore.ops.operations.manually_defined`: the hand-written Primitive classes MindSpore keeps at
this path, as defined in `spore.ops.operations` (those spore has)."""
from ..._path_alias import resolver

__getattr__, __dir__ = resolver(__name__, "spore.ops.operations", frozenset({
    "BatchNorm", "Cast", "DtypeToEnum", "FlashAttentionScore", "ForiLoop", "FusedInferAttentionScore", "Ones",
    "Rank", "ScalarAdd", "ScalarBool", "ScalarCast", "ScalarDiv", "ScalarEq", "ScalarFloorDiv", "ScalarGe",
    "ScalarGt", "ScalarLe", "ScalarLog", "ScalarLt", "ScalarMax", "ScalarMin", "ScalarMod", "ScalarMul",
    "ScalarPow", "ScalarSub", "ScalarToTensor", "ScalarUadd", "ScalarUsub", "Scan", "Shape", "Tile", "TypeAs",
    "WhileLoop", "Zeros",
}))
