"""Errors of the rewrite API: the exception types and messages of MindSpore 2.7.1."""
import numpy as np
import pytest

from spore import nn
from spore.rewrite import Node, ScopedValue, SymbolTree, ValueType

from .networks import SimpleNet

X = [ScopedValue.create_naming_value("x")]


@pytest.fixture
def stree():
    return SymbolTree.create(SimpleNet())


def test_create_needs_a_cell():
    with pytest.raises(TypeError, match="For 'SymbolTree', the type of 'network' should be 'Cell', but got type 'int'"):
        SymbolTree.create(1)


@pytest.mark.parametrize("call, error, message", [
    (lambda s: s.get_node(1), TypeError, "the type of 'node_name' should be 'str', but got type 'int'"),
    (lambda s: s.after(1), TypeError, r"the type of 'node' should be one of '\['Node', 'str'\]', but got type 'int'"),
    (lambda s: s.after("nope"), RuntimeError, "Node is not belong to current SymbolTree: nope"),
    (lambda s: s.before("nope"), RuntimeError, "Node is not belong to current SymbolTree: nope"),
    (lambda s: s.insert(1, Node.create_call_cell(nn.ReLU(), ["x"], X)), TypeError,
     "the type of 'position' should be 'Position', but got type 'int'"),
    (lambda s: s.insert(s.after("dense"), 1), TypeError, "the type of 'node' should be 'Node', but got type 'int'"),
    (lambda s: s.insert(s.after("dense"), s.get_node("relu")), ValueError,
     "Node in the SymbolTree cannot be inserted into SymbolTree again: relu"),
    (lambda s: s.erase(1), TypeError, "the type of 'node' should be one of"),
    (lambda s: s.erase("nope"), RuntimeError, "Node is not belong to current SymbolTree: nope"),
    (lambda s: s.replace(1, []), TypeError, "the type of 'old_node' should be 'Node', but got type 'int'"),
    (lambda s: s.replace(s.get_node("relu"), []), IndexError, "new_nodes"),
    (lambda s: s.set_output("a", "y"), TypeError, "the type of 'index' should be 'int', but got type 'str'"),
    (lambda s: s.set_output(0, 1), TypeError, "the type of 'return_value' should be 'str', but got type 'int'"),
    (lambda s: s.set_output(1, "y"), ValueError, r"The 'index' must be in range of \[0, 1\), but got 1"),
    (lambda s: list(s.nodes(all_nodes=1)), TypeError,
     "For 'nodes', the type of 'all_nodes' should be 'bool', but got type 'int'"),
    (lambda s: s.set_saved_file_name(1), TypeError,
     "For 'Saving network', the type of 'file_name' should be 'str', but got type 'int'"),
    (lambda s: s.get_node("relu").set_arg(5, "x"), ValueError,
     r"The 'index' must be in range of \[0, 1\), but got 5 with type 'int'"),
    (lambda s: s.get_node("relu").set_arg("a", "x"), TypeError,
     "For 'Node', the type of 'index' should be 'int', but got type 'str'"),
    (lambda s: s.get_node("relu").set_arg(0, 1), TypeError,
     r"the type of 'arg' should be one of '\['ScopedValue', 'str'\]', but got type 'int'"),
    (lambda s: s.get_node("relu").set_arg_by_node(0, 1), TypeError,
     "the type of 'src_node' should be 'Node', but got type 'int'"),
    (lambda s: s.get_node("relu").set_arg_by_node(3, s.get_node("dense")), ValueError,
     r"The 'index' must be in range of \[0, 1\), but got 3"),
    (lambda s: s.get_node("relu").set_arg_by_node(0, s.get_node("dense"), 1), RuntimeError,
     "out_idx out of range: 1"),
    (lambda s: s.get_node("relu").set_arg_by_node(0, s.get_node("dense"), "a"), TypeError,
     "the type of 'out_idx' should be 'int', but got type 'str'"),
    (lambda s: s.get_node("relu").set_attribute(1, 1), TypeError,
     "For 'Node attribute', the type of 'key' should be 'str', but got type 'int'"),
])
def test_symbol_tree_and_node_errors(stree, call, error, message):
    with pytest.raises(error, match=message):
        call(stree)


@pytest.mark.parametrize("kwargs, error, message", [
    ({"cell": 1, "targets": ["x"]}, TypeError,
     r"For 'Node', the type of 'cell' should be one of '\['Cell', 'Primitive'\]', but got type 'int'"),
    ({"targets": "x"}, TypeError, r"the type of 'targets' should be one of '\['list', 'tuple'\]', but got type 'str'"),
    ({"targets": [1]}, TypeError,
     r"the type of 'targets' should be one of \['ScopedValue', 'str'\], but got '1' with type 'int'"),
    ({"args": 1}, TypeError, r"the type of 'args' should be one of '\['list', 'tuple'\]', but got type 'int'"),
    ({"args": ["x"]}, TypeError, "the type of 'args' should be ScopedValue, but got 'x' with type 'str'"),
    ({"kwargs": {"a": 1}}, TypeError, "the type of 'kwargs' should be ScopedValue, but got '1' with type 'int'"),
    ({"kwargs": {1: X[0]}}, TypeError, "the type of 'kwargs' should be str, but got '1' with type 'int'"),
    ({"name": 1}, TypeError, "the type of 'name' should be 'str', but got type 'int'"),
    ({"is_sub_net": 1}, TypeError, "the type of 'is_sub_net' should be 'bool', but got type 'int'"),
    ({"name": "my relu"}, ValueError, "the 'name' must be a Python identifier"),
])
def test_create_call_cell_errors(kwargs, error, message):
    arguments = {"cell": nn.ReLU(), "targets": ["x"], **kwargs}
    with pytest.raises(error, match=message):
        Node.create_call_cell(**arguments)


def test_create_function_and_input_errors():
    with pytest.raises(TypeError, match="For 'Node', the type of 'function' should be one of"):
        Node.create_call_function(1, ["x"])
    with pytest.raises(TypeError, match="For 'Node', the type of 'param_name' should be 'str', but got type 'int'"):
        Node.create_input(1)


@pytest.mark.parametrize("call, error, message", [
    (lambda: ScopedValue.create_naming_value(1), TypeError,
     "For 'ScopedValue', the type of 'name' should be 'str', but got type 'int'"),
    (lambda: ScopedValue.create_naming_value("x", 1), TypeError, "the type of 'scope' should be 'str'"),
    (lambda: ScopedValue.create_name_values(["a", "b"], ["self"]), ValueError,
     "Length of names should be equal to length of scopes"),
    (lambda: ScopedValue.create_name_values("ab"), TypeError,
     r"the type of 'names' should be one of '\['list', 'tuple'\]', but got type 'str'"),
    (lambda: ScopedValue.create_name_values([1]), TypeError,
     "the type of 'names' should be str, but got '1' with type 'int'"),
    (lambda: ScopedValue(1), TypeError, "the type of 'arg_type' should be 'ValueType', but got type 'int'"),
])
def test_scoped_value_errors(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_scoped_values():
    name = ScopedValue.create_naming_value("x", "self")
    assert (name.type, name.scope, name.value, str(name)) == (ValueType.NamingValue, "self", "x", "self.x")
    assert name == ScopedValue(ValueType.NamingValue, "self", "x") and name != ScopedValue.create_naming_value("x")
    assert hash(name) == hash(ScopedValue.create_naming_value("x", "self"))
    assert [str(v) for v in ScopedValue.create_name_values(["a", "b"], ["self", ""])] == ["self.a", "b"]
    constant = ScopedValue.create_variable_value(1)
    assert (constant.type, constant.scope, constant.value) == (ValueType.ConstantValue, "", 1)
    assert str(ScopedValue.create_variable_value("ab")) == "ab"
    pair = ScopedValue.create_variable_value((1, "a"))
    assert pair.type == ValueType.TupleValue and str(pair.value) == "(1, a)"
    assert ScopedValue.create_variable_value([1]).type == ValueType.ListValue
    assert ScopedValue.create_variable_value({"a": 1}).type == ValueType.DictValue
    assert ScopedValue.create_variable_value(None).type == ValueType.ConstantValue
    custom = ScopedValue.create_variable_value(np.ones(2))
    assert custom.type == ValueType.CustomObjValue and str(custom) == "CustomObj: [1. 1.]"
    assert [(t.name, t.value) for t in ValueType] == [
        ("ConstantValue", 0), ("TupleValue", 20), ("ListValue", 21), ("DictValue", 22), ("NamingValue", 40),
        ("CustomObjValue", 41), ("UnsupportedValue", 50)]


def test_a_network_without_source():
    namespace = {"nn": nn}
    exec("class Hidden(nn.Cell):\n    def construct(self, x):\n        return x\n", namespace)
    with pytest.raises(OSError, match="For 'SymbolTree', the source of 'Hidden.construct' can not be read"):
        SymbolTree.create(namespace["Hidden"]())
