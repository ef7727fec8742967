"""The tape keeps of each recorded call only what its bprop reads (autograd/saved.py):
the same values PyTorch's autograd saves for these ops (its derivatives.yaml), storage-less
stand-ins for the rest, and a loud error if a bprop reads a value that was not kept."""
import weakref

import numpy as np
import pytest

import spore as ms
from spore import ops
from spore.autograd import reverse, saved
from spore.autograd import tape as tape_module
from spore.ops.bprop.registry import BPROPS


@pytest.mark.parametrize("name, n_inputs, expected", [
    ("Add", 2, ((False, False), False)),            # nothing
    ("Sub", 2, ((False, False), False)),
    ("Mul", 2, ((True, True), False)),              # each operand for the other's gradient
    ("ReLU", 1, ((False,), True)),                  # the output
    ("Softmax", 1, ((False,), True)),
    ("MatMulExt", 2, ((True, True), False)),        # both operands
    ("Reshape", 2, ((False, False), False)),        # shapes only
    ("Transpose", 2, ((False, True), False)),       # the permutation (no storage)
    ("Dropout", 1, ((False,), frozenset({1}))),     # the mask output alone
    ("BatchNorm", 5, ((True, True, False, True, True), frozenset({3, 4}))),  # not y: the batch statistics
])
def test_plans_keep_what_the_backward_formula_reads(name, n_inputs, expected):
    assert saved.plan_for(BPROPS[name], n_inputs) == expected


def test_uses_the_analysis_does_not_know_keep_the_value():
    def bprop(prim, x, y, out, dout):
        return helper(x), y.shape, out[0]

    def helper(value):
        return value

    assert saved.plan_for(bprop, 2) == ((True, False), frozenset({0}))
    assert saved.plan_for(lambda prim, x, out, dout: (dout,), 1) is saved.KEEP_ALL


def test_a_value_nothing_reads_is_freed_before_backward():
    freed_at_backward = []
    refs = []

    def fn(x):
        y = x * 2                # Mul keeps x (its own input) but not y
        refs.append(weakref.ref(y._t))
        z = ops.relu(y)          # ReLU keeps z, not y
        z.register_hook(lambda g: freed_at_backward.append(refs[0]() is None))
        return z.sum()

    grad = ms.grad(fn)(ms.Tensor(np.array([-1.0, 2.0], np.float32)))
    assert freed_at_backward == [True]
    np.testing.assert_allclose(grad.asnumpy(), [0.0, 2.0])


def test_a_bprop_reading_a_value_not_kept_fails_loudly(monkeypatch):
    relu = ops.ReLU()
    wrong_plan = (reverse.bprop_entry(relu), (False,), False)     # ReLU's out dropped
    monkeypatch.setitem(tape_module._plans, (type(relu), 1), wrong_plan)
    with pytest.raises(RuntimeError, match="did not keep"):
        ms.grad(lambda x: ops.relu(x).sum())(ms.Tensor(np.ones(2, np.float32)))


def test_a_stand_in_keeps_shape_and_dtype_only():
    x = ms.Tensor(np.ones((2, 3), np.float16))
    kept = saved.stand_in((x, 4), ops.Add())
    assert kept[1] == 4 and kept[0].shape == (2, 3) and kept[0].dtype == ms.float16
    assert isinstance(kept[0], ms.Tensor) and kept[0]._t is None
    with pytest.raises(RuntimeError, match="For 'Add', the tape did not keep"):
        kept[0].asnumpy()
