"""Generic transforms of spore.dataset.transforms on arrays, eagerly and in a map. Expected
values are NumPy's and what MindSpore 2.7.1 printed for the same calls."""
import numpy as np
import pytest

import spore.dataset as ds
import spore.dataset.transforms as T
import spore.dataset.vision as V
from spore.common import dtype as mstype

A = np.array([1, 2, 3])


def test_concatenate_and_duplicate():
    np.testing.assert_array_equal(T.Concatenate(0, np.array([9]), np.array([8, 7]))(A), [9, 1, 2, 3, 8, 7])
    np.testing.assert_array_equal(T.Concatenate()(A), A)
    with pytest.raises(TypeError, match="'prepend' must be a NumPy array, but got list"):
        T.Concatenate(0, [1])
    first, second = T.Duplicate()(A)
    np.testing.assert_array_equal(first, A)
    np.testing.assert_array_equal(second, A)
    second[0] = 5
    assert first[0] == 1


def test_mask_and_relational():
    assert [r.name for r in T.Relational] == ["EQ", "NE", "GT", "GE", "LT", "LE"]
    np.testing.assert_array_equal(T.Mask(T.Relational.GE, 2)(A), [False, True, True])
    out = T.Mask(T.Relational.EQ, 2, mstype.int32)(A)
    assert out.dtype == np.int32 and out.tolist() == [0, 1, 0]
    np.testing.assert_array_equal(T.Mask(T.Relational.EQ, "a")(np.array(["a", "b"])), [True, False])
    with pytest.raises(TypeError, match="'operator' must be a Relational, but got int"):
        T.Mask(1, 2)


def test_pad_end():
    np.testing.assert_array_equal(T.PadEnd([5], 0)(A), [1, 2, 3, 0, 0])
    np.testing.assert_array_equal(T.PadEnd([2], 0)(A), [1, 2])
    np.testing.assert_array_equal(T.PadEnd([2, 3], -1)(np.array([[1], [2]])), [[1, -1, -1], [2, -1, -1]])
    np.testing.assert_array_equal(T.PadEnd([3], "x")(np.array(["a"])), ["a", "x", "x"])
    with pytest.raises(RuntimeError, match="one size per axis"):
        T.PadEnd([2, 2])(A)


def test_slice():
    np.testing.assert_array_equal(T.Slice(slice(0, 2))(A), [1, 2])
    np.testing.assert_array_equal(T.Slice([0, 2])(A), [1, 3])
    np.testing.assert_array_equal(T.Slice(1)(A), [2])
    np.testing.assert_array_equal(T.Slice(...)(A), A)
    np.testing.assert_array_equal(T.Slice(None)(A), A)
    grid = np.arange(6).reshape(2, 3)
    np.testing.assert_array_equal(T.Slice(slice(None), [1])(grid), grid[:, [1]])
    with pytest.raises(TypeError, match="every slice must be"):
        T.Slice(T.Slice)


def test_unique_in_order_of_appearance():
    values, index, counts = T.Unique()(np.array([[5, 5], [3, 2]]))
    np.testing.assert_array_equal(values, [5, 3, 2])
    assert index.dtype == np.int32 and index.tolist() == [0, 0, 1, 2]
    assert counts.dtype == np.int32 and counts.tolist() == [2, 1, 1]
    with pytest.raises(RuntimeError, match="must be numeric"):
        T.Unique()(np.array(["a", "b"]))


def test_random_apply_choice_order():
    image = np.zeros((2, 2, 3), np.uint8)
    np.testing.assert_array_equal(T.RandomApply([V.Invert()], 1.0)(image), 255 - image)
    np.testing.assert_array_equal(T.RandomApply([V.Invert()], 0.0)(image), image)
    np.testing.assert_array_equal(T.RandomChoice([V.Invert()])(image), 255 - image)
    np.testing.assert_array_equal(T.RandomOrder([V.Invert(), V.Invert()])(image), image)
    with pytest.raises(ValueError, match=r"'prob' must be in \[0.0, 1.0\]"):
        T.RandomApply([V.Invert()], 1.5)
    with pytest.raises(ValueError, match="must not be empty"):
        T.RandomApply([])
    with pytest.raises(TypeError, match=r"transforms\[0\] must be a transform or a callable, but got int"):
        T.RandomChoice([1])
    add_one, double = (lambda x: x + 1), (lambda x: x * 2)
    ds.config.set_seed(5)
    seen = {int(T.RandomOrder([add_one, double])(np.array(1))) for _ in range(30)}
    assert seen == {3, 4}


def test_in_a_pipeline_with_two_output_columns():
    data = ds.NumpySlicesDataset({"x": np.arange(6).reshape(3, 2)}, shuffle=False)
    data = data.map(T.Duplicate(), input_columns="x", output_columns=["x", "y"])
    data = data.map(T.Mask(T.Relational.GT, 2), input_columns="y")
    rows = list(data.create_tuple_iterator(output_numpy=True))
    np.testing.assert_array_equal(rows[1][0], [2, 3])
    np.testing.assert_array_equal(rows[1][1], [False, True])


def test_one_hot_of_a_label_column_uses_its_axis_as_classes():
    # MindSpore's pipelines one-hot a (3, 1) column of labels to (3, classes).
    out = T.OneHot(4)(np.array([[1], [2], [0]]))
    np.testing.assert_array_equal(out, np.eye(4, dtype=np.int64)[[1, 2, 0]])


def test_not_random_marks_functions():
    def identity(x):
        return x
    assert T.not_random(identity) is identity and identity.random is False
    assert V.not_random is T.not_random
