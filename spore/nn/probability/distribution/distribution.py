"""Distribution: the base Cell of the probability distributions.

A distribution is built with its parameters (numbers, lists or Tensors; each may be None)
and every method can be given other parameter values for one call, after its own
arguments: `Normal(0.0, 1.0).prob(x)` or `Normal().prob(x, mean, sd)`. A subclass names its
parameters in `_param_names` and defines some of `_log_prob`, `_prob`, `_cdf`,
`_log_cdf`, `_survival`, `_log_survival`, `_mean`, `_sd`, `_var`, `_mode`, `_entropy`,
`_kl_loss`, `_sample`, each taking the parameters as Tensors after its own arguments; the
others are derived from them where they can be (prob = exp(log_prob), var = sd^2,
cross_entropy = entropy + kl_loss, ...) and raise NotImplementedError, as MindSpore does,
where they can not.
"""
from __future__ import annotations

import numpy as np

from .... import ops
from ....common import dtype as mstype
from ....common.tensor import Tensor
from ...cell import Cell
from .._constructor_args import constructor_arguments

_FLOAT_TYPES = (mstype.float16, mstype.float32, mstype.float64, mstype.bfloat16)
_INT_TYPES = (mstype.int8, mstype.int16, mstype.int32, mstype.int64, mstype.uint8)
# A derived method and the methods it can be computed from, each with the conversion.
_DERIVATIONS = {
    "_prob": (("_log_prob", ops.exp),),
    "_log_prob": (("_prob", ops.log),),
    "_cdf": (("_log_cdf", ops.exp), ("_survival", lambda s: 1 - s), ("_log_survival", lambda s: 1 - ops.exp(s))),
    "_log_cdf": (("_cdf", ops.log),),
    "_survival": (("_cdf", lambda c: 1 - c), ("_log_survival", ops.exp), ("_log_cdf", lambda c: 1 - ops.exp(c))),
    "_log_survival": (("_survival", ops.log),),
    "_sd": (("_var", ops.sqrt),),
    "_var": (("_sd", ops.square),),
}
_PUBLIC_NAMES = {"_prob": "prob", "_log_prob": "log_prob", "_cdf": "cdf", "_log_cdf": "log_cdf",
                 "_survival": "survival_function", "_log_survival": "log_survival", "_sd": "sd", "_var": "var"}


def check_tensor(name: str, value):
    if not isinstance(value, Tensor):
        raise TypeError(f"For {name}, input type must be a Tensor or Parameter.")
    return value


def _as_array(name: str, value, dtype) -> np.ndarray:
    try:
        return np.asarray(value.asnumpy() if isinstance(value, Tensor) else value, mstype.dtype_to_nptype(dtype))
    except (TypeError, ValueError):
        raise TypeError(f"Unable to convert input of type {type(value)} to a Tensor of type {dtype}.") from None


class Distribution(Cell):
    """Distribution(seed, dtype, name, param): the base class. `param` maps each argument
    of the subclass to its value (MindSpore's `parameters` property shows it)."""

    _param_names: tuple = ()

    def __init__(self, seed, dtype, name, param):
        super().__init__()
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
            raise TypeError(f"For '{name}', the 'seed' must be a non-negative int, but got {seed!r}.")
        self._name = name
        self._seed = 0 if seed is None else seed
        self._dtype = dtype
        param = constructor_arguments(param)
        param_dict = {key: param[key] for key in self._param_names if key in param}
        self._parameters = {**param, "param_dict": param_dict}
        self._defaults = {}

    # ---- construction helpers for subclasses ------------------------------------------------
    def _check_dtype(self, allowed) -> None:
        if self._dtype not in allowed:
            names = ", ".join(f"mindspore.{t}".lower() for t in allowed)
            raise TypeError(f"For '{self._name}', the 'dtype' should be one of [{names}], but got "
                            f"'mindspore.{str(self._dtype).lower()}'.")

    @property
    def parameter_type(self):
        """The dtype of the parameters and of continuous results."""
        return self._dtype if self._dtype in _FLOAT_TYPES else mstype.float32

    def _add_parameter(self, value, name: str) -> np.ndarray | None:
        """Store the default value of parameter `name` (None: to be given with each call);
        returns it as an array for the subclass's checks."""
        if value is None:
            self._defaults[name] = None
            return None
        array = _as_array(name, value, self.parameter_type)
        self._defaults[name] = Tensor(array, self.parameter_type)
        return array

    # ---- properties -------------------------------------------------------------------------
    @property
    def name(self) -> str:
        return self._name

    @property
    def dtype(self):
        return self._dtype

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def parameters(self) -> dict:
        return self._parameters

    @property
    def default_parameters(self) -> list:
        return [self._defaults[key] for key in self._param_names]

    @property
    def parameter_names(self) -> list:
        return list(self._param_names)

    @property
    def batch_shape(self) -> tuple:
        shapes = [tuple(v.shape) for v in self._defaults.values() if v is not None]
        return tuple(np.broadcast_shapes(*shapes)) if shapes else ()

    @property
    def broadcast_shape(self) -> tuple:
        return self.batch_shape

    @property
    def is_scalar_batch(self) -> bool:
        return all(v is None or v.ndim == 0 for v in self._defaults.values())

    def get_dist_args(self, *args, **kwargs) -> tuple:
        """The parameters a call with these overrides uses, as Tensors."""
        return self._call_params(args, kwargs)

    def get_dist_type(self, *args, **kwargs) -> str:
        return type(self).__name__

    # ---- argument handling ------------------------------------------------------------------
    def _call_params(self, args: tuple, kwargs: dict, suffix: str = "") -> tuple:
        """The parameter Tensors for one call: the overrides `args` / `kwargs` (by the
        parameter names, with `suffix`) or else the defaults, cast to the parameter dtype."""
        if len(args) > len(self._param_names):
            raise TypeError(f"For '{self._name}', at most {len(self._param_names)} parameters can be given, "
                            f"but got {len(args)}.")
        params = []
        for i, key in enumerate(self._param_names):
            value = args[i] if i < len(args) else kwargs.get(key + suffix)
            if value is None:
                value = self._defaults[key]
                if value is None:
                    raise TypeError(f"the type {key}{suffix} must be subclass of Tensor. It can not be None since "
                                    f"it is not specified during initialization.")
            check_tensor(key + suffix, value)
            params.append(value if value.dtype is self.parameter_type else ops.cast(value, self.parameter_type))
        return tuple(params)

    def _value(self, value):
        check_tensor("value", value)
        return value if value.dtype is self.parameter_type else ops.cast(value, self.parameter_type)

    def _method(self, private: str):
        """The subclass's `private` method, or one derived from those it defines."""
        method = self._find_method(private, frozenset())
        if method is None:
            public = _PUBLIC_NAMES.get(private, private.lstrip("_"))
            raise NotImplementedError(f"{public} is not implemented for {self._name} distribution.")
        return method

    def _find_method(self, private: str, seen: frozenset):
        if getattr(type(self), private, None) is not None:
            return getattr(self, private)
        for source, convert in _DERIVATIONS.get(private, ()):
            if source not in seen:
                method = self._find_method(source, seen | {private})
                if method is not None:
                    return lambda *args, method=method, convert=convert: convert(method(*args))
        return None

    def _evaluate(self, private: str, value, args, kwargs):
        return self._method(private)(self._value(value), *self._call_params(args, kwargs))

    # ---- the public methods -----------------------------------------------------------------
    def prob(self, value, *args, **kwargs):
        return self._evaluate("_prob", value, args, kwargs)

    def log_prob(self, value, *args, **kwargs):
        return self._evaluate("_log_prob", value, args, kwargs)

    def cdf(self, value, *args, **kwargs):
        return self._evaluate("_cdf", value, args, kwargs)

    def log_cdf(self, value, *args, **kwargs):
        return self._evaluate("_log_cdf", value, args, kwargs)

    def survival_function(self, value, *args, **kwargs):
        return self._evaluate("_survival", value, args, kwargs)

    def log_survival(self, value, *args, **kwargs):
        return self._evaluate("_log_survival", value, args, kwargs)

    def mean(self, *args, **kwargs):
        return self._method("_mean")(*self._call_params(args, kwargs))

    def sd(self, *args, **kwargs):
        return self._method("_sd")(*self._call_params(args, kwargs))

    def var(self, *args, **kwargs):
        return self._method("_var")(*self._call_params(args, kwargs))

    def mode(self, *args, **kwargs):
        return self._method("_mode")(*self._call_params(args, kwargs))

    def entropy(self, *args, **kwargs):
        return self._method("_entropy")(*self._call_params(args, kwargs))

    def _kl_parameters(self, dist: str, args, kwargs) -> tuple[tuple, tuple]:
        """(parameters of distribution b, parameters of this one a) for kl_loss."""
        if dist != self.get_dist_type():
            raise ValueError(f"Expected dist input is {self.get_dist_type()}, but got {dist}.")
        count = len(self._param_names)
        b_args = args[:count]
        b = []
        for i, key in enumerate(self._param_names):
            value = b_args[i] if i < len(b_args) else kwargs.get(key + "_b")
            if value is None:
                raise TypeError(f"{type(self).__name__}._kl_loss() missing required argument: '{key}_b'")
            check_tensor(key + "_b", value)
            b.append(value if value.dtype is self.parameter_type else ops.cast(value, self.parameter_type))
        return tuple(b), self._call_params(args[count:], kwargs, "_a")

    def kl_loss(self, dist, *args, **kwargs):
        """KL(a || b) from this distribution a (its parameters, or the `*_a` overrides) to the
        distribution of type `dist` with the parameters `*_b` (given first)."""
        kl_loss = self._method("_kl_loss")
        b, a = self._kl_parameters(dist, args, kwargs)
        return kl_loss(b, a)

    def cross_entropy(self, dist, *args, **kwargs):
        """entropy(a) + KL(a || b), with the arguments of kl_loss."""
        if getattr(type(self), "_entropy", None) is None or getattr(type(self), "_kl_loss", None) is None:
            raise NotImplementedError(f"cross_entropy is not implemented for {self._name} distribution.")
        b, a = self._kl_parameters(dist, args, kwargs)
        return self._entropy(*a) + self._kl_loss(b, a)

    def sample(self, shape=(), *args, **kwargs):
        """Samples of shape `shape` + the batch shape, in the distribution's dtype."""
        if not isinstance(shape, tuple):
            raise TypeError("For shape, input type must be a tuple.")
        return self._method("_sample")(shape, *self._call_params(args, kwargs))

    def _sample_seed(self):
        """The seed of the sampling ops: None (the global generator) unless one was given."""
        return self._seed or None

    def construct(self, name, *args, **kwargs):
        """Call the method `name` ('prob', 'mean', 'kl_loss', 'sample', ...) with the arguments."""
        methods = ("prob", "log_prob", "cdf", "log_cdf", "survival_function", "log_survival", "mean", "sd", "var",
                   "mode", "entropy", "kl_loss", "cross_entropy", "sample", "get_dist_args", "get_dist_type")
        if name not in methods:
            raise ValueError(f"For '{self._name}', the method name must be one of {list(methods)}, but got {name!r}.")
        return getattr(self, name)(*args, **kwargs)

    # ---- shared pieces ----------------------------------------------------------------------
    def _sample_shape(self, shape: tuple, *params) -> tuple:
        return tuple(shape) + tuple(np.broadcast_shapes(*(tuple(p.shape) for p in params)))

    def _param_repr(self, labels: tuple) -> str:
        """'label = value, ...' with the values given to the constructor, in the parameter
        dtype ('None' for one not given)."""
        given = self._parameters["param_dict"]
        shown = []
        for key in self._param_names:
            value = given.get(key)
            if value is None:
                shown.append("None")
                continue
            array = _as_array(key, value, self.parameter_type)
            shown.append(str(array[()] if array.ndim == 0 else array))
        return ", ".join(f"{label} = {value}" for label, value in zip(labels, shown))
