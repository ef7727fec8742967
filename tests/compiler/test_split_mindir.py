"""export_split_mindir on CPU, as MindSpore 2.7.1 behaves there (observed): a graph without
Parameters comes back unsplit for nn.GraphCell, with a copy per rank and an empty group_info
written to the working directory; Parameters, unsupported device counts, bad files and bad
arguments raise MindSpore's exception types."""
import numpy as np
import pytest

import spore as ms
from spore import nn, ops


class MatMulReLU(nn.Cell):
    def construct(self, x, y):
        return ops.relu(ops.matmul(x, y)) + 1


_X = np.linspace(-1, 1, 32, dtype=np.float32).reshape(8, 4)
_Y = np.linspace(-2, 1, 24, dtype=np.float32).reshape(4, 6)
_EXPECTED = np.maximum(_X @ _Y, 0) + 1


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _export(net, *inputs, name="net") -> str:
    ms.export(net, *(ms.Tensor(v) for v in inputs), file_name=name, file_format="MINDIR")
    return f"{name}.mindir"


def _run(graph) -> np.ndarray:
    return nn.GraphCell(graph)(ms.Tensor(_X), ms.Tensor(_Y)).asnumpy()


def test_is_the_same_function_at_both_paths():
    assert ms.export_split_mindir is ms.train.export_split_mindir
    assert ms.train.serialization.export_split_mindir is ms.export_split_mindir


@pytest.mark.parametrize("device_num, rank_id", [(2, 1), (1, 0), (8, 3), (2, 5)])
def test_graph_without_parameters_is_returned_and_copied_per_rank(workdir, device_num, rank_id):
    file_name = _export(MatMulReLU(), _X, _Y)
    graph = ms.export_split_mindir(file_name, device_num=device_num, rank_id=rank_id)
    np.testing.assert_allclose(_run(graph), _EXPECTED, rtol=1e-6)
    written = sorted(p.name for p in workdir.iterdir() if p.name != file_name)
    assert written == ["group_info"] + [f"split_net{rank}.mindir" for rank in range(device_num)]
    assert (workdir / "group_info").read_bytes() == b"\x12\x00"
    for rank in range(device_num):
        np.testing.assert_allclose(_run(ms.load(f"split_net{rank}.mindir")), _EXPECTED, rtol=1e-6)


def test_split_again_replaces_the_copies(workdir):
    file_name = _export(MatMulReLU(), _X, _Y)
    ms.export_split_mindir(file_name, device_num=2)
    (workdir / "split_net0.mindir").chmod(0o400)
    ms.export_split_mindir(file_name, device_num=2)
    assert (workdir / "split_net0.mindir").read_bytes() == (workdir / file_name).read_bytes()


def test_zero_devices_split_nothing(workdir):
    file_name = _export(nn.Dense(4, 3), _X)
    graph = ms.export_split_mindir(file_name, device_num=0)
    assert set(graph.parameters) == {"weight", "bias"}
    assert [p.name for p in workdir.iterdir()] == [file_name]


def test_parameters_can_not_be_split_on_cpu(workdir):
    file_name = _export(nn.Dense(4, 3), _X)
    with pytest.raises(SystemError, match="Split MindIR.*holds Parameters"):
        ms.export_split_mindir(file_name, device_num=2)
    assert [p.name for p in workdir.iterdir()] == [file_name]


@pytest.mark.parametrize("device_num", [3, 6, 16])
def test_unsupported_device_counts(workdir, device_num):
    file_name = _export(MatMulReLU(), _X, _Y)
    with pytest.raises(RuntimeError, match=f"'device_num' must be 0, 1, 2, 4 or 8, but got {device_num}"):
        ms.export_split_mindir(file_name, device_num=device_num)


def test_bad_files(workdir):
    with pytest.raises(ValueError, match="'file_name' must be string"):
        ms.export_split_mindir(1)
    with pytest.raises(ValueError, match="should end with '.mindir'"):
        ms.export_split_mindir("net.onnx")
    with pytest.raises(ValueError, match="'missing.mindir' does not exist"):
        ms.export_split_mindir("missing.mindir")
    (workdir / "junk.mindir").write_bytes(b"not a model")
    with pytest.raises(RuntimeError, match="^Export and split MindIR failed.$"):
        ms.export_split_mindir("junk.mindir", device_num=2)


@pytest.mark.parametrize("kwargs", [{"device_num": "a"}, {"device_num": -1}, {"device_num": 2.5},
                                    {"rank_id": -1}, {"rank_id": True}, {"sapp": "x"}])
def test_bad_arguments(workdir, kwargs):
    file_name = _export(MatMulReLU(), _X, _Y)
    with pytest.raises(TypeError, match=f"For 'Split MindIR', the argument '{next(iter(kwargs))}' must be"):
        ms.export_split_mindir(file_name, **kwargs)
