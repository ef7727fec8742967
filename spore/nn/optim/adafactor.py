"""AdaFactor: Adam-like steps whose second moment of a matrix is kept factored, as
running averages of its row and column means, with a relative step size."""
from __future__ import annotations

from ... import ops
from ...common import dtype as mstype
from ...common.initializer import initializer
from ...common.parameter import Parameter, ParameterTuple
from ...ops.validator import check_bool, check_type
from ..dynamic_lr import check_float, check_non_negative_float
from .adam import in_dtype
from .optimizer import Optimizer

__all__ = ["AdaFactor"]


class AdaFactor(Optimizer):
    """AdaFactor(params, learning_rate=None, eps=(1e-30, 1e-3), clip_threshold=1.0, decay_rate=0.8, beta1=0.9,
    weight_decay=0.0, scale_parameter=True, relative_step=True, warmup_init=False, compression=False,
    loss_scale=1.0)

    At step t (from 1), with beta2t = 1 - t^-decay_rate and u = g^2 + eps[0]: for a
    parameter of 2 or more axes, R = beta2t * R + (1 - beta2t) * mean(u, -1) and
    C = beta2t * C + (1 - beta2t) * mean(u, -2), V = (R / mean(R, -1)) outer C; for a vector
    V = beta2t * V + (1 - beta2t) * u. Then U = g / sqrt(V), U /= max(1, rms(U) / clip_threshold),
    U *= a where a = rho * max(eps[1], rms(w)) with scale_parameter, else rho; with beta1 > 0,
    m = beta1 * m + (1 - beta1) * U and U = m; w -= a * weight_decay * w + U.
    rho is min(1e-2, 1 / sqrt(t)) with relative_step (min(1e-6 * t, 1 / sqrt(t)) with
    warmup_init), else the learning rate; a learning rate that is not a number (a Tensor,
    a list, a LearningRateSchedule) turns scale_parameter off. As in MindSpore, the
    gradients are used as they come: neither unscaled by `loss_scale` nor decayed before
    the update. Float16 parameters and gradients are updated in float32.

    State: 'exp_avg.<name>' (m, with beta1 > 0), 'exp_avg_sq_row_<name>' (R),
    'exp_avg_sq_col_<name>' (C), 'exp_avg_sq_<name>' (V; float16 with compression),
    the unused ones of shape (1,), and 'afactor_step' (t, Float32 of shape (1,)).
    """

    _support_parallel_optimizer = True

    def __init__(self, params, learning_rate=None, eps=(1e-30, 1e-3), clip_threshold=1.0, decay_rate=0.8, beta1=0.9,
                 weight_decay=0.0, scale_parameter=True, relative_step=True, warmup_init=False, compression=False,
                 loss_scale=1.0):
        if learning_rate is not None and relative_step:
            raise ValueError(f"For 'AdaFactor', a 'learning_rate' can not be combined with 'relative_step', but got "
                             f"learning_rate {learning_rate}.")
        if warmup_init and not relative_step:
            raise ValueError("For 'AdaFactor', 'warmup_init' requires 'relative_step' to be True.")
        if learning_rate is None and not relative_step:
            raise ValueError("For 'AdaFactor', the 'learning_rate' can not be None when 'relative_step' is False.")
        learning_rate = 0.0 if learning_rate is None else learning_rate
        numeric_rate = isinstance(learning_rate, (float, int)) and not isinstance(learning_rate, bool)
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        if self.is_group_lr:
            raise ValueError("For 'AdaFactor', parameter groups can not set their own 'lr'.")
        self.eps = _checked_eps(eps)
        self.clip_threshold = check_non_negative_float(self.cls_name, "clip_threshold", clip_threshold)
        self.decay_rate = check_float(self.cls_name, "decay_rate", decay_rate, 0.0, 1.0, include_min=False,
                                      include_max=False)
        self.param_decay = check_float(self.cls_name, "weight_decay", weight_decay, 0.0, 1.0, include_max=False)
        self.scale_parameter = check_bool(self.cls_name, "scale_parameter", scale_parameter) and numeric_rate
        self.relative_step = check_bool(self.cls_name, "relative_step", relative_step) and numeric_rate
        self.warmup_init = bool(warmup_init)
        self.compression = check_bool(self.cls_name, "compression", compression)
        beta1 = 0.0 if beta1 is None else beta1
        check_type(self.cls_name, "beta1", beta1, (int, float))
        self.beta1 = check_non_negative_float(self.cls_name, "beta1", float(beta1))
        self.use_first_moment = self.beta1 > 0
        if self.use_first_moment:
            self.exp_avg = self.parameters.clone(prefix="exp_avg", init="zeros")
        self.factored = tuple(len(p.shape) > 1 for p in self.parameters)
        self._init_second_moments()
        self.step = Parameter(initializer(0, [1], mstype.float32), name="afactor_step")

    def _init_second_moments(self) -> None:
        """R and C for the parameters of 2 or more axes, V for the others; (1,) placeholders
        where unused."""
        rows, cols, squares = [], [], []
        for param, factored in zip(self.parameters, self.factored):
            shape, dtype, name = param.shape, param.dtype, param.name
            row_shape, col_shape = (shape[:-1], shape[:-2] + shape[-1:]) if factored else ((1,), (1,))
            square_shape = (1,) if factored else shape
            square_dtype = mstype.float16 if self.compression and not factored else dtype
            rows.append(Parameter(initializer(0, row_shape, dtype), name=f"exp_avg_sq_row_{name}"))
            cols.append(Parameter(initializer(0, col_shape, dtype), name=f"exp_avg_sq_col_{name}"))
            squares.append(Parameter(initializer(0, square_shape, square_dtype), name=f"exp_avg_sq_{name}"))
        self.exp_avg_sq_row = ParameterTuple(rows)
        self.exp_avg_sq_col = ParameterTuple(cols)
        self.exp_avg_sq = ParameterTuple(squares)

    @property
    def supports_memory_efficient_fp16(self) -> bool:
        """AdaFactor updates float16 parameters (in float32, stored back in float16)."""
        return True

    @property
    def supports_flat_params(self) -> bool:
        """The parameters are updated one by one, never flattened into one buffer."""
        return False

    def construct(self, gradients):
        self._check_gradients(gradients)
        lr = self._step_lrs()[0]
        step = ops.assign(self.step, self.step + 1.0)
        if self.relative_step:
            min_step = step * 1e-6 if self.warmup_init else 1e-2
            lr = ops.minimum(min_step, 1.0 / ops.sqrt(step))
        lr = in_dtype(lr, mstype.float32).reshape(())
        beta2t = (1.0 - ops.pow(step, -self.decay_rate)).reshape(())
        exp_avgs = self.exp_avg if self.use_first_moment else (None,) * self.param_length
        for param, grad, factored, exp_avg, row, col, square in zip(self.parameters, gradients, self.factored,
                                                                    exp_avgs, self.exp_avg_sq_row,
                                                                    self.exp_avg_sq_col, self.exp_avg_sq):
            self._update(param, grad, factored, exp_avg, row, col, square, lr, beta2t)
        return (True,) * self.param_length

    def _update(self, param, grad, factored, exp_avg, row, col, square, lr, beta2t) -> None:
        dtype = computing_dtype(param.dtype)
        weight, grad = in_dtype(param, dtype), in_dtype(grad, dtype)
        lr, beta2t = in_dtype(lr, dtype), in_dtype(beta2t, dtype)
        step_lr = lr * ops.maximum(_rms(weight), self.eps[1]) if self.scale_parameter else lr
        squared = ops.square(grad) + self.eps[0]
        if factored:
            row = _moving_average(row, ops.mean(squared, -1), beta2t)
            col = _moving_average(col, ops.mean(squared, -2), beta2t)
            row_factor = ops.rsqrt(in_dtype(row, dtype) / ops.mean(in_dtype(row, dtype), -1, keep_dims=True))
            update = row_factor.expand_dims(-1) * ops.rsqrt(in_dtype(col, dtype)).expand_dims(-2) * grad
        else:
            square = _moving_average(square, squared, beta2t)
            update = ops.rsqrt(in_dtype(square, dtype)) * grad
        update = update / ops.maximum(_rms(update) / self.clip_threshold, 1.0) * step_lr
        if self.use_first_moment:
            update = in_dtype(_moving_average(exp_avg, update, self.beta1), dtype)
        if self.param_decay > 0:
            weight = weight - weight * (self.param_decay * step_lr)
        ops.assign(param, in_dtype(weight - update, param.dtype))


def _checked_eps(eps) -> tuple:
    check_type("AdaFactor", "eps", eps, (list, tuple))
    if len(eps) != 2:
        raise ValueError(f"For 'AdaFactor', the 'eps' must hold 2 floats (eps1, eps2), but got {len(eps)} values.")
    return tuple(check_non_negative_float("AdaFactor", f"eps{i}", value) for i, value in enumerate(eps))


def computing_dtype(dtype):
    """The dtype an update of a parameter of `dtype` computes in: float32 for float16."""
    return mstype.float32 if dtype == mstype.float16 else dtype


def _rms(x):
    return ops.sqrt(ops.mean(ops.square(x)))


def _moving_average(state, value, decay):
    """state = decay * state + (1 - decay) * value, computed in value's dtype and stored in
    the state's; returns the stored state."""
    return ops.assign(state, in_dtype(in_dtype(state, value.dtype) * decay + value * (1.0 - decay), state.dtype))
