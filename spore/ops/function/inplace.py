"""In-place Tensor updates (`x[i] = v`, `x.add_(y)`, `x.zero_()`, ...).

spore computes every update out of place and makes the Tensor hold the result: other
Tensors may share the old storage, and a tape that follows the Tensor must see the new
value as the output of the op that made it. `rebind` is that one step."""
from __future__ import annotations

from ...common.tensor import Tensor


def rebind(target: Tensor, result: Tensor) -> Tensor:
    """Make `target` hold `result`'s data (and its place on any tape); returns `target`."""
    target._t, target._node = result._t, result._node
    return target
