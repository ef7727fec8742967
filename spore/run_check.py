"""`spore.run_check()`: confirm the installation computes correctly on this machine."""
from __future__ import annotations

import numpy as np

from . import context, ops
from ._kernels.device import available_targets
from .common.tensor import Tensor


def run_check() -> None:
    """Add two tensors on each available device target and report the result."""
    from . import __version__

    print(f"spore version: {__version__}")
    previous = context.get_context("device_target")
    try:
        for target in available_targets():
            context.set_context(device_target=target)
            x = Tensor(np.ones((2, 2), np.float32))
            result = ops.add(x, x).asnumpy()
            if not np.array_equal(result, np.full((2, 2), 2, np.float32)):
                raise RuntimeError(f"spore computed a wrong result on {target}: {result}")
            print(f"The result of the addition on {target} is correct: spore works on {target}.")
    finally:
        context.set_context(device_target=previous)
    print("spore has been installed successfully!")
