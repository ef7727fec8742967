"""The two BatchNorm-heavy CNNs of the gradient-accuracy measurement, written as MindSpore
code: `bench/grad_accuracy.py` runs them in spore (its `mindspore` import resolves to spore),
`bench/grad_accuracy_mindspore.py` runs the very same classes in MindSpore 2.7.1.

Both are small (CIFAR-sized input, a few thousand parameters) but keep what makes their
float32 gradients hard: a BatchNorm after every convolution (training mode), depthwise
convolutions, channel concatenation, max / average pooling and global average pooling.
Each constructor takes the parameter dtype, so one class serves the float32 and the
float64 run.
"""
from __future__ import annotations

import mindspore as ms
from mindspore import nn, ops


def conv_bn(cin, cout, kernel, stride=1, group=1, relu=True, dtype=ms.float32):
    """conv (no bias) -> BatchNorm -> optional ReLU."""
    layers = [nn.Conv2d(cin, cout, kernel, stride, pad_mode="same", group=group, dtype=dtype),
              nn.BatchNorm2d(cout, dtype=dtype)]
    if relu:
        layers.append(nn.ReLU())
    return nn.SequentialCell(layers)


def channel_shuffle(x, groups):
    n, c, h, w = x.shape
    x = ops.reshape(x, (n, groups, c // groups, h, w))
    x = ops.transpose(x, (0, 2, 1, 3, 4))
    return ops.reshape(x, (n, c, h, w))


class ShuffleUnit(nn.Cell):
    """ShuffleNet-v2 unit: stride 1 splits the channels and transforms one half; stride 2
    downsamples the whole input in two branches. Both concatenate and shuffle."""

    def __init__(self, cin, cout, stride, dtype):
        super().__init__()
        self.stride = stride
        half = cout // 2
        branch_in = cin if stride == 2 else cin // 2
        self.branch = nn.SequentialCell([
            conv_bn(branch_in, half, 1, dtype=dtype),
            conv_bn(half, half, 3, stride, group=half, relu=False, dtype=dtype),
            conv_bn(half, half, 1, dtype=dtype)])
        if stride == 2:
            self.shortcut = nn.SequentialCell([
                conv_bn(cin, cin, 3, stride, group=cin, relu=False, dtype=dtype),
                conv_bn(cin, half, 1, dtype=dtype)])

    def construct(self, x):
        if self.stride == 2:
            out = ops.concat((self.shortcut(x), self.branch(x)), 1)
        else:
            half = x.shape[1] // 2
            out = ops.concat((x[:, :half], self.branch(x[:, half:])), 1)
        return channel_shuffle(out, 2)


class ShuffleNetSmall(nn.Cell):
    def __init__(self, classes=10, dtype=ms.float32):
        super().__init__()
        self.stem = conv_bn(3, 16, 3, dtype=dtype)
        self.pool = nn.MaxPool2d(3, 2, pad_mode="same")
        self.units = nn.SequentialCell([
            ShuffleUnit(16, 32, 2, dtype), ShuffleUnit(32, 32, 1, dtype), ShuffleUnit(32, 32, 1, dtype),
            ShuffleUnit(32, 64, 2, dtype), ShuffleUnit(64, 64, 1, dtype)])
        self.head = conv_bn(64, 128, 1, dtype=dtype)
        self.fc = nn.Dense(128, classes, dtype=dtype)

    def construct(self, x):
        x = self.units(self.pool(self.stem(x)))
        return self.fc(ops.mean(self.head(x), (2, 3)))


class DenseLayer(nn.Cell):
    """BN-ReLU-conv1x1 (bottleneck) -> BN-ReLU-conv3x3, its output concatenated to its input."""

    def __init__(self, cin, growth, dtype):
        super().__init__()
        self.body = nn.SequentialCell([
            nn.BatchNorm2d(cin, dtype=dtype), nn.ReLU(),
            nn.Conv2d(cin, 4 * growth, 1, dtype=dtype),
            nn.BatchNorm2d(4 * growth, dtype=dtype), nn.ReLU(),
            nn.Conv2d(4 * growth, growth, 3, pad_mode="same", dtype=dtype)])

    def construct(self, x):
        return ops.concat((x, self.body(x)), 1)


class DenseNetSmall(nn.Cell):
    def __init__(self, classes=10, growth=8, layers=4, dtype=ms.float32):
        super().__init__()
        channels = 2 * growth
        cells = [nn.Conv2d(3, channels, 3, pad_mode="same", dtype=dtype)]
        for block in range(2):
            for _ in range(layers):
                cells.append(DenseLayer(channels, growth, dtype))
                channels += growth
            if block == 0:      # transition: BN-ReLU-conv1x1-avgpool, halving the channels
                cells += [nn.BatchNorm2d(channels, dtype=dtype), nn.ReLU(),
                          nn.Conv2d(channels, channels // 2, 1, dtype=dtype), nn.AvgPool2d(2, 2)]
                channels //= 2
        cells += [nn.BatchNorm2d(channels, dtype=dtype), nn.ReLU()]
        self.features = nn.SequentialCell(cells)
        self.fc = nn.Dense(channels, classes, dtype=dtype)

    def construct(self, x):
        return self.fc(ops.mean(self.features(x), (2, 3)))


NETS = {"shufflenet": ShuffleNetSmall, "densenet": DenseNetSmall}


def parameter_gradients(net_name, weights, x, labels, dtype):
    """{parameter name: gradient as a NumPy array} of the mean cross-entropy loss of the
    named net in training mode, its trainable parameters set from `weights` (NumPy arrays
    by name) and cast to `dtype`, like the input batch `x`."""
    net = NETS[net_name](dtype=dtype)
    net.set_train(True)
    params = net.trainable_params()
    for param in params:
        param.set_data(ms.Tensor(weights[param.name], dtype))
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    grad_fn = ms.grad(lambda x, y: loss_fn(net(x), y), None, params)
    grads = grad_fn(ms.Tensor(x, dtype), ms.Tensor(labels, ms.int32))
    return {param.name: grad.asnumpy() for param, grad in zip(params, grads)}


def _sensitivity_grads(fn, inputs, dy, dtype):
    """(fn(*inputs), the gradient of sum(fn(*inputs) * dy) for each input): a kernel's
    forward and its backward kernels driven by the output gradient dy."""
    tensors = [ms.Tensor(value, dtype) for value in inputs]
    sens = ms.Tensor(dy, dtype)
    out = fn(*tensors)
    grads = ms.grad(lambda *args: (fn(*args) * sens).sum(), tuple(range(len(tensors))))(*tensors)
    if not isinstance(grads, tuple):     # one input: MindSpore returns its gradient alone
        grads = (grads,)
    return [out.asnumpy()] + [grad.asnumpy() for grad in grads]


def _batch_norm_train(x, gamma, beta):
    channels = x.shape[1]
    zeros, ones = ops.zeros(channels, x.dtype), ops.ones(channels, x.dtype)
    return ops.BatchNorm(is_training=True)(x, gamma, beta, zeros, ones)[0]


KERNEL_CASES = {
    # name: (function of the inputs, input names, output names)
    "conv 3x3": (lambda x, w: ops.Conv2D(w.shape[0], 3, pad_mode="same")(x, w), ("x", "w3"), ("y", "dx", "dw")),
    "conv 1x1": (lambda x, w: ops.Conv2D(w.shape[0], 1)(x, w), ("x", "w1"), ("y", "dx", "dw")),
    "depthwise 3x3": (lambda x, w: ops.Conv2D(w.shape[0], 3, pad_mode="same", group=w.shape[0])(x, w),
                      ("x", "wd"), ("y", "dx", "dw")),
    "batchnorm train": (_batch_norm_train, ("x", "gamma", "beta"), ("y", "dx", "dgamma", "dbeta")),
    "maxpool 3x3/2": (lambda x: ops.MaxPool(3, 2, "same")(x), ("x",), ("y", "dx")),
    "avgpool 2x2/2": (lambda x: ops.AvgPool(2, 2)(x), ("x",), ("y", "dx")),
    "matmul": (ops.matmul, ("a", "b"), ("y", "da", "db")),
}


def kernel_outputs(case, arrays, dtype):
    """{output name: NumPy array} of kernel case `case` on `arrays` (by input name), the
    output gradient being arrays['dy:<case>']."""
    fn, input_names, output_names = KERNEL_CASES[case]
    values = _sensitivity_grads(fn, [arrays[name] for name in input_names], arrays[f"dy:{case}"], dtype)
    return dict(zip(output_names, values))
