"""NodeType: what a node of a SymbolTree stands for in the network's source."""
from __future__ import annotations

from enum import Enum


class NodeType(Enum):
    """The kinds of node: a call of a Cell, a Primitive, a function or a method, a Python
    statement kept as it is, an input (an argument of `construct`), the output (its return),
    a sub-network parsed into its own tree, a Cell container, an arithmetic / comparison /
    logical operation, and control flow (if / for / while)."""
    Unknown = 0
    CallCell = 1
    CallPrimitive = 2
    CallModule = 3
    CallFunction = 4
    CallMethod = 5
    Python = 6
    Input = 7
    Output = 8
    Tree = 9
    CellContainer = 10
    MathOps = 11
    ControlFlow = 12
