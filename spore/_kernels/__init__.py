"""The kernel library: the only package that imports torch.

Each module registers the kernels of one family of primitives (see `registry.py`);
`tensor_data` and `device` hold the storage and placement that Tensor builds on.
"""
from . import (  # registers kernels
    array,
    attention,
    box,
    collective,
    conv,
    custom,
    debug,
    device,
    dropout_mask,
    elementwise,
    embedding_cache,
    extra_nn,
    fused_optim,
    inspect,
    linalg,
    llm,
    loss,
    metric,
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
