"""Bijector: the base Cell of the invertible transformations y = f(x), and Invert, which
swaps a bijector's directions."""
from __future__ import annotations

from ....common import dtype as mstype
from ....common.tensor import Tensor
from ...cell import Cell
from .._constructor_args import constructor_arguments

__all__ = ["Bijector", "Invert"]

_METHODS = ("forward", "inverse", "forward_log_jacobian", "inverse_log_jacobian")


class Bijector(Cell):
    """Bijector(is_constant_jacobian=False, is_injective=True, name=None, dtype=None, param=None)

    A subclass defines `_forward`, `_inverse`, `_forward_log_jacobian` (log |df/dx|) and
    `_inverse_log_jacobian` (log |df^-1/dy|) on float Tensors; the public methods check the
    value first.
    """

    def __init__(self, is_constant_jacobian=False, is_injective=True, name=None, dtype=None, param=None):
        super().__init__()
        self._name = name if name is not None else type(self).__name__
        self._dtype = dtype
        self._is_constant_jacobian = is_constant_jacobian
        self._is_injective = is_injective
        self._parameters = constructor_arguments(param or {})

    @property
    def name(self) -> str:
        return self._name

    @property
    def dtype(self):
        return self._dtype

    @property
    def parameters(self) -> dict:
        return self._parameters

    @property
    def is_constant_jacobian(self) -> bool:
        return self._is_constant_jacobian

    @property
    def is_injective(self) -> bool:
        return self._is_injective

    @staticmethod
    def _check_value(value):
        if not isinstance(value, Tensor):
            raise TypeError("For input value of bijector, input type must be a Tensor or Parameter.")
        if not value.dtype.is_floating_point:
            raise TypeError(f"For input value of bijector , the type must be or be subclass of Float, but got "
                            f"{value.dtype}")
        return value

    def forward(self, value):
        return self._forward(self._check_value(value))

    def inverse(self, value):
        return self._inverse(self._check_value(value))

    def forward_log_jacobian(self, value):
        return self._forward_log_jacobian(self._check_value(value))

    def inverse_log_jacobian(self, value):
        return self._inverse_log_jacobian(self._check_value(value))

    def construct(self, name, *args, **kwargs):
        """Call the method `name` ('forward', 'inverse', 'forward_log_jacobian',
        'inverse_log_jacobian') with the arguments."""
        if name not in _METHODS:
            raise ValueError(f"For '{self._name}', the method name must be one of {list(_METHODS)}, but got "
                             f"{name!r}.")
        return getattr(self, name)(*args, **kwargs)

    def _constant(self, value: float):
        """A scalar parameter as a Float32 Tensor (checked to be a number)."""
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TypeError(f"For '{self._name}', the parameters must be float, but got {type(value).__name__}.")
        return Tensor(float(value), mstype.float32)


class Invert(Bijector):
    """Invert(bijector, name=''): the inverse of `bijector` (its forward is bijector.inverse
    and the other way round), named 'Invert' + the bijector's name."""

    def __init__(self, bijector, name=""):
        if not isinstance(bijector, Bijector):
            raise TypeError(f"For 'Invert', the type of 'bijector' should be 'Bijector', but got type "
                            f"'{type(bijector).__name__}'.")
        super().__init__(bijector.is_constant_jacobian, bijector.is_injective, name or "Invert" + bijector.name,
                         bijector.dtype, {"bijector": bijector})
        self._parameters["name"] = self._name
        self._bijector = bijector

    @property
    def bijector(self) -> Bijector:
        return self._bijector

    def _forward(self, x):
        return self._bijector.inverse(x)

    def _inverse(self, y):
        return self._bijector.forward(y)

    def _forward_log_jacobian(self, x):
        return self._bijector.inverse_log_jacobian(x)

    def _inverse_log_jacobian(self, y):
        return self._bijector.forward_log_jacobian(y)
