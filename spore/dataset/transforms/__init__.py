"""Generic transforms (`mindspore.dataset.transforms`), usable in `Dataset.map` and eagerly
on NumPy arrays. The 1.x module paths `c_transforms` and `py_transforms` name the same
classes."""
from .random_compose import RandomApply, RandomChoice, RandomOrder
from .tensor_operation import TensorOperation
from .tensor_ops import Concatenate, Duplicate, Mask, PadEnd, Relational, Slice, Unique
from .transforms import Compose, Fill, OneHot, TypeCast, not_random
from . import c_transforms, py_transforms, py_transforms_util, transforms, validators
# MindSpore's package exposes the vision transforms here too (`transforms.vision`).
from .. import vision

__all__ = ["Compose", "Concatenate", "Duplicate", "Fill", "Mask", "OneHot", "PadEnd", "RandomApply", "RandomChoice",
           "RandomOrder", "Relational", "Slice", "TensorOperation", "TypeCast", "Unique",
           "not_random"]
