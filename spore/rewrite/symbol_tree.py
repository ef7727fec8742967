"""SymbolTree: a network's construct as a list of nodes to read, edit, and turn back into a
network (`get_network`) or source code (`get_code`)."""
from __future__ import annotations

from ..nn.cell import Cell
from .checks import check_index, check_members, check_type
from .codegen import ModuleSource, build_network
from .node import Node
from .node_type import NodeType
from .scoped_value import ScopedValue
from .table import HEADERS, format_table, node_rows
from .tree_impl import Position, TreeImpl


class SymbolTree:
    """SymbolTree(handler): a handle of a TreeImpl; build one with `SymbolTree.create(net)`."""

    def __init__(self, handler: TreeImpl):
        check_type("SymbolTree", "handler", handler, TreeImpl)
        self._tree = handler

    @classmethod
    def create(cls, network) -> SymbolTree:
        """Parse the construct of the Cell `network` (and of the user Cells it calls, as
        sub-trees) into nodes."""
        check_type("SymbolTree", "network", network, Cell)
        return cls(TreeImpl(network))

    def get_handler(self) -> TreeImpl:
        return self._tree

    def get_origin_network(self) -> Cell:
        """The network this tree was created from."""
        return self._tree.network

    # ---- reading -----------------------------------------------------------------------
    def nodes(self, all_nodes: bool = False):
        """The nodes, inputs first; with `all_nodes`, as `all_nodes()`: then those inside
        control flow and containers, then those of sub-trees."""
        check_type("nodes", "all_nodes", all_nodes, bool)
        if all_nodes:
            return iter(self.all_nodes())
        return (Node(node) for node in self._tree.nodes)

    def all_nodes(self, subtree_nodes: bool = True) -> list[Node]:
        """Every node, inside control flow too, and with `subtree_nodes` those of sub-trees
        (sub-networks, and the user functions construct calls)."""
        check_type("all_nodes", "subtree_nodes", subtree_nodes, bool)
        found, trees, seen = [], [self._tree], [self._tree]
        while trees:
            tree = trees.pop(0)
            for node in tree.all_nodes(nested=True):
                found.append(Node(node))
                if subtree_nodes and _has_tree(node) and all(node.sub_tree is not t for t in seen):
                    seen.append(node.sub_tree)
                    trees.append(node.sub_tree)
        return found

    def get_node(self, node_name: str) -> Node | None:
        """The node named `node_name`, or None."""
        check_type("SymbolTree", "node_name", node_name, str)
        node = self._tree.find(node_name)
        return None if node is None else Node(node)

    def get_inputs(self) -> list[Node]:
        """The input nodes: the arguments of construct."""
        return [Node(n) for n in self._tree.nodes if n.node_type == NodeType.Input]

    def _own_node(self, node):
        """The NodeImpl of `node` (a Node or a node's name) in this tree."""
        check_type("SymbolTree", "node", node, (Node, str))
        impl = self._tree.find(node) if isinstance(node, str) else node.get_handler()
        if impl is None or not self._tree.owns(impl):
            name = node if isinstance(node, str) else impl.name
            raise RuntimeError(f"Node is not belong to current SymbolTree: {name}")
        return impl

    # ---- editing -----------------------------------------------------------------------
    def before(self, node) -> Position:
        """The position just before `node` (a Node or its name), for `insert`."""
        return Position(self._tree, self._own_node(node), before=True)

    def after(self, node) -> Position:
        """The position just after `node` (a Node or its name), for `insert`."""
        return Position(self._tree, self._own_node(node), before=False)

    def insert(self, position: Position, node: Node) -> Node:
        """Insert the new `node` at `position`; it takes a name unique in the tree."""
        check_type("SymbolTree", "position", position, Position)
        check_type("SymbolTree", "node", node, Node)
        impl = node.get_handler()
        if impl.container is not None:
            raise ValueError(f"Node in the SymbolTree cannot be inserted into SymbolTree again: {impl.name}")
        if position.tree is not self._tree or not self._tree.owns(position.node):
            raise RuntimeError("For 'SymbolTree', the 'position' of insert must be in this SymbolTree.")
        _check_not_member("insert", position.node)
        self._tree.insert(position, impl)
        return node

    def erase(self, node) -> Node:
        """Remove `node` (a Node or its name); its users now read whatever their
        arguments' names hold before it."""
        impl = self._own_node(node)
        _check_not_member("erase", impl)
        return Node(self._tree.erase(impl))

    def replace(self, old_node: Node, new_nodes: list) -> Node:
        """Put `new_nodes` where `old_node` is and remove it; returns the last new node."""
        check_type("SymbolTree", "old_node", old_node, Node)
        check_type("SymbolTree", "new_nodes", new_nodes, list)
        check_members("SymbolTree", "new_nodes", new_nodes, Node)
        if not new_nodes:
            raise IndexError("For 'SymbolTree', the 'new_nodes' of replace must hold at least one Node.")
        previous = self._own_node(old_node)
        _check_not_member("replace", previous)
        for node in new_nodes:
            self.insert(Position(self._tree, previous, before=False), node)
            previous = node.get_handler()
        self._tree.erase(old_node.get_handler())
        return new_nodes[-1]

    def set_output(self, index: int, return_value: str) -> Node:
        """Make the value returned at `index` the variable `return_value`."""
        check_type("SymbolTree", "index", index, int)
        check_type("SymbolTree", "return_value", return_value, str)
        output = next((n for n in self._tree.nodes if n.node_type == NodeType.Output), None)
        if output is None:
            raise RuntimeError("For 'SymbolTree', construct has no return statement to set.")
        check_index(index, len(output.args))
        output.args[index] = ScopedValue.create_naming_value(return_value)
        return Node(output)

    def unique_name(self, name: str = "output") -> str:
        """A variable name based on `name` that construct does not use yet."""
        check_type("SymbolTree", "name", name, str)
        return self._tree.unique_variable(name)

    # ---- output ------------------------------------------------------------------------
    def print_node_tabulate(self, all_nodes: bool = False) -> None:
        """Print the table of nodes; with `all_nodes`, each followed by those of the bodies
        (control flow, containers) and sub-trees of its nodes, depth first."""
        check_type("print_node_tabulate", "all_nodes", all_nodes, bool)
        tables: list[str] = []
        _add_tables(tables, self._tree.class_name, self._tree.nodes, self._tree, nested=False, recurse=all_nodes)
        print("".join(tables))

    def get_code(self) -> str:
        """The source of the rewritten network: one class per tree."""
        return ModuleSource(self._tree).text()

    def get_network(self) -> Cell:
        """A new Cell running the rewritten code, holding the original network's Parameters."""
        return build_network(self._tree, self._tree.network)

    def set_saved_file_name(self, file_name: str) -> None:
        """The file `save_network_to_file` writes ('.py' is added when missing)."""
        check_type("Saving network", "file_name", file_name, str)
        self._tree.saved_file_name = file_name if file_name.endswith(".py") else f"{file_name}.py"

    def get_saved_file_name(self) -> str:
        return self._tree.saved_file_name

    def save_network_to_file(self) -> None:
        """Write `get_code()` to the saved file name."""
        with open(self._tree.saved_file_name, "w", encoding="utf-8") as file:
            file.write(self.get_code())


def _check_not_member(operation: str, node) -> None:
    """The Cells of a container are run by the container's call: no statement of their own."""
    if node.member_of is not None:
        raise RuntimeError(f"For 'SymbolTree', {operation} can not edit the members of the cell container "
                           f"'{node.member_of.name}': node '{node.name}' is one.")


def _add_tables(tables: list, title: str, nodes: list, tree: TreeImpl, nested: bool, recurse: bool) -> None:
    tables.append(f"\n[{title}]\n{format_table(HEADERS, node_rows(nodes, tree.links(), nested))}\n")
    if not recurse:
        return
    for node in nodes:
        if node.node_type in (NodeType.ControlFlow, NodeType.CellContainer) and node.body:
            _add_tables(tables, f"{title}.{node.name}", node.body, tree, nested=True, recurse=True)
        elif node.node_type == NodeType.Tree and node.sub_tree is not None:
            _add_tables(tables, node.sub_tree.class_name, node.sub_tree.nodes, node.sub_tree, nested=False,
                        recurse=True)
        elif _has_tree(node):
            _add_tables(tables, f"{title}.{node.name}", node.sub_tree.nodes, node.sub_tree, nested=False,
                        recurse=True)


def _has_tree(node) -> bool:
    """Whether `node` calls a sub-network or a user function parsed into a tree of its own."""
    return node.node_type in (NodeType.Tree, NodeType.CallFunction) and node.sub_tree is not None


# Node.get_symbol_tree and Node.get_sub_tree hand out this class (see Node._tree_handle).
Node._tree_handle = SymbolTree
