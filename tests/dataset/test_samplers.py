"""Samplers on a source of 10 rows whose values are their indices. Expected index
sequences of the deterministic samplers were checked against MindSpore 2.7.1."""
import numpy as np
import pytest

import spore.dataset as ds

from .helpers import column


def sampled(sampler, n=10):
    return column(ds.NumpySlicesDataset(np.arange(n), sampler=sampler))


def size(sampler, n=10):
    return ds.NumpySlicesDataset(np.arange(n), sampler=sampler).get_dataset_size()


def test_sequential_sampler():
    assert sampled(ds.SequentialSampler()) == list(range(10))
    assert sampled(ds.SequentialSampler(2, 5)) == [2, 3, 4, 5, 6] and size(ds.SequentialSampler(2, 5)) == 5
    assert sampled(ds.SequentialSampler(start_index=8)) == [8, 9] and size(ds.SequentialSampler(start_index=8)) == 2
    with pytest.raises(RuntimeError, match="'start_index' 12 is out of range"):
        sampled(ds.SequentialSampler(start_index=12))


def test_random_sampler():
    got = sampled(ds.RandomSampler())
    assert sorted(got) == list(range(10)) and got != list(range(10))
    some = sampled(ds.RandomSampler(num_samples=4))
    assert len(some) == 4 and len(set(some)) == 4
    with_replacement = sampled(ds.RandomSampler(replacement=True, num_samples=30), n=50)
    assert len(with_replacement) == 30 and all(0 <= i < 50 for i in with_replacement)
    # MindSpore caps num_samples at the dataset size.
    assert size(ds.RandomSampler(replacement=True, num_samples=12)) == 10


def test_distributed_sampler_pads_shards_to_equal_size():
    assert [sampled(ds.DistributedSampler(3, k, shuffle=False)) for k in range(3)] == [
        [0, 3, 6, 9], [1, 4, 7, 0], [2, 5, 8, 1]]
    assert sampled(ds.DistributedSampler(3, 2, shuffle=False, num_samples=2)) == [2, 5]


def test_distributed_sampler_offset_does_not_pad():
    assert [sampled(ds.DistributedSampler(3, k, shuffle=False, offset=1)) for k in range(3)] == [
        [2, 5, 8], [0, 3, 6, 9], [1, 4, 7]]


def test_distributed_shuffle_is_one_permutation_shared_by_the_shards():
    shards = [sampled(ds.DistributedSampler(3, k)) for k in range(3)]
    assert [len(s) for s in shards] == [4, 4, 4]
    permutation = [shards[k % 3][k // 3] for k in range(10)]
    assert sorted(permutation) == list(range(10))
    # The padding repeats the first positions of the permutation.
    assert shards[1][3] == permutation[0] and shards[2][3] == permutation[1]


def test_subset_samplers():
    assert sampled(ds.SubsetSampler([7, 3, 5, 1])) == [7, 3, 5, 1]
    assert size(ds.SubsetSampler([7, 3, 5, 1], num_samples=3)) == 3
    got = sampled(ds.SubsetRandomSampler([1, 3, 5, 7]))
    assert sorted(got) == [1, 3, 5, 7]
    assert len(sampled(ds.SubsetRandomSampler([1, 3, 5, 7], num_samples=2))) == 2
    with pytest.raises(RuntimeError, match=r"SubsetSampler: the sample index 12 is out of range .* \[0, 9\]"):
        sampled(ds.SubsetSampler([12, 3]))


def test_user_defined_sampler():
    class EveryThird(ds.Sampler):
        def __iter__(self):
            return iter(range(0, self.dataset_size, 3))

    assert sampled(EveryThird()) == [0, 3, 6, 9] and size(EveryThird(num_samples=2)) == 2


def test_source_arguments_build_samplers():
    data = ds.NumpySlicesDataset(np.arange(10), num_shards=3, shard_id=1, shuffle=False)
    assert column(data) == [1, 4, 7, 0]
    assert column(ds.NumpySlicesDataset(np.arange(10), shuffle=False, num_samples=3)) == [0, 1, 2]


def test_sampler_argument_errors():
    with pytest.raises(ValueError, match=r"'shard_id' must be in \[0, 1\]"):
        ds.DistributedSampler(2, 2)
    with pytest.raises(TypeError, match="'replacement' must be a bool"):
        ds.RandomSampler(replacement=1)
    with pytest.raises(TypeError, match="must be a list of ints"):
        ds.SubsetSampler([0.5])
    with pytest.raises(TypeError, match="'sampler' must be a Sampler or an iterable of indices"):
        ds.NumpySlicesDataset(np.arange(3), sampler="all")


def test_a_shuffled_num_samples_subset_is_drawn_with_replacement():
    # MindSpore 2.7.1 (observed): num_samples with the default shuffle picks a RandomSampler
    # with replacement, e.g. [0, 0, 0, 4, 4, 8, 8, 9] of range(10); without num_samples, none
    ds.config.set_seed(0)
    data = ds.NumpySlicesDataset(list(range(10)), column_names=["x"], num_samples=8)
    assert data.sampler.replacement and data.get_dataset_size() == 8
    epochs = [[int(r["x"]) for r in data.create_dict_iterator(num_epochs=1, output_numpy=True)] for _ in range(5)]
    assert all(len(e) == 8 for e in epochs) and any(len(set(e)) < 8 for e in epochs)
    assert not ds.NumpySlicesDataset(list(range(10)), column_names=["x"]).sampler.replacement
    in_order = ds.NumpySlicesDataset(list(range(10)), column_names=["x"], num_samples=8, shuffle=False)
    assert [int(r["x"]) for r in in_order.create_dict_iterator(output_numpy=True)] == list(range(8))
