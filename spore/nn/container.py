"""Containers of Cells: SequentialCell (a pipeline), CellList and CellDict.

Members are sub-Cells keyed '0', '1', ... (or by name), so their Parameters are named
`<key>.weight` and, once the container is assigned as `self.layers`, `layers.<key>.weight`.

A container does not know where it sits in a network. When a member is added, removed or
moved after construction, the new names are derived from the names the members already
carry, as MindSpore does (`_member_prefix`), so that checkpoints name Parameters alike.
"""
from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Mapping

from .cell import Cell


def _check_cell(container: str, cell) -> Cell:
    if not isinstance(cell, Cell):
        raise TypeError(f"For '{container}', each cell must be a Cell, but got {type(cell).__name__}.")
    return cell


def _check_index(container: str, index, length: int, inserting: bool = False) -> int:
    """`index` as a position in [0, length) ([0, length] when inserting)."""
    if isinstance(index, bool) or not isinstance(index, int):
        raise TypeError(f"For '{container}', the type of 'index' must be int, but got {type(index).__name__}.")
    high = length + 1 if inserting else length
    if not -length <= index < high:
        bracket = "]" if inserting else ")"
        raise IndexError(f"For '{container}', the 'index' must be in range [{-length}, {length}{bracket}, "
                         f"but got {index}.")
    return index + length if index < 0 else index


def _member_prefix(members: Mapping[str, Cell]) -> tuple[str, int]:
    """The prefix of the members' Parameter names before the member key, and the position
    of the key among the dot-separated parts of those names.

    In `layers.0.weight`, the first member's key '0' sits at position 1 after prefix
    'layers.'. When the key appears more than once in that name, the second member with
    Parameters (if any) confirms the position. Without Parameters: ('', 0).
    """
    named = []
    for key, cell in members.items():
        param = next(cell.get_parameters(), None)
        if param is not None:
            named.append((key, param.name.split(".")))
            if len(named) == 2:
                break
    if not named:
        return "", 0
    key, parts = named[0]
    position = None
    for i, part in enumerate(parts):
        if part != key:
            continue
        position = i
        if len(named) == 2:
            other_key, other_parts = named[1]
            if i < len(other_parts) and other_parts[i] == other_key:
                break
    if position is None:
        return "", 0
    return "".join(part + "." for part in parts[:position]), position


def _rekey(cell: Cell, prefix: str, position: int, key: str) -> None:
    """Rename `cell`'s Parameters for its new member key: the parts after the old key are
    kept."""
    for _, param in cell.parameters_and_names():
        rest = param.name.split(".")[position + 1:]
        param.name = prefix + ".".join([key] + rest)


class _Members(Cell):
    """What the containers share: members kept in `_cells`, length, truth, grad flags."""

    def __len__(self) -> int:
        return len(self._cells)

    def __bool__(self) -> bool:
        return len(self._cells) != 0

    def set_grad(self, flag: bool = True) -> Cell:
        self.requires_grad = flag
        for cell in self._cells.values():
            cell.set_grad(flag)
        return self

    def _add(self, key: str, cell: Cell, rename: bool = True) -> None:
        """Add `cell` under `key`, named after the prefix the other members carry."""
        if rename and self._auto_prefix:
            prefix, _ = _member_prefix(self._cells)
            cell.update_parameters_name(prefix + key + ".")
        self.insert_child_to_cell(key, cell)

    def _replace_members(self, members: OrderedDict) -> None:
        for key in list(self._cells):
            object.__delattr__(self, key)
        self._cells.clear()
        for key, cell in members.items():
            self.insert_child_to_cell(key, cell)


class SequentialCell(_Members):
    """SequentialCell(*args)

    Runs its Cells in order, each on the output of the one before. `args` are Cells, or
    a single list of Cells (keyed '0', '1', ...), or an OrderedDict of named Cells.

    Inputs: the first Cell's input. Outputs: the last Cell's output (the input itself
    when empty).
    """

    def __init__(self, *args):
        super().__init__()
        object.__setattr__(self, "_positional", [])
        if len(args) == 1 and not isinstance(args[0], Cell):
            cells = args[0]
            if isinstance(cells, OrderedDict):
                for name, cell in cells.items():
                    self._append_member(name, cell, positional=False)
                return
            if not isinstance(cells, list):
                raise TypeError(f"For 'SequentialCell', the 'args[0]' must be a Cell, list or OrderedDict, "
                                f"but got {type(cells).__name__}.")
            args = cells
        for index, cell in enumerate(args):
            self._append_member(str(index), cell, positional=True)

    def _append_member(self, key: str, cell, positional: bool) -> None:
        _check_cell(self.cls_name, cell)
        self.insert_child_to_cell(key, cell)
        cell.update_parameters_name(key + ".")
        self._positional.append(positional)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return type(self)(OrderedDict(list(self._cells.items())[index]))
        return list(self._cells.values())[_check_index(self.cls_name, index, len(self))]

    def __setitem__(self, index, cell) -> None:
        _check_cell(self.cls_name, cell)
        key = list(self._cells)[_check_index(self.cls_name, index, len(self))]
        self._add(key, cell)

    def __delitem__(self, index) -> None:
        keys = list(self._cells)
        if isinstance(index, slice):
            doomed = set(range(len(keys))[index])
        else:
            doomed = {_check_index(self.cls_name, index, len(self))}
        prefix, position = _member_prefix(OrderedDict((k, c) for i, (k, c) in enumerate(self._cells.items())
                                                      if i not in doomed))
        kept = [(k, c, p) for i, ((k, c), p) in enumerate(zip(self._cells.items(), self._positional))
                if i not in doomed]
        # Positional members take their new index as key; named members keep theirs.
        members = OrderedDict()
        for new_index, (key, cell, positional) in enumerate(kept):
            if positional:
                key = str(new_index)
                _rekey(cell, prefix, position, key)
            members[key] = cell
        self._replace_members(members)
        self._positional[:] = [p for _, _, p in kept]

    def __iter__(self):
        return iter(list(self._cells.values()))

    def append(self, cell: Cell) -> None:
        """Add `cell` at the end."""
        _check_cell(self.cls_name, cell)
        self._add(str(len(self)), cell)
        self._positional.append(True)

    def construct(self, input_data):
        for cell in self._cells.values():
            input_data = cell(input_data)
        return input_data


class CellList(_Members):
    """CellList(cells=None, auto_prefix=True)

    A list of Cells (keyed '0', '1', ...) that a parent's `construct` indexes or iterates;
    it is not callable itself. `cells` is a list of Cells (CellDicts are not allowed).
    """

    def __init__(self, *args, **kwargs):
        super().__init__(kwargs.get("auto_prefix", True))
        if len(args) == 1:
            self.extend(args[0])

    def __getitem__(self, index):
        if isinstance(index, slice):
            return CellList(list(self._cells.values())[index])
        if isinstance(index, bool) or not isinstance(index, int):
            raise TypeError(f"For 'CellList', the type of 'index' must be int or slice, but got "
                            f"{type(index).__name__}.")
        return self._cells[str(_check_index(self.cls_name, index, len(self)))]

    def __setitem__(self, index, cell) -> None:
        _check_cell(self.cls_name, cell)
        self._add(str(_check_index(self.cls_name, index, len(self))), cell)

    def __delitem__(self, index) -> None:
        if isinstance(index, slice):
            doomed = set(range(len(self))[index])
        elif isinstance(index, int) and not isinstance(index, bool):
            doomed = {_check_index(self.cls_name, index, len(self))}
        else:
            raise TypeError(f"For 'CellList', the type of 'index' must be int or slice, but got "
                            f"{type(index).__name__}.")
        kept = [cell for i, cell in enumerate(self._cells.values()) if i not in doomed]
        self._renumber(kept, _member_prefix(OrderedDict((str(i), c) for i, c in enumerate(self._cells.values())
                                                        if i not in doomed)))

    def __iter__(self):
        return iter(list(self._cells.values()))

    def __iadd__(self, cells) -> CellList:
        return self.extend(cells)

    def insert(self, index: int, cell: Cell) -> None:
        """Insert `cell` before position `index`; the later members move up by one."""
        index = _check_index(self.cls_name, index, len(self), inserting=True)
        _check_cell(self.cls_name, cell)
        members = list(self._cells.values())
        naming = _member_prefix(self._cells)
        members.insert(index, cell)
        self._renumber(members, naming, fresh=cell)

    def extend(self, cells: list) -> CellList:
        """Append each Cell of the list `cells`."""
        if not isinstance(cells, list):
            raise TypeError(f"For 'CellList', the cells to extend with must be a list, but got "
                            f"{type(cells).__name__}.")
        for cell in cells:
            if isinstance(cell, CellDict):
                raise TypeError("For 'CellList', a member can not be a CellDict.")
            self.append(cell)
        return self

    def append(self, cell: Cell) -> None:
        """Add `cell` at the end."""
        _check_cell(self.cls_name, cell)
        self._add(str(len(self)), cell)

    def _renumber(self, cells: list, naming: tuple[str, int], fresh: Cell | None = None) -> None:
        """Make `cells` the members, keyed by position; a member whose key changes is renamed
        with `naming` (prefix, key position), the `fresh` one by prefix alone."""
        prefix, position = naming
        old_keys = {id(c): k for k, c in self._cells.items()}
        for index, cell in enumerate(cells):
            key = str(index)
            if not self._auto_prefix or old_keys.get(id(cell)) == key:
                continue
            if cell is fresh:
                cell.update_parameters_name(prefix + key + ".")
            else:
                _rekey(cell, prefix, position, key)
        self._replace_members(OrderedDict((str(i), c) for i, c in enumerate(cells)))

    def construct(self, *inputs):
        raise NotImplementedError("CellList is not callable: iterate or index it in construct.")


class CellDict(_Members):
    """CellDict(cells=None, auto_prefix=True)

    An ordered mapping of names to Cells, which a parent's `construct` looks up; it is not
    callable itself. `cells` is a mapping or an iterable of (name, Cell) pairs. Names are
    non-empty strs without '.', and members can not be containers.
    """

    def __init__(self, *args, **kwargs):
        super().__init__(kwargs.get("auto_prefix", True))
        if len(args) == 1:
            self.update(args[0])

    def __getitem__(self, key: str) -> Cell:
        return self._cells[key]

    def __setitem__(self, key: str, cell: Cell) -> None:
        self._check_key(key)
        self._check_member(cell)
        self._add(key, cell)

    def __delitem__(self, key: str) -> None:
        del self._cells[key]
        object.__delattr__(self, key)

    def __iter__(self):
        return iter(list(self._cells))

    def __contains__(self, key) -> bool:
        return key in self._cells

    def _check_key(self, key) -> None:
        if not isinstance(key, str):
            raise TypeError(f"For 'CellDict', the key must be a str, but got {type(key).__name__}.")
        if (key in self.__dict__ and key not in self._cells) or hasattr(type(self), key):
            raise KeyError(f"For 'CellDict', the key can not be the name of a Cell attribute, but got '{key}'.")
        if "." in key or not key:
            raise KeyError(f"For 'CellDict', the key must be non-empty and can not contain '.', but got '{key}'.")

    def _check_member(self, cell) -> None:
        if cell is None:
            raise TypeError("For 'CellDict', a member can not be None.")
        _check_cell(self.cls_name, cell)
        if isinstance(cell, (CellDict, CellList, SequentialCell)):
            raise TypeError(f"For 'CellDict', a member can not be a CellDict, CellList or SequentialCell, "
                            f"but got {type(cell).__name__}.")

    def clear(self) -> None:
        self._replace_members(OrderedDict())

    def pop(self, key: str) -> Cell:
        cell = self[key]
        del self[key]
        return cell

    def keys(self):
        return self._cells.keys()

    def values(self):
        return self._cells.values()

    def items(self):
        return self._cells.items()

    def update(self, cells) -> None:
        """Add (or replace) members from a mapping or an iterable of (key, Cell) pairs."""
        if isinstance(cells, Mapping):
            pairs = cells.items()
        elif isinstance(cells, Iterable):
            pairs = list(cells)
            for i, pair in enumerate(pairs):
                if not isinstance(pair, Iterable):
                    raise TypeError(f"For 'CellDict.update', element #{i} must be a (key, Cell) pair, "
                                    f"but got {type(pair).__name__}.")
                if len(pair) != 2:
                    raise ValueError(f"For 'CellDict.update', element #{i} must be a (key, Cell) pair, "
                                     f"but got {len(pair)} values.")
        else:
            raise TypeError(f"For 'CellDict.update', the 'cells' must be a mapping or an iterable of "
                            f"(key, Cell) pairs, but got {type(cells).__name__}.")
        for key, cell in pairs:
            self[key] = cell

    def construct(self, *inputs):
        raise NotImplementedError("CellDict is not callable: look its Cells up in construct.")


__all__ = ["SequentialCell", "CellList", "CellDict"]
