"""tensor_data.solely_held: whether a Tensor's storage is seen by nothing but the Tensor (what
lets the optimizers update a state in place without anyone telling it from a rebinding), and
all_solely_held, its form over a list of the Tensors' torch tensors."""
import numpy as np

from spore import Parameter, Tensor
from spore._kernels.tensor_data import all_solely_held, solely_held


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


def test_all_solely_held_over_a_list_agrees_with_solely_held():
    params = [fresh() for _ in range(3)]
    assert all_solely_held([p._t for p in params])
    array = params[1].asnumpy()
    assert not all_solely_held([p._t for p in params])
    del array
    view = params[2].reshape(3, 1)
    assert not all_solely_held([p._t for p in params])
    del view
    assert all_solely_held([p._t for p in params])
    tensor = Tensor(np.ones(3, np.float32))
    shared = Parameter(tensor, name="q")
    assert not all_solely_held([params[0]._t, shared._t])


def test_a_tensor_listed_twice_is_not_solely_held():
    param = fresh()
    assert not all_solely_held([param._t, param._t])
