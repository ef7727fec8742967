"""Primitives of signal processing: window functions, FFTs, STFT."""
from __future__ import annotations

from ...common import dtype as mstype
from ..primitive import Primitive, TensorSpec
from ..validator import check_axis, check_bool, check_dtype, check_tensor, check_type

__all__ = ["BartlettWindow", "BlackmanWindow", "HammingWindow", "STFT", "FFTWithSize"]

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
    if value._t is None:  # a value computed in a graph
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


# ---- discrete Fourier transforms -------------------------------------------------------------
# MindSpore's 2.x FFT primitives (behind ops.fft, ops.rfft2, ops.ihfftn, ...), all called as
# (input, n_or_s=None, dim=<default>, norm=None). MindSpore keeps them out of the `ops`
# namespace, so they are not in `__all__`. A transform pads with zeros or trims each
# transformed axis to the requested size first. Three kinds:
# - c2c (FFT, IFFT): complex output of the padded input's shape;
# - r2c (RFFT, IHFFT): real input, complex output holding the n // 2 + 1 non-negative
#   frequencies of the last transformed axis;
# - c2r (IRFFT, HFFT): Hermitian half-spectrum input, real output whose last transformed
#   axis has the requested size (default 2 * (m - 1) for m input points).
NORMS = ("backward", "forward", "ortho")
FFT_INPUT_TYPES = tuple(t for t in mstype.number_type if t is not mstype.bfloat16)
_DOUBLE = (mstype.float64, mstype.complex128)


def fft_plan(op: str, shape, s, dim, rank) -> tuple[tuple[int, ...], tuple[int | None, ...]]:
    """(axes, sizes) of a transform of an input of `shape`: the non-negative axes that
    `dim` names and the size each is padded / trimmed to (None: kept). `rank` is 1 (n and
    dim are ints), 2 (tuples of two; dim defaults to the last two axes) or None (any
    number; dim None means the last len(s) axes, or all axes without s)."""
    ndim = len(shape)
    if rank == 1:
        dims, sizes = (dim,), (s,)
        check_type(op, "dim", dim, int)
    else:
        if s is not None:
            check_type(op, "s", s, (tuple, list))
        if dim is None:
            dims = tuple(range(ndim - len(s), ndim)) if s is not None else tuple(range(ndim))
        else:
            dims = (dim,) if isinstance(dim, int) else tuple(check_type(op, "dim", dim, (tuple, list)))
        sizes = tuple(s) if s is not None else (None,) * len(dims)
        if len(sizes) != len(dims):
            raise ValueError(f"For '{op}', the 's' and 'dim' must have the same length, but got s={s} and dim={dim}.")
    if ndim == 0 or not dims or (rank == 2 and len(dims) != 2):
        raise ValueError(f"For '{op}', the input must have the transformed dimensions {dim}, but got shape "
                         f"{tuple(shape)}.")
    axes = tuple(check_axis(op, d, ndim, "dim") for d in dims)
    if len(set(axes)) != len(axes):
        raise ValueError(f"For '{op}', the 'dim' must not repeat an axis, but got {dim}.")
    for size in sizes:
        if size is not None and (isinstance(size, bool) or not isinstance(size, int) or size <= 0):
            raise ValueError(f"For '{op}', the signal sizes 'n' / 's' must be positive ints, but got {size}.")
    return axes, sizes


def dual_norm(norm: str) -> str:
    """The norm whose inverse-direction scale equals `norm`'s forward-direction scale."""
    return {"backward": "forward", "forward": "backward", "ortho": "ortho"}[norm]


class _FFT(Primitive):
    """A discrete Fourier transform (see the section comment); subclasses set `rank`
    (1, 2 or None), `kind` ('c2c', 'r2c', 'c2r'), `inverse` and `hermitian`."""

    rank: int | None = 1
    kind = "c2c"
    inverse = False
    hermitian = False

    @property
    def default_dim(self):
        return {1: -1, 2: (-2, -1), None: None}[self.rank]

    def check(self, input, n=None, dim=None, norm=None):
        self.infer(input, n, dim, norm)

    def infer(self, input, n=None, dim=None, norm=None):
        check_tensor(self.name, "input", input)
        real_only = self.kind == "r2c" and self.hermitian
        allowed = tuple(t for t in FFT_INPUT_TYPES if not (real_only and t.is_complex))
        check_dtype(self.name, "input", input.dtype, allowed)
        if norm is not None and norm not in NORMS:
            raise ValueError(f"For '{self.name}', the 'norm' must be one of {list(NORMS)} or None, but got {norm!r}.")
        dim = self.default_dim if dim is None and self.rank is not None else dim
        axes, sizes = fft_plan(self.name, input.shape, n, dim, self.rank)
        shape = list(input.shape)
        for axis, size in zip(axes, sizes):
            if size is not None:
                shape[axis] = size
        last = axes[-1]
        if self.kind == "r2c":
            shape[last] = shape[last] // 2 + 1
        elif self.kind == "c2r" and sizes[-1] is None:
            shape[last] = 2 * (input.shape[last] - 1)
            if shape[last] <= 0:
                raise ValueError(f"For '{self.name}', the last transformed dimension must have at least 2 points "
                                 f"when its output size is not given, but got shape {tuple(input.shape)}.")
        double = input.dtype in _DOUBLE
        if self.kind == "c2r":
            return TensorSpec(shape, mstype.float64 if double else mstype.float32)
        return TensorSpec(shape, mstype.complex128 if double else mstype.complex64)

    def plan(self, input, n=None, dim=None):
        """(axes, sizes) of this call: what the bprop reads."""
        dim = self.default_dim if dim is None and self.rank is not None else dim
        return fft_plan(self.name, input.shape, n, dim, self.rank)


class FFT(_FFT):
    """(input, n=None, dim=-1, norm=None): the 1-D DFT along dim."""


class IFFT(_FFT):
    """(input, n=None, dim=-1, norm=None): the 1-D inverse DFT along dim."""

    inverse = True


class FFT2(_FFT):
    """(input, s=None, dim=(-2, -1), norm=None): the 2-D DFT over dim."""

    rank = 2


class IFFT2(FFT2):
    """(input, s=None, dim=(-2, -1), norm=None): the 2-D inverse DFT over dim."""

    inverse = True


class FFTN(_FFT):
    """(input, s=None, dim=None, norm=None): the N-D DFT over dim (all axes, or the last
    len(s))."""

    rank = None


class IFFTN(FFTN):
    """(input, s=None, dim=None, norm=None): the N-D inverse DFT over dim."""

    inverse = True


class RFFT(_FFT):
    """(input, n=None, dim=-1, norm=None): the DFT of a real signal, its n // 2 + 1
    non-negative frequencies (of a complex signal, MindSpore gives the DFT's first
    n // 2 + 1 points)."""

    kind = "r2c"


class RFFT2(RFFT):
    """(input, s=None, dim=(-2, -1), norm=None): the 2-D DFT of a real signal, half the
    last axis."""

    rank = 2


class RFFTN(RFFT):
    """(input, s=None, dim=None, norm=None): the N-D DFT of a real signal, half the last axis."""

    rank = None


class IRFFT(_FFT):
    """(input, n=None, dim=-1, norm=None): the real signal whose RFFT is input."""

    kind = "c2r"
    inverse = True


class IRFFT2(IRFFT):
    """(input, s=None, dim=(-2, -1), norm=None): the inverse of RFFT2."""

    rank = 2


class IRFFTN(IRFFT):
    """(input, s=None, dim=None, norm=None): the inverse of RFFTN."""

    rank = None


class HFFT(_FFT):
    """(input, n=None, dim=-1, norm=None): the real DFT of a signal with Hermitian symmetry
    given by its first half."""

    kind = "c2r"
    hermitian = True


class HFFT2(HFFT):
    """(input, s=None, dim=(-2, -1), norm=None): the 2-D HFFT."""

    rank = 2


class HFFTN(HFFT):
    """(input, s=None, dim=None, norm=None): the N-D HFFT."""

    rank = None


class IHFFT(_FFT):
    """(input, n=None, dim=-1, norm=None): the inverse of HFFT: the n // 2 + 1 first
    points of the inverse DFT of a real signal."""

    kind = "r2c"
    inverse = True
    hermitian = True


class IHFFT2(IHFFT):
    """(input, s=None, dim=(-2, -1), norm=None): the inverse of HFFT2."""

    rank = 2


class IHFFTN(IHFFT):
    """(input, s=None, dim=None, norm=None): the inverse of HFFTN."""

    rank = None


class FFTWithSize(Primitive):
    """FFTWithSize(signal_ndim, inverse, real, norm='backward', onesided=True,
    signal_sizes=())(x): MindSpore 1.x's Fourier transform over the last `signal_ndim`
    (1 to 3) axes: FFTN / IFFTN (`real` False); RFFTN (`real`, `onesided`) or FFTN of a
    real signal; IRFFTN (`real`, `inverse`, `onesided`; `signal_sizes` gives the output
    sizes, by default 2 * (m - 1) on the last axis) or the real part of IFFTN."""

    def __init__(self, signal_ndim, inverse, real, norm="backward", onesided=True, signal_sizes=()):
        super().__init__()
        check_type(self.name, "signal_ndim", signal_ndim, int)
        if not 1 <= signal_ndim <= 3:
            raise ValueError(f"For '{self.name}', the 'signal_ndim' must be 1, 2 or 3, but got {signal_ndim}.")
        if norm not in NORMS:
            raise ValueError(f"For '{self.name}', the 'norm' must be one of {list(NORMS)}, but got {norm!r}.")
        sizes = tuple(check_type(self.name, "signal_sizes", signal_sizes, (tuple, list)))
        if sizes and len(sizes) != signal_ndim:
            raise ValueError(f"For '{self.name}', the 'signal_sizes' must have signal_ndim={signal_ndim} items, but "
                             f"got {sizes}.")
        self.add_prim_attrs(signal_ndim=signal_ndim, norm=norm, signal_sizes=sizes)
        for arg, value in (("inverse", inverse), ("real", real), ("onesided", onesided)):
            self.add_prim_attr(arg, check_bool(self.name, arg, value))

    def equivalent(self, ndim: int):
        """(the FFT primitive computing this transform, its s, its dims)."""
        dims = tuple(range(ndim - self.signal_ndim, ndim))
        if not self.real:
            return (IFFTN if self.inverse else FFTN)(), None, dims
        if not self.onesided:
            return (IFFTN if self.inverse else FFTN)(), None, dims
        if self.inverse:
            return IRFFTN(), self.signal_sizes or None, dims
        return RFFTN(), None, dims

    def check(self, x):
        self.infer(x)

    def infer(self, x):
        check_tensor(self.name, "x", x)
        if len(x.shape) < self.signal_ndim:
            raise ValueError(f"For '{self.name}', the 'x' must have at least signal_ndim={self.signal_ndim} "
                             f"dimensions, but got shape {tuple(x.shape)}.")
        if self.real and not self.inverse:
            check_dtype(self.name, "x", x.dtype, (mstype.float32, mstype.float64))
        else:
            check_dtype(self.name, "x", x.dtype, (mstype.complex64, mstype.complex128))
        prim, sizes, dims = self.equivalent(len(x.shape))
        spec = prim.infer(x, sizes, dims, self.norm)
        if self.real and self.inverse and not self.onesided:
            return TensorSpec(spec.shape, mstype.float64 if x.dtype is mstype.complex128 else mstype.float32)
        return spec


# ---- short-time Fourier transform -------------------------------------------------------------
_STFT_TYPES = (mstype.float32, mstype.float64, mstype.complex64, mstype.complex128)


class STFT(Primitive):
    """STFT(n_fft, hop_length, win_length, normalized, onesided, return_complex)(x, window):
    the DFTs of the frames of x (1-D, or 2-D with a batch axis first): frame t holds
    x[t * hop_length : t * hop_length + n_fft] times `window` (win_length points, zero-padded
    on both sides to n_fft). Output (batch?, frequencies, frames): n_fft // 2 + 1
    frequencies when `onesided`, else n_fft; complex, or real with a last axis of size 2
    (real and imaginary parts) without `return_complex`. `normalized` divides by sqrt(n_fft)."""

    def __init__(self, n_fft, hop_length, win_length, normalized, onesided, return_complex):
        super().__init__()
        for arg, value in (("n_fft", n_fft), ("hop_length", hop_length), ("win_length", win_length)):
            check_type(self.name, arg, value, int)
            if value <= 0:
                raise ValueError(f"For '{self.name}', the '{arg}' must be positive, but got {value}.")
        if win_length > n_fft:
            raise ValueError(f"For '{self.name}', the 'win_length' must be at most 'n_fft' ({n_fft}), but got "
                             f"{win_length}.")
        self.add_prim_attrs(n_fft=n_fft, hop_length=hop_length, win_length=win_length)
        self.add_prim_attr("normalized", check_bool(self.name, "normalized", normalized))
        self.add_prim_attr("onesided", check_bool(self.name, "onesided", onesided))
        self.add_prim_attr("return_complex", check_bool(self.name, "return_complex", return_complex))

    def check(self, x, window):
        self.infer(x, window)

    def infer(self, x, window):
        check_tensor(self.name, "x", x)
        check_dtype(self.name, "x", x.dtype, _STFT_TYPES)
        if len(x.shape) not in (1, 2):
            raise ValueError(f"For '{self.name}', the 'x' must be 1-D or 2-D, but got shape {tuple(x.shape)}.")
        check_tensor(self.name, "window", window)
        check_dtype(self.name, "window", window.dtype, _STFT_TYPES)
        if tuple(window.shape) != (self.win_length,):
            raise ValueError(f"For '{self.name}', the 'window' must have shape ({self.win_length},), but got "
                             f"{tuple(window.shape)}.")
        length = x.shape[-1]
        if length < self.n_fft:
            raise ValueError(f"For '{self.name}', the signal must have at least n_fft={self.n_fft} points, but got "
                             f"{length}.")
        if self.onesided and (x.dtype.is_complex or window.dtype.is_complex):
            raise ValueError(f"For '{self.name}', 'onesided' needs a real 'x' and 'window'.")
        frequencies = self.n_fft // 2 + 1 if self.onesided else self.n_fft
        shape = tuple(x.shape[:-1]) + (frequencies, 1 + (length - self.n_fft) // self.hop_length)
        double = x.dtype in _DOUBLE
        if self.return_complex:
            return TensorSpec(shape, mstype.complex128 if double else mstype.complex64)
        return TensorSpec(shape + (2,), mstype.float64 if double else mstype.float32)
