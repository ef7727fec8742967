"""`import spore` leaves the seldom-used subpackages unloaded, and their names still resolve
to the objects their owners define (PEP 562 module `__getattr__`)."""
import subprocess
import sys

import spore

LAZY_PACKAGES = ("spore.dataset", "spore.mindrecord", "spore.train", "spore.rewrite", "spore.numpy", "spore.mint",
                 "spore.experimental", "spore.profiler", "spore.safeguard", "spore.compiler.export",
                 "spore.nn.probability")


def test_import_leaves_lazy_packages_unloaded():
    probe = (f"import sys, spore, gc; packages = {LAZY_PACKAGES!r}\n"
             "print(sorted({p for p in packages for m in sys.modules if m == p or m.startswith(p + '.')}))\n"
             "print(gc.isenabled())")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=300)
    loaded, gc_enabled = out.stdout.splitlines()
    assert loaded == "[]"
    assert gc_enabled == "True"


def test_lazy_names_are_their_owners_objects():
    from spore.compiler.export import export
    from spore.nn.probability import distribution
    from spore.rewrite import SymbolTree
    from spore.train.callback import ModelCheckpoint
    from spore.train.metrics import Accuracy
    from spore.train.model import Model
    from spore.train.serialization import load_checkpoint

    assert spore.Model is Model
    assert spore.load_checkpoint is load_checkpoint
    assert spore.export is export
    assert spore.ModelCheckpoint is ModelCheckpoint
    assert spore.Accuracy is Accuracy
    assert spore.SymbolTree is SymbolTree
    assert spore.nn.probability.distribution is distribution
    assert spore.dataset.__name__ == "spore.dataset"
    assert spore.mindrecord.__name__ == "spore.mindrecord"


def test_star_import_and_dir_include_lazy_names():
    names = {}
    exec("from spore import *", names)
    for name in ("Model", "ModelCheckpoint", "Accuracy", "dataset", "numpy", "mint", "Profiler", "SymbolTree"):
        assert name in names
        assert name in dir(spore)
    nn_names = {}
    exec("from spore.nn import *", nn_names)
    assert "probability" in nn_names and "Dense" in nn_names


def test_unknown_names_raise_attribute_error():
    assert not hasattr(spore, "no_such_name")
    assert not hasattr(spore, "no.such.name")
    assert not hasattr(spore.nn, "no_such_layer")
