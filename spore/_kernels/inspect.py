"""Kernels of the primitives in ops/operations/inspect_ops.py: values seen as they pass
(summaries kept for SummaryRecord, dumps written to .npy files, assertions) and the
identities whose work happens in backward."""
from __future__ import annotations

import itertools

import numpy as np
import torch

from .registry import kernel, kernel_factory
from .tensor_data import to_host

SUMMARY_VALUES: dict[tuple[str, str], np.ndarray] = {}
"""The values the summary primitives saw since SummaryRecord last took them:
(plugin, name) -> the newest value."""

_dump_numbers = itertools.count()


def _summary(prim):
    """Keeps the value under the primitive's plugin ('scalar', 'tensor', ...) and name."""
    plugin = prim.plugin

    def keep(name, value):
        SUMMARY_VALUES[(plugin, name)] = to_host(value).copy()
    return keep


for _name in ("ScalarSummary", "TensorSummary", "ImageSummary", "HistogramSummary"):
    kernel_factory(_name)(_summary)


@kernel("TensorDump")
def tensor_dump(file, value):
    """`<file>_<dtype>_<n>.npy`, n counting the dumps of the process (as MindSpore names them)."""
    array = to_host(value)
    stem = file[:-len(".npy")] if file.endswith(".npy") else file
    np.save(f"{stem}_{array.dtype.name}_{next(_dump_numbers)}.npy", array)


@kernel("_SaveArray")
def save_array(path, value):
    np.save(path, to_host(value))


@kernel("InsertGradientOf")
def insert_gradient_of(x):
    return x


@kernel("DumpGradient")
def dump_gradient(path, x, input_output):
    return x


@kernel("UpdateState")
def update_state(state, *expressions):
    return state


@kernel_factory("Assert")
def assert_factory(prim):
    summarize = prim.summarize

    def check(condition, input_data):
        if bool(condition.all()):
            return torch.ones(1, dtype=torch.int32)
        lines = ["For 'Assert' condition is false."]
        lines += [f"input data: {to_host(t).reshape(-1)[:summarize]}" for t in input_data]
        print("\n".join(lines), flush=True)
        raise RuntimeError("assert failed")
    return check
