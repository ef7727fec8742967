"""Flips, crops, erasing, batch mixing, conversions and the image file utilities of
spore.dataset.vision. References are NumPy slicing and values MindSpore 2.7.1 printed."""
import numpy as np
import pytest

import spore.dataset as ds
import spore.dataset.vision as V
from spore.dataset.vision import Border, ImageBatchFormat, ImageReadMode, SliceMode

IMAGE = (np.arange(4 * 5 * 3) * 37 % 256).astype(np.uint8).reshape(4, 5, 3)
SQUARE = np.arange(25, dtype=np.uint8).reshape(5, 5)


def test_flips():
    np.testing.assert_array_equal(V.HorizontalFlip()(IMAGE), IMAGE[:, ::-1])
    np.testing.assert_array_equal(V.VerticalFlip()(IMAGE), IMAGE[::-1])
    np.testing.assert_array_equal(V.RandomVerticalFlip(1.0)(IMAGE), IMAGE[::-1])
    np.testing.assert_array_equal(V.RandomVerticalFlip(0.0)(IMAGE), IMAGE)


def test_crop_resized_crop_and_pad_to_size():
    np.testing.assert_array_equal(V.Crop((1, 1), (2, 3))(IMAGE), IMAGE[1:3, 1:4])
    with pytest.raises(RuntimeError, match="exceeds the image"):
        V.Crop((3, 1), (2, 3))(IMAGE)
    # MindSpore 2.7.1's ResizedCrop(1, 1, 2, 3, (4, 4)) of this image, channel 0.
    image = np.arange(60, dtype=np.uint8).reshape(4, 5, 3)
    np.testing.assert_array_equal(V.ResizedCrop(1, 1, 2, 3, (4, 4))(image)[:, :, 0],
                                  [[18, 20, 22, 24], [22, 23, 26, 28], [29, 31, 33, 35], [33, 35, 37, 39]])
    ones = np.ones((4, 5, 3), np.uint8)
    centred = V.PadToSize((6, 7))(ones)[:, :, 0]
    np.testing.assert_array_equal(centred, np.pad(np.ones((4, 5)), ((1, 1), (1, 1))))
    placed = V.PadToSize((6, 7), (1, 2))(ones)[:, :, 0]
    np.testing.assert_array_equal(placed, np.pad(np.ones((4, 5)), ((1, 1), (2, 0))))
    assert V.PadToSize(6, padding_mode=Border.EDGE)(ones).min() == 1
    with pytest.raises(RuntimeError, match="must not be smaller"):
        V.PadToSize((3, 7))(ones)


def test_five_and_ten_crops():
    crops = V.FiveCrop(2)(SQUARE)
    expected = [SQUARE[:2, :2], SQUARE[:2, 3:], SQUARE[3:, :2], SQUARE[3:, 3:], SQUARE[2:4, 2:4]]
    assert len(crops) == 5
    for crop, want in zip(crops, expected):
        np.testing.assert_array_equal(crop, want)
    ten = V.TenCrop(2, use_vertical_flip=True)(SQUARE)
    np.testing.assert_array_equal(ten[5], SQUARE[::-1][:2, :2])
    with pytest.raises(ValueError, match="larger than the image"):
        V.FiveCrop(6)(SQUARE)
    image_module = pytest.importorskip("PIL.Image")
    pil_crops = V.FiveCrop(2)(image_module.fromarray(SQUARE))
    assert all(isinstance(c, image_module.Image) and c.size == (2, 2) for c in pil_crops)


def test_slice_patches_pad_and_drop():
    # MindSpore 2.7.1: SlicePatches(2, 2) of a 5x5 image pads to 6x6 with zeros.
    patches = V.SlicePatches(2, 2)(SQUARE)
    np.testing.assert_array_equal(patches[0], [[0, 1, 2], [5, 6, 7], [10, 11, 12]])
    np.testing.assert_array_equal(patches[1], [[3, 4, 0], [8, 9, 0], [13, 14, 0]])
    np.testing.assert_array_equal(patches[3], [[18, 19, 0], [23, 24, 0], [0, 0, 0]])
    dropped = V.SlicePatches(2, 2, SliceMode.DROP)(SQUARE)
    np.testing.assert_array_equal(dropped[3], SQUARE[2:4, 2:4])


def test_random_resize_and_crop_decode_resize():
    assert V.RandomResize(3)(SQUARE).shape == (3, 3)
    pytest.importorskip("PIL.Image")
    encoded = V.encode_png(IMAGE)
    assert V.RandomCropDecodeResize((2, 3))(encoded).shape == (2, 3, 3)


def test_erase_and_cutout():
    erased = V.Erase(1, 1, 2, 2, (1, 2, 3))(np.zeros((4, 5, 3), np.uint8))
    np.testing.assert_array_equal(erased[1:3, 1:3], np.broadcast_to([1, 2, 3], (2, 2, 3)))
    assert erased.sum() == 4 * 6
    ds.config.set_seed(1)
    cut = V.CutOut(2, num_patches=2)(np.ones((6, 6, 3), np.uint8))
    assert 4 <= (cut[:, :, 0] == 0).sum() <= 8
    chw = V.CutOut(3, is_hwc=False)(np.ones((3, 6, 6), np.float32))
    assert (chw == 0).sum() == 27
    erased = V.RandomErasing(prob=1.0, value=7)(np.zeros((3, 10, 10), np.float32))
    assert erased.max() == 7 and 0 < (erased[0] == 7).sum() < 100


def test_mixup_and_cutmix_batches_keep_label_mass():
    ds.config.set_seed(2)
    images = np.stack([np.full((4, 4, 3), v, np.uint8) for v in (0, 100, 200)])
    labels = np.eye(3, dtype=np.float32)
    mixed, mixed_labels = V.MixUpBatch(1.0)(images, labels)
    assert mixed.dtype == np.uint8 and mixed.shape == images.shape
    np.testing.assert_allclose(mixed_labels.sum(axis=1), 1.0, rtol=1e-6)
    cut, cut_labels = V.CutMixBatch(ImageBatchFormat.NHWC)(images, labels)
    assert cut.shape == images.shape
    np.testing.assert_allclose(cut_labels.sum(axis=1), 1.0, rtol=1e-6)
    nchw, _ = V.CutMixBatch(ImageBatchFormat.NCHW)(images.transpose(0, 3, 1, 2), labels)
    assert nchw.shape == (3, 3, 4, 4)
    with pytest.raises(RuntimeError, match="one-hot"):
        V.MixUpBatch()(images, np.arange(3))


def test_mixup_single_and_across_batches():
    ds.config.set_seed(6)
    images, labels = np.stack([np.zeros((2, 2, 3)), np.ones((2, 2, 3))]), np.eye(2)
    mixed, mixed_labels = V.MixUp(2, 0.5)(images, labels)
    # Each sample mixed with the next (circularly): the image's value is the weight of sample 1.
    assert mixed.dtype == np.float64
    np.testing.assert_allclose(mixed[:, 0, 0, 0], mixed_labels[:, 1])
    np.testing.assert_allclose(mixed_labels.sum(axis=1), 1.0)
    across = V.MixUp(2, 0.5, is_single=False)
    first, _ = across(images, labels)
    np.testing.assert_array_equal(first, images)
    second, second_labels = across(1 - images, labels[::-1])
    np.testing.assert_allclose(second_labels.sum(axis=1), 1.0)
    assert not np.array_equal(second, 1 - images)
    # MindSpore's shapes: one image and batch_size 2 broadcast to two.
    out, out_labels = V.MixUp(batch_size=2, alpha=0.2, is_single=False)(np.zeros((5, 5, 3), np.uint8),
                                                                       np.array([[0, 1]]))
    assert out.shape == (2, 5, 5, 3) and out_labels.shape == (2, 2)
    with pytest.raises(RuntimeError, match="smaller than 'batch_size' = 3"):
        V.MixUp(3, 0.5)(images, labels)


def test_conversions():
    assert V.ToType(np.int16)(SQUARE).dtype == np.int16
    np.testing.assert_array_equal(V.ToNumpy()(SQUARE), SQUARE)
    assert V.ToNumpy()(list(np.zeros((4, 2, 3), np.int32))).shape == (4, 2, 3)
    padded = V.NormalizePad([1, 2, 3], [1, 1, 1])(np.ones((2, 2, 3), np.uint8))
    assert padded.dtype == np.float32 and padded.shape == (2, 2, 4)
    np.testing.assert_array_equal(padded[0, 0], [0, -1, -2, 0])
    assert V.NormalizePad([1, 2, 3], [1, 1, 1], "float16", is_hwc=False)(np.ones((3, 2, 2), np.uint8)).shape == (
        4, 2, 2)
    image = np.arange(6.0).reshape(3, 1, 2)
    np.testing.assert_array_equal(V.LinearTransformation(np.eye(6), np.zeros(6))(image), image)
    swap = np.eye(6)[::-1]
    np.testing.assert_array_equal(V.LinearTransformation(swap, np.ones(6))(image).reshape(-1),
                                  (image.reshape(-1) - 1)[::-1])


def test_image_utilities(tmp_path):
    assert V.get_image_num_channels(np.ones((4, 5, 3))) == 3
    assert V.get_image_num_channels(np.ones((4, 5))) == 1
    assert V.get_image_size(np.ones((4, 5, 3))) == [4, 5]
    with pytest.raises(TypeError, match="must be a NumPy array or a PIL image, but got list"):
        V.get_image_num_channels([1])
    path = tmp_path / "raw.bin"
    V.write_file(str(path), np.array([1, 2, 3], np.uint8))
    assert path.read_bytes() == b"\x01\x02\x03"
    np.testing.assert_array_equal(V.read_file(str(path)), [1, 2, 3])
    with pytest.raises(RuntimeError, match="does not exist"):
        V.read_file(str(tmp_path / "none.png"))
    pytest.importorskip("PIL.Image")
    png = V.encode_png(IMAGE)
    assert png.dtype == np.uint8 and png.ndim == 1 and bytes(png[:4]) == b"\x89PNG"
    V.write_png(str(tmp_path / "a.png"), IMAGE)
    np.testing.assert_array_equal(V.read_image(str(tmp_path / "a.png")), IMAGE)
    np.testing.assert_array_equal(V.read_image(str(tmp_path / "a.png"), ImageReadMode.COLOR), IMAGE)
    gray = V.read_image(str(tmp_path / "a.png"), ImageReadMode.GRAYSCALE)
    # MindSpore 2.7.1 reads these grays (libpng's conversion); within one level.
    assert gray.shape == (4, 5, 1)
    assert np.abs(gray[:, :, 0].astype(int) - [[30, 141, 72, 107, 188], [73, 184, 39, 150, 81],
                                                [116, 197, 82, 193, 48], [159, 90, 125, 206, 91]]).max() <= 1
    jpeg = V.encode_jpeg(IMAGE, 95)
    assert bytes(jpeg[:2]) == b"\xff\xd8"
    V.write_jpeg(str(tmp_path / "a.jpg"), IMAGE)
    assert np.abs(V.read_image(str(tmp_path / "a.jpg")).astype(int) - IMAGE).mean() < 40
    with pytest.raises(ValueError, match=r"'quality' must be in \[1, 100\]"):
        V.encode_jpeg(IMAGE, 0)
    with pytest.raises(ValueError, match=r"'compression_level' must be in \[0, 9\]"):
        V.encode_png(IMAGE, 10)


def test_pil_inputs_of_geometric_transforms_come_back_as_pil_images():
    image_module = pytest.importorskip("PIL.Image")
    pil = image_module.fromarray(IMAGE)
    resized = V.Resize((2, 3))(pil)
    assert isinstance(resized, image_module.Image) and resized.size == (3, 2)
    np.testing.assert_array_equal(np.asarray(resized), np.asarray(pil.resize((3, 2), image_module.BILINEAR)))
    assert V.Resize(2)(pil).size == (2, 2)
    for op in (V.CenterCrop(2), V.Pad(1), V.RandomCrop(2), V.RandomResizedCrop(2), V.RandomHorizontalFlip()):
        assert isinstance(op(pil), image_module.Image)
    np.testing.assert_array_equal(np.asarray(V.CenterCrop(2)(pil)), V.CenterCrop(2)(IMAGE))
