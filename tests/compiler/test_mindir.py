"""MINDIR export and load: a file MindSpore 2.7.1 wrote runs in spore's GraphCell in both
modes, spore's exports load back with the same outputs, and bad files or arguments raise
errors that name what is wrong. (test_mindir_in_mindspore.py runs spore's exports in real
MindSpore 2.7.1 where it is installed.)"""
from pathlib import Path

import numpy as np
import pytest

import spore as ms
from spore import nn, ops
from spore.compiler.export.mindir_reader import MindIRFormatError
from tests.compiler.mindir_data.nets import build, randomize

# /work/shared/interop, found from the main checkout or a worktree under /work/wt.
INTEROP = next((p / "shared" / "interop" for p in Path(__file__).resolve().parents
                if (p / "shared" / "interop").is_dir()), Path("/nonexistent/shared/interop"))


@pytest.fixture
def interop():
    if not INTEROP.is_dir():
        pytest.skip(f"the MindSpore interop files are not at {INTEROP}")
    return INTEROP


class LeNet5(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 6, 5, pad_mode="valid")
        self.conv2 = nn.Conv2d(6, 16, 5, pad_mode="valid")
        self.fc1 = nn.Dense(16 * 5 * 5, 120)
        self.fc2 = nn.Dense(120, 84)
        self.fc3 = nn.Dense(84, 10)
        self.relu = nn.ReLU()
        self.max_pool2d = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()

    def construct(self, x):
        x = self.max_pool2d(self.relu(self.conv1(x)))
        x = self.max_pool2d(self.relu(self.conv2(x)))
        x = self.flatten(x)
        x = self.relu(self.fc1(x))
        x = self.relu(self.fc2(x))
        return self.fc3(x)


class Mixer(nn.Cell):
    """Constants, reshapes, transposes, reductions, broadcasting and a padded convolution."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(2, 3, 3, pad_mode="pad", padding=1, stride=2, has_bias=True)
        self.scale = ms.Parameter(ms.Tensor(np.linspace(0.5, 1.5, 3).astype(np.float32)), name="scale")
        self.softmax = nn.Softmax(axis=-1)

    def construct(self, x):
        y = self.conv(x)                                   # (2, 3, 4, 4)
        y = ops.reshape(y, (2, 3, 16)).transpose(0, 2, 1)  # (2, 16, 3)
        y = y * self.scale + ms.Tensor(np.float32(0.25))
        y = ops.sigmoid(y) - ops.ReduceMean(keep_dims=True)(y, 1)
        return self.softmax(y)


@pytest.fixture
def lenet5_io(interop):
    return np.load(interop / "lenet5_io.npz")


def _lenet5_from_checkpoint(interop):
    net = LeNet5()
    ms.load_checkpoint(str(interop / "lenet5_mindspore.ckpt"), net)
    return net


# ---- a file MindSpore wrote ------------------------------------------------------------------
@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_mindspore_lenet5_mindir_gives_mindspore_logits(interop, lenet5_io, restore_mode, mode):
    ms.set_context(mode=mode)
    net = nn.GraphCell(ms.load(str(interop / "lenet5_mindspore.mindir")))
    logits = net(ms.Tensor(lenet5_io["x"]))
    np.testing.assert_allclose(logits.asnumpy(), lenet5_io["logits"], rtol=1e-5, atol=1e-5)


def test_mindspore_lenet5_mindir_parameters_are_the_checkpoint(interop):
    cell = nn.GraphCell(ms.load(str(interop / "lenet5_mindspore.mindir")))
    net = _lenet5_from_checkpoint(interop)
    loaded = dict(cell.parameters_and_names())
    assert sorted(loaded) == sorted(name for name, _ in net.parameters_and_names())
    for name, param in net.parameters_and_names():
        np.testing.assert_array_equal(loaded[name].asnumpy(), param.asnumpy())


def test_graph_cell_params_init_replaces_parameters(interop, lenet5_io):
    graph = ms.load(str(interop / "lenet5_mindspore.mindir"))
    zero_bias = ms.Tensor(np.zeros(10, np.float32))
    cell = nn.GraphCell(graph, params_init={"fc3.bias": zero_bias})
    bias = _lenet5_from_checkpoint(interop).fc3.bias.asnumpy()
    logits = cell(ms.Tensor(lenet5_io["x"])).asnumpy()
    np.testing.assert_allclose(logits, lenet5_io["logits"] - bias, rtol=1e-5, atol=1e-5)


# ---- round trips ----------------------------------------------------------------------------
@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_lenet5_export_load_round_trip(interop, lenet5_io, tmp_path, restore_mode, mode):
    ms.set_context(mode=mode)
    net = _lenet5_from_checkpoint(interop)
    x = ms.Tensor(lenet5_io["x"])
    ms.export(net, x, file_name=str(tmp_path / "lenet5"), file_format="MINDIR")
    logits = nn.GraphCell(ms.load(str(tmp_path / "lenet5.mindir")))(x)
    np.testing.assert_allclose(logits.asnumpy(), lenet5_io["logits"], rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_export_of_constants_reshapes_and_reductions_round_trips(tmp_path, restore_mode, mode):
    ms.set_seed(1)
    net = Mixer()
    x = ms.Tensor(np.random.default_rng(0).standard_normal((2, 2, 8, 8)).astype(np.float32))
    expected = net(x).asnumpy()
    ms.set_context(mode=mode)
    ms.export(net, x, file_name=str(tmp_path / "mixer.mindir"), file_format="MINDIR")
    got = nn.GraphCell(ms.load(str(tmp_path / "mixer.mindir")))(x).asnumpy()
    np.testing.assert_allclose(got, expected, rtol=1e-6, atol=1e-6)


def test_export_traces_in_inference_mode_and_keeps_the_training_flag(tmp_path):
    net = nn.SequentialCell([nn.Dense(4, 3), nn.Dropout(p=0.5)])
    net.set_train(True)
    x = ms.Tensor(np.ones((2, 4), np.float32))
    ms.export(net, x, file_name=str(tmp_path / "dropout.mindir"), file_format="MINDIR")
    assert net.training
    net.set_train(False)
    expected = net(x).asnumpy()
    np.testing.assert_array_equal(nn.GraphCell(ms.load(str(tmp_path / "dropout.mindir")))(x).asnumpy(), expected)


def test_export_of_a_function(tmp_path):
    def double_exp(x):
        return ops.exp(x) * 2

    x = ms.Tensor(np.array([0.0, 1.0], np.float32))
    ms.export(double_exp, x, file_name=str(tmp_path / "f.mindir"), file_format="MINDIR")
    got = nn.GraphCell(ms.load(str(tmp_path / "f.mindir")))(x).asnumpy()
    np.testing.assert_allclose(got, 2 * np.exp([0.0, 1.0]), rtol=1e-6)


# ---- errors ---------------------------------------------------------------------------------
def test_load_argument_errors(tmp_path):
    with pytest.raises(ValueError, match="must be string"):
        ms.load(3)
    with pytest.raises(ValueError, match="should end with '.mindir'"):
        ms.load(str(tmp_path / "net.onnx"))
    with pytest.raises(ValueError, match="does not exist"):
        ms.load(str(tmp_path / "missing.mindir"))
    with pytest.raises(ValueError, match="dec_key"):
        ms.load(str(tmp_path / "missing.mindir"), dec_key=b"0123456789abcdef")


def test_truncated_or_corrupt_file_names_the_file(interop, tmp_path):
    data = (interop / "lenet5_mindspore.mindir").read_bytes()
    path = tmp_path / "cut.mindir"
    path.write_bytes(data[:len(data) // 2])
    with pytest.raises(MindIRFormatError, match="cut.mindir"):
        ms.load(str(path))
    path.write_bytes(b"not a model at all")
    with pytest.raises(RuntimeError, match="cut.mindir"):
        ms.load(str(path))


def test_unknown_op_is_named(interop, tmp_path):
    data = (interop / "lenet5_mindspore.mindir").read_bytes().replace(b"ReLU", b"ReLX")
    path = tmp_path / "unknown.mindir"
    path.write_bytes(data)
    with pytest.raises(RuntimeError, match="'ReLX'"):
        ms.load(str(path))


def test_graph_cell_errors(interop):
    graph = ms.load(str(interop / "lenet5_mindspore.mindir"))
    with pytest.raises(TypeError, match="returned by mindspore.load"):
        nn.GraphCell("graph")
    with pytest.raises(ValueError, match="does not have"):
        nn.GraphCell(graph, params_init={"fc9.bias": ms.Tensor(np.zeros(10, np.float32))})
    with pytest.raises(ValueError, match=r"shape \(10,\)"):
        nn.GraphCell(graph, params_init={"fc3.bias": ms.Tensor(np.zeros(3, np.float32))})
    cell = nn.GraphCell(graph)
    with pytest.raises(ValueError, match="takes 1 inputs"):
        cell()
    with pytest.raises(TypeError, match="input 0 must be a Tensor"):
        cell(np.zeros((1, 1, 32, 32), np.float32))
    # as MindSpore: shapes the graph's ops refuse fail in the op, named with the file's node
    with pytest.raises(RuntimeError, match=r"lenet5_mindspore.mindir', node .*MatMul"):
        cell(ms.Tensor(np.zeros((1, 1, 28, 28), np.float32)))
    with pytest.raises(RuntimeError, match="lenet5_mindspore.mindir', node"):
        cell(ms.Tensor(np.zeros((1, 1, 32, 32), np.float64)))


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_graph_cell_takes_other_batch_sizes_than_the_exported_one(interop, lenet5_io, tmp_path, restore_mode,
                                                                   mode):
    """MindSpore infers a loaded graph's shapes again on each call: a file exported for
    4 images runs 1 or 9 of them, each row giving MindSpore's logits for that image."""
    ms.set_context(mode=mode)
    x, logits = lenet5_io["x"], lenet5_io["logits"]
    rows = [0, 1, 2, 3, 3, 2, 1, 0, 2]
    ms.export(_lenet5_from_checkpoint(interop), ms.Tensor(x), file_name=str(tmp_path / "lenet5"),
              file_format="MINDIR")
    for path in (interop / "lenet5_mindspore.mindir", tmp_path / "lenet5.mindir"):
        cell = nn.GraphCell(ms.load(str(path)))
        np.testing.assert_allclose(cell(ms.Tensor(x[rows])).asnumpy(), logits[rows], rtol=1e-5, atol=1e-5)
        np.testing.assert_allclose(cell(ms.Tensor(x[2:3])).asnumpy(), logits[2:3], rtol=1e-5, atol=1e-5)


def test_export_argument_errors(tmp_path):
    net = nn.Dense(2, 2)
    x = ms.Tensor(np.ones((1, 2), np.float32))
    with pytest.raises(ValueError, match="'file_format' must be one of"):
        ms.export(net, x, file_name=str(tmp_path / "n"), file_format="PB")
    with pytest.raises(ValueError, match="'AIR' is for Ascend"):
        ms.export(net, x, file_name=str(tmp_path / "n"), file_format="AIR")
    with pytest.raises(TypeError, match="input 0 must be a Tensor"):
        ms.export(net, [1.0, 2.0], file_name=str(tmp_path / "n"), file_format="MINDIR")
    with pytest.raises(TypeError, match="'file_name' must be a str"):
        ms.export(net, x, file_name=3, file_format="MINDIR")


# ---- more networks: MindSpore's files, spore's round trips ----------------------------------
MINDIR_DATA = Path(__file__).resolve().parent / "mindir_data"
NETS = build(ms)


def _outputs(out) -> tuple:
    return tuple(o.asnumpy() for o in (out if isinstance(out, tuple) else (out,)))


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
@pytest.mark.parametrize("name", sorted(NETS))
def test_mindspore_written_mindir_runs_in_graph_cell(name, restore_mode, mode):
    ms.set_context(mode=mode)
    io = np.load(MINDIR_DATA / f"{name}_io.npz")
    got = _outputs(nn.GraphCell(ms.load(str(MINDIR_DATA / f"{name}.mindir")))(ms.Tensor(io["x"])))
    expected = [io[f"y{i}"] for i in range(len(io.files) - 1)]
    assert len(got) == len(expected)
    for g, e in zip(got, expected):
        assert g.dtype == e.dtype and g.shape == e.shape
        np.testing.assert_allclose(g, e, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("name", sorted(NETS))
def test_spore_export_of_the_same_networks_round_trips(name, tmp_path):
    cls, shape = NETS[name]
    rng = np.random.default_rng(1)
    net = cls()
    randomize(ms, net, rng)
    net.set_train(False)
    x = ms.Tensor(rng.standard_normal(shape).astype(np.float32))
    expected = _outputs(net(x))
    ms.export(net, x, file_name=str(tmp_path / name), file_format="MINDIR")
    got = _outputs(nn.GraphCell(ms.load(str(tmp_path / f"{name}.mindir")))(x))
    assert len(got) == len(expected)
    for g, e in zip(got, expected):
        np.testing.assert_allclose(g, e, rtol=1e-6, atol=1e-6)


def test_corrupted_files_fail_with_errors_naming_the_file(tmp_path):
    """Random byte changes and truncations: the file loads, or a RuntimeError names it."""
    data = (MINDIR_DATA / "mlp.mindir").read_bytes()
    rng = np.random.default_rng(2)
    path = tmp_path / "mutated.mindir"
    for _ in range(300):
        mutated = bytearray(data)
        for pos in rng.integers(0, len(data), rng.integers(1, 5)):
            mutated[pos] = int(rng.integers(0, 256))
        if rng.random() < 0.3:
            mutated = mutated[:int(rng.integers(0, len(mutated)))]
        path.write_bytes(bytes(mutated))
        try:
            ms.load(str(path))
        except RuntimeError as error:
            assert "mutated.mindir" in str(error)


# ---- load_mindir / save_mindir --------------------------------------------------------------
def test_load_mindir_save_mindir_round_trip_keeps_the_file(tmp_path):
    source = MINDIR_DATA / "mlp.mindir"
    model = ms.load_mindir(str(source))
    assert (model.ir_version, model.producer_name, model.model_version) == ("0.1.1", "MindSpore", "2.7.1")
    assert model.mind_ir_version == 3 and model.little_endian and list(model.user_info) == []
    ms.save_mindir(model, str(tmp_path / "copy"))
    assert (tmp_path / "copy.mindir").read_bytes() == source.read_bytes()


def test_user_info_is_saved_and_the_graph_still_runs(tmp_path):
    model = ms.load_mindir(str(MINDIR_DATA / "mlp.mindir"))
    model.user_info.add(key="version", value="pangu v100")
    ms.save_mindir(model, str(tmp_path / "tagged.mindir"))
    again = ms.load_mindir(str(tmp_path / "tagged.mindir"))
    assert [(e.key, e.value) for e in again.user_info] == [("version", "pangu v100")]
    io = np.load(MINDIR_DATA / "mlp_io.npz")
    got = _outputs(nn.GraphCell(ms.load(str(tmp_path / "tagged.mindir")))(ms.Tensor(io["x"])))
    np.testing.assert_allclose(got[0], io["y0"], rtol=1e-5, atol=1e-6)


def test_load_mindir_save_mindir_errors(tmp_path):
    with pytest.raises(TypeError, match="must be string"):
        ms.load_mindir(3)
    with pytest.raises(ValueError, match="does not exist"):
        ms.load_mindir(str(tmp_path / "missing.mindir"))
    (tmp_path / "cut.mindir").write_bytes((MINDIR_DATA / "mlp.mindir").read_bytes()[:100])
    with pytest.raises(ValueError, match="cut.mindir"):
        ms.load_mindir(str(tmp_path / "cut.mindir"))
    with pytest.raises(TypeError, match="must be ModelProto"):
        ms.save_mindir(3, str(tmp_path / "x.mindir"))
    with pytest.raises(TypeError, match="must be string"):
        ms.save_mindir(ms.load_mindir(str(MINDIR_DATA / "mlp.mindir")), 3)


def test_graph_cell_inside_a_jit_function(interop, lenet5_io):
    cell = nn.GraphCell(ms.load(str(interop / "lenet5_mindspore.mindir")))

    @ms.jit
    def scaled_logits(x):
        return cell(x) * 2

    got = scaled_logits(ms.Tensor(lenet5_io["x"])).asnumpy()
    np.testing.assert_allclose(got, 2 * lenet5_io["logits"], rtol=1e-5, atol=1e-5)


def test_export_refuses_what_mindir_writing_does_not_cover(tmp_path):
    class Branch(nn.Cell):
        def construct(self, x):
            if x.sum() > 0:
                return x * 2
            return x - 1

    class Constant(nn.Cell):
        def construct(self, x):
            return 3

    x = ms.Tensor(np.ones((2,), np.float32))
    with pytest.raises(RuntimeError, match="'if' nodes"):
        ms.export(Branch(), x, file_name=str(tmp_path / "branch"), file_format="MINDIR")
    with pytest.raises(RuntimeError, match="returns 3"):
        ms.export(Constant(), x, file_name=str(tmp_path / "constant"), file_format="MINDIR")
    assert not list(tmp_path.iterdir())
