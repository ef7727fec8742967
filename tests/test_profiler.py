"""Profiler: the operators run between start() and stop() become operator tables, a
timeline and metadata, in the layout MindSpore writes on CPU."""
import csv
import json
import os

import numpy as np
import pytest

import spore as ms
from spore import Tensor, ops
from spore.profiler import Profiler, ProfilerActivity, ProfilerLevel


def run_ops(times=3):
    x = Tensor(np.ones((8, 8), np.float32))
    for _ in range(times):
        ops.matmul(x, x)
        ops.relu(x)


def read_csv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def test_results_layout_and_counts(tmp_path):
    profiler = Profiler(output_path=str(tmp_path))
    run_ops(3)
    profiler.add_metadata("model", "lenet")
    profiler.stop()
    profiler.analyse()
    result = profiler.result_dir
    assert os.path.dirname(result) == str(tmp_path) and result.endswith("_ascend_ms")
    assert os.path.basename(result).split("_")[1] == str(os.getpid())

    detail = read_csv(os.path.join(result, "FRAMEWORK", "cpu_op_detail_info_0.csv"))
    by_name = {row["op_name"]: row for row in detail}
    assert by_name["aten::relu"]["op_type"] == "relu"
    assert int(by_name["aten::relu"]["op_occurrences"]) == 3
    assert sum(float(row["total_proportion"]) for row in detail) == pytest.approx(1.0, rel=1e-3)
    totals = [float(row["op_total_time(ms)"]) for row in detail]
    assert totals == sorted(totals)

    types = read_csv(os.path.join(result, "FRAMEWORK", "cpu_op_type_info_0.csv"))
    assert {row["op_type"] for row in types} >= {"relu"}
    assert sum(int(row["type_occurrences"]) for row in types) == len(profiler.events)

    with open(os.path.join(result, "ASCEND_PROFILER_OUTPUT", "trace_view.json")) as f:
        trace = json.load(f)
    calls = [e for e in trace if e["ph"] == "X"]
    assert len(calls) == len(profiler.events)
    assert [e["name"] for e in calls].count("aten::relu") == 3
    starts = [float(e["ts"]) for e in calls]
    assert starts == sorted(starts) and all(float(e["dur"]) >= 0 for e in calls)
    assert {"name": "CPU OP"} in [e["args"] for e in trace if e["name"] == "process_name"]

    with open(os.path.join(result, "profiler_metadata.json")) as f:
        assert json.load(f) == {"model": "lenet"}


def test_only_the_started_spans_are_recorded(tmp_path):
    profiler = Profiler(start_profile=False, output_path=str(tmp_path))
    run_ops(2)
    assert profiler.result_dir is None and profiler.events == []
    profiler.start()
    run_ops(1)
    profiler.stop()
    run_ops(2)
    assert [e.name for e in profiler.events].count("aten::relu") == 1


def test_without_the_cpu_activity_nothing_is_recorded(tmp_path):
    profiler = Profiler(output_path=str(tmp_path), activities=[ProfilerActivity.NPU])
    run_ops(1)
    profiler.stop()
    assert profiler.events == []


def test_analyse_stops_a_running_profiler(tmp_path):
    profiler = Profiler(output_path=str(tmp_path), profiler_level=ProfilerLevel.Level1)
    run_ops(1)
    profiler.analyse(step_list=[1], mode="sync")
    assert os.path.exists(profiler.trace_path)
    assert os.path.exists(os.path.join(profiler.result_dir, "FRAMEWORK", "cpu_op_detail_info_0.csv"))


def test_add_metadata_json(tmp_path):
    profiler = Profiler(output_path=str(tmp_path))
    profiler.add_metadata_json("shape", "[1, 2]")
    profiler.stop()
    with open(os.path.join(profiler.result_dir, "profiler_metadata.json")) as f:
        assert json.load(f) == {"shape": [1, 2]}


def test_start_twice_and_stop_before_start_warn(tmp_path):
    with pytest.warns(UserWarning, match="has not started"):
        Profiler(start_profile=False, output_path=str(tmp_path)).stop()
    profiler = Profiler(output_path=str(tmp_path))
    with pytest.warns(UserWarning, match="already started"):
        profiler.start()
    profiler.stop()


@pytest.mark.parametrize("kwargs, error, match", [
    ({"start_profile": 1}, TypeError, "'start_profile' must be bool"),
    ({"output_path": 3}, TypeError, "'output_path' must be str"),
    ({"profiler_level": "Level0"}, TypeError, "'profiler_level' must be ProfilerLevel"),
    ({"activities": ["CPU"]}, TypeError, "'activities' must be a list of ProfilerActivity"),
    ({"schedule": object()}, ValueError, "'schedule' is not supported"),
])
def test_bad_options(kwargs, error, match):
    with pytest.raises(error, match=match):
        Profiler(**{"start_profile": False, **kwargs})


def test_bad_metadata_and_mode(tmp_path):
    profiler = Profiler(start_profile=False, output_path=str(tmp_path))
    with pytest.raises(TypeError, match="For 'Profiler.add_metadata', the 'value' must be str"):
        profiler.add_metadata("k", 1)
    with pytest.raises(ValueError, match="must be JSON text"):
        profiler.add_metadata_json("k", "{not json")
    with pytest.raises(ValueError, match="'mode' must be 'sync' or 'async'"):
        profiler.analyse(mode="later")


def test_unknown_options_warn_and_top_level_names(tmp_path):
    with pytest.warns(UserWarning, match="option 'bogus' is unknown"):
        Profiler(start_profile=False, output_path=str(tmp_path), bogus=1)
    assert ms.Profiler is Profiler
