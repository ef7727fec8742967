"""Every test starts from the pipeline settings and global seed it found, and leaves them so."""
import pytest

from spore.common import seed as global_seed
from spore.dataset import config


@pytest.fixture(autouse=True)
def default_dataset_config():
    saved = (config._seed, config._seed_owner, config._num_parallel_workers, global_seed._global_seed)
    yield
    config._seed, config._seed_owner, config._num_parallel_workers, global_seed._global_seed = saved
