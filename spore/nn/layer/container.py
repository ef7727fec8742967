"""`mindspore.nn.layer.container`: the containers Cells MindSpore keeps at this path, as
defined in `spore.nn` (those spore has)."""
from ..._path_alias import resolver

__getattr__, __dir__ = resolver(__name__, "spore.nn", frozenset({
    "CellDict", "CellList", "SequentialCell",
}))
