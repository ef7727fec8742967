"""CRC-32C (Castagnoli) and its masked form, the checksums of the length-prefixed records
of TFRecord files (dataset/sources/tfrecord.py) and summary event files
(train/summary/event_file.py)."""
from __future__ import annotations

import numpy as np

_CASTAGNOLI = 0x82F63B78
_MASK_DELTA = 0xA282EAD8


def _crc_table() -> np.ndarray:
    table = np.arange(256, dtype=np.uint32)
    for _ in range(8):
        table = np.where(table & 1, (table >> 1) ^ np.uint32(_CASTAGNOLI), table >> 1).astype(np.uint32)
    return table


_TABLE = _crc_table()
_TABLE_LIST = _TABLE.tolist()
_CHUNK = 256
"""Bytes per chunk of the vectorized CRC: chunks are run side by side, then chained."""


def _shift_tables(length: int) -> list[list[int]]:
    """Four byte tables applying "run `length` zero bytes through the CRC register" (a
    linear map) to a register value, one table per byte of the register."""
    basis = (np.uint32(1) << np.arange(32, dtype=np.uint32)).astype(np.uint32)
    for _ in range(length):
        basis = _TABLE[basis & 0xFF] ^ (basis >> 8)
    values = np.arange(256, dtype=np.uint32)
    tables = []
    for byte in range(4):
        table = np.zeros(256, np.uint32)
        for bit in range(8):
            table ^= np.where((values >> bit) & 1, basis[8 * byte + bit], np.uint32(0)).astype(np.uint32)
        tables.append(table.tolist())
    return tables


_SHIFT = _shift_tables(_CHUNK)


def _crc_bytes(crc: int, data) -> int:
    table = _TABLE_LIST
    for byte in data:
        crc = table[(crc ^ byte) & 0xFF] ^ (crc >> 8)
    return crc


def crc32c(data: bytes) -> int:
    """CRC-32C (Castagnoli) of `data`. Long data is cut into chunks whose register updates
    NumPy runs side by side; as the update is linear, each chunk's contribution is chained
    onto the register through _SHIFT."""
    crc = 0xFFFFFFFF
    whole = len(data) // _CHUNK * _CHUNK if len(data) >= 16 * _CHUNK else 0
    if whole:
        chunks = np.frombuffer(data, np.uint8, whole).reshape(-1, _CHUNK)
        partial = np.zeros(len(chunks), np.uint32)
        for column in chunks.T:
            partial = _TABLE[(partial ^ column) & 0xFF] ^ (partial >> 8)
        t0, t1, t2, t3 = _SHIFT
        for value in partial.tolist():
            crc = t0[crc & 0xFF] ^ t1[(crc >> 8) & 0xFF] ^ t2[(crc >> 16) & 0xFF] ^ t3[crc >> 24] ^ value
    return _crc_bytes(crc, data[whole:]) ^ 0xFFFFFFFF


def masked_crc32c(data: bytes) -> int:
    """The checksum of TFRecord and summary event records: CRC-32C of `data`, rotated and offset."""
    crc = crc32c(data)
    return (((crc >> 15) | (crc << 17)) + _MASK_DELTA) & 0xFFFFFFFF
