"""Parameter: a named, trainable Tensor that Cells own and optimizers update in place."""
from __future__ import annotations

import itertools
import numbers

import numpy as np

from .._kernels import tensor_data
from . import dtype as mstype
from .initializer import initializer
from .tensor import Tensor, wrap

_unnamed_counter = itertools.count(1)


class Parameter(Tensor):
    """Parameter(default_input, name=None, requires_grad=True, layerwise_parallel=False,
    parallel_optimizer=True)

    `default_input` is a Tensor (possibly with deferred `init`), a NumPy array or a
    Python number. A Parameter without a name is named after the Cell attribute it is
    assigned to.
    """

    __slots__ = (
        "__dict__",
        "_default_name",
        "_name",
        "layerwise_parallel",
        "parallel_optimizer",
        "requires_grad",
    )

    def __init__(self, default_input, name=None, requires_grad=True, layerwise_parallel=False,
                 parallel_optimizer=True):
        if isinstance(default_input, Tensor):
            self._node = None
            self._t = default_input._t
            self._init = default_input._init
            if self._t is None:
                self.init_data()  # MindSpore 2.x creates a Parameter's data at once
        elif isinstance(default_input, bool):
            super().__init__(default_input, mstype.bool_)
        elif isinstance(default_input, numbers.Integral):
            super().__init__(default_input, mstype.int32)
        elif isinstance(default_input, (numbers.Number, np.ndarray, np.generic, list, tuple)):
            super().__init__(default_input)
        else:
            raise TypeError(f"For 'Parameter', 'default_input' must be a Tensor, numpy.ndarray "
                            f"or number, but got {type(default_input).__name__}.")
        self._default_name = name is None
        self._name = f"Parameter#{next(_unnamed_counter)}" if name is None else _check_name(name)
        self.requires_grad = bool(requires_grad)
        self.layerwise_parallel = layerwise_parallel
        self.parallel_optimizer = parallel_optimizer

    @property
    def name(self) -> str:
        return self._name

    @name.setter
    def name(self, value: str) -> None:
        self._name = _check_name(value)
        self._default_name = False

    @property
    def data(self) -> Parameter:
        return self

    @property
    def inited_param(self):
        return self if self._t is not None else None

    def set_data(self, data, slice_shape: bool = False) -> Parameter:
        """Replace the values in place, keeping the name. The new data must have this
        Parameter's shape; its dtype is cast to this Parameter's dtype when that loses no
        kind (int data into a float Parameter), otherwise a TypeError is raised."""
        if not isinstance(data, Tensor):
            data = Tensor(data, self.dtype)
        if not slice_shape and data.shape != self.shape:
            raise ValueError(f"For 'Parameter.set_data' of '{self.name}', the new data must have "
                             f"shape {self.shape}, but got {data.shape}.")
        src, target = data.dtype, self.dtype
        if src is not target and src.kind > target.kind:
            raise TypeError(f"For 'Parameter.set_data' of '{self.name}', data of dtype {src} can "
                            f"not be converted to the Parameter's dtype {target} without loss.")
        raw = data._data()
        self._t = raw if src is target else tensor_data.cast(raw, target)
        self._init = None
        return self

    def clone(self, init="same") -> Parameter:
        """A new Parameter with the same name and flags, holding a copy of the data
        (`init="same"`) or freshly initialized data (an initializer or its name)."""
        data = wrap(self._data().clone()) if init == "same" else initializer(init, self.shape, self.dtype)
        return Parameter(data, self._name, self.requires_grad, self.layerwise_parallel,
                         self.parallel_optimizer)

    def init_data(self, layout=None, set_sliced=False) -> Parameter:
        super().init_data()
        return self

    def __repr__(self) -> str:
        return (f"Parameter (name={self._name}, shape={self.shape}, dtype={self.dtype}, "
                f"requires_grad={self.requires_grad})")

    __str__ = __repr__

    def __reduce__(self):
        return (_rebuild, (self.asnumpy(), self.dtype._name, self._name, self.requires_grad))


def _rebuild(arr, dtype_name, name, requires_grad):
    return Parameter(Tensor(arr, mstype.as_dtype(dtype_name)), name, requires_grad)


def _check_name(name) -> str:
    if not isinstance(name, str):
        raise TypeError(f"For 'Parameter', the 'name' must be a str, but got {type(name).__name__}.")
    return name


class ParameterTuple(tuple):
    """A tuple of Parameters (the `weights` argument of GradOperation and optimizers)."""

    def __new__(cls, iterable=()):
        params = tuple(iterable)
        for p in params:
            if not isinstance(p, Parameter):
                raise TypeError(f"For 'ParameterTuple', every element must be a Parameter, "
                                f"but got {type(p).__name__}.")
        return super().__new__(cls, params)

    def clone(self, prefix: str, init: str = "same") -> ParameterTuple:
        clones = []
        for p in self:
            c = p.clone(init)
            c.name = f"{prefix}.{p.name}"
            clones.append(c)
        return ParameterTuple(clones)
