"""mint.nn's loss layers: Cells over mint.nn.functional's losses, reduction checked up front."""
from __future__ import annotations

from spore import ops
from spore.nn.cell import Cell

from . import functional as F

_REDUCTIONS = ('none', 'mean', 'sum')


class _Loss(Cell):
    reductions = _REDUCTIONS

    def __init__(self, reduction='mean'):
        super().__init__()
        if reduction not in self.reductions:
            raise ValueError(f"For '{self.cls_name}', the 'reduction' must be one of {self.reductions}, but got "
                             f"{reduction!r}.")
        self.reduction = reduction


class L1Loss(_Loss):
    """L1Loss(reduction='mean'): |input - target|, reduced."""

    def construct(self, input, target):
        return ops.l1_loss(input, target, self.reduction)


class MSELoss(_Loss):
    """MSELoss(reduction='mean'): (input - target)^2, reduced."""

    def construct(self, input, target):
        return F.mse_loss(input, target, self.reduction)


class SmoothL1Loss(_Loss):
    """SmoothL1Loss(reduction='mean', beta=1.0): 0.5 d^2 / beta where |d| < beta, else |d| - beta / 2."""

    def __init__(self, reduction='mean', beta=1.0):
        super().__init__(reduction)
        if isinstance(beta, bool) or not isinstance(beta, (int, float)) or beta < 0:
            raise ValueError(f"For 'SmoothL1Loss', the 'beta' must be a non-negative number, but got {beta}.")
        self.beta = float(beta)

    def construct(self, input, target):
        return ops.smooth_l1_loss(input, target, self.beta, self.reduction)


class SoftMarginLoss(_Loss):
    """SoftMarginLoss(reduction='mean'): log(1 + exp(-target * input)), reduced."""

    def construct(self, input, target):
        return F.soft_margin_loss(input, target, self.reduction)


class KLDivLoss(_Loss):
    """KLDivLoss(reduction='mean', log_target=False): mint.nn.functional.kl_div as a layer."""

    reductions = _REDUCTIONS + ('batchmean',)

    def __init__(self, reduction='mean', log_target=False):
        super().__init__(reduction)
        self.log_target = log_target

    def construct(self, input, target):
        return F.kl_div(input, target, self.reduction, self.log_target)


class BCELoss(_Loss):
    """BCELoss(weight=None, reduction='mean'): binary cross entropy of probabilities."""

    def __init__(self, weight=None, reduction='mean'):
        super().__init__(reduction)
        self.weight = weight

    def construct(self, input, target):
        return F.binary_cross_entropy(input, target, self.weight, self.reduction)


class BCEWithLogitsLoss(_Loss):
    """BCEWithLogitsLoss(weight=None, reduction='mean', pos_weight=None): binary cross entropy of
    sigmoid(input)."""

    def __init__(self, weight=None, reduction='mean', pos_weight=None):
        super().__init__(reduction)
        self.weight, self.pos_weight = weight, pos_weight

    def construct(self, input, target):
        return F.binary_cross_entropy_with_logits(input, target, self.weight, self.reduction, self.pos_weight)
