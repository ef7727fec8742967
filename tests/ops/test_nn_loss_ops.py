"""The losses of `ops` composed of other primitives (loss_func.py): forward against NumPy
float64 references and MindSpore 2.7.1's printed values, and bad input."""
import math

import numpy as np

import spore as ms
from spore import ops

from .op_testing import ErrorCase, OpCase, rand, run_case, run_error_case

F32, F64 = np.float32, np.float64
_REDUCE = {"none": lambda v: v, "mean": np.mean, "sum": np.sum}


def _gaussian_nll(full, eps, reduction):
    def reference(x, target, var):
        if var.ndim == x.ndim - 1:
            var = var[..., None]
        var = np.maximum(var, eps)
        loss = 0.5 * (np.log(var) + (x - target) ** 2 / var) + (0.5 * math.log(2 * math.pi) if full else 0)
        return np.asarray(_REDUCE[reduction](loss), x.dtype)
    return reference


def _hinge(margin, reduction):
    def reference(x, y):
        loss = np.where(y == 1, x, 0) + np.where(y == -1, np.maximum(margin - x, 0), 0)
        return np.asarray(_REDUCE[reduction](loss), x.dtype)
    return reference


def _soft_margin(reduction):
    return lambda x, y: np.asarray(_REDUCE[reduction](np.log1p(np.exp(-y * x))), x.dtype)


def _multi_margin(p, margin, reduction):
    def reference(x, y, weight=None):
        n, c = x.shape
        loss = np.zeros(n)
        for i in range(n):
            for j in range(c):
                if j != y[i]:
                    loss[i] += max(0.0, margin - x[i, y[i]] + x[i, j]) ** p
            loss[i] /= c
            if weight is not None:
                loss[i] *= weight[y[i]]
        return np.asarray(_REDUCE[reduction](loss), x.dtype)
    return reference


def _multilabel_margin(reduction):
    def reference(x, y):
        rows, labels = np.atleast_2d(x), np.atleast_2d(y)
        loss = np.zeros(len(rows))
        for n, (row, label) in enumerate(zip(rows, labels)):
            listed = []
            for k in label:
                if k < 0:
                    break
                listed.append(k)
            others = [i for i in range(len(row)) if i not in listed]
            loss[n] = sum(max(0.0, 1 - (row[j] - row[i])) for j in listed for i in others) / len(row)
        loss = loss if x.ndim == 2 else loss[0]
        return np.asarray(_REDUCE[reduction](loss), x.dtype)
    return reference


def _multilabel_soft_margin(reduction):
    def reference(x, y, weight=None):
        loss = -(y * -np.logaddexp(0, -x) + (1 - y) * -np.logaddexp(0, x))
        if weight is not None:
            loss = loss * weight
        return np.asarray(_REDUCE[reduction](loss.mean(-1)), x.dtype)
    return reference


def _ctc_nll(log_probs, targets, input_lengths, target_lengths, blank):
    """-log p(labels) per sample by the forward recursion in float64 (probabilities, no logs)."""
    probs = np.exp(log_probs.astype(F64))
    losses = []
    for n in range(probs.shape[1]):
        labels = list(targets[n, :target_lengths[n]])
        ext = [blank]
        for label in labels:
            ext += [label, blank]
        alpha = np.zeros(len(ext))
        alpha[0] = probs[0, n, ext[0]]
        if len(ext) > 1:
            alpha[1] = probs[0, n, ext[1]]
        for t in range(1, input_lengths[n]):
            new = np.zeros_like(alpha)
            for s in range(len(ext)):
                total = alpha[s] + (alpha[s - 1] if s >= 1 else 0)
                if s >= 2 and ext[s] != blank and ext[s] != ext[s - 2]:
                    total += alpha[s - 2]
                new[s] = total * probs[t, n, ext[s]]
            alpha = new
        likelihood = alpha[-1] + (alpha[-2] if len(ext) > 1 else 0)
        losses.append(-np.log(likelihood) if likelihood > 0 else np.inf)
    return np.array(losses)


def _ctc(blank, reduction):
    def reference(log_probs, targets, input_lengths, target_lengths):
        nll = _ctc_nll(log_probs, targets, input_lengths, target_lengths, blank)
        if reduction == "mean":
            nll = (nll / np.maximum(target_lengths, 1)).mean()
        elif reduction == "sum":
            nll = nll.sum()
        return np.asarray(nll, log_probs.dtype)
    return reference


def _log_probs(steps, batch, classes, dtype=F32):
    logits = rand(steps, batch, classes, dtype=F64, low=-2, high=2)
    return (logits - np.log(np.exp(logits).sum(-1, keepdims=True))).astype(dtype)


_X, _Y = rand(3, 4), np.where(rand(3, 4) > 0, 1.0, -1.0).astype(F32)
_VAR = rand(3, 4, low=0.1, high=2.0)
_SCORES, _CLASSES = rand(4, 5), np.array([2, 0, 4, 1], np.int64)
_MULTI = np.array([[3, 0, -1, 1, 2], [1, 2, 3, 4, 0], [-1, 0, 1, 2, 3], [4, -1, 0, 0, 0]], np.int32)
_TARGETS = np.array([[1, 2, 2], [3, 1, 0], [2, 0, 0]], np.int32)
_INPUT_LENGTHS, _TARGET_LENGTHS = np.array([6, 5, 3], np.int32), np.array([3, 2, 0], np.int32)

CASES = []
for _reduction in ("none", "mean", "sum"):
    CASES += [
        OpCase(lambda x, y, v, r=_reduction: ops.gaussian_nll_loss(x, y, v, reduction=r), (_X, rand(3, 4), _VAR),
               _gaussian_nll(False, 1e-6, _reduction)),
        OpCase(lambda x, y, r=_reduction: ops.hinge_embedding_loss(x, y, 0.5, r), (_X, _Y), _hinge(0.5, _reduction)),
        OpCase(lambda x, y, r=_reduction: ops.soft_margin_loss(x, y, r), (_X, _Y), _soft_margin(_reduction)),
        OpCase(lambda x, y, r=_reduction: ops.mse_loss_ext(x, y, r), (_X, rand(4)),
               lambda x, y, r=_reduction: np.asarray(_REDUCE[r]((x - y) ** 2), F32)),
        OpCase(lambda x, y, r=_reduction: ops.multi_margin_loss(x, y, reduction=r), (_SCORES, _CLASSES),
               _multi_margin(1, 1, _reduction)),
        OpCase(lambda x, y, r=_reduction: ops.multilabel_margin_loss(x, y, r), (rand(4, 5), _MULTI),
               _multilabel_margin(_reduction)),
        OpCase(lambda x, y, r=_reduction: ops.multilabel_soft_margin_loss(x, y, reduction=r), (_X, (_Y > 0) * 1.0),
               _multilabel_soft_margin(_reduction)),
        OpCase(lambda *a, r=_reduction: ops.ctc_loss(*a, reduction=r)[0],
               (_log_probs(6, 3, 4), _TARGETS, _INPUT_LENGTHS, _TARGET_LENGTHS), _ctc(0, _reduction), rtol=1e-5),
    ]
CASES += [
    OpCase(lambda x, y, v: ops.gaussian_nll_loss(x, y, v, True, 0.5, "none"), (_X, rand(3, 4), rand(3, 4)),
           _gaussian_nll(True, 0.5, "none")),
    OpCase(lambda x, y, v: ops.gaussian_nll_loss(x, y, v, reduction="none"), (_X, rand(3, 4), _VAR[:, 0]),
           _gaussian_nll(False, 1e-6, "none")),
    OpCase(lambda x, y, v: ops.gaussian_nll_loss(x, y, v, reduction="sum"), (_X, rand(3, 4), _VAR[:, :1]),
           _gaussian_nll(False, 1e-6, "sum")),
    OpCase(lambda x, y: ops.hinge_embedding_loss(x, y, 2, "none"), (_X, _Y[0]), _hinge(2, "none")),
    OpCase(lambda x, y, w: ops.multi_margin_loss(x, y, 2, 2, w, "none"), (_SCORES, _CLASSES, rand(5, low=0.5)),
           _multi_margin(2, 2, "none")),
    OpCase(lambda x, y: ops.multi_margin_loss(x, y), (_SCORES.astype(F64), _CLASSES), _multi_margin(1, 1, "mean")),
    OpCase(lambda x, y: ops.multilabel_margin_loss(x, y, "none"), (rand(5), _MULTI[0]), _multilabel_margin("none")),
    OpCase(lambda x, y, w: ops.multilabel_soft_margin_loss(x, y, w, "sum"), (_X, (_Y > 0) * 1.0, rand(4)),
           _multilabel_soft_margin("sum")),
    OpCase(lambda x, y: ops.multilabel_soft_margin_loss(x, y, reduction="none"), (rand(2, 3, 4), rand(2, 3, 4)),
           _multilabel_soft_margin("none")),
    OpCase(lambda *a: ops.ctc_loss(*a, blank=3, reduction="none")[0],
           (_log_probs(6, 3, 4, F64), _TARGETS - 1 + (_TARGETS == 0) * 3, _INPUT_LENGTHS, _TARGET_LENGTHS),
           _ctc(3, "none"), rtol=1e-10),
    # Labels that need more steps than the input has: an infinite loss, or 0 with zero_infinity.
    OpCase(lambda *a: ops.ctc_loss(*a, reduction="none")[0],
           (_log_probs(3, 1, 3), np.array([[1, 1, 1]], np.int64), np.array([3], np.int64), np.array([3], np.int64)),
           lambda *a: np.array([np.inf], F32)),
    OpCase(lambda *a: ops.ctc_loss(*a, reduction="none", zero_infinity=True)[0],
           (_log_probs(3, 1, 3), np.array([[1, 1, 1]], np.int64), np.array([3], np.int64), np.array([3], np.int64)),
           lambda *a: np.array([0.0], F32)),
]



def _greedy_decode(merge_repeated):
    def reference(inputs, lengths):
        best, blank = inputs.argmax(-1), inputs.shape[2] - 1
        indices, values, longest = [], [], 0
        for n, length in enumerate(lengths):
            previous, position = blank, 0
            for t in range(length):
                label = best[t, n]
                if label != blank and not (merge_repeated and label == previous):
                    indices.append((n, position))
                    values.append(label)
                    position += 1
                previous = label
            longest = max(longest, position)
        scores = -np.array([[inputs[:length, n].max(-1).sum()] for n, length in enumerate(lengths)])
        return (np.array(indices, np.int64).reshape(-1, 2), np.array(values, np.int64),
                np.array([inputs.shape[1], longest], np.int64), scores.astype(inputs.dtype))
    return reference


_LOGITS = rand(6, 4, 3)
_LOGITS[1:3, 0] = _LOGITS[0, 0]                 # a repeated label, merged or not
_LENGTHS = np.array([6, 4, 0, 3], np.int32)
for _merge in (True, False):
    CASES += [
        OpCase(ops.CTCGreedyDecoder(_merge), (_LOGITS, _LENGTHS), _greedy_decode(_merge)),
        OpCase(lambda x, n, m=_merge: ops.ctc_greedy_decoder(x, n, m), (_LOGITS.astype(F64), _LENGTHS),
               _greedy_decode(_merge), prim="CTCGreedyDecoder"),
    ]
CASES.append(OpCase(ops.ctc_greedy_decoder,            # MindSpore 2.7.1's values
                    (np.array([[[0.6, 0.4, 0.2], [0.1, -0.5, 0.3]], [[0.6, 0.9, 0.2], [0.8, -0.5, 0.3]],
                               [[0.6, 0.4, 1.2], [0.1, 0.5, 0.3]]], F32), np.array([3, 2], np.int32)),
                    lambda x, n: (np.array([[0, 0], [0, 1], [1, 0]]), np.array([0, 1, 0]), np.array([2, 2]),
                                  np.array([[-2.7], [-1.1]], F32)), check_dtype=False))


def test_loss_cases():
    for case in CASES:
        run_case(case)


def test_ctc_log_alpha_holds_the_forward_variables():
    """log_alpha of one sample against the recursion by hand, -inf where unreachable."""
    log_probs = np.log(np.array([[[0.2, 0.5, 0.3]], [[0.6, 0.1, 0.3]], [[0.1, 0.1, 0.8]]], F32))
    lengths = ms.Tensor(np.array([3], np.int32)), ms.Tensor(np.array([2], np.int32))
    loss, log_alpha = ops.ctc_loss(ms.Tensor(log_probs), ms.Tensor(np.array([[1, 2]], np.int32)), *lengths,
                                   reduction="none")
    p = np.exp(log_probs[:, 0])
    alpha0 = [p[0, 0], p[0, 1], 0, 0, 0]
    alpha1 = [alpha0[0] * p[1, 0], (alpha0[0] + alpha0[1]) * p[1, 1], alpha0[1] * p[1, 0],
              alpha0[1] * p[1, 2], 0]
    with np.errstate(divide="ignore"):
        np.testing.assert_allclose(log_alpha.asnumpy()[0, :2], np.log([alpha0, alpha1]), rtol=1e-5)
    assert log_alpha.shape == (1, 3, 5)
    np.testing.assert_allclose(loss.asnumpy(), _ctc_nll(log_probs, np.array([[1, 2]]), [3], [2], 0), rtol=1e-5)


_INT = np.array([1, 2], np.int32)
ERROR_CASES = [
    ErrorCase(ops.gaussian_nll_loss, ([1.0], _X, _VAR), TypeError, "For 'gaussian_nll_loss', the 'x' must be a Tensor"),
    ErrorCase(lambda x, y, v: ops.gaussian_nll_loss(x, y, v, 1), (_X, _X, _VAR), TypeError,
              "For 'gaussian_nll_loss', the 'full'"),
    ErrorCase(lambda x, y, v: ops.gaussian_nll_loss(x, y, v, False, 1), (_X, _X, _VAR), ValueError,
              "For 'gaussian_nll_loss', 'eps' must be a positive float"),
    ErrorCase(lambda x, y, v: ops.gaussian_nll_loss(x, y, v, reduction="avg"), (_X, _X, _VAR), ValueError,
              "For 'gaussian_nll_loss', the 'reduction'"),
    ErrorCase(ops.hinge_embedding_loss, (_INT, _INT), TypeError, "For 'hinge_embedding_loss', the dtype of 'inputs'"),
    ErrorCase(lambda x, y: ops.hinge_embedding_loss(x, y, "a"), (_X, _Y), TypeError,
              "For 'hinge_embedding_loss', 'margin' must be a float or int"),
    ErrorCase(lambda x, y: ops.hinge_embedding_loss(x, y, reduction="x"), (_X, _Y), ValueError, "'reduction'"),
    ErrorCase(ops.soft_margin_loss, (_X, _Y[0]), ValueError, "For 'soft_margin_loss', the shape of 'target'"),
    ErrorCase(lambda x, y: ops.soft_margin_loss(x, y, "x"), (_X, _Y), ValueError, "'reduction'"),
    ErrorCase(ops.mse_loss_ext, (_X, _Y.astype(F64)), TypeError, "For 'mse_loss_ext', the dtype of 'target'"),
    ErrorCase(ops.mse_loss_ext, (_X, [1.0]), TypeError, "For 'mse_loss_ext', the 'target' must be a Tensor"),
    ErrorCase(lambda x, y: ops.multi_margin_loss(x, y, 3), (_SCORES, _CLASSES), ValueError,
              "For 'multi_margin_loss', the 'p' must be 1 or 2"),
    ErrorCase(lambda x, y: ops.multi_margin_loss(x, y, 1, 0.5), (_SCORES, _CLASSES), TypeError,
              "For 'multi_margin_loss', the type of 'margin' must be int"),
    ErrorCase(ops.multi_margin_loss, (_SCORES, _CLASSES.astype(np.int32)), TypeError,
              "For 'multi_margin_loss', the dtype of 'target'"),
    ErrorCase(ops.multi_margin_loss, (_SCORES[0], _CLASSES), ValueError, "For 'multi_margin_loss', the ranks"),
    ErrorCase(ops.multi_margin_loss, (_SCORES, _CLASSES[:3]), ValueError, "For 'multi_margin_loss', the size of"),
    ErrorCase(lambda x, y: ops.multi_margin_loss(x, y, weight=ms.Tensor(np.ones(3, F32))), (_SCORES, _CLASSES),
              ValueError, "For 'multi_margin_loss', the shape of 'weight'"),
    ErrorCase(ops.multilabel_margin_loss, (rand(4, 5), _MULTI.astype(np.int64)), TypeError,
              "For 'multilabel_margin_loss', the dtype of 'target'"),
    ErrorCase(ops.multilabel_margin_loss, (rand(4, 5), _MULTI[:1]), ValueError,
              "For 'multilabel_margin_loss', the shape of 'target'"),
    ErrorCase(lambda x, y: ops.multilabel_margin_loss(x, y, "x"), (rand(4, 5), _MULTI), ValueError, "'reduction'"),
    ErrorCase(ops.multilabel_soft_margin_loss, ([1.0], _Y), TypeError,
              "For 'multilabel_soft_margin_loss', the 'input' must be a Tensor"),
    ErrorCase(lambda x, y: ops.multilabel_soft_margin_loss(x, y, reduction="x"), (_X, _Y), ValueError,
              "For 'multilabel_soft_margin_loss', the 'reduction'"),
    ErrorCase(ops.ctc_loss, (_log_probs(6, 3, 4)[:, 0], _TARGETS, _INPUT_LENGTHS, _TARGET_LENGTHS), ValueError,
              "For 'ctc_loss', the 'log_probs' must be 3-D"),
    ErrorCase(lambda *a: ops.ctc_loss(*a, blank=7), (_log_probs(6, 3, 4), _TARGETS, _INPUT_LENGTHS, _TARGET_LENGTHS),
              ValueError, r"For 'ctc_loss', the 'blank' must be in \[0, 4\)"),
    ErrorCase(lambda *a: ops.ctc_loss(*a, reduction="x"), (_log_probs(6, 3, 4), _TARGETS, _INPUT_LENGTHS,
                                                            _TARGET_LENGTHS), ValueError, "'reduction'"),
    ErrorCase(ops.ctc_loss, (_log_probs(6, 3, 4).astype(np.float16), _TARGETS, _INPUT_LENGTHS, _TARGET_LENGTHS),
              TypeError, "For 'ctc_loss', the dtype of 'log_probs'"),
    ErrorCase(ops.ctc_loss, (_log_probs(6, 3, 4), _TARGETS.astype(F32), _INPUT_LENGTHS, _TARGET_LENGTHS),
              TypeError, "For 'ctc_loss', the dtype of 'targets'"),
    ErrorCase(ops.ctc_loss, (_log_probs(6, 3, 4), _TARGETS, _INPUT_LENGTHS[:2], _TARGET_LENGTHS),
              ValueError, "For 'ctc_loss', the shape of 'input_lengths'"),
    ErrorCase(ops.ctc_loss, ([0.0], _TARGETS, _INPUT_LENGTHS, _TARGET_LENGTHS),
              TypeError, "For 'ctc_loss', the 'log_probs' must be a Tensor"),
    ErrorCase(ops.CTCGreedyDecoder(), (_LOGITS, np.array([7, 1, 1, 1], np.int32)), ValueError,
              r"For 'CTCGreedyDecoder', sequence_length\[0\] must be in \[0, 6\]"),
    ErrorCase(ops.CTCGreedyDecoder(), (_LOGITS, _LENGTHS.astype(np.int64)), TypeError,
              "For 'CTCGreedyDecoder', the dtype of 'sequence_length'"),
    ErrorCase(ops.CTCGreedyDecoder(), (_LOGITS.astype(np.float16), _LENGTHS), TypeError,
              "For 'CTCGreedyDecoder', the dtype of 'inputs'"),
    ErrorCase(ops.CTCGreedyDecoder(), (_LOGITS[0], _LENGTHS), ValueError, "For 'CTCGreedyDecoder'"),
    ErrorCase(ops.CTCGreedyDecoder(), (_LOGITS, _LENGTHS[:3]), ValueError,
              "For 'CTCGreedyDecoder', the shape of 'sequence_length'"),
    ErrorCase(lambda: ops.CTCGreedyDecoder(1), (), TypeError, "For 'CTCGreedyDecoder', the 'merge_repeated'",
              prim="CTCGreedyDecoder"),
    ErrorCase(lambda x, n: ops.ctc_greedy_decoder(x, n, 1), (_LOGITS, _LENGTHS), TypeError,
              "For 'ctc_greedy_decoder', the 'merge_repeated'"),
]


def test_loss_errors():
    for case in ERROR_CASES:
        run_error_case(case)
