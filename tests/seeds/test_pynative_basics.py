"""The seed tutorials' PyNative basics (nb000 cells 01-04) and the PyTorch-differences
examples (nb004): the same code, the same printed results."""
import numpy as np

import spore as ms
from spore import Tensor, context, nn, ops


def test_add_primitive_prints_like_the_tutorial(capsys):
    context.set_context(mode=context.PYNATIVE_MODE)
    add = ops.Add()
    x = Tensor(np.array([1, 2]).astype(np.float32))
    y = Tensor(np.array([3, 5]).astype(np.float32))
    z = add(x, y)
    print("x:", x.asnumpy(), "\ny:", y.asnumpy(), "\nz:", z.asnumpy())
    assert capsys.readouterr().out == "x: [1. 2.] \ny: [3. 5.] \nz: [4. 7.]\n"


def test_function_of_primitives():
    add = ops.Add()

    def add_func(x, y):
        z = add(x, y)
        return add(z, x)

    z = add_func(Tensor(np.array([1, 2], np.float32)), Tensor(np.array([3, 5], np.float32)))
    assert str(z.asnumpy()) == "[5. 9.]"


def test_cell_with_mul(capsys):
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.mul = ops.Mul()

        def construct(self, x, y):
            return self.mul(x, y)

    z = Net()(Tensor(np.array([1.0, 2.0, 3.0], np.float32)), Tensor(np.array([4.0, 5.0, 6.0], np.float32)))
    print(z)
    assert capsys.readouterr().out == "[ 4. 10. 18.]\n"


def test_transpose_shape():
    data = np.zeros((1, 2, 3, 4), np.float32)
    assert ops.Transpose()(ms.Tensor(data), (3, 2, 1, 0)).shape == (4, 3, 2, 1)


def test_max_pool_same_pads_right_and_bottom(capsys):
    data = np.arange(9).reshape(1, 1, 3, 3).astype(np.float32)
    print(ops.MaxPool(kernel_size=2, strides=2, pad_mode="same")(ms.Tensor(data)))
    assert capsys.readouterr().out == "[[[[4. 5.]\n   [7. 8.]]]]\n"


def test_pad_top_left_then_valid_pool(capsys):
    data = np.arange(9).reshape(1, 1, 3, 3).astype(np.float32)
    padded = ops.Pad(((0, 0), (0, 0), (1, 0), (1, 0)))(ms.Tensor(data))
    print(ops.MaxPool(kernel_size=2, strides=2, pad_mode="valid")(padded))
    assert capsys.readouterr().out == "[[[[0. 2.]\n   [6. 8.]]]]\n"
