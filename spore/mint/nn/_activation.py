"""mint.nn's activation layers: Cells over mint.nn.functional. Layers whose semantics equal a
spore.nn layer are that layer."""
from __future__ import annotations

from spore import nn
from spore.nn.cell import Cell
from spore.ops.validator import check_bool

from . import functional as F

ReLU = nn.ReLU
Tanh = nn.Tanh
Sigmoid = nn.Sigmoid
LogSigmoid = nn.LogSigmoid
Mish = nn.Mish
Hardshrink = nn.HShrink
Hardsigmoid = nn.HSigmoid
Hardswish = nn.HSwish


def _check_dim(owner, dim):
    if dim is not None and (isinstance(dim, bool) or not isinstance(dim, int)):
        raise TypeError(f"For '{owner}', the 'dim' must be an int or None, but got {type(dim).__name__}.")
    return dim


class _InplaceCapable(Cell):
    def __init__(self, inplace):
        super().__init__()
        self.inplace = check_bool(self.cls_name, 'inplace', inplace)


class ReLU6(_InplaceCapable):
    """ReLU6(inplace=False): min(max(x, 0), 6)."""

    def __init__(self, inplace=False):
        super().__init__(inplace)

    def construct(self, input):
        return F.relu6(input, self.inplace)


class SiLU(_InplaceCapable):
    """SiLU(inplace=False): x * sigmoid(x)."""

    def __init__(self, inplace=False):
        super().__init__(inplace)

    def construct(self, input):
        return F.silu(input, self.inplace)


class ELU(_InplaceCapable):
    """ELU(alpha=1.0, inplace=False): x if x > 0 else alpha * (exp(x) - 1)."""

    def __init__(self, alpha=1.0, inplace=False):
        super().__init__(inplace)
        if isinstance(alpha, bool) or not isinstance(alpha, (int, float)):
            raise TypeError(f"For 'ELU', the 'alpha' must be a number, but got {type(alpha).__name__}.")
        self.alpha = float(alpha)

    def construct(self, input):
        return F.elu(input, self.alpha, self.inplace)


class Hardtanh(_InplaceCapable):
    """Hardtanh(min_val=-1.0, max_val=1.0, inplace=False): x clamped to [min_val, max_val]."""

    def __init__(self, min_val=-1.0, max_val=1.0, inplace=False):
        super().__init__(inplace)
        if min_val > max_val:
            raise ValueError(f"For 'Hardtanh', 'min_val' must not exceed 'max_val', but got {min_val} > {max_val}.")
        self.min_val, self.max_val = min_val, max_val

    def construct(self, input):
        return F.hardtanh(input, self.min_val, self.max_val, self.inplace)


class Threshold(_InplaceCapable):
    """Threshold(threshold, value, inplace=False): x if x > threshold else value."""

    def __init__(self, threshold, value, inplace=False):
        super().__init__(inplace)
        self.threshold, self.value = threshold, value

    def construct(self, input):
        return F.threshold(input, self.threshold, self.value, self.inplace)


class GELU(Cell):
    """GELU(approximate='none'): x * Phi(x), exact or with the tanh approximation ('tanh')."""

    def __init__(self, approximate='none'):
        super().__init__()
        if approximate not in ('none', 'tanh'):
            raise ValueError(f"For 'GELU', 'approximate' must be 'none' or 'tanh', but got {approximate!r}.")
        self.approximate = approximate

    def construct(self, input):
        return F.gelu(input, approximate=self.approximate)


class SELU(Cell):
    """SELU(): scale * (x if x > 0 else alpha * (exp(x) - 1)) with the self-normalizing constants."""

    def __init__(self):
        super().__init__()
        self.selu = nn.SeLU()

    def construct(self, input):
        return self.selu(input)


class Softmax(Cell):
    """Softmax(dim=None): exp(x) / sum(exp(x)) along dim (the last when None)."""

    def __init__(self, dim=None):
        super().__init__()
        self.dim = _check_dim('Softmax', dim)

    def construct(self, input):
        return F.softmax(input, self.dim)


class LogSoftmaxExt(Cell):
    """LogSoftmaxExt(dim=None), mint.nn.LogSoftmax: log(softmax(x)) along dim (the last when None)."""

    def __init__(self, dim=None):
        super().__init__()
        self.dim = _check_dim('LogSoftmax', dim)

    def construct(self, input):
        return F.log_softmax(input, self.dim)
