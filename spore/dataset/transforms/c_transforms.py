"""`mindspore.dataset.transforms.c_transforms` (MindSpore 1.x): the same classes as
`spore.dataset.transforms`."""
from .random_compose import RandomApply, RandomChoice
from .tensor_ops import Concatenate, Duplicate, Mask, PadEnd, Relational, Slice, Unique
from .transforms import Compose, Fill, OneHot, TypeCast

__all__ = ["Compose", "Concatenate", "Duplicate", "Fill", "Mask", "OneHot", "PadEnd", "RandomApply", "RandomChoice",
           "Relational", "Slice", "TypeCast", "Unique"]
