"""`mindspore.dataset.transforms.py_transforms_util`: MindSpore's functional forms of the
generic Python transforms, over the transforms that own the behaviour."""
from __future__ import annotations

import numpy as np

from .random_compose import RandomApply, RandomChoice, RandomOrder, apply_in_order
from .transforms import OneHot


def all_numpy(args) -> bool:
    """Whether `args` is a NumPy array, or a tuple / list of nothing but NumPy arrays."""
    if isinstance(args, (tuple, list)):
        return all(isinstance(arg, np.ndarray) for arg in args)
    return isinstance(args, np.ndarray)


def compose(transforms, *args) -> tuple:
    """`args` through `transforms` in order; the results as a tuple."""
    result = apply_in_order(list(transforms), args, "Compose") if transforms else args
    return result if isinstance(result, tuple) else (result,)


def one_hot_encoding(label, num_classes, epsilon):
    """The one-hot float64 encoding of `label`, smoothed: 1 - epsilon + epsilon / num_classes
    for the class, epsilon / num_classes elsewhere."""
    return OneHot(num_classes, epsilon)(np.asarray(label)).astype(np.float64)


def random_apply(img, transforms, prob):
    """`img` through all of `transforms` with probability `prob`, else unchanged."""
    return RandomApply(transforms, prob)(img)


def random_choice(img, transforms):
    """`img` through one of `transforms`, chosen at random."""
    return RandomChoice(transforms)(img)


def random_order(img, transforms):
    """`img` through all of `transforms`, in a random order."""
    return RandomOrder(transforms)(img)
