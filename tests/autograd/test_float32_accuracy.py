"""Float32 parameter gradients of a small BatchNorm-heavy CNN against the float64 ones.

Measured on this net, weights and batch (errors relative to each weight's largest gradient
entry, against spore's float64 gradients): MindSpore 2.7.1's float32 convolution weight
gradients are 0.6e-6 to 3.4e-6 off (2e-5 for the last convolution); spore's were 4e-6 to
1.9e-5 while oneDNN summed each weight gradient over the batch in one float32 chain, and
are 0.6e-6 to 3.8e-6 with the batch folded into the channels (spore/_kernels/conv.py;
bench/grad_accuracy.py measures the full nets).
"""
import numpy as np

import spore as ms
from spore import nn, ops

TOLERANCE = 6e-6


class BatchNormNet(nn.Cell):
    """conv3x3-BN-ReLU, depthwise 3x3-BN-ReLU, conv3x3-BN-ReLU, global mean, dense."""

    def __init__(self, dtype):
        super().__init__()
        self.features = nn.SequentialCell([
            nn.Conv2d(16, 16, 3, dtype=dtype), nn.BatchNorm2d(16, dtype=dtype), nn.ReLU(),
            nn.Conv2d(16, 16, 3, group=16, dtype=dtype), nn.BatchNorm2d(16, dtype=dtype), nn.ReLU(),
            nn.Conv2d(16, 32, 3, dtype=dtype), nn.BatchNorm2d(32, dtype=dtype), nn.ReLU()])
        self.fc = nn.Dense(32, 10, dtype=dtype)

    def construct(self, x):
        return self.fc(ops.mean(self.features(x), (2, 3)))


def make_case(seed=0):
    rng = np.random.default_rng(seed)
    weights = {}
    for param in BatchNormNet(ms.float64).trainable_params():
        shape = tuple(param.shape)
        if param.name.endswith("gamma"):
            weights[param.name] = 1 + 0.2 * rng.standard_normal(shape)
        elif param.name.endswith(("beta", "bias")):
            weights[param.name] = 0.1 * rng.standard_normal(shape)
        else:
            weights[param.name] = rng.standard_normal(shape) * np.sqrt(2 / np.prod(shape[1:]))
    x = rng.standard_normal((64, 16, 24, 24))
    labels = rng.integers(0, 10, 64).astype(np.int32)
    return weights, x, labels


def gradients(weights, x, labels, dtype):
    net = BatchNormNet(dtype)
    net.set_train(True)
    params = net.trainable_params()
    for param in params:
        param.set_data(ms.Tensor(weights[param.name], dtype))
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    grads = ms.grad(lambda x, y: loss_fn(net(x), y), None, params)(ms.Tensor(x, dtype), ms.Tensor(labels))
    return {param.name: grad.asnumpy() for param, grad in zip(params, grads)}


def test_float32_conv_weight_gradients_are_as_close_to_float64_as_mindspore():
    weights, x, labels = make_case()
    reference = gradients(weights, x, labels, ms.float64)
    single = gradients(weights, x, labels, ms.float32)
    errors = {name: np.abs(single[name] - ref).max() / np.abs(ref).max()
              for name, ref in reference.items() if name.endswith("weight")}
    assert max(errors.values()) < TOLERANCE, errors


def test_folded_weight_gradient_is_the_same_in_graph_mode():
    """Graph mode fuses a convolution's input and weight gradients into one kernel; with the
    batch folded it computes them apart, and must give PyNative's values."""
    rng = np.random.default_rng(1)
    dense, depthwise = nn.Conv2d(16, 16, 3), nn.Conv2d(16, 16, 3, group=16)
    params = dense.trainable_params() + depthwise.trainable_params()
    x = ms.Tensor(rng.standard_normal((8, 16, 24, 24)).astype(np.float32))
    grad_fn = ms.grad(lambda x: (dense(x) * depthwise(x)).sum(), 0, params)
    (dx, weights), (graph_dx, graph_weights) = grad_fn(x), ms.jit(grad_fn)(x)
    for value, graph_value in zip((dx, *weights), (graph_dx, *graph_weights)):
        np.testing.assert_allclose(graph_value.asnumpy(), value.asnumpy(), rtol=1e-6, atol=1e-6)
