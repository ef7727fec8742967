"""Model: MindSpore's high-level API for training, evaluation and prediction.

Model builds three networks from what it is given:

- the training network: with an optimizer, `amp.build_train_network` (the loss attached
  with WithLossCell, mixed precision at `amp_level`, a TrainOneStepCell, or a
  TrainOneStepWithLossScaleCell for a `loss_scale_manager` with an update Cell); without
  one, the network with its loss (WithLossCell), or the network itself when there is no
  `loss_fn` either (it then trains itself, as a TrainOneStepCell does);
- the evaluation network, when there are metrics: `eval_network` (its outputs picked with
  `eval_indexes` = [loss, prediction, label] positions, or all passed to every metric),
  or WithEvalCell(network, loss_fn), whose outputs are (loss, prediction, label);
- the prediction network: the network itself.

Runs call the networks step by step on the host, in PyNative or Graph mode alike (in
GRAPH_MODE each Cell compiles once per input signature). Datasets are read through
`get_dataset_size()` and `create_tuple_iterator(num_epochs=n, output_numpy=False)`, whose
iterator yields one epoch of batches (lists or tuples of Tensors, the columns in order)
each time it is iterated over, n times in all. In training, every column of a batch goes
to the training network: (data, label) when there is a `loss_fn`.

`dataset_sink_mode=True` runs the same host loop (spore has no device queue to sink the
data to); with `sink_size` > 0 an epoch is `sink_size` steps, read on across the passes
over the dataset, as MindSpore does on a device (on CPU, MindSpore ignores sink mode).
Unlike a device sink in Graph mode, which calls the step callbacks once per sink, the
callbacks run at every step.
"""
from __future__ import annotations

import copy
import itertools
import logging
import math

import numpy as np

from .. import amp, nn
from ..common.tensor import Tensor
from ..context import ParallelMode
from ..nn.wrap.loss_scale_manager import LossScaleManager
from ..ops.validator import check_bool, check_non_negative_int, check_positive_int, check_type
from .callback import (
    Callback,
    EarlyStopping,
    History,
    LambdaCallback,
    LearningRateScheduler,
    LossMonitor,
    ModelCheckpoint,
    ProgressBar,
    ReduceLROnPlateau,
    RunContext,
    TimeMonitor,
)
from .callback.callback import CallbackList, InternalCallbackParam, check_callbacks
from .callback.flops_collector import FlopsUtilizationCollector
from .callback.summary_collector import SummaryCollector
from .metrics import Loss
from .metrics.registry import get_metrics

__all__ = ["Model"]

_logger = logging.getLogger(__name__)

_KWARGS = ("loss_scale_manager", "keep_batchnorm_fp32", "boost_config_dict", "acc_level")
_STAGES_1X = frozenset(("begin", "end", "epoch_begin", "epoch_end", "step_begin", "step_end"))
# Built-in callbacks that only follow training: Model.fit does not pass them to the
# evaluations it runs (MindSpore passes every other callback, and TimeMonitor).
_TRAINING_ONLY_CALLBACKS = (LossMonitor, ModelCheckpoint, History, EarlyStopping, ReduceLROnPlateau,
                            LearningRateScheduler, LambdaCallback, ProgressBar)
_BUILT_IN_CALLBACKS = _TRAINING_ONLY_CALLBACKS + (TimeMonitor, SummaryCollector, FlopsUtilizationCollector)


class Model:
    """Model(network, loss_fn=None, optimizer=None, metrics=None, eval_network=None,
    eval_indexes=None, amp_level='O0', boost_level='O0', **kwargs)

    Args:
        network (Cell): the network; without `loss_fn` it must compute its loss itself.
        loss_fn (Cell): the loss, called as loss_fn(network(data), label).
        optimizer (Cell): the optimizer; without one the training network must update
            its weights itself.
        metrics (dict or set): {name: Metric} or a set of metric names ({'accuracy',
            'loss'}, see `names()`), evaluated by `eval` and by `fit`.
        eval_network (Cell): the evaluation network (default: WithEvalCell).
        eval_indexes (list): with `eval_network`, the positions of the loss, the
            prediction and the label in its outputs: the Loss metric gets the loss, the
            others (prediction, label). None: every metric gets all outputs.
        amp_level (str): mixed precision, 'O0' to 'O3' (see amp.auto_mixed_precision);
            needs an optimizer.
        boost_level (str): 'O0', 'O1' or 'O2'; accepted, boost training is not applied.
        kwargs: `loss_scale_manager` (a LossScaleManager) and `keep_batchnorm_fp32`
            (bool) override the amp level's settings; `boost_config_dict` and
            `acc_level` are accepted.
    """

    def __init__(self, network, loss_fn=None, optimizer=None, metrics=None, eval_network=None, eval_indexes=None,
                 amp_level="O0", boost_level="O0", **kwargs):
        check_type("Model", "network", network, nn.Cell)
        for key in kwargs:
            if key not in _KWARGS:
                raise ValueError(f"For 'Model', the keyword arguments must be among {list(_KWARGS)}, but got "
                                 f"{key!r}.")
        if optimizer is None and amp_level != "O0":
            raise ValueError(f"For 'Model', mixed precision (amp_level {amp_level!r}) needs an 'optimizer', but got "
                             f"None. Set amp_level='O0' or pass an optimizer.")
        manager = kwargs.get("loss_scale_manager")
        if manager is not None:
            if optimizer is None:
                raise ValueError("For 'Model', a 'loss_scale_manager' needs an 'optimizer', but got None.")
            check_type("Model", "loss_scale_manager", manager, LossScaleManager)
        self._network = network
        self._loss_fn = loss_fn
        self._optimizer = optimizer
        self._amp_level = amp_level
        self._boost_level = kwargs.get("acc_level", boost_level)
        self._loss_scale_manager = manager
        self._amp_config = {key: kwargs[key] for key in ("loss_scale_manager", "keep_batchnorm_fp32") if key in kwargs}
        # spore trains on one device.
        self._parallel_mode = ParallelMode.STAND_ALONE
        self._device_number = 1
        self._train_network = self._build_train_network()
        self._metric_fns = get_metrics(metrics)
        self._eval_network = eval_network
        self._eval_indexes = None
        self._build_eval_network(eval_network, eval_indexes)
        self._predict_network = network
        self.batch_num = -1
        self._backbone_is_train = True

    # ---- networks ------------------------------------------------------------------------
    def _build_train_network(self):
        if self._optimizer is not None:
            return amp.build_train_network(self._network, self._optimizer, self._loss_fn, level=self._amp_level,
                                           boost_level=self._boost_level, **self._amp_config)
        if self._loss_fn is not None:
            return nn.WithLossCell(self._network, self._loss_fn)
        return self._network

    def _build_eval_network(self, eval_network, eval_indexes) -> None:
        if not self._metric_fns:
            return
        if eval_network is not None:
            if eval_indexes is not None and not (isinstance(eval_indexes, list) and len(eval_indexes) == 3):
                raise ValueError(f"For 'Model', the 'eval_indexes' must be None or a list of 3 positions (loss, "
                                 f"prediction, label), but got {eval_indexes!r}.")
            self._eval_indexes = eval_indexes
            return
        if self._loss_fn is None:
            raise ValueError("For 'Model', evaluating 'metrics' needs an 'eval_network' or a 'loss_fn' (from which "
                             "Model builds WithEvalCell(network, loss_fn)), but got neither. Do not set 'metrics' "
                             "if you do not evaluate.")
        self._eval_network = nn.WithEvalCell(self._network, self._loss_fn, self._amp_level in ("O2", "O3"))
        self._eval_indexes = [0, 1, 2]

    @property
    def train_network(self):
        """The training network."""
        return self._train_network

    @property
    def eval_network(self):
        """The evaluation network (None without metrics or eval_network)."""
        return self._eval_network

    @property
    def predict_network(self):
        """The prediction network: the network itself."""
        return self._predict_network

    def _set_mode(self, network, is_train: bool) -> None:
        """Training or inference mode for `network` and the backbone it shares with the
        other networks."""
        network.set_train(is_train)
        self._backbone_is_train = is_train
        if not is_train:
            network.set_grad(False)

    def _switch_mode(self, network, is_train: bool) -> None:
        """`_set_mode`, at each step, only when something (a predict called by a
        callback) changed the mode since: set_train walks every Cell."""
        if self._backbone_is_train != is_train:
            self._set_mode(network, is_train)

    # ---- training ------------------------------------------------------------------------
    def train(self, epoch: int, train_dataset, callbacks=None, dataset_sink_mode: bool = False, sink_size: int = -1,
              initial_epoch: int = 0) -> None:
        """Train for epochs `initial_epoch + 1` to `epoch` on `train_dataset`, calling
        `callbacks` (a Callback or a list of them) at each stage. With
        `dataset_sink_mode` and `sink_size` > 0, an epoch is `sink_size` steps (see the
        module)."""
        sink_size = self._check_train_args("Model.train", epoch, train_dataset, dataset_sink_mode, sink_size,
                                           initial_epoch)
        callbacks = check_callbacks("Model.train", callbacks)
        _warn_1x_stages("Model.train", callbacks)
        self._train(epoch, train_dataset, callbacks, dataset_sink_mode, sink_size, initial_epoch)

    def fit(self, epoch: int, train_dataset, valid_dataset=None, valid_frequency=1, callbacks=None,
            dataset_sink_mode: bool = False, valid_dataset_sink_mode: bool = False, sink_size: int = -1,
            initial_epoch: int = 0) -> None:
        """`train`, evaluating the metrics on `valid_dataset` at the end of every
        `valid_frequency`-th epoch (an int), or of the epochs listed (a list). The results
        are in the callbacks' parameters at that epoch's end: `metrics`, and
        `eval_results` (the metrics and 'eval_loss'). Custom callbacks must use the
        on_train_/on_eval_ stage names."""
        check_bool("Model.fit", "valid_dataset_sink_mode", valid_dataset_sink_mode)
        sink_size = self._check_train_args("Model.fit", epoch, train_dataset, dataset_sink_mode, sink_size,
                                           initial_epoch)
        if not isinstance(valid_frequency, (int, list)) or isinstance(valid_frequency, bool):
            raise TypeError(f"For 'Model.fit', the 'valid_frequency' must be an int or a list, but got "
                            f"{type(valid_frequency).__name__}.")
        if valid_dataset is not None and not self._metric_fns:
            raise ValueError("For 'Model.fit', evaluating 'valid_dataset' needs the Model's 'metrics', but it has "
                             "none.")
        callbacks = check_callbacks("Model.fit", callbacks)
        for callback in callbacks:
            stages = _1x_stages(callback)
            if stages:
                raise ValueError(f"For 'Model.fit', the callback {type(callback).__name__} defines {stages}; use the "
                                 f"stages named on_train_... and on_eval_... instead.")
        self._train(epoch, train_dataset, callbacks, dataset_sink_mode, sink_size, initial_epoch,
                    (valid_dataset, valid_frequency))

    def build(self, train_dataset=None, valid_dataset=None, sink_size: int = -1, epoch: int = 1,
              sink_mode: bool = True) -> None:
        """Accepted for compatibility: in Graph mode spore compiles the networks at their
        first step, so there is nothing to build ahead."""
        check_positive_int("Model.build", "epoch", epoch)

    def _check_train_args(self, api: str, epoch, dataset, dataset_sink_mode, sink_size, initial_epoch) -> int:
        """Check the arguments of train and fit; returns the steps per epoch of a sink
        (sink_size, the dataset's size for -1)."""
        check_bool(api, "dataset_sink_mode", dataset_sink_mode)
        check_type(api, "sink_size", sink_size, int)
        check_positive_int(api, "epoch", epoch)
        check_non_negative_int(api, "initial_epoch", initial_epoch)
        if initial_epoch >= epoch:
            raise ValueError(f"For '{api}', the 'epoch' must be greater than the 'initial_epoch', but got 'epoch' "
                             f"{epoch} and 'initial_epoch' {initial_epoch}.")
        dataset_size = dataset.get_dataset_size()
        if dataset_size == 0:
            raise ValueError(f"For '{api}', the dataset has no data (get_dataset_size() is 0).")
        if sink_size < -1 or sink_size == 0:
            raise ValueError(f"For '{api}', the 'sink_size' must be -1 or positive, but got {sink_size}.")
        return dataset_size if sink_size == -1 else sink_size

    def _train(self, epoch, dataset, callbacks: list, sink_mode: bool, sink_size: int, initial_epoch: int,
               validation=(None, 1)) -> None:
        cb_params = InternalCallbackParam()
        cb_params.cur_step_num = 0
        cb_params.train_network = self._train_network
        cb_params.epoch_num = epoch - initial_epoch
        cb_params.batch_num = sink_size if sink_mode else dataset.get_dataset_size()
        self.batch_num = cb_params.batch_num
        cb_params.mode = "train"
        cb_params.loss_fn = self._loss_fn
        cb_params.optimizer = self._optimizer
        cb_params.parallel_mode = self._parallel_mode
        cb_params.device_number = self._device_number
        cb_params.train_dataset = dataset
        cb_params.list_callback = callbacks
        cb_params.train_dataset_element = None
        cb_params.network = self._network
        cb_params.last_save_ckpt_step = None
        cb_params.latest_ckpt_file = None
        # MindSpore's spelling of the key.
        cb_params.loss_scale_mananger = self._loss_scale_manager
        cb_params.dataset_sink_mode = sink_mode
        if sink_mode:
            cb_params.sink_size = sink_size
        epochs = _epoch_batches(dataset, epoch - initial_epoch, sink_size if sink_mode else None)
        with CallbackList(callbacks, "Model.train") as callback_list:
            self._train_epochs(epochs, initial_epoch, callback_list, cb_params, validation)

    def _train_epochs(self, epochs, initial_epoch: int, callback_list, cb_params, validation) -> None:
        run_context = RunContext(cb_params)
        self._set_mode(self._train_network, True)
        callback_list.on_train_begin(run_context)
        for epoch, batches in enumerate(epochs, initial_epoch + 1):
            cb_params.cur_epoch_num = epoch
            callback_list.on_train_epoch_begin(run_context)
            for batch in batches:
                inputs = _columns(batch)
                if self._loss_fn is not None and len(inputs) != 2:
                    raise ValueError(f"For 'Model.train', with a 'loss_fn' each batch of the dataset must have 2 "
                                     f"columns (data, label), but got {len(inputs)}.")
                cb_params.cur_step_num += 1
                cb_params.train_dataset_element = inputs
                callback_list.on_train_step_begin(run_context)
                self._switch_mode(self._train_network, True)
                outputs = self._train_network(*inputs)
                cb_params.net_outputs = outputs
                self._update_loss_scale(outputs)
                callback_list.on_train_step_end(run_context)
                if run_context.get_stop_requested():
                    break
            self._evaluate_during_training(validation, cb_params, callback_list.callbacks)
            callback_list.on_train_epoch_end(run_context)
            # The evaluation results belong to this epoch only.
            cb_params.pop("metrics", None)
            cb_params.pop("eval_results", None)
            if run_context.get_stop_requested():
                break
        callback_list.on_train_end(run_context)

    def _update_loss_scale(self, outputs) -> None:
        """Keep the loss scale manager's own scale in step with the training network's:
        a loss-scaled step returns (loss, overflow, scale)."""
        manager = self._loss_scale_manager
        if manager is not None and hasattr(manager, "get_drop_overflow_update") and \
                manager.get_drop_overflow_update():
            manager.update_loss_scale(bool(np.all(outputs[1].asnumpy())))

    def _evaluate_during_training(self, validation, cb_params, callbacks: list) -> None:
        valid_dataset, frequency = validation
        if valid_dataset is None:
            return
        epoch = cb_params.cur_epoch_num
        if not (epoch % frequency == 0 if isinstance(frequency, int) else epoch in frequency):
            return
        saved = {key: cb_params.get(key) for key in ("cur_step_num", "batch_num", "dataset_sink_mode", "net_outputs")}
        eval_callbacks = [cb for cb in callbacks if not isinstance(cb, _TRAINING_ONLY_CALLBACKS)]
        self._eval(valid_dataset, eval_callbacks, cb_params, with_eval_loss=True)
        cb_params.mode = "train"
        cb_params.update(saved)

    # ---- evaluation ----------------------------------------------------------------------
    def eval(self, valid_dataset, callbacks=None, dataset_sink_mode: bool = False) -> dict:
        """The metrics over `valid_dataset` as {name: value}, calling `callbacks` at each
        evaluation stage."""
        check_bool("Model.eval", "dataset_sink_mode", dataset_sink_mode)
        if not self._metric_fns:
            raise ValueError("For 'Model.eval', the Model needs 'metrics' to evaluate, but it has none.")
        callbacks = check_callbacks("Model.eval", callbacks)
        _warn_1x_stages("Model.eval", callbacks)
        cb_params = InternalCallbackParam()
        cb_params.list_callback = callbacks
        cb_params.network = self._network
        return self._eval(valid_dataset, callbacks, cb_params, with_eval_loss=False)

    def _eval(self, dataset, callbacks: list, cb_params, with_eval_loss: bool) -> dict:
        """Run the evaluation network over one pass of `dataset`; with `with_eval_loss`
        (in fit) also set cb_params.eval_results, the metrics and 'eval_loss'."""
        cb_params.eval_network = self._eval_network
        cb_params.valid_dataset = dataset
        cb_params.batch_num = dataset.get_dataset_size()
        cb_params.mode = "eval"
        cb_params.cur_step_num = 0
        cb_params.dataset_sink_mode = False
        for metric in self._metric_fns.values():
            metric.clear()
        eval_loss = Loss() if with_eval_loss and self._eval_indexes is not None else None
        run_context = RunContext(cb_params)
        self._set_mode(self._eval_network, False)
        self._eval_network.phase = "eval"  # as MindSpore names it (set_train(False) says 'predict')
        with CallbackList(callbacks, "Model.eval") as callback_list:
            callback_list.on_eval_begin(run_context)
            callback_list.on_eval_epoch_begin(run_context)
            for batch in dataset.create_tuple_iterator(num_epochs=1, output_numpy=False):
                inputs = _columns(batch)
                cb_params.cur_step_num += 1
                cb_params.eval_dataset_element = inputs
                callback_list.on_eval_step_begin(run_context)
                self._switch_mode(self._eval_network, False)
                outputs = self._eval_network(*inputs)
                cb_params.net_outputs = outputs
                callback_list.on_eval_step_end(run_context)
                self._update_metrics(outputs)
                if eval_loss is not None:
                    eval_loss.update(outputs[self._eval_indexes[0]])
                if run_context.get_stop_requested():
                    break
            callback_list.on_eval_epoch_end(run_context)
            metrics = {name: metric.eval() for name, metric in self._metric_fns.items()}
            cb_params.metrics = metrics
            if with_eval_loss:
                cb_params.eval_results = copy.deepcopy(metrics)
                if eval_loss is not None:
                    cb_params.eval_results["eval_loss"] = eval_loss.eval()
            callback_list.on_eval_end(run_context)
        return metrics

    def _update_metrics(self, outputs) -> None:
        if isinstance(outputs, Tensor):
            outputs = (outputs,)
        if not isinstance(outputs, tuple):
            raise ValueError(f"For 'Model.eval', the evaluation network must return a Tensor or a tuple, but got "
                             f"{type(outputs).__name__}.")
        indexes = self._eval_indexes
        if indexes is not None and len(outputs) < 3:
            raise ValueError(f"For 'Model.eval', with 'eval_indexes' the evaluation network must return at least 3 "
                             f"outputs (loss, prediction, label), but got {len(outputs)}.")
        for metric in self._metric_fns.values():
            if indexes is None:
                metric.update(*outputs)
            elif isinstance(metric, Loss):
                metric.update(outputs[indexes[0]])
            else:
                metric.update(outputs[indexes[1]], outputs[indexes[2]])

    # ---- prediction ----------------------------------------------------------------------
    def predict(self, *predict_data, backend=None, config=None):
        """The prediction network's output for `predict_data` (Tensors, None, int, float or
        str), in inference mode. `backend` may only be None ('lite', MindSpore Lite, is
        not available); `config` belongs to it."""
        if backend is not None:
            raise ValueError(f"For 'Model.predict', the 'backend' must be None (spore has no MindSpore Lite), but "
                             f"got {backend!r}.")
        for item in predict_data:
            if isinstance(item, Tensor):
                if item.size == 0:
                    raise ValueError("For 'Model.predict', the input data can not be empty.")
            elif item is not None and not isinstance(item, (int, float, str)):
                raise TypeError(f"For 'Model.predict', the input data must be Tensor, None, int, float or str, but "
                                f"got {type(item).__name__}.")
        self._switch_mode(self._predict_network, False)
        result = self._predict_network(*predict_data)
        if result is None:
            raise RuntimeError("For 'Model.predict', the network returned None; it must return its prediction.")
        return result


def _columns(batch) -> tuple:
    """A dataset batch as the tuple of arguments of a network."""
    return tuple(batch) if isinstance(batch, (list, tuple)) else (batch,)


def _epoch_batches(dataset, epochs: int, steps_per_epoch: int | None):
    """For each of `epochs` epochs, an iterable over its batches: one pass over
    `dataset`, or (steps_per_epoch) the next that many batches, read on across passes."""
    if steps_per_epoch is None:
        iterator = dataset.create_tuple_iterator(num_epochs=epochs, output_numpy=False)
        for _ in range(epochs):
            yield iterator
        return
    passes = math.ceil(epochs * steps_per_epoch / dataset.get_dataset_size())
    iterator = dataset.create_tuple_iterator(num_epochs=passes, output_numpy=False)
    # Iterating over the iterator again starts its next pass.
    stream = itertools.chain.from_iterable(itertools.repeat(iterator, passes))
    for _ in range(epochs):
        yield itertools.islice(stream, steps_per_epoch)


def _1x_stages(callback: Callback) -> list:
    """The MindSpore 1.x stage names a custom callback's class defines."""
    if isinstance(callback, _BUILT_IN_CALLBACKS):
        return []
    return sorted(_STAGES_1X & set(type(callback).__dict__))


def _warn_1x_stages(api: str, callbacks: list) -> None:
    for callback in callbacks:
        stages = _1x_stages(callback)
        if stages:
            _logger.warning("For '%s', the callback %s defines %s, which later MindSpore versions may not call; use "
                            "the stages named on_train_... and on_eval_... instead.", api, type(callback).__name__,
                            stages)
