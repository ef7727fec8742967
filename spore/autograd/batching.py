"""Batching as an interpreter: `vmap` runs a function written for one sample on a batch.

Inside `vmap(fn)(*args)`, each batched argument is a BatchedTensor: it holds the whole
batch (the batch on axis 0 of its `value`) and shows the shape of one sample, so fn's
code reads and reshapes samples. Every primitive call on BatchedTensors goes to the
BatchInterpreter, which computes the batch at once: the call becomes a BatchedPrimitive,
the same primitive mapped over the batch, whose kernel is the primitive's kernel under
torch.func.vmap (a per-sample loop where that fails, see _kernels/batching.py) and whose
bprop is the primitive's bprop, batched. (Every registered op family gives the
per-sample loop's results this way: tests/autograd/test_vmap_families.py.)

The interpreters below (a tape, a graph builder, an outer vmap) see ordinary
primitive calls on whole batches, so vmap composes with grad and jit, and with itself.
"""
from __future__ import annotations

from typing import Callable

from .._kernels import batching as batching_kernels
from ..common.tensor import Tensor
from ..ops import interpreter
from ..ops.function import array_func, reduce_func
from ..ops.primitive import Primitive, TensorSpec
from . import reverse


class BatchedTensor(Tensor):
    """One sample's view of a batch: `value` holds all samples on its axis 0; shape,
    dtype and ndim are a sample's. Its values exist only as the batch: code that needs
    them as numbers (asnumpy(), bool()) can not run inside vmap."""

    __slots__ = ("level", "value")

    def __init__(self, value: Tensor, level: BatchInterpreter):
        self._t = None
        self._init = None
        self._node = None
        self.value = value
        self.level = level

    @property
    def shape(self) -> tuple:
        return tuple(self.value.shape[1:])

    @property
    def dtype(self):
        return self.value.dtype

    @property
    def ndim(self) -> int:
        return len(self.value.shape) - 1

    def _data(self):
        raise RuntimeError(f"A Tensor being batched by vmap (a sample of shape {list(self.shape)}, dtype "
                           f"{self.dtype}) has no value of its own: code inside vmap can only use it in "
                           f"operations, not read its numbers (asnumpy(), bool(), int(), item()).")

    def __repr__(self) -> str:
        return f"Tensor(shape={list(self.shape)}, dtype={self.dtype}, value=<batched by vmap>)"

    __str__ = __repr__


class BatchInterpreter(interpreter.Interpreter):
    """One vmap: the batch size, and how each primitive call on its BatchedTensors is
    computed on the whole batch."""

    def __init__(self, size: int):
        self.size = size

    def process(self, prim, args: tuple):
        dims = tuple(self._dims(a) for a in args)
        if not any(_batched(d) for d in dims):
            return prim(*args)
        for position in prim.state_positions:
            if dims[position] is None:
                raise ValueError(f"For '{prim.name}' inside vmap, the input {position} it updates is shared by the "
                                 f"batch (not batched) while other inputs are batched: each sample would update it "
                                 f"differently.")
        values = tuple(self._values(a) for a in args)
        specs = prim.infer(*args)   # BatchedTensors show a sample's shape
        flat = specs if isinstance(specs, tuple) else (specs,)
        if not all(isinstance(s, TensorSpec) for s in flat):
            return specs   # a value computed from shapes and dtypes alone (Shape, Rank, ...)
        return self._wrap(BatchedPrimitive(prim, dims, self.size)(*values))

    # ---- the batch's parts --------------------------------------------------------------
    def _dims(self, value):
        """0 where `value` is batched by this vmap, None where not; a tuple for sequences."""
        if isinstance(value, BatchedTensor) and value.level is self:
            return 0
        if type(value) in (tuple, list):
            dims = tuple(self._dims(v) for v in value)
            return dims if any(_batched(d) for d in dims) else None
        return None

    def _values(self, value):
        if isinstance(value, BatchedTensor) and value.level is self:
            return value.value
        if type(value) in (tuple, list):
            return type(value)(self._values(v) for v in value)
        return value

    def _wrap(self, out):
        if isinstance(out, Tensor):
            return BatchedTensor(out, self)
        if type(out) in (tuple, list):
            return type(out)(self._wrap(o) for o in out)
        return out


def _batched(dims) -> bool:
    if type(dims) is tuple:
        return any(_batched(d) for d in dims)
    return dims is not None


class BatchedPrimitive(Primitive):
    """`prim` mapped over axis 0 of the inputs that `in_dims` marks 0: its kernel is the
    vmapped kernel, its outputs have the batch on axis 0, its bprop is prim's bprop
    batched the same way (the gradient of a shared input sums over the batch)."""

    def __init__(self, prim: Primitive, in_dims: tuple, size: int):
        super().__init__(prim.name)
        self.prim = prim
        self.in_dims = in_dims
        self.size = size
        self.side_effect = prim.side_effect
        self.pure = prim.pure
        self.state_positions = prim.state_positions
        self.state_results = prim.state_results
        self.output_results = prim.output_results
        if self.state_positions or self.output_results is not None:
            self.run = self._run_declared

    @property
    def kernel(self) -> Callable:
        if self._kernel is None:
            self._kernel = batching_kernels.vmapped(self.prim.kernel, self.in_dims, self.size)
        return self._kernel

    def infer(self, *inputs):
        specs = self.prim.infer(*(_sample_spec(a, d) for a, d in zip(inputs, self.in_dims)))
        if isinstance(specs, tuple):
            return tuple(TensorSpec((self.size,) + tuple(s.shape), s.dtype) for s in specs)
        return TensorSpec((self.size,) + tuple(specs.shape), specs.dtype)

    def bprop(self, *inputs_out_dout):
        *inputs, out, dout = inputs_out_dout
        sample_bprop = reverse.bprop_of(self.prim)
        if sample_bprop is None:
            return (None,) * len(inputs)
        n = len(inputs)
        out_dims = _zeros_like_structure(out)

        def per_sample(*values):
            return tuple(sample_bprop(*values[:n], values[n], values[n + 1]))

        grads = vmap(per_sample, in_axes=tuple(self.in_dims) + (out_dims, out_dims))(*inputs, out, dout)
        return tuple(_summed_if_shared(g, d) for g, d in zip(grads, self.in_dims))


def _sample_spec(value, dims):
    if type(dims) is tuple:
        return type(value)(_sample_spec(v, d) for v, d in zip(value, dims))
    if dims is None or not isinstance(value, Tensor):
        return value
    return _SampleSpec(value)


class _SampleSpec(BatchedTensor):
    """A batched input as `infer` sees it in a graph: a sample's shape and dtype."""

    def __init__(self, value):
        super().__init__(value, None)


def _zeros_like_structure(value):
    if type(value) in (tuple, list):
        return tuple(_zeros_like_structure(v) for v in value)
    return 0 if isinstance(value, Tensor) else None


def _summed_if_shared(grad, dims):
    """A shared (unbatched) input's gradient is the sum of the per-sample ones."""
    if grad is None:
        return None
    if type(dims) is tuple:
        return tuple(_summed_if_shared(g, d) for g, d in zip(grad, dims))
    return reduce_func.reduce_sum(grad, 0) if dims is None and isinstance(grad, Tensor) else grad


# ---- the user's vmap ----------------------------------------------------------------------------
def _check_axis(axis, what: str) -> None:
    if axis is not None and (isinstance(axis, bool) or not isinstance(axis, int)):
        raise RuntimeError(f"The axis in vmap`s '{what}' can only be of type Int or None, but got "
                           f"{type(axis).__name__} {axis!r}.")


def _normalized(axis: int, ndim: int, what: str) -> int:
    if not -ndim <= axis < ndim:
        raise RuntimeError(f"The axis: {axis} in '{what}' is out of bounds for array of dimension [{-ndim},{ndim}).")
    return axis % ndim


def _pairs(value, axes, what: str):
    """(Tensor leaf, its axis) over `value`, `axes` being an int / None for all of it or a
    nest matching its tuples and lists."""
    if isinstance(axes, (tuple, list)):
        if not isinstance(value, (tuple, list)) or len(value) != len(axes):
            raise RuntimeError(f"The axis in vmap's '{what}' should be a None or a scalar of type Int64Imm, but got "
                               f"a {axes}.")
        for v, a in zip(value, axes):
            yield from _pairs(v, a, what)
        return
    _check_axis(axes, what)
    if isinstance(value, (tuple, list)):
        for v in value:
            yield from _pairs(v, axes, what)
    elif isinstance(value, Tensor):
        yield value, axes


def _batch_inputs(value, axes, level: BatchInterpreter):
    """`value` with each Tensor leaf that has an axis made a BatchedTensor of `level`."""
    if isinstance(value, (tuple, list)):
        per_item = axes if isinstance(axes, (tuple, list)) else [axes] * len(value)
        return type(value)(_batch_inputs(v, a, level) for v, a in zip(value, per_item))
    if isinstance(value, Tensor) and axes is not None:
        axis = _normalized(axes, value.ndim, "in_axes")
        moved = value if axis == 0 else array_func.moveaxis(value, axis, 0)
        return BatchedTensor(moved, level)
    return value


def _unbatch(value, axes, level: BatchInterpreter):
    """fn's results: each batched Tensor with its batch moved to its out axis; a Tensor
    fn computed without the batch is broadcast along it (None: returned as it is)."""
    if isinstance(value, (tuple, list)):
        if isinstance(axes, (tuple, list)) and len(axes) != len(value):
            raise RuntimeError(f"The size of vmap's 'out_axes' should be equal to the number of results of 'fn': "
                               f"{len(value)}, but got size: {len(axes)}.")
        per_item = axes if isinstance(axes, (tuple, list)) else [axes] * len(value)
        return type(value)(_unbatch(v, a, level) for v, a in zip(value, per_item))
    _check_axis(axes, "out_axes")
    if axes is None:
        if isinstance(value, BatchedTensor) and value.level is level:
            raise RuntimeError("The 'out_axes' of vmap can be None only for outputs that do not depend on the "
                               "batched inputs, but an output does.")
        return value
    if isinstance(value, (bool, int, float)):   # a number fn returned: the same for every sample
        value = Tensor(value)
    if not isinstance(value, Tensor):
        return value
    batched = isinstance(value, BatchedTensor) and value.level is level
    whole = value.value if batched else array_func.broadcast_to(
        array_func.expand_dims(value, 0), (level.size,) + tuple(value.shape))
    axis = _normalized(axes, whole.ndim, "out_axes")
    return whole if axis == 0 else array_func.moveaxis(whole, 0, axis)


def vmap(fn: Callable, in_axes=0, out_axes=0) -> Callable:
    """`fn` over a batch: `in_axes` (an int, None, or a nest matching the arguments) says
    which axis of each argument is the batch (None: the argument is shared); `out_axes`
    where the batch goes in each output (None: the output is not batched)."""
    if not callable(fn):
        raise TypeError(f"For 'vmap', the 'fn' must be callable, but got {type(fn).__name__}.")
    if in_axes is None:
        raise RuntimeError("The 'in_axes' of 'vmap' cannot be a single None while 'fn' is not a 'CellList'.")
    if out_axes is None:
        raise RuntimeError("The 'out_axes' of 'vmap' cannot be a single None while 'fn' is not a 'CellList'.")

    def batched(*args):
        if isinstance(in_axes, (tuple, list)) and len(in_axes) != len(args):
            raise RuntimeError(f"When vmap`s 'in_axes' is a tuple or list, and its size must be equal to the number "
                               f"of arguments of 'fn': {len(args)}, but got size: {len(in_axes)}.")
        axes = tuple(in_axes) if isinstance(in_axes, (tuple, list)) else (in_axes,) * len(args)
        sizes = [t.shape[_normalized(a, t.ndim, "in_axes")] for t, a in _pairs(args, axes, "in_axes")
                 if a is not None]
        if not sizes:
            raise RuntimeError(f"The 'in_axes' of 'vmap' cannot be all None while 'fn' is not a 'CellList', but got "
                               f"{in_axes}.")
        for size in sizes[1:]:
            if size != sizes[0]:
                raise RuntimeError(f"The 'axis_size' of each argument in the scope of 'vmap' should be equal, but got "
                                   f"{sizes[0]} and {size}.")
        level = BatchInterpreter(sizes[0])
        inputs = _batch_inputs(args, axes, level)
        with interpreter.interpreting(level):
            outputs = fn(*inputs)
        return _unbatch(outputs, out_axes, level)

    return batched


class _Vmap:
    """_Vmap()(fn, in_axes=0, out_axes=0): the transformation behind vmap."""

    def __call__(self, fn: Callable, in_axes=0, out_axes=0) -> Callable:
        return vmap(fn, in_axes, out_axes)
