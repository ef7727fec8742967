"""Image sources with annotation files: ManifestDataset (JSON lines), CelebADataset
(attribute lists), VOCDataset (Pascal VOC XML and masks), CocoDataset (COCO JSON)."""
from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ElementTree

import numpy as np

from .. import checks
from .file_rows import read_text
from .image_files import ImageFilesDataset, check_class_indexing, check_file


class ManifestDataset(ImageFilesDataset):
    """Rows (image, label) of a manifest file: one JSON object per line, {"source": image
    path, "usage": "train" | "eval" | ..., "annotation": [{"type": "label", "name": class
    name}, ...]}; the lines of `usage` are read. label is an int32 scalar for one class, a
    vector for several. Classes are numbered in name order unless `class_indexing` gives
    their numbers."""

    def __init__(self, dataset_file, usage="train", num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, class_indexing=None, decode=False, num_shards=None, shard_id=None, cache=None):
        super().__init__("ManifestDataset", num_samples, num_parallel_workers, shuffle, sampler, num_shards,
                         shard_id, decode)
        self.dataset_file = check_file("ManifestDataset", "dataset_file", dataset_file)
        self.usage = checks.check_usage("ManifestDataset", usage, ("train", "eval", "inference"))
        given = check_class_indexing("ManifestDataset", class_indexing)
        entries = []
        for line_number, line in enumerate(read_text(self._op, self.dataset_file).splitlines(), 1):
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
                source, names = entry["source"], [a["name"] for a in entry.get("annotation", [])]
            except (json.JSONDecodeError, KeyError, TypeError) as e:
                raise RuntimeError(f"ManifestDataset: {self.dataset_file} line {line_number} is not a manifest "
                                   f"entry: {type(e).__name__}: {e}") from e
            if entry.get("usage", "").lower() == self.usage:
                entries.append((source, names))
        self.class_indexing = given if given is not None else {
            name: k for k, name in enumerate(sorted({n for _, names in entries for n in names}))}
        for source, names in entries:
            unknown = [n for n in names if n not in self.class_indexing]
            if unknown:
                raise RuntimeError(f"ManifestDataset: the classes {unknown} of {source} are not in class_indexing.")
            labels = [self.class_indexing[n] for n in names]
            self._samples.append((source, (np.array(labels[0] if len(labels) == 1 else labels, np.int32),)))

    def _columns(self) -> list[str]:
        return ["image", "label"]

    def _num_classes(self) -> int:
        return len(self.class_indexing)

    def get_class_indexing(self) -> dict[str, int]:
        return dict(self.class_indexing)


class CelebADataset(ImageFilesDataset):
    """Rows (image, attr) of CelebA: the images of `dataset_dir`/img_align_celeba listed in
    list_attr_celeba.txt (a count line, the attribute names, then '<file> <+1|-1>...'),
    attr the uint32 vector of the attributes (1 for +1, 0 for -1). `usage` 'train',
    'valid' or 'test' keeps the files list_eval_partition.txt puts in partition 0, 1 or 2
    ('all': every file). `extensions` keeps the files with those endings."""

    _PARTITIONS = {"train": "0", "valid": "1", "test": "2"}

    def __init__(self, dataset_dir, num_parallel_workers=None, shuffle=None, usage="all", sampler=None,
                 decode=False, extensions=None, num_samples=None, num_shards=None, shard_id=None, cache=None,
                 decrypt=None):
        super().__init__("CelebADataset", num_samples, num_parallel_workers, shuffle, sampler, num_shards,
                         shard_id, decode, decrypt)
        self.dataset_dir = checks.check_dataset_dir("CelebADataset", dataset_dir)
        self.usage = checks.check_usage("CelebADataset", usage, ("train", "valid", "test", "all"))
        if extensions is not None and (not isinstance(extensions, (list, tuple))
                                       or not all(isinstance(e, str) for e in extensions)):
            raise TypeError(f"For 'CelebADataset', the 'extensions' must be a list of str, but got {extensions!r}.")
        attr_path = os.path.join(self.dataset_dir, "list_attr_celeba.txt")
        lines = self._lines(attr_path)
        if len(lines) < 2:
            raise RuntimeError(f"CelebADataset: {attr_path} is malformed: it needs a count line and an attribute "
                               f"names line.")
        self.attributes = lines[1].split()
        keep = self._partition() if self.usage != "all" else None
        for line_number, line in enumerate(lines[2:], 3):
            name, *values = line.split()
            if len(values) != len(self.attributes) or not all(v in ("1", "-1") for v in values):
                raise RuntimeError(f"CelebADataset: {attr_path} line {line_number} must give {len(self.attributes)} "
                                   f"attributes of 1 or -1 for {name}.")
            if (keep is None or name in keep) and (extensions is None or name.endswith(tuple(extensions))):
                attr = np.array([v == "1" for v in values], np.uint32)
                self._samples.append((os.path.join(self.dataset_dir, "img_align_celeba", name), (attr,)))

    def _lines(self, path: str) -> list[str]:
        if not os.path.isfile(path):
            raise RuntimeError(f"CelebADataset: the file {path} does not exist.")
        return [line for line in read_text(self._op, path).splitlines() if line.strip()]

    def _partition(self) -> set[str]:
        wanted = self._PARTITIONS[self.usage]
        path = os.path.join(self.dataset_dir, "list_eval_partition.txt")
        return {fields[0] for fields in map(str.split, self._lines(path)) if fields[1:] == [wanted]}

    def _columns(self) -> list[str]:
        return ["image", "attr"]


class VOCDataset(ImageFilesDataset):
    """Rows of Pascal VOC under `dataset_dir` (JPEGImages, Annotations, SegmentationClass,
    ImageSets/<Main|Segmentation>/<usage>.txt listing the image ids):

    - task 'Segmentation': (image, target), target the class mask PNG (bytes, or decoded
      to (H, W, 3) uint8 with `decode`);
    - task 'Detection': (image, bbox, label, difficult, truncate), one line per object:
      bbox float32 (N, 4) as [xmin, ymin, width, height], the others uint32 (N, 1); label
      numbers classes by name order unless `class_indexing` gives them.

    `extra_metadata` adds the column '_meta-filename' (the image id).
    """

    def __init__(self, dataset_dir, task="Segmentation", usage="train", class_indexing=None, num_samples=None,
                 num_parallel_workers=None, shuffle=None, decode=False, sampler=None, num_shards=None, shard_id=None,
                 cache=None, extra_metadata=False, decrypt=None):
        super().__init__("VOCDataset", num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         decode, decrypt)
        self.dataset_dir = checks.check_dataset_dir("VOCDataset", dataset_dir)
        if task not in ("Segmentation", "Detection"):
            raise ValueError(f"For 'VOCDataset', the 'task' must be 'Segmentation' or 'Detection', but got {task!r}.")
        if not isinstance(usage, str):
            raise TypeError(f"For 'VOCDataset', the 'usage' must be a str, but got {type(usage).__name__}.")
        self.task, self.usage = task, usage
        given = check_class_indexing("VOCDataset", class_indexing)
        if given is not None and task != "Detection":
            raise ValueError("For 'VOCDataset', the 'class_indexing' is only for task 'Detection'.")
        self.extra_metadata = checks.check_bool("VOCDataset", "extra_metadata", extra_metadata)
        list_file = os.path.join(self.dataset_dir, "ImageSets", "Main" if task == "Detection" else "Segmentation",
                                 f"{usage}.txt")
        if not os.path.isfile(list_file):
            raise ValueError(f"For 'VOCDataset', the image list {list_file} of usage '{usage}' does not exist.")
        ids = read_text(self._op, list_file).split()
        if task == "Segmentation":
            self._samples = [(self._jpeg(i), (os.path.join(self.dataset_dir, "SegmentationClass", f"{i}.png"), i))
                             for i in ids]
            self.class_indexing: dict[str, int] = {}
            return
        objects = {i: self._objects(i) for i in ids}
        self.class_indexing = given if given is not None else {
            name: k for k, name in enumerate(sorted({o[0] for objs in objects.values() for o in objs}))}
        for i in ids:
            self._samples.append((self._jpeg(i), self._detection(i, objects[i])))

    def _jpeg(self, image_id: str) -> str:
        return os.path.join(self.dataset_dir, "JPEGImages", f"{image_id}.jpg")

    def _objects(self, image_id: str) -> list[tuple]:
        """(name, [xmin, ymin, xmax, ymax], difficult, truncated) of each object."""
        path = os.path.join(self.dataset_dir, "Annotations", f"{image_id}.xml")
        if not os.path.isfile(path):
            raise RuntimeError(f"VOCDataset: the annotation file {path} does not exist.")
        try:
            root = ElementTree.parse(path).getroot()
            return [(obj.findtext("name"), [float(obj.find("bndbox").findtext(k)) for k in
                                            ("xmin", "ymin", "xmax", "ymax")],
                     int(obj.findtext("difficult") or 0), int(obj.findtext("truncated") or 0))
                    for obj in root.iter("object")]
        except (ElementTree.ParseError, AttributeError, TypeError, ValueError) as e:
            raise RuntimeError(f"VOCDataset: {path} is not a VOC annotation: {type(e).__name__}: {e}") from e

    def _detection(self, image_id: str, objects: list[tuple]) -> tuple:
        unknown = sorted({o[0] for o in objects} - set(self.class_indexing))
        if unknown:
            raise RuntimeError(f"VOCDataset: the classes {unknown} of {image_id} are not in class_indexing.")
        boxes = np.array([[x0, y0, x1 - x0, y1 - y0] for _, (x0, y0, x1, y1), _, _ in objects],
                         np.float32).reshape(-1, 4)
        column = [np.array([[self.class_indexing[o[0]]] for o in objects], np.uint32).reshape(-1, 1),
                  np.array([[o[2]] for o in objects], np.uint32).reshape(-1, 1),
                  np.array([[o[3]] for o in objects], np.uint32).reshape(-1, 1)]
        return (boxes, *column, np.array(image_id))

    def _columns(self) -> list[str]:
        names = ["image", "target"] if self.task == "Segmentation" else [
            "image", "bbox", "label", "difficult", "truncate"]
        return names + (["_meta-filename"] if self.extra_metadata else [])

    def _read(self, index: int) -> tuple:
        path, annotations = self._samples[index]
        image = self._image(path)
        if self.task == "Segmentation":
            row = (image, self._image(annotations[0]))
        else:
            row = (image, *(a.copy() for a in annotations[:-1]))
        return row + ((np.array(annotations[-1]),) if self.extra_metadata else ())

    def get_class_indexing(self) -> dict[str, int]:
        if self.task != "Detection":
            raise RuntimeError("VOCDataset: get_class_indexing is only for task 'Detection'.")
        return dict(self.class_indexing)


_COCO_TASKS = ("Detection", "Stuff", "Keypoint", "Panoptic", "Captioning")


class CocoDataset(ImageFilesDataset):
    """Rows of COCO: the images of `dataset_dir` named by `annotation_file`'s "images",
    with their "annotations" per task:

    - 'Detection': (image, bbox, category_id, iscrowd): bbox float32 (N, 4) as stored
      ([x, y, width, height]), the others uint32 (N, 1);
    - 'Stuff': (image, segmentation, iscrowd): segmentation float32 (N, L), each polygon
      padded with -1 to the longest;
    - 'Keypoint': (image, keypoints, num_keypoints): keypoints float32 (N, 3K), num_keypoints
      uint32 (N, 1);
    - 'Panoptic': (image, bbox, category_id, iscrowd, area) of the "segments_info" of each
      image's annotation, area uint32 (N, 1);
    - 'Captioning': (image, captions), captions str (N, 1).

    Images without annotations are skipped. `extra_metadata` adds '_meta-filename'.
    """

    def __init__(self, dataset_dir, annotation_file, task="Detection", num_samples=None, num_parallel_workers=None,
                 shuffle=None, decode=False, sampler=None, num_shards=None, shard_id=None, cache=None,
                 extra_metadata=False, decrypt=None):
        super().__init__("CocoDataset", num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         decode, decrypt)
        self.dataset_dir = checks.check_dataset_dir("CocoDataset", dataset_dir)
        self.annotation_file = check_file("CocoDataset", "annotation_file", annotation_file)
        if task not in _COCO_TASKS:
            raise ValueError(f"For 'CocoDataset', the 'task' must be one of {list(_COCO_TASKS)}, but got {task!r}.")
        self.task = task
        self.extra_metadata = checks.check_bool("CocoDataset", "extra_metadata", extra_metadata)
        try:
            coco = json.loads(read_text(self._op, self.annotation_file))
            images = {image["id"]: image["file_name"] for image in coco["images"]}
            per_image: dict = {}
            for annotation in coco["annotations"]:
                # A panoptic annotation lists the segments of its image.
                segments = annotation["segments_info"] if task == "Panoptic" else [annotation]
                per_image.setdefault(annotation["image_id"], []).extend(segments)
            self.categories = {c["name"]: [c["id"], c["isthing"]] if task == "Panoptic" else [c["id"]]
                               for c in coco.get("categories", [])}
            for image_id, file_name in images.items():
                if image_id in per_image:
                    self._samples.append((os.path.join(self.dataset_dir, file_name),
                                          (*self._annotations(per_image[image_id]), np.array(file_name))))
        except (json.JSONDecodeError, KeyError, TypeError, ValueError) as e:
            raise RuntimeError(f"CocoDataset: {self.annotation_file} is not a COCO {task} annotation file: "
                               f"{type(e).__name__}: {e}") from e

    def _annotations(self, annotations: list[dict]) -> tuple:
        if self.task in ("Detection", "Panoptic"):
            area = (np.array([[a["area"]] for a in annotations], np.uint32),) if self.task == "Panoptic" else ()
            return (np.array([a["bbox"] for a in annotations], np.float32).reshape(-1, 4),
                    np.array([[a["category_id"]] for a in annotations], np.uint32),
                    np.array([[a.get("iscrowd", 0)] for a in annotations], np.uint32), *area)
        if self.task == "Keypoint":
            return (np.array([a["keypoints"] for a in annotations], np.float32),
                    np.array([[a["num_keypoints"]] for a in annotations], np.uint32))
        if self.task == "Captioning":
            return (np.array([[a["caption"]] for a in annotations], np.str_),)
        polygons = [[v for polygon in a["segmentation"] for v in polygon] for a in annotations]
        width = max(len(p) for p in polygons)
        padded = np.full((len(polygons), width), -1, np.float32)
        for row, polygon in zip(padded, polygons):
            row[:len(polygon)] = polygon
        return padded, np.array([[a.get("iscrowd", 0)] for a in annotations], np.uint32)

    def _columns(self) -> list[str]:
        names = {"Detection": ["bbox", "category_id", "iscrowd"], "Stuff": ["segmentation", "iscrowd"],
                 "Keypoint": ["keypoints", "num_keypoints"], "Panoptic": ["bbox", "category_id", "iscrowd", "area"],
                 "Captioning": ["captions"]}[self.task]
        return ["image", *names] + (["_meta-filename"] if self.extra_metadata else [])

    def _read(self, index: int) -> tuple:
        path, annotations = self._samples[index]
        kept = annotations if self.extra_metadata else annotations[:-1]
        return (self._image(path), *(a.copy() for a in kept))

    def get_class_indexing(self) -> dict[str, list[int]]:
        if self.task not in ("Detection", "Panoptic"):
            raise RuntimeError("CocoDataset: get_class_indexing is only for tasks 'Detection' and 'Panoptic'.")
        return {name: list(ids) for name, ids in self.categories.items()}


class FlickrDataset(ImageFilesDataset):
    """Rows (image, annotation) of Flickr8k / Flickr30k: the images of `dataset_dir` named by
    the '<image>#<k>\\t<caption>' lines of `annotation_file`, in order of first mention;
    annotation the str vector of an image's captions."""

    def __init__(self, dataset_dir, annotation_file, num_samples=None, num_parallel_workers=None, shuffle=None,
                 decode=None, sampler=None, num_shards=None, shard_id=None, cache=None):
        super().__init__("FlickrDataset", num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         decode)
        self.dataset_dir = checks.check_dataset_dir("FlickrDataset", dataset_dir)
        self.annotation_file = check_file("FlickrDataset", "annotation_file", annotation_file)
        captions: dict[str, list[str]] = {}
        for line_number, line in enumerate(read_text(self._op, self.annotation_file).splitlines(), 1):
            if not line.strip():
                continue
            key, tab, caption = line.partition("\t")
            if not tab or "#" not in key:
                raise RuntimeError(f"FlickrDataset: {self.annotation_file} line {line_number} must be "
                                   f"'<image>#<k>\\t<caption>'.")
            captions.setdefault(key.rsplit("#", 1)[0], []).append(caption)
        self._samples = [(os.path.join(self.dataset_dir, name), (np.array(texts),)) for name, texts in captions.items()]

    def _columns(self) -> list[str]:
        return ["image", "annotation"]


_KITTI_FIELDS = 15
"""Fields of a KITTI object label line: type, truncated, occluded, alpha, bbox (4),
dimensions (3), location (3), rotation_y."""


class KITTIDataset(ImageFilesDataset):
    """Rows (image, label, truncated, occluded, alpha, bbox, dimensions, location,
    rotation_y) of the KITTI object detection set: data_object_image_2/<training|testing>/
    image_2/*.png and, for 'train', data_object_label_2/training/label_2/<id>.txt, one
    object a line. label and occluded uint32 (N, 1), the others float32 (N, 1), (N, 4) or
    (N, 3); label numbers the object types found, in name order. usage 'test' gives only
    the image."""

    _COLUMNS = ["label", "truncated", "occluded", "alpha", "bbox", "dimensions", "location", "rotation_y"]

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 decode=False, sampler=None, num_shards=None, shard_id=None, cache=None):
        super().__init__("KITTIDataset", num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         decode)
        self.dataset_dir = checks.check_dataset_dir("KITTIDataset", dataset_dir)
        self.usage = checks.check_usage("KITTIDataset", "train" if usage is None else usage, ("train", "test"))
        split = "training" if self.usage == "train" else "testing"
        image_dir = os.path.join(self.dataset_dir, "data_object_image_2", split, "image_2")
        if not os.path.isdir(image_dir):
            raise RuntimeError(f"KITTIDataset: the folder {image_dir} does not exist.")
        images = sorted(e.path for e in os.scandir(image_dir) if e.name.endswith(".png"))
        if self.usage == "test":
            self._samples = [(path, ()) for path in images]
            return
        label_dir = os.path.join(self.dataset_dir, "data_object_label_2", split, "label_2")
        objects = [self._objects(os.path.join(label_dir, os.path.basename(p)[:-len(".png")] + ".txt"))
                   for p in images]
        types = {name: k for k, name in enumerate(sorted({o[0] for objs in objects for o in objs}))}
        for path, objs in zip(images, objects):
            values = np.array([o[1:] for o in objs], np.float32).reshape(-1, _KITTI_FIELDS - 1)
            self._samples.append((path, (
                np.array([[types[o[0]]] for o in objs], np.uint32).reshape(-1, 1), values[:, 0:1],
                values[:, 1:2].astype(np.uint32), values[:, 2:3], values[:, 3:7], values[:, 7:10], values[:, 10:13],
                values[:, 13:14])))

    def _objects(self, path: str) -> list[list]:
        if not os.path.isfile(path):
            raise RuntimeError(f"KITTIDataset: the label file {path} does not exist.")
        objects = []
        for line_number, line in enumerate(read_text(self._op, path).splitlines(), 1):
            fields = line.split()
            if not fields:
                continue
            try:
                if len(fields) != _KITTI_FIELDS:
                    raise ValueError(f"{len(fields)} fields")
                objects.append([fields[0], *map(float, fields[1:])])
            except ValueError as e:
                raise RuntimeError(f"KITTIDataset: {path} line {line_number} must hold an object type and 14 "
                                   f"numbers ({e}).") from None
        return objects

    def _columns(self) -> list[str]:
        return ["image"] + (self._COLUMNS if self.usage == "train" else [])


class WIDERFaceDataset(ImageFilesDataset):
    """Rows (image, bbox, blur, expression, illumination, occlusion, pose, invalid) of WIDER
    FACE: images WIDER_<train|val>/images/<event>/<file>, faces from
    wider_face_split/wider_face_<train|val>_bbx_gt.txt (file name, face count, then one line
    a face: x y w h and the six attributes, read in the column order as MindSpore does). bbox int32
    (N, 4), the others int32 (N,). usage 'train', 'valid' or 'all' (the default); 'test'
    lists wider_face_test_filelist.txt and gives only the image."""

    _COLUMNS = ["bbox", "blur", "expression", "illumination", "occlusion", "pose", "invalid"]

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 decode=False, sampler=None, num_shards=None, shard_id=None, cache=None):
        super().__init__("WIDERFaceDataset", num_samples, num_parallel_workers, shuffle, sampler, num_shards,
                         shard_id, decode)
        self.dataset_dir = checks.check_dataset_dir("WIDERFaceDataset", dataset_dir)
        self.usage = checks.check_usage("WIDERFaceDataset", usage, ("train", "valid", "test", "all"))
        if self.usage == "test":
            listing = self._split_file("wider_face_test_filelist.txt")
            self._samples = [(os.path.join(self.dataset_dir, "WIDER_test", "images", name), ())
                             for name in read_text(self._op, listing).split()]
            return
        for part in (["train", "val"] if self.usage == "all" else ["val" if self.usage == "valid" else "train"]):
            self._read_boxes(part)

    def _split_file(self, name: str) -> str:
        path = os.path.join(self.dataset_dir, "wider_face_split", name)
        if not os.path.isfile(path):
            raise RuntimeError(f"WIDERFaceDataset: the file {path} does not exist.")
        return path

    def _read_boxes(self, part: str) -> None:
        path = self._split_file(f"wider_face_{part}_bbx_gt.txt")
        lines = [line for line in read_text(self._op, path).splitlines() if line.strip()]
        position = 0
        try:
            while position < len(lines):
                name, count = lines[position].strip(), int(lines[position + 1])
                # An image without faces still has one line of zeros.
                faces = [list(map(int, line.split()[:10])) for line in lines[position + 2:position + 2 + max(count, 1)]]
                if any(len(face) != 10 for face in faces):
                    raise ValueError("a face line needs 10 numbers")
                faces = np.array(faces[:count], np.int32).reshape(-1, 10)
                position += 2 + max(count, 1)
                self._samples.append((os.path.join(self.dataset_dir, f"WIDER_{part}", "images", name), (
                    faces[:, :4], *(faces[:, k] for k in range(4, 10)))))
        except (ValueError, IndexError) as e:
            raise RuntimeError(f"WIDERFaceDataset: {path} is malformed near line {position + 1}: {e}") from None

    def _columns(self) -> list[str]:
        return ["image"] + (self._COLUMNS if self.usage != "test" else [])


_CITYSCAPES_TASKS = {"instance": "instanceIds.png", "semantic": "labelIds.png", "color": "color.png",
                     "polygon": "polygons.json"}


class CityscapesDataset(ImageFilesDataset):
    """Rows (image, task) of Cityscapes: leftImg8bit/<split>/<city>/<name>_leftImg8bit.png and
    its annotation gtFine (`quality_mode` 'fine') or gtCoarse ('coarse')
    /<split>/<city>/<name>_gt<Fine|Coarse>_<instanceIds|labelIds|color>.png by `task`
    ('instance', 'semantic', 'color'; bytes, or decoded to (H, W, 3) uint8 with `decode`), or
    the polygons JSON as a compact str ('polygon'). usage 'train', 'val', 'test' (fine) /
    'train_extra' (coarse), or 'all': every split of the quality mode."""

    def __init__(self, dataset_dir, usage="train", quality_mode="fine", task="instance", num_samples=None,
                 num_parallel_workers=None, shuffle=None, decode=None, sampler=None, num_shards=None, shard_id=None,
                 cache=None):
        super().__init__("CityscapesDataset", num_samples, num_parallel_workers, shuffle, sampler, num_shards,
                         shard_id, decode)
        self.dataset_dir = checks.check_dataset_dir("CityscapesDataset", dataset_dir)
        if quality_mode not in ("fine", "coarse"):
            raise ValueError(f"For 'CityscapesDataset', the 'quality_mode' must be 'fine' or 'coarse', but got "
                             f"{quality_mode!r}.")
        splits = ("train", "test", "val") if quality_mode == "fine" else ("train", "train_extra", "val")
        self.usage = checks.check_usage("CityscapesDataset", usage, (*splits, "all"))
        if task not in _CITYSCAPES_TASKS:
            raise ValueError(f"For 'CityscapesDataset', the 'task' must be one of {list(_CITYSCAPES_TASKS)}, but got "
                             f"{task!r}.")
        self.quality_mode, self.task = quality_mode, task
        annotation_root = "gtFine" if quality_mode == "fine" else "gtCoarse"
        for split in (splits if self.usage == "all" else [self.usage]):
            images = os.path.join(self.dataset_dir, "leftImg8bit", split)
            if not os.path.isdir(images):
                raise RuntimeError(f"CityscapesDataset: the folder {images} does not exist.")
            for city in sorted(e.name for e in os.scandir(images) if e.is_dir()):
                for name in sorted(os.listdir(os.path.join(images, city))):
                    if not name.endswith("_leftImg8bit.png"):
                        continue
                    stem = name[:-len("_leftImg8bit.png")]
                    target = os.path.join(self.dataset_dir, annotation_root, split, city,
                                          f"{stem}_{annotation_root}_{_CITYSCAPES_TASKS[task]}")
                    self._samples.append((os.path.join(images, city, name), (target,)))

    def _columns(self) -> list[str]:
        return ["image", "task"]

    def _read(self, index: int) -> tuple:
        path, (target,) = self._samples[index]
        if self.task != "polygon":
            return self._image(path), self._image(target)
        if not os.path.isfile(target):
            raise RuntimeError(f"CityscapesDataset: the file {target} does not exist.")
        try:
            polygons = json.loads(read_text(self._op, target))
        except json.JSONDecodeError as e:
            raise RuntimeError(f"CityscapesDataset: {target} is not JSON: {e}") from e
        return self._image(path), np.array(json.dumps(polygons, separators=(",", ":")))


class LFWDataset(ImageFilesDataset):
    """Rows of Labeled Faces in the Wild, images <folder>/<name>/<name>_NNNN.jpg with folder
    lfw, lfw_funneled or lfw-deepfunneled by `image_set` ('original', 'funneled' (the
    default), 'deepfunneled'); labels number the names of lfw-names.txt in its order.

    - task 'people' (the default): (image, label uint32), one row per image of each
      '<name>\\t<count>' line of peopleDevTrain.txt ('train'), peopleDevTest.txt ('test'),
      both ('all', the default) or people.txt ('10fold');
    - task 'pairs': (image1, image2, label uint32: 1 same person, 0 not), from the lines
      '<name>\\t<n1>\\t<n2>' and '<name1>\\t<n1>\\t<name2>\\t<n2>' of pairsDevTrain.txt,
      pairsDevTest.txt or pairs.txt.
    """

    _FOLDERS = {"original": "lfw", "funneled": "lfw_funneled", "deepfunneled": "lfw-deepfunneled"}
    _LISTS = {"people": {"train": ["peopleDevTrain.txt"], "test": ["peopleDevTest.txt"],
                         "all": ["peopleDevTrain.txt", "peopleDevTest.txt"], "10fold": ["people.txt"]},
              "pairs": {"train": ["pairsDevTrain.txt"], "test": ["pairsDevTest.txt"],
                        "all": ["pairsDevTrain.txt", "pairsDevTest.txt"], "10fold": ["pairs.txt"]}}

    def __init__(self, dataset_dir, task=None, usage=None, image_set=None, num_samples=None,
                 num_parallel_workers=None, shuffle=None, decode=False, sampler=None, num_shards=None, shard_id=None,
                 cache=None):
        super().__init__("LFWDataset", num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         decode)
        self.dataset_dir = checks.check_dataset_dir("LFWDataset", dataset_dir)
        self.task = "people" if task is None else task
        if self.task not in self._LISTS:
            raise ValueError(f"For 'LFWDataset', the 'task' must be 'people' or 'pairs', but got {task!r}.")
        self.usage = checks.check_usage("LFWDataset", usage, ("train", "test", "all", "10fold"))
        self.image_set = "funneled" if image_set is None else image_set
        if self.image_set not in self._FOLDERS:
            raise ValueError(f"For 'LFWDataset', the 'image_set' must be one of {list(self._FOLDERS)}, but got "
                             f"{image_set!r}.")
        self._folder = os.path.join(self.dataset_dir, self._FOLDERS[self.image_set])
        labels = {fields[0]: k for k, fields in enumerate(self._lines("lfw-names.txt"))}
        for list_name in self._LISTS[self.task][self.usage]:
            for fields in self._lines(list_name):
                if len(fields) == 2 and fields[1].isdigit() and fields[0] in labels and self.task == "people":
                    self._samples += [(self._path(fields[0], k), (np.uint32(labels[fields[0]]),))
                                      for k in range(1, int(fields[1]) + 1)]
                elif self.task == "pairs" and len(fields) in (3, 4) and not fields[0].isdigit():
                    first, second = (fields[:2], [fields[0], fields[2]]) if len(fields) == 3 else (fields[:2],
                                                                                                   fields[2:])
                    self._samples.append((self._path(*first), (self._path(*second), np.uint32(len(fields) == 3))))
                elif not all(f.isdigit() for f in fields):  # fold counts are skipped
                    raise RuntimeError(f"LFWDataset: the line {' '.join(fields)!r} of {list_name} names no image "
                                       f"(or a name missing from lfw-names.txt).")

    def _lines(self, name: str) -> list[list[str]]:
        path = os.path.join(self.dataset_dir, name)
        if not os.path.isfile(path):
            raise RuntimeError(f"LFWDataset: the file {path} does not exist.")
        return [line.split() for line in read_text(self._op, path).splitlines() if line.strip()]

    def _path(self, name: str, number) -> str:
        return os.path.join(self._folder, name, f"{name}_{int(number):04d}.jpg")

    def _columns(self) -> list[str]:
        return ["image", "label"] if self.task == "people" else ["image1", "image2", "label"]

    def _read(self, index: int) -> tuple:
        path, annotations = self._samples[index]
        if self.task == "people":
            return self._image(path), np.array(annotations[0])
        return self._image(path), self._image(annotations[0]), np.array(annotations[1])


class SBUDataset(ImageFilesDataset):
    """Rows (image, caption) of the SBU captioned photos: line k of
    SBU_captioned_photo_dataset_urls.txt (http://static.flickr.com/<dir>/<file>) names
    sbu_images/m_<dir>_<file>, captioned by line k of SBU_captioned_photo_dataset_captions.txt
    (stripped); photos not downloaded are skipped."""

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None, decode=False,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        super().__init__("SBUDataset", num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         decode)
        self.dataset_dir = checks.check_dataset_dir("SBUDataset", dataset_dir)
        urls, captions = (self._lines(f"SBU_captioned_photo_dataset_{kind}.txt") for kind in ("urls", "captions"))
        if len(urls) != len(captions):
            raise RuntimeError(f"SBUDataset: {len(urls)} urls but {len(captions)} captions in {self.dataset_dir}.")
        for url, caption in zip(urls, captions):
            parts = url.strip().split("/")
            path = os.path.join(self.dataset_dir, "sbu_images", "m_" + "_".join(parts[-2:]))
            if os.path.isfile(path):
                self._samples.append((path, (np.array(caption.strip()),)))
        if not self._samples:
            raise RuntimeError(f"SBUDataset: no photo of the url list is in {self.dataset_dir}/sbu_images.")

    def _lines(self, name: str) -> list[str]:
        path = os.path.join(self.dataset_dir, name)
        if not os.path.isfile(path):
            raise RuntimeError(f"SBUDataset: the file {path} does not exist.")
        return [line for line in read_text(self._op, path).splitlines() if line.strip()]

    def _columns(self) -> list[str]:
        return ["image", "caption"]
