"""More optimizer updates on the declared side-effect contract of optim_ops.py: AdamNoUpdateParam,
ApplyKerasMomentum, FusedWeightScaleApplyMomentum, LARSUpdate, the fused updates
FusedCastAdamWeightDecay, FusedAdaFactor(WithGlobalNorm), FusedSparseAdam, FusedSparseLazyAdam,
FusedSparseFtrl, FusedSparseProximalAdagrad, and the row-indexed SparseApplyAdadelta,
SparseApplyFtrlV2 and SparseApplyProximalAdagrad.

The Fused* updates rebind their states like the others but return placeholders: MindSpore
2.7.1's CPU kernels leave their outputs unwritten (its documentation calls them useless).
spore returns zeros of the states' shapes and dtypes, except the sparse ones' first output,
which is the updated variable (the one output MindSpore's CPU kernels do return).

ApplyKerasMomentum, FusedWeightScaleApplyMomentum, LARSUpdate, SparseApplyAdadelta,
SparseApplyFtrlV2 and SparseApplyProximalAdagrad have no CPU kernel in MindSpore 2.7.1 (it
raises RuntimeError there after checking the inputs); spore computes their documented formulas
on every device.
"""
from __future__ import annotations

from ...common import dtype as mstype
from ..primitive import Primitive, TensorSpec
from ..validator import check_bool, check_dtype, check_tensor, check_type
from .optim_ops import (
    _FLOATS,
    _ApplyOptimizer,
    _check_float_attr,
    _check_same_shape,
    _check_scalar,
    _SparseApplyOptimizer,
)

__all__ = [
    "AdamNoUpdateParam", "ApplyKerasMomentum", "FusedWeightScaleApplyMomentum", "LARSUpdate",
    "FusedCastAdamWeightDecay", "FusedAdaFactor", "FusedAdaFactorWithGlobalNorm", "FusedSparseAdam",
    "FusedSparseLazyAdam", "FusedSparseFtrl", "FusedSparseProximalAdagrad", "SparseApplyAdadelta",
    "SparseApplyFtrlV2", "SparseApplyProximalAdagrad",
]

_FLOAT32 = (mstype.float32,)
_HALF_OR_SINGLE = (mstype.float16, mstype.float32)


def _check_attr_range(op: str, name: str, value, low_ok, description: str) -> float:
    """A float attribute (an int is a TypeError, as in MindSpore) in the range `low_ok` accepts."""
    value = _check_float_attr(op, name, value)
    if not low_ok(value):
        raise ValueError(f"For '{op}', the '{name}' must be {description}, but got {value}.")
    return value


def _use_locking_and_nesterov(prim, use_locking, use_nesterov) -> None:
    prim.add_prim_attrs(use_locking=check_bool(prim.name, "use_locking", use_locking),
                        use_nesterov=check_bool(prim.name, "use_nesterov", use_nesterov))


class AdamNoUpdateParam(_ApplyOptimizer):
    """AdamNoUpdateParam(use_locking=False, use_nesterov=False)(m, v, beta1_power, beta2_power, lr,
    beta1, beta2, epsilon, gradient) -> update

    Adam's step without applying it: m and v are updated as in Adam and the call returns
    -lr * sqrt(1 - beta2_power) / (1 - beta1_power) * u / (sqrt(v) + epsilon), u = m (with
    use_nesterov beta1 * m + (1 - beta1) * gradient), to add to the parameter. Float32 only.
    """

    inputs = ("m", "v", "beta1_power", "beta2_power", "lr", "beta1", "beta2", "epsilon", "gradient")
    states = ("m", "v")
    gradient = "gradient"
    scalars = ("beta1_power", "beta2_power", "lr", "beta1", "beta2", "epsilon")
    extra_results = {"update": "gradient"}
    outputs = ("update",)
    variable_dtypes = _FLOAT32
    narrower_gradient = False

    def __init__(self, use_locking=False, use_nesterov=False):
        super().__init__()
        _use_locking_and_nesterov(self, use_locking, use_nesterov)


class ApplyKerasMomentum(_ApplyOptimizer):
    """ApplyKerasMomentum(use_locking=False, use_nesterov=False)(var, accum, lr, grad, momentum)
    -> (var, accum)

    accum = accum * momentum - grad * lr; var += accum, or with use_nesterov
    var += accum * momentum - grad * lr. Float16 or float32.
    """

    inputs = ("var", "accum", "lr", "grad", "momentum")
    states = ("var", "accum")
    scalars = ("lr", "momentum")
    outputs = ("var", "accum")
    variable_dtypes = _HALF_OR_SINGLE

    def __init__(self, use_locking=False, use_nesterov=False):
        super().__init__()
        _use_locking_and_nesterov(self, use_locking, use_nesterov)


class FusedWeightScaleApplyMomentum(_ApplyOptimizer):
    """FusedWeightScaleApplyMomentum()(weight_decay, loss_scale, variable, accumulation, learning_rate,
    gradient, momentum) -> variable

    ApplyMomentum of the gradient with weight decay, scaled:
    accumulation = momentum * accumulation + (gradient + weight_decay * variable) * loss_scale;
    variable -= learning_rate * accumulation.
    """

    inputs = ("weight_decay", "loss_scale", "variable", "accumulation", "learning_rate", "gradient", "momentum")
    states = ("variable", "accumulation")
    gradient = "gradient"
    scalars = ("weight_decay", "loss_scale", "learning_rate", "momentum")
    outputs = ("variable",)


class LARSUpdate(Primitive):
    """LARSUpdate(epsilon=1e-05, hyperpara=0.001, use_clip=False)(weight, gradient, norm_weight,
    norm_gradient, weight_decay, learning_rate) -> new gradient

    With the norms |w| = sqrt(norm_weight) and |g| = sqrt(norm_gradient) (the inputs are sums of
    squares): ratio = hyperpara * |w| / (|g| + weight_decay * |w| + epsilon), with use_clip
    min(max(ratio / learning_rate, 0), 1); the result is ratio * (gradient + weight_decay * weight),
    as nn.LARS scales its gradients.
    """

    inputs = ("weight", "gradient", "norm_weight", "norm_gradient", "weight_decay", "learning_rate")

    def __init__(self, epsilon=1e-05, hyperpara=0.001, use_clip=False):
        super().__init__()
        self.add_prim_attrs(epsilon=_check_float_attr(self.name, "epsilon", epsilon),
                            hyperpara=_check_float_attr(self.name, "hyperpara", hyperpara),
                            use_clip=check_bool(self.name, "use_clip", use_clip))

    def infer(self, weight, gradient, norm_weight, norm_gradient, weight_decay, learning_rate):
        op = self.name
        for name, value in zip(self.inputs[:4], (weight, gradient, norm_weight, norm_gradient)):
            check_tensor(op, name, value)
            check_dtype(op, name, value.dtype, _FLOATS)
        if gradient.dtype is not weight.dtype:
            raise TypeError(f"For '{op}', the dtype of 'gradient' must be {weight.dtype} (the dtype of 'weight'), "
                            f"but got {gradient.dtype}.")
        if tuple(gradient.shape) != tuple(weight.shape):
            raise ValueError(f"For '{op}', the shape of 'gradient' must be the shape of 'weight' "
                            f"{tuple(weight.shape)}, but got {tuple(gradient.shape)}.")
        for name, value in (("norm_weight", norm_weight), ("norm_gradient", norm_gradient),
                            ("weight_decay", weight_decay), ("learning_rate", learning_rate)):
            _check_scalar(op, name, value)
        return TensorSpec(gradient.shape, gradient.dtype)


class _OwnRules(_ApplyOptimizer):
    """An update whose states differ from its variable in shape or dtype: `_check_named` checks
    the tensors, on every call; the scalars are checked as for the others."""

    def check(self, *inputs):
        self.infer(*inputs)

    def infer(self, *inputs):
        if len(inputs) != len(self.inputs):
            raise TypeError(f"For '{self.name}', {len(self.inputs)} inputs ({', '.join(self.inputs)}) are "
                            f"expected, but got {len(inputs)}.")
        named = dict(zip(self.inputs, inputs))
        self._check_named(named)
        for name in self.scalars:
            _check_scalar(self.name, name, named[name])
        return self._output_specs(named)

    def _check_named(self, named: dict) -> None:
        raise NotImplementedError


class FusedCastAdamWeightDecay(_OwnRules):
    """FusedCastAdamWeightDecay(use_locking=False)(var, m, v, lr, beta1, beta2, epsilon, decay,
    gradient, global_norm) -> (placeholder, placeholder, placeholder)

    AdamWeightDecay of a float16 or float32 variable with float32 (or float16) moments, computed
    in float32: g = gradient / global_norm (when global_norm > 0, else gradient);
    m = beta1 * m + (1 - beta1) * g; v = beta2 * v + (1 - beta2) * g^2;
    var -= lr * (m / (sqrt(v) + epsilon) + decay * var), stored back in var's dtype.
    """

    inputs = ("var", "m", "v", "lr", "beta1", "beta2", "epsilon", "decay", "gradient", "global_norm")
    states = ("var", "m", "v")
    gradient = "gradient"
    scalars = ("lr", "beta1", "beta2", "epsilon", "decay", "global_norm")
    extra_results = {"var_placeholder": "var", "m_placeholder": "m", "v_placeholder": "v"}
    outputs = ("var_placeholder", "m_placeholder", "v_placeholder")
    variable_dtypes = _HALF_OR_SINGLE

    def __init__(self, use_locking=False):
        super().__init__()
        self.add_prim_attr("use_locking", check_bool(self.name, "use_locking", use_locking))

    def _check_named(self, named: dict) -> None:
        op = self.name
        var = named["var"]
        for name in ("var", "m", "v", "gradient"):
            check_tensor(op, name, named[name])
            check_dtype(op, name, named[name].dtype, _HALF_OR_SINGLE)
            _check_same_shape(op, name, named[name], "var", var)
        if named["v"].dtype is not named["m"].dtype:
            raise TypeError(f"For '{op}', the dtype of 'v' must be {named['m'].dtype} (the dtype of 'm'), but got "
                            f"{named['v'].dtype}.")


class FusedAdaFactor(_OwnRules):
    """FusedAdaFactor(enable_scale_parameter=False, enable_first_moment=False, enable_weight_decay=False)
    (epsilon, clip_threshold, beta1, beta2, weight_decay, learning_rate, gradient, param, exp_avg,
    exp_avg_sq_row, exp_avg_sq_col, exp_avg_sq) -> placeholder

    One AdaFactor step with beta2 as given, epsilon = (eps1, eps2) and u = gradient^2 + eps1:
    for a param of 2 or more axes, exp_avg_sq_row (param.shape[:-1]) and exp_avg_sq_col
    (param.shape[:-2] + param.shape[-1:]) take the moving averages (decay beta2) of the means of u
    over the last and the second-last axis, and V = (row / mean(row, -1)) outer col; for a vector,
    exp_avg_sq (param's shape) = beta2 * exp_avg_sq + (1 - beta2) * u is V. Then
    U = gradient / sqrt(V), U /= max(1, rms(U) / clip_threshold), U *= a with
    a = learning_rate * max(eps2, rms(param)) if enable_scale_parameter else learning_rate; with
    enable_first_moment exp_avg = beta1 * exp_avg + (1 - beta1) * U and U = exp_avg; with
    enable_weight_decay param -= weight_decay * a * param; param -= U. Float16 states are updated
    in float32. The states the param's rank does not use are left as they are.
    """

    inputs = ("epsilon", "clip_threshold", "beta1", "beta2", "weight_decay", "learning_rate", "gradient", "param",
              "exp_avg", "exp_avg_sq_row", "exp_avg_sq_col", "exp_avg_sq")
    states = ("param", "exp_avg", "exp_avg_sq_row", "exp_avg_sq_col", "exp_avg_sq")
    gradient = "gradient"
    scalars = ("clip_threshold", "beta1", "beta2", "weight_decay", "learning_rate")
    extra_results = {"placeholder": "param"}
    outputs = ("placeholder",)

    def __init__(self, enable_scale_parameter=False, enable_first_moment=False, enable_weight_decay=False):
        super().__init__()
        self.add_prim_attrs(
            enable_scale_parameter=check_bool(self.name, "enable_scale_parameter", enable_scale_parameter),
            enable_first_moment=check_bool(self.name, "enable_first_moment", enable_first_moment),
            enable_weight_decay=check_bool(self.name, "enable_weight_decay", enable_weight_decay))

    def _check_named(self, named: dict) -> None:
        op = self.name
        param = named["param"]
        for name in self.states + (self.gradient,):
            check_tensor(op, name, named[name])
            check_dtype(op, name, named[name].dtype, _FLOATS)
        shape = tuple(param.shape)
        expected = {"gradient": shape, "exp_avg": shape}
        if len(shape) > 1:
            expected.update(exp_avg_sq_row=shape[:-1], exp_avg_sq_col=shape[:-2] + shape[-1:])
        else:
            expected["exp_avg_sq"] = shape
        for name, want in expected.items():
            # MindSpore checks these sizes when its kernel runs: a RuntimeError.
            if tuple(named[name].shape) != want:
                raise RuntimeError(f"For '{op}', the shape of '{name}' must be {want} for a 'param' of shape "
                                   f"{shape}, but got {tuple(named[name].shape)}.")
        _check_epsilon_pair(op, named["epsilon"])


class FusedAdaFactorWithGlobalNorm(FusedAdaFactor):
    """FusedAdaFactorWithGlobalNorm(enable_scale_parameter=False, enable_first_moment=False,
    enable_weight_decay=False)(epsilon, clip_threshold, beta1, beta2, weight_decay, learning_rate,
    gradient, param, exp_avg, exp_avg_sq_row, exp_avg_sq_col, exp_avg_sq, global_norm) -> placeholder

    FusedAdaFactor of gradient / global_norm (of the gradient itself when global_norm <= 0).
    """

    inputs = FusedAdaFactor.inputs + ("global_norm",)
    scalars = FusedAdaFactor.scalars + ("global_norm",)


def _check_epsilon_pair(op: str, epsilon) -> None:
    """(eps1, eps2): a tuple / list of two numbers or a Tensor of two values."""
    if hasattr(epsilon, "shape") and hasattr(epsilon, "dtype"):
        check_dtype(op, "epsilon", epsilon.dtype, _FLOATS)
        count = 1
        for d in epsilon.shape:
            count *= d
    else:
        check_type(op, "epsilon", epsilon, (tuple, list))
        for value in epsilon:
            check_type(op, "epsilon", value, (int, float))
        count = len(epsilon)
    if count != 2:
        raise ValueError(f"For '{op}', the 'epsilon' must hold 2 values (eps1, eps2), but got {count}.")


# ---- sparse updates ---------------------------------------------------------------------------------
class _FusedSparseAdam(_SparseApplyOptimizer):
    """The inputs and checks of FusedSparseAdam and FusedSparseLazyAdam."""

    inputs = ("var", "m", "v", "beta1_power", "beta2_power", "lr", "beta1", "beta2", "epsilon", "grad", "indices")
    states = ("var", "m", "v")
    scalars = ("beta1_power", "beta2_power", "lr", "beta1", "beta2", "epsilon")
    extra_results = {"m_placeholder": "m", "v_placeholder": "v"}
    outputs = ("var", "m_placeholder", "v_placeholder")
    variable_dtypes = _FLOAT32
    index_dtypes = (mstype.int32,)

    def __init__(self, use_locking=False, use_nesterov=False):
        super().__init__()
        _use_locking_and_nesterov(self, use_locking, use_nesterov)


class FusedSparseAdam(_FusedSparseAdam):
    """FusedSparseAdam(use_locking=False, use_nesterov=False)(var, m, v, beta1_power, beta2_power, lr,
    beta1, beta2, epsilon, grad, indices) -> (var, placeholder, placeholder)

    Adam with the gradient rows of a repeated index summed and the rows no index names given a
    zero gradient: m and v decay on every row, and var is updated on every row. With use_nesterov
    var is updated on the indexed rows only (as MindSpore's CPU kernel does), with
    u = beta1 * m + (1 - beta1) * grad. Float32, int32 indices; indices outside
    [0, var.shape[0]) are skipped.
    """


class FusedSparseLazyAdam(_FusedSparseAdam):
    """FusedSparseLazyAdam(use_locking=False, use_nesterov=False)(var, m, v, beta1_power, beta2_power,
    lr, beta1, beta2, epsilon, grad, indices) -> (var, placeholder, placeholder)

    Adam on the rows `indices` names only (var, m and v of the other rows are kept), the gradient
    rows of a repeated index summed first. Float32, int32 indices.
    """


class FusedSparseFtrl(_SparseApplyOptimizer):
    """FusedSparseFtrl(lr, l1, l2, lr_power, use_locking=False)(var, accum, linear, grad, indices)
    -> (var, placeholder, placeholder)

    ApplyFtrl on the rows `indices` names, the gradient rows of a repeated index summed first.
    Float32, int32 indices; lr > 0, l1 >= 0, l2 >= 0, lr_power <= 0.
    """

    inputs = ("var", "accum", "linear", "grad", "indices")
    states = ("var", "accum", "linear")
    extra_results = {"accum_placeholder": "accum", "linear_placeholder": "linear"}
    outputs = ("var", "accum_placeholder", "linear_placeholder")
    variable_dtypes = _FLOAT32
    index_dtypes = (mstype.int32,)

    def __init__(self, lr, l1, l2, lr_power, use_locking=False):
        super().__init__()
        op = self.name
        self.add_prim_attrs(lr=_check_attr_range(op, "lr", lr, lambda x: x > 0, "> 0"),
                            l1=_check_attr_range(op, "l1", l1, lambda x: x >= 0, ">= 0"),
                            l2=_check_attr_range(op, "l2", l2, lambda x: x >= 0, ">= 0"),
                            lr_power=_check_attr_range(op, "lr_power", lr_power, lambda x: x <= 0, "<= 0"),
                            use_locking=check_bool(op, "use_locking", use_locking))


class _ProximalAdagradRows(_SparseApplyOptimizer):
    """The inputs of the row-indexed proximal Adagrad updates."""

    inputs = ("var", "accum", "lr", "l1", "l2", "grad", "indices")
    states = ("var", "accum")
    scalars = ("lr", "l1", "l2")

    def __init__(self, use_locking=False):
        super().__init__()
        self.add_prim_attr("use_locking", check_bool(self.name, "use_locking", use_locking))


class FusedSparseProximalAdagrad(_ProximalAdagradRows):
    """FusedSparseProximalAdagrad(use_locking=False)(var, accum, lr, l1, l2, grad, indices)
    -> (var, placeholder)

    ApplyProximalAdagrad on the rows `indices` names, the gradient rows of a repeated index
    summed first. Float32.
    """

    extra_results = {"accum_placeholder": "accum"}
    outputs = ("var", "accum_placeholder")
    variable_dtypes = _FLOAT32


class SparseApplyProximalAdagrad(_ProximalAdagradRows):
    """SparseApplyProximalAdagrad(use_locking=False)(var, accum, lr, l1, l2, grad, indices)
    -> (var, accum)

    ApplyProximalAdagrad on the rows `indices` names, one step for each occurrence of an index
    (MindSpore leaves repeated indices undefined). Float16 or float32.
    """

    outputs = ("var", "accum")
    variable_dtypes = _HALF_OR_SINGLE


class SparseApplyAdadelta(_SparseApplyOptimizer):
    """SparseApplyAdadelta(epsilon, use_locking=False)(var, accum, accum_update, lr, rho, grad, indices)
    -> (var, accum, accum_update)

    ApplyAdadelta on the rows `indices` names, one step for each occurrence of an index. As
    MindSpore checks, `grad` has var's shape (so `indices` names var.shape[0] rows). Float16 or
    float32; epsilon >= 0.
    """

    inputs = ("var", "accum", "accum_update", "lr", "rho", "grad", "indices")
    states = ("var", "accum", "accum_update")
    scalars = ("lr", "rho")
    outputs = ("var", "accum", "accum_update")
    variable_dtypes = _HALF_OR_SINGLE

    def __init__(self, epsilon, use_locking=False):
        super().__init__()
        self.add_prim_attrs(epsilon=_check_attr_range(self.name, "epsilon", epsilon, lambda x: x >= 0, ">= 0"),
                            use_locking=check_bool(self.name, "use_locking", use_locking))

    def _check_gradient_shape(self, named: dict) -> None:
        _check_same_shape(self.name, "grad", named["grad"], "var", named["var"])
        super()._check_gradient_shape(named)


class SparseApplyFtrlV2(_SparseApplyOptimizer):
    """SparseApplyFtrlV2(lr, l1, l2, l2_shrinkage, lr_power, use_locking=False)(var, accum, linear,
    grad, indices) -> (var, accum, linear)

    SparseApplyFtrl whose linear term takes grad + 2 * l2_shrinkage * var in place of grad (the
    accumulator still adds grad^2), one step for each occurrence of an index. (Deprecated in
    MindSpore in favour of SparseApplyFtrl.)
    """

    inputs = ("var", "accum", "linear", "grad", "indices")
    states = ("var", "accum", "linear")
    outputs = ("var", "accum", "linear")
    variable_dtypes = _HALF_OR_SINGLE

    def __init__(self, lr, l1, l2, l2_shrinkage, lr_power, use_locking=False):
        super().__init__()
        self.add_prim_attrs(lr=_check_float_attr(self.name, "lr", lr),
                            l1=_check_float_attr(self.name, "l1", l1),
                            l2=_check_float_attr(self.name, "l2", l2),
                            l2_shrinkage=_check_float_attr(self.name, "l2_shrinkage", l2_shrinkage),
                            lr_power=_check_float_attr(self.name, "lr_power", lr_power),
                            use_locking=check_bool(self.name, "use_locking", use_locking))
