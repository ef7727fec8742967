"""Loading a MINDIR file is loading data from outside: ops that run code, touch files or
the network or update state are refused by name before anything runs; truncated or
corrupt files (real MindSpore files, cut and mutated) fail with errors that name the file
and what is wrong, never an IndexError, struct.error or a kernel's traceback."""
from pathlib import Path

import numpy as np
import pytest

import spore as ms
from spore import nn, ops
from spore.compiler.export import schema as s
from spore.compiler.export.loadable_ops import LOADABLE_OPS
from spore.compiler.export.wire import Fields, bytes_field, message, varint_field
from spore.ops.primitive import PRIMITIVES

MINDIR_DATA = Path(__file__).resolve().parent / "mindir_data"
FILES = ("mixer", "block", "mlp", "encoder", "many")


class Shapes(nn.Cell):
    def construct(self, x):
        y = ops.Concat(axis=0)((x, x))
        y = ops.ExpandDims()(ops.Floor()(y), 0)
        return ops.Transpose()(y, (0, 2, 1))


@pytest.fixture
def shapes_mindir(tmp_path):
    x = ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3) / 4)
    ms.export(Shapes(), x, file_name=str(tmp_path / "shapes"), file_format="MINDIR")
    return (tmp_path / "shapes.mindir").read_bytes(), x


# ---- ops that do more than compute ------------------------------------------------------------
@pytest.mark.parametrize(("safe", "dangerous"), [
    ("Concat", "PyFunc"), ("Concat", "Custom"), ("Transpose", "PyExecute"), ("ExpandDims", "TensorDump"),
    ("Floor", "Print"), ("Concat", "Assign")])
def test_a_file_naming_an_op_that_does_more_than_compute_is_refused(shapes_mindir, tmp_path, safe, dangerous):
    data, x = shapes_mindir
    assert len(safe) == len(dangerous)   # the same length keeps the protobuf valid
    path = tmp_path / f"with_{dangerous}.mindir"
    path.write_bytes(data)
    np.testing.assert_array_equal(nn.GraphCell(ms.load(str(path)))(x).asnumpy(), Shapes()(x).asnumpy())
    path.write_bytes(data.replace(safe.encode(), dangerous.encode()))
    with pytest.raises(RuntimeError, match=rf"with_{dangerous}\.mindir' uses the op '{dangerous}'.*refused"):
        ms.load(str(path))


def _crafted_mindir(op_type: str, attrs: tuple = ()) -> bytes:
    """A one-node MINDIR graph y = op_type(x), x a float32 vector of 3, as MindSpore lays it out."""
    tensor = message(varint_field(s.TENSOR_DIMS, 3), varint_field(s.TENSOR_DATA_TYPE, 1))
    node = message(bytes_field(s.NODE_INPUT, "x"), bytes_field(s.NODE_OUTPUT, "y"), bytes_field(s.NODE_NAME, "y"),
                   bytes_field(s.NODE_OP_TYPE, f"REF::{op_type}:1"))
    graph = message(bytes_field(s.GRAPH_NODE, node), bytes_field(s.GRAPH_NAME, "g"),
                    bytes_field(s.GRAPH_INPUT, message(bytes_field(s.VALUE_INFO_NAME, "x"),
                                                       bytes_field(s.VALUE_INFO_TENSOR, tensor))),
                    bytes_field(s.GRAPH_OUTPUT, message(bytes_field(s.VALUE_INFO_NAME, "y"))))
    primitive = message(bytes_field(s.PRIM_NAME, f"{op_type}:1"), bytes_field(s.PRIM_OP_TYPE, op_type),
                        *(bytes_field(s.PRIM_ATTRIBUTE, a) for a in attrs), varint_field(s.PRIM_TYPE, s.PRIMITIVE))
    return message(bytes_field(s.MODEL_IR_VERSION, "0.1.1"), bytes_field(s.MODEL_PRODUCER_NAME, "MindSpore"),
                   bytes_field(s.MODEL_GRAPH, graph), bytes_field(s.MODEL_PRIMITIVES, primitive),
                   varint_field(s.MODEL_MIND_IR_VERSION, 3))


def test_crafted_pyfunc_and_custom_files_are_refused(tmp_path):
    path = tmp_path / "crafted.mindir"
    path.write_bytes(_crafted_mindir("Sigmoid"))   # the layout loads and runs when the op is a safe one
    got = nn.GraphCell(ms.load(str(path)))(ms.Tensor(np.zeros(3, np.float32))).asnumpy()
    np.testing.assert_allclose(got, [0.5, 0.5, 0.5])
    string = s.A_STRING
    for op_type, attrs in (("PyFunc", ()),
                           ("Custom", (message(bytes_field(s.ATTR_NAME, "func_type"), bytes_field(s.ATTR_S, "aot"),
                                               varint_field(s.ATTR_TYPE, string)),
                                       message(bytes_field(s.ATTR_NAME, "func"),
                                               bytes_field(s.ATTR_S, str(tmp_path / "evil.so:run")),
                                               varint_field(s.ATTR_TYPE, string))))):
        path.write_bytes(_crafted_mindir(op_type, attrs))
        with pytest.raises(RuntimeError, match=rf"crafted\.mindir' uses the op '{op_type}'"):
            ms.load(str(path))


def test_the_allow_list_holds_only_registered_ops_that_compute():
    assert LOADABLE_OPS.issubset(PRIMITIVES)
    for name in ("PyFunc", "PyExecute", "Custom", "Morph", "HookBackward", "InsertGradientOf", "TensorDump",
                 "DumpGradient", "ScalarSummary", "ImageSummary", "Print", "GetNext", "AllReduce", "Send",
                 "Receive", "Assign", "AssignAdd", "ScatterUpdate", "ApplyMomentum", "Adam", "ForiLoop",
                 "WhileLoop", "Scan", "Partial", "ReshapeAndCache", "InplaceUniform"):
        assert name in PRIMITIVES and name not in LOADABLE_OPS, name
    with_effects = {name for name, cls in PRIMITIVES.items() if getattr(cls, "side_effect", False)}
    assert with_effects & LOADABLE_OPS == {"BatchNorm"}   # its moving statistics update only when training


def test_the_mindspore_files_use_only_loadable_ops():
    for name in FILES:
        nn.GraphCell(ms.load(str(MINDIR_DATA / f"{name}.mindir")))


# ---- the wire format -------------------------------------------------------------------------
def test_fields_check_wire_types():
    fields = Fields(varint_field(1, 5) + bytes_field(2, "text"))
    assert fields.integer(1) == 5 and fields.text(2) == "text"
    with pytest.raises(ValueError, match="field 1 is varint where a length-delimited value belongs"):
        fields.text(1)
    with pytest.raises(ValueError, match="field 2 is length-delimited where a varint value belongs"):
        fields.integer(2)


def test_a_field_of_the_wrong_wire_type_names_the_file(tmp_path):
    graph_as_number = _crafted_mindir("Sigmoid") + varint_field(s.MODEL_GRAPH, 7)
    path = tmp_path / "wire.mindir"
    path.write_bytes(graph_as_number)
    with pytest.raises(RuntimeError, match=r"wire\.mindir' is not a valid MINDIR file.*field 7 is varint"):
        ms.load(str(path))


# ---- truncated and corrupt files -------------------------------------------------------------
@pytest.mark.parametrize("name", FILES)
def test_every_truncation_of_a_mindspore_file_names_the_file(name, tmp_path):
    data = (MINDIR_DATA / f"{name}.mindir").read_bytes()
    path = tmp_path / "cut.mindir"
    for end in sorted({*range(0, len(data), max(1, len(data) // 150)), len(data) - 1}):
        path.write_bytes(data[:end])
        with pytest.raises(RuntimeError, match=r"cut\.mindir"):
            nn.GraphCell(ms.load(str(path)))


@pytest.mark.parametrize("name", FILES)
def test_corrupt_mindspore_files_load_and_run_or_name_the_file(name, tmp_path):
    """Random byte changes: the file loads and runs (a change in a weight), or a
    TypeError / ValueError / RuntimeError names the file."""
    data = (MINDIR_DATA / f"{name}.mindir").read_bytes()
    x = ms.Tensor(np.load(MINDIR_DATA / f"{name}_io.npz")["x"])
    rng = np.random.default_rng(FILES.index(name))
    path = tmp_path / "mutated.mindir"
    for _ in range(60):
        mutated = bytearray(data)
        for pos in rng.integers(0, len(data), rng.integers(1, 4)):
            mutated[pos] = int(rng.integers(0, 256))
        path.write_bytes(bytes(mutated))
        try:
            nn.GraphCell(ms.load(str(path)))(x)
        except (TypeError, ValueError, RuntimeError) as error:
            assert "mutated.mindir" in str(error)


def test_deeply_nested_attributes_and_impossible_shapes_name_the_file(tmp_path):
    nested = message(bytes_field(s.ATTR_NAME, "axis"), varint_field(s.ATTR_TYPE, s.A_TUPLE))
    for _ in range(5000):
        nested = message(varint_field(s.ATTR_TYPE, s.A_TUPLE), bytes_field(s.ATTR_VALUES, nested))
    path = tmp_path / "nested.mindir"
    path.write_bytes(_crafted_mindir("Sigmoid", (message(bytes_field(s.ATTR_NAME, "deep"), nested),)))
    with pytest.raises(RuntimeError, match=r"nested\.mindir' is not a valid MINDIR file"):
        ms.load(str(path))

    huge = message(varint_field(s.TENSOR_DIMS, 1 << 32), varint_field(s.TENSOR_DIMS, 1 << 32),
                   varint_field(s.TENSOR_DATA_TYPE, 1), bytes_field(s.TENSOR_RAW_DATA, b""))
    negative = message(varint_field(s.TENSOR_DIMS, -1), varint_field(s.TENSOR_DIMS, -4),
                       varint_field(s.TENSOR_DATA_TYPE, 1), bytes_field(s.TENSOR_RAW_DATA, bytes(16)))
    for label, tensor in (("needs", huge), ("negative dimension", negative)):
        value = message(bytes_field(s.ATTR_NAME, "value"), bytes_field(s.ATTR_TENSORS, tensor),
                        varint_field(s.ATTR_TYPE, s.A_TENSORS))
        path.write_bytes(_crafted_mindir("Sigmoid", (value,)))
        with pytest.raises(RuntimeError, match=rf"nested\.mindir'.*{label}"):
            ms.load(str(path))


def test_a_newer_mind_ir_version_is_refused_as_mindspore_does(tmp_path):
    """MindSpore 2.7.1 refuses version 9 with a RuntimeError naming its maximum, 3."""
    data = (MINDIR_DATA / "mlp.mindir").read_bytes()
    version_3 = varint_field(s.MODEL_MIND_IR_VERSION, 3)
    assert data.endswith(version_3)
    path = tmp_path / "future.mindir"
    path.write_bytes(data[:-len(version_3)] + varint_field(s.MODEL_MIND_IR_VERSION, 9))
    with pytest.raises(RuntimeError, match=r"future\.mindir' is of MindIR version 9.*up to 3"):
        ms.load(str(path))
