"""The `parameters` property of distributions and bijectors: the arguments a subclass's
constructor was called with, which it passes as its `locals()`."""
from __future__ import annotations


def constructor_arguments(local_names) -> dict:
    """`local_names` (a constructor's locals()) without `self` and `__class__` (present in
    the locals of a constructor that calls super())."""
    arguments = dict(local_names)
    arguments.pop("self", None)
    arguments.pop("__class__", None)
    return arguments
