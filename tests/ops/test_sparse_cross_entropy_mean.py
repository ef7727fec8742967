"""The mean over rows of SparseSoftmaxCrossEntropyWithLogits: for a power-of-two number of
rows the kernel sums and multiplies by the exact reciprocal instead of calling torch's mean
(less machine code paged in by a training step); torch's CPU mean divides the same sum, so
the bits must be the same. Checked against torch's mean on vectors of many magnitudes."""
import numpy as np
import pytest
import torch

from spore._kernels.nn import _mean_of_rows


def _bits(t: torch.Tensor) -> int:
    return t.view(torch.int32 if t.dtype == torch.float32 else torch.int64).item()


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
@pytest.mark.parametrize("rows", [1, 2, 8, 32, 128, 1024, 4096])
def test_the_mean_of_a_power_of_two_count_has_torch_means_bits(dtype, rows):
    rng = np.random.default_rng(rows)
    for trial in range(60):
        scale = 10.0 ** rng.integers(-30, 30)
        values = torch.from_numpy(rng.standard_normal(rows) * scale).to(dtype)
        if trial % 3 == 0:
            values = values.abs()       # the per-row losses are non-negative
        assert _bits(_mean_of_rows(values)) == _bits(values.mean())


@pytest.mark.parametrize("rows", [3, 6, 24, 100])
def test_other_counts_take_torch_means_own(rows):
    values = torch.linspace(0.5, 2.0, rows)
    assert _bits(_mean_of_rows(values)) == _bits(values.mean())


def test_no_rows_and_half_precision_take_torch_means_own():
    assert torch.isnan(_mean_of_rows(torch.ones(0)))
    halves = torch.tensor([0.1, 0.2, 0.3, 0.4], dtype=torch.float16)
    assert torch.equal(_mean_of_rows(halves), halves.mean())
