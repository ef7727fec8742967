"""SummaryCollector: the callback that writes a training run's summary (loss, parameter
histograms, image inputs) through SummaryRecord, and the checkpoints and metadata a loss
landscape is later computed from."""
from __future__ import annotations

import json
import logging
import os
import re

import numpy as np

from ...common.tensor import Tensor
from ...ops.validator import check_type
from ..serialization import save_checkpoint
from ..summary.summary_record import SummaryRecord
from .callback import Callback
from .checkpoint import make_directory

__all__ = ["SummaryCollector"]

_logger = logging.getLogger(__name__)
_TENSOR_SUMMARY_LIMIT = 20  # tensor plugins are recorded at most this many times, as in MindSpore
_HISTOGRAM_DEFAULT_COUNT = 5  # without a histogram_regular, the optimizer's first parameters
_DEFAULT_LANDSCAPE = {"landscape_size": 40, "unit": "step", "num_samples": 2048,
                      "create_landscape": {"train": True, "result": True},
                      "intervals": [[1, 2, 3, 4, 5, 6, 7, 8, 9], [10, 11, 12, 13, 14, 15, 16, 17, 18, 19]]}
_DEFAULT_SPECIFIED_DATA = {"collect_metric": True, "collect_graph": True, "collect_train_lineage": True,
                           "collect_eval_lineage": True, "collect_input_data": True, "collect_dataset_graph": True,
                           "histogram_regular": None, "collect_landscape": _DEFAULT_LANDSCAPE}


class SummaryCollector(Callback):
    """SummaryCollector(summary_dir, collect_freq=10, num_process=32,
    collect_specified_data=None, keep_default_action=True, custom_lineage_data=None,
    collect_tensor_freq=None, max_file_size=None, export_options=None)

    In training, at the first step and then every `collect_freq` steps (epochs in dataset
    sink mode) and at each epoch's end on such a step, records into a summary file of
    `summary_dir`: 'loss/auto' (the mean of the network's first output, scalar), a
    histogram '<parameter>/auto' of the optimizer's parameters matching
    'histogram_regular' (the first five when it is None) and 'input_data/auto' (the first
    input, when it is an NCHW image batch). With 'collect_landscape' (a dict), it saves the
    backbone's parameters at the listed steps (or epochs) as
    `summary_dir/ckpt_dir/<Backbone>_<n>_<unit>.ckpt` and, at the end of training,
    `ckpt_dir/train_metadata.json`, which SummaryLandscape reads.

    `collect_specified_data` updates the defaults (or replaces them, with
    keep_default_action=False). 'collect_graph' writes the train network's compiled graph
    (GRAPH_MODE; in PyNative it is reported as not available, as MindSpore does). spore writes
    no lineage file: 'collect_dataset_graph', the lineage switches and `custom_lineage_data`
    are checked and accepted.
    """

    def __init__(self, summary_dir, collect_freq=10, num_process=32, collect_specified_data=None,
                 keep_default_action=True, custom_lineage_data=None, collect_tensor_freq=None, max_file_size=None,
                 export_options=None):
        super().__init__()
        self._summary_dir = make_directory(summary_dir, "SummaryCollector")
        self._collect_freq = _positive("collect_freq", collect_freq)
        self._collect_tensor_freq = _positive("collect_tensor_freq", collect_tensor_freq, allow_none=True)
        self._max_file_size = _positive("max_file_size", max_file_size, allow_none=True)
        if export_options is not None:
            raise ValueError("For 'SummaryCollector', spore does not export tensors ('export_options' must be None).")
        check_type("SummaryCollector", "keep_default_action", keep_default_action, bool)
        self._specified = _specified_data(collect_specified_data, keep_default_action)
        landscape = self._specified.get("collect_landscape")
        check_type("SummaryCollector", "collect_landscape", landscape, (dict, type(None)))
        self._landscape = _landscape_settings(landscape) if landscape else None
        if self._landscape is not None:
            self._ckpt_dir = make_directory(os.path.join(self._summary_dir, "ckpt_dir"), "SummaryCollector")
            self._params_files: dict[str, str] = {}
        if custom_lineage_data is not None:
            _check_custom_lineage(custom_lineage_data)
        self._num_process = num_process
        self._record = None
        self._entered = 0
        self._optimizer = None
        self._loss_unavailable = False
        self._graph_reported = False
        self._first_step = True
        self._dataset_sink_mode = True
        self._tensor_range = range(0)

    def __enter__(self):
        # Model.fit enters the collector again for its evaluations: one record serves both.
        if self._entered == 0:
            self._record = SummaryRecord(self._summary_dir, max_file_size=self._max_file_size)
            self._first_step, self._dataset_sink_mode = True, True
        self._entered += 1
        return self

    def __exit__(self, *exc_info):
        self._entered -= 1
        if self._entered == 0:
            self._record.close()

    # ---- stages ------------------------------------------------------------------------
    def begin(self, run_context):
        cb_params = run_context.original_args()
        collectors = [cb for cb in cb_params.get("list_callback") or () if isinstance(cb, SummaryCollector)]
        if len(collectors) > 1:
            raise ValueError("There are more than one SummaryCollector instance in callback list, but expected "
                             "only one SummaryCollector instance.")
        if cb_params.mode not in ("train", "eval"):
            raise ValueError(f"Only support `train` (model.train) and `eval` (model.eval) mode, but got "
                             f"`{cb_params.mode}` mode.")
        self._require_record()
        self._record.set_mode(cb_params.mode)
        self._dataset_sink_mode = cb_params.dataset_sink_mode

    def step_end(self, run_context):
        cb_params = run_context.original_args()
        if cb_params.mode != "train":
            return
        if not self._graph_reported and self._specified.get("collect_graph"):
            self._collect_graph(cb_params.train_network)
        self._graph_reported = True
        if not self._dataset_sink_mode:
            self._collect_tensor_data(cb_params)
        if self._landscape and self._landscape["unit"] == "step" and self._in_intervals(cb_params.cur_step_num):
            self._save_landscape_params(cb_params, cb_params.cur_step_num)

    def epoch_end(self, run_context):
        cb_params = run_context.original_args()
        self._collect_tensor_data(cb_params)
        if self._landscape and self._landscape["unit"] == "epoch" and self._in_intervals(cb_params.cur_epoch_num):
            self._save_landscape_params(cb_params, cb_params.cur_epoch_num)
        self._record.flush()

    def end(self, run_context):
        cb_params = run_context.original_args()
        if cb_params.mode == "train" and self._landscape:
            self._save_metadata(cb_params.batch_num)
        self._record.flush()

    # ---- what is collected -------------------------------------------------------------
    def _collect_graph(self, network) -> None:
        """The train network's compiled graph, written with the first step's values."""
        graph = network.get_func_graph_proto() if network is not None else None
        if graph is None:
            _logger.warning("Can not get graph proto, it may not be 'GRAPH_MODE' in context currently, so "
                            "SummaryCollector will not collect graph.")
            return
        self._record.add_value("graph", "train_network/graph", graph)

    def _require_record(self) -> None:
        if self._record is None:
            raise RuntimeError("For 'SummaryCollector', the callback must be entered (Model does it) before a run.")

    def _collect_tensor_data(self, cb_params) -> None:
        """Record at the first step, then where the step (epoch in sink mode) is a
        multiple of collect_freq (all plugins) or in the tensor range (the tensor plugin)."""
        if cb_params.mode != "train":
            return
        if self._first_step:
            self._tensor_range = self._tensor_collect_range(cb_params)
            self._collect_and_record(cb_params, None)
            self._first_step = False
            self._record.flush()
            return
        current = cb_params.cur_epoch_num if self._dataset_sink_mode else cb_params.cur_step_num
        on_freq, in_range = current % self._collect_freq == 0, current in self._tensor_range
        if on_freq and in_range:
            self._collect_and_record(cb_params, None)
        elif in_range:
            self._collect_and_record(cb_params, lambda plugin: plugin == "tensor")
        elif on_freq:
            self._collect_and_record(cb_params, lambda plugin: plugin != "tensor")

    def _tensor_collect_range(self, cb_params) -> range:
        total = cb_params.epoch_num * (1 if self._dataset_sink_mode else cb_params.batch_num)
        if self._collect_tensor_freq is not None:
            return range(0, total + 1, self._collect_tensor_freq)
        if len(range(0, total + 1, self._collect_freq)) > _TENSOR_SUMMARY_LIMIT:
            tensor_freq = total // (_TENSOR_SUMMARY_LIMIT - 1)
            if tensor_freq > 1:
                return range(0, total + 1, tensor_freq)[:_TENSOR_SUMMARY_LIMIT]
            return range(0, total + 1)[:_TENSOR_SUMMARY_LIMIT + 1]
        return range(0, total + 1, self._collect_freq)

    def _collect_and_record(self, cb_params, plugin_filter) -> None:
        self._collect_input_data(cb_params)
        self._collect_loss(cb_params)
        self._collect_histograms(cb_params)
        self._record.record(cb_params.cur_step_num, plugin_filter=plugin_filter)

    def _collect_input_data(self, cb_params) -> None:
        if not self._specified.get("collect_input_data"):
            return
        data = cb_params.get("train_dataset_element")
        if isinstance(data, (list, tuple)) and data:
            data = data[0]
        if not isinstance(data, Tensor):
            _logger.warning("The input data of the network is not a Tensor, so SummaryCollector will not collect "
                            "input data.")
            self._specified["collect_input_data"] = False
            return
        try:
            self._record.add_value("image", "input_data/auto", data)
        except (TypeError, ValueError):
            _logger.warning("The input data of network are not image, so will not collect by SummaryCollector.")
            self._specified["collect_input_data"] = False

    def _collect_loss(self, cb_params) -> None:
        if not self._specified.get("collect_metric") or self._loss_unavailable:
            return
        output = cb_params.get("net_outputs")
        if isinstance(output, (list, tuple)) and output:
            output = output[0]
        if not isinstance(output, (int, float, Tensor)) or isinstance(output, bool):
            _logger.warning("The output type could not be identified, expect type is one of [int, float, Tensor, "
                            "list, tuple], so no loss was recorded in SummaryCollector.")
            self._loss_unavailable = True
            return
        values = output.asnumpy() if isinstance(output, Tensor) else np.asarray(output, np.float32)
        self._record.add_value("scalar", "loss/auto", Tensor(np.mean(values)))

    def _collect_histograms(self, cb_params) -> None:
        if "histogram_regular" not in self._specified:
            return
        optimizer = self._find_optimizer(cb_params)
        if optimizer is None:
            return
        regular = self._specified["histogram_regular"]
        parameters = list(optimizer.parameters)
        if regular is None:
            chosen = parameters[:_HISTOGRAM_DEFAULT_COUNT]
        else:
            chosen = [p for p in parameters if re.match(regular, p.name)]
        for parameter in chosen:
            self._record.add_value("histogram", parameter.name + "/auto", parameter)

    def _find_optimizer(self, cb_params):
        """The run's optimizer (Model's, else the first Optimizer Cell of the network);
        None, with one warning, when there is none."""
        from ...nn.optim.optimizer import Optimizer
        if self._optimizer is None:
            optimizer = cb_params.get("optimizer")
            network = cb_params.get("train_network")
            if optimizer is None and network is not None:
                optimizer = next((cell for _, cell in network.cells_and_names() if isinstance(cell, Optimizer)), None)
            if not isinstance(optimizer, Optimizer):
                _logger.warning("Can not find optimizer in network, or the optimizer does not inherit MindSpore's "
                                "optimizer, so we will not collect data about optimizer in SummaryCollector.")
                optimizer = False
            self._optimizer = optimizer
        return self._optimizer or None

    # ---- loss landscape ------------------------------------------------------------------
    def _in_intervals(self, number) -> bool:
        return any(number in interval for interval in self._landscape["intervals"])

    def _save_landscape_params(self, cb_params, number: int) -> None:
        if cb_params.mode != "train":
            return
        backbone = _backbone(cb_params.train_network)
        unit = self._landscape["unit"]
        path = os.path.join(self._ckpt_dir, f"{type(backbone).__name__}_{number}_{unit}.ckpt")
        self._params_files[str(number)] = path
        if not os.path.isfile(path):
            save_checkpoint([{"name": p.name, "data": Tensor(p.asnumpy())} for p in backbone.get_parameters()], path)

    def _save_metadata(self, step_per_epoch: int) -> None:
        path = os.path.join(self._ckpt_dir, "train_metadata.json")
        if os.path.isfile(path):
            return
        settings = self._landscape
        metadata = {"epoch_group": {str(i): list(interval) for i, interval in enumerate(settings["intervals"])},
                    "model_params_file_map": self._params_files, "step_per_epoch": step_per_epoch,
                    "unit": settings["unit"], "num_samples": settings["num_samples"],
                    "landscape_size": settings["landscape_size"], "create_landscape": settings["create_landscape"]}
        with open(path, "w") as f:
            json.dump(metadata, f)


def _positive(name: str, value, allow_none: bool = False):
    if value is None and allow_none:
        return None
    check_type("SummaryCollector", name, value, int)
    if isinstance(value, bool) or value <= 0:
        raise ValueError(f"For 'SummaryCollector', the value of `{name}` should be greater than 0, but got "
                         f"`{value}`.")
    return value


def _specified_data(specified, keep_default_action: bool) -> dict:
    check_type("SummaryCollector", "collect_specified_data", specified, (dict, type(None)))
    if specified is None:
        return dict(_DEFAULT_SPECIFIED_DATA) if keep_default_action else {}
    for key in specified:
        check_type("SummaryCollector", "collect_specified_data key", key, str)
    unexpected = set(specified) - set(_DEFAULT_SPECIFIED_DATA)
    if unexpected:
        raise ValueError(f"For 'SummaryCollector', the keys {unexpected} of `collect_specified_data` are unsupported, "
                         f"expect the follow keys: {list(_DEFAULT_SPECIFIED_DATA)}")
    regular = specified.get("histogram_regular")
    check_type("SummaryCollector", "histogram_regular", regular, (str, type(None)))
    if isinstance(regular, str):
        try:
            re.compile(regular)
        except re.error as error:
            raise ValueError(f"For `collect_specified_data`, the value of `histogram_regular` is not a valid "
                             f"regular expression. Detail: {error}.") from None
    for key in set(_DEFAULT_SPECIFIED_DATA) - {"histogram_regular", "collect_landscape"}:
        if key in specified:
            check_type("SummaryCollector", key, specified[key], bool)
    return {**_DEFAULT_SPECIFIED_DATA, **specified} if keep_default_action else dict(specified)


def _landscape_settings(landscape: dict, api: str = "SummaryCollector") -> dict:
    """The landscape settings: `landscape` over the defaults, checked (errors name `api`)."""
    unexpected = set(landscape) - set(_DEFAULT_LANDSCAPE)
    if unexpected:
        raise ValueError(f"For '{api}', the keys {unexpected} of `collect_landscape` are unsupported, "
                         f"expect the follow keys: {list(_DEFAULT_LANDSCAPE)}")
    settings = {**_DEFAULT_LANDSCAPE, **landscape}
    size = settings["landscape_size"]
    check_type(api, "landscape_size", size, int)
    if size < 3 or size > 256:
        raise ValueError(f"For '{api}', the 'landscape_size' in collect_specified_data should be less than "
                         f"256 and more than 3, but got the: {size}")
    check_type(api, "unit", settings["unit"], str)
    if settings["unit"] not in ("step", "epoch"):
        raise ValueError(f"For '{api}', unit in collect_specified_data should be step or epoch, but got "
                         f"the: {settings['unit']}.")
    check_type(api, "num_samples", settings["num_samples"], int)
    check_type(api, "create_landscape", settings["create_landscape"], dict)
    for key, value in settings["create_landscape"].items():
        if key not in ("train", "result"):
            raise ValueError(f"For '{api}', the key to create landscape should be in [\"train\", "
                             f"\"result\"], but got the: {key}.")
        check_type(api, key, value, bool)
    check_type(api, "intervals", settings["intervals"], list)
    for interval in settings["intervals"]:
        check_type(api, "each interval in intervals", interval, list)
        if len(interval) < 3:
            raise ValueError(f"For '{api}', the length of each list in \"intervals\" should not be less "
                             f"than three, but got the: {interval}")
        for number in interval:
            if isinstance(number, bool) or not isinstance(number, int):
                raise TypeError(f"For '{api}', the value of each list in \"intervals\" should be int, but "
                                f"got the: {type(number)}")
    return settings


def _check_custom_lineage(data) -> None:
    check_type("SummaryCollector", "custom_lineage_data", data, dict)
    for key, value in data.items():
        check_type("SummaryCollector", "custom_lineage_data key", key, str)
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            raise TypeError(f"For 'SummaryCollector', the value of custom_lineage_data['{key}'] should be int, float "
                            f"or str, but got {type(value).__name__}.")


def _backbone(network):
    """The network a loss landscape is computed on: the `_backbone` of a loss wrapper (or
    the network itself), unwrapped down to the `network` below the training wrappers."""
    backbone = next((cell._backbone for _, cell in network.cells_and_names() if hasattr(cell, "_backbone")), network)
    while "network" in backbone.name_cells():
        has_optimizer = "optimizer" in backbone.name_cells()
        backbone = backbone.name_cells()["network"]
        if has_optimizer:
            break
    return backbone
