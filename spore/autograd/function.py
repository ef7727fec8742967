"""`mindspore._Function`: a differentiable function defined by its own forward and
backward, in the style of PyTorch's autograd.Function.

    class Square(ms._Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x * x

        @staticmethod
        def backward(ctx, grad):
            x, = ctx.saved_tensors
            return grad * 2 * x

    y = Square.apply(x)

`apply` runs `forward` with the tapes paused, then records one node over the Tensor
inputs whose bprop calls `backward` with one gradient per output. `ctx` is an instance
of the subclass: attributes set on it in forward are there in backward.
"""
from __future__ import annotations

from ..common.tensor import Tensor, wrap
from ..ops.primitive import Primitive
from . import tape as _tape


def _as_tuple(value) -> tuple:
    return tuple(value) if isinstance(value, (tuple, list)) else (value,)


def _fresh(value):
    """A Tensor returned as it came in (an input modified in place) gets a new wrapper,
    so the output has its own tape variable and the input keeps its own."""
    return wrap(value._t) if isinstance(value, Tensor) else value


class _FunctionNode(Primitive):
    """The recorded call of one `_Function.apply`."""

    def __init__(self, ctx, n_outputs: int):
        super().__init__(type(ctx).__name__)
        self.ctx = ctx
        self.n_outputs = n_outputs

    def infer(self, *inputs):
        return None

    def bprop(self, *inputs_out_dout):
        *inputs, _, dout = inputs_out_dout
        ctx = self.ctx
        douts = list(_as_tuple(dout))[:self.n_outputs]
        if not ctx.materialize_grads:
            douts = [g if i in ctx._outputs_reached else None for i, g in enumerate(douts)]
        grads = _as_tuple(type(ctx).backward(ctx, *douts))
        if len(grads) < len(inputs):
            raise ValueError(f"For '{type(ctx).__name__}.backward', one gradient per input of forward "
                             f"({len(inputs)}) must be returned, but got {len(grads)}.")
        return grads[:len(inputs)]


class _OutputReached(Primitive):
    """Identity on one output of a `_Function` whose ctx does not materialize grads:
    its bprop runs only when a gradient reaches that output, and says so to the ctx."""

    def __init__(self, ctx, index: int):
        super().__init__("_OutputReached")
        self.ctx = ctx
        self.index = index

    def infer(self, x):
        return x

    def run(self, args: tuple):
        return _fresh(args[0])

    def bprop(self, x, out, dout):
        self.ctx._outputs_reached.add(self.index)
        return (dout,)


class _Function:
    """Base class of functions with a hand-written backward; call them as `F.apply(...)`."""

    def __init__(self):
        self.saved_tensors: tuple = ()
        self.needs_input_grad: tuple = ()
        self.non_differentiable: tuple = ()
        self.dirty_tensors: tuple = ()
        self.materialize_grads = True
        self._outputs_reached: set[int] = set()

    @staticmethod
    def forward(ctx, *args, **kwargs):
        """The computation, on the inputs as given; returns a Tensor or a tuple."""
        raise NotImplementedError("forward function should be customized.")

    @staticmethod
    def backward(ctx, *grad_outputs):
        """One gradient per input of forward (None for inputs that have none), from one
        gradient per output."""
        raise NotImplementedError("backward function should be customized.")

    # ---- what forward tells backward -------------------------------------------------------
    def save_for_backward(self, *tensors) -> None:
        """Keep Tensors for backward (`ctx.saved_tensors`)."""
        for t in tensors:
            if t is not None and not isinstance(t, Tensor):
                raise TypeError(f"For 'save_for_backward', each argument must be a Tensor or None, but got "
                                f"{type(t).__name__}.")
        self.saved_tensors = tensors

    def mark_non_differentiable(self, *tensors) -> None:
        """Outputs no gradient flows back through."""
        self.non_differentiable = tensors

    def mark_dirty(self, *tensors) -> None:
        """Inputs forward modified in place (and returns): their outputs get their own
        tape variables."""
        self.dirty_tensors = tensors

    def set_materialize_grads(self, value: bool) -> None:
        """With False, backward receives None (not zeros) for outputs no gradient reached."""
        if not isinstance(value, bool):
            raise TypeError(f"For 'set_materialize_grads', the 'value' must be bool, but got "
                            f"{type(value).__name__}.")
        self.materialize_grads = value

    # ---- the call ------------------------------------------------------------------------------
    @classmethod
    def apply(cls, *args, **kwargs):
        ctx = cls()
        tapes = _tape.recording_tapes()
        ctx.needs_input_grad = tuple(isinstance(a, Tensor) and any(t.variable_of(a) is not None for t in tapes)
                                     for a in args)
        with _tape.paused():
            outputs = cls.forward(ctx, *args, **kwargs)
        if not any(ctx.needs_input_grad):
            return outputs
        returned = tuple(_fresh(o) if _is_among(o, args) else o for o in _as_tuple(outputs))
        # The tape sees a non-differentiable output through a wrapper of its own, so the
        # Tensor the caller gets carries no gradient.
        recorded = tuple(_fresh(o) if _is_among(o, ctx.non_differentiable) else o for o in returned)
        node = _FunctionNode(ctx, len(returned))
        for tape in tapes:
            tape.record(node, args, recorded)
        if not ctx.materialize_grads:
            returned = tuple(_OutputReached(ctx, i)(o) if isinstance(o, Tensor) else o
                             for i, o in enumerate(returned))
        return returned if isinstance(outputs, tuple) else returned[0]


def _is_among(value, values) -> bool:
    return any(value is v for v in values)
