"""Callback, RunContext and the parameters Model hands to callbacks.

Model calls a callback at each stage of training (`on_train_begin`, `on_train_epoch_begin`,
`on_train_step_begin`, `on_train_step_end`, `on_train_epoch_end`, `on_train_end`) and of
evaluation (the same with `on_eval_`). Each takes a RunContext, whose `original_args()`
is the InternalCallbackParam of the run: a dict whose keys read as attributes
(`cb_params.cur_step_num`). By default each `on_train_X` and `on_eval_X` calls MindSpore
1.x's `X` (`begin`, `epoch_begin`, `step_begin`, `step_end`, `epoch_end`, `end`), so a
callback written with the 1.x names runs in both training and evaluation.

Callbacks are context managers: Model enters each one before a run and exits it after,
also when the run fails.
"""
from __future__ import annotations

from contextlib import ExitStack

import numpy as np

from ...common.tensor import Tensor

__all__ = ["Callback", "RunContext"]

_STAGES = ("begin", "epoch_begin", "step_begin", "step_end", "epoch_end", "end")


class Callback:
    """The base class of callbacks: override the stages to act on (all do nothing by
    default, see the module)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        """Release what the callback holds; `exc_info` describes the exception that ended
        the run, if any."""

    # ---- MindSpore 1.x stages: called in both training and evaluation ------------------
    def begin(self, run_context):
        """Before the run."""

    def epoch_begin(self, run_context):
        """Before each epoch."""

    def step_begin(self, run_context):
        """Before each step."""

    def step_end(self, run_context):
        """After each step."""

    def epoch_end(self, run_context):
        """After each epoch."""

    def end(self, run_context):
        """After the run."""

    # ---- training ------------------------------------------------------------------------
    def on_train_begin(self, run_context):
        self.begin(run_context)

    def on_train_epoch_begin(self, run_context):
        self.epoch_begin(run_context)

    def on_train_step_begin(self, run_context):
        self.step_begin(run_context)

    def on_train_step_end(self, run_context):
        self.step_end(run_context)

    def on_train_epoch_end(self, run_context):
        self.epoch_end(run_context)

    def on_train_end(self, run_context):
        self.end(run_context)

    # ---- evaluation ----------------------------------------------------------------------
    def on_eval_begin(self, run_context):
        self.begin(run_context)

    def on_eval_epoch_begin(self, run_context):
        self.epoch_begin(run_context)

    def on_eval_step_begin(self, run_context):
        self.step_begin(run_context)

    def on_eval_step_end(self, run_context):
        self.step_end(run_context)

    def on_eval_epoch_end(self, run_context):
        self.epoch_end(run_context)

    def on_eval_end(self, run_context):
        self.end(run_context)


class InternalCallbackParam(dict):
    """The parameters of a run, shared by its callbacks: a dict whose keys also read and
    write as attributes. Training sets train_network, network, optimizer, loss_fn,
    train_dataset, epoch_num, batch_num, cur_epoch_num, cur_step_num, net_outputs,
    train_dataset_element, mode ('train'), dataset_sink_mode, parallel_mode,
    device_number, list_callback...; evaluation sets eval_network, valid_dataset,
    batch_num, cur_step_num, net_outputs, mode ('eval') and, at its end, metrics."""

    def __getattr__(self, key: str):
        try:
            return self[key]
        except KeyError:
            raise AttributeError(f"The callback parameters have no '{key}'; they have {sorted(self)}.") from None

    def __setattr__(self, key: str, value) -> None:
        self[key] = value


class RunContext:
    """RunContext(original_args)

    What a callback receives: `original_args()` gives the run's parameters (a dict,
    usually an InternalCallbackParam); `request_stop()` asks Model to stop after the
    current step.
    """

    def __init__(self, original_args):
        if not isinstance(original_args, dict):
            raise TypeError(f"For 'RunContext', the 'original_args' must be a dict, but got "
                            f"{type(original_args).__name__}.")
        self._original_args = original_args
        self._stop_requested = False

    def original_args(self):
        """The parameters of the run."""
        return self._original_args

    def request_stop(self) -> None:
        """Stop the run: training ends after the current step (its epoch's end stages
        still run), evaluation after the current batch."""
        self._stop_requested = True

    def get_stop_requested(self) -> bool:
        """Whether a callback asked to stop."""
        return self._stop_requested


class CallbackList(Callback):
    """CallbackList(callbacks, api='CallbackList')

    The callbacks of a run (a Callback, a list of them, or None), called in order at each
    stage. As a context manager it enters every callback (and uses what its `__enter__`
    returns) and exits them in reverse order. `api` names the caller in errors.
    """

    def __init__(self, callbacks, api: str = "CallbackList"):
        self._callbacks = check_callbacks(api, callbacks)
        self._stack: ExitStack | None = None

    @property
    def callbacks(self) -> list:
        return self._callbacks

    def __enter__(self):
        self._stack = ExitStack()
        entered = []
        try:
            for callback in self._callbacks:
                target = self._stack.enter_context(callback)
                # A callback whose __enter__ returns something else stays itself.
                entered.append(target if isinstance(target, Callback) else callback)
        except BaseException:
            # The callbacks entered so far are exited: the run never starts.
            stack, self._stack = self._stack, None
            stack.close()
            raise
        self._callbacks = entered
        return self

    def __exit__(self, *exc_info):
        stack, self._stack = self._stack, None
        return stack.__exit__(*exc_info)


def _call_each(stage: str):
    def call(self, run_context):
        for callback in self._callbacks:
            getattr(callback, stage)(run_context)

    call.__name__ = stage
    call.__doc__ = f"`{stage}` of each callback, in order."
    return call


for _stage in _STAGES:
    for _name in (f"on_train_{_stage}", f"on_eval_{_stage}"):
        setattr(CallbackList, _name, _call_each(_name))
del _stage, _name


def check_callbacks(api: str, callbacks) -> list:
    """`callbacks` (None, a Callback, or a list or tuple of them) as a list."""
    if callbacks is None:
        return []
    if isinstance(callbacks, Callback):
        return [callbacks]
    if not isinstance(callbacks, (list, tuple)):
        raise TypeError(f"For '{api}', the 'callbacks' must be a Callback or a list of Callbacks, but got "
                        f"{type(callbacks).__name__}.")
    for index, callback in enumerate(callbacks):
        if not isinstance(callback, Callback):
            raise TypeError(f"For '{api}', every element of 'callbacks' must be a Callback, but got "
                            f"{type(callback).__name__} at index {index}.")
    return list(callbacks)


def loss_of(net_outputs):
    """The loss in a network's outputs, as callbacks report it: the mean of a Tensor as a
    float; of a tuple or list, its first element (a Tensor) as it is; anything else
    unchanged."""
    if isinstance(net_outputs, (tuple, list)):
        first = net_outputs[0] if net_outputs else None
        return first if isinstance(first, Tensor) else net_outputs
    if isinstance(net_outputs, Tensor):
        return float(np.mean(net_outputs.asnumpy()))
    return net_outputs
