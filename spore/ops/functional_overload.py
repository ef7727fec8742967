"""`mindspore.ops.functional_overload`: the functions MindSpore 2.7.1 dispatches on their
arguments (`any(input)`, `any(input, dim)`), which are the mint functions of the same name
(and the two communication-fused matmuls of `ops`)."""
from __future__ import annotations

from .._path_alias import table_resolver

FUNCTION_SAME_NAME = {
    "spore.mint": frozenset({
        "add", "addcdiv", "any", "bitwise_not", "clamp", "clip", "div", "divide", "einsum", "empty", "empty_like",
        "floor_divide", "fmod", "ge", "greater_equal", "imag", "index_add", "kthvalue", "lerp", "max", "min",
        "nansum", "real", "remainder", "repeat_interleave", "sub", "where", "xlogy"
    }),
    "spore.mint.nn.functional": frozenset({
        "conv1d", "conv2d", "conv3d", "gelu", "pixel_shuffle"
    }),
    "spore.ops": frozenset({
        "all_gather_matmul", "matmul_reduce_scatter"
    }),
}
FUNCTION_RENAMED = {
}

__getattr__, __dir__ = table_resolver(__name__, FUNCTION_SAME_NAME, FUNCTION_RENAMED)
