"""`mindspore.communication`: joining a distributed job, ranks, groups (management.py) and
the collective functions (comm_func.py), on torch.distributed underneath (_kernels/collective.py).
The collective Primitives are ops.AllReduce and its family (ops/operations/comm_ops.py)."""
from . import comm_func, management
from .management import *
from .management import __all__ as _management_names

__all__ = list(_management_names)
