"""The memory layout torch's CPU max pools run fastest in, for inputs that do not have it.

torch's CPU max pool (2-D and 3-D) runs a scalar loop over each plane of NC(D)HW input
(26 ns per 2x2 window: 12 ms for a [8, 64, 56, 56] 3x3/2 pool) and, on channels-last
input, vectorizes over the channels, which fill no vector when they are few (0.37 ms for
LeNet5's 6 at batch 32, 0.75 ms NCHW). Pooling works plane by plane, so the N*C planes
can be pooled as the channels of one channels-last sample instead: same values, same
indices (positions within a plane), same NaN and tie rules (both kernels take a later
element when it is greater or NaN). With many channels the planes go to that layout and
back by 2-D transposes ((N*C, spatial) <-> (spatial, N*C)), which torch copies blockwise,
in chunks of planes small enough to stay in the cache (one 100 MB transpose runs at a
third of the speed of the same bytes in 4 MB pieces); with few channels (small inputs,
LeNet5's) by one strided copy each way, cheaper there. The outputs come back in the
input's layout, as the rest of spore expects (row-major outside Graph mode's
channels-last chains). Gradients stay on torch's row-major pool backward (a scatter by
the indices: as fast as channels-last's, which would need converted gradients).

Measured float32 / float64, one thread (bench/pools.py): 1.3-4x faster from 32K
elements with at least 16 planes; channels-last input with 16 channels or more is pooled
as it is (already vectorized); so are integer and half inputs (not measured).
"""
from __future__ import annotations

import torch

_MIN_ELEMENTS = 1 << 15
_VECTOR_CHANNELS = 16          # channels enough for torch's channels-last kernel to vectorize
_CHUNK_BYTES = 4 << 20         # planes transposed and pooled at a time, about
_FLOATS = (torch.float32, torch.float64)


def pooled(pool, x: torch.Tensor, options: tuple, return_indices: bool):
    """pool(x, *options) (a torch max pool over x's trailing spatial dims), run in the
    layout where it is fastest; the results in x's layout."""
    if (x.dim() not in (4, 5) or x.dtype not in _FLOATS or x.device.type != "cpu"
            or x.numel() < _MIN_ELEMENTS):
        return pool(x, *options)
    n, c = x.shape[:2]
    if n * c < _VECTOR_CHANNELS:
        return pool(x, *options)
    if x.is_contiguous():
        if c < _VECTOR_CHANNELS:
            return _all_planes_as_channels(pool, x, options, return_indices, torch.contiguous_format)
        return _planes_as_channels(pool, x, options, return_indices)
    if x.dim() == 4 and c < _VECTOR_CHANNELS and x.is_contiguous(memory_format=torch.channels_last):
        return _all_planes_as_channels(pool, x, options, return_indices, torch.channels_last)
    return pool(x, *options)


def _planes_as_channels(pool, x: torch.Tensor, options: tuple, return_indices: bool):
    """pool on row-major x, its planes pooled as the channels of channels-last samples
    of up to _CHUNK_BYTES; the results row-major."""
    n, c, *spatial = x.shape
    planes = x.view(n * c, -1)
    chunk = max(_VECTOR_CHANNELS, _CHUNK_BYTES // (planes.shape[1] * x.element_size()))
    first = _pooled_planes(pool, planes[:chunk], spatial, options, return_indices)
    out_spatial = first[0].shape[2:]
    if chunk >= n * c:
        results = [_planes(t).contiguous() for t in first]
    else:
        results = [t.new_empty((n * c, t[0, 0].numel())) for t in first]
        for start in range(0, n * c, chunk):
            pooled_chunk = first if start == 0 else _pooled_planes(pool, planes[start:start + chunk], spatial,
                                                                   options, return_indices)
            for result, t in zip(results, pooled_chunk):
                result[start:start + t.shape[1]].copy_(_planes(t))
    results = [r.view(n, c, *out_spatial) for r in results]
    return tuple(results) if return_indices else results[0]


def _pooled_planes(pool, rows: torch.Tensor, spatial, options: tuple, return_indices: bool) -> tuple:
    """pool's results on `rows` (planes, flattened spatial) as the channels of one
    channels-last sample, a tuple either way."""
    sample = rows.t().contiguous().view(1, *spatial, rows.shape[0]).movedim(-1, 1)
    result = pool(sample, *options)
    return result if return_indices else (result,)


def _planes(t: torch.Tensor) -> torch.Tensor:
    """A pooled channels-last sample (1, planes, *spatial) as a (planes, flattened
    spatial) transposed view, which torch copies blockwise."""
    return t[0].movedim(0, -1).view(-1, t.shape[1]).t()


def _all_planes_as_channels(pool, x: torch.Tensor, options: tuple, return_indices: bool, layout):
    """pool on x with few channels, all its N*C planes pooled as the channels of one
    channels-last sample at once; the results in `layout`, x's. For the small inputs
    few channels come in (LeNet5's [32, 6, 28, 28]: 0.20 ms), one strided copy each
    way costs less than the blockwise transposes (0.21-0.27 ms) and their chunks."""
    n, c, *spatial = x.shape
    folded = x.movedim((0, 1), (-2, -1)).contiguous().view(1, *spatial, n * c).movedim(-1, 1)
    result = pool(folded, *options)
    del folded     # a copy of x: freed before the results are copied back, not held with them

    def unfolded(t):
        return t[0].view(n, c, *t.shape[2:]).contiguous(memory_format=layout)
    return tuple(map(unfolded, result)) if return_indices else unfolded(result)
