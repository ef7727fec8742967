"""Combined Cells: a convolution or dense layer followed by optional batch normalization and
activation, Conv2dBnAct and DenseBnAct."""
from __future__ import annotations

from ...ops.primitive import Primitive
from ...ops.validator import check_bool
from ..cell import Cell
from .activation import LeakyReLU, get_activation
from .basic import Dense
from .conv import Conv2d
from .normalization import BatchNorm1d, BatchNorm2d

__all__ = ["Conv2dBnAct", "DenseBnAct"]


def _activation(owner: Cell, activation, alpha):
    """The activation Cell: 'leakyrelu' is LeakyReLU(alpha), other names are those of
    get_activation; a Cell or Primitive is used as it is; None is no activation."""
    if activation == "leakyrelu":
        return LeakyReLU(alpha)
    if isinstance(activation, str):
        return get_activation(activation, owner.cls_name)
    if activation is not None and not isinstance(activation, (Cell, Primitive)):
        raise TypeError(f"For '{owner.cls_name}', the 'activation' must be str or Cell or Primitive, but got "
                        f"{type(activation).__name__}.")
    return activation


class _LayerBnAct(Cell):
    """The layer, then `batchnorm` if `has_bn`, then `activation` if there is one."""

    def _set_bn_act(self, batchnorm, has_bn, activation, alpha, after_fake) -> None:
        self.has_bn = check_bool(self.cls_name, "has_bn", has_bn)
        self.after_fake = check_bool(self.cls_name, "after_fake", after_fake)
        if has_bn:
            self.batchnorm = batchnorm()
        self.activation = _activation(self, activation, alpha)
        self.has_act = activation is not None

    def construct(self, x):
        x = self._layer(x)
        if self.has_bn:
            x = self.batchnorm(x)
        if self.has_act:
            x = self.activation(x)
        return x


class Conv2dBnAct(_LayerBnAct):
    """Conv2dBnAct(in_channels, out_channels, kernel_size, stride=1, pad_mode='same', padding=0,
    dilation=1, group=1, has_bias=False, weight_init='normal', bias_init='zeros', has_bn=False,
    momentum=0.997, eps=1e-5, activation=None, alpha=0.2, after_fake=True)

    nn.Conv2d with the first eleven arguments (its Cell is `conv`), then, with `has_bn`,
    BatchNorm2d(out_channels, eps, momentum) (`batchnorm`), then the `activation` (a name,
    'leakyrelu' for LeakyReLU(alpha), a Cell or a Primitive). `after_fake` is kept for
    quantization-aware training, which spore does not do.

    Inputs: x (N, in_channels, H, W). Outputs: (N, out_channels, H_out, W_out).
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same", padding=0, dilation=1,
                 group=1, has_bias=False, weight_init="normal", bias_init="zeros", has_bn=False, momentum=0.997,
                 eps=1e-5, activation=None, alpha=0.2, after_fake=True):
        super().__init__()
        self.conv = Conv2d(in_channels, out_channels, kernel_size=kernel_size, stride=stride, pad_mode=pad_mode,
                           padding=padding, dilation=dilation, group=group, has_bias=has_bias,
                           weight_init=weight_init, bias_init=bias_init)
        self._set_bn_act(lambda: BatchNorm2d(out_channels, eps, momentum), has_bn, activation, alpha, after_fake)

    def _layer(self, x):
        return self.conv(x)


class DenseBnAct(_LayerBnAct):
    """DenseBnAct(in_channels, out_channels, weight_init='normal', bias_init='zeros', has_bias=True,
    has_bn=False, momentum=0.9, eps=1e-5, activation=None, alpha=0.2, after_fake=True)

    nn.Dense (its Cell is `dense`), then, with `has_bn`, BatchNorm1d(out_channels, eps,
    momentum) (`batchnorm`), then the `activation` (a name, 'leakyrelu' for
    LeakyReLU(alpha), a Cell or a Primitive). `after_fake` is kept for quantization-aware
    training, which spore does not do.

    Inputs: x (N, in_channels). Outputs: (N, out_channels).
    """

    def __init__(self, in_channels, out_channels, weight_init="normal", bias_init="zeros", has_bias=True,
                 has_bn=False, momentum=0.9, eps=1e-5, activation=None, alpha=0.2, after_fake=True):
        super().__init__()
        self.dense = Dense(in_channels, out_channels, weight_init, bias_init, has_bias)
        self._set_bn_act(lambda: BatchNorm1d(out_channels, eps, momentum), has_bn, activation, alpha, after_fake)

    def _layer(self, x):
        return self.dense(x)
