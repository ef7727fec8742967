"""The functional API (`ops.add`, `ops.conv2d`, ...): thin functions over Primitives."""
from .array_func import *
from .attention_func import *
from .builtin_func import *
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
from .special_func import *
from .tensor_func import *
