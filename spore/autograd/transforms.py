"""Function transformations over spore's reverse-mode gradients: vjp (and J), jvp (and
linearize), the Jacobians jacrev and jacfwd, the higher-order derivatives jet and
derivative, and get_grad (one gradient out of the (id, gradient) pairs grad returns with
return_ids).

jvp is reverse mode applied twice: the vector-Jacobian product u -> J^T u is linear in
u, so the gradient of <J^T u, v> with respect to u is J v. The tape records the backward
pass of the inner product like any other computation, so this needs no forward-mode
rules."""
from __future__ import annotations

from typing import Callable

import numpy as np

from ..common import dtype as mstype
from ..common.parameter import Parameter
from ..common.tensor import Tensor
from ..ops.function import array_func
from .batching import vmap
from .grad import _as_weights, _differentiate, _positions, _tensor_leaves

__all__ = ["vjp", "J", "jvp", "linearize", "jacrev", "jacfwd", "jet", "derivative", "get_grad"]


def _check_fn(api: str, fn) -> None:
    if not callable(fn):
        raise TypeError(f"For '{api}', the 'fn' must be callable, but got {type(fn).__name__}.")


def _as_inputs(api: str, inputs) -> tuple:
    items = inputs if isinstance(inputs, (tuple, list)) else (inputs,)
    for item in items:
        if not isinstance(item, Tensor):
            raise TypeError(f"For '{api}', the inputs must be Tensors or a tuple of Tensors, but got "
                            f"{type(item).__name__}.")
    return tuple(items)


def _split_aux(api: str, outputs, has_aux: bool):
    """(the outputs differentiated, the auxiliary ones or None)."""
    if not has_aux:
        return outputs, None
    if not isinstance(outputs, tuple) or len(outputs) < 2:
        raise ValueError(f"For '{api}', when has_aux is True the function must return more than one output, but it "
                         f"returned {type(outputs).__name__}.")
    return outputs[0], outputs[1:] if len(outputs) > 2 else outputs[1]


def vjp(fn: Callable, *inputs, weights=None, has_aux: bool = False):
    """(fn(*inputs), vjp_fn[, aux]): vjp_fn(v) gives, for a cotangent `v` shaped like the
    outputs, the tuple of v^T J for each input (and, with `weights`, the tuple for them as
    the second item). With has_aux, fn's first output is differentiated and the others are
    returned as `aux`."""
    _check_fn("vjp", fn)
    inputs = _as_inputs("vjp", inputs)
    params, _ = _as_weights("vjp", weights)
    outputs, aux = _split_aux("vjp", fn(*inputs), has_aux)

    def vjp_fn(*cotangent):
        sens = cotangent[0] if len(cotangent) == 1 else cotangent
        result = _differentiate(fn, inputs, tuple(range(len(inputs))), params, sens, has_aux, api="vjp")
        return (result.input_grads, result.weight_grads) if params else result.input_grads

    return (outputs, vjp_fn, aux) if has_aux else (outputs, vjp_fn)


def J(fn: Callable) -> Callable:
    """MindSpore's compiler primitive of reverse mode: J(fn)(*inputs) -> (fn(*inputs),
    bprop), bprop(dout) giving the tuple of the gradients of the inputs for the
    cotangent `dout` (vjp without its checks on what fn returns)."""
    _check_fn("J", fn)

    def forward(*inputs):
        inputs = _as_inputs("J", inputs)
        outputs = fn(*inputs)

        def bprop(dout):
            return _differentiate(fn, inputs, tuple(range(len(inputs))), (), dout, api="J").input_grads

        return outputs, bprop

    return forward


def _tangents(api: str, inputs: tuple, v) -> tuple:
    tangents = _as_inputs(api, v)
    if len(tangents) != len(inputs):
        raise ValueError(f"v has invalid length: should be {len(inputs)}, but got {len(tangents)}.")
    for x, t in zip(inputs, tangents):
        if tuple(x.shape) != tuple(t.shape):
            raise ValueError(f"For '{api}', each tangent in 'v' must have its input's shape {tuple(x.shape)}, but got "
                             f"{tuple(t.shape)}.")
        if t.dtype is not x.dtype:
            raise TypeError(f"For '{api}', each tangent in 'v' must have its input's dtype {x.dtype}, but got "
                            f"{t.dtype}.")
    return tangents


def _jvp_of(fn: Callable, inputs: tuple, outputs, tangents: tuple, has_aux: bool):
    """J v with the structure of `outputs`, by differentiating u -> J^T u."""
    leaves = _tensor_leaves(outputs)
    zeros = tuple(array_func.zeros_like(leaf) for leaf in leaves)

    def transposed(*cotangent):
        return _differentiate(fn, inputs, tuple(range(len(inputs))), (), cotangent, has_aux, api="jvp").input_grads

    products = _differentiate(transposed, zeros, tuple(range(len(zeros))), (), tangents, api="jvp").input_grads
    return _restructure(outputs, iter(products))


def _restructure(structure, leaves):
    if isinstance(structure, Tensor):
        return next(leaves)
    if isinstance(structure, (tuple, list)):
        return type(structure)(_restructure(s, leaves) for s in structure)
    return structure


def jvp(fn: Callable, inputs, v, has_aux: bool = False):
    """(fn(*inputs), J v[, aux]) for tangents `v` shaped like `inputs` (a Tensor or a tuple
    of them); J v has the structure of the outputs."""
    _check_fn("jvp", fn)
    inputs = _as_inputs("jvp", inputs)
    tangents = _tangents("jvp", inputs, v)
    outputs, aux = _split_aux("jvp", fn(*inputs), has_aux)
    product = _jvp_of(fn, inputs, outputs, tangents, has_aux)
    return (outputs, product, aux) if has_aux else (outputs, product)


def linearize(fn: Callable, inputs):
    """(fn(*inputs), jvp_fn) where jvp_fn(v) is J v at `inputs`."""
    _check_fn("linearize", fn)
    inputs = _as_inputs("linearize", inputs)
    outputs = fn(*inputs)

    def jvp_fn(v):
        return _jvp_of(fn, inputs, outputs, _tangents("linearize", inputs, v), False)

    return outputs, jvp_fn


def _basis(like: Tensor) -> Tensor:
    """The one-hot Tensors of `like`'s shape, stacked: shape (like.size, *like.shape)."""
    eye = np.eye(like.size, dtype=like.dtype.np_type)
    return Tensor(eye.reshape((like.size,) + tuple(like.shape)), like.dtype)


def _jacobian(api: str, fn: Callable, grad_position, has_aux: bool, forward: bool) -> Callable:
    _check_fn(api, fn)

    def jacobian_fn(*args):
        positions = _positions(api, grad_position, len(args))
        for p in positions:
            _as_inputs(api, args[p])
        outputs, aux = _split_aux(api, fn(*args), has_aux)
        leaves = _tensor_leaves(outputs)
        if forward:
            blocks = _forward_blocks(fn, args, positions, outputs, leaves, has_aux)
        else:
            blocks = _reverse_blocks(fn, args, positions, leaves, has_aux)
        # blocks[o][p]: d output o / d input p, shaped output.shape + input.shape.
        per_output = [blocks[o][0] if isinstance(grad_position, int) else tuple(blocks[o])
                      for o in range(len(leaves))]
        jacobian = _restructure(outputs, iter(per_output))
        return (jacobian, aux) if has_aux else jacobian

    return jacobian_fn


def _reverse_blocks(fn, args, positions, leaves, has_aux) -> list:
    """The rows of each Jacobian block: vector-Jacobian products of the one-hot
    cotangents of each output, all at once (vmap over the basis)."""
    blocks = []
    for o, leaf in enumerate(leaves):
        def row(one_hot, o=o):
            sens = tuple(one_hot if k == o else array_func.zeros_like(other) for k, other in enumerate(leaves))
            return _differentiate(fn, args, positions, (), sens, has_aux, api="jacrev").input_grads

        rows = vmap(row)(_basis(leaf))
        blocks.append([array_func.reshape(rows[j], tuple(leaf.shape) + tuple(args[p].shape))
                       for j, p in enumerate(positions)])
    return blocks


def _forward_blocks(fn, args, positions, outputs, leaves, has_aux) -> list:
    """The columns of each Jacobian block: Jacobian-vector products of the one-hot
    tangents of each input, all at once (vmap over the basis)."""
    columns = {}
    for p in positions:
        def column(one_hot, p=p):
            tangents = tuple(one_hot if k == p else array_func.zeros_like(args[k]) for k in range(len(args)))
            return tuple(_tensor_leaves(_jvp_of(fn, args, outputs, tangents, has_aux)))

        columns[p] = vmap(column, out_axes=-1)(_basis(args[p]))
    return [[array_func.reshape(columns[p][o], tuple(leaf.shape) + tuple(args[p].shape)) for p in positions]
            for o, leaf in enumerate(leaves)]


def jacrev(fn: Callable, grad_position=0, has_aux: bool = False) -> Callable:
    """A function giving the Jacobian of `fn` with respect to the inputs at
    `grad_position` (an int, or a tuple: a tuple of Jacobians), computed in reverse mode.
    Each Jacobian has shape output.shape + input.shape; several outputs give one per
    output (in their structure). With has_aux, (Jacobian, fn's other outputs)."""
    return _jacobian("jacrev", fn, grad_position, has_aux, forward=False)


def jacfwd(fn: Callable, grad_position=0, has_aux: bool = False) -> Callable:
    """jacrev's Jacobian computed column by column from Jacobian-vector products (one per
    input element: cheaper than jacrev when the inputs are smaller than the outputs)."""
    return _jacobian("jacfwd", fn, grad_position, has_aux, forward=True)


def _as_float(api: str, value) -> Tensor:
    if not isinstance(value, Tensor):
        raise TypeError(f"For '{api}', the primals and series must be Tensors, but got {type(value).__name__}.")
    return value if value.dtype.is_floating_point else array_func.cast(value, mstype.float32)


def _path_derivatives(fn: Callable, primals: tuple, series: tuple, order: int) -> list:
    """[d^k/dt^k fn(x(t)) at t = 0 for k = 1 .. order], x(t) being the curve through the
    primals whose k-th derivatives are series[i][k - 1]: each order a jvp of the previous
    one along t."""
    start = Tensor(np.zeros((), dtype=primals[0].dtype.np_type), primals[0].dtype)
    unit = Tensor(np.ones((), dtype=primals[0].dtype.np_type), primals[0].dtype)

    def along(t):
        points = []
        for x, s in zip(primals, series):
            point, power = x, unit
            for k in range(order):
                power = power * t / (k + 1)
                point = point + s[k] * power
            points.append(point)
        return fn(*points)

    derivatives, current = [], along
    for _ in range(order):
        current = (lambda previous: lambda t: jvp(previous, t, unit)[1])(current)
        derivatives.append(current(start))
    return derivatives


def _stack_orders(derivatives: list, outputs):
    if isinstance(outputs, Tensor):
        return array_func.stack(derivatives)
    return [array_func.stack([d[i] for d in derivatives]) for i in range(len(outputs))]


def jet(fn: Callable, primals, series):
    """(fn(primals), out_series): out_series[k - 1] is the k-th derivative of
    t -> fn(x(t)) at 0, x(t) being the curve through `primals` whose k-th derivative is
    series[k - 1] (series: a Tensor (order, *primal shape), or one per primal). A list of
    them when fn has several outputs."""
    _check_fn("jet", fn)
    primals = tuple(_as_float("jet", p) for p in (primals if isinstance(primals, tuple) else (primals,)))
    series = tuple(_as_float("jet", s) for s in (series if isinstance(series, tuple) else (series,)))
    if len(series) != len(primals):
        raise ValueError(f"For 'jet', the 'series' must give one Tensor per primal ({len(primals)}), but got "
                         f"{len(series)}.")
    for x, s in zip(primals, series):
        if s.ndim != x.ndim + 1 or tuple(s.shape[1:]) != tuple(x.shape):
            raise ValueError(f"For 'jet', each series must have the shape (order, *primal shape) = (n, "
                             f"{', '.join(map(str, x.shape))}), but got {tuple(s.shape)}.")
    order = series[0].shape[0]
    outputs = fn(*primals)
    return outputs, _stack_orders(_path_derivatives(fn, primals, series, order), outputs)


def derivative(fn: Callable, primals, order: int):
    """(fn(primals), the `order`-th derivative of fn along the direction of ones at
    `primals`): jet with a first-order series of ones."""
    _check_fn("derivative", fn)
    if isinstance(order, bool) or not isinstance(order, int) or order < 1:
        raise ValueError(f"For 'derivative', the 'order' must be a positive int, but got {order!r}.")
    primals = tuple(_as_float("derivative", p) for p in (primals if isinstance(primals, tuple) else (primals,)))
    series = tuple(array_func.stack([array_func.ones_like(x)] + [array_func.zeros_like(x)] * (order - 1))
                   for x in primals)
    outputs = fn(*primals)
    last = _path_derivatives(fn, primals, series, order)[-1]
    return outputs, last


def get_grad(gradients, identifier):
    """The gradient for `identifier` (an input position, or a Parameter) in what
    grad / value_and_grad return with return_ids=True."""
    if isinstance(identifier, bool) or not isinstance(identifier, (int, Parameter)):
        raise TypeError(f"For `get_grad`, the `x` should be an integer or a Parameter, but got {identifier}")
    key = identifier.name if isinstance(identifier, Parameter) else identifier
    found = _find_grad(gradients, key)
    if found is None:
        raise RuntimeError(f"Can not find the gradient for position or Parameter {key}")
    return found


def _find_grad(gradients, key):
    if isinstance(gradients, tuple):
        if len(gradients) == 2 and isinstance(gradients[1], Tensor) and type(gradients[0]) is type(key) \
                and gradients[0] == key:
            return gradients[1]
        for item in gradients:
            found = _find_grad(item, key)
            if found is not None:
                return found
    return None
