"""The updates of operations/fused_optim_ops.py take no gradient, as in MindSpore: they run
after the gradients are computed, and update state (LARSUpdate rescales a computed gradient)."""
from .registry import non_differentiable

non_differentiable("AdamNoUpdateParam", "ApplyKerasMomentum", "FusedWeightScaleApplyMomentum", "LARSUpdate",
                   "FusedCastAdamWeightDecay", "FusedAdaFactor", "FusedAdaFactorWithGlobalNorm", "FusedSparseAdam",
                   "FusedSparseLazyAdam", "FusedSparseFtrl", "FusedSparseProximalAdagrad", "SparseApplyAdadelta",
                   "SparseApplyFtrlV2", "SparseApplyProximalAdagrad")
