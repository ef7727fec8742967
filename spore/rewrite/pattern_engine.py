"""Pattern rewriting: find groups of nodes by the types of the objects they call and how
they feed each other, and replace each group by the nodes a Replacement builds.

A pattern is a tree of PatternNodes: its root matches a node whose instance has the
root's type, and each of the root's inputs matches the node providing the argument at the
same place. A VarNode matches any node (and is not replaced). `PatternNode.
create_pattern_from_list([Conv2d, BatchNorm2d])` is the chain Conv2d -> BatchNorm2d.
"""
from __future__ import annotations

import abc
from collections import OrderedDict

from ..nn.cell import Cell
from .checks import check_members, check_type
from .node import Node
from .node_type import NodeType
from .symbol_tree import SymbolTree


class PatternNode:
    """PatternNode(pattern_node_name, match_type=type[None], inputs=None): one node of a
    pattern, matching nodes whose instance's type is `match_type`."""

    def __init__(self, pattern_node_name: str, match_type=type[None], inputs=None):
        check_type("PatternNode", "pattern_node_name", pattern_node_name, str)
        self._name = pattern_node_name
        self._type = match_type
        self._inputs: list[PatternNode] = []
        if inputs is not None:
            self.set_inputs(inputs)

    @staticmethod
    def from_node(node: Node) -> PatternNode:
        """A pattern node matching the type of `node`'s instance, named as `node`."""
        check_type("PatternNode", "node", node, Node)
        return PatternNode(node.get_name(), node.get_instance_type())

    @staticmethod
    def create_pattern_from_node(node: Node) -> PatternNode:
        """The pattern of `node` and, recursively, of the nodes providing its arguments."""
        pattern = PatternNode.from_node(node)
        pattern.set_inputs([PatternNode.create_pattern_from_node(source) for source in node.get_inputs()])
        return pattern

    @staticmethod
    def create_pattern_from_list(type_list: list) -> PatternNode | None:
        """The chain of the types in `type_list`, each feeding the next; its root matches the
        last. Pattern nodes are named '<index>-<type>'. None for an empty list."""
        check_type("PatternNode", "type_list", type_list, list)
        pattern = None
        for index, match_type in enumerate(type_list):
            pattern = PatternNode(f"{index}-{match_type}", match_type, [] if pattern is None else [pattern])
        return pattern

    def add_input(self, node: PatternNode) -> None:
        check_type("PatternNode", "node", node, PatternNode)
        self._inputs.append(node)

    def set_inputs(self, inputs) -> None:
        check_type("PatternNode", "inputs", inputs, (list, tuple))
        check_members("PatternNode", "inputs", inputs, PatternNode)
        self._inputs = list(inputs)

    def match(self, node: Node) -> bool:
        """Whether `node` calls an object of exactly this pattern node's type."""
        check_type("PatternNode", "node", node, Node)
        return node.get_instance_type() == self._type

    def get_inputs(self) -> list[PatternNode]:
        return list(self._inputs)

    def name(self) -> str:
        return self._name

    def type(self):
        return self._type


class VarNode(PatternNode):
    """A pattern node that matches any node: a place holder for an input of a pattern."""

    def __init__(self):
        super().__init__("placeholder", Cell)

    def match(self, node: Node) -> bool:
        check_type("PatternNode", "node", node, Node)
        return True


class Replacement(abc.ABC):
    """What a matched group of nodes is replaced with: subclasses define `build`."""

    @abc.abstractmethod
    def build(self, pattern: PatternNode, is_chain_pattern: bool, matched: OrderedDict) -> list[Node]:
        """The new nodes for one match: `matched` maps each pattern node's name to the node it
        matched, inputs before the nodes they feed (the pattern's root last)."""

    def __call__(self, pattern: PatternNode, is_chain_pattern: bool, matched: OrderedDict) -> list[Node]:
        return self.build(pattern, is_chain_pattern, matched)


class PatternEngine:
    """PatternEngine(pattern, replacement): `pattern` is a PatternNode, or a list of types
    (a chain, see `PatternNode.create_pattern_from_list`); `replacement` a Replacement."""

    def __init__(self, pattern, replacement: Replacement = None):
        check_type("PatternEngine", "pattern", pattern, (PatternNode, list))
        check_type("PatternEngine", "replacement", replacement, Replacement)
        self._is_chain = isinstance(pattern, list)
        self._pattern = PatternNode.create_pattern_from_list(pattern) if self._is_chain else pattern
        self._replacement = replacement

    def pattern(self) -> PatternNode:
        return self._pattern

    def apply(self, stree: SymbolTree) -> bool:
        """Replace every match of the pattern in `stree` and in its sub-trees, in node order
        (nodes a replacement inserts are not matched again). Returns whether any was."""
        check_type("PatternEngine", "stree", stree, SymbolTree)
        if self._pattern is None:
            return False
        changed = False
        for tree in _trees(stree):
            changed = self._apply_to(tree) or changed
        return changed

    def _apply_to(self, stree: SymbolTree) -> bool:
        changed, index = False, 0
        while index < len(stree.get_handler().nodes):
            root = stree.get_handler().nodes[index]
            matched = _match(self._pattern, root, stree.get_handler().links())
            new_nodes = [] if matched is None else self._replacement(
                self._pattern, self._is_chain, OrderedDict((name, Node(n)) for name, (n, _) in matched.items()))
            check_type("PatternEngine", "new_nodes", new_nodes, list)
            check_members("PatternEngine", "new_nodes", new_nodes, Node)
            if not new_nodes:
                index += 1
                continue
            previous = root
            for node in new_nodes:
                stree.insert(stree.after(Node(previous)), node)
                previous = node.get_handler()
            for node, is_variable in matched.values():
                if not is_variable:
                    stree.erase(Node(node))
            index = stree.get_handler().nodes.index(previous) + 1
            changed = True
        return changed


def _trees(stree: SymbolTree) -> list[SymbolTree]:
    """`stree` and the trees of the sub-networks it calls, recursively."""
    found = [stree]
    for node in stree.nodes():
        if node.get_node_type() == NodeType.Tree:
            found.extend(_trees(node.get_sub_tree()))
    return found


def _match(pattern: PatternNode, node, links) -> OrderedDict | None:
    """{pattern name: (node, matched by a VarNode)} when `pattern` matches at `node`, inputs
    first; None otherwise, or when a node to replace is also read outside the match."""
    matched = OrderedDict()
    if not _match_into(pattern, node, links, matched):
        return None
    replaced = [n for n, is_variable in matched.values() if not is_variable]
    for inner in replaced[:-1]:
        if any(all(user is not n for n in replaced) for user in links.user_nodes(inner)):
            return None
    return matched


def _match_into(pattern: PatternNode, node, links, matched: OrderedDict) -> bool:
    if not pattern.match(Node(node)):
        return False
    if not isinstance(pattern, VarNode) and pattern.get_inputs():
        sources = links.inputs(node)
        if len(sources) != len(pattern.get_inputs()):
            return False
        if not all(_match_into(p, source, links, matched) for p, source in zip(pattern.get_inputs(), sources)):
            return False
    matched[pattern.name()] = (node, isinstance(pattern, VarNode))
    return True
