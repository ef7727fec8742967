"""tensor_data.solely_held: whether a Tensor's storage is seen by nothing but the Tensor (what
lets the optimizers update a state in place without anyone telling it from a rebinding)."""
import numpy as np

from spore import Parameter, Tensor
from spore._kernels.tensor_data import solely_held


def fresh():
    return Parameter(Tensor(np.zeros(3, np.float32)), name="p")


def test_a_fresh_parameter_is_solely_held():
    assert solely_held(fresh())


def test_an_array_from_asnumpy_shares_the_storage_while_it_lives():
    param = fresh()
    array = param.asnumpy()
    assert not solely_held(param)
    del array
    assert solely_held(param)


def test_a_view_or_a_second_tensor_over_the_same_data():
    param = fresh()
    view = param.reshape(3, 1)
    assert not solely_held(param)
    del view
    assert solely_held(param)
    tensor = Tensor(np.ones(3, np.float32))
    shared = Parameter(tensor, name="q")
    assert not solely_held(shared) and not solely_held(tensor)
