"""Feeding a dataset to a network outside Model: DatasetHelper (iterate over batches, or
in sink mode over steps whose data a connected network fetches itself),
connect_network_with_dataset, and data_sink (a function run on the dataset's next
batches at each call).

spore has no device queue: "sinking" reads the host pipeline, continuing across passes
over the dataset as a device queue would, so the results are those of a device sink."""
from __future__ import annotations

import itertools
from typing import Callable

from ..common.tensor import Tensor
from ..compiler.jit_function import jit
from ..nn.cell import Cell
from ..ops.validator import check_bool, check_type

__all__ = ["DatasetHelper", "connect_network_with_dataset", "data_sink"]


def _endless_batches(dataset):
    """The dataset's batches (lists of Tensors), pass after pass, without end."""
    iterator = dataset.create_tuple_iterator(num_epochs=-1, output_numpy=False)
    # Iterating over the iterator again starts its next pass.
    return itertools.chain.from_iterable(itertools.repeat(iterator))


class DatasetHelper:
    """DatasetHelper(dataset, dataset_sink_mode=True, sink_size=-1, epoch_num=1)

    Without sink mode, iterating gives the batches of one pass over `dataset` (lists of
    Tensors), for `epoch_num` passes. In sink mode, iterating gives `sink_size` steps
    (the dataset's size for -1) as empty tuples: the network made by
    `connect_network_with_dataset` fetches each step's batch itself, reading on across
    passes over the dataset.
    """

    def __init__(self, dataset, dataset_sink_mode: bool = True, sink_size: int = -1, epoch_num: int = 1):
        check_bool("DatasetHelper", "dataset_sink_mode", dataset_sink_mode)
        check_type("DatasetHelper", "sink_size", sink_size, int)
        check_type("DatasetHelper", "epoch_num", epoch_num, int)
        if not hasattr(dataset, "create_tuple_iterator") or not hasattr(dataset, "get_dataset_size"):
            raise TypeError(f"For 'DatasetHelper', the 'dataset' must be a mindspore.dataset Dataset, but got "
                            f"{type(dataset).__name__}.")
        if sink_size < -1 or sink_size == 0:
            raise ValueError(f"The 'sink_size' must be -1 or positive, but got sink_size {sink_size}.")
        self.dataset = dataset
        self.dataset_sink_mode = dataset_sink_mode
        self._sink_size = dataset.get_dataset_size() if sink_size == -1 else sink_size
        self.network = None
        if dataset_sink_mode:
            self._batches = _endless_batches(dataset)
        else:
            self._iterator = dataset.create_tuple_iterator(num_epochs=epoch_num, output_numpy=False)

    def __iter__(self):
        if self.dataset_sink_mode:
            return iter([()] * self._sink_size)
        return iter(self._iterator)

    def sink_size(self) -> int:
        """The steps of one iteration: `sink_size` in sink mode, else the dataset's size."""
        return self._sink_size if self.dataset_sink_mode else self.dataset.get_dataset_size()

    def types_shapes(self) -> tuple[list, list]:
        """(the dtypes, the shapes) of the dataset's columns, from its first batch."""
        first = next(iter(self.dataset.create_tuple_iterator(num_epochs=1, output_numpy=False)))
        return [t.dtype for t in first], [tuple(t.shape) for t in first]

    def next_batch(self) -> list:
        """The next batch of the sink (sink mode only)."""
        if not self.dataset_sink_mode:
            raise RuntimeError("For 'DatasetHelper', batches are fetched by a connected network only in dataset "
                               "sink mode.")
        return next(self._batches)


class _DataSinkNetwork(Cell):
    """`network` called on the next batch of its DatasetHelper's sink, then on any
    arguments given."""

    def __init__(self, network: Cell, dataset_helper: DatasetHelper):
        super().__init__(auto_prefix=False)
        self.network = network
        self.dataset_helper = dataset_helper

    def __call__(self, *inputs):
        return self.network(*self.dataset_helper.next_batch(), *inputs)

    def construct(self, *inputs):
        return self.network(*inputs)


def connect_network_with_dataset(network: Cell, dataset_helper: DatasetHelper) -> Cell:
    """A Cell that, called with no arguments (as `for inputs in dataset_helper:
    net(*inputs)` calls it in sink mode), runs `network` on the sink's next batch. A
    dataset helper serves one network."""
    check_type("connect_network_with_dataset", "network", network, Cell)
    check_type("connect_network_with_dataset", "dataset_helper", dataset_helper, DatasetHelper)
    if not dataset_helper.dataset_sink_mode:
        raise RuntimeError("The API 'connect_network_with_dataset' should be called in dataset sink mode.")
    if dataset_helper.network is None:
        dataset_helper.network = _DataSinkNetwork(network, dataset_helper)
    elif dataset_helper.network.network is not network:
        raise ValueError("The dataset has been connected to other network, please check the code.")
    return dataset_helper.network


def data_sink(fn: Callable, dataset, sink_size: int = 1, jit_config=None, input_signature=None) -> Callable:
    """A function of no arguments that runs `fn` on the dataset's next `sink_size`
    batches (one call per batch, reading on across passes) and returns the last output.
    With `jit_config`, `fn` runs compiled (Graph mode); with `input_signature` (Tensors),
    every batch must have their shapes and dtypes."""
    if not callable(fn):
        raise TypeError(f"For 'data_sink', the 'fn' must be callable, but got {type(fn).__name__}.")
    check_type("data_sink", "sink_size", sink_size, int)
    if sink_size <= 0:
        raise ValueError(f"The 'sink_size' must be positive, but got sink_size {sink_size}.")
    signature = _signature(input_signature)
    run = fn if jit_config is None else jit(fn)
    batches = _endless_batches(dataset)

    def sink_process(*args, **kwargs):
        out = None
        for _ in range(sink_size):
            batch = next(batches)
            if signature is not None:
                _check_signature(batch, signature)
            out = run(*batch)
        return out

    return sink_process


def _signature(input_signature) -> list | None:
    if input_signature is None:
        return None
    items = list(input_signature) if isinstance(input_signature, (tuple, list)) else [input_signature]
    for item in items:
        check_type("data_sink", "input_signature", item, Tensor)
    return [(tuple(t.shape), t.dtype) for t in items]


def _check_signature(batch: list, signature: list) -> None:
    got = [(tuple(t.shape), t.dtype) for t in batch]
    if len(got) != len(signature) or any(
            g_dtype != s_dtype or len(g_shape) != len(s_shape)
            or any(s not in (-1, None) and s != g for s, g in zip(s_shape, g_shape))
            for (g_shape, g_dtype), (s_shape, s_dtype) in zip(got, signature)):
        raise TypeError(f"For 'data_sink', the inputs' shapes and dtypes {got} do not match the 'input_signature' "
                        f"{signature}.")
