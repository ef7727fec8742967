"""Run a worker script in N local processes joined by torch.distributed (gloo), each with
a hard deadline: a hung or failed worker ends the test, never the CI job."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WORKERS = Path(__file__).with_name("workers.py")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def spawn(scenario: str, size: int, timeout: float = 60.0, env: dict | None = None,
          launcher_env=None, script: Path = WORKERS) -> list[subprocess.CompletedProcess]:
    """Run `script scenario` (workers.py by default) as ranks 0..size-1; returns each rank's
    finished process (stdout, stderr, returncode). Kills every rank still running at
    `timeout` seconds."""
    port = free_port()
    processes = []
    for rank in range(size):
        variables = dict(os.environ, PYTHONPATH=str(ROOT), MS_TOPO_TIMEOUT="20", OMP_NUM_THREADS="1")
        variables.update(launcher_env(rank, size, port) if launcher_env else torch_variables(rank, size, port))
        variables.update(env or {})
        processes.append(subprocess.Popen([sys.executable, str(script), scenario], env=variables,
                                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
    deadline = time.monotonic() + timeout
    results = []
    for process in processes:
        try:
            out, err = process.communicate(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            for other in processes:
                other.kill()
            out, err = process.communicate()
            err += f"\n[killed after {timeout} s]"
        results.append(subprocess.CompletedProcess(process.args, process.returncode, out, err))
    return results


def torch_variables(rank: int, size: int, port: int) -> dict:
    return {"MASTER_ADDR": "127.0.0.1", "MASTER_PORT": str(port), "RANK": str(rank), "WORLD_SIZE": str(size),
            "LOCAL_RANK": str(rank), "LOCAL_WORLD_SIZE": str(size)}


def assert_all_passed(results) -> None:
    failures = [f"rank {i} (exit {r.returncode}):\n{r.stdout}\n{r.stderr[-3000:]}"
                for i, r in enumerate(results) if r.returncode != 0]
    assert not failures, "\n".join(failures)
