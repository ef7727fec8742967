"""NodeImpl: one statement of a rewritten `construct`, what the public Node is a handle of.

A node keeps its targets, arguments and keyword arguments as ScopedValues, and its
`form`: how those are written back as source. The forms:

    call      targets = func(*args, **kwargs)        func: the callee expression (a
                                                     ScopedValue when it was split out)
    binop / unaryop / boolop / compare               targets = <args joined by op>
    tuple / list / dict                              targets = (args...) / [args...] / {kwargs}
    value     targets = args[0]
    expr      targets = expr, the right-hand side as it was parsed (subscripts)
    verbatim  the statement as it was parsed (Python nodes)
    return    return args[0]
    input     an argument of construct (targets[0]) with its default
    if / else / for / while                          control flow over `body`, a node list

`container` is the node list the node sits in (its tree's, or a control-flow node's body).
The Cells of a called SequentialCell are nodes in its body too (`member_of` it, under
`member_key`); they are shown, not written: the container's call runs them.
"""
from __future__ import annotations

import ast
import textwrap

from .node_type import NodeType
from .scoped_value import ScopedValue, expr_of_value


class NodeImpl:
    """A statement of a SymbolTree; see the module docstring for the fields."""

    def __init__(self, node_type: NodeType, name: str, form: str, targets=None, args=None, kwargs=None,
                 instance=None, func: ast.expr | None = None, statement: ast.stmt | None = None):
        self.node_type = node_type
        self.name = name
        self.form = form
        self.targets: list[ScopedValue] = list(targets or [])
        self.args: list[ScopedValue] = list(args or [])
        self.kwargs: dict[str, ScopedValue] = dict(kwargs or {})
        self.instance = instance
        self.func = func
        self.statement = statement
        self.op = None
        self.body: list[NodeImpl] = []
        self.test: ast.expr | None = None
        self.expr: ast.expr | None = None
        self.else_node: NodeImpl | None = None
        self.if_node: NodeImpl | None = None
        self.default: ast.expr | None = None
        self.arg_kind = "arg"
        self.sub_tree = None
        self.tree = None
        self.container: list | None = None
        self.attributes: dict = {}
        self.member_of: NodeImpl | None = None
        self.member_key: str | None = None

    # ---- source ------------------------------------------------------------------------
    def statements(self, custom_name=None) -> list[ast.stmt]:
        """The statements this node writes into construct (several for control flow)."""
        if self.form == "input":
            return []
        if self.form == "verbatim":
            return [self.statement]
        if self.form == "return":
            value = expr_of_value(self.args[0], custom_name) if self.args else None
            return [ast.Return(value)]
        if self.form in ("if", "else", "while", "for"):
            return [self._control_flow(custom_name)]
        return [ast.Assign([self._target_expr()], self.value_expr(custom_name))]

    def code(self) -> str:
        """The source text of this node: an input's name; an if without its else."""
        if self.form == "input":
            return self.targets[0].value
        if self.form == "else":
            return "else:\n" + textwrap.indent(_unparse(body_statements(self.body, repr)), "    ")
        if self.form == "if":
            return _unparse([ast.If(self.test_expr(repr), body_statements(self.body, repr), [])])
        return _unparse(self.statements(repr))

    def value_expr(self, custom_name=None) -> ast.expr:
        """The right-hand side of this node's assignment."""
        args = [expr_of_value(a, custom_name) for a in self.args]
        kwargs = {k: expr_of_value(v, custom_name) for k, v in self.kwargs.items()}
        if self.form == "call":
            func = expr_of_value(self.func) if isinstance(self.func, ScopedValue) else self.func
            return ast.Call(func, args, [ast.keyword(k, v) for k, v in kwargs.items()])
        if self.form == "binop":
            return ast.BinOp(args[0], self.op, args[1])
        if self.form == "unaryop":
            return ast.UnaryOp(self.op, args[0])
        if self.form == "boolop":
            return ast.BoolOp(self.op, args)
        if self.form == "compare":
            return ast.Compare(args[0], list(self.op), args[1:])
        if self.form == "tuple":
            return ast.Tuple(args, ast.Load())
        if self.form == "list":
            return ast.List(args, ast.Load())
        if self.form == "dict":
            return ast.Dict([ast.Constant(k) for k in kwargs], list(kwargs.values()))
        if self.form == "expr":
            return self.expr
        return args[0]

    def _target_expr(self) -> ast.expr:
        names = [ast.Name(t.value, ast.Store()) for t in self.targets]
        return names[0] if len(names) == 1 else ast.Tuple(names, ast.Store())

    def _control_flow(self, custom_name) -> ast.stmt:
        body = body_statements(self.body, custom_name)
        test = expr_of_value(self.args[0], custom_name) if self.args else self.test
        if self.form == "while":
            return ast.While(test, body, [])
        if self.form == "for":
            return ast.For(self.statement.target, test, body, [])
        if self.form == "else":
            # An else whose if was erased still runs when the if's test is false.
            return ast.If(ast.UnaryOp(ast.Not(), self.if_node.test_expr(custom_name)), body, [])
        orelse = []
        if self.else_node is not None and self.else_node.container is self.container:
            orelse = body_statements(self.else_node.body, custom_name)
        return ast.If(test, body, orelse)

    def test_expr(self, custom_name=None) -> ast.expr:
        """The condition of an if node."""
        return expr_of_value(self.args[0], custom_name) if self.args else self.test


def body_statements(nodes: list[NodeImpl], custom_name=None) -> list[ast.stmt]:
    """The statements of a node list; an else node is written by its if node."""
    statements = []
    for node in nodes:
        if node.form == "else" and node.if_node is not None and node.if_node.container is node.container:
            continue
        statements.extend(node.statements(custom_name))
    return statements or [ast.Pass()]


def _unparse(statements: list[ast.stmt]) -> str:
    return "\n".join(ast.unparse(ast.fix_missing_locations(s)) for s in statements)
