"""`Layout`: how a tensor is split over a matrix of devices (plain data that sharding
configurations carry; spore runs in one process, where every layout computes the same)."""
from __future__ import annotations

import math

_NO_SHARDING = "None"
_INTERLEAVED = "interleaved_parallel"


class Layout:
    """A device matrix with a name for each axis; calling it with one axis name (or a
    tuple of names, or "None") per tensor dimension gives the layout of a tensor.

    `Layout((2, 4), ("dp", "mp"))("dp", "None")` splits dimension 0 over the 2 devices
    of axis "dp" and keeps dimension 1 whole. Axes are numbered from the right in
    `tensor_map` (the last axis is 0), unsplit dimensions are -1.
    """

    def __init__(self, device_matrix, alias_name, rank_list=None):
        if not isinstance(device_matrix, tuple):
            raise TypeError(f"device_matrix must be tuple type, but got:{type(device_matrix)}")
        if not isinstance(alias_name, tuple):
            raise TypeError(f"alias_name must be tuple type, but got:{type(alias_name)}")
        for size in device_matrix:
            if isinstance(size, bool) or not isinstance(size, int):
                raise TypeError(f"The element of device_matrix must be int type, but got:{type(size)}")
        if len(device_matrix) != len(alias_name):
            raise ValueError("device_matrix length should be equal to alias_name length")
        for name in alias_name:
            if not isinstance(name, str):
                raise TypeError(f"The element of alias_name must be str type, but got:{type(name)}")
            if name == _NO_SHARDING:
                raise ValueError("The element of alias_name can not set 'None', because 'None' means no sharding.")
        if len(set(alias_name)) != len(alias_name):
            raise ValueError(f"Each element of alias_name {alias_name} should be different")
        device_count = math.prod(device_matrix)
        if rank_list is None:
            rank_list = list(range(device_count))
        elif not isinstance(rank_list, (list, tuple)) or not all(isinstance(r, int) for r in rank_list):
            raise TypeError(f"rank_list must be a list of int, but got:{rank_list}")
        elif len(rank_list) != device_count:
            raise ValueError(f"rank_list must hold one rank per device of device_matrix ({device_count}), but got "
                             f"{len(rank_list)}")
        self._device_shape = device_matrix
        self._alias_name = alias_name
        self._rank_list = list(rank_list)
        self._tensor_map = None

    def __call__(self, *tensor_map) -> Layout:
        layout = Layout(self._device_shape, self._alias_name, self._rank_list)
        used: set = set()
        layout._tensor_map = tuple(self._axis_index(dim, used) for dim in tensor_map)
        return layout

    def _axis_index(self, dim, used: set):
        if isinstance(dim, tuple):
            return tuple(self._axis_index(d, used) for d in dim)
        if dim == _NO_SHARDING:
            return -1
        if dim not in self._alias_name:
            raise ValueError(f"The axis {dim} is not found in {self._alias_name}")
        if dim in used:
            raise ValueError(f"The axis {dim} has been set more than one in {self._alias_name}")
        used.add(dim)
        return len(self._alias_name) - 1 - self._alias_name.index(dim)

    def to_dict(self) -> dict:
        """The layout as plain data: device_matrix, tensor_map, interleaved_parallel,
        alias_name and rank_list."""
        if self._tensor_map is None:
            raise ValueError("The tensor_map of layout is None")
        return {"device_matrix": self._device_shape, "tensor_map": self._tensor_map,
                "interleaved_parallel": _INTERLEAVED in self._alias_name, "alias_name": self._alias_name,
                "rank_list": list(self._rank_list)}
