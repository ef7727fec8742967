"""`merge_sliced_parameter`: one Parameter from the slices that data-parallel ranks
saved of it (split along axis 0)."""
from __future__ import annotations

import numpy as np

from ..common.parameter import Parameter
from ..common.tensor import Tensor


def _check_slices(sliced_parameters) -> None:
    api = "merge_sliced_parameter"
    if not isinstance(sliced_parameters, list):
        raise TypeError(f"For '{api}', the argument 'sliced_parameters' should be list, but got "
                        f"{type(sliced_parameters)}.")
    if not sliced_parameters:
        raise ValueError(f"For '{api}', the argument 'sliced_parameters' should not be empty.")
    for index, parameter in enumerate(sliced_parameters):
        if not isinstance(parameter, Parameter):
            raise TypeError(f"For '{api}', the element in 'sliced_parameters' should be 'Parameter', but got "
                            f"{type(parameter)} at index {index}.")
    first = sliced_parameters[0]
    if not first.shape:
        raise ValueError(f"For '{api}', the slices must have at least one dimension to be joined along axis 0, "
                         f"but '{first.name}' is a scalar.")
    expected = (first.name, len(first.shape), tuple(first.shape[1:]))
    for index, parameter in enumerate(sliced_parameters[1:], start=1):
        got = (parameter.name, len(parameter.shape), tuple(parameter.shape[1:]))
        if got != expected:
            raise ValueError(f"For '{api}', please make sure that the elements in 'slice_parameters' have the same "
                             f"name, dimension length and shape except 0 axis. The name, dimension length, shape "
                             f"except 0 axis should be {expected[0]}, {expected[1]}, {expected[2]}, but got name: "
                             f"{got[0]}, dimension length: {got[1]}, shape except 0 axis: {got[2]} at index "
                             f"{index}.")


def merge_sliced_parameter(sliced_parameters, strategy=None):
    """The Parameter whose slices along axis 0, in rank order, are `sliced_parameters`
    (same name; dtypes promote as NumPy's concatenation does).

    `strategy` maps names to layouts read by `build_searched_strategy` from a strategy
    file of auto-parallel training, which spore does not write: only None is accepted.
    """
    _check_slices(sliced_parameters)
    if strategy is not None:
        if not isinstance(strategy, dict):
            raise TypeError(f"For 'merge_sliced_parameter', the argument 'strategy' should be dict, but got "
                            f"{type(strategy)}.")
        raise ValueError("For 'merge_sliced_parameter', the 'strategy' must be None: spore trains data parallel "
                         "only, whose slices are joined along axis 0 without a strategy file.")
    first = sliced_parameters[0]
    merged = np.concatenate([p.asnumpy() for p in sliced_parameters], axis=0)
    return Parameter(Tensor(merged), first.name, first.requires_grad, first.layerwise_parallel)
