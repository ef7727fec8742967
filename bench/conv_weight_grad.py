"""The cost of computing a convolution's float32 weight gradient a few samples per kernel call
(spore/_kernels/conv.py, `_samples_per_call`: the precision fix measured by
bench/grad_accuracy.py) against the single call it replaced, in the same run, interleaved:
the kernel alone on ResNet / DenseNet / ShuffleNet / LeNet shapes, and whole training steps
(value_and_grad of the loss) of the two nets of grad_accuracy_nets.py.

Target: no form slower than the single call beyond the noise (ratio <= 1.05).
Run: python bench/conv_weight_grad.py [--rounds N] [--threads N]
"""
from __future__ import annotations

import argparse
import os
import sys
from contextlib import contextmanager

import numpy as np
import torch

from spore.__main__ import install_alias

install_alias()
sys.path.insert(0, os.path.dirname(__file__))
import grad_accuracy_nets as nets  # noqa: E402
from timing import compare, report  # noqa: E402

import spore as ms  # noqa: E402
from spore._kernels import conv as conv_kernels  # noqa: E402
from spore.ops import operations as P  # noqa: E402

TARGET = 1.05
# (name, input shape, weight shape, group)
SHAPES = [("resnet 3x3 64ch 16px b32", (32, 64, 16, 16), (64, 64, 3, 3), 1),
          ("resnet 3x3 32ch 32px b32", (32, 32, 32, 32), (32, 32, 3, 3), 1),
          ("densenet 3x3 32->8 32px b64", (64, 32, 32, 32), (8, 32, 3, 3), 1),
          ("densenet 3x3 48->8 16px b128", (128, 48, 16, 16), (8, 48, 3, 3), 1),
          ("stem 3x3 3->16 32px b128", (128, 3, 32, 32), (16, 3, 3, 3), 1),
          ("depthwise 3x3 64ch 16px b64", (64, 64, 16, 16), (64, 1, 3, 3), 64),
          ("depthwise 3x3 32ch 32px b32", (32, 32, 32, 32), (32, 1, 3, 3), 32),
          ("lenet 5x5 6->16 14px b128", (128, 6, 14, 14), (16, 6, 5, 5), 1),
          # ImageNet-sized layers: ResNet-50 stage 1, DenseNet-121 block 1, ShuffleNet-v2 stages
          ("resnet50 3x3 64ch 56px b16", (16, 64, 56, 56), (64, 64, 3, 3), 1),
          ("densenet121 3x3 128->32 56px b16", (16, 128, 56, 56), (32, 128, 3, 3), 1),
          ("shufflenet dw 58ch 28px b64", (64, 58, 28, 28), (58, 1, 3, 3), 58),
          ("shufflenet dw 232ch 7px b64", (64, 232, 7, 7), (232, 1, 3, 3), 232)]


@contextmanager
def single_call():
    """The weight gradient as one kernel call over the whole batch (before the fix)."""
    folding = conv_kernels._fold_batch
    conv_kernels._fold_batch = lambda x, weight_shape, groups: False
    try:
        yield
    finally:
        conv_kernels._fold_batch = folding


def with_single_call(fn):
    def run():
        with single_call():
            return fn()
    return run


def kernel_forms(x_shape, w_shape, group):
    rng = np.random.default_rng(0)
    pad = w_shape[-1] // 2
    x = ms.Tensor(rng.standard_normal(x_shape).astype(np.float32))
    dout = ms.Tensor(rng.standard_normal((x_shape[0], w_shape[0]) + x_shape[2:]).astype(np.float32))
    prim = P.Conv2DBackpropFilter(w_shape[0], w_shape[2:], pad_mode="pad", pad=pad, group=group)
    fn = lambda: prim(dout, x, w_shape)      # noqa: E731
    return {"one call": with_single_call(fn), "batch folded": fn}


def step_forms(net_name, batch, size):
    rng = np.random.default_rng(0)
    net = nets.NETS[net_name]()
    net.set_train(True)
    loss_fn = ms.nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    grad_fn = ms.value_and_grad(lambda x, y: loss_fn(net(x), y), None, net.trainable_params())
    x = ms.Tensor(rng.standard_normal((batch, 3, size, size)).astype(np.float32))
    y = ms.Tensor(rng.integers(0, 10, batch).astype(np.int32))
    fn = lambda: grad_fn(x, y)      # noqa: E731
    return {"one call": with_single_call(fn), "batch folded": fn}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--large-only", action="store_true", help="only the ImageNet-sized layers, no steps")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    ok = True
    targets = {"batch folded": TARGET}
    for name, x_shape, w_shape, group in SHAPES[-4:] if args.large_only else SHAPES:
        results = compare(kernel_forms(x_shape, w_shape, group), "one call", calls=5, rounds=args.rounds, warmup=3)
        ok &= report(f"weight gradient, {name}", results, "one call", targets)
    for net_name in [] if args.large_only else nets.NETS:
        for batch, size in ((32, 32), (128, 16)):
            results = compare(step_forms(net_name, batch, size), "one call", calls=2, rounds=args.rounds, warmup=2)
            ok &= report(f"{net_name} gradient step, batch {batch}, {size}x{size}", results, "one call", targets)
    print("target met" if ok else "target MISSED")
    return 0


if __name__ == "__main__":
    sys.exit(main())
