"""Primitive classes, one per operator (`ops.Add`, `ops.Conv2D`, ...); MindSpore code
imports them as `from mindspore.ops import operations as P`."""
from .math_ops import *
