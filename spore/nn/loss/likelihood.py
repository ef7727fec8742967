"""Negative log-likelihood losses: Gaussian and Poisson targets, and the connectionist
temporal classification (CTC) loss of label sequences."""
from __future__ import annotations

import math

from ... import ops
from ...ops.validator import check_bool, check_float_range, check_string, check_type
from .loss import LossBase, _check_tensor

__all__ = ["GaussianNLLLoss", "PoissonNLLLoss", "CTCLoss"]

_HALF_LOG_2PI = 0.5 * math.log(2 * math.pi)


class GaussianNLLLoss(LossBase):
    """GaussianNLLLoss(*, full=False, eps=1e-06, reduction='mean')

    The negative log-likelihood of `labels` under N(logits, var): see
    `ops.gaussian_nll_loss`. `eps` (a positive float) bounds the variance below.
    """

    def __init__(self, *, full=False, eps=1e-6, reduction="mean"):
        super().__init__()
        check_type(self.cls_name, "eps", eps, float)
        check_float_range(self.cls_name, "eps", eps, 0.0, math.inf, include_min=False)
        self.full = check_bool(self.cls_name, "full", full)
        self.eps = eps
        self.reduction = check_string("gaussian_nll_loss", "reduction", reduction, ("none", "mean", "sum"),
                                      case_sensitive=True)

    def construct(self, logits, labels, var):
        for arg, value in (("logits", logits), ("labels", labels), ("var", var)):
            _check_tensor(self.cls_name, arg, value)
        return ops.gaussian_nll_loss(logits, labels, var, self.full, self.eps, self.reduction)


class PoissonNLLLoss(LossBase):
    """PoissonNLLLoss(log_input=True, full=False, eps=1e-08, reduction='mean')

    The negative log-likelihood of the counts `target` (cast to input's dtype) under a
    Poisson distribution of rate exp(input) (`log_input`): exp(input) - target * input,
    or of rate input: input - target * log(input + eps). With `full`, Stirling's
    approximation of log(target!), target * log(target) - target + 0.5 * log(2 pi target),
    is added where target > 1. Reduced in Float32 (see LossBase.get_loss).
    """

    def __init__(self, log_input=True, full=False, eps=1e-08, reduction="mean"):
        super().__init__(reduction)
        self.log_input = log_input
        self.full = full
        self.eps = eps

    def construct(self, input, target):
        _check_tensor(self.cls_name, "input", input)
        _check_tensor(self.cls_name, "target", target)
        target = ops.cast(target, input.dtype)
        if self.log_input:
            loss = ops.exp(input) - target * input
        else:
            loss = input - target * ops.log(input + self.eps)
        if self.full:
            counts = ops.maximum(target, ops.full_like(target, self.eps))
            stirling = (counts + 0.5) * ops.log(counts) - counts + _HALF_LOG_2PI
            loss = loss + ops.select(counts > 1, stirling, ops.zeros_like(stirling))
        return self.get_loss(loss)


class CTCLoss(LossBase):
    """CTCLoss(blank=0, reduction='mean', zero_infinity=False)

    The CTC loss of `log_probs` (T, N, C), or (T, C) for one sample (with `targets` (S,)
    or (1, S)), against the padded label sequences `targets`: see `ops.ctc_loss`. The
    arguments are checked when the loss is computed.
    """

    def __init__(self, blank=0, reduction="mean", zero_infinity=False):
        super().__init__()
        self.blank = blank
        self.reduction = reduction
        self.zero_infinity = zero_infinity

    def construct(self, log_probs, targets, input_lengths, target_lengths):
        _check_tensor(self.cls_name, "log_probs", log_probs)
        _check_tensor(self.cls_name, "targets", targets)
        if log_probs.ndim != 2:
            return ops.ctc_loss(log_probs, targets, input_lengths, target_lengths, self.blank, self.reduction,
                                self.zero_infinity)[0]
        if targets.ndim > 2:
            raise ValueError(f"For '{self.cls_name}', when 'log_probs' is (T, C), the 'targets' must be 1-D or 2-D, "
                             f"but got {targets.ndim}-D.")
        if targets.ndim == 2 and targets.shape[0] != 1:
            raise ValueError(f"For '{self.cls_name}', when 'log_probs' is (T, C), 2-D 'targets' must hold one "
                             f"sequence (1, S), but got shape {targets.shape}.")
        if targets.ndim == 1:
            targets = ops.expand_dims(targets, 0)
        loss = ops.ctc_loss(ops.expand_dims(log_probs, 1), targets, input_lengths, target_lengths, self.blank,
                            self.reduction, self.zero_infinity)[0]
        return ops.squeeze(loss, 0) if loss.ndim else loss
