"""BleuScore: BLEU, the n-gram precision of candidate translations against reference
translations, with a brevity penalty."""
from __future__ import annotations

from collections import Counter

import numpy as np

from ...ops.validator import check_bool, check_type
from .metric import Metric, rearrange_inputs

__all__ = ["BleuScore"]


def _ngrams(tokens: list, max_n: int) -> Counter:
    """How often each n-gram (a tuple of tokens, n = 1 .. max_n) occurs in `tokens`."""
    counts = Counter()
    for n in range(1, max_n + 1):
        for start in range(len(tokens) - n + 1):
            counts[tuple(tokens[start:start + n])] += 1
    return counts


class BleuScore(Metric):
    """BleuScore(n_gram=4, smooth=False)

    `update(candidate_corpus, reference_corpus)`: a list of candidates (token lists) and,
    for each, a list of references (token lists); updates accumulate. `eval()` is the
    geometric mean of the clipped 1..n_gram-gram precisions (add-one smoothed with
    `smooth`) times the brevity penalty exp(1 - r / c) when the candidates (c tokens) are
    not longer than the closest-length references (r tokens); 0.0 when some n-gram order
    has no match.
    """

    def __init__(self, n_gram: int = 4, smooth: bool = False):
        super().__init__()
        self.n_gram = check_type("BleuScore", "n_gram", n_gram, int)
        if not 1 <= n_gram <= 4:
            raise ValueError(f"For 'BleuScore', the argument 'n_gram' should range from 1 to 4, but got {n_gram}.")
        self.smooth = check_bool("BleuScore", "smooth", smooth)
        self.clear()

    def clear(self):
        self._numerator = np.zeros(self.n_gram)
        self._denominator = np.zeros(self.n_gram)
        self._candidate_len = 0.0
        self._reference_len = 0.0
        self._is_update = False

    @rearrange_inputs
    def update(self, *inputs):
        if len(inputs) != 2:
            raise ValueError(f"For 'BleuScore.update', it needs 2 inputs (candidate_corpus, reference_corpus), "
                             f"but got {len(inputs)}.")
        candidates, references = inputs
        if len(candidates) != len(references):
            raise ValueError(f"For 'BleuScore.update', the candidate corpus (inputs[0]) and the reference corpus "
                             f"(inputs[1]) should be equal in length, but got {len(candidates)}, {len(references)}.")
        for candidate, refs in zip(candidates, references):
            self._candidate_len += len(candidate)
            self._reference_len += min((len(r) for r in refs), key=lambda n: abs(len(candidate) - n))
            candidate_counts = _ngrams(candidate, self.n_gram)
            reference_counts = Counter()
            for ref in refs:
                reference_counts |= _ngrams(ref, self.n_gram)
            for gram, count in (candidate_counts & reference_counts).items():
                self._numerator[len(gram) - 1] += count
            for gram, count in candidate_counts.items():
                self._denominator[len(gram) - 1] += count
        self._is_update = True

    def eval(self) -> float:
        if not self._is_update:
            raise RuntimeError("For 'BleuScore', please call the 'update' method before calling 'eval' method.")
        if self._numerator.min() == 0.0:
            return 0.0
        if self.smooth:
            precisions = (self._numerator + 1) / (self._denominator + 1)
        else:
            precisions = self._numerator / self._denominator
        geometric_mean = float(np.exp(np.sum(np.log(precisions) / self.n_gram)))
        if self._candidate_len > self._reference_len:
            return geometric_mean
        return float(np.exp(1 - self._reference_len / self._candidate_len)) * geometric_mean
