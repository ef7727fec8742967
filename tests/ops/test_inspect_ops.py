"""The summary operators, TensorDump, Assert, UpdateState, InsertGradientOf and
DumpGradient in forward, in both modes, and their errors (their backward is in
tests/autograd/test_inspect_bprop.py)."""
import glob
import os
import tempfile

import numpy as np
import pytest

import spore as ms
from spore import Tensor, nn, ops
from spore.train import SummaryRecord

from .op_testing import ErrorCase, OpCase, case_id, ramp, run_case, run_error_case

DUMPS = tempfile.mkdtemp(prefix="spore_dump_")

CASES = [
    OpCase(ops.ScalarSummary(), ("loss", np.array(0.5, np.float32)), lambda name, x: None),
    OpCase(ops.TensorSummary(), ("t", ramp(2, 3)), lambda name, x: None),
    OpCase(ops.ImageSummary(), ("img", ramp(1, 3, 4, 4)), lambda name, x: None),
    OpCase(ops.HistogramSummary(), ("h", ramp(5)), lambda name, x: None),
    OpCase(ops.TensorDump(), (os.path.join(DUMPS, "case"), ramp(3)), lambda file, x: None),
    OpCase(ops.Assert(), (np.array(True), [ramp(3)]), lambda c, data: np.ones(1, np.int32)),
    OpCase(ops.UpdateState(), (ramp(2), ramp(3)), lambda state, x: state),
    OpCase(ops.InsertGradientOf(lambda d: d * 2), (ramp(2, 3),), lambda x: x),
    OpCase(ops.DumpGradient(), (os.path.join(DUMPS, "g.npy"), ramp(3), "out"), lambda p, x, io: x),
]

ERROR_CASES = [
    ErrorCase(ops.ScalarSummary(), (1, np.array(1.0)), TypeError, r"argument\[name\] must be a type of"),
    ErrorCase(ops.ScalarSummary(), ("x", 1.0), TypeError, "'value' must be a Tensor"),
    ErrorCase(ops.TensorSummary(), ("x", np.array(1.0)), ValueError, "rank must be greater than or equal to 1"),
    ErrorCase(ops.ImageSummary(), ("x", ramp(2, 3)), ValueError, "rank must be equal to 4"),
    ErrorCase(ops.HistogramSummary(), ("x", np.array(1.0)), ValueError, "rank must be greater"),
    ErrorCase(ops.TensorDump(), (3, ramp(2)), TypeError, "the type of 'file' should be 'str'"),
    ErrorCase(lambda: ops.TensorDump("x"), (), ValueError, "'input_output' argument should be one of",
              prim="TensorDump"),
    ErrorCase(ops.Assert(), (np.array(1.0, np.float32), [ramp(2)]), TypeError, "must be in \\[mindspore.bool\\]"),
    ErrorCase(ops.Assert(), (np.array(False), [ramp(2)]), RuntimeError, "assert failed"),
    ErrorCase(lambda: ops.Assert("3"), (), TypeError, "'summarize' must be int", prim="Assert"),
    ErrorCase(ops.UpdateState(), (1.0, ramp(2)), TypeError, "'state' must be a Tensor"),
    ErrorCase(ops.InsertGradientOf(abs), (ramp(2), ramp(2)), RuntimeError, "the number of input should be 1"),
    ErrorCase(ops.DumpGradient(), ("g.npy", ramp(2), "both"), ValueError, "input_output"),
    ErrorCase(ops.DumpGradient(), (3, ramp(2), "in"), TypeError, "'path' must be str"),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)


class _Summaries(nn.Cell):
    def __init__(self):
        super().__init__()
        self.scalar, self.tensor = ops.ScalarSummary(), ops.TensorSummary()
        self.image, self.histogram = ops.ImageSummary(), ops.HistogramSummary()

    def construct(self, x):
        self.scalar("loss", x.sum())
        self.tensor("values", x)
        self.histogram("spread", x)
        self.image("picture", x.reshape(1, 1, 2, 2))
        return x * 2


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE], ids=["pynative", "graph"])
def test_summary_values_reach_the_record(mode, tmp_path):
    ms.set_context(mode=mode)
    try:
        net = _Summaries()
        with SummaryRecord(str(tmp_path)) as record:
            for step in (1, 2):
                np.testing.assert_array_equal(net(Tensor(np.arange(4, dtype=np.float32))).asnumpy(),
                                              [0, 2, 4, 6])
                record.record(step)
            path = record.log_dir
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    with open(path, "rb") as written:
        data = written.read()
    for tag in (b"loss", b"values", b"spread", b"picture"):
        assert data.count(tag) == 2, tag


def test_tensor_dump_names_files_as_mindspore(tmp_path):
    dump = ops.TensorDump()
    dump(str(tmp_path / "a"), Tensor([1.0, 2.0]))

    @ms.jit
    def f(x):
        dump(str(tmp_path / "b.npy"), x)
        return x + 1

    f(Tensor(np.array([3, 4], np.int32)))
    names = sorted(os.path.basename(p) for p in glob.glob(str(tmp_path / "*.npy")))
    assert [n.rsplit("_", 1)[0] for n in names] == ["a_float32", "b_int32"]
    np.testing.assert_array_equal(np.load(glob.glob(str(tmp_path / "b_*.npy"))[0]), [3, 4])


def test_assert_in_a_graph(capsys):
    check = ops.Assert(summarize=2)

    @ms.jit
    def positive(x):
        check(x > 0, [x])
        return x

    positive(Tensor([1.0, 2.0]))
    with pytest.raises(RuntimeError, match="assert failed"):
        positive(Tensor([1.0, -2.0, 3.0]))
    assert "input data: [ 1. -2.]" in capsys.readouterr().out
