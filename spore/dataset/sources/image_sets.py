"""Image sets laid out as folders of image files: Caltech256Dataset, OmniglotDataset,
Food101Dataset, SUN397Dataset and RenderedSST2Dataset. Images are the files' bytes, or
(H, W, 3) uint8 RGB with `decode`."""
from __future__ import annotations

import os

import numpy as np

from .. import checks
from .file_rows import read_text
from .image_files import ImageFilesDataset

_IMAGE_ENDINGS = (".jpg", ".jpeg", ".png", ".bmp", ".gif", ".tif", ".tiff", ".webp")


def _subfolders(folder: str) -> list[str]:
    return sorted(e.name for e in os.scandir(folder) if e.is_dir())


def _image_files(folder: str) -> list[str]:
    return sorted(e.path for e in os.scandir(folder) if e.is_file() and e.name.lower().endswith(_IMAGE_ENDINGS))


class _FolderImages(ImageFilesDataset):
    """Rows (image, label) of image files found under `dataset_dir` when the dataset is made."""

    def __init__(self, dataset_dir, num_samples, num_parallel_workers, shuffle, decode, sampler, num_shards,
                 shard_id):
        op = type(self).__name__
        super().__init__(op, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id, decode)
        self.dataset_dir = checks.check_dataset_dir(op, dataset_dir)

    def _columns(self) -> list[str]:
        return ["image", "label"]

    def _require_dir(self, folder: str) -> str:
        if not os.path.isdir(folder):
            raise RuntimeError(f"{self._op}: the folder {folder} does not exist.")
        return folder


class Caltech256Dataset(_FolderImages):
    """Rows (image, label) of Caltech-256: the images of each class folder (001.ak47,
    002.american-flag, ...), label the int32 index of the folder in name order."""

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None, decode=False,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, decode, sampler, num_shards,
                         shard_id)
        for label, name in enumerate(_subfolders(self.dataset_dir)):
            self._samples += [(path, (np.int32(label),)) for path in
                              _image_files(os.path.join(self.dataset_dir, name))]


class OmniglotDataset(_FolderImages):
    """Rows (image, label) of Omniglot: images_background/<alphabet>/<character>/*.png
    (`background` True or None) or images_evaluation/... (False); label the int32 index
    of the (alphabet, character) folder in name order."""

    def __init__(self, dataset_dir, background=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 decode=False, sampler=None, num_shards=None, shard_id=None, cache=None):
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, decode, sampler, num_shards,
                         shard_id)
        self.background = True if background is None else checks.check_bool("OmniglotDataset", "background",
                                                                            background)
        root = self._require_dir(os.path.join(
            self.dataset_dir, "images_background" if self.background else "images_evaluation"))
        characters = [os.path.join(root, alphabet, character) for alphabet in _subfolders(root)
                      for character in _subfolders(os.path.join(root, alphabet))]
        for label, folder in enumerate(characters):
            self._samples += [(path, (np.int32(label),)) for path in _image_files(folder)]


class Food101Dataset(_FolderImages):
    """Rows (image, label) of Food-101: images/<class>/<id>.jpg listed as '<class>/<id>' in
    meta/train.txt ('train') and meta/test.txt ('test'; 'all', the default: both); label
    the class name (str)."""

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 decode=False, sampler=None, num_shards=None, shard_id=None, cache=None):
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, decode, sampler, num_shards,
                         shard_id)
        self.usage = checks.check_usage("Food101Dataset", usage, ("train", "test", "all"))
        for part in (["train", "test"] if self.usage == "all" else [self.usage]):
            listing = os.path.join(self.dataset_dir, "meta", f"{part}.txt")
            if not os.path.isfile(listing):
                raise RuntimeError(f"Food101Dataset: the file {listing} does not exist.")
            for entry in read_text(self._op, listing).split():
                self._samples.append((os.path.join(self.dataset_dir, "images", f"{entry}.jpg"),
                                      (np.array(entry.split("/")[0]),)))


class SUN397Dataset(_FolderImages):
    """Rows (image, label) of SUN397: the class paths listed in ClassName.txt ('/a/abbey'),
    each a folder of images; label the uint32 index of the class in that list."""

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None, decode=False,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, decode, sampler, num_shards,
                         shard_id)
        listing = os.path.join(self.dataset_dir, "ClassName.txt")
        if not os.path.isfile(listing):
            raise RuntimeError(f"SUN397Dataset: the file {listing} does not exist.")
        for label, name in enumerate(read_text(self._op, listing).split()):
            folder = self._require_dir(os.path.join(self.dataset_dir, name.strip("/")))
            self._samples += [(path, (np.uint32(label),)) for path in _image_files(folder)]


class RenderedSST2Dataset(_FolderImages):
    """Rows (image, label) of Rendered SST-2: <folder>/negative and <folder>/positive image
    folders, folder train, valid ('val') or test by `usage`; 'all' (the default) reads
    those present in name order. label uint32, 0 negative and 1 positive."""

    _FOLDERS = {"train": "train", "val": "valid", "test": "test"}

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 decode=False, sampler=None, num_shards=None, shard_id=None, cache=None):
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, decode, sampler, num_shards,
                         shard_id)
        self.usage = checks.check_usage("RenderedSST2Dataset", usage, ("train", "val", "test", "all"))
        parts = sorted(name for name in self._FOLDERS.values() if os.path.isdir(os.path.join(self.dataset_dir, name))) \
            if self.usage == "all" else [self._FOLDERS[self.usage]]
        for part in parts:
            folder = self._require_dir(os.path.join(self.dataset_dir, part))
            files = [(path, name) for name in ("negative", "positive") if os.path.isdir(os.path.join(folder, name))
                     for path in _image_files(os.path.join(folder, name))]
            files.sort()
            self._samples += [(path, (np.uint32(name == "positive"),)) for path, name in files]


class Places365Dataset(_FolderImages):
    """Rows (image, label) of Places365: the '<image path> <label>' lines of
    places365_train_standard.txt, places365_train_challenge.txt or places365_val.txt by
    `usage` ('train-standard', 'train-challenge', 'val'), images under data_256_standard /
    data_256_challenge / val_256 (`small`, the default) or data_large_... / val_large;
    label uint32. categories_places365.txt must be there."""

    _LISTS = {"train-standard": ("places365_train_standard.txt", "data_{}_standard"),
              "train-challenge": ("places365_train_challenge.txt", "data_{}_challenge"),
              "val": ("places365_val.txt", "val_{}")}

    def __init__(self, dataset_dir, usage=None, small=True, decode=False, num_samples=None,
                 num_parallel_workers=None, shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None):
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, decode, sampler, num_shards,
                         shard_id)
        self.usage = "train-standard" if usage is None else usage
        if self.usage not in self._LISTS:
            raise ValueError(f"For 'Places365Dataset', the 'usage' must be one of {list(self._LISTS)}, but got "
                             f"{usage!r}.")
        self.small = checks.check_bool("Places365Dataset", "small", small)
        list_name, folder = self._LISTS[self.usage]
        folder = os.path.join(self.dataset_dir, folder.format("256" if self.small else "large"))
        for name in ("categories_places365.txt", list_name):
            if not os.path.isfile(os.path.join(self.dataset_dir, name)):
                raise RuntimeError(f"Places365Dataset: the file {os.path.join(self.dataset_dir, name)} does not "
                                   f"exist.")
        listing = os.path.join(self.dataset_dir, list_name)
        for line_number, line in enumerate(read_text(self._op, listing).splitlines(), 1):
            fields = line.split()
            if not fields:
                continue
            if len(fields) != 2 or not fields[1].isdigit():
                raise RuntimeError(f"Places365Dataset: {listing} line {line_number} must be '<image> <label>'.")
            self._samples.append((os.path.join(folder, fields[0].lstrip("/")), (np.uint32(fields[1]),)))


class DIV2KDataset(_FolderImages):
    """Rows (hr_image, lr_image) of DIV2K: DIV2K_<usage>_HR/NNNN.png and its downgraded copy,
    DIV2K_<usage>_LR_<downgrade>/X<scale>/NNNNx<scale>.png for 'bicubic' and 'unknown',
    DIV2K_<usage>_LR_<downgrade>/NNNNx4<m|d|w>.png for 'mild', 'difficult', 'wild' (scale 4
    only; scale 8 only for bicubic). usage 'train', 'valid' or 'all'."""

    def __init__(self, dataset_dir, usage="train", downgrade="bicubic", scale=2, num_samples=None,
                 num_parallel_workers=None, shuffle=None, decode=None, sampler=None, num_shards=None, shard_id=None,
                 cache=None):
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, decode, sampler, num_shards,
                         shard_id)
        self.usage = checks.check_usage("DIV2KDataset", usage, ("train", "valid", "all"))
        downgrades = ("bicubic", "unknown", "mild", "difficult", "wild")
        if downgrade not in downgrades:
            raise ValueError(f"For 'DIV2KDataset', the 'downgrade' must be one of {list(downgrades)}, but got "
                             f"{downgrade!r}.")
        checks.check_int("DIV2KDataset", "scale", scale, 2, 8)
        if scale not in (2, 3, 4, 8) or (scale == 8 and downgrade != "bicubic") or (
                downgrade in ("mild", "difficult", "wild") and scale != 4):
            raise ValueError(f"For 'DIV2KDataset', the 'scale' {scale} is not available with downgrade "
                             f"'{downgrade}': bicubic has 2, 3, 4, 8, unknown 2, 3, 4, the others 4.")
        self.downgrade, self.scale = downgrade, scale
        for part in (["train", "valid"] if self.usage == "all" else [self.usage]):
            hr_folder = self._require_dir(os.path.join(self.dataset_dir, f"DIV2K_{part}_HR"))
            lr_folder = os.path.join(self.dataset_dir, f"DIV2K_{part}_LR_{downgrade}")
            for hr_path in _image_files(hr_folder):
                stem = os.path.splitext(os.path.basename(hr_path))[0]
                lr_path = (os.path.join(lr_folder, f"X{scale}", f"{stem}x{scale}.png")
                           if downgrade in ("bicubic", "unknown") else
                           os.path.join(lr_folder, f"{stem}x4{downgrade[0]}.png"))
                self._samples.append((hr_path, (lr_path,)))

    def _columns(self) -> list[str]:
        return ["hr_image", "lr_image"]

    def _read(self, index: int) -> tuple:
        hr_path, (lr_path,) = self._samples[index]
        return self._image(hr_path), self._image(lr_path)


_LSUN_CLASSES = ("bedroom", "bridge", "church_outdoor", "classroom", "conference_room", "dining_room", "kitchen",
                 "living_room", "restaurant", "tower")


class LSUNDataset(_FolderImages):
    """Rows (image, label) of LSUN scenes extracted to folders: <class>_train ('train'),
    <class>_val ('valid'), both ('all', the default; those present), or test ('test'),
    for the `classes` given (default: all ten). label is the uint32 index of the image's
    folder among the folders read, in name order, as MindSpore numbers them."""

    def __init__(self, dataset_dir, usage=None, classes=None, num_samples=None, num_parallel_workers=None,
                 shuffle=None, decode=False, sampler=None, num_shards=None, shard_id=None, cache=None):
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, decode, sampler, num_shards,
                         shard_id)
        self.usage = checks.check_usage("LSUNDataset", usage, ("train", "test", "valid", "all"))
        if classes is not None and (not isinstance(classes, list) or not all(isinstance(c, str) for c in classes)):
            raise TypeError(f"For 'LSUNDataset', the 'classes' must be a list of str, but got {classes!r}.")
        unknown = sorted(set(classes or ()) - set(_LSUN_CLASSES))
        if unknown:
            raise ValueError(f"For 'LSUNDataset', the 'classes' must be among {list(_LSUN_CLASSES)}, but got "
                             f"{unknown}.")
        self.classes = list(classes) if classes is not None else list(_LSUN_CLASSES)
        if self.usage == "test":
            folders = [self._require_dir(os.path.join(self.dataset_dir, "test"))]
        else:
            splits = {"train": ["train"], "valid": ["val"], "all": ["train", "val"]}[self.usage]
            names = sorted(f"{c}_{split}" for c in self.classes for split in splits)
            folders = [path for path in (os.path.join(self.dataset_dir, n) for n in names) if os.path.isdir(path)]
            if not folders:
                raise RuntimeError(f"LSUNDataset: no folder of the classes {self.classes} for usage '{self.usage}' "
                                   f"in {self.dataset_dir}.")
        for label, folder in enumerate(folders):
            self._samples += [(path, (np.uint32(label),)) for path in _image_files(folder)]
