"""Rotate, RandomRotation, Affine, RandomAffine, Perspective and RandomPerspective: warps
of the whole image (see warp.py). spore samples with NEAREST and BILINEAR (and BICUBIC for the
perspective warps); other interpolations raise ValueError."""
from __future__ import annotations

import math
import numbers

import numpy as np

from .. import checks, random_streams
from .geometry import _fill
from .image_operation import ImageOperation, check_image
from .utils import Inter
from .warp import invert_affine, perspective_matrix, warp_affine, warp_perspective

_SAMPLED = (Inter.NEAREST, Inter.BILINEAR)
_PERSPECTIVE_SAMPLED = (Inter.NEAREST, Inter.BILINEAR, Inter.BICUBIC)


class Rotate(ImageOperation):
    """The image rotated `degrees` counter-clockwise about `center` ((x, y); None: the
    image centre), with `expand` enlarged to hold the whole rotated image; uncovered
    pixels are `fill_value` (an RGB triple taken in reverse order, as MindSpore does)."""

    def __init__(self, degrees: float, resample: Inter = Inter.NEAREST, expand: bool = False, center=None,
                 fill_value=0):
        self.degrees = checks.check_number("Rotate", "degrees", degrees)
        self.resample = _sampling("Rotate", "resample", resample)
        self.expand = checks.check_bool("Rotate", "expand", expand)
        self.center = _center("Rotate", center)
        self.fill_value = _fill("Rotate", fill_value)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        check_image("Rotate", image.shape)
        return rotate(image, self.degrees, self.resample, self.expand, self.center, _bgr(self.fill_value))


class RandomRotation(ImageOperation):
    """Rotate by an angle drawn uniformly from `degrees` ((min, max), or a number d for
    (-d, d)); the other arguments as Rotate's."""

    returns_pil = True

    def __init__(self, degrees, resample: Inter = Inter.NEAREST, expand: bool = False, center=None, fill_value=0):
        self.degrees = degree_range("RandomRotation", degrees)
        self.resample = _sampling("RandomRotation", "resample", resample)
        self.expand = checks.check_bool("RandomRotation", "expand", expand)
        self.center = _center("RandomRotation", center)
        self.fill_value = _fill("RandomRotation", fill_value)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        check_image("RandomRotation", image.shape)
        low, high = self.degrees
        angle = low + (high - low) * random_streams.current().random()
        return rotate(image, angle, self.resample, self.expand, self.center, _bgr(self.fill_value))


class Affine(ImageOperation):
    """The image rotated by `degrees` (clockwise), scaled by `scale`, sheared by `shear`
    degrees (x, or (x, y)) about the image centre, then moved by `translate` (fractions
    of the width and height, each in [-1, 1]); uncovered pixels are `fill_value`."""

    returns_pil = True

    def __init__(self, degrees: float, translate, scale: float, shear, resample: Inter = Inter.NEAREST,
                 fill_value=0):
        self.degrees = checks.check_number("Affine", "degrees", degrees, -180, 180)
        if not isinstance(translate, (list, tuple)) or len(translate) != 2:
            raise TypeError(f"For 'Affine', the 'translate' must be a (x, y) pair, but got {translate!r}.")
        self.translate = tuple(checks.check_number("Affine", "translate", t, -1.0, 1.0) for t in translate)
        self.scale = checks.check_number("Affine", "scale", scale, 0, None, low_open=True)
        shears = [shear, 0] if isinstance(shear, numbers.Real) and not isinstance(shear, bool) else shear
        if not isinstance(shears, (list, tuple)) or len(shears) != 2:
            raise TypeError(f"For 'Affine', the 'shear' must be a number or an (x, y) pair, but got {shear!r}.")
        self.shear = tuple(checks.check_number("Affine", "shear", v, -180, 180) for v in shears)
        self.resample = _sampling("Affine", "resample", resample)
        self.fill_value = _fill("Affine", fill_value)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        check_image("Affine", image.shape)
        return affine(image, self.degrees, self.translate, self.scale, self.shear, self.resample, self.fill_value)


class RandomAffine(ImageOperation):
    """Affine with parameters drawn uniformly: the angle from `degrees` (a number d for
    (-d, d)), the translation from `translate` ((x_min, x_max) or (x_min, x_max, y_min,
    y_max), fractions of the size; None: none), the scale from `scale` ((min, max); None:
    1) and the shear from `shear` (a number s for x in (-s, s), (x_min, x_max) or (x_min,
    x_max, y_min, y_max); None: none)."""

    returns_pil = True

    def __init__(self, degrees, translate=None, scale=None, shear=None, resample: Inter = Inter.NEAREST,
                 fill_value=0):
        self.degrees = degree_range("RandomAffine", degrees)
        self.translate = _ranges("translate", translate, -1.0, 1.0)
        self.scale = (1.0, 1.0) if scale is None else _ranges("scale", scale, 0, None)[0]
        if isinstance(shear, numbers.Real) and not isinstance(shear, bool):
            bound = checks.check_number("RandomAffine", "shear", shear, 0)
            shear = (-bound, bound)
        self.shear = _ranges("shear", shear, None, None)
        self.resample = _sampling("RandomAffine", "resample", resample)
        self.fill_value = _fill("RandomAffine", fill_value)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        check_image("RandomAffine", image.shape)
        draws = random_streams.current().random(6)
        (angle, tx, ty, scale, shear_x, shear_y) = (low + (high - low) * u for (low, high), u in zip(
            (self.degrees, self.translate[0], self.translate[1], self.scale, self.shear[0], self.shear[1]), draws))
        return affine(image, angle, (tx, ty), scale, (shear_x, shear_y), self.resample, self.fill_value)


class Perspective(ImageOperation):
    """The image warped so that the four `start_points` ([x, y] each) land on the four
    `end_points`; uncovered pixels are 0."""

    returns_pil = True

    def __init__(self, start_points, end_points, interpolation: Inter = Inter.BILINEAR):
        self.start_points = _points("start_points", start_points)
        self.end_points = _points("end_points", end_points)
        self.interpolation = _sampling("Perspective", "interpolation", interpolation, _PERSPECTIVE_SAMPLED)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        check_image("Perspective", image.shape)
        inverse = perspective_matrix(self.end_points, self.start_points)
        return warp_perspective(image, inverse, image.shape[:2], self.interpolation, 0)


class RandomPerspective(ImageOperation):
    """With probability `prob`, Perspective from the image corners to corners moved
    inwards by random amounts up to `distortion_scale` of half the width / height."""

    returns_pil = True

    def __init__(self, distortion_scale: float = 0.5, prob: float = 0.5, interpolation: Inter = Inter.BICUBIC):
        self.distortion_scale = checks.check_number("RandomPerspective", "distortion_scale", distortion_scale, 0, 1)
        self.prob = checks.check_number("RandomPerspective", "prob", prob, 0, 1)
        self.interpolation = _sampling("RandomPerspective", "interpolation", interpolation, _PERSPECTIVE_SAMPLED)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        check_image("RandomPerspective", image.shape)
        rng = random_streams.current()
        if rng.random() >= self.prob:
            return image
        height, width = image.shape[:2]
        dx, dy = int(self.distortion_scale * (width // 2)), int(self.distortion_scale * (height // 2))
        left, right = rng.integers(0, dx + 1, 2), rng.integers(width - dx - 1, width, 2)
        top, bottom = rng.integers(0, dy + 1, 2), rng.integers(height - dy - 1, height, 2)
        start = [(0, 0), (width - 1, 0), (width - 1, height - 1), (0, height - 1)]
        end = [(left[0], top[0]), (right[0], top[1]), (right[1], bottom[0]), (left[1], bottom[1])]
        inverse = perspective_matrix(end, start)
        return warp_perspective(image, inverse, (height, width), self.interpolation, 0)


def _bgr(fill):
    """MindSpore's Rotate kernels fill with an RGB fill_value in reversed (OpenCV's BGR) order."""
    return fill[::-1] if isinstance(fill, tuple) else fill


def rotate(image: np.ndarray, degrees: float, resample: Inter, expand: bool, center, fill) -> np.ndarray:
    """As OpenCV's getRotationMatrix2D + warpAffine; `center` defaults to the middle of
    the pixel grid ((W - 1) / 2, (H - 1) / 2)."""
    height, width = image.shape[:2]
    cx, cy = ((width - 1) / 2, (height - 1) / 2) if center is None else center
    cos, sin = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    matrix = np.array([[cos, sin, (1 - cos) * cx - sin * cy], [-sin, cos, sin * cx + (1 - cos) * cy]])
    size = (height, width)
    if expand:
        new_w = abs(width * cos) + abs(height * sin)
        new_h = abs(width * sin) + abs(height * cos)
        # Shifted by the growth of the image (not about `center`), sizes rounded: as MindSpore.
        matrix[0, 2] += new_w / 2 - width / 2
        matrix[1, 2] += new_h / 2 - height / 2
        size = (round(new_h), round(new_w))
    return warp_affine(image, invert_affine(matrix), size, resample, fill)


def affine(image: np.ndarray, degrees: float, translate, scale: float, shear, resample: Inter, fill) -> np.ndarray:
    """As MindSpore's Affine: rotation, scale and shear about ((W - 1) / 2, (H - 1) / 2),
    then the translation (as fractions of the size)."""
    height, width = image.shape[:2]
    cx, cy = (width - 1) / 2, (height - 1) / 2
    rot, shear_x, shear_y = (math.radians(a) for a in (degrees, *shear))
    a = math.cos(rot - shear_y) / math.cos(shear_y)
    b = -math.cos(rot - shear_y) * math.tan(shear_x) / math.cos(shear_y) - math.sin(rot)
    c = math.sin(rot - shear_y) / math.cos(shear_y)
    d = -math.sin(rot - shear_y) * math.tan(shear_x) / math.cos(shear_y) + math.cos(rot)
    linear = np.array([[a, b], [c, d]]) * scale
    offset = np.array([cx + translate[0] * width, cy + translate[1] * height]) - linear @ [cx, cy]
    matrix = np.hstack([linear, offset[:, None]])
    return warp_affine(image, invert_affine(matrix), (height, width), resample, fill)


def degree_range(op: str, degrees) -> tuple[float, float]:
    if isinstance(degrees, numbers.Real) and not isinstance(degrees, bool):
        bound = checks.check_number(op, "degrees", degrees, 0, 16777216)
        return -bound, bound
    if not isinstance(degrees, (list, tuple)) or len(degrees) != 2:
        raise TypeError(f"For '{op}', the 'degrees' must be a number or a (min, max) pair, but got {degrees!r}.")
    low, high = (checks.check_number(op, "degrees", d) for d in degrees)
    if low > high:
        raise ValueError(f"For '{op}', the 'degrees' must be in order (min, max), but got {degrees!r}.")
    return low, high


def _ranges(name: str, value, low, high) -> list[tuple[float, float]]:
    """(min, max) pairs for x and y from 2 or 4 numbers (y (0, 0) when 2 are given);
    None: [(0, 0), (0, 0)]."""
    if value is None:
        return [(0.0, 0.0), (0.0, 0.0)]
    if not isinstance(value, (list, tuple)) or len(value) not in (2, 4):
        raise TypeError(f"For 'RandomAffine', the '{name}' must be a sequence of 2 or 4 numbers, but got {value!r}.")
    bounds = [checks.check_number("RandomAffine", name, v, low, high) for v in value]
    pairs = [(bounds[0], bounds[1]), (bounds[2], bounds[3]) if len(bounds) == 4 else (0.0, 0.0)]
    for first, second in pairs:
        if first > second:
            raise ValueError(f"For 'RandomAffine', the '{name}' ranges must be in order (min, max), but got {value!r}.")
    return pairs


def _sampling(op: str, name: str, interpolation, supported: tuple = _SAMPLED) -> Inter:
    if not isinstance(interpolation, Inter):
        raise TypeError(f"For '{op}', the '{name}' must be an Inter, but got {interpolation!r}.")
    if interpolation not in supported:
        names = " or ".join(f"Inter.{i.name}" for i in supported)
        raise ValueError(f"For '{op}', the {name} Inter.{interpolation.name} is not supported by spore; use "
                         f"{names}.")
    return interpolation


def _center(op: str, center):
    if center is None:
        return None
    if not isinstance(center, (list, tuple)) or len(center) != 2:
        raise TypeError(f"For '{op}', the 'center' must be None or an (x, y) pair, but got {center!r}.")
    return tuple(checks.check_number(op, "center", c) for c in center)


def _points(name: str, points) -> list[tuple[float, float]]:
    if not isinstance(points, (list, tuple)) or len(points) != 4:
        raise TypeError(f"For 'Perspective', the '{name}' must be a list of 4 [x, y] points, but got {points!r}.")
    for point in points:
        if not isinstance(point, (list, tuple)) or len(point) != 2:
            raise TypeError(f"For 'Perspective', every point of '{name}' must be an [x, y] pair, but got {point!r}.")
    return [tuple(checks.check_number("Perspective", name, c) for c in point) for point in points]
