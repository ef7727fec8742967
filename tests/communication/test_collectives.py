"""Collectives across 2 and 4 local processes (gloo) against NumPy over every rank's input."""
import pytest

from .launch import assert_all_passed, spawn


@pytest.mark.parametrize("size", [2, 4])
def test_core_collectives_and_their_gradients_in_both_modes(size):
    # 4 processes on a 2-core CI machine: their imports alone take most of a minute under load.
    assert_all_passed(spawn("core", size, timeout=60 * size / 2))


def test_the_rest_of_the_family_comm_func_and_their_gradients():
    assert_all_passed(spawn("family", 2))


def test_the_pytorch_style_api_writes_into_the_given_tensors():
    assert_all_passed(spawn("torch_style", 2))


def test_point_to_point_and_uneven_collectives_carry_gradients_between_ranks():
    """Send / Receive, BatchISendIRecv, NeighborExchangeV2, AllGatherV, ReduceScatterV and
    AlltoAllV: gradients across 2 processes, in PyNative and jit."""
    assert_all_passed(spawn("point_to_point_gradients", 2, timeout=90))
