"""WithBNNLossCell: a network with its loss plus the KL losses of its Bayesian layers."""
from __future__ import annotations

from ...cell import Cell
from .variational import _Variational

__all__ = ["WithBNNLossCell"]


def _check_factor(name: str, value) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"The type of `{name}` must be `int` or `float`")
    if value < 0:
        raise ValueError(f"The value of `{name}` must >= 0")


class WithBNNLossCell(Cell):
    """WithBNNLossCell(backbone, loss_fn, dnn_factor=1, bnn_factor=1)

    loss = loss_fn(backbone(x), label) * dnn_factor + (sum of the Bayesian layers' KL losses)
    * bnn_factor. Inputs: x, label. Outputs: the scalar loss.
    """

    def __init__(self, backbone, loss_fn, dnn_factor=1, bnn_factor=1):
        super().__init__(auto_prefix=False)
        _check_factor("dnn_factor", dnn_factor)
        _check_factor("bnn_factor", bnn_factor)
        self._backbone = backbone
        self._loss_fn = loss_fn
        self.dnn_factor = dnn_factor
        self.bnn_factor = bnn_factor
        self.kl_loss = [cell.compute_kl_loss for cell in self._bayesian_layers(backbone)]

    @staticmethod
    def _bayesian_layers(net: Cell) -> list:
        layers = []
        for layer in net.name_cells().values():
            layers += [layer] if isinstance(layer, _Variational) else WithBNNLossCell._bayesian_layers(layer)
        return layers

    @property
    def backbone_network(self) -> Cell:
        return self._backbone

    def construct(self, x, label):
        backbone_loss = self._loss_fn(self._backbone(x), label)
        kl_loss = 0
        for compute_kl_loss in self.kl_loss:
            kl_loss = kl_loss + compute_kl_loss()
        return backbone_loss * self.dnn_factor + kl_loss * self.bnn_factor
