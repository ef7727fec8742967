"""`mindspore.nn.probability.bnn_layers`: Bayesian layers whose weights are distributions."""
from .bnn_cell_wrapper import WithBNNLossCell
from .layer_distribution import NormalPosterior, NormalPrior
from .variational import ConvReparam, DenseLocalReparam, DenseReparam

__all__ = ["ConvReparam", "DenseReparam", "DenseLocalReparam", "NormalPrior", "NormalPosterior", "WithBNNLossCell"]
