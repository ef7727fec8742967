"""Checkpoints and strategy files of pipeline-parallel training, on one process:
load_segmented_checkpoints (the files of every stage, one dictionary),
merge_pipeline_strategys (the strategy files of the stages, one file) and
sync_pipeline_shared_parameters (parameters shared between stages)."""
from __future__ import annotations

import glob
import json
import logging
import os

from ..common.protobuf_wire import bytes_field, protobuf_fields, varint_field
from ..nn.cell import Cell
from .serialization import load_checkpoint

__all__ = ["load_segmented_checkpoints", "merge_pipeline_strategys", "sync_pipeline_shared_parameters"]

_logger = logging.getLogger(__name__)


def load_segmented_checkpoints(ckpt_file_dir, net=None, strict_load=False, filter_prefix=None, dec_key=None,
                               dec_mode="AES-GCM", specify_prefix=None, choice_func=None) -> dict:
    """{name: Parameter or str} of every `.ckpt` file in `ckpt_file_dir` (in name order;
    a later file's entry replaces an earlier one's), each read by load_checkpoint with the
    other arguments (and loaded into `net` when given)."""
    if not isinstance(ckpt_file_dir, str):
        raise TypeError("For 'load_segmented_checkpoints', the 'ckpt_file_dir' should be a str, but got "
                        f"{type(ckpt_file_dir).__name__}.")
    if not os.path.isdir(ckpt_file_dir):
        raise ValueError(f"For 'load_segmented_checkpoints', the 'ckpt_file_dir' {ckpt_file_dir} doesn't exist or "
                         f"is not a directory.")
    entries = {}
    for path in sorted(glob.glob(os.path.join(ckpt_file_dir, "*.ckpt"))):
        entries.update(load_checkpoint(path, net, strict_load, filter_prefix, dec_key, dec_mode, specify_prefix,
                                       choice_func))
    return entries


def sync_pipeline_shared_parameters(net) -> None:
    """Make the parameters that several pipeline stages hold equal on every stage. One
    process runs every stage itself and holds each parameter once, so there is nothing to
    send: `net` is checked and left as it is."""
    if not isinstance(net, Cell):
        _logger.critical("Failed to synchronize pipeline shared parameters.")
        raise TypeError(f"For 'sync_pipeline_shared_parameters', the argument 'net' should be a Cell, but got "
                        f"{type(net)}.")


def merge_pipeline_strategys(src_strategy_dirs, dst_strategy_file) -> None:
    """Write to `dst_strategy_file` the strategy files of all pipeline stages found in
    `src_strategy_dirs` (all protobuf `*.ckpt` or all `*.json`): each parameter's layout is
    kept under the name '<stage>-<name>', the first file of each stage counts, and the
    merged file's current_stage is 1 (MindSpore's merged format)."""
    api = "merge_pipeline_strategys"
    if not isinstance(src_strategy_dirs, str) or not isinstance(dst_strategy_file, str):
        raise TypeError(f"For '{api}', the 'src_strategy_dirs' and 'dst_strategy_file' should be str, but got "
                        f"{type(src_strategy_dirs).__name__} and {type(dst_strategy_file).__name__}.")
    dst_strategy_file = os.path.abspath(os.path.normpath(dst_strategy_file))
    os.makedirs(os.path.dirname(dst_strategy_file), exist_ok=True)
    if not os.path.isdir(src_strategy_dirs):
        raise NotADirectoryError(f"src_strategy_dirs {src_strategy_dirs} is not a directory.")
    protobuf_files = sorted(glob.glob(os.path.join(src_strategy_dirs, "*.ckpt")))
    json_files = sorted(glob.glob(os.path.join(src_strategy_dirs, "*.json")))
    if protobuf_files and json_files:
        raise ValueError(f"For '{api}', the strategy files should be all '.ckpt' or all '.json'.")
    if protobuf_files:
        _merge_protobuf(protobuf_files, dst_strategy_file)
    else:
        _merge_json(json_files, dst_strategy_file)


def _merge_json(files: list, dst: str) -> None:
    merged = {"current_stage": 1, "parallel_strategy_item": {}, "parallel_layout_item": {}}
    stages = set()
    for path in files:
        with open(path) as f:
            content = json.load(f)
        strategies = content.get("parallel_strategy_item")
        layouts = content.get("parallel_layout_item")
        if not strategies or not layouts:
            raise ValueError(f"The strategy file {path} is empty")
        stage = next(iter(strategies.values())).get("stage")
        if stage in stages:
            continue
        stages.add(stage)
        merged["parallel_layout_item"].update({f"{stage}-{name}": item for name, item in layouts.items()})
        merged["parallel_strategy_item"].update(strategies)
    with open(dst, "w") as f:
        json.dump(merged, f)


def _merge_protobuf(files: list, dst: str) -> None:
    """ParallelStrategyMap: current_stage 1, parallel_strategy_item 2 (node_name 1,
    parallel_strategys 2: stage 1), parallel_layout_item 3 (param_name 1, parallel_layouts 2)."""
    strategy_items, layout_items, stages = [], [], set()
    for path in files:
        with open(path, "rb") as f:
            content = f.read()
        if not content:
            continue
        try:
            fields = list(protobuf_fields(content))
            strategies = [value for field, value in fields if field == 2]
            layouts = [value for field, value in fields if field == 3]
            if not strategies or not layouts:
                raise ValueError(f"The strategy file {path} is empty")
            stage = dict(protobuf_fields(dict(protobuf_fields(strategies[0])).get(2, b""))).get(1, 0)
            renamed = []
            for item in layouts:
                parts = dict(protobuf_fields(item))
                name = f"{stage}-{parts[1].decode('utf-8')}"
                renamed.append(bytes_field(1, name.encode("utf-8")) + bytes_field(2, parts.get(2, b"")))
        except (IndexError, KeyError, UnicodeDecodeError) as error:
            raise ValueError(f"For 'merge_pipeline_strategys', the strategy file {path} is not a protobuf strategy "
                             f"file: {error!r}.") from None
        if stage in stages:
            continue
        stages.add(stage)
        strategy_items += strategies
        layout_items += renamed
    message = varint_field(1, 1) + b"".join(bytes_field(2, item) for item in strategy_items)
    message += b"".join(bytes_field(3, item) for item in layout_items)
    with open(dst, "wb") as f:
        f.write(message)
