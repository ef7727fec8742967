"""The loss primitives (operations/loss_ops.py): forward against NumPy float64 references
(the CTC and transducer losses by enumerating every alignment, their gradient outputs by
occupancies or central differences), MindSpore 2.7.1's printed values, and bad input."""
import itertools
import math

import numpy as np
import pytest

from spore import Tensor, ops

from .op_testing import ErrorCase, OpCase, rand, run_case, run_error_case

F16, F32, F64 = np.float16, np.float32, np.float64
I32, I64 = np.int32, np.int64
_REDUCE = {"none": lambda v: v, "mean": np.mean, "sum": np.sum}


def _soft_margin(reduction):
    def reference(x, y):
        loss = np.log1p(np.exp(-y.astype(F64) * x))
        return np.asarray(_REDUCE[reduction](loss), x.dtype)
    return reference


def _sigmoid_cross_entropy(x, z):
    x64 = x.astype(F64)
    return (np.maximum(x64, 0) - x64 * z + np.log1p(np.exp(-np.abs(x64)))).astype(x.dtype)


def _multi_margin(p, margin, reduction):
    def reference(x, y, weight=None):
        n, c = x.shape
        loss = np.zeros(n)
        for i in range(n):
            for j in range(c):
                if j != y[i]:
                    loss[i] += max(0.0, margin - float(x[i, y[i]]) + float(x[i, j])) ** p
            loss[i] *= (1.0 if weight is None else float(weight[y[i]])) / c
        return np.asarray(_REDUCE[reduction](loss), x.dtype)
    return reference


def _listed(labels) -> list:
    """The classes a target row lists: those before its first -1."""
    listed = []
    for k in labels:
        if k < 0:
            break
        listed.append(int(k))
    return listed


def _multilabel_margin(reduction):
    def reference(x, y):
        rows, labels = np.atleast_2d(x).astype(F64), np.atleast_2d(y)
        loss, is_target = np.zeros(len(rows)), np.zeros(labels.shape, I32)
        for n, (row, label) in enumerate(zip(rows, labels)):
            listed = _listed(label)
            is_target[n, listed] = 1
            others = [i for i in range(len(row)) if i not in listed]
            loss[n] = sum(max(0.0, 1 - (row[j] - row[i])) for j in listed for i in others) / len(row)
        if x.ndim == 1:
            loss, is_target = loss[0], is_target[0]
        return np.asarray(_REDUCE[reduction](loss), x.dtype), is_target
    return reference


# ---- CTC by enumerating every alignment ----------------------------------------------------
def _collapse(path, blank: int, merge_repeated: bool = True) -> list:
    labels, previous = [], None
    for c in path:
        if c != blank and not (merge_repeated and c == previous):
            labels.append(c)
        previous = c
    return labels


def _alignments(probs, labels, blank, merge_repeated=True):
    """(P(labels), occupancy[t, c] = the expected count of class c at step t among the
    alignments) for one sample's probabilities (T, C)."""
    steps, classes = probs.shape
    total, occupancy = 0.0, np.zeros((steps, classes))
    for path in itertools.product(range(classes), repeat=steps):
        if _collapse(path, blank, merge_repeated) == list(labels):
            p = np.prod([probs[t, c] for t, c in enumerate(path)])
            total += p
            occupancy[np.arange(steps), list(path)] += p
    return total, occupancy / total if total > 0 else occupancy


def _ctc_v2(blank, zero_infinity=False):
    """neg_log_likelihood and log_alpha of log_probs (T, N, C) against padded targets; log
    alpha by its definition: the log probability of the prefixes of the alignments that
    reach state s at step t."""
    def reference(log_probs, targets, input_lengths, target_lengths):
        steps, batch, _ = log_probs.shape
        probs = np.exp(log_probs.astype(F64))
        states = 2 * targets.shape[1] + 1
        nll, log_alpha = np.zeros(batch), np.full((batch, steps, states), -np.inf)
        for n in range(batch):
            labels = list(targets[n, :target_lengths[n]])
            total, _ = _alignments(probs[:input_lengths[n], n], labels, blank)
            nll[n] = -math.log(total) if total > 0 else (0.0 if zero_infinity else math.inf)
            extended = [blank] + [v for label in labels for v in (label, blank)]
            alpha = np.zeros(len(extended))
            alpha[:2] = probs[0, n, extended[:2]]
            for t in range(input_lengths[n]):
                if t:
                    stay, advance = alpha, np.concatenate(([0], alpha[:-1]))
                    skip = np.concatenate(([0, 0], alpha[:-2]))[:len(alpha)]
                    skippable = [s >= 2 and extended[s] != blank and extended[s] != extended[s - 2]
                                 for s in range(len(extended))]
                    alpha = (stay + advance + np.where(skippable, skip, 0)) * probs[t, n, extended]
                with np.errstate(divide="ignore"):
                    log_alpha[n, t, :len(extended)] = np.log(alpha)
        return nll.astype(log_probs.dtype), log_alpha.astype(log_probs.dtype)
    return reference


def _ctc_v2_grad(blank):
    """-grad_out[n] times the occupancy of each class at each step (0 past the sample's
    steps)."""
    def reference(grad_out, log_probs, targets, input_lengths, target_lengths, nll, log_alpha):
        probs = np.exp(log_probs.astype(F64))
        grad = np.zeros(log_probs.shape)
        for n in range(log_probs.shape[1]):
            steps, labels = input_lengths[n], list(targets[n, :target_lengths[n]])
            grad[:steps, n] = -grad_out[n] * _alignments(probs[:steps, n], labels, blank)[1]
        return grad.astype(log_probs.dtype)
    return reference


def _softmax(x):
    e = np.exp(x.astype(F64) - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def _ctc_tf(collapse_repeated=False, merge_repeated=True, ignore_longer=False):
    """TensorFlow's CTC loss of logits (T, N, C), blank C - 1, sparse labels: the loss and
    its gradient for the logits, softmax - occupancy."""
    def reference(x, indices, values, lengths):
        steps, batch, classes = x.shape
        probs, blank = _softmax(x), classes - 1
        loss, grad = np.zeros(batch), np.zeros(x.shape)
        for n in range(batch):
            labels = [int(v) for (sample, _), v in zip(indices, values) if sample == n]
            if collapse_repeated:
                labels = [v for i, v in enumerate(labels) if i == 0 or v != labels[i - 1]]
            if ignore_longer and len(labels) > lengths[n]:
                continue
            total, occupancy = _alignments(probs[:lengths[n], n], labels, blank, merge_repeated)
            loss[n] = -math.log(total) if total > 0 else math.inf
            if total > 0:
                grad[:lengths[n], n] = probs[:lengths[n], n] - occupancy
        return loss.astype(x.dtype), grad.astype(x.dtype)
    return reference


def _transducer_costs(acts, labels, input_lengths, label_lengths, blank=0):
    """-log p(labels) of each sample, summing over every order of its blank (t + 1) and
    label (u + 1) moves, then the final blank."""
    log_probs = acts.astype(F64) - np.log(np.exp(acts.astype(F64)).sum(-1, keepdims=True))
    costs = []
    for b, (steps, count) in enumerate(zip(input_lengths, label_lengths)):
        total = 0.0
        for order in set(itertools.permutations("b" * (steps - 1) + "l" * count)):
            t = u = 0
            log_p = 0.0
            for move in order:
                log_p += log_probs[b, t, u, blank if move == "b" else labels[b, u]]
                t, u = (t + 1, u) if move == "b" else (t, u + 1)
            total += math.exp(log_p + log_probs[b, t, u, blank])
        costs.append(-math.log(total))
    return np.array(costs)


def _rnnt(blank=0):
    """The costs, and their gradient for acts by central differences in float64."""
    def reference(acts, labels, input_lengths, label_lengths):
        costs = _transducer_costs(acts, labels, input_lengths, label_lengths, blank)
        grads, step = np.zeros(acts.shape), 1e-6
        for index in np.ndindex(acts.shape):
            shifted = [acts.astype(F64).copy() for _ in range(2)]
            shifted[0][index] += step
            shifted[1][index] -= step
            ahead, behind = (_transducer_costs(a, labels, input_lengths, label_lengths, blank) for a in shifted)
            grads[index] = (ahead - behind)[index[0]] / (2 * step)
        return costs.astype(acts.dtype), grads.astype(acts.dtype)
    return reference


def _log_probs(steps, batch, classes, dtype=F32):
    logits = rand(steps, batch, classes, dtype=F64, low=-2, high=2)
    return (logits - np.log(np.exp(logits).sum(-1, keepdims=True))).astype(dtype)


_X, _Y = rand(3, 4), np.where(rand(3, 4) > 0, 1.0, -1.0).astype(F32)
_SCORES, _CLASSES = rand(4, 5), np.array([2, 0, 4, 1], I64)
_MULTI = np.array([[3, 0, -1, 1, 2], [1, 2, 3, 4, 0], [-1, 0, 1, 2, 3], [4, 4, 0, -1, 1]], I32)
_LP = _log_probs(4, 3, 3)
_TARGETS, _INPUT_LENGTHS, _TARGET_LENGTHS = (np.array([[1, 2], [1, 1], [2, 0]], I32), np.array([4, 3, 2], I32),
                                             np.array([2, 2, 0], I32))
_LOGITS = rand(4, 3, 3, low=-2, high=2)
_INDICES = np.array([[0, 0], [0, 1], [1, 0], [1, 1], [2, 0]], I64)
_VALUES, _SEQ = np.array([0, 1, 1, 1, 0], I32), np.array([4, 3, 2], I32)

_ACTS = rand(2, 3, 3, 4, dtype=F64, low=-2, high=2)
_RNNT_LABELS, _RNNT_STEPS, _RNNT_COUNTS = np.array([[1, 2], [3, 0]], I32), np.array([3, 2], I32), np.array([2, 1], I32)

CASES = []
for _reduction in ("none", "mean", "sum"):
    CASES += [
        OpCase(ops.SoftMarginLoss(_reduction), (_X, _Y), _soft_margin(_reduction)),
        OpCase(ops.MultiMarginLoss(1, 1.0, _reduction), (_SCORES, _CLASSES), _multi_margin(1, 1.0, _reduction)),
        OpCase(ops.MultiMarginLoss(2, 0.5, _reduction), (_SCORES, _CLASSES, rand(5, low=0.5, high=2)),
               _multi_margin(2, 0.5, _reduction)),
        OpCase(ops.MultilabelMarginLoss(_reduction), (rand(4, 5), _MULTI), _multilabel_margin(_reduction)),
        OpCase(ops.MultilabelMarginLoss(_reduction), (rand(5), _MULTI[3]), _multilabel_margin(_reduction)),
    ]
CASES += [
    OpCase(ops.SoftMarginLoss(), (_X.astype(F64), _Y.astype(F64)), _soft_margin("mean")),
    OpCase(ops.SoftMarginLoss("none"), (_X.astype(F16), _Y.astype(F16)), _soft_margin("none"), rtol=2e-3, atol=1e-3),
    OpCase(ops.SigmoidCrossEntropyWithLogits(), (_X, rand(3, 4, low=0, high=1)), _sigmoid_cross_entropy),
    OpCase(ops.SigmoidCrossEntropyWithLogits(), (rand(2, 3, 4, dtype=F64, low=-5, high=5),
                                                 rand(2, 3, 4, dtype=F64, low=0, high=1)), _sigmoid_cross_entropy),
    OpCase(ops.SigmoidCrossEntropyWithLogits(), (_X.astype(F16), _Y.astype(F16)), _sigmoid_cross_entropy,
           rtol=2e-3, atol=1e-3),
    OpCase(ops.SigmoidCrossEntropyWithLogits(),           # MindSpore 2.7.1's documentation example
           (np.array([[-0.8, 1.2, 0.7], [-0.1, -0.4, 0.7]], F32), np.array([[0.3, 0.8, 1.2], [-0.6, 0.1, 2.2]], F32)),
           lambda x, z: np.array([[0.6111007, 0.5032824, 0.26318604], [0.58439666, 0.5530153, -0.4368139]], F32)),
    OpCase(ops.MultiMarginLoss(), (_SCORES.astype(F64), _CLASSES, rand(5, dtype=F64)), _multi_margin(1, 1.0, "mean")),
    OpCase(ops.MultiMarginLoss(), (_SCORES.astype(F16), _CLASSES), _multi_margin(1, 1.0, "mean"), rtol=2e-3,
           atol=1e-3),
    OpCase(ops.MultiMarginLoss(2, 0.5, "none"),            # MindSpore 2.7.1's values
           (np.array([[0.3, -0.7, 1.2, 0.1], [0.5, 0.5, -2.0, 0.9], [0.1, 0.2, 0.3, 0.4]], F32),
            np.array([2, 0, 3], I64), np.array([1.0, 2, 0.5, 1.5], F32)),
           lambda *a: np.array([0.0, 0.265, 0.10875], F32)),
    OpCase(ops.MultilabelMarginLoss(), (rand(4, 5, dtype=F64), _MULTI), _multilabel_margin("mean")),
    OpCase(ops.CTCLossV2(), (_LP, _TARGETS, _INPUT_LENGTHS, _TARGET_LENGTHS), _ctc_v2(0), rtol=1e-5),
    OpCase(ops.CTCLossV2(2), (_LP.astype(F64), _TARGETS.astype(I64) - 1, _INPUT_LENGTHS.astype(I64),
                              _TARGET_LENGTHS.astype(I64)), _ctc_v2(2), rtol=1e-10),
    # targets wider than the longest target: log_alpha still has 2S + 1 states
    OpCase(ops.CTCLossV2(), (_LP, np.pad(_TARGETS, ((0, 0), (0, 2))), _INPUT_LENGTHS, _TARGET_LENGTHS), _ctc_v2(0)),
    OpCase(ops.CTCLossV2(),                                # MindSpore 2.7.1's documentation example
           (np.array([[[0.3, 0.6, 0.6]], [[0.9, 0.4, 0.2]]], F32), np.array([[0, 1]], I32), np.array([2], I32),
            np.array([1], I32)),
           lambda *a: (np.array([-2.2986124], F32), np.array([[[0.3, 0.3, -np.inf, -np.inf, -np.inf],
                                                               [1.2, 1.8931472, 1.2, -np.inf, -np.inf]]], F32))),
    # 'aa' needs three steps (a, blank, a): an infinite loss, or 0 with zero_infinity
    OpCase(ops.CTCLossV2(), (_LP[:2], _TARGETS, np.array([2, 2, 2], I32), _TARGET_LENGTHS), _ctc_v2(0)),
    OpCase(ops.CTCLossV2(zero_infinity=True), (_LP[:2], _TARGETS, np.array([2, 2, 2], I32), _TARGET_LENGTHS),
           _ctc_v2(0, True)),
    OpCase(ops.CTCLossV2Grad(), (rand(3), _LP, _TARGETS, _INPUT_LENGTHS, _TARGET_LENGTHS,
                                 *_ctc_v2(0)(_LP, _TARGETS, _INPUT_LENGTHS, _TARGET_LENGTHS)), _ctc_v2_grad(0)),
    OpCase(ops.CTCLossV2Grad(), (rand(3), _LP, np.pad(_TARGETS, ((0, 0), (0, 1))), _INPUT_LENGTHS, _TARGET_LENGTHS,
                                 *_ctc_v2(0)(_LP, np.pad(_TARGETS, ((0, 0), (0, 1))), _INPUT_LENGTHS,
                                             _TARGET_LENGTHS)), _ctc_v2_grad(0)),
    OpCase(ops.CTCLoss(), (_LOGITS, _INDICES, _VALUES, _SEQ), _ctc_tf(), rtol=1e-5),
    OpCase(ops.CTCLoss(), (_LOGITS.astype(F64), _INDICES, _VALUES, _SEQ), _ctc_tf(), rtol=1e-10, atol=1e-12),
    OpCase(ops.CTCLoss(True), (_LOGITS, _INDICES, _VALUES, _SEQ), _ctc_tf(collapse_repeated=True), rtol=1e-5),
    OpCase(ops.CTCLoss(False, False), (_LOGITS, _INDICES, _VALUES, _SEQ), _ctc_tf(merge_repeated=False), rtol=1e-5),
    OpCase(ops.CTCLoss(True, False), (_LOGITS, _INDICES, _VALUES, _SEQ),
           _ctc_tf(collapse_repeated=True, merge_repeated=False), rtol=1e-5),
    OpCase(ops.CTCLoss(ignore_longer_outputs_than_inputs=True), (_LOGITS, _INDICES, _VALUES, np.array([4, 1, 2], I32)),
           _ctc_tf(ignore_longer=True), rtol=1e-5),
    OpCase(ops.CTCLoss(), (_LOGITS.astype(F16), _INDICES, _VALUES, _SEQ), _ctc_tf(), rtol=5e-3, atol=2e-3),
    OpCase(ops.RNNTLoss(), (_ACTS, _RNNT_LABELS, _RNNT_STEPS, _RNNT_COUNTS), _rnnt(), rtol=1e-6, atol=1e-8),
    OpCase(ops.RNNTLoss(2), (_ACTS.astype(F32), _RNNT_LABELS - 1, _RNNT_STEPS, _RNNT_COUNTS), _rnnt(2), rtol=1e-4,
           atol=1e-5),
]


def test_loss_cases():
    for case in CASES:
        run_case(case)


def test_ctc_loss_against_mindspore():
    """MindSpore 2.7.1's loss and gradient for its documentation example's logits."""
    x = np.array([[[0.3, 0.6, 0.6], [0.4, 0.3, 0.9]], [[0.9, 0.4, 0.2], [0.9, 0.9, 0.1]]], F32)
    inputs = (x, np.array([[0, 0], [1, 0]], I64), np.array([1, 0], I32), np.array([2, 2], I32))
    loss, gradient = ops.CTCLoss()(*(Tensor(a) for a in inputs))
    np.testing.assert_allclose(loss.asnumpy(), [1.21539, 1.0329907], rtol=1e-5)
    np.testing.assert_allclose(gradient.asnumpy(),
                               [[[0.27029088, -0.28037587, 0.0100849], [-0.18641168, 0.25462854, -0.06821689]],
                                [[0.47548494, -0.42114308, -0.05434196], [-0.44668886, 0.4082751, 0.03841379]]],
                               rtol=1e-5, atol=1e-6)


def test_ctc_loss_of_values_from_the_blank_up():
    """MindSpore 2.7.1's documentation example: labels equal to the blank (class 2) leave
    empty label sequences, whose alignments (all blanks) may end a step early."""
    x = np.array([[[0.3, 0.6, 0.6], [0.4, 0.3, 0.9]], [[0.9, 0.4, 0.2], [0.9, 0.9, 0.1]]], F32)
    inputs = (x, np.array([[0, 0], [1, 0]], I64), np.array([2, 2], I32), np.array([2, 2], I32))
    loss, gradient = ops.CTCLoss()(*(Tensor(a) for a in inputs))
    np.testing.assert_allclose(loss.asnumpy(), [0.79628, 0.5995158], rtol=1e-5)
    np.testing.assert_allclose(gradient.asnumpy(),
                               [[[0.27029088, 0.36485454, -0.6351454], [0.28140804, 0.25462854, -0.5360366]],
                                [[0.47548494, 0.2883962, 0.04510255], [0.4082751, 0.4082751, 0.02843709]]],
                               rtol=1e-5, atol=1e-6)
    blank = _softmax(x)[..., 2]
    np.testing.assert_allclose(loss.asnumpy(), -np.log(blank[0] * (1 + blank[1])), rtol=1e-5)


def test_ctc_loss_v2_log_alpha_is_minus_inf_past_the_lengths():
    _, log_alpha = ops.CTCLossV2()(*(Tensor(a) for a in (_LP, _TARGETS, _INPUT_LENGTHS, _TARGET_LENGTHS)))
    alpha = log_alpha.asnumpy()
    assert np.all(np.isneginf(alpha[2, 2:])) and np.all(np.isneginf(alpha[2, :, 1:]))


def test_hinge_embedding_loss_reads_the_sign_of_targets():
    """Any positive target counts as 1 and any negative one as -1 (MindSpore 2.7.1's values)."""
    rng = np.random.RandomState(0)
    x, y = rng.randn(3, 4).astype(F32), rng.randn(3, 4).astype(F32)
    np.testing.assert_allclose(ops.hinge_embedding_loss(Tensor(x), Tensor(y)).asnumpy(), 1.0823319, rtol=1e-6)
    want = np.where(y > 0, x, np.where(y < 0, np.maximum(1 - x, 0), 0))
    np.testing.assert_allclose(ops.hinge_embedding_loss(Tensor(x), Tensor(y * 0), reduction="none").asnumpy(), 0)
    np.testing.assert_allclose(ops.hinge_embedding_loss(Tensor(x), Tensor(y), reduction="none").asnumpy(), want,
                               rtol=1e-6)


_P = _SCORES, _CLASSES
ERROR_CASES = [
    ErrorCase(lambda: ops.SoftMarginLoss("avg"), (), ValueError, "For 'SoftMarginLoss', the 'reduction'",
              prim="SoftMarginLoss"),
    ErrorCase(ops.SoftMarginLoss(), (_X, _Y[0]), ValueError, "For 'SoftMarginLoss', the shape of 'target'"),
    ErrorCase(ops.SoftMarginLoss(), (_X, _Y.astype(F64)), TypeError, "For 'SoftMarginLoss', the dtype of 'target'"),
    ErrorCase(ops.SoftMarginLoss(), (_X.astype(I32), _Y.astype(I32)), TypeError,
              "For 'SoftMarginLoss', the dtype of 'input'"),
    ErrorCase(ops.SoftMarginLoss(), ([1.0], _Y), TypeError, "For 'SoftMarginLoss', the 'input' must be a Tensor"),
    ErrorCase(ops.SigmoidCrossEntropyWithLogits(), (_X, _Y[0]), ValueError,
              "For 'SigmoidCrossEntropyWithLogits', the shape of 'label'"),
    ErrorCase(ops.SigmoidCrossEntropyWithLogits(), (_X, _Y.astype(F64)), TypeError,
              "For 'SigmoidCrossEntropyWithLogits', the dtype of 'label'"),
    ErrorCase(ops.SigmoidCrossEntropyWithLogits(), (_X.astype(I32), _Y.astype(I32)), TypeError,
              "the dtype of 'logits'"),
    ErrorCase(lambda: ops.MultiMarginLoss(3), (), ValueError, "For 'MultiMarginLoss', the 'p' must be 1 or 2",
              prim="MultiMarginLoss"),
    ErrorCase(lambda: ops.MultiMarginLoss(1.0), (), TypeError, "For 'MultiMarginLoss', the 'p'",
              prim="MultiMarginLoss"),
    ErrorCase(lambda: ops.MultiMarginLoss(1, 1), (), TypeError, "For 'MultiMarginLoss', the 'margin'",
              prim="MultiMarginLoss"),
    ErrorCase(lambda: ops.MultiMarginLoss(1, 1.0, "x"), (), ValueError, "For 'MultiMarginLoss', the 'reduction'",
              prim="MultiMarginLoss"),
    ErrorCase(ops.MultiMarginLoss(), (_SCORES, _CLASSES.astype(I32)), TypeError,
              "For 'MultiMarginLoss', the dtype of 'target'"),
    ErrorCase(ops.MultiMarginLoss(), (_SCORES[0], _CLASSES), ValueError, "For 'MultiMarginLoss', the ranks"),
    ErrorCase(ops.MultiMarginLoss(), (_SCORES, _CLASSES[:3]), ValueError, "For 'MultiMarginLoss', the size of"),
    ErrorCase(ops.MultiMarginLoss(), (*_P, rand(4)), ValueError, "For 'MultiMarginLoss', the shape of 'weight'"),
    ErrorCase(ops.MultiMarginLoss(), (*_P, rand(5, dtype=F64)), TypeError,
              "For 'MultiMarginLoss', the dtype of 'weight'"),
    ErrorCase(ops.MultiMarginLoss(), (_SCORES, np.array([2, 0, 5, 1], I64)), ValueError,
              r"For 'MultiMarginLoss', every 'target' must be in \[0, 5\)"),
    ErrorCase(lambda: ops.MultilabelMarginLoss("x"), (), ValueError, "For 'MultilabelMarginLoss', the 'reduction'",
              prim="MultilabelMarginLoss"),
    ErrorCase(ops.MultilabelMarginLoss(), (rand(4, 5), _MULTI.astype(I64)), TypeError,
              "For 'MultilabelMarginLoss', the dtype of 'target'"),
    ErrorCase(ops.MultilabelMarginLoss(), (rand(4, 5), _MULTI[:1]), ValueError,
              "For 'MultilabelMarginLoss', the shape of 'target'"),
    ErrorCase(ops.MultilabelMarginLoss(), (rand(1, 4, 5), _MULTI[None]), ValueError,
              "For 'MultilabelMarginLoss', the dimension of 'x'"),
    ErrorCase(ops.MultilabelMarginLoss(), (rand(4, 5), _MULTI + 1), ValueError,
              r"For 'MultilabelMarginLoss', every 'target' must be in \[-1, 5\)"),
    ErrorCase(lambda: ops.CTCLossV2(reduction="mean"), (), ValueError, "For 'CTCLossV2', the 'reduction' must be "
              "'none'", prim="CTCLossV2"),
    ErrorCase(lambda: ops.CTCLossV2(zero_infinity=1), (), TypeError, "For 'CTCLossV2', the 'zero_infinity'",
              prim="CTCLossV2"),
    ErrorCase(ops.CTCLossV2(3), (_LP, _TARGETS, _INPUT_LENGTHS, _TARGET_LENGTHS), ValueError,
              r"For 'CTCLossV2', the 'blank' must be in \[0, 3\)"),
    ErrorCase(ops.CTCLossV2(), (_LP.astype(F16), _TARGETS, _INPUT_LENGTHS, _TARGET_LENGTHS), TypeError,
              "For 'CTCLossV2', the dtype of 'log_probs'"),
    ErrorCase(ops.CTCLossV2(), (_LP[0], _TARGETS, _INPUT_LENGTHS, _TARGET_LENGTHS), ValueError,
              "For 'CTCLossV2', the dimension of 'log_probs'"),
    ErrorCase(ops.CTCLossV2(), (_LP, _TARGETS[:2], _INPUT_LENGTHS, _TARGET_LENGTHS), ValueError,
              "For 'CTCLossV2', the 'targets' must be 2-D"),
    ErrorCase(ops.CTCLossV2(), (_LP, _TARGETS, _INPUT_LENGTHS.astype(F32), _TARGET_LENGTHS), TypeError,
              "For 'CTCLossV2', the dtype of 'input_lengths'"),
    ErrorCase(ops.CTCLossV2(), (_LP, _TARGETS, _INPUT_LENGTHS, _TARGET_LENGTHS[:2]), ValueError,
              "For 'CTCLossV2', the shape of 'target_lengths'"),
    ErrorCase(ops.CTCLossV2(), (_LP, _TARGETS, np.array([5, 3, 2], I32), _TARGET_LENGTHS), RuntimeError,
              r"For 'CTCLossV2', input_lengths\[0\] must be in \[0, 4\]"),
    ErrorCase(ops.CTCLossV2(), (_LP, _TARGETS, _INPUT_LENGTHS, np.array([2, 3, 0], I32)), RuntimeError,
              r"For 'CTCLossV2', target_lengths\[1\] must be in \[0, 2\]"),
    ErrorCase(ops.CTCLossV2Grad(), (rand(2), _LP, _TARGETS, _INPUT_LENGTHS, _TARGET_LENGTHS, rand(3),
                                    rand(3, 4, 5)), ValueError, "For 'CTCLossV2Grad', the shape of 'grad_out'"),
    ErrorCase(ops.CTCLossV2Grad(), (rand(3, dtype=F64), _LP, _TARGETS, _INPUT_LENGTHS, _TARGET_LENGTHS, rand(3),
                                    rand(3, 4, 5)), TypeError, "For 'CTCLossV2Grad', the dtype of 'grad_out'"),
    ErrorCase(lambda: ops.CTCLoss(1), (), TypeError, "For 'CTCLoss', the 'preprocess_collapse_repeated'",
              prim="CTCLoss"),
    ErrorCase(ops.CTCLoss(), (_LOGITS, _INDICES.astype(I32), _VALUES, _SEQ), TypeError,
              "For 'CTCLoss', the dtype of 'labels_indices'"),
    ErrorCase(ops.CTCLoss(), (_LOGITS, _INDICES, _VALUES.astype(I64), _SEQ), TypeError,
              "For 'CTCLoss', the dtype of 'labels_values'"),
    ErrorCase(ops.CTCLoss(), (_LOGITS[0], _INDICES, _VALUES, _SEQ), ValueError,
              "For 'CTCLoss', the dimension of 'x'"),
    ErrorCase(ops.CTCLoss(), (_LOGITS, _INDICES[:4], _VALUES, _SEQ), ValueError,
              "For 'CTCLoss', the 'labels_indices' must be"),
    ErrorCase(ops.CTCLoss(), (_LOGITS, _INDICES, _VALUES, _SEQ[:2]), ValueError,
              "For 'CTCLoss', the shape of 'sequence_length'"),
    ErrorCase(ops.CTCLoss(), (_LOGITS, _INDICES, _VALUES, np.array([4, 0, 2], I32)), RuntimeError,
              r"For 'CTCLoss', sequence_length\[1\] must be in \[1, 4\]"),
    ErrorCase(ops.CTCLoss(), (_LOGITS, _INDICES, np.array([2, 0, 1, 1, 0], I32), _SEQ), RuntimeError,
              r"For 'CTCLoss', a label after a value from the blank \(2\) up must be in \[0, 2\), but got 0"),
    ErrorCase(ops.CTCLoss(), (_LOGITS, _INDICES + [[1, 0]], _VALUES, _SEQ), RuntimeError,
              r"For 'CTCLoss', labels_indices\[:, 0\]\[4\] must be in \[0, 2\], but got 3"),
    ErrorCase(ops.CTCLoss(), (_LOGITS, _INDICES, _VALUES, np.array([4, 1, 2], I32)), RuntimeError,
              "For 'CTCLoss', the sequence length 1 of sample 1 must be at least its label length 2"),
    ErrorCase(ops.hinge_embedding_loss, (_X, _Y.astype(I32)), TypeError,
              "For 'hinge_embedding_loss', the dtype of 'targets' must be a float type"),
    ErrorCase(lambda: ops.RNNTLoss(1.0), (), TypeError, "For 'RNNTLoss', the 'blank_label'", prim="RNNTLoss"),
    ErrorCase(ops.RNNTLoss(4), (_ACTS, _RNNT_LABELS, _RNNT_STEPS, _RNNT_COUNTS), ValueError,
              r"For 'RNNTLoss', the 'blank_label' must be in \[0, 4\)"),
    ErrorCase(ops.RNNTLoss(), (_ACTS[0], _RNNT_LABELS, _RNNT_STEPS, _RNNT_COUNTS), ValueError,
              "For 'RNNTLoss', the dimension of 'acts'"),
    ErrorCase(ops.RNNTLoss(), (_ACTS, _RNNT_LABELS.astype(I64), _RNNT_STEPS, _RNNT_COUNTS), TypeError,
              "For 'RNNTLoss', the dtype of 'labels'"),
    ErrorCase(ops.RNNTLoss(), (_ACTS, _RNNT_LABELS[:, :1], _RNNT_STEPS, _RNNT_COUNTS), ValueError,
              r"For 'RNNTLoss', the shape of 'labels' must be \(B, U - 1\)"),
    ErrorCase(ops.RNNTLoss(), (_ACTS, _RNNT_LABELS, _RNNT_STEPS[:1], _RNNT_COUNTS), ValueError,
              "For 'RNNTLoss', the shape of 'input_length'"),
    ErrorCase(ops.RNNTLoss(), (_ACTS, _RNNT_LABELS, np.array([3, 4], I32), _RNNT_COUNTS), RuntimeError,
              r"For 'RNNTLoss', input_length\[1\] must be in \[1, 3\]"),
    ErrorCase(ops.RNNTLoss(), (_ACTS, np.array([[1, 4], [3, 0]], I32), _RNNT_STEPS, _RNNT_COUNTS), RuntimeError,
              r"For 'RNNTLoss', labels \(counted\)\[1\] must be in \[0, 3\], but got 4"),
    ErrorCase(ops.RNNTLoss(), (_ACTS, _RNNT_LABELS, _RNNT_STEPS, np.array([3, 1], I32)), RuntimeError,
              r"For 'RNNTLoss', label_length\[0\] must be in \[0, 2\]"),
]


@pytest.mark.parametrize("case", ERROR_CASES, ids=lambda c: c.match[:40])
def test_loss_errors(case):
    run_error_case(case)
