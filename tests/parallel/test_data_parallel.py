"""DATA_PARALLEL training on 2 and 4 processes (msrun, gloo) ends with the parameters one
process reaches on the global batches: through Model.train (TrainOneStepCell applies the
DistributedGradReducer and the parameter broadcast) and through a custom step with
DistributedGradReducer, in PyNative and Graph mode. Also the seed's distributed snippet."""
from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from .launching import JOB_TIMEOUT_S, ROOT, env, free_port, logs, msrun, msrun_command

sys.path.insert(0, str(ROOT / "tests" / "parallel"))
import dp_worker  # also run by the workers as a script

TOLERANCE = {"float64": 1e-10, "float32": 1e-5}


@pytest.fixture(scope="module")
def reference():
    return dp_worker.train_all(1, 0)


@pytest.mark.parametrize("processes", [2, 4])
def test_data_parallel_training_equals_one_process_on_the_global_batch(processes, reference, tmp_path):
    result = msrun(ROOT / "tests" / "parallel" / "dp_worker.py", f"--worker_num={processes}",
                   f"--local_worker_num={processes}", f"--master_port={free_port()}", f"--log_dir={tmp_path}",
                   "--join=True", "--cluster_time_out=120", args=[tmp_path], timeout=200)
    assert result.returncode == 0, result.stderr + "\n".join(f"{name}:\n{text[-3000:]}" for name, text in
                                                              logs(tmp_path).items())
    assert "all-reduce calls per step 1" in result.stdout
    assert "cur_rank checked: For 'parameter_broadcast', the 'cur_rank' must be the rank id of this process" \
        in result.stdout
    for rank in range(processes):
        trained = np.load(tmp_path / f"rank_{rank}.npz")
        # mindspore.parameter_broadcast: the named Parameters take rank 0's values, the others keep theirs
        np.testing.assert_array_equal(trained["broadcast/weight"], np.full((2, 2), 1.0))
        np.testing.assert_array_equal(trained["broadcast/bias"], np.full(2, rank + 1.0))
        for name, expected in reference.items():
            dtype = name.split("/")[2]
            assert trained[name].dtype == expected.dtype
            np.testing.assert_allclose(trained[name], expected, rtol=0, atol=TOLERANCE[dtype], err_msg=name)
    # TrainOneStepCell (PyNative) starts each bucket's all-reduce during the backward pass: the
    # parameters are those of the all-reduces made after it, bit for bit
    for r in (np.load(tmp_path / f"rank_{rank}.npz") for rank in range(processes)):
        assert int(r["overlap/buckets"]) > 1
        assert int(r["overlap/on/calls"]) == dp_worker.STEPS * int(r["overlap/buckets"])
        assert int(r["overlap/off/calls"]) == 0
        for name in (n for n in r.files if n.startswith("overlap/on/") and not n.endswith("/calls")):
            np.testing.assert_array_equal(r[name], r[name.replace("/on/", "/off/")], err_msg=name)
    # nn.SyncBatchNorm / mint.nn.SyncBatchNorm equal BatchNorm2d on the global batch: outputs and input
    # gradients row by row, the group's gamma / beta gradients and the moving statistics on every rank
    synced = [np.load(tmp_path / f"rank_{rank}.npz") for rank in range(processes)]
    expected = dp_worker.sync_batch_norm(1, 0)
    for name in ("syncbn/y", "syncbn/dx", "syncbn/mint_y"):
        np.testing.assert_allclose(np.concatenate([r[name] for r in synced]), expected[name], rtol=0, atol=1e-12)
    for name in ("syncbn/dgamma", "syncbn/dbeta", "syncbn/moving_mean", "syncbn/moving_variance",
                 "syncbn/mint_running_var"):
        for r in synced:
            np.testing.assert_allclose(r[name], expected[name], rtol=0, atol=1e-12, err_msg=name)


SEED_SNIPPET = '''
import mindspore as ms
from mindspore.communication.management import init, get_rank, get_group_size

# 初始化多卡环境
init()

# 获取组成分布式场景的卡数和当前进程的逻辑id
group_size = get_group_size()
rank_id = get_rank()

# 配置数据并行模式运行分布式场景
ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True)
'''


def test_the_seed_distributed_snippet_runs_unchanged_under_msrun(tmp_path):
    script = tmp_path / "snippet.py"
    script.write_text(SEED_SNIPPET + "print('rank', rank_id, 'of', group_size, ms.get_auto_parallel_context("
                      "'parallel_mode'), ms.get_auto_parallel_context('gradients_mean'))\n")
    result = msrun(script, "--worker_num=2", "--local_worker_num=2", f"--master_port={free_port()}",
                   f"--log_dir={tmp_path / 'logs'}", "--join=True", "--cluster_time_out=60")
    assert result.returncode == 0, result.stderr
    files = logs(tmp_path / "logs")
    assert "rank 0 of 2 data_parallel True" in files["worker_0.log"]
    assert "rank 1 of 2 data_parallel True" in files["worker_1.log"]


def test_processes_started_as_mpirun_starts_them_join_through_init(tmp_path):
    """mpirun gives each process OMPI_COMM_WORLD_* (and the job's MASTER_ADDR / MASTER_PORT)."""
    script = tmp_path / "snippet.py"
    script.write_text(SEED_SNIPPET + "print('rank', rank_id, 'of', group_size)\n")
    port = free_port()
    processes = [subprocess.Popen([sys.executable, "-m", "spore", str(script)], stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, text=True, cwd=str(ROOT),
                                  env=env(OMPI_COMM_WORLD_RANK=rank, OMPI_COMM_WORLD_SIZE=2,
                                          OMPI_COMM_WORLD_LOCAL_RANK=rank, OMPI_COMM_WORLD_LOCAL_SIZE=2,
                                          MASTER_ADDR="127.0.0.1", MASTER_PORT=port))
                 for rank in range(2)]
    outputs = [process.communicate(timeout=JOB_TIMEOUT_S)[0] for process in processes]
    for rank, output in enumerate(outputs):
        assert f"rank {rank} of 2" in output, output


CHECKPOINTS = '''
import numpy as np
import mindspore as ms
from mindspore import nn
from mindspore.communication import init, get_rank, get_group_size
import mindspore.dataset as ds
from mindspore.train import Model, ModelCheckpoint, CheckpointConfig
init()
ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True)
x = np.random.randn(16, 4).astype(np.float32); y = np.random.randn(16, 2).astype(np.float32)
d = ds.NumpySlicesDataset((x, y), column_names=["x", "y"], shuffle=False, num_shards=get_group_size(),
                          shard_id=get_rank()).batch(4)
net = nn.Dense(4, 2)
m = Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.1, 0.9))
m.train(2, d, callbacks=[ModelCheckpoint(prefix="net", directory="out",
                                         config=CheckpointConfig(save_checkpoint_steps=2))], dataset_sink_mode=False)
m.train(1, d, callbacks=[ModelCheckpoint(prefix="def")], dataset_sink_mode=False)
'''


def test_model_checkpoint_writes_where_mindspore_does_in_data_parallel(tmp_path):
    """Observed with MindSpore 2.7.1 on CPU (msrun, 2 workers, this script): every rank writes
    the same file names into the same directory (no rank_<id> directories in DATA_PARALLEL)."""
    script = tmp_path / "checkpoints.py"
    script.write_text(CHECKPOINTS)
    result = subprocess.run(msrun_command(script, "--worker_num=2", "--local_worker_num=2",
                                          f"--master_port={free_port()}", f"--log_dir={tmp_path / 'logs'}",
                                          "--join=True", "--cluster_time_out=60"),
                            capture_output=True, text=True, timeout=JOB_TIMEOUT_S, env=env(), cwd=str(tmp_path))
    assert result.returncode == 0, result.stderr
    written = sorted(str(path.relative_to(tmp_path)) for path in tmp_path.rglob("*.ckpt"))
    assert written == ["def-1_1.ckpt", "def-1_2.ckpt", "out/net-1_2.ckpt", "out/net-2_2.ckpt"]
