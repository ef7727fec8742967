"""mint's tensor creation and random sampling. The random functions draw from the default
stream through ops' sampling functions (which compile in Graph mode), or, given a
`mindspore.Generator`, from that generator through the in-place sampling ops on a fresh tensor."""
from __future__ import annotations

import numpy as np

from spore import ops
from spore.common import dtype as mstype
from spore.common.tensor import Tensor


def _size(name, size):
    """PyTorch accepts sizes as varargs (2, 3) or as one sequence ((2, 3),)."""
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        size = tuple(size[0])
    for dim in size:
        if isinstance(dim, bool) or not isinstance(dim, int) or dim < 0:
            raise TypeError(f"For '{name}', the 'size' must be non-negative ints, but got {size}.")
    return tuple(size)


def _float_dtype(name, dtype):
    dtype = mstype.float32 if dtype is None else dtype
    if dtype not in mstype.float_type:
        raise TypeError(f"For '{name}', the 'dtype' must be a floating point type, but got {dtype}.")
    return dtype


def _uniform(shape, dtype, generator):
    """Uniform samples in [0, 1) of shape and dtype."""
    if generator is None:
        return ops.rand(*shape, dtype=dtype)
    return ops.uniform_(ops.zeros(shape, dtype), 0.0, 1.0, generator=generator)


def _standard_normal(shape, dtype, generator):
    """Standard normal samples of shape and dtype."""
    if generator is None:
        return ops.randn(*shape, dtype=dtype)
    return ops.normal_(ops.zeros(shape, dtype), 0.0, 1.0, generator=generator)


def zeros(size, *, dtype=None):
    """A Tensor of zeros of shape size (Float32 by default)."""
    return ops.zeros(size, mstype.float32 if dtype is None else dtype)


def empty(*size, dtype=None, device=None):
    """A new Tensor of shape size (Float32 by default); its values are zeros here.
    device is accepted for PyTorch compatibility: spore places tensors on its one device."""
    return ops.zeros(_size('empty', size), mstype.float32 if dtype is None else dtype)


def empty_like(input, *, dtype=None, device=None):
    """A new Tensor shaped like input (of input's dtype unless given); its values are zeros here."""
    return ops.zeros_like(input, dtype=dtype)


def rand(*size, generator=None, dtype=None):
    """Uniform samples in [0, 1) of shape size."""
    return _uniform(_size('rand', size), _float_dtype('rand', dtype), generator)


def rand_like(input, *, dtype=None):
    """Uniform samples in [0, 1) shaped like input."""
    return ops.rand_like(input, dtype=dtype)


def randn(*size, generator=None, dtype=None):
    """Standard normal samples of shape size."""
    return _standard_normal(_size('randn', size), _float_dtype('randn', dtype), generator)


def randn_like(input, *, dtype=None):
    """Standard normal samples shaped like input."""
    return ops.randn_like(input, dtype=dtype)


def _low_high(name, args):
    if len(args) == 1:
        return 0, args[0]
    if len(args) == 2:
        return args
    raise TypeError(f"For '{name}', expected (high) or (low, high) before the size, but got {len(args)} values.")


def randint(*args, generator=None, dtype=None):
    """randint(low=0, high, size): uniform integers in [low, high) of shape size (Int64 by default)."""
    if len(args) < 2:
        raise TypeError(f"For 'randint', expected (low, high, size) or (high, size), but got {len(args)} arguments.")
    low, high = _low_high('randint', args[:-1])
    if low >= high:
        raise ValueError(f"For 'randint', 'low' must be less than 'high', but got low={low}, high={high}.")
    shape, dtype = _size('randint', (args[-1],)), mstype.int64 if dtype is None else dtype
    if generator is None:
        return ops.randint(low, high, shape, dtype=dtype)
    return ops.random_(ops.zeros(shape, dtype), low, high, generator=generator)


def randint_like(*args, dtype=None):
    """randint_like(input, low=0, high): uniform integers in [low, high) shaped like input."""
    if len(args) < 2:
        raise TypeError(f"For 'randint_like', expected (input, low, high) or (input, high), but got "
                        f"{len(args)} arguments.")
    low, high = _low_high('randint_like', args[1:])
    if low >= high:
        raise ValueError(f"For 'randint_like', 'low' must be less than 'high', but got low={low}, high={high}.")
    return ops.random_(ops.zeros_like(args[0], dtype=dtype), low, high)


def randperm(n, *, generator=None, dtype=mstype.int64):
    """A random permutation of 0..n-1: the order that sorts n uniform samples."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"For 'randperm', 'n' must be a non-negative int, but got {n}.")
    return ops.cast(ops.argsort(_uniform((n,), mstype.float64, generator)), dtype)


def normal(mean=0.0, std=1.0, size=None, generator=None):
    """Normal samples with the given mean and std (numbers or broadcast Tensors); size gives the
    shape when both are numbers."""
    tensors = [t for t in (mean, std) if isinstance(t, Tensor)]
    if tensors:
        shape = np.broadcast_shapes(*(t.shape for t in tensors))
        dtype = tensors[0].dtype
    else:
        if size is None:
            raise TypeError("For 'normal', 'size' is required when 'mean' and 'std' are numbers.")
        shape, dtype = _size('normal', (size,)), mstype.float32
    return ops.add(ops.mul(_standard_normal(shape, dtype, generator), std), mean)


def bernoulli(input, *, generator=None):
    """0 / 1 samples, each 1 with the probability in input (of input's dtype)."""
    return ops.bernoulli_ext(input, generator=generator)


def multinomial(input, num_samples, replacement=False, *, generator=None):
    """Int64 indices of num_samples draws from each row of the (1-D or 2-D) weights input.
    With replacement: inverse-CDF sampling; without: the top num_samples of log(weight) + Gumbel
    noise, which draws without replacement in proportion to the weights."""
    if input.ndim not in (1, 2):
        raise ValueError(f"For 'multinomial', 'input' must be 1-D or 2-D, but got {input.ndim}-D.")
    categories = input.shape[-1]
    if not replacement and num_samples > categories:
        raise ValueError(f"For 'multinomial', 'num_samples' ({num_samples}) must not exceed the number of "
                         f"categories ({categories}) without replacement.")
    weights = ops.cast(input, mstype.float64)
    if replacement:
        cdf = ops.cumsum(weights, -1)
        cdf = ops.div(cdf, ops.narrow(cdf, -1, categories - 1, 1))
        draws = _uniform(input.shape[:-1] + (num_samples,), mstype.float64, generator)
        indices = ops.clamp(ops.searchsorted(cdf, draws, right=True), None, categories - 1)
        return ops.cast(indices, mstype.int64)
    uniform = ops.clamp(_uniform(input.shape, mstype.float64, generator), 1e-300)
    keys = ops.sub(ops.log(weights), ops.log(ops.neg(ops.log(uniform))))
    return ops.cast(ops.topk(keys, num_samples, -1)[1], mstype.int64)
