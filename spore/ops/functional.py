"""`mindspore.ops.functional` (scripts import it as `F`): the functional API under the
module path MindSpore 1.x code uses. Every name is the object its owning module defines:
the functions of `spore.ops.function`, the gradient transformations of
`spore.ops.composite`, and the few Primitive classes and modules MindSpore also exposes
here."""
import types

from . import composite as _composite
from . import operations
from . import operations as P  # noqa: F401 - re-exported
from .function import *  # noqa: F403
from .operations import array_ops, linalg_ops, other_ops  # noqa: F401 - re-exported

# The composite operations and transformations, without composite's own submodules;
# where a name is also a function of the functional API (zeros_like), F holds the function.
globals().update({name: value for name, value in vars(_composite).items()
                  if not name.startswith("_") and not isinstance(value, types.ModuleType) and name not in globals()})

_PRIMITIVE_CLASSES = frozenset({"AdaptiveMaxPool2D", "DtypeToEnum", "J", "Median", "Roll", "SliceGetItem",
                                "TensorToTuple", "UniqueConsecutive"})
"""The Primitive classes MindSpore's `F` holds, looked up in `ops.operations` when asked
for, so that F has exactly those its owner defines."""


def __getattr__(name: str):
    if name in _PRIMITIVE_CLASSES:
        return getattr(operations, name)
    if name in _composite.TRANSFORMATIONS:   # defined above ops, in spore.autograd
        return getattr(_composite, name)
    raise AttributeError(f"module 'mindspore.ops.functional' has no attribute '{name}'")
