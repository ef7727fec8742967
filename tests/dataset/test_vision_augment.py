"""Affine warps and the augmentation policies of spore.dataset.vision. Affine's golden
pixels were printed by MindSpore 2.7.1 (CPU) for the same inputs; the random policies are
checked for seeded repetition and for applying only the operations of their space."""
import numpy as np
import pytest

import spore.dataset as ds
import spore.dataset.vision as V
from spore.dataset.vision import AutoAugmentPolicy, Inter

GRID = np.arange(49, dtype=np.uint8).reshape(7, 7) + 1
IMAGE = (np.arange(8 * 9 * 3) * 37 % 256).astype(np.uint8).reshape(8, 9, 3)

AFFINE_GOLDEN = [
    ((0, [0.3, -0.5], 1.0, [0, 0]), [[0, 0, 29, 30, 31, 32, 33], [0, 0, 36, 37, 38, 39, 40],
                                     [0, 0, 43, 44, 45, 46, 47]] + [[0] * 7] * 4),
    ((30, [0, 0], 1.0, [0, 0]), [[0, 8, 9, 3, 3, 0, 0], [0, 15, 16, 10, 11, 5, 6], [29, 23, 24, 18, 18, 12, 13],
                                 [36, 30, 31, 25, 26, 20, 21], [37, 38, 32, 33, 26, 27, 21],
                                 [44, 45, 39, 40, 34, 35, 0], [0, 0, 47, 48, 41, 42, 0]]),
    ((0, [0, 0], 2.0, [0, 0]), [[17, 17, 18, 18, 19, 19, 20], [17, 17, 18, 18, 19, 19, 20],
                                [24, 24, 25, 25, 26, 26, 27], [24, 24, 25, 25, 26, 26, 27],
                                [31, 31, 32, 32, 33, 33, 34], [31, 31, 32, 32, 33, 33, 34],
                                [38, 38, 39, 39, 40, 40, 41]]),
    ((0, [0, 0], 1.0, [20, 0]), [[0, 1, 2, 3, 4, 5, 6], [0, 8, 9, 10, 11, 12, 13], [15, 16, 17, 18, 19, 20, 21],
                                 [22, 23, 24, 25, 26, 27, 28], [29, 30, 31, 32, 33, 34, 35],
                                 [37, 38, 39, 40, 41, 42, 0], [44, 45, 46, 47, 48, 49, 0]]),
    ((0, [0, 0], 1.0, [0, 20]), [[0, 0, 3, 4, 5, 13, 14], [1, 2, 10, 11, 12, 20, 21], [8, 9, 17, 18, 19, 27, 28],
                                 [15, 16, 24, 25, 26, 34, 35], [22, 23, 31, 32, 33, 41, 42],
                                 [29, 30, 38, 39, 40, 48, 49], [36, 37, 45, 46, 47, 0, 0]]),
    ((15, [0.2, -0.1], 1.2, [10, 5]), [[0, 15, 8, 9, 10, 11, 11], [0, 15, 16, 16, 17, 18, 19],
                                       [0, 22, 23, 24, 25, 25, 26], [29, 30, 30, 31, 32, 26, 26],
                                       [36, 37, 38, 39, 32, 33, 34], [44, 44, 45, 39, 40, 40, 41],
                                       [0, 0, 45, 46, 47, 48, 49]]),
]


@pytest.mark.parametrize("args, golden", AFFINE_GOLDEN)
def test_affine_matches_mindspore(args, golden):
    np.testing.assert_array_equal(V.Affine(*args, Inter.NEAREST)(GRID), golden)


def test_affine_bilinear_matches_mindspore():
    square = np.arange(25, dtype=np.uint8).reshape(5, 5) * 9
    np.testing.assert_array_equal(V.Affine(15, [1, 0], 1.2, [10, 5], Inter.BILINEAR)(square),
                                  [[0, 0, 0, 0, 0], [0, 0, 0, 0, 23], [0, 0, 0, 0, 72], [0, 0, 0, 38, 147],
                                   [0, 0, 0, 83, 166]])


def test_affine_errors():
    with pytest.raises(ValueError, match=r"'translate' must be in \[-1.0, 1.0\]"):
        V.Affine(0, [0, 2], 1.0, 0)
    with pytest.raises(ValueError, match="'scale' must be in"):
        V.Affine(0, [0, 0], 0.0, 0)
    with pytest.raises(TypeError, match="'shear' must be a number or an \\(x, y\\) pair"):
        V.Affine(0, [0, 0], 1.0, [1, 2, 3])
    with pytest.raises(ValueError, match="in order"):
        V.RandomAffine(10, translate=(0.2, 0.1))


def test_random_affine_identity_ranges_and_seeding():
    np.testing.assert_array_equal(V.RandomAffine(0)(IMAGE), IMAGE)
    op = V.RandomAffine(20, translate=(-0.1, 0.1, -0.2, 0.2), scale=(0.8, 1.2), shear=10)
    ds.config.set_seed(4)
    first = op(IMAGE)
    ds.config.set_seed(4)
    np.testing.assert_array_equal(op(IMAGE), first)


@pytest.mark.parametrize("make", [lambda: V.AutoAugment(AutoAugmentPolicy.IMAGENET),
                                  lambda: V.AutoAugment(AutoAugmentPolicy.CIFAR10),
                                  lambda: V.AutoAugment(AutoAugmentPolicy.SVHN),
                                  lambda: V.RandAugment(), lambda: V.TrivialAugmentWide()])
def test_policies_repeat_under_a_seed(make):
    op = make()
    ds.config.set_seed(11)
    first = [op(IMAGE) for _ in range(12)]
    ds.config.set_seed(11)
    second = [op(IMAGE) for _ in range(12)]
    for a, b in zip(first, second):
        assert a.shape == IMAGE.shape and a.dtype == np.uint8
        np.testing.assert_array_equal(a, b)
    assert any(not np.array_equal(a, IMAGE) for a in first)


def test_policy_arguments():
    with pytest.raises(ValueError, match=r"'magnitude' must be in \[0, 30\]"):
        V.RandAugment(magnitude=31)
    with pytest.raises(TypeError, match="must be an AutoAugmentPolicy"):
        V.AutoAugment("imagenet")
    with pytest.raises(RuntimeError, match=r"RGB of shape \(H, W, 3\)"):
        V.TrivialAugmentWide()(IMAGE[..., 0])
    # Magnitude 0 of RandAugment: every operation is the identity or a histogram operation.
    ds.config.set_seed(0)
    out = V.RandAugment(num_ops=1, magnitude=0)(np.full((4, 4, 3), 7, np.uint8))
    assert out.shape == (4, 4, 3)


def test_uniform_augment_and_select_subpolicy():
    invert = V.Invert()
    ds.config.set_seed(1)
    results = {int(V.UniformAugment([invert, invert], num_ops=2)(np.zeros((1, 1, 3), np.uint8))[0, 0, 0])
               for _ in range(40)}
    assert results == {0, 255}
    policy = [[(V.Invert(), 1.0)], [(V.Invert(), 1.0), (V.Invert(), 1.0)]]
    seen = {int(V.RandomSelectSubpolicy(policy)(np.zeros((1, 1, 3), np.uint8))[0, 0, 0]) for _ in range(40)}
    assert seen == {0, 255}
    with pytest.raises(ValueError, match=r"'num_ops' must be in \[1, 2\]"):
        V.UniformAugment([invert, invert], num_ops=3)
    with pytest.raises(TypeError, match="pair"):
        V.RandomSelectSubpolicy([[V.Invert()]])


def test_random_lighting():
    np.testing.assert_array_equal(V.RandomLighting(0.0)(IMAGE), IMAGE)
    ds.config.set_seed(3)
    out = V.RandomLighting(0.1)(IMAGE.astype(np.float32))
    offset = out - IMAGE
    # One RGB offset for the whole image.
    np.testing.assert_allclose(offset, np.broadcast_to(offset[0, 0], offset.shape), atol=1e-4)
