"""OBSMindDataset and sync_wait_for_dataset: MindRecord files on Huawei's OBS object store.

Both need Huawei's `obs` SDK (esdk-obs-python). Without it, MindSpore 2.7.1 checks the
arguments and then raises ModuleNotFoundError naming `obs`; spore does the same. spore
has no OBS client of its own: with the SDK installed, it says so with a RuntimeError
rather than download anything.
"""
from __future__ import annotations

import importlib


def _obs_sdk(op: str):
    importlib.import_module("obs")  # ModuleNotFoundError: No module named 'obs', as in MindSpore
    raise RuntimeError(f"{op}: spore does not read from Huawei OBS; download the MindRecord files and read them "
                       f"with MindDataset.")


def _check_str(name: str, value) -> None:
    if not isinstance(value, str):
        raise TypeError(f"Argument {name} with value {value} is not of type [{str}], but got {type(value)}.")


class OBSMindDataset:
    """MindSpore's OBSMindDataset(dataset_files, server, ak, sk, sync_obs_path, ...):
    the arguments are checked as MindSpore checks them, then the `obs` SDK is needed."""

    def __init__(self, dataset_files, server, ak, sk, sync_obs_path, columns_list=None, shuffle=None,
                 num_shards=None, shard_id=None, shard_equal_rows=True):
        if not isinstance(dataset_files, list):
            raise TypeError(f"Argument dataset_files with value {dataset_files} is not of type [{list}], but got "
                            f"{type(dataset_files)}.")
        _check_str("server", server)
        if not server.startswith(("http://", "https://")):
            raise ValueError(f"server should be a str that starts with http:// or https://, but got {server}.")
        for name, value in (("ak", ak), ("sk", sk), ("sync_obs_path", sync_obs_path)):
            _check_str(name, value)
        _obs_sdk("OBSMindDataset")


def sync_wait_for_dataset(rank_id, rank_size, current_epoch):
    """Wait until the OBS download of the given epoch's dataset is done (needs the `obs` SDK)."""
    _obs_sdk("sync_wait_for_dataset")
