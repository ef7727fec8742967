"""A Cell's place on the tape: backward hooks and custom `bprop`.

Backward hooks. While a tape records, a Cell with backward (pre-)hooks runs between two
identity nodes: one on its inputs, one on its outputs. In backward, the output node
sees the gradient arriving at the Cell's output (`grad_input` in the seed tutorial's
terms) and the input node the gradient the Cell passes back to its inputs
(`grad_output`); there the hooks are called as hook(cell_id, grad_input, grad_output)
and may return a replacement for grad_output. Backward pre-hooks run first, at the output
node, as hook(cell, grad_output) and may replace the gradient entering the Cell. Forward
hooks run outside the two nodes, so what they add is not part of what backward hooks see.

Custom bprop. A Cell defining `bprop` runs its construct with recording paused and is
recorded as a single node whose bprop is the Cell's own.
"""
from __future__ import annotations

from ..common.parameter import Parameter
from ..common.tensor import Tensor, wrap
from ..ops.primitive import Primitive
from . import reverse
from . import tape as _tape


def cell_id(cell) -> str:
    """The identifier hooks receive: the Cell's class name and identity."""
    return f"{type(cell).__name__}({id(cell)})"


def _fresh(value):
    """New Tensor objects over the same storage, so the node's outputs get their own
    tape variables while the caller's Tensors keep theirs."""
    if isinstance(value, Tensor):
        return wrap(value._t)
    if type(value) in (tuple, list):
        return type(value)(_fresh(v) for v in value)
    return value


def _as_tuple(value) -> tuple:
    return tuple(value) if isinstance(value, (tuple, list)) else (value,)


class _HookState:
    """What the two hook nodes of one Cell call share. When no input of the Cell is
    tracked there is no input node, and the output node calls the hooks itself."""

    __slots__ = ("grad_at_output", "inputs_tracked")

    def __init__(self):
        self.grad_at_output = None
        self.inputs_tracked = False


class _CellIdentity(Primitive):
    """Identity over a Cell's inputs or outputs; subclasses act in backward."""

    def __init__(self, cell, state: _HookState):
        super().__init__(type(self).__name__)
        self.cell = cell
        self.state = state

    def run(self, args: tuple):
        return _fresh(args)

    def infer(self, *inputs):
        return inputs


class _CellInputHook(_CellIdentity):
    def bprop(self, *inputs_out_dout):
        dout = inputs_out_dout[-1]
        return _call_backward_hooks(self.cell, self.state.grad_at_output, tuple(dout))


class _CellOutputHook(_CellIdentity):
    def bprop(self, *inputs_out_dout):
        dout = _call_backward_pre_hooks(self.cell, tuple(inputs_out_dout[-1]))
        self.state.grad_at_output = dout
        if not self.state.inputs_tracked:
            _call_backward_hooks(self.cell, dout, ())
        return dout


def _call_backward_pre_hooks(cell, grad_at_output: tuple) -> tuple:
    """Backward pre-hooks see the gradient at the Cell's output first and may replace it."""
    for hook in list(cell._backward_pre_hooks.values()):
        replaced = hook(cell, grad_at_output)
        if replaced is None:
            continue
        replaced = _as_tuple(replaced)
        if len(replaced) != len(grad_at_output) or not all(isinstance(g, Tensor) for g in replaced):
            raise TypeError(f"For '{type(cell).__name__}' backward pre hook '{getattr(hook, '__name__', hook)}', "
                            f"the return value must be None or {len(grad_at_output)} Tensor(s) replacing "
                            f"grad_output, but got {replaced!r}.")
        grad_at_output = replaced
    return grad_at_output


def _call_backward_hooks(cell, grad_at_output, grad_to_inputs: tuple) -> tuple:
    for hook in list(cell._backward_hooks.values()):
        replaced = hook(cell_id(cell), grad_at_output, grad_to_inputs)
        if replaced is None:
            continue
        replaced = _as_tuple(replaced)
        if len(replaced) != len(grad_to_inputs) or not all(isinstance(g, Tensor) for g in replaced):
            raise TypeError(f"For '{type(cell).__name__}' backward hook '{getattr(hook, '__name__', hook)}', "
                            f"the return value must be None or {len(grad_to_inputs)} Tensor(s) "
                            f"replacing grad_output, but got {replaced!r}.")
        grad_to_inputs = replaced
    return grad_to_inputs


def call_with_backward_hooks(cell, args: tuple, kwargs: dict):
    """Run `cell.construct` between the two hook nodes."""
    state = _HookState()
    inputs = _CellInputHook(cell, state)(*args)
    state.inputs_tracked = any(tape.variable_of(inputs) is not None for tape in _tape.recording_tapes())
    outputs = cell.construct(*inputs, **kwargs)
    single = not isinstance(outputs, tuple)
    hooked = _CellOutputHook(cell, state)(*_as_tuple(outputs))
    return hooked[0] if single else hooked


class _CellBprop(Primitive):
    """A Cell with a custom bprop, recorded as one node over its inputs (and its
    `internal_params`, whose gradients the bprop returns in a dict)."""

    def __init__(self, cell, n_inputs: int, params: tuple):
        super().__init__(type(cell).__name__)
        self.cell = cell
        self.n_inputs = n_inputs
        self.params = params

    def infer(self, *inputs):
        return None

    def bprop(self, *inputs_out_dout):
        *inputs, out, dout = inputs_out_dout
        args = inputs[:self.n_inputs]
        result = self.cell.bprop(*args, out, dout)
        if self.params:
            return self._with_param_grads(result)
        return reverse.check_cell_bprop_result(self.cell, result, args)

    def _with_param_grads(self, result):
        name = type(self.cell).__name__
        if not (isinstance(result, tuple) and len(result) == 2 and isinstance(result[1], dict)):
            raise TypeError(f"For '{name}.bprop' with internal_params, the return value must be "
                            f"(input_grads, {{Parameter: grad}}), but got {type(result).__name__}.")
        input_grads, param_grads = result
        unknown = [p for p in param_grads if not any(p is q for q in self.params)]
        if unknown:
            raise ValueError(f"For '{name}.bprop', the gradient dict names Parameters that are not in "
                             f"internal_params: {[getattr(p, 'name', p) for p in unknown]}.")
        grads = _as_tuple(input_grads)
        if len(grads) != self.n_inputs:
            raise ValueError(f"For '{name}.bprop', {self.n_inputs} input gradient(s) were expected, "
                             f"but got {len(grads)}.")
        by_id = {id(p): g for p, g in param_grads.items()}
        return grads + tuple(by_id.get(id(p)) for p in self.params)


def call_with_custom_bprop(cell, args: tuple, kwargs: dict):
    """Run construct unrecorded, then record one node whose bprop is the Cell's."""
    with _tape.paused():
        outputs = cell.construct(*args, **kwargs)
    params = tuple(p for p in getattr(cell, "internal_params", ()) if isinstance(p, Parameter))
    node_prim = _CellBprop(cell, len(args), params)
    for tape in _tape.recording_tapes():
        tape.record(node_prim, args + params, outputs)
    return outputs
