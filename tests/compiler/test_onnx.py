"""ONNX export: spore -> ONNX -> onnxruntime gives MindSpore 2.7.1's outputs for the
networks of mindir_data (their Parameters and inputs as generate_with_mindspore.py drew
them) and for the interop LeNet5; the model follows MindSpore's conventions (checked
against the ONNX file MindSpore wrote for LeNet5); what MindSpore refuses is refused."""
import builtins
from pathlib import Path

import numpy as np
import pytest

import spore as ms
from spore import nn, ops
from tests.compiler.mindir_data.nets import build, randomize
from tests.compiler.test_mindir import INTEROP, LeNet5

onnx = pytest.importorskip("onnx")
ort = pytest.importorskip("onnxruntime")

MINDIR_DATA = Path(__file__).resolve().parent / "mindir_data"


def _mindspore_nets():
    """name -> (spore net, MindSpore's input and outputs), the nets rebuilt with the
    Parameters generate_with_mindspore.py gave them (one generator, in build order)."""
    rng = np.random.default_rng(0)
    nets = {}
    for name, (cls, shape) in build(ms).items():
        net = cls()
        randomize(ms, net, rng)
        net.set_train(False)
        rng.standard_normal(shape)   # the input MindSpore drew; stored in the npz
        nets[name] = (net, np.load(MINDIR_DATA / f"{name}_io.npz"))
    return nets


NETS = _mindspore_nets()


def _run_onnx(path, *inputs):
    session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    return session.run(None, {i.name: x for i, x in zip(session.get_inputs(), inputs)})


@pytest.mark.parametrize("name", sorted(NETS))
def test_onnxruntime_gives_mindspore_outputs(name, tmp_path):
    net, io = NETS[name]
    ms.export(net, ms.Tensor(io["x"]), file_name=str(tmp_path / name), file_format="ONNX")
    model = onnx.load(str(tmp_path / f"{name}.onnx"))
    onnx.checker.check_model(model, full_check=True)
    got = _run_onnx(tmp_path / f"{name}.onnx", io["x"])
    expected = [io[f"y{i}"] for i in range(len(io.files) - 1)]
    assert len(got) == len(expected)
    for g, e in zip(got, expected):
        assert g.dtype == e.dtype and g.shape == e.shape
        np.testing.assert_allclose(g, e, rtol=1e-5, atol=1e-5)


def test_lenet5_onnx_matches_mindspore_file_and_logits(tmp_path):
    if not INTEROP.is_dir():
        pytest.skip(f"the MindSpore interop files are not at {INTEROP}")
    io = np.load(INTEROP / "lenet5_io.npz")
    net = LeNet5()
    ms.load_checkpoint(str(INTEROP / "lenet5_mindspore.ckpt"), net)
    ms.export(net, ms.Tensor(io["x"]), file_name=str(tmp_path / "lenet5"), file_format="ONNX")
    (logits,) = _run_onnx(tmp_path / "lenet5.onnx", io["x"])
    np.testing.assert_allclose(logits, io["logits"], rtol=1e-5, atol=1e-5)

    ours, theirs = onnx.load(str(tmp_path / "lenet5.onnx")), onnx.load(str(INTEROP / "lenet5_mindspore.onnx"))
    assert (ours.ir_version, ours.producer_name, ours.producer_version) == (4, "MindSpore", "1.0")
    assert [(o.domain, o.version) for o in ours.opset_import] == [("", 11)]
    assert [i.name for i in ours.graph.input] == [i.name for i in theirs.graph.input] == ["x"]
    assert sorted(t.name for t in ours.graph.initializer) == sorted(t.name for t in theirs.graph.initializer)
    assert len(ours.graph.node) == len(theirs.graph.node)
    for mine, reference in zip(ours.graph.node, theirs.graph.node):
        assert mine.op_type == reference.op_type
        assert ({a.name: onnx.helper.get_attribute_value(a) for a in mine.attribute}
                == {a.name: onnx.helper.get_attribute_value(a) for a in reference.attribute})


def test_dense_is_gemm_and_layer_norm_is_spelled_out(tmp_path):
    net, io = NETS["encoder"]
    ms.export(net, ms.Tensor(io["x"]), file_name=str(tmp_path / "encoder.onnx"), file_format="ONNX")
    nodes = onnx.load(str(tmp_path / "encoder.onnx")).graph.node
    kinds = {n.op_type for n in nodes}
    assert "LayerNormalization" not in kinds and {"ReduceMean", "Sqrt", "Div"} <= kinds
    gemms = [n for n in nodes if n.op_type == "Gemm"]
    assert gemms and all({a.name: a.i for a in n.attribute}["transB"] == 1 for n in gemms)


def test_input_names_are_construct_arguments_and_several_inputs(tmp_path):
    class Pair(nn.Cell):
        def construct(self, image, scale):
            return ops.relu(image) * scale, image - 1

    image = np.linspace(-1, 1, 6, dtype=np.float32).reshape(2, 3)
    scale = np.array([2.0, 3.0, 4.0], np.float32)
    ms.export(Pair(), ms.Tensor(image), ms.Tensor(scale), file_name=str(tmp_path / "pair"), file_format="ONNX")
    model = onnx.load(str(tmp_path / "pair.onnx"))
    assert [i.name for i in model.graph.input] == ["image", "scale"]
    product, shifted = _run_onnx(tmp_path / "pair.onnx", image, scale)
    np.testing.assert_allclose(product, np.maximum(image, 0) * scale, rtol=1e-6)
    np.testing.assert_allclose(shifted, image - 1, rtol=1e-6)


def test_softmax_over_a_middle_axis_and_scalar_promotion(tmp_path):
    class Middle(nn.Cell):
        def construct(self, x):
            return ops.softmax(x, axis=1), ops.cast(x, ms.int32) * 0.5

    x = np.random.default_rng(3).standard_normal((2, 3, 4)).astype(np.float32) * 3
    ms.export(Middle(), ms.Tensor(x), file_name=str(tmp_path / "middle"), file_format="ONNX")
    soft, half = _run_onnx(tmp_path / "middle.onnx", x)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    np.testing.assert_allclose(soft, e / e.sum(axis=1, keepdims=True), rtol=1e-5, atol=1e-7)
    np.testing.assert_array_equal(half, np.trunc(x).astype(np.int32) * np.float32(0.5))


# ---- what is refused -------------------------------------------------------------------------
def test_a_function_is_refused_with_value_error(tmp_path):
    def double(x):
        return x * 2

    with pytest.raises(ValueError, match="nn.Cell"):
        ms.export(double, ms.Tensor(np.ones(2, np.float32)), file_name=str(tmp_path / "f"), file_format="ONNX")
    assert not list(tmp_path.iterdir())


def test_an_op_without_onnx_mapping_is_refused_as_mindspore_does(tmp_path):
    class Sorts(nn.Cell):
        def construct(self, x):
            return ops.Sort()(x)[0]

    with pytest.raises(RuntimeError, match="Can not find key Sort in convert map"):
        ms.export(Sorts(), ms.Tensor(np.ones(3, np.float32)), file_name=str(tmp_path / "s"), file_format="ONNX")
    assert not list(tmp_path.iterdir())


def test_training_batch_norm_is_refused(tmp_path):
    class TrainingNorm(nn.Cell):
        def __init__(self):
            super().__init__()
            self.norm = ops.BatchNorm(is_training=True)
            self.gamma = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="gamma")

        def construct(self, x):
            return self.norm(x, self.gamma, self.gamma, self.gamma, self.gamma)[0]

    with pytest.raises(RuntimeError, match="BatchNorm.*can not be written to ONNX"):
        ms.export(TrainingNorm(), ms.Tensor(np.ones((2, 2, 2, 2), np.float32)), file_name=str(tmp_path / "bn"),
                  file_format="ONNX")


def test_missing_onnx_package_names_the_extra(tmp_path, monkeypatch):
    real_import = builtins.__import__

    def no_onnx(name, *args, **kwargs):
        if name == "onnx" or name.startswith("onnx."):
            raise ImportError("No module named 'onnx'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_onnx)
    with pytest.raises(ImportError, match=r"spore\[export\]"):
        ms.export(nn.Dense(2, 2), ms.Tensor(np.ones((1, 2), np.float32)), file_name=str(tmp_path / "d"),
                  file_format="ONNX")


def test_indexing_padding_selection_and_pooling(tmp_path):
    class Indexing(nn.Cell):
        def construct(self, x, mask):
            return (x[:, 0], x[:, 1:3], x[..., ::2], x[1, ::-1, None], x[:, -1, -2:],
                    ops.masked_fill(x, mask, 0.5), ops.select(mask, x, x * 2), ops.pad(x, (1, 2)),
                    ops.pad(x, (1, 0, 0, 1), mode="reflect"), nn.AdaptiveAvgPool2d((1, 1))(x.reshape(2, 1, 3, 4)),
                    nn.AdaptiveAvgPool2d((3, 2))(x.reshape(2, 1, 3, 4)))

    rng = np.random.default_rng(4)
    x = rng.standard_normal((2, 3, 4)).astype(np.float32)
    mask = rng.random((2, 3, 4)) < 0.5
    ms.export(Indexing(), ms.Tensor(x), ms.Tensor(mask), file_name=str(tmp_path / "indexing"), file_format="ONNX")
    got = _run_onnx(tmp_path / "indexing.onnx", x, mask)
    image = x.reshape(2, 1, 3, 4)
    expected = [x[:, 0], x[:, 1:3], x[..., ::2], x[1, ::-1, None], x[:, -1, -2:], np.where(mask, np.float32(0.5), x),
                np.where(mask, x, x * 2), np.pad(x, ((0, 0), (0, 0), (1, 2))),
                np.pad(x, ((0, 0), (0, 1), (1, 0)), mode="reflect"), image.mean(axis=(2, 3), keepdims=True),
                image.reshape(2, 1, 3, 1, 2, 2).mean(axis=(3, 5))]
    assert len(got) == len(expected)
    for g, e in zip(got, expected):
        assert g.shape == e.shape
        np.testing.assert_allclose(g, e, rtol=1e-6, atol=1e-7)


def test_resnet_bottleneck_and_gelu_mlp(tmp_path):
    class Bottleneck(nn.Cell):
        def __init__(self):
            super().__init__()
            self.stem = nn.Conv2d(3, 8, 7, stride=2, pad_mode="pad", padding=3)
            self.bn = nn.BatchNorm2d(8)
            self.pool = nn.MaxPool2d(kernel_size=3, stride=2, pad_mode="same")
            self.c1 = nn.Conv2d(8, 4, 1, has_bias=False)
            self.c2 = nn.Conv2d(4, 4, 3, pad_mode="pad", padding=1, group=2)
            self.c3 = nn.Conv2d(4, 8, 1)
            self.act = nn.ReLU()
            self.gap = nn.AdaptiveAvgPool2d((1, 1))
            self.head = nn.SequentialCell([nn.Dense(8, 16, activation=nn.GELU()), nn.Dropout(p=0.2),
                                           nn.Dense(16, 3), nn.LogSoftmax()])

        def construct(self, x):
            x = self.pool(self.act(self.bn(self.stem(x))))
            x = self.act(x + self.c3(self.act(self.c2(self.act(self.c1(x))))))
            return self.head(ops.flatten(self.gap(x)))

    ms.set_seed(2)
    net = Bottleneck()
    randomize(ms, net, np.random.default_rng(2))
    net.set_train(False)
    x = np.random.default_rng(3).standard_normal((2, 3, 32, 32)).astype(np.float32)
    expected = net(ms.Tensor(x)).asnumpy()
    ms.export(net, ms.Tensor(x), file_name=str(tmp_path / "bottleneck"), file_format="ONNX")
    (got,) = _run_onnx(tmp_path / "bottleneck.onnx", x)
    np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)


def test_integer_inputs_promote_as_in_spore(tmp_path):
    class Mixed(nn.Cell):
        def construct(self, n):
            return ops.sqrt(n), n < 1.5, ops.ReduceMean()(n, 0), n + 1

    n = np.array([[0, 1, 4], [9, 2, 3]], np.int32)
    net = Mixed()
    expected = [o.asnumpy() for o in net(ms.Tensor(n))]
    ms.export(net, ms.Tensor(n), file_name=str(tmp_path / "mixed"), file_format="ONNX")
    got = _run_onnx(tmp_path / "mixed.onnx", n)
    np.testing.assert_array_equal(expected[1], n < 1.5)
    for g, e in zip(got, expected):
        assert g.dtype == e.dtype and g.shape == e.shape
        np.testing.assert_allclose(g, e, rtol=1e-6)


LAYER_STACKS = {
    "conv1d": (lambda: [nn.Conv1d(3, 4, 3, pad_mode="pad", padding=1, has_bias=True), nn.ReLU(), nn.AvgPool1d(2, 2)],
               (2, 3, 8)),
    "activations": (lambda: [nn.Dense(6, 4), nn.BatchNorm1d(4), nn.PReLU(), nn.LeakyReLU(0.1), nn.ReLU6(),
                             nn.HSwish(), nn.HSigmoid(), nn.SiLU(), nn.ELU(), nn.Softmax()], (3, 6)),
    "conv_transpose_same": (lambda: [nn.Conv2dTranspose(3, 2, 3, pad_mode="same", stride=2, has_bias=True)],
                            (1, 3, 5, 6)),
    "conv_transpose_pad": (lambda: [nn.Conv2dTranspose(3, 2, 3, pad_mode="pad", padding=(1, 0, 2, 1), stride=2,
                                                       dilation=2), nn.Tanh()], (1, 3, 5, 6)),
    "conv_transpose_valid": (lambda: [nn.Conv2dTranspose(3, 2, 3, pad_mode="valid", stride=2)], (1, 3, 5, 6)),
    "layer_norm_2_axes": (lambda: [nn.LayerNorm((4, 5), begin_norm_axis=1, begin_params_axis=1), nn.Sigmoid()],
                          (2, 4, 5)),
}


@pytest.mark.parametrize("name", sorted(LAYER_STACKS))
def test_layer_stacks(name, tmp_path):
    make, shape = LAYER_STACKS[name]
    net = nn.SequentialCell(make())
    randomize(ms, net, np.random.default_rng(6))
    net.set_train(False)
    x = np.random.default_rng(7).standard_normal(shape).astype(np.float32)
    expected = net(ms.Tensor(x)).asnumpy()
    assert np.ptp(expected) > 0.01   # the comparison says something
    ms.export(net, ms.Tensor(x), file_name=str(tmp_path / name), file_format="ONNX")
    (got,) = _run_onnx(tmp_path / f"{name}.onnx", x)
    np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-6)
