"""LARS: layer-wise adaptive rate scaling, a wrapper that rescales each gradient by a
trust ratio of norms before the wrapped optimizer applies it."""
from __future__ import annotations

from ... import ops
from ...common import dtype as mstype
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ...ops.validator import check_bool, check_type
from .adam import in_dtype
from .optimizer import Optimizer

__all__ = ["LARS"]


def _default_lars_filter(param) -> bool:
    return "LayerNorm" not in param.name and "bias" not in param.name


class LARS(Optimizer):
    """LARS(optimizer, epsilon=1e-05, coefficient=0.001, use_clip=False,
    lars_filter=lambda x: 'LayerNorm' not in x.name and 'bias' not in x.name)

    For each parameter w that `lars_filter` selects, with the weight decay d of w (0 for
    the parameters that do not decay, see Optimizer):
    ratio = coefficient * |w| / (|g| + d * |w| + epsilon), with use_clip clipped as
    min(max(ratio / lr, 0), 1) by this step's rate lr of the wrapped optimizer, and the
    gradient becomes ratio * (g + d * w); the gradients of the parameters the filter leaves
    out pass unchanged (without weight decay). All are first unscaled by the wrapped
    optimizer's loss scale, and the wrapped optimizer then applies them with its own weight
    decay and loss scale turned off.

    MindSpore runs the ratio as its LARSUpdate kernel (Ascend only); here it is composed
    of ops.
    """

    def __init__(self, optimizer, epsilon=1e-05, coefficient=0.001, use_clip=False,
                 lars_filter=_default_lars_filter):
        super().__init__(0.0, [Parameter(Tensor(0.0), name="fake_param")])
        check_type(self.cls_name, "optimizer", optimizer, Optimizer)
        self.epsilon = check_type(self.cls_name, "epsilon", epsilon, float)
        self.coefficient = check_type(self.cls_name, "coefficient", coefficient, float)
        self.use_clip = check_bool(self.cls_name, "use_clip", use_clip)
        if use_clip and optimizer.is_group_lr and optimizer.dynamic_lr:
            raise ValueError("For 'LARS', with 'use_clip' True the wrapped optimizer can not have dynamic group "
                             "learning rates.")
        self.opt = optimizer
        self.global_step = optimizer.global_step
        self.learning_rate = Parameter(Tensor(0.0, mstype.float32), name="fake_lr")
        self.parameters = optimizer.parameters
        self.param_length = optimizer.param_length
        self.lars_flag = tuple(bool(lars_filter(param)) for param in self.parameters)
        self._take_weight_decay_and_loss_scale(optimizer)

    def _take_weight_decay_and_loss_scale(self, optimizer: Optimizer) -> None:
        """Apply the wrapped optimizer's weight decay and loss scale here, and turn them off
        there."""
        self.is_group = optimizer.is_group
        self.weight_decay = optimizer.weight_decay
        self.dynamic_weight_decay = optimizer.dynamic_weight_decay
        self.dynamic_decay_flags = optimizer.dynamic_decay_flags
        self.decay_flags = optimizer.decay_flags
        self.loss_scale = optimizer.loss_scale
        self.need_scale = optimizer.need_scale
        optimizer.decay_flags = (False,) * optimizer.param_length
        optimizer.dynamic_decay_flags = (False,) * optimizer.param_length if optimizer.is_group else False
        optimizer.dynamic_weight_decay = False
        optimizer.exec_weight_decay = False
        optimizer.need_scale = False

    def construct(self, gradients):
        self._check_gradients(gradients)
        gradients = self.scale_grad(gradients)
        decays = self.get_weight_decay()
        if not self.is_group:
            decays = (decays,) * self.param_length
        lrs = self._clip_lrs()
        gradients = tuple(self._scaled(param, grad, decay if decay_flag else 0.0, lr) if lars_flag else grad
                          for param, grad, decay, decay_flag, lr, lars_flag in
                          zip(self.parameters, gradients, decays, self.decay_flags, lrs, self.lars_flag))
        return self.opt(gradients)

    def _clip_lrs(self) -> tuple:
        """With use_clip, the wrapped optimizer's rate of each parameter at this step."""
        if not self.use_clip:
            return (self.learning_rate,) * self.param_length
        lr = self.opt.get_lr()
        return lr if self.opt.is_group_lr else (lr,) * self.param_length

    def _scaled(self, param, grad, decay, lr):
        """The LARS gradient, in the gradient's dtype."""
        decay = decay / self.loss_scale
        param_norm, grad_norm = ops.norm(param), ops.norm(grad)
        ratio = self.coefficient * param_norm / (grad_norm + param_norm * decay + self.epsilon)
        if self.use_clip:
            ratio = ops.clip_by_value(ratio / lr, 0.0, 1.0)
        return in_dtype((grad + param * decay) * ratio, grad.dtype)
