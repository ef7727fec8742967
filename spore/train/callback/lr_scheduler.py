"""LearningRateScheduler: set the learning rate after each step from a function."""
from __future__ import annotations

import logging
import math

import numpy as np

from ... import ops
from ...common import dtype as mstype
from ...common.tensor import Tensor
from .callback import Callback

__all__ = ["LearningRateScheduler"]

_logger = logging.getLogger(__name__)


class LearningRateScheduler(Callback):
    """LearningRateScheduler(learning_rate_function)

    After each step, `learning_rate_function(lr, cur_step_num)` gives the learning rate
    for the next steps; `lr` is the optimizer's current rate (a float) and the optimizer's
    `learning_rate` Parameter is set to the result when it differs.
    """

    def __init__(self, learning_rate_function):
        super().__init__()
        if not callable(learning_rate_function):
            raise TypeError(f"For 'LearningRateScheduler', the 'learning_rate_function' must be callable, but got "
                            f"{type(learning_rate_function).__name__}.")
        self.learning_rate_function = learning_rate_function

    def step_end(self, run_context):
        cb_params = run_context.original_args()
        learning_rate = cb_params.optimizer.learning_rate
        # The shortest decimal that is this float32, so the function sees 0.1, not 0.10000000149.
        lr = float(str(np.float32(learning_rate.asnumpy())))
        new_lr = self.learning_rate_function(lr, cb_params.cur_step_num)
        if not math.isclose(lr, new_lr, rel_tol=1e-10):
            ops.assign(learning_rate, Tensor(new_lr, mstype.float32))
            _logger.info("At step %d, learning_rate change to %s", cb_params.cur_step_num, new_lr)
