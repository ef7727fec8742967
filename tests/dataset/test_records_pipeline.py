"""Pipeline operations: filter, apply, flat_map, padded_batch, bucket_batch_by_length,
sync_wait / sync_update, map callbacks, save; samplers: chains, weights, iterables.
Expected values were printed by MindSpore 2.7.1 where noted."""
import numpy as np
import pytest

from spore import dataset as ds

from .helpers import column, rows


def ragged(values):
    return ds.GeneratorDataset([np.array(v) for v in values], "column1", shuffle=False)


def test_filter_keeps_rows_the_predicate_accepts():
    dataset = ds.GeneratorDataset(list(range(20)), "data", shuffle=False)
    assert column(dataset.filter(predicate=lambda data: data < 11, input_columns=["data"])) == list(range(11))
    pairs = ds.NumpySlicesDataset((np.arange(6), np.arange(6) * 10), ["a", "b"], shuffle=False)
    assert column(pairs.filter(lambda a, b: (a + b) % 3 == 0), 1) == [0, 30]


def test_filter_errors():
    dataset = ds.GeneratorDataset(list(range(3)), "data", shuffle=False)
    with pytest.raises(TypeError, match="'predicate' must be callable"):
        dataset.filter(3)
    with pytest.raises(RuntimeError, match="do not exist"):
        dataset.filter(lambda x: True, input_columns=["nope"])
    with pytest.raises(RuntimeError, match="filter: the predicate failed on row 0"):
        rows(dataset.filter(lambda x: 1 / 0))
    with pytest.raises(RuntimeError, match="must return one bool"):
        rows(dataset.filter(lambda x: np.array([True, False])))


def test_apply_and_flat_map():
    dataset = ds.GeneratorDataset(list(range(10)), "column1", shuffle=False)
    assert dataset.apply(lambda data: data.batch(2)).get_dataset_size() == 5
    with pytest.raises(TypeError, match="must return a Dataset"):
        dataset.apply(lambda data: 3)
    nested = ds.NumpySlicesDataset([[0, 1], [2, 3]], shuffle=False)
    repeated = nested.flat_map(lambda array: ds.NumpySlicesDataset(array, shuffle=False).repeat(2))
    assert column(repeated) == [0, 1, 0, 1, 2, 3, 2, 3]
    two = ds.NumpySlicesDataset(([[0, 1], [2, 3]], [[0, -1], [-2, -3]]), shuffle=False)
    shifted = two.flat_map(lambda c1, c2: ds.NumpySlicesDataset((c1 + 1, c2 - 1), shuffle=False))
    assert [[int(a), int(b)] for a, b in rows(shifted)] == [[1, -1], [2, -2], [3, -3], [4, -4]]
    with pytest.raises(TypeError, match="must return a Dataset"):
        rows(nested.flat_map(lambda array: array))


def test_padded_batch_as_mindspore_pads():
    data = ragged([[1], [1, 2], [1, 2, 3], [1, 2, 3, 4]])
    assert column(data.padded_batch(2, True, pad_info={})) == [[[1, 0], [1, 2]], [[1, 2, 3, 0], [1, 2, 3, 4]]]
    padded = [r[0].tolist() for r in rows(data.padded_batch(3, pad_info={"column1": ([5], -1)}))]
    assert padded == [[[1, -1, -1, -1, -1], [1, 2, -1, -1, -1], [1, 2, 3, -1, -1]], [[1, 2, 3, 4, -1]]]
    numbers = ds.NumpySlicesDataset(list(range(10)), "column1", shuffle=False)
    grown = numbers.padded_batch(batch_size=lambda info: info.get_batch_num() + 1, drop_remainder=True)
    assert column(grown) == [[0], [1, 2], [3, 4, 5], [6, 7, 8, 9]]
    with pytest.raises(RuntimeError, match="larger than the pad shape"):
        rows(data.padded_batch(4, pad_info={"column1": ([2], 0)}))
    with pytest.raises(ValueError, match="does not exist"):
        data.padded_batch(2, pad_info={"nope": (None, 0)})


def test_bucket_batch_by_length_as_mindspore_buckets():
    def generate_2_columns(n):
        for i in range(n):
            yield (np.array([i]), np.array(list(range(i + 1))))
    dataset = ds.GeneratorDataset(generate_2_columns(8), ["col1", "col2"])
    bucketed = dataset.bucket_batch_by_length(["col1", "col2"], [5, 10], [2, 1, 1],
                                              lambda col1, col2: max(len(col1), len(col2)),
                                              {"col2": ([None], -1)}, True)
    got = [[a.tolist(), b.tolist()] for a, b in rows(bucketed)]
    assert got == [[[[0], [1]], [[0, -1, -1, -1], [0, 1, -1, -1]]],
                   [[[2], [3]], [[0, 1, 2, -1], [0, 1, 2, 3]]],
                   [[[4]], [[0, 1, 2, 3, 4, -1, -1, -1, -1]]], [[[5]], [[0, 1, 2, 3, 4, 5, -1, -1, -1]]],
                   [[[6]], [[0, 1, 2, 3, 4, 5, 6, -1, -1]]], [[[7]], [[0, 1, 2, 3, 4, 5, 6, 7, -1]]]]
    words = ragged([[1, 2], [1], [1, 2, 3], [4]])
    by_length = words.bucket_batch_by_length("column1", [2], [2, 2], pad_info={})
    assert [r[0].tolist() for r in rows(by_length)] == [[[1, 2, 0], [1, 2, 3]], [[1], [4]]]
    dropped = words.bucket_batch_by_length("column1", [3], [3, 3], pad_info={}, drop_remainder=True)
    assert [r[0].tolist() for r in rows(dropped)] == [[[1, 2], [1, 0], [4, 0]]]
    with pytest.raises(ValueError, match="one more item"):
        words.bucket_batch_by_length("column1", [2], [2])
    with pytest.raises(ValueError, match="strictly increasing"):
        words.bucket_batch_by_length("column1", [3, 2], [1, 1, 1])


def test_sync_wait_releases_batches_on_sync_update():
    def gen():
        for i in range(20):
            yield (np.array(i),)
    seen = []
    dataset = ds.GeneratorDataset(gen, column_names=["input"])
    dataset = dataset.sync_wait(condition_name="policy", callback=seen.append)
    dataset = dataset.map(operations=[lambda x: x + 0], input_columns=["input"])  # pulls no row ahead of its batch
    dataset = dataset.batch(4)
    count = 0
    for data in dataset.create_dict_iterator(num_epochs=1, output_numpy=True):
        assert data["input"][0] == count
        count += 4
        dataset.sync_update(condition_name="policy", data={"loss": count})
    assert count == 20 and seen[-1] == {"loss": 20}
    forgetful = ds.GeneratorDataset(gen, column_names=["input"]).sync_wait("c").batch(4)
    with pytest.raises(RuntimeError, match=r"call sync_update\('c'\)"):
        rows(forgetful)
    with pytest.raises(RuntimeError, match="no sync_wait named"):
        forgetful.sync_update("other")


class Recorder(ds.DSCallback):
    def __init__(self, events, step_size=1):
        super().__init__(step_size)
        self.events = events

    def ds_begin(self, context):
        self.events.append("begin")

    def ds_epoch_begin(self, context):
        self.events.append(f"epoch_begin_{context.cur_epoch_num}_{context.cur_step_num}")

    def ds_step_begin(self, context):
        self.events.append(f"step_begin_{context.cur_epoch_num}_{context.cur_step_num}")

    def ds_step_end(self, context):
        self.events.append(f"step_end_{context.cur_step_num_in_epoch}")

    def ds_epoch_end(self, context):
        self.events.append(f"epoch_end_{context.cur_epoch_num}")


def test_map_callbacks_run_per_row_and_epoch():
    events = []
    data = ds.NumpySlicesDataset([1, 2, 3], shuffle=False).map(lambda x: x * 2, callbacks=Recorder(events, 2))
    iterator = data.create_tuple_iterator(num_epochs=2, output_numpy=True)
    assert [int(r[0]) for r in iterator] == [2, 4, 6]
    list(iterator)
    # MindSpore 2.7.1 calls the same methods with the same contexts (its step ends come later, its rows run ahead).
    assert events == ["begin", "epoch_begin_1_0", "step_begin_1_1", "step_end_1", "step_begin_1_3", "step_end_3",
                      "epoch_end_1", "epoch_begin_2_3", "step_begin_2_4", "step_end_1", "step_begin_2_6", "step_end_3",
                      "epoch_end_2"]
    with pytest.raises(TypeError, match="must be a DSCallback"):
        data.map(lambda x: x, callbacks=[3])


def test_waited_callback_follows_the_training_loop():
    events = []

    class Waited(ds.WaitedDSCallback):
        def sync_epoch_begin(self, train_run_context, ds_run_context):
            events.append(f"ds_epoch_begin_{ds_run_context.cur_epoch_num}_{ds_run_context.cur_step_num}")

        def sync_step_begin(self, train_run_context, ds_run_context):
            events.append(f"ds_step_begin_{ds_run_context.cur_epoch_num}_{ds_run_context.cur_step_num}")

    waited = Waited()
    data = ds.NumpySlicesDataset([1, 2, 3], shuffle=False).map(lambda x: x, callbacks=waited)
    iterator = data.create_tuple_iterator(num_epochs=2)
    for epoch in range(2):
        for step, _ in enumerate(iterator):
            events.append(f"train_step_{epoch}_{step}")
            waited.step_end(None)
        waited.epoch_end(None)
    # The order MindSpore 2.7.1 prints for its documentation example, on 3 rows.
    assert events == ["train_step_0_0", "ds_step_begin_1_2", "train_step_0_1", "ds_step_begin_1_3", "train_step_0_2",
                      "ds_epoch_begin_2_3", "ds_step_begin_2_4", "train_step_1_0", "ds_step_begin_2_5",
                      "train_step_1_1", "ds_step_begin_2_6", "train_step_1_2"]


def test_save_writes_mindrecord_that_mind_dataset_reads(tmp_path):
    data = {"b": np.array([True, False]), "u8": np.array([[1, 2], [3, 4]], np.uint8),
            "u32": np.array([1, 2], np.uint32), "f16": np.array([1.5, 2], np.float16),
            "f32": np.arange(12, dtype=np.float32).reshape(2, 2, 3), "f64": np.array([0.1, 0.2]),
            "s": np.array(["a", "bc"])}
    path = str(tmp_path / "saved.mindrecord")
    ds.NumpySlicesDataset(data, shuffle=False).save(path)
    back = ds.MindDataset(path, shuffle=False)
    assert back.get_col_names() == ["b", "f16", "f32", "f64", "s", "u32", "u8"]
    first, second = rows(back)
    assert [a.dtype for a in first] == [np.int32, np.float32, np.float32, np.float64, np.dtype("<U1"), np.int64,
                                        np.int32]
    np.testing.assert_array_equal(second[2], data["f32"][1])
    assert str(second[4]) == "bc" and second[6].tolist() == [3, 4] and float(first[1]) == 1.5
    with pytest.raises(RuntimeError, match="already exists"):
        ds.NumpySlicesDataset(data, shuffle=False).save(path)


def test_sampler_chains_weights_and_iterables():
    sampler = ds.SequentialSampler(start_index=1, num_samples=3)
    child = ds.SubsetSampler([9, 8, 7, 6, 5])
    sampler.add_child(child)
    assert sampler.get_child() is child
    chained = ds.NumpySlicesDataset(list(range(10)), sampler=sampler)
    assert column(chained) == [8, 7, 6] and chained.get_dataset_size() == 3

    class Backwards:
        def __iter__(self):
            return iter([3, 1])
    assert column(ds.NumpySlicesDataset(list(range(10)), sampler=Backwards())) == [3, 1]
    ds.config.set_seed(7)
    weighted = ds.NumpySlicesDataset(list(range(4)), sampler=ds.WeightedRandomSampler([0, 0.5, 0, 0.5], 50))
    drawn = column(weighted)
    assert len(drawn) == 50 and set(drawn) == {1, 3}
    once = column(ds.NumpySlicesDataset(list(range(4)), sampler=ds.WeightedRandomSampler([1, 1, 1, 0], 3, False)))
    assert sorted(once) == [0, 1, 2]
    with pytest.raises(ValueError, match="not all zero"):
        ds.WeightedRandomSampler([0, 0])
    with pytest.raises(TypeError, match="list of numbers"):
        ds.WeightedRandomSampler("abc")
    with pytest.raises(ValueError, match="without replacement"):
        ds.WeightedRandomSampler([1, 0], 2, replacement=False)
    with pytest.raises(TypeError, match="must be a Sampler"):
        ds.SequentialSampler().add_child([1])


def test_concat_takes_a_distributed_or_random_sampler():
    def concat(sampler):
        first = ds.GeneratorDataset([1, 2, 3], "column1", shuffle=False)
        dataset = first.concat(ds.GeneratorDataset([4, 5, 6, 7], "column1", shuffle=False))
        dataset.use_sampler(sampler)
        return dataset
    # As MindSpore 2.7.1 shards a concatenation: positions k, k + n, ... of the whole, unpadded.
    assert column(concat(ds.DistributedSampler(num_shards=2, shard_id=1, shuffle=False))) == [2, 4, 6]
    assert column(concat(ds.DistributedSampler(num_shards=2, shard_id=0, shuffle=False))) == [1, 3, 5, 7]
    assert concat(ds.DistributedSampler(num_shards=4, shard_id=3, shuffle=False)).get_dataset_size() == 1
    assert sorted(column(concat(ds.RandomSampler()))) == [1, 2, 3, 4, 5, 6, 7]
    halves = [column(concat(ds.DistributedSampler(num_shards=2, shard_id=k))) for k in (0, 1)]
    assert sorted(halves[0] + halves[1]) == [1, 2, 3, 4, 5, 6, 7]
    with pytest.raises(TypeError, match="must be DistributedSampler or RandomSampler"):
        concat(ds.SequentialSampler())


def test_dict_valued_columns_through_map_batch_and_iterators():
    numbers = ds.NumpySlicesDataset({"x": np.arange(4)}, shuffle=False)
    dicts = numbers.map(lambda v: ({"a": v, "b": np.array([v, v + 1])}, v), input_columns=["x"],
                        output_columns=["d", "x"], num_parallel_workers=2)
    assert dicts.output_types()[0] == np.dtype(object) and dicts.output_shapes() == [[0], []]
    first = rows(dicts)[1][0]
    assert first["a"].tolist() == 1 and first["b"].tolist() == [1, 2]
    changed = dicts.map(lambda v: {"a": v["a"] * 10, "c": "z"}, input_columns=["d"])
    assert [(r[0]["a"].tolist(), str(r[0]["c"])) for r in rows(changed)][:2] == [(0, "z"), (10, "z")]
    batch = next(dicts.batch(2).create_dict_iterator())
    assert batch["d"]["a"].asnumpy().tolist() == [0, 1] and batch["d"]["b"].shape == (2, 2)
    assert batch["x"].asnumpy().tolist() == [0, 1]
    uneven = numbers.map(lambda v: {"a": v} if v % 2 else {"b": v}, input_columns=["x"])
    with pytest.raises(RuntimeError, match="dict with keys"):
        rows(uneven.batch(2))


def test_class_indexing_passes_through_the_pipeline():
    assert ds.GeneratorDataset([1, 2], "a").batch(1).get_class_indexing() == {}

    class Named(ds.GeneratorDataset):
        def get_class_indexing(self):
            return {"cat": 0, "dog": 1}
    assert Named([1, 2], "a").map(lambda x: x).batch(2).get_class_indexing() == {"cat": 0, "dog": 1}


def test_dataset_cache_keeps_the_first_pass_of_a_map():
    calls = []
    cache = ds.DatasetCache(session_id=1)
    doubled = ds.NumpySlicesDataset([1, 2, 3], shuffle=False).map(lambda x: (calls.append(x), x * 2)[1], cache=cache)
    assert column(doubled.repeat(3)) == [2, 4, 6] * 3 and len(calls) == 3
    stat = cache.get_stat()
    assert stat.num_mem_cached == 3 and stat.max_row_id == 2 and stat.avg_cache_sz == 8
    tiny = ds.DatasetCache(session_id=2, size=1)
    big = ds.NumpySlicesDataset(np.zeros((3, 1 << 19)), shuffle=False).map(lambda x: x, cache=tiny)
    assert len(rows(big)) == 3 and tiny.get_stat().num_mem_cached == 0  # 12 MB do not fit in 1 MB
    with pytest.raises(TypeError, match="'cache' must be a DatasetCache"):
        doubled.map(lambda x: x, cache="yes")
    with pytest.raises(ValueError, match="'port' must be in"):
        ds.DatasetCache(1, port=80)


def test_waited_callback_times_out_without_a_training_loop(monkeypatch):
    from spore.dataset import callback
    monkeypatch.setattr(callback, "CALLBACK_TIMEOUT", 0.05)
    data = ds.NumpySlicesDataset([1, 2], shuffle=False).map(lambda x: x, callbacks=ds.WaitedDSCallback())
    with pytest.raises(RuntimeError, match="ds_step_begin timed out"):
        rows(data)


def test_numpy_slices_of_ragged_rows_pad_in_batches():
    """A list of rows of different lengths is a column of arrays of their own shapes
    (MindSpore 2.7.1's padded_batch example)."""
    data = ds.NumpySlicesDataset([[1], [1, 2], [1, 2, 3], [1, 2, 3, 4]], "column1", shuffle=False)
    assert [row[0].tolist() for row in data.create_tuple_iterator(output_numpy=True)] == [[1], [1, 2], [1, 2, 3],
                                                                                        [1, 2, 3, 4]]
    batches = data.padded_batch(2, True, pad_info={"column1": ([5], -1)})
    assert [row[0].tolist() for row in batches.create_tuple_iterator(output_numpy=True)] == [
        [[1, -1, -1, -1, -1], [1, 2, -1, -1, -1]], [[1, 2, 3, -1, -1], [1, 2, 3, 4, -1]]]
    two = ds.NumpySlicesDataset(([[1], [1, 2]], [3, 4]), column_names=["a", "b"], shuffle=False)
    assert [(r["a"].tolist(), int(r["b"])) for r in two.create_dict_iterator(output_numpy=True)] == [([1], 3),
                                                                                                    ([1, 2], 4)]
