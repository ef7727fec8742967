"""The names MindSpore 2.7.1 keeps in `ops.function.math_func`, `array_func` and `nn_func`
that spore defines elsewhere: `ops` functions spore groups in another family file
(`math_func.cumsum` is spore's `ops.cumsum`) and the `*_ext` functions behind `mint`
(`math_func.amax_ext` is `mint.amax`, with mint's `dim` / `keepdim` semantics).

`module_getattr(module_name, family)` is the module-level `__getattr__` of each family
file, answering these names from their owners when asked for.
"""
from __future__ import annotations

from ..._path_alias import table_resolver

MATH_FUNC_SAME_NAME = {
    "spore.ops": frozenset({
        "addbmm", "addmm", "addmv", "addr", "adjoint", "all", "amax", "amin", "angle", "any", "argmin",
        "atleast_1d", "atleast_2d", "atleast_3d", "baddbmm", "batch_dot", "bernoulli", "bessel_i0", "bessel_i0e",
        "bessel_i1", "bessel_i1e", "bessel_j0", "bessel_j1", "bessel_k0", "bessel_k0e", "bessel_k1", "bessel_k1e",
        "bessel_y0", "bessel_y1", "bincount", "block_diag", "bmm", "bucketize", "cartesian_prod", "cdist",
        "cholesky", "cholesky_inverse", "cholesky_solve", "combinations", "conj", "cosine_similarity",
        "count_nonzero", "cov", "cross", "cummax", "cummin", "cumprod", "cumsum", "det", "diag_embed", "diff",
        "digamma", "dist", "dot", "dstack", "einsum", "erfinv", "gumbel_softmax", "hann_window", "histc", "hypot",
        "i0", "igamma", "igammac", "imag", "inner", "inplace_add", "inplace_index_add", "inplace_sub",
        "inplace_update", "inverse", "iou", "is_complex", "isreal", "kaiser_window", "kron", "lgamma", "linspace",
        "log_matrix_determinant", "logcumsumexp", "logdet", "logit", "logspace", "logsumexp", "lu_solve",
        "lu_unpack", "matmul", "matrix_determinant", "matrix_exp", "matrix_norm", "matrix_power", "matrix_solve",
        "mean", "median", "multi_scale_deformable_attn_function", "mv", "nanmean", "nanmedian", "nanquantile",
        "nansum", "norm", "numel", "orgqr", "ormqr", "outer", "permute", "polar", "polygamma", "prod", "quantile",
        "real", "renorm", "roll", "rot90", "rotated_iou", "row_stack", "sinc", "slogdet", "sparse_segment_mean",
        "std", "std_mean", "stft", "sum", "t", "tanhshrink", "tensor_dot", "trace", "trapz", "tril_indices",
        "triu_indices", "vander", "var", "var_mean", "vecdot", "vector_norm", "view_as_real", "vstack", "xdivy",
        "xlogy", "zeta"
    }),
}
MATH_FUNC_RENAMED = {
    "acos_ext": "spore.mint.acos",
    "acosh_ext": "spore.mint.acosh",
    "add_ext": "spore.mint.add",
    "addbmm_ext": "spore.mint.addbmm",
    "addcmul_ext": "spore.mint.addcmul",
    "addmm_ext": "spore.mint.addmm",
    "addmv_ext": "spore.mint.addmv",
    "amax_ext": "spore.mint.amax",
    "amin_ext": "spore.mint.amin",
    "arccos_ext": "spore.mint.arccos",
    "arccosh_ext": "spore.mint.arccosh",
    "arcsin_ext": "spore.mint.arcsin",
    "arcsinh_ext": "spore.mint.arcsinh",
    "arctan2_ext": "spore.mint.arctan2",
    "arctan_ext": "spore.mint.arctan",
    "argmax_ext": "spore.mint.argmax",
    "asin_ext": "spore.mint.asin",
    "asinh_ext": "spore.mint.asinh",
    "atan2_ext": "spore.mint.atan2",
    "atan_ext": "spore.mint.atan",
    "baddbmm_ext": "spore.mint.baddbmm",
    "bernoulli_ext": "spore.mint.bernoulli",
    "bincount_ext": "spore.mint.bincount",
    "bitwise_and_ext": "spore.mint.bitwise_and",
    "bitwise_or_ext": "spore.mint.bitwise_or",
    "bitwise_xor_ext": "spore.mint.bitwise_xor",
    "bmm_ext": "spore.mint.bmm",
    "diff_ext": "spore.mint.diff",
    "einsum_ext": "spore.mint.einsum",
    "frac_ext": "spore.mint.frac",
    "histc_ext": "spore.mint.histc",
    "inverse_ext": "spore.mint.inverse",
    "linspace_ext": "spore.mint.linspace",
    "matrix_inverse_ext": "spore.mint.inverse",
    "matrix_norm_ext": "spore.mint.linalg.matrix_norm",
    "median_ext": "spore.mint.median",
    "mul_ext": "spore.mint.mul",
    "norm_ext": "spore.mint.norm",
    "pow_ext": "spore.mint.pow",
    "remainder_ext": "spore.mint.remainder",
    "std_ext": "spore.mint.std",
    "std_mean_ext": "spore.mint.std_mean",
    "sub_ext": "spore.mint.sub",
    "var_ext": "spore.mint.var",
    "var_mean_ext": "spore.mint.var_mean",
    "vector_norm_ext": "spore.mint.linalg.vector_norm",
}

ARRAY_FUNC_SAME_NAME = {
    "spore.ops": frozenset({
        "affine_grid", "aminmax", "argmax", "argsort", "argwhere", "col2im", "deepcopy", "dyn_shape", "fills",
        "gather", "gather_d", "gather_elements", "gather_nd", "ger", "hamming_window", "index_fill", "index_select",
        "is_tensor", "lstsq", "masked_fill", "masked_select", "matrix_band_part", "matrix_diag", "matrix_diag_part",
        "matrix_set_diag", "max", "min", "mvlgamma", "narrow", "nonzero", "population_count", "scalar_cast",
        "scalar_to_array", "scalar_to_tensor", "scatter", "scatter_add", "scatter_div", "scatter_max",
        "scatter_min", "scatter_mul", "scatter_nd", "scatter_nd_add", "scatter_nd_div", "scatter_nd_max",
        "scatter_nd_min", "scatter_nd_mul", "scatter_nd_sub", "scatter_update", "searchsorted", "select",
        "select_scatter", "shape_", "slice", "slice_scatter", "sort", "strided_slice", "take", "tensor_scatter_add",
        "tensor_scatter_div", "tensor_scatter_elements", "tensor_scatter_max", "tensor_scatter_min",
        "tensor_scatter_mul", "tensor_scatter_sub", "tensor_slice", "top_k", "topk", "tuple_to_array", "unique",
        "unique_consecutive", "unique_with_pad", "unsorted_segment_max", "unsorted_segment_min",
        "unsorted_segment_prod", "unsorted_segment_sum", "where", "zero_"
    }),
}
ARRAY_FUNC_RENAMED = {
    "arange_ext": "spore.mint.arange",
    "full_ext": "spore.mint.full",
    "full_like_ext": "spore.mint.full_like",
    "gather_ext": "spore.mint.gather",
    "max_ext": "spore.mint.max",
    "meshgrid_ext": "spore.mint.meshgrid",
    "min_ext": "spore.mint.min",
    "one_hot_ext": "spore.mint.nn.functional.one_hot",
    "ones_like_ext": "spore.mint.ones_like",
    "repeat_interleave_ext": "spore.mint.repeat_interleave",
    "scatter_add_ext": "spore.mint.scatter_add",
    "sort_ext": "spore.mint.sort",
    "split_ext": "spore.mint.split",
    "tril_ext": "spore.mint.tril",
    "unbind_ext": "spore.mint.unbind",
    "unique_ext": "spore.mint.unique",
    "zeros_like_ext": "spore.mint.zeros_like",
}

NN_FUNC_SAME_NAME = {
    "spore.ops": frozenset({
        "adaptive_avg_pool1d", "adaptive_avg_pool2d", "adaptive_avg_pool3d", "adaptive_max_pool1d",
        "adaptive_max_pool2d", "adaptive_max_pool3d", "avg_pool1d", "avg_pool2d", "avg_pool3d", "conv1d", "conv2d",
        "conv3d", "conv3d_transpose", "conv_transpose2d", "ctc_greedy_decoder", "ctc_loss", "deformable_conv2d",
        "dense", "flash_attention_score", "flip", "fliplr", "flipud", "fractional_max_pool2d",
        "fractional_max_pool3d", "fused_infer_attention_score", "gaussian_nll_loss", "grid_sample",
        "hinge_embedding_loss", "incre_flash_attention", "inplace_sigmoid", "interpolate", "intopk",
        "is_floating_point", "lp_pool1d", "lp_pool2d", "max_pool2d", "max_pool3d", "max_unpool1d", "max_unpool2d",
        "max_unpool3d", "mirror_pad", "moe_token_permute", "moe_token_unpermute", "msort", "multi_margin_loss",
        "multilabel_margin_loss", "multilabel_soft_margin_loss", "pad", "pdist", "prompt_flash_attention",
        "ring_attention_update", "sigmoid", "soft_margin_loss", "speed_fusion_attention", "upsample"
    }),
}
NN_FUNC_RENAMED = {
    "adaptive_avg_pool2d_ext": "spore.mint.nn.functional.adaptive_avg_pool2d",
    "avg_pool2d_ext": "spore.mint.nn.functional.avg_pool2d",
    "avg_pool3d_ext": "spore.mint.nn.functional.avg_pool3d",
    "batch_norm_ext": "spore.mint.nn.functional.batch_norm",
    "conv2d_ext": "spore.mint.conv2d",
    "cross_entropy_ext": "spore.mint.nn.functional.cross_entropy",
    "dropout2d_ext": "spore.mint.nn.functional.dropout2d",
    "dropout_ext": "spore.mint.nn.functional.dropout",
    "flatten_ext": "spore.mint.flatten",
    "gather_ext": "spore.mint.gather",
    "glu_ext": "spore.mint.nn.functional.glu",
    "interpolate_ext": "spore.mint.nn.functional.interpolate",
    "kl_div_ext": "spore.mint.nn.functional.kl_div",
    "l1_loss_ext": "spore.mint.nn.functional.l1_loss",
    "log_softmax_ext": "spore.mint.nn.functional.log_softmax",
    "logsigmoid_ext": "spore.mint.nn.functional.logsigmoid",
    "max_pool2d_ext": "spore.mint.nn.functional.max_pool2d",
    "mse_loss_ext": "spore.mint.nn.functional.mse_loss",
    "nll_loss_ext": "spore.mint.nn.functional.nll_loss",
    "pad_ext": "spore.mint.nn.functional.pad",
    "softmax_ext": "spore.mint.nn.functional.softmax",
}


_TABLES = {
    "math_func": (MATH_FUNC_SAME_NAME, MATH_FUNC_RENAMED),
    "array_func": (ARRAY_FUNC_SAME_NAME, ARRAY_FUNC_RENAMED),
    "nn_func": (NN_FUNC_SAME_NAME, NN_FUNC_RENAMED),
}


def module_getattr(module_name: str, family: str):
    get_attribute, _ = table_resolver(module_name, *_TABLES[family])
    return get_attribute
