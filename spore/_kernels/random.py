"""Kernels of the primitives in ops/operations/random_ops.py.

Each kernel factory builds the instance's generator once (`_generator`), so the calls
of one Primitive instance continue one stream.
"""
from __future__ import annotations

import os
from operator import index

import torch

from . import device, rng
from .registry import kernel_factory
from .tensor_data import TORCH_OF

_SHAPE_DTYPES = (torch.int32, torch.int64)


def _generator(prim) -> torch.Generator | None:
    return rng.generator_for(rng.op_seeds(prim.seed, prim.seed2))


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
            generators[seed] = rng.generator_for(rng.op_seeds(seed, 0))
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


# ---- Bernoulli, permutations, choices -----------------------------------------------------
@kernel_factory("Bernoulli")
def bernoulli(prim):
    gen = rng.generator_for(rng.op_seeds(max(prim.seed, 0), prim.offset))  # seed -1: as seed 0

    def kernel(x, p):
        if x.dtype not in _BERNOULLI_DTYPES:
            raise TypeError(f"unsupported dtype {x.dtype}")
        probs = p.double() if isinstance(p, torch.Tensor) else torch.tensor(float(p), dtype=torch.float64)
        if not isinstance(p, torch.Tensor) and not 0 <= float(p) <= 1:
            raise ValueError("p out of range")
        probs = probs.to(x.device).expand(x.shape)
        return torch.bernoulli(probs, generator=gen).to(x.dtype)
    return kernel


_BERNOULLI_DTYPES = (torch.bool, torch.int8, torch.uint8, torch.int16, torch.int32, torch.int64,
                     torch.float32, torch.float64)


@kernel_factory("Randperm")
def randperm(prim):
    gen, length, pad, dtype = _generator(prim), prim.max_length, prim.pad, TORCH_OF[prim.dtype]

    def kernel(n):
        count = int(n.reshape(-1)[0])
        out = torch.full((length,), pad, dtype=torch.int64, device=device.current())
        out[:count] = torch.randperm(count, generator=gen, device=device.current())
        return out.to(dtype)
    return kernel


@kernel_factory("RandomChoiceWithMask")
def random_choice_with_mask(prim):
    gen, count = _generator(prim), prim.count

    def kernel(input_x):
        if input_x.dtype is not torch.bool:
            raise TypeError("input_x must be Bool")
        true_positions = torch.nonzero(input_x)
        order = torch.randperm(true_positions.shape[0], generator=gen, device=input_x.device)[:count]
        index = torch.zeros((count, input_x.dim()), dtype=torch.int32, device=input_x.device)
        index[:order.shape[0]] = true_positions[order].to(torch.int32)
        mask = torch.arange(count, device=input_x.device) < order.shape[0]
        return index, mask
    return kernel


@kernel_factory("MultinomialWithReplacement")
def multinomial_with_replacement(prim):
    generators: dict = {}
    count, replacement = prim.numsamples, prim.replacement

    def kernel(x, seed, offset):
        key = (index(seed), index(offset))
        if key not in generators:
            generators[key] = rng.generator_for(rng.op_seeds(*key))
        weights = x.float() if x.dtype == torch.float16 else x
        return torch.multinomial(weights, count, replacement=replacement, generator=generators[key])
    return kernel


# ---- distributions filling a shape ----------------------------------------------------------
@kernel_factory("Cauchy")
def cauchy(prim):
    gen, size, median, sigma = _generator(prim), tuple(prim.size), prim.median, prim.sigma

    def kernel():
        out = torch.empty(size, dtype=torch.float32, device=device.current())
        return out.cauchy_(median, sigma, generator=gen)
    return kernel


@kernel_factory("LogNormalReverse")
def log_normal_reverse(prim):
    gen, mean, std = _generator(prim), prim.mean, prim.std

    def kernel(input):
        if input.dtype not in (torch.float16, torch.float32, torch.float64):
            raise TypeError("input must be float16, float32 or float64")
        # float16 draws are made in float32 and rounded
        drawn = torch.float64 if input.dtype == torch.float64 else torch.float32
        out = torch.empty(input.shape, dtype=drawn, device=input.device)
        return out.log_normal_(mean, std, generator=gen).to(input.dtype)
    return kernel


# ---- candidate samplers ---------------------------------------------------------------------
def _candidate_sampler(probabilities, draw):
    """A kernel factory for a candidate sampler: `probabilities(classes, range_max)` gives
    each class's chance per draw, `draw(count, range_max, gen)` draws class ids."""
    def factory(prim):
        gen = _generator(prim)
        num_sampled, unique, range_max = prim.num_sampled, prim.unique, prim.range_max

        def kernel(true_classes):
            if unique:
                # Draw until num_sampled distinct classes came: the expected counts use the tries.
                chosen: dict = {}
                tries = 0
                while len(chosen) < num_sampled:
                    for c in draw(num_sampled, range_max, gen).tolist():
                        tries += 1
                        chosen.setdefault(c, None)
                        if len(chosen) == num_sampled:
                            break
                candidates = torch.tensor(list(chosen), dtype=torch.int64)

                def expected(classes):
                    return -torch.expm1(tries * torch.log1p(-probabilities(classes, range_max)))
            else:
                candidates = draw(num_sampled, range_max, gen)

                def expected(classes):
                    return num_sampled * probabilities(classes, range_max)
            true_count = expected(true_classes.double().cpu()).float().to(true_classes.device)
            sampled_count = expected(candidates.double()).float().to(true_classes.device)
            dtype = true_classes.dtype if prim.candidate_dtype is None else torch.int64
            return candidates.to(dtype=dtype, device=true_classes.device), true_count, sampled_count
        return kernel
    return factory


def _uniform_probability(classes, range_max):
    return torch.full_like(classes, 1.0 / range_max)


def _uniform_draw(count, range_max, gen):
    return torch.randint(0, range_max, (count,), generator=gen)


def _log_uniform_probability(classes, range_max):
    return torch.log((classes + 2.0) / (classes + 1.0)) / torch.log(torch.tensor(range_max + 1.0, dtype=classes.dtype))


def _log_uniform_draw(count, range_max, gen):
    u = torch.rand((count,), generator=gen, dtype=torch.float64)
    values = torch.floor(torch.exp(u * torch.log(torch.tensor(range_max + 1.0, dtype=torch.float64)))) - 1
    return values.clamp(0, range_max - 1).to(torch.int64)


kernel_factory("UniformCandidateSampler")(_candidate_sampler(_uniform_probability, _uniform_draw))
kernel_factory("LogUniformCandidateSampler")(_candidate_sampler(_log_uniform_probability, _log_uniform_draw))


# ---- draws shaped like a tensor, from a Generator -------------------------------------------
def _draw_like(fill):
    """A kernel factory for (input, *parameters, generator): `fill(out, *parameters,
    generator=...)` fills a float tensor of input's shape (float64 for exactness, cast to
    input's dtype after)."""
    def factory(prim):
        own = _generator(prim)

        def kernel(input, *rest):
            *parameters, generator = rest
            gen = own if generator is None else generator._handle
            work = torch.float32 if input.dtype in (torch.float16, torch.bfloat16, torch.float32) else torch.float64
            out = torch.empty(input.shape, dtype=work, device=input.device)
            return fill(out, *parameters, generator=gen).to(input.dtype)
        return kernel
    return factory


def _bernoulli_fill(out, p, generator):
    probs = p.to(out.dtype) if isinstance(p, torch.Tensor) else torch.tensor(float(p), dtype=out.dtype)
    return torch.bernoulli(probs.to(out.device).expand(out.shape), generator=generator)


kernel_factory("InplaceUniform")(_draw_like(lambda out, low, high, generator: out.uniform_(low, high,
                                                                                            generator=generator)))
kernel_factory("InplaceNormal")(_draw_like(lambda out, mean, std, generator: out.normal_(mean, std,
                                                                                          generator=generator)))
kernel_factory("InplaceExponential")(_draw_like(lambda out, lambd, generator: out.exponential_(lambd,
                                                                                               generator=generator)))
kernel_factory("InplaceBernoulli")(_draw_like(_bernoulli_fill))


@kernel_factory("BernoulliExt")
def bernoulli_ext(prim):
    own = _generator(prim)

    def kernel(input, generator):
        gen = own if generator is None else generator._handle
        return torch.bernoulli(input, generator=gen)
    return kernel


@kernel_factory("InplaceRandom")
def inplace_random(prim):
    own = _generator(prim)

    def kernel(input, from_, to, generator):
        gen = own if generator is None else generator._handle
        if input.dtype is torch.bool or input.is_complex():
            raise TypeError(f"unsupported dtype {input.dtype}")
        return torch.randint(from_, to, input.shape, generator=gen, dtype=input.dtype, device=input.device)
    return kernel


@kernel_factory("RandpermV2")
def randperm_v2(prim):
    gen = rng.generator_for(rng.op_seeds(max(prim.seed, 0), prim.offset))
    dtype = TORCH_OF[prim.dtype]

    def kernel(n):
        return torch.randperm(index(n), generator=gen, device=device.current()).to(dtype)
    return kernel


@kernel_factory("TruncatedNormal")
def truncated_normal(prim):
    gen, dtype = _generator(prim), TORCH_OF[prim.dtype]

    def kernel(shape):
        out = torch.randn(_tensor_shape(shape), generator=gen, dtype=torch.float32, device=device.current())
        outside = out.abs() > 2
        while outside.any():  # redraw the values outside [-2, 2]
            out[outside] = torch.randn(int(outside.sum()), generator=gen, device=out.device)
            outside = out.abs() > 2
        return out.to(dtype)
    return kernel


@kernel_factory("ParameterizedTruncatedNormal")
def parameterized_truncated_normal(prim):
    gen = _generator(prim)

    def kernel(shape, mean, stdevs, min, max):
        batch, count = _tensor_shape(shape)
        params = [p.double().reshape(-1, 1) for p in (mean, stdevs, min, max)]
        mean_, std_, low, high = (p.expand(batch, 1) for p in params)
        # Inverse CDF: a uniform draw between the CDF values of the bounds, mapped back.
        lo_cdf, hi_cdf = torch.special.ndtr((low - mean_) / std_), torch.special.ndtr((high - mean_) / std_)
        u = torch.rand((batch, count), generator=gen, dtype=torch.float64, device=mean.device)
        z = torch.special.ndtri(lo_cdf + u * (hi_cdf - lo_cdf))
        return torch.minimum(torch.maximum(mean_ + std_ * z, low), high).to(mean.dtype)
    return kernel


@kernel_factory("NonDeterministicInts")
def non_deterministic_ints(prim):
    dtype = TORCH_OF[prim.dtype]
    info = torch.iinfo(dtype)
    gen = rng.generator_for(int.from_bytes(os.urandom(8), "little"))

    def kernel(shape):
        return torch.randint(info.min, info.max, _tensor_shape(shape), generator=gen, dtype=dtype,
                             device=device.current())
    return kernel
