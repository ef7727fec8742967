"""The kernel library: the only package that imports torch.

Each module registers the kernels of one family of primitives (see `registry.py`);
`tensor_data` and `device` hold the storage and placement that Tensor builds on.
"""
from . import (  # registers kernels
    array,
    collective,
    conv,
    debug,
    device,
    elementwise,
    extra_nn,
    linalg,
    loss,
    nn,
    optim,
    random,
    reduction,
    registry,
    rng,
    scatter,
    selection,
    signal,
    sparse_dense,
    special,
    state,
    tensor_data,
    vision,
)
