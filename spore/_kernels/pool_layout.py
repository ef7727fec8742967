"""The memory layout torch's CPU max pools run fastest in, for inputs that do not have it.

torch's CPU max pool (2-D and 3-D) runs a scalar loop over each plane of NC(D)HW input
(26 ns per 2x2 window: 12 ms for a [8, 64, 56, 56] 3x3/2 pool) and, on channels-last
input, vectorizes over the channels, which fill no vector when they are few (0.37 ms for
LeNet5's 6 at batch 32, 0.75 ms NCHW). Pooling works plane by plane, so the N*C planes
can be pooled as the channels of one channels-last sample instead: same values, same
indices (positions within a plane), same NaN and tie rules (both kernels take a later
element when it is greater or NaN). The planes go to that layout and back by 2-D
transposes ((N*C, spatial) <-> (spatial, N*C)), which torch copies blockwise, in chunks
of planes small enough to stay in the cache (one 100 MB transpose runs at a third of the
speed of the same bytes in 4 MB pieces). The outputs come back in the input's layout, as
the rest of spore expects (row-major outside Graph mode's channels-last chains).

Measured float32 / float64, one thread (bench/pools.py): 2.5-4x faster from 32K
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
        return _planes_as_channels(pool, x, options, return_indices)
    if x.dim() == 4 and c < _VECTOR_CHANNELS and x.is_contiguous(memory_format=torch.channels_last):
        return _channels_last_planes_as_channels(pool, x, options, return_indices)
    return pool(x, *options)


def _planes_as_channels(pool, x: torch.Tensor, options: tuple, return_indices: bool):
    """pool on row-major x, its planes pooled as the channels of channels-last samples
    of up to _CHUNK_BYTES; the results row-major."""
    n, c, *spatial = x.shape
    planes = x.view(n * c, -1)
    chunk = max(_VECTOR_CHANNELS, _CHUNK_BYTES // (planes.shape[1] * x.element_size()))
    results = out_spatial = None
    for start in range(0, n * c, chunk):
        rows = planes[start:start + chunk]
        count = rows.shape[0]
        sample = rows.t().contiguous().view(1, *spatial, count).movedim(-1, 1)
        pooled_chunk = pool(sample, *options)
        pooled_chunk = pooled_chunk if return_indices else (pooled_chunk,)
        if results is None:
            out_spatial = pooled_chunk[0].shape[2:]
            results = [t.new_empty((n * c, t[0, 0].numel())) for t in pooled_chunk]
        for result, t in zip(results, pooled_chunk):
            # t[0] is (count, *out_spatial) with the planes innermost in memory
            result[start:start + count].copy_(t[0].movedim(0, -1).reshape(-1, count).t())
    results = [r.view(n, c, *out_spatial) for r in results]
    return tuple(results) if return_indices else results[0]


def _channels_last_planes_as_channels(pool, x: torch.Tensor, options: tuple, return_indices: bool):
    """pool on channels-last x with few channels, its N*C planes pooled as the channels
    of one channels-last sample; the results channels-last."""
    n, c, h, w = x.shape
    folded = x.permute(2, 3, 0, 1).contiguous().view(1, h, w, n * c).permute(0, 3, 1, 2)
    result = pool(folded, *options)

    def unfolded(t):
        return t[0].view(n, c, *t.shape[2:]).contiguous(memory_format=torch.channels_last)
    return tuple(map(unfolded, result)) if return_indices else unfolded(result)
