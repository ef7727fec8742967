"""ProximalAdagrad: Adagrad's step followed by the proximal step of L1 and L2
regularization."""
from __future__ import annotations

from ... import ops
from ...ops.validator import check_bool
from ..dynamic_lr import check_non_negative_float
from .adafactor import computing_dtype
from .adam import in_dtype
from .optimizer import Optimizer

__all__ = ["ProximalAdagrad"]


class ProximalAdagrad(Optimizer):
    """ProximalAdagrad(params, accum=0.1, learning_rate=0.001, l1=0.0, l2=0.0, use_locking=False,
    loss_scale=1.0, weight_decay=0.0)

    a += g^2; r = lr / sqrt(a); v = w - r * g;
    w = sign(v) * max(|v| - r * l1, 0) / (1 + r * l2). The accumulators start at `accum`
    (a float, at least 0) and are kept as 'accum.<name>'.

    MindSpore applies this with its in-place ApplyProximalAdagrad kernel; here it is
    composed of ops, and the accumulator and the parameter are set with ops.assign.
    """

    def __init__(self, params, accum=0.1, learning_rate=0.001, l1=0.0, l2=0.0, use_locking=False, loss_scale=1.0,
                 weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        check_non_negative_float(self.cls_name, "accum", accum)
        self.l1 = check_non_negative_float(self.cls_name, "l1", l1)
        self.l2 = check_non_negative_float(self.cls_name, "l2", l2)
        self.use_locking = check_bool(self.cls_name, "use_locking", use_locking)
        self.accum = self.parameters.clone(prefix="accum", init=accum)

    def construct(self, grads):
        grads = self._prepared_gradients(grads)
        for param, accum, lr, grad in zip(self.parameters, self.accum, self._step_lrs(), grads):
            self._update(param, accum, lr, grad)
        return (True,) * self.param_length

    def _update(self, param, accum, lr, grad) -> None:
        """In float32 for float16 parameters (as MindSpore's kernel computes)."""
        dtype = computing_dtype(param.dtype)
        grad = in_dtype(grad, dtype)
        squares = ops.assign(accum, in_dtype(in_dtype(accum, dtype) + ops.square(grad), accum.dtype))
        rate = in_dtype(lr, dtype) / ops.sqrt(in_dtype(squares, dtype))
        value = in_dtype(param, dtype) - rate * grad
        shrunk = ops.maximum(ops.abs(value) - rate * self.l1, 0.0)
        ops.assign(param, in_dtype(ops.sign(value) * shrunk / (1.0 + rate * self.l2), param.dtype))
