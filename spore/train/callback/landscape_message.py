"""The loss landscape as MindSpore's summary files hold it: a Summary.Value (field 10,
`loss_landscape`) holding a LossLandscape message of mindspore/ccsrc's summary.proto:

    LossLandscape { Point landscape = 1; LossPath loss_path = 2; Metadata metadata = 3;
                    Point convergence_point = 4; }
    Point { TensorProto x = 1; TensorProto y = 2; TensorProto z = 3; }
    LossPath { repeated int32 intervals = 1; Point points = 2; }
    Metadata { string decomposition = 1; string unit = 2; int32 step_per_epoch = 3; }

Each coordinate array is an anf_ir.proto TensorProto (dims 1, data_type 2, float_data 3)
of data type float64 (12), as MindSpore marks its landscapes; float_data holds float32s."""
from __future__ import annotations

import time
from typing import NamedTuple

import numpy as np

from ...common.protobuf_wire import bytes_field, string_field, varint_field
from ..summary import event_file
from ..summary.summary_record import SummaryRecord

_DT_FLOAT64 = 12
_LOSS_LANDSCAPE_FIELD = 10


class Points(NamedTuple):
    """Coordinates along the two directions, and the losses there."""

    x: np.ndarray
    y: np.ndarray
    z: np.ndarray


class Landscape(NamedTuple):
    """One landscape: the grid (x and y its axes, z of shape (len(y), len(x)): row i
    at y[i]), the decomposition that chose the directions ('PCA' or 'Random'), the
    point of the trained parameters, and for 'PCA' the training path through the
    checkpoints of `intervals`."""

    grid: Points
    decomposition: str
    convergence: Points
    intervals: tuple = ()
    path: Points | None = None


def _tensor(array) -> bytes:
    values = np.asarray(array, np.float64)
    dims = b"".join(varint_field(1, d) for d in values.shape)
    return dims + varint_field(2, _DT_FLOAT64) + bytes_field(3, values.reshape(-1).astype("<f4").tobytes())


def _points(points: Points) -> bytes:
    return bytes_field(1, _tensor(points.x)) + bytes_field(2, _tensor(points.y)) + bytes_field(3, _tensor(points.z))


def encode(landscape: Landscape, unit: str, step_per_epoch: int) -> bytes:
    """The LossLandscape message of `landscape`."""
    message = bytes_field(1, _points(landscape.grid))
    if landscape.path is not None:
        intervals = b"".join(varint_field(1, n) for n in landscape.intervals)
        message += bytes_field(2, intervals + bytes_field(2, _points(landscape.path)))
    metadata = string_field(1, landscape.decomposition) + string_field(2, unit) + varint_field(3, step_per_epoch)
    return message + bytes_field(3, metadata) + bytes_field(4, _points(landscape.convergence))


class LandscapeRecord(SummaryRecord):
    """A summary file that holds loss landscapes (SummaryRecord's 'landscape' plugin)."""

    def write_landscape(self, tag: str, message: bytes) -> None:
        """Write the LossLandscape `message` under `tag` as an event of step 0."""
        value = string_field(1, tag) + bytes_field(_LOSS_LANDSCAPE_FIELD, message)
        self._write(event_file.summary_event(time.time(), 0, [value]))
        self.flush()
