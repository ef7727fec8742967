"""bprops of the primitives in operations/inspect_ops.py."""
from __future__ import annotations

from ..interpreter import call_function
from ..operations.inspect_ops import _SaveArray
from .registry import bprop, non_differentiable

non_differentiable("ScalarSummary", "TensorSummary", "ImageSummary", "HistogramSummary", "TensorDump", "Assert",
                   "UpdateState")

_save_array = _SaveArray()


@bprop("InsertGradientOf")
def _insert_gradient_of(prim, x, out, dout):
    """The user's function of the gradient arriving here, passed on instead of it."""
    return (call_function(prim.f, dout),)


@bprop("DumpGradient")
def _dump_gradient(prim, path, x, input_output, out, dout):
    """The gradient arriving at x, saved to `path` and passed on."""
    _save_array(path, dout)
    return None, dout, None
