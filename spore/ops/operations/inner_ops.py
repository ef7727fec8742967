"""`mindspore.ops.operations.inner_ops`: the fused and internal Primitive classes MindSpore keeps at
this path, as defined in `spore.ops.operations` (those spore has)."""
from ..._path_alias import resolver

__getattr__, __dir__ = resolver(__name__, "spore.ops.operations", frozenset({
    "FusedAdaFactor", "FusedAdaFactorWithGlobalNorm", "FusedCastAdamWeightDecay",
    "FusedWeightScaleApplyMomentum", "GenerateEodMask", "KVCacheMgr", "LambApplyOptimizerAssign",
    "LambApplyWeightAssign", "NoRepeatNGram", "Randperm", "ScaleGrad",
}))
