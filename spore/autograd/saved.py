"""What the tape keeps of a recorded call for its bprop.

PyTorch's autograd saves for each op only what its backward formula reads (nothing for
add, the output for relu, both operands for matmul), so a network's intermediate values
die as soon as the forward no longer needs them. The tape does the same: it reads each
bprop's source once and keeps an input or output only where the bprop reads its values.
Where the bprop reads only metadata (`x.shape`, `x.dtype`, `x.ndim`, `isinstance(x, ...)`,
`grad_like(x, ...)`, `x is None`, `len(x)`) or nothing at all, the tape keeps a
`NotKept` stand-in: a Tensor of the same shape and dtype without storage, whose data
raises when anything asks for it, so a bprop reading a value the analysis dropped fails
loudly (tests/ops runs every op's bprop on the tape) instead of computing with garbage.

The analysis is conservative: any use it does not recognise keeps the value. Bprops
whose source it can not read (custom Cell bprops, hooks, lambdas) keep everything.

A plan per (primitive class, number of inputs) says, per input, True (keep) or False
(stand-in), and for the output the same, or for a tuple output the set of element
indices kept.
"""
from __future__ import annotations

import ast
import inspect
import itertools
import textwrap
import types

from .._kernels import tensor_data
from ..common.tensor import Tensor

KEEP_ALL = None     # the plan of a bprop the analysis can not read
_META_ATTRIBUTES = frozenset({"shape", "dtype", "ndim"})
_META_CALLS = frozenset({"isinstance", "len", "grad_like"})


class NotKept(Tensor):
    """A value the tape did not keep: its shape and dtype, no data. (`_init` holds the
    primitive and the kernel's shape and dtype objects, converted only when asked for:
    most stand-ins are never looked at.)"""

    __slots__ = ()

    @property
    def shape(self) -> tuple:
        return tuple(self._init[1])

    @property
    def dtype(self):
        return tensor_data.MS_OF[self._init[2]]

    @property
    def ndim(self) -> int:
        return len(self._init[1])

    def _data(self):
        raise RuntimeError(f"For '{self._init[0].name}', the tape did not keep this value, but its bprop reads it "
                           f"(the bprop's source must read it where the analysis in autograd/saved.py sees it).")

    def init_data(self, slice_index=None, shape=None, opt_shard_group=None):
        self._data()

    def asnumpy(self):
        self._data()


_new = object.__new__


def stand_in(value, prim):
    """A NotKept for a Tensor (a tuple / list of them element-wise) that primitive `prim`
    took or gave; other values as they are."""
    if isinstance(value, Tensor):
        raw = value._t
        if raw is None:
            return value
        t = _new(NotKept)
        t._t = None
        t._init = (prim, raw.shape, raw.dtype)
        t._node = value._node
        return t
    if type(value) in (tuple, list):
        return type(value)(stand_in(v, prim) for v in value)
    return value


# ---- the analysis ------------------------------------------------------------------------------
def plan_for(bprop, n_inputs: int):
    """(per-input keep flags, output keep) for `bprop(prim, *inputs, out, dout)` called with
    n_inputs inputs; the output keep is True / False, or a frozenset of the element indices
    read (out[k] with constant k). KEEP_ALL where the source can not be analysed."""
    try:
        tree = _parsed(bprop)
    except (OSError, TypeError, SyntaxError):
        return KEEP_ALL
    function = tree.body[0] if tree.body else None
    if not isinstance(function, ast.FunctionDef):
        return KEEP_ALL
    slots = _parameter_slots(function.args, n_inputs)
    if slots is None:
        return KEEP_ALL
    fixed, rest_name, rest_slots = slots
    reads = {slot: set() for slot in range(n_inputs + 1)}   # slot n_inputs is `out`
    parents = {child: node for node in ast.walk(function) for child in ast.iter_child_nodes(node)}
    for node in ast.walk(function):
        if not isinstance(node, ast.Name) or not isinstance(node.ctx, ast.Load):
            continue
        if node.id in fixed:
            _note_use(reads, fixed[node.id], node, parents)
        elif node.id == rest_name:
            parent = parents.get(node)
            if _is_meta_use(node, parent):
                continue
            index = _constant_index(node, parent)
            if index is None or not -len(rest_slots) <= index < len(rest_slots):
                for slot in rest_slots:
                    _note_use(reads, slot, None, parents)
            else:
                _note_use(reads, rest_slots[index], parent, parents)
    inputs = tuple(bool(reads[i]) for i in range(n_inputs))   # x[k] of an input reads its values
    out_reads = reads[n_inputs]
    if "value" in out_reads:
        output = True
    else:
        output = frozenset(r for r in out_reads if isinstance(r, int)) or False
    return inputs, output


def _parsed(function) -> ast.Module:
    """The syntax tree of `function`'s source, read from its file's lines that its code spans
    (`inspect.getsource` would cache the whole module's lines for good, 160 KiB for the bprop
    modules of a LeNet5 step, and tokenize the rest of the file). Where those lines do not
    parse alone (a lambda inside a statement) or the code does not say which lines it spans
    (Python before 3.11, no `__code__`), as `inspect.getsource` finds it."""
    function = inspect.unwrap(function)     # as inspect.getsource does: a wrapper's source is its wrapped's
    code = getattr(function, "__code__", None)
    if code is not None and hasattr(code, "co_positions"):
        with open(code.co_filename, encoding="utf-8") as file:
            lines = "".join(itertools.islice(file, code.co_firstlineno - 1, _last_line(code)))
        try:
            return ast.parse(textwrap.dedent(lines))
        except SyntaxError:
            pass
    return ast.parse(textwrap.dedent(inspect.getsource(function)))


def _last_line(code: types.CodeType) -> int:
    """The last source line of `code` and of the functions nested in it."""
    ends = [end for _, end, _, _ in code.co_positions() if end is not None]
    ends += [_last_line(const) for const in code.co_consts if isinstance(const, types.CodeType)]
    return max(ends, default=code.co_firstlineno)


def _parameter_slots(args: ast.arguments, n_inputs: int):
    """({name: slot} of the fixed parameters after prim, the *rest name, the slots the
    *rest elements take) where slot n_inputs is out and n_inputs + 1 is dout; None for
    signatures it can not map (defaults, keywords, too few or too many parameters)."""
    if args.posonlyargs or args.kwonlyargs or args.kwarg or args.defaults:
        return None
    names = [a.arg for a in args.args][1:]      # after prim
    total = n_inputs + 2
    if args.vararg is None:
        if len(names) != total:
            return None
        return {name: slot for slot, name in enumerate(names)}, None, ()
    if len(names) > total:
        return None
    return ({name: slot for slot, name in enumerate(names)}, args.vararg.arg,
            tuple(range(len(names), total)))


def _note_use(reads: dict, slot: int, node, parents: dict) -> None:
    if slot not in reads:       # dout: computed in backward, never kept
        return
    parent = None if node is None else parents.get(node)
    if node is not None and _is_meta_use(node, parent):
        return
    index = None if node is None else _constant_index(node, parent)
    reads[slot].add("value" if index is None else index)


def _constant_index(node, parent):
    """k when `parent` is node[k] with a constant int k."""
    if isinstance(parent, ast.Subscript) and parent.value is node and isinstance(parent.slice, ast.Constant) \
            and type(parent.slice.value) is int:
        return parent.slice.value
    if isinstance(parent, ast.Subscript) and parent.value is node and isinstance(parent.slice, ast.UnaryOp) \
            and isinstance(parent.slice.op, ast.USub) and isinstance(parent.slice.operand, ast.Constant) \
            and type(parent.slice.operand.value) is int:
        return -parent.slice.operand.value
    return None


def _is_meta_use(node, parent) -> bool:
    """Whether `parent` reads only node's metadata."""
    if isinstance(parent, ast.Attribute):
        return parent.attr in _META_ATTRIBUTES
    if isinstance(parent, ast.Call) and parent.args and parent.args[0] is node:
        return isinstance(parent.func, ast.Name) and parent.func.id in _META_CALLS
    if isinstance(parent, ast.Compare) and len(parent.ops) == 1 and isinstance(parent.ops[0], (ast.Is, ast.IsNot)):
        other = parent.comparators[0] if parent.left is node else parent.left
        return isinstance(other, ast.Constant) and other.value is None
    return False
