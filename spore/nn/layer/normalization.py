"""Normalization layers: BatchNorm1d/2d/3d, LayerNorm, GroupNorm, InstanceNorm1d/2d/3d.

Batch normalization (MindSpore's semantics):

- statistics per channel (axis 1) over the batch and spatial axes; y = (x - mean) /
  sqrt(var + eps) * gamma + beta, var the biased variance;
- with batch statistics (training, or use_batch_statistics=True) the moving statistics
  are updated after each call: moving = momentum * moving + (1 - momentum) * batch, the
  batch variance unbiased here. MindSpore's `momentum` is the weight of the old value,
  the complement of PyTorch's (the BatchNorm primitive takes 1 - momentum);
- otherwise (inference, or use_batch_statistics=False) the moving statistics normalize.

The Parameters are gamma, beta (trainable when affine) and moving_mean,
moving_variance (never trainable). As in MindSpore, the moving ones are named 'mean'
and 'variance' until the layer joins a network, which names them by attribute path
('bn.moving_mean').
"""
from __future__ import annotations

import numbers

from ...common import dtype as mstype
from ...common.initializer import Initializer, initializer
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ...ops.function import array_func as F
from ...ops.operations import nn_ops as N
from ...ops.validator import check_bool, check_float_range, check_positive_int, check_type
from ..cell import Cell

__all__ = [
    "BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "LayerNorm", "GroupNorm",
    "InstanceNorm1d", "InstanceNorm2d", "InstanceNorm3d",
]


def _check_input(cell: str, x, ranks, channels: int | None = None) -> None:
    """x is a Tensor whose rank is in `ranks` (a tuple, or a range for "at least"), with
    `channels` channels on axis 1."""
    if not isinstance(x, Tensor):
        raise TypeError(f"For '{cell}', the input must be a Tensor, but got {type(x).__name__}.")
    shape = x.shape
    if len(shape) not in ranks:
        expected = (f"at least {ranks.start}" if isinstance(ranks, range)
                    else " or ".join(str(r) for r in ranks))
        raise ValueError(f"For '{cell}', the input must have {expected} dims, but got {len(shape)} "
                         f"(shape {shape}).")
    if channels is not None and shape[1] != channels:
        raise ValueError(f"For '{cell}', the input must have {channels} channels (shape[1]), but got "
                         f"{shape[1]} (input shape {shape}).")


# "at least" ranks for _check_input (a tensor has at most 64 dims)
_AT_LEAST_1D = range(1, 65)
_AT_LEAST_2D = range(2, 65)


def _check_num_features(cell: str, num_features) -> int:
    check_type(cell, "num_features", num_features, int)
    if num_features < 1:
        raise ValueError(f"For '{cell}', the 'num_features' must be at least 1, but got {num_features}.")
    return num_features


def _as_dtype(param: Parameter, x):
    """The Parameter in x's dtype (as MindSpore casts it before normalizing)."""
    return param if param.dtype == x.dtype else F.cast(param, x.dtype)


def _stats_repr(cell, momentum: float) -> str:
    return (f"num_features={cell.num_features}, eps={cell.eps}, momentum={momentum}, "
            f"gamma={cell.gamma}, beta={cell.beta}, moving_mean={cell.moving_mean}, "
            f"moving_variance={cell.moving_variance}")


# ---- batch normalization -------------------------------------------------------------------
class _BatchNorm(Cell):
    """Batch normalization over axis 1 of an input of `ranks` dims (see the module
    docstring)."""

    ranks = (4,)

    def __init__(self, num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init="ones",
                 beta_init="zeros", moving_mean_init="zeros", moving_var_init="ones",
                 use_batch_statistics=None, data_format="NCHW", dtype=mstype.float32):
        super().__init__()
        name = self.cls_name
        self.num_features = _check_num_features(name, num_features)
        check_float_range(name, "eps", eps, 0.0, 1.0, include_min=False)
        self.eps = eps
        momentum = check_float_range(name, "momentum", momentum, 0.0, 1.0)
        check_bool(name, "affine", affine)
        check_type(name, "data_format", data_format, str)
        if data_format != "NCHW":
            raise ValueError(f"For '{name}', the 'data_format' must be 'NCHW' (MindSpore supports 'NHWC' "
                             f"on GPU only), but got '{data_format}'.")
        self.format = data_format
        if use_batch_statistics is not None and not isinstance(use_batch_statistics, bool):
            raise ValueError(f"For '{name}', the 'use_batch_statistics' must be a bool or None, but got "
                             f"{use_batch_statistics!r}.")
        self.use_batch_statistics = use_batch_statistics
        self.moving_mean = Parameter(initializer(moving_mean_init, num_features, dtype), name="mean",
                                     requires_grad=False)
        self.moving_variance = Parameter(initializer(moving_var_init, num_features, dtype), name="variance",
                                         requires_grad=False)
        self.gamma = Parameter(initializer(gamma_init, num_features, dtype), name="gamma",
                               requires_grad=affine)
        self.beta = Parameter(initializer(beta_init, num_features, dtype), name="beta",
                              requires_grad=affine)
        # MindSpore's attribute holds the primitive's momentum: the weight of the batch value
        self.momentum = 1.0 - momentum
        self.bn_train = N.BatchNorm(is_training=True, epsilon=self.eps, momentum=self.momentum)
        self.bn_infer = N.BatchNorm(is_training=False, epsilon=self.eps)

    def construct(self, x):
        _check_input(self.cls_name, x, self.ranks, self.num_features)
        use_batch = self.training if self.use_batch_statistics is None else self.use_batch_statistics
        bn = self.bn_train if use_batch else self.bn_infer
        return bn(x, self.gamma, self.beta, self.moving_mean, self.moving_variance)[0]

    def extend_repr(self) -> str:
        return _stats_repr(self, 1.0 - self.momentum)


class BatchNorm1d(_BatchNorm):
    """BatchNorm1d(num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init='ones',
    beta_init='zeros', moving_mean_init='zeros', moving_var_init='ones',
    use_batch_statistics=None, data_format='NCHW', dtype=mstype.float32)

    Batch normalization of x (N, C) or (N, C, L), C = num_features; output of x's shape.
    use_batch_statistics: None follows the training mode, True always normalizes with
    (and updates from) the batch, False always with the moving statistics.
    """

    ranks = (2, 3)


class BatchNorm2d(_BatchNorm):
    """BatchNorm2d(num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init='ones',
    beta_init='zeros', moving_mean_init='zeros', moving_var_init='ones',
    use_batch_statistics=None, data_format='NCHW', dtype=mstype.float32)

    Batch normalization of x (N, C, H, W), C = num_features; output of x's shape.
    use_batch_statistics as in BatchNorm1d.
    """


class BatchNorm3d(Cell):
    """BatchNorm3d(num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init='ones',
    beta_init='zeros', moving_mean_init='zeros', moving_var_init='ones',
    use_batch_statistics=None, dtype=mstype.float32)

    Batch normalization of x (N, C, D, H, W), C = num_features; output of x's shape. As
    in MindSpore, a BatchNorm2d child `bn2d` normalizes x seen as (N, C, D * H, W), so the
    Parameters are bn2d.gamma, bn2d.beta, bn2d.moving_mean and bn2d.moving_variance.
    """

    def __init__(self, num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init="ones",
                 beta_init="zeros", moving_mean_init="zeros", moving_var_init="ones",
                 use_batch_statistics=None, dtype=mstype.float32):
        super().__init__()
        self.bn2d = BatchNorm2d(num_features, eps, momentum, affine, gamma_init, beta_init,
                                moving_mean_init, moving_var_init, use_batch_statistics, "NCHW", dtype)

    def construct(self, x):
        _check_input(self.cls_name, x, (5,), self.bn2d.num_features)
        n, c, d, h, w = x.shape
        return F.reshape(self.bn2d(F.reshape(x, (n, c, d * h, w))), x.shape)


# ---- layer and group normalization ---------------------------------------------------------
class LayerNorm(Cell):
    """LayerNorm(normalized_shape, begin_norm_axis=-1, begin_params_axis=-1,
    gamma_init='ones', beta_init='zeros', epsilon=1e-7, dtype=mstype.float32)

    Normalizes x over its axes from begin_norm_axis on, then scales by gamma and shifts by
    beta, both of shape normalized_shape, which must be x.shape[begin_params_axis:].
    Output of x's shape and dtype.
    """

    def __init__(self, normalized_shape, begin_norm_axis=-1, begin_params_axis=-1, gamma_init="ones",
                 beta_init="zeros", epsilon=1e-7, dtype=mstype.float32):
        super().__init__()
        name = self.cls_name
        if not isinstance(normalized_shape, (tuple, list)):
            raise TypeError(f"For '{name}', the 'normalized_shape' must be a tuple or list of ints, but "
                            f"got {type(normalized_shape).__name__}.")
        if not normalized_shape:
            raise ValueError(f"For '{name}', the 'normalized_shape' must have at least one element, but "
                             f"got {normalized_shape}.")
        self.normalized_shape = normalized_shape
        self.begin_norm_axis = check_type(name, "begin_norm_axis", begin_norm_axis, int)
        self.begin_params_axis = check_type(name, "begin_params_axis", begin_params_axis, int)
        self.epsilon = check_type(name, "epsilon", epsilon, (int, float))
        self.gamma = Parameter(initializer(gamma_init, normalized_shape, dtype), name="gamma")
        self.beta = Parameter(initializer(beta_init, normalized_shape, dtype), name="beta")
        self.layer_norm = N.LayerNorm(begin_norm_axis, begin_params_axis, epsilon)

    def construct(self, input_x):
        name = self.cls_name
        _check_input(name, input_x, _AT_LEAST_1D)
        params_shape = input_x.shape[self.begin_params_axis:]
        if params_shape != self.gamma.shape:
            raise ValueError(f"For '{name}', the input's shape from begin_params_axis "
                             f"({self.begin_params_axis}) on must be the normalized_shape "
                             f"{self.gamma.shape}, but got input shape {input_x.shape}.")
        gamma, beta = _as_dtype(self.gamma, input_x), _as_dtype(self.beta, input_x)
        return self.layer_norm(input_x, gamma, beta)[0]

    def extend_repr(self) -> str:
        # MindSpore prints 'gamma' without '='
        return (f"normalized_shape={self.normalized_shape}, begin_norm_axis={self.begin_norm_axis}, "
                f"begin_params_axis={self.begin_params_axis}, gamma{self.gamma}, beta={self.beta}")


class GroupNorm(Cell):
    """GroupNorm(num_groups, num_channels, eps=1e-5, affine=True, gamma_init='ones',
    beta_init='zeros', dtype=mstype.float32)

    Splits the C = num_channels channels of x (N, C, *) into num_groups groups, normalizes
    each group over its channels and the spatial axes (biased variance), then scales by
    gamma and shifts by beta ((C,) each). Output of x's shape and dtype.
    """

    def __init__(self, num_groups, num_channels, eps=1e-5, affine=True, gamma_init="ones",
                 beta_init="zeros", dtype=mstype.float32):
        super().__init__()
        name = self.cls_name
        self.num_groups = check_positive_int(name, "num_groups", num_groups)
        self.num_channels = check_positive_int(name, "num_channels", num_channels)
        if num_channels % num_groups:
            raise ValueError(f"For '{name}', the 'num_channels' must be divisible by 'num_groups', but "
                             f"got num_channels {num_channels} and num_groups {num_groups}.")
        self.eps = check_type(name, "eps", eps, float)
        self.affine = check_bool(name, "affine", affine)
        self.gamma = Parameter(initializer(gamma_init, num_channels, dtype), name="gamma",
                               requires_grad=affine)
        self.beta = Parameter(initializer(beta_init, num_channels, dtype), name="beta",
                              requires_grad=affine)
        self.group_norm = N.GroupNorm()

    def construct(self, x):
        _check_input(self.cls_name, x, _AT_LEAST_2D, self.num_channels)
        return self.group_norm(x, self.num_groups, _as_dtype(self.gamma, x), _as_dtype(self.beta, x),
                               self.eps)[0]

    def extend_repr(self) -> str:
        return f"num_groups={self.num_groups}, num_channels={self.num_channels}"


# ---- instance normalization ----------------------------------------------------------------
def _check_init(cell: str, arg: str, value) -> None:
    """gamma_init / beta_init: a Tensor (float32), number, name or Initializer."""
    if not isinstance(value, (Tensor, numbers.Number, str, Initializer)):
        raise TypeError(f"For '{cell}', the '{arg}' must be a Tensor, number, str or Initializer, but "
                        f"got {type(value).__name__}.")
    if isinstance(value, Tensor) and value.dtype != mstype.float32:
        raise TypeError(f"For '{cell}', a Tensor '{arg}' must be float32, but got {value.dtype}.")


class _InstanceNorm(Cell):
    """Instance normalization of an input of `rank` dims: each channel of each sample is
    normalized over its spatial axes (biased variance), in training and inference alike,
    then scaled by gamma and shifted by beta ((C,) each). Output of x's shape.

    moving_mean and moving_variance exist for checkpoint compatibility: MindSpore's
    kernel updates copies of them, never the Parameters, and never reads them.
    """

    rank = 4

    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=True, gamma_init="ones",
                 beta_init="zeros", dtype=mstype.float32):
        super().__init__()
        name = self.cls_name
        check_type(name, "num_features", num_features, int)
        check_type(name, "eps", eps, float)
        check_type(name, "momentum", momentum, float)
        check_bool(name, "affine", affine)
        _check_init(name, "gamma_init", gamma_init)
        _check_init(name, "beta_init", beta_init)
        self.num_features = _check_num_features(name, num_features)
        self.momentum = check_float_range(name, "momentum", momentum, 0.0, 1.0)
        self.eps = eps
        self.moving_mean = Parameter(initializer("zeros", num_features, dtype), name="mean",
                                     requires_grad=False)
        self.moving_variance = Parameter(initializer("ones", num_features, dtype), name="variance",
                                         requires_grad=False)
        self.gamma = Parameter(initializer(gamma_init, num_features, dtype), name="gamma",
                               requires_grad=affine)
        self.beta = Parameter(initializer(beta_init, num_features, dtype), name="beta",
                              requires_grad=affine)
        self.group_norm = N.GroupNorm()

    def construct(self, x):
        _check_input(self.cls_name, x, (self.rank,), self.num_features)
        # one group per channel: each (sample, channel) normalized over its spatial axes
        return self.group_norm(x, self.num_features, _as_dtype(self.gamma, x), _as_dtype(self.beta, x),
                               self.eps)[0]

    def extend_repr(self) -> str:
        return _stats_repr(self, self.momentum)


class InstanceNorm1d(_InstanceNorm):
    """InstanceNorm1d(num_features, eps=1e-5, momentum=0.1, affine=True, gamma_init='ones',
    beta_init='zeros', dtype=mstype.float32)

    Instance normalization of x (N, C, L), C = num_features: each (sample, channel)
    normalized over L. eps and momentum are floats.
    """

    rank = 3


class InstanceNorm2d(_InstanceNorm):
    """InstanceNorm2d(num_features, eps=1e-5, momentum=0.1, affine=True, gamma_init='ones',
    beta_init='zeros', dtype=mstype.float32)

    Instance normalization of x (N, C, H, W), C = num_features: each (sample, channel)
    normalized over (H, W). eps and momentum are floats.
    """


class InstanceNorm3d(_InstanceNorm):
    """InstanceNorm3d(num_features, eps=1e-5, momentum=0.1, affine=True, gamma_init='ones',
    beta_init='zeros', dtype=mstype.float32)

    Instance normalization of x (N, C, D, H, W), C = num_features: each (sample, channel)
    normalized over (D, H, W). eps and momentum are floats.
    """

    rank = 5
