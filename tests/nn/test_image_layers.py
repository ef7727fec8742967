"""nn image layers: PixelShuffle / PixelUnshuffle, CentralCrop, ImageGradients, PSNR,
SSIM, MSSSIM, Unfold and LRN. Forward against NumPy float64 formulas (or values
MindSpore 2.7.1 prints), argument and input errors, gradients and Graph mode."""
import math

import numpy as np
import pytest

import spore as ms
from spore import Tensor, nn, ops


def run(layer, *inputs):
    return layer(*[Tensor(v) if isinstance(v, np.ndarray) else v for v in inputs])


# ---- rearrangements and crops --------------------------------------------------------------
def test_pixel_shuffle_and_unshuffle_are_inverse():
    x = np.arange(2 * 8 * 3 * 2, dtype=np.float32).reshape(2, 8, 3, 2)
    shuffled = run(nn.PixelShuffle(2), x)
    assert shuffled.shape == (2, 2, 6, 4)
    # output channel c, pixel (h * r + i, w * r + j) is input channel c * r^2 + i * r + j at (h, w)
    want = x.reshape(2, 2, 2, 2, 3, 2).transpose(0, 1, 4, 2, 5, 3).reshape(2, 2, 6, 4)
    np.testing.assert_array_equal(shuffled.asnumpy(), want)
    np.testing.assert_array_equal(nn.PixelUnshuffle(2)(shuffled).asnumpy(), x)


@pytest.mark.parametrize("shape", [(1, 4, 2, 2), (2, 6, 3), (3, 6)])
def test_channel_shuffle(shape):
    x = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
    got = run(nn.ChannelShuffle(2), x).asnumpy()
    channels = shape[1]
    order = [g * (channels // 2) + i for i in range(channels // 2) for g in range(2)]
    np.testing.assert_array_equal(got, x[:, order])


@pytest.mark.parametrize("fraction, shape, want_shape", [
    (0.5, (2, 3, 4, 4), (2, 3, 2, 2)), (0.6, (3, 7, 5), (3, 5, 3)), (1.0, (1, 1, 3, 3), (1, 1, 3, 3)),
])
def test_central_crop(fraction, shape, want_shape):
    x = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
    got = run(nn.CentralCrop(fraction), x).asnumpy()
    top = int((shape[-2] - shape[-2] * fraction) / 2)
    left = int((shape[-1] - shape[-1] * fraction) / 2)
    assert got.shape == want_shape
    np.testing.assert_array_equal(got, x[..., top:shape[-2] - top, left:shape[-1] - left])


def test_image_gradients_int32_example():
    dy, dx = run(nn.ImageGradients(), np.array([[[[1, 2], [3, 4]]]], np.int32))
    assert dy.dtype == ms.int32
    np.testing.assert_array_equal(dy.asnumpy(), [[[[2, 2], [0, 0]]]])
    np.testing.assert_array_equal(dx.asnumpy(), [[[[1, 0], [1, 0]]]])


def test_image_gradients_forward():
    x = np.random.default_rng(0).standard_normal((2, 3, 4, 5))
    dy, dx = run(nn.ImageGradients(), x)
    want_dy = np.concatenate([np.diff(x, axis=2), np.zeros((2, 3, 1, 5))], 2)
    want_dx = np.concatenate([np.diff(x, axis=3), np.zeros((2, 3, 4, 1))], 3)
    np.testing.assert_allclose(dy.asnumpy(), want_dy, rtol=1e-12)
    np.testing.assert_allclose(dx.asnumpy(), want_dx, rtol=1e-12)


# ---- image quality -------------------------------------------------------------------------
def psnr_reference(a, b, max_val):
    mse = ((a.astype(np.float64) - b) ** 2).mean((1, 2, 3))
    return 10 * np.log10(max_val ** 2 / mse)


def gaussian(size, sigma):
    offsets = np.arange(-size // 2 + 1, size // 2 + 1)
    g = np.exp(-(offsets[:, None] ** 2 + offsets[None, :] ** 2) / (2 * sigma ** 2))
    return g / g.sum()


def blur(img, window):
    """'valid' correlation of each (H, W) plane of img with window."""
    k = window.shape[0]
    h, w = img.shape[-2] - k + 1, img.shape[-1] - k + 1
    out = np.zeros(img.shape[:-2] + (h, w))
    for i in range(k):
        for j in range(k):
            out += window[i, j] * img[..., i:i + h, j:j + w]
    return out


def ssim_parts(a, b, window, c1, c2):
    mu1, mu2 = blur(a, window), blur(b, window)
    var1, var2 = blur(a * a, window) - mu1 ** 2, blur(b * b, window) - mu2 ** 2
    cov = blur(a * b, window) - mu1 * mu2
    cs = (2 * cov + c2) / (var1 + var2 + c2)
    ssim = (2 * mu1 * mu2 + c1) / (mu1 ** 2 + mu2 ** 2 + c1) * cs
    return ssim.mean((2, 3)), cs.mean((2, 3))


def test_psnr():
    a = np.random.default_rng(1).uniform(0, 1, (2, 3, 4, 4)).astype(np.float32)
    b = np.random.default_rng(2).uniform(0, 1, (2, 3, 4, 4)).astype(np.float32)
    got = run(nn.PSNR(), a, b)
    assert got.dtype == ms.float32
    np.testing.assert_allclose(got.asnumpy(), psnr_reference(a, b, 1.0), rtol=1e-5)


def test_psnr_scales_integer_images():
    a = np.arange(16, dtype=np.uint8).reshape(1, 1, 4, 4)
    b = np.ones((1, 1, 4, 4), np.uint8)
    # MindSpore 2.7.1 prints 30.103065 for this pair
    np.testing.assert_allclose(run(nn.PSNR(255), a, b).asnumpy(), [30.103065], rtol=1e-6)


@pytest.mark.parametrize("max_val, filter_size, sigma", [(1.0, 11, 1.5), (255, 5, 1.0), (1.0, 4, 0.8)])
def test_ssim(max_val, filter_size, sigma):
    rng = np.random.default_rng(3)
    a = rng.uniform(0, max_val, (2, 3, 16, 16)).astype(np.float32)
    b = (a * 0.8 + rng.uniform(0, 0.2 * max_val, a.shape)).astype(np.float32)
    got = run(nn.SSIM(max_val, filter_size, sigma), a, b)
    c1, c2 = (0.01 * max_val) ** 2, (0.03 * max_val) ** 2
    ssim, _ = ssim_parts(a.astype(np.float64), b.astype(np.float64), gaussian(filter_size, sigma), c1, c2)
    assert got.dtype == ms.float32
    np.testing.assert_allclose(got.asnumpy(), ssim.mean(1), rtol=2e-5)


def test_ssim_of_an_image_with_itself_is_one():
    a = np.random.default_rng(4).uniform(0, 1, (1, 1, 11, 11)).astype(np.float32)
    np.testing.assert_allclose(run(nn.SSIM(), a, a).asnumpy(), [1.0], rtol=1e-6)


def test_msssim():
    rng = np.random.default_rng(5)
    a = rng.uniform(0, 1, (1, 2, 32, 32))
    b = np.clip(a + rng.normal(0, 0.1, a.shape), 0, 1)
    powers = (0.2, 0.3, 0.5)
    got = run(nn.MSSSIM(power_factors=powers, filter_size=3), a.astype(np.float32), b.astype(np.float32))
    window, c1, c2 = gaussian(3, 1.5), 0.01 ** 2, 0.03 ** 2
    x, y = a.astype(np.float32).astype(np.float64), b.astype(np.float32).astype(np.float64)
    product = 1.0
    for level, power in enumerate(powers):
        ssim, cs = ssim_parts(x, y, window, c1, c2)
        product = product * np.maximum(ssim if level == len(powers) - 1 else cs, 0) ** power
        x = x.reshape(1, 2, x.shape[2] // 2, 2, x.shape[3] // 2, 2).mean((3, 5))
        y = y.reshape(1, 2, y.shape[2] // 2, 2, y.shape[3] // 2, 2).mean((3, 5))
    np.testing.assert_allclose(got.asnumpy(), product.mean(1), rtol=2e-5)


def test_msssim_uint8_matches_mindspore():
    z = np.random.RandomState(0).rand(1, 1, 64, 64).astype(np.float32)
    got = run(nn.MSSSIM(filter_size=3), (z * 255).astype(np.uint8), (z * 200).astype(np.uint8))
    # MindSpore 2.7.1 (Graph mode) prints 0.96744835
    np.testing.assert_allclose(got.asnumpy(), [0.96744835], rtol=2e-5)


# ---- patches and LRN -------------------------------------------------------------------------
def patches_reference(x, k, s, r, same):
    n, c, h, w = x.shape
    if same:
        outs = [-(-size // st) for size, st in zip((h, w), s)]
        totals = [max((o - 1) * st + (kk - 1) * rr + 1 - size, 0) for o, st, kk, rr, size in zip(outs, s, k, r, (h, w))]
        x = np.pad(x, ((0, 0), (0, 0), (totals[0] // 2, totals[0] - totals[0] // 2),
                       (totals[1] // 2, totals[1] - totals[1] // 2)))
    else:
        outs = [(size - (kk - 1) * rr - 1) // st + 1 for size, kk, rr, st in zip((h, w), k, r, s)]
    out = np.zeros((n, k[0] * k[1] * c) + tuple(outs), x.dtype)
    for oi in range(outs[0]):
        for oj in range(outs[1]):
            for i in range(k[0]):
                for j in range(k[1]):
                    depth = (i * k[1] + j) * c
                    out[:, depth:depth + c, oi, oj] = x[:, :, oi * s[0] + i * r[0], oj * s[1] + j * r[1]]
    return out


@pytest.mark.parametrize("k, s, r, padding", [
    ((2, 2), (1, 1), (1, 1), "valid"), ((2, 2), (2, 2), (2, 2), "valid"), ((3, 2), (2, 1), (1, 2), "same"),
    ((2, 3), (3, 2), (1, 1), "SAME"),
])
def test_unfold(k, s, r, padding):
    x = np.random.default_rng(6).standard_normal((2, 3, 6, 7))
    layer = nn.Unfold([1, k[0], k[1], 1], [1, s[0], s[1], 1], [1, r[0], r[1], 1], padding)
    np.testing.assert_array_equal(run(layer, x).asnumpy(), patches_reference(x, k, s, r, padding.lower() == "same"))


def test_unfold_example_shape():
    net = nn.Unfold(ksizes=[1, 2, 2, 1], strides=[1, 2, 2, 1], rates=[1, 2, 2, 1])
    assert net(Tensor(np.ones([2, 3, 6, 6]), ms.float16)).shape == (2, 12, 2, 2)


def test_lrn_matches_mindspore():
    x = np.arange(12, dtype=np.float32).reshape(1, 3, 2, 2)
    got = run(nn.LRN(1, 1.0, 0.5, 0.75), x).asnumpy()
    want = [[[[0.0, 0.13816689], [0.20387572, 0.23403475]],
             [[0.24687214, 0.24927151], [0.24530563, 0.23856765]],
             [[0.49374428, 0.451801], [0.41769877, 0.38951021]]]]
    np.testing.assert_allclose(got, want, rtol=1e-6)


# ---- errors ----------------------------------------------------------------------------------
@pytest.mark.parametrize("build, error, match", [
    (lambda: nn.ChannelShuffle(0), ValueError, "'groups' must be larger than 0"),
    (lambda: nn.ChannelShuffle(2.0), TypeError, "'groups' must be int"),
    (lambda: nn.CentralCrop(1), TypeError, "'central_fraction' must be float"),
    (lambda: nn.CentralCrop(0.0), ValueError, r"'central_fraction' must be in range \(0.0, 1.0\]"),
    (lambda: nn.PSNR(0), ValueError, "'max_val' must be greater than 0"),
    (lambda: nn.PSNR("1"), TypeError, "'max_val' must be int or float"),
    (lambda: nn.SSIM(filter_size=0), ValueError, "'filter_size' must be at least 1"),
    (lambda: nn.SSIM(filter_sigma=1), TypeError, "'filter_sigma' must be float"),
    (lambda: nn.SSIM(filter_sigma=-1.0), ValueError, "'filter_sigma' must be positive"),
    (lambda: nn.SSIM(k1=1), TypeError, "'k1' must be float"),
    (lambda: nn.MSSSIM(power_factors=0.5), TypeError, "'power_factors' must be tuple or list"),
    (lambda: nn.Unfold([1, 2, 2], [1, 1, 1, 1], [1, 1, 1, 1]), ValueError, r"format of 'ksizes'"),
    (lambda: nn.Unfold((1, 0, 2, 1), [1, 1, 1, 1], [1, 1, 1, 1]), ValueError, "must be positive ints"),
    (lambda: nn.Unfold([1, 2, 2, 1], 1, [1, 1, 1, 1]), TypeError, "'strides' must be tuple or list"),
    (lambda: nn.Unfold([1, 2, 2, 1], [1, 1, 1, 1], [1, 1, 1, 1], "full"), ValueError, "'padding'"),
    (lambda: nn.LRN(1.0), TypeError, "'depth_radius' must be int"),
    (lambda: nn.LRN(-1), ValueError, "'depth_radius' must be >= 0"),
    (lambda: nn.LRN(bias=1), TypeError, "'bias' must be float"),
    (lambda: nn.LRN(norm_region="WITHIN_CHANNEL"), ValueError, "'norm_region'"),
])
def test_argument_errors(build, error, match):
    with pytest.raises(error, match=match):
        build()


F32 = np.ones((1, 1, 12, 12), np.float32)


@pytest.mark.parametrize("layer, inputs, error, match", [
    (nn.ChannelShuffle(3), (np.ones((1, 4, 2), np.float32),), ValueError, "divisible by groups 3"),
    (nn.CentralCrop(0.5), (np.ones((4, 4), np.float32),), ValueError, "must be 3-D or 4-D"),
    (nn.ImageGradients(), (np.ones((1, 4, 4), np.float32),), ValueError, "must be 4d"),
    (nn.PSNR(), (F32, F32[0]), ValueError, "'img2' must be 4d"),
    (nn.PSNR(), (F32, F32.astype(np.float16)), TypeError, "dtype of 'img2'"),
    (nn.PSNR(), (F32, np.ones((1, 1, 12, 11), np.float32)), ValueError, "shape of 'img2'"),
    (nn.SSIM(), (F32.astype(np.float64),) * 2, TypeError, "'img1' must be one of"),
    (nn.SSIM(), (F32[..., :10],) * 2, ValueError, r"shape\[3\] must be at least filter_size 11"),
    (nn.MSSSIM(), (F32.astype(np.int32),) * 2, TypeError, "'img1' must be one of"),
    (nn.Unfold([1, 3, 3, 1], [1, 1, 1, 1], [1, 1, 1, 1]), (np.ones((1, 1, 2, 2), np.float32),), ValueError,
     "do not fit"),
    (nn.Unfold([1, 2, 2, 1], [1, 1, 1, 1], [1, 1, 1, 1]), (np.ones((1, 2, 2), np.float32),), ValueError,
     "must be 4-D"),
    (nn.LRN(), (np.ones((3, 2, 2), np.float32),), ValueError, "'x' must be 4-D"),
    (nn.LRN(), (F32.astype(np.float64),), TypeError, "dtype of 'x'"),
])
def test_input_errors(layer, inputs, error, match):
    with pytest.raises(error, match=match):
        run(layer, *inputs)


# ---- gradients and Graph mode ----------------------------------------------------------------
def test_psnr_gradient():
    a = np.random.default_rng(7).uniform(0, 1, (1, 1, 3, 3)).astype(np.float32)
    b = np.random.default_rng(8).uniform(0, 1, (1, 1, 3, 3)).astype(np.float32)
    grad = ops.grad(lambda u, v: nn.PSNR()(u, v).sum())(Tensor(a), Tensor(b)).asnumpy()
    diff = a.astype(np.float64) - b
    # d/da 10 log10(1 / mse) = -10 / ln 10 * (2 diff / n) / mse
    want = -10 / math.log(10) * (2 * diff / diff.size) / (diff ** 2).mean()
    np.testing.assert_allclose(grad, want, rtol=1e-4)


@pytest.mark.parametrize("layer, shapes", [
    (nn.SSIM(filter_size=5), [(1, 2, 8, 8)] * 2),
    (nn.MSSSIM(power_factors=(0.5, 0.5), filter_size=3), [(1, 2, 8, 8)] * 2),
    (nn.PSNR(), [(2, 1, 3, 3)] * 2),
    (nn.ImageGradients(), [(1, 2, 3, 4)]),
    (nn.CentralCrop(0.5), [(1, 2, 6, 6)]),
    (nn.Unfold([1, 2, 2, 1], [1, 2, 1, 1], [1, 1, 1, 1], "same"), [(1, 2, 5, 5)]),
    (nn.LRN(2), [(1, 4, 2, 2)]),
    (nn.PixelShuffle(2), [(1, 4, 2, 2)]),
    (nn.ChannelShuffle(2), [(1, 4, 2, 2)]),
])
def test_graph_mode_matches_pynative(layer, shapes):
    rng = np.random.default_rng(9)
    inputs = [Tensor(rng.uniform(0, 1, s).astype(np.float32)) for s in shapes]
    eager = layer(*inputs)
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        graph = layer(*inputs)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    for g, e in zip(graph if isinstance(graph, tuple) else (graph,), eager if isinstance(eager, tuple) else (eager,)):
        np.testing.assert_allclose(g.asnumpy(), e.asnumpy(), rtol=1e-6)


def test_mindspores_module_paths_of_lrn_and_unfold():
    from spore.nn.layer import activation, basic, image
    assert activation.LRN is image.LRN and basic.Unfold is image.Unfold
