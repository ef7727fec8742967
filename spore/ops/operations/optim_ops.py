"""Fused optimizer updates: ApplyMomentum, SGD, Adam, ApplyAdamWithAmsgrad(V2), AdamWeightDecay,
ApplyAdagrad(V2, DA), ApplyProximalAdagrad, ApplyAdadelta, ApplyAdaMax, ApplyRMSProp,
ApplyCenteredRMSProp, ApplyFtrl, ApplyGradientDescent, ApplyProximalGradientDescent,
ApplyAddSign, ApplyPowerSign; their sparse (row-indexed) forms SparseApplyAdagrad(V2),
SparseApplyFtrl and SparseApplyRMSProp.

Each primitive takes a variable (usually a Parameter), its optimizer state tensors, a
gradient and scalar hyper-parameters, and computes one update step in a single kernel
call. Like the assign family (other_ops.py), it updates the spore way: the variable and
every state Tensor are rebound to new storage holding the result; the old storage is
never written. The kernel returns the new states, in the order the inputs list them.

The formulas are MindSpore's documented ones (see each class). Where MindSpore 2.7.1's CPU
kernels depart from their documentation (ApplyMomentum ignores `use_nesterov` and
`gradient_scale`, ApplyAdagrad ignores `update_slots`, ApplyFtrl shrinks a negative
`linear` by -l1 instead of +l1), the documented formula is computed.
"""
from __future__ import annotations

from itertools import repeat
from operator import attrgetter, is_, is_not

from ..._kernels.registry import build_multi_tensor_kernel
from ..._kernels.tensor_data import MS_OF, all_solely_held
from ...common import dtype as mstype
from ...common.tensor import Tensor
from .. import interpreter
from ..primitive import Primitive, TensorSpec, _unwrap, as_results
from ..validator import check_bool, check_dtype, check_tensor, check_type

__all__ = [
    "ApplyMomentum", "SGD", "Adam", "ApplyAdamWithAmsgradV2", "AdamWeightDecay", "ApplyAdagrad",
    "ApplyAdadelta", "ApplyAdaMax", "ApplyRMSProp", "ApplyCenteredRMSProp", "ApplyFtrl", "ApplyAdamWithAmsgrad",
    "ApplyAdagradV2", "ApplyAdagradDA", "ApplyProximalAdagrad", "ApplyGradientDescent",
    "ApplyProximalGradientDescent", "ApplyAddSign", "ApplyPowerSign", "SparseApplyAdagrad", "SparseApplyAdagradV2",
    "SparseApplyFtrl", "SparseApplyRMSProp",
]

_FLOATS = mstype.float_type
_UNBUILT = object()
_shape, _dtype = attrgetter("shape"), attrgetter("dtype")
_SCALAR_DTYPES = mstype.int_type + mstype.uint_type + _FLOATS


class _ApplyOptimizer(Primitive):
    """An update step over tensors of one shape and scalar hyper-parameters.

    A subclass names its inputs in call order (`inputs`), which of them it updates
    (`states`, the variable first), the gradient input (`gradient`, of the variable's
    shape and a float dtype no wider than the variable's), the scalar hyper-parameters
    (`scalars`: Python numbers, or Tensors holding one value) and the states it returns
    (`outputs`). Every state has the variable's shape and dtype.

    A call may also return results that are no state: the kernel returns them after the
    new states, and `extra_results` names each with the input whose shape and dtype it
    has (AdamNoUpdateParam's update of the variable; the fused updates' placeholders).
    `outputs` names states and extra results alike.

    Derived per subclass, as the Primitive side-effect declaration: `state_positions`,
    the input positions the kernel's results (the new states, in order) rebind, and
    `output_results`, which of those results the call returns.
    """

    side_effect = True
    inputs: tuple[str, ...] = ()
    states: tuple[str, ...] = ()
    gradient = "grad"
    scalars: tuple[str, ...] = ()
    outputs: tuple[str, ...] = ()
    extra_results: dict[str, str] = {}
    variable_dtypes: tuple = _FLOATS
    narrower_gradient = True
    """Whether the gradient may have a narrower float dtype than the variable (converted)."""
    _multi = _multi_attrs = _UNBUILT

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if not cls.inputs:   # a family base (the sparse updates): its subclasses declare
            return
        position = {name: i for i, name in enumerate(cls.inputs)}
        cls.state_positions = tuple(position[name] for name in cls.states)
        cls._tensor_positions = cls.state_positions[1:] + (position[cls.gradient],)
        cls.list_positions = cls.state_positions + (position[cls.gradient],)
        cls._scalar_positions = tuple(position[name] for name in cls.scalars)
        cls.state_results = tuple(range(len(cls.states)))
        results = cls.states + tuple(cls.extra_results)
        returned = tuple(results.index(name) for name in cls.outputs)
        cls.output_results = returned[0] if len(returned) == 1 else returned

    # ---- many parameters at once -------------------------------------------------------------
    def apply_all(self, *columns) -> None:
        """This update of many parameters: each input a sequence with one entry per parameter
        (the state Tensors, the gradients, per-parameter hyper-parameters) or one value for all.
        Each parameter's states are rebound as its own call would rebind them (or written in
        place when nothing else can see them). In PyNative,
        with nothing recording (no gradient, no graph being built), the parameters sharing
        their hyper-parameters update together, through the multi-tensor kernel where there is
        one; otherwise (or for a call the cheap check does not pass) one call per parameter."""
        count = len(columns[0])
        columns = [column if isinstance(column, (tuple, list)) else (column,) * count for column in columns]
        if interpreter.STACK or not self._all_plain(columns):
            for call in zip(*columns):
                self(*call)
            return
        update = self._multi_kernel()
        listed, states = self.list_positions, self.state_positions
        for group in self._groups(columns):
            lists = {p: [tensor._t for tensor in group[p]] for p in listed}
            # Nothing else sees the old states (no array, view or other Tensor on them): they
            # are written in place, which nobody can tell from rebinding, without new memory.
            in_place = all(all_solely_held(lists[p]) for p in states)
            results = update(*[lists[p] if p in listed else _unwrap(group[p][0]) for p in range(len(group))],
                             in_place=in_place)
            for position, index in zip(states, self.state_results):
                _rebind(group[position], results[index])

    def _groups(self, columns: list):
        """The columns of each set of parameters sharing their hyper-parameters (the same
        objects): usually one, all of them."""
        keys = list(zip(*[map(id, columns[p]) for p in self._scalar_positions]))
        if len(set(keys)) <= 1:
            return (columns,)
        members: dict = {}
        for i, key in enumerate(keys):
            members.setdefault(key, []).append(i)
        return [[[column[i] for i in indices] for column in columns] for indices in members.values()]

    def _multi_kernel(self):
        """The multi-tensor kernel for this instance's attributes; without one registered, the
        kernel applied to each parameter in turn."""
        if self._multi is _UNBUILT or self._multi_attrs != self.attrs:
            self._multi = build_multi_tensor_kernel(type(self).__name__, self) or self._each_parameter
            self._multi_attrs = dict(self.attrs)
        return self._multi

    def _each_parameter(self, *inputs, in_place: bool = False) -> tuple:
        """The kernel over lists (the inputs at list_positions), one parameter at a time:
        each result as a list (new tensors: `in_place` is not used)."""
        kernel, listed = self.kernel, frozenset(self.list_positions)
        count = len(inputs[self.list_positions[0]])
        per_parameter = [as_results(kernel(*[x[i] if p in listed else x for p, x in enumerate(inputs)]))
                         for i in range(count)]
        return tuple(zip(*per_parameter))

    # ---- checks ---------------------------------------------------------------------------
    def check(self, *inputs):
        if not self._is_plain_call(inputs):
            self.infer(*inputs)

    def _is_plain_call(self, inputs) -> bool:
        """The common call, checked cheaply on the storage: Tensors of the variable's shape
        and float dtype, and Python floats or 0-d float Tensors for the scalars. Anything
        else (deferred data, a narrower gradient, ...) goes through `infer`."""
        return self._all_plain([(value,) for value in inputs])

    def _all_plain(self, columns: list) -> bool:
        """_is_plain_call of every parameter's call (`columns`: one sequence per input), a
        column at a time in C-level passes; each scalar object checked once (the calls of one
        update share their hyper-parameters)."""
        if len(columns) != len(self.inputs):
            return False
        tensors = [columns[0]] + [columns[p] for p in self._tensor_positions]
        if not all(all(map(isinstance, column, repeat(Tensor))) for column in tensors):
            return False
        raws = [[tensor._t for tensor in column] for column in tensors]
        if not all(all(map(is_not, column, repeat(None))) for column in raws):
            return False
        dtypes, shapes = list(map(_dtype, raws[0])), list(map(_shape, raws[0]))
        if not all(MS_OF[dtype] in self.variable_dtypes for dtype in set(dtypes)):
            return False
        if not all(list(map(_shape, column)) == shapes and all(map(is_, map(_dtype, column), dtypes))
                   for column in raws[1:]):
            return False
        scalars: dict = {}
        for position in self._scalar_positions:
            scalars.update(zip(map(id, columns[position]), columns[position]))
        return all(map(_plain_scalar, scalars.values()))

    def infer(self, *inputs):
        op = self.name
        if len(inputs) != len(self.inputs):
            raise TypeError(f"For '{op}', {len(self.inputs)} inputs ({', '.join(self.inputs)}) are "
                            f"expected, but got {len(inputs)}.")
        named = dict(zip(self.inputs, inputs))
        var_name = self.states[0]
        variable = named[var_name]
        check_tensor(op, var_name, variable)
        check_dtype(op, var_name, variable.dtype, self.variable_dtypes)
        for name in self.states[1:] + (self.gradient,):
            value = named[name]
            check_tensor(op, name, value)
            exact = name != self.gradient or not self.narrower_gradient
            _check_converts(op, name, value.dtype, var_name, variable.dtype, exact=exact)
            if name != self.gradient:
                _check_same_shape(op, name, value, var_name, variable)
        self._check_gradient_shape(named)
        for name in self.scalars:
            _check_scalar(op, name, named[name])
        return self._output_specs(named)

    def _output_specs(self, named: dict):
        """A state's spec is its input's; an extra result's that of the input it names."""
        specs = tuple(TensorSpec(value.shape, value.dtype)
                      for value in (named[self.extra_results.get(name, name)] for name in self.outputs))
        return specs[0] if len(specs) == 1 else specs

    def _check_gradient_shape(self, named: dict) -> None:
        _check_same_shape(self.name, self.gradient, named[self.gradient], self.states[0], named[self.states[0]])


def _rebind(tensors, raws) -> None:
    """Each Tensor of `tensors` rebound to its torch tensor in `raws`."""
    for tensor, raw in zip(tensors, raws):
        tensor._t = raw


def _plain_scalar(value) -> bool:
    """A Python float or a 0-d float Tensor (holding data)."""
    if type(value) is float:
        return True
    raw = value._t if isinstance(value, Tensor) else None
    return raw is not None and not raw.shape and MS_OF[raw.dtype] in _FLOATS


def _check_same_shape(op: str, name: str, value, var_name: str, variable) -> None:
    if tuple(value.shape) != tuple(variable.shape):
        raise ValueError(f"For '{op}', the shape of '{name}' must be the shape of '{var_name}' "
                         f"{tuple(variable.shape)}, but got {tuple(value.shape)}.")


class _SparseApplyOptimizer(_ApplyOptimizer):
    """An update of the variable's rows that `indices` names (an int32 / int64 vector), with
    the gradient rows for them (shape (len(indices),) + variable.shape[1:]). Indices outside
    [0, variable.shape[0]) are skipped, as MindSpore's CPU kernels do."""

    indices = "indices"
    index_dtypes: tuple = (mstype.int32, mstype.int64)

    def check(self, *inputs):
        self.infer(*inputs)

    def _check_gradient_shape(self, named: dict) -> None:
        op, grad_name, var_name = self.name, self.gradient, self.states[0]
        grad, variable, indices = named[grad_name], named[var_name], named[self.indices]
        if not grad.shape or tuple(grad.shape[1:]) != tuple(variable.shape[1:]):
            raise ValueError(f"For '{op}', the shape of '{grad_name}' must be (N,) + the shape of '{var_name}' "
                             f"without its first dimension {tuple(variable.shape[1:])}, but got "
                             f"{tuple(grad.shape)}.")
        check_tensor(op, self.indices, indices)
        check_dtype(op, self.indices, indices.dtype, self.index_dtypes)
        if len(indices.shape) != 1 or indices.shape[0] != grad.shape[0]:
            raise ValueError(f"For '{op}', the '{self.indices}' must be a vector of the length of the first "
                             f"dimension of '{grad_name}' ({grad.shape[0]}), but got shape {tuple(indices.shape)}.")


def _check_converts(op: str, name: str, dtype, var_name: str, var_dtype, exact: bool) -> None:
    """A state must have the variable's dtype; a gradient may have a narrower float dtype,
    which is converted to the variable's (a wider one would lose precision)."""
    if dtype is var_dtype:
        return
    if exact or dtype not in _FLOATS or mstype.promote_types(dtype, var_dtype) is not var_dtype:
        raise TypeError(f"For '{op}', the dtype of '{name}' must be {var_dtype} (the dtype of "
                        f"'{var_name}'), but got {dtype}.")


def _check_scalar(op: str, name: str, value) -> None:
    """A Python number, or a Tensor holding one number (shape () or (1,))."""
    if hasattr(value, "shape") and hasattr(value, "dtype"):
        check_dtype(op, name, value.dtype, _SCALAR_DTYPES)
        if len(value.shape) > 1 or any(d != 1 for d in value.shape):
            raise ValueError(f"For '{op}', the '{name}' must be a scalar (a number or a Tensor of one "
                             f"value), but got a Tensor of shape {tuple(value.shape)}.")
        return
    check_type(op, name, value, (int, float))


def _check_float_attr(op: str, name: str, value, allow_int: bool = False) -> float:
    check_type(op, name, value, (int, float) if allow_int else float)
    return float(value)


class ApplyMomentum(_ApplyOptimizer):
    """ApplyMomentum(use_nesterov=False, use_locking=False, gradient_scale=1.0)(variable,
    accumulation, learning_rate, gradient, momentum) -> variable

    With g = gradient * gradient_scale: accumulation = accumulation * momentum + g, then
    variable -= learning_rate * accumulation, or with use_nesterov
    variable -= learning_rate * (g + momentum * accumulation).
    """

    inputs = ("variable", "accumulation", "learning_rate", "gradient", "momentum")
    states = ("variable", "accumulation")
    gradient = "gradient"
    scalars = ("learning_rate", "momentum")
    outputs = ("variable",)

    def __init__(self, use_nesterov=False, use_locking=False, gradient_scale=1.0):
        super().__init__()
        self.add_prim_attrs(use_nesterov=check_bool(self.name, "use_nesterov", use_nesterov),
                            use_locking=check_bool(self.name, "use_locking", use_locking),
                            gradient_scale=_check_float_attr(self.name, "gradient_scale", gradient_scale))


class SGD(_ApplyOptimizer):
    """SGD(dampening=0.0, weight_decay=0.0, nesterov=False)(parameters, gradient,
    learning_rate, accum, momentum, stat) -> parameters

    With g = gradient + weight_decay * parameters and momentum > 0: accum = g where stat
    is set (the first step) and accum * momentum + (1 - dampening) * g elsewhere; stat is
    cleared; the step is accum, or with nesterov g + momentum * accum. With momentum 0 the
    step is g and accum and stat are kept. parameters -= learning_rate * step.
    """

    inputs = ("parameters", "gradient", "learning_rate", "accum", "momentum", "stat")
    states = ("parameters", "accum", "stat")
    gradient = "gradient"
    scalars = ("learning_rate", "momentum")
    outputs = ("parameters",)

    def __init__(self, dampening=0.0, weight_decay=0.0, nesterov=False):
        super().__init__()
        self.add_prim_attrs(dampening=_check_float_attr(self.name, "dampening", dampening, allow_int=True),
                            weight_decay=_check_float_attr(self.name, "weight_decay", weight_decay,
                                                           allow_int=True),
                            nesterov=check_bool(self.name, "nesterov", nesterov))


class Adam(_ApplyOptimizer):
    """Adam(use_locking=False, use_nesterov=False)(var, m, v, beta1_power, beta2_power, lr,
    beta1, beta2, epsilon, gradient) -> (var, m, v)

    m = beta1 * m + (1 - beta1) * g; v = beta2 * v + (1 - beta2) * g^2;
    var -= lr * sqrt(1 - beta2_power) / (1 - beta1_power) * u / (sqrt(v) + epsilon), where
    u = m, or with use_nesterov beta1 * m + (1 - beta1) * g.
    """

    inputs = ("var", "m", "v", "beta1_power", "beta2_power", "lr", "beta1", "beta2", "epsilon", "gradient")
    states = ("var", "m", "v")
    gradient = "gradient"
    scalars = ("beta1_power", "beta2_power", "lr", "beta1", "beta2", "epsilon")
    outputs = ("var", "m", "v")

    def __init__(self, use_locking=False, use_nesterov=False):
        super().__init__()
        self.add_prim_attrs(use_locking=check_bool(self.name, "use_locking", use_locking),
                            use_nesterov=check_bool(self.name, "use_nesterov", use_nesterov))


class ApplyAdamWithAmsgradV2(_ApplyOptimizer):
    """ApplyAdamWithAmsgradV2(use_locking=False)(var, m, v, vhat, beta1_power, beta2_power,
    lr, beta1, beta2, epsilon, grad) -> (var, m, v, vhat)

    Adam's m and v; vhat = max(vhat, v);
    var -= lr * sqrt(1 - beta2_power) / (1 - beta1_power) * m / (sqrt(vhat) + epsilon).
    """

    inputs = ("var", "m", "v", "vhat", "beta1_power", "beta2_power", "lr", "beta1", "beta2", "epsilon", "grad")
    states = ("var", "m", "v", "vhat")
    scalars = ("beta1_power", "beta2_power", "lr", "beta1", "beta2", "epsilon")
    outputs = ("var", "m", "v", "vhat")

    def __init__(self, use_locking=False):
        super().__init__()
        self.add_prim_attr("use_locking", check_bool(self.name, "use_locking", use_locking))


class AdamWeightDecay(_ApplyOptimizer):
    """AdamWeightDecay(use_locking=False)(var, m, v, lr, beta1, beta2, epsilon, decay,
    gradient) -> (var, m, v)

    Adam's m and v without bias correction; var -= lr * (m / (sqrt(v) + epsilon) + decay * var).
    """

    inputs = ("var", "m", "v", "lr", "beta1", "beta2", "epsilon", "decay", "gradient")
    states = ("var", "m", "v")
    gradient = "gradient"
    scalars = ("lr", "beta1", "beta2", "epsilon", "decay")
    outputs = ("var", "m", "v")

    def __init__(self, use_locking=False):
        super().__init__()
        self.add_prim_attr("use_locking", check_bool(self.name, "use_locking", use_locking))


class ApplyAdagrad(_ApplyOptimizer):
    """ApplyAdagrad(update_slots=True)(var, accum, lr, grad) -> (var, accum)

    accum += grad^2 (only with update_slots); var -= lr * grad / sqrt(accum).
    """

    inputs = ("var", "accum", "lr", "grad")
    states = ("var", "accum")
    scalars = ("lr",)
    outputs = ("var", "accum")

    def __init__(self, update_slots=True):
        super().__init__()
        self.add_prim_attr("update_slots", check_bool(self.name, "update_slots", update_slots))


class ApplyAdadelta(_ApplyOptimizer):
    """ApplyAdadelta()(var, accum, accum_update, lr, rho, epsilon, grad)
    -> (var, accum, accum_update)

    accum = rho * accum + (1 - rho) * grad^2;
    update = sqrt(accum_update + epsilon) * grad / sqrt(accum + epsilon);
    accum_update = rho * accum_update + (1 - rho) * update^2; var -= lr * update.
    """

    inputs = ("var", "accum", "accum_update", "lr", "rho", "epsilon", "grad")
    states = ("var", "accum", "accum_update")
    scalars = ("lr", "rho", "epsilon")
    outputs = ("var", "accum", "accum_update")


class ApplyAdaMax(_ApplyOptimizer):
    """ApplyAdaMax()(var, m, v, beta1_power, lr, beta1, beta2, epsilon, grad) -> (var, m, v)

    m = beta1 * m + (1 - beta1) * grad; v = max(beta2 * v, |grad|);
    var -= lr / (1 - beta1_power) * m / (v + epsilon).
    """

    inputs = ("var", "m", "v", "beta1_power", "lr", "beta1", "beta2", "epsilon", "grad")
    states = ("var", "m", "v")
    scalars = ("beta1_power", "lr", "beta1", "beta2", "epsilon")
    outputs = ("var", "m", "v")


class ApplyRMSProp(_ApplyOptimizer):
    """ApplyRMSProp(use_locking=False)(var, mean_square, moment, learning_rate, grad, decay,
    momentum, epsilon) -> var

    mean_square = decay * mean_square + (1 - decay) * grad^2;
    moment = momentum * moment + learning_rate * grad / sqrt(mean_square + epsilon);
    var -= moment.
    """

    inputs = ("var", "mean_square", "moment", "learning_rate", "grad", "decay", "momentum", "epsilon")
    states = ("var", "mean_square", "moment")
    scalars = ("learning_rate", "decay", "momentum", "epsilon")
    outputs = ("var",)

    def __init__(self, use_locking=False):
        super().__init__()
        self.add_prim_attr("use_locking", check_bool(self.name, "use_locking", use_locking))


class ApplyCenteredRMSProp(_ApplyOptimizer):
    """ApplyCenteredRMSProp(use_locking=False)(var, mean_gradient, mean_square, moment, grad,
    learning_rate, decay, momentum, epsilon) -> var

    RMSProp normalized by the variance estimate: mean_gradient = decay * mean_gradient +
    (1 - decay) * grad; mean_square as in ApplyRMSProp; moment = momentum * moment +
    learning_rate * grad / sqrt(mean_square - mean_gradient^2 + epsilon); var -= moment.
    """

    inputs = ("var", "mean_gradient", "mean_square", "moment", "grad", "learning_rate", "decay", "momentum",
              "epsilon")
    states = ("var", "mean_gradient", "mean_square", "moment")
    scalars = ("learning_rate", "decay", "momentum", "epsilon")
    outputs = ("var",)

    def __init__(self, use_locking=False):
        super().__init__()
        self.add_prim_attr("use_locking", check_bool(self.name, "use_locking", use_locking))


class ApplyFtrl(_ApplyOptimizer):
    """ApplyFtrl(use_locking=False)(var, accum, linear, grad, lr, l1, l2, lr_power) -> var

    With p = -lr_power and new_accum = accum + grad^2:
    linear += grad - (new_accum^p - accum^p) / lr * var;
    var = (sign(linear) * l1 - linear) / (new_accum^p / lr + 2 * l2) where |linear| > l1,
    else 0; accum = new_accum.
    """

    inputs = ("var", "accum", "linear", "grad", "lr", "l1", "l2", "lr_power")
    states = ("var", "accum", "linear")
    scalars = ("lr", "l1", "l2", "lr_power")
    outputs = ("var",)

    def __init__(self, use_locking=False):
        super().__init__()
        self.add_prim_attr("use_locking", check_bool(self.name, "use_locking", use_locking))


class ApplyAdamWithAmsgrad(_ApplyOptimizer):
    """ApplyAdamWithAmsgrad(beta1=0.9, beta2=0.999, epsilon=1e-8, use_locking=False)(var, m, v,
    vhat, beta1_power, beta2_power, lr, grad) -> (var, m, v, vhat)

    ApplyAdamWithAmsgradV2 with beta1, beta2 and epsilon fixed as attributes.
    """

    inputs = ("var", "m", "v", "vhat", "beta1_power", "beta2_power", "lr", "grad")
    states = ("var", "m", "v", "vhat")
    scalars = ("beta1_power", "beta2_power", "lr")
    outputs = ("var", "m", "v", "vhat")

    def __init__(self, beta1=0.9, beta2=0.999, epsilon=1e-8, use_locking=False):
        super().__init__()
        self.add_prim_attrs(beta1=_check_float_attr(self.name, "beta1", beta1),
                            beta2=_check_float_attr(self.name, "beta2", beta2),
                            epsilon=_check_float_attr(self.name, "epsilon", epsilon),
                            use_locking=check_bool(self.name, "use_locking", use_locking))


class ApplyAdagradV2(_ApplyOptimizer):
    """ApplyAdagradV2(epsilon, update_slots=True)(var, accum, lr, grad) -> (var, accum)

    accum += grad^2 (only with update_slots); var -= lr * grad / (sqrt(accum) + epsilon).
    """

    inputs = ("var", "accum", "lr", "grad")
    states = ("var", "accum")
    scalars = ("lr",)
    outputs = ("var", "accum")

    def __init__(self, epsilon, update_slots=True):
        super().__init__()
        self.add_prim_attrs(epsilon=_check_float_attr(self.name, "epsilon", epsilon),
                            update_slots=check_bool(self.name, "update_slots", update_slots))


class ApplyAdagradDA(_ApplyOptimizer):
    """ApplyAdagradDA(use_locking=False)(var, gradient_accumulator, gradient_squared_accumulator,
    grad, lr, l1, l2, global_step) -> var

    Adagrad's dual averaging: gradient_accumulator += grad; gradient_squared_accumulator +=
    grad^2; with a = gradient_accumulator shrunk towards 0 by l1 * global_step (a itself when
    l1 is 0): var = -lr * a / (sqrt(gradient_squared_accumulator) + l2 * global_step * lr).
    """

    inputs = ("var", "gradient_accumulator", "gradient_squared_accumulator", "grad", "lr", "l1", "l2",
              "global_step")
    states = ("var", "gradient_accumulator", "gradient_squared_accumulator")
    scalars = ("lr", "l1", "l2", "global_step")
    outputs = ("var",)

    def __init__(self, use_locking=False):
        super().__init__()
        self.add_prim_attr("use_locking", check_bool(self.name, "use_locking", use_locking))


class ApplyProximalAdagrad(_ApplyOptimizer):
    """ApplyProximalAdagrad(use_locking=False)(var, accum, lr, l1, l2, grad) -> (var, accum)

    accum += grad^2; with the per-element rate r = lr / sqrt(accum) and prox = var - r * grad:
    var = sign(prox) * max(|prox| - r * l1, 0) / (1 + r * l2).
    """

    inputs = ("var", "accum", "lr", "l1", "l2", "grad")
    states = ("var", "accum")
    scalars = ("lr", "l1", "l2")
    outputs = ("var", "accum")

    def __init__(self, use_locking=False):
        super().__init__()
        self.add_prim_attr("use_locking", check_bool(self.name, "use_locking", use_locking))


class ApplyGradientDescent(_ApplyOptimizer):
    """ApplyGradientDescent()(var, alpha, delta) -> var

    var -= alpha * delta.
    """

    inputs = ("var", "alpha", "delta")
    states = ("var",)
    gradient = "delta"
    scalars = ("alpha",)
    outputs = ("var",)


class ApplyProximalGradientDescent(_ApplyOptimizer):
    """ApplyProximalGradientDescent()(var, alpha, l1, l2, delta) -> var

    With prox = var - alpha * delta: var = sign(prox) * max(|prox| - alpha * l1, 0) / (1 + alpha * l2).
    """

    inputs = ("var", "alpha", "l1", "l2", "delta")
    states = ("var",)
    gradient = "delta"
    scalars = ("alpha", "l1", "l2")
    outputs = ("var",)


class ApplyAddSign(_ApplyOptimizer):
    """ApplyAddSign()(var, m, lr, alpha, sign_decay, beta, grad) -> (var, m)

    m = beta * m + (1 - beta) * grad;
    var -= lr * (alpha + sign_decay * sign(grad) * sign(m)) * grad.
    """

    inputs = ("var", "m", "lr", "alpha", "sign_decay", "beta", "grad")
    states = ("var", "m")
    scalars = ("lr", "alpha", "sign_decay", "beta")
    outputs = ("var", "m")


class ApplyPowerSign(_ApplyOptimizer):
    """ApplyPowerSign()(var, m, lr, logbase, sign_decay, beta, grad) -> (var, m)

    m = beta * m + (1 - beta) * grad;
    var -= lr * exp(logbase * sign_decay * sign(grad) * sign(m)) * grad.
    """

    inputs = ("var", "m", "lr", "logbase", "sign_decay", "beta", "grad")
    states = ("var", "m")
    scalars = ("lr", "logbase", "sign_decay", "beta")
    outputs = ("var", "m")


class SparseApplyAdagrad(_SparseApplyOptimizer):
    """SparseApplyAdagrad(lr, update_slots=True, use_locking=False)(var, accum, grad, indices)
    -> (var, accum)

    ApplyAdagrad on the rows `indices` names, the gradient rows of a repeated index summed first.
    """

    inputs = ("var", "accum", "grad", "indices")
    states = ("var", "accum")
    outputs = ("var", "accum")

    def __init__(self, lr, update_slots=True, use_locking=False):
        super().__init__()
        self.add_prim_attrs(lr=_check_float_attr(self.name, "lr", lr),
                            update_slots=check_bool(self.name, "update_slots", update_slots),
                            use_locking=check_bool(self.name, "use_locking", use_locking))


class SparseApplyAdagradV2(_SparseApplyOptimizer):
    """SparseApplyAdagradV2(lr, epsilon, use_locking=False, update_slots=True)(var, accum, grad,
    indices) -> (var, accum)

    ApplyAdagradV2 on the rows `indices` names, one step for each occurrence of an index.
    """

    inputs = ("var", "accum", "grad", "indices")
    states = ("var", "accum")
    outputs = ("var", "accum")

    def __init__(self, lr, epsilon, use_locking=False, update_slots=True):
        super().__init__()
        self.add_prim_attrs(lr=_check_float_attr(self.name, "lr", lr),
                            epsilon=_check_float_attr(self.name, "epsilon", epsilon),
                            use_locking=check_bool(self.name, "use_locking", use_locking),
                            update_slots=check_bool(self.name, "update_slots", update_slots))


class SparseApplyFtrl(_SparseApplyOptimizer):
    """SparseApplyFtrl(lr, l1, l2, lr_power, use_locking=False)(var, accum, linear, grad, indices)
    -> (var, accum, linear)

    ApplyFtrl on the rows `indices` names, one step for each occurrence of an index.
    """

    inputs = ("var", "accum", "linear", "grad", "indices")
    states = ("var", "accum", "linear")
    outputs = ("var", "accum", "linear")

    def __init__(self, lr, l1, l2, lr_power, use_locking=False):
        super().__init__()
        self.add_prim_attrs(lr=_check_float_attr(self.name, "lr", lr),
                            l1=_check_float_attr(self.name, "l1", l1),
                            l2=_check_float_attr(self.name, "l2", l2),
                            lr_power=_check_float_attr(self.name, "lr_power", lr_power),
                            use_locking=check_bool(self.name, "use_locking", use_locking))


class SparseApplyRMSProp(_SparseApplyOptimizer):
    """SparseApplyRMSProp(rho, momentum, epsilon, use_locking=False)(var, ms, mom, lr, grad,
    indices) -> (var, ms, mom)

    ApplyRMSProp (decay rho) on the rows `indices` names, one step for each occurrence of an index.
    """

    inputs = ("var", "ms", "mom", "lr", "grad", "indices")
    states = ("var", "ms", "mom")
    scalars = ("lr",)
    outputs = ("var", "ms", "mom")

    def __init__(self, rho, momentum, epsilon, use_locking=False):
        super().__init__()
        self.add_prim_attrs(rho=_check_float_attr(self.name, "rho", rho),
                            momentum=_check_float_attr(self.name, "momentum", momentum),
                            epsilon=_check_float_attr(self.name, "epsilon", epsilon),
                            use_locking=check_bool(self.name, "use_locking", use_locking))
