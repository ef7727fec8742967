"""The .mat reader and the sources that need it (SVHN, Flowers102, Caltech101), on files
written here by a minimal level-5 MAT writer."""
import numpy as np
import pytest

import spore.dataset as ds
from spore.dataset.sources.matfile import read_mat

from .helpers import column, rows
from .mat_writer import Sparse, write_mat


@pytest.mark.parametrize("compress", [False, True])
def test_read_mat_numeric_arrays_in_column_major_order(tmp_path, compress):
    arrays = {"a": np.arange(6.0).reshape(2, 3), "b": np.array([[1, 2, 3]], np.uint16),
              "x": np.arange(24, dtype=np.uint8).reshape(2, 3, 4)}
    write_mat(tmp_path / "m.mat", arrays, compress)
    got = read_mat("test", str(tmp_path / "m.mat"))
    assert sorted(got) == ["a", "b", "x"]
    for name, array in arrays.items():
        np.testing.assert_array_equal(got[name], array)
        assert got[name].dtype == array.dtype


def test_read_mat_structs_cells_and_sparse_matrices(tmp_path):
    cells = np.empty((2, 1), object)
    cells[0, 0] = Sparse([[0, 2], [3, 0]])
    cells[1, 0] = np.array([[1.5]])
    write_mat(tmp_path / "s.mat", {"GT": {"cells": cells, "mask": np.arange(6, dtype=np.uint8).reshape(2, 3)}},
              compress=True)
    record = read_mat("test", str(tmp_path / "s.mat"))["GT"]
    assert sorted(record) == ["cells", "mask"] and record["mask"].tolist() == [[0, 1, 2], [3, 4, 5]]
    assert record["cells"].shape == (2, 1) and record["cells"][0, 0].tolist() == [[0, 2], [3, 0]]
    assert record["cells"][1, 0].tolist() == [[1.5]]


def test_read_mat_errors_name_the_file(tmp_path):
    (tmp_path / "text.mat").write_text("not a mat file")
    with pytest.raises(RuntimeError, match="text.mat is not a MATLAB level-5 .mat file"):
        read_mat("op", str(tmp_path / "text.mat"))
    write_mat(tmp_path / "cut.mat", {"a": np.arange(40.0)})
    data = (tmp_path / "cut.mat").read_bytes()
    (tmp_path / "cut.mat").write_bytes(data[:-40])
    with pytest.raises(RuntimeError, match="cut.mat is a corrupt .mat file"):
        read_mat("op", str(tmp_path / "cut.mat"))


def test_svhn_images_and_labels(tmp_path):
    x = np.random.default_rng(0).integers(0, 256, (32, 32, 3, 2), dtype=np.uint8)
    write_mat(tmp_path / "train_32x32.mat", {"X": x, "y": np.array([[10], [3]], np.uint8)}, compress=True)
    write_mat(tmp_path / "test_32x32.mat", {"X": x[..., :1], "y": np.array([[5]], np.uint8)})
    write_mat(tmp_path / "extra_32x32.mat", {"X": x[..., :1], "y": np.array([[1]], np.uint8)})
    data = ds.SVHNDataset(tmp_path, usage="train", shuffle=False)
    got = rows(data)
    np.testing.assert_array_equal(got[1][0], x[..., 1])
    assert [r[1].item() for r in got] == [0, 3] and got[0][1].dtype == np.uint32
    assert column(ds.SVHNDataset(tmp_path, shuffle=False), 1) == [0, 3, 5, 1]
    write_mat(tmp_path / "test_32x32.mat", {"X": x[..., :1]})
    with pytest.raises(RuntimeError, match=r"test_32x32.mat has no variable\(s\) \['y'\]"):
        ds.SVHNDataset(tmp_path, usage="test").get_dataset_size()


@pytest.fixture
def flowers_dir(tmp_path):
    for k in (1, 2, 3):
        (tmp_path / "jpg").mkdir(exist_ok=True)
        (tmp_path / "segmim").mkdir(exist_ok=True)
        (tmp_path / "jpg" / f"image_{k:05d}.jpg").write_bytes(f"image {k}".encode())
        (tmp_path / "segmim" / f"segmim_{k:05d}.jpg").write_bytes(f"mask {k}".encode())
    write_mat(tmp_path / "imagelabels.mat", {"labels": np.array([[77, 2, 5]], np.uint8)})
    write_mat(tmp_path / "setid.mat", {"trnid": np.array([[1]], np.uint16), "valid": np.array([[2]], np.uint16),
                                       "tstid": np.array([[3]], np.uint16)})
    return tmp_path


def test_flowers102_splits_and_tasks(flowers_dir):
    data = ds.Flowers102Dataset(flowers_dir, shuffle=False)
    assert data.get_col_names() == ["image", "label"]
    assert [(r[0].tobytes(), r[1].item()) for r in rows(data)] == [(b"image 1", 76), (b"image 3", 4),
                                                                   (b"image 2", 1)]
    segmentation = ds.Flowers102Dataset(flowers_dir, task="Segmentation", usage="valid")
    assert segmentation.get_col_names() == ["image", "segmentation", "label"]
    assert [v.tobytes() for v in rows(segmentation)[0][:2]] == [b"image 2", b"mask 2"]
    with pytest.raises(ValueError, match="'task' must be"):
        ds.Flowers102Dataset(flowers_dir, task="Detection")
    write_mat(flowers_dir / "setid.mat", {"trnid": np.array([[9]], np.uint16), "valid": np.array([[2]], np.uint16),
                                          "tstid": np.array([[3]], np.uint16)})
    with pytest.raises(RuntimeError, match="setid.mat names image 9"):
        ds.Flowers102Dataset(flowers_dir)


def test_caltech101_categories_and_annotations(tmp_path):
    root = tmp_path / "101_ObjectCategories"
    for category in ("Faces", "accordion", "BACKGROUND_Google"):
        (root / category).mkdir(parents=True)
        (root / category / "image_0001.jpg").write_bytes(category.encode())
    (tmp_path / "Annotations" / "Faces_2").mkdir(parents=True)
    (tmp_path / "Annotations" / "accordion").mkdir()
    write_mat(tmp_path / "Annotations" / "Faces_2" / "annotation_0001.mat",
              {"box_coord": np.array([[1, 2, 3, 4]], np.uint16), "obj_contour": np.array([[1.5, 2.5], [3.0, 4.0]])})
    write_mat(tmp_path / "Annotations" / "accordion" / "annotation_0001.mat",
              {"obj_contour": np.arange(6.0).reshape(2, 3)})
    data = ds.Caltech101Dataset(tmp_path, shuffle=False)
    assert data.get_col_names() == ["image", "category"]
    assert [(r[0].tobytes(), r[1].item()) for r in rows(data)] == [(b"Faces", 0), (b"accordion", 1)]
    assert rows(data)[0][1].dtype == np.int64
    everything = rows(ds.Caltech101Dataset(tmp_path, target_type="all", shuffle=False))
    assert everything[0][2].tolist() == [[1.5, 2.5], [3.0, 4.0]] and everything[1][2].shape == (2, 3)
    with pytest.raises(ValueError, match="'target_type' must be"):
        ds.Caltech101Dataset(tmp_path, target_type="box")


@pytest.fixture
def sbd_dir(tmp_path):
    (tmp_path / "img").mkdir()
    (tmp_path / "cls").mkdir()
    (tmp_path / "img" / "2008_000002.jpg").write_bytes(b"jpeg")
    boundaries = np.empty((20, 1), object)
    for k in range(20):
        edge = np.zeros((3, 4))
        edge[0, k % 4] = 1
        boundaries[k, 0] = Sparse(edge)
    write_mat(tmp_path / "cls" / "2008_000002.mat",
              {"GTcls": {"Boundaries": boundaries, "Segmentation": np.arange(12, dtype=np.uint8).reshape(3, 4)}},
              compress=True)
    for name in ("train.txt", "val.txt", "train_noval.txt"):
        (tmp_path / name).write_text("2008_000002\n")
    return tmp_path


def test_sbd_boundaries_and_segmentation(sbd_dir):
    data = ds.SBDataset(sbd_dir, usage="train")
    assert data.get_col_names() == ["image", "task"]
    image, boundaries = rows(data)[0]
    assert image.tobytes() == b"jpeg" and boundaries.shape == (20, 3, 4) and boundaries.dtype == np.uint8
    assert boundaries[5].tolist() == [[0, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    mask = rows(ds.SBDataset(sbd_dir, task="Segmentation", usage="val"))[0][1]
    assert mask.tolist() == np.arange(12).reshape(3, 4).tolist() and mask.dtype == np.uint8
    assert ds.SBDataset(sbd_dir).get_dataset_size() == 2
    with pytest.raises(ValueError, match="'task' must be"):
        ds.SBDataset(sbd_dir, task="Instances")
    write_mat(sbd_dir / "cls" / "2008_000002.mat", {"GTcls": {"Segmentation": np.zeros((2, 2), np.uint8)}})
    with pytest.raises(RuntimeError, match="2008_000002.mat has no GTcls struct with the Boundaries"):
        rows(ds.SBDataset(sbd_dir, usage="train"))
