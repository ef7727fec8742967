"""Kernels of the primitives in ops/operations/array_ops.py.

Shape kernels return torch views where torch gives them (reshape, permute, expand,
split): spore never mutates a tensor a Tensor wraps, so sharing storage is safe.
"""
from __future__ import annotations

import functools
import math

import torch
import torch.nn.functional as F

from . import device
from .registry import kernel, kernel_factory
from .tensor_data import MS_OF, TORCH_OF


def _ints(value):
    """A shape-like argument as ints: tuples and lists as they are, a tensor's values."""
    return value.tolist() if isinstance(value, torch.Tensor) else value


def _number(value):
    """A Python number from a number or a one-element tensor."""
    return value.item() if isinstance(value, torch.Tensor) else value


def _size(size) -> tuple:
    """A creation op's shape: an int, a tuple / list of ints, or a 1-D tensor of them."""
    return (size,) if isinstance(size, int) else tuple(_ints(size))


# ---- shapes -----------------------------------------------------------------------------------
@kernel("Reshape")
def reshape(x, shape):
    return x.reshape(_ints(shape))


@kernel("Transpose")
def transpose(x, perm):
    return x.permute(perm)


@kernel("ExpandDims")
def expand_dims(x, axis):
    return x.unsqueeze(axis)


@kernel_factory("Squeeze")
def squeeze(prim):
    axis = prim.axis
    if not axis:
        return torch.squeeze
    return lambda x: x.squeeze(axis)


@kernel("Flatten")
def flatten(x):
    return x.reshape(x.shape[0], math.prod(x.shape[1:]))


@kernel_factory("BroadcastTo")
def broadcast_to(prim):
    shape = prim.shape
    return lambda x: x.expand(shape)


@kernel("Tile")
def tile(x, dims):
    return x.tile(dims)


# ---- joining and splitting --------------------------------------------------------------------
@kernel_factory("Concat")
def concat(prim):
    axis = prim.axis
    return lambda tensors: torch.cat(tensors, axis)


@kernel_factory("Stack")
def stack(prim):
    axis = prim.axis

    def stack_kernel(*tensors):
        if len(tensors) == 1 and isinstance(tensors[0], (tuple, list)):
            tensors = tensors[0]
        return torch.stack(tensors, axis)
    return stack_kernel


@kernel_factory("Unstack")
def unstack(prim):
    axis = prim.axis
    return lambda x: torch.unbind(x, axis)


@kernel_factory("Split")
def split(prim):
    axis, parts = prim.axis, prim.output_num
    # tensor_split always gives `parts` outputs, also for an empty axis; check() has made
    # sure the parts are equal.
    return lambda x: torch.tensor_split(x, parts, axis)


@kernel_factory("SplitV")
def split_v(prim):
    sizes, axis = list(prim.size_splits), prim.split_dim
    if -1 not in sizes:
        return lambda x: torch.split(x, sizes, axis)
    rest = sizes.index(-1)
    known = sum(s for s in sizes if s != -1)

    def split_with_rest(x):
        resolved = list(sizes)
        resolved[rest] = x.shape[axis] - known
        return torch.split(x, resolved, axis)
    return split_with_rest


@kernel_factory("Meshgrid")
def meshgrid(prim):
    indexing = prim.indexing
    return lambda inputs: torch.meshgrid(*inputs, indexing=indexing)


# ---- padding and reordering -------------------------------------------------------------------
@kernel_factory("Pad")
def pad(prim):
    # torch lists (before, after) pairs from the last axis backwards.
    pads = [v for pair in reversed(prim.paddings) for v in pair]
    return lambda x: F.pad(x, pads)


_TORCH_PAD_MODES = {"constant": "constant", "reflect": "reflect", "edge": "replicate", "circular": "circular"}


def _contiguous_pads(paddings, contiguous: bool) -> list:
    """PadV3's `paddings` as torch lists them: (before, after) pairs, last axis first."""
    pads = list(_ints(paddings))
    if contiguous:
        return pads
    half = len(pads) // 2
    return [v for pair in zip(pads[:half], pads[half:]) for v in pair]


@kernel_factory("PadV3")
def pad_v3(prim):
    mode, contiguous = _TORCH_PAD_MODES[prim.mode], prim.paddings_contiguous

    def pad_kernel(x, paddings, constant_value=None):
        pads = _contiguous_pads(paddings, contiguous)
        if mode == "constant":
            return F.pad(x, pads, value=0 if constant_value is None else _number(constant_value))
        return F.pad(x, pads, mode=mode)
    return pad_kernel


@kernel_factory("ReverseV2")
def reverse_v2(prim):
    axis = prim.axis
    return lambda x: torch.flip(x, axis)


@kernel_factory("Roll")
def roll(prim):
    shifts, dims = prim.shifts, prim.dims
    if dims is None:
        return lambda x: torch.roll(x, shifts)
    return lambda x: torch.roll(x, shifts, dims)


def _repeat_interleave(x, repeats, dim=None, output_size=None):
    if isinstance(repeats, (tuple, list)):
        repeats = torch.tensor(repeats, device=x.device)  # float counts stay float, which torch refuses
    return torch.repeat_interleave(x, repeats, dim, output_size=output_size)


kernel("RepeatInterleaveInt")(_repeat_interleave)
kernel("RepeatInterleaveTensor")(_repeat_interleave)


# ---- casting ----------------------------------------------------------------------------------
@kernel("Cast")
def cast(x, dtype):
    target = TORCH_OF[dtype]
    if not isinstance(x, torch.Tensor):
        return torch.scalar_tensor(x, dtype=target, device=device.current())
    if x.is_complex() and not target.is_complex:
        x = x.real  # what MindSpore keeps; torch would warn that it drops the imaginary part
    return x.to(target)


# ---- creation ---------------------------------------------------------------------------------
@kernel("Fill")
def fill(dtype, shape, value):
    return torch.full(_size(shape), _number(value), dtype=TORCH_OF[dtype], device=device.current())


def _filled(torch_fn):
    def filled(size, dtype=None):
        target = torch.float32 if dtype is None else TORCH_OF[dtype]
        return torch_fn(_size(size), dtype=target, device=device.current())
    return filled


kernel("Zeros")(_filled(torch.zeros))
kernel("Ones")(_filled(torch.ones))
kernel("ZerosLike")(torch.zeros_like)
kernel("OnesLike")(torch.ones_like)


@kernel("Range")
def range_(start, limit, delta):
    start, limit, delta = _number(start), _number(limit), _number(delta)
    dtype = torch.float32 if isinstance(start, float) else torch.int64
    return torch.arange(start, limit, delta, dtype=dtype, device=device.current())


@kernel("LinSpace")
def linspace(start, stop, num):
    bound = start if isinstance(start, torch.Tensor) else stop
    dtype = bound.dtype if isinstance(bound, torch.Tensor) else torch.float32
    return torch.linspace(_number(start), _number(stop), _number(num), dtype=dtype, device=device.current())


@kernel("Eye")
def eye(n, m, dtype):
    return torch.eye(n, m, dtype=TORCH_OF[dtype], device=device.current())


@kernel_factory("OneHot")
def one_hot(prim):
    axis = prim.axis

    def one_hot_kernel(indices, depth, on_value, off_value):
        position = indices.dim() if axis == -1 else axis
        depth = _number(depth)
        # The classes 0..depth-1 laid along the new axis, compared with every index:
        # out-of-range indices match no class and get off_value everywhere.
        classes = torch.arange(depth, device=indices.device).view((depth,) + (1,) * (indices.dim() - position))
        hit = indices.unsqueeze(position) == classes
        on = on_value.reshape(()) if isinstance(on_value, torch.Tensor) else on_value
        off = off_value.reshape(()) if isinstance(off_value, torch.Tensor) else off_value
        return torch.where(hit, on, off)
    return one_hot_kernel


# ---- metadata: Python values, not tensors -------------------------------------------------------
@kernel("Shape")
def shape(x):
    return tuple(x.shape)


@kernel("Rank")
def rank(x):
    return x.dim()


@kernel("Size")
def size(x):
    return x.numel()


@kernel("DType")
def dtype(x):
    return MS_OF[x.dtype]


# ---- gradients of array primitives ------------------------------------------------------------
@functools.lru_cache(maxsize=64)
def _pad_sources(shape: tuple, pads: tuple, mode: str, where: torch.device) -> torch.Tensor:
    """For each element of the padded trailing block of `shape`, the flat index of the
    input element it copies: the padding applied to the indices themselves (float64
    holds them exactly)."""
    indices = torch.arange(math.prod(shape), dtype=torch.float64, device=where).reshape((1,) + shape)
    return F.pad(indices, pads, mode=mode).reshape(-1).long()


@kernel_factory("PadV3Grad")
def pad_v3_grad(prim):
    mode, contiguous = _TORCH_PAD_MODES[prim.mode], prim.paddings_contiguous

    def pad_grad_kernel(grad, paddings):
        pads = _contiguous_pads(paddings, contiguous)
        count = len(pads) // 2
        lead, padded = grad.shape[:-count], grad.shape[-count:]
        shape = tuple(padded[-1 - i] - pads[2 * i] - pads[2 * i + 1] for i in reversed(range(count)))
        sources = _pad_sources(shape, tuple(pads), mode, grad.device)
        # One scatter-add over the flattened padded axes sums every copy into its source.
        summed = grad.new_zeros(lead + (math.prod(shape),)).index_add_(-1, sources, grad.reshape(lead + (-1,)))
        return summed.reshape(lead + shape)
    return pad_grad_kernel


@kernel("RepeatInterleaveGrad")
def repeat_interleave_grad(grad, repeats, dim):
    dim = range(grad.dim())[dim]  # non-negative, or IndexError out of range
    counts = torch.as_tensor(repeats, device=grad.device).reshape(-1)
    if counts.numel() == 1:
        return grad.unflatten(dim, (-1, counts.item())).sum(dim + 1, dtype=grad.dtype)
    owners = torch.repeat_interleave(torch.arange(counts.numel(), device=grad.device), counts)
    shape = grad.shape[:dim] + (counts.numel(),) + grad.shape[dim + 1:]
    return grad.new_zeros(shape).index_add_(dim, owners, grad)


# ---- triangles and diagonals ------------------------------------------------------------------
@kernel_factory("Tril")
def tril(prim):
    diagonal = prim.diagonal
    return lambda x: torch.tril(x, diagonal)


@kernel_factory("Triu")
def triu(prim):
    diagonal = prim.diagonal
    return lambda x: torch.triu(x, diagonal)


@kernel("Diag")
def diag(x):
    return torch.diag(x.reshape(-1)).reshape(x.shape + x.shape)


@kernel("DiagPart")
def diag_part(x):
    half = x.shape[:x.dim() // 2]
    size = math.prod(half)
    return torch.diagonal(x.reshape(size, size)).reshape(half)


@kernel_factory("TrilIndices")
def tril_indices(prim):
    row, col, offset, dtype = prim.row, prim.col, prim.offset, TORCH_OF[prim.dtype]
    return lambda: torch.tril_indices(row, col, offset, dtype=dtype, device=device.current())


@kernel_factory("TriuIndices")
def triu_indices(prim):
    row, col, offset, dtype = prim.row, prim.col, prim.offset, TORCH_OF[prim.dtype]
    return lambda: torch.triu_indices(row, col, offset, dtype=dtype, device=device.current())


# ---- blocks and sequences ---------------------------------------------------------------------
@kernel_factory("ReverseSequence")
def reverse_sequence(prim):
    seq_dim, batch_dim = prim.seq_dim, prim.batch_dim

    def reverse_kernel(x, seq_lengths):
        seq, batch = seq_dim % x.dim(), batch_dim % x.dim()
        steps = torch.arange(x.shape[seq], device=x.device)
        lengths = seq_lengths.long().unsqueeze(1)
        # source[b, i]: where element i of sequence b comes from.
        source = torch.where(steps < lengths, lengths - 1 - steps, steps)
        if batch > seq:
            source = source.T
        view = [1] * x.dim()
        view[seq], view[batch] = x.shape[seq], x.shape[batch]
        return torch.gather(x, seq, source.reshape(view).expand(x.shape))
    return reverse_kernel


@kernel_factory("SpaceToBatchND")
def space_to_batch_nd(prim):
    block, pads = prim.block_shape, [v for pair in reversed(prim.paddings) for v in pair]
    count = len(block)

    def space_to_batch(x):
        x = F.pad(x, pads)
        lead, spatial = x.shape[:-count], x.shape[-count:]
        split = [n for s, b in zip(spatial, block) for n in (s // b, b)]
        x = x.reshape(lead + tuple(split))
        rest = len(lead)
        # (N, *mid, s1, b1, s2, b2, ...) to (b1, b2, ..., N, *mid, s1, s2, ...)
        order = [rest + 2 * k + 1 for k in range(count)] + list(range(rest)) + [rest + 2 * k for k in range(count)]
        x = x.permute(order)
        return x.reshape((-1,) + tuple(lead[1:]) + tuple(s // b for s, b in zip(spatial, block)))
    return space_to_batch


def _batch_to_space(x, block: tuple, crops: tuple):
    count = len(block)
    mid, spatial = x.shape[1:-count], x.shape[-count:]
    x = x.reshape(tuple(block) + (-1,) + tuple(mid) + tuple(spatial))
    rest = 1 + len(mid)  # N and the middle axes, after the block axes
    # (b1, ..., bM, N, *mid, s1, ..., sM) to (N, *mid, s1, b1, s2, b2, ...)
    order = list(range(count, count + rest)) + [n for k in range(count) for n in (count + rest + k, k)]
    x = x.permute(order).reshape((x.shape[count],) + tuple(mid) + tuple(s * b for s, b in zip(spatial, block)))
    index = (slice(None),) * rest + tuple(slice(c0, x.shape[rest + k] - c1) for k, (c0, c1) in enumerate(crops))
    return x[index]


@kernel_factory("BatchToSpaceND")
def batch_to_space_nd(prim):
    block, crops = prim.block_shape, prim.crops
    return lambda x: _batch_to_space(x, block, crops)


@kernel("BatchToSpaceNDV2")
def batch_to_space_nd_v2(x, block_shape, crops):
    return _batch_to_space(x, tuple(_ints(block_shape)), tuple(tuple(c) for c in _ints(crops)))


@kernel_factory("SpaceToDepth")
def space_to_depth(prim):
    b = prim.block_size

    def to_depth(x):
        n, c, h, w = x.shape
        blocks = x.reshape(n, c, h // b, b, w // b, b).permute(0, 3, 5, 1, 2, 4)
        return blocks.reshape(n, b * b * c, h // b, w // b)
    return to_depth


@kernel_factory("DepthToSpace")
def depth_to_space(prim):
    b = prim.block_size

    def to_space(x):
        n, c, h, w = x.shape
        blocks = x.reshape(n, b, b, c // (b * b), h, w).permute(0, 3, 4, 1, 5, 2)
        return blocks.reshape(n, c // (b * b), h * b, w * b)
    return to_space


@kernel("Expand")
def expand(x, shape):
    return x.expand(_ints(shape))


@kernel("InvertPermutation")
def invert_permutation(perm):
    inverse = [0] * len(perm)
    for i, p in enumerate(perm):
        inverse[p] = i
    return tuple(inverse)


@kernel("UnravelIndex")
def unravel_index(indices, dims):
    return torch.stack(torch.unravel_index(indices, tuple(dims.tolist()))).to(indices.dtype)


kernel_factory("SpaceToBatch")(space_to_batch_nd)
kernel_factory("BatchToSpace")(batch_to_space_nd)


@kernel_factory("FillDiagonal")
def fill_diagonal(prim):
    value, wrap = prim.fill_value, prim.wrap

    def fill(x):
        # NumPy's rule: the diagonal steps over the flat tensor by the sum of its strides.
        step = sum(math.prod(x.shape[i + 1:]) for i in range(x.dim()))
        end = x.numel() if wrap and x.dim() == 2 else min(x.shape) * math.prod(x.shape[1:])
        flat = x.reshape(-1).clone()
        flat[:end:step] = value
        return flat.reshape(x.shape)
    return fill


@kernel("FillV2")
def fill_v2(shape, value):
    return value.reshape(()).expand(_size(shape)).clone()


@kernel("ParallelConcat")
def parallel_concat(values):
    return torch.cat(values, 0)


def _mirror_sources(size: int, before: int, after: int, mode: str) -> list:
    """For each position of an axis padded by mirroring, the input position it copies."""
    inner = list(range(size))
    skip = 1 if mode == "REFLECT" else 0  # REFLECT does not repeat the edge element
    head = inner[skip:skip + before][::-1]
    tail = inner[::-1][skip:skip + after]
    return head + inner + tail


@kernel_factory("MirrorPad")
def mirror_pad(prim):
    mode = prim.mode

    def pad(x, paddings):
        for axis, (before, after) in enumerate(_ints(paddings)):
            if before or after:
                sources = _mirror_sources(x.shape[axis], before, after, mode)
                x = x.index_select(axis, torch.tensor(sources, device=x.device))
        return x
    return pad


@kernel_factory("Padding")
def padding(prim):
    size = prim.pad_dim_size
    return lambda x: F.pad(x, (0, size - 1))


@kernel("TensorShape")
def tensor_shape(x):
    return torch.tensor(x.shape, dtype=torch.int64, device=x.device)


@kernel("IdentityN")
def identity_n(x):
    return tuple(t.clone() for t in x)


@kernel("TupleToArray")
def tuple_to_array(values):
    dtype = torch.float32 if any(isinstance(v, float) for v in values) else torch.int32
    return torch.tensor(values, dtype=dtype, device=device.current())


@kernel("TransposeExtView")
def transpose_ext_view(x, dim0, dim1):
    return x.transpose(dim0, dim1)


@kernel_factory("DataFormatDimMap")
def data_format_dim_map(prim):
    src, dst = prim.src_format, prim.dst_format
    table = [src.index(letter) for letter in dst]

    def dim_map(x):
        lookup = torch.tensor(table, dtype=x.dtype, device=x.device)
        return lookup[torch.remainder(x, len(table)).long()]
    return dim_map


@kernel_factory("DataFormatVecPermute")
def data_format_vec_permute(prim):
    order = [prim.src_format.index(letter) for letter in prim.dst_format]
    return lambda x: x[order]


@kernel("ScalarToTensor")
def scalar_to_tensor(value, dtype=None):
    return torch.tensor(value, dtype=torch.float32 if dtype is None else TORCH_OF[dtype], device=device.current())


_SCALAR_TYPES = {torch.int64: int, torch.float64: float, torch.bool: bool}


@kernel("ScalarCast")
def scalar_cast(value, dtype):
    return _SCALAR_TYPES[TORCH_OF[dtype]](value)


@kernel_factory("RaggedRange")
def ragged_range(prim):
    split_dtype = TORCH_OF[prim.Tsplits]

    def ragged(starts, limits, deltas):
        starts, limits, deltas = torch.broadcast_tensors(starts.reshape(-1), limits.reshape(-1), deltas.reshape(-1))
        ranges = [torch.arange(start.item(), limit.item(), delta.item(), dtype=starts.dtype, device=starts.device)
                  for start, limit, delta in zip(starts, limits, deltas)]
        lengths = torch.tensor([0] + [len(r) for r in ranges], device=starts.device)
        dense = torch.cat(ranges) if ranges else starts.new_zeros(0)
        return lengths.cumsum(0).to(split_dtype), dense
    return ragged
