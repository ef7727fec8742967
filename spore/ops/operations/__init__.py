"""Primitive classes, one per operator (`ops.Add`, `ops.Conv2D`, ...); MindSpore code
imports them as `from mindspore.ops import operations as P`."""
from .array_ops import *
from .comm_ops import *
from .conv_ops import *
from .debug_ops import *
from .extra_nn_ops import *
from .linalg_band_ops import *
from .linalg_ops import *
from .loss_ops import *
from .math_ops import *
from .nn_ops import *
from .optim_ops import *
from .other_ops import *
from .random_ops import *
from .reduce_ops import *
from .scatter_ops import *
from .selection_ops import *
from .signal_ops import *
from .sparse_dense_ops import *
from .special_ops import *
from .vision_ops import *
