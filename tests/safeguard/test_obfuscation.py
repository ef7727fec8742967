"""obfuscate_ckpt and load_obf_params_into_net: a checkpoint round trip through files whose
target weights are obfuscated, and a network that gives the original outputs again with the
metadata (PyNative and Graph mode), plus the errors of bad arguments."""
import os

import numpy as np
import pytest

import spore as ms
from spore import nn, ops
from spore.safeguard import load_obf_params_into_net, obfuscate_ckpt

# The inverse ratio is handed back as float16 (as MindSpore does): outputs match to its precision.
RTOL, ATOL = 2e-3, 1e-5


class Attention(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense1 = nn.Dense(4, 6, weight_init="normal", bias_init="normal")
        self.dense2 = nn.Dense(6, 4, weight_init="normal", bias_init="normal")

    def construct(self, x):
        return self.dense2(ops.relu(self.dense1(x)))


class Block(nn.Cell):
    def __init__(self):
        super().__init__()
        self.attention = Attention()

    def construct(self, x):
        return self.attention(x) + x


class Backbone(nn.Cell):
    def __init__(self, layers=3):
        super().__init__()
        self.blocks = nn.CellList([Block() for _ in range(layers)])

    def construct(self, x):
        for block in self.blocks:
            x = block(x)
        return x


class Net(nn.Cell):
    """fc1 and fc2 at the root, a CellList of blocks below `backbone`."""

    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(5, 4, weight_init="normal", bias_init="normal")
        self.backbone = Backbone()
        self.fc2 = nn.Dense(4, 2, weight_init="normal", bias_init="normal")
        self.scale = 3

    def construct(self, x):
        return self.fc2(self.backbone(ops.tanh(self.fc1(x))))


@pytest.fixture
def dirs(tmp_path):
    plain, obfuscated = tmp_path / "plain", tmp_path / "obf"
    plain.mkdir()
    obfuscated.mkdir()
    return str(plain), str(obfuscated)


@pytest.fixture
def restore_mode():
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)


def _input():
    return ms.Tensor(np.random.RandomState(1).randn(3, 5).astype(np.float32))


def _obfuscated_net(dirs, target_modules, file_name="net.ckpt"):
    """(original net, its obfuscated twin loaded from the files, the metadata)."""
    np.random.seed(0)
    net = Net()
    ms.save_checkpoint(net, os.path.join(dirs[0], file_name))
    metadata = obfuscate_ckpt(net, dirs[0], target_modules=target_modules, saved_path=dirs[1])
    twin = Net()
    ms.load_checkpoint(os.path.join(dirs[1], file_name.split(".")[0] + "_obf.ckpt"), twin)
    return net, load_obf_params_into_net(twin, target_modules), metadata


def _ratios(dirs, file_name="net.ckpt"):
    """name -> obfuscated value / plain value of each checkpoint entry (1 where untouched)."""
    plain = ms.load_checkpoint(os.path.join(dirs[0], file_name))
    obfuscated = ms.load_checkpoint(os.path.join(dirs[1], file_name.split(".")[0] + "_obf.ckpt"))
    return {name: obfuscated[name].asnumpy() / plain[name].asnumpy() for name in plain}


@pytest.mark.parametrize("target_modules", [["", "fc1|fc2"], ["backbone/blocks/attention", "dense1|dense2"],
                                            ["backbone/blocks/attention", "dense1", "obfuscate_layers:all"],
                                            ["backbone/blocks/attention", "dense2", "obfuscate_layers:2"]])
def test_round_trip_gives_the_original_outputs(dirs, target_modules):
    net, obfuscated, metadata = _obfuscated_net(dirs, target_modules)
    x = _input()
    expected = net(x).asnumpy()
    np.testing.assert_allclose(obfuscated(x, obf_metadata=metadata).asnumpy(), expected, rtol=RTOL, atol=ATOL)
    as_tensors = {name: ms.Tensor(value) for name, value in metadata.items()}
    np.testing.assert_allclose(obfuscated(x, as_tensors).asnumpy(), expected, rtol=RTOL, atol=ATOL)
    # Without the metadata's values the obfuscated weights give other outputs.
    wrong = {name: ms.Tensor(np.ones_like(value)) for name, value in metadata.items()}
    assert not np.allclose(obfuscated(x, obf_metadata=wrong).asnumpy(), expected, rtol=RTOL, atol=ATOL)


def test_target_weights_are_multiplied_by_one_ratio(dirs):
    _, _, metadata = _obfuscated_net(dirs, ["backbone/blocks/attention", "dense1|dense2"])
    assert list(metadata) == ["obf_metadata"]
    inverse = metadata["obf_metadata"]
    assert inverse.dtype == np.float16 and inverse.shape == (1,) and 0.01 < inverse[0] < 1
    for name, ratio in _ratios(dirs).items():
        if "attention" in name:
            np.testing.assert_allclose(ratio, 1 / inverse[0].astype(np.float64), rtol=RTOL)
        else:
            np.testing.assert_allclose(ratio, 1.0)


def test_layers_get_their_own_ratios(dirs):
    _, _, metadata = _obfuscated_net(dirs, ["backbone/blocks/attention", "dense1", "obfuscate_layers:2"])
    assert sorted(metadata) == ["obf_metadata_0", "obf_metadata_1"]
    ratios = _ratios(dirs)
    for layer in (0, 1):
        expected = 1 / metadata[f"obf_metadata_{layer}"][0].astype(np.float64)
        np.testing.assert_allclose(ratios[f"backbone.blocks.{layer}.attention.dense1.weight"], expected, rtol=RTOL)
    np.testing.assert_allclose(ratios["backbone.blocks.2.attention.dense1.weight"], 1.0)


def test_structure_and_parameter_names_are_kept(dirs):
    net, obfuscated, _ = _obfuscated_net(dirs, ["", "fc1|fc2"])
    assert [p.name for p in obfuscated.get_parameters()] == [p.name for p in net.get_parameters()]
    assert type(obfuscated).__name__ == "Net" and isinstance(obfuscated, Net)
    assert isinstance(obfuscated.fc1, nn.Dense)


def test_files_of_sub_directories_and_names_with_dots(dirs):
    np.random.seed(0)
    net = Net()
    os.mkdir(os.path.join(dirs[0], "rank_0"))
    ms.save_checkpoint(net, os.path.join(dirs[0], "rank_0", "net.step1.ckpt"))
    with open(os.path.join(dirs[0], "notes.txt"), "w") as notes:
        notes.write("not a checkpoint")
    obfuscate_ckpt(net, dirs[0], target_modules=["", "fc2"], saved_path=dirs[1])
    assert os.listdir(dirs[1]) == ["rank_0"]
    assert os.listdir(os.path.join(dirs[1], "rank_0")) == ["net_obf.ckpt"]


def test_obfuscate_scale_bounds_the_ratios(dirs):
    np.random.seed(0)
    net = Net()
    ms.save_checkpoint(net, os.path.join(dirs[0], "net.ckpt"))
    metadata = obfuscate_ckpt(net, dirs[0], target_modules=["", "fc1"], saved_path=dirs[1], obfuscate_scale=1.5)
    assert 1 / 1.5 < metadata["obf_metadata"][0] < 1


def test_obf_config_with_a_permutation(dirs):
    """A 2-D 'rearrange' metadata P: fc1's weight stored as P @ W and its bias as b @ P.T (its
    output features permuted), and the network multiplying the output by P to put them back."""
    config = {
        "obf_metadata_config": [{"name": "perm", "shape": [4, 4], "type": "rearrange", "save_metadata": True}],
        "weight_obf_config": [
            {"target": "fc1/weight", "weight_obf_ops": [{"name": "matmul", "input_x": "perm", "input_y": "weight"}]},
            {"target": "fc1/bias", "weight_obf_ops": [{"name": "matmul", "input_x": "weight", "input_y": "perm",
                                                       "transpose_b": True}]}],
        "network_obf_config": [{"module": "/", "target": "fc1",
                                "insert_ops": [{"name": "matmul", "input_x": "fc1", "input_y": "perm"}]}],
    }
    np.random.seed(3)
    net = Net()
    ms.save_checkpoint(net, os.path.join(dirs[0], "net.ckpt"))
    metadata = obfuscate_ckpt(net, dirs[0], obf_config=config, saved_path=dirs[1])
    perm = metadata["perm"]
    assert sorted(perm.sum(axis=0)) == [1] * 4 and not np.array_equal(perm, np.eye(4))
    twin = Net()
    ms.load_checkpoint(os.path.join(dirs[1], "net_obf.ckpt"), twin)
    np.testing.assert_allclose(twin.fc1.weight.asnumpy(), perm @ net.fc1.weight.asnumpy(), rtol=1e-6)
    obfuscated = load_obf_params_into_net(twin, obf_config=config)
    x = _input()
    np.testing.assert_allclose(obfuscated(x, obf_metadata=metadata).asnumpy(), net(x).asnumpy(), rtol=1e-5,
                               atol=1e-6)


def test_graph_mode(dirs, restore_mode):
    net, obfuscated, metadata = _obfuscated_net(dirs, ["backbone/blocks/attention", "dense1|dense2"])
    x = _input()
    expected = net(x).asnumpy()
    ms.set_context(mode=ms.GRAPH_MODE)
    np.testing.assert_allclose(obfuscated(x, obf_metadata=metadata).asnumpy(), expected, rtol=RTOL, atol=ATOL)
    # The metadata is an input of the compiled graph, not a constant in it.
    wrong = {"obf_metadata": np.ones(1, np.float16)}
    assert not np.allclose(obfuscated(x, obf_metadata=wrong).asnumpy(), expected, rtol=RTOL, atol=ATOL)


def test_inside_a_jit_function(dirs):
    net, obfuscated, metadata = _obfuscated_net(dirs, ["", "fc1|fc2"])
    ratios = {name: ms.Tensor(value) for name, value in metadata.items()}

    @ms.jit
    def run(x, ratio):
        return obfuscated(x, obf_metadata={"obf_metadata": ratio})

    x = _input()
    np.testing.assert_allclose(run(x, ratios["obf_metadata"]).asnumpy(), net(x).asnumpy(), rtol=RTOL, atol=ATOL)


def test_network_inputs_without_the_metadata(dirs):
    _, obfuscated, metadata = _obfuscated_net(dirs, ["", "fc1"])
    with pytest.raises(TypeError, match="'obf_metadata' must be the dict"):
        obfuscated(_input())
    with pytest.raises(KeyError, match="must hold 'obf_metadata'"):
        obfuscated(_input(), obf_metadata={})
    with pytest.raises(TypeError, match=r"obf_metadata\['obf_metadata'\] must be a Tensor"):
        obfuscated(_input(), obf_metadata={"obf_metadata": 0.5})
    with pytest.raises(RuntimeError, match="runs only inside a call of the network"):
        obfuscated.fc1(_input())
    with pytest.raises(ValueError, match="already obfuscated"):
        load_obf_params_into_net(obfuscated, ["", "fc1"])


OBFUSCATE_ERRORS = [
    (dict(network=3), TypeError, "'network' must be a Cell"),
    (dict(ckpt_files=3), TypeError, "'ckpt_files' must be a str"),
    (dict(ckpt_files="missing_dir"), ValueError, "'ckpt_files' must be an existing directory"),
    (dict(saved_path=1), TypeError, "'saved_path' must be a str"),
    (dict(saved_path="missing_dir"), ValueError, "'saved_path' must be an existing directory"),
    (dict(target_modules=None), TypeError, "'target_modules' must be a list, but got NoneType"),
    (dict(target_modules=("", "fc1")), TypeError, "'target_modules' must be a list, but got tuple"),
    (dict(target_modules=["fc1"]), ValueError, "at least two strings"),
    (dict(target_modules=["", 1]), TypeError, r"target_modules\[1\] must be a str"),
    (dict(target_modules=["", ""]), ValueError, "non-empty string"),
    (dict(target_modules=["a.b", "fc1"]), ValueError, "in the form of"),
    (dict(target_modules=["", "fc1,fc2"]), ValueError, "in the form of"),
    (dict(target_modules=["nope", "fc1"]), ValueError, "the path 'nope' in 'target_modules' does not exist"),
    (dict(target_modules=["scale", "fc1"]), TypeError, "must lead through Cells"),
    (dict(target_modules=["", "nope|nope2"]), ValueError, "none of the targets"),
    (dict(target_modules=["", "fc1", "layers:2"]), ValueError, "obfuscate_layers:all"),
    (dict(target_modules=["", "fc1", 2]), TypeError, r"target_modules\[2\] must be a str"),
    (dict(obf_config=[1]), TypeError, "'obf_config' must be a dict"),
    (dict(obf_config={}), ValueError, r"obf_config\['obf_metadata_config'\] must be a non-empty list"),
    (dict(obf_config={"other": []}), TypeError, "the keys of 'obf_config'"),
    (dict(obfuscate_scale=1), ValueError, "'obfuscate_scale' must be an int or float larger than 1"),
    (dict(obfuscate_scale="a"), ValueError, "'obfuscate_scale' must be an int or float larger than 1"),
]


@pytest.mark.parametrize("changes, error, message", OBFUSCATE_ERRORS)
def test_obfuscate_ckpt_errors(dirs, changes, error, message):
    arguments = dict(network=Net(), ckpt_files=dirs[0], target_modules=["", "fc1"], saved_path=dirs[1])
    arguments.update(changes)
    with pytest.raises(error, match=message):
        obfuscate_ckpt(**arguments)


LOAD_ERRORS = [
    (dict(network=3), TypeError, "'network' must be a Cell"),
    (dict(target_modules=None), TypeError, "'target_modules' must be a list"),
    (dict(target_modules=["", "fc1", "obfuscate_layers:x"]), ValueError, "obfuscate_layers:all"),
    (dict(obf_config=3), TypeError, "'obf_config' must be a dict"),
    (dict(obf_config={}), ValueError, r"obf_config\['network_obf_config'\] must be a non-empty list"),
    (dict(obf_config={"network_obf_config": [{"module": "/", "target": "fc1", "insert_ops": [{"name": "add"}]}]}),
     KeyError, "must name its ops from"),
    (dict(obf_config={"network_obf_config": [{"module": "/nope", "target": "fc1",
                                              "insert_ops": [{"name": "mul", "input_y": "r"}]}]}),
     ValueError, "the module '/nope' of 'obf_config' is not a Cell"),
    (dict(data_parallel_num=0), ValueError, "'data_parallel_num' must be a positive int"),
    (dict(data_parallel_num=1.5), ValueError, "'data_parallel_num' must be a positive int"),
    (dict(ignored_func_decorators="a"), TypeError, "'ignored_func_decorators' must be a list of str"),
    (dict(ignored_class_decorators=[1]), TypeError, "'ignored_class_decorators' must be a list of str"),
]


@pytest.mark.parametrize("changes, error, message", LOAD_ERRORS)
def test_load_obf_params_into_net_errors(changes, error, message):
    arguments = dict(network=Net(), target_modules=["", "fc1"])
    arguments.update(changes)
    with pytest.raises(error, match=message):
        load_obf_params_into_net(**arguments)


def test_missing_targets_are_warned_about(dirs, caplog):
    np.random.seed(0)
    net = Net()
    ms.save_checkpoint(net, os.path.join(dirs[0], "net.ckpt"))
    obfuscate_ckpt(net, dirs[0], target_modules=["", "fc1|nope"], saved_path=dirs[1])
    assert "'nope' is not a sub-Cell at the path ''" in caplog.text
    assert "use 'obf_config' instead" in caplog.text


def test_a_file_that_does_not_load_is_skipped(dirs, caplog):
    np.random.seed(0)
    net = Net()
    ms.save_checkpoint(net, os.path.join(dirs[0], "net.ckpt"))
    with open(os.path.join(dirs[0], "broken.ckpt"), "wb") as broken:
        broken.write(b"not a checkpoint")
    obfuscate_ckpt(net, dirs[0], target_modules=["", "fc1"], saved_path=dirs[1])
    assert os.listdir(dirs[1]) == ["net_obf.ckpt"]
    assert "broken.ckpt' could not be loaded" in caplog.text


def test_float16_network_and_data_parallel_num(dirs):
    np.random.seed(0)
    net = Net().to_float(ms.float16)
    half = {p.name: ms.Tensor(p.asnumpy().astype(np.float16)) for p in net.get_parameters()}
    ms.save_checkpoint(half, os.path.join(dirs[0], "net.ckpt"))
    metadata = obfuscate_ckpt(net, dirs[0], target_modules=["", "fc1|fc2"], saved_path=dirs[1])
    assert ms.load_checkpoint(os.path.join(dirs[1], "net_obf.ckpt"))["fc1.weight"].dtype == ms.float16
    twin = Net().to_float(ms.float16)
    ms.load_checkpoint(os.path.join(dirs[1], "net_obf.ckpt"), twin)
    obfuscated = load_obf_params_into_net(twin, ["", "fc1|fc2"], data_parallel_num=2)
    x = _input()
    np.testing.assert_allclose(obfuscated(x, obf_metadata=metadata).asnumpy().astype(np.float32),
                               net(x).asnumpy().astype(np.float32), rtol=1e-2, atol=1e-3)


def test_targets_missing_from_the_checkpoint_are_warned_about(dirs, caplog):
    np.random.seed(0)
    net = Net()
    ms.save_checkpoint(net, os.path.join(dirs[0], "net.ckpt"), choice_func=lambda name: name != "fc2.bias")
    obfuscate_ckpt(net, dirs[0], target_modules=["", "fc1|fc2"], saved_path=dirs[1])
    assert "no checkpoint entry in" in caplog.text and "is the target 'fc2/bias'" in caplog.text
    assert "'fc1/weight'" not in caplog.text


def test_a_target_without_bias(dirs, caplog):
    np.random.seed(0)
    net = Net()
    net.fc2 = nn.Dense(4, 2, has_bias=False)
    ms.save_checkpoint(net, os.path.join(dirs[0], "net.ckpt"))
    metadata = obfuscate_ckpt(net, dirs[0], target_modules=["", "fc2"], saved_path=dirs[1])
    assert "is the target" not in caplog.text
    twin = Net()
    twin.fc2 = nn.Dense(4, 2, has_bias=False)
    ms.load_checkpoint(os.path.join(dirs[1], "net_obf.ckpt"), twin)
    obfuscated = load_obf_params_into_net(twin, ["", "fc2"])
    x = _input()
    np.testing.assert_allclose(obfuscated(x, obf_metadata=metadata).asnumpy(), net(x).asnumpy(), rtol=RTOL,
                               atol=ATOL)


def test_obf_config_permuting_rows(dirs):
    """A 1-D 'rearrange' metadata p: fc1's weight rows and bias stored as W[p] and b[p]; the
    metadata handed back ('invert') is the inverse permutation."""
    config = {
        "obf_metadata_config": [{"name": "p", "shape": [4], "type": "rearrange", "save_metadata": True,
                                 "metadata_op": "invert"}],
        "weight_obf_config": [{"target": target, "weight_obf_ops": [{"name": "permuate", "input_x": "p"}]}
                              for target in ("fc1/weight", "fc1/bias")],
    }
    np.random.seed(4)
    net = Net()
    ms.save_checkpoint(net, os.path.join(dirs[0], "net.ckpt"))
    inverse = obfuscate_ckpt(net, dirs[0], obf_config=config, saved_path=dirs[1])["p"]
    assert inverse.dtype == np.int32 and sorted(inverse) == [0, 1, 2, 3] != list(inverse)
    stored = ms.load_checkpoint(os.path.join(dirs[1], "net_obf.ckpt"))
    np.testing.assert_array_equal(stored["fc1.weight"].asnumpy()[inverse], net.fc1.weight.asnumpy())
    np.testing.assert_array_equal(stored["fc1.bias"].asnumpy()[inverse], net.fc1.bias.asnumpy())
    np.testing.assert_array_equal(stored["fc2.weight"].asnumpy(), net.fc2.weight.asnumpy())


def test_gradients_flow_through_the_obfuscated_network(dirs):
    """Fine-tuning the obfuscated network: its weight gradients are those of the plain network
    scaled by the ratio's inverse (d(out)/d(r W) = d(out)/dW / r)."""
    net, obfuscated, metadata = _obfuscated_net(dirs, ["", "fc2"])
    x = _input()
    inverse = float(metadata["obf_metadata"][0])

    def loss(network, **kwargs):
        return lambda inputs: network(inputs, **kwargs).sum()

    plain = ms.grad(loss(net), grad_position=None, weights=[net.fc2.weight])(x)[0].asnumpy()
    grad_fn = ms.grad(loss(obfuscated, obf_metadata=metadata), grad_position=None, weights=[obfuscated.fc2.weight])
    np.testing.assert_allclose(grad_fn(x)[0].asnumpy(), plain * inverse, rtol=RTOL, atol=ATOL)
    with pytest.raises(TypeError, match="'obf_metadata' must be the dict"):
        obfuscated.construct(x)
