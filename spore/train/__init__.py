"""Training: Model, callbacks, metrics and checkpoint serialization."""
from .serialization import async_ckpt_thread_status, load_checkpoint, load_param_into_net, save_checkpoint
from .loss_scale_manager import DynamicLossScaleManager, FixedLossScaleManager, LossScaleManager
