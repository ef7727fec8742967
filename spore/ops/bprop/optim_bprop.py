"""The fused optimizer updates (operations/optim_ops.py) take no gradient: they run after
the gradients are computed, and only update state."""
from .registry import non_differentiable

non_differentiable("ApplyMomentum", "SGD", "Adam", "ApplyAdamWithAmsgradV2", "AdamWeightDecay", "ApplyAdagrad",
                   "ApplyAdadelta", "ApplyAdaMax", "ApplyRMSProp", "ApplyCenteredRMSProp", "ApplyFtrl",
                   "ApplyAdamWithAmsgrad", "ApplyAdagradV2", "ApplyAdagradDA", "ApplyProximalAdagrad",
                   "ApplyGradientDescent", "ApplyProximalGradientDescent", "ApplyAddSign", "ApplyPowerSign",
                   "SparseApplyAdagrad", "SparseApplyAdagradV2", "SparseApplyFtrl", "SparseApplyRMSProp")
