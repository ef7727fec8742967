"""Startup costs: `import spore`, and the first call of a ResNet-18 training step.

1. Import time, each sample a fresh interpreter, median of `--imports` samples, `import torch`
   alone beside it as the floor (spore's kernels are torch's, so it cannot import faster):
   - "bytecode cached": the compiled `.pyc` files exist (what users see after the first run);
   - "from source": a copy of the package without `__pycache__` and PYTHONDONTWRITEBYTECODE=1,
     so every spore module is compiled on import (torch keeps its installed bytecode).
2. First call against steady steps of one training step (value_and_grad + Momentum) of a
   CIFAR ResNet-18, batch 32, 32x32, in spore PyNative, spore Graph (the step under `jit`)
   and PyTorch eager as the reference for torch's own first-call costs (oneDNN primitive
   creation, allocator warm-up): each in a fresh process, median of `--steps` steady steps.
   "start to first" is the wall time from starting that process to the end of its first step.

Targets (issue 16): `import spore` under 1 s; first call <= 2x one steady step in both modes.
Run: python bench/startup.py [--imports N] [--steps N] [--threads N] [--only import|step]
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
IMPORT_LIMIT = 1.0
FIRST_CALL_LIMIT = 2.0
# Wall time, and the process's CPU time, which other loads on a shared machine disturb far less.
IMPORT_CODE = ("import time; w, c = time.perf_counter(), time.process_time(); import {0}; "
               "print(time.perf_counter() - w, time.process_time() - c)")


def _env(pythonpath: str, write_bytecode: bool) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=pythonpath)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if not write_bytecode:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def _import_seconds(module: str, env: dict[str, str]) -> tuple[float, float]:
    """(wall, CPU) seconds of importing `module` in a fresh interpreter. It runs in the
    PYTHONPATH's root: `-c` puts the working directory first on sys.path."""
    out = subprocess.run([sys.executable, "-c", IMPORT_CODE.format(module)], env=env, cwd=env["PYTHONPATH"],
                         check=True, capture_output=True, text=True).stdout
    wall, cpu = out.split()[-2:]
    return float(wall), float(cpu)


def import_times(samples: int) -> dict[str, tuple[float, float]]:
    """Median (wall, CPU) import seconds of torch and of spore with and without cached bytecode; the forms
    alternate within each sample so machine noise falls on all of them alike."""
    cached = _env(ROOT, write_bytecode=True)
    _import_seconds("spore", cached)  # writes the bytecode the cached form reads
    with tempfile.TemporaryDirectory() as source_root:
        shutil.copytree(os.path.join(ROOT, "spore"), os.path.join(source_root, "spore"),
                        ignore=shutil.ignore_patterns("__pycache__"))
        forms = {"import torch (floor)": ("torch", cached),
                 "import spore, bytecode cached": ("spore", cached),
                 "import spore, from source": ("spore", _env(source_root, write_bytecode=False))}
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in forms}
        for _ in range(samples):
            for name, (module, env) in forms.items():
                times[name].append(_import_seconds(module, env))
    return {name: (statistics.median(wall for wall, _ in values), statistics.median(cpu for _, cpu in values))
            for name, values in times.items()}


def _resnet18_spore():
    """CIFAR ResNet-18: 3x3 stem, no max-pool, four stages of two basic blocks."""
    from spore import nn, ops

    class BasicBlock(nn.Cell):
        def __init__(self, cin, cout, stride):
            super().__init__()
            self.conv1 = nn.Conv2d(cin, cout, 3, stride, pad_mode="pad", padding=1, has_bias=False)
            self.bn1 = nn.BatchNorm2d(cout)
            self.conv2 = nn.Conv2d(cout, cout, 3, 1, pad_mode="pad", padding=1, has_bias=False)
            self.bn2 = nn.BatchNorm2d(cout)
            self.relu = nn.ReLU()
            self.shortcut = None
            if stride != 1 or cin != cout:
                self.shortcut = nn.SequentialCell([nn.Conv2d(cin, cout, 1, stride, has_bias=False),
                                                   nn.BatchNorm2d(cout)])

        def construct(self, x):
            out = self.relu(self.bn1(self.conv1(x)))
            out = self.bn2(self.conv2(out))
            identity = x if self.shortcut is None else self.shortcut(x)
            return self.relu(out + identity)

    class ResNet18(nn.Cell):
        def __init__(self, classes=10):
            super().__init__()
            self.stem = nn.SequentialCell([nn.Conv2d(3, 64, 3, 1, pad_mode="pad", padding=1, has_bias=False),
                                           nn.BatchNorm2d(64), nn.ReLU()])
            blocks, cin = [], 64
            for cout, stride in ((64, 1), (128, 2), (256, 2), (512, 2)):
                blocks += [BasicBlock(cin, cout, stride), BasicBlock(cout, cout, 1)]
                cin = cout
            self.blocks = nn.SequentialCell(blocks)
            self.pool = ops.ReduceMean(keep_dims=False)
            self.head = nn.Dense(512, classes)

        def construct(self, x):
            return self.head(self.pool(self.blocks(self.stem(x)), (2, 3)))

    return ResNet18()


def _spore_step(graph: bool, batch: int):
    import numpy as np

    import spore as ms
    from spore import nn

    net = _resnet18_spore()
    net.set_train()
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=0.01, momentum=0.9)
    grad_fn = ms.value_and_grad(lambda x, y: loss_fn(net(x), y), None, optimizer.parameters)
    rng = np.random.default_rng(0)
    x = ms.Tensor(rng.standard_normal((batch, 3, 32, 32)).astype(np.float32))
    y = ms.Tensor(rng.integers(0, 10, batch).astype(np.int32))

    def step(x, y):
        loss, grads = grad_fn(x, y)
        optimizer(grads)
        return loss

    run = ms.jit(step) if graph else step
    return lambda: run(x, y).asnumpy()


def _torch_step(batch: int):
    import numpy as np
    import torch
    from torch_train_step import torch_train_step

    def block(cin, cout, stride):
        body = torch.nn.Sequential(torch.nn.Conv2d(cin, cout, 3, stride, 1, bias=False), torch.nn.BatchNorm2d(cout),
                                   torch.nn.ReLU(), torch.nn.Conv2d(cout, cout, 3, 1, 1, bias=False),
                                   torch.nn.BatchNorm2d(cout))
        shortcut = torch.nn.Identity()
        if stride != 1 or cin != cout:
            shortcut = torch.nn.Sequential(torch.nn.Conv2d(cin, cout, 1, stride, bias=False),
                                           torch.nn.BatchNorm2d(cout))
        return body, shortcut

    class ResNet18(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.stem = torch.nn.Sequential(torch.nn.Conv2d(3, 64, 3, 1, 1, bias=False), torch.nn.BatchNorm2d(64),
                                            torch.nn.ReLU())
            pairs, cin = [], 64
            for cout, stride in ((64, 1), (128, 2), (256, 2), (512, 2)):
                pairs += [block(cin, cout, stride), block(cout, cout, 1)]
                cin = cout
            self.bodies = torch.nn.ModuleList(body for body, _ in pairs)
            self.shortcuts = torch.nn.ModuleList(shortcut for _, shortcut in pairs)
            self.head = torch.nn.Linear(512, 10)

        def forward(self, x):
            x = self.stem(x)
            for body, shortcut in zip(self.bodies, self.shortcuts):
                x = torch.relu(body(x) + shortcut(x))
            return self.head(x.mean((2, 3)))

    model = ResNet18()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    rng = np.random.default_rng(0)
    x = torch.from_numpy(rng.standard_normal((batch, 3, 32, 32)).astype(np.float32))
    y = torch.from_numpy(rng.integers(0, 10, batch).astype(np.int64))
    return torch_train_step(model, optimizer, x, y)


def step_child(form: str, steps: int, batch: int, threads: int) -> None:
    """Runs in a fresh process: prints {"first": [wall, CPU], "steady": [wall, CPU]} seconds as JSON."""
    if threads:
        import torch

        torch.set_num_threads(threads)
    if form == "torch":
        step = _torch_step(batch)
    else:
        import spore as ms

        ms.set_context(mode=ms.GRAPH_MODE if form == "graph" else ms.PYNATIVE_MODE)
        step = _spore_step(form == "graph", batch)
    def timed() -> tuple[float, float]:
        wall, cpu = time.perf_counter(), time.process_time()
        step()
        return time.perf_counter() - wall, time.process_time() - cpu

    first = timed()
    first_done = time.time()
    steady = [timed() for _ in range(steps)]
    steady_median = [statistics.median(wall for wall, _ in steady), statistics.median(cpu for _, cpu in steady)]
    print(json.dumps({"first": first, "first_done": first_done, "steady": steady_median}))


def step_times(form: str, steps: int, batch: int, threads: int) -> dict:
    """The child's times, and "to_first": wall seconds from starting the process to the end of
    its first step (interpreter, imports, building the net, the first step)."""
    spawned = time.time()
    out = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", form, "--steps", str(steps),
                          "--batch", str(batch), "--threads", str(threads)],
                         env=_env(ROOT, write_bytecode=True), check=True, capture_output=True, text=True).stdout
    result = json.loads(out.splitlines()[-1])
    result["to_first"] = result["first_done"] - spawned
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--imports", type=int, default=7, help="import samples per form")
    parser.add_argument("--steps", type=int, default=5, help="steady steps after the first")
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--threads", type=int, default=1,
                        help="torch threads in the step processes (0: torch's default)")
    parser.add_argument("--only", choices=("import", "step"))
    parser.add_argument("--child", choices=("pynative", "graph", "torch"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        step_child(args.child, args.steps, args.batch, args.threads)
        return 0
    ok = True
    if args.only != "step":
        results = import_times(args.imports)
        print(f"import time, fresh processes, median of {args.imports} (target on wall time)")
        print(f"  {'form':<34}{'wall':>10}{'CPU':>10}{'target':>12}")
        for name, (wall, cpu) in results.items():
            verdict = ""
            if name.startswith("import spore"):
                met = wall < IMPORT_LIMIT
                ok &= met
                verdict = f"< {IMPORT_LIMIT:g} s {'ok' if met else 'MISSED'}"
            print(f"  {name:<34}{wall:>8.3f} s{cpu:>8.3f} s{verdict:>16}")
    if args.only != "import":
        print(f"ResNet-18 training step, batch {args.batch}, fresh process each, median of {args.steps} steady steps;"
              f" wall (CPU) seconds, target on wall time")
        print(f"  {'form':<18}{'first call':>18}{'steady step':>18}{'first/steady':>16}{'target':>12}"
              f"{'start to first':>16}")
        for form, name in (("torch", "torch eager"), ("pynative", "spore PyNative"), ("graph", "spore Graph")):
            result = step_times(form, args.steps, args.batch, args.threads)
            (first, first_cpu), (steady, steady_cpu) = result["first"], result["steady"]
            ratio = first / steady
            verdict = ""
            if form != "torch":
                met = ratio <= FIRST_CALL_LIMIT
                ok &= met
                verdict = f"<= {FIRST_CALL_LIMIT:g} {'ok' if met else 'MISSED'}"
            print(f"  {name:<18}{first:>8.3f} ({first_cpu:.3f}){steady:>9.3f} ({steady_cpu:.3f})"
                  f"{ratio:>7.2f} ({first_cpu / steady_cpu:.2f}){verdict:>14}{result['to_first']:>14.3f} s")
    print("target met" if ok else "target MISSED")
    return 0


if __name__ == "__main__":
    sys.exit(main())
