"""`msrun` (`python -m spore.msrun`): MindSpore's launcher of distributed jobs.

    msrun --worker_num=4 --local_worker_num=2 --master_addr=10.0.0.1 --master_port=8118 \\
          --node_rank=0 --log_dir=logs --join=True train.py [ARGS...]

starts `local_worker_num` workers on this machine, each running `python -m spore train.py
ARGS` (so its `mindspore` imports are served by spore) with its output in
`LOG_DIR/worker_<rank>.log` and the environment MindSpore 2.7.1's msrun sets (`RANK_ID`,
`RANK_SIZE`, `DEVICE_ID`, `MS_WORKER_NUM`, `MS_SCHED_HOST`, ...) plus torch.distributed's
(`MASTER_ADDR`, `MASTER_PORT`, `RANK`, `WORLD_SIZE`, `LOCAL_RANK`, `LOCAL_WORLD_SIZE`).
Run the same command on every machine, changing `--node_rank` (or leave it out: nodes then
take consecutive rank ranges in the order they reach the master).

Where MindSpore starts a scheduler process, the launcher of the master node (the one whose
address is `--master_addr`) serves the job's key-value store on `--master_port`: the other
nodes' launchers and every worker's process group meet there, so a port already in use, an
unreachable master or nodes started with different `--worker_num` are reported by the
launcher before any training starts. Its own account goes to `LOG_DIR/scheduler.log`.

With `--join=True` the launcher streams the workers' logs, waits for them, and when a
worker fails it stops the others and exits non-zero naming the failed rank (a rank still
running when the others timed out in a collective is named as hung). With `--join=False`
(MindSpore's default) it returns once the workers are started, as MindSpore does; a
background launcher keeps serving the store and stops the job if a worker fails.
"""
from __future__ import annotations

import argparse
import ast
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time

from .._kernels import launch_store
from .._kernels.collective import PEER_FAILURE

_DETACHED_ENV = "SPORE_MSRUN_DETACHED"
_STARTED = "msrun: workers started"
_KEY = "msrun/"
_POLL_S = 0.1
_STOP_GRACE_S = 3.0
_CAUSE_GRACE_S = 3.0
_BEAT_STALE_S = 30.0


class LaunchError(Exception):
    """A launch that cannot go on: printed as `msrun: error: ...`, exit status 1."""


def literal_eval(value: str) -> bool:
    """True or False, written as Python literals (argparse names this function in its errors)."""
    result = ast.literal_eval(value)
    if not isinstance(result, bool):
        raise ValueError(value)
    return result


def _bind_core(value: str):
    """`True` / `False`, or a JSON dict {"deviceX": ["a-b", ...]} of CPU ranges per local worker."""
    if value in ("True", "False"):
        return value == "True"
    try:
        table = json.loads(value)
    except json.JSONDecodeError:
        raise argparse.ArgumentTypeError("Failed to parse JSON into a dictionary") from None
    if not isinstance(table, dict):
        raise argparse.ArgumentTypeError("Failed to parse JSON into a dictionary")
    cpus = {}
    for key, ranges in table.items():
        if not re.fullmatch(r"device\d+", key):
            raise argparse.ArgumentTypeError(f"Key '{key}' must be in format 'deviceX' (X ≥ 0).")
        if not isinstance(ranges, list):
            raise argparse.ArgumentTypeError(f"Value for '{key}':{ranges} should be a list, but got {type(ranges)}.")
        cpus[int(key[len("device"):])] = []
        for cpu_range in ranges:
            if not isinstance(cpu_range, str):
                raise argparse.ArgumentTypeError(f"CPU range '{cpu_range}' in '{ranges}' should be a string.")
            match = re.fullmatch(r"(\d+)-(\d+)", cpu_range)
            if not match:
                raise argparse.ArgumentTypeError(f"CPU range '{cpu_range}' in '{ranges}' should be in format "
                                                 f"'cpuidX-cpuidY'.")
            cpus[int(key[len("device"):])] += range(int(match.group(1)), int(match.group(2)) + 1)
    return cpus


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="msrun", description="Start a MindSpore script on several processes "
                                     "(and machines) for distributed training, on spore.")
    parser.add_argument("--worker_num", type=int, default=8,
                        help="the total number of worker processes of the job, on all machines (default 8)")
    parser.add_argument("--local_worker_num", type=int, default=8,
                        help="the number of worker processes on this machine (default 8)")
    parser.add_argument("--master_addr", default="127.0.0.1",
                        help="IP address or host name of the master node (default 127.0.0.1)")
    parser.add_argument("--master_port", type=int, default=8118,
                        help="port of the master node, 1024-65535, free on the master (default 8118)")
    parser.add_argument("--node_rank", type=int, default=-1,
                        help="rank of this machine: its workers take ranks node_rank*local_worker_num onwards; "
                             "if not set, machines take consecutive ranks in the order they reach the master")
    parser.add_argument("--log_dir", default="", help="directory of the log files (default: the current one)")
    parser.add_argument("--join", type=literal_eval, default=False, choices=[True, False],
                        help="stream the workers' logs, wait for them and report the job's result (default False)")
    parser.add_argument("--cluster_time_out", type=int, default=600,
                        help="seconds to wait for the master and the other workers; negative waits forever "
                             "(default 600)")
    parser.add_argument("--bind_core", type=_bind_core, default=False,
                        help="True: share this machine's CPUs among its workers; or a JSON dict "
                             "{\"device0\": [\"0-3\"], ...} of CPU ranges per local worker (default False)")
    parser.add_argument("--worker_log_name", default="",
                        help="log file name of this machine's workers, default worker; {ip} and {hostname} are "
                             "replaced; the file is <name>_<rank>.log")
    parser.add_argument("--tail_worker_log", default="-1",
                        help="with --join=True, the local worker index whose log is streamed (default -1: all)")
    parser.add_argument("task_script", help="the script every worker runs")
    parser.add_argument("task_script_args", nargs=argparse.REMAINDER, help="arguments of the script")
    return parser


def check_args(args) -> None:
    """The flags' values against each other, before anything starts."""
    if args.worker_num < 1 or args.local_worker_num < 1:
        raise LaunchError(f"--worker_num and --local_worker_num must be at least 1, but got {args.worker_num} and "
                          f"{args.local_worker_num}.")
    if args.local_worker_num > args.worker_num:
        raise LaunchError(f"Total worker number is {args.worker_num}, but got exceeded local worker number: "
                          f"{args.local_worker_num}.")
    if not 1024 <= args.master_port <= 65535:
        raise LaunchError(f"--master_port must be within [1024, 65535], but got {args.master_port}.")
    nodes = -(-args.worker_num // args.local_worker_num)
    if args.node_rank >= nodes:
        raise LaunchError(f"--node_rank {args.node_rank} is out of range: {args.worker_num} workers at "
                          f"{args.local_worker_num} per node make {nodes} node(s), ranked 0 to {nodes - 1}.")
    if not os.path.isfile(args.task_script):
        raise LaunchError(f"the task script '{args.task_script}' does not exist.")
    if isinstance(args.bind_core, dict) and set(args.bind_core) - set(range(args.local_worker_num)):
        raise LaunchError(f"--bind_core names devices {sorted(args.bind_core)}, but this node starts "
                          f"{args.local_worker_num} worker(s) (device0 to device{args.local_worker_num - 1}).")
    if args.tail_worker_log != "-1" and not (args.tail_worker_log.isdigit()
                                             and int(args.tail_worker_log) < args.local_worker_num):
        raise LaunchError(f"--tail_worker_log must be -1 or a local worker index in [0, {args.local_worker_num}), "
                          f"but got {args.tail_worker_log!r}.")


def _is_local_address(host: str) -> bool:
    try:
        address = socket.gethostbyname(host)
    except OSError:
        return False
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind((address, 0))
        except OSError:
            return False
    return True


def _timeout(args) -> float:
    return args.cluster_time_out if args.cluster_time_out >= 0 else 10 ** 7


class _Worker:
    def __init__(self, rank: int, local_rank: int, log_path: str, process: subprocess.Popen):
        self.rank = rank
        self.local_rank = local_rank
        self.log_path = log_path
        self.process = process
        self.exit_time: float | None = None
        threading.Thread(target=self._wait, daemon=True).start()

    def _wait(self):
        self.process.wait()
        self.exit_time = time.monotonic()

    def describe_exit(self) -> str:
        code = self.process.returncode
        if code < 0:
            return f"was killed by signal {signal.Signals(-code).name}"
        return f"exited with code {code}"

    def log_tail(self, size: int = 8192) -> str:
        try:
            with open(self.log_path, "rb") as log:
                log.seek(max(0, os.path.getsize(self.log_path) - size))
                return log.read().decode("utf-8", "replace")
        except OSError:
            return ""


class Launcher:
    """One machine's share of a job: the store (served or joined), the workers, their fate."""

    def __init__(self, args):
        self.args = args
        self.log_dir = args.log_dir
        self.store = None
        self.serving = False
        self.node_id = -1
        self.workers: list[_Worker] = []
        self.account = None
        """The launcher's own log (scheduler.log): every message goes there as well as to the console."""

    # -- the store ---------------------------------------------------------------------------------
    def open_store(self) -> None:
        args = self.args
        local = _is_local_address(args.master_addr)
        if args.node_rank == 0 and not local:
            raise LaunchError(f"--node_rank=0 makes this machine the master, but --master_addr {args.master_addr} "
                              f"is not one of its addresses.")
        if args.node_rank <= 0 and local:
            try:
                self.store = launch_store.serve(args.master_addr, args.master_port, _timeout(args))
                self.serving = True
                self.store.set(_KEY + "worker_num", str(args.worker_num))
                return
            except launch_store.StoreError:
                if args.node_rank == 0 or not self._is_msrun_master(args.master_addr, args.master_port):
                    raise LaunchError(f"--master_port {args.master_port} is already in use on this machine: choose a "
                                      f"free port (or stop the program that holds it).") from None
        self.store = self._join_master()

    @staticmethod
    def _is_msrun_master(host: str, port: int) -> bool:
        """Whether the program holding host:port is an msrun master. A store client waits forever for
        the answer of a program that accepts connections but does not speak the store's protocol:
        it asks from a thread, given a few seconds."""
        answer = []

        def ask():
            try:
                answer.append(launch_store.connect(host, port, 5).check([_KEY + "worker_num"]))
            except launch_store.StoreError:
                answer.append(False)

        asking = threading.Thread(target=ask, daemon=True)
        asking.start()
        asking.join(3)
        return bool(answer and answer[0])

    def _join_master(self):
        args = self.args
        deadline = time.monotonic() + _timeout(args)
        while True:
            try:
                with socket.create_connection((args.master_addr, args.master_port), timeout=2):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise LaunchError(
                        f"no msrun master answered at {args.master_addr}:{args.master_port} within "
                        f"{args.cluster_time_out} s: start msrun on the master node (--node_rank=0, or the machine "
                        f"whose address is --master_addr) and give every node the same --master_addr and "
                        f"--master_port.") from None
                time.sleep(0.5)
        try:
            store = launch_store.connect(args.master_addr, args.master_port, max(1.0, deadline - time.monotonic()))
            store.wait([_KEY + "worker_num"])
        except (launch_store.StoreError, RuntimeError):
            raise LaunchError(f"the program listening at {args.master_addr}:{args.master_port} is not an msrun "
                              f"master (or did not answer within {args.cluster_time_out} s).") from None
        master_workers = int(store.get(_KEY + "worker_num"))
        if master_workers != args.worker_num:
            message = (f"mismatched world size: this node was started with --worker_num={args.worker_num}, the "
                       f"master with --worker_num={master_workers}; give every node the same --worker_num.")
            store.set(_KEY + "failed", json.dumps({"message": message}))
            raise LaunchError(message)
        return store

    def assign_ranks(self) -> int:
        """The first rank of this node's workers (consecutive from there)."""
        args = self.args
        count = args.local_worker_num
        started = self.store.add(_KEY + "ranks_taken", count)
        self.node_id = self.store.add(_KEY + "nodes", 1) - 1
        first = args.node_rank * count if args.node_rank >= 0 else started - count
        if started > args.worker_num or first + count > args.worker_num:
            message = (f"mismatched world size: the nodes started so far bring {started} workers (this one ranks "
                       f"{first} to {first + count - 1}), more than --worker_num={args.worker_num}; check "
                       f"--worker_num, --local_worker_num and --node_rank on every node.")
            self.store.set(_KEY + "failed", json.dumps({"message": message}))
            raise LaunchError(message)
        return first

    # -- the workers -------------------------------------------------------------------------------
    def _log_path(self, rank: int) -> str:
        name = self.args.worker_log_name or "worker"
        if "{ip}" in name or "{hostname}" in name:
            hostname = socket.gethostname()
            try:
                ip = socket.gethostbyname(hostname)
            except OSError:
                ip = "127.0.0.1"
            name = name.replace("{ip}", ip).replace("{hostname}", hostname)
        return os.path.join(self.log_dir, f"{name}_{rank}.log")

    def worker_env(self, rank: int, local_rank: int) -> dict:
        args = self.args
        env = dict(os.environ)
        env.pop(_DETACHED_ENV, None)
        env.update({
            # MindSpore 2.7.1's msrun
            "RANK_ID": str(rank), "RANK_SIZE": str(args.worker_num), "DEVICE_ID": str(local_rank),
            "MS_ROLE": "MS_WORKER", "MS_NODE_ID": str(rank), "MS_NODE_RANK": str(args.node_rank),
            "MS_WORKER_NUM": str(args.worker_num), "MS_SCHED_HOST": args.master_addr,
            "MS_SCHED_PORT": str(args.master_port), "MS_TOPO_TIMEOUT": str(args.cluster_time_out),
            "HCCL_CONNECT_TIMEOUT": env.get("HCCL_CONNECT_TIMEOUT", "600"),
            # torch.distributed's
            "MASTER_ADDR": args.master_addr, "MASTER_PORT": str(args.master_port), "RANK": str(rank),
            "WORLD_SIZE": str(args.worker_num), "LOCAL_RANK": str(local_rank),
            "LOCAL_WORLD_SIZE": str(args.local_worker_num), "GROUP_RANK": str(self.node_id),
            "PYTHONUNBUFFERED": "1",
            **launch_store.AGENT_STORE_ENV,
        })
        return env

    def _cpus(self, local_rank: int) -> list[int] | None:
        bind = self.args.bind_core
        if isinstance(bind, dict):
            return bind.get(local_rank)
        if not bind:
            return None
        available = sorted(os.sched_getaffinity(0))
        share = max(1, len(available) // self.args.local_worker_num)
        start = (local_rank * share) % len(available)
        return available[start:start + share]

    def start_workers(self, first_rank: int) -> None:
        if self.log_dir:
            os.makedirs(self.log_dir, exist_ok=True)
        for local_rank in range(self.args.local_worker_num):
            rank = first_rank + local_rank
            log_path = self._log_path(rank)
            with open(log_path, "w", encoding="utf-8") as log:
                process = subprocess.Popen(
                    [sys.executable, "-m", "spore", self.args.task_script, *self.args.task_script_args],
                    stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                    env=self.worker_env(rank, local_rank))
            cpus = self._cpus(local_rank)
            if cpus:
                os.sched_setaffinity(process.pid, cpus)
            self.workers.append(_Worker(rank, local_rank, log_path, process))
            self.say(f"Start worker process with rank id:{rank}, log file:{log_path}. Environment variable "
                     f"[RANK_ID={rank}] is exported.")

    def stop_workers(self) -> None:
        alive = [w for w in self.workers if w.process.poll() is None]
        for worker in alive:
            worker.process.terminate()
        deadline = time.monotonic() + _STOP_GRACE_S
        for worker in alive:
            try:
                worker.process.wait(max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                worker.process.kill()
                worker.process.wait()

    # -- watching ----------------------------------------------------------------------------------
    def say(self, message: str, error: bool = False) -> None:
        print(message, file=sys.stderr if error else sys.stdout, flush=True)
        if self.account is not None:
            self.account.write(message + "\n")
            self.account.flush()

    def _failed_workers(self) -> list[_Worker]:
        """The workers that exited with an error; when each of them failed only because a peer
        did, wait a little for the peer that caused it (its exit can trail theirs)."""
        deadline = time.monotonic() + _CAUSE_GRACE_S
        while True:
            time.sleep(_POLL_S)
            failed = [w for w in self.workers if w.exit_time is not None and w.process.returncode != 0]
            waiting = any(w.exit_time is None for w in self.workers)
            if not (waiting and time.monotonic() < deadline and all(PEER_FAILURE in w.log_tail() for w in failed)):
                return failed

    def _failure_report(self, failed: list[_Worker]) -> str:
        causes = [w for w in failed if PEER_FAILURE not in w.log_tail()] or failed
        first = min(causes, key=lambda w: w.exit_time)
        report = f"worker rank {first.rank} (pid {first.process.pid}) {first.describe_exit()}, see {first.log_path}."
        alive = [w for w in self.workers if w.process.poll() is None]
        if alive and re.search(r"timed? ?out", first.log_tail(), re.IGNORECASE):
            ranks = ", ".join(str(w.rank) for w in alive)
            return (f"worker rank {ranks} hangs: it never joined the collective that rank {first.rank} timed out "
                    f"waiting in ({report[len('worker '):-1]}).")
        return report

    def _remote_failure(self) -> str | None:
        if self.store is None or not self.store.check([_KEY + "failed"]):
            return None
        return json.loads(self.store.get(_KEY + "failed").decode())["message"]

    def watch(self) -> int:
        """Wait for the workers; 0 when all succeed, 1 (after stopping the rest) when one fails."""
        beats = 0
        while True:
            time.sleep(_POLL_S)
            failed = [w for w in self.workers if w.exit_time is not None and w.process.returncode != 0]
            if failed:
                failed = self._failed_workers()
                message = self._remote_failure() or self._failure_report(failed)
                if not self.store.check([_KEY + "failed"]):
                    self.store.set(_KEY + "failed", json.dumps({"message": message}))
                return self._fail(message)
            remote = self._remote_failure()
            if remote is not None:
                return self._fail(remote)
            if all(w.exit_time is not None for w in self.workers):
                self.store.set(_KEY + f"done/{self.node_id}", "1")
                self.store.add(_KEY + "nodes_done", 1)
                return self._wait_other_nodes() if self.serving else 0
            beats += 1
            if beats % 10 == 0:
                self.store.add(_KEY + f"beat/{self.node_id}", 1)

    def _wait_other_nodes(self) -> int:
        """The master serves the store until every node's workers are done (or a node fails or goes silent)."""
        last_beats: dict[int, tuple[int, float]] = {}
        while self.store.add(_KEY + "nodes_done", 0) < self.store.add(_KEY + "nodes", 0):
            remote = self._remote_failure()
            if remote is not None:
                return self._fail(remote)
            now = time.monotonic()
            for node in range(self.store.add(_KEY + "nodes", 0)):
                if self.store.check([_KEY + f"done/{node}"]):
                    continue
                beat = self.store.add(_KEY + f"beat/{node}", 0)
                if node not in last_beats or last_beats[node][0] != beat:
                    last_beats[node] = (beat, now)
                elif now - last_beats[node][1] > _BEAT_STALE_S:
                    return self._fail(f"the launcher of node {node} stopped answering; its workers' fate is unknown.")
            time.sleep(_POLL_S * 5)
        return 0

    def _fail(self, message: str) -> int:
        self.say(f"msrun: {message} Stopping the other workers.", error=True)
        self.stop_workers()
        where = self.log_dir or "."
        self.say(f"msrun: Distributed job exited with exception. Please check logs in directory: {where}.",
                 error=True)
        return 1


def _stream_logs(launcher: Launcher, done: threading.Event) -> None:
    """Copy the tailed workers' logs to the console as they grow, until `done` and fully read."""
    chosen = launcher.args.tail_worker_log
    paths = [w.log_path for w in launcher.workers if chosen == "-1" or w.local_rank == int(chosen)]
    offsets = dict.fromkeys(paths, 0)
    while True:
        finished = done.is_set()
        for path in paths:
            try:
                with open(path, "rb") as log:
                    log.seek(offsets[path])
                    chunk = log.read()
            except OSError:
                continue
            if chunk:
                offsets[path] += len(chunk)
                sys.stdout.write(chunk.decode("utf-8", "replace"))
                sys.stdout.flush()
        if finished:
            return
        time.sleep(_POLL_S)


def _run(args, detached: bool) -> int:
    launcher = Launcher(args)
    if args.log_dir:
        os.makedirs(args.log_dir, exist_ok=True)
    launcher.account = open(os.path.join(args.log_dir, "scheduler.log"), "w", encoding="utf-8")  # noqa: SIM115
    try:
        launcher.open_store()
        launcher.start_workers(launcher.assign_ranks())
    except LaunchError as error:
        launcher.say(f"msrun: error: {error}", error=True)
        launcher.stop_workers()
        return 1
    if detached:
        print(_STARTED, flush=True)
        # From here the console is the log: the caller has gone back to its shell.
        os.dup2(launcher.account.fileno(), 1)
        os.dup2(launcher.account.fileno(), 2)
        launcher.account = None
    else:
        launcher.say("Distributed job is spawned. Waiting all processes to exit...")
    done = threading.Event()
    streamer = None
    if args.join:
        streamer = threading.Thread(target=_stream_logs, args=(launcher, done), daemon=True)
        streamer.start()
    try:
        code = launcher.watch()
    except KeyboardInterrupt:
        code = launcher._fail("interrupted.")
    done.set()
    if streamer is not None:
        streamer.join()
    return code


def _start_detached(argv: list[str]) -> int:
    """MindSpore's --join=False: return once the workers are started; a background launcher watches them."""
    env = dict(os.environ, **{_DETACHED_ENV: "1"})
    process = subprocess.Popen([sys.executable, "-m", "spore.msrun", *argv], stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    for line in process.stdout:
        text = line.decode("utf-8", "replace")
        if text.rstrip("\n") == _STARTED:
            return 0
        sys.stdout.write(text)
        sys.stdout.flush()
    return process.wait()


def parse_args(argv: list[str]):
    """msrun's flags, then the script and its own arguments, which are never read as msrun's
    (argparse alone would take a script's `--worker` for an abbreviation of `--worker_num`)."""
    index = 0
    while index < len(argv) and argv[index].startswith("-"):
        index += 1 if "=" in argv[index] or argv[index] in ("-h", "--help") else 2
    args = build_parser().parse_args(argv[:index + 1])
    args.task_script_args = argv[index + 1:]
    return args


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = parse_args(argv)
    try:
        check_args(args)
    except LaunchError as error:
        print(f"msrun: error: {error}", file=sys.stderr)
        return 1
    detached = os.environ.get(_DETACHED_ENV) == "1"
    if not args.join and not detached:
        return _start_detached(argv)
    return _run(args, detached)


if __name__ == "__main__":
    sys.exit(main())
