"""`mindspore.dataset.transforms.c_transforms` (MindSpore 1.x): the same classes as
`spore.dataset.transforms`."""
from .transforms import Compose, Fill, OneHot, TypeCast

__all__ = ["Compose", "Fill", "OneHot", "TypeCast"]
