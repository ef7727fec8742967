"""How close spore's float32 parameter gradients are to float64 ones on BatchNorm-heavy CNNs,
against MindSpore 2.7.1's float32 gradients of the same nets, weights and batch.

The nets (`grad_accuracy_nets.py`): a small ShuffleNet-v2 and a small DenseNet in training
mode, with seeded weights and a seeded input batch. spore computes every parameter's
gradient in float32 and in float64; spore's float64 one is the reference for both columns.
A parameter's error is max |g32 - g64| / max |g64| (relative to the size of its gradient,
so that entries near zero do not dominate); the summary is the max and median over the
parameters and the worst one. Gradients that are zero in exact arithmetic (the shift of a
BatchNorm whose output feeds another BatchNorm through a linear layer: the second one
subtracts any constant) have no relative error: their float64 value is rounding noise, so
they are left out and counted. A parameter far off (1e-4..1e-2) in one case and not in
another is a ReLU input within float32 rounding of zero that took the other branch (the
difference is confined to one sample): MindSpore's float32 runs show such outliers as often.

The kernels (`--kernels`): each forward kernel and its backward kernels in float32 against
float64 on the same float32-representable inputs, with oneDNN (mkldnn) on and off, and
MindSpore's float32 kernels on the same inputs.

    python bench/grad_accuracy.py [--seeds 3 --batch 32 --size 64]
    python bench/grad_accuracy.py --oracle /tmp/ms/bin/python      with MindSpore's column
    python bench/grad_accuracy.py --kernels [--oracle /tmp/ms/bin/python]
    python bench/grad_accuracy.py --dump case.npz                  inputs only, for
        /tmp/ms/bin/python bench/grad_accuracy_mindspore.py case.npz grads.npz
    python bench/grad_accuracy.py --mindspore grads.npz            the table with those
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np
import torch

from spore.__main__ import install_alias

install_alias()     # the nets are MindSpore code: their `import mindspore` resolves to spore
sys.path.insert(0, os.path.dirname(__file__))
import grad_accuracy_nets as nets  # noqa: E402

import spore as ms  # noqa: E402

CLASSES = 10
# A float64 gradient below this fraction of the net's largest one is rounding noise
# around an exact zero (float64 rounding is ~1e-16; real gradients here are >= 1e-6 of the largest).
STRUCTURAL_ZERO = 1e-10
MINDSPORE_SCRIPT = os.path.join(os.path.dirname(__file__), "grad_accuracy_mindspore.py")


def make_case(net_name: str, seed: int, batch: int, size: int) -> dict:
    """The float64 arrays of one case: '<param>' weights (He-normal convolution and dense
    weights, BatchNorm scales near 1, small shifts and biases), 'input' and 'labels'."""
    rng = np.random.default_rng(seed)
    case = {}
    for param in nets.NETS[net_name](dtype=ms.float64).trainable_params():
        shape = tuple(param.shape)
        if param.name.endswith("gamma"):
            case[f"w/{param.name}"] = 1.0 + 0.2 * rng.standard_normal(shape)
        elif param.name.endswith(("beta", "bias")):
            case[f"w/{param.name}"] = 0.1 * rng.standard_normal(shape)
        else:
            fan_in = int(np.prod(shape[1:]))
            case[f"w/{param.name}"] = rng.standard_normal(shape) * np.sqrt(2.0 / fan_in)
    case["input"] = rng.standard_normal((batch, 3, size, size))
    case["labels"] = rng.integers(0, CLASSES, batch).astype(np.int32)
    return case


def make_kernel_inputs(seed: int = 0) -> dict:
    """Inputs of the kernel cases, float32-representable so that only the kernels' own
    float32 arithmetic differs from float64 (activations of a ResNet / DenseNet stage)."""
    rng = np.random.default_rng(seed)
    n, c, size = 32, 32, 32
    arrays = {"x": rng.standard_normal((n, c, size, size)) * 2 + 0.5,
              "w3": rng.standard_normal((c, c, 3, 3)) / np.sqrt(9 * c),
              "w1": rng.standard_normal((c, c, 1, 1)) / np.sqrt(c),
              "wd": rng.standard_normal((c, 1, 3, 3)) / 3,
              "gamma": 1 + 0.2 * rng.standard_normal(c), "beta": 0.1 * rng.standard_normal(c),
              "a": rng.standard_normal((512, 2048)), "b": rng.standard_normal((2048, 256))}
    for case, (fn, input_names, _) in nets.KERNEL_CASES.items():
        out = fn(*[ms.Tensor(arrays[name], ms.float64) for name in input_names])
        arrays[f"dy:{case}"] = rng.standard_normal(out.shape)
    return {name: value.astype(np.float32).astype(np.float64) for name, value in arrays.items()}


def cases(seeds: int, batch: int, size: int) -> dict:
    """{'<net>/<seed>': case}."""
    return {f"{net_name}/{seed}": make_case(net_name, seed, batch, size)
            for net_name in nets.NETS for seed in range(seeds)}


def dump(path: str, all_cases: dict, kernel_inputs: dict | None) -> None:
    """All cases in one .npz, keys '<net>/<seed>/<array>' and 'kernels/<input>'."""
    arrays = {f"{key}/{name}": value for key, case in all_cases.items() for name, value in case.items()}
    if kernel_inputs is not None:
        arrays.update({f"kernels/{name}": value for name, value in kernel_inputs.items()})
    np.savez(path, **arrays)


def run_oracle(python: str, all_cases: dict, kernel_inputs: dict | None) -> dict:
    """MindSpore's results on the cases, computed by `python` (MindSpore's venv)."""
    with tempfile.TemporaryDirectory() as folder:
        case_path, result_path = os.path.join(folder, "case.npz"), os.path.join(folder, "grads.npz")
        dump(case_path, all_cases, kernel_inputs)
        subprocess.run([python, MINDSPORE_SCRIPT, case_path, result_path], check=True)
        with np.load(result_path) as loaded:
            return dict(loaded)


def relative_error(value: np.ndarray, reference: np.ndarray) -> float:
    return float(np.abs(value.astype(np.float64) - reference).max() / np.abs(reference).max())


def spore_gradients(key: str, case: dict, dtype) -> dict:
    weights = {name[2:]: value for name, value in case.items() if name.startswith("w/")}
    return nets.parameter_gradients(key.split("/")[0], weights, case["input"], case["labels"], dtype)


def net_table(all_cases: dict, mindspore: dict | None, per_parameter: bool) -> None:
    """Per net and seed: each column's max / median error over the parameters, the worst."""
    for key, case in all_cases.items():
        reference = spore_gradients(key, case, ms.float64)
        largest = max(np.abs(grad).max() for grad in reference.values())
        zeros = [name for name, grad in reference.items() if np.abs(grad).max() < STRUCTURAL_ZERO * largest]
        reference = {name: grad for name, grad in reference.items() if name not in zeros}
        columns = {"spore f32": spore_gradients(key, case, ms.float32)}
        if mindspore is not None:
            columns["MindSpore f32"] = {name: mindspore[f"{key}/f32/{name}"] for name in reference}
        errors = {column: {name: relative_error(grads[name], ref) for name, ref in reference.items()}
                  for column, grads in columns.items()}
        print(f"{key}: {len(reference)} parameters ({len(zeros)} more have a gradient that is zero "
              f"in exact arithmetic); error against spore float64")
        for column, by_name in errors.items():
            worst = max(by_name, key=by_name.get)
            print(f"  {column:<14} max {by_name[worst]:9.2e}   median {np.median(list(by_name.values())):9.2e}"
                  f"   worst {worst}")
        if per_parameter:
            print(f"  {'parameter':<36}" + "".join(f"{column:>15}" for column in errors))
            for name in reference:
                print(f"  {name:<36}" + "".join(f"{by_name[name]:>15.2e}" for by_name in errors.values()))


def kernel_table(kernel_inputs: dict, mindspore: dict | None) -> None:
    """Each kernel output's float32 error against float64, oneDNN on / off, MindSpore."""
    header = f"  {'kernel':<18}{'output':<8}{'oneDNN on':>12}{'oneDNN off':>12}"
    print("float32 kernels against float64 (spore's kernels; same float32-representable inputs)")
    print(header + (f"{'MindSpore':>12}" if mindspore is not None else ""))
    for case in nets.KERNEL_CASES:
        reference = nets.kernel_outputs(case, kernel_inputs, ms.float64)
        runs = []
        for enabled in (True, False):
            with torch.backends.mkldnn.flags(enabled=enabled):
                runs.append(nets.kernel_outputs(case, kernel_inputs, ms.float32))
        for output, ref in reference.items():
            row = "".join(f"{relative_error(run[output], ref):>12.1e}" for run in runs)
            if mindspore is not None:
                row += f"{relative_error(mindspore[f'kernels/{case}/{output}'], ref):>12.1e}"
            print(f"  {case:<18}{output:<8}{row}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=1, help="cases per net (seeds 0..N-1)")
    parser.add_argument("--batch", type=int, default=16)
    parser.add_argument("--size", type=int, default=32, help="input height and width")
    parser.add_argument("--oracle", help="MindSpore's python: run its side too")
    parser.add_argument("--mindspore", help="MindSpore's results (.npz) from grad_accuracy_mindspore.py")
    parser.add_argument("--dump", help="write the inputs (.npz) for grad_accuracy_mindspore.py and stop")
    parser.add_argument("--per-parameter", action="store_true", help="one row per parameter")
    parser.add_argument("--kernels", action="store_true", help="per-kernel errors instead of the nets")
    args = parser.parse_args()
    all_cases = {} if args.kernels else cases(args.seeds, args.batch, args.size)
    kernel_inputs = make_kernel_inputs() if args.kernels else None
    if args.dump:
        dump(args.dump, all_cases, kernel_inputs)
        return
    mindspore = None
    if args.oracle:
        mindspore = run_oracle(args.oracle, all_cases, kernel_inputs)
    elif args.mindspore:
        with np.load(args.mindspore) as loaded:
            mindspore = dict(loaded)
    if args.kernels:
        kernel_table(kernel_inputs, mindspore)
    else:
        net_table(all_cases, mindspore, args.per_parameter)


if __name__ == "__main__":
    main()
