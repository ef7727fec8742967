"""CosineSimilarity: the similarity of every pair of rows of a matrix."""
from __future__ import annotations

import numpy as np

from ...ops.validator import check_bool, check_string
from .metric import Metric, rearrange_inputs

__all__ = ["CosineSimilarity"]


class CosineSimilarity(Metric):
    """CosineSimilarity(similarity='cosine', reduction='none', zero_diagonal=True)

    `update(x)` with x of shape (N, D) keeps the (N, N) matrix of the rows' dot products
    ('dot') or cosines ('cosine'). `eval()` returns it with a zero diagonal
    (zero_diagonal), or its row sums ('sum') or row means ('mean').
    """

    def __init__(self, similarity: str = "cosine", reduction: str = "none", zero_diagonal: bool = True):
        super().__init__()
        self.similarity = check_string("CosineSimilarity", "similarity", similarity, ("dot", "cosine"),
                                       case_sensitive=True)
        self.reduction = check_string("CosineSimilarity", "reduction", reduction, ("none", "sum", "mean"),
                                      case_sensitive=True)
        self.zero_diagonal = check_bool("CosineSimilarity", "zero_diagonal", zero_diagonal)
        self.clear()

    def clear(self):
        self.sqr_mtx_res = 0
        self._is_update = False

    @rearrange_inputs
    def update(self, inputs):
        data = self._convert_data(inputs)
        if data.ndim != 2:
            raise ValueError(f"For 'CosineSimilarity.update', the input must be 2-dimensional (N, D), but got "
                             f"shape {data.shape}.")
        if self.similarity == "cosine":
            data = data / np.linalg.norm(data, ord=2, axis=1, keepdims=True)
        self.sqr_mtx_res = data @ data.T
        self._is_update = True

    def eval(self) -> np.ndarray:
        if not self._is_update:
            raise RuntimeError("For 'CosineSimilarity', please call the 'update' method before calling 'eval' "
                               "method.")
        result = np.array(self.sqr_mtx_res)
        if self.zero_diagonal:
            np.fill_diagonal(result, 0)
        if self.reduction == "mean":
            return result.mean(axis=-1)
        if self.reduction == "sum":
            return result.sum(axis=-1)
        return result
