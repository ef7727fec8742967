"""The networks of the MINDIR interop files, written once for MindSpore and spore alike:
`build(ms)` takes the framework module (`mindspore` or `spore`)."""
import numpy as np


def build(ms):
    nn, ops = ms.nn, ms.ops

    class Mixer(nn.Cell):
        """Constants, reshapes, transposes, a reduction, broadcasting, a padded strided
        convolution with bias."""

        def __init__(self):
            super().__init__()
            self.conv = nn.Conv2d(2, 3, 3, pad_mode="pad", padding=1, stride=2, has_bias=True)
            self.scale = ms.Parameter(ms.Tensor(np.linspace(0.5, 1.5, 3).astype(np.float32)), name="scale")
            self.softmax = nn.Softmax(axis=-1)

        def construct(self, x):
            y = self.conv(x)
            y = ops.reshape(y, (2, 3, 16)).transpose(0, 2, 1)
            y = y * self.scale + ms.Tensor(np.float32(0.25))
            y = ops.sigmoid(y) - ops.ReduceMean(keep_dims=True)(y, 1)
            return self.softmax(y)

    class Block(nn.Cell):
        """A ResNet basic block (eval-mode BatchNorm, 'same' and 'pad' convolutions, a 1x1
        shortcut), average pooling and a dense head."""

        def __init__(self):
            super().__init__()
            self.conv1 = nn.Conv2d(3, 4, 3, pad_mode="same")
            self.bn1 = nn.BatchNorm2d(4)
            self.conv2 = nn.Conv2d(4, 4, 3, pad_mode="pad", padding=1)
            self.bn2 = nn.BatchNorm2d(4)
            self.down = nn.Conv2d(3, 4, 1)
            self.relu = nn.ReLU()
            self.pool = nn.AvgPool2d(2, 2)
            self.fc = nn.Dense(4 * 4 * 4, 5)

        def construct(self, x):
            y = self.relu(self.bn1(self.conv1(x)))
            y = self.bn2(self.conv2(y))
            y = self.relu(y + self.down(x))
            y = self.pool(y)
            return self.fc(ops.flatten(y))

    class Mlp(nn.Cell):
        """Dense layers, LayerNorm, tanh, GELU, and two outputs."""

        def __init__(self):
            super().__init__()
            self.l1 = nn.Dense(6, 8, activation="relu")
            self.l2 = nn.Dense(8, 4)
            self.ln = nn.LayerNorm((8,))

        def construct(self, x):
            h = self.ln(self.l1(x))
            return self.l2(ops.tanh(h)), ops.gelu(h)

    class Encoder(nn.Cell):
        """One Transformer encoder layer (multi-head attention and feed-forward)."""

        def __init__(self):
            super().__init__()
            self.layer = nn.TransformerEncoderLayer(d_model=8, nhead=2, dim_feedforward=16, dropout=0.0)

        def construct(self, x):
            return self.layer(x)

    class Many(nn.Cell):
        """Primitives with int, tuple, dtype and tuple-of-Tensor arguments."""

        def construct(self, x):
            a = ops.ReduceSum(keep_dims=False)(x, 1)
            b = ops.ReduceMax(keep_dims=True)(x, 2)
            c = ops.LogSoftmax(axis=1)(x)
            d = ops.Argmax(axis=2)(x)
            e = ops.Concat(axis=1)((x, x))
            f = ops.Squeeze(axis=0)(b)
            g = ops.ExpandDims()(a, 0)
            h = ops.Gather()(x, ms.Tensor(np.array([0, 2], np.int32)), 2)
            i = ops.Split(axis=1, output_num=2)(e)
            j = ops.Tile()(x, (1, 2, 1))
            k = ops.Cast()(d, ms.float32)
            cum = ops.CumSum()(x, 1)
            m = ops.Stack(axis=0)((x, x))
            n = ops.BatchMatMul(transpose_b=True)(x, x)
            return a, b, c, d, e, f, g, h, i[0], j, k, cum, m, n

    return {"mixer": (Mixer, (2, 2, 8, 8)), "block": (Block, (2, 3, 8, 8)), "mlp": (Mlp, (3, 6)),
            "encoder": (Encoder, (2, 5, 8)), "many": (Many, (2, 3, 4))}


def randomize(ms, net, rng) -> None:
    """Parameters drawn from `rng` in name order (BatchNorm statistics and affine
    parameters in [0.5, 1.5], the others standard normal), so both frameworks agree."""
    for param in sorted(net.get_parameters(), key=lambda p: p.name):
        low_high = any(key in param.name for key in ("moving", "gamma", "beta"))
        values = rng.uniform(0.5, 1.5, param.shape) if low_high else rng.standard_normal(param.shape) * 0.5
        param.set_data(ms.Tensor(values.astype(np.float32)))
