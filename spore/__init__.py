"""spore: the MindSpore programming model on PyTorch kernels.

`import spore as ms` gives MindSpore's public names; `python -m spore script.py` runs an
unchanged MindSpore script with every `mindspore` import resolved to spore.

Import order follows the layers: context and common first, then ops (which installs
the Tensor methods and the autodiff), then nn.
"""
from . import _import_gc

with _import_gc.paused():
    from . import context
    from .common import dtype
    from .common.dtype import (
        BFloat, Bool, Complex, Float, Int, Number, QuantDtype, TensorType, Type, UInt, bfloat16, bool_, byte,
        cdouble, cfloat, complex64, complex128, double, dtype_to_nptype, dtype_to_pytype, float8_e4m3fn, float8_e5m2,
        float16, float32, float64, float_, half, hifloat8, int8, int16, int32, int64, int_, intc,
        intp, list_, long, number, pytype_to_dtype, qint4x2, short, single, string, tensor_type, tuple_, type_none,
        ubyte, uint, uint8, uint16, uint32, uint64, uintc, uintp, ushort, _null, _NullType,
    )
    from .common.initializer import initializer
    from .common.py_obj_dtype import get_py_obj_dtype
    from .common.parameter import Parameter, ParameterTuple
    from .common.seed import get_seed, set_seed
    from .common.tensor import Tensor
    from .common.tensor import from_numpy, is_tensor, tensor
    from .common.sparse_tensor import COOTensor, CSRTensor, RowTensor, SparseTensor
    from .common.generator import (
        Generator, default_generator, get_rng_state, initial_seed, manual_seed, seed, set_rng_state,
    )
    from .common.symbol import Symbol
    from .context import (
        COMPATIBLE, GRAPH_MODE, LAX, PYNATIVE_MODE, STRICT, ParallelMode, get_auto_parallel_context, get_context,
        get_ps_context, reset_auto_parallel_context, set_auto_parallel_context, set_context, set_ps_context,
    )
    from .device_manager import get_current_device, set_deterministic, set_device
    from .log import get_level, get_log_config
    from . import parallel
    from .parallel import Layout, get_algo_parameters, reset_algo_parameters, set_algo_parameters, shard
    from . import runtime
    from .runtime import *
    from . import device_context
    from . import ops
    from .ops.primitive import constexpr
    from .autograd import get_grad, grad, jacfwd, jacrev, jvp, value_and_grad, vjp, vmap
    from . import communication
    from . import nn
    from .nn.wrap.grad_reducer import parameter_broadcast
    from .compiler import jit, ms_function
    from .common import api
    from .compiler.hints import (
        JitConfig, enable_dynamic, jit_class, lazy_inline, ms_memory_recycle, mutable, no_inline, set_recursion_limit,
    )
    from .compiler.flops import flops_collection
    from .autograd.no_grad import _no_grad
    from .nn.recompute import recompute
    from .autograd.function import _Function
    from . import amp
    from .amp import build_train_network
    from .nn.wrap.loss_scale_manager import DynamicLossScaleManager, FixedLossScaleManager, LossScaleManager
    from .run_check import run_check
    from .nn.dump import set_dump
    from .common.file_system import mindio_preload, set_mindio_server_info


__version__ = "0.1.0"


# Training, data loading, export, profiling, rewriting and the numpy / mint namespaces are a third
# of spore's code and most programs use a few of them: they load when first asked for (PEP 562),
# which keeps them out of `import spore`. `_LAZY_NAMES` maps a module to the names it gives here;
# the callbacks and metrics give theirs by `__all__`, as the star import that used to bring them did.
_LAZY_NAMES = {
    "spore.profiler": ("Profiler",),
    "spore.train.serialization": ("async_ckpt_thread_status", "load_checkpoint", "load_param_into_net",
                                  "save_checkpoint"),
    "spore.train.model": ("Model",),
    "spore.compiler.export": ("export", "export_split_mindir", "load", "load_mindir", "save_mindir"),
    "spore.train": ("DatasetHelper", "SummaryRecord", "build_searched_strategy", "ckpt_to_safetensors",
                    "connect_network_with_dataset", "data_sink", "get_ckpt_path_with_strategy", "load_checkpoint_async",
                    "load_distributed_checkpoint", "merge_sliced_parameter", "restore_group_info_list",
                    "safetensors_to_ckpt"),
    "spore.train.pipeline_checkpoints": ("load_segmented_checkpoints", "merge_pipeline_strategys",
                                         "sync_pipeline_shared_parameters"),
    "spore.train.checkpoint_transform": ("rank_list_for_transform", "transform_checkpoint_by_rank",
                                         "transform_checkpoints"),
    "spore.train.unified_safetensors": ("unified_safetensors",),
    "spore.safeguard": ("load_obf_params_into_net", "obfuscate_ckpt"),
    "spore.rewrite": ("Node", "NodeType", "ScopedValue", "SymbolTree"),
}
_OWNER_OF = {name: owner for owner, names in _LAZY_NAMES.items() for name in names}
_STAR_EXPORTERS = ("spore.train.callback", "spore.train.metrics")


def _lazy_value(name: str):
    """The value `name` had when everything was imported eagerly, or raise AttributeError."""
    import importlib.util

    if name in _OWNER_OF:
        return getattr(importlib.import_module(_OWNER_OF[name]), name)
    if name.isidentifier() and importlib.util.find_spec(f"{__name__}.{name}") is not None:
        return importlib.import_module(f"{__name__}.{name}")
    for exporter in _STAR_EXPORTERS:
        module = importlib.import_module(exporter)
        if name in module.__all__:
            return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _all_public_names() -> list:
    """What `from spore import *` gives: every public name, the lazy ones loaded."""
    import importlib

    for name in _OWNER_OF:
        globals()[name] = _lazy_value(name)
    for exporter in _STAR_EXPORTERS:
        module = importlib.import_module(exporter)
        globals().update((name, getattr(module, name)) for name in module.__all__)
    for module in ("dataset", "experimental", "mint", "numpy"):
        importlib.import_module(f"{__name__}.{module}")
    return [name for name in globals() if not name.startswith("_")]


def __getattr__(name: str):
    """`mindspore.bool`, `.int`, `.float`: dtypes named like Python builtins, served on
    access so that they do not hide the builtins (see common/dtype.py); the lazy names above."""
    if name in dtype.DTYPES_NAMED_LIKE_BUILTINS:
        return dtype.DTYPES_NAMED_LIKE_BUILTINS[name]
    if name == "__all__":
        return _all_public_names()
    if name.startswith("__"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = _lazy_value(name)
    globals()[name] = value
    return value


def __dir__() -> list:
    return sorted(set(_all_public_names()) | set(globals()))
