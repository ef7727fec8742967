"""Transforms choosing among transforms at random: RandomApply, RandomChoice,
RandomOrder. They draw from the pipeline's random stream (`random_streams.current()`)."""
from __future__ import annotations

from .. import checks, random_streams
from ..values import as_columns
from .tensor_operation import TensorOperation


class RandomApply(TensorOperation):
    """The `transforms` applied in order with probability `prob`, else the input unchanged."""

    def __init__(self, transforms, prob: float = 0.5):
        self.transforms = check_transforms("RandomApply", transforms)
        self.prob = checks.check_number("RandomApply", "prob", prob, 0.0, 1.0)

    def __call__(self, *inputs):
        if random_streams.current().random() >= self.prob:
            return inputs[0] if len(inputs) == 1 else inputs
        return apply_in_order(self.transforms, inputs, "RandomApply")


class RandomChoice(TensorOperation):
    """One of the `transforms`, drawn uniformly, applied."""

    def __init__(self, transforms):
        self.transforms = check_transforms("RandomChoice", transforms)

    def __call__(self, *inputs):
        chosen = self.transforms[int(random_streams.current().integers(len(self.transforms)))]
        return apply_in_order([chosen], inputs, "RandomChoice")


class RandomOrder(TensorOperation):
    """The `transforms` applied in a random order."""

    def __init__(self, transforms):
        self.transforms = check_transforms("RandomOrder", transforms)

    def __call__(self, *inputs):
        order = random_streams.current().permutation(len(self.transforms))
        return apply_in_order([self.transforms[i] for i in order], inputs, "RandomOrder")


def apply_in_order(transforms: list, inputs: tuple, op: str):
    values = inputs
    for transform in transforms:
        result = transform(*values)
        # A single result is passed on as it is (a PIL image stays one), a tuple as columns.
        values = as_columns(result, op) if isinstance(result, tuple) else (result,)
    return values[0] if len(values) == 1 else values


def check_transforms(op: str, transforms) -> list:
    if not isinstance(transforms, (list, tuple)):
        raise TypeError(f"For '{op}', the 'transforms' must be a list of transforms, but got "
                        f"{type(transforms).__name__}.")
    if not transforms:
        raise ValueError(f"For '{op}', the 'transforms' list must not be empty.")
    for i, transform in enumerate(transforms):
        if not callable(transform):
            raise TypeError(f"For '{op}', transforms[{i}] must be a transform or a callable, but got "
                            f"{type(transform).__name__}.")
    return list(transforms)
