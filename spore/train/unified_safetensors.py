"""unified_safetensors: the `.safetensors` files a model-parallel training saved per rank
(`src_dir/rank_<n>/*.safetensors`) joined into whole parameters, written as MindSpore
writes them: `part<i>.safetensors` files of about 3 GiB at most, `param_name_map.json`
(which part holds each parameter, and their total size) and `hyper_param.safetensors`
(rank 0's entries that the strategy does not lay out, such as step counters)."""
from __future__ import annotations

import glob
import json
import math
import os
import re

import numpy as np

from ..common.tensor import Tensor
from .parallel_strategy import build_searched_strategy, merge_by_layout, slice_key
from .serialization import load_checkpoint, save_checkpoint

__all__ = ["unified_safetensors"]

_API = "unified_safetensors"
_PART_BYTES = 3 * 1024 ** 3


def unified_safetensors(src_dir, src_strategy_file, dst_dir, merge_with_redundancy=True, file_suffix=None,
                        max_process_num=64, choice_func=None, split_dst_file=()) -> None:
    """Write to `dst_dir` the whole parameters of the per-rank files under `src_dir`,
    laid out by `src_strategy_file` (build_searched_strategy's format). A slice missing
    from a rank's file (files saved without redundancy) is taken from a rank holding a
    copy. `file_suffix` picks each rank's file (`*<file_suffix>.safetensors`; without it
    the file whose last two numbers are highest); `choice_func(name)` returns False to
    leave a parameter out or a str to rename it; `split_dst_file=(i, n)` writes only the
    i-th (from 1) of n shares of the parts. `merge_with_redundancy` and
    `max_process_num` are accepted: spore reads which slices each file holds, in one
    process."""
    if not isinstance(src_dir, str) or not os.path.exists(src_dir):
        raise ValueError(f"For '{_API}', the 'src_dir' {src_dir!r} does not exist.")
    if os.path.isfile(src_dir):
        raise ValueError(f"For '{_API}', the 'src_dir' can not be a file.")
    if not isinstance(src_strategy_file, str) or not os.path.isfile(src_strategy_file):
        raise ValueError(f"For '{_API}', the 'src_strategy_file' {src_strategy_file!r} does not exist.")
    if not isinstance(dst_dir, str):
        raise TypeError(f"For '{_API}', the 'dst_dir' should be a str, but got {type(dst_dir).__name__}.")
    if not isinstance(merge_with_redundancy, bool):
        raise TypeError(f"For '{_API}', the 'merge_with_redundancy' should be a bool, but got "
                        f"{type(merge_with_redundancy).__name__}.")
    if isinstance(max_process_num, bool) or not isinstance(max_process_num, int) or max_process_num <= 0:
        raise ValueError(f"For '{_API}', the 'max_process_num' should be a positive int, but got {max_process_num}.")
    if choice_func is not None and not callable(choice_func):
        raise TypeError(f"For '{_API}', the 'choice_func' should be callable, but got {type(choice_func).__name__}.")
    share = _check_split(split_dst_file)
    os.makedirs(dst_dir, exist_ok=True)
    files = _rank_files(src_dir, "safetensors", file_suffix)
    if files and _rank_files(src_dir, "ckpt", None):
        raise ValueError(f"For '{_API}', the 'src_dir' cannot contain both ckpt file and safetensors file "
                         f"simultaneously")
    strategy = build_searched_strategy(src_strategy_file)
    if not strategy:
        raise ValueError(f"For '{_API}', the strategy file {src_strategy_file} lays out no parameter.")
    device_count = int(np.prod(next(iter(strategy.values())).dev_matrix[0].dim))
    for rank in range(device_count):
        if rank not in files:
            raise ValueError(f"The safetensor file of rank{rank} is needed for converting the safetensors, but it "
                             f"is missing.")
    entries = [load_checkpoint(files[rank], format="safetensors") for rank in range(device_count)]
    names = _parameter_names(entries, strategy, choice_func)
    merged = {name: _merge(name, entries, strategy[name]) for name in names}
    groups = _split_by_size({name: value.nbytes for name, value in merged.items()})
    _save_hyper_params(entries[0], names, dst_dir, share)
    _save_name_map(groups, choice_func, sum(v.nbytes for v in merged.values()), dst_dir, share)
    for index in _part_indices(len(groups), share):
        saved = [{"name": _saved_name(name, choice_func), "data": Tensor(merged[name], entries[0][name].dtype)}
                 for name in groups[index]]
        save_checkpoint(saved, os.path.join(dst_dir, f"part{index}.safetensors"), format="safetensors")


def _check_split(split_dst_file) -> tuple:
    if split_dst_file == ():
        return ()
    if (not isinstance(split_dst_file, tuple) or len(split_dst_file) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in split_dst_file)
            or not 1 <= split_dst_file[0] <= split_dst_file[1]):
        raise ValueError(f"For '{_API}', the 'split_dst_file' should be a tuple (current, total) of ints with "
                         f"1 <= current <= total, but got {split_dst_file}.")
    return split_dst_file


def _rank_files(src_dir: str, extension: str, file_suffix) -> dict:
    """{rank: the file of `src_dir/rank_<rank>` to read}."""
    files = {}
    for directory in glob.glob(os.path.join(src_dir, "rank_[0-9]*")):
        rank = os.path.basename(directory)[len("rank_"):]
        if not os.path.isdir(directory) or not rank.isdigit():
            continue
        candidates = glob.glob(os.path.join(directory, f"*{file_suffix or ''}.{extension}"))
        if not candidates:
            if file_suffix is not None:
                raise ValueError(f"No {extension} files found in directory '{directory}' with suffix "
                                 f"'{file_suffix}'.")
            continue
        files[int(rank)] = _choose_file(candidates, file_suffix)
    return files


def _choose_file(candidates: list, file_suffix) -> str:
    """The last file by its last two numbers (epoch and step in MindSpore's names), or,
    with a suffix, the one of shortest name."""
    if len(candidates) == 1:
        return candidates[0]
    if file_suffix is None:
        return max(candidates, key=lambda path: [int(n) for n in re.findall(r"\d+", path)][-2:])
    shortest = min(len(os.path.basename(path)) for path in candidates)
    chosen = [path for path in candidates if len(os.path.basename(path)) == shortest]
    if len(chosen) > 1:
        raise ValueError(f"For '{_API}', several files end with '{file_suffix}': {sorted(chosen)}. Please set "
                         f"file_suffix to the longest common suffix of the files.")
    return chosen[0]


def _parameter_names(entries: list, strategy: dict, choice_func) -> list:
    present = set().union(*(set(e) for e in entries))
    names = sorted(name for name in present & set(strategy) if not name.startswith("accu_grads"))
    if choice_func is not None:
        names = [name for name in names if choice_func(name) is not False]
    return names


def _merge(name: str, entries: list, layout) -> np.ndarray:
    """The whole parameter; a rank whose file lacks it lends a copy's slice."""
    dev_matrix = [int(d) for d in layout.dev_matrix[0].dim]
    tensor_map = [int(m) for m in layout.tensor_map[0].dim]
    by_key = {}
    for rank, held in enumerate(entries):
        if name in held:
            by_key.setdefault(slice_key(rank, dev_matrix, tensor_map), held[name].asnumpy())
    slices = []
    for rank in range(len(entries)):
        key = slice_key(rank, dev_matrix, tensor_map)
        if key not in by_key:
            raise ValueError(f"For '{_API}', no rank's file holds the slice {key} of the parameter '{name}'.")
        slices.append(by_key[key])
    return merge_by_layout(slices, layout, _API)


def _split_by_size(sizes: dict) -> list:
    """The parameters in groups of about _PART_BYTES, largest first, each to the lightest
    group."""
    count = min(max(math.ceil(sum(sizes.values()) / _PART_BYTES), 1), max(len(sizes), 1))
    groups, totals = [[] for _ in range(count)], [0] * count
    for name, size in sorted(sizes.items(), key=lambda item: -item[1]):
        lightest = totals.index(min(totals))
        groups[lightest].append(name)
        totals[lightest] += size
    return groups


def _part_indices(count: int, share: tuple) -> range:
    if not share:
        return range(count)
    current, total = share
    base, extra = divmod(count, total)
    start = base * (current - 1) + min(current - 1, extra)
    return range(start, start + base + (1 if current <= extra else 0))


def _saved_name(name: str, choice_func) -> str:
    chosen = choice_func(name) if choice_func is not None else None
    return chosen if isinstance(chosen, str) else name


def _save_hyper_params(rank0: dict, names: list, dst_dir: str, share: tuple) -> None:
    if share and share[0] != 1:
        return
    hyper = [{"name": name, "data": value} for name, value in rank0.items() if name not in names]
    if hyper:
        save_checkpoint(hyper, os.path.join(dst_dir, "hyper_param.safetensors"), format="safetensors")


def _save_name_map(groups: list, choice_func, total_size: int, dst_dir: str, share: tuple) -> None:
    if share and share[0] != 1:
        return
    weight_map = {_saved_name(name, choice_func): f"part{index}.safetensors"
                  for index, group in enumerate(groups) for name in group}
    with open(os.path.join(dst_dir, "param_name_map.json"), "w") as f:
        f.write(json.dumps({"metadata": {"total_size": total_size}, "weight_map": weight_map}, indent=4))
