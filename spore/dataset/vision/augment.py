"""Augmentation policies: AutoAugment (the learned policies), RandAugment and
TrivialAugmentWide (operations and magnitudes of their papers), UniformAugment and
RandomSelectSubpolicy (user-given operations).

An operation is named as in the papers and applied to a uint8 (H, W, 3) image with a
magnitude: shears and translations through Affine about the image centre, rotations
counter-clockwise, colour operations through color.py's arithmetic.
"""
from __future__ import annotations

import math

import numpy as np

from .. import checks, random_streams
from ..transforms.random_compose import apply_in_order, check_transforms
from . import auto_augment_policies
from .color import (
    adjust_brightness,
    adjust_contrast,
    adjust_saturation,
    adjust_sharpness,
    auto_contrast,
    check_rgb_uint8,
    equalize,
    invert,
    posterize,
    solarize,
)
from .geometry import _fill
from .image_operation import ImageOperation
from .rotation import _sampling, affine, rotate
from .utils import AutoAugmentPolicy, Inter


def apply_operation(image: np.ndarray, name: str, magnitude: float, interpolation: Inter, fill) -> np.ndarray:
    height, width = image.shape[:2]
    if name == "ShearX":
        return affine(image, 0.0, (0, 0), 1.0, (math.degrees(math.atan(magnitude)), 0.0), interpolation, fill)
    if name == "ShearY":
        return affine(image, 0.0, (0, 0), 1.0, (0.0, math.degrees(math.atan(magnitude))), interpolation, fill)
    if name == "TranslateX":
        return affine(image, 0.0, (int(magnitude) / width, 0), 1.0, (0.0, 0.0), interpolation, fill)
    if name == "TranslateY":
        return affine(image, 0.0, (0, int(magnitude) / height), 1.0, (0.0, 0.0), interpolation, fill)
    if name == "Rotate":
        return rotate(image, magnitude, interpolation, False, None, fill)
    if name in _FACTOR_OPERATIONS:
        return _FACTOR_OPERATIONS[name](image, 1.0 + magnitude)
    if name == "Posterize":
        return posterize(image, int(magnitude))
    if name == "Solarize":
        return solarize(image, (magnitude, 255.0))
    if name == "AutoContrast":
        return auto_contrast(image, 0.0, [])
    if name == "Equalize":
        return equalize(image)
    if name == "Invert":
        return invert(image)
    return image  # Identity


_FACTOR_OPERATIONS = {"Brightness": adjust_brightness, "Color": adjust_saturation, "Contrast": adjust_contrast,
                      "Sharpness": adjust_sharpness}


def augmentation_space(bins: int, height: int, width: int, wide: bool) -> dict[str, tuple[np.ndarray, bool]]:
    """Per operation: its `bins` magnitudes and whether their sign is drawn at random."""
    shear, rotate_max, factor = (0.99, 135.0, 0.99) if wide else (0.3, 30.0, 0.9)
    translate_x, translate_y = (32.0, 32.0) if wide else (150.0 / 331.0 * width, 150.0 / 331.0 * height)
    levels = 6 if wide else 4
    zero = np.zeros(bins)
    return {
        "Identity": (zero, False),
        "ShearX": (np.linspace(0.0, shear, bins), True),
        "ShearY": (np.linspace(0.0, shear, bins), True),
        "TranslateX": (np.linspace(0.0, translate_x, bins), True),
        "TranslateY": (np.linspace(0.0, translate_y, bins), True),
        "Rotate": (np.linspace(0.0, rotate_max, bins), True),
        "Brightness": (np.linspace(0.0, factor, bins), True),
        "Color": (np.linspace(0.0, factor, bins), True),
        "Contrast": (np.linspace(0.0, factor, bins), True),
        "Sharpness": (np.linspace(0.0, factor, bins), True),
        "Posterize": (8 - np.round(np.arange(bins) / ((bins - 1) / levels)), False),
        "Solarize": (np.linspace(255.0, 0.0, bins), False),
        "AutoContrast": (zero, False),
        "Equalize": (zero, False),
    }


class AutoAugment(ImageOperation):
    """A sub-policy of the learned `policy` drawn uniformly; each of its two steps applies
    with its probability, at its magnitude bin of 10 (signed ones negated with
    probability 1/2)."""

    _POLICIES = {AutoAugmentPolicy.IMAGENET: auto_augment_policies.IMAGENET,
                 AutoAugmentPolicy.CIFAR10: auto_augment_policies.CIFAR10,
                 AutoAugmentPolicy.SVHN: auto_augment_policies.SVHN}

    def __init__(self, policy: AutoAugmentPolicy = AutoAugmentPolicy.IMAGENET, interpolation: Inter = Inter.NEAREST,
                 fill_value=0):
        if not isinstance(policy, AutoAugmentPolicy):
            raise TypeError(f"For 'AutoAugment', the 'policy' must be an AutoAugmentPolicy, but got {policy!r}.")
        self.policy = policy
        self.interpolation = _sampling("AutoAugment", "interpolation", interpolation)
        self.fill_value = _fill("AutoAugment", fill_value)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        check_rgb_uint8("AutoAugment", image)
        space = augmentation_space(10, image.shape[0], image.shape[1], wide=False)
        subpolicies = self._POLICIES[self.policy]
        rng = random_streams.current()
        subpolicy = subpolicies[int(rng.integers(len(subpolicies)))]
        for name, prob, magnitude_bin in subpolicy:
            if rng.random() >= prob:
                continue
            magnitudes, signed = space.get(name, (None, False))
            magnitude = 0.0 if magnitude_bin is None else magnitudes[magnitude_bin]
            image = apply_operation(image, name, _signed(magnitude, signed, rng), self.interpolation,
                                    self.fill_value)
        return image


class RandAugment(ImageOperation):
    """`num_ops` operations drawn uniformly from RandAugment's space, each at bin
    `magnitude` of `num_magnitude_bins` (signed ones negated with probability 1/2)."""

    def __init__(self, num_ops: int = 2, magnitude: int = 9, num_magnitude_bins: int = 31,
                 interpolation: Inter = Inter.NEAREST, fill_value=0):
        self.num_ops = checks.check_int("RandAugment", "num_ops", num_ops)
        self.num_magnitude_bins = checks.check_int("RandAugment", "num_magnitude_bins", num_magnitude_bins, 2)
        self.magnitude = checks.check_int("RandAugment", "magnitude", magnitude, 0, self.num_magnitude_bins - 1)
        self.interpolation = _sampling("RandAugment", "interpolation", interpolation)
        self.fill_value = _fill("RandAugment", fill_value)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        check_rgb_uint8("RandAugment", image)
        space = augmentation_space(self.num_magnitude_bins, image.shape[0], image.shape[1], wide=False)
        names = list(space)
        rng = random_streams.current()
        for _ in range(self.num_ops):
            name = names[int(rng.integers(len(names)))]
            magnitudes, signed = space[name]
            image = apply_operation(image, name, _signed(magnitudes[self.magnitude], signed, rng),
                                    self.interpolation, self.fill_value)
        return image


class TrivialAugmentWide(ImageOperation):
    """One operation drawn uniformly from TrivialAugment's wide space, at a magnitude bin
    drawn uniformly (signed ones negated with probability 1/2)."""

    def __init__(self, num_magnitude_bins: int = 31, interpolation: Inter = Inter.NEAREST, fill_value=0):
        self.num_magnitude_bins = checks.check_int("TrivialAugmentWide", "num_magnitude_bins", num_magnitude_bins, 2)
        self.interpolation = _sampling("TrivialAugmentWide", "interpolation", interpolation)
        self.fill_value = _fill("TrivialAugmentWide", fill_value)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        check_rgb_uint8("TrivialAugmentWide", image)
        space = augmentation_space(self.num_magnitude_bins, image.shape[0], image.shape[1], wide=True)
        names = list(space)
        rng = random_streams.current()
        name = names[int(rng.integers(len(names)))]
        magnitudes, signed = space[name]
        magnitude = magnitudes[int(rng.integers(self.num_magnitude_bins))]
        return apply_operation(image, name, _signed(magnitude, signed, rng), self.interpolation, self.fill_value)


class UniformAugment(ImageOperation):
    """`num_ops` of the `transforms`, drawn without replacement, each applied with
    probability 1/2, in the drawn order."""

    def __init__(self, transforms, num_ops: int = 2):
        self.transforms = check_transforms("UniformAugment", transforms)
        self.num_ops = checks.check_int("UniformAugment", "num_ops", num_ops, 1, len(self.transforms))

    def __call__(self, *inputs):
        rng = random_streams.current()
        chosen = rng.choice(len(self.transforms), self.num_ops, replace=False)
        applied = [self.transforms[i] for i in chosen if rng.random() < 0.5]
        if not applied:
            return inputs[0] if len(inputs) == 1 else inputs
        return apply_in_order(applied, inputs, "UniformAugment")


class RandomSelectSubpolicy(ImageOperation):
    """One sub-policy drawn uniformly from `policy` (a list of sub-policies, each a list
    of (transform, probability) pairs), whose transforms then apply each with its
    probability, in order."""

    def __init__(self, policy):
        if not isinstance(policy, list) or not policy:
            raise TypeError(f"For 'RandomSelectSubpolicy', the 'policy' must be a non-empty list of sub-policies, "
                            f"but got {policy!r}.")
        for i, subpolicy in enumerate(policy):
            if not isinstance(subpolicy, list) or not subpolicy:
                raise TypeError(f"For 'RandomSelectSubpolicy', policy[{i}] must be a non-empty list of "
                                f"(transform, probability) pairs, but got {subpolicy!r}.")
            for pair in subpolicy:
                if not isinstance(pair, tuple) or len(pair) != 2 or not callable(pair[0]):
                    raise TypeError(f"For 'RandomSelectSubpolicy', every entry of policy[{i}] must be a "
                                    f"(transform, probability) pair, but got {pair!r}.")
                checks.check_number("RandomSelectSubpolicy", "probability", pair[1], 0.0, 1.0)
        self.policy = policy

    def __call__(self, *inputs):
        rng = random_streams.current()
        subpolicy = self.policy[int(rng.integers(len(self.policy)))]
        applied = [transform for transform, prob in subpolicy if rng.random() < prob]
        if not applied:
            return inputs[0] if len(inputs) == 1 else inputs
        return apply_in_order(applied, inputs, "RandomSelectSubpolicy")


def _signed(magnitude: float, signed: bool, rng: np.random.Generator) -> float:
    return -float(magnitude) if signed and rng.random() < 0.5 else float(magnitude)
