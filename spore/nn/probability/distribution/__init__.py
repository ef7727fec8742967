"""`mindspore.nn.probability.distribution`: probability distributions as Cells, with prob /
log_prob / cdf / survival functions, moments, entropy, KL divergence and sampling."""
from .continuous import Cauchy, Exponential, HalfNormal, Laplace, Logistic, Normal, StudentT, Uniform
from .discrete import Bernoulli, Categorical, Geometric, Poisson
from .distribution import Distribution
from .gamma_family import Beta, Gamma
from .transformed_distribution import Gumbel, LogNormal, TransformedDistribution

__all__ = ["Distribution", "TransformedDistribution", "Bernoulli", "Beta", "Categorical", "Cauchy", "Exponential",
           "Gamma", "Geometric", "Gumbel", "Logistic", "LogNormal", "Normal", "Poisson", "Uniform", "HalfNormal",
           "Laplace", "StudentT"]
