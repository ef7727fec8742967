"""oneDNN (torch's default CPU convolution) against torch's own unfold + GEMM kernels
(_slow_conv2d) on LeNet5's two convolutions, forward and backward, batch 1 to 32: where
the second is faster, spore's Conv2D kernels use it (spore/_kernels/conv.py,
_SMALL_CONVOLUTION_MACS). float32, one thread, interleaved rounds, CPU time of this
thread (the machine is shared: wall time counts the other processes).
Run: python bench/small_convolutions.py [--rounds N]
"""
from __future__ import annotations

import argparse
import math
import statistics
import sys
import time

import torch
import torch.nn.functional as F

ATEN = torch.ops.aten
CASES = {"conv1 (1->6, 32x32)": ((1, 32, 32), (6, 1, 5, 5)), "conv2 (6->16, 14x14)": ((6, 14, 14), (16, 6, 5, 5))}


def forms(x, w, dout):
    kernel, one, zero = w.shape[2:], [1, 1], [0, 0]
    return {
        "forward oneDNN": lambda: F.conv2d(x, w),
        "forward unfold+GEMM": lambda: ATEN._slow_conv2d_forward(x, w, kernel, None, one, zero),
        "backward oneDNN": lambda: ATEN.convolution_backward(dout, x, w, None, one, zero, one, False, zero, 1,
                                                             (True, True, False)),
        "backward unfold+GEMM": lambda: ATEN._slow_conv2d_backward(dout, x, w, kernel, one, zero, (True, True, False)),
    }


def cpu_time(fn, calls: int) -> float:
    start = time.thread_time()
    for _ in range(calls):
        fn()
    return (time.thread_time() - start) / calls


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--calls", type=int, default=20)
    args = parser.parse_args()
    torch.set_num_threads(1)
    print(f"{'case':<24}{'batch':>6}{'MACs':>10}  {'forward oneDNN / GEMM':>24}{'backward oneDNN / GEMM':>26}")
    for name, (x_shape, w_shape) in CASES.items():
        for batch in (1, 2, 4, 8, 16, 32):
            x, w = torch.randn(batch, *x_shape), torch.randn(w_shape)
            dout = torch.randn_like(F.conv2d(x, w))
            timed = forms(x, w, dout)
            samples = {k: [] for k in timed}
            for fn in timed.values():
                fn()
            for _ in range(args.rounds):
                for k, fn in timed.items():
                    samples[k].append(cpu_time(fn, args.calls))
            us = {k: statistics.median(v) * 1e6 for k, v in samples.items()}
            macs = batch * math.prod(w_shape) * math.prod(dout.shape[2:])
            print(f"{name:<24}{batch:>6}{macs:>10}  {us['forward oneDNN']:>10.0f} / {us['forward unfold+GEMM']:<6.0f}"
                  f"{us['backward oneDNN']:>16.0f} / {us['backward unfold+GEMM']:<6.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
