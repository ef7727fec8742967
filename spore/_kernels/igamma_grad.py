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
_TOLERANCE = 4 * _EPS  # a converged factor d c rounds to within a few eps of 1, not always within one
_TINY = torch.finfo(torch.float64).tiny
_CHECK_EVERY = 8  # iterations between convergence checks (each check synchronizes)
_MOST_ITERATIONS = 20000  # enough for a up to ~1e6; beyond, the result near x = a loses precision


def _iteration_limit(a: torch.Tensor) -> int:
    """Both expansions need O(sqrt(a)) terms where x is near a; a few hundred elsewhere."""
    largest = float(a.max()) if a.numel() else 0.0
    return min(int(200 + 20 * math.sqrt(largest)), _MOST_ITERATIONS)


def _until_converged(state: dict, advance, converged, results: tuple, limit: int) -> dict:
    """Run `advance(state, n)` for n = 1, 2, ... `limit` on the elements of the 1-D tensors in
    `state`; every _CHECK_EVERY iterations the elements `converged(state)` finds done are set
    aside, so later iterations run on fewer elements. Returns the `results` entries of the
    state of every element, as each converged (or at `limit`)."""
    index = torch.arange(len(state["x"]), device=state["x"].device)
    out = {name: torch.empty_like(state[name]) for name in results}
    for n in range(1, limit + 1):
        advance(state, n)
        if n % _CHECK_EVERY and n < limit:
            continue
        done = converged(state) if n < limit else torch.ones_like(index, dtype=torch.bool)
        if bool(done.any()):
            for name in results:
                out[name][index[done]] = state[name][done]
            running = ~done
            index = index[running]
            state.update((name, value[running]) for name, value in state.items())
            if not index.numel():
                break
    return out


def _series_step(s: dict, k: int) -> None:
    s["term"] = s["term"] * s["x"] / (s["a"] + k)
    s["term_log_grad"] = s["term_log_grad"] - 1 / (s["a"] + k)
    s["total"] = s["total"] + s["term"]
    s["total_grad"] = s["total_grad"] + s["term"] * s["term_log_grad"]


def _series_converged(s: dict) -> torch.Tensor:
    return (s["term"] <= _TOLERANCE * s["total"]) & (-s["term"] * s["term_log_grad"] <= -_TOLERANCE * s["total_grad"])


def _series_grad(a: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
    """dP/da = P * (log x - digamma(a + 1) + S'/S), for x < a + 1 (term_log_grad: the
    a-derivative of log(term_k), -sum_{j<=k} 1 / (a + j))."""
    state = {"a": a, "x": x, "term": torch.ones_like(x), "term_log_grad": torch.zeros_like(x),
             "total": torch.ones_like(x), "total_grad": torch.zeros_like(x)}
    sums = _until_converged(state, _series_step, _series_converged, ("total", "total_grad"), _iteration_limit(a))
    total = sums["total"]
    log_p = a * torch.log(x) - x - torch.lgamma(a + 1) + torch.log(total)
    return torch.exp(log_p) * (torch.log(x) - torch.special.digamma(a + 1) + sums["total_grad"] / total)


def _not_tiny(v: torch.Tensor) -> torch.Tensor:
    return torch.where(v.abs() < _TINY, _TINY, v)


def _fraction_step(s: dict, i: int) -> None:
    """One level of Lentz's method, and its a-derivative (db_i/da = -1, da_i/da = i)."""
    an, an_grad = -i * (i - s["a"]), float(i)
    b = s["b"] = s["b"] + 2
    d, c = s["d"], s["c"]
    denominator = _not_tiny(an * d + b)
    d_grad = -(an_grad * d + an * s["d_grad"] - 1) / (denominator * denominator)
    d = 1 / denominator
    c_grad = -1 + (an_grad * c - an * s["c_grad"]) / (c * c)
    c = _not_tiny(b + an / c)
    s["d"], s["d_grad"], s["c"], s["c_grad"] = d, d_grad, c, c_grad
    s["step"], s["step_log_grad"] = d * c, d_grad / d + c_grad / c
    s["h"] = s["h"] * s["step"]
    s["log_grad"] = s["log_grad"] + s["step_log_grad"]


def _fraction_converged(s: dict) -> torch.Tensor:
    return ((s["step"] - 1).abs() <= _TOLERANCE) & (s["step_log_grad"].abs() <= _TOLERANCE * s["log_grad"].abs())


def _continued_fraction_grad(a: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
    """dP/da = -dQ/da = -Q * (log x - digamma(a) + F'/F), for x >= a + 1.

    F = 1/(b0 + a1/(b1 + a2/(b2 + ...))) with b_i = x + 1 - a + 2i, a_i = -i (i - a); Lentz's
    h_n = h_{n-1} d_n c_n, so F'/F = sum of d_n'/d_n + c_n'/c_n."""
    b = x + 1 - a
    d = 1 / _not_tiny(b)
    state = {"a": a, "x": x, "b": b, "d": d, "d_grad": d * d, "c": torch.full_like(x, 1 / _TINY),
             "c_grad": torch.zeros_like(x), "h": d, "log_grad": d, "step": d, "step_log_grad": d}
    fraction = _until_converged(state, _fraction_step, _fraction_converged, ("h", "log_grad"), _iteration_limit(a))
    log_q = a * torch.log(x) - x - torch.lgamma(a) + torch.log(fraction["h"])
    return -torch.exp(log_q) * (torch.log(x) - torch.special.digamma(a) + fraction["log_grad"])


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
