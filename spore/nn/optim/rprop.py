"""Rprop: resilient backpropagation, a per-element step size grown while the gradient
keeps its sign and shrunk when it flips; only the gradient's sign moves the parameter."""
from __future__ import annotations

from ... import ops
from ...common import dtype as mstype
from ...ops.validator import check_type
from ..dynamic_lr import check_float
from .adam import in_dtype
from .optimizer import Optimizer

__all__ = ["Rprop"]


class Rprop(Optimizer):
    """Rprop(params, learning_rate=0.1, etas=(0.5, 1.2), step_sizes=(1e-6, 50.), weight_decay=0.0)

    Per element, with s = sign(g * g_prev) and the step size starting at lr:
    step = clip(step * (etaplus if s > 0, etaminus if s < 0, else 1), *step_sizes);
    where s < 0 the gradient is taken as 0 (and so remembered); w -= sign(g) * step.
    etas = (etaminus, etaplus) with 0 < etaminus < 1 < etaplus. The update runs in float32.
    State: 'prev.<name>' (the previous gradient), 'step_size.<name>'.
    """

    def __init__(self, params, learning_rate=0.1, etas=(0.5, 1.2), step_sizes=(1e-6, 50.), weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay)
        _check_pair("etas", etas)
        _check_pair("step_sizes", step_sizes)
        if step_sizes[0] > step_sizes[1]:
            raise ValueError(f"For 'Rprop', the maximal step size must not be less than the minimal step size, but "
                             f"got step_sizes {step_sizes}.")
        check_float(self.cls_name, "etaminus", etas[0], 0.0, 1.0, include_min=False, include_max=False)
        check_type(self.cls_name, "etaplus", etas[1], float)
        if etas[1] <= 1.0:
            raise ValueError(f"For 'Rprop', the 'etaplus' must be greater than 1.0, but got {etas[1]}.")
        check_type(self.cls_name, "min_step_sizes", step_sizes[0], float)
        check_type(self.cls_name, "max_step_sizes", step_sizes[1], float)
        self.etaminus, self.etaplus = etas
        self.step_size_min, self.step_size_max = step_sizes
        self.prev = self.parameters.clone(prefix="prev", init="zeros")
        self.step_size = self.parameters.clone(prefix="step_size", init="zeros")

    def construct(self, gradients):
        gradients = self._prepared_gradients(gradients)
        lrs = self._step_lrs()
        first_step = self.global_step.reshape(()) == 1
        for param, prev, step_size, lr, grad in zip(self.parameters, self.prev, self.step_size, lrs, gradients):
            self._update(param, prev, step_size, lr, first_step, grad)
        return (True,) * self.param_length

    def _update(self, param, prev, step_size, lr, first_step, grad) -> None:
        grad = in_dtype(grad, mstype.float32)
        size = ops.select(first_step, ops.ones_like(grad) * lr, in_dtype(step_size, mstype.float32))
        agreement = ops.sign(grad * in_dtype(prev, mstype.float32))
        flipped = agreement < 0
        factor = ops.select(agreement > 0, ops.full_like(grad, self.etaplus),
                            ops.select(flipped, ops.full_like(grad, self.etaminus), ops.ones_like(grad)))
        size = ops.clip_by_value(size * factor, self.step_size_min, self.step_size_max)
        grad = ops.select(flipped, ops.zeros_like(grad), grad)
        ops.assign(param, in_dtype(in_dtype(param, mstype.float32) - ops.sign(grad) * size, param.dtype))
        ops.assign(prev, in_dtype(grad, prev.dtype))
        ops.assign(step_size, in_dtype(size, step_size.dtype))


def _check_pair(name: str, value) -> None:
    if not isinstance(value, tuple):
        raise TypeError(f"For 'Rprop', the '{name}' must be a tuple, but got {type(value).__name__}.")
    if len(value) != 2:
        raise ValueError(f"For 'Rprop', the '{name}' must be a tuple of 2 elements, but got {len(value)}.")
