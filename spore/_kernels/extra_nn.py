"""Kernels of the nn Primitives of operations/extra_nn_ops.py that are not compositions."""
from __future__ import annotations

import torch

from .registry import kernel_factory


@kernel_factory("NoRepeatNGram")
def _no_repeat_ngram(prim):
    n = prim.ngram_size

    def run(state_seq, log_probs):
        """state_seq (batch, beam, length) int32, log_probs (batch, beam, vocab): every
        token that followed an earlier occurrence of the sequence's last n-1 tokens gets
        the dtype's lowest value."""
        length = state_seq.shape[-1]
        if n > length:
            return log_probs.clone()
        windows = state_seq.unfold(-1, n, 1)  # every n-gram: (batch, beam, length - n + 1, n)
        last = state_seq[..., length - n + 1:]
        repeats = (windows[..., :n - 1] == last.unsqueeze(-2)).all(-1)
        counts = torch.zeros(log_probs.shape, dtype=torch.int32, device=log_probs.device)
        counts.scatter_add_(-1, windows[..., n - 1].long(), repeats.int())
        return log_probs.masked_fill(counts > 0, torch.finfo(log_probs.dtype).min)

    return run
