"""Training callbacks: the Callback base and RunContext, and the built-in callbacks
(loss and time monitors, checkpoints, backups, exit on request, early stopping,
learning-rate control, history, callbacks from functions, and spore's ProgressBar), with
the summary's loss landscapes and the FLOPs utilization collector."""
from . import (backup_and_restore, callback, checkpoint, early_stopping, flops_collector, history, lambda_callback,
               landscape, loss_monitor, lr_scheduler, on_request_exit, progress_bar, reduce_lr_on_plateau,
               summary_collector, time_monitor)
from .backup_and_restore import *
from .callback import *
# The private names under which MindSpore's own training loops import these.
from .callback import CallbackList as _CallbackManager
from .callback import InternalCallbackParam as _InternalCallbackParam
from .checkpoint import *
from .early_stopping import *
from .flops_collector import *
from .history import *
from .lambda_callback import *
from .landscape import *
from .loss_monitor import *
from .lr_scheduler import *
from .on_request_exit import *
from .progress_bar import *
from .reduce_lr_on_plateau import *
from .summary_collector import *
from .time_monitor import *

__all__ = (callback.__all__ + loss_monitor.__all__ + time_monitor.__all__ + checkpoint.__all__ + lr_scheduler.__all__
           + history.__all__ + lambda_callback.__all__ + reduce_lr_on_plateau.__all__ + early_stopping.__all__
           + progress_bar.__all__ + backup_and_restore.__all__ + on_request_exit.__all__ + summary_collector.__all__
           + landscape.__all__ + flops_collector.__all__)
