"""OnRequestExit: end training or evaluation cleanly when the process receives a signal
(SIGTERM by default), saving the network so that the next run resumes from it."""
from __future__ import annotations

import json
import logging
import os
import signal
import threading

from ...common import dtype as mstype
from ...common.tensor import Tensor
from ...context import get_context
from ...ops.validator import check_type
from ..serialization import load_checkpoint, save_checkpoint
from .callback import Callback
from .checkpoint import make_directory

__all__ = ["OnRequestExit"]

_logger = logging.getLogger(__name__)
_CONFIG_KEY = "GracefulExit"


class OnRequestExit(Callback):
    """OnRequestExit(save_ckpt=True, save_mindir=True, file_name='Net', directory='./',
    config_file=None, sig=signal.SIGTERM)

    Files go to `directory/rank_<device_id>/<file_name>_train` (and `_eval`). Training
    and evaluation start by loading that checkpoint when it exists and install a handler
    for `sig`. Once the signal came, evaluation stops at its next step, and at the end of
    training (evaluation) the network is saved: a checkpoint (save_ckpt) and a MINDIR
    (save_mindir, through mindspore.export). With the environment variable
    MS_ENABLE_GRACEFUL_EXIT=1, the request (the signal, or `{"GracefulExit": 1}` in the
    JSON `config_file`) sets the network's 'graceful_exit' Parameter, and the step that
    sees it set saves a checkpoint with the training position and stops training.
    """

    def __init__(self, save_ckpt: bool = True, save_mindir: bool = True, file_name: str = "Net",
                 directory: str | None = "./", config_file: str | None = None, sig: int = signal.SIGTERM):
        super().__init__()
        self.save_ckpt = check_type("OnRequestExit", "save_ckpt", save_ckpt, bool)
        self.save_mindir = check_type("OnRequestExit", "save_mindir", save_mindir, bool)
        self.sig = check_type("OnRequestExit", "sig", sig, int)
        if hasattr(signal, "SIGKILL") and self.sig == signal.SIGKILL:
            raise ValueError("For 'OnRequestExit', an exit request can not be sent by the signal SIGKILL.")
        self.exit = False
        self.lock = threading.Lock()
        self.save_path = directory
        self.remote_config_file = config_file
        self.use_graceful = os.environ.get("MS_ENABLE_GRACEFUL_EXIT") == "1"
        self.stop_train = False
        self.need_do_step_end = False
        if self.save_ckpt or self.save_mindir:
            self.train_name, self.eval_name = self._save_names(file_name)

    def _save_names(self, file_name: str) -> tuple[str, str]:
        rank_dir = os.path.join(os.getcwd() if self.save_path is None else self.save_path,
                                f"rank_{get_context('device_id')}")
        path = make_directory(rank_dir, "OnRequestExit")
        return os.path.join(path, f"{file_name}_train"), os.path.join(path, f"{file_name}_eval")

    def _handle_signal(self, signum, frame):
        self.exit = True

    # ---- training ---------------------------------------------------------------------
    def on_train_begin(self, run_context):
        signal.signal(self.sig, self._handle_signal)
        if self.save_ckpt and os.path.isfile(f"{self.train_name}.ckpt"):
            load_checkpoint(f"{self.train_name}.ckpt", net=run_context.original_args().train_network)

    def on_train_step_begin(self, run_context):
        with self.lock:
            if not self.use_graceful or not (self.exit or self._requested_by_config()):
                return
            flag = _parameter(run_context.original_args().train_network, "graceful_exit")
            if flag is not None:
                flag.set_data(Tensor(True, mstype.bool_))
                self.need_do_step_end = True

    def on_train_step_end(self, run_context):
        self._graceful_stop(run_context)

    def on_train_epoch_end(self, run_context):
        self._graceful_stop(run_context)

    def on_train_end(self, run_context):
        if self.exit:
            cb_params = run_context.original_args()
            self._save(cb_params.train_network, self.train_name, cb_params.train_dataset_element)

    # ---- evaluation -------------------------------------------------------------------
    def on_eval_begin(self, run_context):
        signal.signal(self.sig, self._handle_signal)
        if not self.save_ckpt:
            return
        for name in (self.eval_name, self.train_name):
            if os.path.isfile(f"{name}.ckpt"):
                load_checkpoint(f"{name}.ckpt", net=run_context.original_args().eval_network)
                return

    def on_eval_step_end(self, run_context):
        if self.exit:
            run_context.request_stop()

    def on_eval_end(self, run_context):
        if self.exit:
            cb_params = run_context.original_args()
            self._save(cb_params.eval_network, self.eval_name, cb_params.get("eval_dataset_element"))

    # ---- helpers ----------------------------------------------------------------------
    def _requested_by_config(self) -> bool:
        if self.remote_config_file is None or not os.path.exists(self.remote_config_file):
            return False
        with open(self.remote_config_file) as f:
            try:
                config = json.load(f)
            except json.JSONDecodeError as error:
                _logger.warning("Parse json file failed: %s, please check json file: %s", error,
                                self.remote_config_file)
                return False
        return isinstance(config, dict) and config.get(_CONFIG_KEY) == 1

    def _graceful_stop(self, run_context) -> None:
        with self.lock:
            if self.stop_train or not self.need_do_step_end:
                return
            cb_params = run_context.original_args()
            network = cb_params.train_network
            flag = _parameter(network, "graceful_exit")
            if flag is None or not bool(flag.asnumpy()):
                return
            _logger.warning("Graceful exit is triggered, stop training.")
            if self.save_ckpt:
                save_checkpoint(network, self.train_name, append_dict=_training_position(cb_params))
            if self.save_mindir:
                _export_mindir(network, cb_params.train_dataset_element, self.train_name)
            run_context.request_stop()
            self.stop_train = True

    def _save(self, network, name: str, inputs) -> None:
        if self.save_ckpt:
            save_checkpoint(network, ckpt_file_name=name)
        if self.save_mindir:
            _export_mindir(network, inputs, name)


def _parameter(network, name: str):
    for _, param in network.parameters_and_names():
        if param.name == name:
            return param
    return None


def _training_position(cb_params) -> dict:
    """What a resumed run needs: epoch, step, batches per epoch, loss scale, global step."""
    position = {"epoch_num": cb_params.cur_epoch_num, "step_num": cb_params.cur_step_num,
                "batch_num": cb_params.batch_num}
    manager = cb_params.get("loss_scale_mananger")
    if manager is not None:
        position["loss_scale"] = manager.get_loss_scale()
    optimizer = cb_params.get("optimizer") or getattr(cb_params.get("network"), "optimizer", None)
    global_step = getattr(optimizer, "global_step", None)
    if global_step is not None:
        position["global_step"] = int(global_step.asnumpy().reshape(-1)[0])
    return position


def _export_mindir(network, inputs, file_name: str) -> None:
    """Save `network` as MINDIR with mindspore.export, called on `inputs`."""
    from ...compiler.export import export

    export(network, *(inputs or ()), file_name=file_name, file_format="MINDIR")
