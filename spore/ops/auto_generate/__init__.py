"""`mindspore.ops.auto_generate`: the module MindSpore 2.7.1 generates from its op
definitions (Primitive classes, their functional forms, and the `*_ext` / `*_view`
functions behind `mint`). Every name here is the object spore defines for it: the Primitive
classes of `spore.ops.operations` (also at `auto_generate.gen_ops_prim`), the functions of
`spore.ops`, and, for the `*_ext` / `*_view` names, the mint function with their semantics
(`flatten_ext` is `mint.flatten`, `transpose_ext_view` is `mint.transpose`)."""
from __future__ import annotations

from ..._path_alias import table_resolver
from .gen_ops_prim import PRIMITIVE_CLASSES

FUNCTION_SAME_NAME = {
    "spore.mint": frozenset({
        "batch_norm_elemt", "batch_norm_gather_stats_with_counts", "batch_norm_stats", "clone", "count_nonzero",
        "dot", "exp2", "logaddexp2", "mv", "narrow", "triangular_solve"
    }),
    "spore.mint.nn.functional": frozenset({
        "adaptive_avg_pool1d", "adaptive_avg_pool3d_ext", "elu_ext", "inplace_elu", "inplace_silu"
    }),
    "spore.ops": frozenset({
        "abs", "acos", "acosh", "add", "add_rms_norm", "addn", "all", "angle", "asin", "asinh", "assign",
        "assign_add", "assign_sub", "atan", "atan2", "atanh", "broadcast_to", "cast", "cat", "cdist", "ceil",
        "celu", "conj", "conv_transpose2d", "cos", "cosh", "cummax", "deepcopy", "dense", "diag", "diagonal", "elu",
        "equal", "erf", "erfc", "erfinv", "exp", "expand_as", "expand_dims", "expm1", "fast_gelu", "fft", "fft2",
        "fftfreq", "fftn", "fftshift", "flash_attention_score", "floor", "floor_divide", "floor_mod",
        "fused_infer_attention_score", "gather", "gather_d", "gather_nd", "gcd", "geqrf", "greater",
        "greater_equal", "hardshrink", "hardsigmoid", "hardswish", "hfft", "hfft2", "hfftn", "ifft", "ifft2",
        "ifftn", "ifftshift", "ihfft", "ihfft2", "ihfftn", "inplace_sigmoid", "irfft", "irfft2", "irfftn",
        "isfinite", "isinf", "lerp", "less", "less_equal", "log", "log1p", "log_softmax", "masked_fill",
        "masked_select", "matrix_exp", "maximum", "minimum", "moe_distribute_combine", "moe_distribute_dispatch",
        "moe_token_permute", "moe_token_unpermute", "mul", "nan_to_num", "neg", "nextafter", "not_equal", "ones",
        "pow", "prelu", "prim_arg_register", "prim_attr_register", "put_", "randperm", "range", "rank", "real",
        "relu6", "reshape", "rfft", "rfft2", "rfftfreq", "rfftn", "ring_attention_update", "rms_norm", "roll",
        "rotary_position_embedding", "rsqrt", "scalar_cast", "scatter_nd", "select", "sigmoid", "sign", "silu",
        "sin", "sinc", "sinh", "smooth_l1_loss", "soft_margin_loss", "softshrink", "sqrt", "square",
        "strided_slice", "sub", "swiglu", "take", "tan", "tanh", "tanh_", "tile", "trace", "transpose", "triu",
        "trunc", "type_as", "unsorted_segment_sum", "view_as", "zero_", "zeros"
    }),
}
FUNCTION_RENAMED = {
    "acos_ext": "spore.mint.acos",
    "acosh_ext": "spore.mint.acosh",
    "add_ext": "spore.mint.add",
    "argmax_ext": "spore.mint.argmax",
    "argmin_ext": "spore.mint.argmin",
    "argsort_ext": "spore.mint.argsort",
    "asin_ext": "spore.mint.asin",
    "asinh_ext": "spore.mint.asinh",
    "atan2_ext": "spore.mint.atan2",
    "atan_ext": "spore.mint.atan",
    "avg_pool1d_ext": "spore.mint.nn.functional.avg_pool1d",
    "bincount_ext": "spore.mint.bincount",
    "bmm_ext": "spore.mint.bmm",
    "broadcast_to_view": "spore.mint.broadcast_to",
    "cummin_ext": "spore.mint.cummin",
    "cumsum_ext": "spore.mint.cumsum",
    "diag_ext": "spore.mint.diag",
    "expand_dims_view": "spore.ops.expand_dims",
    "flatten_ext": "spore.mint.flatten",
    "fold_ext": "spore.mint.nn.functional.fold",
    "frac_ext": "spore.mint.frac",
    "hardtanh": "spore.mint.nn.functional.hardtanh_op",
    "histc_ext": "spore.mint.histc",
    "index_select_ext": "spore.mint.index_select",
    "inplace_hardtanh": "spore.mint.nn.functional.hardtanh_",
    "inplace_threshold": "spore.mint.nn.functional.threshold_",
    "isneginf_ext": "spore.mint.isneginf",
    "l1_loss_ext": "spore.mint.nn.functional.l1_loss",
    "leaky_relu_ext": "spore.mint.nn.functional.leaky_relu",
    "linalg_qr": "spore.mint.linalg.qr",
    "log10_ext": "spore.mint.log10",
    "log2_ext": "spore.mint.log2",
    "logaddexp_ext": "spore.mint.logaddexp",
    "logsumexp_ext": "spore.mint.logsumexp",
    "matmul_ext": "spore.mint.matmul",
    "max_unpool2d_ext": "spore.mint.nn.functional.max_unpool2d",
    "mean_ext": "spore.mint.mean",
    "mish_ext": "spore.mint.nn.functional.mish",
    "mm_ext": "spore.mint.mm",
    "mse_loss_ext": "spore.mint.nn.functional.mse_loss",
    "muls": "spore.ops.tensor_muls",
    "narrow_view": "spore.mint.narrow",
    "outer_ext": "spore.mint.outer",
    "prod_ext": "spore.mint.prod",
    "select_ext_view": "spore.mint.select",
    "selu_ext": "spore.mint.nn.functional.selu",
    "softplus_ext": "spore.mint.nn.functional.softplus",
    "stack_ext": "spore.mint.stack",
    "sub_ext": "spore.mint.sub",
    "sum_ext": "spore.mint.sum",
    "t_ext": "spore.mint.t",
    "threshold": "spore.mint.nn.functional.threshold_op",
    "topk_ext": "spore.mint.topk",
    "trace_ext": "spore.mint.trace",
    "transpose_ext_view": "spore.mint.transpose",
    "transpose_view": "spore.ops.transpose",
    "tril_ext": "spore.mint.tril",
    "unfold_ext": "spore.mint.nn.functional.unfold",
}

__all__: list = []   # as MindSpore's: `import *` takes nothing from here

__getattr__, __dir__ = table_resolver(
    __name__, {**FUNCTION_SAME_NAME, "spore.ops.operations": PRIMITIVE_CLASSES}, FUNCTION_RENAMED)
