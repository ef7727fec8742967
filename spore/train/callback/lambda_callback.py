"""LambdaCallback: a callback made of functions."""
from __future__ import annotations

from .callback import Callback

__all__ = ["LambdaCallback"]

_STAGES = ("on_train_epoch_begin", "on_train_epoch_end", "on_train_step_begin", "on_train_step_end",
           "on_train_begin", "on_train_end", "on_eval_epoch_begin", "on_eval_epoch_end", "on_eval_step_begin",
           "on_eval_step_end", "on_eval_begin", "on_eval_end")


class LambdaCallback(Callback):
    """LambdaCallback(on_train_epoch_begin=None, on_train_epoch_end=None,
    on_train_step_begin=None, on_train_step_end=None, on_train_begin=None,
    on_train_end=None, on_eval_epoch_begin=None, on_eval_epoch_end=None,
    on_eval_step_begin=None, on_eval_step_end=None, on_eval_begin=None, on_eval_end=None)

    Each function given is called with the RunContext at its stage; the other stages do
    nothing.
    """

    def __init__(self, on_train_epoch_begin=None, on_train_epoch_end=None, on_train_step_begin=None,
                 on_train_step_end=None, on_train_begin=None, on_train_end=None, on_eval_epoch_begin=None,
                 on_eval_epoch_end=None, on_eval_step_begin=None, on_eval_step_end=None, on_eval_begin=None,
                 on_eval_end=None):
        super().__init__()
        functions = locals()
        for stage in _STAGES:
            function = functions[stage]
            if function is not None and not callable(function):
                raise TypeError(f"For 'LambdaCallback', the '{stage}' must be callable or None, but got "
                                f"{type(function).__name__}.")
            setattr(self, stage, function or _nothing)


def _nothing(run_context):
    """A stage with no function."""
