"""Primitive classes, one per operator (`ops.Add`, `ops.Conv2D`, ...); MindSpore code
imports them as `from mindspore.ops import operations as P`."""
from .array_ops import *
from .ascend_ops import *
from .box_ops import *
from .comm_ops import *
from .control_flow_ops import *
from .conv_ops import *
from .conv_variant_ops import *
from .custom_ops import *
from .hybrid_dsl import *
from .debug_ops import *
from .dropout_mask_ops import *
from .embedding_cache_ops import *
from .extra_nn_ops import *
from .inspect_ops import *
from .kv_cache_ops import *
from .linalg_band_ops import *
from .linalg_ops import *
from .llm_ops import *
from .loss_ops import *
from .math_ops import *
from .metric_ops import *
from .nn_ops import *
from .optim_ops import *
from .fused_optim_ops import *
from .other_ops import *
from . import other_ops
from . import attention_ops  # spore's own fused attention: registered, not exported
from .random_ops import *
from .reduce_ops import *
from .rnn_ops import *
from .scatter_ops import *
from .selection_ops import *
from .signal_ops import *
from .sparse_dense_ops import *
from .special_ops import *
from .vision_ops import *


def __getattr__(name: str):
    # MindSpore 2.x keeps `identity` here as a deprecated name of Identity; it is not
    # exported with the rest, since `ops.identity` is the function.
    if name == "identity":
        return other_ops.Identity
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
