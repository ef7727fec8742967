"""Flickr, KITTI, WIDER FACE, Places365 and DIV2K read from files written here in their
layouts (images are arbitrary bytes, read without decoding)."""
import numpy as np
import pytest

import spore.dataset as ds

from .helpers import column, rows


def touch(path, data=b"img"):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def test_flickr_captions_per_image(tmp_path):
    touch(tmp_path / "images" / "1000.jpg", b"a")
    touch(tmp_path / "images" / "1001.jpg", b"b")
    annotations = tmp_path / "ann.token"
    annotations.write_text("1000.jpg#0\tA child in pink.\n1001.jpg#0\tA black dog.\n1000.jpg#1\tA girl.\n")
    data = ds.FlickrDataset(str(tmp_path / "images"), str(annotations), shuffle=False)
    assert data.get_col_names() == ["image", "annotation"]
    assert [(r[0].tobytes(), r[1].tolist()) for r in rows(data)] == [(b"a", ["A child in pink.", "A girl."]),
                                                                     (b"b", ["A black dog."])]
    annotations.write_text("1000.jpg A child\n")
    with pytest.raises(RuntimeError, match="ann.token line 1 must be"):
        ds.FlickrDataset(str(tmp_path / "images"), str(annotations))


def test_kitti_objects(tmp_path):
    touch(tmp_path / "data_object_image_2" / "training" / "image_2" / "000000.png", b"png")
    labels = tmp_path / "data_object_label_2" / "training" / "label_2"
    labels.mkdir(parents=True)
    (labels / "000000.txt").write_text("Pedestrian 0.00 0 -0.20 712.40 143.00 810.73 307.92 1.89 0.48 1.20 1.84 "
                                       "1.47 8.41 0.01\nCar 0.5 1 1.0 1 2 3 4 1.5 1.6 1.7 2.0 2.1 2.2 -0.5\n")
    data = ds.KITTIDataset(tmp_path, shuffle=False)
    assert data.get_col_names() == ["image", "label", "truncated", "occluded", "alpha", "bbox", "dimensions",
                                    "location", "rotation_y"]
    image, label, truncated, occluded, alpha, bbox, dimensions, location, rotation = rows(data)[0]
    assert image.tobytes() == b"png" and label.tolist() == [[1], [0]] and label.dtype == np.uint32
    assert occluded.tolist() == [[0], [1]] and occluded.dtype == np.uint32
    np.testing.assert_allclose(bbox, [[712.40, 143.00, 810.73, 307.92], [1, 2, 3, 4]], rtol=1e-6)
    assert bbox.dtype == np.float32 and dimensions.shape == (2, 3) and location.shape == (2, 3)
    np.testing.assert_allclose(np.concatenate([truncated, alpha, rotation], 1), [[0, -0.2, 0.01], [0.5, 1, -0.5]],
                               rtol=1e-6)
    (labels / "000000.txt").write_text("Car 1 2\n")
    with pytest.raises(RuntimeError, match="000000.txt line 1 must hold an object type and 14 numbers"):
        ds.KITTIDataset(tmp_path)


def test_wider_face_boxes(tmp_path):
    touch(tmp_path / "WIDER_train" / "images" / "0--Parade" / "a.jpg", b"a")
    touch(tmp_path / "WIDER_train" / "images" / "0--Parade" / "b.jpg", b"b")
    (tmp_path / "wider_face_split").mkdir()
    (tmp_path / "wider_face_split" / "wider_face_train_bbx_gt.txt").write_text(
        "0--Parade/a.jpg\n2\n449 330 122 149 0 0 0 0 0 0 \n1 2 3 4 2 1 0 1 1 2 \n0--Parade/b.jpg\n0\n"
        "0 0 0 0 0 0 0 0 0 0\n")
    data = ds.WIDERFaceDataset(tmp_path, usage="train", shuffle=False)
    assert data.get_col_names() == ["image", "bbox", "blur", "expression", "illumination", "occlusion", "pose",
                                    "invalid"]
    first, second = rows(data)
    assert first[1].tolist() == [[449, 330, 122, 149], [1, 2, 3, 4]] and first[1].dtype == np.int32
    assert [v.tolist() for v in first[2:]] == [[0, 2], [0, 1], [0, 0], [0, 1], [0, 1], [0, 2]]
    assert second[1].shape == (0, 4) and second[0].tobytes() == b"b"
    with pytest.raises(RuntimeError, match="wider_face_val_bbx_gt.txt does not exist"):
        ds.WIDERFaceDataset(tmp_path)


def test_places365_lists(tmp_path):
    touch(tmp_path / "data_256_standard" / "a" / "airfield" / "1.jpg", b"train")
    touch(tmp_path / "val_large" / "val_1.jpg", b"val")
    (tmp_path / "categories_places365.txt").write_text("/a/airfield 0\n/a/airplane_cabin 1\n")
    (tmp_path / "places365_train_standard.txt").write_text("/a/airfield/1.jpg 0\n")
    (tmp_path / "places365_val.txt").write_text("val_1.jpg 1\n")
    assert [(r[0].tobytes(), r[1].item()) for r in rows(ds.Places365Dataset(tmp_path))] == [(b"train", 0)]
    val = ds.Places365Dataset(tmp_path, usage="val", small=False)
    assert [(r[0].tobytes(), r[1].item()) for r in rows(val)] == [(b"val", 1)] and rows(val)[0][1].dtype == np.uint32
    with pytest.raises(ValueError, match="'usage' must be one of"):
        ds.Places365Dataset(tmp_path, usage="test")
    with pytest.raises(RuntimeError, match="places365_train_challenge.txt does not exist"):
        ds.Places365Dataset(tmp_path, usage="train-challenge")


def test_div2k_pairs(tmp_path):
    touch(tmp_path / "DIV2K_train_HR" / "0001.png", b"hr1")
    touch(tmp_path / "DIV2K_train_LR_bicubic" / "X2" / "0001x2.png", b"lr1")
    touch(tmp_path / "DIV2K_train_LR_mild" / "0001x4m.png", b"mild1")
    data = ds.DIV2KDataset(tmp_path, shuffle=False)
    assert data.get_col_names() == ["hr_image", "lr_image"]
    assert [v.tobytes() for v in rows(data)[0]] == [b"hr1", b"lr1"]
    assert rows(ds.DIV2KDataset(tmp_path, downgrade="mild", scale=4))[0][1].tobytes() == b"mild1"
    with pytest.raises(ValueError, match="'scale' 2 is not available with downgrade 'mild'"):
        ds.DIV2KDataset(tmp_path, downgrade="mild", scale=2)
    with pytest.raises(RuntimeError, match="X3/0001x3.png does not exist"):
        rows(ds.DIV2KDataset(tmp_path, scale=3))
    assert column(ds.DIV2KDataset(tmp_path, usage="train"), 0) == [list(b"hr1")]


@pytest.fixture
def cityscapes_dir(tmp_path):
    stem = "aachen_000000_000019"
    touch(tmp_path / "leftImg8bit" / "train" / "aachen" / f"{stem}_leftImg8bit.png", b"left")
    gt = tmp_path / "gtFine" / "train" / "aachen"
    for suffix in ("instanceIds", "labelIds", "color"):
        touch(gt / f"{stem}_gtFine_{suffix}.png", suffix.encode())
    (gt / f"{stem}_gtFine_polygons.json").write_text('{"imgHeight": 3, "objects": [{"label": "road"}]}')
    return tmp_path


def test_cityscapes_tasks(cityscapes_dir):
    for task, expected in (("instance", b"instanceIds"), ("semantic", b"labelIds"), ("color", b"color")):
        data = ds.CityscapesDataset(cityscapes_dir, task=task)
        assert data.get_col_names() == ["image", "task"]
        assert [v.tobytes() for v in rows(data)[0]] == [b"left", expected]
    polygon = rows(ds.CityscapesDataset(cityscapes_dir, task="polygon"))[0][1]
    assert polygon.item() == '{"imgHeight":3,"objects":[{"label":"road"}]}'
    with pytest.raises(RuntimeError, match="leftImg8bit/test does not exist"):
        ds.CityscapesDataset(cityscapes_dir, usage="all")
    with pytest.raises(ValueError, match="'usage' must be one of"):
        ds.CityscapesDataset(cityscapes_dir, usage="train_extra")
    with pytest.raises(ValueError, match="'task' must be one of"):
        ds.CityscapesDataset(cityscapes_dir, task="depth")


@pytest.fixture
def lfw_dir(tmp_path):
    for folder in ("lfw", "lfw_funneled"):
        touch(tmp_path / folder / "Aaron_Eckhart" / "Aaron_Eckhart_0001.jpg", f"{folder} aaron 1".encode())
        for k in (1, 2):
            touch(tmp_path / folder / "Abel_Pacheco" / f"Abel_Pacheco_000{k}.jpg", f"{folder} abel {k}".encode())
    (tmp_path / "lfw-names.txt").write_text("Aaron_Eckhart\t1\nAbel_Pacheco\t2\n")
    (tmp_path / "peopleDevTrain.txt").write_text("2\nAaron_Eckhart\t1\nAbel_Pacheco\t2\n")
    (tmp_path / "peopleDevTest.txt").write_text("1\nAbel_Pacheco\t1\n")
    (tmp_path / "pairs.txt").write_text("1\t1\nAbel_Pacheco\t1\t2\nAaron_Eckhart\t1\tAbel_Pacheco\t2\n")
    return tmp_path


def test_lfw_people(lfw_dir):
    data = ds.LFWDataset(lfw_dir, usage="train", shuffle=False)
    assert data.get_col_names() == ["image", "label"]
    assert [(r[0].tobytes(), r[1].item()) for r in rows(data)] == [
        (b"lfw_funneled aaron 1", 0), (b"lfw_funneled abel 1", 1), (b"lfw_funneled abel 2", 1)]
    assert rows(data)[0][1].dtype == np.uint32 and ds.LFWDataset(lfw_dir).get_dataset_size() == 4
    original = ds.LFWDataset(lfw_dir, usage="test", image_set="original")
    assert [r[0].tobytes() for r in rows(original)] == [b"lfw abel 1"]


def test_lfw_pairs_and_errors(lfw_dir):
    data = ds.LFWDataset(lfw_dir, task="pairs", usage="10fold", shuffle=False)
    assert data.get_col_names() == ["image1", "image2", "label"]
    assert [(r[0].tobytes(), r[1].tobytes(), r[2].item()) for r in rows(data)] == [
        (b"lfw_funneled abel 1", b"lfw_funneled abel 2", 1), (b"lfw_funneled aaron 1", b"lfw_funneled abel 2", 0)]
    with pytest.raises(RuntimeError, match="pairsDevTrain.txt does not exist"):
        ds.LFWDataset(lfw_dir, task="pairs", usage="train")
    with pytest.raises(ValueError, match="'image_set' must be one of"):
        ds.LFWDataset(lfw_dir, image_set="aligned")
    (lfw_dir / "peopleDevTest.txt").write_text("1\nNobody\t1\n")
    with pytest.raises(RuntimeError, match="'Nobody 1' of peopleDevTest.txt names no image"):
        ds.LFWDataset(lfw_dir, usage="test")


def test_sbu_photos_named_after_their_urls(tmp_path):
    touch(tmp_path / "sbu_images" / "m_2723_a.jpg", b"a")
    touch(tmp_path / "sbu_images" / "m_3_c.jpg", b"c")
    (tmp_path / "SBU_captioned_photo_dataset_urls.txt").write_text(
        "http://static.flickr.com/2723/a.jpg\nhttp://static.flickr.com/3/b.jpg\nhttp://static.flickr.com/3/c.jpg\n")
    (tmp_path / "SBU_captioned_photo_dataset_captions.txt").write_text("Man walks\nmissing\nA dog \n")
    data = ds.SBUDataset(tmp_path, shuffle=False)
    assert data.get_col_names() == ["image", "caption"]
    assert [(r[0].tobytes(), r[1].item()) for r in rows(data)] == [(b"a", "Man walks"), (b"c", "A dog")]
    (tmp_path / "SBU_captioned_photo_dataset_captions.txt").write_text("one\n")
    with pytest.raises(RuntimeError, match="3 urls but 1 captions"):
        ds.SBUDataset(tmp_path)


@pytest.fixture
def photo_tour_dir(tmp_path):
    folder = tmp_path / "liberty"
    folder.mkdir()
    (folder / "info.txt").write_text("0 0\n0 0\n1 0\n")
    (folder / "m50_100000_100000_0.txt").write_text("0 0 0 1 0 0 0\n0 0 0 2 1 0 0\n")
    return tmp_path


def test_photo_tour_lists(photo_tour_dir):
    assert ds.PhotoTourDataset(photo_tour_dir, "liberty").get_dataset_size() == 3
    test = ds.PhotoTourDataset(photo_tour_dir, "liberty", usage="test")
    assert test.get_col_names() == ["image1", "image2", "matches"] and test.get_dataset_size() == 2
    with pytest.raises(ValueError, match="'name' must be one of"):
        ds.PhotoTourDataset(photo_tour_dir, "paris")
    with pytest.raises(RuntimeError, match="yosemite/info.txt does not exist"):
        ds.PhotoTourDataset(photo_tour_dir, "yosemite")


def test_photo_tour_patches(photo_tour_dir):
    image_module = pytest.importorskip("PIL.Image")
    grid = (np.arange(1024 * 1024) % 251).astype(np.uint8).reshape(1024, 1024)
    image_module.fromarray(grid).save(photo_tour_dir / "liberty" / "patches0000.bmp")
    patches = [r[0] for r in rows(ds.PhotoTourDataset(photo_tour_dir, "liberty", shuffle=False))]
    assert patches[0].shape == (64, 64, 1) and patches[0].dtype == np.uint8
    np.testing.assert_array_equal(patches[2][..., 0], grid[:64, 128:192])
    test = rows(ds.PhotoTourDataset(photo_tour_dir, "liberty", usage="test", shuffle=False))
    assert [r[2].item() for r in test] == [1, 0]
    np.testing.assert_array_equal(test[1][1][..., 0], grid[:64, 128:192])
