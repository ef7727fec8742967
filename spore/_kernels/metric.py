"""Kernels of operations/metric_ops.py: EditDistance, ConfusionMatrix, ComputeAccidentalHits."""
from __future__ import annotations

import torch

from .registry import kernel, kernel_factory
from .tensor_data import torch_dtype


def _sequences(indices: torch.Tensor, values: torch.Tensor) -> dict:
    """Leading position -> the values listed there, in their order."""
    sequences: dict[tuple, list] = {}
    for position, value in zip(indices[:, :-1].tolist(), values.tolist()):
        sequences.setdefault(tuple(position), []).append(value)
    return sequences


def _levenshtein(first: list, second: list) -> int:
    previous = list(range(len(second) + 1))
    for i, a in enumerate(first, 1):
        current = [i]
        for j, b in enumerate(second, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a != b)))
        previous = current
    return previous[-1]


@kernel_factory("EditDistance")
def _edit_distance(prim):
    normalize = prim.normalize

    def run(hypothesis_indices, hypothesis_values, hypothesis_shape, truth_indices, truth_values, truth_shape):
        shape = torch.maximum(hypothesis_shape[:-1], truth_shape[:-1]).tolist()
        hypotheses = _sequences(hypothesis_indices, hypothesis_values)
        truths = _sequences(truth_indices, truth_values)
        out = torch.zeros(shape, dtype=torch.float32)
        for position in set(hypotheses) | set(truths):
            hypothesis, truth = hypotheses.get(position, []), truths.get(position, [])
            distance = float(_levenshtein(hypothesis, truth))
            if normalize and distance:
                distance = distance / len(truth) if truth else float("inf")
            out[position] = distance
        return out.to(hypothesis_values.device)

    return run


@kernel_factory("ConfusionMatrix")
def _confusion_matrix(prim):
    classes, dtype = prim.num_classes, torch_dtype(prim.output_dtype)

    def run(labels, predictions, weights=None):
        counts = torch.ones_like(labels, dtype=torch.float64) if weights is None else weights.to(torch.float64)
        out = torch.zeros(classes * classes, dtype=torch.float64, device=labels.device)
        out.index_add_(0, labels.long() * classes + predictions.long(), counts)
        return out.reshape(classes, classes).to(dtype)

    return run


@kernel("ComputeAccidentalHits")
def _compute_accidental_hits(true_classes, sampled_candidates):
    rows, positions, _ = torch.nonzero(true_classes[:, None, :] == sampled_candidates[None, :, None], as_tuple=True)
    weights = torch.full(rows.shape, torch.finfo(torch.float32).min, dtype=torch.float32, device=rows.device)
    return rows.to(torch.int32), positions.to(torch.int64), weights
