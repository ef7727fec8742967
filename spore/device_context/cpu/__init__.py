"""`mindspore.device_context.cpu`: the CPU backend."""
from . import device, op_tuning
from .device import device_count, is_available
from .op_tuning import threads_num

__all__ = ["device", "device_count", "is_available", "op_tuning", "threads_num"]
