"""Core data types: dtype, Tensor, Parameter, initializers and the random seed."""
from . import dtype
from .parameter import Parameter, ParameterTuple
from .seed import get_seed, set_seed
from .tensor import Tensor
