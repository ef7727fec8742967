"""`spore.run_check()`: confirm the installation computes correctly on this machine.

It prints what MindSpore's `run_check` prints, so scripts and notebooks that show its
output read the same. The version it names is the MindSpore release whose API spore
implements (spore's own is `spore.__version__`).
"""
from __future__ import annotations

import numpy as np

from . import context, ops
from .common.tensor import Tensor

MINDSPORE_API_VERSION = "2.7.1"


def run_check() -> None:
    """Multiply two tensors on the current device target (`set_context(device_target=...)`
    chooses it) and report whether the result is right. A failure is reported, not raised."""
    print(f"MindSpore version: {MINDSPORE_API_VERSION}")
    try:
        _check_multiplication()
    except Exception as error:  # noqa: BLE001 - run_check reports every failure, as MindSpore's does
        print("MindSpore running check failed.")
        print(error)


def _check_multiplication() -> None:
    target = context.get_context("device_target")
    values = np.arange(1, 5, dtype=np.float32).reshape(2, 2)
    result = ops.mul(Tensor(values), Tensor(values)).asnumpy()
    if not np.array_equal(result, values * values):
        raise RuntimeError(f"The result of multiplication calculation on platform [{target}] is wrong: "
                           f"expected {(values * values).tolist()}, but got {result.tolist()}.")
    print(f"The result of multiplication calculation is correct, MindSpore has been installed on platform "
          f"[{target}] successfully!")
