"""Control flow over user functions: ForiLoop, WhileLoop, Scan, Partial, and Morph.

They take functions as inputs, so they are composed of the calls they make (no kernel, no
bprop of their own): in PyNative mode the loop runs in Python and a gradient records the
ops of every iteration; while a graph is built the functions are called through the
builder (a user's function is compiled into the graph) and the loop is unrolled, or
becomes one `while` node (differentiable) when its bounds or its condition are Tensors
computed in the graph, or when ForiLoop is asked not to unroll.
"""
from __future__ import annotations

import functools

from ...common import dtype as mstype
from ...common.nest import flatten, unflatten
from ...common.tensor import Tensor
from .. import interpreter
from ..interpreter import call_function
from ..primitive import Primitive

__all__ = ["ForiLoop", "Morph", "Partial", "PyExecute", "Scan", "WhileLoop"]


def _check_function(op: str, arg: str, value) -> None:
    if not callable(value) or isinstance(value, (type, Tensor)):
        raise TypeError(f"For '{op}', the type of '{arg}' should be one of '['function', 'method']', but got type "
                        f"'{type(value).__name__}'.")


def _graph_loop(builder, op: str, state, cond, body):
    """A `while` node over the Tensors of the nest `state` (Python numbers in it become
    Tensors): `cond(state)` is the condition, `body(state)` the next state."""
    leaves, structure = flatten(state)
    leaves = [v if isinstance(v, Tensor) else Tensor(v) for v in leaves]

    def mismatch(index, spec, value):
        got = (f"shape {tuple(value.shape)} and dtype {value.dtype}" if isinstance(value, Tensor)
               else f"the Python value {value!r}")
        return ValueError(f"For '{op}', the loop function must return a value of the type and shape of the initial "
                          f"value, but its item {index} is a Tensor of shape {spec.shape} and dtype {spec.dtype} "
                          f"at first and {got} after an iteration.")

    def next_leaves(carried):
        leaves_out, structure_out = flatten(body(unflatten(carried, structure)))
        if structure_out != structure:
            raise ValueError(f"For '{op}', the loop function must return a value of the structure of the initial "
                             f"value {structure}, but got {structure_out}.")
        return leaves_out

    outputs = builder.while_loop(leaves, lambda carried: cond(unflatten(carried, structure)), next_leaves, mismatch)
    return unflatten(outputs, structure)


class ForiLoop(Primitive):
    """ForiLoop()(lower, upper, loop_func, init_val, unroll=True)

    `for i in range(lower, upper): init_val = loop_func(i, init_val)`, returning the last
    `init_val`. `lower` and `upper` are ints or Tensors (the index `i` is then a Tensor of
    lower's dtype). In a graph the loop is unrolled when its bounds are known and
    `unroll` is True; otherwise it is one `while` node, whose carried value must keep its
    type and shape (ValueError). Gradients flow through both forms (MindSpore 2.7.1 on
    CPU fails to differentiate the non-unrolled form).
    """

    def compose(self, lower, upper, loop_func, init_val, unroll=True):
        for arg, value in (("lower", lower), ("upper", upper)):
            if isinstance(value, bool) or not isinstance(value, (int, Tensor)):
                raise TypeError(f"For 'ForiLoop', the type of '{arg}' should be one of '['int', 'Tensor']', but got "
                                f"type '{type(value).__name__}'.")
        _check_function("ForiLoop", "loop_func", loop_func)
        builder = interpreter.graph_builder
        index_dtype = next((v.dtype for v in (lower, upper) if isinstance(v, Tensor)), None)
        if builder is not None and (builder.is_dynamic((lower, upper)) or not unroll):
            start = Tensor(lower, index_dtype or mstype.int64) if not isinstance(lower, Tensor) else lower
            state = _graph_loop(builder, "ForiLoop", (start, init_val), lambda s: s[0] < upper,
                                lambda s: (s[0] + 1, call_function(loop_func, s[0], s[1])))
            return state[1]
        value = init_val
        for i in range(int(lower), int(upper)):
            value = call_function(loop_func, i if index_dtype is None else Tensor(i, index_dtype), value)
        return value


class WhileLoop(Primitive):
    """WhileLoop()(cond_func, loop_func, init_val)

    `while cond_func(init_val): init_val = loop_func(init_val)`, returning the last
    `init_val`. In a graph, iterations whose condition is known when the graph is built
    are unrolled; from the first condition that is a Tensor computed in the graph, the
    loop is one `while` node (differentiable; its carried value must keep its type and
    shape).
    """

    def compose(self, cond_func, loop_func, init_val):
        _check_function("WhileLoop", "cond_func", cond_func)
        _check_function("WhileLoop", "loop_func", loop_func)
        builder = interpreter.graph_builder
        value = init_val
        while True:
            test = call_function(cond_func, value)
            if builder is not None and builder.is_dynamic(test):
                return _graph_loop(builder, "WhileLoop", value, lambda s: call_function(cond_func, s),
                                   lambda s: call_function(loop_func, s))
            if not test:
                return value
            value = call_function(loop_func, value)


class Scan(Primitive):
    """Scan()(loop_func, init, xs, length=None, unroll=True)

    `for x in xs: init, y = loop_func(init, x); ys.append(y)`, returning `(init, ys)`
    (ys a list). With `xs` None, `loop_func` runs `length` times on x = None. The loop
    is unrolled, in a graph too (`unroll` is accepted: the values are the same).
    """

    def compose(self, loop_func, init, xs, length=None, unroll=True):
        _check_function("Scan", "loop_func", loop_func)
        if xs is not None and not isinstance(xs, (list, tuple)):
            raise TypeError(f"For 'Scan', the type of 'xs' should be one of '['list', 'tuple', 'None']', but got "
                            f"type '{type(xs).__name__}'.")
        if xs is None:
            if isinstance(length, bool) or not isinstance(length, int):
                raise TypeError(f"For 'Scan', the 'length' must be an int when 'xs' is None, but got type "
                                f"'{type(length).__name__}'.")
            xs = [None] * length
        carry, ys = init, []
        for x in xs:
            result = call_function(loop_func, carry, x)
            if not isinstance(result, (tuple, list)) or len(result) != 2:
                raise ValueError(f"For 'Scan', the loop function must return a pair (carry, y), but got {result!r}.")
            carry, y = result
            ys.append(y)
        return carry, ys


class Partial(Primitive):
    """Partial()(func, *args): `func` with its first arguments bound to `args` (a
    `functools.partial`; in a graph, calling it compiles `func` as a direct call does)."""

    def __init__(self):
        super().__init__()
        self.add_prim_attr("side_effect_propagate", 1)

    def compose(self, func, *args):
        if not callable(func):
            raise AttributeError(f"For 'Partial', the 'func' must be callable, but got "
                                 f"'{type(func).__name__}' object which has no attribute '__call__'.")
        return functools.partial(func, *args)


class Morph(Primitive):
    """Morph(fn, infer_shape, infer_dtype, bprop_fn=None)

    A user function `fn` used as an operator in a graph: calling it calls `fn` (compiled
    into the graph, so its gradient is that of the ops it runs; with `bprop_fn`,
    `bprop_fn(*inputs, out, dout)` gives the inputs' gradients instead). `infer_shape` and
    `infer_dtype` are kept as attributes: the graph infers through `fn` itself. For Graph
    mode: a call in PyNative mode raises RuntimeError, as in MindSpore (under a
    transformation, such as vmap of a jit function, a Morph without `bprop_fn` runs `fn`
    through it).
    """

    def __init__(self, fn, infer_shape, infer_dtype, bprop_fn=None):
        super().__init__()
        self.add_prim_attrs(fn=fn, infer_shape=infer_shape, infer_dtype=infer_dtype, bprop_fn=bprop_fn,
                            side_effect_backprop=True, side_effect_mem=True, side_effect_io=True,
                            __metamorphosis__=True)

    def compose(self, *inputs):
        builder = interpreter.graph_builder
        if builder is None and (not interpreter.STACK or self.bprop_fn is not None):
            raise RuntimeError("Morph is only supported in GRAPH_MODE.")
        if self.bprop_fn is None:
            return call_function(self.fn, *inputs)
        return builder.call(self, inputs, {})   # a custom_bprop node (graph_calls.call)

    def bprop(self, *inputs_out_dout):
        """The gradients of the inputs, from `bprop_fn(*inputs, out, dout)`."""
        return call_function(self.bprop_fn, *inputs_out_dout)


class PyExecute(Primitive):
    """PyExecute()(script, local_keys, local_values): the Python expression `script`
    evaluated with the names `local_keys` bound to `local_values` (how MindSpore's graphs
    run Python they can not compile). For Graph mode: in PyNative mode it raises
    RuntimeError, as in MindSpore (under a transformation, such as vmap of a jit
    function, it evaluates through it).
    """

    def __init__(self):
        super().__init__()
        self.add_prim_attrs(side_effect_io=True, primitive_target="CPU")

    def compose(self, script, local_keys, local_values):
        if not interpreter.STACK:
            raise RuntimeError("Invalid primitive:PyExecute: it runs in Graph mode only.")
        if not isinstance(script, str):
            raise TypeError(f"For 'PyExecute', the 'script' must be str, but got {type(script).__name__}.")
        if not isinstance(local_keys, (tuple, list)) or not all(isinstance(k, str) for k in local_keys):
            raise TypeError(f"For 'PyExecute', the 'local_keys' must be a tuple of str, but got {local_keys!r}.")
        if not isinstance(local_values, (tuple, list)) or len(local_values) != len(local_keys):
            raise ValueError(f"For 'PyExecute', the 'local_values' must be a tuple of {len(local_keys)} values, one "
                             f"per key, but got {local_values!r}.")
        return eval(script, {}, dict(zip(local_keys, local_values)))

