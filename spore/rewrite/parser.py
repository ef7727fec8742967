"""Parse the source of a Cell's `construct` into the nodes of a SymbolTree.

Each statement becomes one node; an argument that is not a name or a constant (a nested
call, an operation, a tuple) first becomes a node of its own assigning a new variable
(`dense_var = self.dense(x)` before `x = self.relu(dense_var)`), so every node's
arguments are ScopedValues that a user can read and replace. What the parser does not
model (augmented assignments, expression statements, conditional expressions, starred
arguments) stays a Python node written back unchanged.
"""
from __future__ import annotations

import ast
import builtins
import inspect
import textwrap
import types

from ..compiler.parser import is_user_code
from ..nn.cell import Cell
from ..nn.container import CellDict, CellList, SequentialCell
from ..ops.primitive import Primitive
from .node_impl import NodeImpl
from .node_type import NodeType
from .scoped_value import ScopedValue, dotted_name, value_from_expr

CELL_CONTAINERS = (SequentialCell, CellList, CellDict)


class _UnsupportedError(Exception):
    """An expression the parser keeps as Python source."""


def parse_function(function, label: str) -> ast.FunctionDef:
    """The syntax tree of `function` (`label` names it in errors: 'Net.construct')."""
    try:
        source = textwrap.dedent(inspect.getsource(function))
    except (OSError, TypeError) as failure:
        raise OSError(f"For 'SymbolTree', the source of '{label}' can not be read: {failure}") from None
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef) and node.name == function.__name__:
            return node
    raise OSError(f"For 'SymbolTree', no definition of '{label}' was found in its source.")


def is_parsable_function(function) -> bool:
    """Whether a function construct calls is parsed into a tree of its own, as MindSpore
    parses them: a user's plain Python function (not a lambda, a closure or a generator)."""
    return (isinstance(function, types.FunctionType) and is_user_code(function) and function.__name__ != "<lambda>"
            and not function.__code__.co_freevars
            and not function.__code__.co_flags & (inspect.CO_GENERATOR | inspect.CO_COROUTINE))


def is_sub_network(cell) -> bool:
    """Whether `cell` is a user's Cell, parsed into a sub-tree (not one of spore's layers)."""
    return isinstance(cell, Cell) and not isinstance(cell, CELL_CONTAINERS) and is_user_code(type(cell))


def cell_node_type(cell) -> NodeType:
    """The node type of a call of `cell`."""
    if isinstance(cell, CELL_CONTAINERS):
        return NodeType.CellContainer
    if isinstance(cell, Primitive):
        return NodeType.CallPrimitive
    if is_sub_network(cell):
        return NodeType.Tree
    if isinstance(cell, Cell):
        return NodeType.CallCell
    return NodeType.CallFunction


class ConstructParser:
    """Builds the nodes of `tree` (a TreeImpl) from its construct's FunctionDef."""

    def __init__(self, tree):
        self.tree = tree
        self.globals = tree.function.__globals__
        self._statement_count = 0
        # (statement number, stem, ScopedValue) of each new variable, named once all are known.
        self._new_variables: list[tuple[int, str, ScopedValue]] = []

    def parse(self, func_def: ast.FunctionDef) -> None:
        for arg, default, kind in _arguments(func_def.args, has_self=self.tree.network is not None):
            node = self.tree.new_node(NodeType.Input, f"input_{arg.arg}", "input",
                                      targets=[ScopedValue.create_naming_value(arg.arg)])
            node.default, node.arg_kind, node.statement = default, kind, arg
            self.tree.nodes.append(node)
            node.container = self.tree.nodes
        self.parse_body(func_def.body, self.tree.nodes)
        self._name_new_variables()

    def _name_new_variables(self) -> None:
        """Name the variables of split-out expressions: as MindSpore does, the later
        statements' first (`relu_var` in the last statement that needs one)."""
        for number in sorted({n for n, _, _ in self._new_variables}, reverse=True):
            for _, stem, value in (v for v in self._new_variables if v[0] == number):
                value.value = self.tree.var_names.make(f"{stem}_var")

    def parse_body(self, statements: list[ast.stmt], container: list) -> None:
        for statement in statements:
            for node in self._parse_statement(statement):
                node.container = container
                container.append(node)

    # ---- statements ----------------------------------------------------------------------
    def _parse_statement(self, statement: ast.stmt) -> list[NodeImpl]:
        self._statement_count += 1
        if isinstance(statement, ast.Assign):
            return self._attempt(lambda nodes: self._assign(statement, nodes), statement, "Assign")
        if isinstance(statement, ast.Return):
            return self._attempt(lambda nodes: self._return(statement, nodes), statement, "Return")
        if isinstance(statement, ast.If):
            return self._if(statement)
        if isinstance(statement, (ast.For, ast.While)) and not statement.orelse:
            return self._loop(statement)
        return [self._python(statement, type(statement).__name__)]

    def _attempt(self, parse, statement: ast.stmt, python_name: str) -> list[NodeImpl]:
        """The nodes `parse` builds, or one Python node if it meets what it can not model."""
        names, variables = self.tree.node_names.snapshot(), len(self._new_variables)
        nodes: list[NodeImpl] = []
        try:
            parse(nodes)
        except _UnsupportedError:
            self.tree.node_names.restore(names)
            del self._new_variables[variables:]
            return [self._python(statement, python_name)]
        return nodes

    def _python(self, statement: ast.stmt, name: str) -> NodeImpl:
        return self.tree.new_node(NodeType.Python, name, "verbatim", statement=statement)

    def _assign(self, statement: ast.Assign, nodes: list) -> None:
        if len(statement.targets) != 1:
            raise _UnsupportedError
        target = statement.targets[0]
        if isinstance(target, ast.Name):
            names = [target.id]
        elif isinstance(target, (ast.Tuple, ast.List)) and all(isinstance(t, ast.Name) for t in target.elts):
            names = [t.id for t in target.elts]
        else:
            raise _UnsupportedError
        self._value_node(statement.value, ScopedValue.create_name_values(names), nodes)

    def _return(self, statement: ast.Return, nodes: list) -> None:
        args = [] if statement.value is None else [self._argument(statement.value, nodes)]
        nodes.append(self.tree.new_node(NodeType.Output, "return", "return", args=args))

    def _if(self, statement: ast.If) -> list[NodeImpl]:
        if_node = self._control_flow("if_node", "if", statement.test, statement.body)
        if_node.test = statement.test
        if not statement.orelse:
            return [if_node]
        else_node = self.tree.new_node(NodeType.ControlFlow, "else_node", "else")
        self.parse_body(statement.orelse, else_node.body)
        if_node.else_node, else_node.if_node = else_node, if_node
        return [if_node, else_node]

    def _loop(self, statement) -> list[NodeImpl]:
        if isinstance(statement, ast.While):
            node = self._control_flow("while_node", "while", statement.test, statement.body)
            node.test = statement.test
            return [node]
        container = self._iterated_container(statement.iter)
        iterated = statement.iter if container is None else ast.Name(container.targets[0].value, ast.Load())
        node = self._control_flow("for_node", "for", iterated, statement.body)
        node.test, node.statement = iterated, statement
        return [node] if container is None else [container, node]

    def _iterated_container(self, expr: ast.expr) -> NodeImpl | None:
        """A loop over `self.<cells>`, a Cell container, reads it from a node of its own
        (`self_cells = self.cells`) that holds one node per Cell, as MindSpore parses it."""
        path = dotted_name(expr)
        instance = self._resolve(path) if path is not None and _is_self_attribute(expr) else None
        if not isinstance(instance, CELL_CONTAINERS):
            return None
        variable = ScopedValue.create_naming_value(self.tree.var_names.make(path.replace(".", "_")))
        node = self.tree.new_node(NodeType.CellContainer, path, "value", [variable], [value_from_expr(expr)],
                                  instance=instance, func=expr)
        self._add_members(node, args=[])
        return node

    def _control_flow(self, name: str, form: str, condition: ast.expr, body: list) -> NodeImpl:
        value = value_from_expr(condition)
        node = self.tree.new_node(NodeType.ControlFlow, name, form, args=[value] if value is not None else [])
        self.parse_body(body, node.body)
        return node

    # ---- expressions ---------------------------------------------------------------------
    def _argument(self, expr: ast.expr, nodes: list) -> ScopedValue:
        """`expr` as a ScopedValue; an expression that is not one is first assigned to a new
        variable by nodes of its own."""
        value = value_from_expr(expr)
        if value is not None:
            return value
        variable = ScopedValue.create_naming_value("")
        self._new_variables.append((self._statement_count, _base_name(expr), variable))
        self._value_node(expr, [variable], nodes)
        return variable

    def _value_node(self, expr: ast.expr, targets: list, nodes: list) -> None:
        """Append the node assigning `expr` to `targets` (after those of its arguments)."""
        simple = value_from_expr(expr)
        if simple is not None:
            kind = {ast.Name: "name_assign", ast.Attribute: "attribute_assign"}.get(type(expr), "constant_assign")
            nodes.append(self.tree.new_node(NodeType.CallMethod, kind, "value", targets, [simple]))
        elif isinstance(expr, ast.Call):
            self._call(expr, targets, nodes)
        elif isinstance(expr, ast.BinOp):
            args = [self._argument(expr.left, nodes), self._argument(expr.right, nodes)]
            self._math(f"binop_{_op_name(expr.op)}", "binop", expr.op, targets, args, nodes)
        elif isinstance(expr, ast.UnaryOp):
            args = [self._argument(expr.operand, nodes)]
            self._math(f"unaryop_{_op_name(expr.op)}", "unaryop", expr.op, targets, args, nodes)
        elif isinstance(expr, ast.BoolOp):
            args = [self._argument(v, nodes) for v in expr.values]
            self._math(f"boolop_{_op_name(expr.op)}", "boolop", expr.op, targets, args, nodes)
        elif isinstance(expr, ast.Compare):
            args = [self._argument(v, nodes) for v in [expr.left, *expr.comparators]]
            self._math(f"compare_{_op_name(expr.ops[0])}", "compare", expr.ops, targets, args, nodes)
        elif isinstance(expr, (ast.Tuple, ast.List)) and not any(isinstance(e, ast.Starred) for e in expr.elts):
            form = "tuple" if isinstance(expr, ast.Tuple) else "list"
            args = [self._argument(e, nodes) for e in expr.elts]
            nodes.append(self.tree.new_node(NodeType.CallMethod, form, form, targets, args))
        elif isinstance(expr, ast.Dict) and all(isinstance(k, ast.Constant) and isinstance(k.value, str)
                                                for k in expr.keys):
            kwargs = {k.value: self._argument(v, nodes) for k, v in zip(expr.keys, expr.values)}
            nodes.append(self.tree.new_node(NodeType.CallMethod, "dict", "dict", targets, kwargs=kwargs))
        elif isinstance(expr, ast.Subscript):
            node = self.tree.new_node(NodeType.CallMethod, "subscript_var", "expr", targets)
            node.expr = expr
            nodes.append(node)
        else:
            raise _UnsupportedError

    def _math(self, name: str, form: str, op, targets: list, args: list, nodes: list) -> None:
        node = self.tree.new_node(NodeType.MathOps, name, form, targets, args)
        node.op = op
        nodes.append(node)

    def _call(self, call: ast.Call, targets: list, nodes: list) -> None:
        if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
            raise _UnsupportedError
        func = call.func
        path = dotted_name(func)
        if path is None:
            # A callee that is itself computed (`ops.Add()(x, y)`) is assigned first, to a
            # variable the node is named after (`Add_var`), as MindSpore names it.
            name = f"{_base_name(func)}_var"
            func = self._argument(func, nodes)
        else:
            name = path.rsplit(".", 1)[-1]
        args = [self._argument(a, nodes) for a in call.args]
        kwargs = {k.arg: self._argument(k.value, nodes) for k in call.keywords}
        instance = None if path is None else self._resolve(path)
        node_type = cell_node_type(instance) if _is_self_attribute(call.func) else _global_node_type(instance)
        node = self.tree.new_node(node_type, name, "call", targets, args, kwargs, instance=instance, func=func)
        self._attach_sub_tree(node)
        if node_type == NodeType.CallFunction and is_parsable_function(instance):
            node.sub_tree = self.tree.function_tree_of(instance)
        if node.node_type == NodeType.CellContainer and isinstance(instance, SequentialCell):
            self._add_members(node, args=node.args[:1])
        nodes.append(node)

    def _attach_sub_tree(self, node: NodeImpl) -> None:
        """Parse the user Cell a Tree node calls, when the rewritten network can swap it in
        (it is `self.<attr>`, or a member of such a container); else it is a CallCell."""
        if node.node_type != NodeType.Tree:
            return
        owner = node.func if node.member_of is None else node.member_of.func
        if _is_self_attribute(owner):
            node.sub_tree = self.tree.sub_tree_of(node.instance)
        if node.sub_tree is None:
            node.node_type = NodeType.CallCell

    def _add_members(self, container: NodeImpl, args: list) -> None:
        """One node per Cell of a Cell container (`x = Dense(x)` for those of a called
        SequentialCell, with `args`), in the container node's body."""
        for key, cell in container.instance.name_cells().items():
            member = self.tree.new_node(cell_node_type(cell), type(cell).__name__, "call", container.targets, args,
                                        instance=cell)
            member.func = ast.Name(member.name, ast.Load())
            member.member_of, member.member_key = container, key
            self._attach_sub_tree(member)
            member.container = container.body
            container.body.append(member)

    def _resolve(self, path: str):
        """The object a dotted name stands for: an attribute of the network under `self`,
        a global or builtin of construct's module; None when it depends on a local."""
        root, *attrs = path.split(".")
        if root == "self" and self.tree.network is not None:
            obj = self.tree.network
        elif root in self.globals:
            obj = self.globals[root]
        elif hasattr(builtins, root):
            obj = getattr(builtins, root)
        else:
            return None
        for attr in attrs:
            obj = getattr(obj, attr, None)
            if obj is None:
                return None
        return obj


def _is_self_attribute(expr) -> bool:
    """Whether `expr` is `self.<attr>`."""
    return isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and expr.value.id == "self"


def _global_node_type(instance) -> NodeType:
    """A call of a global: a Primitive or Cell object, else a function."""
    if isinstance(instance, Primitive):
        return NodeType.CallPrimitive
    if isinstance(instance, Cell):
        return NodeType.CallCell
    return NodeType.CallFunction


def _arguments(args: ast.arguments, has_self: bool):
    """(ast.arg, default expression or None, kind) of each argument (but construct's self)."""
    positional = args.posonlyargs + args.args
    defaults = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    found = [(a, d, "posonly" if a in args.posonlyargs else "arg") for a, d in zip(positional, defaults)]
    found = found[1:] if has_self else found
    if args.vararg is not None:
        found.append((args.vararg, None, "vararg"))
    found += [(a, d, "kwonly") for a, d in zip(args.kwonlyargs, args.kw_defaults)]
    if args.kwarg is not None:
        found.append((args.kwarg, None, "kwarg"))
    return found


def _op_name(op) -> str:
    return type(op).__name__.lower()


def _base_name(expr: ast.expr) -> str:
    """The stem of the variable a flattened expression is assigned to."""
    if isinstance(expr, ast.Call):
        path = dotted_name(expr.func)
        return path.rsplit(".", 1)[-1] if path else "func"
    if isinstance(expr, (ast.BinOp, ast.UnaryOp, ast.BoolOp)):
        return _op_name(expr.op)
    if isinstance(expr, ast.Compare):
        return _op_name(expr.ops[0])
    return {ast.Tuple: "tuple", ast.List: "list", ast.Dict: "dict", ast.Subscript: "subscript"}.get(
        type(expr), type(expr).__name__.lower())
