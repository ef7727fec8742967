"""SummaryRecord: values added during training (scalars, tensors, images, histograms)
written per step to a MindSpore summary file that MindInsight reads."""
from __future__ import annotations

import atexit
import logging
import os
import platform
import re
import threading
import time

from ...common.tensor import Tensor
from ...context import get_context
from ...nn.cell import Cell
from ...ops.operations.inspect_ops import take_summary_values
from ...ops.validator import check_type
from ..callback.checkpoint import make_directory
from . import event_file

__all__ = ["SummaryRecord"]

_logger = logging.getLogger(__name__)
_instances_lock = threading.Lock()
_VALUE_PLUGINS = ("scalar", "tensor", "image", "histogram")
_OTHER_PLUGINS = ("train_lineage", "eval_lineage", "dataset_graph", "custom_lineage_data", "landscape")
_NAME_PATTERN = re.compile(r"^[A-Za-z0-9_.-]*$")


def _check_affix(name: str, value) -> str:
    if not isinstance(value, str):
        raise TypeError(f"For 'SummaryRecord', `file_prefix` and `file_suffix` should be str, but got type "
                        f"{type(value)}")
    if not _NAME_PATTERN.match(value):
        raise ValueError(f"For 'SummaryRecord', the '{name}' may hold only letters, digits, '_', '.' and '-', but "
                         f"got {value!r}.")
    return value


class SummaryRecord:
    """SummaryRecord(log_dir, file_prefix='events', file_suffix='_MS', num_process=32,
    network=None, max_file_size=None, raise_exception=False, export_options=None)

    Opens `log_dir/<file_prefix>.out.events.summary.<time>.<device_id>.<host><file_suffix>`
    (`log_dir` property) and writes its version record. `add_value(plugin, name, value)`
    keeps a value ('scalar': one element; 'tensor' and 'histogram': rank >= 1; 'image': an
    NCHW batch) until `record(step)` writes the kept values as that step's event. One
    instance may be open at a time; use it as a context manager or call `close()`.
    With a `network`, the first `record` after it is compiled (called in GRAPH_MODE) writes
    only its graph (`get_func_graph_proto`) as an event, the kept values waiting for the next
    `record`; until then `record` logs that its graph is not available, as MindSpore does.
    spore writes no lineage: the lineage and landscape plugins are refused. `num_process` is accepted:
    spore writes in the calling thread. `max_file_size` bounds the file in bytes.
    """

    count = 0

    def __init__(self, log_dir, file_prefix="events", file_suffix="_MS", num_process=32, network=None,
                 max_file_size=None, raise_exception=False, export_options=None):
        with _instances_lock:
            if SummaryRecord.count > 0:
                raise RuntimeError(f"For 'SummaryRecord', only one instance is supported in a training process, you "
                                   f"are trying to create a new one when the existing instance number is "
                                   f"{SummaryRecord.count}. Please check your scripts.")
            if not isinstance(log_dir, str):
                raise TypeError("The log_dir is invalid, the type should be string.")
            if max_file_size is not None and (isinstance(max_file_size, bool) or not isinstance(max_file_size, int)):
                raise TypeError(f"For 'SummaryRecord', the 'max_file_size' should be int type, but got type "
                                f"{type(max_file_size)}")
            check_type("SummaryRecord", "raise_exception", raise_exception, bool)
            if export_options is not None:
                raise ValueError("For 'SummaryRecord', spore does not export tensors ('export_options' must be "
                                 "None).")
            directory = make_directory(log_dir, "SummaryRecord")
            name = (f"{_check_affix('file_prefix', file_prefix)}{event_file.EVENT_FILE_NAME_MARK}{int(time.time())}."
                    f"{get_context('device_id')}.{platform.node()}{_check_affix('file_suffix', file_suffix)}")
            self.network = network
            self.raise_exception = raise_exception
            self._remaining = None if max_file_size is None or max_file_size < 0 else max_file_size
            self._path = os.path.join(directory, name)
            self._mode = "train"
            self._pool: dict[str, dict] = {}  # plugin -> {name: value}, plugins in the order first added
            self._closed = False
            self._warned_graph = False
            self._graph_written = False
            self._file = open(self._path, "wb")  # noqa: SIM115 - open until close()
            self._write(event_file.version_event(time.time()))
            SummaryRecord.count += 1
        atexit.register(self.close)

    def __enter__(self):
        if self._closed:
            raise ValueError("For 'SummaryRecord', SummaryRecord has been closed, please check if close() method "
                             "is called")
        return self

    def __exit__(self, *error):
        self.close()

    @property
    def log_dir(self) -> str:
        """The path of the summary file."""
        return self._path

    def set_mode(self, mode: str) -> None:
        """'train' or 'eval' (kept for the summary operators of a network)."""
        if mode not in ("train", "eval"):
            raise ValueError(f"For 'SummaryRecord.set_mode', {mode!r} is not a recognized mode, expect the "
                             f"parameter \"mode\" is \"train\" or \"eval\"")
        self._mode = mode

    def add_value(self, plugin: str, name: str, value) -> None:
        """Keep `value` (a Tensor; for 'graph', a Cell's get_func_graph_proto()) under `name`
        for the next `record`; a second value of one name and plugin replaces the first."""
        if plugin == "graph":
            self._keep_graph(name, value)
            return
        if plugin in _OTHER_PLUGINS:
            raise ValueError(f"For 'SummaryRecord.add_value', spore does not write the '{plugin}' plugin; it writes "
                             f"{list(_VALUE_PLUGINS)}.")
        if plugin not in _VALUE_PLUGINS:
            raise ValueError(f"For \"SummaryRecord.add_value\", no such \"plugin\" of {plugin!r} , expect value is "
                             f"one of [tensor, scalar, image, histogram, train_lineage, eval_lineage, dataset_graph, "
                             f"custom_lineage_data, graph, landscape]")
        if not name or not isinstance(name, str):
            raise ValueError(f"For \"SummaryRecord\", the parameter \"name\" type should be str, but got "
                             f"{type(name)}.")
        if not isinstance(value, Tensor):
            raise TypeError(f"For \"SummaryRecord\", the parameter \"value\" expect to be Tensor, but got "
                            f"{type(value).__name__}")
        self._keep(plugin, name, value.asnumpy().copy())

    def _keep_graph(self, name: str, value) -> None:
        if not isinstance(value, bytes):
            raise TypeError(f"For 'SummaryRecord.add_value', the 'graph' value must be bytes (a Cell's "
                            f"get_func_graph_proto()), but got {type(value).__name__}.")
        try:
            graph = event_file.graph_of(value)
        except ValueError as problem:
            raise ValueError(f"For 'SummaryRecord.add_value', the 'graph' value of {name!r} is not a graph proto: "
                             f"{problem}.") from None
        self._pool.setdefault("graph", {})[name] = graph

    def _keep(self, plugin: str, name: str, array) -> None:
        if plugin == "scalar" and array.size != 1:
            raise ValueError(f"For \"SummaryRecord\", the v rank must be less than or equal to 1, but got "
                             f"{len(array)}.")
        if plugin == "image" and array.ndim != 4:
            raise ValueError("For \"SummaryRecord\", the tensor seems not to hold a valid image.")
        if plugin in ("tensor", "histogram") and array.ndim == 0:
            raise ValueError("For \"SummaryRecord\", the value should not be empty.")
        entries = self._pool.setdefault(plugin, {})
        if name in entries:
            _logger.warning("For 'SummaryRecord.add_value', %r has duplicate values. Only the newest one will be "
                            "recorded.", f"{name}/{plugin}")
            del entries[name]
        entries[name] = array

    def record(self, step: int, train_network=None, plugin_filter=None) -> bool:
        """Write the kept values (those whose plugin `plugin_filter` accepts, when given) as
        the event of `step`; False when closed."""
        if isinstance(step, bool) or not isinstance(step, int):
            raise TypeError(f"The type of 'step' should be 'int', but got type '{type(step).__name__}'.")
        if train_network is not None and not isinstance(train_network, Cell):
            raise TypeError(f"The type of 'train_network' should be Cell or None, but got type "
                            f"'{type(train_network).__name__}'.")
        if self._closed:
            _logger.error("For 'SummaryRecord', The record writer is closed, please check if close() method is "
                          "called")
            return False
        if self.network is not None and not self._graph_written:
            graph = self.network.get_func_graph_proto()
            if graph is not None:  # the graph's event is all this call writes, as in MindSpore
                self._write(event_file.graph_event(time.time(), event_file.graph_of(graph)))
                self._graph_written = True
                return True
            if not self._warned_graph:
                _logger.warning("Failed to get proto for graph.")
                self._warned_graph = True
        for plugin, name, array in take_summary_values():   # what the summary operators saw
            try:
                self._keep(plugin, name, array)
            except ValueError as problem:
                _logger.error("The summary operator's value of %r is not recorded: %s", name, problem)
        pool, self._pool = self._pool, {}
        values = []
        for plugin, entries in pool.items():
            if plugin_filter is not None and not plugin_filter(plugin):
                continue
            if plugin == "graph":   # an event of its own, before the step's values (as MindSpore)
                for graph in entries.values():
                    self._write(event_file.graph_event(time.time(), graph))
                continue
            for name, array in entries.items():
                encoded = _ENCODERS[plugin](name, array)
                if encoded is None:
                    _logger.error("The tensor of %r (shape %s) is not an NCHW image batch of 1 or 3 channels.", name,
                                  array.shape)
                else:
                    values.append(encoded)
        if values:
            self._write(event_file.summary_event(time.time(), step, values))
        return True

    def _write(self, message: bytes) -> None:
        data = event_file.record(message)
        if self._remaining is not None:
            if len(data) > self._remaining:
                problem = (f"'max_file_size' reached: There are {self._remaining} bytes remaining, but the "
                           f"'{self._path}' requires to write {len(data)} bytes.")
                if self.raise_exception:
                    raise RuntimeError(problem)
                _logger.error(problem)
                return
            self._remaining -= len(data)
        self._file.write(data)

    def flush(self) -> None:
        """Write what is buffered to the file."""
        if self._closed:
            _logger.error("For 'SummaryRecord', the record writer is closed and can not flush, please check if "
                          "close() method is called")
        else:
            self._file.flush()

    def close(self) -> None:
        """Flush and close the file; the instance can not record any more."""
        if self._closed:
            return
        atexit.unregister(self.close)
        self._file.close()
        self._closed = True
        with _instances_lock:
            SummaryRecord.count -= 1


_ENCODERS = {"scalar": event_file.scalar_value, "tensor": event_file.tensor_value,
             "image": event_file.image_value, "histogram": event_file.histogram_value}
