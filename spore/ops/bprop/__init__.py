"""One bprop per differentiable primitive, written with spore ops (see registry.py).

Each module covers the primitives of one operations module; importing this package
fills the table."""
from . import (  # fills the bprop table
    array_bprop,
    attention_bprop,
    box_bprop,
    comm_bprop,
    conv_bprop,
    custom_bprop,
    debug_bprop,
    dropout_mask_bprop,
    embedding_cache_bprop,
    extra_nn_bprop,
    fused_optim_bprop,
    inspect_bprop,
    linalg_bprop,
    llm_bprop,
    loss_bprop,
    math_bprop,
    metric_bprop,
    nn_bprop,
    optim_bprop,
    other_bprop,
    random_bprop,
    reduce_bprop,
    scatter_bprop,
    selection_bprop,
    signal_bprop,
    sparse_dense_bprop,
    special_bprop,
    vision_bprop,
)
from .registry import BPROPS, NON_DIFFERENTIABLE, bprop, non_differentiable
