"""Dataset operations: map, batch, shuffle, repeat, take, skip, zip, concat, project,
rename and split, against hand-computed rows."""
import numpy as np
import pytest

import spore.dataset as ds
import spore.dataset.transforms as T
import spore.dataset.vision as V

from .helpers import column, rows


def abc(n=5):
    return ds.NumpySlicesDataset({"a": np.arange(n), "b": np.arange(n) + 10, "c": np.arange(n) + 20}, shuffle=False)


def numbers(n=10):
    return ds.NumpySlicesDataset(np.arange(n), column_names=["x"], shuffle=False)


# ---- map ------------------------------------------------------------------------------------
def test_map_defaults_to_the_first_column_in_place():
    data = abc().map(lambda a: a * 2)
    assert data.get_col_names() == ["a", "b", "c"]
    assert [r.tolist() for r in rows(data)[1]] == [2, 11, 21]


def test_map_column_layout_follows_mindspore():
    # As many outputs as inputs: each output replaces its input column.
    data = abc().map(lambda c, a: (c, a), input_columns=["c", "a"], output_columns=["s", "t"])
    assert data.get_col_names() == ["t", "b", "s"]
    assert [r.tolist() for r in rows(data)[0]] == [0, 10, 20]
    # Otherwise the outputs come first, then the columns not read.
    data = abc().map(lambda b: (b, b * 2), input_columns="b", output_columns=["p", "q"])
    assert data.get_col_names() == ["p", "q", "a", "c"]
    assert [r.tolist() for r in rows(data)[1]] == [11, 22, 1, 21]
    data = abc().map(lambda a, c: a + c, input_columns=["a", "c"], output_columns="s")
    assert data.get_col_names() == ["s", "b"] and column(data) == [20, 22, 24, 26, 28]


def test_map_chains_operations_and_compose():
    data = abc().map([lambda b: (b, b), lambda x, y: x + y], input_columns=["b"])
    assert column(data, 1) == [20, 22, 24, 26, 28]
    composed = abc().map(T.Compose([lambda b: b + 1, lambda b: b * 3]), input_columns="b")
    assert column(composed, 1) == [33, 36, 39, 42, 45]


def test_map_converts_python_results():
    data = abc().map(lambda a: [a, a])
    assert column(data) == [[i, i] for i in range(5)]
    assert abc().map(lambda a: 3.5).output_types()[0] == np.float64
    assert rows(abc().map(lambda a: "s"))[0][0].dtype.kind == "U"


def test_map_transforms_equal_eager_calls_on_each_row():
    images = np.random.default_rng(0).integers(0, 256, (40, 6, 7, 3), dtype=np.uint8)
    ops = [V.Resize((5, 4)), V.Rescale(1 / 255, -0.5), V.Normalize([0.1, 0.2, 0.3], [0.5, 0.4, 0.3]), V.HWC2CHW()]
    data = ds.NumpySlicesDataset(images, ["image"], shuffle=False).map(ops, num_parallel_workers=1)
    for image, (got,) in zip(images, rows(data)):
        expected = image
        for op in ops:
            expected = op(expected)
        np.testing.assert_array_equal(got, expected)


def test_map_rows_of_different_shapes_are_transformed_one_by_one():
    data = ds.GeneratorDataset(lambda: (np.full((i + 1, 2, 1), i, np.uint8) for i in range(20)), ["image"])
    got = rows(data.map([V.Rescale(2.0, 0), V.HWC2CHW()]))
    assert [r[0].shape for r in got[:3]] == [(1, 1, 2), (1, 2, 2), (1, 3, 2)]
    assert got[5][0].dtype == np.float32 and (got[5][0] == 10).all()


def test_map_errors():
    with pytest.raises(RuntimeError, match=r"column\(s\) \['nope'\] in 'input_columns' do not exist"):
        abc().map(lambda x: x, input_columns=["nope"])
    with pytest.raises(TypeError, match="must be a transform or a callable"):
        abc().map([3])
    with pytest.raises(RuntimeError, match=r"repeat the name\(s\) \['b'\]"):
        abc().map(lambda a: (a, a), output_columns=["x", "b"])
    with pytest.raises(RuntimeError, match=r"returned 2 column\(s\) for row 0, but output_columns names 1"):
        rows(abc().map(lambda a: (a, a)))

    def bad(a):
        if a == 3:
            raise ValueError("bad value")
        return a

    with pytest.raises(RuntimeError, match=r"map: bad failed on row 3 of input column\(s\) \['a'\]: "
                                           r"ValueError: bad value") as info:
        rows(abc().map(bad))
    assert isinstance(info.value.__cause__, ValueError)
    with pytest.raises(RuntimeError, match=r"map: Normalize failed on rows 0..4 .*3 channel\(s\)"):
        rows(ds.NumpySlicesDataset(np.zeros((5, 2, 2, 3), np.uint8), shuffle=False).map(V.Normalize([1, 2], [1, 1])))


# ---- batch ----------------------------------------------------------------------------------
def test_batch_stacks_columns():
    data = abc().batch(2)
    assert data.get_dataset_size() == 3 and data.get_batch_size() == 2
    got = rows(data)
    assert [r.tolist() for r in got[0]] == [[0, 1], [10, 11], [20, 21]]
    assert got[2][0].tolist() == [4]
    assert data.output_shapes() == [[2], [2], [2]]
    dropped = abc().batch(2, drop_remainder=True)
    assert dropped.get_dataset_size() == 2 and len(rows(dropped)) == 2


def test_batch_of_images():
    images = np.arange(5 * 2 * 3).reshape(5, 2, 3).astype(np.float32)
    got = rows(ds.NumpySlicesDataset(images, shuffle=False).batch(4))
    np.testing.assert_array_equal(got[0][0], images[:4])
    assert got[1][0].shape == (1, 2, 3)


def test_batch_per_batch_map():
    def double_b(b, info):
        return [x * 2 for x in b], [info.get_batch_num()] * len(b)

    data = abc().batch(2, per_batch_map=double_b, input_columns=["b"], output_columns=["b2", "n"])
    assert data.get_col_names() == ["b2", "n", "a", "c"]
    got = rows(data)
    assert [r.tolist() for r in got[1]] == [[24, 26], [1, 1], [2, 3], [22, 23]]

    def add(a, c, info):
        return (np.array(a) + np.array(c),)

    data = abc().batch(5, per_batch_map=add, input_columns=["a", "c"], output_columns=["s"])
    assert data.get_col_names() == ["s", "b"] and column(data) == [[20, 22, 24, 26, 28]]
    data = abc().batch(2, per_batch_map=lambda a, b, c, info: (a, b, c))
    assert data.get_col_names() == ["a", "b", "c"] and column(data, 2) == [[20, 21], [22, 23], [24]]


def test_batch_size_from_a_callable():
    data = numbers(6).batch(lambda info: info.get_batch_num() + 1)
    assert column(data) == [[0], [1, 2], [3, 4, 5]]
    assert data.get_batch_size() is None and data.get_dataset_size() == 3


def test_batch_epoch_number_in_batch_info():
    seen = []
    data = numbers(2).batch(2, per_batch_map=lambda x, info: (seen.append(info.get_epoch_num()) or x,))
    iterator = data.create_tuple_iterator(num_epochs=2)
    for _ in range(2):
        list(iterator)
    assert seen == [0, 1]


def test_batch_errors():
    def ragged():
        for i in range(4):
            yield np.zeros(i % 2 + 1)

    with pytest.raises(RuntimeError, match=r"cannot stack column 'x': row 0 of the batch has shape \(1,\) but row 1 "
                                           r"has shape \(2,\)"):
        rows(ds.GeneratorDataset(ragged, ["x"]).batch(2))
    with pytest.raises(ValueError, match=r"'batch_size' must be in \[1,"):
        abc().batch(0)
    with pytest.raises(ValueError, match="need a 'per_batch_map'"):
        abc().batch(2, input_columns=["a"])
    with pytest.raises(TypeError, match="unexpected keyword argument 'pad_info'"):
        abc().batch(2, pad_info={})
    with pytest.raises(RuntimeError, match=r"per_batch_map returned 1 column\(s\) for batch 0, but output_columns "
                                           r"names 2"):
        rows(abc().batch(2, per_batch_map=lambda a, info: (a,), input_columns="a", output_columns=["p", "q"]))


# ---- shuffle, repeat, take, skip ------------------------------------------------------------
def test_shuffle_is_a_permutation_differing_per_epoch():
    iterator = numbers(50).shuffle(50).create_tuple_iterator(num_epochs=2, output_numpy=True)
    first, second = ([r[0].item() for r in iterator] for _ in range(2))
    assert sorted(first) == sorted(second) == list(range(50))
    assert first != second and first != list(range(50))


def test_shuffle_buffer_bounds_how_far_rows_move_ahead():
    # A row can only be emitted once it entered the buffer: row i is not before position i - buffer + 1.
    got = column(numbers(200).shuffle(4))
    assert sorted(got) == list(range(200))
    assert all(position >= value - 3 for position, value in enumerate(got))


def test_shuffle_rejects_tiny_buffers():
    with pytest.raises(ValueError, match=r"'buffer_size' must be in \[2,"):
        numbers().shuffle(1)


def test_repeat_take_skip():
    assert column(numbers(3).repeat(2)) == [0, 1, 2, 0, 1, 2]
    assert numbers(3).repeat(2).get_dataset_size() == 6 and numbers(3).repeat(2).get_repeat_count() == 2
    endless = numbers(3).repeat()
    assert endless.get_repeat_count() == -1 and endless.get_dataset_size() == 3
    iterator = endless.create_tuple_iterator(output_numpy=True)
    assert [next(iterator)[0].item() for _ in range(7)] == [0, 1, 2, 0, 1, 2, 0]
    assert column(numbers().take(3)) == [0, 1, 2] and numbers().take(3).get_dataset_size() == 3
    assert numbers().take(-1).get_dataset_size() == 10 and numbers().take(20).get_dataset_size() == 10
    assert column(numbers().skip(7)) == [7, 8, 9] and numbers().skip(20).get_dataset_size() == 0
    assert column(numbers().repeat(2).batch(3))[3] == [9, 0, 1]
    assert numbers().batch(3).repeat(2).get_dataset_size() == 8


def test_repeat_reshuffles_every_pass():
    got = column(numbers(30).shuffle(30).repeat(2))
    assert sorted(got[:30]) == sorted(got[30:]) == list(range(30)) and got[:30] != got[30:]


def test_count_errors():
    for make, message in ((lambda: numbers().repeat(0), "'count' must be -1 or positive"),
                          (lambda: numbers().take(0), "'count' must be -1 or positive"),
                          (lambda: numbers().skip(-1), r"'count' must be in \[0,")):
        with pytest.raises(ValueError, match=message):
            make()


# ---- zip, concat ----------------------------------------------------------------------------
def test_zip_joins_columns_up_to_the_shortest():
    other = ds.NumpySlicesDataset({"d": np.arange(3) * 7}, shuffle=False)
    for zipped in (ds.zip((abc(), other)), abc().zip(other), abc().zip((other,))):
        assert zipped.get_col_names() == ["a", "b", "c", "d"] and zipped.get_dataset_size() == 3
        assert [r.tolist() for r in rows(zipped)[2]] == [2, 12, 22, 14]
    with pytest.raises(ValueError, match=r"column names must be distinct, but \['a', 'b', 'c'\]"):
        ds.zip((abc(), abc()))
    with pytest.raises(TypeError, match="must be a Dataset or a list/tuple of Datasets"):
        abc().zip([1])


def test_concat_and_plus():
    data = numbers(3) + numbers(2)
    assert data.get_dataset_size() == 5 and column(data) == [0, 1, 2, 0, 1]
    data = numbers(2).concat([numbers(1), numbers(3)])
    assert column(data) == [0, 1, 0, 0, 1, 2]
    with pytest.raises(ValueError, match="must have the columns"):
        numbers().concat(abc())


# ---- project, rename ------------------------------------------------------------------------
def test_project_and_rename():
    data = abc().project(["c", "a"])
    assert data.get_col_names() == ["c", "a"] and [r.tolist() for r in rows(data)[1]] == [21, 1]
    data = abc().rename(["a", "c"], ["x", "z"])
    assert data.get_col_names() == ["x", "b", "z"] and column(data, 2) == [20, 21, 22, 23, 24]
    with pytest.raises(RuntimeError, match=r"\['nope'\] in 'columns' do not exist"):
        abc().project(["nope"])
    with pytest.raises(ValueError, match="same length"):
        abc().rename(["a"], ["x", "y"])
    with pytest.raises(ValueError, match="repeat a name"):
        abc().rename(["a"], ["b"])


# ---- split ----------------------------------------------------------------------------------
def test_split_sequential_parts():
    first, second = numbers().split([4, 6], randomize=False)
    assert column(first) == [0, 1, 2, 3] and column(second) == [4, 5, 6, 7, 8, 9]
    parts = numbers().split([0.33, 0.33, 0.34], randomize=False)
    # round(3.3) + round(3.3) + round(3.4) = 9: the missing row goes to the first part.
    assert [column(p) for p in parts] == [[0, 1, 2, 3], [4, 5, 6], [7, 8, 9]]


def test_split_random_parts_are_disjoint_and_stable_across_epochs():
    ds.config.set_seed(3)
    train, test = numbers(20).split([0.7, 0.3])
    assert train.get_dataset_size() == 14 and test.get_dataset_size() == 6
    iterator = train.create_tuple_iterator(num_epochs=2, output_numpy=True)
    first, second = ([r[0].item() for r in iterator] for _ in range(2))
    assert first == second and sorted(first + column(test)) == list(range(20))
    ds.config.set_seed(3)
    assert column(numbers(20).split([0.7, 0.3])[0]) == first


def test_split_of_a_pipeline_keeps_positions():
    ds.config.set_seed(0)
    parts = numbers(10).map(lambda x: x * 2).split([0.5, 0.5])
    halves = [column(p) for p in parts]
    assert sorted(halves[0] + halves[1]) == list(range(0, 20, 2))
    assert halves[0] == sorted(halves[0])  # the pass's order, filtered


def test_split_errors():
    with pytest.raises(RuntimeError, match="sum to 6, but the dataset has 10 rows"):
        numbers().split([3, 3])
    with pytest.raises(ValueError, match="sum to 1"):
        numbers().split([0.5, 0.6])
    with pytest.raises(RuntimeError, match="part of 0 rows"):
        numbers(3).split([0.9, 0.1])
    sharded = ds.NumpySlicesDataset(np.arange(10), num_shards=2, shard_id=0)
    with pytest.raises(RuntimeError, match="must not be sharded before splitting"):
        sharded.split([0.5, 0.5])


def test_a_dataset_can_feed_two_pipelines():
    base = numbers(4)
    assert column(ds.zip((base, base.rename("x", "y")))) == [0, 1, 2, 3]
