"""Re-slicing the checkpoints of a model-parallel training for another layout, on one
process: rank_list_for_transform (which source ranks a destination rank needs),
transform_checkpoint_by_rank (one destination rank's checkpoint) and
transform_checkpoints (every destination rank's).

A layout is read from a strategy file (build_searched_strategy); without a source
strategy the checkpoint holds whole parameters, without a destination strategy whole
parameters are written. Each device holds one block of a parameter (see
parallel_strategy); a destination block is cut from the source blocks that overlap it.
Strategy files of one pipeline stage, with even splits and no optimizer sharding, are
supported."""
from __future__ import annotations

import glob
import itertools
import os
import re

import numpy as np

from ..common.parameter import Parameter
from ..common.tensor import Tensor
from .parallel_strategy import build_searched_strategy, slice_key
from .serialization import load_checkpoint, save_checkpoint

__all__ = ["rank_list_for_transform", "transform_checkpoint_by_rank", "transform_checkpoints"]

_STAGE_PREFIX = re.compile(r"^\d+-")


class _Layout:
    """A parameter's device matrix and tensor map; `counts[i]` blocks along axis i."""

    def __init__(self, dev_matrix, tensor_map):
        self.dev_matrix = [int(d) for d in dev_matrix]
        self.tensor_map = [int(m) for m in tensor_map]
        self.device_count = int(np.prod(self.dev_matrix)) if self.dev_matrix else 1
        self.counts = [1 if m == -1 else self.dev_matrix[len(self.dev_matrix) - 1 - m] for m in self.tensor_map]

    @classmethod
    def whole(cls, ndim: int) -> _Layout:
        return cls([1], [-1] * ndim)

    def device_axis(self, axis: int):
        """(device axis counted from the right, its size) splitting tensor `axis`, or None."""
        m = self.tensor_map[axis]
        return None if m == -1 else (m, self.counts[axis])

    def key(self, rank: int) -> tuple:
        return slice_key(rank % self.device_count, self.dev_matrix, self.tensor_map)


def _layouts(api: str, strategy_file) -> dict | None:
    if strategy_file is None:
        return None
    strategy = build_searched_strategy(strategy_file)
    layouts = {}
    for name, layout in strategy.items():
        if _STAGE_PREFIX.match(name):
            raise ValueError(f"For '{api}', the strategy file {strategy_file} merges pipeline stages; spore transforms "
                             f"the checkpoints of one stage.")
        if layout.opt_weight_shard_size > 0 or layout.field > 0 or layout.param_split_shape[0].dim:
            raise ValueError(f"For '{api}', the parameter '{name}' of {strategy_file} is sharded by the optimizer or "
                             f"unevenly, which spore does not transform.")
        layouts[name] = _Layout(layout.dev_matrix[0].dim, layout.tensor_map[0].dim)
    return layouts


def _device_count(layouts: dict | None) -> int:
    return next(iter(layouts.values())).device_count if layouts else 1


# ---- rank lists ------------------------------------------------------------------------------
def rank_list_for_transform(rank_id, src_strategy_file=None, dst_strategy_file=None) -> list:
    """The source ranks (in descending order) whose checkpoints the destination rank
    `rank_id` needs: for each parameter, the ranks that differ from it only along the
    device axes whose split of a tensor axis the destination layout changes (MindSpore
    gathers along those)."""
    api = "rank_list_for_transform"
    if isinstance(rank_id, bool) or not isinstance(rank_id, int):
        raise TypeError("The rank_id should be a int.")
    src = _layouts(api, src_strategy_file)
    dst = _layouts(api, dst_strategy_file)
    if src is None:
        return [0]
    if not src:
        raise ValueError("The src_strategy_file is empty.")
    dst_count = _device_count(dst)
    local_rank = rank_id % dst_count if dst_count > 1 else rank_id
    needed = set()
    for name, layout in src.items():
        if dst is not None and name not in dst:
            continue
        target = dst[name] if dst is not None else _Layout.whole(len(layout.tensor_map))
        needed.update(_gather_group(layout, target, local_rank))
    return sorted(needed, reverse=True)


def _gather_group(src: _Layout, dst: _Layout, rank: int) -> list:
    gathered = {src.tensor_map[axis] for axis in range(len(src.tensor_map))
                if src.device_axis(axis) is not None and src.device_axis(axis) != dst.device_axis(axis)}
    coords = np.unravel_index(rank % src.device_count, src.dev_matrix)
    ndim = len(src.dev_matrix)
    return [r for r in range(src.device_count)
            if all(c == own or ndim - 1 - i in gathered
                   for i, (c, own) in enumerate(zip(np.unravel_index(r, src.dev_matrix), coords)))]


# ---- transforming ------------------------------------------------------------------------------
def transform_checkpoint_by_rank(rank_id, checkpoint_files_map, save_checkpoint_file_name, src_strategy_file=None,
                                 dst_strategy_file=None) -> None:
    """Write to `save_checkpoint_file_name` the checkpoint of destination rank `rank_id`,
    cut from the source checkpoints `checkpoint_files_map` ({source rank: file}, at least
    those rank_list_for_transform names). Entries the strategies do not lay out (step
    counters, learning rates) are copied from source rank `rank_id % source devices`."""
    if not isinstance(checkpoint_files_map, dict):
        raise TypeError("The checkpoint_files_map should be a dict.")
    if isinstance(rank_id, bool) or not isinstance(rank_id, int):
        raise TypeError("The rank_id should be a int.")
    if not isinstance(save_checkpoint_file_name, str):
        raise TypeError("The save_checkpoint_file_name should be a str.")
    if not save_checkpoint_file_name.endswith(".ckpt"):
        raise ValueError(f"The save_checkpoint_file_name {save_checkpoint_file_name} should end with .ckpt")
    if dst_strategy_file and os.path.dirname(dst_strategy_file) and not os.path.exists(
            os.path.dirname(dst_strategy_file)):
        raise ValueError(f"The director of dst_strategy_file: {os.path.dirname(dst_strategy_file)} is not exists.")
    for rank, path in checkpoint_files_map.items():
        if not isinstance(path, str) or not os.path.exists(path):
            raise ValueError(f"Checkpoint file {path} in rank {rank} not exits: ")
    api = "transform_checkpoint_by_rank"
    src, dst = _layouts(api, src_strategy_file), _layouts(api, dst_strategy_file)
    sources = {rank: load_checkpoint(path) for rank, path in checkpoint_files_map.items()}
    entries = _transform(rank_id, sources, src, dst)
    save_checkpoint(entries, save_checkpoint_file_name)


def _transform(rank_id: int, sources: dict, src: dict | None, dst: dict | None) -> list:
    """[{"name", "data"}] of destination rank `rank_id` from {source rank: entries}."""
    src_count, dst_count = _device_count(src), _device_count(dst)
    names = list(dict.fromkeys(name for entries in sources.values() for name in entries))
    transformed, laid_out = {}, False
    for name in names:
        if (src is not None and name not in src) or (dst is not None and name not in dst):
            continue
        held = {rank % src_count: entries[name] for rank, entries in sources.items() if name in entries}
        sample = next(iter(held.values()))
        src_layout = src[name] if src is not None else _Layout.whole(sample.ndim)
        dst_layout = dst[name] if dst is not None else _Layout.whole(sample.ndim)
        block = _cut(name, {rank: p.asnumpy() for rank, p in held.items()}, src_layout, dst_layout,
                     rank_id % dst_count)
        transformed[name] = Parameter(Tensor(block, sample.dtype), name, sample.requires_grad,
                                      sample.layerwise_parallel)
        laid_out = True
    if not laid_out:
        raise ValueError("None of the parameters in checkpoint file are in either src strategy or dst strategy. "
                         "Please check correctness of strategy files.")
    own = rank_id % src_count
    for name in names:
        if name not in transformed:
            if own not in sources or name not in sources[own]:
                raise ValueError(f"The checkpoint of rank {own} is missing.")
            transformed[name] = sources[own][name]
    return [{"name": name, "data": value} for name, value in transformed.items()]


def _cut(name: str, held: dict, src: _Layout, dst: _Layout, dst_rank: int) -> np.ndarray:
    """The block of destination rank `dst_rank` assembled from the source blocks `held`
    ({source rank: array})."""
    block_shape = next(iter(held.values())).shape
    if len(src.tensor_map) != len(block_shape) or len(dst.tensor_map) != len(block_shape):
        raise ValueError(f"The tensor_map of the parameter '{name}' does not fit its rank {len(block_shape)}.")
    full = [size * count for size, count in zip(block_shape, src.counts)]
    if any(size % count for size, count in zip(full, dst.counts)):
        raise ValueError(f"The parameter '{name}' of shape {full} can not be split evenly by the destination layout.")
    out_shape = [size // count for size, count in zip(full, dst.counts)]
    start = [k * size for k, size in zip(dst.key(dst_rank), out_shape)]
    out = np.empty(out_shape, next(iter(held.values())).dtype)
    by_key = {}
    for rank in sorted(held):
        by_key.setdefault(src.key(rank), held[rank])
    overlapping = [range(s // b, (s + o - 1) // b + 1) for s, o, b in zip(start, out_shape, block_shape)]
    for key in itertools.product(*overlapping):
        if key not in by_key:
            missing = next(r for r in range(src.device_count) if src.key(r) == key)
            raise ValueError(f"The checkpoint of rank {missing} is missing.")
        lo = [max(s, k * b) for s, k, b in zip(start, key, block_shape)]
        hi = [min(s + o, (k + 1) * b) for s, o, k, b in zip(start, out_shape, key, block_shape)]
        out[tuple(slice(a - s, z - s) for a, z, s in zip(lo, hi, start))] = \
            by_key[key][tuple(slice(a - k * b, z - k * b) for a, z, k, b in zip(lo, hi, key, block_shape))]
    return out


def transform_checkpoints(src_checkpoints_dir, dst_checkpoints_dir, ckpt_prefix, src_strategy_file=None,
                          dst_strategy_file=None, process_num=1, output_format="ckpt") -> None:
    """Write `dst_checkpoints_dir/rank_<r>/<ckpt_prefix><r>.ckpt` (or `.safetensors`) for
    every destination rank r, from the files `src_checkpoints_dir/rank_<n>/*.ckpt` (the
    last by its name's last two numbers when a rank has several). `process_num` is
    accepted: spore transforms in one process."""
    api = "transform_checkpoints"
    if not isinstance(src_checkpoints_dir, str) or not os.path.isdir(src_checkpoints_dir):
        raise ValueError(f"For '{api}', the 'src_checkpoints_dir' can not be empty.")
    if not isinstance(dst_checkpoints_dir, str) or not isinstance(ckpt_prefix, str):
        raise TypeError(f"For '{api}', the 'dst_checkpoints_dir' and 'ckpt_prefix' should be str.")
    if isinstance(process_num, bool) or not isinstance(process_num, int) or process_num < 1:
        raise ValueError(f"For '{api}', the 'process_num' should be a positive int, but got {process_num}.")
    if output_format not in ("ckpt", "safetensors"):
        raise ValueError(f"For '{api}', the 'output_format' should be 'ckpt' or 'safetensors', but got "
                         f"{output_format!r}.")
    src, dst = _layouts(api, src_strategy_file), _layouts(api, dst_strategy_file)
    files = _rank_checkpoints(src_checkpoints_dir)
    if not files:
        raise ValueError(f"For '{api}', there is no checkpoint in the 'rank_<n>' directories of "
                         f"{src_checkpoints_dir}.")
    sources = {rank: load_checkpoint(path) for rank, path in files.items()}
    for rank in range(_device_count(dst)):
        directory = os.path.join(dst_checkpoints_dir, f"rank_{rank}")
        os.makedirs(directory, exist_ok=True)
        path = os.path.join(directory, f"{ckpt_prefix}{rank}.{output_format}")
        save_checkpoint(_transform(rank, sources, src, dst), path, format=output_format)


def _rank_checkpoints(directory: str) -> dict:
    files = {}
    for rank_dir in glob.glob(os.path.join(directory, "rank_[0-9]*")):
        rank = os.path.basename(rank_dir)[len("rank_"):]
        candidates = glob.glob(os.path.join(rank_dir, "*.ckpt"))
        if rank.isdigit() and candidates:
            files[int(rank)] = max(candidates, key=lambda p: [int(n) for n in re.findall(r"\d+", p)][-2:])
    return files
