"""Optimizer: the base of the PyTorch-style optimizers, a Cell whose `construct(gradients)`
applies one update to its parameters.

- `param_groups`: a list of dicts, one per group: 'params' (a list of Parameters), 'lr'
  (a Float32 Parameter 'learning_rate_group_<i>', so that a scheduler changes the rate
  between steps without recompiling a graph), 'weight_decay' (a float) and the options of
  the optimizer, each defaulting to `defaults`;
- `parameters`: a ParameterTuple of all the groups' parameters, in group order, and
  `group_start_id`, where each group starts in it (the gradients come in that order);
- `lrs`: the groups' rate Parameters.

A subclass keeps its per-parameter state in ParameterTuples named like MindSpore's
('exp_avg.<name>'), made by `_add_state` in `_init_group_state`, so that
`save_checkpoint` saves them and a parameter group added later gets its state too.
`construct` reads each group's `_group_gradients` (the gradients negated with 'maximize',
plus weight_decay * param for the optimizers that decay the gradient) and updates with
`assign`, in PyNative and in Graph mode alike.
"""
from __future__ import annotations

from collections.abc import Iterable

from ... import ops
from ...common import dtype as mstype
from ...common.parameter import Parameter, ParameterTuple
from ...common.tensor import Tensor
from ...nn.cell import Cell
from ._checks import check_bound, check_lr

__all__ = ["Optimizer"]


def assign(variable: Parameter, value):
    """variable = value, in the variable's dtype (a Float16 parameter updated with its Float32
    learning rate stays Float16); returns the new value."""
    return ops.assign(variable, ops.cast(value, variable.dtype))


class Optimizer(Cell):
    """Optimizer(params, defaults)

    `params`: Parameters, or dicts (parameter groups) with 'params' and optional settings.
    `defaults`: the settings of a group that does not give them ('lr' at least).
    """

    # Whether the gradient gets weight_decay * param added before the update (False for
    # AdamW, which decays the parameter itself).
    _decay_gradient = True

    def __init__(self, params, defaults: dict):
        super().__init__(auto_prefix=False)
        groups = _parameter_list(params)
        if not isinstance(groups[0], dict):
            groups = [{"params": groups}]
        self.defaults = defaults
        self.param_groups = []
        self.lrs = []
        self.group_start_id = [0]
        self.parameters = ParameterTuple(())
        for group in groups:
            self.add_param_group(group)

    def add_param_group(self, param_group: dict) -> None:
        """Add a group: its settings default to the optimizer's; its rate becomes a Parameter."""
        group_id = len(self.param_groups)
        group = self._checked_group(param_group)
        for key, value in self.defaults.items():
            group.setdefault(key, value)
        group["lr"] = self._build_lr(group["lr"], f"learning_rate_group_{group_id}")
        group["weight_decay"] = check_bound(self.cls_name, "weight_decay", group.get("weight_decay", 0.0), 0.0)
        params = ParameterTuple(group["params"])
        self.parameters = ParameterTuple(tuple(self.parameters) + tuple(params))
        self.lrs.append(group["lr"])
        self.param_groups.append(group)
        self.group_start_id.append(self.group_start_id[-1] + len(params))
        self._init_group_state(params, group)

    def _init_group_state(self, params: ParameterTuple, group: dict) -> None:
        """Create the state of a new group's parameters (with `_add_state`)."""

    def _add_state(self, attr: str, prefix: str, params: ParameterTuple, init="zeros") -> None:
        """Extend the ParameterTuple `attr` with a state Parameter '<prefix>.<name>' per parameter."""
        existing = tuple(getattr(self, attr, ()))
        setattr(self, attr, ParameterTuple(existing + tuple(params.clone(prefix=prefix, init=init))))

    def _add_scalar_state(self, attr: str, prefix: str, params: ParameterTuple, value: float) -> None:
        """Extend the tuple `attr` with a Float32 scalar Parameter '<prefix>_<name>' per parameter."""
        existing = tuple(getattr(self, attr, ()))
        scalars = tuple(Parameter(Tensor(value, mstype.float32), f"{prefix}_{p.name}") for p in params)
        setattr(self, attr, ParameterTuple(existing + scalars))

    @staticmethod
    def _step_counter(name: str) -> Parameter:
        """An Int32 0-d Parameter `name` counting the steps taken (saved in checkpoints)."""
        return Parameter(Tensor(0, mstype.int32), name)

    @staticmethod
    def _count_step(counter: Parameter):
        """Count one more step on `counter`; the count as a Float32 Tensor (a power in the updates)."""
        ops.assign_add(counter, Tensor(1, mstype.int32))
        return ops.cast(counter, mstype.float32)

    def _checked_group(self, param_group) -> dict:
        if not isinstance(param_group, dict):
            raise TypeError(f"For '{self.cls_name}', a parameter group must be a dict, but got "
                            f"{type(param_group).__name__}.")
        if "params" not in param_group:
            raise KeyError(f"For '{self.cls_name}', a parameter group needs the key 'params', but got "
                           f"{list(param_group)}.")
        params = param_group["params"]
        if isinstance(params, Parameter):
            params = [params]
        elif isinstance(params, set):
            raise TypeError(f"For '{self.cls_name}', the 'params' of a group must be an ordered collection (a list), "
                            f"not a set, whose order changes between runs.")
        else:
            params = list(params)
        for param in params:
            if not isinstance(param, Parameter):
                raise TypeError(f"For '{self.cls_name}', only Parameters can be optimized, but got "
                                f"{type(param).__name__}.")
        names = {id(p) for group in self.param_groups for p in group["params"]}
        if any(id(p) in names for p in params):
            raise ValueError(f"For '{self.cls_name}', a parameter can be in only one parameter group.")
        group = dict(param_group)
        group["params"] = params
        return group

    def _build_lr(self, lr, name: str) -> Parameter:
        """The group's rate as a Float32 Parameter `name`."""
        if isinstance(lr, Parameter):
            lr = Tensor(lr.asnumpy())
        check_lr(self.cls_name, lr)
        value = ops.cast(lr, mstype.float32) if isinstance(lr, Tensor) else Tensor(float(lr), mstype.float32)
        return Parameter(value, name)

    def _group_gradients(self, group_id: int, gradients) -> tuple:
        """The gradients of group `group_id`'s parameters: negated with 'maximize', plus
        weight_decay * param when the optimizer decays the gradient."""
        group = self.param_groups[group_id]
        start, end = self.group_start_id[group_id], self.group_start_id[group_id + 1]
        grads = tuple(gradients[start:end])
        if group.get("maximize", False):
            grads = tuple(-grad for grad in grads)
        decay = group["weight_decay"]
        if self._decay_gradient and decay != 0.0:
            grads = tuple(grad + param * decay for grad, param in zip(grads, self.parameters[start:end]))
        return grads

    def _group_states(self, group_id: int, gradients, *states):
        """Per parameter of group `group_id`: the parameter, its entry of each of `states`
        (tuples over all parameters) and its gradient (`_group_gradients`)."""
        start, end = self.group_start_id[group_id], self.group_start_id[group_id + 1]
        return zip(self.parameters[start:end], *(state[start:end] for state in states),
                   self._group_gradients(group_id, gradients))

    def _check_gradients(self, gradients) -> None:
        if not isinstance(gradients, (tuple, list)):
            raise TypeError(f"For '{self.cls_name}', the 'gradients' must be a tuple of Tensors, but got "
                            f"{type(gradients).__name__}.")
        if len(gradients) != len(self.parameters):
            raise ValueError(f"For '{self.cls_name}', the 'gradients' must hold {len(self.parameters)} Tensors (one "
                             f"per parameter), but got {len(gradients)}.")

    def __repr__(self) -> str:
        lines = [f"{type(self).__name__} ("]
        for index, group in enumerate(self.param_groups):
            lines.append(f"Parameter Group {index}")
            for key in sorted(group):
                if key != "params":
                    value = group[key]
                    lines.append(f"    {key}: {value.value() if isinstance(value, Parameter) else value}")
        lines.append(")")
        return "\n".join(lines)

    def construct(self, *hyper_params):
        raise NotImplementedError(f"For '{self.cls_name}', a subclass of Optimizer must define 'construct'.")


def _parameter_list(params) -> list:
    if params is None:
        raise ValueError("For 'Optimizer', the argument 'params' can not be None.")
    if not isinstance(params, Iterable):
        raise TypeError(f"For 'Optimizer', the argument 'params' must be iterable, but got {type(params).__name__}.")
    params = list(params)
    if not params:
        raise ValueError("For 'Optimizer', the argument 'params' must not be empty.")
    return params
