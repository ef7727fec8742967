"""ForwardValueAndGrad, Jvp and Vjp against hand-computed derivatives of x^3 + y (and the doc
example's recorded MindSpore 2.7.1 output) in PyNative and Graph mode, and their errors."""
import numpy as np
import pytest

from spore import Parameter, ParameterTuple, Tensor, nn, ops

from .nnbasic_checks import mode  # noqa: F401 - the fixture running a test in both modes

X = np.array([[1, 2], [3, 4]], np.float32)
Y = np.array([[5, 6], [7, 8]], np.float32)


class _Cubic(nn.Cell):
    def construct(self, x, y):
        return x ** 3 + y


class _Pair(nn.Cell):
    def construct(self, x, y):
        return x ** 3, x * y


@pytest.mark.usefixtures("mode")
def test_forward_value_and_grad():
    loss, grad = nn.ForwardValueAndGrad(_Cubic())(Tensor(X), Tensor(Y))
    np.testing.assert_allclose(loss.asnumpy(), X ** 3 + Y)
    np.testing.assert_allclose(grad.asnumpy(), 3 * X ** 2)
    _, grads = nn.ForwardValueAndGrad(_Cubic(), get_all=True)(Tensor(X), Tensor(Y))
    np.testing.assert_allclose(grads[1].asnumpy(), np.ones_like(Y))
    sens = np.full_like(X, 2.0)
    loss, grad = nn.ForwardValueAndGrad(_Cubic(), sens_param=True)(Tensor(X), Tensor(Y), Tensor(sens))
    np.testing.assert_allclose(grad.asnumpy(), 6 * X ** 2)


def test_forward_value_and_grad_doc_example():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.weight = Parameter(Tensor(np.ones([2, 2]).astype(np.float32)), name="weight")

        def construct(self, x):
            return ops.matmul(x, self.weight)

    net = Net()
    with_loss = nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits())
    train = nn.ForwardValueAndGrad(with_loss, weights=ParameterTuple(net.trainable_params()), get_all=True,
                                   get_by_list=True)
    loss, (input_grads, weight_grads) = train(Tensor(np.ones([1, 2], np.float32)), Tensor(np.ones([1, 2], np.float32)))
    np.testing.assert_allclose(loss.asnumpy(), [1.3862944], rtol=1e-6)
    np.testing.assert_allclose(input_grads[0].asnumpy(), [[-1.0, -1.0]], rtol=1e-6)
    np.testing.assert_allclose(input_grads[1].asnumpy(), [[0.0, 0.0]], atol=1e-7)
    np.testing.assert_allclose(weight_grads[0].asnumpy(), np.full((2, 2), -0.5), rtol=1e-6)


def test_forward_value_and_grad_of_a_function():
    loss, grad = nn.ForwardValueAndGrad(lambda a: a * a)(Tensor(X))
    np.testing.assert_allclose(grad.asnumpy(), 2 * X)


def test_forward_value_and_grad_errors():
    with pytest.raises(TypeError, match="'network' must be cell, function type or method type"):
        nn.ForwardValueAndGrad(3)
    with pytest.raises(TypeError, match="'get_all' must be bool"):
        nn.ForwardValueAndGrad(_Cubic(), get_all=1)
    with pytest.raises(TypeError, match="'weights' must be Parameters array"):
        nn.ForwardValueAndGrad(_Cubic(), get_by_list=True)


@pytest.mark.usefixtures("mode")
def test_jvp():
    ones = Tensor(np.ones_like(X))
    output, jvp = nn.Jvp(_Cubic())(Tensor(X), Tensor(Y), (ones, ones))
    np.testing.assert_allclose(output.asnumpy(), X ** 3 + Y)
    np.testing.assert_allclose(jvp.asnumpy(), 3 * X ** 2 + 1)
    (cube, product), (d_cube, d_product) = nn.Jvp(_Pair())(Tensor(X), Tensor(Y), (ones, ones))
    np.testing.assert_allclose(d_cube.asnumpy(), 3 * X ** 2)
    np.testing.assert_allclose(d_product.asnumpy(), X + Y)
    output, jvp = nn.Jvp(lambda x: x ** 3)(Tensor(X), ones)
    np.testing.assert_allclose(jvp.asnumpy(), 3 * X ** 2)


@pytest.mark.usefixtures("mode")
def test_vjp():
    ones = Tensor(np.ones_like(X))
    output, (grad_x, grad_y) = nn.Vjp(_Cubic())(Tensor(X), Tensor(Y), ones)
    np.testing.assert_allclose(output.asnumpy(), X ** 3 + Y)
    np.testing.assert_allclose(grad_x.asnumpy(), 3 * X ** 2)
    np.testing.assert_allclose(grad_y.asnumpy(), np.ones_like(Y))
    _, (grad_x, grad_y) = nn.Vjp(_Pair())(Tensor(X), Tensor(Y), (ones, ones))
    np.testing.assert_allclose(grad_x.asnumpy(), 3 * X ** 2 + Y)
    np.testing.assert_allclose(grad_y.asnumpy(), X)
    _, grad = nn.Vjp(lambda x: x ** 3)(Tensor(X), ones)
    np.testing.assert_allclose(grad.asnumpy(), 3 * X ** 2)
