"""Primitives of signal processing: window functions, FFTs, STFT."""
from __future__ import annotations

from ...common import dtype as mstype
from ..primitive import Primitive, TensorSpec
from ..validator import check_bool, check_dtype, check_tensor, check_type

__all__ = ["BartlettWindow", "BlackmanWindow", "HammingWindow"]

WINDOW_DTYPES = (mstype.float16, mstype.float32, mstype.float64)
_LENGTH_DTYPES = (mstype.int32, mstype.int64)
_MAX_WINDOW = 1_000_000


# ---- window functions ------------------------------------------------------------------------
def window_length(op: str, value, rank: int) -> int:
    """The length held by a window's `window_length` input: an Int32 / Int64 Tensor of
    rank 0 (rank 1 with one element for HammingWindow), a constant in [0, 1e6]."""
    check_tensor(op, "window_length", value)
    check_dtype(op, "window_length", value.dtype, _LENGTH_DTYPES)
    if len(value.shape) != rank or (rank == 1 and tuple(value.shape) != (1,)):
        expected = "a 0-d Tensor" if rank == 0 else "a Tensor of shape (1,)"
        raise ValueError(f"For '{op}', the 'window_length' must be {expected}, but got shape {tuple(value.shape)}.")
    if not hasattr(value, "tolist") or value._t is None:
        raise ValueError(f"For '{op}', the 'window_length' must be a constant, but got a value known only at "
                         f"run time.")
    length = int(value.asnumpy().reshape(-1)[0])
    if not 0 <= length <= _MAX_WINDOW:
        raise ValueError(f"For '{op}', the 'window_length' must be in range [0, {_MAX_WINDOW}], but got {length}.")
    return length


class _Window(Primitive):
    """(window_length) -> the window of that length in `dtype`. A `periodic` window is the
    first `window_length` points of the symmetric window of length window_length + 1 (for
    spectral analysis); a length-1 window is [1]."""

    length_rank = 0

    def __init__(self, periodic: bool = True, dtype=mstype.float32):
        super().__init__()
        self.add_prim_attr("periodic", check_bool(self.name, "periodic", periodic))
        if dtype not in WINDOW_DTYPES:
            raise TypeError(f"For '{self.name}', the 'dtype' must be one of [Float16, Float32, Float64], but got "
                            f"{dtype}.")
        self.add_prim_attr("dtype", dtype)

    def check(self, length):
        self.infer(length)

    def infer(self, length):
        return TensorSpec((window_length(self.name, length, self.length_rank),), self.dtype)


class BartlettWindow(_Window):
    """BartlettWindow(periodic=True, dtype=float32)(window_length): the triangular window
    1 - |2n / (N - 1) - 1| (N the symmetric length)."""


class BlackmanWindow(_Window):
    """BlackmanWindow(periodic=True, dtype=float32)(window_length): 0.42 - 0.5 cos(2 pi n /
    (N - 1)) + 0.08 cos(4 pi n / (N - 1))."""


class HammingWindow(_Window):
    """HammingWindow(periodic=True, alpha=0.54, beta=0.46, dtype=float32)(length):
    alpha - beta cos(2 pi n / (N - 1)); `length` is a 1-element 1-D int Tensor."""

    length_rank = 1

    def __init__(self, periodic: bool = True, alpha: float = 0.54, beta: float = 0.46, dtype=mstype.float32):
        super().__init__(periodic, dtype)
        self.add_prim_attr("alpha", float(check_type(self.name, "alpha", alpha, (int, float))))
        self.add_prim_attr("beta", float(check_type(self.name, "beta", beta, (int, float))))
