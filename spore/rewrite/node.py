"""Node: the public handle of one statement of a SymbolTree, and the ways to create new ones."""
from __future__ import annotations

import types

from ..common.parameter import Parameter
from ..nn.cell import Cell
from ..ops.primitive import Primitive
from .checks import check_index, check_members, check_type
from .node_impl import NodeImpl
from .node_type import NodeType
from .parser import cell_node_type
from .scoped_value import ScopedValue, expr_of_value
from .tree_impl import TreeImpl


def _naming_values(owner: str, targets) -> list[ScopedValue]:
    check_type(owner, "targets", targets, (list, tuple))
    check_members(owner, "targets", targets, (ScopedValue, str))
    return [ScopedValue.create_naming_value(t) if isinstance(t, str) else t for t in targets]


def _call_arguments(args, kwargs) -> tuple[list, dict]:
    args = [] if args is None else args
    kwargs = {} if kwargs is None else kwargs
    check_type("Node", "args", args, (list, tuple))
    check_members("Node", "args", args, ScopedValue)
    check_type("Node", "kwargs", kwargs, dict)
    check_members("Node", "kwargs", kwargs.keys(), str)
    check_members("Node", "kwargs", kwargs.values(), ScopedValue)
    return list(args), dict(kwargs)


class Node:
    """Node(node): a handle of a NodeImpl. Nodes are read from a SymbolTree (`nodes`,
    `get_node`) or made with `create_call_cell`, `create_call_function`, `create_input`."""

    # The public handle of a TreeImpl, for get_symbol_tree and get_sub_tree: SymbolTree,
    # which builds on Node, so symbol_tree.py puts itself here when imported (spore.rewrite
    # imports it before any Node can be used) and this module never imports it.
    _tree_handle: type | None = None

    def __init__(self, node: NodeImpl):
        check_type("Node", "node", node, NodeImpl)
        self._node = node

    def __eq__(self, other) -> bool:
        return isinstance(other, Node) and self._node is other._node

    __hash__ = None

    # ---- creation ----------------------------------------------------------------------
    @staticmethod
    def create_call_cell(cell, targets, args=None, kwargs=None, name: str = "", is_sub_net: bool = False) -> Node:
        """A node `targets = self.<name>(*args, **kwargs)` calling `cell` (a Cell or a
        Primitive); `name` (default: the class name) is made unique when inserted, and
        the cell becomes the network's attribute of that name. With `is_sub_net`, a Cell's
        construct is parsed into a sub-tree (a Tree node)."""
        check_type("Node", "cell", cell, (Cell, Primitive))
        targets = _naming_values("Node", targets)
        args, kwargs = _call_arguments(args, kwargs)
        check_type("Node", "name", name, str)
        if name and not name.isidentifier():
            raise ValueError(f"For 'Node', the 'name' must be a Python identifier (it names the network's "
                             f"attribute), but got '{name}'.")
        check_type("Node", "is_sub_net", is_sub_net, bool)
        node_type = cell_node_type(cell)
        if node_type == NodeType.Tree and not is_sub_net:
            node_type = NodeType.CallCell
        node = NodeImpl(node_type, name or type(cell).__name__, "call", targets, args, kwargs, instance=cell)
        if is_sub_net and isinstance(cell, Cell):
            node.node_type, node.sub_tree = NodeType.Tree, TreeImpl(cell)
        return Node(node)

    @staticmethod
    def create_call_function(function, targets, args=None, kwargs=None) -> Node:
        """A node `targets = function(*args, **kwargs)`."""
        check_type("Node", "function", function, (types.FunctionType, types.BuiltinFunctionType))
        targets = _naming_values("Node", targets)
        args, kwargs = _call_arguments(args, kwargs)
        return Node(NodeImpl(NodeType.CallFunction, function.__name__, "call", targets, args, kwargs,
                             instance=function))

    @staticmethod
    def create_input(param_name: str, default: ScopedValue | None = None) -> Node:
        """An input node: a new argument `param_name` of construct, with `default`."""
        check_type("Node", "param_name", param_name, str)
        if default is not None:
            check_type("Node", "default", default, ScopedValue)
        node = NodeImpl(NodeType.Input, f"input_{param_name}", "input",
                        targets=[ScopedValue.create_naming_value(param_name)])
        node.default = None if default is None else expr_of_value(default)
        return Node(node)

    # ---- reading -----------------------------------------------------------------------
    def get_handler(self) -> NodeImpl:
        return self._node

    def get_name(self) -> str:
        return self._node.name

    def get_node_type(self) -> NodeType:
        return self._node.node_type

    def get_targets(self) -> list[ScopedValue]:
        return list(self._node.targets)

    def get_args(self) -> list[ScopedValue]:
        return list(self._node.args)

    def get_kwargs(self) -> dict[str, ScopedValue]:
        return dict(self._node.kwargs)

    def get_instance(self):
        """The Cell, Primitive or function this node calls (None for other nodes)."""
        return self._node.instance

    def get_instance_type(self) -> type:
        return type(self._node.instance)

    def get_symbol_tree(self):
        """The SymbolTree this node belongs to (None before it is inserted)."""
        return None if self._node.tree is None else self._tree_handle(self._node.tree)

    def get_sub_tree(self):
        """The SymbolTree of the sub-network a Tree node calls."""
        if self._node.node_type != NodeType.Tree:
            raise TypeError(f"For get_sub_tree, the type of node should be 'NodeType.Tree', but got "
                            f"{self._node.node_type}")
        return self._tree_handle(self._node.sub_tree)

    def _links(self):
        tree = self._node.tree
        return None if tree is None or not tree.owns(self._node) else tree.links()

    def get_inputs(self) -> list[Node]:
        """The nodes that produce this node's arguments, in argument order."""
        links = self._links()
        return [] if links is None else [Node(n) for n in links.inputs(self._node)]

    def get_users(self) -> list[Node]:
        """The nodes that read this node's targets."""
        links = self._links()
        return [] if links is None else [Node(n) for n in links.user_nodes(self._node)]

    def get_arg_providers(self) -> dict:
        """{argument index: (producing Node, index of its target)}."""
        links = self._links()
        found = {} if links is None else links.providers[id(self._node)]
        return {index: (Node(source), out) for index, (source, out) in found.items()}

    def get_target_users(self, index: int = -1):
        """{target index: [(using Node, its argument index)]}, or the list of one target."""
        check_type("Node", "index", index, int)
        links = self._links()
        found = {i: [] for i in range(len(self._node.targets))} if links is None else links.users[id(self._node)]
        users = {i: [(Node(user), arg) for user, arg in pairs] for i, pairs in found.items()}
        if index == -1:
            return users
        check_index(index, len(self._node.targets))
        return users[index]

    # ---- attributes --------------------------------------------------------------------
    def get_attributes(self) -> dict:
        """The public settings of the called object, with those set by `set_attribute`."""
        found = {}
        instance = self._node.instance
        if isinstance(instance, (Cell, Primitive)):
            found = {k: v for k, v in vars(instance).items()
                     if not k.startswith("_") and not isinstance(v, (Cell, Parameter))}
            found["cls"] = type(instance)
        found.update(self._node.attributes)
        return found

    def get_attribute(self, key: str):
        check_type("Node attribute", "key", key, str)
        return self.get_attributes().get(key)

    def set_attribute(self, key: str, value) -> None:
        check_type("Node attribute", "key", key, str)
        self._node.attributes[key] = value

    # ---- editing -----------------------------------------------------------------------
    def set_arg(self, index: int, arg) -> None:
        """Make argument `index` the ScopedValue `arg` (a str is a name)."""
        check_type("Node", "index", index, int)
        check_type("Node", "arg", arg, (ScopedValue, str))
        check_index(index, len(self._node.args))
        self._node.args[index] = ScopedValue.create_naming_value(arg) if isinstance(arg, str) else arg

    def set_arg_by_node(self, arg_idx: int, src_node: Node, out_idx: int | None = None) -> None:
        """Make argument `arg_idx` the target `out_idx` of `src_node` (its only one by default)."""
        check_type("Node", "arg_idx", arg_idx, int)
        check_type("Node", "src_node", src_node, Node)
        if out_idx is not None:
            check_type("Node", "out_idx", out_idx, int)
        check_index(arg_idx, len(self._node.args))
        targets = src_node.get_handler().targets
        if out_idx is None:
            if len(targets) != 1:
                raise RuntimeError(f"For 'Node', 'out_idx' must be given when 'src_node' has {len(targets)} "
                                   f"targets, but got None.")
            out_idx = 0
        if not 0 <= out_idx < len(targets):
            raise RuntimeError(f"out_idx out of range: {out_idx}")
        self._node.args[arg_idx] = targets[out_idx]
