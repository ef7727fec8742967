"""Iterators (tuple, dict, the dataset itself), epochs, and the dataset queries."""
import numpy as np
import pytest

import spore.dataset as ds
from spore import Tensor
from spore.common import dtype as mstype


def abc():
    return ds.NumpySlicesDataset({"a": np.arange(3), "b": np.arange(3) * 1.5, "c": np.ones((3, 2), np.uint8)},
                                 shuffle=False)


def test_tuple_iterator_yields_lists_of_tensors():
    first = next(abc().create_tuple_iterator())
    assert isinstance(first, list) and all(isinstance(v, Tensor) for v in first)
    assert [v.dtype for v in first] == [mstype.int64, mstype.float64, mstype.uint8]
    assert first[2].shape == (2,)


def test_tuple_iterator_numpy_and_column_choice():
    first = next(abc().create_tuple_iterator(output_numpy=True))
    assert all(isinstance(v, np.ndarray) for v in first)
    picked = list(abc().create_tuple_iterator(columns=["c", "a"], output_numpy=True))
    assert [r[1].item() for r in picked] == [0, 1, 2] and picked[0][0].shape == (2,)
    with pytest.raises(RuntimeError, match=r"\['z'\] in 'columns' do not exist"):
        abc().create_tuple_iterator(columns=["z"])


def test_dict_iterator():
    rows = list(abc().create_dict_iterator())
    assert list(rows[0]) == ["a", "b", "c"] and isinstance(rows[0]["a"], Tensor)
    assert rows[2]["b"].asnumpy() == 3.0
    assert next(abc().create_dict_iterator(output_numpy=True))["c"].dtype == np.uint8


def test_iterating_the_dataset_gives_tensor_lists():
    assert [row[0].asnumpy().item() for row in abc()] == [0, 1, 2]


def test_text_columns_stay_numpy():
    data = ds.GeneratorDataset(lambda: iter(["ab", "c"]), ["text"])
    assert [row[0] for row in data] == [np.array("ab"), np.array("c")]


def test_epochs_of_one_iterator():
    iterator = abc().create_tuple_iterator(num_epochs=2, output_numpy=True)
    assert [len(list(iterator)) for _ in range(2)] == [3, 3]
    with pytest.raises(RuntimeError, match="all 2 epoch"):
        next(iterator)
    endless = abc().create_dict_iterator()
    assert [len(list(endless)) for _ in range(5)] == [3] * 5
    with pytest.raises(ValueError, match="'num_epochs' must be -1 or positive"):
        abc().create_tuple_iterator(num_epochs=0)


def test_stop_ends_the_epoch_early():
    iterator = abc().create_tuple_iterator(num_epochs=2, output_numpy=True)
    next(iterator)
    iterator.stop()
    assert len(list(iterator)) == 3


def test_queries():
    data = abc()
    assert data.get_col_names() == ["a", "b", "c"] and data.get_dataset_size() == 3
    assert data.output_shapes() == [[], [], [2]]
    assert data.output_types() == [np.int64, np.float64, np.uint8]
    assert data.get_batch_size() == 1 and data.get_repeat_count() == 1 and data.num_classes() is None
    batched = data.batch(2).repeat(3)
    assert batched.get_batch_size() == 2 and batched.get_repeat_count() == 3 and batched.get_dataset_size() == 6
    assert batched.output_shapes() == [[2], [2], [2, 2]]


def test_queries_of_an_empty_dataset():
    empty = abc().skip(3)
    assert empty.get_dataset_size() == 0 and empty.output_shapes() == [] and list(empty) == []
