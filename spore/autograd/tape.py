"""The PyNative tape: records primitive calls while a gradient is being taken, then walks
them backwards through each primitive's bprop.

The tape is an interpreter (ops/interpreter.py): while a gradient is being taken it sits
on the interpreter stack and every primitive call passes through its `process`, which
computes the call below it and records it.

Tracking. A Tensor that a tape follows carries, in `_node`, a dict {tape id: variable
id}; variable ids number the values a tape has seen. Leaves (the inputs and weights a
gradient is taken for) are marked before the function runs; every primitive call with a
tracked input appends a Node and gives its outputs new variable ids. Calls with no
tracked input cost nothing beyond the check, and with no tape open Primitive calls take
their fast path untouched.

Nesting. Tapes stack: while an outer tape records, an inner one can be opened (grad of
grad). A tape leaves the stack when its backward starts; the bprop calls it makes are
recorded by the outer tapes still there, which is how higher-order gradients arise.
Each backward step is the reverse engine's (reverse.py), which autodiff on the graph
IR shares.

Values. A node keeps only the inputs and outputs its bprop reads (saved.py derives which
from the bprop's source, as PyTorch saves per backward formula); the others become
storage-less stand-ins with their shape and dtype, so a network's intermediate values are
freed as soon as the forward is done with them. What it keeps are its own Tensor wrappers
around the storage: ops such as Assign or `x[i] = v` rebind a Tensor object to new
storage, and a bprop must see the values as they were when the op ran.
"""
from __future__ import annotations

import contextlib
import itertools
from functools import partial
from typing import Callable

from ..common.tensor import Tensor
from ..ops import interpreter
from . import grad_ready, reverse, saved
from .hooks import add_hook, tensor_hooks

_tape_ids = itertools.count(1)


Node = tuple
"""One recorded primitive call, a plain tuple (built on every recorded call):
(bprop, inputs, input_vids, out, output_vids, prim), `bprop` giving the input gradients
from (*inputs, out, dout)."""


class Tape(interpreter.Interpreter):
    """One gradient computation: the leaves it differentiates and the calls it recorded."""

    def __init__(self):
        self.id = next(_tape_ids)
        self.nodes: list[Node] = []
        self.recording = True
        self.variable_count = 0
        self.hooks: dict[int, list[Callable]] = {}
        self._marked: list[Tensor] = []

    def process(self, prim, args: tuple):
        out = prim(*args) if interpreter.STACK else prim.run(args)
        if self.recording:
            self.record(prim, args, out)
        return out

    # ---- tracking -----------------------------------------------------------------------
    def new_variable(self, tensor: Tensor) -> int:
        vid = self.variable_count
        self.variable_count += 1
        tensor._node = {self.id: vid} if tensor._node is None else {**tensor._node, self.id: vid}
        return vid

    def watch(self, tensor: Tensor) -> int:
        """Mark `tensor` as a leaf (its previous variable, if any, is kept: a weight used
        twice as a leaf is one variable)."""
        vid = self.variable_of(tensor)
        if vid is None:
            vid = self.new_variable(tensor)
            self._marked.append(tensor)
            hooks = tensor_hooks.get(tensor)
            if hooks is not None:
                self.add_hook(vid, hooks)
        return vid

    def variable_of(self, value):
        """The variable id of a tracked Tensor, a nested tuple of ids for a sequence, or
        None when nothing in `value` is tracked."""
        if isinstance(value, Tensor):
            node = value._node
            return None if node is None else node.get(self.id)
        if type(value) in (tuple, list):
            vids = tuple(self.variable_of(v) for v in value)
            return vids if any(v is not None for v in vids) else None
        return None

    # ---- recording ----------------------------------------------------------------------
    def record(self, prim, args: tuple, out) -> None:
        """Append a Node for `prim(*args) -> out` when an input is tracked. One pass over the
        inputs finds their variables and makes what the node keeps of each (a snapshot or a
        stand-in, per the plan of prim's class and arity): this runs on every recorded call."""
        tape_id = self.id
        try:
            entry, keep_inputs, keep_out = _plans[type(prim), len(args)]
        except KeyError:
            entry, keep_inputs, keep_out = _plans[type(prim), len(args)] = _plan(prim, len(args))
        tracked = False
        input_vids, inputs = [], []
        for a, keep in zip(args, keep_inputs):
            if isinstance(a, Tensor):   # variable_of and _snapshot / stand_in, inlined for Tensors
                node = a._node
                vid = None if node is None else node.get(tape_id)
                raw = a._t
                if raw is None:
                    kept = a
                elif keep:
                    kept = _new(Tensor)
                    kept._t, kept._init, kept._node = raw, None, node
                else:
                    kept = _new(saved.NotKept)
                    kept._t, kept._init, kept._node = None, (prim, raw.shape, raw.dtype), node
            else:
                vid = self.variable_of(a)
                kept = _snapshot(a) if keep else saved.stand_in(a, prim)
            if vid is not None:
                tracked = True
            input_vids.append(vid)
            inputs.append(kept)
        if not tracked and not getattr(prim, "peer_backward", False):
            return
        if entry is reverse.OWN:
            bprop = prim.bprop
        elif entry is None:
            return
        elif entry is _UNRESOLVED:   # no bprop was registered when the plan was made
            del _plans[type(prim), len(args)]
            reverse.bprop_entry(prim)   # raises, unless one has been registered since
            return self.record(prim, args, out)
        else:
            bprop = partial(entry, prim)
        if type(out) in (tuple, list):
            output_vids = tuple([self.new_variable(o) if isinstance(o, Tensor) else None for o in out])
            out = _kept_output(prim, out, keep_out)
        else:   # new_variable(out) and _snapshot(out) / stand_in(out), inlined
            output_vids = self.variable_count
            self.variable_count = output_vids + 1
            node = out._node
            node = out._node = {tape_id: output_vids} if node is None else {**node, tape_id: output_vids}
            raw = out._t
            if raw is not None:
                if keep_out is False:
                    out = _new(saved.NotKept)
                    out._t, out._init, out._node = None, (prim, raw.shape, raw.dtype), node
                else:   # (out[k] of a single Tensor reads its values)
                    out = _new(Tensor)
                    out._t, out._init, out._node = raw, None, node
        self.nodes.append((bprop, tuple(inputs), input_vids, out, output_vids, prim))

    # ---- backward -----------------------------------------------------------------------
    def backward(self, roots: list[tuple[Tensor, Tensor]]) -> dict[int, Tensor]:
        """Propagate `roots` ([(output, sens)]) back to the leaves; returns {vid: grad}
        for the variables the gradient reached that no recorded node produced (leaves)."""
        self.recording = False
        if self in interpreter.STACK:
            interpreter.pop(self)
        grads: dict[int, Tensor] = {}
        for tensor, sens in roots:
            vid = self.variable_of(tensor)
            if vid is not None:
                _accumulate(grads, vid, sens)
        nodes = self.nodes
        ready = _ReadyLeaves(self, grads) if grad_ready.LISTENERS else None
        hooks = self.hooks
        while nodes:
            # Popped as it is processed: the values a node holds for its bprop are freed as
            # soon as that bprop has run (their memory is then reused at once).
            node = nodes.pop()
            bprop, inputs, input_vids, outs, vids, prim = node
            tuple_output = type(vids) is tuple
            if tuple_output:
                douts = [None if v is None else self._output_grad(v, grads) for v in vids]
            else:   # one output, inlined: this runs on every node
                dout = grads.pop(vids, None)
                if dout is not None and vids in hooks:
                    dout = self._apply_hooks(vids, dout)
                douts, outs = [dout], (outs,)
            input_grads = reverse.step(prim, bprop, inputs, outs, douts, tuple_output,
                                       tuple([v is not None for v in input_vids]))
            if input_grads is not None:
                for vid, grad in zip(input_vids, input_grads):
                    if vid is not None and grad is not None:
                        if type(vid) is int:
                            reverse.accumulate(grads, vid, grad)
                        else:
                            _accumulate(grads, vid, grad)
            if ready is not None:
                ready.used(node)
        if hooks:
            final = ready.final if ready is not None else ()
            for vid in list(grads):
                if vid not in final:
                    grads[vid] = self._apply_hooks(vid, grads[vid])
        return grads

    def _output_grad(self, vid: int, grads: dict):
        grad = grads.pop(vid, None)
        return None if grad is None else self._apply_hooks(vid, grad)

    def _apply_hooks(self, vid: int, grad):
        for hook_table in self.hooks.get(vid, ()):
            for fn in list(hook_table.values()):
                replaced = fn(grad)
                if replaced is not None:
                    grad = replaced
        return grad

    def add_hook(self, vid: int, hook_table: dict) -> None:
        self.hooks.setdefault(vid, []).append(hook_table)

    # ---- lifetime -----------------------------------------------------------------------
    def release(self) -> None:
        """Forget everything: leaves lose their mark, nodes and their values are dropped."""
        tape_id = self.id
        for tensor in self._marked:
            node = tensor._node
            if node is not None and tape_id in node:
                if len(node) == 1:  # (followed by this tape alone: the usual case)
                    tensor._node = None
                else:
                    tensor._node = {k: v for k, v in node.items() if k != tape_id}
        self._marked.clear()
        self.nodes.clear()
        self.hooks.clear()


class _ReadyLeaves:
    """The leaves with a gradient-ready listener (grad_ready.py) and how many recorded
    nodes still have to run their bprop before each leaf's gradient is final."""

    def __init__(self, tape: Tape, grads: dict):
        self.tape, self.grads, self.final = tape, grads, set()
        self.parameters = {}
        for tensor in tape._marked:
            if id(tensor) in grad_ready.LISTENERS:
                self.parameters[tensor._node[tape.id]] = tensor
        self.uses = dict.fromkeys(self.parameters, 0)
        for node in tape.nodes:
            for vid in _flat_vids(node[2]):
                if vid in self.uses:
                    self.uses[vid] += 1

    def used(self, node: Node) -> None:
        for vid in _flat_vids(node[2]):
            if vid in self.uses:
                self.uses[vid] -= 1
                if self.uses[vid] == 0 and vid in self.grads:
                    self.grads[vid] = self.tape._apply_hooks(vid, self.grads[vid])
                    self.final.add(vid)
                    parameter = self.parameters[vid]
                    grad_ready.LISTENERS[id(parameter)](parameter, self.grads[vid])


def _flat_vids(vids):
    for vid in vids:
        if isinstance(vid, tuple):
            yield from _flat_vids(vid)
        elif vid is not None:
            yield vid


_UNRESOLVED = object()
_plans: dict = {}
"""(primitive class, number of inputs) -> (bprop entry, keep each input, keep the output):
the entry is reverse.bprop_entry's (reverse.OWN, the table's function, None), or _UNRESOLVED
where no bprop is registered (an error once a tracked input reaches it); the keep flags are
saved.py's plan."""


def _plan(prim, n_inputs: int) -> tuple:
    try:
        entry = reverse.bprop_entry(prim)
    except RuntimeError:
        entry = _UNRESOLVED
    plan = saved.KEEP_ALL if entry in (reverse.OWN, _UNRESOLVED, None) else saved.plan_for(entry, n_inputs)
    if plan is saved.KEEP_ALL:
        return entry, (True,) * n_inputs, True
    return (entry, *plan)


def _kept_output(prim, out, keep_out):
    """A tuple / list output as the node keeps it: snapshots of the elements prim's bprop
    reads, storage-less stand-ins for the rest (saved.py)."""
    if keep_out is True:
        return _snapshot(out)
    if keep_out is False:
        return saved.stand_in(out, prim)
    n = len(out)
    return type(out)(_snapshot(o) if i in keep_out or i - n in keep_out else saved.stand_in(o, prim)
                     for i, o in enumerate(out))


_new = object.__new__


def _snapshot(value):
    """New wrappers over the same storage and tracking, immune to later rebinding (values
    without storage of their own, such as a vmap's batched Tensors, are kept as they are)."""
    if isinstance(value, Tensor):
        raw = value._t
        if raw is None:
            return value
        copy = _new(Tensor)     # wrap(raw), inlined: this runs for most recorded values
        copy._t = raw
        copy._init = None
        copy._node = value._node
        return copy
    if type(value) in (tuple, list):
        return type(value)(_snapshot(v) for v in value)
    return value


def _accumulate(grads: dict, vid, grad) -> None:
    if isinstance(vid, tuple):
        for v, g in zip(vid, grad):
            if v is not None and g is not None:
                _accumulate(grads, v, g)
        return
    reverse.accumulate(grads, vid, grad)


# ---- opening and closing ----------------------------------------------------------------
def open_tape() -> Tape:
    tape = Tape()
    interpreter.push(tape)
    return tape


def close_tape(tape: Tape) -> None:
    """Take the tape off the stack (if its backward has not) and forget what it recorded."""
    if tape in interpreter.STACK:
        interpreter.pop(tape)
    tape.release()


def recording_tapes() -> list[Tape]:
    return [t for t in interpreter.all_of(Tape) if t.recording]


def is_recording() -> bool:
    return any(isinstance(t, Tape) and t.recording for t in interpreter.STACK)


@contextlib.contextmanager
def paused():
    """The open tapes record nothing inside (custom Cell bprops run their forward this
    way, since their own bprop replaces the recorded graph)."""
    states = [(t, t.recording) for t in interpreter.all_of(Tape)]
    for t, _ in states:
        t.recording = False
    try:
        yield
    finally:
        for t, state in states:
            t.recording = state


def register_tensor_hook(tensor: Tensor, hook_fn: Callable):
    """`Tensor.register_hook`: hook_fn(grad) runs when the gradient with respect to
    `tensor` has been computed; a return value other than None replaces it."""
    if not callable(hook_fn):
        raise TypeError(f"For 'Tensor.register_hook', the 'hook_fn' must be a function, but got "
                        f"{type(hook_fn).__name__}.")
    table, created = tensor_hooks.table_for(tensor)
    if created:
        for tape in interpreter.all_of(Tape):
            vid = tape.variable_of(tensor)
            if vid is not None:
                tape.add_hook(vid, table)
    return add_hook(table, hook_fn)


def tensor_hooks_of(tensor: Tensor) -> list:
    """`Tensor.hooks()`: the functions registered with register_hook on `tensor`, in order."""
    return tensor_hooks.hooks_of(tensor)


def remove_tensor_hook(handle_id) -> None:
    """`Tensor.remove_hook(handle_id)`: unregister the Tensor hook whose handle has this id."""
    if not isinstance(handle_id, int) or isinstance(handle_id, bool):
        raise TypeError(f"For 'Tensor.remove_hook', the 'handle_id' must be an int, but got "
                        f"{type(handle_id).__name__}.")
    tensor_hooks.remove(handle_id)
