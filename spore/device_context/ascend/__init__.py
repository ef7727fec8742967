"""`mindspore.device_context.ascend`: Ascend NPUs, which spore does not run on."""
from . import device
from .device import device_count, is_available

__all__ = ["device", "device_count", "is_available"]
