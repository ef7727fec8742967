"""Matrix products through oneDNN's inner-product primitive (`mkldnn::_linear_pointwise`,
the op torch's inductor lowers CPU linear layers to), for the graph compiler.

On this machine's CPU (AMD Zen 4, one thread) oneDNN computes the products of a
Transformer's linear layers whose rows are the tokens, `x @ w.T` forward and `dy @ w` for
the input gradient, 10-20% faster than MKL's sgemm behind torch.mm / addmm (~105 against
~90 GFLOPS at (2048, 256) x (256, 1024)), and can apply a ReLU to its output in the same
pass. Weight gradients (sums over the tokens) are no faster, and a call costs ~12 us
more, so only large float32 products are worth sending. Its sums come in another order
than MKL's: results differ from torch.mm's in the last bits.
"""
from __future__ import annotations

import torch

try:
    _LINEAR = torch.ops.mkldnn._linear_pointwise if torch.backends.mkldnn.is_available() else None
except (AttributeError, RuntimeError):     # a torch built without oneDNN
    _LINEAR = None

# Multiply-adds below which MKL's lower call cost wins (measured: 128 x 512 x 512 is
# already 10% faster in oneDNN, 32 x 400 x 120 is 15% slower).
MIN_MULTIPLY_ADDS = 1 << 23


def available() -> bool:
    return _LINEAR is not None


def linear(x, w, b=None):
    """x (..., K) @ w.T (w (N, K)) + b (N,)."""
    return _LINEAR(x, w, b, "none", [], "")


def linear_relu(x, w, b=None):
    """relu(x @ w.T + b), the ReLU applied by the product's own pass over its output."""
    return _LINEAR(x, w, b, "relu", [], "")


def matmul(a, b):
    """a (..., K) @ b (K, N)."""
    return _LINEAR(a, b.t(), None, "none", [], "")
