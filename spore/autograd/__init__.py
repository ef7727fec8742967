"""PyNative automatic differentiation: the tape, the backward walk, hooks and custom
Cell bprops. The gradient APIs users call (GradOperation, grad, value_and_grad) are in
spore/ops/composite and are built on this package."""
from ..common.tensor import Tensor
from .tape import register_tensor_hook

Tensor.register_hook = register_tensor_hook
