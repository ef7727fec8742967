"""Kernels of attention and mixture-of-experts operators: flash / prompt / incremental attention, MoE routing and token permutation."""
