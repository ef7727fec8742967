"""Wrapper Cells (WithLossCell, WithEvalCell, WithGradCell, TrainOneStepCell,
ParameterUpdate) and loss-scaled training (TrainOneStepWithLossScaleCell and the scale
update Cells), on a linear model against NumPy by-hand gradients and updates over
several steps; overflow detection and skipped updates; the dynamic scale schedule
(MindSpore 2.7.1's, recorded); argument errors."""
import numpy as np
import pytest

import spore as ms
from spore import Parameter, ParameterTuple, Tensor, nn, ops
from spore.nn.optim import Momentum
from spore.nn.wrap import (
    DynamicLossScaleUpdateCell,
    FixedLossScaleUpdateCell,
    ParameterUpdate,
    TrainOneStepCell,
    TrainOneStepWithLossScaleCell,
    WithEvalCell,
    WithGradCell,
    WithLossCell,
)

X = np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.5], [-1.0, 2.0, 1.0], [0.0, 1.0, -2.0]], np.float32)
Y = np.array([[1.0], [-2.0], [0.5], [3.0]], np.float32)
W0 = np.array([[0.1], [-0.2], [0.3]], np.float32)
B0 = np.array([0.05], np.float32)


class Linear(nn.Cell):
    """x @ w + b; counts its forward passes."""

    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(W0), name="w")
        self.b = Parameter(Tensor(B0), name="b")
        self.calls = 0

    def construct(self, x):
        self.calls += 1
        return ops.matmul(x, self.w) + self.b


class MeanSquare(nn.Cell):
    def construct(self, prediction, label):
        diff = prediction - label
        return ops.mean(diff * diff)


class PlainSGD(nn.Cell):
    """param -= lr * grad, for each of `parameters`."""

    def __init__(self, params, lr):
        super().__init__(auto_prefix=False)
        self.parameters = ParameterTuple(params)
        self.lr = lr

    def construct(self, grads):
        for param, grad in zip(self.parameters, grads):
            ops.assign(param, param - grad * self.lr)
        return True


def numpy_loss_and_grads(w, b, x=X, y=Y):
    residual = x.astype(np.float64) @ w + b - y
    n = residual.size
    return (residual ** 2).mean(), 2 / n * x.T @ residual, 2 / n * residual.sum(0)


def linear_setup(lr=0.05):
    net = Linear()
    return net, WithLossCell(net, MeanSquare()), PlainSGD(net.trainable_params(), lr)


def params_of(net):
    return net.w.asnumpy().astype(np.float64), net.b.asnumpy().astype(np.float64)


# ---- WithLossCell / WithEvalCell / WithGradCell -----------------------------------------------
def test_with_loss_cell():
    net = Linear()
    with_loss = WithLossCell(net, MeanSquare())
    loss = with_loss(Tensor(X), Tensor(Y))
    np.testing.assert_allclose(loss.asnumpy(), numpy_loss_and_grads(W0, B0)[0], rtol=1e-6)
    assert with_loss.backbone_network is net
    # auto_prefix=False: the Parameters keep their names.
    assert [p.name for p in with_loss.get_parameters()] == ["w", "b"]
    assert [name for name, _ in with_loss.cells_and_names()] == ["", "_backbone", "_loss_fn"]


def test_with_loss_cell_accepts_a_loss_function():
    loss = WithLossCell(Linear(), ops.mse_loss)(Tensor(X), Tensor(Y))
    np.testing.assert_allclose(loss.asnumpy(), numpy_loss_and_grads(W0, B0)[0], rtol=1e-6)


def test_with_eval_cell():
    loss, outputs, label = WithEvalCell(Linear(), MeanSquare())(Tensor(X), Tensor(Y))
    np.testing.assert_allclose(loss.asnumpy(), numpy_loss_and_grads(W0, B0)[0], rtol=1e-6)
    np.testing.assert_allclose(outputs.asnumpy(), X @ W0 + B0, rtol=1e-6, atol=1e-7)
    np.testing.assert_array_equal(label.asnumpy(), Y)


@pytest.mark.parametrize("add_cast_fp32, out_dtype", [(True, ms.float32), (False, ms.float16)])
def test_with_eval_cell_add_cast_fp32(add_cast_fp32, out_dtype):
    net = Linear().to_float(ms.float16)
    _, outputs, label = WithEvalCell(net, MeanSquare(), add_cast_fp32)(Tensor(X), Tensor(Y, ms.float16))
    assert outputs.dtype == out_dtype
    assert label.dtype == out_dtype


def test_with_eval_cell_keeps_an_integer_label():
    _, _, label = WithEvalCell(Linear(), lambda out, lab: out.sum(), True)(Tensor(X), Tensor([1, 2, 3, 0]))
    assert label.dtype == ms.int64


@pytest.mark.parametrize("sens", [None, 3.0])
def test_with_grad_cell(sens):
    grads = WithGradCell(Linear(), MeanSquare(), None if sens is None else Tensor(sens))(Tensor(X), Tensor(Y))
    _, dw, db = numpy_loss_and_grads(W0, B0)
    factor = 1.0 if sens is None else sens
    assert isinstance(grads, tuple) and len(grads) == 2
    np.testing.assert_allclose(grads[0].asnumpy(), factor * dw, rtol=1e-5)
    np.testing.assert_allclose(grads[1].asnumpy(), factor * db, rtol=1e-5)


def test_with_grad_cell_without_loss_fn():
    grads = WithGradCell(WithLossCell(Linear(), MeanSquare()))(Tensor(X), Tensor(Y))
    np.testing.assert_allclose(grads[0].asnumpy(), numpy_loss_and_grads(W0, B0)[1], rtol=1e-5)


# ---- TrainOneStepCell -------------------------------------------------------------------------
def test_train_one_step_matches_numpy_sgd_over_several_steps():
    lr = 0.05
    net, with_loss, optimizer = linear_setup(lr)
    train = TrainOneStepCell(with_loss, optimizer)
    w, b = W0.astype(np.float64), B0.astype(np.float64)
    for _ in range(5):
        loss = train(Tensor(X), Tensor(Y))
        expected_loss, dw, db = numpy_loss_and_grads(w, b)
        w, b = w - lr * dw, b - lr * db
        assert loss.shape == () and loss.dtype == ms.float32
        np.testing.assert_allclose(loss.asnumpy(), expected_loss, rtol=1e-5)
        np.testing.assert_allclose(params_of(net)[0], w, rtol=1e-5, atol=1e-7)
        np.testing.assert_allclose(params_of(net)[1], b, rtol=1e-5, atol=1e-7)


def test_train_one_step_runs_the_network_once_per_step():
    net, with_loss, optimizer = linear_setup()
    train = TrainOneStepCell(with_loss, optimizer)
    train(Tensor(X), Tensor(Y))
    train(Tensor(X), Tensor(Y))
    assert net.calls == 2


def test_train_one_step_sens_scales_the_gradients():
    lr, sens = 0.05, 4.0
    net, with_loss, optimizer = linear_setup(lr)
    loss = TrainOneStepCell(with_loss, optimizer, sens=sens)(Tensor(X), Tensor(Y))
    expected_loss, dw, db = numpy_loss_and_grads(W0, B0)
    np.testing.assert_allclose(loss.asnumpy(), expected_loss, rtol=1e-6)
    np.testing.assert_allclose(params_of(net)[0], W0 - lr * sens * dw, rtol=1e-5)
    np.testing.assert_allclose(params_of(net)[1], B0 - lr * sens * db, rtol=1e-5)
    assert net.calls == 1


def test_train_one_step_return_grad():
    _, with_loss, optimizer = linear_setup()
    loss, grads = TrainOneStepCell(with_loss, optimizer, return_grad=True)(Tensor(X), Tensor(Y))
    _, dw, db = numpy_loss_and_grads(W0, B0)
    assert list(grads) == ["w", "b"]
    np.testing.assert_allclose(grads["w"].asnumpy(), dw, rtol=1e-5)
    np.testing.assert_allclose(grads["b"].asnumpy(), db, rtol=1e-5)


def test_train_one_step_structure_and_modes():
    net, with_loss, optimizer = linear_setup()
    train = TrainOneStepCell(with_loss, optimizer)
    assert train.weights is optimizer.parameters
    assert train.network is with_loss and train.optimizer is optimizer
    assert isinstance(train.grad_reducer, nn.Identity) and train.reducer_flag is False
    # Like MindSpore: gradients are enabled on the network, training mode is the caller's.
    assert with_loss.requires_grad is True
    assert net.training is False and train.training is False
    assert [p.name for p in train.get_parameters()] == ["w", "b"]


def test_train_one_step_with_a_mindspore_optimizer():
    net = Linear()
    optimizer = Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
    train = TrainOneStepCell(WithLossCell(net, MeanSquare()), optimizer)
    w, b = W0.astype(np.float64), B0.astype(np.float64)
    vw, vb = np.zeros_like(w), np.zeros_like(b)
    for _ in range(3):
        train(Tensor(X), Tensor(Y))
        _, dw, db = numpy_loss_and_grads(w, b)
        vw, vb = 0.9 * vw + dw, 0.9 * vb + db
        w, b = w - 0.1 * vw, b - 0.1 * vb
    np.testing.assert_allclose(params_of(net)[0], w, rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(params_of(net)[1], b, rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize("build, error, match", [
    (lambda w, o: TrainOneStepCell(w, o, sens=0), ValueError, "'sens' can not be 0"),
    (lambda w, o: TrainOneStepCell(w, o, sens="1"), TypeError, "'sens' must be a number"),
    (lambda w, o: TrainOneStepCell(w, o, sens=True), TypeError, "'sens' must be a number"),
    (lambda w, o: TrainOneStepCell(w, o, return_grad=1), TypeError, "'return_grad' must be bool"),
    (lambda w, o: TrainOneStepCell(w, 3), TypeError, "'optimizer' must be an Optimizer"),
    (lambda w, o: TrainOneStepCell(w, nn.ReLU()), TypeError, "'optimizer' must be an Optimizer"),
    (lambda w, o: TrainOneStepCell(lambda x: x, o), TypeError, "'network' must be a Cell"),
    (lambda w, o: WithLossCell(3, MeanSquare()), TypeError, "'backbone' must be a Cell"),
    (lambda w, o: WithLossCell(Linear(), 3), TypeError, "'loss_fn' must be a Cell or a function"),
    (lambda w, o: WithEvalCell(Linear(), MeanSquare(), add_cast_fp32=1), TypeError, "'add_cast_fp32'"),
    (lambda w, o: WithGradCell(3), TypeError, "'network' must be a Cell"),
    (lambda w, o: ParameterUpdate(Tensor(1.0)), TypeError, "'param' must be a Parameter"),
])
def test_wrapper_argument_errors(build, error, match):
    _, with_loss, optimizer = linear_setup()
    with pytest.raises(error, match=match):
        build(with_loss, optimizer)


def test_parameter_update():
    param = Parameter(Tensor(np.zeros(3, np.float32)), name="p")
    update = ParameterUpdate(param)
    out = update(Tensor(np.array([1.0, 2.0, 3.0], np.float32)))
    np.testing.assert_array_equal(out.asnumpy(), [1, 2, 3])
    np.testing.assert_array_equal(param.asnumpy(), [1, 2, 3])
    assert [p.name for p in update.get_parameters()] == ["p"]


# ---- TrainOneStepWithLossScaleCell ------------------------------------------------------------
@pytest.mark.parametrize("scale", [Tensor(1024.0), Tensor(np.array([256.0], np.float32))])
def test_loss_scale_step_matches_unscaled_sgd(scale):
    lr = 0.05
    net, with_loss, optimizer = linear_setup(lr)
    train = TrainOneStepWithLossScaleCell(with_loss, optimizer, scale_sense=scale)
    w, b = W0.astype(np.float64), B0.astype(np.float64)
    for _ in range(3):
        loss, overflow, scaling_sens = train(Tensor(X), Tensor(Y))
        expected_loss, dw, db = numpy_loss_and_grads(w, b)
        w, b = w - lr * dw, b - lr * db
        np.testing.assert_allclose(loss.asnumpy(), expected_loss, rtol=1e-5)
        assert overflow.dtype == ms.bool_ and overflow.shape == () and not overflow
        assert scaling_sens is train.scale_sense
        np.testing.assert_allclose(params_of(net)[0], w, rtol=1e-5, atol=1e-7)
        np.testing.assert_allclose(params_of(net)[1], b, rtol=1e-5, atol=1e-7)
    assert net.calls == 3
    assert train.scale_sense.name == "scale_sense" and train.scale_sense.shape == scale.shape


@pytest.mark.parametrize("bad", [np.inf, -np.inf, np.nan])
def test_loss_scale_overflow_skips_the_update(bad):
    net, with_loss, optimizer = linear_setup()
    train = TrainOneStepWithLossScaleCell(with_loss, optimizer, scale_sense=Tensor(8.0))
    x = X.copy()
    x[0, 0] = bad
    loss, overflow, _ = train(Tensor(x), Tensor(Y))
    assert bool(overflow) is True
    assert not np.isfinite(loss.asnumpy())
    np.testing.assert_array_equal(net.w.asnumpy(), W0)
    np.testing.assert_array_equal(net.b.asnumpy(), B0)
    # The next finite step updates again.
    _, overflow, _ = train(Tensor(X), Tensor(Y))
    assert not overflow and not np.array_equal(net.w.asnumpy(), W0)


class Tiny(nn.Cell):
    """sum(x * w) * 1e-4 computed in float16: d/dw = 1e-4 * x underflows there."""

    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.ones(3, np.float32)), name="w")

    def construct(self, x):
        return ops.sum(x * self.w) * 1e-4


@pytest.mark.parametrize("scale, moved", [(1.0, False), (2.0 ** 14, True)])
def test_loss_scale_keeps_small_float16_gradients(scale, moved):
    net = Tiny().to_float(ms.float16)
    train = TrainOneStepWithLossScaleCell(net, PlainSGD(net.trainable_params(), 1e4), Tensor(scale))
    _, overflow, _ = train(Tensor(np.full(3, 1e-4, np.float32)))
    assert not overflow
    # The float32 update is lr * 1e-8 = 1e-4 when the gradient survives float16.
    expected = 1 - 1e-4 if moved else 1.0
    np.testing.assert_allclose(net.w.asnumpy(), np.full(3, expected), rtol=1e-3)


def dynamic_schedule(scale, factor, window, overflows):
    """Reference: the loss scale before each step (MindSpore's rule)."""
    cur, last, scales = 1, 0, []
    for overflow in overflows:
        scales.append(scale)
        if overflow:
            scale = max(scale / factor, 1.0)
        window_passed = cur - last >= window
        if overflow or window_passed:
            last = cur
        if window_passed and not overflow:
            scale *= factor
        cur += 1
    return scales + [scale]


def test_loss_scale_with_dynamic_update_cell():
    net, with_loss, optimizer = linear_setup(0.01)
    update = DynamicLossScaleUpdateCell(loss_scale_value=2 ** 12, scale_factor=2, scale_window=3)
    train = TrainOneStepWithLossScaleCell(with_loss, optimizer, scale_sense=update)
    bad = X.copy()
    bad[1, 2] = np.inf
    overflows = [False, False, False, False, True, True, False, False, False, False]
    scales = [train.scale_sense.asnumpy().item()]
    for overflow in overflows:
        before = net.w.asnumpy().copy()
        _, cond, scaling_sens = train(Tensor(bad if overflow else X), Tensor(Y))
        assert bool(cond) is overflow
        assert np.array_equal(net.w.asnumpy(), before) is overflow
        scales.append(scaling_sens.asnumpy().item())
    assert scales == dynamic_schedule(2.0 ** 12, 2, 3, overflows)
    assert update.get_loss_scale() == 2 ** 12
    assert [(name, p.name) for name, p in train.parameters_and_names()] == [
        ("w", "w"), ("b", "b"), ("scale_sense", "scale_sense"),
        ("loss_scaling_manager.cur_iter", "current_iterator_step"),
        ("loss_scaling_manager.last_overflow_iter", "last_overflow_iterator_step")]


def test_loss_scale_with_fixed_update_cell():
    net, with_loss, optimizer = linear_setup()
    update = FixedLossScaleUpdateCell(128.0)
    train = TrainOneStepWithLossScaleCell(with_loss, optimizer, scale_sense=update)
    bad = X.copy()
    bad[0, 0] = np.nan
    _, cond, scaling_sens = train(Tensor(bad), Tensor(Y))
    assert cond and scaling_sens.asnumpy() == 128.0
    np.testing.assert_array_equal(net.w.asnumpy(), W0)
    assert update.get_loss_scale() == 128.0
    assert update(scaling_sens, Tensor(True)).asnumpy() == np.array(True)


def test_loss_scale_cell_methods():
    _, with_loss, optimizer = linear_setup()
    train = TrainOneStepWithLossScaleCell(with_loss, optimizer, scale_sense=Tensor(2.0))
    train.set_sense_scale(Tensor(16.0))
    assert train.scale_sense.asnumpy() == 16.0
    status, value = train.start_overflow_check(Tensor(1.0), Tensor(3.0))
    assert status.shape == (8,) and value.asnumpy() == 3.0
    finite = (Tensor([1.0, 2.0]), Tensor([3.0]))
    assert not train.get_overflow_status(status, finite)
    assert train.get_overflow_status(status, (Tensor([1.0]), Tensor([np.inf])))
    # Without an update Cell the overflow is handed back as is.
    assert train.process_loss_scale(Tensor(True)) and not train.process_loss_scale(Tensor(False))


@pytest.mark.parametrize("scale_sense, error, match", [
    (2.0, TypeError, "'scale_sense' must be a Cell or a Tensor"),
    (Tensor(np.array([2.0, 1.0], np.float32)), ValueError, r"must be \(1,\) or \(\)"),
    (nn.ReLU(), TypeError, "get_loss_scale"),
])
def test_loss_scale_cell_argument_errors(scale_sense, error, match):
    _, with_loss, optimizer = linear_setup()
    with pytest.raises(error, match=match):
        TrainOneStepWithLossScaleCell(with_loss, optimizer, scale_sense=scale_sense)


def test_set_sense_scale_needs_a_tensor():
    _, with_loss, optimizer = linear_setup()
    train = TrainOneStepWithLossScaleCell(with_loss, optimizer, scale_sense=Tensor(2.0))
    with pytest.raises(TypeError, match="'sens' must be a Tensor"):
        train.set_sense_scale(4.0)


# ---- the update Cells -------------------------------------------------------------------------
# MindSpore 2.7.1: DynamicLossScaleUpdateCell(4.0, 2, 2) called with these overflows gives
# these scales, cur_iter and last_overflow_iter.
RECORDED_OVERFLOWS = [False, False, False, True, True, True, True, False, False, False]
RECORDED_STATES = [(4.0, 2, 0), (8.0, 3, 2), (8.0, 4, 2), (4.0, 5, 4), (2.0, 6, 5), (1.0, 7, 6), (1.0, 8, 7),
                   (1.0, 9, 7), (2.0, 10, 9), (2.0, 11, 9)]


@pytest.mark.parametrize("shape", [(), (1,)])
def test_dynamic_update_cell_schedule(shape):
    update = DynamicLossScaleUpdateCell(loss_scale_value=4.0, scale_factor=2, scale_window=2)
    scale = Parameter(Tensor(np.full(shape, 4.0, np.float32)), name="scale")
    states = []
    for overflow in RECORDED_OVERFLOWS:
        out = update(scale, Tensor(overflow))
        assert bool(out) is overflow
        states.append((scale.asnumpy().item(), update.cur_iter.asnumpy().item(),
                       update.last_overflow_iter.asnumpy().item()))
    assert states == RECORDED_STATES
    assert scale.shape == shape and scale.dtype == ms.float32


def test_update_cell_parameters():
    update = DynamicLossScaleUpdateCell(1024, 2, 1000)
    assert [p.name for p in update.get_parameters()] == ["current_iterator_step", "last_overflow_iterator_step"]
    assert update.cur_iter.dtype == ms.int32 and update.get_loss_scale() == 1024


@pytest.mark.parametrize("args, error, match", [
    (("1024", 2, 10), TypeError, "'loss_scale_value' must be int or float"),
    ((1024, 0, 10), ValueError, "'scale_factor' must be > 0"),
    ((1024, "2", 10), TypeError, "'scale_factor' must be int or float"),
    ((1024, 2, 0), ValueError, "'scale_window' must be a positive int"),
    ((1024, 2, 1.5), TypeError, "'scale_window' must be int"),
])
def test_dynamic_update_cell_argument_errors(args, error, match):
    with pytest.raises(error, match=match):
        DynamicLossScaleUpdateCell(*args)


def test_fixed_update_cell_argument_error():
    with pytest.raises(TypeError, match="'loss_scale_value' must be int or float"):
        FixedLossScaleUpdateCell(None)


def test_get_next_single_op_reads_no_device_queue():
    cell = nn.GetNextSingleOp([ms.float32, ms.int32], [(2, 3), (2,)], "queue")
    assert cell.get_next.output_num == 2 and cell.get_next.shared_name == "queue"
    with pytest.raises(RuntimeError, match="For 'GetNext', spore has no device data queue.*Iterate the dataset"):
        cell()
    with pytest.raises(TypeError, match="For 'GetNextSingleOp', the 'dataset_types' must be a list or tuple"):
        nn.GetNextSingleOp(ms.float32, [(2, 3)], "queue")
