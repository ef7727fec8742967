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

deferred_init_depth = 0
"""How many `nn.no_init_parameters` blocks are open: inside one, a Parameter made from a
Tensor awaiting its initializer keeps waiting (until `init_data()`, `Cell.init_parameters_data()`
or its first use) instead of creating its data at once."""


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
        "_requires_grad",
    )

    def __init__(self, default_input, name=None, requires_grad=True, layerwise_parallel=False,
                 parallel_optimizer=True):
        if isinstance(default_input, Tensor):
            self._node = None
            self._t = default_input._t
            self._init = default_input._init
            if self._t is None and not deferred_init_depth:
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
        self.requires_grad = requires_grad
        self.layerwise_parallel = layerwise_parallel
        self.parallel_optimizer = parallel_optimizer
        self.parallel_optimizer_comm_recompute = False
        self.cache_enable = False
        self.cache_shape = []
        self.comm_fusion = 1
        self.key = -1
        self.sliced = False
        self.pipeline_stages: list[int] = []

    @property
    def name(self) -> str:
        return self._name

    @name.setter
    def name(self, value: str) -> None:
        self._name = _check_name(value)
        self._default_name = False

    # ---- flags MindSpore keeps on a Parameter (checked as 2.7.1 checks them) ------------------
    @property
    def requires_grad(self) -> bool:
        """Whether optimizers and `trainable_params` include this Parameter."""
        return self._requires_grad

    @requires_grad.setter
    def requires_grad(self, value) -> None:
        self._requires_grad = _check_bool("requires_grad", value)

    def requires_grad_(self, requires_grad: bool = True) -> None:
        self.requires_grad = requires_grad

    @property
    def layerwise_parallel(self) -> bool:
        """Whether each data-parallel rank keeps its own copy (not averaged across ranks)."""
        return self.__dict__["layerwise_parallel"]

    @layerwise_parallel.setter
    def layerwise_parallel(self, value) -> None:
        self.__dict__["layerwise_parallel"] = _check_bool("layerwise_parallel", value)

    @property
    def parallel_optimizer(self) -> bool:
        """Whether the optimizer state of this Parameter may be sharded across ranks."""
        return self.__dict__["parallel_optimizer"]

    @parallel_optimizer.setter
    def parallel_optimizer(self, value) -> None:
        self.__dict__["parallel_optimizer"] = _check_bool("parallel_optimizer", value)

    @property
    def parallel_optimizer_comm_recompute(self) -> bool:
        return self.__dict__["parallel_optimizer_comm_recompute"]

    @parallel_optimizer_comm_recompute.setter
    def parallel_optimizer_comm_recompute(self, value) -> None:
        if not isinstance(value, bool):
            raise TypeError(f"For 'Parameter.parallel_optimizer_comm_recompute', the value must be a bool, but got "
                            f"{type(value).__name__}.")
        self.__dict__["parallel_optimizer_comm_recompute"] = value

    @property
    def cache_enable(self) -> bool:
        return self.__dict__["cache_enable"]

    @cache_enable.setter
    def cache_enable(self, value) -> None:
        self.__dict__["cache_enable"] = _check_bool("cache_enable", value)

    @property
    def cache_shape(self) -> list:
        return self.__dict__["cache_shape"]

    @cache_shape.setter
    def cache_shape(self, value) -> None:
        self.__dict__["cache_shape"] = list(value)

    @property
    def comm_fusion(self) -> int:
        """The fusion group of this Parameter's gradient communication."""
        return self.__dict__["comm_fusion"]

    @comm_fusion.setter
    def comm_fusion(self, value) -> None:
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"For 'Parameter.comm_fusion', the value must be an int, but got {type(value).__name__}.")
        self.__dict__["comm_fusion"] = value

    @property
    def key(self) -> int:
        return self.__dict__["key"]

    @key.setter
    def key(self, value) -> None:
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"For 'Parameter.key', the value must be an int, but got {type(value).__name__}.")
        self.__dict__["key"] = value

    @property
    def sliced(self) -> bool:
        """Whether the data is this rank's slice of a Parameter split across devices."""
        return self.__dict__["sliced"]

    @sliced.setter
    def sliced(self, value) -> None:
        self.__dict__["sliced"] = value

    def add_pipeline_stage(self, stage: int) -> None:
        """Record that pipeline stage `stage` (a non-negative int) uses this Parameter."""
        if not isinstance(stage, int) or isinstance(stage, bool) or stage < 0:
            raise TypeError(f"For 'Parameter.add_pipeline_stage', the 'stage' must be a non-negative int, but got "
                            f"{stage!r}.")
        self.pipeline_stages.append(stage)

    @property
    def param_info(self) -> ParamInfo:
        """The ParamInfo describing this Parameter (its name and flags, shared)."""
        info = self.__dict__.get("_param_info")
        if info is None:
            info = self.__dict__["_param_info"] = ParamInfo(self)
        return info

    def set_param_info(self, param_info: ParamInfo) -> None:
        """Take the name and flags `param_info` describes."""
        if not isinstance(param_info, ParamInfo):
            raise TypeError(f"For 'Parameter.set_param_info', the 'param_info' must be a ParamInfo, but got "
                            f"{type(param_info).__name__}.")
        source = param_info.param
        if source is not self:
            self.name, self.requires_grad, self.key = source.name, source.requires_grad, source.key
            self.layerwise_parallel, self.parallel_optimizer = source.layerwise_parallel, source.parallel_optimizer

    @property
    def data(self) -> Parameter:
        return self

    @property
    def inited_param(self):
        """The Parameter init_data created for one made without data: none, since (as in
        MindSpore 2.x) a Parameter's data is created with it."""
        return None

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
        clone = Parameter(data, self._name, self.requires_grad, self.layerwise_parallel, self.parallel_optimizer)
        clone.comm_fusion = self.comm_fusion
        clone.parallel_optimizer_comm_recompute = self.parallel_optimizer_comm_recompute
        return clone

    def copy(self) -> Parameter:
        """A clone holding a copy of the data."""
        return self.clone()

    def set_dtype(self, dtype) -> Parameter:
        """Convert the data to `dtype` in place; returns this Parameter."""
        super().set_dtype(dtype)
        return self

    def init_data(self, layout=None, set_sliced=False) -> Parameter:
        super().init_data()
        return self

    def __repr__(self) -> str:
        return (f"Parameter (name={self._name}, shape={self.shape}, dtype={self.dtype}, "
                f"requires_grad={self.requires_grad})")

    __str__ = __repr__

    def __reduce__(self):
        return (_rebuild, (self.asnumpy(), self.dtype._name, self._name, self.requires_grad))


class ParamInfo:
    """The description MindSpore keeps of a Parameter: its name and flags. Reading or
    setting an attribute reads or sets the Parameter's."""

    _FIELDS = ("name", "requires_grad", "layerwise_parallel", "parallel_optimizer",
               "parallel_optimizer_comm_recompute", "key", "comm_fusion")

    def __init__(self, param: Parameter):
        object.__setattr__(self, "param", param)

    def __getattr__(self, attr: str):
        if attr in ParamInfo._FIELDS:
            return getattr(self.param, attr)
        raise AttributeError(f"'ParamInfo' object has no attribute '{attr}'.")

    def __setattr__(self, attr: str, value) -> None:
        if attr not in ParamInfo._FIELDS:
            raise AttributeError(f"'ParamInfo' object has no attribute '{attr}'.")
        setattr(self.param, attr, value)


def _rebuild(arr, dtype_name, name, requires_grad):
    return Parameter(Tensor(arr, mstype.as_dtype(dtype_name)), name, requires_grad)


def _check_name(name) -> str:
    if not isinstance(name, str):
        raise ValueError(f"For 'Parameter', the 'name' must be a str or None, but got {type(name).__name__}.")
    return name


def _check_bool(arg: str, value) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"For 'Parameter', the '{arg}' must be a bool, but got {type(value).__name__}.")
    return value


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
