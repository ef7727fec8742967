"""Generic transforms (`mindspore.dataset.transforms`), usable in `Dataset.map` and eagerly
on NumPy arrays. The 1.x module paths `c_transforms` and `py_transforms` name the same
classes."""
from .tensor_operation import TensorOperation
from .transforms import Compose, Fill, OneHot, TypeCast
from . import c_transforms, py_transforms, transforms

__all__ = ["Compose", "Fill", "OneHot", "TypeCast", "TensorOperation"]
