"""Training: Model, callbacks, metrics, loss scale managers and checkpoint serialization."""
from .serialization import async_ckpt_thread_status, load_checkpoint, load_param_into_net, save_checkpoint
from ..nn.wrap.loss_scale_manager import DynamicLossScaleManager, FixedLossScaleManager, LossScaleManager
from . import callback, loss_scale_manager, metrics
from .callback import *
from .metrics import *
from .checkpoint_tools import (ckpt_to_safetensors, get_ckpt_path_with_strategy, load_checkpoint_async,
                               load_distributed_checkpoint, merge_sliced_parameter, restore_group_info_list,
                               safetensors_to_ckpt)
from .parallel_strategy import build_searched_strategy
from .dataset_helper import DatasetHelper, connect_network_with_dataset, data_sink
from .model import Model
from .convert_net_utils import ConvertNetUtils
from ..compiler.export import export, export_split_mindir, load
from .summary import SummaryRecord
from .. import amp
from ..amp import build_train_network
