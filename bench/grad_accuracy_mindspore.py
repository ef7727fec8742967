"""MindSpore 2.7.1's side of `grad_accuracy.py`: run ONLY with MindSpore's interpreter
(`/tmp/ms/bin/python`); spore and its tests never import it.

    /tmp/ms/bin/python bench/grad_accuracy_mindspore.py case.npz results.npz

Reads the cases `grad_accuracy.py --dump` wrote ('<net>/<seed>/...' net cases,
'kernels/...' kernel inputs), runs the same nets and kernel cases
(`grad_accuracy_nets.py`) in MindSpore in float32 (its CPU convolutions take no float64)
and writes '<net>/<seed>/f32/<param>' gradients and 'kernels/<case>/<output>' results.
"""
from __future__ import annotations

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
import grad_accuracy_nets as nets
import mindspore as ms


def grouped(loaded) -> dict:
    """{case key: {array name: array}} from the flat .npz keys."""
    groups: dict = {}
    for key in loaded.files:
        if key.startswith("kernels/"):
            groups.setdefault("kernels", {})[key[len("kernels/"):]] = loaded[key]
        else:
            net_name, seed, name = key.split("/", 2)
            groups.setdefault(f"{net_name}/{seed}", {})[name] = loaded[key]
    return groups


def main(case_path: str, out_path: str) -> None:
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    out = {}
    with np.load(case_path) as loaded:
        groups = grouped(loaded)
    kernel_inputs = groups.pop("kernels", None)
    if kernel_inputs is not None:
        for case in nets.KERNEL_CASES:
            results = nets.kernel_outputs(case, kernel_inputs, ms.float32)
            out.update({f"kernels/{case}/{name}": value for name, value in results.items()})
    for key, case in groups.items():
        weights = {name[2:]: value for name, value in case.items() if name.startswith("w/")}
        grads = nets.parameter_gradients(key.split("/")[0], weights, case["input"], case["labels"], ms.float32)
        out.update({f"{key}/f32/{name}": grad for name, grad in grads.items()})
    np.savez(out_path, **out)


if __name__ == "__main__":
    main(*sys.argv[1:3])
