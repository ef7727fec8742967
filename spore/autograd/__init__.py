"""The transformations: the PyNative tape and the reverse engine it shares with the graph
compiler, hooks and custom Cell bprops, mixed-precision casting, batching (vmap), and the
gradient APIs users call (GradOperation, grad, value_and_grad, vjp, jvp, jacfwd, jacrev).
Each transformation is an interpreter on the stack of ops/interpreter.py."""
from ..common.tensor import Tensor
from .batching import _Vmap, vmap
from .grad import GradOperation, _Grad, grad, value_and_grad
from .tape import register_tensor_hook
from .transforms import derivative, get_grad, jacfwd, jacrev, jet, jvp, linearize, vjp

Tensor.register_hook = register_tensor_hook
