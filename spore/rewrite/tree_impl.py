"""TreeImpl: the nodes of one network's construct, how they link, and their edits.

The public SymbolTree is a handle of a TreeImpl. Links between nodes (which node provides
each argument, which nodes use each target) are not stored: they follow from the order
of the nodes and the names they read and write, so they are computed when asked for and
can never go stale after an edit.
"""
from __future__ import annotations

import ast

from .namer import Namer
from .node_impl import NodeImpl
from .node_type import NodeType
from .parser import ConstructParser, parse_function
from .scoped_value import ValueType


class Position:
    """Where `SymbolTree.insert` puts a node: before or after `node`, in its node list."""

    def __init__(self, tree: TreeImpl, node: NodeImpl, before: bool):
        self.tree = tree
        self.node = node
        self.before = before


class Links:
    """The producer of each argument and the users of each target of every node."""

    def __init__(self, nodes: list[NodeImpl]):
        self.providers: dict[int, dict[int, tuple]] = {}
        self.users: dict[int, dict[int, list]] = {}
        self._walk(nodes, {})

    def _walk(self, nodes: list[NodeImpl], defined: dict) -> None:
        for node in nodes:
            self.users[id(node)] = {index: [] for index in range(len(node.targets))}
            providers = self.providers[id(node)] = {}
            for index, arg in enumerate([*node.args, *node.kwargs.values()]):
                if arg.type == ValueType.NamingValue and not arg.scope and arg.value in defined:
                    source, out_index = defined[arg.value]
                    providers[index] = (source, out_index)
                    self.users[id(source)][out_index].append((node, index))
            # As MindSpore links them: the nodes of a body (control flow, container) only
            # among themselves.
            self._walk(node.body, {})
            for index, target in enumerate(node.targets):
                if target.type == ValueType.NamingValue:
                    defined[target.value] = (node, index)

    def inputs(self, node: NodeImpl) -> list[NodeImpl]:
        return _unique(source for source, _ in self.providers.get(id(node), {}).values())

    def user_nodes(self, node: NodeImpl) -> list[NodeImpl]:
        return _unique(user for users in self.users.get(id(node), {}).values() for user, _ in users)


def _unique(nodes) -> list:
    found = []
    for node in nodes:
        if all(node is not seen for seen in found):
            found.append(node)
    return found


_CLASS_NAMES = Namer()
"""The names of the rewritten classes: unique in the process (`NetOpt`, then `NetOpt_1`...)."""


class TreeImpl:
    """The parsed construct of `network`: `nodes` (inputs first), names, sub-trees.

    A tree of a user function that a construct calls (`TreeImpl.of_function`) has no
    network; it shares the node names of the tree that parsed it, as MindSpore names them.
    `function_trees` ({id(function): tree}) is shared by all the trees of one `create`, so
    that each function is parsed once.
    """

    def __init__(self, network, function_trees: dict | None = None):
        self.network = network
        self.cls = type(network)
        self.function = self.cls.construct
        self.func_def = parse_function(self.function, f"{self.cls.__name__}.construct")
        self.class_name = _CLASS_NAMES.make(f"{self.cls.__name__}Opt")
        self._setup(Namer(), {} if function_trees is None else function_trees)

    @classmethod
    def of_function(cls, function, func_def: ast.FunctionDef, node_names: Namer, function_trees: dict) -> TreeImpl:
        tree = cls.__new__(cls)
        tree.network = tree.cls = None
        tree.function, tree.func_def, tree.class_name = function, func_def, function.__name__
        tree._setup(node_names, function_trees)
        return tree

    def _setup(self, node_names: Namer, function_trees: dict) -> None:
        self.node_names = node_names
        self.var_names = Namer(n.id for n in ast.walk(self.func_def) if isinstance(n, ast.Name))
        self.var_names.taken.update(a.arg for a in ast.walk(self.func_def.args) if isinstance(a, ast.arg))
        self.nodes: list[NodeImpl] = []
        self.extra_globals: dict[str, object] = {}
        self.saved_file_name = "network_define.py"
        self._sub_trees: dict[int, TreeImpl] = {}
        self._function_trees = function_trees
        ConstructParser(self).parse(self.func_def)

    def new_node(self, node_type: NodeType, name: str, form: str, targets=None, args=None, kwargs=None,
                 **fields) -> NodeImpl:
        node = NodeImpl(node_type, self.node_names.make(name), form, targets, args, kwargs, **fields)
        node.tree = self
        return node

    def sub_tree_of(self, cell) -> TreeImpl | None:
        """The tree of a sub-network (one per Cell object), None if its source can not be read."""
        if id(cell) not in self._sub_trees:
            try:
                self._sub_trees[id(cell)] = TreeImpl(cell, self._function_trees)
            except OSError:
                return None
        return self._sub_trees[id(cell)]

    def function_tree_of(self, function) -> TreeImpl | None:
        """The tree of a user function construct calls (one per function); None when its
        source can not be read or it is decorated (its code is not all in its body)."""
        key = id(function)
        if key not in self._function_trees:
            self._function_trees[key] = None  # a function calling itself is not parsed again
            try:
                func_def = parse_function(function, function.__qualname__)
            except OSError:
                return None
            if not func_def.decorator_list:
                self._function_trees[key] = TreeImpl.of_function(function, func_def, self.node_names,
                                                                 self._function_trees)
        return self._function_trees[key]

    # ---- reading -----------------------------------------------------------------------
    def all_nodes(self, nested: bool) -> list[NodeImpl]:
        """The top-level nodes, then (with `nested`) those inside control flow, breadth first."""
        found, level = [], list(self.nodes)
        while level:
            found.extend(level)
            level = [inner for node in level for inner in node.body] if nested else []
        return found

    def find(self, name: str) -> NodeImpl | None:
        for node in self.all_nodes(nested=True):
            if node.name == name:
                return node
        return None

    def links(self) -> Links:
        return Links(self.nodes)

    def owns(self, node: NodeImpl) -> bool:
        return node.tree is self and node.container is not None and any(n is node for n in node.container)

    # ---- editing -----------------------------------------------------------------------
    def insert(self, position: Position, node: NodeImpl) -> NodeImpl:
        container = position.node.container
        index = next(i for i, n in enumerate(container) if n is position.node) + (0 if position.before else 1)
        self._adopt(node)
        container.insert(index, node)
        node.container = container
        return node

    def erase(self, node: NodeImpl) -> NodeImpl:
        node.container.remove(node)
        node.container = None
        return node

    def _adopt(self, node: NodeImpl) -> None:
        """Give a new node a name unique in this tree; a Cell or Primitive becomes an
        attribute of the network under that name, a function a global of the code."""
        node.tree = self
        if node.form == "input":
            node.name = self.node_names.make(node.name)
            return
        if node.func is not None:
            node.name = self.node_names.make(node.name)
            return
        if node.node_type == NodeType.CallFunction:
            node.name = self.node_names.make(node.name)
            global_name = self._global_name(node.instance)
            self.extra_globals[global_name] = node.instance
            node.func = ast.Name(global_name, ast.Load())
            return
        if self.network is None:
            raise RuntimeError(f"For 'SymbolTree', the tree of function '{self.class_name}' has no network to hold "
                               f"the {type(node.instance).__name__} of node '{node.name}'.")
        name = self.node_names.make(node.name)
        while getattr(self.network, name, node.instance) is not node.instance:
            name = self.node_names.make(node.name)
        node.name = name
        setattr(self.network, name, node.instance)
        node.func = ast.Attribute(ast.Name("self", ast.Load()), name, ast.Load())
        if node.sub_tree is not None:
            self._sub_trees[id(node.instance)] = node.sub_tree

    def _global_name(self, obj) -> str:
        """A global name for `obj` in the generated code, its own name where that is free."""
        globals_ = self.function.__globals__
        base = getattr(obj, "__name__", "func")
        name, suffix = base, 0
        while self.extra_globals.get(name, obj) is not obj or globals_.get(name, obj) is not obj:
            suffix += 1
            name = f"{base}_{suffix}"
        return name

    def unique_variable(self, base: str) -> str:
        """A variable name not used in construct (not taken until a node assigns it)."""
        return self.var_names.peek(base)
