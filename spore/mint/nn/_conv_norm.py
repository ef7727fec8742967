"""mint.nn's convolution, normalization and PReLU layers: Parameters initialised as PyTorch does
(Kaiming-uniform weights, biases uniform in +-1/sqrt(fan_in)), forward by mint.nn.functional."""
from __future__ import annotations

import math

from spore import ops
from spore.common import dtype as mstype
from spore.common.initializer import HeUniform, Uniform, initializer
from spore.common.parameter import Parameter
from spore.communication.management import GlobalComm, get_group_size
from spore.nn.cell import Cell
from spore.nn.layer.sync_batch_norm import synchronized_batch_norm
from spore.ops.operations.comm_ops import AllReduce
from spore.ops.validator import check_bool, check_positive_int

from . import functional as F


def _tuple(value, n):
    return (value,) * n if isinstance(value, int) else tuple(value)


class _ConvNd(Cell):
    """Weight (out, in / groups, *kernel) [transposed: (in, out / groups, *kernel)] and bias (out,)."""
    dims = 2
    transposed = False

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
                 bias=True, padding_mode='zeros', dtype=None):
        super().__init__()
        name = self.cls_name
        self.in_channels = check_positive_int(name, 'in_channels', in_channels)
        self.out_channels = check_positive_int(name, 'out_channels', out_channels)
        self.groups = check_positive_int(name, 'groups', groups)
        if in_channels % groups or out_channels % groups:
            raise ValueError(f"For '{name}', 'in_channels' ({in_channels}) and 'out_channels' ({out_channels}) "
                             f"must be divisible by 'groups' ({groups}).")
        if padding_mode != 'zeros':
            raise ValueError(f"For '{name}', the 'padding_mode' must be 'zeros', but got {padding_mode!r}.")
        if isinstance(padding, str) and padding not in ('same', 'valid'):
            raise ValueError(f"For '{name}', a str 'padding' must be 'same' or 'valid', but got {padding!r}.")
        self.kernel_size = _tuple(kernel_size, self.dims)
        self.stride, self.padding, self.dilation = stride, padding, dilation
        dtype = mstype.float32 if dtype is None else dtype
        if self.transposed:
            shape = (in_channels, out_channels // groups) + self.kernel_size
            fan_in = out_channels // groups * math.prod(self.kernel_size)
        else:
            shape = (out_channels, in_channels // groups) + self.kernel_size
            fan_in = in_channels // groups * math.prod(self.kernel_size)
        self.weight = Parameter(initializer(HeUniform(math.sqrt(5)), shape, dtype), name='weight')
        self.bias = None
        if check_bool(name, 'bias', bias):
            self.bias = Parameter(initializer(Uniform(1 / math.sqrt(fan_in)), (out_channels,), dtype), name='bias')


class Conv1d(_ConvNd):
    """Conv1d(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True,
    padding_mode='zeros', dtype=None): (N, C_in, L) -> (N, C_out, L_out)."""
    dims = 1

    def construct(self, input):
        return F.conv1d(input, self.weight, self.bias, self.stride, self.padding, self.dilation, self.groups)


class Conv2d(_ConvNd):
    """Conv2d(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True,
    padding_mode='zeros', dtype=None): (N, C_in, H, W) -> (N, C_out, H_out, W_out)."""

    def construct(self, input):
        return F.conv2d(input, self.weight, self.bias, self.stride, self.padding, self.dilation, self.groups)


class Conv3d(_ConvNd):
    """Conv3d(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True,
    padding_mode='zeros', dtype=None): (N, C_in, D, H, W) -> (N, C_out, D_out, H_out, W_out)."""
    dims = 3

    def construct(self, input):
        return F.conv3d(input, self.weight, self.bias, self.stride, self.padding, self.dilation, self.groups)


class ConvTranspose2d(_ConvNd):
    """ConvTranspose2d(in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0,
    groups=1, bias=True, dilation=1, padding_mode='zeros', dtype=None): the gradient of Conv2d."""
    transposed = True

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1,
                 bias=True, dilation=1, padding_mode='zeros', dtype=None):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias,
                         padding_mode, dtype)
        self.output_padding = output_padding

    def construct(self, input):
        return ops.conv_transpose2d(input, self.weight, self.bias, self.stride, self.padding, self.output_padding,
                                    self.groups, self.dilation)


class _BatchNorm(Cell):
    """Normalizes (N, C, ...) per channel C with batch statistics while training (updating the
    running ones with momentum) and with the running statistics in evaluation."""
    ranks = (2, 3)

    def __init__(self, num_features, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True, dtype=None):
        super().__init__()
        name = self.cls_name
        self.num_features = check_positive_int(name, 'num_features', num_features)
        self.eps, self.momentum = eps, momentum
        self.affine = check_bool(name, 'affine', affine)
        self.track_running_stats = check_bool(name, 'track_running_stats', track_running_stats)
        dtype = mstype.float32 if dtype is None else dtype
        self.weight = Parameter(ops.ones((num_features,), dtype), name='weight', requires_grad=affine)
        self.bias = Parameter(ops.zeros((num_features,), dtype), name='bias', requires_grad=affine)
        self.running_mean = Parameter(ops.zeros((num_features,), dtype), name='running_mean', requires_grad=False)
        self.running_var = Parameter(ops.ones((num_features,), dtype), name='running_var', requires_grad=False)

    def construct(self, input):
        if input.ndim not in self.ranks:
            raise ValueError(f"For '{self.cls_name}', the 'input' must be {' or '.join(map(str, self.ranks))}-D, "
                             f"but got {input.ndim}-D.")
        use_batch_stats = self.training or not self.track_running_stats
        return F.batch_norm(input, self.running_mean, self.running_var, self.weight, self.bias, use_batch_stats,
                            self.momentum, self.eps)


class SyncBatchNorm(_BatchNorm):
    """SyncBatchNorm(num_features, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True,
    process_group=None, dtype=None): input (N, C, +) normalized with the batch statistics of
    every process of `process_group` (a group name; None for the world) while training, and
    with the running statistics in evaluation. In one process it is BatchNorm."""
    ranks = range(2, 65)

    def __init__(self, num_features, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True,
                 process_group=None, dtype=None):
        super().__init__(num_features, eps, momentum, affine, track_running_stats, dtype)
        if process_group is not None and not isinstance(process_group, str):
            raise TypeError(f"For '{self.cls_name}', the 'process_group' must be a str or None, but got "
                            f"{type(process_group).__name__}.")
        group = GlobalComm.WORLD_COMM_GROUP if process_group is None else process_group
        self.process_group = process_group
        self.allreduce = AllReduce(group=group) if get_group_size(group) > 1 else None

    def construct(self, input):
        if input.ndim < 2:
            raise ValueError(f"For '{self.cls_name}', the 'input' must be at least 2-D, but got {input.ndim}-D.")
        if self.allreduce is None or not (self.training or not self.track_running_stats):
            return F.batch_norm(input, self.running_mean, self.running_var, self.weight, self.bias,
                                self.training or not self.track_running_stats, self.momentum, self.eps)
        update = self.training and self.track_running_stats
        return synchronized_batch_norm(input, self.allreduce, self.weight, self.bias,
                                       self.running_mean if update else None, self.running_var, self.momentum,
                                       self.eps)


class BatchNorm1d(_BatchNorm):
    """BatchNorm1d(num_features, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True, dtype=None):
    input (N, C) or (N, C, L)."""


class BatchNorm2d(_BatchNorm):
    """BatchNorm2d(num_features, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True, dtype=None):
    input (N, C, H, W)."""
    ranks = (4,)


class BatchNorm3d(_BatchNorm):
    """BatchNorm3d(num_features, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True, dtype=None):
    input (N, C, D, H, W)."""
    ranks = (5,)


class GroupNorm(Cell):
    """GroupNorm(num_groups, num_channels, eps=1e-05, affine=True, dtype=None): normalizes (N, C, *) over
    groups of C / num_groups channels, then scales and shifts per channel."""

    def __init__(self, num_groups, num_channels, eps=1e-05, affine=True, dtype=None):
        super().__init__()
        name = self.cls_name
        self.num_groups = check_positive_int(name, 'num_groups', num_groups)
        self.num_channels = check_positive_int(name, 'num_channels', num_channels)
        if num_channels % num_groups:
            raise ValueError(f"For '{name}', 'num_channels' ({num_channels}) must be divisible by 'num_groups' "
                             f"({num_groups}).")
        self.eps, self.affine = eps, check_bool(name, 'affine', affine)
        dtype = mstype.float32 if dtype is None else dtype
        self.weight = Parameter(ops.ones((num_channels,), dtype), name='weight', requires_grad=affine)
        self.bias = Parameter(ops.zeros((num_channels,), dtype), name='bias', requires_grad=affine)

    def construct(self, input):
        return F.group_norm(input, self.num_groups, self.weight, self.bias, self.eps)


class PReLUExt(Cell):
    """PReLUExt(num_parameters=1, init=0.25, dtype=None), mint.nn.PReLU: x if x > 0 else a * x,
    with a learnable a (one, or one per channel of dim 1)."""

    def __init__(self, num_parameters=1, init=0.25, dtype=None):
        super().__init__()
        self.num_parameters = check_positive_int(self.cls_name, 'num_parameters', num_parameters)
        dtype = mstype.float32 if dtype is None else dtype
        self.weight = Parameter(ops.full((num_parameters,), init, dtype=dtype), name='weight')

    def construct(self, input):
        return F.prelu(input, self.weight)
