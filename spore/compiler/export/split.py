"""export_split_mindir: MindSpore's auto-split of a MINDIR file into one graph per device.

What it does on CPU, as MindSpore 2.7.1 does there (observed): nothing is sharded. The
file's graph is loaded and returned (for `nn.GraphCell`); for a device count of 1, 2, 4 or 8
each rank's copy of the graph is written to `split_net<rank>.mindir` in the working
directory, with an empty `group_info` (a ParallelGroupMap without ranks) beside them. A
device count of 0 splits nothing and writes nothing. A graph holding Parameters can not be
split on CPU (SystemError), nor can a device count other than 0, 1, 2, 4 or 8 (RuntimeError)."""
from __future__ import annotations

import os
import shutil

from .mindir_graph import MindIRGraph
from .mindir_reader import MindIRFormatError, read_model

_API = "Split MindIR"
_DEVICE_COUNTS = (1, 2, 4, 8)
_EMPTY_GROUP_INFO = b"\x12\x00"  # ParallelGroupMap { ckpt_restore_rank_list: {} }


def _check_file_name(file_name) -> str:
    if not isinstance(file_name, str):
        raise ValueError(f"For '{_API}', the argument 'file_name' must be string, but got {type(file_name)}.")
    if not file_name.endswith(".mindir"):
        raise ValueError(f"For '{_API}', the argument 'file_name'(MindIR file) should end with '.mindir', "
                         f"but got '{file_name}'.")
    if not os.path.exists(file_name):
        raise ValueError(f"For '{_API}', the argument 'file_name'(MindIR file) '{file_name}' does not exist.")
    return os.path.realpath(file_name)


def _check_count(name: str, value) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise TypeError(f"For '{_API}', the argument '{name}' must be a non-negative int, but got {value!r}.")


def _check_device_num(device_num: int) -> None:
    if device_num not in _DEVICE_COUNTS:
        raise RuntimeError(f"For '{_API}', the argument 'device_num' must be 0, 1, 2, 4 or 8, but got "
                           f"{device_num}.")


def export_split_mindir(file_name, device_num=8, rank_id=0, dynamic=True, sapp=True) -> MindIRGraph:
    """export_split_mindir(file_name, device_num=8, rank_id=0, dynamic=True, sapp=True): the
    graph of rank `rank_id` among `device_num` devices, to run with `nn.GraphCell` (see the
    module's docstring for what is written and what fails on CPU). `dynamic` is ignored, as
    in MindSpore."""
    file_name = _check_file_name(file_name)
    _check_count("device_num", device_num)
    _check_count("rank_id", rank_id)
    if not isinstance(sapp, bool):
        raise TypeError(f"For '{_API}', the argument 'sapp' must be a bool, but got {sapp!r}.")
    with open(file_name, "rb") as f:
        data = f.read()
    try:
        graph = MindIRGraph(read_model(data, file_name), file_name)
    except MindIRFormatError:
        raise RuntimeError("Export and split MindIR failed.") from None
    if device_num == 0:
        return graph
    _check_device_num(device_num)
    if graph.parameters:
        raise SystemError(f"For '{_API}', the MindIR file '{file_name}' holds Parameters "
                          f"({', '.join(graph.parameters)}), which can not be split on CPU.")
    for rank in range(device_num):
        target = f"split_net{rank}.mindir"
        if os.path.exists(target):  # an earlier split's copy, which MindSpore writes read-only
            os.remove(target)
        shutil.copyfile(file_name, target)
    with open("group_info", "wb") as f:
        f.write(_EMPTY_GROUP_INFO)
    return graph
