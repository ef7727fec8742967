"""A Cell's state beyond its Parameters: buffers, and the state dict that saves and
restores both.

A buffer is a Tensor the Cell owns that is not trained (a running mean, a mask): it is
an attribute of the Cell, listed by `buffers()`, and, unless registered with
persistent=False, part of `state_dict()`. The state dict maps attribute paths
(`fc.weight`, `bn.running_mean`) to the Parameters and buffers themselves, in the order
own Parameters, own buffers, then each child's; `load_state_dict` copies values into them.
"""
from __future__ import annotations

from collections import OrderedDict, namedtuple
from collections.abc import Iterator, Mapping
from typing import Any, TypeVar

from ..autograd.hooks import HookHandle, add_hook
from ..common.parameter import Parameter
from ..common.tensor import Tensor

_EXTRA_STATE_KEY = "_extra_state"


class IncompatibleKeys(namedtuple("_IncompatibleKeys", ["missing_keys", "unexpected_keys"])):
    """What `load_state_dict` found missing from, or unexpected in, the state dict."""

    __slots__ = ()

    def __repr__(self) -> str:
        if not self.missing_keys and not self.unexpected_keys:
            return "<All keys matched successfully>"
        return super().__repr__()

    __str__ = __repr__


class CellStateMixin:
    """Buffers and state dicts of a Cell (mixed into Cell; uses its `_params`, `_cells`
    and the tables Cell.__init__ creates)."""

    T_destination = TypeVar("T_destination", bound=dict[str, Any])

    # ---- buffers ----------------------------------------------------------------------
    def register_buffer(self, name: str, tensor: Tensor | None, persistent: bool = True) -> None:
        """Make `tensor` the buffer `name`: an attribute of this Cell, saved in the state
        dict unless `persistent` is False. None reserves the name without a Tensor."""
        if not isinstance(name, str):
            raise TypeError(f"For 'register_buffer', the buffer name must be a str, but got {type(name).__name__}.")
        if not name:
            raise KeyError("For 'register_buffer', the buffer name can not be an empty string.")
        if "." in name:
            raise KeyError(f"For 'register_buffer', the buffer name can not contain '.', but got '{name}'.")
        if self._is_taken(name) and name not in self._buffers:
            raise KeyError(f"For 'register_buffer', '{type(self).__name__}' already has an attribute '{name}'.")
        if tensor is not None and not isinstance(tensor, Tensor):
            raise TypeError(f"For 'register_buffer', the buffer '{name}' must be a Tensor or None, but got "
                            f"{type(tensor).__name__}.")
        self._buffers[name] = tensor
        if persistent:
            self._non_persistent_buffers.discard(name)
        else:
            self._non_persistent_buffers.add(name)
        object.__setattr__(self, name, tensor)

    def _set_buffer(self, name: str, value) -> None:
        """`self.<buffer> = value`: a Tensor or None replaces the buffer."""
        if value is not None and not isinstance(value, Tensor):
            raise TypeError(f"For '{type(self).__name__}', the buffer '{name}' can only be set to a Tensor or None, "
                            f"but got {type(value).__name__}.")
        self._buffers[name] = value
        object.__setattr__(self, name, value)

    def named_buffers(self, prefix: str = "", recurse: bool = True,
                      remove_duplicate: bool = True) -> Iterator[tuple[str, Tensor]]:
        """(attribute path, buffer) for this Cell's buffers and, with `recurse`, its
        descendants'; with `remove_duplicate`, a buffer held twice is listed once."""
        seen = set()
        cells = self.cells_and_names(name_prefix=prefix) if recurse else [(prefix, self)]
        for cell_name, cell in cells:
            for name, buffer in cell._buffers.items():
                if buffer is None or (remove_duplicate and id(buffer) in seen):
                    continue
                seen.add(id(buffer))
                yield (f"{cell_name}.{name}" if cell_name else name), buffer

    def buffers(self, recurse: bool = True) -> Iterator[Tensor]:
        for _, buffer in self.named_buffers(recurse=recurse):
            yield buffer

    def get_buffer(self, target: str) -> Tensor:
        """The buffer at the dotted attribute path `target`."""
        cell_path, _, name = target.rpartition(".")
        cell = self.get_sub_cell(cell_path)
        if not hasattr(cell, name):
            raise AttributeError(f"For 'get_buffer', '{type(cell).__name__}' has no attribute '{name}'.")
        if name not in cell._buffers:
            raise AttributeError(f"For 'get_buffer', '{target}' is not a buffer.")
        return cell._buffers[name]

    # ---- state dict -------------------------------------------------------------------
    def get_extra_state(self) -> Any:
        """Override (with set_extra_state) to save extra, picklable state in the state dict."""
        raise RuntimeError(f"For '{type(self).__name__}', get_extra_state() is called only when a Cell "
                           f"overrides it.")

    def set_extra_state(self, state: Any) -> None:
        """Override (with get_extra_state) to restore what get_extra_state returned."""
        raise RuntimeError(f"For '{type(self).__name__}', set_extra_state() is called only when a Cell "
                           f"overrides it.")

    def _overrides(self, method: str) -> bool:
        return getattr(type(self), method) is not getattr(CellStateMixin, method)

    def state_dict(self, *args, destination=None, prefix: str = "", keep_vars: bool = False) -> OrderedDict:
        """{attribute path: Parameter or buffer} of this Cell and its descendants (and the
        extra state of Cells that define get_extra_state)."""
        if args:
            destination, *rest = args
            prefix = rest[0] if rest else prefix
            keep_vars = rest[1] if len(rest) > 1 else keep_vars
        if destination is None:
            destination = OrderedDict()
        for hook in list(self._state_dict_pre_hooks.values()):
            hook(self, prefix, keep_vars)
        for name, param in self._params.items():
            if param is not None:
                destination[prefix + name] = param
        for name, buffer in self._buffers.items():
            if buffer is not None and name not in self._non_persistent_buffers:
                destination[prefix + name] = buffer
        if self._overrides("get_extra_state"):
            destination[prefix + _EXTRA_STATE_KEY] = self.get_extra_state()
        for name, cell in self._cells.items():
            if cell is not None:
                cell.state_dict(destination=destination, prefix=f"{prefix}{name}.", keep_vars=keep_vars)
        for hook in list(self._state_dict_hooks.values()):
            replaced = hook(self, destination, prefix, {})
            if replaced is not None:
                destination = replaced
        return destination

    def load_state_dict(self, state_dict: Mapping, strict: bool = True) -> IncompatibleKeys:
        """Copy the values of `state_dict` into the Parameters and persistent buffers at
        the same paths. Shapes must agree; with `strict`, the keys too (else a
        RuntimeError lists what is missing and unexpected)."""
        if not isinstance(state_dict, Mapping):
            raise TypeError(f"For 'load_state_dict', the 'state_dict' must be a Mapping, but got "
                            f"{type(state_dict).__name__}.")
        missing: list = []
        unexpected: list = []
        errors: list = []
        self._load_from_state_dict_recursive(state_dict, "", strict, missing, unexpected, errors)
        if strict:
            if unexpected:
                errors.insert(0, "Unexpected key(s) in state_dict: " + ", ".join(f'"{k}"' for k in unexpected) + ". ")
            if missing:
                errors.insert(0, "Missing key(s) in state_dict: " + ", ".join(f'"{k}"' for k in missing) + ". ")
        if errors:
            raise RuntimeError(f"Error(s) in loading state_dict for {type(self).__name__}:\n\t" + "\n\t".join(errors))
        return IncompatibleKeys(missing, unexpected)

    def _load_from_state_dict_recursive(self, state_dict, prefix, strict, missing, unexpected, errors) -> None:
        for hook in list(self._load_state_dict_pre_hooks.values()):
            hook(self, state_dict, prefix, {}, strict, missing, unexpected, errors)
        local = {name: p for name, p in self._params.items() if p is not None}
        local.update((name, b) for name, b in self._buffers.items()
                     if b is not None and name not in self._non_persistent_buffers)
        for name, target in local.items():
            key = prefix + name
            if key not in state_dict:
                missing.append(key)
                continue
            _copy_into(target, key, state_dict[key], errors)
        extra_key = prefix + _EXTRA_STATE_KEY
        if self._overrides("set_extra_state"):
            if extra_key in state_dict:
                self.set_extra_state(state_dict[extra_key])
            elif strict:
                missing.append(extra_key)
        children = {name for name, cell in self._cells.items() if cell is not None}
        for key in state_dict:
            if key.startswith(prefix) and key != extra_key:
                first = key[len(prefix):].split(".", 1)[0]
                if first not in local and first not in children:
                    unexpected.append(key)
        for name, cell in self._cells.items():
            if cell is not None:
                cell._load_from_state_dict_recursive(state_dict, f"{prefix}{name}.", strict, missing, unexpected,
                                                     errors)
        if prefix == "":
            result = IncompatibleKeys(missing, unexpected)
            for hook in list(self._load_state_dict_post_hooks.values()):
                hook(self, result)

    # ---- state dict hooks -------------------------------------------------------------
    def register_state_dict_pre_hook(self, hook) -> HookHandle:
        """hook(cell, prefix, keep_vars) runs before `state_dict` collects this Cell."""
        return add_hook(self._state_dict_pre_hooks, _check_hook(self, "register_state_dict_pre_hook", hook))

    def register_state_dict_post_hook(self, hook) -> HookHandle:
        """hook(cell, state_dict, prefix, local_metadata) runs after `state_dict` collected
        this Cell; a returned dict replaces the state dict."""
        return add_hook(self._state_dict_hooks, _check_hook(self, "register_state_dict_post_hook", hook))

    def register_load_state_dict_pre_hook(self, hook) -> HookHandle:
        """hook(cell, state_dict, prefix, local_metadata, strict, missing_keys,
        unexpected_keys, error_msgs) runs before this Cell's entries are loaded."""
        return add_hook(self._load_state_dict_pre_hooks, _check_hook(self, "register_load_state_dict_pre_hook", hook))

    def register_load_state_dict_post_hook(self, hook) -> HookHandle:
        """hook(cell, incompatible_keys) runs after `load_state_dict` loaded everything;
        it may add to incompatible_keys' lists."""
        return add_hook(self._load_state_dict_post_hooks,
                        _check_hook(self, "register_load_state_dict_post_hook", hook))


def _copy_into(target: Tensor, key: str, value, errors: list) -> None:
    if not isinstance(value, Tensor):
        errors.append(f'While copying the parameter named "{key}", expected a Tensor from the state_dict, but got '
                      f"{type(value).__name__}.")
        return
    if value.shape != target.shape:
        errors.append(f"size mismatch for {key}: copying a param with shape {value.shape} from checkpoint, the shape "
                      f"in current model is {target.shape}.")
        return
    if isinstance(target, Parameter):
        target.set_data(value.astype(target.dtype))
    else:
        target.copy_(value)


def _check_hook(cell, api: str, hook):
    if not callable(hook):
        raise TypeError(f"For '{type(cell).__name__}.{api}', the 'hook' must be a function, but got "
                        f"{type(hook).__name__}.")
    return hook
