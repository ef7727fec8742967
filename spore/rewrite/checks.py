"""Argument checks of the rewrite API, with MindSpore's messages.

Three shapes of message, as MindSpore 2.7.1 words them:
"For 'Node', the type of 'name' should be 'str', but got type 'int'." (one type),
"... should be one of '['Node', 'str']', but got type 'int'." (several), and for the
members of a list or dict "... should be ScopedValue, but got '1' with type 'int'.".
"""
from __future__ import annotations


def _type_names(types) -> list[str]:
    return [t.__name__ for t in types]


def check_type(owner: str, arg_name: str, value, types) -> None:
    """Raise TypeError unless `value` is an instance of `types` (a type or a tuple of them).

    bool is not accepted where int is asked for, as in MindSpore."""
    types = types if isinstance(types, tuple) else (types,)
    if isinstance(value, types) and not (isinstance(value, bool) and bool not in types and int in types):
        return
    names = _type_names(types)
    expected = f"'{names[0]}'" if len(names) == 1 else f"one of '{names}'"
    raise TypeError(f"For '{owner}', the type of '{arg_name}' should be {expected}, "
                    f"but got type '{type(value).__name__}'.")


def check_members(owner: str, arg_name: str, values, types) -> None:
    """Raise TypeError unless every member of `values` is an instance of `types`."""
    types = types if isinstance(types, tuple) else (types,)
    names = _type_names(types)
    expected = names[0] if len(names) == 1 else f"one of {names}"
    for value in values:
        if not isinstance(value, types):
            raise TypeError(f"For '{owner}', the type of '{arg_name}' should be {expected}, "
                            f"but got '{value}' with type '{type(value).__name__}'.")


def check_index(index: int, length: int) -> None:
    """Raise ValueError unless 0 <= index < length."""
    if not 0 <= index < length:
        raise ValueError(f"The 'index' must be in range of [0, {length}), but got {index} with type "
                         f"'{type(index).__name__}'.")
