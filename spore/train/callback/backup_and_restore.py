"""BackupAndRestore: keep a checkpoint of the training network while it trains, and
resume from it when a training run starts again after an interruption."""
from __future__ import annotations

import logging
import os
import stat

from ...ops.validator import check_bool, check_positive_int
from ..serialization import load_checkpoint, save_checkpoint
from .callback import Callback
from .checkpoint import make_directory

__all__ = ["BackupAndRestore"]

_logger = logging.getLogger(__name__)


class BackupAndRestore(Callback):
    """BackupAndRestore(backup_dir, save_freq='epoch', delete_checkpoint=True)

    Saves the training network to `backup_dir/backup.ckpt` every `save_freq` epochs
    ('epoch': every epoch); a training run that finds that file loads it into the
    network first. At the end of training the file is deleted (`delete_checkpoint`).
    """

    def __init__(self, backup_dir: str, save_freq="epoch", delete_checkpoint: bool = True):
        super().__init__()
        self.backup_file = os.path.join(make_directory(backup_dir, "BackupAndRestore"), "backup.ckpt")
        self.save_freq = 1 if save_freq == "epoch" else check_positive_int("BackupAndRestore", "save_freq", save_freq)
        self.delete_checkpoint = check_bool("BackupAndRestore", "delete_checkpoint", delete_checkpoint)

    def on_train_begin(self, run_context):
        if os.path.exists(self.backup_file):
            _logger.info("Restore checkpoint file is %s, load checkpoint into train net.", self.backup_file)
            load_checkpoint(self.backup_file, net=run_context.original_args().train_network)

    def on_train_epoch_end(self, run_context):
        cb_params = run_context.original_args()
        if cb_params.cur_epoch_num % self.save_freq == 0:
            save_checkpoint(cb_params.train_network, self.backup_file)

    def on_train_end(self, run_context):
        if self.delete_checkpoint and os.path.exists(self.backup_file):
            os.chmod(self.backup_file, stat.S_IWRITE)
            os.remove(self.backup_file)
