"""Optimizer: the base class of the optimizers, a Cell whose `construct(gradients)` updates
its parameters in place.

It holds what every optimizer shares, with MindSpore's names (checkpoints key on them):

- `parameters`: a ParameterTuple of the parameters it updates, given as a list of
  Parameters or of groups (dicts with 'params' and optionally 'lr', 'weight_decay',
  'grad_centralization'; a last {'order_params': [...]} puts the parameters in that order);
- `learning_rate`: a Parameter 'learning_rate' for a fixed rate; a Cell computing the rate
  from the step for a dynamic one (a list or 1-D Tensor of per-step rates, or a
  LearningRateSchedule); per parameter (a ParameterTuple or CellList) when groups set 'lr';
- `global_step`: a Parameter counting the updates (Int32, shape (1,));
- weight decay, applied to the gradient as g + weight_decay * param: without groups to the
  parameters whose names hold neither 'beta' nor 'gamma', with groups to the groups whose
  weight_decay is above 0;
- loss scale: gradients are divided by it (and the weight decay multiplied by it, so the
  decay is unaffected).

A subclass's `construct` prepares the gradients (`decay_weight`, `gradients_centralization`,
`scale_grad`), reads this step's rate (`get_lr`), counts the step and applies its update
primitive to each parameter; the update rebinds the parameter and its state Tensors.
"""
from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from ... import ops
from ...common import dtype as mstype
from ...common.parameter import Parameter, ParameterTuple
from ...common.tensor import Tensor
from ...context import get_context
from ...ops.validator import check_bool, check_type
from ..cell import Cell
from ..container import CellList
from ..dynamic_lr import check_float
from ..learning_rate_schedule import LearningRateSchedule

__all__ = ["Optimizer"]

_GROUP_KEYS = ("params", "lr", "weight_decay", "order_params", "grad_centralization")


class Optimizer(Cell):
    """Optimizer(learning_rate, parameters, weight_decay=0.0, loss_scale=1.0)

    `learning_rate`: a float or int (at least 0), a 0-d Tensor, a list / tuple / 1-D Tensor
    of per-step rates, or a LearningRateSchedule. `weight_decay`: a float or int (at least
    0), or a Cell computing it from the global step. `loss_scale`: a float above 0.
    """

    _support_parallel_optimizer = False

    def __init__(self, learning_rate, parameters, weight_decay=0.0, loss_scale=1.0):
        super().__init__(auto_prefix=False)
        parameters = _parameter_list(parameters, "parameters")
        if not (all(isinstance(p, Parameter) for p in parameters) or all(isinstance(p, dict) for p in parameters)):
            raise TypeError("For 'Optimizer', the elements of 'parameters' must be all Parameters or all dicts "
                            "(parameter groups).")
        if isinstance(loss_scale, int) and not isinstance(loss_scale, bool):
            loss_scale = float(loss_scale)
        self.loss_scale = check_float(self.cls_name, "loss_scale", loss_scale, 0.0, include_min=False)
        self.dynamic_weight_decay = False
        self.grad_centralization = False
        self._unique = True
        self._target = get_context("device_target")
        self.dynamic_lr = False
        self.global_step = Parameter(Tensor(np.zeros(1, np.int32)), name="global_step")
        self.global_step_increase_tensor = Tensor(np.ones(1, np.int32))
        self.is_group = False
        self.is_group_lr = False
        self.is_group_params_ordered = False
        learning_rate = self._preprocess_single_lr(learning_rate)
        if isinstance(parameters[0], dict):
            self.is_group = True
            self.group_params, self.group_lr, self.group_weight_decay, self.group_grad_centralization = [], [], [], []
            self._init_group_params(parameters, learning_rate, weight_decay)
        self._init_opt_attrs(learning_rate, parameters, weight_decay)

    # ---- construction ---------------------------------------------------------------------
    def _init_opt_attrs(self, learning_rate, parameters, weight_decay) -> None:
        weight_decay = self._preprocess_weight_decay(weight_decay)
        if self.is_group_lr:
            self.learning_rate = (CellList(self.group_lr, auto_prefix=False) if self.dynamic_lr
                                  else ParameterTuple(self.group_lr))
        else:
            self.learning_rate = self._build_single_lr(learning_rate, "learning_rate")
        if self.is_group:
            self.parameters = ParameterTuple(self.group_params)
            decays = self.group_weight_decay
            self.decay_flags = tuple(isinstance(d, Cell) or d > 0 for d in decays)
            self.dynamic_decay_flags = tuple(isinstance(d, Cell) for d in decays)
            self.weight_decay = tuple(d if isinstance(d, Cell) else Tensor(d, mstype.float32) for d in decays)
            self.exec_weight_decay = any(self.decay_flags)
            self.grad_centralization_flags = tuple(self.group_grad_centralization)
        else:
            self.parameters = ParameterTuple(parameters)
            self.decay_flags = tuple("beta" not in p.name and "gamma" not in p.name for p in self.parameters)
            self.dynamic_decay_flags = isinstance(weight_decay, Cell)
            self.exec_weight_decay = isinstance(weight_decay, Cell) or weight_decay > 0
            self.weight_decay = weight_decay if isinstance(weight_decay, Cell) else Tensor(weight_decay,
                                                                                         mstype.float32)
        # The same tuple under MindSpore's other name (not registered twice).
        object.__setattr__(self, "_parameters", self.parameters)
        self.param_length = len(self.parameters)
        self.reciprocal_scale = Tensor(1.0 / self.loss_scale, mstype.float32)
        self.need_scale = self.loss_scale != 1.0

    def _preprocess_single_lr(self, learning_rate):
        """A rate as a float, a 0-d Float32 Tensor, a 1-D Float32 Tensor of per-step rates
        (a dynamic rate), or a LearningRateSchedule (also dynamic)."""
        if isinstance(learning_rate, (int, float)) and not isinstance(learning_rate, bool):
            return check_float(self.cls_name, "learning_rate", float(learning_rate), 0.0)
        if isinstance(learning_rate, Tensor):
            if learning_rate.ndim > 1:
                raise ValueError(f"For '{self.cls_name}', a Tensor 'learning_rate' must have 0 or 1 dimensions, "
                                 f"but got {learning_rate.ndim}.")
            if learning_rate.ndim == 1:
                self.dynamic_lr = True
            return Tensor(learning_rate.asnumpy(), mstype.float32)
        if isinstance(learning_rate, LearningRateSchedule):
            self.dynamic_lr = True
            return learning_rate
        if isinstance(learning_rate, Iterable) and not isinstance(learning_rate, str):
            self.dynamic_lr = True
            return Tensor(np.array(list(learning_rate), np.float32))
        raise TypeError(f"For '{self.cls_name}', the 'learning_rate' must be a float, an int, a Tensor, a list of "
                        f"floats or a LearningRateSchedule, but got {type(learning_rate).__name__}.")

    def _build_single_lr(self, learning_rate, name: str):
        """The Parameter `name` of a fixed rate (as a Cell in a list of dynamic group
        rates), the Cell indexing a 1-D Tensor of rates, or a LearningRateSchedule."""
        if isinstance(learning_rate, float) or (isinstance(learning_rate, Tensor) and learning_rate.ndim == 0):
            rate = Parameter(Tensor(learning_rate, mstype.float32), name=name)
            return _ConvertToCell(rate) if self.is_group_lr and self.dynamic_lr else rate
        if isinstance(learning_rate, Tensor):
            return _IteratorLearningRate(learning_rate, name)
        return learning_rate

    def _preprocess_weight_decay(self, weight_decay):
        """A fixed decay as a float times the loss scale, or a dynamic one as a Cell."""
        if isinstance(weight_decay, Cell):
            self.dynamic_weight_decay = True
            return _WrappedWeightDecay(weight_decay, self.loss_scale)
        if isinstance(weight_decay, (int, float)) and not isinstance(weight_decay, bool):
            return check_float(self.cls_name, "weight_decay", float(weight_decay), 0.0) * self.loss_scale
        raise TypeError(f"For '{self.cls_name}', the 'weight_decay' must be an int, a float or a Cell, but got "
                        f"{type(weight_decay).__name__}.")

    def _init_group_params(self, groups: list, learning_rate, weight_decay) -> None:
        """Spread the groups' settings over their parameters (group_params, group_lr,
        group_weight_decay, group_grad_centralization), in the order 'order_params' gives."""
        self._parse_group_params(groups, learning_rate)
        default_lr = self._build_single_lr(learning_rate, "learning_rate")
        ordered = None
        seen = set()
        for index, group in enumerate(groups):
            if "order_params" in group:
                ordered = list(group["order_params"])
                continue
            if "lr" in group:
                lr = self._build_single_lr(self._preprocess_single_lr(group["lr"]), f"learning_rate_group_{index}")
            else:
                lr = default_lr
            decay = self._preprocess_weight_decay(group.get("weight_decay", weight_decay))
            centralize = group.get("grad_centralization", False)
            if not isinstance(centralize, bool):
                raise TypeError(f"For '{self.cls_name}', the 'grad_centralization' of a parameter group must be a "
                                f"bool, but got {type(centralize).__name__}.")
            self.grad_centralization = self.grad_centralization or centralize
            for param in group["params"]:
                if param.name in seen:
                    raise RuntimeError(f"For '{self.cls_name}', the parameter '{param.name}' is in more than one "
                                       f"parameter group.")
                seen.add(param.name)
                self.group_params.append(param)
                self.group_lr.append(lr)
                self.group_weight_decay.append(decay)
                self.group_grad_centralization.append(centralize)
        if ordered is not None:
            self.is_group_params_ordered = True
            self._order_group_params(ordered)

    def _parse_group_params(self, groups: list, learning_rate) -> None:
        """Check the groups' keys and parameters; note whether any group sets its own rate
        (is_group_lr, and dynamic_lr for a dynamic one). Per-step rate Tensors must all have
        the length of the optimizer's."""
        steps = learning_rate.size if isinstance(learning_rate, Tensor) and learning_rate.ndim == 1 else 0
        for group in groups:
            unknown = [key for key in group if key not in _GROUP_KEYS]
            if unknown:
                raise KeyError(f"For '{self.cls_name}', the keys of a parameter group must be among "
                               f"{list(_GROUP_KEYS)}, but got {unknown}.")
            if "order_params" in group:
                if len(group) > 1:
                    raise ValueError(f"For '{self.cls_name}', the group with 'order_params' must have no other key, "
                                     f"but got {list(group)}.")
                if not isinstance(group["order_params"], Iterable):
                    raise TypeError(f"For '{self.cls_name}', the 'order_params' must be iterable, but got "
                                    f"{type(group['order_params']).__name__}.")
                continue
            if "params" not in group:
                raise KeyError(f"For '{self.cls_name}', every parameter group needs the key 'params', but got "
                               f"{list(group)}.")
            for index, param in enumerate(_parameter_list(group["params"], "group 'params'")):
                if not isinstance(param, Parameter):
                    raise TypeError(f"For '{self.cls_name}', the 'params' of a parameter group must be Parameters, "
                                    f"but got {type(param).__name__} at index {index}.")
            if "lr" in group:
                self.is_group_lr = True
                lr = self._preprocess_single_lr(group["lr"])
                if isinstance(lr, Tensor) and lr.ndim == 1:
                    if steps and lr.size != steps:
                        raise ValueError(f"For '{self.cls_name}', the per-step learning rates of every group must "
                                         f"have the same length ({steps}), but got {lr.size}.")
                    steps = lr.size

    def _order_group_params(self, ordered: list) -> None:
        """Put the group lists in the order of `ordered` (the network's parameter order)."""
        if len(ordered) != len(self.group_params):
            raise ValueError(f"For '{self.cls_name}', the 'order_params' must hold the {len(self.group_params)} "
                             f"parameters of the groups, but got {len(ordered)}.")
        position = {param.name: i for i, param in enumerate(self.group_params)}
        missing = [param.name for param in ordered if param.name not in position]
        if missing:
            raise ValueError(f"For '{self.cls_name}', the 'order_params' must hold the parameters of the groups, but "
                             f"{missing} are in no group.")
        order = [position[param.name] for param in ordered]
        for attr in ("group_params", "group_lr", "group_weight_decay", "group_grad_centralization"):
            values = getattr(self, attr)
            setattr(self, attr, [values[i] for i in order])

    # ---- what subclasses call in construct --------------------------------------------------
    def flatten_gradients(self, gradients):
        """The gradients (spore keeps parameters in separate tensors: nothing to flatten)."""
        return gradients

    def decay_weight(self, gradients):
        """Each gradient plus weight_decay * its parameter, for the parameters that decay."""
        if not self.exec_weight_decay:
            return gradients
        decays = self.get_weight_decay()
        if not self.is_group:
            decays = (decays,) * self.param_length
        return tuple(_decayed(grad, param, decay) if flag else grad
                     for decay, flag, param, grad in zip(decays, self.decay_flags, self.parameters, gradients))

    def gradients_centralization(self, gradients):
        """With groups, the gradients of the groups with grad_centralization minus their mean
        over all axes but the first (for parameters of 2 or more axes whose axis 1 is a
        multiple of 16, such as convolution weights)."""
        if not self.is_group:
            return gradients
        return tuple(_centralized(grad) if flag else grad
                     for flag, grad in zip(self.grad_centralization_flags, gradients))

    def scale_grad(self, gradients):
        """The gradients divided by the loss scale."""
        if not self.need_scale:
            return gradients
        scale = 1.0 / self.loss_scale
        return tuple(grad * scale for grad in gradients)

    def get_weight_decay(self):
        """This step's weight decay: a Tensor (a tuple of them, one per parameter, with
        groups)."""
        if not self.dynamic_weight_decay:
            return self.weight_decay
        if self.is_group:
            return tuple(decay(self.global_step) if dynamic else decay
                         for decay, dynamic in zip(self.weight_decay, self.dynamic_decay_flags))
        return self.weight_decay(self.global_step)

    def get_lr(self):
        """This step's learning rate: the 'learning_rate' Parameter or a 0-d Tensor (a tuple
        of them, one per parameter, when groups set rates)."""
        if not self.dynamic_lr:
            return self.learning_rate
        if self.is_group_lr:
            return tuple(schedule(self.global_step).reshape(()) for schedule in self.learning_rate)
        return self.learning_rate(self.global_step).reshape(())

    def get_lr_parameter(self, param):
        """The learning-rate Parameter of `param` (a list of them for a list): for a dynamic
        rate, the Cell that computes it (a per-step list: its Parameter of rates)."""
        if isinstance(param, Parameter):
            params = [param]
        elif isinstance(param, list):
            params = param
        else:
            raise TypeError(f"For 'get_lr_parameter', the 'param' must be a Parameter or a list of them, but got "
                            f"{type(param).__name__}.")
        positions = {id(p): i for i, p in enumerate(self.parameters)}
        rates = []
        for p in params:
            check_type("get_lr_parameter", "param", p, Parameter)
            if id(p) not in positions:
                raise ValueError(f"For 'get_lr_parameter', the parameter '{p.name}' is not updated by this "
                                 f"optimizer.")
            rate = self.learning_rate[positions[id(p)]] if self.is_group_lr else self.learning_rate
            rates.append(rate.learning_rate if isinstance(rate, (_ConvertToCell, _IteratorLearningRate)) else rate)
        return rates if isinstance(param, list) else rates[0]

    def _check_gradients(self, gradients) -> None:
        """One gradient per parameter."""
        if not isinstance(gradients, (tuple, list)):
            raise TypeError(f"For '{self.cls_name}', the 'gradients' must be a tuple of Tensors, but got "
                            f"{type(gradients).__name__}.")
        if len(gradients) != self.param_length:
            raise ValueError(f"For '{self.cls_name}', the 'gradients' must hold {self.param_length} Tensors (one "
                             f"per parameter), but got {len(gradients)}.")

    def _prepared_gradients(self, gradients) -> tuple:
        """decay_weight, gradients_centralization and scale_grad, after checking that there is
        one gradient per parameter."""
        self._check_gradients(gradients)
        return self.scale_grad(self.gradients_centralization(self.decay_weight(gradients)))

    def _step_lrs(self) -> tuple:
        """This step's learning rate of each parameter; counts the step."""
        lr = self.get_lr()
        ops.assign_add(self.global_step, self.global_step_increase_tensor)
        return lr if self.is_group_lr else (lr,) * self.param_length

    # ---- properties ---------------------------------------------------------------------------
    @property
    def unique(self) -> bool:
        """Whether sparse gradients are made unique first (spore's gradients are dense)."""
        return self._unique

    @unique.setter
    def unique(self, value) -> None:
        self._unique = check_bool("Optimizer", "unique", value)

    @property
    def target(self) -> str:
        """The device the update runs on ('CPU', 'GPU' or 'Ascend')."""
        return self._target

    @target.setter
    def target(self, value) -> None:
        check_type(self.cls_name, "target", value, str)
        if value not in ("CPU", "GPU", "Ascend"):
            raise ValueError(f"For '{self.cls_name}', the 'target' must be 'CPU', 'GPU' or 'Ascend', but got "
                             f"'{value}'.")
        self._target = value

    def construct(self, *hyper_params):
        raise NotImplementedError(f"For '{self.cls_name}', the method 'construct' is not defined.")


def _parameter_list(parameters, what: str) -> list:
    if parameters is None:
        raise ValueError(f"For 'Optimizer', the '{what}' can not be None.")
    if not isinstance(parameters, Iterable):
        raise TypeError(f"For 'Optimizer', the '{what}' must be iterable, but got {type(parameters).__name__}.")
    parameters = list(parameters)
    if not parameters:
        raise ValueError(f"For 'Optimizer', the '{what}' must not be empty.")
    return parameters


def _decayed(grad, param, decay):
    """grad + decay * param, the decay (a Float32 Tensor) in the parameter's dtype."""
    if param.dtype is not decay.dtype:
        decay = ops.cast(decay, param.dtype)
    return grad + param * decay


def _centralized(grad):
    if grad.ndim < 2 or grad.shape[1] % 16 != 0:
        return grad
    return grad - ops.mean(grad, tuple(range(1, grad.ndim)), keep_dims=True)


class _ConvertToCell(LearningRateSchedule):
    """A fixed rate Parameter among dynamic group rates: gives the Parameter at any step."""

    def __init__(self, learning_rate: Parameter):
        super().__init__()
        self.learning_rate = learning_rate

    def construct(self, global_step):
        return self.learning_rate


class _IteratorLearningRate(LearningRateSchedule):
    """Per-step rates (a 1-D Tensor, held as the Parameter `name`): the rate at the step."""

    def __init__(self, learning_rate: Tensor, name: str):
        super().__init__()
        self.learning_rate = Parameter(learning_rate, name=name)

    def construct(self, global_step):
        return ops.gather(self.learning_rate, global_step, 0)


class _WrappedWeightDecay(Cell):
    """A dynamic weight decay times the loss scale."""

    def __init__(self, weight_decay: Cell, loss_scale: float = 1.0):
        super().__init__()
        self.weight_decay = weight_decay
        self.loss_scale = loss_scale

    def construct(self, global_step):
        return self.weight_decay(global_step) * self.loss_scale

