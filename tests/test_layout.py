"""MindSpore's module paths: each imports (as `mindspore.<path>` under `python -m spore`)
and holds the objects of the module that owns its names."""
import importlib

import pytest

import spore as ms
from spore import nn, ops
from spore.__main__ import install_alias

install_alias()

MODULE_PATHS = [
    "mindspore.common.api", "mindspore.common.tensor", "mindspore.common.parameter", "mindspore.common.dtype",
    "mindspore.common.initializer", "mindspore.common.seed", "mindspore.ops.functional",
    "mindspore.ops.operations", "mindspore.ops.primitive", "mindspore.train.callback", "mindspore.train.amp",
    "mindspore.train.serialization", "mindspore.train.metrics", "mindspore.nn.layer", "mindspore.nn.loss",
    "mindspore.nn.optim", "mindspore.nn.wrap", "mindspore.context", "mindspore.parallel", "mindspore.runtime",
    "mindspore.device_context", "mindspore.device_context.cpu", "mindspore.device_context.gpu",
    "mindspore.device_context.ascend",
]


@pytest.mark.parametrize("path", MODULE_PATHS)
def test_module_path_imports_as_spores_module(path):
    module = importlib.import_module(path)
    assert module is importlib.import_module("spore" + path[len("mindspore"):])


def test_functional_names_are_the_ops_objects():
    from mindspore.ops import functional as F
    for name in ("add", "matmul", "reshape", "stop_gradient", "grad", "value_and_grad", "cast", "depend"):
        assert getattr(F, name) is getattr(ops, name), name
    assert F.P is ops.operations
    assert F.Roll is ops.Roll
    assert not hasattr(F, "Add")  # MindSpore's F holds a few Primitive classes only


def test_functional_is_one_definition_per_name():
    from mindspore.ops import functional as F
    shared = [n for n in dir(F) if not n.startswith("_") and hasattr(ops, n)]
    assert len(shared) > 300
    assert all(getattr(F, n) is getattr(ops, n) for n in shared)


def test_common_api_names():
    from mindspore.common import api
    assert api.jit is ms.jit
    assert api.ms_function is ms.ms_function
    assert api.jit_class is ms.jit_class
    assert api.mutable is ms.mutable
    assert api._no_grad is ms._no_grad


def test_context_module_names():
    from mindspore import context
    assert context.set_auto_parallel_context is ms.set_auto_parallel_context
    assert context.ParallelMode is ms.ParallelMode
    assert (context.STRICT, context.COMPATIBLE, context.LAX) == (0, 1, 2)


@pytest.mark.parametrize("path, name, owner", [
    ("mindspore.ops.operations.manually_defined", "Cast", ops),
    ("mindspore.ops.operations.manually_defined", "Shape", ops),
    ("mindspore.ops.operations.image_ops", "ResizeBilinearV2", ops),
    ("mindspore.nn.layer.container", "SequentialCell", nn),
    ("mindspore.nn.layer.padding", "ZeroPad2d", nn),
    ("mindspore.nn.layer.math", "CosineSimilarity", nn),
    ("mindspore.train.amp", "build_train_network", ms.amp),
    ("mindspore.nn.optim.ada_grad", "Adagrad", nn),
    ("mindspore.common.jit_config", "JitConfig", ms),
])
def test_alias_paths_hold_the_owners_objects(path, name, owner):
    module = importlib.import_module(path)
    assert getattr(module, name) is getattr(owner, name)
    assert name in dir(module)


def test_alias_path_lacks_names_mindspore_keeps_elsewhere():
    from mindspore.ops.operations import manually_defined
    with pytest.raises(AttributeError, match="manually_defined' has no attribute 'Add'"):
        manually_defined.Add


def test_from_import_of_an_alias_name():
    from mindspore.nn.layer.container import CellList
    from mindspore.ops.operations.manually_defined import Cast
    assert Cast is ops.Cast
    assert CellList is nn.CellList


def test_constexpr_paths():
    from mindspore.ops import constexpr
    from mindspore.ops.primitive import constexpr as primitive_constexpr
    assert constexpr is primitive_constexpr


def test_train_module_paths():
    from mindspore.train.callback import LossMonitor
    from mindspore.train.serialization import load_checkpoint
    assert LossMonitor is ms.LossMonitor
    assert load_checkpoint is ms.load_checkpoint


@pytest.mark.parametrize("family, name", [("nn_ops", "Conv2D"), ("nn_ops", "ApplyMomentum"),
                                          ("math_ops", "ReduceSum"), ("array_ops", "Argmax"),
                                          ("other_ops", "StopGradient"), ("debug_ops", "Print")])
def test_family_modules_answer_mindspores_names(family, name):
    module = importlib.import_module(f"mindspore.ops.operations.{family}")
    assert getattr(module, name) is getattr(ops, name)


def test_family_module_from_import():
    from mindspore.ops.operations import nn_ops as NN
    from mindspore.ops.operations.math_ops import ReduceSum
    assert NN.Conv2D is ops.Conv2D
    assert ReduceSum is ops.ReduceSum
    with pytest.raises(AttributeError, match="nn_ops' has no attribute 'Foo'"):
        NN.Foo


def test_common_holds_the_top_level_names_of_its_concerns():
    from mindspore import common
    from mindspore.common import Generator, jit, mutable
    assert (Generator, jit, mutable) == (ms.Generator, ms.jit, ms.mutable)
    assert common.float32 is ms.float32
    assert common.Tensor is ms.Tensor
    with pytest.raises(AttributeError, match="has no attribute 'foo'"):
        common.foo
