"""`mindspore.mint.distributed`: the PyTorch-style distributed API, spore.communication.distributed's."""
from ...communication.distributed import *
from ...communication.distributed import __all__
from . import distributed
