"""The kernel of IgammaGradA: d P(a, x) / da, the gradient of the regularized lower incomplete
gamma function for its `a`, in Float64 whatever the input dtype.

P and Q = 1 - P are each computed where their expansion converges and is free of
cancellation, and differentiated in `a` alongside (forward mode, term by term):

- x < a + 1 (or x <= 1): P = x^a e^-x / Gamma(a + 1) * S with the series
  S = sum_k x^k / ((a + 1) ... (a + k)), all of whose terms and a-derivatives share a sign;
- otherwise Q = x^a e^-x / Gamma(a) * F with Legendre's continued fraction F, evaluated by
  the modified Lentz method, whose factors' log-derivatives sum to F' / F.

Both give dP/da as the front factor times a sum of same-signed log-derivatives, so the result
keeps Float64's relative precision even where dP/da is many orders below P (large x).
"""
from __future__ import annotations

import math

import torch

from .registry import kernel

_EPS = torch.finfo(torch.float64).eps
_TINY = torch.finfo(torch.float64).tiny
_CHECK_EVERY = 8  # iterations between convergence checks (each check synchronizes)


def _iteration_limit(a: torch.Tensor) -> int:
    """Both expansions need O(sqrt(a)) terms where x is near a; a few hundred elsewhere."""
    largest = float(a.max()) if a.numel() else 0.0
    return int(200 + 20 * math.sqrt(largest))


def _series_grad(a: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
    """dP/da = P * (log x - digamma(a + 1) + S'/S), for x < a + 1."""
    term = torch.ones_like(x)
    term_log_grad = torch.zeros_like(x)  # d log(term_k) / da = -sum_{j<=k} 1 / (a + j)
    total, total_grad = torch.ones_like(x), torch.zeros_like(x)
    for k in range(1, _iteration_limit(a) + 1):
        term = term * x / (a + k)
        term_log_grad = term_log_grad - 1 / (a + k)
        total = total + term
        total_grad = total_grad + term * term_log_grad
        if k % _CHECK_EVERY == 0 and bool(torch.all((term <= _EPS * total)
                                                    & (-term * term_log_grad <= -_EPS * total_grad))):
            break
    log_p = a * torch.log(x) - x - torch.lgamma(a + 1) + torch.log(total)
    return torch.exp(log_p) * (torch.log(x) - torch.special.digamma(a + 1) + total_grad / total)


def _not_tiny(v: torch.Tensor) -> torch.Tensor:
    return torch.where(v.abs() < _TINY, _TINY, v)


def _continued_fraction_grad(a: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
    """dP/da = -dQ/da = -Q * (log x - digamma(a) + F'/F), for x >= a + 1.

    F = 1/(b0 + a1/(b1 + a2/(b2 + ...))) with b_i = x + 1 - a + 2i, a_i = -i (i - a); Lentz's
    h_n = h_{n-1} d_n c_n, so F'/F = sum of d_n'/d_n + c_n'/c_n."""
    b = x + 1 - a
    d = 1 / _not_tiny(b)
    d_grad = d * d  # db/da = -1 for every b_i
    c = torch.full_like(x, 1 / _TINY)
    c_grad = torch.zeros_like(x)
    h = d
    log_grad = d_grad / d
    for i in range(1, _iteration_limit(a) + 1):
        an, an_grad = -i * (i - a), float(i)
        b = b + 2
        denominator = _not_tiny(an * d + b)
        d_grad = -(an_grad * d + an * d_grad - 1) / (denominator * denominator)
        d = 1 / denominator
        c_grad = -1 + (an_grad * c - an * c_grad) / (c * c)
        c = _not_tiny(b + an / c)
        step, step_log_grad = d * c, d_grad / d + c_grad / c
        h = h * step
        log_grad = log_grad + step_log_grad
        if i % _CHECK_EVERY == 0 and bool(torch.all(((step - 1).abs() <= _EPS)
                                                    & (step_log_grad.abs() <= _EPS * log_grad.abs()))):
            break
    log_q = a * torch.log(x) - x - torch.lgamma(a) + torch.log(h)
    return -torch.exp(log_q) * (torch.log(x) - torch.special.digamma(a) + log_grad)


@kernel("IgammaGradA")
def igamma_grad_a(a, x):
    """NaN outside a > 0, x >= 0 (and for an infinite a), 0 at x = 0 and x = inf, as MindSpore."""
    dtype = x.dtype
    a, x = (t.double().contiguous() for t in torch.broadcast_tensors(a, x))
    grad = torch.zeros_like(x)
    inside = (a > 0) & torch.isfinite(a) & (x > 0) & torch.isfinite(x)
    by_series = inside & ((x < a + 1) | (x <= 1))
    by_fraction = inside & ~by_series
    if bool(by_series.any()):
        grad[by_series] = _series_grad(a[by_series], x[by_series])
    if bool(by_fraction.any()):
        grad[by_fraction] = _continued_fraction_grad(a[by_fraction], x[by_fraction])
    undefined = (a <= 0) | torch.isinf(a) | (x < 0) | torch.isnan(a) | torch.isnan(x)
    return torch.where(undefined, math.nan, grad).to(dtype)
