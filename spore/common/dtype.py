"""`mindspore.common.dtype`: MindSpore's data types, at the path MindSpore scripts import.

The types are defined once in `spore._kernels.dtype`, on the ground floor, because the
kernels map them to torch's; this path is the same module object (one definition, two doors).
"""
import sys

from .._kernels import dtype as _owner

sys.modules[__name__] = _owner
