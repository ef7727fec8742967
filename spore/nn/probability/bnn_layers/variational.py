"""Bayesian dense and convolution layers: weights (and biases) are samples of learned Normal
posteriors, regularized towards Normal priors by `compute_kl_loss`. DenseReparam and
ConvReparam sample the weights themselves (the reparameterization trick); DenseLocalReparam
samples the pre-activations (local reparameterization)."""
from __future__ import annotations

from .... import ops
from ....ops.validator import check_bool, check_positive_int
from ...cell import Cell
from ...layer.activation import get_activation
from ...layer.conv import Conv2d
from .layer_distribution import NormalPosterior, NormalPrior

__all__ = ["DenseReparam", "DenseLocalReparam", "ConvReparam"]


def normal_post_fn(name, shape):
    """The default posterior factory: NormalPosterior(name=name, shape=shape)."""
    return NormalPosterior(name=name, shape=shape)


def _prior(prior_fn, arg_name: str) -> Cell:
    """A prior Cell (or one made by calling `prior_fn`) holding a Normal with its parameters."""
    prior = prior_fn if isinstance(prior_fn, Cell) else prior_fn()
    for child_name, dist in prior.name_cells().items():
        if child_name != "normal":
            raise TypeError(f"The type of distribution of `{arg_name}` must be `normal`")
        if any(value is None for value in dist.default_parameters):
            raise TypeError(f"The input form of `{arg_name}` is incorrect")
    return prior


def _posterior(posterior_fn, shape, param_name: str, arg_name: str) -> Cell:
    try:
        posterior = posterior_fn(shape=shape, name=param_name)
    except TypeError:
        raise TypeError(f"The type of `{arg_name}` must be `NormalPosterior`") from None
    for child_name in posterior.name_cells():
        if child_name != "normal":
            raise TypeError(f"The type of distribution of `{arg_name}` must be `normal`")
    return posterior


class _Variational:
    """The priors, posteriors and KL loss shared by the Bayesian layers (a mixin of Cells)."""

    def _set_distributions(self, weight_shape, weight_prior_fn, weight_posterior_fn, bias_prior_fn,
                           bias_posterior_fn) -> None:
        self.weight_prior = _prior(weight_prior_fn, "weight_prior_fn")
        self.weight_posterior = _posterior(weight_posterior_fn, list(weight_shape), "bnn_weight", "weight_posterior_fn")
        if self.has_bias:
            self.bias_prior = _prior(bias_prior_fn, "bias_prior_fn")
            self.bias_posterior = _posterior(bias_posterior_fn, [self.out_channels], "bnn_bias", "bias_posterior_fn")

    def compute_kl_loss(self):
        """sum KL(posterior || prior) over the weights (and biases): the Bayesian part of the loss."""
        kl = self.weight_prior("kl_loss", self.weight_posterior("get_dist_type"),
                               *self.weight_posterior("get_dist_args"))
        kl_loss = ops.sum(kl)
        if self.has_bias:
            kl = self.bias_prior("kl_loss", self.bias_posterior("get_dist_type"), *self.bias_posterior("get_dist_args"))
            kl_loss = kl_loss + ops.sum(kl)
        return kl_loss

    def apply_variational_bias(self, inputs):
        return ops.bias_add(inputs, self.bias_posterior("sample"))

    def _posterior_repr(self) -> str:
        text = (f"weight_mean={self.weight_posterior.mean}, weight_std={self.weight_posterior.untransformed_std}, "
                f"has_bias={self.has_bias}")
        if self.has_bias:
            text += f", bias_mean={self.bias_posterior.mean}, bias_std={self.bias_posterior.untransformed_std}"
        return text


class _DenseVariational(_Variational, Cell):
    def __init__(self, in_channels, out_channels, activation=None, has_bias=True, weight_prior_fn=NormalPrior,
                 weight_posterior_fn=normal_post_fn, bias_prior_fn=NormalPrior, bias_posterior_fn=normal_post_fn):
        super().__init__()
        self.in_channels = check_positive_int(self.cls_name, "in_channels", in_channels)
        self.out_channels = check_positive_int(self.cls_name, "out_channels", out_channels)
        self.has_bias = check_bool(self.cls_name, "has_bias", has_bias)
        self._set_distributions((out_channels, in_channels), weight_prior_fn, weight_posterior_fn, bias_prior_fn,
                                bias_posterior_fn)
        if isinstance(activation, str):
            activation = get_activation(activation, self.cls_name)
        elif activation and not isinstance(activation, Cell):
            raise ValueError("The type of `activation` is wrong.")
        self.activation = activation or None
        self.activation_flag = self.activation is not None

    def construct(self, x):
        outputs = self._apply_variational_weight(x)
        if self.has_bias:
            outputs = self.apply_variational_bias(outputs)
        if self.activation_flag:
            outputs = self.activation(outputs)
        return outputs

    def extend_repr(self) -> str:
        text = f"in_channels={self.in_channels}, out_channels={self.out_channels}, {self._posterior_repr()}"
        return f"{text}, activation={self.activation}" if self.activation_flag else text


class DenseReparam(_DenseVariational):
    """DenseReparam(in_channels, out_channels, activation=None, has_bias=True,
    weight_prior_fn=NormalPrior, weight_posterior_fn=normal_post_fn, bias_prior_fn=NormalPrior,
    bias_posterior_fn=normal_post_fn)

    A dense layer x @ W^T + b with W (out, in) and b (out,) drawn from their posteriors at
    every call. Inputs: x (N, in_channels). Outputs: (N, out_channels).
    """

    def _apply_variational_weight(self, inputs):
        return ops.matmul(inputs, ops.transpose(self.weight_posterior("sample"), (1, 0)))


class DenseLocalReparam(_DenseVariational):
    """DenseLocalReparam(in_channels, out_channels, activation=None, has_bias=True,
    weight_prior_fn=NormalPrior, weight_posterior_fn=normal_post_fn, bias_prior_fn=NormalPrior,
    bias_posterior_fn=normal_post_fn)

    As DenseReparam, but draws x @ W^T directly: from N(x @ mean^T, (x^2) @ (std^2)^T),
    which has the same distribution and a lower-variance gradient.
    """

    def _apply_variational_weight(self, inputs):
        mean = ops.matmul(inputs, ops.transpose(self.weight_posterior("mean"), (1, 0)))
        variance = ops.matmul(ops.square(inputs), ops.transpose(ops.square(self.weight_posterior("sd")), (1, 0)))
        return self.weight_posterior.normal("sample", (), mean, ops.sqrt(variance))


class ConvReparam(_Variational, Conv2d):
    """ConvReparam(in_channels, out_channels, kernel_size, stride=1, pad_mode='same', padding=0,
    dilation=1, group=1, has_bias=False, weight_prior_fn=NormalPrior,
    weight_posterior_fn=normal_post_fn, bias_prior_fn=NormalPrior, bias_posterior_fn=normal_post_fn)

    A 2-D convolution (arguments as nn.Conv2d) whose kernel (and bias) are drawn from their
    posteriors at every call. Its own `weight` (and `bias`) Parameters, as in MindSpore, are
    not trained. Inputs: x (N, C_in, H, W). Outputs: (N, C_out, H_out, W_out).
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same", padding=0, dilation=1,
                 group=1, has_bias=False, weight_prior_fn=NormalPrior, weight_posterior_fn=normal_post_fn,
                 bias_prior_fn=NormalPrior, bias_posterior_fn=normal_post_fn):
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation, group, has_bias)
        self.weight.requires_grad = False
        if has_bias:
            self.bias.requires_grad = False
        self._set_distributions(self.weight.shape, weight_prior_fn, weight_posterior_fn, bias_prior_fn,
                                bias_posterior_fn)

    def construct(self, x):
        self._check_input(x, 4)
        outputs = self.conv2d(x, self.weight_posterior("sample"))
        if self.has_bias:
            outputs = self.apply_variational_bias(outputs)
        return outputs

    def extend_repr(self) -> str:
        return (f"in_channels={self.in_channels}, out_channels={self.out_channels}, kernel_size={self.kernel_size}, "
                f"stride={self.stride}, pad_mode={self.pad_mode}, padding={self.padding}, dilation={self.dilation}, "
                f"group={self.group}, {self._posterior_repr()}")
