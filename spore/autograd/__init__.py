"""The transformations: the PyNative tape and the reverse engine it shares with the graph
compiler, hooks and custom Cell bprops, mixed-precision casting, batching (vmap), and the
gradient APIs users call (GradOperation, grad, value_and_grad, vjp, jvp, jacfwd, jacrev).
Each transformation is an interpreter on the stack of ops/interpreter.py."""
from ..common.tensor import Tensor
from .batching import _Vmap, vmap
from .grad import GradOperation, _Grad, grad, value_and_grad
from .tape import register_tensor_hook, remove_tensor_hook, tensor_hooks_of
from .transforms import J, derivative, get_grad, jacfwd, jacrev, jet, jvp, linearize, vjp

# The hook methods of Tensor (which sits below this layer) are the tape's.
Tensor.register_hook = register_tensor_hook
Tensor.hooks = tensor_hooks_of
Tensor.remove_hook = staticmethod(remove_tensor_hook)
