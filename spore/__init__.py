"""spore: the MindSpore programming model on PyTorch kernels.

`import spore as ms` gives MindSpore's public names; `python -m spore script.py` runs an
unchanged MindSpore script with every `mindspore` import resolved to spore.

Import order follows the layers: context and common first, then ops (which installs
the Tensor methods and the autodiff), then nn.
"""
from . import context
from .common import dtype
from .common.dtype import (
    BFloat, Bool, Complex, Float, Int, Number, TensorType, Type, UInt, bfloat16, bool_, byte, complex64,
    complex128, double, dtype_to_nptype, dtype_to_pytype, float16, float32, float64, float_, half, int8,
    int16, int32, int64, int_, intc, intp, number, pytype_to_dtype, short, single, string, tensor_type,
    type_none, ubyte, uint, uint8, uint16, uint32, uint64, uintc, uintp, ushort,
)
from .common.initializer import initializer
from .common.parameter import Parameter, ParameterTuple
from .common.seed import get_seed, set_seed
from .common.tensor import Tensor
from .common.tensor import from_numpy, is_tensor, tensor
from .context import GRAPH_MODE, PYNATIVE_MODE, ParallelMode, get_context, set_context
from . import ops
from .ops.composite import grad, value_and_grad
from . import nn
from .compiler import jit, ms_function
from . import amp
from .amp import build_train_network
from .train.loss_scale_manager import DynamicLossScaleManager, FixedLossScaleManager, LossScaleManager
from .run_check import run_check
from .train.serialization import async_ckpt_thread_status, load_checkpoint, load_param_into_net, save_checkpoint
from .train.model import Model
from . import dataset
from .train.callback import *
from .train.metrics import *

__version__ = "0.1.0"
