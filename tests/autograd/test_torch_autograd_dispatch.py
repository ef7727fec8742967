"""spore's entry points run their kernels below torch's autograd (_kernels/torch_autograd.py):
ops inside a Cell called from Python, a gradient taken or a compiled program do not go
through torch's autograd kernels, while torch code outside them keeps torch's autograd.
Observed on a torch tensor that requires grad: torch records an op on it only outside."""
import numpy as np
import pytest
import torch

import spore as ms
from spore import nn, ops
from spore._kernels.torch_autograd import through_torch_autograd


def _recording_input():
    """A Tensor whose torch tensor requires grad: torch's autograd records what reads it."""
    x = ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32))
    x._t.requires_grad_(True)
    return x


class _Double(nn.Cell):
    def __init__(self):
        super().__init__()
        self.seen = []

    def construct(self, x):
        self.seen.append(through_torch_autograd())
        return ops.mul(x, 2.0)


def test_an_op_outside_spore_entry_points_goes_through_torch_autograd():
    assert through_torch_autograd()
    assert ops.mul(_recording_input(), 2.0)._t.requires_grad


def test_a_cell_runs_its_kernels_below_torch_autograd_and_restores_it():
    cell = _Double()
    y = cell(_recording_input())
    assert cell.seen == [False] and not y._t.requires_grad
    assert through_torch_autograd()
    np.testing.assert_array_equal(y.asnumpy(), [2.0, 4.0, 6.0])


def test_a_gradient_runs_forward_and_backward_below_torch_autograd():
    seen = []

    def f(x):
        seen.append(through_torch_autograd())
        return (x * x).sum()
    loss, grad = ms.value_and_grad(f)(_recording_input())
    assert seen == [False] and not loss._t.requires_grad and not grad._t.requires_grad
    np.testing.assert_array_equal(grad.asnumpy(), [2.0, 4.0, 6.0])
    assert through_torch_autograd()


def test_a_compiled_program_runs_below_torch_autograd():
    y = ms.jit(lambda x: x * 3.0 + 1.0)(_recording_input())
    assert not y._t.requires_grad and through_torch_autograd()
    np.testing.assert_array_equal(y.asnumpy(), [4.0, 7.0, 10.0])


def test_torch_autograd_is_back_after_an_error_inside_a_cell():
    class Failing(nn.Cell):
        def construct(self, x):
            raise ValueError("inside")
    with pytest.raises(ValueError, match="inside"):
        Failing()(_recording_input())
    assert through_torch_autograd()
    t = torch.ones(2, requires_grad=True)
    (t * 3).sum().backward()
    assert t.grad.tolist() == [3.0, 3.0]
