"""mindspore.numpy's array creation against NumPy: values, shapes and mindspore.numpy's dtypes
(Python ints Int32, floats Float32)."""
import numpy as np
import pytest

import spore as ms
import spore.numpy as mnp
from tests.numpy.support import assert_matches

X = np.arange(12, dtype=np.float32).reshape(3, 4)
SQUARE = np.arange(9, dtype=np.float32).reshape(3, 3)
CUBE = np.arange(8, dtype=np.float32).reshape(2, 2, 2)

CASES = [
    ("array_list_int", lambda: mnp.array([1, 2, 3]), lambda: np.array([1, 2, 3]), "Int32"),
    ("array_list_float", lambda: mnp.array([[1.5, 2.0]]), lambda: np.array([[1.5, 2.0]]), "Float32"),
    ("array_bool", lambda: mnp.array(True), lambda: np.array(True), "Bool"),
    ("array_dtype", lambda: mnp.array([1, 2], dtype=mnp.float64), lambda: np.array([1.0, 2.0]), "Float64"),
    ("array_ndmin", lambda: mnp.array([1, 2], ndmin=3), lambda: np.array([1, 2], ndmin=3), "Int32"),
    ("array_tensor", lambda: mnp.array(ms.Tensor(X)), lambda: X, "Float32"),
    ("array_of_tensors", lambda: mnp.array([ms.Tensor(X[0]), ms.Tensor(X[1])]), lambda: X[:2], "Float32"),
    ("array_mixed_tensors_numbers", lambda: mnp.array([[ms.Tensor(1.0), 2.5], [3, 4]]),
     lambda: np.array([[1.0, 2.5], [3, 4]]), "Float32"),
    ("asarray", lambda: mnp.asarray([1, 2, 3], mnp.float32), lambda: np.array([1.0, 2, 3]), "Float32"),
    ("asfarray_int", lambda: mnp.asfarray([1, 2, 3]), lambda: np.array([1.0, 2, 3]), "Float32"),
    ("asfarray_int_dtype", lambda: mnp.asfarray([1, 2], mnp.int32), lambda: np.array([1.0, 2]), "Float32"),
    ("ones", lambda: mnp.ones((2, 3)), lambda: np.ones((2, 3)), "Float32"),
    ("ones_int", lambda: mnp.ones(2, mnp.int32), lambda: np.ones(2), "Int32"),
    ("zeros", lambda: mnp.zeros([2, 2], "float16"), lambda: np.zeros((2, 2)), "Float16"),
    ("empty", lambda: mnp.empty((2, 3)), lambda: np.zeros((2, 3)), "Float32"),
    ("full_scalar", lambda: mnp.full((2, 2), 7), lambda: np.full((2, 2), 7), "Int32"),
    ("full_float", lambda: mnp.full(3, 1.5), lambda: np.full(3, 1.5), "Float32"),
    ("full_bool", lambda: mnp.full((2, 2), True), lambda: np.full((2, 2), True), "Bool"),
    ("full_broadcast", lambda: mnp.full((3, 2), [1, 2]), lambda: np.full((3, 2), [1, 2]), "Int32"),
    ("ones_like", lambda: mnp.ones_like(ms.Tensor(X)), lambda: np.ones_like(X), "Float32"),
    ("zeros_like_list", lambda: mnp.zeros_like([1, 2]), lambda: np.zeros(2), "Int32"),
    ("full_like", lambda: mnp.full_like(ms.Tensor(X), 0.5), lambda: np.full_like(X, 0.5), "Float32"),
    ("full_like_shape", lambda: mnp.full_like([1, 2], 3, shape=(2, 2)), lambda: np.full((2, 2), 3), "Int32"),
    ("empty_like_dtype", lambda: mnp.empty_like(ms.Tensor(X), mnp.int32), lambda: np.zeros((3, 4)), "Int32"),
    ("arange_stop", lambda: mnp.arange(5), lambda: np.arange(5), "Int32"),
    ("arange_step", lambda: mnp.arange(1, 10, 3), lambda: np.arange(1, 10, 3), "Int32"),
    ("arange_negative", lambda: mnp.arange(5, 0, -2), lambda: np.arange(5, 0, -2), "Int32"),
    ("arange_float", lambda: mnp.arange(0, 3, 0.5), lambda: np.arange(0, 3, 0.5), "Float32"),
    ("arange_dtype", lambda: mnp.arange(4, dtype="float32"), lambda: np.arange(4.0), "Float32"),
    ("arange_empty", lambda: mnp.arange(3, 1), lambda: np.arange(3, 1), "Int32"),
    ("linspace", lambda: mnp.linspace(0, 5, 6), lambda: np.linspace(0, 5, 6), "Float32"),
    ("linspace_no_end", lambda: mnp.linspace(0, 1, 4, endpoint=False), lambda: np.linspace(0, 1, 4, endpoint=False),
     "Float32"),
    ("linspace_one", lambda: mnp.linspace(2, 5, 1), lambda: np.linspace(2, 5, 1), "Float32"),
    ("linspace_retstep", lambda: mnp.linspace(0, 1, 5, retstep=True), lambda: np.linspace(0, 1, 5, retstep=True),
     "Float32"),
    ("linspace_arrays_axis", lambda: mnp.linspace(mnp.array([0.0, 1]), mnp.array([1.0, 3]), 3, axis=1),
     lambda: np.linspace([0.0, 1], [1.0, 3], 3, axis=1), "Float32"),
    ("logspace", lambda: mnp.logspace(0, 5, 6, base=2.0), lambda: np.logspace(0, 5, 6, base=2.0), "Float32"),
    ("geomspace", lambda: mnp.geomspace(1, 256, num=9), lambda: np.geomspace(1, 256, num=9), "Float32"),
    ("geomspace_no_end", lambda: mnp.geomspace(1, 256, 8, endpoint=False), lambda: np.geomspace(1, 256, 8, False),
     "Float32"),
    ("geomspace_negative", lambda: mnp.geomspace(-1, -8, 4), lambda: np.geomspace(-1, -8, 4), "Float32"),
    ("eye", lambda: mnp.eye(2, 3, 1), lambda: np.eye(2, 3, 1), "Float32"),
    ("eye_int", lambda: mnp.eye(3, k=-1, dtype=mnp.int32), lambda: np.eye(3, k=-1), "Int32"),
    ("identity", lambda: mnp.identity(3), lambda: np.identity(3), "Float32"),
    ("tri", lambda: mnp.tri(3, 4, 1), lambda: np.tri(3, 4, 1), "Float32"),
    ("tril", lambda: mnp.tril(ms.Tensor(X)), lambda: np.tril(X), "Float32"),
    ("tril_k", lambda: mnp.tril(ms.Tensor(X), -1), lambda: np.tril(X, -1), "Float32"),
    ("triu_batched", lambda: mnp.triu(ms.Tensor(np.ones((2, 3, 3))), 1), lambda: np.triu(np.ones((2, 3, 3)), 1),
     "Float64"),
    ("tril_1d", lambda: mnp.tril(mnp.array([1, 2, 3])), lambda: np.tril([1, 2, 3]), "Int32"),
    ("diag_of_matrix", lambda: mnp.diag(ms.Tensor(SQUARE)), lambda: np.diag(SQUARE), "Float32"),
    ("diag_k", lambda: mnp.diag(ms.Tensor(SQUARE), 1), lambda: np.diag(SQUARE, 1), "Float32"),
    ("diag_negative_k", lambda: mnp.diag(ms.Tensor(X), -1), lambda: np.diag(X, -1), "Float32"),
    ("diag_of_vector", lambda: mnp.diag(mnp.array([1, 2, 3]), -1), lambda: np.diag([1, 2, 3], -1), "Int32"),
    ("diagflat", lambda: mnp.diagflat(mnp.array([[1, 2], [3, 4]]), 1), lambda: np.diagflat([[1, 2], [3, 4]], 1),
     "Int32"),
    ("diagonal", lambda: mnp.diagonal(ms.Tensor(CUBE), 0, 0, 1), lambda: np.diagonal(CUBE, 0, 0, 1), "Float32"),
    ("diagonal_offset", lambda: mnp.diagonal(ms.Tensor(X), 1), lambda: np.diagonal(X, 1), "Float32"),
    ("diagonal_axes", lambda: mnp.diagonal(ms.Tensor(CUBE), -1, 2, 0), lambda: np.diagonal(CUBE, -1, 2, 0), "Float32"),
    ("trace", lambda: mnp.trace(ms.Tensor(SQUARE)), lambda: np.trace(SQUARE), "Float32"),
    ("trace_batched", lambda: mnp.trace(ms.Tensor(CUBE), 1, 1, 2), lambda: np.trace(CUBE, 1, 1, 2), "Float32"),
    ("diag_indices", lambda: mnp.diag_indices(4, 3), lambda: np.diag_indices(4, 3), "Int32"),
    ("tril_indices", lambda: mnp.tril_indices(3, 1, 4), lambda: np.tril_indices(3, 1, 4), "Int32"),
    ("triu_indices", lambda: mnp.triu_indices(4), lambda: np.triu_indices(4), "Int32"),
    ("tril_indices_from", lambda: mnp.tril_indices_from(ms.Tensor(X)), lambda: np.tril_indices_from(X), "Int32"),
    ("triu_indices_from", lambda: mnp.triu_indices_from(ms.Tensor(X), -1), lambda: np.triu_indices_from(X, -1),
     "Int32"),
    ("indices", lambda: mnp.indices((2, 3)), lambda: list(np.indices((2, 3))), "Int32"),
    ("indices_sparse", lambda: mnp.indices((2, 3), sparse=True), lambda: list(np.indices((2, 3), sparse=True)),
     "Int32"),
    ("meshgrid_xy", lambda: mnp.meshgrid(mnp.arange(3), mnp.arange(2), mnp.arange(4)),
     lambda: np.meshgrid(np.arange(3), np.arange(2), np.arange(4)), "Int32"),
    ("meshgrid_ij_sparse", lambda: mnp.meshgrid(mnp.arange(3), mnp.arange(2), sparse=True, indexing="ij"),
     lambda: np.meshgrid(np.arange(3), np.arange(2), sparse=True, indexing="ij"), "Int32"),
    ("mgrid", lambda: mnp.mgrid[0:3, 1:5:2], lambda: np.mgrid[0:3, 1:5:2], "Int32"),
    ("mgrid_complex_step", lambda: mnp.mgrid[0:1:5j], lambda: np.mgrid[0:1:5j], "Float32"),
    ("ogrid", lambda: mnp.ogrid[0:3, 0:2], lambda: np.ogrid[0:3, 0:2], "Int32"),
    ("ix", lambda: mnp.ix_(mnp.array([0, 1]), mnp.array([2, 4])), lambda: np.ix_([0, 1], [2, 4]), "Int32"),
    ("ix_bool", lambda: mnp.ix_(mnp.array([True, False, True])), lambda: np.ix_([True, False, True]), "Int32"),
    ("vander", lambda: mnp.vander(mnp.array([1.0, 2, 3, 5])), lambda: np.vander([1.0, 2, 3, 5]), "Float32"),
    ("vander_increasing", lambda: mnp.vander(mnp.array([1, 2, 3]), 2, increasing=True),
     lambda: np.vander([1, 2, 3], 2, increasing=True), "Int32"),
    ("hamming", lambda: mnp.hamming(12), lambda: np.hamming(12), "Float32"),
    ("hanning", lambda: mnp.hanning(7), lambda: np.hanning(7), "Float32"),
    ("bartlett", lambda: mnp.bartlett(12), lambda: np.bartlett(12), "Float32"),
    ("blackman", lambda: mnp.blackman(12), lambda: np.blackman(12), "Float32"),
    ("window_one", lambda: mnp.hanning(1), lambda: np.hanning(1), "Float32"),
    ("window_empty", lambda: mnp.hamming(0), lambda: np.hamming(0), "Float32"),
    ("histogram_bin_edges", lambda: mnp.histogram_bin_edges(mnp.array([0, 0, 1, 2, 3, 5]), bins=2),
     lambda: np.histogram_bin_edges([0, 0, 1, 2, 3, 5], bins=2), "Float32"),
    ("histogram_bin_edges_range", lambda: mnp.histogram_bin_edges(mnp.array([1.0, 2]), 4, (0, 8)),
     lambda: np.histogram_bin_edges([1.0, 2], 4, (0, 8)), "Float32"),
    ("histogram_bin_edges_flat", lambda: mnp.histogram_bin_edges(mnp.array([2.0, 2.0]), 2),
     lambda: np.histogram_bin_edges([2.0, 2.0], 2), "Float32"),
]

PAD = np.array([[1.0, 2.0, 3.0], [4.0, 6.0, 5.0]], np.float32)
PAD_CASES = [
    ("constant", {"pad_width": (1, 2)}),
    ("constant_values", {"pad_width": ((1, 0), (2, 1)), "constant_values": ((4, 5), (6, 7))}),
    ("edge", {"pad_width": 2, "mode": "edge"}),
    ("wrap_long", {"pad_width": (4, 5), "mode": "wrap"}),
    ("reflect", {"pad_width": (1, 3), "mode": "reflect"}),
    ("reflect_odd", {"pad_width": (2, 4), "mode": "reflect", "reflect_type": "odd"}),
    ("symmetric", {"pad_width": (2, 3), "mode": "symmetric"}),
    ("symmetric_odd", {"pad_width": (1, 2), "mode": "symmetric", "reflect_type": "odd"}),
    ("linear_ramp", {"pad_width": (3, 2), "mode": "linear_ramp", "end_values": (10, -1)}),
    ("maximum", {"pad_width": (2, 1), "mode": "maximum"}),
    ("minimum_stat_length", {"pad_width": (2, 2), "mode": "minimum", "stat_length": 2}),
    ("mean", {"pad_width": (1, 2), "mode": "mean"}),
    ("median", {"pad_width": (1, 1), "mode": "median", "stat_length": ((1, 1), (3, 2))}),
]


@pytest.mark.parametrize("name, spore_fn, numpy_fn, dtype", CASES, ids=[c[0] for c in CASES])
def test_creation_matches_numpy(name, spore_fn, numpy_fn, dtype):
    assert_matches(spore_fn(), numpy_fn(), dtype)


@pytest.mark.parametrize("name, kwargs", PAD_CASES, ids=[c[0] for c in PAD_CASES])
def test_pad_matches_numpy(name, kwargs):
    assert_matches(mnp.pad(ms.Tensor(PAD), **kwargs), np.pad(PAD.astype(np.float64), **kwargs), "Float32")


def test_pad_keeps_integer_dtype():
    assert_matches(mnp.pad(mnp.array([1, 2, 3]), (2, 3), mode="reflect", reflect_type="odd"),
                   np.pad([1, 2, 3], (2, 3), mode="reflect", reflect_type="odd"), "Int32")


def test_random_creation_shapes_and_ranges():
    ms.set_seed(1)
    uniform = mnp.rand(2, 3)
    assert uniform.shape == (2, 3) and str(uniform.dtype) == "Float32"
    assert uniform.asnumpy().min() >= 0 and uniform.asnumpy().max() < 1
    assert mnp.randn((4,), dtype=mnp.float64).shape == (4,)
    ints = mnp.randint(1, 10, (50,))
    assert str(ints.dtype) == "Int32" and ints.asnumpy().min() >= 1 and ints.asnumpy().max() < 10
    assert mnp.randint(3, shape=(20,)).asnumpy().max() < 3


def test_array_copies_a_tensor_unless_told_not_to():
    t = ms.Tensor(np.array([1.0, 2.0], np.float32))
    assert mnp.array(t) is not t
    assert mnp.array(t, copy=False) is t and mnp.asarray(t) is t
    copied = mnp.copy(t)
    assert copied is not t and copied.asnumpy().tolist() == [1.0, 2.0]
