"""spore.amp: all_finite, the loss scalers (values and dtypes, the dynamic schedule as
MindSpore 2.7.1 runs it), the seed tutorial's loss-scaling example, which Cells compute in
which dtype at each auto_mixed_precision level, custom_mixed_precision, and
build_train_network; argument errors."""
import numpy as np
import pytest

import spore as ms
from spore import Parameter, Tensor, amp, nn, ops
from spore.amp import _OutputTo16, _OutputTo32, _PrimitiveTo32
from spore.nn.loss import MSELoss
from spore.nn.optim import Momentum, Optimizer
from spore.nn.wrap import DynamicLossScaleUpdateCell, TrainOneStepCell, TrainOneStepWithLossScaleCell, WithLossCell


# ---- all_finite ---------------------------------------------------------------------------------
@pytest.mark.parametrize("inputs, expected", [
    ((Tensor([1.0, 2.0]), Tensor(np.array([1.0], np.float16))), True),
    ([Tensor([1.0, np.inf])], False),
    ((Tensor([np.nan, 1.0]), Tensor([1.0])), False),
    ((Tensor([1.0]), Tensor([[-np.inf]], ms.float16)), False),
    ((Tensor(np.array([1, 3])),), True),
    ((Tensor(np.zeros((0, 3), np.float32)),), True),
])
def test_all_finite(inputs, expected):
    result = amp.all_finite(inputs)
    assert result.dtype == ms.bool_ and result.shape == ()
    assert bool(result) is expected


def test_all_finite_accepts_a_status_and_init_status():
    status = amp.init_status()
    assert status.shape == (8,) and status.dtype == ms.float32 and not status.asnumpy().any()
    assert bool(amp.all_finite((Tensor([1.0]),), status))


@pytest.mark.parametrize("inputs, error", [
    (Tensor([1.0]), TypeError), ((), ValueError), ((Tensor([1.0]), 2.0), TypeError)])
def test_all_finite_errors(inputs, error):
    with pytest.raises(error, match="all_finite"):
        amp.all_finite(inputs)


# ---- loss scalers -------------------------------------------------------------------------------
def test_static_loss_scaler_scale_and_unscale():
    scaler = amp.StaticLossScaler(1024)
    assert isinstance(scaler.scale_value, Parameter) and scaler.scale_value.name == "scale_value"
    assert scaler.scale_value.dtype == ms.float32 and scaler.scale_value.asnumpy() == 1024
    scaled = scaler.scale(Tensor(np.array([1.0, 2.0]), ms.float16))
    assert scaled.dtype == ms.float16
    np.testing.assert_array_equal(scaled.asnumpy(), [1024, 2048])
    assert scaler.scale(Tensor([1, 2], ms.int32)).dtype == ms.int32
    grads = (Tensor(np.array([1.5, 1.0]), ms.float16), Tensor(np.array([1.2]), ms.float32))
    unscaled = scaler.unscale(grads)
    assert isinstance(unscaled, tuple) and [g.dtype for g in unscaled] == [ms.float16, ms.float32]
    np.testing.assert_allclose(unscaled[0].asnumpy(), [1.5 / 1024, 1 / 1024])
    np.testing.assert_allclose(unscaled[1].asnumpy(), [1.2 / 1024], rtol=1e-6)
    nested = scaler.unscale([Tensor([2048.0]), (Tensor([1024.0]),)])
    assert isinstance(nested, list) and isinstance(nested[1], tuple)
    assert nested[0].asnumpy() == 2 and nested[1][0].asnumpy() == 1
    assert scaler.adjust(Tensor(False)) is False
    assert scaler.scale_value.asnumpy() == 1024


# MindSpore 2.7.1: DynamicLossScaler(1024, 2, 3).adjust(finite) for these steps.
RECORDED_FINITE = [True, True, True, False, True, False, False, True, True, True, True]
RECORDED_SCALES = [1024, 1024, 2048, 1024, 1024, 512, 256, 256, 256, 512, 512]
RECORDED_COUNTERS = [1, 2, 0, 0, 1, 0, 0, 1, 2, 0, 1]


def test_dynamic_loss_scaler_schedule():
    scaler = amp.DynamicLossScaler(1024, 2, 3)
    assert scaler.counter.name == "counter" and scaler.counter.dtype == ms.int32
    scales, counters = [], []
    for finite in RECORDED_FINITE:
        assert scaler.adjust(Tensor(finite)) is True
        scales.append(scaler.scale_value.asnumpy().item())
        counters.append(scaler.counter.asnumpy().item())
    assert scales == RECORDED_SCALES and counters == RECORDED_COUNTERS


def test_dynamic_loss_scaler_bounds():
    scaler = amp.DynamicLossScaler(1, 2, 1)
    scaler.adjust(Tensor(False))
    assert scaler.scale_value.asnumpy() == 1  # never below 1
    scaler = amp.DynamicLossScaler(2.0 ** 127, 2, 1)
    scaler.adjust(True)
    assert scaler.scale_value.asnumpy() == np.float32(2.0 ** 127)  # never to inf
    scaler = amp.DynamicLossScaler(8, 2, 100)
    grads = scaler.scale((Tensor([1.0]),))
    assert grads[0].asnumpy() == 8 and scaler.unscale(grads)[0].asnumpy() == 1


@pytest.mark.parametrize("build, error, match", [
    (lambda: amp.StaticLossScaler(0.5), ValueError, "'scale_value' must be >= 1"),
    (lambda: amp.StaticLossScaler("1"), TypeError, "'scale_value' must be int or float"),
    (lambda: amp.StaticLossScaler(True), TypeError, "'scale_value' must be int or float"),
    (lambda: amp.DynamicLossScaler(0.5, 2, 1), ValueError, "'scale_value' must be >= 1"),
    (lambda: amp.DynamicLossScaler(1024, 2, 0), ValueError, "'scale_window' must be a positive int"),
    (lambda: amp.DynamicLossScaler(1024, 0, 1), ValueError, "'scale_factor' must be a positive int"),
    (lambda: amp.DynamicLossScaler(1024, 1.5, 1), TypeError, "'scale_factor' must be int"),
    (lambda: amp.StaticLossScaler(2).scale(2.0), TypeError, "must be a Tensor or a tuple or list"),
    (lambda: amp.LossScaler(), TypeError, "abstract"),
])
def test_loss_scaler_errors(build, error, match):
    with pytest.raises(error, match=match):
        build()


class SeedNet(nn.Cell):
    """The network of the seed tutorial on gradients (docs 002)."""

    def __init__(self, in_channel, out_channel):
        super().__init__()
        self.fc = nn.Dense(in_channel, out_channel, has_bias=False)
        self.loss = MSELoss()

    def construct(self, x, y):
        logits = self.fc(x).squeeze()
        loss = self.loss(logits, y)
        return loss, logits


def test_seed_static_loss_scale_example():
    net = SeedNet(3, 1)
    net.fc.weight.set_data(Tensor([[2, 3, 4]], ms.float32))
    x, y = Tensor([[1, 2, 3]], ms.float32), Tensor(19, ms.float32)
    loss_scale = amp.StaticLossScaler(1024.)

    def forward_fn(x, y):
        loss, logits = net(x, y)
        return loss_scale.scale(loss), logits

    value_and_grad_func = ms.value_and_grad(forward_fn, grad_position=None, weights=net.trainable_params(),
                                            has_aux=True)
    (loss, _), grad = value_and_grad_func(x, y)
    assert loss.asnumpy() == 1024
    np.testing.assert_array_equal(grad[0].asnumpy(), [[2048, 4096, 6144]])
    assert loss_scale.unscale(loss).asnumpy() == 1
    grad = loss_scale.unscale(grad)
    assert isinstance(grad, tuple)
    np.testing.assert_array_equal(grad[0].asnumpy(), [[2, 4, 6]])
    assert str(amp.all_finite(grad)) == "True"


# ---- auto_mixed_precision -----------------------------------------------------------------------
class Probe(nn.Cell):
    """Dense -> BatchNorm1d -> ReLU -> MatMul primitive -> [Dense, BatchNorm1d] -> exp,
    recording the dtype after each stage."""

    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(3, 4)
        self.bn = nn.BatchNorm1d(4)
        self.relu = nn.ReLU()
        self.w = Parameter(Tensor(np.ones((4, 2), np.float32)), name="w")
        self.matmul = ops.MatMul()
        self.seq = nn.SequentialCell([nn.Dense(2, 2), nn.BatchNorm1d(2)])
        self.seen = []

    def construct(self, x):
        a = self.dense(x)
        b = self.bn(a)
        c = self.relu(b)
        d = self.matmul(c, self.w)
        e = self.seq(d)
        f = ops.exp(e)
        self.seen = [t.dtype for t in (a, b, c, d, e, f)]
        return f


F16, F32 = ms.float16, ms.float32
PARAM_NAMES = ["w", "dense.weight", "dense.bias", "bn.moving_mean", "bn.moving_variance", "bn.gamma", "bn.beta",
               "seq.0.weight", "seq.0.bias", "seq.1.moving_mean", "seq.1.moving_variance", "seq.1.gamma",
               "seq.1.beta"]


def run_probe(level, dtype=F16):
    probe = Probe()
    network = amp.auto_mixed_precision(probe, level, dtype)
    out = network(Tensor(np.ones((2, 3), np.float32)))
    assert [p.name for p in network.get_parameters()] == PARAM_NAMES
    assert {p.dtype for p in network.get_parameters()} == {F32}
    return probe, network, out


def flags(network):
    return {name: (type(cell).__name__, getattr(cell, "fp16", None), getattr(cell, "fp32", None))
            for name, cell in network.cells_and_names()}


def test_o0_leaves_the_network():
    probe, network, out = run_probe("O0")
    assert network is probe and out.dtype == F32 and probe.seen == [F32] * 6
    assert not hasattr(probe, "_amp_level")


def test_o1_casts_the_white_list():
    probe, network, out = run_probe("O1")
    assert network is probe and network._amp_level == "O1"
    assert out.dtype == F32 and probe.seen == [F32] * 6
    cells = flags(network)
    assert cells["dense"] == ("_OutputTo32", None, None)
    assert cells["dense._backbone"] == ("Dense", True, False)
    assert cells["seq.0._backbone"] == ("Dense", True, False)
    assert cells["bn"] == ("BatchNorm1d", None, None)
    assert isinstance(probe.matmul, _PrimitiveTo32) and isinstance(probe.matmul.primitive, ops.MatMul)
    assert probe.matmul.transpose_b is False  # the Primitive's attributes stay readable


def test_o1_primitive_computes_in_low_precision():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.matmul = ops.MatMul()

        def construct(self, x, y):
            return self.matmul(x, y)

    net = amp.auto_mixed_precision(Net(), "O1")
    x = np.array([[1.0 + 2 ** -12]], np.float32)  # not representable in float16
    out = net(Tensor(x), Tensor(np.ones((1, 1), np.float32)))
    assert out.dtype == F32 and out.asnumpy() == 1.0


def test_o1_skips_cells_whose_precision_is_set():
    probe = Probe()
    probe.seq.to_float(F32)
    amp.auto_mixed_precision(probe, "O1")
    assert type(probe.seq[0]).__name__ == "Dense"
    assert isinstance(probe.dense, _OutputTo32)


def test_o1_on_a_white_list_cell():
    dense = nn.Dense(3, 2)
    network = amp.auto_mixed_precision(dense, "O1")
    assert isinstance(network, _OutputTo32) and network._backbone is dense and dense.fp16
    assert network(Tensor(np.ones((1, 3), np.float32))).dtype == F32


@pytest.mark.parametrize("dtype", [F16, ms.bfloat16])
def test_o2_keeps_the_black_list_in_float32(dtype):
    probe, network, out = run_probe("O2", dtype)
    assert isinstance(network, _OutputTo32) and network._backbone is probe and network._amp_level == "O2"
    assert out.dtype == F32 and probe.seen == [dtype] * 6
    cells = flags(network)
    assert cells["_backbone"] == ("Probe", dtype is F16, False)
    assert cells["_backbone.dense"] == ("Dense", dtype is F16, False)
    assert cells["_backbone.bn"] == ("_OutputTo16", None, None)
    assert cells["_backbone.bn._backbone"] == ("BatchNorm1d", False, True)
    assert cells["_backbone.seq.1._backbone"] == ("BatchNorm1d", False, True)
    assert isinstance(probe.seq[1], _OutputTo16) and probe.seq[1].dtype is dtype


def test_o3_casts_everything():
    probe, network, out = run_probe("O3")
    assert isinstance(network, _OutputTo32) and network._amp_level == "O3"
    assert out.dtype == F32 and probe.seen == [F16] * 6
    assert flags(network)["_backbone.bn"] == ("BatchNorm1d", True, False)


def test_o3_output_tuple_cast_to_float32():
    class TwoOutputs(nn.Cell):
        def construct(self, x):
            return x * 2, ops.cast(x, ms.int32)

    a, b = amp.auto_mixed_precision(TwoOutputs(), "O3")(Tensor([1.5]))
    assert a.dtype == F32 and b.dtype == ms.int32


@pytest.mark.parametrize("args, error, match", [
    ((lambda x: x, "O1"), TypeError, "should be Cell"),
    ((nn.ReLU(), "O1", F32), ValueError, "float16, mstype.bfloat16"),
    ((nn.ReLU(), "O4"), ValueError, "'amp_level' must be one of"),
    ((nn.ReLU(), "auto"), ValueError, "'auto' is not supported"),
])
def test_auto_mixed_precision_errors(args, error, match):
    with pytest.raises(error, match=match):
        amp.auto_mixed_precision(*args)


def test_white_and_black_lists():
    white = amp.get_white_list()
    assert nn.Dense in white and nn.Conv2d in white and ops.MatMul in white and ops.Conv2D in white
    assert nn.BatchNorm2d not in white
    assert amp.get_black_list() == [nn.BatchNorm1d, nn.BatchNorm2d, nn.BatchNorm3d, nn.LayerNorm]
    white.clear()
    assert amp.get_white_list()


def test_custom_mixed_precision():
    probe = Probe()
    network = amp.custom_mixed_precision(probe, white_list=[nn.SequentialCell])
    network(Tensor(np.ones((2, 3), np.float32)))
    assert probe.seen == [F32] * 6 and isinstance(probe.seq, _OutputTo32)
    probe = Probe()
    network = amp.custom_mixed_precision(probe, black_list=[nn.Dense], dtype=ms.bfloat16)
    network(Tensor(np.ones((2, 3), np.float32)))
    assert isinstance(network, _OutputTo32) and isinstance(probe.dense, _OutputTo16)
    assert probe.seen[:2] == [ms.bfloat16, ms.bfloat16]


@pytest.mark.parametrize("kwargs, error, match", [
    ({}, ValueError, "exactly one"),
    ({"white_list": [nn.Dense], "black_list": [nn.BatchNorm1d]}, ValueError, "exactly one"),
    ({"white_list": nn.Dense}, TypeError, "must be a list"),
    ({"white_list": [3]}, TypeError, "subclass of Cell or Primitive"),
    ({"black_list": [ops.MatMul]}, TypeError, "subclass of Cell"),
    ({"white_list": [nn.Dense], "dtype": F32}, ValueError, "float16, mstype.bfloat16"),
])
def test_custom_mixed_precision_errors(kwargs, error, match):
    with pytest.raises(error, match=match):
        amp.custom_mixed_precision(Probe(), **kwargs)


# ---- build_train_network ------------------------------------------------------------------------
class Regressor(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(3, 4, weight_init="ones")
        self.bn = nn.BatchNorm1d(4)
        self.out = nn.Dense(4, 1, weight_init="ones")

    def construct(self, x):
        return self.out(self.bn(self.dense(x)))


class MeanSquare(nn.Cell):
    def construct(self, prediction, label):
        diff = prediction - label
        return ops.mean(diff * diff)


def regression_data():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((8, 3)).astype(np.float32)
    return Tensor(x), Tensor(x.sum(1, keepdims=True) * 0.5)


class PlainSGD(Optimizer):
    def __init__(self, params, learning_rate=0.05):
        super().__init__(learning_rate, params)

    def construct(self, grads):
        lr = self.get_lr()
        for param, grad in zip(self.parameters, grads):
            ops.assign(param, param - ops.cast(grad, param.dtype) * lr)
        return True


@pytest.mark.parametrize("level", ["O0", "O1", "O2", "O3"])
def test_build_train_network_trains(level):
    network = Regressor()
    train = amp.build_train_network(network, PlainSGD(network.trainable_params()), MeanSquare(), level=level)
    assert train.training and network.training
    expected_cell = TrainOneStepWithLossScaleCell if level == "O2" else TrainOneStepCell
    assert type(train) is expected_cell
    x, y = regression_data()
    # O2 starts at a loss scale of 2**24: float16 gradients overflow and steps are
    # skipped until the scale has come down (11 steps here, in MindSpore too).
    steps = 16 if level == "O2" else 5
    losses = []
    for _ in range(steps):
        result = train(x, y)
        loss = result[0] if level == "O2" else result
        assert loss.dtype == F32
        losses.append(loss.asnumpy().item())
    assert losses[-1] < losses[0] / 2


def test_build_train_network_o2_structure():
    network = Regressor()
    train = amp.build_train_network(network, PlainSGD(network.trainable_params()), MeanSquare(), level="O2")
    assert isinstance(train.loss_scaling_manager, DynamicLossScaleUpdateCell)
    assert train.scale_sense.asnumpy() == 2 ** 24
    assert type(train.network).__name__ == "_WithLossCellFp32"
    assert network.fp16 and isinstance(network.bn, _OutputTo16) and network.bn._backbone.fp32


def test_build_train_network_o3_attaches_a_float32_loss():
    network = Regressor()
    train = amp.build_train_network(network, PlainSGD(network.trainable_params()), MeanSquare(), level="O3")
    assert type(train.network).__name__ == "_WithLossCellFp32" and network.bn.fp16


def test_build_train_network_without_loss_fn():
    network = WithLossCell(Regressor(), MeanSquare())
    train = amp.build_train_network(network, PlainSGD(network.trainable_params()))
    assert train.network is network


def test_build_train_network_keyword_overrides():
    network = Regressor()
    manager = amp.FixedLossScaleManager(64.0, drop_overflow_update=False)
    train = amp.build_train_network(network, PlainSGD(network.trainable_params()), MeanSquare(), level="O2",
                                    cast_model_type=F32, loss_scale_manager=manager)
    assert type(train) is TrainOneStepCell and train.sens == 64.0 and train.sense_flag
    assert not getattr(network, "fp16", False)
    network = Regressor()
    train = amp.build_train_network(network, PlainSGD(network.trainable_params()), MeanSquare(), level="O0",
                                    cast_model_type=F16, keep_batchnorm_fp32=False,
                                    loss_scale_manager=amp.FixedLossScaleManager(16.0))
    assert type(train) is TrainOneStepWithLossScaleCell and train.scale_sense.asnumpy() == 16
    assert network.bn.fp16


def test_build_train_network_with_a_mindspore_optimizer():
    network = Regressor()
    optimizer = Momentum(network.trainable_params(), 0.01, 0.9)
    train = amp.build_train_network(network, optimizer, MeanSquare(), level="O2")
    x, y = regression_data()
    overflows = [bool(train(x, y)[1]) for _ in range(11)]
    assert overflows == [True] * 11
    first = train(x, y)[0].asnumpy()
    for _ in range(4):
        last = train(x, y)[0].asnumpy()
    assert last < first


@pytest.mark.parametrize("kwargs, error, match", [
    ({"optimizer": nn.ReLU()}, TypeError, "'optimizer' must be an Optimizer"),
    ({"level": 2}, TypeError, "'level' must be str"),
    ({"level": "O5"}, ValueError, "level"),
    ({"boost_level": "O3"}, ValueError, "boost_level"),
    ({"loss_fn": ops.mse_loss}, TypeError, "'loss_fn' must be a Cell"),
    ({"keep_bn": True}, ValueError, "'keep_bn' is not supported"),
    ({"cast_model_type": ms.bfloat16}, TypeError, "cast_model_type"),
    ({"keep_batchnorm_fp32": 1}, TypeError, "keep_batchnorm_fp32"),
    ({"loss_scale_manager": 128}, TypeError, "'loss_scale_manager' must be a LossScaleManager"),
])
def test_build_train_network_errors(kwargs, error, match):
    network = Regressor()
    arguments = {"network": network, "optimizer": PlainSGD(network.trainable_params()), "loss_fn": MeanSquare()}
    arguments.update(kwargs)
    with pytest.raises(error, match=match):
        amp.build_train_network(**arguments)


def test_loss_scale_managers_are_exported():
    assert amp.FixedLossScaleManager().get_loss_scale() == 128.0
    assert isinstance(amp.DynamicLossScaleManager(), amp.LossScaleManager)


def test_grad_scale_maps_keep_structure_and_dtypes():
    from spore.amp import _grad_scale_map, _grad_unscale_map
    scale = ms.Tensor(4.0, ms.float32)
    scaled = _grad_scale_map(scale, (ms.Tensor([1.0, 2.0], ms.float16), [ms.Tensor([3.0], ms.float32)]))
    assert isinstance(scaled, tuple) and isinstance(scaled[1], list)
    assert scaled[0].dtype == ms.float16 and scaled[1][0].dtype == ms.float32
    np.testing.assert_array_equal(scaled[0].asnumpy(), [4.0, 8.0])
    np.testing.assert_array_equal(_grad_unscale_map(scale, [ms.Tensor([1.0, 2.0])])[0].asnumpy(), [0.25, 0.5])


def test_lazy_inline_module_path():
    from spore.common.lazy_inline import lazy_inline
    assert lazy_inline is ms.lazy_inline
