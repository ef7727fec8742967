"""Python's built-in functions as MindSpore's Graph mode gives them.

In a graph, the lazy iterators of Python are sequences (`map` keeps a list a list and
makes anything else a tuple, `zip`, `enumerate` and `range` give tuples, `filter` a list),
`dict.items()` is a list and `.keys()` / `.values()` tuples, so they can be indexed,
measured and returned. The functions that compare or reduce numbers accept Tensors whose
values exist only when the graph runs: `max` / `min` of a 1-D Tensor reduce it, of several
values with a Tensor among them compare element-wise; `all` / `any` of a Tensor reduce it;
`round` of a Tensor rounds it; `type` of a graph Tensor is `Tensor`. `int`, `float` and
`bool` of a one-element graph Tensor or Parameter give a Python scalar computed when the
graph runs (runtime_scalar.py), and so do `max` / `min` of such scalars. `str()` of a graph Tensor and `str.format`
with one give text made when the graph runs, which `print` shows.
"""
from __future__ import annotations

import builtins
import string

from ..common.parameter import Parameter
from ..common.tensor import Tensor
from ..ops.function import array_func, debug_func, math_func
from ..ops.operations.other_ops import RuntimeText
from .builder import SymbolicTensor
from .runtime_scalar import item_of, runtime_scalar, scalar_kind


def _map(fn, *sequences):
    if not sequences:
        raise TypeError("map() must have at least two arguments.")
    for sequence in sequences:
        if isinstance(sequence, Tensor):   # as in MindSpore, whose map walks lists and tuples only
            raise RuntimeError(f"map() can only be applied to lists and tuples in Graph mode, but got a Tensor of "
                               f"dtype {sequence.dtype}.")
    items = [fn(*args) for args in builtins.zip(*sequences)]
    return items if type(sequences[0]) is list else tuple(items)


def _zip(*sequences):
    return tuple(builtins.zip(*sequences))


def _enumerate(sequence, start=0):
    return tuple(builtins.enumerate(sequence, start))


def _filter(fn, sequence):
    return list(builtins.filter(fn, sequence))


def _range(*bounds):
    return tuple(builtins.range(*bounds))


def _extremum(python, pairwise, reduce_name: str):
    def extremum(*args, **kwargs):
        if len(args) == 1 and type(args[0]) in (tuple, list) and any(scalar_kind(a) for a in args[0]):
            args = tuple(args[0])   # numbers, some computed at run time: compared as arguments
        if kwargs or not any(isinstance(a, Tensor) for a in args):
            return python(*args, **kwargs)
        if len(args) == 1:
            (values,) = args
            if values.ndim != 1:
                if values.ndim == 0:
                    raise TypeError(f"{python.__name__}() iterates over its argument, but got a 0-d Tensor.")
                raise ValueError(f"{python.__name__}() of a Tensor compares its rows, but the Tensor has shape "
                                 f"{values.shape}: the truth value of an array with more than one element is "
                                 f"ambiguous.")
            return getattr(values, reduce_name)()
        if any(isinstance(a, Tensor) and a.size != 1 for a in args):
            raise ValueError(f"{python.__name__}() compares its arguments, but a Tensor among them has more than "
                             f"one element: the truth value of an array with more than one element is ambiguous.")
        result = args[0]
        for value in args[1:]:
            result = pairwise(result, value) if isinstance(result, Tensor) else pairwise(value, result)
        kinds = [scalar_kind(a) for a in args]
        if None not in kinds:   # Python numbers, some computed at run time: a number
            return runtime_scalar(result, float if float in kinds else int if int in kinds else bool)
        return result
    return extremum


def _reduction(python, method: str):
    def reduction(iterable):
        if isinstance(iterable, Tensor):
            return getattr(iterable, method)()
        return python(iterable)
    return reduction


def _round(number, ndigits=None):
    if isinstance(number, Tensor):
        return math_func.round(number, decimals=ndigits or 0)
    return builtins.round(number) if ndigits is None else builtins.round(number, ndigits)


def _scalar(python):
    def scalar(*args):
        if len(args) != 1 or not isinstance(args[0], (SymbolicTensor, Parameter)):
            return python(*args)
        (value,) = args
        if value.size != 1:
            raise ValueError(f"{python.__name__}() of a Tensor needs one element, but the Tensor has shape "
                             f"{value.shape}.")
        value = array_func.reshape(debug_func.stop_gradient(value), ())
        return runtime_scalar(value != 0 if python is builtins.bool else value, python)
    return scalar


def _type(*args):
    if len(args) == 1 and isinstance(args[0], SymbolicTensor):
        return Tensor
    return builtins.type(*args)


_DICT_VIEWS = {"keys": tuple, "items": list, "values": tuple}


def _str(*args, **kwargs):
    if len(args) == 1 and not kwargs and isinstance(args[0], (SymbolicTensor, Parameter)):
        return RuntimeText([args[0]])
    return builtins.str(*args, **kwargs)


def _format(text: str):
    """`text.format(...)`: a RuntimeText when a graph Tensor fills a field."""
    def format_(*args, **kwargs):
        if not any(isinstance(v, (SymbolicTensor, Parameter)) for v in (*args, *kwargs.values())):
            return text.format(*args, **kwargs)
        formatter, parts, position = string.Formatter(), [], 0
        for literal, field, spec, conversion in formatter.parse(text):
            parts.append(literal)
            if field is None:
                continue
            if field == "":
                field, position = str(position), position + 1
            value = formatter.get_field(field, args, kwargs)[0]
            if isinstance(value, (SymbolicTensor, Parameter)):
                parts.append(value)
            else:
                parts.append(formatter.format_field(formatter.convert_field(value, conversion), spec))
        return RuntimeText(parts)
    return format_


def percent_format(text: str, values):
    """`text % values` with graph Tensors among the values: a RuntimeText showing them
    where their `%s` stands."""
    items = values if type(values) is tuple else (values,)
    marked = tuple(f"\x00{i}\x00" if isinstance(v, (SymbolicTensor, Parameter)) else v for i, v in enumerate(items))
    pieces = (text % marked).split("\x00")
    return RuntimeText([items[int(piece)] if i % 2 else piece for i, piece in enumerate(pieces)])


_REPLACEMENTS = {
    builtins.map: _map, builtins.zip: _zip, builtins.enumerate: _enumerate, builtins.filter: _filter,
    builtins.range: _range, builtins.type: _type, builtins.round: _round,
    builtins.int: _scalar(builtins.int), builtins.float: _scalar(builtins.float),
    builtins.bool: _scalar(builtins.bool), builtins.str: _str,
    builtins.max: _extremum(builtins.max, math_func.maximum, "max"),
    builtins.min: _extremum(builtins.min, math_func.minimum, "min"),
    builtins.all: _reduction(builtins.all, "all"), builtins.any: _reduction(builtins.any, "any"),
}
def graph_builtin(fn):
    """What calling `fn` means in a graph: its Graph-mode version when it is one of the
    built-ins above or a dict view method, else None."""
    owner = getattr(fn, "__self__", None)
    if isinstance(owner, SymbolicTensor) and getattr(fn, "__name__", None) == "item":
        return item_of(owner)
    if type(owner) is str and getattr(fn, "__name__", None) == "format":
        return _format(owner)
    if type(owner) is dict and getattr(fn, "__name__", None) in _DICT_VIEWS:
        view = _DICT_VIEWS[fn.__name__]
        return lambda: view(fn())
    try:
        return _REPLACEMENTS.get(fn)
    except TypeError:   # unhashable callables are never built-ins
        return None
