"""mindspore.numpy raises MindSpore's exception types for bad arguments, early and with the
function and argument named."""
import numpy as np
import pytest

import spore as ms
import spore.numpy as mnp

ONES = mnp.ones((2, 3))

ERROR_CASES = [
    ("array_of_str", lambda: mnp.array("abc"), TypeError, "array"),
    ("array_of_ndarray", lambda: mnp.asarray(np.ones(2)), TypeError, "asarray"),
    ("array_ragged", lambda: mnp.array([[1, 2], [3]]), ValueError, "array"),
    ("sqrt_of_str", lambda: mnp.sqrt("a"), TypeError, "sqrt"),
    ("ones_negative_shape", lambda: mnp.ones((-1, 2)), ValueError, "ones"),
    ("ones_float_shape", lambda: mnp.ones(2.5), TypeError, "ones"),
    ("ones_bad_dtype", lambda: mnp.ones(2, "foo"), TypeError, "ones"),
    ("promote_types_bad", lambda: mnp.promote_types("foo", "int8"), TypeError, "promote_types"),
    ("full_not_broadcastable", lambda: mnp.full((2,), [1, 2, 3]), ValueError, "full"),
    ("arange_zero_step", lambda: mnp.arange(0, 5, 0), ValueError, "arange"),
    ("arange_str", lambda: mnp.arange("a"), TypeError, "arange"),
    ("linspace_negative_num", lambda: mnp.linspace(0, 1, -2), ValueError, "linspace"),
    ("eye_float", lambda: mnp.eye(2.5), TypeError, "eye"),
    ("reshape_size", lambda: mnp.reshape(ONES, (4, 2)), ValueError, "reshape"),
    ("transpose_not_permutation", lambda: mnp.transpose(ONES, (0, 0)), ValueError, "transpose"),
    ("sum_axis_out_of_range", lambda: mnp.sum(ONES, 5), ValueError, "sum"),
    ("sum_axis_float", lambda: mnp.sum(ONES, 1.0), TypeError, "sum"),
    ("sum_repeated_axis", lambda: mnp.sum(ONES, (1, 1)), ValueError, "sum"),
    ("squeeze_size_not_one", lambda: mnp.squeeze(ONES, 0), ValueError, "squeeze"),
    ("concatenate_mismatch", lambda: mnp.concatenate((ONES, mnp.ones((3, 2)))), ValueError, "concatenate"),
    ("stack_mismatch", lambda: mnp.stack((ONES, mnp.ones((3, 2)))), ValueError, "stack"),
    ("concatenate_empty", lambda: mnp.concatenate(()), TypeError, "concatenate"),
    ("split_uneven", lambda: mnp.split(mnp.ones(5), 2), ValueError, "split"),
    ("vsplit_1d", lambda: mnp.vsplit(mnp.ones(4), 2), ValueError, "vsplit"),
    ("hsplit_1d", lambda: mnp.hsplit(mnp.ones(4), 2), ValueError, "hsplit"),
    ("broadcast_to_bad", lambda: mnp.broadcast_to(mnp.ones(3), (2, 4)), ValueError, "broadcast_to"),
    ("broadcast_arrays_bad", lambda: mnp.broadcast_arrays(mnp.ones(3), mnp.ones(2)), ValueError, "broadcast_arrays"),
    ("matmul_mismatch", lambda: mnp.matmul(ONES, ONES), RuntimeError, "matmul"),
    ("dot_mismatch", lambda: mnp.dot(ONES, ONES), ValueError, "dot"),
    ("tensordot_mismatch", lambda: mnp.tensordot(ONES, ONES, 1), ValueError, "tensordot"),
    ("cross_components", lambda: mnp.cross(mnp.ones(4), mnp.ones(4)), ValueError, "cross"),
    ("matrix_power_negative", lambda: mnp.matrix_power(mnp.eye(2), -1), ValueError, "matrix_power"),
    ("matrix_power_not_square", lambda: mnp.matrix_power(ONES, 2), ValueError, "matrix_power"),
    ("around_negative_decimals", lambda: mnp.around(ONES, -1), ValueError, "around"),
    ("multi_dot_one", lambda: mnp.multi_dot([ONES]), ValueError, "multi_dot"),
    ("take_float_indices", lambda: mnp.take(mnp.ones(4), mnp.array([1.0])), TypeError, "take"),
    ("take_mode", lambda: mnp.take(mnp.ones(4), mnp.array([1]), mode="foo"), ValueError, "take"),
    ("bitwise_float", lambda: mnp.bitwise_and(ONES, ONES), TypeError, "bitwise_and"),
    ("invert_float", lambda: mnp.invert(ONES), TypeError, "invert"),
    ("clip_no_bound", lambda: mnp.clip(ONES, None, None), ValueError, "clip"),
    ("pad_mode", lambda: mnp.pad(ONES, 1, mode="foo"), ValueError, "pad"),
    ("pad_negative", lambda: mnp.pad(ONES, -1), ValueError, "pad"),
    ("pad_reflect_type", lambda: mnp.pad(ONES, 1, mode="reflect", reflect_type="foo"), ValueError, "pad"),
    ("diag_3d", lambda: mnp.diag(mnp.ones((2, 2, 2))), ValueError, "diag"),
    ("diagonal_1d", lambda: mnp.diagonal(mnp.ones(2)), ValueError, "diagonal"),
    ("diagonal_same_axes", lambda: mnp.diagonal(ONES, 0, 1, 1), ValueError, "diagonal"),
    ("amax_where_without_initial", lambda: mnp.amax(mnp.ones(2), where=mnp.array([True, False])), ValueError, "amax"),
    ("searchsorted_side", lambda: mnp.searchsorted(mnp.ones(2), 1, side="foo"), ValueError, "searchsorted"),
    ("bincount_floats", lambda: mnp.bincount(mnp.ones(2)), TypeError, "bincount"),
    ("bincount_negative", lambda: mnp.bincount(mnp.array([0, -1])), ValueError, "bincount"),
    ("histogram_negative_bins", lambda: mnp.histogram(mnp.ones(2), -1), ValueError, "histogram_bin_edges"),
    ("histogram_bad_range", lambda: mnp.histogram(mnp.ones(2), 2, (3, 1)), ValueError, "histogram_bin_edges"),
    ("correlate_mode", lambda: mnp.correlate(mnp.ones(2), mnp.ones(2), mode="foo"), ValueError, "correlate"),
    ("convolve_2d", lambda: mnp.convolve(ONES, mnp.ones(2)), ValueError, "convolve"),
    ("meshgrid_indexing", lambda: mnp.meshgrid(mnp.ones(2), indexing="foo"), TypeError, "meshgrid"),
    ("polyint_constants", lambda: mnp.polyint(mnp.ones(2), 2, [1]), ValueError, "polyint"),
    ("polyval_2d", lambda: mnp.polyval(ONES, 1.0), ValueError, "polyval"),
    ("select_lengths", lambda: mnp.select([mnp.array([True])], []), ValueError, "select"),
    ("where_without_values", lambda: mnp.where(mnp.array([True])), TypeError, "where"),
    ("unravel_index_order", lambda: mnp.unravel_index(1, (2, 2), order="X"), ValueError, "unravel_index"),
    ("ravel_multi_index_count", lambda: mnp.ravel_multi_index(([1],), (2, 2)), ValueError, "ravel_multi_index"),
    ("isclose_tolerance_type", lambda: mnp.isclose(ONES, ONES, rtol="a"), TypeError, "isclose"),
    ("randint_range", lambda: mnp.randint(5, 2), ValueError, "randint"),
    ("rand_int_dtype", lambda: mnp.rand(2, dtype="int32"), ValueError, "rand"),
    ("norm_bad_ord", lambda: mnp.norm(mnp.ones((2, 2)), "foo"), ValueError, "norm"),
    ("norm_three_axes", lambda: mnp.norm(mnp.ones((2, 2, 2)), axis=(0, 1, 2)), ValueError, "norm"),
    ("rot90_same_axes", lambda: mnp.rot90(mnp.ones((2, 2)), 1, (0, 0)), ValueError, "rot90"),
    ("cov_3d", lambda: mnp.cov(mnp.ones((2, 2, 2))), ValueError, "cov"),
    ("gradient_edge_order", lambda: mnp.gradient(ONES, edge_order=2), ValueError, "gradient"),
    ("gradient_short_axis", lambda: mnp.gradient(mnp.ones((1, 3))), ValueError, "gradient"),
    ("interp_lengths", lambda: mnp.interp(ONES, mnp.ones(3), mnp.ones(2)), ValueError, "interp"),
    ("take_along_axis_rank", lambda: mnp.take_along_axis(ONES, mnp.array([0]), 1), ValueError, "take_along_axis"),
    ("average_weights_shape", lambda: mnp.average(ONES, 0, mnp.ones(5)), ValueError, "average"),
    ("repeat_counts", lambda: mnp.repeat(ONES, [1, 2, 3], axis=0), ValueError, "repeat"),
]


@pytest.mark.parametrize("name, call, error, op", ERROR_CASES, ids=[c[0] for c in ERROR_CASES])
def test_bad_arguments_raise_mindspore_errors(name, call, error, op):
    with pytest.raises(error, match=f"'{op}'"):
        call()


def test_graph_mode_needs_known_values_for_value_dependent_shapes():
    @ms.jit
    def counts(x):
        return mnp.bincount(x)

    with pytest.raises(RuntimeError, match="not known when the graph is compiled"):
        counts(ms.Tensor(np.array([0, 1, 1], np.int32)))
