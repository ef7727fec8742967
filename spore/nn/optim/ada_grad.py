"""`mindspore.nn.optim.ada_grad`: MindSpore's path of the Adagrad optimizer, defined in
`spore.nn.optim.adagrad`."""
from .adagrad import Adagrad

__all__ = ["Adagrad"]
