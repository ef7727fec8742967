"""Primitives of Ascend's graph engine (GeSwitch, Merge: dataflow switching between
branches), of its float-status register (NPUAllocFloatStatus, NPUGetFloatStatus,
NPUClearFloatStatus: overflow flags the NPU sets while it computes), of host / device
copies and the parameter server (MoveTo, Pull, Push), and Ascend's fused rotary
embedding (ApplyRotaryPosEmb).

MindSpore 2.7.1 has no CPU kernel for any of them: GeSwitch and Merge raise
NotImplementedError in PyNative mode and RuntimeError ("Unsupported op [...] on CPU") in
a graph; the others raise a RuntimeError in both modes. spore matches it, after checking
the inputs as MindSpore does. On the CPU, `ops.FloatStatus` or `amp.all_finite` detect
overflow, and `ops.rotary_position_embedding` applies rotary embeddings.
"""
from __future__ import annotations

from .. import interpreter
from ..primitive import Primitive
from ..validator import check_tensor

__all__ = ["GeSwitch", "Merge", "NPUAllocFloatStatus", "NPUClearFloatStatus", "NPUGetFloatStatus", "MoveTo", "Pull",
           "Push", "ApplyRotaryPosEmb"]


def _unsupported(name: str) -> RuntimeError:
    return RuntimeError(f"Unsupported op [{name}] on CPU: it runs on Ascend only; MindSpore 2.7.1 has no CPU kernel "
                        f"for it.")


class _AscendOnly(Primitive):
    """Checks its inputs, then raises as MindSpore 2.7.1 does on the CPU."""

    def compose(self, *inputs):
        self.check_inputs(*inputs)
        raise self.unsupported()

    def check_inputs(self, *inputs) -> None:
        """Raise MindSpore's TypeError for inputs of the wrong kind."""

    def unsupported(self) -> Exception:
        return _unsupported(self.name)


class _GraphEngineOnly(_AscendOnly):
    def unsupported(self) -> Exception:
        if interpreter.graph_builder is None:
            return NotImplementedError(f"'{self.name}' is an operator of Ascend's graph engine: it has no "
                                       f"implementation in PyNative mode.")
        return _unsupported(self.name)


class GeSwitch(_GraphEngineOnly):
    """GeSwitch()(data, pred) -> (false_output, true_output): `data` flows to the branch
    the bool scalar `pred` selects (Ascend's graph engine only; see the module)."""

    def check_inputs(self, data, pred):
        if not (isinstance(data, (int, float)) or hasattr(data, "dtype")):
            raise TypeError(f"For 'GeSwitch', the 'data' must be a Tensor or a Number, but got "
                            f"{type(data).__name__}.")
        check_tensor(self.name, "pred", pred)


class Merge(_GraphEngineOnly):
    """Merge()(inputs) -> (output, index): the one input of the tuple `inputs` whose
    branch ran, and its index (Ascend's graph engine only; see the module)."""

    def check_inputs(self, inputs):
        if not isinstance(inputs, (tuple, list)):
            raise TypeError(f"For 'Merge', the 'inputs' must be a tuple or list of Tensors, but got "
                            f"{type(inputs).__name__}.")
        for i, x in enumerate(inputs):
            check_tensor(self.name, f"inputs[{i}]", x)


class NPUAllocFloatStatus(_AscendOnly):
    """NPUAllocFloatStatus()() -> a float32 Tensor of shape (8,) for the NPU's overflow
    flags (Ascend only; see the module)."""


class NPUGetFloatStatus(_AscendOnly):
    """NPUGetFloatStatus()(x): the NPU's overflow flags written into `x`, the (8,)
    float32 Tensor of NPUAllocFloatStatus (Ascend only; see the module)."""

    def check_inputs(self, x):
        check_tensor(self.name, "x", x)


class NPUClearFloatStatus(_AscendOnly):
    """NPUClearFloatStatus()(x): the NPU's overflow flags cleared (Ascend only; see the
    module)."""

    def check_inputs(self, x):
        check_tensor(self.name, "x", x)


class MoveTo(_AscendOnly):
    """MoveTo()(input, to="CPU", blocking=True): `input` copied to the device `to`
    ("Ascend" or "CPU"). MindSpore 2.7.1 selects no CPU kernel for it, even for
    to="CPU" (see the module); on one device spore's Tensors need no copy."""

    def check_inputs(self, input, to="CPU", blocking=True):
        if not (hasattr(input, "dtype") or isinstance(input, (list, tuple))):
            raise TypeError(f"For 'MoveTo', the 'input' must be a Tensor, list or tuple, but got "
                            f"{type(input).__name__}.")


class Pull(_AscendOnly):
    """Pull()(key, weight): the weight pulled from the parameter server (MindSpore's
    parameter-server training; no CPU kernel in 2.7.1, see the module)."""


class Push(_AscendOnly):
    """Push(optim_type='ApplyMomentum', only_shape_indices=None)(optim_inputs,
    optim_input_shapes): an optimizer's inputs pushed to the parameter server (no CPU
    kernel in MindSpore 2.7.1, see the module)."""

    def __init__(self, optim_type="ApplyMomentum", only_shape_indices=None):
        super().__init__()
        self.add_prim_attrs(optim_type=optim_type, only_shape_indices=only_shape_indices)


class ApplyRotaryPosEmb(_AscendOnly):
    """ApplyRotaryPosEmb(cos_format=0)(query, key, cos, sin, position_ids): Ascend's fused
    rotary position embedding of query and key (no CPU kernel in MindSpore 2.7.1, see the
    module; `ops.rotary_position_embedding` runs on the CPU)."""

    def __init__(self, cos_format=0):
        super().__init__()
        self.add_prim_attr("cos_format", cos_format)

    def check_inputs(self, query, key, cos, sin, position_ids):
        for arg, value in zip(("query", "key", "cos", "sin", "position_ids"), (query, key, cos, sin, position_ids)):
            check_tensor(self.name, arg, value)

    def unsupported(self) -> Exception:
        return RuntimeError(f"The kernel {self.name} unregistered: it runs on Ascend only; MindSpore 2.7.1 has no "
                            f"CPU kernel for it.")
