"""GPU math precision: whether matmuls and convolutions may round float32 inputs to
TF32 (faster on GPUs that have TF32 units, 10-bit mantissa)."""
from __future__ import annotations

from ..._kernels import device_conf as _device_conf


def _check_bool(api: str, value) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"For '{api}', the parameter 'value' must be <class 'bool'>, but got {type(value)}.")


def matmul_allow_tf32(value) -> None:
    """Allow TF32 in float32 matrix multiplications."""
    _check_bool("matmul_allow_tf32", value)
    _device_conf.allow_tf32_matmul(value)


def conv_allow_tf32(value) -> None:
    """Allow TF32 in float32 convolutions."""
    _check_bool("conv_allow_tf32", value)
    _device_conf.allow_tf32_conv(value)
