"""mindspore.numpy: NumPy's array API over spore's operators, so results are Tensors,
gradients flow through every differentiable function and Graph mode compiles them."""
from __future__ import annotations

import math as _math

from . import array_creations, dtypes, math_ops, padding, reductions
from .array_creations import *
from .dtypes import *
from .math_ops import *
from .padding import *
from .reductions import *

pi = _math.pi
inf = float("inf")
nan = float("nan")
PINF = inf
NINF = -inf

__all__ = array_creations.__all__ + dtypes.__all__ + math_ops.__all__ + padding.__all__ + reductions.__all__
