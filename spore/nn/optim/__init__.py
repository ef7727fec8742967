"""Optimizers: the Optimizer base (parameter groups, learning rates, weight decay, loss
scale) and the update rules, each applying one fused update primitive per parameter."""
from . import adadelta, adagrad, adam, adamax, ftrl, lamb, momentum, optimizer, rmsprop, sgd
from .adadelta import *
from .adagrad import *
from .adam import *
from .adamax import *
from .ftrl import *
from .lamb import *
from .momentum import *
from .optimizer import *
from .rmsprop import *
from .sgd import *

__all__ = (optimizer.__all__ + momentum.__all__ + sgd.__all__ + adam.__all__ + adagrad.__all__ + adadelta.__all__
           + adamax.__all__ + rmsprop.__all__ + lamb.__all__ + ftrl.__all__)
