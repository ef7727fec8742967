"""mindspore.numpy: NumPy's array API over spore's operators, so results are Tensors,
gradients flow through every differentiable function and Graph mode compiles them."""
from __future__ import annotations

import math as _math

from . import (array_creations, array_ops, dtypes, linalg_ops, logic_ops, math_ops, padding, poly_ops, random_ops,
               reductions, selection, statistics, windows)
from .array_creations import *
from .array_ops import *
from .dtypes import *
from .linalg_ops import *
from .logic_ops import *
from .math_ops import *
from .padding import *
from .poly_ops import *
from .random_ops import *
from .reductions import *
from .selection import *
from .statistics import *
from .windows import *

# public in mindspore.numpy though not listed in its __all__
from . import fft
from .array_creations import copy
from .linalg_ops import matrix_power
from .math_ops import around, round

pi = _math.pi
inf = float("inf")
nan = float("nan")
PINF = inf
NINF = -inf

__all__ = [name for module in (array_creations, array_ops, dtypes, linalg_ops, logic_ops, math_ops, padding,
                               poly_ops, random_ops, reductions, selection, statistics, windows)
           for name in module.__all__]
