"""mindspore.rewrite: edit a network at the level of its source.

`SymbolTree.create(net)` parses the construct of a Cell into nodes (one per statement,
nested calls split into statements of their own; the user Cells and functions it calls,
and the Cells of its containers, into nodes of their own); nodes are read, created, inserted,
erased and replaced; `get_network()` writes the edited construct back as Python source and
builds a new Cell from it that holds the original Parameters. It runs in PyNative and Graph
mode like any user Cell.

    scoped_value  ScopedValue, ValueType: names, constants and objects in the source
    node_type     NodeType
    node / node_impl          the public Node handle and the statement it stands for
    parser        construct source -> nodes
    tree_impl     a tree's nodes, links and edits; symbol_tree: the public SymbolTree
    codegen       nodes -> module source -> new network
    table         print_node_tabulate's table
    pattern_engine            PatternEngine, PatternNode, VarNode, Replacement: rewriting by pattern
"""
from .node import Node
from .node_type import NodeType
from .pattern_engine import PatternEngine, PatternNode, Replacement, VarNode
from .scoped_value import ScopedValue, ValueType
from .symbol_tree import SymbolTree

__all__ = ["SymbolTree", "Node", "NodeType", "ScopedValue", "ValueType"]
