"""Primitives that look at values as they pass: the summary operators (their values
reach `SummaryRecord.record`), TensorDump, Assert, UpdateState, Reusing, and the gradient
hooks InsertGradientOf and DumpGradient (identities whose work happens in backward)."""
from __future__ import annotations

from ..._kernels.inspect import SUMMARY_VALUES
from ...common import dtype as mstype
from ..primitive import Primitive, TensorSpec
from ..validator import check_int, check_string, check_tensor

__all__ = ["Assert", "DumpGradient", "HistogramSummary", "ImageSummary", "InsertGradientOf", "Reusing",
           "ScalarSummary", "TensorDump", "TensorSummary", "UpdateState"]


def take_summary_values() -> list[tuple[str, str, object]]:
    """(plugin, name, NumPy value) of every summary operator call since the last take,
    the newest value of each name (SummaryRecord.record takes them)."""
    values = [(plugin, name, array) for (plugin, name), array in SUMMARY_VALUES.items()]
    SUMMARY_VALUES.clear()
    return values


def _spec(x) -> TensorSpec:
    return TensorSpec(x.shape, x.dtype)


class _Summary(Primitive):
    """A summary operator: `op(name, value)` keeps the Tensor `value` under the constant
    str `name` for the next `SummaryRecord.record(step)` (in PyNative and Graph mode);
    returns None. Compiled graphs keep the call in program order."""

    side_effect = True
    plugin = "scalar"
    """What the value is shown as (the summary file's plugin)."""
    ranks: tuple[int, int] | None = None
    """(lowest, highest) rank `value` may have, or None for any."""

    def __init__(self):
        super().__init__()
        self.add_prim_attrs(side_effect_io=True, channel_name=f"ms_{self.plugin}_summary")

    def infer(self, name, value):
        if not isinstance(name, str):
            raise TypeError(f"For primitive[{self.name}], the input argument[name] must be a type of {{String}}, "
                            f"but got {type(name).__name__}.")
        check_tensor(self.name, "value", value)
        if self.ranks is not None:
            low, high = self.ranks
            rank = len(value.shape)
            if not low <= rank <= high:
                bound = f"equal to {low}" if low == high else f"greater than or equal to {low}"
                raise ValueError(f"For primitive[{self.name}], the v rank must be {bound}, but got {rank}.")
        return None

    check = infer


class ScalarSummary(_Summary):
    """ScalarSummary()(name, value): a one-element Tensor shown as a scalar curve."""


class TensorSummary(_Summary):
    """TensorSummary()(name, value): a Tensor of rank >= 1, recorded whole."""

    plugin = "tensor"
    ranks = (1, 1 << 30)


class ImageSummary(_Summary):
    """ImageSummary()(name, value): an NCHW batch of images (rank 4)."""

    plugin = "image"
    ranks = (4, 4)


class HistogramSummary(_Summary):
    """HistogramSummary()(name, value): a Tensor of rank >= 1 shown as a histogram."""

    plugin = "histogram"
    ranks = (1, 1 << 30)


class TensorDump(Primitive):
    """TensorDump(input_output='out')(file, input_x)

    Saves `input_x` to `<file>_<dtype>_<n>.npy` (a trailing '.npy' of `file` dropped; n
    counts the dumps of the process); returns None. `input_output` says which side of
    the producing op to dump on Ascend; on one CPU both are the value itself.
    """

    side_effect = True

    def __init__(self, input_output: str = "out"):
        super().__init__()
        if input_output not in ("in", "out"):
            raise ValueError(f"The 'input_output' argument should be one of ['in', 'out'], but got: {input_output}")
        self.add_prim_attrs(input_output=input_output, side_effect_io=True, channel_name="ms_tensor_dump")

    def infer(self, file, input_x):
        if not isinstance(file, str):
            raise TypeError(f"For 'TensorDump', the type of 'file' should be 'str', but got type "
                            f"'{type(file).__name__}'.")
        check_tensor(self.name, "input_x", input_x)
        return None

    check = infer


class _SaveArray(Primitive):
    """Writes a Tensor to the .npy file `path` (DumpGradient's backward)."""

    side_effect = True

    def infer(self, path, value):
        return None


class InsertGradientOf(Primitive):
    """InsertGradientOf(f)(input_x)

    Identity in forward; the gradient flowing back through it is `f(dout)` (in a graph,
    `f` is compiled into the backward).
    """

    def __init__(self, f):
        super().__init__()
        self.add_prim_attrs(f=f, side_effect_backprop=True)

    def infer(self, *inputs):
        if len(inputs) != 1:
            raise RuntimeError(f"For 'InsertGradientOf', the number of input should be 1, but got {len(inputs)}")
        check_tensor(self.name, "input_x", inputs[0])
        return _spec(inputs[0])


class DumpGradient(Primitive):
    """DumpGradient()(path, x, input_output)

    Identity on `x` in forward; in backward, the gradient arriving at `x` is saved to the
    .npy file `path` and passed on. `input_output` ('in' or 'out') names the side of the
    op producing `x` to dump on Ascend; through this identity both are that gradient.
    """

    def infer(self, path, x, input_output):
        if not isinstance(path, str):
            raise TypeError(f"For 'DumpGradient', the 'path' must be str, but got {type(path).__name__}.")
        check_tensor(self.name, "x", x)
        check_string(self.name, "input_output", input_output, ("in", "out"), case_sensitive=True)
        return _spec(x)

    check = infer


class Assert(Primitive):
    """Assert(summarize=3)(condition, input_data)

    Raises RuntimeError ('assert failed') when the bool Tensor `condition` is not all
    True, after printing the first `summarize` values of each Tensor of `input_data` (a
    list or tuple); otherwise returns a Tensor of one int32. Compiled graphs keep it in
    program order.
    """

    side_effect = True

    def __init__(self, summarize: int = 3):
        super().__init__()
        self.add_prim_attrs(summarize=check_int(self.name, "summarize", summarize), side_effect_io=True)

    def infer(self, condition, input_data):
        check_tensor(self.name, "condition", condition)
        if condition.dtype is not mstype.bool_:
            raise TypeError(f"For 'Assert', the type of 'condition' must be in [mindspore.bool], but got "
                            f"{condition.dtype}.")
        if not isinstance(input_data, (list, tuple)):
            raise TypeError(f"For 'Assert', the 'input_data' must be a list or tuple of Tensors, but got "
                            f"{type(input_data).__name__}.")
        for i, t in enumerate(input_data):
            check_tensor(self.name, f"input_data[{i}]", t)
        return TensorSpec((1,), mstype.int32)

    check = infer

    def _recover(self, args, failure: Exception):
        self.infer(*args)
        raise RuntimeError(str(failure)) from None


class UpdateState(Primitive):
    """UpdateState()(state, *expressions): `state`, after `expressions` (the order token of
    MindSpore's graphs; spore's compiled graphs keep side effects in program order)."""

    def infer(self, state, *expressions):
        check_tensor(self.name, "state", state)
        return _spec(state)

    check = infer


class Reusing(Primitive):
    """Reusing()(fn): `fn`, marked not to be inlined into the graphs calling it. spore
    inlines every call when it compiles (the same values), so `fn` comes back as it is."""

    def compose(self, fn):
        if not callable(fn):
            raise TypeError(f"For 'Reusing', the input must be a function, but got {type(fn).__name__}.")
        return fn
