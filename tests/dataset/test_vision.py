"""Vision transforms, eagerly on NumPy images, against NumPy expectations. Resize golden
values come from MindSpore 2.7.1."""
import numpy as np
import pytest

import spore.dataset as ds
import spore.dataset.vision as V
from spore.dataset.vision import Border, Inter

IMAGE = (np.arange(2 * 3 * 3) * 13 % 256).astype(np.uint8).reshape(2, 3, 3)
GRID = (np.arange(20) * 37 % 256).astype(np.uint8).reshape(4, 5, 1)


def random_image(shape, seed=0):
    return np.random.default_rng(seed).integers(0, 256, shape, dtype=np.uint8)


# ---- pixels ---------------------------------------------------------------------------------
def test_rescale_rounds_once_like_a_fused_multiply_add():
    pixels = np.arange(256, dtype=np.uint8).reshape(16, 16)
    for scale, shift in ((1 / 255, -0.5), (1 / 255, 0.0), (0.0039, 0.1)):
        out = V.Rescale(scale, shift)(pixels)
        assert out.dtype == np.float32 and out.shape == pixels.shape
        # float32 operands, exact product in float64, one rounding of the sum to float32.
        exact = (pixels * np.float64(np.float32(scale)) + np.float64(np.float32(shift))).astype(np.float32)
        np.testing.assert_array_equal(out, exact)


def test_normalize_per_channel_and_broadcast():
    out = V.Normalize([10, 20, 30], [2, 4, 8])(IMAGE)
    assert out.dtype == np.float32
    np.testing.assert_array_equal(out, (IMAGE.astype(np.float32) - [10, 20, 30]) / np.float32([2, 4, 8]))
    np.testing.assert_array_equal(V.Normalize([10], [2])(IMAGE), (IMAGE.astype(np.float32) - 10) / 2)
    np.testing.assert_array_equal(V.Normalize([10], [2])(IMAGE[:, :, 0]), (IMAGE[:, :, 0].astype(np.float32) - 10) / 2)
    chw = V.Normalize([10, 20, 30], [2, 4, 8], is_hwc=False)(IMAGE.transpose(2, 0, 1))
    np.testing.assert_array_equal(chw, out.transpose(2, 0, 1))


def test_normalize_errors():
    with pytest.raises(RuntimeError, match=r"has 3 channel\(s\) .* 'mean' and 'std' have 2 values"):
        V.Normalize([10, 20], [2, 4])(IMAGE)
    with pytest.raises(ValueError, match=r"'std\[0\]' must be in \(0.0, 255.0\]"):
        V.Normalize([1, 2, 3], [0, 1, 1])
    with pytest.raises(ValueError, match="same length"):
        V.Normalize([1, 2, 3], [1, 1])


def test_hwc2chw_and_to_tensor():
    np.testing.assert_array_equal(V.HWC2CHW()(IMAGE), IMAGE.transpose(2, 0, 1))
    np.testing.assert_array_equal(V.HWC2CHW()(IMAGE[:, :, 0]), IMAGE[:, :, 0])
    with pytest.raises(RuntimeError, match=r"shape \(H, W\) or \(H, W, C\), but got shape \(1, 2, 3, 3\)"):
        V.HWC2CHW()(IMAGE[None])
    tensor = V.ToTensor()(IMAGE)
    assert tensor.dtype == np.float32 and tensor.shape == (3, 2, 3)
    np.testing.assert_array_equal(tensor, (IMAGE.astype(np.float32) * np.float32(1 / 255)).transpose(2, 0, 1))
    assert V.ToTensor()(IMAGE[:, :, 0]).shape == (1, 2, 3)
    assert V.ToTensor(np.float64)(IMAGE).dtype == np.float64


def test_inputs_must_be_images():
    with pytest.raises(TypeError, match="must be a NumPy array or a PIL image, but got list"):
        V.Rescale(1.0, 0.0)([1, 2])
    with pytest.raises(TypeError, match="exactly 1 input"):
        V.HWC2CHW()(IMAGE, IMAGE)


# ---- geometry -------------------------------------------------------------------------------
def test_resize_bilinear_matches_mindspore():
    golden = np.array([[0, 12, 33, 53, 74, 95, 115, 136, 148],
                       [66, 78, 99, 79, 49, 69, 90, 110, 122],
                       [172, 184, 205, 120, 8, 28, 49, 70, 82],
                       [150, 162, 182, 146, 96, 116, 122, 72, 42],
                       [109, 121, 142, 162, 183, 203, 198, 86, 19],
                       [68, 81, 101, 122, 142, 163, 173, 143, 125],
                       [43, 55, 76, 96, 117, 137, 158, 179, 191]])
    out = V.Resize((7, 9))(GRID)
    assert out.shape == (7, 9, 1) and out.dtype == np.uint8
    difference = np.abs(out[:, :, 0].astype(int) - golden)
    assert difference.max() <= 1 and (difference > 0).sum() <= 2
    shrunk = V.Resize((4, 3))((np.arange(108) * 53 % 256).astype(np.uint8).reshape(6, 6, 3))
    np.testing.assert_array_equal(shrunk[0], [[94, 147, 72], [156, 81, 102], [90, 111, 164]])


def test_resize_nearest_matches_mindspore():
    out = V.Resize((7, 3), Inter.NEAREST)(GRID)[:, :, 0]
    np.testing.assert_array_equal(out, [[0, 37, 111], [0, 37, 111], [185, 222, 40], [185, 222, 40],
                                        [114, 151, 225], [114, 151, 225], [43, 80, 154]])


def test_resize_bilinear_is_close_to_a_float_reference():
    image = random_image((17, 23, 3))
    out = V.Resize((31, 11))(image).astype(float)
    # Half-pixel centres, edge pixels repeated, in float64.
    def taps(n_in, n_out):
        x = np.clip((np.arange(n_out) + 0.5) * n_in / n_out - 0.5, 0, n_in - 1)
        low = np.floor(x).astype(int)
        return low, np.minimum(low + 1, n_in - 1), x - low
    y0, y1, wy = taps(17, 31)
    x0, x1, wx = taps(23, 11)
    f = image.astype(float)
    rows = f[y0] * (1 - wy)[:, None, None] + f[y1] * wy[:, None, None]
    reference = rows[:, x0] * (1 - wx)[None, :, None] + rows[:, x1] * wx[None, :, None]
    assert np.abs(out - reference).max() <= 1.0


def test_resize_sizes_and_dtypes():
    image = random_image((17, 23, 3))
    assert V.Resize(10)(image).shape == (10, 13, 3)  # shorter side 10, the other rounded down
    assert V.Resize(10)(image.transpose(1, 0, 2)).shape == (13, 10, 3)
    assert V.Resize((5, 7))(image[:, :, 0]).shape == (5, 7)
    floats = V.Resize((20, 30), Inter.BICUBIC)(image.astype(np.float32))
    assert floats.dtype == np.float32 and floats.shape == (20, 30, 3)
    same = V.Resize((17, 23))(image)
    np.testing.assert_array_equal(same, image)


def test_resize_errors():
    with pytest.raises(ValueError, match=r"'size' must be in \[1,"):
        V.Resize((-4, 4))
    with pytest.raises(ValueError, match="Inter.AREA is not supported"):
        V.Resize(4, Inter.AREA)
    with pytest.raises(RuntimeError, match="needs Decode first"):
        V.Resize((4, 4))(np.zeros(8, np.uint8))


def test_center_crop_crops_and_pads():
    image = np.arange(7 * 9).reshape(7, 9, 1).astype(np.uint8)
    np.testing.assert_array_equal(V.CenterCrop((4, 4))(image), image[1:5, 2:6])
    np.testing.assert_array_equal(V.CenterCrop(2)(image), image[2:4, 3:5])
    padded = V.CenterCrop((5, 4))(image[:4, :3])
    np.testing.assert_array_equal(padded[1:, 1:], image[:4, :3])
    assert not padded[0].any() and not padded[:, 0].any()


def test_pad_modes():
    np.testing.assert_array_equal(V.Pad(1)(IMAGE), np.pad(IMAGE, ((1, 1), (1, 1), (0, 0))))
    out = V.Pad((1, 0, 2, 1), fill_value=7)(IMAGE)
    assert out.shape == (3, 6, 3) and out[0, 0, 0] == 7 and out[2, 5, 1] == 7
    np.testing.assert_array_equal(out[:2, 1:4], IMAGE)
    np.testing.assert_array_equal(V.Pad(1, fill_value=(1, 2, 3))(IMAGE)[0, 0], [1, 2, 3])
    for mode in (Border.EDGE, Border.REFLECT, Border.SYMMETRIC):
        np.testing.assert_array_equal(V.Pad((2, 1), padding_mode=mode)(IMAGE),
                                      np.pad(IMAGE, ((1, 1), (2, 2), (0, 0)), mode=mode.value))
    assert V.Pad(2)(IMAGE[:, :, 0]).shape == (6, 7)


def test_random_horizontal_flip():
    np.testing.assert_array_equal(V.RandomHorizontalFlip(1.0)(IMAGE), IMAGE[:, ::-1])
    np.testing.assert_array_equal(V.RandomHorizontalFlip(0.0)(IMAGE), IMAGE)
    ds.config.set_seed(0)
    flips = [V.RandomHorizontalFlip()(IMAGE)[0, 0, 0] != IMAGE[0, 0, 0] for _ in range(200)]
    assert 60 < sum(flips) < 140


def test_random_crop_picks_a_region():
    image = np.arange(10 * 10).reshape(10, 10).astype(np.uint8)
    ds.config.set_seed(1)
    for _ in range(20):
        crop = V.RandomCrop((3, 4))(image)
        top, left = divmod(int(crop[0, 0]), 10)
        np.testing.assert_array_equal(crop, image[top:top + 3, left:left + 4])
    assert V.RandomCrop(3, padding=1)(image).shape == (3, 3)
    assert V.RandomCrop((3, 20), pad_if_needed=True)(image).shape == (3, 20)
    with pytest.raises(RuntimeError, match="larger than the .*pad_if_needed=True"):
        V.RandomCrop((3, 20))(image)


def test_random_resized_crop():
    image = random_image((30, 40, 3))
    ds.config.set_seed(2)
    for size in (5, (5, 6)):
        assert V.RandomResizedCrop(size)(image).shape[:2] == ((5, 5) if size == 5 else (5, 6))
    # A full-area region of the image's own aspect ratio is the resized image.
    whole = V.RandomResizedCrop((15, 20), scale=(1.0, 1.0), ratio=(4 / 3, 4 / 3))(image)
    np.testing.assert_array_equal(whole, V.Resize((15, 20))(image))


def test_random_transforms_repeat_after_set_seed():
    image = random_image((20, 20, 3))
    ops = [V.RandomCrop(8), V.RandomHorizontalFlip(), V.RandomResizedCrop(6)]

    def draw():
        return [op(image) for op in ops for _ in range(3)]

    ds.config.set_seed(5)
    first = draw()
    ds.config.set_seed(5)
    second = draw()
    assert all(np.array_equal(a, b) for a, b in zip(first, second))


def test_decode(tmp_path):
    pil = pytest.importorskip("PIL.Image")
    pixels = random_image((4, 5, 3))
    pil.fromarray(pixels).save(tmp_path / "x.png")
    data = np.fromfile(tmp_path / "x.png", np.uint8)
    np.testing.assert_array_equal(V.Decode()(data), pixels)
    with pytest.raises(RuntimeError, match="could not be decoded"):
        V.Decode()(np.frombuffer(b"abcdefgh", np.uint8))


def test_decode_rejects_non_bytes_input():
    with pytest.raises(RuntimeError, match="1-D uint8 array"):
        V.Decode()(IMAGE)


def test_one_x_module_paths_name_the_same_classes():
    from spore.dataset.vision import c_transforms, py_transforms
    assert c_transforms.Resize is V.Resize is py_transforms.Resize
    assert c_transforms.Inter is Inter and py_transforms.Normalize is V.Normalize
