"""`mindspore.dataset.transforms.validators`: MindSpore's argument-checking decorators for
the generic transforms. A decorator `check_x` wraps a method (a transform's __init__)
whose parameters are named as the transform's, and checks the arguments of each call as
that transform checks its own (the same exception types and messages) before running it.
"""
from __future__ import annotations

import functools
import inspect

from .random_compose import RandomApply, RandomChoice
from .tensor_ops import Concatenate, Mask, PadEnd, Slice
from .transforms import Compose, Fill, OneHot, TypeCast


def checked_like(transform_class):
    """A decorator checking a method's arguments as `transform_class(...)` checks its own."""
    accepted = inspect.signature(transform_class).parameters

    def decorator(method):
        signature = inspect.signature(method)

        @functools.wraps(method)
        def checked(self, *args, **kwargs):
            bound = signature.bind(self, *args, **kwargs)
            bound.apply_defaults()
            transform_class(**{k: v for k, v in bound.arguments.items() if k in accepted})
            return method(self, *args, **kwargs)
        return checked
    return decorator


check_fill_value = checked_like(Fill)
check_one_hot_op = checked_like(OneHot)
check_type_cast = checked_like(TypeCast)
check_slice_op = checked_like(Slice)
check_mask_op = checked_like(Mask)
check_pad_end = checked_like(PadEnd)
check_concat_type = checked_like(Concatenate)
check_compose_list = checked_like(Compose)
check_random_apply = checked_like(RandomApply)
check_transforms_list = checked_like(RandomChoice)
