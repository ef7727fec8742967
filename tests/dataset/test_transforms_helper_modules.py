"""MindSpore's helper modules of dataset.transforms and dataset.vision: validators (argument-
checking decorators) and py_transforms_util (functional forms of the transforms), with
values observed on MindSpore 2.7.1; and the Pillow path of the colour transforms on PIL
images (MindSpore runs Pillow's own enhancers there)."""
import numpy as np
import pytest
from PIL import Image, ImageEnhance, ImageOps

import spore.dataset.vision as V
from spore.dataset.transforms import py_transforms_util as tu
from spore.dataset.transforms import validators as tv
from spore.dataset.vision import py_transforms_util as vu
from spore.dataset.vision import validators as vv

ARRAY = np.arange(6 * 8 * 3, dtype=np.uint8).reshape(6, 8, 3)


def test_validators_check_as_the_transform_does():
    class LabelCoder:
        @tv.check_one_hot_op
        def __init__(self, num_classes, smoothing_rate=0.0):
            self.num_classes = num_classes

    class Shrink:
        @vv.check_resize
        def __init__(self, size, interpolation=V.Inter.BILINEAR):
            self.size = size

    assert LabelCoder(3).num_classes == 3 and Shrink((2, 3)).size == (2, 3)
    with pytest.raises(ValueError, match="num_classes"):
        LabelCoder(-1)
    with pytest.raises(ValueError, match="smoothing_rate"):
        LabelCoder(2, smoothing_rate=1.5)
    with pytest.raises(TypeError, match="size"):
        Shrink("a")
    assert LabelCoder.__init__.__name__ == "__init__"


def test_transforms_py_transforms_util():
    encoded = tu.one_hot_encoding(np.array([1, 0, 2]), 3, 0.1)
    assert encoded.dtype == np.float64
    np.testing.assert_allclose(encoded, [[0.1 / 3, 0.9 + 0.1 / 3, 0.1 / 3], [0.9 + 0.1 / 3, 0.1 / 3, 0.1 / 3],
                                         [0.1 / 3, 0.1 / 3, 0.9 + 0.1 / 3]])
    assert tu.one_hot_encoding(np.array(2), 4, 0.0).tolist() == [0.0, 0.0, 1.0, 0.0]
    assert tu.all_numpy((np.array(1), np.array(2))) and not tu.all_numpy((np.array(1), 2)) and tu.all_numpy(np.ones(1))
    out = tu.compose([lambda x: x + 1, lambda x: x * 2], np.array([1, 2]))
    assert isinstance(out, tuple) and out[0].tolist() == [4, 6]
    pair = tu.compose([lambda x, y: (x + y, y), lambda x, y: (x * y,)], np.array([1]), np.array([3]))
    assert pair[0].tolist() == [12]
    assert tu.random_apply(np.array([1]), [lambda x: x + 1], 1.0).tolist() == [2]
    assert tu.random_apply(np.array([1]), [lambda x: x + 1], 0.0).tolist() == [1]
    assert tu.random_choice(np.array([1]), [lambda x: x + 1]).tolist() == [2]
    assert tu.random_order(np.array([1]), [lambda x: x + 1, lambda x: x * 3]).tolist() in ([6], [4])


def test_vision_py_transforms_util_keeps_pil_images():
    img = Image.fromarray(ARRAY)
    cropped = vu.crop(img, 1, 2, 3, 4)
    assert isinstance(cropped, Image.Image) and np.array_equal(np.asarray(cropped), ARRAY[1:4, 2:6])
    # MindSpore's Python center crop rounds the offsets half to even: (6-3)/2 = 1.5 -> 2
    assert np.array_equal(np.asarray(vu.center_crop(img, (3, 5))), ARRAY[2:5, 2:7])
    assert np.array_equal(np.asarray(vu.center_crop(img, 4)), ARRAY[1:5, 2:6])
    assert np.array_equal(vu.center_crop(ARRAY, 4), ARRAY[1:5, 2:6])
    flipped = vu.horizontal_flip(img)
    assert isinstance(flipped, Image.Image) and np.array_equal(np.asarray(flipped), ARRAY[:, ::-1])
    assert np.array_equal(vu.vertical_flip(ARRAY), ARRAY[::-1])
    assert vu.is_pil(img) and not vu.is_pil(ARRAY)
    assert vu.hwc_to_chw(ARRAY).shape == (3, 6, 8)
    with pytest.raises(TypeError, match="NumPy array"):
        vu.hwc_to_chw(img)
    tensor = vu.to_tensor(img, np.float32)
    assert tensor.shape == (3, 6, 8) and tensor.dtype == np.float32
    np.testing.assert_allclose(tensor, ARRAY.transpose(2, 0, 1) / 255, rtol=1e-6)
    normalized = vu.normalize(tensor, [0.5, 0.4, 0.3], [0.2, 0.3, 0.4])
    np.testing.assert_allclose(normalized[1], (tensor[1] - 0.4) / 0.3, rtol=1e-5)
    assert vu.normalize(tensor, [0.5, 0.4, 0.3], [0.2, 0.3, 0.4], True).shape == (4, 6, 8)
    crops = vu.ten_crop(img, 3)
    assert len(crops) == 10 and np.array_equal(np.asarray(crops[0]), ARRAY[:3, :3])


def test_colour_transforms_on_pil_images_use_pillow():
    img = Image.fromarray(np.random.default_rng(0).integers(0, 256, (6, 8, 3), dtype=np.uint8))
    for transform, expected in [(V.AdjustBrightness(1.5), ImageEnhance.Brightness(img).enhance(1.5)),
                                (V.AdjustContrast(0.5), ImageEnhance.Contrast(img).enhance(0.5)),
                                (V.AdjustSaturation(0.5), ImageEnhance.Color(img).enhance(0.5)),
                                (V.Equalize(), ImageOps.equalize(img))]:
        result = transform(img)
        assert isinstance(result, Image.Image) and np.array_equal(np.asarray(result), np.asarray(expected))
    assert np.array_equal(np.asarray(vu.adjust_brightness(img, 1.5)), np.asarray(V.AdjustBrightness(1.5)(img)))
    arange = Image.fromarray(ARRAY)
    # observed on MindSpore 2.7.1
    assert np.asarray(V.AdjustHue(0.2)(arange))[0, :3].tolist() == [[1, 0, 2], [4, 3, 5], [7, 6, 8]]
    assert np.asarray(V.AdjustGamma(0.5, 1.3)(arange))[0, :3].tolist() == [[0, 20, 29], [36, 41, 46], [51, 55, 58]]
    gray = Image.fromarray(ARRAY[..., 0])
    assert np.array_equal(np.asarray(V.AdjustHue(0.3)(gray)), ARRAY[..., 0])
    assert isinstance(V.AutoContrast()(img), Image.Image)
    assert isinstance(V.HorizontalFlip()(img), np.ndarray) and isinstance(V.AdjustSharpness(2.0)(img), np.ndarray)


def test_audio_validators_check_as_the_transform_does():
    from spore.dataset.audio import validators as av

    class Louder:
        @av.check_gain
        def __init__(self, gain_db=1.0):
            self.gain_db = gain_db

    assert Louder(2.0).gain_db == 2.0
    with pytest.raises(TypeError, match="gain_db"):
        Louder("x")
