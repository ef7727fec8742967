"""Starting multi-process jobs in tests: free ports, `python -m spore.msrun` as a subprocess
with a hard timeout, and the workers' logs."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
JOB_TIMEOUT_S = 90
"""No job of the tests may take longer: a hang fails the test instead of the CI run."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def env(**extra) -> dict:
    """The environment of a launcher or worker: this checkout's spore first on the path, no job
    variables of the caller's, then `extra`."""
    result = dict(os.environ)
    for name in ("RANK", "WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT", "LOCAL_RANK", "RANK_ID", "RANK_SIZE"):
        result.pop(name, None)
    result.update({name: str(value) for name, value in extra.items()})
    result["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])
    return result


def msrun_command(script, *flags: str, args=()) -> list[str]:
    return [sys.executable, "-m", "spore.msrun", *flags, str(script), *map(str, args)]


def msrun(script, *flags: str, args=(), timeout: float = JOB_TIMEOUT_S, **extra_env) -> subprocess.CompletedProcess:
    """Run msrun to its end (stdout and stderr captured as text)."""
    return subprocess.run(msrun_command(script, *flags, args=args), capture_output=True, text=True,
                          timeout=timeout, env=env(**extra_env), cwd=str(ROOT))


def start_msrun(script, *flags: str, args=(), **extra_env) -> subprocess.Popen:
    return subprocess.Popen(msrun_command(script, *flags, args=args), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env(**extra_env), cwd=str(ROOT))


def logs(log_dir: Path) -> dict[str, str]:
    return {path.name: path.read_text() for path in sorted(log_dir.glob("*.log"))}
