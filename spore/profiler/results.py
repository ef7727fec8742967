"""What a Profiler writes, in the layout MindSpore 2.7.1 writes on CPU:

    <output_path>/<host>_<pid>_<time>_ascend_ms/
        profiler_metadata.json                 the add_metadata entries
        FRAMEWORK/cpu_op_detail_info_0.csv     one row per operator: calls, total and mean time
        FRAMEWORK/cpu_op_type_info_0.csv       one row per operator type
        ASCEND_PROFILER_OUTPUT/trace_view.json every call on a timeline (chrome://tracing, Perfetto)

The operators are the kernels spore ran (torch's, e.g. 'aten::mm'); their type is the
name without its namespace ('mm').
"""
from __future__ import annotations

import csv
import datetime
import json
import os
import socket
from collections import defaultdict

from .._kernels.profiling import KernelEvent

FRAMEWORK, TIMELINE = "FRAMEWORK", "ASCEND_PROFILER_OUTPUT"
OP_DETAIL_FILE = "cpu_op_detail_info_0.csv"
OP_TYPE_FILE = "cpu_op_type_info_0.csv"
TRACE_FILE = "trace_view.json"
METADATA_FILE = "profiler_metadata.json"


def new_result_dir(output_path: str) -> str:
    """A fresh directory for one profiling session, named as MindSpore names it."""
    stamp = datetime.datetime.now().strftime("%Y%m%d%H%M%S%f")[:17]
    path = os.path.join(os.path.abspath(output_path), f"{socket.gethostname()}_{os.getpid()}_{stamp}_ascend_ms")
    os.makedirs(path, exist_ok=True)
    return path


def op_type(name: str) -> str:
    return name.rsplit("::", 1)[-1]


def _totals(events: list[KernelEvent], key) -> dict[str, tuple[int, float]]:
    """{key(event name): (calls, total milliseconds)}."""
    calls, total = defaultdict(int), defaultdict(float)
    for event in events:
        k = key(event.name)
        calls[k] += 1
        total[k] += event.duration_us / 1000.0
    return {k: (calls[k], total[k]) for k in calls}


def write_op_tables(result_dir: str, events: list[KernelEvent]) -> None:
    """The per-operator and per-type statistics (times in milliseconds, proportions of
    the total kernel time)."""
    folder = os.path.join(result_dir, FRAMEWORK)
    os.makedirs(folder, exist_ok=True)
    grand_total = sum(e.duration_us for e in events) / 1000.0 or 1.0
    pid = os.getpid()
    with open(os.path.join(folder, OP_DETAIL_FILE), "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["op_side", "op_type", "op_name", "full_op_name", "op_occurrences", "op_total_time(ms)",
                         "op_avg_time(ms)", "total_proportion", "subgraph", "pid"])
        for name, (calls, total) in sorted(_totals(events, str).items(), key=lambda kv: kv[1][1]):
            writer.writerow(["Host", op_type(name), name, name, calls, f"{total:.6g}", f"{total / calls:.6g}",
                             f"{total / grand_total:.6g}", "Default", pid])
    with open(os.path.join(folder, OP_TYPE_FILE), "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["op_type", "type_occurrences", "total_compute_time", "avg_time(ms)", "percent"])
        for kind, (calls, total) in sorted(_totals(events, op_type).items(), key=lambda kv: -kv[1][1]):
            writer.writerow([kind, calls, f"{total:.6g}", f"{total / calls:.6g}", f"{total / grand_total:.6g}"])


def write_trace(result_dir: str, events: list[KernelEvent]) -> str:
    """The timeline in Chrome's trace event format; returns its path."""
    folder = os.path.join(result_dir, TIMELINE)
    os.makedirs(folder, exist_ok=True)
    pid = os.getpid()
    trace = [{"ph": "M", "name": "process_name", "pid": pid, "tid": 0, "args": {"name": "CPU OP"}},
             {"ph": "M", "name": "process_labels", "pid": pid, "tid": 0, "args": {"labels": "CPU"}}]
    for index, thread in enumerate(sorted({e.thread for e in events})):
        trace += [{"ph": "M", "name": "thread_name", "pid": pid, "tid": thread, "args": {"name": f"Thread {thread}"}},
                  {"ph": "M", "name": "thread_sort_index", "pid": pid, "tid": thread, "args": {"sort_index": index}}]
    trace += [{"ph": "X", "name": e.name, "pid": pid, "tid": e.thread, "ts": f"{e.start_us:.3f}",
               "dur": f"{e.duration_us:.3f}", "cat": "", "args": {"type": "HostCpuOps"}}
              for e in sorted(events, key=lambda e: e.start_us)]
    path = os.path.join(folder, TRACE_FILE)
    with open(path, "w") as f:
        json.dump(trace, f)
    return path


def write_metadata(result_dir: str, metadata: dict) -> None:
    with open(os.path.join(result_dir, METADATA_FILE), "w") as f:
        json.dump(metadata, f, indent=4)
