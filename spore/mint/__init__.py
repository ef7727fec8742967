"""`mindspore.mint`: MindSpore 2.x's PyTorch-style functional API over spore's primitives.

A name whose signature and semantics equal the `ops` function's is that very function; the
others are thin adapters (in `_math`, `_reduce`, `_array`, `_creation`, `_batch_norm`) that map
PyTorch's argument names and defaults (`dim`, `keepdim`, `correction`, `alpha=`...) onto ops.
Submodules: `nn` (with `nn.functional`), `special`, `linalg`, `optim`.
"""
from __future__ import annotations

from spore import ops

from . import distributed, linalg, nn, optim, special
from ._array import (cat, chunk, concat, diag, diff, flatten, gather, histc, index_add, index_select, meshgrid,
                     narrow, permute, repeat_interleave, scatter, scatter_add, select, split, squeeze, stack,
                     transpose, where)
from ._batch_norm import batch_norm_elemt, batch_norm_gather_stats_with_counts, batch_norm_stats
from ._creation import (bernoulli, empty, empty_like, multinomial, normal, rand, rand_like, randint,
                        randint_like, randn, randn_like, randperm, zeros)
from ._math import (add, addcdiv, allclose, baddbmm, bitwise_not, bmm, cdist, clone, dot, frac, isnan, mv, norm,
                    softmax, sqrt, sub, trace, triangular_solve)
from ._reduce import (all, amax, amin, any, argmin, argsort, bincount, count_nonzero, cummax, cummin, cumsum, kthvalue,
                      logsumexp, max, mean, median, min, nansum, prod, sort, std, std_mean, topk, var, var_mean)
from .nn.functional import conv2d

abs = ops.abs
acos = ops.acos
acosh = ops.acosh
addbmm = ops.addbmm
addmm = ops.addmm
addmv = ops.addmv
arange = ops.arange
arccos = ops.arccos
arccosh = ops.arccosh
arcsin = ops.arcsin
arcsinh = ops.arcsinh
arctan = ops.arctan
arctan2 = ops.arctan2
arctanh = ops.arctanh
argmax = ops.argmax
asin = ops.asin
asinh = ops.asinh
atan = ops.atan
atan2 = ops.atan2
atanh = ops.atanh
bitwise_and = ops.bitwise_and
bitwise_or = ops.bitwise_or
bitwise_xor = ops.bitwise_xor
broadcast_to = ops.broadcast_to
ceil = ops.ceil
clamp = ops.clamp
cos = ops.cos
cosh = ops.cosh
cross = ops.cross
cumprod = ops.cumprod
div = ops.div
divide = ops.divide
dstack = ops.dstack
einsum = ops.einsum
eq = ops.eq
erf = ops.erf
erfc = ops.erfc
erfinv = ops.erfinv
exp = ops.exp
exp2 = ops.exp2
expm1 = ops.expm1
eye = ops.eye
flip = ops.flip
float_power = ops.float_power
floor = ops.floor
floor_divide = ops.floor_divide
fmod = ops.fmod
full = ops.full
full_like = ops.full_like
gcd = ops.gcd
greater = ops.greater
greater_equal = ops.greater_equal
gt = ops.gt
hstack = ops.hstack
imag = ops.imag
inverse = ops.inverse
isclose = ops.isclose
isfinite = ops.isfinite
isinf = ops.isinf
isneginf = ops.isneginf
le = ops.le
lerp = ops.lerp
less = ops.less
less_equal = ops.less_equal
log = ops.log
log10 = ops.log10
log1p = ops.log1p
log2 = ops.log2
logaddexp = ops.logaddexp
logaddexp2 = ops.logaddexp2
logical_and = ops.logical_and
logical_not = ops.logical_not
logical_or = ops.logical_or
logical_xor = ops.logical_xor
lt = ops.lt
masked_select = ops.masked_select
matmul = ops.matmul
maximum = ops.maximum
minimum = ops.minimum
mm = ops.mm
mul = ops.mul
nan_to_num = ops.nan_to_num
ne = ops.ne
neg = ops.neg
negative = ops.negative
nonzero = ops.nonzero
not_equal = ops.not_equal
ones_like = ops.ones_like
outer = ops.outer
polar = ops.polar
pow = ops.pow
ravel = ops.ravel
real = ops.real
reciprocal = ops.reciprocal
remainder = ops.remainder
reshape = ops.reshape
roll = ops.roll
round = ops.round
rsqrt = ops.rsqrt
searchsorted = ops.searchsorted
sigmoid = ops.sigmoid
sign = ops.sign
sin = ops.sin
sinc = ops.sinc
sinh = ops.sinh
square = ops.square
sum = ops.sum
swapaxes = ops.swapaxes
t = ops.t
take = ops.take
tan = ops.tan
tanh = ops.tanh
tile = ops.tile
tril = ops.tril
triu = ops.triu
unbind = ops.unbind
unique_consecutive = ops.unique_consecutive
unsqueeze = ops.unsqueeze
xlogy = ops.xlogy
zeros_like = ops.zeros_like

__all__ = [
    'abs', 'acos', 'acosh', 'add', 'addbmm', 'addcdiv', 'addmm', 'addmv', 'all', 'allclose', 'amax', 'amin', 'any',
    'arange', 'arccos', 'arccosh', 'arcsin', 'arcsinh', 'arctan', 'arctan2', 'arctanh', 'argmax', 'argmin',
    'argsort', 'asin', 'asinh', 'atan', 'atan2', 'atanh', 'baddbmm', 'batch_norm_elemt',
    'batch_norm_gather_stats_with_counts', 'batch_norm_stats', 'bernoulli', 'bincount', 'bitwise_and',
    'bitwise_not', 'bitwise_or', 'bitwise_xor', 'bmm', 'broadcast_to', 'cat', 'cdist', 'ceil', 'chunk', 'clamp',
    'clone', 'concat', 'conv2d', 'cos', 'cosh', 'count_nonzero', 'cross', 'cummax', 'cummin', 'cumprod', 'cumsum',
    'diag', 'diff', 'div', 'divide', 'dot', 'dstack', 'einsum', 'empty', 'empty_like', 'eq', 'erf', 'erfc', 'erfinv',
    'exp', 'exp2', 'expm1', 'eye', 'flatten', 'flip', 'float_power', 'floor', 'floor_divide', 'fmod', 'frac',
    'full', 'full_like', 'gather', 'gcd', 'greater', 'greater_equal', 'gt', 'histc', 'hstack', 'imag', 'index_add',
    'index_select', 'inverse', 'isclose', 'isfinite', 'isinf', 'isnan', 'isneginf', 'kthvalue', 'le', 'lerp',
    'less', 'less_equal', 'log', 'log10', 'log1p', 'log2', 'logaddexp', 'logaddexp2', 'logical_and', 'logical_not',
    'logical_or', 'logical_xor', 'logsumexp', 'lt', 'masked_select', 'matmul', 'max', 'maximum', 'mean', 'median',
    'meshgrid', 'min', 'minimum', 'mm', 'mul', 'multinomial', 'mv', 'nan_to_num', 'nansum', 'narrow', 'ne', 'neg',
    'negative', 'nonzero', 'norm', 'normal', 'not_equal', 'ones_like', 'outer', 'permute', 'polar', 'pow', 'prod',
    'rand', 'rand_like', 'randint', 'randint_like', 'randn', 'randn_like', 'randperm', 'ravel', 'real',
    'reciprocal', 'remainder', 'repeat_interleave', 'reshape', 'roll', 'round', 'rsqrt', 'scatter', 'scatter_add',
    'searchsorted', 'select', 'sigmoid', 'sign', 'sin', 'sinc', 'sinh', 'softmax', 'sort', 'split', 'sqrt',
    'square', 'stack', 'std', 'std_mean', 'sub', 'sum', 'swapaxes', 't', 'take', 'tan', 'tanh', 'tile', 'topk',
    'trace', 'transpose', 'triangular_solve', 'tril', 'triu', 'unbind', 'unique_consecutive', 'unsqueeze', 'var',
    'var_mean', 'where', 'xlogy', 'zeros', 'zeros_like',
    'linalg', 'nn', 'optim', 'special',
]
