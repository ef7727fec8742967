"""`mindspore.nn.layer.math`: the math Cells MindSpore keeps at this path, as
defined in `spore.nn` (those spore has)."""
from ..._path_alias import resolver

__getattr__, __dir__ = resolver(__name__, "spore.nn", frozenset({
    "CosineSimilarity", "DiGamma", "IGamma", "LBeta", "LGamma", "MatDet", "MatInverse", "MatMul", "Moments",
    "Range", "ReduceLogSumExp",
}))
