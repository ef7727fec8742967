"""`mindspore.device_context.gpu`: CUDA GPUs (through PyTorch's CUDA build)."""
from . import device, op_precision
from .device import device_count, is_available
from .op_precision import conv_allow_tf32, matmul_allow_tf32

__all__ = ["conv_allow_tf32", "device", "device_count", "is_available", "matmul_allow_tf32", "op_precision"]
