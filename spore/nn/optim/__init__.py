"""Optimizers: the Optimizer base (parameter groups, learning rates, weight decay, loss
scale) and the update rules, each applying one fused update primitive per parameter."""
from . import (adadelta, adafactor, adagrad, adam, adamax, adasum, asgd, ftrl, lamb, lars, lazyadam, momentum,
               optimizer, proximal_ada_grad, rmsprop, rprop, sgd)
from .adadelta import *
from .adafactor import *
from .adagrad import *
from .adam import *
from .adamax import *
from .adasum import *
from .asgd import *
from .ftrl import *
from .lamb import *
from .lars import *
from .lazyadam import *
from .momentum import *
from .optimizer import *
from .proximal_ada_grad import *
from .rmsprop import *
from .rprop import *
from .sgd import *

__all__ = (optimizer.__all__ + momentum.__all__ + sgd.__all__ + adam.__all__ + adagrad.__all__ + adadelta.__all__
           + adamax.__all__ + rmsprop.__all__ + lamb.__all__ + ftrl.__all__ + asgd.__all__
           + lazyadam.__all__ + proximal_ada_grad.__all__ + rprop.__all__ + adafactor.__all__
           + lars.__all__ + adasum.__all__)
