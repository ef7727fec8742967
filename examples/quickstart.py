"""A first look at spore: Tensors, operators as Primitives, functions and methods, a Cell.

Run: python -m spore examples/quickstart.py   (MindSpore-style imports resolve to spore)
"""
import mindspore as ms
import numpy as np
from mindspore import Tensor, nn, ops

ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")

x = Tensor(np.array([1.0, 2.0, 3.0], np.float32))
y = Tensor(np.array([4.0, 5.0, 6.0], np.float32))
print("x + y          =", x + y)
print("ops.Mul()(x, y) =", ops.Mul()(x, y))
print("ops.sub(y, 1)   =", ops.sub(y, 1))
print("repr:", repr(x * 2))


class Scale(nn.Cell):
    """Multiplies its input by a learnable weight."""

    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(Tensor(np.array([2.0], np.float32)), name="w")

    def construct(self, t):
        return ops.mul(t, self.w)


net = Scale()
print("parameters:", [p.name for p in net.trainable_params()])
print("net(x)     =", net(x))
