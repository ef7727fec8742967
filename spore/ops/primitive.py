"""Primitive: the unit of computation. One class per operator, declared once.

A Primitive subclass declares, side by side:

- `__init__`: its attributes, validated when the op is built (`add_prim_attr`);
- `infer(*inputs)`: the output shape and dtype (a `TensorSpec`, or a tuple of them)
  from the inputs' shapes and dtypes, raising MindSpore's TypeError / ValueError for
  bad input. Graph mode infers through it; PyNative calls it to explain a failure;
- its kernel, registered under the class name in `spore/_kernels/`;
- its bprop, registered under the class name in `spore/ops/bprop/`.

Calling a Primitive with no transformation in effect runs its kernel at once. The fast
path unwraps the Tensor inputs, calls the kernel and wraps the result: no per-call
inference. Checks that the kernel would not make itself live in an optional
`check(*inputs)`; if the kernel fails anyway, `infer` runs to raise the error MindSpore
would, so a user never sees a torch traceback. While a transformation is in effect
(a gradient, a graph being built, casting, vmap), the call goes to the top of the
interpreter stack instead (interpreter.py).

Side effects are declared, not coded: a Primitive that rebinds some of its inputs to
new values (assignments, optimizer updates, BatchNorm's moving statistics) names their
positions in `state_positions`, and which of its kernel's results become them in
`state_results`; `output_results` selects what the call returns from the kernel's
results. One run path (`run`) and one lowering case in the compiler serve them all.
"""
from __future__ import annotations

import functools
import inspect
from typing import Callable

from .._kernels.registry import build_kernel
from .._kernels.tensor_data import RawTensor
from ..common.tensor import Tensor, wrap
from .interpreter import STACK as _STACK

_new = object.__new__

PRIMITIVES: dict[str, type] = {}
"""Every Primitive class by name: the op registry tests and the compiler read."""


class TensorSpec:
    """The abstract value of a tensor: what `infer` computes and consumes."""

    __slots__ = ("dtype", "shape")

    def __init__(self, shape, dtype):
        self.shape = tuple(shape)
        self.dtype = dtype

    def __eq__(self, other):
        return isinstance(other, TensorSpec) and (self.shape, self.dtype) == (other.shape, other.dtype)

    def __hash__(self):
        return hash((self.shape, self.dtype))

    def __repr__(self):
        return f"TensorSpec(shape={self.shape}, dtype={self.dtype})"

    @property
    def ndim(self) -> int:
        return len(self.shape)


def _unwrap(value):
    if isinstance(value, Tensor):
        return value._data()
    if type(value) in (tuple, list):   # (elements that can hold no Tensor, such as sizes, as they are)
        return type(value)([_unwrap(v) if isinstance(v, (Tensor, tuple, list)) else v for v in value])
    return value


def _raw_args(args: tuple) -> tuple:
    """The kernel's arguments: torch tensors for Tensors, unwrapped sequences, values as
    they are. Unrolled for the common arities: this runs on every op call."""
    n = len(args)
    if n == 1:
        a, = args
        return (a._t if isinstance(a, Tensor) else _unwrap(a),)
    if n == 2:
        a, b = args
        return (a._t if isinstance(a, Tensor) else _unwrap(a),
                b._t if isinstance(b, Tensor) else _unwrap(b))
    return tuple([a._t if isinstance(a, Tensor) else _unwrap(a) for a in args])


def wrap_output(out):
    """Kernel results as Tensors: a raw tensor, or a tuple / list of results."""
    if type(out) is RawTensor:     # wrap(out), inlined: this runs on every op call
        t = _new(Tensor)
        t._t, t._init, t._node = out, None, None
        return t
    if isinstance(out, (tuple, list)):  # includes torch's named-tuple results
        return (list if type(out) is list else tuple)([wrap_output(o) for o in out])
    if isinstance(out, RawTensor):
        return wrap(out)
    return out


def as_results(results) -> tuple | list:
    """A kernel's results as a sequence (a kernel returning one Tensor gives one result)."""
    return results if isinstance(results, (tuple, list)) else (results,)


class Primitive:
    """Base class of all operators. Subclasses set attributes in `__init__` through
    `add_prim_attr` and implement `infer`."""

    check: Callable | None = None
    """Optional `check(*inputs)`: validation the kernel itself would not do."""

    side_effect = False
    """True for ops that rebind their inputs (assignments, optimizer updates) or print:
    compiled graphs run them in program order and never drop them."""

    state_positions: tuple[int, ...] = ()
    """The inputs a call rebinds to new values (Tensors or Parameters), in order."""

    state_results: tuple[int, ...] = ()
    """For each of state_positions, the index of the kernel result that becomes it."""

    output_results: int | tuple[int, ...] | None = None
    """What a call returns of the kernel's results: an index (one Tensor), a tuple of
    indices (a tuple), or None for the kernel's result as it is."""

    pure = True
    """False for random ops: the compiler neither folds nor merges their calls."""

    peer_backward = False
    """True for point-to-point communication whose bprop exchanges gradients with the peer
    ranks, which run the matching bprop (Send / Receive, NeighborExchange...): while a
    gradient is taken it is recorded even when no input is differentiated, and its bprop
    runs in every backward pass that reaches its place (zeros for the gradients that did
    not arrive), so that every rank's backward communicates as its peers expect."""

    composed = False
    """True for a Primitive that defines `compose(*inputs)`: MindSpore gives it a kernel,
    spore computes it with other primitives. A call runs `compose`, so every transformation
    sees the parts; it has no kernel or bprop of its own."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.__module__.startswith("spore.ops.operations") and not cls.__name__.startswith("_"):
            PRIMITIVES[cls.__name__] = cls
        if "compose" in cls.__dict__:
            cls.composed = True
            cls.__call__ = _call_composed

    def __init__(self, name: str | None = None):
        self.name = name or type(self).__name__
        self.attrs: dict = {}
        self._kernel = None
        cls = type(self)
        if cls.state_positions != () or cls.output_results is not None:   # (a property counts as declared)
            self.run = self._run_declared

    # ---- attributes -------------------------------------------------------------------
    def add_prim_attr(self, name: str, value) -> Primitive:
        self.attrs[name] = value
        setattr(self, name, value)
        self._kernel = None
        return self

    def add_prim_attrs(self, **attrs) -> Primitive:
        for name, value in attrs.items():
            self.add_prim_attr(name, value)
        return self

    def del_prim_attr(self, name: str) -> Primitive:
        self.attrs.pop(name, None)
        self._kernel = None
        return self

    def set_prim_instance_name(self, instance_name: str) -> Primitive:
        self.instance_name = instance_name
        return self

    def init_prim_io_names(self, inputs, outputs) -> None:
        self.add_prim_attr("input_names", inputs)
        self.add_prim_attr("output_names", outputs)

    # ---- placement (MindSpore's distributed and heterogeneous settings) -------------------
    def set_device(self, device_target: str) -> Primitive:
        """Record the device this op should run on ('primitive_target'). spore runs every op
        on the device of its inputs, so the record does not move the computation."""
        if device_target not in ("CPU", "GPU", "Ascend"):
            raise RuntimeError(f"Call 'add_attr' to add attribute to primitive '{self.name}' failed, value of "
                               f"attribute 'primitive_target' must be CPU|GPU|Ascend but got {device_target}")
        return self.add_prim_attr("primitive_target", device_target)

    def set_stage(self, stage) -> Primitive:
        """Record the pipeline stage of this op (one process runs every stage)."""
        return self.add_prim_attr("stage", stage)

    def place(self, role: str, rank_id: int) -> None:
        """Record the process (`role` 'MS_WORKER', `rank_id`) this op runs on in a
        distributed graph; in one process, this one."""
        if not isinstance(role, str) or role != "MS_WORKER":
            raise ValueError(f"For 'Primitive.place', the 'role' must be str and must be in 'MS_WORKER', but got "
                             f"{role!r}.")
        if isinstance(rank_id, bool) or not isinstance(rank_id, int):
            raise TypeError(f"For 'Primitive.place', the 'rank_id' must be int, but got "
                            f"'{type(rank_id).__name__}'")
        self.add_prim_attrs(ms_role=role, rank_id=rank_id)

    def recompute(self, mode: bool = True) -> Primitive:
        """Mark this op's output to be recomputed in backward instead of kept (attribute
        'recompute'). spore's gradients keep the forward values, the same numbers."""
        if not isinstance(mode, bool):
            raise TypeError(f"The input value must be a bool, but got {type(mode).__name__}.")
        return self.add_prim_attr("recompute", mode)

    @property
    def kernel(self) -> Callable:
        """The kernel built for this instance's attributes (rebuilt after they change)."""
        if self._kernel is None:
            self._kernel = build_kernel(type(self).__name__, self)
        return self._kernel

    # ---- declared rules ---------------------------------------------------------------
    def infer(self, *inputs):
        raise NotImplementedError(f"Primitive '{self.name}' declares no infer rule")

    # ---- execution --------------------------------------------------------------------
    def __call__(self, *args):
        if _STACK:
            # The top interpreter handles the call, off the stack meanwhile (interpreter.py).
            top = _STACK.pop()
            try:
                return top.process(self, args)
            finally:
                _STACK.append(top)
        return self.run(args)

    def run(self, args: tuple):
        """Execute the kernel on `args` now and wrap the result."""
        if self.check is not None:
            self.check(*args)
        kernel = self._kernel or self.kernel
        try:
            return wrap_output(kernel(*_raw_args(args)))
        except Exception as failure:  # noqa: BLE001 - torch raises many kinds; we translate them all
            error = failure
        # Outside the except block, so the user's traceback is MindSpore's error alone.
        return wrap_output(self._recover(args, error))

    def _run_declared(self, args: tuple):
        """`run` of a Primitive that declares state inputs or selects its results (it
        replaces `run` on such instances, so the plain path checks nothing more)."""
        if self.check is not None:
            self.check(*args)
        kernel = self._kernel or self.kernel
        try:
            results = kernel(*_raw_args(args))
        except Exception as failure:  # noqa: BLE001 - torch raises many kinds; we translate them all
            error = failure
        else:
            return self._rebind_and_select(args, results)
        return self._rebind_and_select(args, self._recover(args, error))

    def _rebind_and_select(self, args: tuple, results):
        """The declared side effects of a call: its state inputs rebound to their new
        values; then the results the call returns."""
        results = as_results(results)
        for position, index in zip(self.state_positions, self.state_results):
            target = args[position]
            if not isinstance(target, Tensor):
                raise TypeError(f"For '{self.name}', the input {position} must be a Tensor or a Parameter to "
                                f"update, but got {type(target).__name__}.")
            target._t = results[index]
        selected = self.output_results
        if selected is None:
            return wrap_output(results)
        if type(selected) is int:
            return wrap(results[selected])
        return tuple(wrap_output(results[i]) for i in selected)

    def _recover(self, args, failure: Exception):
        """A kernel failed: materialize deferred inputs and retry; otherwise raise the
        error `infer` gives for these inputs, or a RuntimeError naming this op."""
        if any(isinstance(a, Tensor) and a._t is None for a in args):
            try:
                return self.kernel(*[_unwrap(a) for a in args])
            except Exception as retry_failure:  # noqa: BLE001 - translated below like the first failure
                failure = retry_failure
        self.infer(*args)
        raise RuntimeError(f"For '{self.name}', the computation failed for inputs "
                           f"{_describe(args)}: {failure}") from None

    def __repr__(self) -> str:
        shown = {k: v for k, v in self.attrs.items() if k not in ("input_names", "output_names")}
        args = ", ".join(f"{k}={v!r}" for k, v in shown.items())
        return f"Prim[{self.name}]" + (f"<{args}>" if args else "")


def _call_composed(self, *args, **kwargs):
    return self.compose(*args, **kwargs)


class PrimitiveWithInfer(Primitive):
    """MindSpore 1.x base for Python-defined primitives; same as Primitive here."""


class PrimitiveWithCheck(Primitive):
    """MindSpore 1.x base for Python-defined primitives; same as Primitive here."""


def _describe(args) -> str:
    parts = []
    for a in args:
        if isinstance(a, Tensor):
            parts.append(f"Tensor(shape={list(a.shape)}, dtype={a.dtype})")
        else:
            parts.append(repr(a))
    return "(" + ", ".join(parts) + ")"


def prim_attr_register(init):
    """Decorator for a Primitive's `__init__`: records its arguments as attributes (the
    MindSpore way of declaring Python-defined primitives)."""
    signature = inspect.signature(init)

    @functools.wraps(init)
    def wrapper(self, *args, **kwargs):
        Primitive.__init__(self, type(self).__name__)
        bound = signature.bind(self, *args, **kwargs)
        bound.apply_defaults()
        for name, value in list(bound.arguments.items())[1:]:
            self.add_prim_attr(name, value)
        init(self, *args, **kwargs)

    return wrapper


prim_arg_register = prim_attr_register
"""MindSpore 2.x's name of the decorator: a Primitive's `__init__` arguments recorded as attributes."""


def constexpr(fn=None, get_instance=True, name=None, reuse_result=True, check=True):
    """Decorator: `fn` computes a constant from Python values (shapes, dtypes, numbers).

    It runs on the values it is given when it is called: in PyNative mode at call time,
    in Graph mode while the graph is built (its arguments are compile-time constants
    there), so the result enters the graph as a constant. `get_instance=False` gives the
    class whose instances do so; `name` names it (default: the function's name).
    `reuse_result` and `check` are accepted for MindSpore compatibility: spore calls
    `fn` each time, which gives the same result for the same constants.
    """
    def decorate(func):
        if not callable(func):
            raise TypeError(f"For 'constexpr', the decorated object must be a function, but got "
                            f"{type(func).__name__}.")
        op_name = name or func.__name__

        class Constexpr:
            __doc__ = func.__doc__
            __name__ = op_name  # instances answer `f.__name__` as the function did

            def __call__(self, *args):
                return func(*args)

            def __repr__(self):
                return f"Prim[{op_name}]"

        Constexpr.__name__ = Constexpr.__qualname__ = op_name
        return Constexpr() if get_instance else Constexpr

    if fn is not None:
        return decorate(fn)
    return decorate
