"""History: record the network's output and the evaluation metrics of each epoch."""
from __future__ import annotations

import numpy as np

from ...common.tensor import Tensor
from .callback import Callback

__all__ = ["History"]


class History(Callback):
    """History()

    After each epoch, appends to `history['net_output']` the network's last output (the
    mean of a Tensor, as a NumPy scalar; of a tuple or list, that of its first element)
    and, in Model.fit, each evaluation metric to `history[name]`; `epoch['epoch']` lists
    the epochs.
    """

    def __init__(self):
        super().__init__()
        self.history = {}
        self.epoch = None

    def begin(self, run_context):
        self.epoch = {"epoch": []}

    def epoch_end(self, run_context):
        cb_params = run_context.original_args()
        self.epoch["epoch"].append(cb_params.get("cur_epoch_num", 1))
        net_output = cb_params.net_outputs
        if isinstance(net_output, (tuple, list)) and net_output and isinstance(net_output[0], Tensor):
            net_output = net_output[0]
        if isinstance(net_output, Tensor):
            net_output = np.mean(net_output.asnumpy())
        record = {"net_output": net_output, **(cb_params.get("metrics") or {})}
        for key, value in record.items():
            self.history.setdefault(key, []).append(value)
