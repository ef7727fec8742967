"""The prior and posterior distributions of Bayesian layers' weights: NormalPrior (a fixed
Normal) and NormalPosterior (a Normal with learnable mean and softplus-transformed std)."""
from __future__ import annotations

import numpy as np

from .... import ops
from ....common import dtype as mstype
from ....common.parameter import Parameter
from ....common.tensor import Tensor
from ...cell import Cell
from ..distribution import Normal

__all__ = ["NormalPrior", "NormalPosterior"]


def _is_number(value) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float))


class NormalPrior(Cell):
    """NormalPrior(dtype=mstype.float32, mean=0, std=0.1): the Normal(mean, std) prior;
    calling it calls the distribution (`prior('kl_loss', ...)`)."""

    def __init__(self, dtype=mstype.float32, mean=0, std=0.1):
        super().__init__()
        self.normal = Normal(mean, std, dtype=dtype)

    def construct(self, *inputs, **kwargs):
        return self.normal(*inputs, **kwargs)


class NormalPosterior(Cell):
    """NormalPosterior(name, shape, dtype=mstype.float32, loc_mean=0, loc_std=0.1,
    untransformed_scale_mean=-5, untransformed_scale_std=0.1)

    A Normal of `shape` whose mean (Parameter `mean`, drawn from N(loc_mean, loc_std^2))
    and std = 1e-6 + softplus(`untransformed_std`) (drawn from N(untransformed_scale_mean,
    untransformed_scale_std^2)) are learned; calling it calls the distribution with them
    (`posterior('sample')` draws mean + std * noise, differentiable in both).
    """

    def __init__(self, name, shape, dtype=mstype.float32, loc_mean=0, loc_std=0.1, untransformed_scale_mean=-5,
                 untransformed_scale_std=0.1):
        super().__init__()
        if not isinstance(name, str):
            raise TypeError("The type of `name` must be `str`")
        if not isinstance(shape, (tuple, list)):
            raise TypeError("The type of `shape` must be `tuple` or `list`")
        if not _is_number(loc_mean):
            raise TypeError("The type of `loc_mean` must be `int` or `float`")
        if not _is_number(untransformed_scale_mean):
            raise TypeError("The type of `untransformed_scale_mean` must be `int` or `float`")
        if not (_is_number(loc_std) and loc_std >= 0):
            raise TypeError("The type of `loc_std` must be `int` or `float` and its value must > 0")
        if not (_is_number(untransformed_scale_std) and untransformed_scale_std >= 0):
            raise TypeError("The type of `untransformed_scale_std` must be `int` or `float` and its value must > 0")
        rng = np.random.default_rng()
        self.mean = Parameter(Tensor(rng.normal(loc_mean, loc_std, shape), dtype), name=name + "_mean")
        self.untransformed_std = Parameter(Tensor(rng.normal(untransformed_scale_mean, untransformed_scale_std, shape),
                                                  dtype), name=name + "_untransformed_std")
        self.normal = Normal(dtype=dtype)

    def std(self):
        """The std of the posterior, 1e-6 + softplus(untransformed_std)."""
        return 1e-6 + ops.log(ops.exp(self.untransformed_std) + 1)

    def construct(self, *inputs):
        return self.normal(*inputs, mean=self.mean, sd=self.std())
