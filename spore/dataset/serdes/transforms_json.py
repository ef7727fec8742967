"""The built-in transforms in MindSpore's JSON pipeline description: each one an object
{"tensor_op_name": ..., "tensor_op_params": {...} or null}, with MindSpore's op names
(HWC2CHW is "HwcToChw") and its parameter spellings (enums as MindSpore's C++ enum
numbers, float parameters as the float32 values MindSpore stores). A Python function is
{"python_module": ..., "tensor_op_name": its name}: it cannot be rebuilt from JSON."""
from __future__ import annotations

import numpy as np

from ..transforms.random_compose import RandomApply, RandomChoice
from ..transforms.tensor_operation import TensorOperation
from ..transforms.transforms import OneHot, TypeCast
from ..vision import (
    HWC2CHW,
    CenterCrop,
    Decode,
    Normalize,
    Pad,
    RandomColorAdjust,
    RandomCrop,
    RandomHorizontalFlip,
    RandomResizedCrop,
    RandomRotation,
    RandomVerticalFlip,
    Rescale,
    Resize,
    ToTensor,
)
from ..vision.utils import Border, Inter

PYTHON_FUNCTION_MODULE = "mindspore.dataset.transforms.py_transforms_util"
"""The module MindSpore names for any Python function in a map (where its wrapper lives)."""

_INTER_CODES = {Inter.BILINEAR: 0, Inter.NEAREST: 1, Inter.BICUBIC: 2, Inter.AREA: 3, Inter.PILCUBIC: 4}
_BORDER_CODES = {Border.CONSTANT: 0, Border.EDGE: 1, Border.REFLECT: 2, Border.SYMMETRIC: 3}


def _f32(value) -> float:
    return float(np.float32(value))


def _pair(size) -> list[int]:
    return [size, size] if isinstance(size, int) else list(size)


def _three(fill) -> list[int]:
    return [fill] * 3 if isinstance(fill, int) else list(fill)


def _decode_enum(codes: dict, code: int, what: str):
    for member, number in codes.items():
        if number == code:
            return member
    raise RuntimeError(f"deserialize: unknown {what} code {code} in the JSON.")


# name -> (class, params of an instance, instance from params)
_TABLE = {
    "Rescale": (Rescale, lambda t: {"rescale": _f32(t.rescale), "shift": _f32(t.shift)},
                lambda p: Rescale(p["rescale"], p["shift"])),
    "HwcToChw": (HWC2CHW, lambda t: None, lambda p: HWC2CHW()),
    "TypeCast": (TypeCast, lambda t: {"data_type": np.dtype(t._np_type).name},
                 lambda p: TypeCast(np.dtype(p["data_type"]))),
    "OneHot": (OneHot, lambda t: {"num_classes": t.num_classes, "smoothing_rate": _f32(t.smoothing_rate)},
               lambda p: OneHot(p["num_classes"], p.get("smoothing_rate", 0.0))),
    "Decode": (Decode, lambda t: {"device_target": "CPU", "rgb": True}, lambda p: Decode()),
    "Resize": (Resize, lambda t: {"device_target": "CPU", "interpolation": _INTER_CODES[t.interpolation],
                                  "size": [t.size] if isinstance(t.size, int) else list(t.size)},
               lambda p: Resize(p["size"][0] if len(p["size"]) == 1 else p["size"],
                                _decode_enum(_INTER_CODES, p["interpolation"], "interpolation"))),
    "CenterCrop": (CenterCrop, lambda t: {"size": _pair(t.size)}, lambda p: CenterCrop(p["size"])),
    "RandomCrop": (RandomCrop, lambda t: {"fill_value": _three(t.fill_value), "pad_if_needed": t.pad_if_needed,
                                          "padding": list(t.padding or (0, 0, 0, 0)),
                                          "padding_mode": _BORDER_CODES[t.padding_mode], "size": _pair(t.size)},
                   lambda p: RandomCrop(p["size"], p["padding"], p["pad_if_needed"], tuple(p["fill_value"]),
                                        _decode_enum(_BORDER_CODES, p["padding_mode"], "padding_mode"))),
    "Normalize": (Normalize, lambda t: {"device_target": "CPU", "is_hwc": t.is_hwc,
                                        "mean": [_f32(m) for m in t.mean], "std": [_f32(s) for s in t.std]},
                  lambda p: Normalize(p["mean"], p["std"], p.get("is_hwc", True))),
    "RandomHorizontalFlip": (RandomHorizontalFlip, lambda t: {"prob": _f32(t.prob)},
                             lambda p: RandomHorizontalFlip(p["prob"])),
    "RandomVerticalFlip": (RandomVerticalFlip, lambda t: {"prob": _f32(t.prob)},
                           lambda p: RandomVerticalFlip(p["prob"])),
    "ToTensor": (ToTensor, lambda t: {"output_type": np.dtype(t.output_type).name},
                 lambda p: ToTensor(np.dtype(p["output_type"]))),
    "RandomResizedCrop": (
        RandomResizedCrop,
        lambda t: {"interpolation": _INTER_CODES[t.interpolation], "max_attempts": t.max_attempts,
                   "ratio": [_f32(r) for r in t.ratio], "scale": [_f32(s) for s in t.scale], "size": _pair(t.size)},
        lambda p: RandomResizedCrop(p["size"], tuple(p["scale"]), tuple(p["ratio"]),
                                    _decode_enum(_INTER_CODES, p["interpolation"], "interpolation"),
                                    p["max_attempts"])),
    "Pad": (Pad, lambda t: {"device_target": "CPU", "fill_value": _three(t.fill_value), "padding": list(t.padding),
                            "padding_mode": _BORDER_CODES[t.padding_mode]},
            lambda p: Pad(p["padding"], tuple(p["fill_value"]),
                          _decode_enum(_BORDER_CODES, p["padding_mode"], "padding_mode"))),
    "RandomRotation": (
        RandomRotation,
        lambda t: {"center": list(t.center or ()), "degrees": [_f32(d) for d in t.degrees], "expand": t.expand,
                   "fill_value": _three(t.fill_value), "resample": _INTER_CODES[t.resample]},
        lambda p: RandomRotation(tuple(p["degrees"]), _decode_enum(_INTER_CODES, p["resample"], "resample"),
                                 p["expand"], tuple(p["center"]) or None, tuple(p["fill_value"]))),
    "RandomColorAdjust": (
        RandomColorAdjust,
        lambda t: {name: [_f32(v) for v in getattr(t, name)] for name in ("brightness", "contrast", "hue",
                                                                         "saturation")},
        lambda p: RandomColorAdjust(tuple(p["brightness"]), tuple(p["contrast"]), tuple(p["saturation"]),
                                    tuple(p["hue"]))),
    "RandomApply": (RandomApply, lambda t: {"prob": _f32(t.prob), "transforms": [to_json(x) for x in t.transforms]},
                    lambda p: RandomApply([from_json(x) for x in p["transforms"]], p["prob"])),
    "RandomChoice": (RandomChoice, lambda t: {"transforms": [to_json(x) for x in t.transforms]},
                     lambda p: RandomChoice([from_json(x) for x in p["transforms"]])),
}
_NAME_OF_CLASS = {cls: name for name, (cls, _, _) in _TABLE.items()}


def to_json(transform) -> dict:
    """The JSON object of one transform (a Python function: its name, no parameters)."""
    name = _NAME_OF_CLASS.get(type(transform))
    if name is not None:
        return {"tensor_op_name": name, "tensor_op_params": _TABLE[name][1](transform)}
    if isinstance(transform, TensorOperation):
        # described by its plain public attributes; deserialize names it as unsupported
        params = {k: v for k, v in sorted(vars(transform).items())
                  if not k.startswith("_") and isinstance(v, (bool, int, float, str, list, tuple, type(None)))}
        return {"tensor_op_name": type(transform).__name__, "tensor_op_params": params}
    return {"python_module": PYTHON_FUNCTION_MODULE,
            "tensor_op_name": getattr(transform, "__name__", type(transform).__name__)}


def from_json(description: dict):
    """The transform a JSON object describes."""
    name = description.get("tensor_op_name")
    if "tensor_op_params" not in description:
        raise RuntimeError(f"deserialize: the operation {name!r} has no 'tensor_op_params': a Python function "
                           f"is serialized by name only and cannot be rebuilt from JSON.")
    if name not in _TABLE:
        raise RuntimeError(f"deserialize: the transform {name!r} is not supported by spore's deserialize; "
                           f"supported: {sorted(_TABLE)}.")
    return _TABLE[name][2](description["tensor_op_params"] or {})
