"""Image sources with annotation files (Manifest, CelebA, VOC, Coco), written here in
their real layouts. Images are arbitrary bytes: without `decode` they are read as is."""
import json

import numpy as np
import pytest

import spore.dataset as ds

from .helpers import column, rows


def image_bytes(tag):
    return f"image {tag}".encode()


def write_image(path, tag):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(image_bytes(tag))
    return str(path)


# ---- ManifestDataset ------------------------------------------------------------------------
@pytest.fixture
def manifest(tmp_path):
    a, b = write_image(tmp_path / "a.jpg", "a"), write_image(tmp_path / "b.jpg", "b")
    entries = [{"source": a, "usage": "train", "annotation": [{"type": "label", "name": "dog"}]},
               {"source": b, "usage": "train", "annotation": [{"type": "label", "name": "cat"},
                                                              {"type": "label", "name": "dog"}]},
               {"source": b, "usage": "eval", "annotation": [{"type": "label", "name": "bird"}]}]
    path = tmp_path / "m.json"
    path.write_text("".join(json.dumps(e) + "\n" for e in entries), encoding="utf-8")
    return str(path)


def test_manifest_rows_of_the_usage(manifest):
    data = ds.ManifestDataset(manifest, shuffle=False)
    assert data.get_col_names() == ["image", "label"] and data.get_dataset_size() == 2
    got = rows(data)
    assert got[0][0].tobytes() == image_bytes("a") and got[0][1].dtype == np.int32
    assert [r[1].tolist() for r in got] == [1, [0, 1]]
    assert data.get_class_indexing() == {"cat": 0, "dog": 1} and data.num_classes() == 2
    assert column(ds.ManifestDataset(manifest, usage="eval"), 1) == [0]
    indexed = ds.ManifestDataset(manifest, class_indexing={"dog": 5, "cat": 2}, shuffle=False)
    assert column(indexed, 1) == [5, [2, 5]]


def test_manifest_errors(manifest, tmp_path):
    with pytest.raises(RuntimeError, match=r"classes \['cat'\] of .*b.jpg are not in class_indexing"):
        ds.ManifestDataset(manifest, class_indexing={"dog": 0})
    with pytest.raises(ValueError, match="does not exist or is not a file"):
        ds.ManifestDataset(str(tmp_path / "none.json"))
    with pytest.raises(ValueError, match="'usage' must be one of"):
        ds.ManifestDataset(manifest, usage="test")
    bad = tmp_path / "bad.json"
    bad.write_text('{"usage": "train"}\n', encoding="utf-8")
    with pytest.raises(RuntimeError, match="bad.json line 1 is not a manifest entry"):
        ds.ManifestDataset(str(bad))


def test_manifest_missing_image_is_named(tmp_path):
    path = tmp_path / "m.json"
    path.write_text(json.dumps({"source": str(tmp_path / "gone.jpg"), "usage": "train", "annotation": []}) + "\n")
    with pytest.raises(RuntimeError, match="image file .*gone.jpg does not exist"):
        rows(ds.ManifestDataset(str(path)))


# ---- CelebADataset --------------------------------------------------------------------------
@pytest.fixture
def celeba_dir(tmp_path):
    for k in (1, 2, 3):
        write_image(tmp_path / "img_align_celeba" / f"00000{k}.jpg", k)
    (tmp_path / "list_attr_celeba.txt").write_text(
        "3\nSmiling Young\n000001.jpg -1  1\n000002.jpg  1 -1\n000003.jpg  1  1\n", encoding="utf-8")
    (tmp_path / "list_eval_partition.txt").write_text("000001.jpg 0\n000002.jpg 1\n000003.jpg 2\n")
    return tmp_path


def test_celeba_attributes_and_partitions(celeba_dir):
    data = ds.CelebADataset(str(celeba_dir), shuffle=False)
    assert data.get_col_names() == ["image", "attr"] and data.get_dataset_size() == 3
    got = rows(data)
    assert got[1][0].tobytes() == image_bytes(2) and got[1][1].dtype == np.uint32
    assert [r[1].tolist() for r in got] == [[0, 1], [1, 0], [1, 1]]
    assert [r[0].tobytes() for r in rows(ds.CelebADataset(celeba_dir, usage="valid"))] == [image_bytes(2)]
    assert ds.CelebADataset(celeba_dir, usage="test").get_dataset_size() == 1
    assert ds.CelebADataset(celeba_dir, extensions=[".png"]).get_dataset_size() == 0


def test_celeba_errors(celeba_dir):
    with pytest.raises(ValueError, match="'usage' must be one of"):
        ds.CelebADataset(celeba_dir, usage="eval")
    (celeba_dir / "list_eval_partition.txt").unlink()
    with pytest.raises(RuntimeError, match="list_eval_partition.txt does not exist"):
        ds.CelebADataset(celeba_dir, usage="train")
    (celeba_dir / "list_attr_celeba.txt").write_text("1\nSmiling Young\n000001.jpg 1\n")
    with pytest.raises(RuntimeError, match="list_attr_celeba.txt line 3 must give 2 attributes"):
        ds.CelebADataset(celeba_dir)


# ---- VOCDataset -----------------------------------------------------------------------------
VOC_XML = """<annotation><filename>2007_000001.jpg</filename>
<object><name>dog</name><truncated>1</truncated><difficult>0</difficult>
<bndbox><xmin>1</xmin><ymin>2</ymin><xmax>4</xmax><ymax>5</ymax></bndbox></object>
<object><name>cat</name><difficult>1</difficult>
<bndbox><xmin>0.5</xmin><ymin>1</ymin><xmax>3</xmax><ymax>3</ymax></bndbox></object></annotation>"""


@pytest.fixture
def voc_dir(tmp_path):
    write_image(tmp_path / "JPEGImages" / "2007_000001.jpg", "jpeg")
    write_image(tmp_path / "SegmentationClass" / "2007_000001.png", "mask")
    (tmp_path / "Annotations").mkdir()
    (tmp_path / "Annotations" / "2007_000001.xml").write_text(VOC_XML)
    for task in ("Main", "Segmentation"):
        (tmp_path / "ImageSets" / task).mkdir(parents=True)
        (tmp_path / "ImageSets" / task / "train.txt").write_text("2007_000001\n")
    return tmp_path


def test_voc_detection_boxes_as_width_and_height(voc_dir):
    data = ds.VOCDataset(str(voc_dir), task="Detection", shuffle=False)
    assert data.get_col_names() == ["image", "bbox", "label", "difficult", "truncate"]
    image, bbox, label, difficult, truncate = rows(data)[0]
    assert image.tobytes() == image_bytes("jpeg")
    np.testing.assert_array_equal(bbox, np.array([[1, 2, 3, 3], [0.5, 1, 2.5, 2]], np.float32))
    assert bbox.dtype == np.float32 and label.dtype == np.uint32
    assert label.tolist() == [[1], [0]] and difficult.tolist() == [[0], [1]] and truncate.tolist() == [[1], [0]]
    assert data.get_class_indexing() == {"cat": 0, "dog": 1}
    meta = ds.VOCDataset(voc_dir, task="Detection", class_indexing={"cat": 7, "dog": 9}, extra_metadata=True)
    assert meta.get_col_names()[-1] == "_meta-filename"
    assert rows(meta)[0][2].tolist() == [[9], [7]] and rows(meta)[0][5].item() == "2007_000001"


def test_voc_segmentation_pairs_image_and_mask(voc_dir):
    data = ds.VOCDataset(voc_dir, task="Segmentation")
    assert data.get_col_names() == ["image", "target"]
    assert [v.tobytes() for v in rows(data)[0]] == [image_bytes("jpeg"), image_bytes("mask")]


def test_voc_errors(voc_dir):
    with pytest.raises(ValueError, match="'task' must be"):
        ds.VOCDataset(voc_dir, task="Classification")
    with pytest.raises(ValueError, match="val.txt of usage 'val' does not exist"):
        ds.VOCDataset(voc_dir, usage="val")
    with pytest.raises(RuntimeError, match=r"classes \['cat'\] of 2007_000001 are not in class_indexing"):
        ds.VOCDataset(voc_dir, task="Detection", class_indexing={"dog": 0})
    (voc_dir / "Annotations" / "2007_000001.xml").write_text("<annotation><object>")
    with pytest.raises(RuntimeError, match="2007_000001.xml is not a VOC annotation"):
        ds.VOCDataset(voc_dir, task="Detection")


# ---- CocoDataset ----------------------------------------------------------------------------
@pytest.fixture
def coco(tmp_path):
    write_image(tmp_path / "images" / "1.jpg", 1)
    write_image(tmp_path / "images" / "2.jpg", 2)
    annotations = {
        "images": [{"id": 1, "file_name": "1.jpg"}, {"id": 2, "file_name": "2.jpg"}, {"id": 3, "file_name": "3.jpg"}],
        "annotations": [
            {"id": 10, "image_id": 1, "category_id": 3, "bbox": [1, 2, 3, 2], "iscrowd": 0,
             "segmentation": [[1, 2, 4, 2, 4, 4]], "keypoints": [1, 1, 2, 3, 3, 1], "num_keypoints": 2,
             "caption": "a dog"},
            {"id": 11, "image_id": 1, "category_id": 5, "bbox": [0, 0, 2, 2], "iscrowd": 1,
             "segmentation": [[0, 0, 2, 0, 2, 2, 0, 2]], "keypoints": [0, 0, 0, 1, 1, 2], "num_keypoints": 1,
             "caption": "a cat"},
            {"id": 12, "image_id": 2, "category_id": 3, "bbox": [0, 1, 1, 1], "iscrowd": 0,
             "segmentation": [[0, 1, 1, 1, 1, 2]], "keypoints": [1, 1, 2, 0, 0, 0], "num_keypoints": 1,
             "caption": "dog"}],
        "categories": [{"id": 3, "name": "dog"}, {"id": 5, "name": "cat"}]}
    path = tmp_path / "ann.json"
    path.write_text(json.dumps(annotations))
    return str(tmp_path / "images"), str(path)


def test_coco_detection(coco):
    data = ds.CocoDataset(*coco, shuffle=False)
    assert data.get_col_names() == ["image", "bbox", "category_id", "iscrowd"] and data.get_dataset_size() == 2
    image, bbox, category, crowd = rows(data)[0]
    assert image.tobytes() == image_bytes(1) and bbox.dtype == np.float32
    assert bbox.tolist() == [[1, 2, 3, 2], [0, 0, 2, 2]] and category.tolist() == [[3], [5]]
    assert crowd.tolist() == [[0], [1]] and category.dtype == np.uint32
    assert data.get_class_indexing() == {"dog": [3], "cat": [5]}
    meta = ds.CocoDataset(*coco, extra_metadata=True, shuffle=False)
    assert rows(meta)[1][-1].item() == "2.jpg"


def test_coco_stuff_keypoint_captioning(coco):
    segmentation, crowd = rows(ds.CocoDataset(*coco, task="Stuff", shuffle=False))[0][1:]
    assert segmentation.tolist() == [[1, 2, 4, 2, 4, 4, -1, -1], [0, 0, 2, 0, 2, 2, 0, 2]]
    keypoints, count = rows(ds.CocoDataset(*coco, task="Keypoint", shuffle=False))[0][1:]
    assert keypoints.shape == (2, 6) and count.tolist() == [[2], [1]]
    assert column(ds.CocoDataset(*coco, task="Captioning", shuffle=False), 1) == [[["a dog"], ["a cat"]], [["dog"]]]


def test_coco_panoptic_segments(tmp_path):
    (tmp_path / "1.jpg").write_bytes(b"jpeg")
    annotations = {"images": [{"id": 1, "file_name": "1.jpg"}],
                   "annotations": [{"image_id": 1, "file_name": "1.png", "segments_info": [
                       {"id": 7, "category_id": 3, "iscrowd": 0, "bbox": [1, 2, 3, 2], "area": 6},
                       {"id": 8, "category_id": 5, "iscrowd": 1, "bbox": [0, 0, 2, 2], "area": 4}]}],
                   "categories": [{"id": 3, "name": "dog", "isthing": 1}, {"id": 5, "name": "sky", "isthing": 0}]}
    (tmp_path / "pan.json").write_text(json.dumps(annotations))
    data = ds.CocoDataset(str(tmp_path), str(tmp_path / "pan.json"), task="Panoptic")
    assert data.get_col_names() == ["image", "bbox", "category_id", "iscrowd", "area"]
    image, bbox, category, crowd, area = rows(data)[0]
    assert bbox.tolist() == [[1, 2, 3, 2], [0, 0, 2, 2]] and category.tolist() == [[3], [5]]
    assert crowd.tolist() == [[0], [1]] and area.tolist() == [[6], [4]] and area.dtype == np.uint32
    assert data.get_class_indexing() == {"dog": [3, 1], "sky": [5, 0]}


def test_coco_errors(coco, tmp_path):
    with pytest.raises(ValueError, match="'task' must be one of"):
        ds.CocoDataset(*coco, task="Panorama")
    with pytest.raises(RuntimeError, match="get_class_indexing is only for tasks"):
        ds.CocoDataset(*coco, task="Keypoint").get_class_indexing()
    with pytest.raises(ValueError, match="annotation_file .* does not exist"):
        ds.CocoDataset(coco[0], str(tmp_path / "none.json"))
    (tmp_path / "bad.json").write_text('{"images": []}')
    with pytest.raises(RuntimeError, match="bad.json is not a COCO Detection annotation file"):
        ds.CocoDataset(coco[0], str(tmp_path / "bad.json"))


def test_decode_gives_rgb_pixels(tmp_path):
    image_module = pytest.importorskip("PIL.Image")
    (tmp_path / "img_align_celeba").mkdir()
    image_module.new("RGB", (4, 3), (0, 255, 0)).save(tmp_path / "img_align_celeba" / "1.png")
    (tmp_path / "list_attr_celeba.txt").write_text("1\nSmiling\n1.png 1\n")
    image = rows(ds.CelebADataset(tmp_path, decode=True))[0][0]
    assert image.shape == (3, 4, 3) and image[0, 0].tolist() == [0, 255, 0]


def test_decrypt_is_called_with_each_image_path(coco, tmp_path):
    def decrypt(path):
        return bytes(reversed(open(path, "rb").read()))

    image = rows(ds.CocoDataset(*coco, decrypt=decrypt, shuffle=False))[0][0]
    assert image.tobytes() == bytes(reversed(image_bytes(1)))
    write_image(tmp_path / "folder" / "cat" / "1.jpg", "cat")
    folder = ds.ImageFolderDataset(str(tmp_path / "folder"), decrypt=decrypt)
    assert rows(folder)[0][0].tobytes() == bytes(reversed(image_bytes("cat")))
    with pytest.raises(TypeError, match="'decrypt' must be a callable"):
        ds.ImageFolderDataset(str(tmp_path / "folder"), decrypt="key")
    with pytest.raises(RuntimeError, match="decrypt function must return bytes, but returned str"):
        rows(ds.CocoDataset(*coco, decrypt=lambda path: "text"))
    with pytest.raises(RuntimeError, match="decrypt function raised ValueError for .*1.jpg"):
        rows(ds.CocoDataset(*coco, decrypt=lambda path: int("x"), shuffle=False))
