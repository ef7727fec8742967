"""init / ranks / groups: the launcher environment contract and the error cases."""
import pytest

import spore as ms
from spore import communication
from spore.communication import GlobalComm

from .launch import assert_all_passed, spawn, torch_variables

LAUNCH_VARIABLES = ("RANK", "WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT", "LOCAL_RANK", "LOCAL_WORLD_SIZE",
                    "MS_WORKER_NUM", "MS_NODE_ID", "RANK_ID", "MS_SCHED_HOST", "MS_SCHED_PORT",
                    "OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE", "MS_TOPO_TIMEOUT")


@pytest.fixture
def clean_environment(monkeypatch):
    for name in LAUNCH_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_before_init_the_world_is_this_process():
    assert not GlobalComm.INITED
    assert communication.get_rank() == 0 and communication.get_group_size() == 1
    assert communication.get_local_rank() == 0 and communication.get_local_rank_size() == 1
    assert communication.get_process_group_ranks() == [0]


def test_group_apis_need_init():
    with pytest.raises(RuntimeError, match="Distributed Communication has not been inited"):
        communication.create_group("g", [0])
    with pytest.raises(RuntimeError, match="has not been inited"):
        communication.get_rank("g")


def test_init_without_a_launcher_says_how_to_launch(clean_environment):
    with pytest.raises(RuntimeError, match="no launcher set this process's place in the job"):
        communication.init()


def test_init_rejects_a_rank_outside_the_world(clean_environment):
    for name, value in torch_variables(3, 2, 1234).items():
        clean_environment.setenv(name, value)
    with pytest.raises(ValueError, match="rank 3 and world size 2"):
        communication.init()


def test_init_needs_the_master_address(clean_environment):
    clean_environment.setenv("OMPI_COMM_WORLD_RANK", "0")
    clean_environment.setenv("OMPI_COMM_WORLD_SIZE", "2")
    with pytest.raises(RuntimeError, match="set MASTER_ADDR and MASTER_PORT"):
        communication.init()


def test_init_checks_the_backend_name():
    with pytest.raises(RuntimeError, match="must be one of 'hccl', 'nccl' and 'mccl'"):
        communication.init("xyz")
    with pytest.raises(RuntimeError, match="should be 'mccl' to init 'CPU', but got 'hccl'"):
        communication.init("hccl")
    with pytest.raises(TypeError, match="'backend_name' must be a string"):
        communication.init(1)


def test_group_arguments_are_checked():
    with pytest.raises(TypeError, match="For 'get_rank', the argument 'group' must be type of string"):
        communication.get_rank(1)
    with pytest.raises(ValueError, match="only the world group"):
        communication.get_local_rank("g")


def test_module_paths():
    assert communication.management.init is communication.init
    assert ms.communication.comm_func.ReduceOp is ms.ops.ReduceOp
    assert communication.HCCL_WORLD_COMM_GROUP == "hccl_world_group"


def test_a_missing_peer_ends_init_within_the_timeout():
    result, = spawn("alone", 1, timeout=30, env={"MS_TOPO_TIMEOUT": "3"},
                    launcher_env=lambda rank, size, port: torch_variables(0, 2, port))
    assert_all_passed([result])


def test_a_dead_peer_ends_the_collective_with_an_error():
    results = spawn("peer_dies", 2, timeout=40, env={"MS_TOPO_TIMEOUT": "5"})
    assert_all_passed(results)


def test_msrun_variables_are_read(clean_environment):
    for name, value in {"MS_SCHED_HOST": "10.0.0.1", "MS_SCHED_PORT": "8118", "MS_WORKER_NUM": "4",
                        "MS_NODE_ID": "3", "DEVICE_ID": "1", "MS_ROLE": "MS_WORKER"}.items():
        clean_environment.setenv(name, value)
    job = communication.management._launch_environment()
    assert (job["rank"], job["size"], job["local_rank"], job["addr"], job["port"]) == (3, 4, 1, "10.0.0.1", 8118)


def test_openmpi_variables_are_read(clean_environment):
    for name, value in {"OMPI_COMM_WORLD_RANK": "2", "OMPI_COMM_WORLD_SIZE": "3", "OMPI_COMM_WORLD_LOCAL_RANK": "0",
                        "OMPI_COMM_WORLD_LOCAL_SIZE": "1", "MASTER_ADDR": "h", "MASTER_PORT": "9"}.items():
        clean_environment.setenv(name, value)
    job = communication.management._launch_environment()
    assert (job["rank"], job["size"], job["local_rank"], job["local_size"]) == (2, 3, 0, 1)


def test_torch_variables_come_first(clean_environment):
    for name, value in {**torch_variables(1, 2, 7000), "MS_WORKER_NUM": "8", "MS_NODE_ID": "5"}.items():
        clean_environment.setenv(name, value)
    job = communication.management._launch_environment()
    assert (job["rank"], job["size"], job["port"]) == (1, 2, 7000)


def test_the_pytorch_style_api_in_one_process():
    import numpy as np

    from spore.mint import distributed as dist
    from spore.ops import communication as ops_communication
    assert dist.all_reduce is ms.ops.all_reduce is ops_communication.all_reduce
    assert ms.ops.gather is not dist.gather     # ops.gather stays the array function
    assert dist.is_available() and not dist.is_initialized()
    assert dist.get_rank() == 0 and dist.get_world_size() == 1
    tensor = ms.Tensor(np.array([1.0, 2.0]))
    assert dist.all_reduce(tensor, async_op=True).wait() is None
    assert tensor.asnumpy().tolist() == [1.0, 2.0]
    with pytest.raises(ValueError, match="The 'src' 3 is not a rank of group"):
        dist.broadcast(tensor, 3)
    with pytest.raises(TypeError, match="For 'P2POp', the 'op' must be isend or irecv"):
        dist.P2POp("push", tensor, 0)
    with pytest.raises(ValueError, match="'init_method' must be 'tcp://host:port'"):
        dist.init_process_group(init_method="file:///tmp/x")


def test_tcp_store():
    from spore.mint import distributed as dist

    from .launch import free_port
    store = dist.TCPStore("127.0.0.1", free_port(), 1, True, wait_for_workers=False)
    store.set("key", "value")
    assert store.get("key") == b"value"
    assert store.add("count", 2) == 2
    with pytest.raises(ValueError, match="the 'port' must be an int"):
        dist.TCPStore("127.0.0.1", -1)


def test_set_comm_ops_inplace():
    from spore.ops.communication import set_comm_ops_inplace
    assert set_comm_ops_inplace(False, ["all_reduce", "broadcast"]) is None
    set_comm_ops_inplace(True)
    with pytest.raises(TypeError, match="'is_enable' must be type of bool"):
        set_comm_ops_inplace(1)
    with pytest.raises(ValueError, match="must be correct, but got foo"):
        set_comm_ops_inplace(True, ["foo"])
