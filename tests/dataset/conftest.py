"""Every test starts from the pipeline settings and global seed it found, and leaves them so."""
import pytest

from spore._kernels import rng as seed_streams
from spore.dataset import config


@pytest.fixture(autouse=True)
def default_dataset_config():
    saved = (config._seed, config._seed_owner, config._num_parallel_workers, seed_streams._global_seed)
    yield
    config._seed, config._seed_owner, config._num_parallel_workers, seed_streams._global_seed = saved
