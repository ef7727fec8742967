"""The functional API (`ops.add`, `ops.conv2d`, ...): thin functions over Primitives."""
from .array_func import *
from .ascend_func import *
from .attention_func import *
from .box_func import *
from .builtin_func import *
from .comm_func import *
from .conv_func import *
from .debug_func import *
from .linalg_func import *
from .loss_func import *
from .math_func import *
from .nn_func import *
from .other_func import *
from .random_func import *
from .reduce_func import *
from .scatter_func import *
from .selection_func import *
from .signal_func import *
from .sparse_func import *
from .special_func import *
from .tensor_func import *
from .vision_func import *

# MindSpore exports the Primitive classes as `ops.P` (and `ops.functional.P`), which
# `from .function import *` in spore/ops/__init__.py brings up from here.
from .. import operations as P
