"""MINDIR files spore writes load and run in real MindSpore 2.7.1 with MindSpore's own
outputs: the networks of mindir_data (rebuilt with the Parameters MindSpore had) and
LeNet5. Runs MindSpore (at /tmp/ms/bin/python) in a subprocess; skipped where it is
not installed."""
import json
import subprocess
from pathlib import Path

import numpy as np
import pytest

import spore as ms
from tests.compiler.mindir_data.nets import build, randomize
from tests.compiler.test_mindir import LeNet5

MINDSPORE_PYTHON = Path("/tmp/ms/bin/python")
MINDIR_DATA = Path(__file__).resolve().parent / "mindir_data"

_RUN_IN_MINDSPORE = """
import json, sys
import numpy as np
import mindspore as ms
from mindspore import nn
for job in json.loads(sys.argv[1]):
    io = np.load(job["input"])
    out = nn.GraphCell(ms.load(job["mindir"]))(ms.Tensor(io["x"]))
    outs = out if isinstance(out, tuple) else (out,)
    np.savez(job["output"], *[o.asnumpy() for o in outs])
"""


def _spore_exports(tmp_path) -> dict:
    """name -> (spore's MINDIR file, the input, MindSpore's outputs for it)."""
    rng = np.random.default_rng(0)   # as generate_with_mindspore.py drew the Parameters
    exports = {}
    for name, (cls, shape) in build(ms).items():
        net = cls()
        randomize(ms, net, rng)
        net.set_train(False)
        rng.standard_normal(shape)
        io = np.load(MINDIR_DATA / f"{name}_io.npz")
        expected = [io[f"y{i}"] for i in range(len(io.files) - 1)]
        ms.export(net, ms.Tensor(io["x"]), file_name=str(tmp_path / name), file_format="MINDIR")
        exports[name] = (tmp_path / f"{name}.mindir", io["x"], expected)
    lenet = LeNet5()
    x = np.random.default_rng(5).standard_normal((2, 1, 32, 32)).astype(np.float32)
    ms.export(lenet, ms.Tensor(x), file_name=str(tmp_path / "lenet5"), file_format="MINDIR")
    exports["lenet5"] = (tmp_path / "lenet5.mindir", x, [lenet(ms.Tensor(x)).asnumpy()])
    return exports


@pytest.mark.skipif(not MINDSPORE_PYTHON.exists(), reason="MindSpore 2.7.1 is not installed at /tmp/ms")
def test_spore_mindir_files_run_in_mindspore(tmp_path):
    exports = _spore_exports(tmp_path)
    jobs = []
    for name, (mindir, x, _) in exports.items():
        np.savez(tmp_path / f"{name}_in.npz", x=x)
        jobs.append({"mindir": str(mindir), "input": str(tmp_path / f"{name}_in.npz"),
                     "output": str(tmp_path / f"{name}_out.npz")})
    done = subprocess.run([str(MINDSPORE_PYTHON), "-c", _RUN_IN_MINDSPORE, json.dumps(jobs)], cwd=tmp_path,
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    for name, (_, _, expected) in exports.items():
        got = np.load(tmp_path / f"{name}_out.npz")
        assert len(got.files) == len(expected), name
        for i, e in enumerate(expected):
            g = got[f"arr_{i}"]
            assert g.dtype == e.dtype and g.shape == e.shape, name
            np.testing.assert_allclose(g, e, rtol=1e-5, atol=1e-5, err_msg=name)
