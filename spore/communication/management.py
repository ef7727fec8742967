"""`mindspore.communication.management`: joining the job, ranks and groups.

`init()` finds its place in the job in the environment, in this order:

1. torch.distributed's variables (torchrun, spore's msrun): MASTER_ADDR, MASTER_PORT,
   RANK, WORLD_SIZE, and LOCAL_RANK, LOCAL_WORLD_SIZE when set;
2. MindSpore msrun's (2.7.1's msrun sets MS_SCHED_HOST, MS_SCHED_PORT, MS_WORKER_NUM,
   MS_NODE_ID, RANK_ID, RANK_SIZE, DEVICE_ID, MS_ROLE, MS_TOPO_TIMEOUT): the rank from
   MS_NODE_ID or RANK_ID, the local rank from LOCAL_RANK or DEVICE_ID, the local size from
   LOCAL_WORLD_SIZE or MS_WORKER_NUM;
3. OpenMPI's (mpirun): OMPI_COMM_WORLD_RANK, OMPI_COMM_WORLD_SIZE,
   OMPI_COMM_WORLD_LOCAL_RANK, OMPI_COMM_WORLD_LOCAL_SIZE, with MASTER_ADDR / MASTER_PORT.

The rendezvous, and every collective after it, waits at most MS_TOPO_TIMEOUT seconds
(default 300): a missing or dead peer ends in a RuntimeError, never a hang.

Before `init()` (as in MindSpore) the world is this process alone: `get_rank()` is 0 and
`get_group_size()` 1.
"""
from __future__ import annotations

import os

from .. import context
from .._kernels import collective
from .._kernels.collective import WORLD, WORLD_GROUP_NAMES

HCCL_WORLD_COMM_GROUP = "hccl_world_group"
NCCL_WORLD_COMM_GROUP = "nccl_world_group"
MCCL_WORLD_COMM_GROUP = "mccl_world_group"

DEFAULT_TIMEOUT_SECONDS = 300.0

__all__ = ["GlobalComm", "HCCL_WORLD_COMM_GROUP", "NCCL_WORLD_COMM_GROUP", "MCCL_WORLD_COMM_GROUP", "init",
           "release", "get_rank", "get_local_rank", "get_group_size", "get_local_rank_size", "create_group",
           "destroy_group", "get_group_rank_from_world_rank", "get_world_rank_from_group_rank", "get_comm_name",
           "get_process_group_ranks"]


class GlobalComm:
    """The communication settings MindSpore scripts read: BACKEND ('hccl' until `init()`,
    then 'mccl' on CPU or 'nccl' on GPU), WORLD_COMM_GROUP (the world group's name) and
    INITED."""

    BACKEND = "hccl"
    WORLD_COMM_GROUP = HCCL_WORLD_COMM_GROUP
    INITED = False
    CHECK_ENVS = True


_BACKENDS = {"CPU": ("mccl", "gloo", MCCL_WORLD_COMM_GROUP), "GPU": ("nccl", "nccl", NCCL_WORLD_COMM_GROUP),
             "Ascend": ("hccl", "gloo", HCCL_WORLD_COMM_GROUP)}


def _job(**fields) -> dict:
    """One launcher's description of this process's place in the job, as its variables give it."""
    return fields


def _launch_environment() -> dict:
    """rank, size, local rank, local size, master address and port from the launcher's
    variables (see the module docstring), or None when no launcher set them."""
    env = os.environ
    if "RANK" in env and "WORLD_SIZE" in env:
        values = _job(rank=env["RANK"], size=env["WORLD_SIZE"], local_rank=env.get("LOCAL_RANK", env["RANK"]),
                      local_size=env.get("LOCAL_WORLD_SIZE", env["WORLD_SIZE"]),
                      addr=env.get("MASTER_ADDR"), port=env.get("MASTER_PORT"), source="RANK / WORLD_SIZE")
    elif "MS_WORKER_NUM" in env and ("MS_NODE_ID" in env or "RANK_ID" in env):
        rank = env.get("MS_NODE_ID", env.get("RANK_ID"))
        values = _job(rank=rank, size=env["MS_WORKER_NUM"],
                      local_rank=env.get("LOCAL_RANK", env.get("DEVICE_ID", rank)),
                      local_size=env.get("LOCAL_WORLD_SIZE", env["MS_WORKER_NUM"]),
                      addr=env.get("MS_SCHED_HOST"), port=env.get("MS_SCHED_PORT"),
                      source="MS_WORKER_NUM / MS_NODE_ID")
    elif "OMPI_COMM_WORLD_RANK" in env and "OMPI_COMM_WORLD_SIZE" in env:
        values = _job(rank=env["OMPI_COMM_WORLD_RANK"], size=env["OMPI_COMM_WORLD_SIZE"],
                      local_rank=env.get("OMPI_COMM_WORLD_LOCAL_RANK", env["OMPI_COMM_WORLD_RANK"]),
                      local_size=env.get("OMPI_COMM_WORLD_LOCAL_SIZE", env["OMPI_COMM_WORLD_SIZE"]),
                      addr=env.get("MASTER_ADDR"), port=env.get("MASTER_PORT"), source="OMPI_COMM_WORLD_*")
    else:
        raise RuntimeError("For 'init', no launcher set this process's place in the job: run it with msrun "
                           "(python -m spore.msrun), torchrun or mpirun, or set MASTER_ADDR, MASTER_PORT, RANK "
                           "and WORLD_SIZE.")
    if not values["addr"] or not values["port"]:
        raise RuntimeError(f"For 'init', the master's address and port are not set (the launcher set "
                           f"{values['source']}): set MASTER_ADDR and MASTER_PORT (or MS_SCHED_HOST and "
                           f"MS_SCHED_PORT).")
    for key in ("rank", "size", "local_rank", "local_size", "port"):
        try:
            values[key] = int(values[key])
        except ValueError:
            raise ValueError(f"For 'init', the {key.replace('_', ' ')} from the environment must be an integer, "
                             f"but got '{values[key]}'.") from None
    if values["size"] < 1 or not 0 <= values["rank"] < values["size"]:
        raise ValueError(f"For 'init', the rank must be in [0, world size) and the world size at least 1, but got "
                         f"rank {values['rank']} and world size {values['size']}.")
    return values


def _timeout_seconds() -> float:
    text = os.environ.get("MS_TOPO_TIMEOUT")
    if text is None:
        return DEFAULT_TIMEOUT_SECONDS
    try:
        seconds = float(text)
    except ValueError:
        raise ValueError(f"For 'init', MS_TOPO_TIMEOUT must be a number of seconds, but got '{text}'.") from None
    if seconds <= 0:
        raise ValueError(f"For 'init', MS_TOPO_TIMEOUT must be positive, but got {seconds}.")
    return seconds


def init(backend_name=None):
    """Join the distributed job this process was launched into (see the module docstring
    for the environment it reads). `backend_name`: 'mccl' on CPU (gloo underneath), 'nccl'
    on GPU; None picks the device target's. Calling it again once joined does nothing."""
    if backend_name is not None:
        _check_backend_name("init", backend_name, strict=True)
    join()


def _check_backend_name(api: str, backend_name, strict: bool) -> None:
    """`strict`: the name must be the device target's, as `init` requires."""
    target = context.get_context("device_target")
    if not isinstance(backend_name, str):
        raise TypeError(f"For '{api}', the argument 'backend_name' must be a string, but got "
                        f"{type(backend_name).__name__}.")
    if backend_name not in ("hccl", "nccl", "mccl"):
        raise RuntimeError(f"For '{api}', the argument 'backend_name' must be one of 'hccl', 'nccl' and 'mccl', "
                           f"but got 'backend_name' : {backend_name}")
    if strict and backend_name != _BACKENDS[target][0]:
        raise RuntimeError(f"For '{api}', the argument 'backend_name' should be '{_BACKENDS[target][0]}' to init "
                           f"'{target}', but got '{backend_name}'.")


def join(rank=None, size=None, addr=None, port=None, timeout_seconds=None) -> None:
    """Join the job: the launcher's environment gives what the arguments leave None."""
    if GlobalComm.INITED:
        return
    name, torch_backend, world_group = _BACKENDS[context.get_context("device_target")]
    given = {"rank": rank, "size": size, "addr": addr, "port": port}
    if None in given.values():
        job = _launch_environment()
        job.update({k: v for k, v in given.items() if v is not None})
    else:
        job = _job(local_rank=rank, local_size=size, **given)
    try:
        collective.init_world(torch_backend, job["addr"], int(job["port"]), job["rank"], job["size"],
                              job["local_rank"], job["local_size"], timeout_seconds or _timeout_seconds())
    except RuntimeError as failure:
        raise RuntimeError(f"For 'init', rank {job['rank']} of {job['size']} could not join the job at "
                           f"{job['addr']}:{job['port']}: {failure}") from None
    GlobalComm.BACKEND, GlobalComm.WORLD_COMM_GROUP, GlobalComm.INITED = name, world_group, True


def release():
    """Leave the job: destroys every group; the world is this process again."""
    collective.release_world()
    GlobalComm.BACKEND, GlobalComm.WORLD_COMM_GROUP, GlobalComm.INITED = "hccl", HCCL_WORLD_COMM_GROUP, False


def _check_group(api: str, group) -> str:
    if not isinstance(group, str):
        raise TypeError(f"For '{api}', the argument 'group' must be type of string, but got 'group' type : "
                        f"{type(group)}.")
    return group


def _check_inited(api: str) -> None:
    if not GlobalComm.INITED:
        raise RuntimeError("Distributed Communication has not been inited.You can't invoke this interface yet. "
                           "Please call `init()` method first.")


def _ranks(api: str, group) -> tuple[int, ...]:
    _check_group(api, group)
    if group not in WORLD_GROUP_NAMES:
        _check_inited(api)
    return collective.group_ranks(group)


def get_rank(group=HCCL_WORLD_COMM_GROUP):
    """This process's rank in `group` (0 before `init()`)."""
    return _ranks("get_rank", group).index(WORLD.rank)


def get_group_size(group=HCCL_WORLD_COMM_GROUP):
    """The number of processes in `group` (1 before `init()`)."""
    return len(_ranks("get_group_size", group))


def get_local_rank(group=HCCL_WORLD_COMM_GROUP):
    """This process's rank among the processes of its machine (world group only)."""
    _check_world_only("get_local_rank", group)
    return WORLD.local_rank


def get_local_rank_size(group=HCCL_WORLD_COMM_GROUP):
    """The number of processes on this machine (world group only)."""
    _check_world_only("get_local_rank_size", group)
    return WORLD.local_size


def _check_world_only(api: str, group) -> None:
    _check_group(api, group)
    if group not in WORLD_GROUP_NAMES:
        raise ValueError(f"For '{api}', only the world group is supported, but got group '{group}'.")


def get_process_group_ranks(group=HCCL_WORLD_COMM_GROUP):
    """The world ranks of `group`, in group-rank order."""
    return list(_ranks("get_process_group_ranks", group))


def get_comm_name(group=HCCL_WORLD_COMM_GROUP):
    """The name of the communicator under `group`: the group's own name here."""
    _ranks("get_comm_name", group)
    return group


def get_group_rank_from_world_rank(world_rank_id, group):
    """The rank in `group` of world rank `world_rank_id`."""
    _check_rank_id("get_group_rank_from_world_rank", "world_rank_id", world_rank_id)
    _check_inited("get_group_rank_from_world_rank")
    ranks = _ranks("get_group_rank_from_world_rank", group)
    if world_rank_id not in ranks:
        raise ValueError(f"For 'get_group_rank_from_world_rank', the world rank {world_rank_id} is not in group "
                         f"'{group}' (world ranks {list(ranks)}).")
    return ranks.index(world_rank_id)


def get_world_rank_from_group_rank(group, group_rank_id):
    """The world rank of rank `group_rank_id` of `group`."""
    _check_rank_id("get_world_rank_from_group_rank", "group_rank_id", group_rank_id)
    _check_inited("get_world_rank_from_group_rank")
    ranks = _ranks("get_world_rank_from_group_rank", group)
    if not 0 <= group_rank_id < len(ranks):
        raise ValueError(f"For 'get_world_rank_from_group_rank', the 'group_rank_id' must be in [0, {len(ranks)}) "
                         f"for group '{group}', but got {group_rank_id}.")
    return ranks[group_rank_id]


def _check_rank_id(api: str, arg: str, value) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"For '{api}', the argument '{arg}' must be type of int, but got '{arg}' type : "
                        f"{type(value)}.")


def create_group(group, rank_ids, options=None):
    """Create the group named `group` over the world ranks `rank_ids`. Every process of the
    world calls it (torch.distributed creates groups collectively), with the same arguments."""
    _check_inited("create_group")
    _check_group("create_group", group)
    if group in WORLD_GROUP_NAMES or group in WORLD.groups:
        raise ValueError(f"For 'create_group', the group '{group}' already exists.")
    if not isinstance(rank_ids, (list, tuple)) or not all(isinstance(r, int) and not isinstance(r, bool)
                                                          for r in rank_ids):
        raise TypeError(f"For 'create_group', the argument 'rank_ids' must be a list of int, but got {rank_ids!r}.")
    if not rank_ids or len(set(rank_ids)) != len(rank_ids):
        raise ValueError(f"For 'create_group', the argument 'rank_ids' must be a non-empty list of distinct ranks, "
                         f"but got {list(rank_ids)}.")
    if not all(0 <= r < WORLD.size for r in rank_ids):
        raise ValueError(f"For 'create_group', each of 'rank_ids' must be in [0, {WORLD.size}), but got "
                         f"{list(rank_ids)}.")
    collective.new_group(group, list(rank_ids))


def destroy_group(group):
    """Destroy the group `group` made by `create_group` (the world group can not be)."""
    _check_inited("destroy_group")
    _check_group("destroy_group", group)
    if group in WORLD_GROUP_NAMES:
        raise ValueError(f"For 'destroy_group', the world group '{group}' can not be destroyed.")
    if group not in WORLD.groups:
        raise ValueError(f"For 'destroy_group', the group '{group}' does not exist.")
    collective.destroy_group(group)
