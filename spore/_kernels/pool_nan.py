"""How MindSpore 2.7.1's CPU max pools treat NaN (and -inf), where torch's rule differs.

torch's max pools let a NaN win (the last one in the window). MindSpore's CPU kernels
differ among themselves (observed on the oracle; windows scanned row-major, padding
skipped):

- MaxPool / MaxPool3D: the running maximum starts at float32's lowest and becomes each
  element unless it is greater than it, so a NaN is kept only when it is the window's
  last element, and is replaced by the element after it (-inf included). Without NaN
  that is the maximum, but never below float32's lowest (a window of -inf gives
  -3.4028235e38 in float32 and float64, -inf in float16).
- MaxPoolGrad / MaxPool3DGrad: the gradient goes to the first element greater than
  float32's lowest that no later one exceeds, NaN never; in a window with none, to the
  kernel's first position, or nowhere when that lies in the padding.
- MaxPoolWithArgmaxV2: the value is the greatest element above the dtype's lowest (NaN
  never), else the dtype's lowest; its index the first such element's, else the first
  element in the input plus channel * plane size (outside the plane for channels after
  the first, where the gradient then goes nowhere).
- MaxPoolWithArgmax, AdaptiveMaxPool2D / 3D: the running maximum starts at the window's
  first element and takes greater elements, so NaN wins only as the first element.

torch's result has NaN or a value at or below float32's lowest exactly in the windows
these rules can change, so the kernels check torch's (smaller) output and only then
compute the windows here: gathered as (..., *output, K) tensors, K the kernel's size.
"""
from __future__ import annotations

import math

import torch

FLOAT32_LOWEST = -3.4028234663852886e38


def needs_rules(out: torch.Tensor, floor: float | None = FLOAT32_LOWEST) -> bool:
    """Whether torch's max-pool output `out` has a window where MindSpore's rules may
    give another result: a NaN, or a value at or below floor (None: the dtype's
    lowest). One reduction of the output, a fraction of the pool's time."""
    if not out.is_floating_point() or out.numel() == 0:
        return False
    # amin propagates NaN, and vectorizes (2.5x faster than min() on large outputs)
    return not out.amin().item() > (torch.finfo(out.dtype).min if floor is None else floor)


def regular_positions(window, spatial) -> list:
    """Per spatial dim, (positions, valid): the input position of each window's k-th
    element (output, k) and whether it lies inside the input."""
    result = []
    for n, k, s, d, (begin, _), out in zip(spatial, window.kernel, window.stride, window.dilation,
                                           window.declared_padding(spatial), window.output_sizes(spatial)):
        pos = torch.arange(out).unsqueeze(1) * s - begin + torch.arange(k) * d
        result.append((pos, (pos >= 0) & (pos < n)))
    return result


def adaptive_positions(spatial, outs) -> list:
    """regular_positions for adaptive windows: [floor(o * n / out), ceil((o + 1) * n / out))."""
    result = []
    for n, out in zip(spatial, outs):
        o = torch.arange(out)
        start, end = o * n // out, -((-(o + 1) * n) // out)
        pos = start.unsqueeze(1) + torch.arange(int((end - start).max()) if out else 0)
        result.append((pos, pos < end.unsqueeze(1)))
    return result


class Windows:
    """x's windows: values (..., *out, K), valid (*out, K) and the flat input position
    of each element (*out, K), -1 in the padding."""

    def __init__(self, x: torch.Tensor, positions: list):
        rank = len(positions)
        spatial = self.spatial_sizes = tuple(x.shape[-rank:])
        self.out = tuple(pos.shape[0] for pos, _ in positions)
        grids, valid, flat, stride = [], True, 0, 1
        for d in reversed(range(rank)):
            pos, ok = positions[d]
            shape = [1] * (2 * rank)
            shape[d], shape[rank + d] = pos.shape
            grids.insert(0, pos.clamp(0, spatial[d] - 1).reshape(shape).to(x.device))
            valid = ok.reshape(shape) & valid
            flat = flat + pos.reshape(shape) * stride
            stride *= spatial[d]
        k = math.prod(pos.shape[1] for pos, _ in positions)
        self.values = x[(Ellipsis, *grids)].reshape(*x.shape[:-rank], *self.out, k)
        self.valid = valid.reshape(*self.out, k).to(x.device)
        self.flat = torch.where(self.valid, flat.reshape(*self.out, k).to(x.device), -1)
        self.numbers = torch.arange(k, device=x.device)

    def _clean(self, floor: float):
        """(the greatest valid non-NaN element of each window, whether it is above floor,
        the position in the window of its first occurrence)."""
        comparable = self.valid & ~torch.isnan(self.values)
        clean = torch.where(comparable, self.values, -math.inf)
        m = clean.amax(-1)
        first = ((clean == m.unsqueeze(-1)) & comparable).int().argmax(-1)
        return m, m > floor, first

    def at(self, k: torch.Tensor) -> torch.Tensor:
        """The flat input positions of each window's k-th element (-1: padding)."""
        return self.flat.expand(*k.shape, self.flat.shape[-1]).gather(-1, k.unsqueeze(-1)).squeeze(-1)

    def last_nan_max(self) -> torch.Tensor:
        """MaxPool's values."""
        nan = torch.isnan(self.values) & self.valid
        last_nan = torch.where(nan, self.numbers, -1).amax(-1, keepdim=True)
        after = (self.numbers > last_nan) & self.valid
        m = torch.where(after, self.values, -math.inf).amax(-1)
        floor = torch.tensor(FLOAT32_LOWEST, dtype=torch.float32).to(m.dtype)
        nan_value = torch.full_like(m, math.nan)
        return torch.where(last_nan.squeeze(-1) >= 0, torch.where(after.any(-1), m, nan_value),
                           torch.maximum(m, floor))

    def grad_positions(self) -> torch.Tensor:
        """MaxPoolGrad's flat input positions (-1: the gradient goes nowhere)."""
        _, above, first = self._clean(FLOAT32_LOWEST)
        return torch.where(above, self.at(first), self.flat[..., 0])

    def argmax_v2(self) -> tuple:
        """MaxPoolWithArgmaxV2's (values, flat positions) of x (N, C, ...)."""
        lowest = torch.finfo(self.values.dtype).min
        m, above, first = self._clean(lowest)
        values = torch.where(above, m, torch.full_like(m, lowest))
        first_valid = self.valid.int().argmax(-1).expand(first.shape)
        channels = self.values.shape[1]
        offset = torch.arange(channels, device=m.device).reshape(channels, *(1,) * len(self.out))
        offset = offset * math.prod(self.spatial_sizes)
        return values, torch.where(above, self.at(first), self.at(first_valid) + offset)

    def first_wins(self) -> tuple:
        """MaxPoolWithArgmax's / AdaptiveMaxPool's (values, flat positions)."""
        first_valid = self.valid.int().argmax(-1).expand(self.values.shape[:-1])
        head = self.values.gather(-1, first_valid.unsqueeze(-1)).squeeze(-1)
        m, _, first = self._clean(-math.inf)
        head_nan = torch.isnan(head)
        return torch.where(head_nan, head, m), self.at(torch.where(head_nan, first_valid, first))
