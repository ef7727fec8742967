"""bprops of the primitives in operations/loss_ops.py.

The gradients are the derivatives of the losses as written, for every float input: the
targets and labels of SoftMarginLoss and SigmoidCrossEntropyWithLogits and the class
weights of MultiMarginLoss included (as the composed losses of loss_func.py have them).
By-product outputs carry no gradient: MultilabelMarginLoss' is_target, CTCLossV2's
log_alpha, CTCLoss' and RNNTLoss' gradients. Index and length inputs take none.

CTCLossV2's gradient for log_probs is -dout times the posterior probability of each
class at each step (the derivative for log_probs themselves, so it can be checked
numerically; after a log-softmax it equals MindSpore's, which folds the softmax in).
It comes from the CTCLossV2Grad kernel, which is not differentiated further; CTCLoss
and RNNTLoss return their gradients as their second outputs.

Written with differentiable ops otherwise, so the margin losses have gradients of any order.
"""
from __future__ import annotations

import functools

from ...common import dtype as mstype
from .. import function as F
from ..operations import loss_ops
from .broadcast import grad_like
from .registry import bprop, non_differentiable

non_differentiable("CTCLossV2Grad")


@functools.lru_cache(maxsize=64)
def _prim(cls, *attrs):
    """The Primitive `cls(*attrs)`, built once per distinct attributes."""
    return cls(*attrs)


def _per_element(dout, reduction: str, count: int):
    """The gradient reaching each element (sample) of a loss reduced by `reduction`:
    dout itself, divided by the `count` of elements for 'mean'."""
    return dout * (1 / count) if reduction == "mean" else dout


@bprop("SoftMarginLoss")
def _soft_margin_loss(prim, input, target, out, dout):
    """loss = softplus(-t x): d/dx = -t s, d/dt = -x s, s = sigmoid(-t x)."""
    s = F.sigmoid(-(target * input))
    scale = _per_element(dout, prim.reduction, input.size)
    return -(target * s) * scale, -(input * s) * scale


@bprop("SigmoidCrossEntropyWithLogits")
def _sigmoid_cross_entropy_with_logits(prim, logits, label, out, dout):
    """d/dx = sigmoid(x) - label, d/dlabel = -x."""
    return (F.sigmoid(logits) - label) * dout, -(logits * dout)


@bprop("MultiMarginLoss")
def _multi_margin_loss(prim, inputs, target, *rest):
    """With m_j = margin - x[y] + x[j] over the other classes j, each sample loses
    w[y] / C * sum_j max(m_j, 0)^p: x[j] gets w[y] / C * p * max(m_j, 0)^(p - 1) where
    m_j > 0, x[y] minus their sum, and w[y] the sample's unweighted loss."""
    weight = rest[0] if len(rest) == 3 else None
    dout = rest[-1]
    samples, classes = inputs.shape
    is_target = F.cast(F.one_hot(target, classes, 1.0, 0.0), inputs.dtype)
    margins = inputs - F.gather_elements(inputs, 1, F.expand_dims(target, 1)) + prim.margin
    others = 1 - is_target
    active = F.cast(margins > 0, inputs.dtype) * others
    slopes = active if prim.p == 1 else F.relu(margins) * others * 2
    per_sample = _per_element(dout, prim.reduction, samples) * (1 / classes)
    if prim.reduction != "none":
        per_sample = F.broadcast_to(per_sample, (samples,))
    sample_weight = per_sample if weight is None else per_sample * F.gather(weight, target, 0)
    coefficient = F.expand_dims(sample_weight, 1)
    dinputs = (slopes - is_target * F.sum(slopes, 1, keepdim=True)) * coefficient
    if weight is None:
        return dinputs, None
    hinge = F.relu(margins) if prim.p == 1 else F.square(F.relu(margins))
    unweighted = F.sum(hinge * others, 1) * per_sample
    return dinputs, None, F.sum(is_target * F.expand_dims(unweighted, 1), 0)


@bprop("MultilabelMarginLoss")
def _multilabel_margin_loss(prim, x, target, out, dout):
    """Each listed label j and unlisted class i with 1 - x[j] + x[i] > 0 send 1 / C of the
    sample's gradient to x[i] and take it from x[j]."""
    rows = x if x.ndim == 2 else F.expand_dims(x, 0)
    labels = target if target.ndim == 2 else F.expand_dims(target, 0)
    samples, classes = rows.shape
    listed = F.cumsum(F.cast(labels < 0, mstype.int32), 1) == 0          # before the first -1
    safe = F.select(listed, labels, F.zeros_like(labels))
    unlisted = 1 - F.cast(out[1] if x.ndim == 2 else F.expand_dims(out[1], 0), x.dtype)
    listed_scores = F.gather_elements(rows, 1, safe)
    margins = 1 - F.expand_dims(listed_scores, 2) + F.expand_dims(rows, 1)   # (N, label k, class i)
    active = F.cast(margins > 0, x.dtype) * F.expand_dims(unlisted, 1) * F.expand_dims(F.cast(listed, x.dtype), 2)
    label_classes = F.cast(F.one_hot(safe, classes, 1.0, 0.0), x.dtype)      # (N, label k, class c)
    taken = F.sum(label_classes * F.sum(active, 2, keepdim=True), 1)
    per_sample = _per_element(dout[0], prim.reduction, samples) * (1 / classes)
    if x.ndim == 2 and prim.reduction == "none":
        per_sample = F.expand_dims(per_sample, 1)
    grad = (F.sum(active, 1) - taken) * per_sample
    return (grad if x.ndim == 2 else F.reshape(grad, x.shape)), None


@bprop("CTCLossV2")
def _ctc_loss_v2(prim, log_probs, targets, input_lengths, target_lengths, out, dout):
    grad = _prim(loss_ops.CTCLossV2Grad, prim.blank, prim.reduction, prim.zero_infinity)
    return grad(dout[0], log_probs, targets, input_lengths, target_lengths, out[0], out[1]), None, None, None


@bprop("CTCLoss")
def _ctc_loss(prim, x, labels_indices, labels_values, sequence_length, out, dout):
    """The kernel's gradient output (T, N, C), each sample's scaled by dout[0][n]."""
    return grad_like(x, out[1] * F.expand_dims(F.expand_dims(dout[0], 0), 2)), None, None, None


@bprop("RNNTLoss")
def _rnnt_loss(prim, acts, labels, input_length, label_length, out, dout):
    """The kernel's gradient output (B, T, U, V), each sample's scaled by dout[0][b]."""
    scale = F.reshape(dout[0], (-1, 1, 1, 1))
    return grad_like(acts, out[1] * scale), None, None, None
