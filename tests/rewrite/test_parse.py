"""SymbolTree.create: the nodes of a parsed construct, their names, types, values and links,
as MindSpore 2.7.1 parses the same networks."""
import re

import pytest

from spore import nn
from spore.rewrite import Node, NodeType, ScopedValue, SymbolTree, ValueType

from .networks import FlowNet, MyNet, SimpleNet, SubNet

X = [ScopedValue.create_naming_value("x")]


def describe(stree, all_nodes=False):
    return [(n.get_name(), n.get_node_type()) for n in stree.nodes(all_nodes=all_nodes)]


def test_each_statement_is_a_node_named_as_mindspore_names_it():
    stree = SymbolTree.create(MyNet())
    assert describe(stree) == [
        ("input_x", NodeType.Input), ("input_y", NodeType.Input), ("dense", NodeType.CallCell),
        ("relu", NodeType.CallCell), ("binop_add", NodeType.MathOps), ("add", NodeType.CallPrimitive),
        ("abs", NodeType.CallFunction), ("sub", NodeType.Tree), ("seq", NodeType.CellContainer),
        ("tuple", NodeType.CallMethod), ("return", NodeType.Output)]


def test_targets_args_and_instances():
    net = MyNet()
    stree = SymbolTree.create(net)
    add = stree.get_node("add")
    assert add.get_targets() == [ScopedValue.create_naming_value("x")]
    assert add.get_args() == ScopedValue.create_name_values(["x", "z"])
    assert add.get_instance() is net.add
    binop = stree.get_node("binop_add")
    assert [(a.type, a.scope, a.value) for a in binop.get_args()] == [
        (ValueType.NamingValue, "", "x"), (ValueType.ConstantValue, "", 1)]
    assert stree.get_node("dense").get_instance() is net.dense
    assert stree.get_node("dense").get_instance_type() is nn.Dense
    assert [str(t) for t in stree.get_node("tuple").get_targets()] == ["a", "b"]
    assert stree.get_node("return").get_args() == [ScopedValue.create_naming_value("a")]
    assert stree.get_node("input_y").get_targets() == [ScopedValue.create_naming_value("y")]
    assert stree.get_node("nope") is None


def test_links_between_nodes():
    stree = SymbolTree.create(MyNet())
    relu = stree.get_node("relu")
    assert [n.get_name() for n in relu.get_users()] == ["binop_add", "add"]
    assert [n.get_name() for n in stree.get_node("add").get_inputs()] == ["relu", "binop_add"]
    providers = stree.get_node("tuple").get_arg_providers()
    assert {i: (n.get_name(), out) for i, (n, out) in providers.items()} == {0: ("seq", 0), 1: ("binop_add", 0)}
    users = relu.get_target_users()
    assert {i: [(n.get_name(), arg) for n, arg in found] for i, found in users.items()} == {
        0: [("binop_add", 0), ("add", 0)]}
    assert [(n.get_name(), arg) for n, arg in relu.get_target_users(0)] == [("binop_add", 0), ("add", 0)]
    assert [n.get_name() for n in stree.get_inputs()] == ["input_x", "input_y"]


def test_nested_expressions_are_split_into_nodes():
    stree = SymbolTree.create(FlowNet())
    assert describe(stree) == [
        ("input_x", NodeType.Input), ("dense", NodeType.CallCell), ("relu", NodeType.CallCell),
        ("double", NodeType.CallFunction), ("if_node", NodeType.ControlFlow), ("else_node", NodeType.ControlFlow),
        ("self.blocks", NodeType.CellContainer), ("for_node", NodeType.ControlFlow),
        ("binop_mult_2", NodeType.MathOps), ("binop_add", NodeType.MathOps),
        ("relu_2", NodeType.CallCell), ("tuple", NodeType.CallMethod), ("return_1", NodeType.Output)]
    assert stree.get_node("dense").get_targets() == [ScopedValue.create_naming_value("dense_var")]
    assert stree.get_node("relu").get_args() == [ScopedValue.create_naming_value("dense_var")]
    assert stree.get_node("double").get_kwargs() == {"b": ScopedValue.create_naming_value("SCALE")}
    assert stree.get_node("binop_add").get_args()[1] == ScopedValue.create_naming_value("pi", "np")


def test_control_flow_bodies_are_nodes_too():
    stree = SymbolTree.create(FlowNet())
    nested = describe(stree, all_nodes=True)[13:]
    # As MindSpore 2.7.1 names them: the user function `double` is parsed first, with the
    # same node names (its `binop_mult` and `return` make construct's `binop_mult_2`, `return_1`).
    assert nested == [("relu_1", NodeType.CallCell), ("binop_mult_1", NodeType.MathOps),
                      ("Tanh", NodeType.CallCell), ("Sigmoid", NodeType.CallCell), ("block", NodeType.CallFunction),
                      ("input_a", NodeType.Input), ("input_b", NodeType.Input), ("binop_mult", NodeType.MathOps),
                      ("return", NodeType.Output)]
    assert stree.get_node("relu_1").get_symbol_tree().get_handler() is stree.get_handler()


def test_statements_it_does_not_model_stay_python_nodes():
    class Net(nn.Cell):
        def construct(self, x):
            x += 1
            print(x)
            y = x if x else 2
            y = x
            y = x.shape
            y = 2
            y = x > 0
            y = not x
            y = [x, y]
            y = x[0]
            return y

    stree = SymbolTree.create(Net())
    assert describe(stree)[1:] == [
        ("AugAssign", NodeType.Python), ("Expr", NodeType.Python), ("Assign", NodeType.Python),
        ("name_assign", NodeType.CallMethod), ("attribute_assign", NodeType.CallMethod),
        ("constant_assign", NodeType.CallMethod), ("compare_gt", NodeType.MathOps),
        ("unaryop_not", NodeType.MathOps), ("list", NodeType.CallMethod), ("subscript_var", NodeType.CallMethod),
        ("return", NodeType.Output)]
    assert stree.get_node("attribute_assign").get_args() == [ScopedValue.create_naming_value("shape", "x")]


def test_sub_tree_of_a_user_cell():
    net = MyNet()
    stree = SymbolTree.create(net)
    sub = stree.get_node("sub")
    subtree = sub.get_sub_tree()
    assert subtree.get_origin_network() is net.sub
    assert describe(subtree) == [("input_x", NodeType.Input), ("dense", NodeType.CallCell),
                                 ("relu", NodeType.CallCell), ("return", NodeType.Output)]
    names = [n.get_name() for n in stree.all_nodes()]
    assert names[-4:] == ["input_x", "dense", "relu", "return"]
    assert len(stree.all_nodes(subtree_nodes=False)) == 13  # with the two Cells of the SequentialCell
    with pytest.raises(TypeError, match="For get_sub_tree, the type of node should be 'NodeType.Tree'"):
        stree.get_node("dense").get_sub_tree()


def test_attributes():
    stree = SymbolTree.create(SimpleNet())
    dense = stree.get_node("dense")
    assert dense.get_attribute("in_channels") == 4
    assert dense.get_attributes()["cls"] is nn.Dense
    dense.set_attribute("note", 1)
    assert dense.get_attribute("note") == 1
    assert dense.get_attribute("missing") is None


def test_print_node_tabulate(capsys):
    SymbolTree.create(SimpleNet()).print_node_tabulate()
    # As MindSpore 2.7.1 prints it (the class name is unique in the process: SimpleNetOpt_1 ...).
    assert re.sub(r"SimpleNetOpt_[0-9]+", "SimpleNetOpt", capsys.readouterr().out) == """
[SimpleNetOpt]
node type          name     codes              arg providers          target users
-----------------  -------  -----------------  ---------------------  ----------------------
NodeType.Input     input_x  x                  []                     [[0, [('dense', 0)]]]
NodeType.CallCell  dense    x = self.dense(x)  [[0, ('input_x', 0)]]  [[0, [('relu', 0)]]]
NodeType.CallCell  relu     x = self.relu(x)   [[0, ('dense', 0)]]    [[0, [('return', 0)]]]
NodeType.Output    return   return x           [[0, ('relu', 0)]]     []

"""


def test_print_node_tabulate_all_nodes(capsys):
    SymbolTree.create(FlowNet()).print_node_tabulate(all_nodes=True)
    out = re.sub(r"FlowNetOpt_[0-9]+", "FlowNetOpt", capsys.readouterr().out)
    assert "\n[FlowNetOpt.if_node]\n" in out and "\n[FlowNetOpt.else_node]\n" in out
    assert "NodeType.ControlFlow    if_node       if self.flag:" in out
    # A statement's body continues on the next line, under its column.
    assert "\n" + " " * 42 + "x = self.relu(x)\n" in out
    assert "NodeType.MathOps  binop_mult_1  x = x * 2" in out
    assert "\n[FlowNetOpt.double]\n" in out


def test_sub_network_without_source_is_a_call_cell():
    stree = SymbolTree.create(SubNet())
    assert stree.get_node("relu").get_node_type() == NodeType.CallCell


class Block(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 4, weight_init="normal")

    def construct(self, x):
        return self.dense(x)


class Stack(nn.Cell):
    """A SequentialCell holding a user Cell, and a branch."""

    def __init__(self):
        super().__init__()
        self.seq = nn.SequentialCell([nn.ReLU(), nn.Dense(4, 4, weight_init="normal"), Block()])
        self.relu = nn.ReLU()

    def construct(self, x):
        x = self.seq(x)
        if self.training:
            x = self.relu(x)
        return x


def test_all_nodes_take_containers_control_flow_then_sub_trees():
    stree = SymbolTree.create(Stack())
    # As MindSpore 2.7.1 lists them.
    assert describe(stree, all_nodes=True) == [
        ("input_x", NodeType.Input), ("seq", NodeType.CellContainer), ("if_node", NodeType.ControlFlow),
        ("return", NodeType.Output), ("ReLU", NodeType.CallCell), ("Dense", NodeType.CallCell),
        ("Block", NodeType.Tree), ("relu", NodeType.CallCell), ("input_x", NodeType.Input),
        ("dense", NodeType.CallCell), ("return", NodeType.Output)]
    assert [n.get_name() for n in stree.all_nodes(subtree_nodes=False)][-1] == "relu"
    assert stree.get_node("Dense").get_instance() is stree.get_origin_network().seq[1]


def test_container_members_are_not_edited_alone():
    stree = SymbolTree.create(Stack())
    with pytest.raises(RuntimeError, match="can not edit the members of the cell container 'seq'"):
        stree.erase("Dense")
    with pytest.raises(RuntimeError, match="can not edit the members of the cell container 'seq'"):
        stree.insert(stree.after("ReLU"), Node.create_call_cell(nn.Tanh(), ["x"], X))


def test_container_table(capsys):
    SymbolTree.create(Stack()).print_node_tabulate(all_nodes=True)
    out = re.sub(r"(Stack|Block)Opt_[0-9]+", r"\1Opt", capsys.readouterr().out)
    assert "\n[StackOpt.seq]\n" in out and "\n[BlockOpt]\n" in out
    assert "NodeType.Tree      Block   x = Block(x)" in out
