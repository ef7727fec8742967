"""FlopsUtilizationCollector: the model and hardware FLOPs utilization (MFU / HFU) of each
step of a run in Graph mode, from the FLOPs of the network's compiled graph."""
from __future__ import annotations

import logging
import math
import os
import time

from ...compiler.flops import graph_flops, latest_program
from ...ops.validator import check_bool, check_type
from .callback import Callback

__all__ = ["FlopsUtilizationCollector"]

_logger = logging.getLogger(__name__)


def _floored_percent(ratio: float) -> str:
    """`ratio` as a percentage with two decimals, rounded down."""
    return f"{math.floor(ratio * 10 ** 4) / 100:.2f}%"


class FlopsUtilizationCollector(Callback):
    """FlopsUtilizationCollector(data_size, computility=1, full_flops=True,
    enable_ma_collector=False)

    At the first step it reads the FLOPs of the run's compiled network (the training
    network in `Model.train`, the evaluation network in `Model.eval`; see
    `spore.compiler.flops` for what is counted) and prints them; then after each step
    whose number is not a multiple of `data_size` prints
    `Train per step time: T ms mfu:M% hfu:H%`, where MFU (HFU) is the model (hardware)
    FLOPs per second over `computility`, the device's peak FLOPs per second.
    `full_flops=False` reports the shard's FLOPs (the same in spore, which runs one graph
    per device). `enable_ma_collector` also writes the FLOPs and each step's time to
    `flops_rank_0.txt` and `time_step_rank_0.txt` in the directory $MA_LOG_DIR (default
    '.'); with it and computility 1 nothing is printed.

    The network must run compiled (GRAPH_MODE), else ValueError (or, when nothing is
    printed, the collector does nothing).
    """

    def __init__(self, data_size, computility=1, full_flops=True, enable_ma_collector=False):
        super().__init__()
        self.full_flops = check_bool("FlopsUtilizationCollector", "full_flops", full_flops)
        self.ma = check_bool("FlopsUtilizationCollector", "enable_ma_collector", enable_ma_collector)
        if isinstance(data_size, bool):
            raise TypeError(f"The 'data_size' must be int and must > 0, but got '{data_size}' with type 'bool'.")
        check_type("FlopsUtilizationCollector", "data_size", data_size, int)
        if data_size <= 0:
            raise ValueError(f"The 'data_size' must be int and must > 0, but got '{data_size}' with type 'int'.")
        check_type("FlopsUtilizationCollector", "computility", computility, (int, float))
        if isinstance(computility, bool) or computility <= 0:
            raise ValueError(f"For 'FlopsUtilizationCollector', the 'computility' must be a positive number, but "
                             f"got {computility}.")
        self.data_size = data_size
        self.computility = computility
        self.verbose = not (computility == 1 and enable_ma_collector)
        self.full_model_flops = self.full_hardware_flops = 0.0
        self.shard_model_flops = self.shard_hardware_flops = 0.0
        self.mfu_calculated = False
        self.batch_step_size = None
        self.step_time = time.time()
        self._ma_dir = os.path.realpath(os.getenv("MA_LOG_DIR", "./"))

    # Training and evaluation steps alike (the 2.x stage names: Model warns about the 1.x ones).
    def on_train_step_begin(self, run_context):
        self._begin_step(run_context)

    def on_eval_step_begin(self, run_context):
        self._begin_step(run_context)

    def on_train_step_end(self, run_context):
        self._end_step(run_context)

    def on_eval_step_end(self, run_context):
        self._end_step(run_context)

    def _begin_step(self, run_context) -> None:
        """Note the step's start (and, at the first step, the steps per epoch)."""
        if self.batch_step_size is None:
            batch_num = run_context.original_args().get("batch_num")
            self.batch_step_size = batch_num if isinstance(batch_num, int) and batch_num > 0 else self.data_size
        self.step_time = time.time()

    def _end_step(self, run_context) -> None:
        """Print the step's time, MFU and HFU (the FLOPs first, at the first step)."""
        step_ms = (time.time() - self.step_time) * 1000
        cb_params = run_context.original_args()
        if not self.mfu_calculated:
            if not self._read_flops(cb_params):
                return
            self.mfu_calculated = True
            self._report_flops()
        if cb_params.get("dataset_sink_mode"):
            step_ms /= self.batch_step_size or 1
        if self.ma:
            self._write_ma("time_step", f'time_monitor{{type="per_step_time", rank_id="0"}} {step_ms} '
                                        f'{round(time.time() * 1000)}\n')
        if self.verbose and cb_params.cur_step_num % self.data_size:
            model, hardware = ((self.full_model_flops, self.full_hardware_flops) if self.full_flops
                               else (self.shard_model_flops, self.shard_hardware_flops))
            per_second = 1000 / (self.computility * step_ms)
            print(f"{cb_params.mode.title()} per step time: {step_ms:5.3f} ms mfu:"
                  f"{_floored_percent(model * per_second)} hfu:{_floored_percent(hardware * per_second)}", flush=True)

    def _read_flops(self, cb_params) -> bool:
        """Read the FLOPs of the run's compiled network; False (after raising, when
        printing) when there is none."""
        mode = cb_params.get("mode")
        if mode not in ("train", "eval"):
            return self._unsupported("FlopsUtilizationCollector only support train and eval mode!")
        network = cb_params.get("train_network" if mode == "train" else "eval_network")
        program = latest_program(network) if network is not None else None
        if program is None:
            return self._unsupported("FlopsUtilizationCollector now only support graph mode.")
        (self.full_model_flops, self.full_hardware_flops, self.shard_model_flops, self.shard_hardware_flops,
         dynamic) = graph_flops(program.graph)
        if dynamic:
            return self._unsupported("FlopsUtilizationCollector now do not support dynamic shape.")
        return True

    def _unsupported(self, message: str) -> bool:
        if self.verbose:
            raise ValueError(message)
        _logger.info(message)
        return False

    def _report_flops(self) -> None:
        stamp = round(time.time() * 1000)
        if self.ma:
            self._write_ma("flops", f'flops{{type="model_flops", rank_id="0"}} {self.shard_model_flops} {stamp}\n'
                                    f'flops{{type="hardware_flops", rank_id="0"}} {self.shard_hardware_flops} '
                                    f'{stamp}\n')
        if not self.verbose:
            return
        shard = (f"Shard model flops is {self.shard_model_flops}, Shard hardware flops is "
                 f"{self.shard_hardware_flops}.")
        if self.full_flops:
            shard = (f"Full model flops is {self.full_model_flops}, Full hardware flops is "
                     f"{self.full_hardware_flops}, " + shard)
        print(shard, flush=True)

    def _write_ma(self, kind: str, text: str) -> None:
        with open(os.path.join(self._ma_dir, f"{kind}_rank_0.txt"), "w") as f:
            f.write(text)
