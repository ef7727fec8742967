"""Cell: the base class of networks and layers.

A Cell registers the Parameters and sub-Cells assigned to its attributes, names them
by attribute path (`fc.weight`, `layers.0.weight`), and computes in `construct`.
Calling a Cell runs its forward-pre hooks, `construct` (between backward-hook nodes, or
as one node with its own `bprop`, while a gradient is being taken) and forward hooks.
"""
from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator

from ..autograd import cell_hooks
from ..autograd import tape as _tape
from ..autograd.hooks import HookHandle, add_hook
from ..common.parameter import Parameter, ParameterTuple
from ..common.tensor import Tensor


class Cell:
    """Cell(auto_prefix=True, flags=None)

    With `auto_prefix`, the Parameters of a sub-Cell assigned as `self.fc` are named
    `fc.<name>`; a Cell built with auto_prefix=False (a wrapper such as WithLossCell)
    leaves its children's names as they are.
    """

    def __init__(self, auto_prefix: bool = True, flags: dict | None = None):
        object.__setattr__(self, "_params", OrderedDict())
        object.__setattr__(self, "_cells", OrderedDict())
        object.__setattr__(self, "_auto_prefix", auto_prefix)
        object.__setattr__(self, "_forward_pre_hooks", OrderedDict())
        object.__setattr__(self, "_forward_hooks", OrderedDict())
        object.__setattr__(self, "_backward_hooks", OrderedDict())
        self.training = False
        self.requires_grad = False
        self._phase = "predict"
        self._flags = dict(flags or {})
        self._cell_tag = type(self).__name__

    # ---- registration -----------------------------------------------------------------
    def __setattr__(self, name: str, value) -> None:
        if "_params" not in self.__dict__:
            raise AttributeError(f"For '{type(self).__name__}', super().__init__() must be called "
                                 f"in __init__ before assigning attribute '{name}'.")
        params, cells = self._params, self._cells
        if isinstance(value, Parameter):
            self.insert_param_to_cell(name, value)
        elif isinstance(value, Cell):
            self.insert_child_to_cell(name, value)
        else:
            if name in params and value is not None and not isinstance(value, Tensor):
                raise TypeError(f"For '{type(self).__name__}', the attribute '{name}' holds a "
                                f"Parameter and can only be set to a Parameter, Tensor or None, "
                                f"but got {type(value).__name__}.")
            if name in params and isinstance(value, Tensor):
                params[name].set_data(value)
                return
            params.pop(name, None)
            cells.pop(name, None)
            object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        self._params.pop(name, None)
        self._cells.pop(name, None)
        object.__delattr__(self, name)

    def insert_param_to_cell(self, param_name: str, param: Parameter, check_name_contain_dot: bool = True) -> None:
        """Register `param` under the attribute `param_name`."""
        if not isinstance(param, Parameter) and param is not None:
            raise TypeError(f"For 'insert_param_to_cell', the 'param' must be a Parameter, but got "
                            f"{type(param).__name__}.")
        if check_name_contain_dot and "." in param_name:
            raise KeyError(f"For 'insert_param_to_cell', the parameter name can not contain '.', "
                           f"but got '{param_name}'.")
        if param is not None and param._default_name:
            param.name = param_name
        self._cells.pop(param_name, None)
        self._params[param_name] = param
        object.__setattr__(self, param_name, param)

    def insert_child_to_cell(self, child_name: str, child_cell: Cell) -> None:
        """Register `child_cell` under `child_name`, prefixing its Parameters' names."""
        if not isinstance(child_cell, Cell) and child_cell is not None:
            raise TypeError(f"For 'insert_child_to_cell', the 'child_cell' must be a Cell, but got "
                            f"{type(child_cell).__name__}.")
        if child_cell is not None and self._auto_prefix:
            child_cell.update_parameters_name(child_name + ".")
        self._params.pop(child_name, None)
        self._cells[child_name] = child_cell
        object.__setattr__(self, child_name, child_cell)

    def update_parameters_name(self, prefix: str = "", recurse: bool = True) -> None:
        """Prefix the names of this Cell's Parameters (and, with recurse, its children's)."""
        for _, param in self.parameters_and_names(expand=recurse):
            param.name = prefix + param.name

    # ---- traversal --------------------------------------------------------------------
    def cells_and_names(self, cells=None, name_prefix: str = "") -> Iterator[tuple[str, Cell]]:
        """(name, cell) for this Cell and every descendant, each once, depth first."""
        seen = set() if cells is None else cells
        if id(self) not in seen:
            seen.add(id(self))
            yield name_prefix, self
        for name, cell in self._cells.items():
            if cell is not None and id(cell) not in seen:
                prefix = f"{name_prefix}.{name}" if name_prefix else name
                yield from cell.cells_and_names(seen, prefix)

    def name_cells(self) -> OrderedDict:
        """The direct children by attribute name."""
        return OrderedDict((n, c) for n, c in self._cells.items() if c is not None)

    def cells(self):
        return self.name_cells().values()

    def parameters_and_names(self, name_prefix: str = "", expand: bool = True) -> Iterator[tuple[str, Parameter]]:
        """(attribute path, Parameter) for own Parameters, then each sub-Cell's; each
        Parameter once."""
        seen = set()
        cells = self.cells_and_names(name_prefix=name_prefix) if expand else [(name_prefix, self)]
        for cell_name, cell in cells:
            for name, param in cell._params.items():
                if param is not None and id(param) not in seen:
                    seen.add(id(param))
                    yield (f"{cell_name}.{name}" if cell_name else name), param

    def get_parameters(self, expand: bool = True) -> Iterator[Parameter]:
        for _, param in self.parameters_and_names(expand=expand):
            yield param

    def trainable_params(self, recurse: bool = True) -> list[Parameter]:
        return [p for p in self.get_parameters(recurse) if p.requires_grad]

    def untrainable_params(self, recurse: bool = True) -> list[Parameter]:
        return [p for p in self.get_parameters(recurse) if not p.requires_grad]

    def parameters_dict(self, recurse: bool = True) -> OrderedDict:
        return OrderedDict((p.name, p) for p in self.get_parameters(recurse))

    def init_parameters_data(self, auto_parallel_mode: bool = False) -> OrderedDict:
        for param in self.get_parameters():
            param.init_data()
        return self.parameters_dict()

    # ---- modes ------------------------------------------------------------------------
    def set_train(self, mode: bool = True) -> Cell:
        """Training (`phase` 'train') or inference (`phase` 'predict'), for this Cell and
        every descendant."""
        for _, cell in self.cells_and_names():
            cell.training = bool(mode)
            cell._phase = "train" if mode else "predict"
        return self

    @property
    def phase(self) -> str:
        return self._phase

    @phase.setter
    def phase(self, value: str) -> None:
        self._phase = value

    def set_grad(self, requires_grad: bool = True) -> Cell:
        self.requires_grad = requires_grad
        return self

    @property
    def cls_name(self) -> str:
        return type(self).__name__

    def get_flags(self) -> dict:
        return self._flags

    def add_flags(self, **flags) -> Cell:
        self._flags.update(flags)
        return self

    def add_flags_recursive(self, **flags) -> Cell:
        for _, cell in self.cells_and_names():
            cell.add_flags(**flags)
        return self

    # ---- execution --------------------------------------------------------------------
    def construct(self, *inputs, **kwargs):
        raise NotImplementedError(f"Cell '{type(self).__name__}' must implement construct().")

    def __call__(self, *args, **kwargs):
        if self._forward_pre_hooks:
            args = self._run_forward_pre_hooks(args)
        if _tape.is_recording() and (self._backward_hooks or hasattr(self, "bprop")):
            if hasattr(self, "bprop"):
                outputs = cell_hooks.call_with_custom_bprop(self, args, kwargs)
            else:
                outputs = cell_hooks.call_with_backward_hooks(self, args, kwargs)
        else:
            outputs = self.construct(*args, **kwargs)
        if self._forward_hooks:
            outputs = self._run_forward_hooks(args, outputs)
        return outputs

    # ---- hooks ------------------------------------------------------------------------
    def register_forward_pre_hook(self, hook_fn) -> HookHandle:
        """hook_fn(cell_id, inputs) runs before construct; returning a Tensor or a tuple
        replaces the inputs. Hooks run in PyNative mode only."""
        return add_hook(self._forward_pre_hooks, _check_hook(self, "register_forward_pre_hook", hook_fn))

    def register_forward_hook(self, hook_fn) -> HookHandle:
        """hook_fn(cell_id, inputs, outputs) runs after construct; a return value other
        than None replaces the outputs."""
        return add_hook(self._forward_hooks, _check_hook(self, "register_forward_hook", hook_fn))

    def register_backward_hook(self, hook_fn) -> HookHandle:
        """hook_fn(cell_id, grad_input, grad_output) runs in backward: grad_input is the
        gradient arriving at this Cell's output, grad_output the gradient it passes back
        to its inputs (a return value other than None replaces grad_output)."""
        return add_hook(self._backward_hooks, _check_hook(self, "register_backward_hook", hook_fn))

    def _run_forward_pre_hooks(self, args: tuple) -> tuple:
        for hook in list(self._forward_pre_hooks.values()):
            replaced = hook(cell_hooks.cell_id(self), args)
            if replaced is not None:
                args = replaced if isinstance(replaced, tuple) else (replaced,)
        return args

    def _run_forward_hooks(self, args: tuple, outputs):
        for hook in list(self._forward_hooks.values()):
            replaced = hook(cell_hooks.cell_id(self), args, outputs)
            if replaced is not None:
                outputs = replaced
        return outputs

    # ---- printing ---------------------------------------------------------------------
    def extend_repr(self) -> str:
        """Extra text shown in this Cell's repr (layer settings)."""
        return ""

    def __repr__(self) -> str:
        extra = self.extend_repr()
        children = [(n, c) for n, c in self._cells.items() if c is not None]
        if not children:
            return f"{type(self).__name__}<{extra}>"
        lines = [f"  ({name}): " + repr(cell).replace("\n", "\n  ") for name, cell in children]
        head = f"{type(self).__name__}(" + (f"{extra}" if extra else "")
        return head + "\n" + "\n".join(lines) + "\n)"


def _check_hook(cell: Cell, api: str, hook_fn):
    if not callable(hook_fn):
        raise TypeError(f"For '{type(cell).__name__}.{api}', the 'hook_fn' must be a function, but got "
                        f"{type(hook_fn).__name__}.")
    return hook_fn


__all__ = ["Cell", "ParameterTuple"]
