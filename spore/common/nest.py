"""Nests of Python containers (tuples, lists, dicts) holding leaves (Tensors, numbers):
split into the leaves and the structure, and rebuilt from them."""
from __future__ import annotations


def flatten(value) -> tuple[list, object]:
    """(leaves, structure) of a nest of tuples, lists and dicts (values in key order)."""
    if type(value) in (tuple, list):
        leaves, structures = [], []
        for item in value:
            sub_leaves, sub_structure = flatten(item)
            leaves += sub_leaves
            structures.append(sub_structure)
        return leaves, (type(value), tuple(structures))
    if type(value) is dict:
        leaves, structure = flatten(tuple(value.values()))
        return leaves, (dict, (tuple(value), structure))
    return [value], None


def unflatten(leaves, structure):
    """The nest of `structure` (from `flatten`) holding `leaves`, in order."""
    def build(shape, items):
        if shape is None:
            return next(items)
        kind, children = shape
        if kind is dict:
            keys, values = children
            return dict(zip(keys, build(values, items)))
        return kind(build(child, items) for child in children)
    return build(structure, iter(leaves))
