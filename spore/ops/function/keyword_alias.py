"""Tensor methods whose argument MindSpore accepts under two keyword names
(`x.expand_as(other=y)` and `x.expand_as(x=y)`)."""
from __future__ import annotations


def either_keyword(method: str, name: str, value, alias: str, alias_value):
    """The argument given as `name` (positionally or by keyword) or as `alias`: exactly one."""
    if (value is None) == (alias_value is None):
        got = "neither" if value is None else "both"
        raise TypeError(f"For 'Tensor.{method}', exactly one of '{name}' and '{alias}' must be given, but got "
                        f"{got}.")
    return value if alias_value is None else alias_value
