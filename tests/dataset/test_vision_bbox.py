"""Image transforms with bounding boxes. ResizeWithBBox and the flips' boxes are what
MindSpore 2.7.1 printed for the same inputs; crops are checked against NumPy slicing."""
import numpy as np
import pytest

import spore.dataset as ds
import spore.dataset.vision as V

IMAGE = np.arange(6 * 8 * 3, dtype=np.uint8).reshape(6, 8, 3)


def boxes():
    return np.array([[1, 1, 3, 2], [4, 2, 4, 4]], np.float32)


def test_resize_with_bbox_matches_mindspore():
    image, out = V.ResizeWithBBox((3, 5))(IMAGE, boxes())
    assert image.shape == (3, 5, 3) and out.dtype == np.float32
    np.testing.assert_array_equal(out, [[0.625, 0.5, 1.875, 1.0], [2.5, 1.0, 2.5, 2.0]])
    np.testing.assert_array_equal(image, V.Resize((3, 5))(IMAGE))
    assert V.RandomResizeWithBBox(3)(IMAGE, boxes())[0].shape == (3, 4, 3)


def test_flips_with_bbox_match_mindspore():
    image, out = V.RandomHorizontalFlipWithBBox(1.0)(IMAGE, np.array([[1, 1, 3, 2, 7]], np.float32))
    np.testing.assert_array_equal(image, IMAGE[:, ::-1])
    np.testing.assert_array_equal(out, [[4, 1, 3, 2, 7]])
    image, out = V.RandomVerticalFlipWithBBox(1.0)(IMAGE, boxes())
    np.testing.assert_array_equal(image, IMAGE[::-1])
    np.testing.assert_array_equal(out, [[1, 3, 3, 2], [4, 0, 4, 4]])
    unchanged = boxes()
    _, out = V.RandomVerticalFlipWithBBox(0.0)(IMAGE, unchanged)
    np.testing.assert_array_equal(out, unchanged)


def test_crops_move_cut_and_drop_boxes():
    ds.config.set_seed(0)
    for _ in range(10):
        image, out = V.RandomCropWithBBox((3, 4))(IMAGE, boxes())
        assert image.shape == (3, 4, 3)
        # Find where the crop came from, then check each kept box against a reference cut.
        top, left = np.argwhere(IMAGE[:, :, 0] == image[0, 0, 0])[0]
        for x, y, w, h in out:
            assert x >= 0 and y >= 0 and x + w <= 4 and y + h <= 3 and w > 0 and h > 0
        reference = []
        for x, y, w, h in boxes():
            x0, y0 = max(x - left, 0), max(y - top, 0)
            x1, y1 = min(x + w - left, 4), min(y + h - top, 3)
            if x1 > x0 and y1 > y0:
                reference.append([x0, y0, x1 - x0, y1 - y0])
        np.testing.assert_array_equal(out, np.array(reference, np.float32).reshape(-1, 4))
    image, out = V.RandomResizedCropWithBBox((3, 4), scale=(1.0, 1.0), ratio=(4 / 3, 4 / 3))(IMAGE, boxes())
    np.testing.assert_array_equal(image, V.Resize((3, 4))(IMAGE))
    np.testing.assert_allclose(out, boxes() * [0.5, 0.5, 0.5, 0.5])


def test_bounding_box_augment_transforms_box_regions():
    image, out = V.BoundingBoxAugment(V.RandomHorizontalFlip(1.0), 1.0)(IMAGE, boxes())
    np.testing.assert_array_equal(out, boxes())
    np.testing.assert_array_equal(image[1:3, 1:4], IMAGE[1:3, 1:4][:, ::-1])
    np.testing.assert_array_equal(image[0], IMAGE[0])
    same, _ = V.BoundingBoxAugment(V.RandomHorizontalFlip(1.0), 0.0)(IMAGE, boxes())
    np.testing.assert_array_equal(same, IMAGE)


def test_bbox_errors():
    with pytest.raises(RuntimeError, match="within the image of width 8"):
        V.RandomVerticalFlipWithBBox(1.0)(IMAGE, np.array([[1, 1, 9, 2]], np.float32))
    with pytest.raises(RuntimeError, match="must be float32 of shape"):
        V.RandomVerticalFlipWithBBox(1.0)(IMAGE, np.array([[1, 1, 2, 2]], np.int32))
    with pytest.raises(TypeError, match="2 inputs"):
        V.ResizeWithBBox(3)(IMAGE)
