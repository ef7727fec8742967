"""TensorOperation: the base of every built-in transform, vision or generic.

A transform is called like a function on NumPy arrays, eagerly (`Rescale(1/255, 0)(img)`)
or by `Dataset.map`, and returns a NumPy array. A subclass implements one of:

- `_apply(array)`: the result for one input; or
- `_check(shape, dtype)` and `_apply_batch(arrays)`, and sets `batchable = True`, when the
  transform maps same-shaped inputs stacked along a new leading axis to their results
  stacked the same way (elementwise and geometric transforms). One implementation then
  serves both: an eager call is a batch of one, and `map` applies it once per task of
  rows. `_check` validates one input's shape and dtype (raising as the eager call would).

A transform may also offer `map` a row path (`_row_path`): a function of one row's value
giving what calling the transform gives, without the checks and conversions that any
input needs but that the values map passes do not (see engine/row_chain.py), and a
column path (`_column_path`): a function of a task's rows' values all at once
(engine/column_chain.py).

Random transforms draw from `random_streams.current()` (never from NumPy's global state),
which `map` sets per task so that runs repeat under a seed.
"""
from __future__ import annotations

import numpy as np

from ..values import as_array


class TensorOperation:
    batchable = False
    takes_str_lists = False
    """Whether the row path takes a 1-D string array as a Python list of str."""

    def __call__(self, *inputs):
        if len(inputs) != 1:
            raise TypeError(f"For '{type(self).__name__}', exactly 1 input is expected, but got {len(inputs)}.")
        return self._apply(self._input(inputs[0]))

    def _input(self, value) -> np.ndarray:
        return as_array(value, type(self).__name__)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        self._check(array.shape, array.dtype)
        return self._apply_batch(array[None])[0]

    def _row_path(self, lists_out: bool):
        """A function of one value giving one value, as calling the transform does, for
        map's rows; `lists_out`: it may give a 1-D string array as a Python list of str
        (the next transform takes them). None: map calls the transform itself."""
        return None

    def _row_path_through(self, following, lists_out: bool):
        """A row path through this transform and `following` together, giving what the two
        give one after the other, or NotImplemented for a value it leaves to them apart;
        `lists_out` as for _row_path. None: no such path."""
        return None

    def _column_path(self, lists_out: bool):
        """A function of a task's column (its rows' single values stacked along a new axis
        0, or a list of them) giving the column of what calling the transform on each
        value gives (stacked or a list), or NotImplemented for a column it does not take;
        `lists_out`: it may give 1-D string arrays as Python lists of str. Only for
        deterministic transforms: on a failure map runs the rows again one by one.
        None: no such path."""
        return None

    def _column_path_through(self, following, lists_out: bool):
        """A column path through this transform and `following` together; None: no such path."""
        return None

    def _apply_batch_through(self, following, arrays: np.ndarray):
        """What _apply_batch and then `following`'s give, in one pass, for a transform that
        knows how (the input checked by _check, which implies `following`'s check passes);
        NotImplemented otherwise."""
        return NotImplemented

    def _check(self, shape: tuple, dtype: np.dtype) -> None:
        """Raise if one input of this shape and dtype is invalid (batchable transforms)."""

    def _apply_batch(self, arrays: np.ndarray) -> np.ndarray:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"
