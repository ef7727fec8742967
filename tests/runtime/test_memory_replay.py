"""mindspore.runtime.memory_replay: a memory_block.csv replayed on the current device."""
import logging

import pytest

from spore import runtime
from spore._kernels import memory as kernel_memory

_TRACKER_HEADER = ("start_time_stamp,end_time_stamp,device_addr,stream_id,pool_type,size,actual_used_memory,"
                   "actual_peak_memory,file_name,line_num,type,producer_task,task_name,node_name,graph_name,"
                   "user_tasks,last_user_task,python_stack,is_persistent,is_small,")
"""The header MindSpore 2.7.1's memory tracker writes (MS_ALLOC_CONF="memory_tracker:True")."""


def _tracker_row(start, end, size, peak):
    """A memory_block.csv row as the tracker writes it: the replayed fields among the others."""
    return f"{start},{end},0x1000,0,common,{size},{size},{peak},op.cc,12,OutputMem,1,Add,Default/Add,kg,1,1,,0,0,"


@pytest.fixture
def allocations(monkeypatch):
    """The sizes memory_replay allocates, in order (host bytes stand in for device blocks)."""
    made = []

    def allocate(nbytes):
        made.append(nbytes)
        return bytearray(nbytes)

    monkeypatch.setattr(kernel_memory, "allocate_block", allocate)
    return made


def _write(tmp_path, text):
    path = tmp_path / "memory_block.csv"
    path.write_text(text)
    return str(path)


def test_a_tracker_file_is_replayed_in_order_and_its_peak_returned(tmp_path, allocations, caplog):
    # held: t0 512; t1 512+1024; t2 frees 512 -> 1024; t3 +2048 -> 3072 (the peak); t4 frees both
    rows = [_tracker_row(0, 2, 512, 512), _tracker_row(1, 4, 1024, 1536), _tracker_row(3, 4, 2048, 3072)]
    path = _write(tmp_path, "\n".join([_TRACKER_HEADER, *rows]) + "\n")
    with caplog.at_level(logging.INFO, logger="spore.runtime.memory_replay"):
        assert runtime.memory_replay(path) == 3072
    assert allocations == [512, 1024, 2048]
    assert "3 blocks" in caplog.text and "peak 3072 bytes" in caplog.text
    assert not [record for record in caplog.records if record.levelno >= logging.WARNING]


def test_an_allocation_at_the_time_of_a_release_comes_first(tmp_path, allocations):
    path = _write(tmp_path, "start_time_stamp,end_time_stamp,size,actual_peak_memory\n0,1,100,100\n1,2,50,150\n")
    assert runtime.memory_replay(path) == 150


def test_a_block_without_an_end_is_held_to_the_end(tmp_path, allocations):
    text = "start_time_stamp,end_time_stamp,size,actual_peak_memory\n0,,100,100\n1,-1,10,110\n5,6,1,111\n"
    assert runtime.memory_replay(_write(tmp_path, text)) == 111


def test_a_peak_other_than_the_recorded_one_is_warned_about(tmp_path, allocations, caplog):
    path = _write(tmp_path, "start_time_stamp,end_time_stamp,size,actual_peak_memory\n0,1,100,4096\n")
    with caplog.at_level(logging.WARNING, logger="spore.runtime.memory_replay"):
        assert runtime.memory_replay(path) == 100
    assert "100 bytes, but the file records 4096 bytes" in caplog.text


def test_an_empty_replay_peaks_at_zero(tmp_path, allocations):
    assert runtime.memory_replay(_write(tmp_path, _TRACKER_HEADER + "\n")) == 0
    assert allocations == []


def test_blocks_are_allocated_on_the_device(tmp_path):
    path = _write(tmp_path, "start_time_stamp,end_time_stamp,size,actual_peak_memory\n0,1,64,64\n")
    assert runtime.memory_replay(path) == 64


def test_a_failed_allocation_raises_runtime_error(tmp_path, monkeypatch):
    def no_room(nbytes):
        raise MemoryError(f"{nbytes} bytes on cpu: out of memory")

    monkeypatch.setattr(kernel_memory, "allocate_block", no_room)
    path = _write(tmp_path, "start_time_stamp,end_time_stamp,size,actual_peak_memory\n0,1,64,64\n")
    with pytest.raises(RuntimeError, match="block of line 2 .* could not be allocated .*64 bytes on cpu"):
        runtime.memory_replay(path)


_HEAD = "start_time_stamp,end_time_stamp,size,actual_peak_memory\n"


@pytest.mark.parametrize("text, match", [
    ("start_time_stamp,end_time_stamp,actual_peak_memory\n0,1,5\n", r"lacks \['size'\]"),
    ("", r"lacks \['start_time_stamp', 'end_time_stamp', 'size', 'actual_peak_memory'\]"),
    (_HEAD + "0,1,64\n", "line 2 .* must have 4 fields like the header, but got 3"),
    (_HEAD + "0,1,64,64\n1,2,big,64\n", "'size' on line 3 .* must be a non-negative integer, but got 'big'"),
    (_HEAD + "-3,1,64,64\n", "'start_time_stamp' on line 2 .* non-negative integer, but got '-3'"),
    (_HEAD + "0,x,64,64\n", "'end_time_stamp' on line 2 .* must be an integer, but got 'x'"),
    (_HEAD + "5,2,64,64\n", "line 2 .* must end after it starts, but got start_time_stamp 5 and end_time_stamp 2"),
])
def test_a_file_that_is_not_a_memory_block_csv_raises_runtime_error(tmp_path, allocations, text, match):
    with pytest.raises(RuntimeError, match=f"For 'memory_replay', .*{match}"):
        runtime.memory_replay(_write(tmp_path, text))


def test_a_missing_file_raises_runtime_error(tmp_path):
    with pytest.raises(RuntimeError, match="For 'memory_replay', failed to read the file .*absent.csv"):
        runtime.memory_replay(str(tmp_path / "absent.csv"))


def test_the_path_must_be_a_string():
    with pytest.raises(TypeError, match="For 'memory_replay', the 'file_path' must be str, but got int"):
        runtime.memory_replay(3)
