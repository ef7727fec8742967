"""Kernels of the primitives in ops/operations/random_ops.py.

Each kernel factory builds the instance's generator once (`_generator`), so the calls
of one Primitive instance continue one stream.
"""
from __future__ import annotations

from operator import index

import torch

from ..common import seed as _seed
from . import device, rng
from .registry import kernel_factory
from .tensor_data import TORCH_OF

_SHAPE_DTYPES = (torch.int32, torch.int64)


def _generator(prim) -> torch.Generator | None:
    return rng.generator_for(_seed.op_seeds(prim.seed, prim.seed2))


def _shape(shape) -> tuple:
    """A `shape` input as a tuple: a tuple of ints or a 1-D int tensor (anything else
    fails here, and the primitive's infer explains why)."""
    return shape if isinstance(shape, tuple) else _tensor_shape(shape)


def _tensor_shape(shape) -> tuple:
    """A `shape` input that must be a 1-D int tensor, as a tuple."""
    if isinstance(shape, torch.Tensor) and shape.dtype in _SHAPE_DTYPES and shape.ndim == 1:
        return tuple(shape.tolist())
    raise TypeError(f"bad shape {shape!r}")


def _float_sampler(draw):
    """A kernel factory for a (shape) -> float32 primitive; `draw(shape, generator)`."""
    def factory(prim):
        gen = _generator(prim)
        return lambda shape: draw(_shape(shape), gen)
    return factory


def _standard_normal(shape, gen):
    return torch.randn(shape, generator=gen, dtype=torch.float32, device=device.current())


def _uniform_real(shape, gen):
    return torch.rand(shape, generator=gen, dtype=torch.float32, device=device.current())


def _standard_laplace(shape, gen):
    # The difference of two Exp(1) samples is Laplace(0, 1), and never infinite.
    first = torch.empty(shape, dtype=torch.float32, device=device.current())
    second = torch.empty_like(first)
    return first.exponential_(generator=gen) - second.exponential_(generator=gen)


kernel_factory("StandardNormal")(_float_sampler(_standard_normal))
kernel_factory("UniformReal")(_float_sampler(_uniform_real))
kernel_factory("StandardLaplace")(_float_sampler(_standard_laplace))


@kernel_factory("UniformInt")
def uniform_int(prim):
    gen = _generator(prim)

    def kernel(shape, minval, maxval):
        return torch.randint(int(minval), int(maxval), _shape(shape), generator=gen,
                             dtype=torch.int32, device=device.current())
    return kernel


@kernel_factory("RandomShuffle")
def random_shuffle(prim):
    gen = _generator(prim)

    def kernel(x):
        if x.ndim == 0:
            return x.clone()
        return x[torch.randperm(x.shape[0], generator=gen, device=x.device)]
    return kernel


def _sample_rows(weights, count: int, gen, dtype: torch.dtype):
    """`count` indices per row of the 1-D / 2-D `weights`, drawn with replacement with
    probability proportional to the weights."""
    if count == 0:
        return torch.empty(weights.shape[:-1] + (0,), dtype=dtype, device=weights.device)
    if not weights.is_floating_point() or weights.dtype == torch.float16:
        weights = weights.float()
    return torch.multinomial(weights, count, replacement=True, generator=gen).to(dtype)


@kernel_factory("Multinomial")
def multinomial(prim):
    gen = _generator(prim)
    dtype = TORCH_OF[prim.dtype]

    def kernel(x, num_samples):
        return _sample_rows(x, index(num_samples), gen, dtype)
    return kernel


@kernel_factory("RandomCategorical")
def random_categorical(prim):
    generators: dict = {}
    dtype = TORCH_OF[prim.dtype]

    def kernel(logits, num_sample, seed):
        count, seed = index(num_sample), index(seed)
        if logits.ndim != 2 or count <= 0:
            raise ValueError("RandomCategorical takes 2-D logits and a positive num_sample")
        if seed not in generators:
            generators[seed] = rng.generator_for(_seed.op_seeds(seed, 0))
        probs = torch.softmax(logits.float() if logits.dtype == torch.float16 else logits, -1)
        return _sample_rows(probs, count, generators[seed], dtype)
    return kernel


def _standard_gamma(alpha, gen):
    """Samples of Gamma(alpha, 1), in alpha's dtype (float16 is sampled as float32:
    torch's CPU sampler lacks it)."""
    if alpha.dtype == torch.float16:
        return torch._standard_gamma(alpha.float(), generator=gen).half()
    return torch._standard_gamma(alpha, generator=gen)


@kernel_factory("Gamma")
def gamma(prim):
    gen = _generator(prim)

    def kernel(shape, alpha, beta):
        alpha = alpha.expand(torch.broadcast_shapes(shape, alpha.shape, beta.shape))
        return _standard_gamma(alpha, gen) * beta
    return kernel


@kernel_factory("Poisson")
def poisson(prim):
    gen = _generator(prim)

    def kernel(shape, mean):
        mean = mean.expand(torch.broadcast_shapes(shape, mean.shape))
        return torch.poisson(mean, generator=gen).to(torch.int32)
    return kernel


def _concat_shape(shape, param):
    """`param` repeated over a leading `shape` (a 1-D int tensor): shape + param.shape."""
    return param.expand(_tensor_shape(shape) + tuple(param.shape))


@kernel_factory("RandomGamma")
def random_gamma(prim):
    gen = _generator(prim)
    return lambda shape, alpha: _standard_gamma(_concat_shape(shape, alpha), gen)


@kernel_factory("RandomPoisson")
def random_poisson(prim):
    gen = _generator(prim)
    dtype = TORCH_OF[prim.dtype]

    def kernel(shape, rate):
        rate = _concat_shape(shape, rate)
        if not rate.is_floating_point():
            rate = rate.double()
        return torch.poisson(rate, generator=gen).to(dtype)
    return kernel
