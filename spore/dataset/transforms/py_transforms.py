"""`mindspore.dataset.transforms.py_transforms` (MindSpore 1.x): the same classes as
`spore.dataset.transforms`."""
from .random_compose import RandomApply, RandomChoice, RandomOrder
from .transforms import Compose, OneHot, TypeCast

__all__ = ["Compose", "OneHot", "RandomApply", "RandomChoice", "RandomOrder", "TypeCast"]
