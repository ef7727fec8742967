"""`mindspore.dataset.vision.c_transforms` (MindSpore 1.x): the same classes as
`spore.dataset.vision`."""
from .decode import Decode
from .geometry import CenterCrop, Pad, RandomCrop, RandomHorizontalFlip, RandomResizedCrop, Resize
from .pixels import HWC2CHW, Normalize, Rescale, ToTensor
from .utils import Border, Inter

__all__ = ["Border", "CenterCrop", "Decode", "HWC2CHW", "Inter", "Normalize", "Pad", "RandomCrop",
           "RandomHorizontalFlip", "RandomResizedCrop", "Rescale", "Resize", "ToTensor"]
