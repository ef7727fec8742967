"""Primitive classes of image and pooling operations (unpooling, fractional pooling,
patch extraction, sampling grids, crops, bounding boxes, LRN).

Most of them are compositions of other primitives, as `ops`' functional forms of the
same operations are: such a class (a `_Composed`) holds its attributes and, called,
runs its composition, so the parts' kernels compute it and the parts' bprops give its
gradient, in PyNative and Graph mode alike. Having no kernel or bprop of its own, it is
not in the primitive registry. `operations/image_ops.py` is MindSpore's module path for
some of them, an alias.
"""
from __future__ import annotations

from ...common import dtype as mstype
from ...common.tensor import Tensor
from .. import function as _F  # the functions these compose, looked up at call time
from ..validator import check_string, check_type

__all__ = ["LRN", "ExtractImagePatches"]

_FLOAT16_32 = (mstype.float16, mstype.float32)


class _Composed:
    """A Primitive computed from other primitives by its `compute(*inputs)` (see the
    module docstring). Subclasses set their attributes in `__init__` through
    `add_prim_attr` and define `compute`."""

    def __init__(self):
        self.name = type(self).__name__
        self.attrs: dict = {}

    def add_prim_attr(self, name: str, value) -> _Composed:
        self.attrs[name] = value
        setattr(self, name, value)
        return self

    def __call__(self, *inputs):
        return self.compute(*inputs)

    def _check_tensor(self, arg: str, value, allowed=None) -> None:
        if not isinstance(value, Tensor):
            raise TypeError(f"For '{self.name}', the '{arg}' must be a Tensor, but got {type(value).__name__}.")
        if allowed is not None and value.dtype not in allowed:
            names = ", ".join(str(d) for d in allowed)
            raise TypeError(f"For '{self.name}', the dtype of '{arg}' must be one of {names}, but got "
                            f"{value.dtype}.")

    def _check_rank(self, arg: str, value, rank: int) -> None:
        if value.ndim != rank:
            raise ValueError(f"For '{self.name}', the '{arg}' must be {rank}-D, but got {value.ndim}-D.")

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.attrs.items())
        return f"Prim[{self.name}]" + (f"<{args}>" if args else "")


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int_sequence(op: str, arg: str, value, lengths: tuple, minimum: int) -> tuple:
    """An int (repeated) or a tuple / list of ints of one of `lengths`, each >= minimum."""
    values = (value,) * lengths[0] if _is_int(value) else value
    if not isinstance(values, (tuple, list)) or not all(_is_int(v) for v in values):
        raise TypeError(f"For '{op}', the '{arg}' must be an int or a tuple of ints, but got {value!r}.")
    if len(values) not in lengths:
        raise ValueError(f"For '{op}', the '{arg}' must have {' or '.join(map(str, lengths))} elements, but got "
                         f"{value}.")
    if any(v < minimum for v in values):
        raise ValueError(f"For '{op}', every element of '{arg}' must be at least {minimum}, but got {value}.")
    return tuple(values)


# ---- normalization and patches -------------------------------------------------------------
class LRN(_Composed):
    """LRN(depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region='ACROSS_CHANNELS'):
    x (N, C, H, W), float16 or float32, divided by (bias + alpha * the sum of x^2 over
    channels c - depth_radius .. c + depth_radius)^beta."""

    def __init__(self, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region="ACROSS_CHANNELS"):
        super().__init__()
        check_type(self.name, "depth_radius", depth_radius, int)
        if depth_radius < 0:
            raise ValueError(f"For '{self.name}', the 'depth_radius' must be >= 0, but got {depth_radius}.")
        for arg, value in (("bias", bias), ("alpha", alpha), ("beta", beta)):
            check_type(self.name, arg, value, float)
        check_type(self.name, "norm_region", norm_region, str)
        check_string(self.name, "norm_region", norm_region, ("ACROSS_CHANNELS",), case_sensitive=True)
        for arg, value in (("depth_radius", depth_radius), ("bias", bias), ("alpha", alpha), ("beta", beta),
                           ("norm_region", norm_region)):
            self.add_prim_attr(arg, value)

    def compute(self, x):
        self._check_tensor("x", x, _FLOAT16_32)
        self._check_rank("x", x, 4)
        return _F.lrn(x, self.depth_radius, self.bias, self.alpha, self.beta, self.norm_region)


def _nchw_window(op: str, arg: str, value) -> tuple:
    """ksizes / strides / rates of the NCHW patch primitives: (row, col), given as 2 ints
    or as (1, 1, row, col)."""
    if not isinstance(value, (tuple, list)):
        raise TypeError(f"For '{op}', the '{arg}' must be a tuple or list of ints, but got {type(value).__name__}.")
    values = _int_sequence(op, arg, value, (2, 4), 1)
    return values[2:] if len(values) == 4 else values


class ExtractImagePatches(_Composed):
    """ExtractImagePatches(ksizes, strides, rates, padding='VALID'): the kh x kw patches of
    x (N, C, H, W), each sampled every `rates` pixels, at every `strides` step, as
    channels: output (N, kh * kw * C, out_h, out_w), a patch's values ordered by row,
    column, then channel. ksizes, strides and rates are (row, col) or (1, 1, row, col).
    'VALID' keeps patches inside x: out = (in - (k - 1) * rate - 1) // stride + 1; 'SAME'
    gives out = ceil(in / stride), zero padding split evenly (the extra one at the end)."""

    def __init__(self, ksizes, strides, rates, padding="VALID"):
        super().__init__()
        self.add_prim_attr("ksizes", _nchw_window(self.name, "ksizes", ksizes))
        self.add_prim_attr("strides", _nchw_window(self.name, "strides", strides))
        self.add_prim_attr("rates", _nchw_window(self.name, "rates", rates))
        self.add_prim_attr("padding", check_string(self.name, "padding", padding, ("SAME", "VALID")))

    def _padding(self, spatial: tuple) -> tuple:
        """(before, after) zero padding per spatial dim, and the output size."""
        pads, sizes = [], []
        for size, kernel, stride, rate in zip(spatial, self.ksizes, self.strides, self.rates):
            extent = (kernel - 1) * rate + 1
            if self.padding == "VALID":
                out = (size - extent) // stride + 1
                pads.append((0, 0))
            else:
                out = -(-size // stride)
                total = max((out - 1) * stride + extent - size, 0)
                pads.append((total // 2, total - total // 2))
            if out <= 0:
                raise ValueError(f"For '{self.name}', the patches of ksizes {self.ksizes} and rates {self.rates} do "
                                 f"not fit in the input's spatial shape {spatial}.")
            sizes.append(out)
        return pads, tuple(sizes)

    def compute(self, input_x):
        self._check_tensor("input_x", input_x)
        self._check_rank("input_x", input_x, 4)
        batch, channels, *spatial = input_x.shape
        pads, (out_h, out_w) = self._padding(tuple(spatial))
        (top, bottom), (left, right) = pads
        if top or bottom or left or right:
            input_x = _F.pad(input_x, (left, right, top, bottom))
        columns = _F.unfold(input_x, self.ksizes, self.rates, 0, self.strides)      # (N, C * kh * kw, L)
        kernel_area = self.ksizes[0] * self.ksizes[1]
        patches = _F.reshape(columns, (batch, channels, kernel_area, out_h, out_w))
        return _F.reshape(_F.transpose(patches, (0, 2, 1, 3, 4)), (batch, kernel_area * channels, out_h, out_w))
