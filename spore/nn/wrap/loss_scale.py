"""Loss scaling in a training step: TrainOneStepWithLossScaleCell, and the Cells that
update its scale (FixedLossScaleUpdateCell, DynamicLossScaleUpdateCell).

The loss is multiplied by the scale before back-propagation so that small float16
gradients do not underflow; the gradients are divided by it again, and a step whose
gradients are not all finite (an overflow) is skipped. spore.amp exports `all_finite`.
"""
from __future__ import annotations

from ... import ops
from ...autograd.grad import value_and_grad
from ...common import dtype as mstype
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ...ops.validator import check_positive_int, check_type
from ..cell import Cell
from .cell_wrapper import TrainOneStepCell, to_dtype

__all__ = ["TrainOneStepWithLossScaleCell", "DynamicLossScaleUpdateCell", "FixedLossScaleUpdateCell"]


def all_finite(inputs, status=None) -> Tensor:
    """A Bool scalar Tensor: whether every element of every Tensor in `inputs` (a tuple or
    list of Tensors, such as gradients) is finite. `status` (MindSpore 2.0's overflow
    status buffer, see amp.init_status) is accepted and not needed."""
    if not isinstance(inputs, (tuple, list)):
        raise TypeError(f"For 'all_finite', the 'inputs' must be a tuple or list of Tensors, but got "
                        f"{type(inputs).__name__}.")
    if not inputs:
        raise ValueError("For 'all_finite', the 'inputs' must hold at least one Tensor, but got none.")
    for value in inputs:
        if not isinstance(value, Tensor):
            raise TypeError(f"For 'all_finite', every element of 'inputs' must be a Tensor, but got "
                            f"{type(value).__name__}.")
    flags = [ops.isfinite(value).all() for value in inputs]
    return flags[0] if len(flags) == 1 else ops.stack(flags).all()


def unscale(values: tuple, scale: Tensor) -> tuple:
    """Each Tensor of `values` times 1 / `scale` (a Tensor of shape () or (1,)), in its own
    dtype and shape."""
    inverse = ops.reciprocal(scale)
    if inverse.shape:
        inverse = ops.reshape(inverse, ())
    return tuple(value * to_dtype(inverse, value.dtype) for value in values)


class DynamicLossScaleUpdateCell(Cell):
    """DynamicLossScaleUpdateCell(loss_scale_value, scale_factor, scale_window)

    `construct(loss_scale, overflow)` updates the Parameter `loss_scale` in place and
    returns `overflow` (a Bool Tensor). On overflow the scale is divided by
    `scale_factor`, but not below 1. Once `scale_window` steps have passed since the last
    overflow or the last increase, a step without overflow multiplies it by
    `scale_factor`. The step counters are the Parameters `cur_iter` (from 1) and
    `last_overflow_iter` (from 0).
    """

    def __init__(self, loss_scale_value, scale_factor, scale_window):
        super().__init__()
        check_type("DynamicLossScaleUpdateCell", "loss_scale_value", loss_scale_value, (int, float))
        check_scale_factor("DynamicLossScaleUpdateCell", scale_factor)
        check_positive_int("DynamicLossScaleUpdateCell", "scale_window", scale_window)
        self.loss_scale_value = loss_scale_value
        self.scale_window = Tensor(scale_window, mstype.int32)
        self.scale_factor = Tensor(scale_factor, mstype.float32)
        self.minimum_loss_scale = Tensor(1.0, mstype.float32)
        self.cur_iter = Parameter(Tensor(1, mstype.int32), name="current_iterator_step")
        self.last_overflow_iter = Parameter(Tensor(0, mstype.int32), name="last_overflow_iterator_step")

    def get_loss_scale(self):
        """The initial loss scale `loss_scale_value`."""
        return self.loss_scale_value

    def construct(self, loss_scale, overflow):
        decreased = ops.maximum(loss_scale / self.scale_factor, self.minimum_loss_scale)
        scale = ops.select(overflow, decreased, loss_scale)
        window_passed = ops.less_equal(self.scale_window, self.cur_iter - self.last_overflow_iter)
        # An overflow or an increase starts a new window.
        restart = ops.logical_or(overflow, window_passed)
        ops.assign(self.last_overflow_iter, ops.select(restart, self.cur_iter, self.last_overflow_iter))
        increase = ops.logical_and(window_passed, ops.logical_not(overflow))
        ops.assign(loss_scale, ops.select(increase, scale * self.scale_factor, scale))
        ops.assign(self.cur_iter, self.cur_iter + 1)
        return overflow


class FixedLossScaleUpdateCell(Cell):
    """FixedLossScaleUpdateCell(loss_scale_value)

    Keeps the loss scale: `construct(loss_scale, overflow)` returns `overflow`.
    """

    def __init__(self, loss_scale_value):
        super().__init__()
        check_type("FixedLossScaleUpdateCell", "loss_scale_value", loss_scale_value, (int, float))
        self.loss_scale_value = loss_scale_value

    def get_loss_scale(self):
        """The loss scale `loss_scale_value`."""
        return self.loss_scale_value

    def construct(self, _, overflow):
        return overflow


class TrainOneStepWithLossScaleCell(TrainOneStepCell):
    """TrainOneStepWithLossScaleCell(network, optimizer, scale_sense)

    A training step with loss scaling. `scale_sense` is the scale: a Tensor of shape ()
    or (1,) (kept as the Parameter `scale_sense`; change it with `set_sense_scale`), or an
    update Cell such as DynamicLossScaleUpdateCell, which starts the scale at its
    `get_loss_scale()` and updates it after each step.

    `construct(*inputs)` back-propagates from the loss times the scale, divides the
    gradients by the scale and applies the optimizer unless some gradient is not finite.
    It returns `(loss, overflow, scale_sense)`: the loss, a Bool Tensor that is True when
    the update was skipped, and the scale Parameter (already updated for the next step).
    """

    parse_construct_in_graph = True  # the update is skipped on overflow: `if` on a Tensor

    overlaps_reduction = False
    """Its gradients are unscaled before the reducer sees them: reduced after the backward pass."""

    def __init__(self, network, optimizer, scale_sense):
        super().__init__(network, optimizer, sens=None)
        self.loss_scaling_manager = None
        if isinstance(scale_sense, Cell):
            if not hasattr(scale_sense, "get_loss_scale"):
                raise TypeError(f"For 'TrainOneStepWithLossScaleCell', a Cell 'scale_sense' must be a loss "
                                f"scale update Cell (with 'get_loss_scale'), but got "
                                f"{type(scale_sense).__name__}.")
            self.loss_scaling_manager = scale_sense
            self.scale_sense = Parameter(Tensor(scale_sense.get_loss_scale(), mstype.float32), name="scale_sense")
        elif isinstance(scale_sense, Tensor):
            if scale_sense.shape not in ((), (1,)):
                raise ValueError(f"For 'TrainOneStepWithLossScaleCell', the shape of 'scale_sense' must be "
                                 f"(1,) or (), but got {scale_sense.shape}.")
            self.scale_sense = Parameter(scale_sense, name="scale_sense")
        else:
            raise TypeError(f"For 'TrainOneStepWithLossScaleCell', the 'scale_sense' must be a Cell or a "
                            f"Tensor, but got {type(scale_sense).__name__}.")

    def construct(self, *inputs):
        scaling_sens = self.scale_sense
        (_, loss), grads = value_and_grad(self._forward_with_sens, None, self.weights,
                                          has_aux=True)(scaling_sens, *inputs)
        grads = unscale(grads, scaling_sens)
        grads = self.grad_reducer(grads)
        cond = self.get_overflow_status(None, grads)
        overflow = self.process_loss_scale(cond)
        if not overflow:
            loss = ops.depend(loss, self.optimizer(grads))
        return loss, cond, scaling_sens

    def set_sense_scale(self, sens) -> None:
        """Set the scale (a Tensor shaped and typed like `scale_sense`)."""
        if not isinstance(sens, Tensor):
            raise TypeError(f"For 'TrainOneStepWithLossScaleCell', the 'sens' must be a Tensor, but got "
                            f"{type(sens).__name__}.")
        self.scale_sense.set_data(sens)

    def start_overflow_check(self, pre_cond, compute_input):
        """(status, compute_input) for a later `get_overflow_status`. Overflow is read from
        the gradients themselves here, so the status is a placeholder (zeros of shape (8,)
        and dtype int32, as on MindSpore's devices without a float-status register)."""
        return ops.zeros((8,), mstype.int32), compute_input

    def get_overflow_status(self, status, compute_output) -> Tensor:
        """A Bool Tensor: True when some Tensor of `compute_output` (the gradients) holds an
        inf or a NaN. `status` (from start_overflow_check) is not needed."""
        return ops.logical_not(all_finite(compute_output))

    def process_loss_scale(self, overflow):
        """Update the scale for `overflow` with the update Cell, if there is one; returns
        `overflow`."""
        if self.loss_scaling_manager is not None:
            return self.loss_scaling_manager(self.scale_sense, overflow)
        return overflow


def check_scale_factor(api: str, value) -> None:
    """The factor a dynamic loss scale grows and shrinks by: a number > 0."""
    check_type(api, "scale_factor", value, (int, float))
    if value <= 0:
        raise ValueError(f"For '{api}', the 'scale_factor' must be > 0, but got {value}.")
