"""mindspore.runtime (memory statistics, streams, kernel launch settings) and
mindspore.device_context."""
import os

import pytest

import spore as ms
from spore import device_context, runtime
from spore.runtime import once


@pytest.fixture
def fresh_once_settings(monkeypatch):
    """Settings MindSpore allows once per process, as if this test's process were new."""
    monkeypatch.setattr(once, "_made", {})


def test_cpu_memory_statistics_are_zero():
    for stat in (ms.memory_allocated, ms.max_memory_allocated, ms.memory_reserved, ms.max_memory_reserved):
        assert stat() == 0
    stats = ms.memory_stats()
    assert stats["total_allocated_memory"] == 0 and stats["max_reserved_memory"] == 0
    assert stats["commom_mem_pool_stats"] == {"block_unit_size": 0, "block_counts": 0, "blocks_info": {}}
    for reset in (ms.reset_peak_memory_stats, ms.reset_max_memory_allocated, ms.reset_max_memory_reserved,
                  ms.empty_cache):
        assert reset() is None


def test_memory_summary_table():
    lines = ms.memory_summary().splitlines()
    assert lines[1] == "|               Memory summary                |"
    assert lines[5] == "| Reserved memory      |      0 B             |"
    assert lines[-1] == "|" + "=" * 45 + "|"
    assert all(len(line) == 47 for line in lines)


def test_streams_on_the_cpu():
    stream = ms.Stream()
    assert repr(stream) == "Stream(device_name=CPU, device_id:0, stream id:0)"
    assert stream.query() is True
    assert stream == ms.Stream()
    assert ms.current_stream() is None and ms.default_stream() is None and ms.communication_stream() is None
    assert ms.set_cur_stream(None) is None
    ms.set_cur_stream(stream)
    with ms.StreamCtx(stream) as ctx:
        assert ctx.stream is stream
    with ms.StreamCtx(None):
        pass
    assert ms.synchronize() is None


@pytest.mark.parametrize("call, match", [
    (lambda: ms.StreamCtx(1), "StreamCtx"),
    (lambda: ms.set_cur_stream(1), "set_cur_stream"),
    (lambda: ms.Stream(priority="high"), "priority"),
])
def test_stream_arguments_are_checked(call, match):
    with pytest.raises(TypeError, match=match):
        call()


def test_launch_blocking_makes_pynative_synchronous():
    ms.launch_blocking()
    assert ms.get_context("pynative_synchronize") is True
    ms.set_context(pynative_synchronize=False)


def test_once_per_process_settings(fresh_once_settings):
    ms.set_memory(init_size="1GB", optimize_level="O1")
    assert once.recorded("set_memory")["optimize_level"] == "O1"
    with pytest.raises(RuntimeError, match="can not be set repeatedly"):
        ms.set_memory()
    runtime.dispatch_threads_num(4)
    with pytest.raises(RuntimeError, match="can not be set repeatedly"):
        runtime.dispatch_threads_num(2)


@pytest.mark.parametrize("call, error", [
    (lambda: ms.set_memory(init_size=1), TypeError),
    (lambda: ms.set_memory(init_size="1XB"), ValueError),
    (lambda: ms.set_memory(optimize_level="O3"), ValueError),
    (lambda: runtime.dispatch_threads_num("a"), TypeError),
    (lambda: runtime.dispatch_threads_num(0), ValueError),
    (lambda: ms.set_kernel_launch_capture(1), TypeError),
    (lambda: ms.set_kernel_launch_capture(True, "matmul"), TypeError),
    (lambda: ms.set_kernel_launch_group(2, 5), ValueError),
    (lambda: ms.set_cpu_affinity(1), TypeError),
    (lambda: ms.set_cpu_affinity(True, ["3-1"]), ValueError),
    (lambda: ms.set_cpu_affinity(True, [1]), TypeError),
])
def test_runtime_settings_are_checked(fresh_once_settings, call, error):
    with pytest.raises(error):
        call()


def test_kernel_launch_group_and_capture_exclude_each_other(fresh_once_settings):
    ms.set_kernel_launch_group()
    with pytest.raises(RuntimeError, match="can not be set together"):
        ms.set_kernel_launch_capture(True, ["matmul", "addn"])


@pytest.mark.skipif(not hasattr(os, "sched_getaffinity"), reason="the OS has no CPU affinity")
def test_set_cpu_affinity_binds_the_process(fresh_once_settings):
    before = os.sched_getaffinity(0)
    first = min(before)
    try:
        ms.set_cpu_affinity(True, [f"{first}-{first}"])
        assert os.sched_getaffinity(0) == {first}
    finally:
        os.sched_setaffinity(0, before)
    with pytest.raises(RuntimeError, match="cannot be set repeatedly|can not be set repeatedly"):
        ms.set_cpu_affinity(True)


def test_device_context_cpu(fresh_once_settings):
    from spore._kernels import device_conf
    assert device_context.cpu.device_count() == 1
    assert device_context.cpu.is_available() is True
    before = device_conf.cpu_threads()
    try:
        device_context.cpu.op_tuning.threads_num(1)
        assert device_conf.cpu_threads() == 1
    finally:
        device_conf.set_cpu_threads(before)
    with pytest.raises(RuntimeError, match="repeatedly"):
        device_context.cpu.op_tuning.threads_num(2)
    with pytest.raises(TypeError, match="num"):
        device_context.cpu.threads_num("a")


def test_device_context_gpu_and_ascend():
    from spore._kernels import device_conf
    assert device_context.gpu.is_available() is device_conf.cuda_available()
    if not device_conf.cuda_available():
        with pytest.raises(RuntimeError, match="GPU not exist"):
            device_context.gpu.device_count()
    assert device_context.ascend.is_available() is False
    with pytest.raises(RuntimeError, match="Ascend"):
        device_context.ascend.device_count()
    with pytest.raises(TypeError, match="value"):
        device_context.gpu.matmul_allow_tf32(1)


def test_events_time_the_work_between_them():
    import time
    start, end = ms.Event(enable_timing=True), ms.Event(enable_timing=True)
    stream = ms.Stream()
    stream.record_event(start)
    time.sleep(0.01)
    end.record()
    assert end.query() is True
    assert start.elapsed_time(end) >= 10.0
    assert isinstance(stream.record_event(), ms.Event)
    stream.wait_event(end)
    end.wait(stream)
    end.synchronize()


def test_event_errors():
    with pytest.raises(TypeError, match="enable_timing"):
        ms.Event(enable_timing=1)
    untimed, timed = ms.Event(), ms.Event(enable_timing=True)
    untimed.record()
    with pytest.raises(RuntimeError, match="enable_timing"):
        untimed.elapsed_time(timed)
    with pytest.raises(RuntimeError, match="recorded"):
        timed.elapsed_time(ms.Event(enable_timing=True))
    with pytest.raises(TypeError, match="Event"):
        ms.Stream().wait_event(1)
