"""Numerical gradient checks: a primitive's bprop against central differences in float64.

For an op f with inputs x_i and a random sensitivity s, the bprop's gradients must
equal d(sum(f(x) * s)) / dx_i estimated by central differences, element by element.

Both modes: the gradient is taken in PyNative and by a compiled function, each compared
with the one numerical reference; a case whose gradient can not be compiled is listed in
its module's NO_GRAPH_GRAD_CASES ({primitive name, case id or the case's op: why}). A
primitive in CHECKED_ELSEWHERE (its gradient checked by a test of its own) is also listed
in CHECKED_ELSEWHERE_IN_GRAPH_MODE once that test runs in Graph mode too.
"""
from __future__ import annotations

import numpy as np

import spore as ms
from tests.ops.op_testing import OpCase, compiled, declared_exception, family_modules

EPS = 1e-6


def _float64(value):
    if isinstance(value, np.ndarray) and value.dtype.kind == "f":
        return value.astype(np.float64)
    if isinstance(value, tuple):
        return tuple(_float64(v) for v in value)
    if isinstance(value, list):
        return [_float64(v) for v in value]
    return value


def _to_tensors(value):
    if isinstance(value, np.ndarray):
        return ms.Tensor(value)
    if isinstance(value, (tuple, list)):
        return type(value)(_to_tensors(v) for v in value)
    return value


def _leaves(value):
    if isinstance(value, (tuple, list)):
        return [leaf for v in value for leaf in _leaves(v)]
    return [value]


def _weighted_sum(op, inputs, sens) -> float:
    outs = _leaves(op(*_to_tensors(inputs)))
    return float(sum(np.sum(o.asnumpy().astype(np.float64) * s) for o, s in zip(outs, sens) if s is not None))


def _float_slots(inputs):
    """(path, array) for every float array among the inputs, including inside tuples."""
    slots = []
    for i, value in enumerate(inputs):
        if isinstance(value, np.ndarray) and value.dtype.kind == "f":
            slots.append(((i,), value))
        elif isinstance(value, (tuple, list)):
            slots.extend(((i, j), v) for j, v in enumerate(value)
                         if isinstance(v, np.ndarray) and v.dtype.kind == "f")
    return slots


class _OfFloatInputs:
    """`op` as a function of the float arrays among `inputs` (at `slots`), the other inputs
    fixed. A callable object, not a function: Graph mode runs it as it is rather than
    parsing the harness (the op inside is compiled on its own)."""

    def __init__(self, op, inputs: list, slots: list):
        self.op, self.inputs, self.slots = op, inputs, slots

    def __call__(self, *tensors):
        args = list(_to_tensors(self.inputs))
        for (path, _), t in zip(self.slots, tensors):
            if len(path) == 1:
                args[path[0]] = t
            else:
                seq = list(args[path[0]])
                seq[path[1]] = t
                args[path[0]] = type(self.inputs[path[0]])(seq)
        return self.op(*args)


def check_gradients(op, inputs, rtol: float = 1e-5, atol: float = 1e-6, seed: int = 0,
                    graph: bool | None = None) -> None:
    """Assert the analytic gradient of every float input of `op` matches the numerical one,
    in PyNative and in Graph mode (a jit function taking the GradOperation of the op, itself
    called as a jit function), against the one numerical reference. graph=None: Graph mode
    too unless a family module lists the op in NO_GRAPH_GRAD_CASES."""
    rng = np.random.default_rng(seed)
    inputs = list(_float64(tuple(inputs)))
    forward = op(*_to_tensors(inputs))
    outs = _leaves(forward)
    sens = [rng.standard_normal(o.shape) if o.dtype.is_floating_point else None for o in outs]
    sens_tensors = [ms.Tensor(s) if s is not None else ms.ops.zeros_like(o) for s, o in zip(sens, outs)]
    slots = _float_slots(inputs)
    float_tensors = [ms.Tensor(arr) for _, arr in slots]
    sens_arg = sens_tensors[0] if len(sens_tensors) == 1 and not isinstance(forward, (tuple, list)) \
        else tuple(sens_tensors)
    analytic = {"PyNative": ms.ops.GradOperation(get_all=True, sens_param=True)(_OfFloatInputs(op, inputs, slots))}
    if graph or (graph is None and graph_exception(op, inputs) is None):
        analytic["Graph"] = ms.jit(ms.ops.GradOperation(get_all=True, sens_param=True)(
            _OfFloatInputs(compiled(op), inputs, slots)))
    analytic = {mode: gradient(*float_tensors, sens_arg) for mode, gradient in analytic.items()}
    for i, (path, arr) in enumerate(slots):
        numeric = np.zeros_like(arr)
        for idx in np.ndindex(arr.shape):
            original = arr[idx]
            arr[idx] = original + EPS
            plus = _weighted_sum(op, inputs, sens)
            arr[idx] = original - EPS
            minus = _weighted_sum(op, inputs, sens)
            arr[idx] = original
            numeric[idx] = (plus - minus) / (2 * EPS)
        for mode, grads in analytic.items():
            np.testing.assert_allclose(grads[i].asnumpy(), numeric, rtol=rtol, atol=atol,
                                       err_msg=f"gradient of input {path} in {mode} mode")


_graph_exceptions: dict | None = None


def graph_exception(op, inputs) -> str | None:
    """Why the gradient of `op` on `inputs` is not taken in Graph mode, when a family module
    declares it in NO_GRAPH_GRAD_CASES (by primitive name, case id or op)."""
    global _graph_exceptions
    if _graph_exceptions is None:
        import tests.autograd
        _graph_exceptions = {}
        for module in family_modules(tests.autograd, "GRAD_CASES"):
            _graph_exceptions.update(getattr(module, "NO_GRAPH_GRAD_CASES", {}))
    return declared_exception(OpCase(op, tuple(inputs), None), _graph_exceptions)


def check_second_order(fn, inputs, rtol: float = 1e-5, atol: float = 1e-6, seed: int = 1) -> None:
    """Second derivatives of `fn` (its output summed) against central differences of its
    first derivatives: with random directions v_i, d/dx_j sum_i <d fn / dx_i, v_i> taken by
    differentiating the gradient computation (so through the bprops' own bprops)."""
    rng = np.random.default_rng(seed)
    arrays = [np.asarray(a, np.float64) for a in inputs]
    positions = tuple(range(len(arrays)))
    directions = [ms.Tensor(rng.standard_normal(a.shape)) for a in arrays]
    first = ms.grad(fn, grad_position=positions)

    def directional(*tensors):
        grads = first(*tensors)
        grads = grads if isinstance(grads, tuple) else (grads,)
        terms = [(g * v).sum() for g, v in zip(grads, directions)]
        return sum(terms[1:], terms[0])

    analytic = ms.grad(directional, grad_position=positions)(*map(ms.Tensor, arrays))
    analytic = analytic if isinstance(analytic, tuple) else (analytic,)
    for j, (array, grad) in enumerate(zip(arrays, analytic)):
        numeric = np.zeros_like(array)
        for idx in np.ndindex(array.shape):
            values = []
            for step in (EPS, -EPS):
                moved = [a.copy() for a in arrays]
                moved[j][idx] += step
                values.append(float(directional(*map(ms.Tensor, moved)).asnumpy()))
            numeric[idx] = (values[0] - values[1]) / (2 * EPS)
        np.testing.assert_allclose(grad.asnumpy(), numeric, rtol=rtol, atol=atol,
                                   err_msg=f"second derivative for input {j}")
