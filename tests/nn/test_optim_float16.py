"""ASGD, Rprop, ProximalAdagrad and AdaFactor on float16 parameters and gradients: three
steps against values recorded from MindSpore 2.7.1 (which computes these updates in
float32 and rounds the results to float16), the state kept in float16."""
import numpy as np
import pytest

import spore as ms
from spore import Parameter, Tensor, nn

from .optim_testing import numpy_gradients, numpy_params

RECORDED = {
    "ASGD": (lambda ps: nn.ASGD(ps),
             [-0.875, -0.55517578125, -0.00787353515625, 0.404296875, 0.51708984375, 0.6044921875],
             [0.5068359375, -0.1846923828125, 0.1162109375]),
    "Rprop": (lambda ps: nn.Rprop(ps),
              [-0.92041015625, -0.6201171875, -0.14990234375, 0.56396484375, 0.72021484375, 0.435546875],
              [0.449951171875, -0.25, -0.050018310546875]),
    "ProximalAdagrad": (lambda ps: nn.ProximalAdagrad(ps, l1=0.01),
                        [-0.70166015625, -0.401123046875, -0.09942626953125, 0.2017822265625, 0.50048828125,
                         0.7978515625],
                        [0.499755859375, -0.2000732421875, 0.099853515625]),
    "AdaFactor": (lambda ps: nn.AdaFactor(ps),
                  [-0.70166015625, -0.402099609375, -0.1004638671875, 0.2032470703125, 0.5009765625, 0.796875],
                  [0.5, -0.2003173828125, 0.099609375]),
    "AdaFactor compression": (lambda ps: nn.AdaFactor(ps, compression=True),
                              [-0.70166015625, -0.402099609375, -0.1004638671875, 0.2032470703125, 0.5009765625,
                               0.796875],
                              [0.5, -0.2003173828125, 0.099609375]),
}


@pytest.mark.parametrize("name", list(RECORDED))
def test_float16_matches_mindspore(name):
    build, w, b = RECORDED[name]
    params = [Parameter(Tensor(value.astype(np.float16)), name=key) for key, value in numpy_params().items()]
    opt = build(params)
    for step in range(3):
        opt(tuple(Tensor(value.astype(np.float16)) for value in numpy_gradients(step).values()))
    assert all(p.dtype == ms.float16 for p in opt.get_parameters() if p.name.startswith(("w", "b", "ax_", "prev")))
    np.testing.assert_allclose(params[0].asnumpy().ravel(), w, rtol=1e-3, atol=1e-4)
    np.testing.assert_allclose(params[1].asnumpy(), b, rtol=1e-3, atol=1e-4)
