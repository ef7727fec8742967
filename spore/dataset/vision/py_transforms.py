"""`mindspore.dataset.vision.py_transforms` (MindSpore 1.x): the same classes as
`spore.dataset.vision`."""
from .transforms import *  # noqa: F403
from .transforms import __all__  # noqa: F401
