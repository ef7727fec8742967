"""ConvertNetUtils: a network's layers swapped for their THOR forms, in place.

The THOR optimizer needs each Dense, Conv2d, Embedding and EmbeddingLookup layer to keep
the second-order statistics of its inputs and output gradients (`matrix_a`, `matrix_g`,
...): the `*Thor` layers of `nn.layer.thor` do. Conversion replaces each such layer, in
any Cell or container of the network, with its Thor layer of the same configuration
holding the same Parameter objects, so weights, their names and optimizer references
carry over; the new statistics are named after the layer's path, as MindSpore names them.
"""
from __future__ import annotations

from ..nn.cell import Cell
from ..nn.layer.basic import Dense
from ..nn.layer.conv import Conv2d
from ..nn.layer.embedding import Embedding, EmbeddingLookup
from ..nn.layer.thor import Conv2dThor, DenseThor, EmbeddingLookupThor, EmbeddingThor


def _dense(layer: Dense) -> DenseThor:
    thor = DenseThor(layer.in_channels, layer.out_channels, has_bias=layer.has_bias, activation=layer.activation)
    thor.weight = layer.weight
    if layer.has_bias:
        thor.bias = layer.bias
    return thor


def _conv2d(layer: Conv2d) -> Conv2dThor:
    thor = Conv2dThor(layer.in_channels, layer.out_channels, layer.kernel_size, layer.stride, layer.pad_mode,
                      layer.padding, layer.dilation, layer.group, layer.has_bias)
    thor.weight = layer.weight
    if layer.has_bias:
        thor.bias = layer.bias
    return thor


def _embedding(layer: Embedding) -> EmbeddingThor:
    thor = EmbeddingThor(layer.vocab_size, layer.embedding_size, layer.use_one_hot, dtype=layer.dtype,
                         padding_idx=layer.padding_idx)
    thor.embedding_table = layer.embedding_table
    return thor


def _embedding_lookup(layer: EmbeddingLookup) -> EmbeddingLookupThor:
    thor = EmbeddingLookupThor(layer.vocab_size, layer.embedding_size, target=layer.target,
                               slice_mode=layer.slice_mode, manual_shapes=layer.manual_shapes,
                               max_norm=layer.max_norm, sparse=layer.sparse)
    thor.embedding_table = layer.embedding_table
    return thor


# Subclasses before their bases: EmbeddingLookup's subclasses are not Embeddings, but the
# order states the rule for any that might be.
_CONVERSIONS = ((EmbeddingLookup, _embedding_lookup), (Embedding, _embedding), (Conv2d, _conv2d), (Dense, _dense))


def _thor_form(cell) -> Cell | None:
    if cell is None or getattr(cell, "thor", False):
        return None
    for layer_type, convert in _CONVERSIONS:
        if type(cell) is layer_type:
            return convert(cell)
    return None


class ConvertNetUtils:
    """Converts a network for the THOR optimizer (`convert_to_thor_net`)."""

    def convert_to_thor_net(self, net) -> None:
        """Replace, in place, every nn.Dense, nn.Conv2d, nn.Embedding and nn.EmbeddingLookup
        of `net` (at any depth) with its Thor layer; returns None, as MindSpore does."""
        if not isinstance(net, Cell):
            raise AttributeError(f"For 'ConvertNetUtils.convert_to_thor_net', the 'net' must be a Cell, but got "
                                 f"{type(net).__name__}.")
        _convert_children(net, "")


def _convert_children(cell: Cell, prefix: str) -> None:
    for name, child in list(cell._cells.items()):
        path = prefix + name
        thor = _thor_form(child)
        if thor is None:
            if child is not None:
                _convert_children(child, path + ".")
            continue
        kept = {id(param) for param in child.get_parameters()}
        for attribute, param in thor.parameters_and_names():
            if id(param) not in kept:
                param.name = f"{path}.{attribute}"
        cell.insert_child_to_cell(name, thor)
