"""`mindspore.device_context`: per-backend device facts and tuning (`cpu`, `gpu`,
`ascend`)."""
from . import ascend, cpu, gpu

__all__ = ["ascend", "cpu", "gpu"]
