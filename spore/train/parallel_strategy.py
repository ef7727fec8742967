"""Strategy files of MindSpore's auto-parallel training (protobuf ParallelStrategyMap, or
its JSON form): build_searched_strategy reads each parameter's layout, and
`merge_by_layout` joins the slices the devices saved of a parameter by that layout.

A layout places the devices in a matrix (`dev_matrix`, row-major over the ranks); tensor
axis i is split over the device-matrix axis `tensor_map[i]` counted from the right
(-1: not split). Devices with the same slice coordinates hold copies."""
from __future__ import annotations

import json
import os

import numpy as np

from ..common.protobuf_wire import packed_varints, protobuf_fields

__all__ = ["build_searched_strategy"]

_INT64 = 1 << 64


def _signed(value: int) -> int:
    return value - _INT64 if value >= 1 << 63 else value


class Dims:
    """A repeated `dim` field (DevMatrix, TensorMap, ParamSplitShape, IndicesOffset)."""

    def __init__(self, dim=()):
        self.dim = list(dim)

    def __repr__(self) -> str:
        return "{ " + " ".join(f"dim: {d}" for d in self.dim) + " }"


class ParallelLayouts:
    """The layout of one parameter, with the fields (and the attribute names) of
    MindSpore's ParallelLayouts message."""

    def __init__(self, dev_matrix=(), tensor_map=(), param_split_shape=(), indices_offset=(), field=0,
                 opt_weight_shard_step=0, opt_weight_shard_size=0):
        self.dev_matrix = [Dims(dev_matrix)]
        self.tensor_map = [Dims(tensor_map)]
        self.param_split_shape = [Dims(param_split_shape)]
        self.indices_offset = [Dims(indices_offset)]
        self.field = field
        self.opt_weight_shard_step = opt_weight_shard_step
        self.opt_weight_shard_size = opt_weight_shard_size

    def __repr__(self) -> str:
        parts = [f"{name} {getattr(self, name)[0]!r}"
                 for name in ("dev_matrix", "tensor_map", "param_split_shape", "indices_offset")]
        parts += [f"{name}: {getattr(self, name)}" for name in ("field", "opt_weight_shard_step",
                                                                  "opt_weight_shard_size")]
        return "\n".join(parts)


def build_searched_strategy(strategy_filename: str) -> dict:
    """{parameter name: ParallelLayouts} from a strategy file that MindSpore's
    auto-parallel training saved (a `.json` file, else protobuf)."""
    if not isinstance(strategy_filename, str):
        raise TypeError(f"For 'build_searched_strategy', the argument 'strategy_filename' should be string, but got "
                        f"{type(strategy_filename)}.")
    if not os.path.isfile(strategy_filename):
        raise ValueError(f"For 'build_searched_strategy', no such strategy file: {strategy_filename}. Please check "
                         f"whether the 'strategy_filename' exists.")
    if os.path.getsize(strategy_filename) == 0:
        raise ValueError(f"For 'build_searched_strategy', the strategy file {strategy_filename} should not be empty. "
                         f"Please check whether the 'strategy_filename' is correct.")
    if strategy_filename.endswith(".json"):
        with open(strategy_filename) as f:
            return _json_strategy(json.load(f))
    with open(strategy_filename, "rb") as f:
        content = f.read()
    try:
        return _protobuf_strategy(content)
    except (ValueError, IndexError, UnicodeDecodeError) as error:
        raise TypeError("The strategy file type should be one of json or protobuf. When the file name extension is "
                        "not '.json', the file is considered as a protobuf file.") from error


def _json_strategy(content: dict) -> dict:
    items = content.get("parallel_layout_item", {})
    return {name: ParallelLayouts(item.get("dev_matrix", ()), item.get("tensor_map", ()),
                                  item.get("param_split_shape", ()), item.get("indices_offset", ()),
                                  item.get("field", 0), item.get("opt_weight_shard_step", 0),
                                  item.get("opt_weight_shard_size", 0))
            for name, item in items.items()}


def _protobuf_strategy(content: bytes) -> dict:
    """ParallelStrategyMap: parallel_layout_item = 3 (ParallelLayoutItem: param_name = 1,
    parallel_layouts = 2)."""
    strategy = {}
    for field, item in protobuf_fields(content):
        if field != 3:
            continue
        parts = dict(protobuf_fields(item))
        strategy[parts[1].decode("utf-8")] = _layouts(parts.get(2, b""))
    return strategy


def _dims(message: bytes) -> list[int]:
    dims = []
    for field, value in protobuf_fields(message):
        if field == 1:
            dims.extend(_signed(v) for v in ([value] if isinstance(value, int) else packed_varints(value)))
    return dims


def _layouts(message: bytes) -> ParallelLayouts:
    """ParallelLayouts: dev_matrix 1, tensor_map 2, param_split_shape 3, indices_offset 4
    (messages holding `dim`), field 5, opt_weight_shard_step 6, opt_weight_shard_size 7."""
    dims = {1: [], 2: [], 3: [], 4: []}
    scalars = {5: 0, 6: 0, 7: 0}
    for field, value in protobuf_fields(message):
        if field in dims and not dims[field]:
            dims[field] = _dims(value)
        elif field in scalars:
            scalars[field] = _signed(value)
    return ParallelLayouts(dims[1], dims[2], dims[3], dims[4], scalars[5], scalars[6], scalars[7])


def slice_key(rank: int, dev_matrix: list, tensor_map: list) -> tuple:
    """Which slice of the parameter device `rank` holds: its index along each tensor axis
    (devices with equal keys hold copies)."""
    coords = np.unravel_index(rank, dev_matrix) if dev_matrix else ()
    return tuple(0 if m == -1 else int(coords[len(dev_matrix) - 1 - m]) for m in tensor_map)


def merge_by_layout(slices: list[np.ndarray], layout, api: str = "merge_sliced_parameter") -> np.ndarray:
    """The whole parameter from the slices of each device (in rank order) under `layout`
    (evenly split layouts without an embedding 'field')."""
    try:
        dev_matrix = [int(d) for d in layout.dev_matrix[0].dim]
        tensor_map = [int(m) for m in layout.tensor_map[0].dim]
        split_shape = list(layout.param_split_shape[0].dim)
        field = int(layout.field)
    except (AttributeError, IndexError, TypeError) as error:
        raise ValueError(f"{error}. For '{api}', please make sure that 'strategy' is correct.") from None
    device_count = int(np.prod(dev_matrix)) if dev_matrix else 1
    if len(slices) != device_count:
        raise ValueError(f"For '{api}', the length of 'sliced_parameters' should be equal to device_count. The length "
                         f"of 'sliced_parameters' is {len(slices)}, but device_count is {device_count}.")
    if split_shape or field > 0:
        raise ValueError(f"For '{api}', spore merges evenly split layouts only; this layout has "
                         f"{'an uneven param_split_shape' if split_shape else 'an embedding field'}.")
    if any(s.shape != slices[0].shape for s in slices):
        raise ValueError(f"For '{api}', the shape of every parameter in 'sliced_parameters' should be the same when "
                         f"slice manner is even.")
    if len(tensor_map) != slices[0].ndim or any(m >= len(dev_matrix) for m in tensor_map):
        raise ValueError(f"For '{api}', the tensor_map {tensor_map} does not fit slices of rank {slices[0].ndim} and "
                         f"the device matrix {dev_matrix}.")
    blocks = {}
    for rank, piece in enumerate(slices):
        blocks.setdefault(slice_key(rank, dev_matrix, tensor_map), piece)
    counts = [1 if m == -1 else dev_matrix[len(dev_matrix) - 1 - m] for m in tensor_map]

    def join(prefix: tuple):
        axis = len(prefix)
        if axis == len(counts):
            return blocks[prefix]
        return np.concatenate([join(prefix + (k,)) for k in range(counts[axis])], axis=axis)

    return join(())
