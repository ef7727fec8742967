"""MindSpore's summary event files, written without protobuf: each record is its length
(uint64 little-endian), the masked CRC32C of those 8 bytes, the serialized `Event`
message of mindspore/ccsrc's summary.proto, and the masked CRC32C of the message.

Only the messages and fields SummaryRecord writes are encoded here: Event (wall_time 1,
step 2, version 3, graph_def 4, summary 5), Summary.Value (tag 1, scalar_value 3, image 4, tensor 8,
histogram 9), Image, Histogram and its buckets, and anf_ir.proto's TensorProto (dims 1,
data_type 2, float_data 3)."""
from __future__ import annotations

import struct
import zlib

import numpy as np

from ...common.crc32c import masked_crc32c
from ...common.protobuf_wire import bytes_field, double_field, float_field, protobuf_fields, string_field, varint_field

EVENT_FILE_NAME_MARK = ".out.events.summary."
VERSION = "MindSpore.Event:1"


# ---- records --------------------------------------------------------------------------------
def record(message: bytes) -> bytes:
    """One record of the event file holding `message`."""
    length = struct.pack("<Q", len(message))
    return (length + struct.pack("<I", masked_crc32c(length)) + message
            + struct.pack("<I", masked_crc32c(message)))


def version_event(wall_time: float) -> bytes:
    """The first event of every file: its format version."""
    return double_field(1, wall_time) + string_field(3, VERSION)


def graph_of(model_proto: bytes) -> bytes:
    """The GraphProto of an anf_ir ModelProto (Cell.get_func_graph_proto); ValueError when
    `model_proto` is not one."""
    graphs = [value for number, value in protobuf_fields(model_proto) if number == 4]
    if len(graphs) != 1 or not isinstance(graphs[0], bytes):
        raise ValueError("it holds no graph")
    return graphs[0]


def graph_event(wall_time: float, graph: bytes) -> bytes:
    """The event of a compiled graph (graph_def 4, a GraphProto)."""
    return double_field(1, wall_time) + bytes_field(4, graph)


def summary_event(wall_time: float, step: int, values: list[bytes]) -> bytes:
    """An event holding the Summary of one step (each value an encoded Summary.Value)."""
    summary = b"".join(bytes_field(1, v) for v in values)
    return double_field(1, wall_time) + varint_field(2, step) + bytes_field(5, summary)


# ---- summary values -------------------------------------------------------------------------
_DATA_TYPES = {np.bool_: 1, np.int8: 2, np.int16: 3, np.int32: 4, np.int64: 5, np.uint8: 6, np.uint16: 7,
               np.uint32: 8, np.uint64: 9, np.float16: 10, np.float32: 11, np.float64: 12}


def scalar_value(tag: str, value: np.ndarray) -> bytes:
    return string_field(1, tag) + float_field(3, value.reshape(-1)[0].item())


def tensor_value(tag: str, value: np.ndarray) -> bytes:
    """A TensorProto: its dims, its data type and its values as float32 (as MindSpore
    stores every tensor summary)."""
    if value.dtype.type not in _DATA_TYPES:
        raise TypeError(f"For 'SummaryRecord', a tensor summary can not hold dtype {value.dtype}; expected bool, "
                        f"int8-64, uint8-64 or float16-64.")
    floats = value.reshape(-1).astype(np.float32).astype("<f4").tobytes()
    proto = b"".join(varint_field(1, d) for d in value.shape) + varint_field(2, _DATA_TYPES[value.dtype.type])
    return string_field(1, tag) + bytes_field(8, proto + bytes_field(3, floats))


def _histogram_bins(count: int) -> int:
    """MindSpore's number of buckets for `count` finite values."""
    if not count:
        return 1
    if count <= 5:
        return 2
    if count <= 10:
        return 3
    return count // 10 + 1 if count <= 880 else 90


def histogram_value(tag: str, value: np.ndarray) -> bytes:
    """Buckets of equal width between the finite minimum and maximum (widened by 0.5 on
    each side when they are equal), with the counts of NaN and infinities, the extremes,
    the sum and the total count."""
    finite = np.ma.masked_invalid(value)
    total, valid = value.size, int(finite.count())
    nan = int(np.count_nonzero(np.isnan(value))) if valid < total else 0
    pos_inf = int(np.count_nonzero(np.isposinf(value))) if valid + nan < total else 0
    neg_inf = int(np.count_nonzero(np.isneginf(value))) if valid + nan + pos_inf < total else 0
    fields = b""
    tail = varint_field(2, nan) + varint_field(3, pos_inf) + varint_field(4, neg_inf)
    if valid:
        low, high = float(finite.min()), float(finite.max())
        first, last = (low, high) if low < high else (low - 0.5, high + 0.5)
        edges = np.linspace(first, last, _histogram_bins(valid) + 1, dtype=value.dtype)
        counts, edges = np.histogram(value, bins=edges)
        for count, left, right in zip(counts, edges, edges[1:]):
            bucket = double_field(1, left) + double_field(2, right - left) + varint_field(3, count)
            fields += bytes_field(1, bucket)
        tail += double_field(5, high) + double_field(6, low) + double_field(7, finite.sum(dtype=np.float64))
    return string_field(1, tag) + bytes_field(9, fields + tail + varint_field(8, total))


def image_value(tag: str, value: np.ndarray) -> bytes | None:
    """The images of an NCHW batch (1 or 3 channels) tiled 8 per row into one RGB PNG;
    None when `value` is not such a batch."""
    if value.ndim != 4 or value.shape[1] not in (1, 3) or 0 in value.shape:
        return None
    canvas = _canvas(value)
    if canvas.dtype == np.uint8:
        scale, shift = 1.0, 0.0
    elif canvas.max() <= 1 and canvas.min() >= 0:
        scale, shift = 255.0, 0.0
    else:
        low, high = float(canvas.min()), float(canvas.max())
        scale, shift = (255 / (high - low + 1) if high != low else 1.0), low
    pixels = ((canvas.astype(np.float32) - shift) * scale).astype(np.uint8)
    height, width, channels = pixels.shape
    image = varint_field(1, height) + varint_field(2, width) + varint_field(3, channels)
    return string_field(1, tag) + bytes_field(4, image + bytes_field(4, png(pixels)))


def _canvas(batch: np.ndarray, per_row: int = 8) -> np.ndarray:
    """(H * rows, W * columns, 3): the images side by side, gray ones as RGB."""
    if batch.shape[1] == 1:
        batch = np.concatenate([batch] * 3, axis=1)
    n, _, h, w = batch.shape
    columns = min(n, per_row)
    rows = -(-n // columns)
    canvas = np.zeros((3, h * rows, w * columns))
    for i in range(n):
        y, x = divmod(i, columns)
        canvas[:, y * h:(y + 1) * h, x * w:(x + 1) * w] = batch[i]
    return canvas.transpose(1, 2, 0)


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(pixels: np.ndarray) -> bytes:
    """An 8-bit RGB PNG of `pixels` (H, W, 3) uint8."""
    height, width, _ = pixels.shape
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    rows = b"".join(b"\x00" + pixels[y].tobytes() for y in range(height))
    return (b"\x89PNG\r\n\x1a\n" + _png_chunk(b"IHDR", header) + _png_chunk(b"IDAT", zlib.compress(rows))
            + _png_chunk(b"IEND", b""))
