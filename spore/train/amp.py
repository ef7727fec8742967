"""`mindspore.train.amp`: the mixed-precision API at its MindSpore 1.x path; the names
are `spore.amp`'s."""
from ..amp import *  # noqa: F403
from ..amp import __all__  # noqa: F401
