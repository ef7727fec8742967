"""The random sampling primitives (operations/random_ops.py) carry no gradient.

MindSpore defines no bprop for them (differentiating through one raises there); spore
declares them non-differentiable, so they contribute zero gradient: no
reparameterization gradient for distribution parameters (Gamma's alpha and beta,
Poisson's rate, Multinomial's probabilities), and none through RandomShuffle's input.
"""
from __future__ import annotations

from .registry import non_differentiable

non_differentiable("StandardNormal", "UniformReal", "UniformInt", "StandardLaplace", "RandomShuffle",
                   "Multinomial", "RandomCategorical", "Gamma", "Poisson", "RandomGamma", "RandomPoisson",
                   "Bernoulli", "Randperm", "RandomChoiceWithMask", "MultinomialWithReplacement", "Cauchy",
                   "LogNormalReverse", "UniformCandidateSampler", "LogUniformCandidateSampler", "InplaceUniform",
                   "InplaceNormal", "InplaceExponential", "InplaceRandom", "InplaceBernoulli", "BernoulliExt",
                   "RandpermV2", "TruncatedNormal", "ParameterizedTruncatedNormal", "NonDeterministicInts")
