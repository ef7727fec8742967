"""Gradient transformations: GradOperation (1.x), grad and value_and_grad (2.x).

All of them run the function once under a new tape with the requested inputs and
weights marked as leaves, then propagate a sensitivity (ones, or the caller's `sens`)
back through the tape. They differ only in which gradients they return and in what
structure, which follows MindSpore exactly (see tests/autograd/test_grad_api.py).
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Callable, NamedTuple

from .._kernels.torch_autograd import below_torch_autograd, through_torch_autograd
from ..common.parameter import Parameter, ParameterTuple
from ..common.tensor import Tensor
from ..ops import interpreter
from ..ops.function import array_func
from . import tape as _tape


class _Result(NamedTuple):
    outputs: object
    input_grads: tuple
    weight_grads: tuple


def _tensor_leaves(value) -> list[Tensor]:
    if isinstance(value, Tensor):
        return [value]
    if isinstance(value, (tuple, list)):
        return [leaf for v in value for leaf in _tensor_leaves(v)]
    return []


def differentiable_part(value):
    """What an input's gradient is taken for: a Tensor itself; for a tuple / list, a
    tuple of its elements' parts (elements holding no Tensor left out), so a tuple of
    Tensors gets a tuple of gradients; None for an input holding no Tensor."""
    if isinstance(value, Tensor):
        return value
    if isinstance(value, (tuple, list)):
        parts = tuple(part for part in map(differentiable_part, value) if part is not None)
        return parts or None
    return None


def rebuild(part, grads: Iterator):
    """`part` (from differentiable_part) with each Tensor replaced by the next of `grads`."""
    if isinstance(part, tuple):
        return tuple(rebuild(p, grads) for p in part)
    return next(grads)


def _differentiate(fn: Callable, args: tuple, positions: tuple[int, ...], weights: tuple,
                   sens=None, has_aux: bool = False, api: str = "grad") -> _Result:
    """Run `fn(*args)` on a tape and take gradients of its outputs (the first one only
    with has_aux) with respect to `args[positions]` and `weights`. Missing gradients are
    zeros; a tuple / list of Tensors gets a tuple of gradients (see differentiable_part),
    arguments at `positions` holding no Tensor get no entry. While a graph is
    being built, the compiler differentiates the graph instead."""
    builder = interpreter.graph_builder
    if builder is not None:
        return builder.differentiate(fn, args, positions, weights, sens, has_aux, api)
    if sens is None and not has_aux:
        # A compiled function's (compiled_gradients.py), looked up on the class: a Cell's
        # instance lookup of a missing name builds an AttributeError on every gradient.
        direct = getattr(type(fn), "gradient_without_tape", None)
        result = None if direct is None else direct(fn, args, positions, weights)
        if result is not None:
            return _Result(*result)
    if through_torch_autograd():    # the kernels of the forward and backward below torch's autograd
        with below_torch_autograd():
            return _on_tape(fn, args, positions, weights, sens, has_aux, api)
    return _on_tape(fn, args, positions, weights, sens, has_aux, api)


def _on_tape(fn: Callable, args: tuple, positions: tuple[int, ...], weights: tuple, sens, has_aux: bool,
             api: str) -> _Result:
    tape = _tape.open_tape()
    try:
        parts = [part for part in (differentiable_part(args[i]) for i in positions) if part is not None]
        input_vids = [[tape.watch(t) for t in _tensor_leaves(part)] for part in parts]
        weight_vids = [tape.watch(w) for w in weights]
        outputs = fn(*args)
        # The recording stops before the ones to start from are made: nothing differentiates
        # through them, and a node for them would only be stepped over.
        tape.recording = False
        grads = tape.backward(roots_of(outputs, sens, has_aux, api))
        input_grads = tuple(
            rebuild(part, (_grad_or_zeros(grads, vid, t) for vid, t in zip(vids, _tensor_leaves(part))))
            for part, vids in zip(parts, input_vids))
        weight_grads = tuple(_grad_or_zeros(grads, vid, w) for vid, w in zip(weight_vids, weights))
    finally:
        _tape.close_tape(tape)
    return _Result(outputs, input_grads, weight_grads)


def roots_of(outputs, sens, has_aux: bool, api: str) -> list[tuple[Tensor, Tensor]]:
    """[(output differentiated, its sensitivity)]: ones, or the caller's `sens`."""
    targets = _targets(outputs, has_aux, api)
    if sens is None:
        return [(t, array_func.ones_like(t)) for t in targets]
    roots = list(zip(targets, _tensor_leaves(sens)))
    _check_sens(api, targets, roots)
    return roots


def _targets(outputs, has_aux: bool, api: str) -> list[Tensor]:
    if has_aux:
        if not isinstance(outputs, (tuple, list)) or len(outputs) < 2:
            raise ValueError(f"For '{api}', when has_aux is True the function must return more than "
                             f"one output, but it returned {type(outputs).__name__}.")
        return _tensor_leaves(outputs[0])
    return _tensor_leaves(outputs)


def _check_sens(api: str, targets: list[Tensor], roots: list) -> None:
    if len(roots) != len(targets):
        raise ValueError(f"For '{api}', 'sens' must give one Tensor per output ({len(targets)}), "
                         f"but got {len(roots)}.")
    for out, s in roots:
        if tuple(s.shape) != tuple(out.shape):
            raise ValueError(f"For '{api}', each 'sens' Tensor must have its output's shape "
                             f"{tuple(out.shape)}, but got {tuple(s.shape)}.")


def _grad_or_zeros(grads: dict, vid: int, like: Tensor) -> Tensor:
    grad = grads.get(vid)
    return array_func.zeros_like(like) if grad is None else grad


def _as_weights(api: str, weights) -> tuple[tuple, bool]:
    """(tuple of Parameters, whether a single Parameter was given)."""
    if weights is None:
        return (), False
    if isinstance(weights, Parameter):
        return (weights,), True
    if isinstance(weights, (list, tuple, ParameterTuple)):
        weights = tuple(weights)
        for w in weights:
            if not isinstance(w, Parameter):
                raise TypeError(f"For '{api}', the 'weights' must be a Parameter, a list or tuple of "
                                f"Parameters or a ParameterTuple, but got an element of type "
                                f"{type(w).__name__}.")
        return weights, False
    raise TypeError(f"For '{api}', the 'weights' must be a Parameter, a list or tuple of Parameters "
                    f"or a ParameterTuple, but got {type(weights).__name__}.")


# ---- GradOperation (MindSpore 1.x) ------------------------------------------------------
class GradOperation:
    """GradOperation(get_all=False, get_by_list=False, sens_param=False)

    `GradOperation(...)(fn)` or, with get_by_list, `GradOperation(...)(fn, weights)`
    returns a function of fn's arguments (plus `sens` last, with sens_param) giving:
    the first input's gradient; all Tensor inputs' gradients (get_all); the weights'
    gradients (get_by_list); or both as (inputs, weights).
    """

    def __init__(self, get_all: bool = False, get_by_list: bool = False, sens_param: bool = False):
        for name, value in (("get_all", get_all), ("get_by_list", get_by_list), ("sens_param", sens_param)):
            if not isinstance(value, bool):
                raise TypeError(f"For 'GradOperation', the '{name}' must be bool, but got "
                                f"{type(value).__name__}.")
        self.get_all = get_all
        self.get_by_list = get_by_list
        self.sens_param = sens_param

    def __call__(self, fn: Callable, weights=None) -> Callable:
        if not callable(fn):
            raise TypeError(f"For 'GradOperation', the function to differentiate must be callable, "
                            f"but got {type(fn).__name__}.")
        if self.get_by_list:
            params, single = _as_weights("GradOperation", weights)
        elif weights is not None:
            raise ValueError("For 'GradOperation', 'weights' is given but 'get_by_list' is False.")
        else:
            params, single = (), False

        def grad_fn(*args):
            sens = None
            if self.sens_param:
                if not args:
                    raise TypeError("For 'GradOperation' with sens_param=True, the last argument must "
                                    "be the sensitivity 'sens', but no argument was given.")
                args, sens = args[:-1], args[-1]
            positions = tuple(range(len(args))) if self.get_all else (0,)
            if not args and not self.get_by_list:
                raise TypeError("For 'GradOperation', the function must take at least one input to "
                                "differentiate with respect to.")
            result = _differentiate(fn, args, positions if args else (), params, sens,
                                    api="GradOperation")
            weight_grads = result.weight_grads[0] if single else result.weight_grads
            if self.get_by_list and not self.get_all:
                return weight_grads
            inputs = result.input_grads if self.get_all else result.input_grads[0]
            return (inputs, weight_grads) if self.get_by_list else inputs

        return grad_fn


# ---- grad / value_and_grad (MindSpore 2.x) ----------------------------------------------
def _positions(api: str, grad_position, nargs: int) -> tuple[int, ...]:
    if isinstance(grad_position, int) and not isinstance(grad_position, bool):
        positions = (grad_position,)
    elif isinstance(grad_position, tuple) and all(
            isinstance(p, int) and not isinstance(p, bool) for p in grad_position):
        positions = grad_position
    else:
        raise TypeError(f"For '{api}', the 'grad_position' must be int or tuple of int, but got "
                        f"{type(grad_position).__name__}.")
    if len(set(positions)) != len(positions):
        raise ValueError(f"For '{api}', there are duplicate positions in 'grad_position': {grad_position}.")
    for p in positions:
        if p < 0:
            raise ValueError(f"For '{api}', every 'grad_position' must be >= 0, but got {p}.")
        if p >= nargs:
            raise ValueError(f"For '{api}', the 'grad_position' {p} is out of range: the function was "
                             f"called with {nargs} arguments.")
    return positions


def _input_part(grads: tuple, positions: list[int], return_ids: bool):
    """Input gradients: one alone (even from a 1-tuple grad_position), else a tuple;
    with return_ids, (position, gradient) pairs."""
    items = tuple(zip(positions, grads)) if return_ids else grads
    return items[0] if len(items) == 1 else items


def _weight_part(grads: tuple, params: tuple, single: bool, return_ids: bool):
    """Weight gradients: a tuple (a lone Tensor when one Parameter, not a list, was
    given); with return_ids, (name, gradient) pairs."""
    if return_ids:
        return tuple((p.name, g) for p, g in zip(params, grads))
    return grads[0] if single else grads


def _grad_structure(api: str, fn, grad_position, weights, has_aux: bool, return_ids: bool):
    if grad_position is None and weights is None:
        raise ValueError(f"For '{api}', 'grad_position' and 'weights' can not both be None.")
    if not callable(fn):
        raise TypeError(f"For '{api}', 'fn' must be callable, but got {type(fn).__name__}.")
    params, single_weight = _as_weights(api, weights)

    def run(args):
        positions = () if grad_position is None else _positions(api, grad_position, len(args))
        result = _differentiate(fn, args, positions, params, has_aux=has_aux, api=api)
        weight_part = _weight_part(result.weight_grads, params, single_weight, return_ids)
        if grad_position is None:
            return result.outputs, weight_part
        tensor_positions = [p for p in positions if differentiable_part(args[p]) is not None]
        input_part = _input_part(result.input_grads, tensor_positions, return_ids)
        return result.outputs, (input_part if weights is None else (input_part, weight_part))

    return run


def grad(fn: Callable, grad_position=0, weights=None, has_aux: bool = False, return_ids: bool = False) -> Callable:
    """A function computing the gradient of `fn` with respect to the inputs at
    `grad_position` (an int or a tuple) and / or `weights`. With has_aux, only fn's
    first output is differentiated and the rest is returned beside the gradient."""
    run = _grad_structure("grad", fn, grad_position, weights, has_aux, return_ids)

    def grad_fn(*args):
        outputs, grads = run(args)
        if has_aux:
            return grads, tuple(outputs[1:])
        return grads

    return grad_fn


def value_and_grad(fn: Callable, grad_position=0, weights=None, has_aux: bool = False,
                   return_ids: bool = False) -> Callable:
    """Like `grad`, returning `(fn's outputs, gradients)`."""
    run = _grad_structure("value_and_grad", fn, grad_position, weights, has_aux, return_ids)

    def value_and_grad_fn(*args):
        return run(args)

    return value_and_grad_fn


# ---- _Grad: the one transformation behind grad and value_and_grad in MindSpore ----------
class _Grad:
    """_Grad(get_all=False, get_by_list=False, sens_param=False, get_by_position=False,
    has_aux=False, get_value=False, return_ids=False, merge_forward=False)

    `_Grad(...)(fn, weights=None, grad_position=0)` returns a function of fn's arguments
    (plus `sens` last, with sens_param) giving the gradients of the inputs at
    `grad_position` (get_by_position; else all inputs with get_all, or the first), of
    `weights` (get_by_list), or both as (inputs, weights); with get_value,
    (fn's outputs, gradients); with has_aux, (gradients, fn's other outputs).
    """

    _FLAGS = ("get_all", "get_by_list", "sens_param", "get_by_position", "has_aux", "get_value", "return_ids",
              "merge_forward")

    def __init__(self, get_all=False, get_by_list=False, sens_param=False, get_by_position=False, has_aux=False,
                 get_value=False, return_ids=False, merge_forward=False):
        values = (get_all, get_by_list, sens_param, get_by_position, has_aux, get_value, return_ids, merge_forward)
        for name, value in zip(self._FLAGS, values):
            if not isinstance(value, bool):
                raise TypeError(f"For '_Grad', the '{name}' should be bool, but got {type(value).__name__}")
            setattr(self, name, value)

    def __call__(self, fn: Callable, weights=None, grad_position=0) -> Callable:
        if not callable(fn):
            raise TypeError(f"For '_Grad', the function to differentiate must be callable, but got "
                            f"{type(fn).__name__}.")
        params, single = _as_weights("_Grad", weights) if self.get_by_list else ((), False)

        def after_grad(*args):
            sens = None
            if self.sens_param:
                if not args:
                    raise TypeError("For '_Grad' with sens_param=True, the last argument must be the sensitivity "
                                    "'sens', but no argument was given.")
                args, sens = args[:-1], args[-1]
            positions = self._positions(args, grad_position)
            result = _differentiate(fn, args, positions, params, sens, self.has_aux, api="_Grad")
            grads = self._structure(result, args, positions, params, single)
            if self.get_value:
                return result.outputs, grads
            if self.has_aux:
                return grads, tuple(result.outputs[1:])
            return grads

        return after_grad

    def _positions(self, args: tuple, grad_position) -> tuple[int, ...]:
        if self.get_by_position:
            return _positions("_Grad", grad_position, len(args))
        if self.get_by_list and not self.get_all:
            return ()
        if not args:
            raise TypeError("For '_Grad', the function must take at least one input to differentiate with respect "
                            "to.")
        return tuple(range(len(args))) if self.get_all else (0,)

    def _structure(self, result: _Result, args: tuple, positions: tuple, params: tuple, single: bool):
        weight_part = _weight_part(result.weight_grads, params, single, self.return_ids)
        if self.get_by_list and not (self.get_by_position or self.get_all):
            return weight_part
        if self.get_by_position:
            tensor_positions = [p for p in positions if differentiable_part(args[p]) is not None]
            input_part = _input_part(result.input_grads, tensor_positions, self.return_ids)
        else:
            input_part = result.input_grads if self.get_all else result.input_grads[0]
        return (input_part, weight_part) if self.get_by_list else input_part
