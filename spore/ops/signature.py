"""`mindspore.ops.signature`: how a Primitive declares its inputs (`__mindspore_signature__`):
`make_sig(name, rw, kind, default, dtype)` for each, with the enumerations `sig_rw` (read,
write, reference), `sig_kind` (positional, *args, keyword-only, **kwargs) and `sig_dtype`
(inputs marked with one T* share a dtype after implicit conversion)."""
from __future__ import annotations

import enum
from typing import NamedTuple

__all__ = ["Signature", "make_sig", "sig_dtype", "sig_kind", "sig_rw"]


class sig_rw(enum.IntEnum):  # noqa: N801 - MindSpore's name
    RW_READ = 0
    RW_WRITE = 1
    RW_REF = 2
    RW_EMPTY_DEFAULT_VALUE = 3


class sig_kind(enum.IntEnum):  # noqa: N801 - MindSpore's name
    KIND_POSITIONAL_KEYWORD = 0
    KIND_VAR_POSITIONAL = 1
    KIND_KEYWORD_ONLY = 2
    KIND_VAR_KEYWARD = 3
    KIND_EMPTY_DEFAULT_VALUE = 4


sig_dtype = enum.IntEnum("sig_dtype", [("T", 0)] + [(f"T{i}", i) for i in range(1, 10)] +
                         [("T_EMPTY_DEFAULT_VALUE", 10)])


class Signature(NamedTuple):
    """One input of a Primitive: its name, read/write kind, argument kind, default value
    and dtype group."""

    name: str
    rw: sig_rw
    kind: sig_kind
    default: object
    dtype: object


def make_sig(name="var", rw=sig_rw.RW_READ, kind=sig_kind.KIND_POSITIONAL_KEYWORD,
             default=sig_kind.KIND_EMPTY_DEFAULT_VALUE, dtype=sig_dtype.T_EMPTY_DEFAULT_VALUE) -> Signature:
    """The Signature of one input."""
    if not isinstance(name, str):
        raise TypeError(f"For 'make_sig', the 'name' must be str, but got {type(name).__name__}.")
    return Signature(name, sig_rw(rw), sig_kind(kind), default, dtype)
