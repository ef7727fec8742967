"""Tools over checkpoint files: conversion between `.ckpt` and `.safetensors`
(ckpt_to_safetensors, safetensors_to_ckpt), loading in the background
(load_checkpoint_async), joining the slices of a Parameter (merge_sliced_parameter),
loading the checkpoints of a model-parallel training into one network
(load_distributed_checkpoint), reading the rank list of a MindSpore group information
file (restore_group_info_list) and finding a copy of this rank's checkpoint among the
ranks that hold the same parameters (get_ckpt_path_with_strategy)."""
from __future__ import annotations

import logging
import os
import re
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from ..common.parameter import Parameter
from ..common.protobuf_wire import packed_varints, protobuf_fields
from ..common.tensor import Tensor
from ..ops.validator import check_positive_int
from .parallel_strategy import build_searched_strategy, merge_by_layout, slice_key
from .serialization import load_checkpoint, load_param_into_net, save_checkpoint

__all__ = ["ckpt_to_safetensors", "safetensors_to_ckpt", "load_checkpoint_async", "merge_sliced_parameter",
           "load_distributed_checkpoint", "restore_group_info_list", "get_ckpt_path_with_strategy"]

_logger = logging.getLogger(__name__)

_SUFFIXES = {"ckpt": ".ckpt", "safetensors": ".safetensors"}


def ckpt_to_safetensors(file_path: str, save_path: str | None = None, name_map: dict | None = None,
                        file_name_regex: str | None = None, processes_num: int = 1) -> None:
    """Write each `.ckpt` file as a `.safetensors` file of the same name: `file_path` is
    one file, or a directory whose `rank*` subdirectories hold the files (mirrored under
    `save_path`). The output goes to `save_path` (a directory; the source's by default).
    `name_map` renames entries, `file_name_regex` selects files, `processes_num` files
    are converted at a time."""
    _convert("ckpt_to_safetensors", file_path, save_path, name_map, file_name_regex, processes_num,
             "ckpt", "safetensors")


def safetensors_to_ckpt(file_path: str, save_path: str | None = None, name_map: dict | None = None,
                        file_name_regex: str | None = None, processes_num: int = 1) -> None:
    """The conversion of ckpt_to_safetensors the other way: `.safetensors` to `.ckpt`."""
    _convert("safetensors_to_ckpt", file_path, save_path, name_map, file_name_regex, processes_num,
             "safetensors", "ckpt")


def _convert(api: str, file_path, save_path, name_map, file_name_regex, processes_num, source: str,
             target: str) -> None:
    if not isinstance(file_path, str) or not (os.path.isdir(file_path) or os.path.isfile(file_path)):
        raise ValueError(f"For {api}, the input path must be a valid path or file, but got {file_path}")
    if save_path and os.path.splitext(save_path)[1]:
        raise ValueError(f"For {api}, the save_path must be a directory, but got '{save_path}'")
    if name_map is not None and not isinstance(name_map, dict):
        raise ValueError(f"For {api}, the type of 'name_map' must be a dict, but got '{type(name_map)}'")
    check_positive_int(api, "processes_num", processes_num)
    if os.path.isdir(file_path):
        tasks = _directory_tasks(api, file_path, save_path, file_name_regex, _SUFFIXES[source])
    else:
        if not file_path.endswith(_SUFFIXES[source]):
            raise ValueError(f"For {api}, the input file must be a {_SUFFIXES[source]} file, but got {file_path}")
        if file_name_regex is not None and not re.findall(file_name_regex, file_path):
            raise ValueError(f"For {api}, the input file does not match the regular expression.")
        target_dir = save_path or os.path.dirname(file_path)
        if target_dir:
            os.makedirs(target_dir, exist_ok=True)
        tasks = [(file_path, target_dir)]
    with ThreadPoolExecutor(max_workers=processes_num) as pool:
        list(pool.map(lambda task: _convert_file(task[0], task[1], name_map, source, target), tasks))


def _directory_tasks(api: str, directory: str, save_path, file_name_regex, suffix: str) -> list:
    """(source file, target directory) for the matching files of each `rank*` subdirectory."""
    rank_dirs = sorted(d for d in os.listdir(directory)
                       if d.startswith("rank") and os.path.isdir(os.path.join(directory, d)))
    if not rank_dirs:
        raise ValueError(f"For '{api}', no directories starting with 'rank' found in {directory}.")
    tasks = []
    for rank_dir in rank_dirs:
        source_dir = os.path.join(directory, rank_dir)
        target_dir = source_dir if save_path is None else os.path.join(save_path, rank_dir)
        os.makedirs(target_dir, exist_ok=True)
        for name in sorted(os.listdir(source_dir)):
            if name.endswith(suffix) and (file_name_regex is None or re.search(file_name_regex, name)):
                tasks.append((os.path.join(source_dir, name), target_dir))
    return tasks


def _convert_file(path: str, target_dir: str, name_map, source: str, target: str) -> None:
    entries = load_checkpoint(path, format=source)
    if name_map is not None:
        entries = {name_map.get(name, name): value for name, value in entries.items()}
    name = os.path.basename(path)[:-len(_SUFFIXES[source])] + _SUFFIXES[target]
    save_checkpoint(entries, os.path.join(target_dir, name), format=target)


class ParamDictFuture:
    """A checkpoint being loaded in the background: `result()` waits for it and returns
    what load_checkpoint returns."""

    def __init__(self, executor: ThreadPoolExecutor, future):
        self.executor = executor
        self.param_dict_future = future

    def result(self) -> dict:
        param_dict = self.param_dict_future.result()
        self.executor.shutdown()
        return param_dict


def load_checkpoint_async(ckpt_file_name: str, net=None, strict_load: bool = False, filter_prefix=None,
                          dec_key=None, dec_mode: str = "AES-GCM", specify_prefix=None,
                          choice_func=None) -> ParamDictFuture:
    """Start load_checkpoint (same arguments; the format from the file's extension) in a
    background thread; the returned object's `result()` gives its result (and raises its
    errors)."""
    if not isinstance(ckpt_file_name, str):
        raise TypeError(f"For 'load_checkpoint_async', the 'ckpt_file_name' must be str, but got "
                        f"{type(ckpt_file_name).__name__}.")
    file_format = "safetensors" if ckpt_file_name.endswith(".safetensors") else "ckpt"
    executor = ThreadPoolExecutor(max_workers=1)
    future = executor.submit(load_checkpoint, ckpt_file_name, net, strict_load, filter_prefix, dec_key, dec_mode,
                             specify_prefix, choice_func, format=file_format)
    return ParamDictFuture(executor, future)


def merge_sliced_parameter(sliced_parameters: list, strategy: dict | None = None) -> Parameter:
    """The Parameter whose value is the slices (Parameters of one name, equal in shape
    but for axis 0, in rank order) joined along axis 0, or, with `strategy` (from
    build_searched_strategy), assembled by the parameter's layout there; it keeps the
    first slice's name, requires_grad and layerwise_parallel."""
    if not isinstance(sliced_parameters, list):
        raise TypeError(f"For 'merge_sliced_parameter', the argument 'sliced_parameters' should be list, but got "
                        f"{type(sliced_parameters)}.")
    if not sliced_parameters:
        raise ValueError("For 'merge_sliced_parameter', the argument 'sliced_parameters' should not be empty.")
    if strategy and not isinstance(strategy, dict):
        raise TypeError(f"For 'merge_sliced_parameter', the argument 'strategy' should be dict, but got "
                        f"{type(strategy)}.")
    for index, parameter in enumerate(sliced_parameters):
        if not isinstance(parameter, Parameter):
            raise TypeError(f"For 'merge_sliced_parameter', the element in 'sliced_parameters' should be "
                            f"'Parameter', but got {type(parameter)} at index {index}.")
    first = sliced_parameters[0]
    for index, parameter in enumerate(sliced_parameters):
        if parameter.name != first.name or parameter.ndim != first.ndim or parameter.shape[1:] != first.shape[1:]:
            raise ValueError(f"For 'merge_sliced_parameter', please make sure that the elements in "
                             f"'sliced_parameters' have the same name, dimension length and shape except 0 axis. "
                             f"They should be {first.name}, {first.ndim}, {tuple(first.shape[1:])}, but got "
                             f"{parameter.name}, {parameter.ndim}, {tuple(parameter.shape[1:])} at index {index}.")
    arrays = [p.asnumpy() for p in sliced_parameters]
    if strategy:
        if first.name not in strategy:
            raise KeyError(f"For 'merge_sliced_parameter', the parameter name {first.name} should be a key in the "
                           f"'strategy'. Please check 'sliced_parameter' and 'strategy'.")
        merged = merge_by_layout(arrays, strategy[first.name])
    else:
        merged = np.concatenate(arrays)
    return Parameter(Tensor(merged, first.dtype), first.name, first.requires_grad, first.layerwise_parallel)


def load_distributed_checkpoint(network, checkpoint_filenames=None, predict_strategy=None,
                                train_strategy_filename=None, strict_load=False, dec_key=None, dec_mode="AES-GCM",
                                format="ckpt", unified_safetensors_dir=None, dst_safetensors_dir=None, rank_id=None,
                                output_format="safetensors", name_map=None, max_process_num=64,
                                return_param_dict=False):
    """Load into `network` (on one device) the parameters a model-parallel training saved
    as one `.ckpt` file per rank (`checkpoint_filenames`, in rank order): each parameter
    the training strategy file lays out is merged from its slices (see
    merge_sliced_parameter); parameters missing from the strategy or the files are left
    as they are, with a warning. The strategy file is `train_strategy_filename`, else the
    auto-parallel context's 'strategy_ckpt_load_file'. Returns True.

    spore runs on one device: `predict_strategy` (a layout to split the parameters for
    this rank) must be None, and the unified-safetensors form (format='safetensors' and
    the arguments after it) is not supported."""
    api = "load_distributed_checkpoint"
    from ..nn.cell import Cell
    if not isinstance(network, Cell):
        raise TypeError(f"For '{api}', the 'network' must be a Cell, but got {type(network).__name__}.")
    if format != "ckpt":
        raise ValueError(f"For '{api}', spore loads distributed checkpoints in the 'ckpt' format only, but got "
                         f"format={format!r}.")
    if predict_strategy is not None:
        raise ValueError(f"For '{api}', spore runs on one device, so the 'predict_strategy' must be None: the "
                         f"parameters are merged whole into the network.")
    if not isinstance(checkpoint_filenames, (list, tuple)) or not checkpoint_filenames:
        raise TypeError(f"For '{api}', the 'checkpoint_filenames' must be a non-empty list of str, but got "
                        f"{checkpoint_filenames!r}.")
    for name in checkpoint_filenames:
        if not isinstance(name, str) or not os.path.isfile(name):
            raise ValueError(f"For '{api}', the checkpoint file {name!r} does not exist.")
    if train_strategy_filename is None:
        from ..context import get_auto_parallel_context
        train_strategy_filename = get_auto_parallel_context("strategy_ckpt_load_file")
    strategy = build_searched_strategy(train_strategy_filename)
    if not strategy:
        return True
    layout = next(iter(strategy.values()))
    device_count = int(np.prod(layout.dev_matrix[0].dim))
    if device_count != len(checkpoint_filenames):
        raise ValueError(f"For '{api}', the length of 'checkpoint_filenames' should be equal to the device count of "
                         f"training process. But got the length of 'checkpoint_filenames' is "
                         f"{len(checkpoint_filenames)} and the device count is {device_count}.")
    saved = [load_checkpoint(name, dec_key=dec_key, dec_mode=dec_mode) for name in checkpoint_filenames]
    merged, not_in_strategy, not_in_files = {}, [], []
    for _, param in network.parameters_and_names():
        if param.name not in strategy:
            not_in_strategy.append(param.name)
        elif any(param.name not in entries for entries in saved):
            not_in_files.append(param.name)
        else:
            if strategy[param.name].opt_weight_shard_size > 0:
                raise ValueError(f"For '{api}', the parameter '{param.name}' was also sharded by the optimizer, "
                                 f"which spore can not merge.")
            pieces = [entries[param.name].asnumpy() for entries in saved]
            merged[param.name] = Parameter(Tensor(merge_by_layout(pieces, strategy[param.name], api)), param.name)
    if not_in_strategy:
        _logger.warning("For '%s', %s parameters in network are not in the slice strategy, you can check whether "
                        "'predict_strategy' or 'train_strategy_filename' is correct.", api, not_in_strategy)
    if not_in_files:
        _logger.warning("For '%s', %s parameters in network and slice strategy but not in the checkpoint file, "
                        "please check whether 'checkpoint_filenames' is correct.", api, not_in_files)
    load_param_into_net(network, merged, strict_load=strict_load)
    return True


def restore_group_info_list(group_info_file_name: str) -> list:
    """The ranks whose checkpoints hold what the rank that saved `group_info_file_name`
    (a MindSpore ParallelGroupMap protobuf file, written where GROUP_INFO_FILE says) holds:
    its `ckpt_restore_rank_list`."""
    api = "restore_group_info_list"
    if not isinstance(group_info_file_name, str):
        raise TypeError(f"For '{api}', the argument 'group_info_file_name' should be str, but got "
                        f"{type(group_info_file_name)}.")
    if not os.path.isfile(group_info_file_name):
        raise ValueError(f"For '{api}', no such group information file: {group_info_file_name}.")
    with open(group_info_file_name, "rb") as f:
        content = f.read()
    if not content:
        raise ValueError(f"For '{api}', the group information file should not be empty.")
    try:
        # ParallelGroupMap: parallel_group_item = 1, ckpt_restore_rank_list = 2 (ParallelGroupRanks, dim = 1).
        rank_lists = [value for field, value in protobuf_fields(content) if field == 2]
        if not rank_lists:
            raise ValueError("it has no restore rank list")
        ranks = []
        for field, value in protobuf_fields(rank_lists[-1]):
            if field == 1:
                ranks.extend([value] if isinstance(value, int) else packed_varints(value))
    except (ValueError, IndexError) as error:
        raise ValueError(f"For '{api}', the group information file '{group_info_file_name}' is incorrect: "
                         f"{error}.") from None
    return ranks



# One process: spore runs as rank 0 of a group of one.
_CURRENT_RANK = 0


def get_ckpt_path_with_strategy(cur_ckpt_path: str, cur_strategy_path: str) -> str | None:
    """`cur_ckpt_path` when it names this rank ('rank_<id>' in it) and exists, else the
    first existing path with 'rank_<id>' replaced by a rank holding copies of all this
    rank's parameters under the strategy file `cur_strategy_path`; None when there is
    none."""
    api = "get_ckpt_path_with_strategy"
    if not isinstance(cur_ckpt_path, str) or not isinstance(cur_strategy_path, str):
        raise TypeError(f"For '{api}', the 'cur_ckpt_path' and 'cur_strategy_path' should be str, but got "
                        f"{type(cur_ckpt_path).__name__} and {type(cur_strategy_path).__name__}.")
    if f"rank_{_CURRENT_RANK}" in cur_ckpt_path and os.path.isfile(cur_ckpt_path):
        return cur_ckpt_path
    for rank in _copy_ranks(build_searched_strategy(cur_strategy_path), _CURRENT_RANK):
        candidate = re.sub(r"rank_\d+", f"rank_{rank}", cur_ckpt_path)
        if os.path.isfile(candidate):
            return candidate
    return None


def _copy_ranks(strategy: dict, rank: int) -> tuple:
    """The ranks (with `rank`) holding the same slices as `rank` of every parameter
    (gradient accumulators aside); just `rank` when the parameters disagree."""
    best: tuple = ()
    for name, layout in strategy.items():
        if name.startswith(("accu_grads", "inputs")):
            continue
        dev_matrix = [int(d) for d in layout.dev_matrix[0].dim]
        tensor_map = [int(m) for m in layout.tensor_map[0].dim]
        count = int(np.prod(dev_matrix)) if dev_matrix else 1
        own = slice_key(rank, dev_matrix, tensor_map)
        group = tuple(r for r in range(count) if slice_key(r, dev_matrix, tensor_map) == own)
        if not best or len(group) < len(best):
            if best and not set(group).issubset(best):
                return (rank,)
            best = group
        elif not set(best).issubset(group):
            return (rank,)
    return best
