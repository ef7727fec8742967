"""Image sets whose labels ship in MATLAB .mat files: SVHNDataset, Flowers102Dataset,
Caltech101Dataset and SBDataset."""
from __future__ import annotations

import os

import numpy as np

from .. import checks
from .image_files import ImageFilesDataset
from .mappable import MappableDataset, rows_of
from .matfile import read_mat


def _mat_arrays(op: str, path: str, names: tuple) -> list:
    if not os.path.isfile(path):
        raise RuntimeError(f"{op}: the file {path} does not exist.")
    arrays = read_mat(op, path)
    missing = [name for name in names if name not in arrays]
    if missing:
        raise RuntimeError(f"{op}: {path} has no variable(s) {missing}.")
    return [arrays[name] for name in names]


class SVHNDataset(MappableDataset):
    """Rows (image, label) of SVHN's cropped digits: <usage>_32x32.mat for usage 'train',
    'test', 'extra' ('all', the default: the three) holding X (32, 32, 3, N) and y (N, 1);
    image uint8 (32, 32, 3), label uint32 with the stored 10 read as digit 0."""

    _PARTS = {"train": ["train"], "test": ["test"], "extra": ["extra"], "all": ["train", "test", "extra"]}

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=1, shuffle=None, sampler=None,
                 num_shards=None, shard_id=None):
        super().__init__("SVHNDataset", num_samples, shuffle, sampler, num_shards, shard_id)
        self.dataset_dir = checks.check_dataset_dir("SVHNDataset", dataset_dir)
        self.usage = checks.check_usage("SVHNDataset", usage, tuple(self._PARTS))
        checks.check_optional_int("SVHNDataset", "num_parallel_workers", num_parallel_workers, 1)
        self._loaded: tuple[np.ndarray, np.ndarray] | None = None

    def _arrays(self) -> tuple[np.ndarray, np.ndarray]:
        if self._loaded is None:
            images, labels = [], []
            for part in self._PARTS[self.usage]:
                path = os.path.join(self.dataset_dir, f"{part}_32x32.mat")
                x, y = _mat_arrays("SVHNDataset", path, ("X", "y"))
                if x.ndim != 4 or x.shape[:3] != (32, 32, 3) or y.size != x.shape[3]:
                    raise RuntimeError(f"SVHNDataset: {path} must hold X of shape (32, 32, 3, N) and N labels y, "
                                       f"but X has shape {x.shape} and y {y.size} values.")
                images.append(x.transpose(3, 0, 1, 2).astype(np.uint8))
                labels.append((y.ravel() % 10).astype(np.uint32))
            self._loaded = np.ascontiguousarray(np.concatenate(images)), np.concatenate(labels)
        return self._loaded

    def _columns(self) -> list[str]:
        return ["image", "label"]

    def _source_size(self) -> int:
        return len(self._arrays()[1])

    def _read_rows(self, indices: list) -> list[tuple]:
        images, labels = self._arrays()
        return rows_of([images[indices], labels[indices]])


class Flowers102Dataset(ImageFilesDataset):
    """Rows of Oxford 102 Flowers: jpg/image_NNNNN.jpg, labels from imagelabels.mat
    ('labels', 1..102, served as uint32 0..101), the split from setid.mat (trnid 'train',
    valid 'valid', tstid 'test'; 'all': train, test, valid). task 'Classification': (image,
    label); 'Segmentation': (image, segmentation, label), the mask segmim/segmim_NNNNN.jpg."""

    _SETS = {"train": ["trnid"], "valid": ["valid"], "test": ["tstid"], "all": ["trnid", "tstid", "valid"]}

    def __init__(self, dataset_dir, task="Classification", usage="all", num_samples=None, num_parallel_workers=1,
                 shuffle=None, decode=False, sampler=None, num_shards=None, shard_id=None):
        super().__init__("Flowers102Dataset", num_samples, num_parallel_workers, shuffle, sampler, num_shards,
                         shard_id, decode)
        self.dataset_dir = checks.check_dataset_dir("Flowers102Dataset", dataset_dir)
        if task not in ("Classification", "Segmentation"):
            raise ValueError(f"For 'Flowers102Dataset', the 'task' must be 'Classification' or 'Segmentation', but "
                             f"got {task!r}.")
        self.task = task
        self.usage = checks.check_usage("Flowers102Dataset", usage, tuple(self._SETS))
        (labels,) = _mat_arrays(self._op, os.path.join(self.dataset_dir, "imagelabels.mat"), ("labels",))
        sets = _mat_arrays(self._op, os.path.join(self.dataset_dir, "setid.mat"), tuple(self._SETS[self.usage]))
        labels = labels.ravel().astype(np.int64)
        for image_id in np.concatenate([s.ravel() for s in sets]).astype(np.int64):
            if not 1 <= image_id <= len(labels):
                raise RuntimeError(f"Flowers102Dataset: setid.mat names image {image_id}, but imagelabels.mat has "
                                   f"labels for images 1..{len(labels)}.")
            name = f"{image_id:05d}.jpg"
            self._samples.append((os.path.join(self.dataset_dir, "jpg", f"image_{name}"),
                                  (os.path.join(self.dataset_dir, "segmim", f"segmim_{name}"),
                                   np.uint32(labels[image_id - 1] - 1))))

    def _columns(self) -> list[str]:
        return ["image", "segmentation", "label"] if self.task == "Segmentation" else ["image", "label"]

    def _read(self, index: int) -> tuple:
        path, (mask_path, label) = self._samples[index]
        mask = (self._image(mask_path),) if self.task == "Segmentation" else ()
        return (self._image(path), *mask, np.array(label))


_CALTECH101_ANNOTATION_FOLDERS = {"Faces": "Faces_2", "Faces_easy": "Faces_3", "Motorbikes": "Motorbikes_16",
                                  "airplanes": "Airplanes_Side_2"}
"""The categories whose annotation folder is named otherwise than their image folder."""


class Caltech101Dataset(ImageFilesDataset):
    """Rows of Caltech-101: 101_ObjectCategories/<category>/image_NNNN.jpg (not
    BACKGROUND_Google), category the int64 index of the category folder in name order,
    annotation the float64 (2, K) object contour of Annotations/<category>/annotation_NNNN.mat.
    target_type 'category' (or None): (image, category); 'annotation': (image, annotation);
    'all': (image, category, annotation)."""

    def __init__(self, dataset_dir, target_type=None, num_samples=None, num_parallel_workers=1, shuffle=None,
                 decode=False, sampler=None, num_shards=None, shard_id=None):
        super().__init__("Caltech101Dataset", num_samples, num_parallel_workers, shuffle, sampler, num_shards,
                         shard_id, decode)
        self.dataset_dir = checks.check_dataset_dir("Caltech101Dataset", dataset_dir)
        self.target_type = "category" if target_type is None else target_type
        if self.target_type not in ("category", "annotation", "all"):
            raise ValueError(f"For 'Caltech101Dataset', the 'target_type' must be 'category', 'annotation' or 'all', "
                             f"but got {target_type!r}.")
        root = os.path.join(self.dataset_dir, "101_ObjectCategories")
        if not os.path.isdir(root):
            raise RuntimeError(f"Caltech101Dataset: the folder {root} does not exist.")
        categories = sorted(e.name for e in os.scandir(root) if e.is_dir() and e.name != "BACKGROUND_Google")
        for index, category in enumerate(categories):
            folder = os.path.join(root, category)
            names = sorted(n for n in os.listdir(folder) if n.startswith("image_") and n.endswith(".jpg"))
            annotations = os.path.join(self.dataset_dir, "Annotations",
                                       _CALTECH101_ANNOTATION_FOLDERS.get(category, category))
            for name in names:
                annotation = os.path.join(annotations, name.replace("image_", "annotation_")[:-len(".jpg")] + ".mat")
                self._samples.append((os.path.join(folder, name), (np.int64(index), annotation)))

    def _columns(self) -> list[str]:
        return {"category": ["image", "category"], "annotation": ["image", "annotation"],
                "all": ["image", "category", "annotation"]}[self.target_type]

    def _read(self, index: int) -> tuple:
        path, (category, annotation_path) = self._samples[index]
        row = [self._image(path)]
        if self.target_type != "annotation":
            row.append(np.array(category))
        if self.target_type != "category":
            (contour,) = _mat_arrays(self._op, annotation_path, ("obj_contour",))
            row.append(contour.astype(np.float64))
        return tuple(row)


class SBDataset(ImageFilesDataset):
    """Rows (image, task) of the Semantic Boundaries Dataset: img/<id>.jpg for the ids of
    train.txt, val.txt, train_noval.txt ('train', 'val', 'train_noval'; 'all', the default:
    train and val), task from the struct GTcls of cls/<id>.mat: 'Boundaries' (the default)
    the uint8 (20, H, W) stack of the per-class boundary maps, 'Segmentation' the uint8
    (H, W) class mask."""

    _LISTS = {"train": ["train.txt"], "val": ["val.txt"], "train_noval": ["train_noval.txt"],
              "all": ["train.txt", "val.txt"]}

    def __init__(self, dataset_dir, task="Boundaries", usage="all", num_samples=None, num_parallel_workers=1,
                 shuffle=None, decode=None, sampler=None, num_shards=None, shard_id=None):
        super().__init__("SBDataset", num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         decode)
        self.dataset_dir = checks.check_dataset_dir("SBDataset", dataset_dir)
        if task not in ("Boundaries", "Segmentation"):
            raise ValueError(f"For 'SBDataset', the 'task' must be 'Boundaries' or 'Segmentation', but got {task!r}.")
        self.task = task
        self.usage = checks.check_usage("SBDataset", usage, tuple(self._LISTS))
        for list_name in self._LISTS[self.usage]:
            path = os.path.join(self.dataset_dir, list_name)
            if not os.path.isfile(path):
                raise RuntimeError(f"SBDataset: the file {path} does not exist.")
            with open(path, encoding="utf-8") as f:
                ids = f.read().split()
            self._samples += [(os.path.join(self.dataset_dir, "img", f"{i}.jpg"),
                               (os.path.join(self.dataset_dir, "cls", f"{i}.mat"),)) for i in ids]

    def _columns(self) -> list[str]:
        return ["image", "task"]

    def _read(self, index: int) -> tuple:
        path, (mat_path,) = self._samples[index]
        (annotation,) = _mat_arrays(self._op, mat_path, ("GTcls",))
        try:
            if self.task == "Segmentation":
                target = np.asarray(annotation["Segmentation"], np.uint8)
            else:
                target = np.stack([np.asarray(b, np.uint8) for b in annotation["Boundaries"].ravel(order="F")])
        except (TypeError, KeyError, IndexError, ValueError) as e:
            raise RuntimeError(f"SBDataset: {mat_path} has no GTcls struct with the {self.task} of the image: "
                               f"{type(e).__name__}: {e}") from e
        return self._image(path), target
