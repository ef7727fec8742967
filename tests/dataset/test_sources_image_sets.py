"""Image sets in folders (Caltech256, Omniglot, Food101, SUN397, RenderedSST2), as pixel
values (STL10, Semeion, USPS), and SST-2's text files."""
import numpy as np
import pytest

import spore.dataset as ds

from .helpers import column, rows


def touch(path, data=b"img"):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def test_caltech256_labels_by_folder(tmp_path):
    touch(tmp_path / "001.ak47" / "001_0001.jpg", b"a1")
    touch(tmp_path / "001.ak47" / "001_0002.jpg", b"a2")
    touch(tmp_path / "002.american-flag" / "002_0001.jpg", b"f1")
    touch(tmp_path / "002.american-flag" / "notes.txt")
    data = ds.Caltech256Dataset(str(tmp_path), shuffle=False)
    assert data.get_col_names() == ["image", "label"] and data.get_dataset_size() == 3
    got = rows(data)
    assert [r[0].tobytes() for r in got] == [b"a1", b"a2", b"f1"] and [r[1].item() for r in got] == [0, 0, 1]
    assert got[0][1].dtype == np.int32


def test_omniglot_background_and_evaluation(tmp_path):
    touch(tmp_path / "images_background" / "Alpha" / "character01" / "1.png")
    touch(tmp_path / "images_background" / "Alpha" / "character02" / "2.png")
    touch(tmp_path / "images_background" / "Beta" / "character01" / "3.png")
    assert column(ds.OmniglotDataset(tmp_path, shuffle=False), 1) == [0, 1, 2]
    with pytest.raises(RuntimeError, match="images_evaluation does not exist"):
        ds.OmniglotDataset(tmp_path, background=False)
    with pytest.raises(TypeError, match="'background' must be a bool"):
        ds.OmniglotDataset(tmp_path, background=1)


def test_food101_class_names_from_meta_lists(tmp_path):
    touch(tmp_path / "images" / "apple_pie" / "1.jpg", b"pie")
    touch(tmp_path / "images" / "baby_back_ribs" / "2.jpg", b"ribs")
    (tmp_path / "meta").mkdir()
    (tmp_path / "meta" / "train.txt").write_text("apple_pie/1\n")
    (tmp_path / "meta" / "test.txt").write_text("baby_back_ribs/2\n")
    assert column(ds.Food101Dataset(tmp_path, shuffle=False), 1) == ["apple_pie", "baby_back_ribs"]
    assert [r[0].tobytes() for r in rows(ds.Food101Dataset(tmp_path, usage="test"))] == [b"ribs"]
    (tmp_path / "meta" / "test.txt").unlink()
    with pytest.raises(RuntimeError, match="meta/test.txt does not exist"):
        ds.Food101Dataset(tmp_path)


def test_sun397_classes_from_class_names(tmp_path):
    touch(tmp_path / "a" / "abbey" / "sun_1.jpg")
    touch(tmp_path / "b" / "bar" / "sun_2.jpg")
    touch(tmp_path / "b" / "bar" / "sun_3.jpg")
    (tmp_path / "ClassName.txt").write_text("/a/abbey\n/b/bar\n")
    data = ds.SUN397Dataset(tmp_path, shuffle=False)
    assert column(data, 1) == [0, 1, 1] and rows(data)[0][1].dtype == np.uint32
    (tmp_path / "ClassName.txt").write_text("/a/abbey\n/c/cave\n")
    with pytest.raises(RuntimeError, match="c/cave does not exist"):
        ds.SUN397Dataset(tmp_path)


def test_rendered_sst2_usages(tmp_path):
    touch(tmp_path / "train" / "negative" / "1.png", b"n1")
    touch(tmp_path / "train" / "positive" / "2.png", b"p2")
    touch(tmp_path / "valid" / "negative" / "3.png", b"n3")
    touch(tmp_path / "test" / "positive" / "4.png", b"p4")
    data = ds.RenderedSST2Dataset(tmp_path, shuffle=False)
    assert [(r[0].tobytes(), r[1].item()) for r in rows(data)] == [(b"p4", 1), (b"n1", 0), (b"p2", 1), (b"n3", 0)]
    assert column(ds.RenderedSST2Dataset(tmp_path, usage="val"), 1) == [0]
    with pytest.raises(ValueError, match="'usage' must be one of"):
        ds.RenderedSST2Dataset(tmp_path, usage="valid")


def stl_images(n, seed):
    """n images as STL-10 stores them: (C, W, H) planes."""
    return np.random.default_rng(seed).integers(0, 256, (n, 3, 96, 96), dtype=np.uint8)


def test_stl10_images_and_labels(tmp_path):
    train = stl_images(2, 0)
    train.tofile(tmp_path / "train_X.bin")
    np.array([1, 10], np.uint8).tofile(tmp_path / "train_y.bin")
    stl_images(1, 1).tofile(tmp_path / "test_X.bin")
    np.array([3], np.uint8).tofile(tmp_path / "test_y.bin")
    stl_images(1, 2).tofile(tmp_path / "unlabeled_X.bin")
    data = ds.STL10Dataset(tmp_path, usage="train", shuffle=False)
    got = rows(data)
    assert got[1][0].shape == (96, 96, 3)
    np.testing.assert_array_equal(got[1][0][5, 7], train[1][:, 7, 5])  # pixel (h=5, w=7)
    assert [r[1].item() for r in got] == [0, 9] and got[0][1].dtype == np.int32
    assert column(ds.STL10Dataset(tmp_path, shuffle=False), 1) == [2, 0, 9, -1]
    assert column(ds.STL10Dataset(tmp_path, usage="train+unlabeled", shuffle=False), 1) == [0, 9, -1]
    np.array([1], np.uint8).tofile(tmp_path / "train_y.bin")
    with pytest.raises(RuntimeError, match="train_X.bin holds 2 images but train_y.bin holds 1 labels"):
        ds.STL10Dataset(tmp_path, usage="train").get_dataset_size()
    with open(tmp_path / "test_X.bin", "ab") as f:
        f.write(b"x")
    with pytest.raises(RuntimeError, match="test_X.bin is malformed"):
        ds.STL10Dataset(tmp_path, usage="test").get_dataset_size()


def test_semeion_digits(tmp_path):
    pixels = (np.arange(256) % 3 == 0).astype(int)
    line = " ".join(f"{p}.0000" for p in pixels) + " " + " ".join("1" if d == 4 else "0" for d in range(10))
    (tmp_path / "semeion.data").write_text(line + "\n" + line + "\n")
    data = ds.SemeionDataset(tmp_path, shuffle=False)
    image, label = rows(data)[0]
    assert image.shape == (16, 16) and image.dtype == np.uint8 and image.ravel().tolist() == pixels.tolist()
    assert label.item() == 4 and label.dtype == np.uint32 and data.get_dataset_size() == 2
    (tmp_path / "semeion.data").write_text("1 0 1\n")
    with pytest.raises(RuntimeError, match="semeion.data line 1 must hold 256 pixel values"):
        ds.SemeionDataset(tmp_path)


def test_usps_libsvm_lines(tmp_path):
    line = "6 " + " ".join(f"{i + 1}:{-1 + 2 * i / 255:.6f}" for i in range(256)) + " \n"
    (tmp_path / "usps").write_text(line + line.replace("6 ", "3 ", 1))
    (tmp_path / "usps.t").write_text(line)
    data = ds.USPSDataset(tmp_path, usage="train", shuffle=False)
    image, label = rows(data)[0]
    expected = np.floor((np.array([float(f"{-1 + 2 * i / 255:.6f}") for i in range(256)]) + 1) / 2 * 255)
    assert image.shape == (16, 16, 1) and image.ravel().tolist() == expected.tolist()
    assert column(data, 1) == [5, 2] and label.dtype == np.uint32
    assert ds.USPSDataset(tmp_path).get_dataset_size() == 3
    (tmp_path / "usps.t").write_text("6 1:0.5\n")
    with pytest.raises(RuntimeError, match="usps.t line 1 must hold a label 1..10 and 256 values"):
        ds.USPSDataset(tmp_path, usage="test").get_dataset_size()


def test_sst2_files(tmp_path):
    (tmp_path / "train.tsv").write_text("sentence\tlabel\nhide new secretions \t0\ngood fun \t1\n")
    (tmp_path / "test.tsv").write_text("index\tsentence\n0\tuneasy mishmash\n")
    data = ds.SST2Dataset(tmp_path, shuffle=False)
    assert data.get_col_names() == ["sentence", "label"]
    assert [[v.item() for v in r] for r in rows(data)] == [["hide new secretions ", "0"], ["good fun ", "1"]]
    test = ds.SST2Dataset(tmp_path, usage="test")
    assert test.get_col_names() == ["sentence"] and column(test) == ["uneasy mishmash"]
    with pytest.raises(RuntimeError, match="dev.tsv does not exist"):
        ds.SST2Dataset(tmp_path, usage="dev")


def test_lsun_folders_and_labels(tmp_path):
    for folder, name, data in (("bedroom_train", "1_1.jpg", b"a"), ("bedroom_train", "1_2.jpg", b"e"),
                               ("classroom_train", "2_1.jpg", b"b"), ("classroom_val", "3.jpg", b"c"),
                               ("test", "4.jpg", b"d")):
        touch(tmp_path / folder / name, data)
    every = ds.LSUNDataset(tmp_path, shuffle=False)
    assert [(r[0].tobytes(), r[1].item()) for r in rows(every)] == [(b"a", 0), (b"e", 0), (b"b", 1), (b"c", 2)]
    assert rows(every)[0][1].dtype == np.uint32
    assert column(ds.LSUNDataset(tmp_path, usage="valid"), 1) == [0]
    assert [r[0].tobytes() for r in rows(ds.LSUNDataset(tmp_path, usage="test"))] == [b"d"]
    assert ds.LSUNDataset(tmp_path, usage="train", classes=["classroom"]).get_dataset_size() == 1
    with pytest.raises(TypeError, match="'classes' must be a list of str"):
        ds.LSUNDataset(tmp_path, classes="classroom")
    with pytest.raises(ValueError, match=r"'classes' must be among .* but got \['attic'\]"):
        ds.LSUNDataset(tmp_path, classes=["attic"])
    with pytest.raises(RuntimeError, match="no folder of the classes"):
        ds.LSUNDataset(tmp_path, usage="valid", classes=["tower"])
