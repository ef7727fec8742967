"""Core data types: dtype, Tensor, Parameter, initializers and the random seed.

`mindspore.common` also holds the top-level names of these concerns (`jit`, `mutable`,
`Generator`, the dtypes, ...); they are looked up in `spore` when asked for, since most
are defined in modules that build on this package.
"""
from .._path_alias import keep_names_over_submodules, resolver
from . import dtype
from .file_system import mindio_preload, set_mindio_server_info
from .parameter import Parameter, ParameterTuple
from .seed import get_seed, set_seed
from .tensor import Tensor

__getattr__, _ = resolver(__name__, "spore", frozenset({
    "COOTensor", "CSRTensor", "Generator", "Int", "JitConfig", "QuantDtype", "RowTensor", "SparseTensor", "Symbol",
    "TensorType", "Type", "bfloat16", "bool_", "byte", "cdouble", "cfloat", "complex128", "complex64",
    "default_generator", "double", "dtype_to_nptype", "dtype_to_pytype", "enable_dynamic", "float16", "float32",
    "float64", "float8_e4m3fn", "float8_e5m2", "float_", "flops_collection", "from_numpy", "get_py_obj_dtype",
    "get_rng_state", "half", "hifloat8", "initial_seed", "int16", "int32", "int64", "int8", "int_", "intc", "intp",
    "is_tensor", "jit", "jit_class", "lazy_inline", "list_", "load_mindir", "long", "manual_seed",
    "ms_memory_recycle", "mutable", "no_inline", "number", "pytype_to_dtype", "qint4x2", "recompute", "save_mindir",
    "seed", "set_dump", "set_recursion_limit", "set_rng_state", "short", "single", "string", "tensor",
    "tensor_type", "tuple_", "type_none", "ubyte", "uint", "uint16", "uint32", "uint64", "uint8", "uintc", "uintp",
    "ushort",
}))
# `mindspore.common.lazy_inline` and `.recompute` are the functions, also once their alias modules are imported.
keep_names_over_submodules(__name__, frozenset({"lazy_inline", "recompute"}))
