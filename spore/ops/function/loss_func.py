"""Loss functions of `ops`: the Gaussian negative log-likelihood, hinge-embedding and
multi-label soft-margin losses composed of other primitives (they differentiate through
the bprops of their parts), and the soft-margin, multi-class / multi-label margin and
connectionist temporal classification (CTC) losses over their primitives in
operations/loss_ops.py, which check their arguments here first. With the CTC loss, its
greedy decoder (`ctc_greedy_decoder`).

(The losses with a primitive of their own, `ops.nll_loss`, `ops.binary_cross_entropy`...,
live in nn_func.py.)
"""
from __future__ import annotations

import math

from ...common import dtype as mstype
from .. import function as _F  # the other families' functions, looked up at call time
from ..operations import loss_ops as L
from ..operations import nn_ops as N
from ..validator import check_bool, check_type
from ._args import check_is_tensor, check_reduction, reduce_loss
from ._cached_primitive import cached_primitive as _prim

__all__ = [
    "gaussian_nll_loss", "hinge_embedding_loss", "soft_margin_loss", "mse_loss_ext", "multi_margin_loss",
    "multilabel_margin_loss", "multilabel_soft_margin_loss", "ctc_loss", "ctc_greedy_decoder",
]

_FLOATS = (mstype.float16, mstype.float32, mstype.float64, mstype.bfloat16)


def _check_float(fn: str, arg: str, value) -> None:
    check_is_tensor(fn, arg, value)
    if value.dtype not in _FLOATS:
        raise TypeError(f"For '{fn}', the dtype of '{arg}' must be a float type, but got {value.dtype}.")


def _check_index(fn: str, arg: str, value, allowed) -> None:
    check_is_tensor(fn, arg, value)
    if value.dtype not in allowed:
        names = ", ".join(str(d) for d in allowed)
        raise TypeError(f"For '{fn}', the dtype of '{arg}' must be {names}, but got {value.dtype}.")


def _same_shape(fn: str, names: tuple, values: tuple) -> None:
    for name, value in zip(names[1:], values[1:]):
        if tuple(value.shape) != tuple(values[0].shape):
            raise ValueError(f"For '{fn}', the shape of '{name}' must be the shape of '{names[0]}' "
                             f"{values[0].shape}, but got {value.shape}.")


# ---- regression-like losses ---------------------------------------------------------------
def gaussian_nll_loss(x, target, var, full=False, eps=1e-6, reduction="mean"):
    """Negative log-likelihood of `target` under N(x, var): 0.5 * (log(v) + (x - target)^2 / v)
    with v = max(var, eps), plus 0.5 * log(2 * pi) if `full`. `var` has x's shape, or it
    with the last axis dropped or of size 1 (one variance per sample)."""
    fn = "gaussian_nll_loss"
    for arg, value in (("x", x), ("target", target), ("var", var)):
        check_is_tensor(fn, arg, value)
    check_bool(fn, "full", full)
    if isinstance(eps, bool) or not isinstance(eps, float) or eps <= 0:
        raise ValueError(f"For '{fn}', 'eps' must be a positive float, but got {eps}.")
    reduction = check_reduction(fn, reduction)
    if var.ndim and var.ndim == x.ndim - 1 and tuple(var.shape) == tuple(x.shape[:-1]):
        var = _F.expand_dims(var, -1)
    if not x.dtype.is_floating_point:
        x, target, var = (_F.cast(v, mstype.float32) for v in (x, target, var))
    var = _F.maximum(var, _F.scalar_to_tensor(eps, var.dtype))
    loss = (_F.log(var) + _F.square(x - target) / var) * 0.5
    if full:
        loss = loss + 0.5 * math.log(2 * math.pi)
    return reduce_loss(loss, reduction)


def mse_loss_ext(input, target, reduction="mean"):
    """(input - target)^2, reduced; the inputs broadcast and share one dtype."""
    fn = "mse_loss_ext"
    check_is_tensor(fn, "input", input)
    check_is_tensor(fn, "target", target)
    reduction = check_reduction(fn, reduction)
    if input.dtype is not target.dtype:
        raise TypeError(f"For '{fn}', the dtype of 'target' must be the same as 'input' ({input.dtype}), "
                        f"but got {target.dtype}.")
    return reduce_loss(_F.square(input - target), reduction)


# ---- margin losses ------------------------------------------------------------------------
def hinge_embedding_loss(inputs, targets, margin=1.0, reduction="mean"):
    """inputs where targets is positive (1), max(0, margin - inputs) where it is negative
    (-1), 0 where it is 0; the two (float) broadcast; the result has inputs' dtype."""
    fn = "hinge_embedding_loss"
    _check_float(fn, "inputs", inputs)
    _check_float(fn, "targets", targets)
    if isinstance(margin, bool) or not isinstance(margin, (int, float)):
        raise TypeError(f"For '{fn}', 'margin' must be a float or int, but got {type(margin).__name__}.")
    reduction = check_reduction(fn, reduction)
    targets = _F.cast(targets, inputs.dtype)
    loss = inputs * (targets > 0) + _F.relu(margin - inputs) * (targets < 0)
    return reduce_loss(loss, reduction)


def soft_margin_loss(input, target, reduction="mean"):
    """log(1 + exp(-target * input)), reduced; input and target of one shape (see
    ops.SoftMarginLoss)."""
    fn = "soft_margin_loss"
    _check_float(fn, "input", input)
    check_is_tensor(fn, "target", target)
    reduction = check_reduction(fn, reduction)
    _same_shape(fn, ("input", "target"), (input, target))
    return _prim(L.SoftMarginLoss, reduction)(input, _F.cast(target, input.dtype))


def multi_margin_loss(input, target, p=1, margin=1, weight=None, reduction="mean"):
    """Multi-class hinge loss of the scores `input` (N, C) for the classes `target` (N,):
    per sample, the sum over the other classes j of max(0, margin - x[y] + x[j])^p / C,
    times weight[y]; p is 1 or 2 (see ops.MultiMarginLoss)."""
    fn = "multi_margin_loss"
    check_type(fn, "p", p, int)
    if p not in (1, 2):
        raise ValueError(f"For '{fn}', the 'p' must be 1 or 2, but got {p}.")
    if isinstance(margin, bool) or not isinstance(margin, int):
        raise TypeError(f"For '{fn}', the type of 'margin' must be int, but got {type(margin)}.")
    _check_float(fn, "input", input)
    _check_index(fn, "target", target, (mstype.int64,))
    reduction = check_reduction(fn, reduction)
    if input.ndim != 2 or target.ndim != 1:
        raise ValueError(f"For '{fn}', the ranks of 'input' and 'target' must be 2 and 1, but got {input.ndim} "
                         f"and {target.ndim}.")
    samples, classes = input.shape
    if target.shape[0] != samples:
        raise ValueError(f"For '{fn}', the size of 'target' must be the number of samples {samples}, but got "
                         f"{target.shape[0]}.")
    loss = _prim(L.MultiMarginLoss, p, float(margin), reduction)
    if weight is None:
        return loss(input, target)
    _check_float(fn, "weight", weight)
    if tuple(weight.shape) != (classes,):
        raise ValueError(f"For '{fn}', the shape of 'weight' must be ({classes},), but got {weight.shape}.")
    return loss(input, target, weight)


def multilabel_margin_loss(input, target, reduction="mean"):
    """Multi-label hinge loss of the scores `input` ((C,) or (N, C)): `target` (int32, of
    input's shape) lists each sample's classes, ended by the first -1; the loss sums
    max(0, 1 - (x[j] - x[i])) over listed j and unlisted i, divided by C (see
    ops.MultilabelMarginLoss)."""
    fn = "multilabel_margin_loss"
    _check_float(fn, "input", input)
    _check_index(fn, "target", target, (mstype.int32,))
    reduction = check_reduction(fn, reduction)
    _same_shape(fn, ("input", "target"), (input, target))
    if input.ndim not in (1, 2):
        raise ValueError(f"For '{fn}', the 'input' must be 1-D or 2-D, but got {input.ndim}-D.")
    return _prim(L.MultilabelMarginLoss, reduction)(input, target)[0]


def multilabel_soft_margin_loss(input, target, weight=None, reduction="mean"):
    """-(target * log(sigmoid(x)) + (1 - target) * log(sigmoid(-x))) times `weight`,
    averaged over the classes (the last axis), then reduced over the samples."""
    fn = "multilabel_soft_margin_loss"
    check_is_tensor(fn, "input", input)
    check_is_tensor(fn, "target", target)
    reduction = check_reduction(fn, reduction)
    target = _F.cast(target, input.dtype)
    loss = -(target * _F.logsigmoid(input) + (1 - target) * _F.logsigmoid(-input))
    if weight is not None:
        check_is_tensor(fn, "weight", weight)
        loss = loss * weight
    return reduce_loss(_F.mean(loss, -1), reduction)


# ---- CTC ----------------------------------------------------------------------------------
def _check_ctc(log_probs, targets, input_lengths, target_lengths, blank):
    fn = "ctc_loss"
    check_is_tensor(fn, "log_probs", log_probs)
    if log_probs.dtype not in (mstype.float32, mstype.float64):
        raise TypeError(f"For '{fn}', the dtype of 'log_probs' must be float32 or float64, but got "
                        f"{log_probs.dtype}.")
    for arg, value in (("targets", targets), ("input_lengths", input_lengths), ("target_lengths", target_lengths)):
        _check_index(fn, arg, value, (mstype.int32, mstype.int64))
    if log_probs.ndim != 3:
        raise ValueError(f"For '{fn}', the 'log_probs' must be 3-D (T, N, C), but got {log_probs.ndim}-D.")
    _, batch, classes = log_probs.shape
    check_type(fn, "blank", blank, int)
    if not 0 <= blank < classes:
        raise ValueError(f"For '{fn}', the 'blank' must be in [0, {classes}), but got {blank}.")
    if targets.ndim != 2 or targets.shape[0] != batch:
        raise ValueError(f"For '{fn}', the 'targets' must be 2-D (N, S) with N = {batch}, but got shape "
                         f"{targets.shape}.")
    for arg, value in (("input_lengths", input_lengths), ("target_lengths", target_lengths)):
        if tuple(value.shape) != (batch,):
            raise ValueError(f"For '{fn}', the shape of '{arg}' must be ({batch},), but got {value.shape}.")


def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction="mean", zero_infinity=False):
    """Connectionist temporal classification loss of `log_probs` (T, N, C) against the
    padded label sequences `targets` (N, S), each sample n using its first
    input_lengths[n] steps and target_lengths[n] labels. Returns (loss, log_alpha):
    loss is -log p(labels) per sample ('none'), summed ('sum'), or each divided by its
    target length and averaged ('mean'); log_alpha (N, T, 2S + 1) holds the forward
    variables (-inf where unreachable). `zero_infinity` makes impossible alignments'
    infinite losses 0. See ops.CTCLossV2."""
    fn = "ctc_loss"
    _check_ctc(log_probs, targets, input_lengths, target_lengths, blank)
    reduction = check_reduction(fn, reduction)
    check_bool(fn, "zero_infinity", zero_infinity)
    nll, log_alpha = _prim(L.CTCLossV2, blank, "none", zero_infinity)(log_probs, targets, input_lengths,
                                                                       target_lengths)
    if reduction == "sum":
        return _F.sum(nll), log_alpha
    if reduction == "mean":
        label_counts = _F.cast(_F.maximum(target_lengths, _F.ones_like(target_lengths)), nll.dtype)
        return _F.mean(nll / label_counts), log_alpha
    return nll, log_alpha


def ctc_greedy_decoder(inputs, sequence_length, merge_repeated=True):
    """Greedy CTC decoding of the logits `inputs` (T, N, C), the last class the blank:
    (decoded_indices, decoded_values, decoded_shape, log_probability), see
    `ops.CTCGreedyDecoder`."""
    check_bool("ctc_greedy_decoder", "merge_repeated", merge_repeated)
    return N.CTCGreedyDecoder(merge_repeated)(inputs, sequence_length)
