"""TimeDistributed: a layer applied to every time step of a sequence."""
from __future__ import annotations

from ... import ops
from ...common.tensor import Tensor
from ...ops.primitive import Primitive
from ...ops.validator import check_type
from ..cell import Cell

__all__ = ["TimeDistributed"]


class TimeDistributed(Cell):
    """TimeDistributed(layer, time_axis, reshape_with_axis=None)

    Applies `layer` (a Cell or Primitive) to each slice of the input along `time_axis`
    and stacks the results along that axis. With `reshape_with_axis`, the time axis is
    merged into that axis instead, the layer runs once, and the result is split back: the
    layer must keep the size of that merged axis.

    Inputs: x, at least 3-D. Outputs: the layer's output per step, stacked at time_axis.
    """

    def __init__(self, layer, time_axis, reshape_with_axis=None):
        if not isinstance(layer, (Cell, Primitive)):
            raise TypeError(f"For 'TimeDistributed', the 'layer' must be Cell or Primitive instance, but got type: "
                            f"{type(layer).__name__}.")
        super().__init__()
        self.time_axis = check_type(self.cls_name, "time_axis", time_axis, int)
        if reshape_with_axis is not None:
            check_type(self.cls_name, "reshape_with_axis", reshape_with_axis, int)
        self.layer = layer
        self.reshape_with_axis = reshape_with_axis

    def _check(self, value, what: str):
        if not isinstance(value, Tensor):
            raise TypeError(f"For '{self.cls_name}', the {what} must be a Tensor, but got {type(value).__name__}.")
        return value

    def construct(self, inputs):
        self._check(inputs, "inputs")
        ndim = inputs.ndim
        if ndim < 3:
            raise ValueError(f"For '{self.cls_name}', the inputs shape must be at least 3D, but got {ndim}.")
        time_axis = self.time_axis % ndim
        if self.reshape_with_axis is None:
            steps = [self._check(self.layer(step), "layer outputs") for step in ops.unstack(inputs, time_axis)]
            if time_axis > steps[0].ndim:
                raise ValueError(f"For '{self.cls_name}', the value of 'time_axis' must be in range of "
                                 f"[{-steps[0].ndim - 1}, {steps[0].ndim}], but got {time_axis}.")
            return ops.stack(steps, time_axis)
        return self._merged_call(inputs, time_axis, self.reshape_with_axis % ndim)

    def _merged_call(self, inputs, time_axis: int, merge_axis: int):
        """Move the time axis next to `merge_axis`, merge the two, run the layer, split."""
        ndim = inputs.ndim
        if merge_axis == ndim - 1:
            neighbour = ndim - 2
        else:
            neighbour = merge_axis + 1 if time_axis > merge_axis else merge_axis - 1
        merged_at = min(neighbour, merge_axis)
        low, high = sorted((neighbour, time_axis))
        perm = tuple(range(low)) + (high,) + tuple(range(low, high)) + tuple(range(high + 1, ndim))
        moved = ops.transpose(inputs, perm)
        moved_shape = moved.shape
        outputs = self._check(self.layer(ops.reshape(moved, moved_shape[:merged_at] + (-1,)
                                                     + moved_shape[merged_at + 2:])), "layer outputs")
        merged_size = moved_shape[merged_at] * moved_shape[merged_at + 1]
        if merged_at >= outputs.ndim or outputs.shape[merged_at] != merged_size:
            raise ValueError(f"For '{self.cls_name}', the 'reshape_with_axis' is invalid: the layer must keep the "
                             f"size {merged_size} of axis {merged_at}, but its output has shape {outputs.shape}. "
                             f"You may try without 'reshape_with_axis'.")
        split_shape = outputs.shape[:merged_at] + moved_shape[merged_at:merged_at + 2] + outputs.shape[merged_at + 1:]
        return ops.reshape(outputs, (-1,) + split_shape[1:])
