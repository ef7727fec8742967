"""Functional API of the primitives in operations/signal_ops.py: window functions,
FFTs, STFT."""
from __future__ import annotations

import functools

from ...common import dtype as mstype
from ...common.tensor import Tensor
from .. import function as F
from ..operations import signal_ops as S
from ..primitive import PRIMITIVES, Primitive
from ..validator import check_bool, check_type

__all__ = ["bartlett_window", "blackman_window", "hamming_window", "hann_window", "kaiser_window"]


@functools.cache
def primitive(name: str, *attrs) -> Primitive:
    """The Primitive class `name` built with `attrs`, once per distinct attributes."""
    return PRIMITIVES[name](*attrs)


# ---- window functions ------------------------------------------------------------------------
def _window_dtype(op: str, dtype, default):
    dtype = default if dtype is None else dtype
    if dtype not in S.WINDOW_DTYPES:
        raise TypeError(f"For '{op}', the 'dtype' must be a floating point dtype, but got {dtype}.")
    return dtype


def _int_length(op: str, window_length) -> int:
    """The `window_length` of hamming / hann / kaiser: a non-negative Python int."""
    check_type(op, "window_length", window_length, int)
    if window_length < 0:
        raise ValueError(f"For '{op}', the 'window_length' must be a non-negative integer, but got "
                         f"{window_length}.")
    return window_length


def bartlett_window(window_length, periodic=True, *, dtype=None):
    """The Bartlett (triangular) window; `window_length` is a 0-d Int32 / Int64 Tensor."""
    dtype = _window_dtype("bartlett_window", dtype, mstype.float32)
    return primitive("BartlettWindow", periodic, dtype)(window_length)


def blackman_window(window_length, periodic=True, *, dtype=None):
    """The Blackman window; `window_length` is a 0-d Int32 / Int64 Tensor."""
    dtype = _window_dtype("blackman_window", dtype, mstype.float32)
    return primitive("BlackmanWindow", periodic, dtype)(window_length)


def hamming_window(window_length, periodic=True, alpha=0.54, beta=0.46, *, dtype=None):
    """The generalized Hamming window alpha - beta cos(2 pi n / (N - 1)) of the int length."""
    length = _int_length("hamming_window", window_length)
    dtype = _window_dtype("hamming_window", dtype, mstype.float32)
    return primitive("HammingWindow", periodic, alpha, beta, dtype)(Tensor([length], mstype.int64))


def hann_window(window_length, periodic=True, *, dtype=None):
    """The Hann window 0.5 - 0.5 cos(2 pi n / (N - 1)) of the int length (Float64 unless
    `dtype`, as MindSpore returns)."""
    length = _int_length("hann_window", window_length)
    dtype = _window_dtype("hann_window", dtype, mstype.float64)
    return primitive("HammingWindow", periodic, 0.5, 0.5, dtype)(Tensor([length], mstype.int64))


def kaiser_window(window_length, periodic=True, beta=12.0, *, dtype=None):
    """The Kaiser window I0(beta sqrt(1 - (2n / (N - 1) - 1)^2)) / I0(beta) of the int
    length (Float64 unless `dtype`, as MindSpore returns)."""
    length = _int_length("kaiser_window", window_length)
    check_bool("kaiser_window", "periodic", periodic)
    check_type("kaiser_window", "beta", beta, (int, float))
    dtype = _window_dtype("kaiser_window", dtype, mstype.float64)
    if length <= 1:
        return F.ones((length,), dtype)
    symmetric = length + 1 if periodic else length
    n = F.arange(0, length, dtype=mstype.float64)
    ramp = F.sub(F.mul(n, 2.0 / (symmetric - 1)), 1.0)
    argument = F.mul(F.sqrt(F.maximum(F.sub(1.0, F.mul(ramp, ramp)), 0.0)), float(beta))
    bessel_i0 = primitive("BesselI0")
    window = F.div(bessel_i0(argument), bessel_i0(Tensor(float(beta), mstype.float64)))
    return F.cast(window, dtype)


TENSOR_METHODS: dict = {}
"""Tensor methods this family provides (installed by tensor_methods.py)."""
