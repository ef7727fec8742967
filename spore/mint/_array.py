"""mint's shape, indexing and joining functions: PyTorch's `dim` spelling over the ops functions."""
from __future__ import annotations

from spore import ops
from spore.common.tensor import Tensor


def cat(tensors, dim=0):
    """Joins tensors along an existing dim."""
    return ops.cat(tensors, dim)


concat = cat


def stack(tensors, dim=0):
    """Joins same-shape tensors along a new dim."""
    return ops.stack(tensors, dim)


def chunk(input, chunks, dim=0):
    """Splits input into (at most) chunks pieces along dim."""
    return ops.chunk(input, chunks, dim)


def split(tensor, split_size_or_sections, dim=0):
    """Splits into pieces of split_size (the last may be smaller) or of the listed sizes along dim."""
    return ops.split(tensor, split_size_or_sections, dim)


def narrow(input, dim, start, length):
    """The slice [start, start + length) of input along dim."""
    return ops.narrow(input, dim, start, length)


def select(input, dim, index):
    """The slice at index along dim, with dim removed."""
    if not isinstance(index, int) or isinstance(index, bool):
        raise TypeError(f"For 'select', 'index' must be an int, but got {type(index).__name__}.")
    size = input.shape[dim]
    if not -size <= index < size:
        raise IndexError(f"For 'select', 'index' must be in [{-size}, {size}), but got {index}.")
    return ops.squeeze(ops.narrow(input, dim, index % size, 1), dim)


def squeeze(input, dim):
    """Removes the size-1 dims listed in dim (an int or a tuple); others are kept."""
    dims = dim if isinstance(dim, (tuple, list)) else (dim,)
    ndim = input.ndim
    squeezable = tuple(d for d in dims if input.shape[d] == 1) if ndim else ()
    return ops.squeeze(input, squeezable) if squeezable else input


def permute(input, dims):
    """Reorders the dims of input."""
    return ops.permute(input, tuple(dims))


def transpose(input, dim0, dim1):
    """Swaps dims dim0 and dim1."""
    return ops.swapaxes(input, dim0, dim1)


def flatten(input, start_dim=0, end_dim=-1):
    """Merges dims start_dim..end_dim into one (a 0-D input becomes 1-D)."""
    return ops.flatten(input, start_dim=start_dim, end_dim=end_dim)


def diag(input, diagonal=0):
    """1-D input -> a square matrix with input on the given diagonal; 2-D input -> that diagonal."""
    if input.ndim == 1:
        return ops.diag_embed(input, diagonal)
    if input.ndim == 2:
        return ops.diagonal(input, diagonal)
    raise ValueError(f"For 'diag', 'input' must be 1-D or 2-D, but got {input.ndim}-D.")


diff = ops.diff_ext
"""mint.diff is ops.diff_ext: any order n (ops.diff takes n=1 only, as in MindSpore)."""


def gather(input, dim, index):
    """out[i][j] = input[index[i][j]][j] (for dim 0): values picked along dim."""
    return ops.gather_elements(input, dim, index)


def index_select(input, dim, index):
    """The slices of input at the 1-D index along dim."""
    return ops.index_select(input, dim, index)


def index_add(input, dim, index, source, *, alpha=1):
    """A copy of input with alpha * source's slices added at index along dim."""
    if alpha != 1:
        source = ops.mul(source, alpha)
    return ops.index_add(input, index, source, dim)


def scatter(input, dim, index, src):
    """A copy of input with src's values (or the scalar src) written at index along dim."""
    if not isinstance(src, Tensor):
        src = ops.fill(input.dtype, index.shape, src)
    return ops.tensor_scatter_elements(input, index, src, dim)


def scatter_add(input, dim, index, src):
    """A copy of input with src's values added at index along dim."""
    return ops.tensor_scatter_elements(input, index, src, dim, 'add')


def repeat_interleave(input, repeats, dim=None, *, output_size=None):
    """Repeats each element (of the flattened input when dim is None) repeats times along dim."""
    result = ops.repeat_interleave(input, repeats, dim)
    if output_size is not None and result.shape[0 if dim is None else dim] != output_size:
        raise ValueError(f"For 'repeat_interleave', 'output_size' {output_size} does not match the "
                         f"repeated size {result.shape[0 if dim is None else dim]}.")
    return result


def where(*args, **kwargs):
    """where(condition, input, other) -> input where condition else other;
    where(condition) -> a tuple of Int64 index Tensors, one per dim, of the true elements."""
    if len(args) + len(kwargs) == 1:
        condition = args[0] if args else kwargs['condition']
        return ops.nonzero(condition, as_tuple=True)
    return ops.where(*args, **kwargs)


def meshgrid(*tensors, indexing=None):
    """Coordinate grids of 1-D tensors; indexing 'ij' (the default) or 'xy'."""
    return ops.meshgrid(*tensors, indexing='ij' if indexing is None else indexing)


def histc(input, bins=100, min=0, max=0):
    """Histogram of input in bins equal bins over [min, max] (the data's range when both are 0)."""
    return ops.histc(input, bins, float(min), float(max))
