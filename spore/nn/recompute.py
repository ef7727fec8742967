"""`recompute(block, *args)`: call a Cell whose activations MindSpore frees after the
forward pass and recomputes during backward, trading time for memory. The values and
gradients are those of calling the Cell; spore's tape keeps the activations.
`mindspore.common.recompute` is MindSpore's path of it."""
from __future__ import annotations

from .cell import Cell


def recompute(block, *args, **kwargs):
    """`block(*args, **kwargs)` for a Cell `block`."""
    if not isinstance(block, Cell):
        raise TypeError(f"Recompute function now only support block which inherited from Cell! But got "
                        f"{type(block).__name__}.")
    return block(*args, **kwargs)
