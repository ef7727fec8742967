"""MindSpore's two-stage dropout (deprecated since 1.5 in favour of Dropout): DropoutGenMask
draws a bit mask, DropoutDoMask applies it. MindSpore 2.7.1 has no CPU kernel for them (a
call fails at kernel selection); they compute what MindSpore 1.x documented: the mask is
uint8 with one bit per element (element i is bit i % 8 of byte i // 8), padded to a
multiple of 128 bits as Ascend's kernel lays it out."""
from __future__ import annotations

from ...common import dtype as mstype
from ..primitive import Primitive, TensorSpec
from ..validator import check_dtype, check_tensor, check_type

__all__ = ["DropoutDoMask", "DropoutGenMask"]

_FLOATS = (mstype.float16, mstype.float32, mstype.float64)


def mask_bytes(count: int) -> int:
    """The mask's length in bytes for `count` elements: whole 128-bit blocks."""
    return (count + 127) // 128 * 16


def _check_keep_prob(op: str, keep_prob) -> None:
    """keep_prob is a float or a 0-d float Tensor (its value is checked by `_check_keep_value`)."""
    if isinstance(keep_prob, float):
        return
    check_tensor(op, "keep_prob", keep_prob)
    check_dtype(op, "keep_prob", keep_prob.dtype, _FLOATS)
    if keep_prob.shape != ():
        raise ValueError(f"For '{op}', the 'keep_prob' must be a 0-d Tensor, but got shape {keep_prob.shape}.")


def _check_keep_value(op: str, keep_prob) -> None:
    """A concrete keep_prob (a call's, not an abstract or batched one's) lies in (0, 1]."""
    value = keep_prob if isinstance(keep_prob, float) else float(keep_prob.asnumpy())
    if not 0 < value <= 1:
        raise ValueError(f"For '{op}', the 'keep_prob' must be in range (0, 1], but got {value}.")


class DropoutGenMask(Primitive):
    """DropoutGenMask(Seed0=0, Seed1=0)(shape, keep_prob): a random 1-D UInt8 mask for a
    tensor of `shape` (a tuple of ints): each element's bit is 1 with probability keep_prob
    (a 0-d float Tensor in (0, 1]); length ceil(prod(shape) / 128) * 16 bytes, the padding
    bits 0. Seed0 / Seed1 seed this instance's stream (see `spore.common.seed`)."""

    pure = False

    def __init__(self, Seed0=0, Seed1=0):
        super().__init__()
        self.add_prim_attr("Seed0", check_type(self.name, "Seed0", Seed0, int))
        self.add_prim_attr("Seed1", check_type(self.name, "Seed1", Seed1, int))

    def check(self, shape, keep_prob):
        self.infer(shape, keep_prob)
        _check_keep_value(self.name, keep_prob)

    def infer(self, shape, keep_prob):
        if not isinstance(shape, tuple) or not all(type(n) is int and n >= 0 for n in shape):
            raise TypeError(f"For '{self.name}', the 'shape' must be a tuple of non-negative ints, "
                            f"but got {shape!r}.")
        _check_keep_prob(self.name, keep_prob)
        count = 1
        for n in shape:
            count *= n
        return TensorSpec((mask_bytes(count),), mstype.uint8)


class DropoutDoMask(Primitive):
    """DropoutDoMask()(input_x, mask, keep_prob): input_x times its element's mask bit,
    divided by keep_prob (a 0-d float Tensor or a float in (0, 1]); mask a 1-D UInt8 tensor
    from DropoutGenMask for input_x's shape. Same shape and dtype as input_x."""

    def check(self, input_x, mask, keep_prob):
        self.infer(input_x, mask, keep_prob)
        _check_keep_value(self.name, keep_prob)

    def infer(self, input_x, mask, keep_prob):
        check_tensor(self.name, "input_x", input_x)
        check_dtype(self.name, "input_x", input_x.dtype, _FLOATS)
        check_tensor(self.name, "mask", mask)
        check_dtype(self.name, "mask", mask.dtype, (mstype.uint8,))
        count = 1
        for n in input_x.shape:
            count *= n
        if len(mask.shape) != 1 or mask.shape[0] * 8 < count:
            raise ValueError(f"For '{self.name}', the 'mask' must be 1-D with at least {(count + 7) // 8} bytes "
                             f"for 'input_x' of shape {list(input_x.shape)}, but got shape {list(mask.shape)}.")
        _check_keep_prob(self.name, keep_prob)
        return TensorSpec(input_x.shape, input_x.dtype)
