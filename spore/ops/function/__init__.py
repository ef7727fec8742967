"""The functional API (`ops.add`, `ops.conv2d`, ...): thin functions over Primitives."""
from .math_func import *
