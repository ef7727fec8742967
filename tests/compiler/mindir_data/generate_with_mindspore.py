"""Writes the MindSpore-made interop files beside this script; run it with MindSpore 2.7.1:
`python generate_with_mindspore.py` (CPU). See README.md."""
from pathlib import Path

import mindspore as ms
import numpy as np
from nets import build, randomize

HERE = Path(__file__).resolve().parent


def main():
    rng = np.random.default_rng(0)
    for name, (cls, shape) in build(ms).items():
        net = cls()
        randomize(ms, net, rng)
        net.set_train(False)
        x = ms.Tensor(rng.standard_normal(shape).astype(np.float32))
        out = net(x)
        outs = out if isinstance(out, tuple) else (out,)
        ms.export(net, x, file_name=str(HERE / name), file_format="MINDIR")
        np.savez(HERE / f"{name}_io.npz", x=x.asnumpy(), **{f"y{i}": o.asnumpy() for i, o in enumerate(outs)})


if __name__ == "__main__":
    main()
