"""PatternEngine: patterns of nodes found by type and replaced by what a Replacement builds."""
import pytest

import spore as ms
from spore import nn, ops
from spore.rewrite import Node, PatternEngine, PatternNode, Replacement, ScopedValue, SymbolTree, VarNode

from .networks import assert_close, inputs


class MyReLU(nn.ReLU):
    pass


class ConvNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 2, 3, weight_init="normal")
        self.bn = nn.BatchNorm2d(2)
        self.relu = MyReLU()
        self.conv2 = nn.Conv2d(2, 2, 3, weight_init="normal")
        self.bn2 = nn.BatchNorm2d(2)
        self.add = ops.Add()

    def construct(self, x):
        x = self.conv(x)
        x = self.bn(x)
        x = self.relu(x)
        y = self.conv2(x)
        x = self.bn2(y)
        x = self.add(x, y)
        return x


class DropBatchNorm(Replacement):
    """Conv2d -> BatchNorm2d becomes the Conv2d alone, writing the BatchNorm's target."""

    def __init__(self):
        self.calls = []

    def build(self, pattern, is_chain_pattern, matched):
        self.calls.append((pattern.name(), is_chain_pattern, [(k, n.get_name()) for k, n in matched.items()]))
        conv, bn = matched.values()
        return [Node.create_call_cell(conv.get_instance(), bn.get_targets(), conv.get_args())]


def names(stree):
    return [n.get_name() for n in stree.nodes()]


def test_chain_pattern():
    net = ConvNet()
    stree = SymbolTree.create(net)
    replacement = DropBatchNorm()
    engine = PatternEngine([nn.Conv2d, nn.BatchNorm2d], replacement)
    root = engine.pattern()
    assert root.name() == f"1-{nn.BatchNorm2d}" and root.type() is nn.BatchNorm2d
    assert [(p.name(), p.type()) for p in root.get_inputs()] == [(f"0-{nn.Conv2d}", nn.Conv2d)]
    assert engine.apply(stree)
    # conv2's output is also read by add: that chain is left alone.
    assert replacement.calls == [(f"1-{nn.BatchNorm2d}", True, [(f"0-{nn.Conv2d}", "conv"),
                                                                (f"1-{nn.BatchNorm2d}", "bn")])]
    assert names(stree) == ["input_x", "Conv2d", "relu", "conv2", "bn2", "add", "return"]
    x = inputs(1, 1, 8, 8)
    y = net.conv2(net.relu(net.conv(x)))
    assert_close(stree.get_network()(x).asnumpy(), (net.bn2(y) + y).asnumpy())
    assert not engine.apply(stree)


def test_types_match_exactly_and_var_nodes_match_anything():
    stree = SymbolTree.create(ConvNet())
    relu, conv = stree.get_node("relu"), stree.get_node("conv")
    assert not PatternNode("r", nn.ReLU).match(relu) and PatternNode("r", MyReLU).match(relu)
    assert not PatternNode("p").match(conv)
    var = VarNode()
    assert (var.name(), var.type(), var.get_inputs(), var.match(conv)) == ("placeholder", nn.Cell, [], True)


def test_pattern_with_var_inputs_keeps_them():
    class Double(Replacement):
        def build(self, pattern, is_chain_pattern, matched):
            add = matched[pattern.name()]
            return [Node.create_call_cell(ops.Mul(), add.get_targets(), [add.get_args()[0],
                                                                        ScopedValue.create_variable_value(2.0)])]

    net = ConvNet()
    stree = SymbolTree.create(net)
    pattern = PatternNode("sum", ops.Add, [VarNode(), VarNode()])
    assert PatternEngine(pattern, Double()).apply(stree)
    assert names(stree) == ["input_x", "conv", "bn", "relu", "conv2", "bn2", "Mul", "return"]
    x = inputs(1, 1, 8, 8)
    y = net.conv2(net.relu(net.bn(net.conv(x))))
    assert_close(stree.get_network()(x).asnumpy(), 2 * net.bn2(y).asnumpy())


def test_patterns_from_nodes():
    stree = SymbolTree.create(ConvNet())
    relu = PatternNode.from_node(stree.get_node("relu"))
    assert (relu.name(), relu.type(), relu.get_inputs()) == ("relu", MyReLU, [])
    add = PatternNode.create_pattern_from_node(stree.get_node("add"))
    assert [(p.name(), p.type()) for p in add.get_inputs()] == [("bn2", nn.BatchNorm2d), ("conv2", nn.Conv2d)]
    assert PatternNode.create_pattern_from_list([]) is None
    pattern = PatternNode("a", nn.ReLU)
    pattern.add_input(VarNode())
    assert [p.name() for p in pattern.get_inputs()] == ["placeholder"]


def test_sub_trees_are_rewritten_too():
    class Outer(nn.Cell):
        def __init__(self):
            super().__init__()
            self.inner = ConvNet()

        def construct(self, x):
            return self.inner(x)

    stree = SymbolTree.create(Outer())
    assert PatternEngine([nn.Conv2d, nn.BatchNorm2d], DropBatchNorm()).apply(stree)
    assert "Conv2d" in names(stree.get_node("inner").get_sub_tree())


@pytest.mark.parametrize("call, message", [
    (lambda: PatternNode(1), "For 'PatternNode', the type of 'pattern_node_name' should be 'str', but got type 'int'"),
    (lambda: PatternNode("a", nn.ReLU, 1),
     r"the type of 'inputs' should be one of '\['list', 'tuple'\]', but got type 'int'"),
    (lambda: PatternNode("a", nn.ReLU, [1]), "the type of 'inputs' should be PatternNode, but got '1' with type 'int'"),
    (lambda: PatternNode.create_pattern_from_list(1), "the type of 'type_list' should be 'list', but got type 'int'"),
    (lambda: PatternNode("a").match(1), "For 'PatternNode', the type of 'node' should be 'Node', but got type 'int'"),
    (lambda: PatternNode("a").add_input(1), "the type of 'node' should be 'PatternNode', but got type 'int'"),
    (lambda: PatternEngine([nn.ReLU]),
     "For 'PatternEngine', the type of 'replacement' should be 'Replacement', but got type 'NoneType'"),
    (lambda: PatternEngine([nn.ReLU], 1), "the type of 'replacement' should be 'Replacement', but got type 'int'"),
    (lambda: PatternEngine([nn.ReLU], DropBatchNorm()).apply(1), "the type of 'stree' should be 'SymbolTree'"),
    (lambda: Replacement(), "Can't instantiate abstract class Replacement"),
])
def test_errors(call, message):
    with pytest.raises(TypeError, match=message):
        call()


def test_top_level_names():
    assert ms.rewrite.PatternEngine is PatternEngine
