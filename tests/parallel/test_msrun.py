"""The msrun launcher: its flags, the workers' environment and logs, several nodes, and the
fault cases (each ends within its timeout, naming the rank)."""
from __future__ import annotations

import os
import socket
import time

import pytest

from spore.parallel import msrun as launcher

from .launching import ROOT, free_port, logs, msrun, start_msrun

PRINT_ENV = """
import os, sys
import mindspore
names = ("RANK_ID", "RANK_SIZE", "DEVICE_ID", "MS_ROLE", "MS_NODE_ID", "MS_WORKER_NUM", "MS_SCHED_HOST",
         "MS_SCHED_PORT", "MS_TOPO_TIMEOUT", "MASTER_ADDR", "MASTER_PORT", "RANK", "WORLD_SIZE", "LOCAL_RANK",
         "LOCAL_WORLD_SIZE")
print("argv", sys.argv[1:], mindspore.__name__, "cpus", len(os.sched_getaffinity(0)))
print(" ".join(f"{name}={os.environ[name]}" for name in names))
"""

ALL_REDUCE = """
import os, sys, time
import numpy as np
import mindspore as ms
from mindspore import ops
from mindspore.communication import get_group_size, get_rank, init
init()
rank = get_rank()
if rank == int(os.environ.get("FAULTY_RANK", -1)):
    if os.environ["FAULT"] == "die":
        sys.exit(3)
    time.sleep(600)
x = ops.AllReduce()(ms.Tensor(np.array([rank + 1.0], np.float32)))
print("rank", rank, "of", get_group_size(), "sum", int(x.asnumpy()[0]))
"""

def _script(tmp_path, source):
    path = tmp_path / "job.py"
    path.write_text(source)
    return path


def _args(*flags):
    return launcher.build_parser().parse_args([*flags, __file__])


# -- flags, in-process ----------------------------------------------------------------------------

def test_defaults_are_mindspores():
    args = _args()
    assert (args.worker_num, args.local_worker_num, args.master_addr, args.master_port, args.node_rank,
            args.log_dir, args.join, args.cluster_time_out, args.bind_core) == (
        8, 8, "127.0.0.1", 8118, -1, "", False, 600, False)


@pytest.mark.parametrize("flag", ["--join=yes", "--worker_num=two", "--bind_core=maybe",
                                  '--bind_core={"gpu0": ["0-1"]}', '--bind_core={"device0": ["1"]}'])
def test_malformed_flags_are_usage_errors(flag, capsys):
    with pytest.raises(SystemExit) as exit_info:
        launcher.build_parser().parse_args([flag, __file__])
    assert exit_info.value.code == 2


def test_the_scripts_own_flags_are_left_to_it():
    args = launcher.parse_args(["--worker_num", "2", "--join=True", "train.py", "--worker", "x", "--join=1"])
    assert (args.worker_num, args.join, args.task_script, args.task_script_args) == (
        2, True, "train.py", ["--worker", "x", "--join=1"])


def test_bind_core_dict_lists_the_cpus_of_each_device():
    assert _args('--bind_core={"device0": ["0-2"], "device1": ["3-3", "5-6"]}').bind_core == {
        0: [0, 1, 2], 1: [3, 5, 6]}


@pytest.mark.parametrize("flags, message", [
    (["--worker_num=2", "--local_worker_num=3"], "Total worker number is 2, but got exceeded local worker number: 3"),
    (["--master_port=80"], "--master_port must be within [1024, 65535]"),
    (["--worker_num=4", "--local_worker_num=2", "--node_rank=2"], "--node_rank 2 is out of range"),
    (["--local_worker_num=2", '--bind_core={"device5": ["0-0"]}'], "--bind_core names devices [5]"),
])
def test_inconsistent_flags_are_clear_errors(flags, message):
    with pytest.raises(launcher.LaunchError, match=message.replace("[", r"\[").replace("]", r"\]")):
        launcher.check_args(_args(*flags))


def test_a_missing_script_is_named(capsys):
    assert launcher.main(["--worker_num=1", "--local_worker_num=1", "no_such_script.py"]) == 1
    assert "the task script 'no_such_script.py' does not exist" in capsys.readouterr().err


def test_a_port_in_use_is_a_clear_error():
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        with pytest.raises(launcher.LaunchError, match=f"--master_port {port} is already in use"):
            launcher.Launcher(_args(f"--master_port={port}", "--node_rank=0")).open_store()
        with pytest.raises(launcher.LaunchError, match=f"--master_port {port} is already in use"):
            launcher.Launcher(_args(f"--master_port={port}")).open_store()


def test_a_missing_master_is_a_clear_error_after_the_cluster_timeout():
    start = time.monotonic()
    args = _args("--worker_num=4", "--local_worker_num=2", "--node_rank=1", f"--master_port={free_port()}",
                 "--cluster_time_out=1")
    with pytest.raises(launcher.LaunchError, match="no msrun master answered at 127.0.0.1:.* within 1 s"):
        launcher.Launcher(args).open_store()
    assert time.monotonic() - start < 10


def test_nodes_with_different_world_sizes_are_a_clear_error():
    port = free_port()
    master = launcher.Launcher(_args("--worker_num=4", "--local_worker_num=2", "--node_rank=0",
                                     f"--master_port={port}"))
    master.open_store()
    assert master.assign_ranks() == 0
    other = launcher.Launcher(_args("--worker_num=6", "--local_worker_num=2", "--node_rank=1",
                                    f"--master_port={port}"))
    with pytest.raises(launcher.LaunchError, match="mismatched world size: this node was started with "
                                                   "--worker_num=6, the master with --worker_num=4"):
        other.open_store()
    assert "mismatched world size" in master._remote_failure()


def test_nodes_without_node_rank_take_consecutive_ranks_in_arrival_order():
    port = free_port()
    first = launcher.Launcher(_args("--worker_num=5", "--local_worker_num=2", f"--master_port={port}"))
    first.open_store()
    second = launcher.Launcher(_args("--worker_num=5", "--local_worker_num=2", f"--master_port={port}"))
    second.open_store()
    assert not second.serving and first.serving
    assert (first.assign_ranks(), second.assign_ranks()) == (0, 2)
    third = launcher.Launcher(_args("--worker_num=5", "--local_worker_num=2", f"--master_port={port}"))
    third.open_store()
    with pytest.raises(launcher.LaunchError, match="bring 6 workers .* more than --worker_num=5"):
        third.assign_ranks()


# -- jobs ------------------------------------------------------------------------------------------

def test_workers_get_mindspores_and_torchs_environment_and_one_log_each(tmp_path):
    port = free_port()
    result = msrun(_script(tmp_path, PRINT_ENV), "--worker_num=2", "--local_worker_num=2", f"--master_port={port}",
                   f"--log_dir={tmp_path / 'logs'}", "--join=True", "--bind_core=True", "--cluster_time_out=30",
                   args=["--lr", "0.1"])
    assert result.returncode == 0, result.stderr
    files = logs(tmp_path / "logs")
    assert sorted(files) == ["scheduler.log", "worker_0.log", "worker_1.log"]
    for rank in (0, 1):
        expected = (f"RANK_ID={rank} RANK_SIZE=2 DEVICE_ID={rank} MS_ROLE=MS_WORKER MS_NODE_ID={rank} "
                    f"MS_WORKER_NUM=2 MS_SCHED_HOST=127.0.0.1 MS_SCHED_PORT={port} MS_TOPO_TIMEOUT=30 "
                    f"MASTER_ADDR=127.0.0.1 MASTER_PORT={port} RANK={rank} WORLD_SIZE=2 LOCAL_RANK={rank} "
                    f"LOCAL_WORLD_SIZE=2")
        assert expected in files[f"worker_{rank}.log"]
        assert expected in result.stdout  # --join streams the logs
        assert (f"Start worker process with rank id:{rank}, log file:{tmp_path / 'logs'}/worker_{rank}.log. "
                f"Environment variable [RANK_ID={rank}] is exported.") in result.stdout
    cpus = len(os.sched_getaffinity(0))
    assert f"argv ['--lr', '0.1'] spore cpus {max(1, cpus // 2)}" in files["worker_0.log"]


def test_without_join_the_launcher_returns_while_the_workers_run(tmp_path):
    script = _script(tmp_path, "import time, os\ntime.sleep(4)\nprint('finished', os.environ['RANK_ID'])\n")
    start = time.monotonic()
    result = msrun(script, "--worker_num=2", "--local_worker_num=2", f"--master_port={free_port()}",
                   f"--log_dir={tmp_path}", "--worker_log_name=w_{hostname}")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Start worker process with rank id:1" in result.stdout
    assert time.monotonic() - start < 30
    host = socket.gethostname()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not all(
            f"finished {rank}" in (tmp_path / f"w_{host}_{rank}.log").read_text() for rank in (0, 1)):
        time.sleep(0.3)
    assert "finished 0" in (tmp_path / f"w_{host}_0.log").read_text()
    assert "finished 1" in (tmp_path / f"w_{host}_1.log").read_text()


def test_two_nodes_make_one_job(tmp_path):
    port = free_port()
    script = _script(tmp_path, ALL_REDUCE)
    common = ["--worker_num=4", "--local_worker_num=2", f"--master_port={port}", "--join=True",
              "--cluster_time_out=60"]
    master = start_msrun(script, *common, "--node_rank=0", f"--log_dir={tmp_path / 'node0'}")
    other = msrun(script, *common, "--node_rank=1", f"--log_dir={tmp_path / 'node1'}")
    out, err = master.communicate(timeout=60)
    assert master.returncode == 0 and other.returncode == 0, err + other.stderr
    for rank in range(4):
        assert f"rank {rank} of 4 sum 10" in (out + other.stdout)
    assert sorted(logs(tmp_path / "node1")) == ["scheduler.log", "worker_2.log", "worker_3.log"]


def test_a_dying_worker_stops_the_job_and_is_named(tmp_path):
    start = time.monotonic()
    result = msrun(_script(tmp_path, ALL_REDUCE), "--worker_num=2", "--local_worker_num=2",
                   f"--master_port={free_port()}", f"--log_dir={tmp_path}", "--join=True", FAULTY_RANK=1, FAULT="die")
    assert result.returncode == 1
    assert "msrun: worker rank 1 (pid" in result.stderr and f"exited with code 3, see {tmp_path}/worker_1.log" \
        in result.stderr
    assert f"Please check logs in directory: {tmp_path}." in result.stderr
    assert time.monotonic() - start < 40


def test_a_hanging_worker_is_named_when_the_others_time_out(tmp_path):
    """--cluster_time_out bounds the collectives (MS_TOPO_TIMEOUT): rank 0's all-reduce gives up."""
    start = time.monotonic()
    result = msrun(_script(tmp_path, ALL_REDUCE), "--worker_num=2", "--local_worker_num=2",
                   f"--master_port={free_port()}", f"--log_dir={tmp_path}", "--join=True", "--cluster_time_out=12",
                   FAULTY_RANK=1, FAULT="hang")
    assert result.returncode == 1
    assert "msrun: worker rank 1 hangs: it never joined the collective that rank 0 timed out waiting in" \
        in result.stderr
    assert time.monotonic() - start < 40


def test_the_console_script_is_declared():
    assert 'msrun = "spore.parallel.msrun:main"' in (ROOT / "pyproject.toml").read_text()

