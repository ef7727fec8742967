"""The shared harness for operator tests.

A family's test module lists `CASES` (forward checks) and `ERROR_CASES` (bad input);
`test_registry.py` collects them all and checks every registered primitive has both.

A forward case runs the op on Tensors made from NumPy inputs and compares with a NumPy
reference computed on the same inputs; it also checks that the primitive's `infer`
predicts the output's shape and dtype, so infer and kernel cannot drift apart.

Every case also runs in Graph mode (`test_graph_mode.py`): the op called inside a compiled
function, its output compared with the same reference. A module lists, with the reason,
({primitive name, case id or the case's op: why}) the cases that can not be compiled in
`NO_GRAPH_CASES`, and those compiled with their Tensor inputs as constants of the graph
(not arguments of the compiled function) in `GRAPH_CONSTANT_INPUTS`.
"""
from __future__ import annotations

import copy
import importlib
import os
import pkgutil
import sys
import zlib
from collections.abc import Hashable
from typing import Any, Callable, NamedTuple

import numpy as np
import pytest

import spore as ms
from spore.ops.primitive import Primitive, TensorSpec


class OpCase(NamedTuple):
    op: Any                      # a Primitive instance, or a function of the ops API
    inputs: tuple                # NumPy arrays become Tensors; other values pass as they are
    reference: Callable          # NumPy function of the same inputs
    rtol: float = 1e-5
    atol: float = 1e-6
    check_dtype: bool = True     # compare output dtype with the reference's dtype
    prim: str | None = None      # the primitive a functional case exercises (for coverage)


class ErrorCase(NamedTuple):
    op: Any
    inputs: tuple
    error: type                  # TypeError / ValueError / RuntimeError
    match: str                   # a fragment the message must contain (regex)
    prim: str | None = None


def to_tensors(values):
    if isinstance(values, np.ndarray):
        return ms.Tensor(values)
    if isinstance(values, tuple):
        return tuple(to_tensors(v) for v in values)
    if isinstance(values, list):
        return [to_tensors(v) for v in values]
    return values


def primitive_name(case) -> str | None:
    if case.prim is not None:
        return case.prim
    return type(case.op).__name__ if isinstance(case.op, Primitive) else None


def case_id(case) -> str:
    name = primitive_name(case) or getattr(case.op, "__name__", "op")
    shapes = ",".join(str(getattr(v, "shape", type(v).__name__)) for v in case.inputs)
    return f"{name}[{shapes}]"


def family_modules(package, attr: str):
    """The test modules of `package` that list cases in `attr` (CASES, GRAD_CASES), imported."""
    for info in pkgutil.iter_modules(package.__path__):
        if info.name.startswith("test_"):
            module = importlib.import_module(f"{package.__name__}.{info.name}")
            if hasattr(module, attr):
                yield module


def declared_exception(case, declarations: dict) -> str | None:
    """Why `case` is left out, when `declarations` names its primitive, its case id or
    its op (the function a case wraps around a primitive)."""
    for key in (case_id(case), primitive_name(case), case.op):
        if isinstance(key, Hashable) and key in declarations:
            return declarations[key]
    return None


def graph_cases(module):
    """(case, constant_inputs) for each case of `module` that runs in Graph mode."""
    left_out = getattr(module, "NO_GRAPH_CASES", {})
    constant = getattr(module, "GRAPH_CONSTANT_INPUTS", {})
    return [(case, declared_exception(case, constant) is not None) for case in module.CASES
            if declared_exception(case, left_out) is None]


def stale_declarations(modules, cases: str, declarations: str) -> list:
    """Keys of each module's `declarations` that match none of its `cases` (a renamed op,
    changed shapes)."""
    return [f"{module.__name__}: {key}" for module in modules for key in getattr(module, declarations, {})
            if not any(declared_exception(c, {key: ""}) is not None for c in getattr(module, cases))]


VALUE_DEPENDENT_SHAPE = (
    "the output shape depends on the values of a Tensor argument (a shape, size, count, axis, index or bound "
    "given as a Tensor): spore's Graph mode compiles static shapes, so it needs those values when it compiles, "
    "where MindSpore 2.7.1 runs the call with a dynamic shape")
READS_VALUES = ("the case's function reads output values in Python (asnumpy) to make them comparable, which "
                "Graph mode can not do on values computed in the graph (nor can MindSpore's); the op itself is "
                "compiled by its other cases")

_compiled: dict = {}


def compiled(op):
    """`op` as a jit function, one per op object, so cases sharing an op and an input
    signature share its compiled program. A random primitive is compiled as a fresh twin
    on each call: it draws what a new instance draws, and the case's own instance (its
    random stream) is left to the PyNative test, whichever runs first."""
    if isinstance(op, Primitive) and not op.pure:
        return ms.jit(_fresh_twin(op))
    entry = _compiled.get(id(op))
    if entry is None or entry[0] is not op:
        entry = _compiled[id(op)] = (op, ms.jit(op))
    return entry[1]


def _fresh_twin(prim: Primitive) -> Primitive:
    twin = copy.copy(prim)
    twin.attrs = {}
    twin.add_prim_attrs(**prim.attrs)   # setting the attributes builds the twin its own kernel
    return twin


def _flatten(value):
    if isinstance(value, (tuple, list)):
        return [leaf for v in value for leaf in _flatten(v)]
    return [value]


class _WithConstantInputs:
    """A compiled call of `op` on Tensors the graph holds as constants (their values known
    when it compiles). A callable object, not a function: Graph mode runs it as it is
    rather than parsing the harness."""

    def __init__(self, op, tensors: tuple):
        self.op, self.tensors = op, tensors

    def __call__(self):
        return compiled(self.op)(*self.tensors)


def run_case(case: OpCase, graph: bool = False, constant_inputs: bool = False) -> None:
    """With graph=True the op runs inside a compiled function (the Graph-mode output is
    checked against the reference; its infer ran on the graph's symbolic values), its
    Tensor inputs the function's arguments, or constants of its graph with constant_inputs."""
    tensors = to_tensors(case.inputs)
    if constant_inputs:
        got = ms.jit(_WithConstantInputs(case.op, tensors))()
    else:
        got = (compiled(case.op) if graph else case.op)(*tensors)
    want = case.reference(*case.inputs)
    got_leaves, want_leaves = _flatten(got), _flatten(want)
    assert len(got_leaves) == len(want_leaves), f"{len(got_leaves)} outputs, expected {len(want_leaves)}"
    for g, w in zip(got_leaves, want_leaves):
        if not isinstance(g, ms.Tensor):
            assert g == w
            continue
        w = np.asarray(w)
        g_np = g.asnumpy()
        assert g_np.shape == w.shape, f"shape {g_np.shape}, expected {w.shape}"
        if case.check_dtype:
            assert g_np.dtype == w.dtype, f"dtype {g_np.dtype}, expected {w.dtype}"
        if w.dtype.kind in "fc":
            np.testing.assert_allclose(g_np, w, rtol=case.rtol, atol=case.atol, equal_nan=True)
        else:
            np.testing.assert_array_equal(g_np, w)
    if isinstance(case.op, Primitive) and not graph:
        _check_infer(case.op, tensors, got)


def _check_infer(prim: Primitive, tensors, got) -> None:
    spec = prim.infer(*tensors)
    specs, outs = _flatten(spec), _flatten(got)
    assert len(specs) == len(outs), f"infer gives {len(specs)} outputs, the kernel {len(outs)}"
    for s, out in zip(specs, outs):
        if isinstance(s, TensorSpec):
            assert (s.shape, s.dtype) == (out.shape, out.dtype), \
                f"infer says {s}, the kernel gave shape {out.shape} dtype {out.dtype}"


def run_error_case(case: ErrorCase) -> None:
    """`case.op(*inputs)` raises; for a bad attribute, `op` is a lambda building the
    Primitive, with inputs ()."""
    with pytest.raises(case.error, match=case.match):
        case.op(*to_tensors(case.inputs))


_streams: dict[str, np.random.Generator] = {}


def _caller_stream() -> np.random.Generator:
    """The random stream of the test module calling `rand` / `positive`, seeded from the
    module's file name: a module's inputs are the same whichever modules were imported
    (collected) before it."""
    frame = sys._getframe(1)
    while frame.f_globals.get("__name__") == __name__:
        frame = frame.f_back
    module = os.path.basename(frame.f_globals.get("__file__", ""))
    if module not in _streams:
        _streams[module] = np.random.default_rng(zlib.crc32(module.encode()))
    return _streams[module]


def rand(*shape, dtype=np.float32, low=-1.0, high=1.0) -> np.ndarray:
    """Uniform random values of `dtype` (integers drawn from [low, high))."""
    rng = _caller_stream()
    if np.issubdtype(dtype, np.integer):
        return rng.integers(int(low), int(high), size=shape).astype(dtype)
    if dtype == np.bool_:
        return rng.random(shape) < 0.5
    return rng.uniform(low, high, size=shape).astype(dtype)


def positive(*shape, dtype=np.float32) -> np.ndarray:
    return rand(*shape, dtype=dtype, low=0.1, high=2.0)


def ramp(*shape, dtype=np.float32, low=-1.0, high=1.0) -> np.ndarray:
    """Evenly spaced values in [low, high] of `shape`, drawn from no random stream: the
    inputs of families added later to a module, so that the random inputs of its other
    cases stay what they were."""
    size = int(np.prod(shape))
    return np.linspace(low, high, size).reshape(shape).astype(dtype)

