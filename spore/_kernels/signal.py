"""Kernels of signal processing: window functions, FFTs, STFT."""
from __future__ import annotations

import torch

from . import device
from .registry import kernel_factory
from .tensor_data import TORCH_OF


# ---- window functions ------------------------------------------------------------------------
def _window(make):
    """A window kernel factory: `make(length, periodic, dtype, prim)` builds the window
    (computed in float64, then cast)."""
    def factory(prim):
        periodic, dtype = prim.periodic, TORCH_OF[prim.dtype]

        def run(length):
            n = int(length.reshape(-1)[0])
            window = make(n, periodic, torch.float64, prim)
            return window.to(dtype)
        return run
    return factory


def _options(dtype):
    return {"dtype": dtype, "device": device.current()}


kernel_factory("BartlettWindow")(_window(
    lambda n, periodic, dtype, prim: torch.bartlett_window(n, periodic, **_options(dtype))))
kernel_factory("BlackmanWindow")(_window(
    lambda n, periodic, dtype, prim: torch.blackman_window(n, periodic, **_options(dtype))))
kernel_factory("HammingWindow")(_window(
    lambda n, periodic, dtype, prim: torch.hamming_window(n, periodic, prim.alpha, prim.beta, **_options(dtype))))
