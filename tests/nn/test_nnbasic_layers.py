"""BiDense, Conv2dBnAct, DenseBnAct, TimeDistributed, the mint-style *Ext layers (DropoutExt,
Dropout2dExt, LayerNormExt, LogSoftmaxExt, PReLUExt), SyncBatchNorm and the sparse Cells (SparseToDense,
SparseTensorDenseMatmul): outputs against NumPy float64 references in PyNative and Graph mode,
Parameters, gradients against central differences, and MindSpore 2.7.1's errors and reprs."""
import numpy as np
import pytest

import spore as ms
from spore import COOTensor, Tensor, mint, nn, ops

from .nnbasic_checks import check_parameter_gradients, mode  # noqa: F401 - the fixture running a test in both modes

RNG = np.random.default_rng(0)


@pytest.fixture(autouse=True)
def seeded():
    ms.set_seed(0)


def rand(*shape, dtype=np.float32):
    return RNG.standard_normal(shape).astype(dtype)


# ---- BiDense --------------------------------------------------------------------------------
@pytest.mark.usefixtures("mode")
@pytest.mark.parametrize("lead", [(5,), (2, 3), (1,)])
@pytest.mark.parametrize("has_bias", [True, False])
def test_bidense_forward(lead, has_bias):
    cell = nn.BiDense(2, 3, 4, has_bias=has_bias)
    x1, x2 = rand(*lead, 2), rand(*lead, 3)
    weight = cell.weight.asnumpy().astype(np.float64)
    expected = np.einsum("...i,oij,...j->...o", x1.astype(np.float64), weight, x2)
    if has_bias:
        expected = expected + cell.bias.asnumpy()
    np.testing.assert_allclose(cell(Tensor(x1), Tensor(x2)).asnumpy(), expected, rtol=1e-5, atol=1e-5)


def test_bidense_parameters_and_default_initialization():
    cell = nn.BiDense(20, 30, 40)
    assert [(p.name, p.shape, p.dtype) for p in cell.get_parameters()] == [
        ("weight", (40, 20, 30), ms.float32), ("bias", (40,), ms.float32)]
    bound = 1 / np.sqrt(20)  # U(-1/sqrt(in1), 1/sqrt(in1)) for both
    for values in (cell.weight.asnumpy(), cell.bias.asnumpy()):
        assert np.abs(values).max() <= bound and np.abs(values).max() > 0.8 * bound
    half = nn.BiDense(2, 3, 4, weight_init="ones", bias_init="zeros", dtype=ms.float16)
    assert half.weight.dtype is ms.float16 and not half.bias.asnumpy().any()
    assert nn.BiDense(2, 3, 4, has_bias=False).bias is None


def test_bidense_repr():
    assert repr(nn.BiDense(2, 3, 4)) == "BiDense(in1_channels=2, in2_channels=3, output_channels=4, has_bias=True)"
    assert repr(nn.BiDense(2, 3, 4, has_bias=False)) == "BiDense(in1_channels=2, in2_channels=3, output_channels=4)"


def test_bidense_errors():
    with pytest.raises(ValueError, match="weight_init"):
        nn.BiDense(2, 3, 4, weight_init=Tensor(np.ones((4, 3, 2), np.float32)))
    with pytest.raises(ValueError, match="bias_init"):
        nn.BiDense(2, 3, 4, bias_init=Tensor(np.ones((3,), np.float32)))
    with pytest.raises(ValueError, match="in1_channels"):
        nn.BiDense(0, 3, 4)
    with pytest.raises(TypeError, match="has_bias"):
        nn.BiDense(2, 3, 4, has_bias=1)
    cell = nn.BiDense(2, 3, 4)
    with pytest.raises(ValueError, match="last dimension of 'input1' must be 2"):
        cell(Tensor(np.ones((5, 3), np.float32)), Tensor(np.ones((5, 3), np.float32)))
    with pytest.raises(ValueError, match="same shape but for the last dimension"):
        cell(Tensor(np.ones((5, 2), np.float32)), Tensor(np.ones((4, 3), np.float32)))
    with pytest.raises(TypeError, match="'input1' must be Tensor"):
        cell([1.0], Tensor(np.ones((4, 3), np.float32)))


def test_bidense_gradients():
    cell = nn.BiDense(2, 3, 2, dtype=ms.float64)
    check_parameter_gradients(cell, (Tensor(rand(4, 2).astype(np.float64)), Tensor(rand(4, 3).astype(np.float64))))


# ---- Conv2dBnAct / DenseBnAct -------------------------------------------------------------------
def _batch_norm_eval(x, cell, axis_shape):
    bn = cell.batchnorm
    mean = bn.moving_mean.asnumpy().reshape(axis_shape)
    var = bn.moving_variance.asnumpy().reshape(axis_shape)
    return (x - mean) / np.sqrt(var + bn.eps) * bn.gamma.asnumpy().reshape(axis_shape) \
        + bn.beta.asnumpy().reshape(axis_shape)


@pytest.mark.usefixtures("mode")
def test_conv2d_bn_act_is_conv_then_batchnorm_then_activation():
    cell = nn.Conv2dBnAct(2, 3, 3, has_bn=True, activation="leakyrelu", alpha=0.1, has_bias=True)
    cell.batchnorm.moving_mean.set_data(Tensor(rand(3)))
    cell.batchnorm.moving_variance.set_data(Tensor(np.abs(rand(3)) + 0.5))
    x = rand(2, 2, 5, 5)
    conv = ops.conv2d(Tensor(x), cell.conv.weight, cell.conv.bias, pad_mode="same").asnumpy().astype(np.float64)
    normed = _batch_norm_eval(conv, cell, (1, 3, 1, 1))
    np.testing.assert_allclose(cell(Tensor(x)).asnumpy(), np.where(normed > 0, normed, 0.1 * normed), rtol=1e-5,
                               atol=1e-5)


def test_conv2d_bn_act_defaults_and_parameters():
    cell = nn.Conv2dBnAct(2, 3, 3)
    assert [p.name for p in cell.get_parameters()] == ["conv.weight"]
    assert cell.activation is None and not cell.has_bn
    x = rand(1, 2, 4, 4)
    expected = ops.conv2d(Tensor(x), cell.conv.weight, pad_mode="same").asnumpy()
    np.testing.assert_allclose(cell(Tensor(x)).asnumpy(), expected, rtol=1e-6)
    cell = nn.Conv2dBnAct(2, 3, 3, has_bn=True, has_bias=True)
    assert [p.name for p in cell.get_parameters()] == [
        "conv.weight", "conv.bias", "batchnorm.moving_mean", "batchnorm.moving_variance", "batchnorm.gamma",
        "batchnorm.beta"]
    assert cell.batchnorm.momentum == pytest.approx(1 - 0.997)  # as MindSpore 2.7.1 stores it


@pytest.mark.usefixtures("mode")
def test_dense_bn_act():
    cell = nn.DenseBnAct(3, 4, has_bn=True, activation=nn.Tanh())
    cell.batchnorm.moving_mean.set_data(Tensor(rand(4)))
    x = rand(5, 3)
    dense = x.astype(np.float64) @ cell.dense.weight.asnumpy().T + cell.dense.bias.asnumpy()
    expected = np.tanh(_batch_norm_eval(dense, cell, (1, 4)))
    np.testing.assert_allclose(cell(Tensor(x)).asnumpy(), expected, rtol=1e-5, atol=1e-6)
    assert [p.name for p in cell.get_parameters()] == [
        "dense.weight", "dense.bias", "batchnorm.moving_mean", "batchnorm.moving_variance", "batchnorm.gamma",
        "batchnorm.beta"]


def test_dense_bn_act_training_uses_batch_statistics():
    cell = nn.DenseBnAct(3, 4, has_bn=True, activation="relu")
    cell.set_train()
    x = rand(8, 3)
    dense = x.astype(np.float64) @ cell.dense.weight.asnumpy().T + cell.dense.bias.asnumpy()
    normed = (dense - dense.mean(0)) / np.sqrt(dense.var(0) + 1e-5)
    np.testing.assert_allclose(cell(Tensor(x)).asnumpy(), np.maximum(normed, 0), rtol=1e-4, atol=1e-5)


def test_combined_errors():
    with pytest.raises(TypeError, match="'activation' must be str or Cell or Primitive, but got int"):
        nn.Conv2dBnAct(2, 3, 3, activation=3)
    with pytest.raises(KeyError, match="Conv2dBnAct"):
        nn.Conv2dBnAct(2, 3, 3, activation="foo")
    with pytest.raises(TypeError, match="has_bn"):
        nn.Conv2dBnAct(2, 3, 3, has_bn=1)
    with pytest.raises(TypeError, match="after_fake"):
        nn.DenseBnAct(2, 3, after_fake=1)
    with pytest.raises(TypeError, match="activation"):
        nn.DenseBnAct(2, 3, activation=[1])


def test_dense_bn_act_gradients():
    cell = nn.DenseBnAct(3, 2, activation="tanh")
    check_parameter_gradients(cell, (Tensor(rand(4, 3)),), rtol=1e-2, atol=1e-3, eps=1e-3)


def test_conv2d_bn_act_gradients():
    cell = nn.Conv2dBnAct(1, 2, 2, has_bn=True, activation="sigmoid", weight_init="normal")
    check_parameter_gradients(cell, (Tensor(rand(1, 1, 3, 3)),), rtol=1e-2, atol=1e-3, eps=1e-3)


# ---- TimeDistributed ------------------------------------------------------------------------
@pytest.mark.usefixtures("mode")
@pytest.mark.parametrize("time_axis, reshape_with_axis", [(1, None), (1, 0), (-2, None), (2, 0), (0, 1), (1, 2)])
def test_time_distributed_dense(time_axis, reshape_with_axis):
    dense = nn.Dense(2, 3)
    x = rand(4, 5, 6, 2)
    out = nn.TimeDistributed(dense, time_axis, reshape_with_axis)(Tensor(x))
    per_step = x.astype(np.float64) @ dense.weight.asnumpy().T + dense.bias.asnumpy()
    if (time_axis, reshape_with_axis) == (2, 0):
        # MindSpore 2.7.1 returns the steps with axes 1 and 2 swapped: (4, 6, 5, 3).
        per_step = np.swapaxes(per_step, 1, 2)
    assert out.shape == per_step.shape
    np.testing.assert_allclose(out.asnumpy(), per_step, rtol=1e-5, atol=1e-6)


@pytest.mark.usefixtures("mode")
def test_time_distributed_stacks_each_step():
    x = rand(3, 4, 5)
    out = nn.TimeDistributed(ops.ReduceSum(), time_axis=2)
    with pytest.raises(ValueError, match=r"'time_axis' must be in range of \[-1, 0\], but got 2"):
        out(Tensor(rand(3, 4, 5)))
    out = nn.TimeDistributed(nn.Flatten(), time_axis=0)(Tensor(x))
    np.testing.assert_array_equal(out.asnumpy(), x)  # each (4, 5) step is already flat
    out = nn.TimeDistributed(nn.Flatten(), time_axis=1)(Tensor(rand(2, 3, 4, 5)))
    assert out.shape == (2, 3, 20)


def test_time_distributed_errors_and_repr():
    with pytest.raises(TypeError, match="must be Cell or Primitive instance, but got type: int"):
        nn.TimeDistributed(3, 1)
    with pytest.raises(TypeError, match="time_axis"):
        nn.TimeDistributed(nn.Dense(2, 3), 1.0)
    with pytest.raises(TypeError, match="reshape_with_axis"):
        nn.TimeDistributed(nn.Dense(2, 3), 1, 1.0)
    with pytest.raises(ValueError, match="at least 3D, but got 2"):
        nn.TimeDistributed(nn.Dense(2, 3), 1)(Tensor(np.ones((2, 2), np.float32)))
    with pytest.raises(TypeError, match="must be a Tensor"):
        nn.TimeDistributed(nn.Dense(2, 3), 1)([1.0])
    with pytest.raises(ValueError, match="reshape_with_axis"):
        nn.TimeDistributed(ops.ReduceSum(), 1, 0)(Tensor(rand(2, 3, 4)))
    assert repr(nn.TimeDistributed(nn.Dense(2, 3), 1)) == (
        "TimeDistributed(\n  (layer): Dense(input_channels=2, output_channels=3, has_bias=True)\n)")


def test_time_distributed_gradients():
    dense = nn.Dense(2, 3, dtype=ms.float64)
    check_parameter_gradients(nn.TimeDistributed(dense, 1), (Tensor(rand(2, 3, 2).astype(np.float64)),))
    check_parameter_gradients(nn.TimeDistributed(dense, 1, 0), (Tensor(rand(2, 3, 2).astype(np.float64)),))


# ---- the *Ext layers ------------------------------------------------------------------------
@pytest.mark.usefixtures("mode")
def test_dropout_ext():
    x = np.ones((200, 50), np.float32)
    cell = nn.DropoutExt(p=0.25)
    np.testing.assert_array_equal(cell(Tensor(x)).asnumpy(), x)  # a new Cell is not training
    cell.set_train()
    out = cell(Tensor(x)).asnumpy()
    assert set(np.unique(out)) <= {0.0, np.float32(1 / 0.75)}
    assert abs((out == 0).mean() - 0.25) < 0.03
    np.testing.assert_array_equal(nn.DropoutExt(p=0).set_train()(Tensor(x)).asnumpy(), x)


def test_dropout_ext_inplace():
    x = Tensor(np.ones((4, 50), np.float32))
    cell = nn.DropoutExt(p=0.5, inplace=True).set_train()
    out = cell(x)
    assert out is x and (x.asnumpy() == 0).any()


@pytest.mark.usefixtures("mode")
def test_dropout2d_ext_drops_whole_channels():
    cell = nn.Dropout2dExt(p=0.5).set_train()
    out = cell(Tensor(np.ones((4, 16, 3, 3), np.float32))).asnumpy()
    per_channel = out.reshape(4, 16, 9)
    assert ((per_channel == 0).all(-1) | (per_channel == 2).all(-1)).all()
    assert 0 < (per_channel == 0).all(-1).mean() < 1


@pytest.mark.usefixtures("mode")
def test_layer_norm_ext():
    x = rand(4, 3, 5)
    cell = nn.LayerNormExt((3, 5), eps=1e-6)
    cell.weight.set_data(Tensor(rand(3, 5)))
    cell.bias.set_data(Tensor(rand(3, 5)))
    x64 = x.astype(np.float64)
    mean = x64.mean((1, 2), keepdims=True)
    var = x64.var((1, 2), keepdims=True)
    expected = (x64 - mean) / np.sqrt(var + 1e-6) * cell.weight.asnumpy() + cell.bias.asnumpy()
    np.testing.assert_allclose(cell(Tensor(x)).asnumpy(), expected, rtol=1e-4, atol=1e-5)


def test_layer_norm_ext_parameters_and_repr():
    assert [(p.name, p.shape) for p in nn.LayerNormExt((2, 3)).get_parameters()] == [
        ("weight", (2, 3)), ("bias", (2, 3))]
    assert [p.name for p in nn.LayerNormExt((2, 3), bias=False).get_parameters()] == ["weight"]
    assert not list(nn.LayerNormExt((2, 3), elementwise_affine=False).get_parameters())
    assert nn.LayerNormExt(3, dtype=ms.float16).weight.dtype is ms.float16
    assert repr(nn.LayerNormExt(3)) == "LayerNormExt(normalized_shape=(3,), eps=1e-05, elementwise_affine=True)"
    x = rand(2, 3)
    x64 = x.astype(np.float64)
    expected = (x64 - x64.mean(1, keepdims=True)) / np.sqrt(x64.var(1, keepdims=True) + 1e-5)
    np.testing.assert_allclose(nn.LayerNormExt(3, elementwise_affine=False)(Tensor(x)).asnumpy(), expected,
                               rtol=1e-4, atol=1e-5)


def test_layer_norm_ext_errors():
    with pytest.raises(TypeError, match="'normalized_shape' must be tuple\\[int\\] or list\\[int\\]"):
        nn.LayerNormExt("a")
    with pytest.raises(ValueError, match="normalized_shape"):
        nn.LayerNormExt(())


def test_layer_norm_ext_gradients():
    cell = nn.LayerNormExt(3, dtype=ms.float64)
    cell.weight.set_data(Tensor(rand(3).astype(np.float64)))
    check_parameter_gradients(cell, (Tensor(rand(2, 3).astype(np.float64)),))


@pytest.mark.usefixtures("mode")
def test_log_softmax_and_prelu_ext_are_mint_layers():
    assert nn.LogSoftmaxExt is mint.nn.LogSoftmax and nn.PReLUExt is mint.nn.PReLU
    x = Tensor(np.array([[[[0.1, 0.6], [0.9, 0.9]]]]), ms.float32)
    np.testing.assert_allclose(nn.PReLUExt()(x).asnumpy(), x.asnumpy())
    np.testing.assert_allclose(nn.PReLUExt()(-x).asnumpy(), -0.25 * x.asnumpy(), rtol=1e-6)
    y = rand(2, 3)
    expected = y - np.log(np.exp(y.astype(np.float64)).sum(1, keepdims=True))
    np.testing.assert_allclose(nn.LogSoftmaxExt(1)(Tensor(y)).asnumpy(), expected, rtol=1e-5, atol=1e-6)


# ---- sparse ---------------------------------------------------------------------------------
class _ToDense(nn.Cell):
    def __init__(self, shape):
        super().__init__()
        self.shape = shape
        self.op = nn.SparseToDense()

    def construct(self, indices, values):
        return self.op(COOTensor(indices, values, self.shape))


@pytest.mark.usefixtures("mode")
def test_sparse_to_dense():
    out = _ToDense((3, 4))(Tensor([[0, 1], [1, 2]]), Tensor([1, 2], dtype=ms.int32))
    assert out.dtype is ms.int32
    np.testing.assert_array_equal(out.asnumpy(), [[0, 1, 0, 0], [0, 0, 2, 0], [0, 0, 0, 0]])


def test_sparse_to_dense_error():
    with pytest.raises(TypeError, match="COOTensor"):
        nn.SparseToDense()(Tensor(np.ones((2, 2), np.float32)))


@pytest.mark.usefixtures("mode")
@pytest.mark.parametrize("adjoint_st, adjoint_dt", [(False, False), (True, False), (False, True), (True, True)])
def test_sparse_tensor_dense_matmul(adjoint_st, adjoint_dt):
    indices = np.array([[0, 1], [1, 2], [2, 0]], np.int32)
    values = np.array([1.0, 2.0, -3.0], np.float32)
    shape = (3, 4)
    sparse = np.zeros(shape)
    sparse[tuple(indices.T)] = values
    a = sparse.T if adjoint_st else sparse
    dense = rand(2, a.shape[1]) if adjoint_dt else rand(a.shape[1], 2)
    expected = a @ (dense.T if adjoint_dt else dense)
    out = nn.SparseTensorDenseMatmul(adjoint_st, adjoint_dt)(Tensor(indices), Tensor(values), shape, Tensor(dense))
    np.testing.assert_allclose(out.asnumpy(), expected, rtol=1e-5, atol=1e-6)


def test_sparse_tensor_dense_matmul_errors():
    with pytest.raises(TypeError, match="adjoint_st"):
        nn.SparseTensorDenseMatmul(1)
    with pytest.raises(TypeError, match="adjoint_dt"):
        nn.SparseTensorDenseMatmul(False, 0)


# ---- SyncBatchNorm --------------------------------------------------------------------------
@pytest.mark.usefixtures("mode")
@pytest.mark.parametrize("shape", [(4, 3, 2, 2), (5, 3)])
def test_sync_batch_norm_in_one_process_is_batch_norm(shape):
    cell = nn.SyncBatchNorm(3, process_groups=[[0]]).set_train()
    x = rand(*shape)
    axes = (0, 2, 3) if len(shape) == 4 else (0,)
    x64 = x.astype(np.float64)
    expected = (x64 - x64.mean(axes, keepdims=True)) / np.sqrt(x64.var(axes, keepdims=True) + 1e-5)
    np.testing.assert_allclose(cell(Tensor(x)).asnumpy(), expected, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(cell.moving_mean.asnumpy(), 0.1 * x64.mean(axes), rtol=1e-5, atol=1e-7)


def test_sync_batch_norm_parameters_and_errors():
    cell = nn.SyncBatchNorm(3)
    assert [p.name for p in cell.get_parameters()] == ["mean", "variance", "gamma", "beta"]
    assert repr(cell).startswith("SyncBatchNorm(num_features=3, eps=1e-05, momentum=0.9, gamma=Parameter")
    with pytest.raises(ValueError, match=r"'rank id in process_groups' must be in range of \[0, 1\), but got 1"):
        nn.SyncBatchNorm(3, process_groups=[[0, 1]])
    with pytest.raises(ValueError, match="must not be duplicated"):
        nn.SyncBatchNorm(3, process_groups=[[0], [0]])
    with pytest.raises(ValueError, match="'process_groups' must be isinstance of"):
        nn.SyncBatchNorm(3, process_groups="a")
    with pytest.raises(ValueError, match="2 or 4 dims, but got 3"):
        nn.SyncBatchNorm(3)(Tensor(np.ones((2, 3, 4), np.float32)))


def test_sync_batch_norm_gradients():
    cell = nn.SyncBatchNorm(2, dtype=ms.float64).set_train()
    cell.gamma.set_data(Tensor(np.array([1.5, 0.5])))
    check_parameter_gradients(cell, (Tensor(rand(4, 2, 2, 2).astype(np.float64)),))
