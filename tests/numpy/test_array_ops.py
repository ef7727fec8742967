"""mindspore.numpy's shape manipulation against NumPy: reshapes, axis moves, joining and
splitting, broadcasting, flips, rolls, tiles, repeats and differences."""
import numpy as np
import pytest

import spore as ms
import spore.numpy as mnp
from tests.numpy.support import assert_matches

X = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
M = np.arange(6, dtype=np.int32).reshape(2, 3)
V = np.array([1, 3, -1, 0, 4], np.int32)
T = ms.Tensor

CASES = [
    ("reshape", lambda: mnp.reshape(T(X), (4, -1)), lambda: np.reshape(X, (4, -1)), "Float32"),
    ("reshape_int", lambda: mnp.reshape(T(X), 24), lambda: np.reshape(X, 24), "Float32"),
    ("ravel", lambda: mnp.ravel(T(X)), lambda: np.ravel(X), "Float32"),
    ("squeeze", lambda: mnp.squeeze(mnp.ones((1, 2, 1, 3))), lambda: np.ones((2, 3)), "Float32"),
    ("squeeze_axis", lambda: mnp.squeeze(mnp.ones((1, 2, 1)), -1), lambda: np.ones((1, 2)), "Float32"),
    ("expand_dims", lambda: mnp.expand_dims(T(M), (0, 3)), lambda: np.expand_dims(M, (0, 3)), "Int32"),
    ("transpose", lambda: mnp.transpose(T(X)), lambda: np.transpose(X), "Float32"),
    ("transpose_axes", lambda: mnp.transpose(T(X), (1, 0, 2)), lambda: np.transpose(X, (1, 0, 2)), "Float32"),
    ("rollaxis", lambda: mnp.rollaxis(T(X), 2), lambda: np.rollaxis(X, 2), "Float32"),
    ("rollaxis_start", lambda: mnp.rollaxis(T(X), 0, 2), lambda: np.rollaxis(X, 0, 2), "Float32"),
    ("swapaxes", lambda: mnp.swapaxes(T(X), 0, 2), lambda: np.swapaxes(X, 0, 2), "Float32"),
    ("moveaxis", lambda: mnp.moveaxis(T(X), [0, 1], [-1, -2]), lambda: np.moveaxis(X, [0, 1], [-1, -2]), "Float32"),
    ("concatenate", lambda: mnp.concatenate((T(X), T(X[:, :1])), 1), lambda: np.concatenate((X, X[:, :1]), 1),
     "Float32"),
    ("concatenate_none", lambda: mnp.concatenate((T(M), T(V)), None), lambda: np.concatenate((M, V), None), "Int32"),
    ("concatenate_promotes", lambda: mnp.concatenate((T(M), T(M * 0.5))), lambda: np.concatenate((M, M * 0.5)),
     "Float64"),
    ("append", lambda: mnp.append(T(M), T(V)), lambda: np.append(M, V), "Int32"),
    ("append_axis", lambda: mnp.append(mnp.ones((2, 3)), mnp.ones((2, 1)), axis=1),
     lambda: np.append(np.ones((2, 3)), np.ones((2, 1)), axis=1), "Float32"),
    ("stack", lambda: mnp.stack([T(M), T(M)], 1), lambda: np.stack([M, M], 1), "Int32"),
    ("stack_tensor", lambda: mnp.stack(T(X), -1), lambda: np.stack(list(X), -1), "Float32"),
    ("hstack", lambda: mnp.hstack((T(M), T(M))), lambda: np.hstack((M, M)), "Int32"),
    ("hstack_1d", lambda: mnp.hstack(([1, 2], [3])), lambda: np.hstack(([1, 2], [3])), "Int32"),
    ("vstack", lambda: mnp.vstack((T(V), T(V))), lambda: np.vstack((V, V)), "Int32"),
    ("dstack", lambda: mnp.dstack((T(M), T(M))), lambda: np.dstack((M, M)), "Int32"),
    ("column_stack", lambda: mnp.column_stack((T(V), T(V))), lambda: np.column_stack((V, V)), "Int32"),
    ("split", lambda: mnp.split(T(X), 2, 2), lambda: tuple(np.split(X, 2, 2)), "Float32"),
    ("split_indices", lambda: mnp.split(T(V), [1, 3]), lambda: np.split(V, [1, 3]), "Int32"),
    ("array_split", lambda: mnp.array_split(mnp.arange(9.0), 4), lambda: np.array_split(np.arange(9.0), 4),
     "Float32"),
    ("hsplit", lambda: mnp.hsplit(T(M), 3), lambda: np.hsplit(M, 3), "Int32"),
    ("vsplit", lambda: mnp.vsplit(T(X), [1]), lambda: np.vsplit(X, [1]), "Float32"),
    ("dsplit", lambda: mnp.dsplit(T(X), 2), lambda: np.dsplit(X, 2), "Float32"),
    ("atleast_1d", lambda: mnp.atleast_1d(mnp.array(1), T(M)), lambda: np.atleast_1d(np.array(1), M), "Int32"),
    ("atleast_2d", lambda: mnp.atleast_2d(T(V)), lambda: np.atleast_2d(V), "Int32"),
    ("atleast_3d", lambda: mnp.atleast_3d(T(V), T(M), mnp.array(1)),
     lambda: np.atleast_3d(V, M, np.array(1)), "Int32"),
    ("broadcast_to", lambda: mnp.broadcast_to(T(V), (2, 5)), lambda: np.broadcast_to(V, (2, 5)), "Int32"),
    ("broadcast_arrays", lambda: mnp.broadcast_arrays(T(M[:, :1]), T(M[:1])),
     lambda: np.broadcast_arrays(M[:, :1], M[:1]), "Int32"),
    ("flip_all", lambda: mnp.flip(T(X)), lambda: np.flip(X), "Float32"),
    ("flip_axes", lambda: mnp.flip(T(X), (0, 2)), lambda: np.flip(X, (0, 2)), "Float32"),
    ("fliplr", lambda: mnp.fliplr(T(X)), lambda: np.fliplr(X), "Float32"),
    ("flipud", lambda: mnp.flipud(T(X)), lambda: np.flipud(X), "Float32"),
    ("rot90", lambda: mnp.rot90(T(X)), lambda: np.rot90(X), "Float32"),
    ("rot90_k_axes", lambda: mnp.rot90(T(X), 3, (1, 2)), lambda: np.rot90(X, 3, (1, 2)), "Float32"),
    ("rot90_negative_k", lambda: mnp.rot90(T(M), -1), lambda: np.rot90(M, -1), "Int32"),
    ("roll_flat", lambda: mnp.roll(T(M), 2), lambda: np.roll(M, 2), "Int32"),
    ("roll_axes", lambda: mnp.roll(T(X), [2, -3], [0, -1]), lambda: np.roll(X, [2, -3], [0, -1]), "Float32"),
    ("roll_one_shift_two_axes", lambda: mnp.roll(T(X), 1, (1, 2)), lambda: np.roll(X, 1, (1, 2)), "Float32"),
    ("tile", lambda: mnp.tile(T(V), 2), lambda: np.tile(V, 2), "Int32"),
    ("tile_more_reps", lambda: mnp.tile(T(V), (2, 1, 2)), lambda: np.tile(V, (2, 1, 2)), "Int32"),
    ("tile_fewer_reps", lambda: mnp.tile(T(X), 2), lambda: np.tile(X, 2), "Float32"),
    ("repeat_flat", lambda: mnp.repeat(T(M), 2), lambda: np.repeat(M, 2), "Int32"),
    ("repeat_axis", lambda: mnp.repeat(T(M), 3, axis=1), lambda: np.repeat(M, 3, axis=1), "Int32"),
    ("repeat_counts", lambda: mnp.repeat(T(M), [1, 2], axis=0), lambda: np.repeat(M, [1, 2], axis=0), "Int32"),
    ("repeat_scalar", lambda: mnp.repeat(mnp.array(3), 4), lambda: np.repeat(3, 4), "Int32"),
    ("diff", lambda: mnp.diff(T(V)), lambda: np.diff(V), "Int32"),
    ("diff_n", lambda: mnp.diff(T(V), n=2), lambda: np.diff(V, n=2), "Int32"),
    ("diff_axis", lambda: mnp.diff(T(X), axis=1), lambda: np.diff(X, axis=1), "Float32"),
    ("diff_prepend_append", lambda: mnp.diff(T(V), prepend=0, append=[9, 9]),
     lambda: np.diff(V, prepend=0, append=[9, 9]), "Int32"),
    ("diff_bool", lambda: mnp.diff(mnp.array([True, False, False])), lambda: np.diff([True, False, False]), "Bool"),
    ("ediff1d", lambda: mnp.ediff1d(T(M)), lambda: np.ediff1d(M), "Int32"),
    ("ediff1d_ends", lambda: mnp.ediff1d(T(V), to_end=[0], to_begin=5), lambda: np.ediff1d(V, [0], 5), "Int32"),
]


@pytest.mark.parametrize("name, spore_fn, numpy_fn, dtype", CASES, ids=[c[0] for c in CASES])
def test_array_op_matches_numpy(name, spore_fn, numpy_fn, dtype):
    assert_matches(spore_fn(), numpy_fn(), dtype)


def test_split_gives_a_tuple_for_sections_and_a_list_for_indices():
    assert isinstance(mnp.split(T(V[:4]), 2), tuple)
    assert isinstance(mnp.split(T(V), [2]), list)
    assert isinstance(mnp.atleast_1d(T(V), T(M)), list)
    assert isinstance(mnp.atleast_1d(T(V)), ms.Tensor)


def test_size_and_array_str():
    assert mnp.size(T(X)) == 24 and mnp.size(T(X), axis=-1) == 4 and mnp.size([[1, 2, 3]]) == 3
    assert mnp.array_str(mnp.arange(5)) == "[0 1 2 3 4]"
