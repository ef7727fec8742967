"""GTZANDataset: the GTZAN music-genre corpus, `dataset_dir`/<genre>/<genre>.<5 digits>.wav."""
from __future__ import annotations

import os
import re

import numpy as np

from .. import checks
from .audio_corpora import _WavDataset
from .gtzan_splits import tracks

GENRES = ("blues", "classical", "country", "disco", "hiphop", "jazz", "metal", "pop", "reggae", "rock")


class GTZANDataset(_WavDataset):
    """Rows (waveform, sample_rate, label) of GTZAN: label the genre (a string scalar),
    sample_rate uint32. Usage 'train', 'valid' and 'test' read the tracks of the
    fault-filtered split that exist, in track order; 'all' (the default) every
    <genre>.<number>.wav of the ten genre folders, genres in alphabetical order and each
    folder in directory order, as MindSpore lists them."""

    _COLUMNS = ["label"]
    _RATE_TYPE = np.uint32

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        super().__init__("GTZANDataset", dataset_dir, num_samples, num_parallel_workers, shuffle, sampler,
                         num_shards, shard_id)
        self.usage = checks.check_usage("GTZANDataset", usage, ("train", "valid", "test", "all"))
        for genre in GENRES:
            folder = os.path.join(self.dataset_dir, genre)
            for name in self._track_names(genre, folder):
                self._items.append((os.path.join(folder, name), (genre,)))
        if not self._items:
            raise RuntimeError(f"GTZANDataset: no <genre>/<genre>.<number>.wav files for usage '{self.usage}' "
                               f"in {self.dataset_dir}.")

    def _track_names(self, genre: str, folder: str) -> list[str]:
        if not os.path.isdir(folder):
            return []
        if self.usage == "all":
            pattern = re.compile(rf"{genre}\.\d{{5}}\.wav")
            return [name for name in os.listdir(folder) if pattern.fullmatch(name)]
        names = (f"{genre}.{number:05d}.wav" for number in tracks(self.usage, genre))
        return [name for name in names if os.path.isfile(os.path.join(folder, name))]
