"""Vision transforms (`mindspore.dataset.vision`): NumPy images in, NumPy images out,
usable in `Dataset.map` and eagerly. Images are (H, W) or (H, W, C) arrays, uint8 as
decoded. The 1.x module paths `c_transforms` and `py_transforms` name the same classes."""
from .transforms import *
from .transforms import __all__
from . import c_transforms, py_transforms, py_transforms_util, transforms, validators
