"""The parser: the user's Python source, read with `ast`, interpreted over symbolic
Tensors to build the graph.

Interpreting the syntax tree at compile time is what specializes the graph: names,
`self` attributes, globals and closures resolve to their objects now; Python values
(numbers, tuples, NumPy arrays, Cells, functions) are constants and Python code over them
simply runs ("JIT Fallback"); only Tensor computations become nodes. So constant folding,
inlining of calls and the choice of a branch with a constant condition happen here.
A condition that is a Tensor becomes an `if` node with both branches built; a `while`
with a Tensor condition becomes a `while` node; `for` loops run over their (constant)
sequence, unrolled.

As in MindSpore's graphs, lists and dicts are values: a name, an argument, an attribute
or a global read gets its own copy, which in-place methods change; the built-ins that are
lazy in Python give sequences (graph_builtins.py). The statements MindSpore refuses (`try`,
`del`, `nonlocal`, `for` / `while` with `else`) are refused.

spore's own functions and Cells are not parsed: they run on the symbolic Tensors, which
records their primitive calls. Errors name the file, line and source of the user's code.
"""
from __future__ import annotations

import ast
import builtins
import copy
import functools
import inspect
import operator
import textwrap
import tokenize
import types

import numpy as np

from ..common import dtype as mstype
from ..common.nest import flatten, unflatten
from ..common.parameter import Parameter
from ..common.tensor import Tensor
from ..ops.function import array_func, math_func, other_func
from ..ops.operations.other_ops import Raise, RuntimeText, graph_print
from .builder import GraphBuilder, GraphError, SymbolicTensor, symbolic
from .graph_builtins import graph_builtin, percent_format
from .ir import Block, Node, Value
from .runtime_scalar import DTYPES, scalar_kind, with_kinds

_BINARY = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.Pow: operator.pow,
    ast.MatMult: operator.matmul, ast.BitAnd: operator.and_, ast.BitOr: operator.or_,
    ast.BitXor: operator.xor, ast.LShift: operator.lshift, ast.RShift: operator.rshift,
}
_UNARY = {ast.USub: operator.neg, ast.UAdd: operator.pos, ast.Invert: operator.invert}
_COMPARE = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
    ast.Gt: operator.gt, ast.GtE: operator.ge, ast.Is: operator.is_, ast.IsNot: operator.is_not,
    ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b,
}
_MAX_UNROLL = 100_000


class _Return(Exception):  # noqa: N818 - a control-flow signal, not an error
    def __init__(self, value):
        super().__init__()
        self.value = value


class _Break(Exception):  # noqa: N818 - a control-flow signal, not an error
    pass


class _RuntimeRange:
    """`range(...)` with a bound computed when the graph runs."""

    def __init__(self, bounds: list):
        self.bounds = bounds


class _LoopGuard:
    """Where an unrolled `for` loop still runs, as Bool Tensors (None: everywhere):
    `running` the loop (cleared by a `break` or `return` on a Tensor), `active` the
    current iteration (cleared by any of them); for a loop at a function's top level
    (`returns`), where a `return` ran (`returned`) and the value it returned."""

    def __init__(self, returns: bool):
        self.returns = returns
        self.running = None
        self.active = None
        self.returned = None
        self.value = None


_RETURNED = "<the value a loop returned>"


class _Continue(Exception):  # noqa: N818 - a control-flow signal, not an error
    pass


class _Raised(Exception):  # noqa: N818 - a control-flow signal, not an error
    """A `raise` that the graph runs on the path being built: the rest of it never runs."""


def is_user_code(obj) -> bool:
    """Code the compiler parses: Python functions and Cells defined outside spore (whose
    classes name `mindspore` modules under `python -m spore`)."""
    module = getattr(obj, "__module__", None) or ""
    return module.split(".", 1)[0] not in ("spore", "mindspore")


class Source:
    """A function's syntax tree, with where it came from."""

    def __init__(self, code):
        self.filename = code.co_filename
        name = getattr(code, "co_qualname", code.co_name)
        is_lambda = code.co_name == "<lambda>"
        try:
            # A lambda may sit inside a larger expression (its own lines need not parse
            # alone) and share its line with other lambdas: it is found in the file's tree.
            lines, first = (inspect.findsource(code)[0], 1) if is_lambda else inspect.getsourcelines(code)
        except (OSError, TypeError) as failure:
            raise GraphError(f"Graph mode needs the source of '{name}' ({self.filename}), but it can not be "
                             f"read: {failure}.") from None
        self.first_line = max(first, 1)
        self.lines = lines
        if is_lambda:
            self.node = _find_lambda(_lambda_statement(lines, code) or ast.parse("".join(lines)), code, name)
            return
        tree = ast.parse(textwrap.dedent("".join(lines)))
        ast.increment_lineno(tree, self.first_line - 1)
        self.node = _find_function(tree, code, name)

    def where(self, node) -> str:
        line = getattr(node, "lineno", self.first_line)
        index = line - self.first_line
        text = self.lines[index].strip() if 0 <= index < len(self.lines) else ""
        return f"{self.filename}:{line}\n    {text}"


def _find_function(tree, code, name: str):
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == code.co_name:
            return node
    raise GraphError(f"Graph mode could not find the definition of '{name}' in its source.")


def _lambda_statement(lines: list, code):
    """The tree of the statement a lambda starts on when that statement starts on the same
    line, at the file's line numbers and columns; None when it starts on an earlier line.
    Parsing it rather than the whole file keeps a first call's syntax trees small (a
    230-line file's tree is 430 KiB of Python objects, all made in the first call)."""
    try:
        block = inspect.getblock(lines[code.co_firstlineno - 1:])    # through the statement's end
        indented = block[0][:1].isspace()
        tree = ast.parse("if 1:\n" * indented + "".join(block))     # indented lines in a block keep their columns
    except (SyntaxError, tokenize.TokenError):
        return None
    ast.increment_lineno(tree, code.co_firstlineno - 1 - indented)
    has_lambda = any(isinstance(n, ast.Lambda) and n.lineno == code.co_firstlineno for n in ast.walk(tree))
    return tree if has_lambda else None


def _find_lambda(tree, code, name: str):
    """The lambda of `code` among those starting on its line: the innermost one whose body
    spans the source positions of the code's instructions (Python 3.11+), else the one
    with the code's argument names."""
    found = [n for n in ast.walk(tree) if isinstance(n, ast.Lambda) and n.lineno == code.co_firstlineno]
    if len(found) > 1 and hasattr(code, "co_positions"):
        spans = [(p[0], p[2], p[1], p[3]) for p in code.co_positions()
                 if None not in p and (p[0], p[2]) != (p[1], p[3])]
        found = sorted((n for n in found if spans and all(
            (n.body.lineno, n.body.col_offset) <= (line, col) and (end_line, end_col) <= (
                n.body.end_lineno, n.body.end_col_offset) for line, col, end_line, end_col in spans)),
            key=lambda n: (n.body.end_lineno - n.body.lineno, n.body.end_col_offset - n.body.col_offset))[:1]
    if len(found) > 1:
        arguments = code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]
        found = [n for n in found if tuple(a.arg for a in n.args.posonlyargs + n.args.args + n.args.kwonlyargs)
                 == arguments]
    if len(found) != 1:
        raise GraphError(f"Graph mode could not tell which lambda on line {code.co_firstlineno} is '{name}'; "
                         f"define it with 'def' or on a line of its own.")
    return found[0]


@functools.cache
def _source_of(code) -> Source:
    return Source(code)


def source_of(fn) -> Source:
    return _source_of(fn.__code__)


def annotate(error: Exception, where: str) -> Exception:
    """`error` with the user's file, line and source appended (once, at the innermost
    user line)."""
    if getattr(error, "_graph_where", False):
        return error
    message = f"{error}\n\nThe code (Graph mode): {where}"
    try:
        annotated = type(error)(message)
    except Exception:  # noqa: BLE001 - exception types with other signatures become RuntimeError
        annotated = RuntimeError(message)
    annotated._graph_where = True
    return annotated


class Closure:
    """A function or lambda defined inside parsed code: its tree and the scope it sees."""

    def __init__(self, node, scope: dict, parser: FunctionParser):
        self.node = node
        self.scope = scope
        self.parser = parser

    def __call__(self, *args, **kwargs):
        return self.parser.call_closure(self, args, kwargs)


class FunctionParser:
    """Interprets one user function's body over the builder."""

    def __init__(self, builder: GraphBuilder, call_other, fn):
        self.builder = builder
        self.call_other = call_other
        self.fn = fn
        self.source = source_of(fn)
        self.globals = fn.__globals__
        closure = fn.__closure__ or ()
        self.freevars = dict(zip(fn.__code__.co_freevars, closure))
        self.global_names: set = set()
        self.outer_lists: dict = {}
        """The graph's own copies of the lists and dicts of globals and closures it reads."""
        self.runtime_paths = 0
        """How many branches or loop bodies on Tensor conditions the code being built is in:
        there a `raise` becomes part of the graph instead of failing the compilation."""

    # ---- entry --------------------------------------------------------------------------
    def run(self, args: tuple, kwargs: dict):
        scope = self._bind(self.source.node.args, args, kwargs, list(self.fn.__defaults__ or ()),
                           dict(self.fn.__kwdefaults__ or {}))
        return self._run_body(self.source.node, scope)

    def _run_body(self, node, scope):
        if isinstance(node, ast.Lambda):
            return self._guarded(node, self.eval, node.body, scope)
        try:
            self.exec_block(node.body, scope, function_level=True)
        except _Return as ret:
            return ret.value
        return None

    def call_closure(self, closure: Closure, args, kwargs):
        spec = closure.node.args
        defaults = [self.eval(d, closure.scope) for d in spec.defaults]
        kwdefaults = {a.arg: self.eval(d, closure.scope) for a, d in zip(spec.kwonlyargs, spec.kw_defaults)
                      if d is not None}
        scope = dict(closure.scope)
        scope.update(self._bind(spec, args, kwargs, defaults, kwdefaults))
        return self._run_body(closure.node, scope)

    def _bind(self, spec: ast.arguments, args, kwargs, defaults: list, kwdefaults: dict) -> dict:
        """Python's argument binding: positional, *args, keywords, defaults, **kwargs."""
        names = [a.arg for a in spec.posonlyargs + spec.args]
        keyword_only = [a.arg for a in spec.kwonlyargs]
        what = f"'{self.fn.__qualname__}'"
        scope = dict(zip(names, args))
        if len(args) > len(names):
            if spec.vararg is None:
                raise TypeError(f"{what} takes {len(names)} positional arguments but {len(args)} were given.")
            scope[spec.vararg.arg] = tuple(args[len(names):])
        elif spec.vararg is not None:
            scope[spec.vararg.arg] = ()
        extra = {}
        for key, value in kwargs.items():
            if key in names or key in keyword_only:
                scope[key] = value
            else:
                extra[key] = value
        for name, default in zip(names[len(names) - len(defaults):], defaults):
            scope.setdefault(name, default)
        for name, default in kwdefaults.items():
            scope.setdefault(name, default)
        if spec.kwarg is not None:
            scope[spec.kwarg.arg] = extra
        elif extra:
            raise TypeError(f"{what} got unexpected keyword arguments {sorted(extra)}.")
        missing = [n for n in names + keyword_only if n not in scope]
        if missing:
            raise TypeError(f"{what} is missing the arguments {missing}.")
        return {name: _own(value) for name, value in scope.items()}

    # ---- statements ---------------------------------------------------------------------
    def exec_block(self, stmts: list, scope: dict, function_level: bool = False) -> None:
        for i, stmt in enumerate(stmts):
            if function_level and isinstance(stmt, ast.If) and _returns(stmt):
                test = self._guarded(stmt, self.eval, stmt.test, scope)
                if _is_runtime(test):
                    raise _Return(self._guarded(stmt, self._tensor_if_returning, stmt, test, stmts[i + 1:], scope))
                self.exec_block(stmt.body if test else stmt.orelse, scope, function_level)
                continue
            if function_level and isinstance(stmt, ast.With) and _returns(stmt):
                self._guarded(stmt, self._with, stmt, scope, stmts[i + 1:])
                return
            if function_level and isinstance(stmt, ast.For) and _returns(stmt):
                guard = self._guarded(stmt, self._for, stmt, scope, function_level)
                if guard is not None and guard.returned is not None:
                    raise _Return(self._guarded(stmt, self._return_after_loop, guard, stmts[i + 1:], scope))
                continue
            self._guarded(stmt, self.exec_stmt, stmt, scope, function_level)

    def _guarded(self, node, action, *args):
        """action(*args), with the user's file, line and source added to any error."""
        self.builder.location = f"{self.source.filename}:{getattr(node, 'lineno', 0)}"
        try:
            return action(*args)
        except (_Return, _Break, _Continue, _Raised):
            raise
        except Exception as error:  # noqa: BLE001 - every error gets the user's line attached
            raise annotate(error, self.source.where(node)) from None

    def exec_stmt(self, stmt, scope: dict, function_level: bool) -> None:
        kind = type(stmt)
        if kind is ast.Assign:
            value = self.eval(stmt.value, scope)
            for target in stmt.targets:
                self.assign(target, value, scope)
        elif kind is ast.AnnAssign:
            if stmt.value is not None:
                self.assign(stmt.target, self.eval(stmt.value, scope), scope)
        elif kind is ast.AugAssign:
            current = self.eval(_as_load(stmt.target), scope)
            self.assign(stmt.target, _BINARY[type(stmt.op)](current, self.eval(stmt.value, scope)), scope)
        elif kind is ast.Expr:
            self.eval(stmt.value, scope)
        elif kind is ast.Return:
            raise _Return(None if stmt.value is None else self.eval(stmt.value, scope))
        elif kind is ast.If:
            self._if(stmt, scope, function_level)
        elif kind is ast.For:
            self._for(stmt, scope, function_level)
        elif kind is ast.While:
            self._while(stmt, scope, function_level)
        elif kind is ast.Break:
            raise _Break()
        elif kind is ast.Continue:
            raise _Continue()
        elif kind is ast.Pass:
            pass
        elif kind is ast.FunctionDef:
            scope[stmt.name] = Closure(stmt, scope, self)
        elif kind is ast.Assert:
            test = self.eval(stmt.test, scope)
            if _is_runtime(test) or not test:
                error = AssertionError(*(() if stmt.msg is None else (self.eval(stmt.msg, scope),)))
                failed = math_func.logical_not(_as_bool(_condition(test))) if _is_runtime(test) else None
                self._raise(error, stmt, failed)
        elif kind is ast.Raise:
            if stmt.exc is None:
                raise GraphError("A bare 'raise' (re-raising) is not supported in Graph mode.")
            error = self.eval(stmt.exc, scope)
            self._raise(error() if isinstance(error, type) else error, stmt, None)
        elif kind is ast.With:
            self._with(stmt, scope)
        elif kind is ast.Global:
            self.global_names.update(stmt.names)   # as in MindSpore, assigning them changes nothing
        else:
            raise GraphError(f"The statement '{type(stmt).__name__}' is not supported in Graph mode.")

    def _raise(self, error, stmt, condition) -> None:
        """Raise `error` now when every path reaches it, else when the graph runs: where
        `condition` holds, or (None) wherever the path being built runs."""
        if not isinstance(error, BaseException):
            raise TypeError("exceptions must derive from BaseException")
        if condition is None and not self.runtime_paths:
            raise error
        if any(_is_runtime(a) for a in error.args):
            raise GraphError(f"The message of a '{type(error).__name__}' raised in a graph must be constant, not a "
                             f"Tensor computed in the graph.")
        Raise(annotate(error, self.source.where(stmt)))(Tensor(True) if condition is None else condition)
        if condition is None:
            raise _Raised()

    def _building_path(self, run, *args) -> bool:
        """run(*args) as a branch or loop body on a Tensor condition; whether it raised."""
        self.runtime_paths += 1
        try:
            run(*args)
        except _Raised:
            return True
        finally:
            self.runtime_paths -= 1
        return False

    def _placeholder(self, value, block: Block):
        """What a path that raised yields for `value`, which the other path yields: zeros of
        its Tensors (never used: the graph stopped), its Python values as they are."""
        leaves, structure = flatten(value)
        with self.builder.nested(block):
            leaves = [with_kinds([array_func.zeros(leaf.shape, leaf.dtype)], [scalar_kind(leaf)])[0]
                      if isinstance(leaf, Tensor) else leaf for leaf in leaves]
        return unflatten(leaves, structure)

    def assign(self, target, value, scope: dict) -> None:
        kind = type(target)
        if kind is ast.Name:
            if target.id not in self.global_names:
                scope[target.id] = _own(value)
        elif kind in (ast.Tuple, ast.List):
            starred = [i for i, t in enumerate(target.elts) if isinstance(t, ast.Starred)]
            if starred:   # `a, *b, c = ...`: b gets a list of the middle items
                items, before, after = _unpack(value, None), starred[0], len(target.elts) - starred[0] - 1
                if len(items) < before + after:
                    raise ValueError(f"not enough values to unpack (expected at least {before + after}, got "
                                     f"{len(items)})")
                items = items[:before] + [items[before:len(items) - after]] + items[len(items) - after:]
            else:
                items = _unpack(value, len(target.elts))
            for t, v in zip(target.elts, items):
                self.assign(t.value if isinstance(t, ast.Starred) else t, v, scope)
        elif kind is ast.Subscript:
            container = self.eval(target.value, scope)
            container[self.eval(target.slice, scope)] = value
        elif kind is ast.Attribute:
            owner = self.eval(target.value, scope)
            current = getattr(owner, target.attr, None)
            if isinstance(current, Parameter) and isinstance(value, Tensor):
                if value is not current:   # as in MindSpore: the Parameter takes the value
                    other_func.assign(current, value)
                return
            if _is_runtime(value):
                raise GraphError(f"Setting the attribute '{target.attr}' to a Tensor computed in the graph is not "
                                 f"supported in Graph mode; use ops.assign on a Parameter.")
            setattr(owner, target.attr, value)
        else:
            raise GraphError(f"Assigning to '{type(target).__name__}' is not supported in Graph mode.")

    def _with(self, stmt: ast.With, scope: dict, rest: list | None = None) -> None:
        """`with` on context managers (jit_class objects): __enter__, the body, __exit__.
        With `rest` (the statements after a `with` holding a `return`, at a function's top
        level), the body runs on into them so that a `return` on a Tensor condition can
        join the two paths; __exit__ then runs after them, when the graph is built."""
        entered = []
        try:
            for item in stmt.items:
                manager = self.eval(item.context_expr, scope)
                if not getattr(type(manager), "__ms_class__", False):
                    raise TypeError(f"'with' in Graph mode only supports jit_class instances, but got "
                                    f"{type(manager).__name__}.")
                value = self.call(manager.__enter__, (), {})
                entered.append(manager)
                if item.optional_vars is not None:
                    self.assign(item.optional_vars, value, scope)
            self.exec_block(stmt.body + (rest or []), scope, function_level=rest is not None)
        finally:
            for manager in reversed(entered):
                self.call(manager.__exit__, (None, None, None), {})

    # ---- control flow -------------------------------------------------------------------
    def _if(self, stmt: ast.If, scope: dict, function_level: bool) -> None:
        test = self.eval(stmt.test, scope)
        if not _is_runtime(test):
            self.exec_block(stmt.body if test else stmt.orelse, scope, function_level)
            return
        for node in ast.walk(stmt):
            if isinstance(node, (ast.Break, ast.Continue, ast.Return)):
                raise GraphError(f"'{type(node).__name__.lower()}' inside an 'if' on a Tensor is supported only "
                                 f"at the top level of a function, or under 'if's directly in a loop's body, in "
                                 f"Graph mode.")
        self._tensor_if(test, stmt.body, stmt.orelse, scope)

    def _tensor_if(self, test, body: list, orelse: list, scope: dict) -> None:
        """`if test: body else: orelse` on a Tensor: both branches built, the names they
        change merged by an `if` node."""
        branches = []
        for statements in (body, orelse):
            branch_scope = {name: _own_nest(value) for name, value in scope.items()}
            with self.builder.nested(Block()) as block:
                raised = self._building_path(self.exec_block, statements, branch_scope)
            branches.append((block, branch_scope, raised))
        (then_block, then_scope, then_raised), (else_block, else_scope, else_raised) = branches
        if then_raised != else_raised:   # the names take the other path's values
            block, raised_scope, other = (then_block, then_scope, else_scope) if then_raised else (
                else_block, else_scope, then_scope)
            raised_scope.update({n: self._placeholder(v, block) for n, v in other.items() if _changed(v, scope.get(n))})
        names = [n for n in then_scope if n in else_scope
                 and (_changed(then_scope[n], scope.get(n)) or _changed(else_scope[n], scope.get(n)))]
        flat_then, flat_else, leaf_names, structures = [], [], [], []
        for name in names:
            then_leaves, structure = flatten(then_scope[name])
            else_leaves, other = flatten(else_scope[name])
            if structure != other:
                raise GraphError(f"'{name}' holds values of different structure after the two branches of an 'if' "
                                 f"on a Tensor: {structure} and {other}.")
            flat_then += then_leaves
            flat_else += else_leaves
            leaf_names += [name] * len(then_leaves)
            structures.append((name, structure, len(then_leaves)))
        merged = iter(self._merge_if(test, then_block, flat_then, else_block, flat_else, leaf_names))
        for name, structure, count in structures:
            scope[name] = unflatten([next(merged) for _ in range(count)], structure)
        for name in set(then_scope) ^ set(else_scope):
            scope.pop(name, None)
        if then_raised and else_raised:
            raise _Raised()

    def _tensor_if_returning(self, stmt: ast.If, test, rest: list, scope: dict):
        """`if <Tensor>:` with a return inside: each branch runs on to the end of the
        function (the statements after the `if` join whichever branch does not return),
        and the node yields the value returned."""
        results, blocks, raised = [], [], []
        for body in (stmt.body, stmt.orelse):
            branch_scope = {name: _own_nest(value) for name, value in scope.items()}
            with self.builder.nested(Block()) as block:
                returned = []
                raised.append(self._building_path(self._returned_value, list(body) + list(rest), branch_scope,
                                                  returned))
            results.append(returned[0] if returned else None)
            blocks.append(block)
        if raised[0] != raised[1]:   # the path that raised yields what the other returns
            chosen = 0 if raised[0] else 1
            results[chosen] = self._placeholder(results[1 - chosen], blocks[chosen])
        flat_then, structure = flatten(results[0])
        flat_else, other = flatten(results[1])
        if structure != other:
            raise GraphError("The two branches of an 'if' on a Tensor return values of different structure: "
                             f"{structure} and {other}.")
        value = unflatten(self._merge_if(test, blocks[0], flat_then, blocks[1], flat_else,
                                          ["the return value"] * len(flat_then)), structure)
        if all(raised):
            raise _Raised()
        return value

    def _returned_value(self, stmts: list, scope: dict, returned: list) -> None:
        """The statements to the end of the function; what they return put in `returned`."""
        try:
            self.exec_block(stmts, scope, function_level=True)
            returned.append(None)
        except _Return as ret:
            returned.append(ret.value)

    def _merge_if(self, test, then_block, then_values, else_block, else_values, names) -> list:
        merged, yields_then, yields_else, outputs = [], [], [], []
        for name, a, b in zip(names, then_values, else_values):
            kind = scalar_kind(a) if scalar_kind(a) is scalar_kind(b) else None
            differ = not (isinstance(a, Tensor) or isinstance(b, Tensor)) and a is not b and a != b
            if differ:
                a, b = _runtime_scalars(name, a, b)
            if not (isinstance(a, Tensor) or isinstance(b, Tensor)):
                if differ:
                    raise GraphError(f"'{name}' is the Python value {a!r} after one branch of an 'if' on a Tensor "
                                     f"and {b!r} after the other; only Tensors may differ between branches.")
                merged.append(a)
                continue
            a, b = self._as_tensor(a, then_block), self._as_tensor(b, else_block)
            if (a.shape, a.dtype) != (b.shape, b.dtype):
                raise GraphError(f"'{name}' has shape {a.shape} and dtype {a.dtype} in one branch of an 'if' on a "
                                 f"Tensor, but shape {b.shape} and dtype {b.dtype} in the other; both must agree.")
            out = Value(a._node.spec)
            yields_then.append(a._node)
            yields_else.append(b._node)
            outputs.append(out)
            merged.append(with_kinds([symbolic(out)], [kind])[0])
        then_block.results, else_block.results = tuple(yields_then), tuple(yields_else)
        condition = self.builder.value_of(_condition(test))
        self.builder.block.nodes.append(Node("if", None, (condition,), tuple(outputs), self.builder.location,
                                             {"then": then_block, "orelse": else_block}))
        return merged

    def _as_tensor(self, value, block: Block) -> SymbolicTensor:
        """A branch's value as a symbolic Tensor defined in (or before) that branch."""
        if isinstance(value, SymbolicTensor):
            return value
        if not isinstance(value, Tensor):
            value = Tensor(value, DTYPES.get(type(value)))
        with self.builder.nested(block):
            return symbolic(self.builder.value_of(value))

    def _for(self, stmt: ast.For, scope: dict, function_level: bool) -> None:
        if stmt.orelse:
            raise GraphError("The 'for...else...' statement is not supported in Graph mode.")
        iterable = self._iterable(stmt.iter, scope)
        if isinstance(iterable, _RuntimeRange):
            self._guarded(stmt, self._range_loop, stmt, iterable.bounds, scope)
            return None
        if isinstance(iterable, Tensor):
            if iterable.ndim == 0:
                raise TypeError("iteration over a 0-d Tensor")
            items = [iterable[i] for i in range(iterable.shape[0])]
        else:
            items = list(iterable)
        if len(items) > _MAX_UNROLL:
            raise GraphError(f"A 'for' loop in Graph mode is unrolled, and this one has {len(items)} iterations "
                             f"(at most {_MAX_UNROLL}).")
        guard = _LoopGuard(returns=function_level)
        for item in items:
            guard.active = guard.running
            self.assign(stmt.target, item, scope)
            try:
                self._guarded_statements(stmt.body, scope, guard)
            except _Break:
                return None
            except _Continue:
                continue
        return guard

    def _iterable(self, node, scope: dict):
        """What a `for` loop walks: `range(...)` with an int bound computed at run time is
        a _RuntimeRange, anything else its value."""
        if isinstance(node, ast.Call) and not node.keywords and not any(
                isinstance(a, ast.Starred) for a in node.args) and self.eval(node.func, scope) is range:
            bounds = [self.eval(a, scope) for a in node.args]
            numbers = any(scalar_kind(b) is int and _is_runtime(b) for b in bounds) and all(
                scalar_kind(b) is int for b in bounds)   # Tensors are refused, as in MindSpore
            return _RuntimeRange(bounds) if numbers else self.call(range, bounds, {})
        return self.eval(node, scope)

    def _range_loop(self, stmt: ast.For, bounds: list, scope: dict) -> None:
        """`for target in range(...)` with a bound known at run time: a `while` node
        carrying the index (as MindSpore runs it), the step a constant."""
        start, stop, step = (0, bounds[0], 1) if len(bounds) == 1 else (tuple(bounds) + (1,))[:3]
        if _is_runtime(step) or not isinstance(step, int) or step == 0:
            raise GraphError(f"The step of a 'range' with a bound computed in the graph must be a constant "
                             f"non-zero int, but got {step!r}.")
        index, end = "<range index>", "<range end>"
        scope.update({index: start, end: stop})
        if isinstance(stmt.target, ast.Name) and stmt.target.id not in scope:
            scope[stmt.target.id] = start   # carried by the loop, as the index is
        test = ast.Compare(ast.Name(index, ast.Load()), [ast.Lt() if step > 0 else ast.Gt()],
                           [ast.Name(end, ast.Load())])
        advance = [ast.Assign([stmt.target], ast.Name(index, ast.Load())),
                   ast.Assign([ast.Name(index, ast.Store())],
                              ast.BinOp(ast.Name(index, ast.Load()), ast.Add(), ast.Constant(step)))]
        loop = ast.fix_missing_locations(ast.copy_location(ast.While(test, advance + stmt.body, []), stmt))
        self._tensor_while(loop, scope)
        del scope[index], scope[end]

    def _return_after_loop(self, guard: _LoopGuard, rest: list, scope: dict):
        """The function's value after a `for` loop in which a `return` on a Tensor condition
        may have run: that value where it did, else what the rest of the function returns."""
        returned = ast.Return(ast.Name(_RETURNED, ast.Load()))
        scope = {**scope, _RETURNED: guard.value}
        return self._tensor_if_returning(ast.If(None, [returned], []), guard.returned, rest, scope)

    def _guarded_statements(self, stmts: list, scope: dict, guard: _LoopGuard) -> None:
        """A loop's body in one iteration. A `break`, `continue` or `return` under `if`s
        on Tensors, at any depth, clears the guard's Tensor flags where the path to it is
        taken: every later statement of the loop runs in an `if` on the flag (of the
        iteration for `continue`, of the loop for `break`), so the unrolled loop stays one
        pass, without copies per path."""
        plain: list = []
        for stmt in stmts:
            if not (isinstance(stmt, _JUMPS) or (isinstance(stmt, ast.If) and _jumps(stmt))):
                plain.append(stmt)
                continue
            self._run_guarded(plain, scope, guard)
            plain = []
            if isinstance(stmt, _JUMPS):
                if guard.active is None:   # taken on every path: Python's own jump
                    self._guarded(stmt, self.exec_stmt, stmt, scope, False)
                self._guarded(stmt, self._jump, stmt, scope, guard)
                return
            test = self._guarded(stmt, self.eval, stmt.test, scope)
            if not _is_runtime(test):
                self._guarded_statements(stmt.body if test else stmt.orelse, scope, guard)
            else:
                self._guarded(stmt, self._guarded_if, stmt, test, scope, guard)
            if guard.active is False:   # every path jumped: the rest never runs
                return
        self._run_guarded(plain, scope, guard)

    def _run_guarded(self, stmts: list, scope: dict, guard: _LoopGuard) -> None:
        """Statements without jumps, where the guard says the iteration still runs."""
        if not stmts:
            return
        if guard.active is None:
            self.exec_block(stmts, scope)
        else:
            self._guarded(stmts[0], self._tensor_if, guard.active, stmts, [], scope)

    def _guarded_if(self, stmt: ast.If, test, scope: dict, guard: _LoopGuard) -> None:
        """`if <Tensor>:` with jumps inside: each branch runs under the guard narrowed to
        its condition; afterwards the iteration runs where either branch still does."""
        if not guard.returns and any(isinstance(n, ast.Return) for n in ast.walk(stmt)):
            raise GraphError("'return' inside an 'if' on a Tensor in a loop is supported only in a 'for' loop at "
                             "the top level of a function in Graph mode.")
        outer = guard.active
        paths = []
        for condition, body in ((_as_bool(_condition(test)), stmt.body),
                                (math_func.logical_not(_as_bool(_condition(test))), stmt.orelse)):
            guard.active = condition if outer is None else _and(outer, condition)
            self._guarded_statements(body, scope, guard)
            paths.append(guard.active)
        then_path, else_path = paths
        guard.active = then_path if else_path is False else else_path if then_path is False else _or(*paths)

    def _jump(self, jump, scope: dict, guard: _LoopGuard) -> None:
        """A jump where the guard's flag holds: that path stops (and for `break` the loop,
        for `return` the function, with the value returned)."""
        taken = guard.active
        if isinstance(jump, ast.Return):
            if not guard.returns:
                raise GraphError("'return' inside an 'if' on a Tensor in a loop is supported only in a 'for' loop "
                                 "at the top level of a function in Graph mode.")
            value = None if jump.value is None else self.eval(jump.value, scope)
            guard.value = value if guard.value is None else _select_nest(taken, value, guard.value)
            guard.returned = taken if guard.returned is None else _or(guard.returned, taken)
        if not isinstance(jump, ast.Continue):
            staying = math_func.logical_not(taken)
            guard.running = staying if guard.running is None else _and(guard.running, staying)
        guard.active = False

    def _while(self, stmt: ast.While, scope: dict, function_level: bool) -> None:
        if stmt.orelse:
            raise GraphError("The 'while...else...' statement is not supported in Graph mode.")
        test = self.eval(stmt.test, scope)
        if isinstance(test, Tensor) and any(_jumps(s) for s in stmt.body):
            # a Tensor condition, even a constant one, with a jump: MindSpore's loop node
            self._tensor_while(stmt, scope)
            return
        iterations = 0
        guard = _LoopGuard(returns=False)
        while not _is_runtime(test):
            if not test:
                return
            iterations += 1
            if iterations > _MAX_UNROLL:
                raise GraphError(f"A 'while' loop with a Python condition ran {_MAX_UNROLL} times while the graph "
                                 f"was compiled; make its condition a Tensor.")
            guard.active = guard.running
            try:
                self._guarded_statements(stmt.body, scope, guard)
            except _Break:
                return
            except _Continue:
                pass
            test = self.eval(stmt.test, scope)
        # the condition became a Tensor (a jump or a branch on a Tensor changed what it reads):
        # the iterations left are a loop node, still stopped where a `break` ran
        self._tensor_while(stmt, scope, guard.running)

    def _tensor_while(self, stmt: ast.While, scope: dict, running=None) -> None:
        """A `while` node; a `break` or `continue` under `if`s on Tensors in its body runs
        the rest of the body under the flags of a _LoopGuard, `running` carried by the loop
        (the body runs only where it holds, so each pass starts unguarded)."""
        if any(_jumps(s, ast.Return) for s in stmt.body):
            raise GraphError("'return' inside a 'while' loop on a Tensor is not supported in Graph mode; set a "
                             "variable and 'break' instead.")
        names = sorted({n.id for n in ast.walk(stmt) if isinstance(n, ast.Name)
                        and isinstance(n.ctx, ast.Store) and n.id in scope})
        kinds = [scalar_kind(scope[name]) for name in names]
        for name in names:
            if type(scope[name]) in DTYPES:   # MindSpore carries it as a scalar computed at run time
                scope[name] = Tensor(scope[name], DTYPES[type(scope[name])])
            if not isinstance(scope[name], Tensor):
                raise GraphError(f"'{name}' changes inside a 'while' loop on a Tensor but holds the Python value "
                                 f"{scope[name]!r}; make it a Tensor.")
        breaks = any(_jumps(s, ast.Break) for s in stmt.body)

        def condition(carried):
            test = _condition(self.eval(stmt.test, {**scope, **dict(zip(names, with_kinds(carried, kinds)))}))
            return _and(test, carried[-1]) if breaks else test

        def body(carried):
            loop_scope.update(zip(names, with_kinds(carried, kinds)))
            guard = _LoopGuard(returns=False)
            self._building_path(self._guarded_statements, stmt.body, loop_scope, guard)
            running = [Tensor(True) if guard.running is None else guard.running] if breaks else []
            return [loop_scope[name] for name in names] + running

        def mismatch(index, spec, value):
            return GraphError(f"'{names[index]}' must keep its shape {spec.shape} and dtype {spec.dtype} through a "
                              f"'while' loop on a Tensor, but became {_describe(value)}.")

        loop_scope = dict(scope)
        initial = [scope[name] for name in names] + ([Tensor(True) if running is None else running] if breaks else [])
        outputs = self.builder.while_loop(initial, condition, body, mismatch)
        scope.update(zip(names, with_kinds(outputs, kinds)))

    # ---- expressions --------------------------------------------------------------------
    def eval(self, node, scope: dict):
        method = getattr(self, "_eval_" + type(node).__name__, None)
        if method is None:
            raise GraphError(f"The expression '{type(node).__name__}' is not supported in Graph mode.")
        return method(node, scope)

    def _eval_Constant(self, node, scope):
        return node.value

    def _eval_Name(self, node, scope):
        name = node.id
        if name in scope:
            return scope[name]
        if name in self.outer_lists:
            return self.outer_lists[name]
        if name in self.freevars:
            try:
                return self._outer(name, self.freevars[name].cell_contents)
            except ValueError:
                raise NameError(f"free variable '{name}' referenced before assignment") from None
        if name in self.globals:
            return self._outer(name, self.globals[name])
        if hasattr(builtins, name):
            return getattr(builtins, name)
        raise NameError(f"name '{name}' is not defined")

    def _outer(self, name: str, value):
        if type(value) in (list, dict):
            value = self.outer_lists[name] = _own(value)
        return value

    def _eval_Attribute(self, node, scope):
        return _own(getattr(self.eval(node.value, scope), node.attr))

    def _eval_Tuple(self, node, scope):
        return tuple(self._items(node.elts, scope))

    def _eval_List(self, node, scope):
        return list(self._items(node.elts, scope))

    def _eval_Set(self, node, scope):
        return set(self._items(node.elts, scope))

    def _items(self, elts, scope):
        for e in elts:
            if isinstance(e, ast.Starred):
                yield from self.eval(e.value, scope)
            else:
                yield self.eval(e, scope)

    def _eval_Dict(self, node, scope):
        result = {}
        for k, v in zip(node.keys, node.values):
            if k is None:
                result.update(self.eval(v, scope))
            else:
                key = self.eval(k, scope)
                if _is_runtime(key):
                    raise GraphError("A dict key must be a constant in Graph mode, not a Tensor.")
                result[key] = self.eval(v, scope)
        return result

    def _eval_BinOp(self, node, scope):
        left, right = self.eval(node.left, scope), self.eval(node.right, scope)
        if type(left) is str and isinstance(node.op, ast.Mod) and any(
                _is_runtime(v) for v in (right if type(right) is tuple else (right,))):
            return percent_format(left, right)
        return _BINARY[type(node.op)](left, right)

    def _eval_UnaryOp(self, node, scope):
        operand = self.eval(node.operand, scope)
        if isinstance(node.op, ast.Not):
            if not _is_runtime(operand):
                return not operand
            return with_kinds([math_func.logical_not(_as_bool(_condition(operand)))],
                              [bool if scalar_kind(operand) else None])[0]
        return _UNARY[type(node.op)](operand)

    def _eval_Compare(self, node, scope):
        left = self.eval(node.left, scope)
        result = None
        for op, right_node in zip(node.ops, node.comparators):
            right = self.eval(right_node, scope)
            value = _COMPARE[type(op)](left, right)
            # a < b < c is (a < b) and (b < c): a Tensor link needs one truth value, as in MindSpore.
            if result is None or not (isinstance(result, Tensor) or isinstance(value, Tensor)):
                result = value if result is None else result and value
            else:
                result = _and(_condition(result), value)
            # A Tensor result, even a constant one such as a comparison of a module-level Tensor, is
            # element-wise; only a False Python value stops the chain.
            if not isinstance(result, Tensor) and not result:
                return result
            left = right
        return result

    def _eval_BoolOp(self, node, scope):
        is_and = isinstance(node.op, ast.And)
        result = self.eval(node.values[0], scope)
        for value_node in node.values[1:]:
            if not _is_runtime(result) and (not result if is_and else result):
                return result
            value = self.eval(value_node, scope)
            if _is_runtime(result):
                both_bool = scalar_kind(result) is bool and scalar_kind(value) is bool
                result = _and(result, value) if is_and else _or(result, value)
                result = with_kinds([result], [bool if both_bool else None])[0]
            else:
                result = value
        return result

    def _eval_IfExp(self, node, scope):
        test = self.eval(node.test, scope)
        if not _is_runtime(test):
            return self.eval(node.body if test else node.orelse, scope)
        from ..ops.function import selection_func
        body, orelse = self.eval(node.body, scope), self.eval(node.orelse, scope)
        kind = scalar_kind(body) if scalar_kind(body) is scalar_kind(orelse) else None
        if kind is not None and not isinstance(body, Tensor) and not isinstance(orelse, Tensor):
            body, orelse = Tensor(body, DTYPES[kind]), Tensor(orelse, DTYPES[kind])
        return with_kinds([selection_func.select(_condition(test), body, orelse)], [kind])[0]

    def _eval_Subscript(self, node, scope):
        return self.eval(node.value, scope)[self.eval(node.slice, scope)]

    def _eval_Slice(self, node, scope):
        parts = [None if p is None else self.eval(p, scope) for p in (node.lower, node.upper, node.step)]
        if any(_is_runtime(p) for p in parts):
            raise GraphError("A slice bound must be a constant in Graph mode, not a Tensor computed in the graph.")
        return slice(*parts)

    def _eval_Index(self, node, scope):  # Python < 3.9
        return self.eval(node.value, scope)

    def _eval_JoinedStr(self, node, scope):
        parts = [self.eval(v, scope) for v in node.values]
        if any(_is_runtime(p) for p in parts):   # the text exists when the graph runs, to be printed
            return RuntimeText(parts)
        return "".join(str(p) for p in parts)

    def _eval_FormattedValue(self, node, scope):
        value = self.eval(node.value, scope)
        if _is_runtime(value):
            return value
        spec = "" if node.format_spec is None else self.eval(node.format_spec, scope)
        return format(value, spec)

    def _eval_Lambda(self, node, scope):
        return Closure(node, scope, self)

    def _eval_ListComp(self, node, scope):
        return list(self._comprehension(node.elt, node.generators, scope))

    def _eval_GeneratorExp(self, node, scope):
        return self._eval_ListComp(node, scope)

    def _eval_DictComp(self, node, scope):
        pairs = self._comprehension(ast.Tuple([node.key, node.value], ast.Load()), node.generators, scope)
        return dict(pairs)

    def _comprehension(self, elt, generators, scope):
        inner = dict(scope)
        results = []

        def loop(level):
            if level == len(generators):
                results.append(self.eval(elt, inner))
                return
            gen = generators[level]
            for item in self.eval(gen.iter, inner):
                self.assign(gen.target, item, inner)
                if all(self.eval(c, inner) for c in gen.ifs):
                    loop(level + 1)
        loop(0)
        return results

    def _eval_Call(self, node, scope):
        fn = self.eval(node.func, scope)
        args = list(self._items(node.args, scope))
        kwargs = {}
        for kw in node.keywords:
            if kw.arg is None:
                kwargs.update(self.eval(kw.value, scope))
            else:
                kwargs[kw.arg] = self.eval(kw.value, scope)
        if fn is super and not args:
            args = self._super_arguments(scope)
        return self.call(fn, tuple(args), kwargs)

    def _super_arguments(self, scope) -> list:
        """The class and the object zero-argument `super()` means: the class whose body
        defines the function (its `__class__` cell) and the function's first argument."""
        cell = self.freevars.get("__class__")
        spec = self.source.node.args
        first = (spec.posonlyargs + spec.args)[:1]
        if cell is None or not first or first[0].arg not in scope:
            raise RuntimeError("super(): no arguments: use it in a method whose first argument is the object.")
        return [cell.cell_contents, scope[first[0].arg]]

    def call(self, fn, args: tuple, kwargs: dict):
        if fn is print:
            return graph_print(args)
        if isinstance(fn, type) and getattr(fn, "__ms_class__", False):
            _check_constant_arguments(fn, args, kwargs)
        fn = graph_builtin(fn) or fn
        result = self.call_other(fn, args, kwargs)
        # a NumPy scalar that Python code made at compile time is a Python number in the graph
        return result.item() if isinstance(result, np.generic) else result


def _check_constant_arguments(cls, args: tuple, kwargs: dict) -> None:
    """A jit_class instance created in a graph is built at compile time: from constants."""
    for index, value in enumerate(flatten((args, kwargs))[0]):
        if _is_runtime(value):
            raise TypeError(f"When creating an instance of '{cls.__name__}' in Graph mode, all arguments must be "
                            f"constants, but argument {index} is a Tensor computed in the graph.")


def _own_nest(value):
    """A branch's own copy of the lists and dicts in `value` (at any depth), so that what a
    branch on a Tensor writes into them reaches the code after it only through the join."""
    if type(value) in (list, tuple):
        return type(value)(_own_nest(v) for v in value)
    if type(value) is dict:
        return {k: _own_nest(v) for k, v in value.items()}
    return value


def _changed(new, old) -> bool:
    """Whether a branch changed a name's value: rebound it, or wrote into its containers."""
    if new is old:
        return False
    if type(new) not in (list, tuple, dict) or type(new) is not type(old):
        return True
    new_leaves, new_structure = flatten(new)
    old_leaves, old_structure = flatten(old)
    return new_structure != old_structure or any(a is not b for a, b in zip(new_leaves, old_leaves))


def _own(value):
    """MindSpore's graphs treat lists and dicts as values: a name, an argument, an
    attribute read gets its own (shallow) copy, which its in-place methods change."""
    return copy.copy(value) if type(value) in (list, dict) else value


_JUMPS = (ast.Break, ast.Continue, ast.Return)


def _jumps(node, kinds=_JUMPS) -> bool:
    """Whether `node` holds a `break`, `continue` or `return` (of `kinds`) of the loop
    around it: not those of loops or functions inside it."""
    if isinstance(node, kinds):
        return True
    if isinstance(node, (ast.For, ast.While, ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
        return False
    return any(_jumps(child, kinds) for child in ast.iter_child_nodes(node))


def _select_nest(condition, chosen, other):
    """`chosen` where `condition` holds, else `other`: nests of one structure, leaf by leaf."""
    from ..ops.function import selection_func
    chosen_leaves, structure = flatten(chosen)
    other_leaves, other_structure = flatten(other)
    if structure != other_structure:
        raise GraphError(f"A 'for' loop returns values of different structure under Tensor conditions: {structure} "
                         f"and {other_structure}.")
    leaves = []
    for a, b in zip(chosen_leaves, other_leaves):
        kind = scalar_kind(a) if scalar_kind(a) is scalar_kind(b) else None
        if not (isinstance(a, Tensor) or isinstance(b, Tensor)):
            if a is b or a == b:
                leaves.append(a)
                continue
            a, b = _runtime_scalars("the value returned", a, b)
        if isinstance(a, Tensor) or isinstance(b, Tensor):
            leaves.append(with_kinds([selection_func.select(_condition(condition), a, b)], [kind])[0])
        else:
            leaves.append(a)
    return unflatten(leaves, structure)


def _runtime_scalars(name: str, a, b) -> tuple:
    """Two Python values a Tensor condition chooses between: numbers of one type become
    0-d Tensors (MindSpore keeps them as scalars computed at run time); other values are
    left for the caller to refuse."""
    if not {type(a), type(b)} <= set(DTYPES):
        return a, b
    if type(a) is not type(b):
        raise TypeError(f"Cannot join the values of '{name}' chosen by a Tensor condition: {type(a).__name__} "
                        f"{a!r} and {type(b).__name__} {b!r}.")
    dtype = DTYPES[type(a)]
    return Tensor(a, dtype), Tensor(b, dtype)


def _returns(stmt) -> bool:
    return any(isinstance(n, ast.Return) for n in ast.walk(stmt))


def _is_runtime(value) -> bool:
    return isinstance(value, (SymbolicTensor, Parameter))


def _condition(test):
    """A Tensor condition as a one-element Tensor (bool() of it picks the branch)."""
    if isinstance(test, Tensor) and test.size != 1:
        raise ValueError(f"The truth value of a Tensor with more than one element is ambiguous; the condition "
                         f"has shape {test.shape}. Use .any() or .all().")
    return test


def _and(a, b):
    return math_func.logical_and(_as_bool(a), _as_bool(b))


def _or(a, b):
    return math_func.logical_or(_as_bool(a), _as_bool(b))


def _as_bool(value):
    if isinstance(value, Tensor):
        return value if value.dtype is mstype.bool_ else value != 0
    return Tensor(bool(value))


def _unpack(value, count) -> list:
    """The items `value` unpacks into: `count` of them (any number when count is None)."""
    if isinstance(value, Tensor):
        if value.ndim == 0 or count not in (None, value.shape[0]):
            raise ValueError(f"can not unpack a Tensor of shape {value.shape} into {count} names")
        return [value[i] for i in range(value.shape[0])]
    items = list(value)
    if count is not None and len(items) != count:
        raise ValueError(f"expected {count} values to unpack, got {len(items)}")
    return items


def _as_load(target):
    """The expression reading an assignment target (for `x += y`)."""
    node = ast.parse(ast.unparse(target), mode="eval").body
    return ast.copy_location(node, target)


def _describe(value) -> str:
    if isinstance(value, Tensor):
        return f"shape {tuple(value.shape)} and dtype {value.dtype}"
    return f"the Python value {value!r}"


def method_function(fn):
    """The plain function under a bound method, and the bound object prepended as args."""
    if isinstance(fn, types.MethodType):
        return fn.__func__, (fn.__self__,)
    return fn, ()
