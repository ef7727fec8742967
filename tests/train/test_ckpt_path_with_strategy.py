"""get_ckpt_path_with_strategy on rank 0 (spore's one process), with strategy files
written by MindSpore 2.7.1's protobuf classes; the expected paths are those MindSpore
returns for the same files and directories."""
import os

import pytest

from spore.train import get_ckpt_path_with_strategy

DATA = os.path.join(os.path.dirname(__file__), "data", "ckpt_path")


@pytest.fixture
def checkpoints(tmp_path):
    """rank_1, rank_2 and rank_3 saved a checkpoint; rank_0's is lost. (Every 'rank_<n>'
    of a path is replaced, as in MindSpore: test names must not hold one.)"""
    for rank in (1, 2, 3):
        os.makedirs(tmp_path / f"rank_{rank}")
        (tmp_path / f"rank_{rank}" / "net.ckpt").write_text("x")
    return tmp_path


@pytest.mark.parametrize("strategy,expected", [
    ("copies_in_pairs.ckpt", "rank_1"),  # w and b: ranks 0 and 1 hold the same slices
    ("disagreeing_copies.ckpt", None),  # w copied on (0, 1), v on (0, 2): no rank holds all of rank 0's
    ("all_copies.ckpt", "rank_1"),  # w whole everywhere; gradient accumulators do not count
])
def test_finds_a_copy_for_the_first_device(checkpoints, strategy, expected):
    found = get_ckpt_path_with_strategy(str(checkpoints / "rank_0" / "net.ckpt"), os.path.join(DATA, strategy))
    assert found == (None if expected is None else str(checkpoints / expected / "net.ckpt"))


def test_own_and_unrelated_paths(checkpoints):
    strategy = os.path.join(DATA, "copies_in_pairs.ckpt")
    os.makedirs(checkpoints / "rank_0")
    (checkpoints / "rank_0" / "net.ckpt").write_text("x")
    own = str(checkpoints / "rank_0" / "net.ckpt")
    assert get_ckpt_path_with_strategy(own, strategy) == own
    assert get_ckpt_path_with_strategy(str(checkpoints / "rank_2" / "net.ckpt"), strategy) == own
    assert get_ckpt_path_with_strategy(str(checkpoints / "other" / "net.ckpt"), strategy) is None
    assert get_ckpt_path_with_strategy(str(checkpoints / "rank_0" / "missing.ckpt"), strategy) is None


def test_errors(tmp_path):
    with pytest.raises(TypeError, match="should be str"):
        get_ckpt_path_with_strategy(1, "s.ckpt")
    with pytest.raises(ValueError, match="no such strategy file"):
        get_ckpt_path_with_strategy(str(tmp_path / "rank_0" / "a.ckpt"), str(tmp_path / "s.ckpt"))
