"""bprops of the array primitives (operations/array_ops.py).

Every differentiable array op moves, copies or drops elements without changing their
values, so its bprop routes the gradient back the opposite way: reshapes undo the
reshape, joins split and splits join, and ops that copy an element several times
(BroadcastTo, Tile, Meshgrid, padding modes that mirror or wrap, RepeatInterleave) sum
the gradients of all the copies into it.
"""
from __future__ import annotations

import functools

import numpy as np

from ...common.tensor import Tensor
from ..operations import array_ops as A
from ..operations.reduce_ops import ReduceSum
from ..operations.scatter_ops import UnsortedSegmentSum
from .broadcast import grad_like, sum_to_shape
from .registry import bprop, non_differentiable

# Creation ops and shape queries: their outputs do not depend on input values.
non_differentiable("OnesLike", "ZerosLike", "Zeros", "Ones", "Fill", "Eye", "Range", "LinSpace",
                   "OneHot", "Shape", "Rank", "Size", "DType", "TrilIndices", "TriuIndices",
                   "InvertPermutation", "UnravelIndex", "TensorShape", "TupleToArray",
                   "DataFormatDimMap", "DataFormatVecPermute", "ScalarToTensor", "ScalarCast", "RaggedRange")

_reshape, _transpose, _zeros_like, _sum = A.Reshape(), A.Transpose(), A.ZerosLike(), ReduceSum()
_crop, _repeat_grad = A.PadV3(), A.RepeatInterleaveGrad()
_diag, _diag_part, _segment_sum = A.Diag(), A.DiagPart(), UnsortedSegmentSum()
_repeat_int, _repeat_tensor = A.RepeatInterleaveInt(), A.RepeatInterleaveTensor()


@functools.lru_cache(maxsize=512)
def _prim(cls, *attrs):
    """The Primitive `cls(*attrs)`, built once per distinct attribute values."""
    return cls(*attrs)


def _ints(value) -> tuple[int, ...]:
    """An int, a sequence of ints or a 1-D Tensor of them, as a tuple."""
    if isinstance(value, int):
        return (value,)
    return tuple(value.tolist() if hasattr(value, "tolist") else value)


def _sum_axes(grad, axes: tuple, shape: tuple):
    """`grad` summed over `axes` (none: untouched) and reshaped to `shape`."""
    if axes:
        grad = _sum(grad, axes)
    return grad if tuple(grad.shape) == tuple(shape) else _reshape(grad, shape)


# ---- shapes -------------------------------------------------------------------------------------
@bprop("Reshape", "ExpandDims", "Squeeze", "Flatten")
def _reshape_to_input(prim, x, *rest):
    """(x, [shape or axis], out, dout): the gradient in x's shape."""
    return (_reshape(rest[-1], x.shape),) + (None,) * (len(rest) - 2)


@bprop("Transpose")
def _transpose_back(prim, x, perm, out, dout):
    """Output axis i is input axis perm[i], so the inverse permutation brings it back."""
    rank = len(perm)
    perm = [p % rank for p in perm] if rank else []
    inverse = tuple(sorted(range(rank), key=perm.__getitem__))
    return _transpose(dout, inverse), None


@bprop("BroadcastTo")
def _broadcast_to(prim, x, out, dout):
    return (sum_to_shape(dout, x.shape),)


@bprop("Tile")
def _tile(prim, x, dims, out, dout):
    """With x's shape and `dims` padded to one rank r, the output reshaped to (d0, s0, d1,
    s1, ...) holds x once for every index (i0, i1, ...) of the d axes: dx sums over them."""
    dims = _ints(dims)
    shape = tuple(x.shape)
    rank = max(len(shape), len(dims))
    dims = (1,) * (rank - len(dims)) + dims
    sizes = (1,) * (rank - len(shape)) + shape
    split = tuple(n for pair in zip(dims, sizes) for n in pair)
    axes = tuple(2 * i for i, d in enumerate(dims) if d != 1)
    return _sum_axes(_reshape(dout, split), axes, shape), None


# ---- joining and splitting ----------------------------------------------------------------------
@bprop("Concat")
def _concat(prim, tensors, out, dout):
    sizes = tuple(t.shape[prim.axis] for t in tensors)
    return (_prim(A.SplitV, sizes, prim.axis, len(sizes))(dout),)


@bprop("Stack")
def _stack(prim, *inputs_out_dout):
    """Stack takes one sequence of tensors or the tensors as separate inputs."""
    inputs, dout = inputs_out_dout[:-2], inputs_out_dout[-1]
    grads = _prim(A.Unstack, prim.axis)(dout)
    return (grads,) if len(inputs) == 1 and isinstance(inputs[0], (tuple, list)) else grads


@bprop("Unstack")
def _unstack(prim, x, out, dout):
    return (_prim(A.Stack, prim.axis)(dout),)


@bprop("Split")
def _split(prim, x, out, dout):
    return (_prim(A.Concat, prim.axis)(dout),)


@bprop("SplitV")
def _split_v(prim, x, out, dout):
    return (_prim(A.Concat, prim.split_dim)(dout),)


@bprop("Meshgrid")
def _meshgrid(prim, inputs, out, dout):
    """Grid i repeats input i along its own axis (i, or 1 - i for the first two inputs
    with 'xy' indexing): its gradient summed over the other axes is input i's."""
    rank = len(inputs)
    grads = []
    for i, (x, grad) in enumerate(zip(inputs, dout)):
        axis = 1 - i if prim.indexing == "xy" and rank > 1 and i < 2 else i
        grads.append(_sum_axes(grad, tuple(a for a in range(rank) if a != axis), x.shape))
    return (tuple(grads),)


# ---- padding and reordering ---------------------------------------------------------------------
@bprop("Pad")
def _pad(prim, x, out, dout):
    """The gradient of the padding is dropped: PadV3 crops with the negated paddings."""
    return (_crop(dout, tuple(-v for pair in reversed(prim.paddings) for v in pair)),)


@bprop("PadV3")
def _pad_v3(prim, x, paddings, *rest):
    """Constant mode: the padded border takes no gradient, so dx crops it away (negated
    paddings; a negative padding, which cropped, pads the gradient with zeros instead).
    The other modes copy input elements into the border: PadV3Grad adds them back.
    The constant value gets no gradient, as in MindSpore."""
    dout = rest[-1]
    if prim.mode == "constant":
        dx = prim(dout, tuple(-p for p in _ints(paddings)))
    else:
        dx = _prim(A.PadV3Grad, prim.mode, prim.paddings_contiguous)(dout, paddings)
    return (dx, None) + (None,) * (len(rest) - 2)


@bprop("PadV3Grad")
def _pad_v3_grad(prim, grad, paddings, out, dout):
    """PadV3Grad is linear and the adjoint of PadV3, so its own adjoint is PadV3."""
    return _prim(A.PadV3, prim.mode, prim.paddings_contiguous)(dout, paddings), None


@bprop("ReverseV2")
def _reverse(prim, x, out, dout):
    return (prim(dout),)


@bprop("Roll")
def _roll(prim, x, out, dout):
    return (_prim(A.Roll, tuple(-s for s in prim.shifts), prim.dims)(dout),)


@bprop("RepeatInterleaveInt", "RepeatInterleaveTensor")
def _repeat_interleave(prim, x, repeats, *rest):
    """The copies of each element lie next to each other along `dim` (along the
    flattened input when dim is None): RepeatInterleaveGrad sums each run of copies."""
    dim = rest[0] if len(rest) > 2 else None
    out, dout = rest[-2], rest[-1]
    if out.size == 0:
        dx = _zeros_like(x)
    elif dim is None:
        dx = _reshape(_repeat_grad(dout, repeats, 0), x.shape)
    else:
        dx = _repeat_grad(dout, repeats, dim)
    return (dx,) + (None,) * (len(rest) - 1)


@bprop("RepeatInterleaveGrad")
def _repeat_interleave_grad(prim, grad, repeats, dim, out, dout):
    """RepeatInterleaveGrad is linear and its adjoint repeats the elements again."""
    repeat = _repeat_int if isinstance(repeats, int) else _repeat_tensor
    return repeat(dout, repeats, dim), None, None


# ---- casting --------------------------------------------------------------------------------------
@bprop("Cast")
def _cast(prim, x, dtype, out, dout):
    """The gradient is cast back to x's dtype, also to an integer or Bool one (MindSpore
    truncates it there); a Python number takes none."""
    return grad_like(x, dout), None


# ---- triangles and diagonals ----------------------------------------------------------------------
@bprop("Tril", "Triu")
def _triangle(prim, x, out, dout):
    """The kept triangle passes its gradient through; the zeroed elements take none."""
    return (prim(dout),)


@bprop("Diag")
def _diag_bprop(prim, x, out, dout):
    return (_diag_part(dout),)


@bprop("DiagPart")
def _diag_part_bprop(prim, x, out, dout):
    return (_diag(dout),)


# ---- blocks and sequences -------------------------------------------------------------------------
@bprop("ReverseSequence")
def _reverse_sequence(prim, x, seq_lengths, out, dout):
    """Reversing the same prefixes again puts every gradient back."""
    return prim(dout, seq_lengths), None


@bprop("SpaceToBatchND", "SpaceToBatch")
def _space_to_batch_nd(prim, x, out, dout):
    return (_prim(A.BatchToSpaceND, prim.block_shape, prim.paddings)(dout),)


@bprop("BatchToSpaceND", "BatchToSpace")
def _batch_to_space_nd(prim, x, out, dout):
    return (_prim(A.SpaceToBatchND, prim.block_shape, prim.crops)(dout),)


@bprop("BatchToSpaceNDV2")
def _batch_to_space_nd_v2(prim, x, block_shape, crops, out, dout):
    block, pairs = tuple(_ints(block_shape)), tuple(tuple(c) for c in crops.tolist())
    return _prim(A.SpaceToBatchND, block, pairs)(dout), None, None


@bprop("SpaceToDepth")
def _space_to_depth(prim, x, out, dout):
    return (_prim(A.DepthToSpace, prim.block_size)(dout),)


@bprop("DepthToSpace")
def _depth_to_space(prim, x, out, dout):
    return (_prim(A.SpaceToDepth, prim.block_size)(dout),)


@bprop("Expand")
def _expand(prim, x, shape, out, dout):
    return sum_to_shape(dout, x.shape), None


@bprop("FillDiagonal")
def _fill_diagonal(prim, x, out, dout):
    """The filled diagonal takes no gradient."""
    return (_prim(A.FillDiagonal, 0.0, prim.wrap)(dout),)


@bprop("FillV2")
def _fill_v2(prim, shape, value, out, dout):
    return None, grad_like(value, _sum(dout, ()))


@bprop("ParallelConcat")
def _parallel_concat(prim, values, out, dout):
    return (_prim(A.Split, 0, len(values))(dout),)


@bprop("MirrorPad")
def _mirror_pad(prim, x, paddings, out, dout):
    """Each input element's gradient sums those of its copies: axis by axis, from the
    last padded one back, the padded positions are summed into the positions they copy."""
    grad = dout
    pairs = paddings.tolist() if isinstance(paddings, Tensor) else paddings
    for axis in reversed(range(len(x.shape))):
        before, after = pairs[axis]
        if before or after:
            # NumPy's 'reflect' and 'symmetric' padding of the positions gives each copy's source.
            sources = np.pad(np.arange(x.shape[axis]), (before, after), mode=prim.mode.lower())
            perm = list(range(len(x.shape)))
            perm[0], perm[axis] = axis, 0
            moved = _transpose(grad, tuple(perm))
            summed = _segment_sum(moved, Tensor(sources.astype(np.int64)), x.shape[axis])
            grad = _transpose(summed, tuple(perm))
    return grad, None


@bprop("Padding")
def _padding(prim, x, out, dout):
    """The appended zeros take no gradient: the first column is x's."""
    return (_crop(dout, (0, 1 - prim.pad_dim_size)),)


@bprop("IdentityN")
def _identity_n(prim, x, out, dout):
    return (tuple(dout),)


@bprop("TransposeExtView")
def _transpose_ext_view(prim, x, dim0, dim1, out, dout):
    return prim(dout, dim0, dim1), None, None
