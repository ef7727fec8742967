"""Graph mode against PyNative: every forward op test case, every gradient test case of
the bprop tests and a set of nn layers give the same results compiled (ms.jit,
GRAPH_MODE) as run op by op.

The cases come from the op families' CASES (tests/ops) and GRAD_CASES (tests/autograd),
collected as tests/ops/test_registry.py and tests/autograd/test_bprop_registry.py do.
Both modes run the same kernels, so results must agree to rounding (in practice they are
bit-identical).
"""
import importlib
import pkgutil

import numpy as np
import pytest

import spore as ms
import tests.autograd
import tests.ops
from spore import Tensor, nn, ops
from spore.compiler.builder import GraphError
from spore.ops.primitive import PRIMITIVES, Primitive
from tests.autograd.gradcheck import _float64, _float_slots, _to_tensors
from tests.ops.op_testing import case_id, primitive_name, to_tensors


# ---- collecting the cases --------------------------------------------------------------------
def _family_cases(package, is_family, attr: str) -> list:
    """pytest.params of the cases listed under `attr` by the family modules of `package`
    (imported in the order their own collection imports them)."""
    params = []
    for info in pkgutil.iter_modules(package.__path__):
        if is_family(info.name):
            module = importlib.import_module(f"{package.__name__}.{info.name}")
            params += [pytest.param(c, id=f"{info.name}:{case_id(c)}") for c in getattr(module, attr, ())]
    return params


def _primitive_of(case):
    """The Primitive instance of a case, or the class a functional case exercises."""
    return case.op if isinstance(case.op, Primitive) else PRIMITIVES.get(case.prim)


def _compared(case) -> bool:
    """Random ops (pure is False) draw other numbers in the two runs; side-effect ops
    (updates, Print) are not functions of their inputs: neither is compared. (A class's
    side_effect may be a property of the instance's attributes, BatchNorm's: the case
    then runs, its outputs compared.)"""
    prim = _primitive_of(case)
    if prim is None:
        return True
    return prim.pure is not False and prim.side_effect is not True


FORWARD_CASES = [p for p in _family_cases(tests.ops, lambda n: n.startswith("test_") and n != "test_registry",
                                          "CASES") if _compared(p.values[0])]
GRAD_CASES = _family_cases(tests.autograd, lambda n: n.startswith("test_") and n.endswith("_bprop"), "GRAD_CASES")

# Primitives whose `infer` needs the *value* of a Tensor argument, not only its shape and
# dtype: a graph can not take that argument as an input (its value is known only when
# the graph runs), so the compiler refuses it, as MindSpore's Graph mode does. Each entry:
# (positions of those arguments, why infer needs them). The test checks the refusal, then
# compiles with those arguments as constants (closed over), as Graph mode code passes them.
VALUE_INPUTS = {
    # the output shape is the value
    "Reshape": ((1,), "the output shape is the value of 'shape'"),
    "Ones": ((0,), "the output shape is the value of 'size'"),
    "Range": ((0, 1, 2), "the output length is (limit - start) / delta"),
    "LinSpace": ((2,), "the output length is the value of 'num'"),
    "RepeatInterleaveTensor": ((1,), "the output length is the sum of 'repeats'"),
    "RepeatInterleaveGrad": ((1,), "the output length follows from 'repeats'"),
    "PadV3Grad": ((1,), "the output shape is the input's less the values of 'paddings'"),
    "Conv2DTranspose": ((2,), "the output shape is the value of 'input_size'"),
    "AdaptiveMaxPool3D": ((1,), "the output shape is the value of 'output_size'"),
    "ResizeNearestNeighborV2": ((1,), "the output's spatial shape is the value of 'size'"),
    "ResizeBicubic": ((1,), "the output's spatial shape is the value of 'size'"),
    "ResizeNearestNeighborGrad": ((1,), "the output's spatial shape is the value of 'size'"),
    "AdaptiveAvgPool2DGrad": ((1,), "the output shape is the value of 'orig_input_shape'"),
    "UpsampleTrilinear3DGrad": ((2,), "infer checks the value of 'output_size' against dy's shape"),
    "ReduceSum": ((1,), "the reduced axes are the value of 'axis'"),
    "Gather": ((2,), "the output shape depends on the value of 'axis'"),
    "Slice": ((1, 2), "the output shape is the value of 'size' (checked against 'begin')"),
    "StridedSlice": ((1, 2, 3), "the output shape follows from the values of begin, end and strides"),
    "TopK": ((1,), "the output length is the value of 'k'"),
}


def _value_positions(case) -> tuple:
    """The positions of a case's Tensor arguments whose values infer needs (for a case
    calling the Primitive itself: a functional API orders its arguments its own way)."""
    if not isinstance(case.op, Primitive):
        return ()
    positions, _ = VALUE_INPUTS.get(primitive_name(case), ((), ""))
    return tuple(p for p in positions if p < len(case.inputs)
                 and isinstance(case.inputs[p], (np.ndarray, Tensor)))


# ---- comparing ---------------------------------------------------------------------------------
_TOLERANCE = {np.dtype(np.float16): (1e-3, 1e-3), np.dtype(np.float32): (1e-6, 1e-7),
              np.dtype(np.float64): (1e-12, 1e-12)}


def _leaves(value) -> list:
    if isinstance(value, (tuple, list)):
        return [leaf for v in value for leaf in _leaves(v)]
    return [value]


def assert_same(graph, eager, tolerance: dict = _TOLERANCE) -> None:
    """The same structure, Tensors of the same shape and dtype and equal values (to
    rounding for floats, `tolerance` by dtype: NaN where NaN), other values equal."""
    got, want = _leaves(graph), _leaves(eager)
    assert len(got) == len(want), f"{len(got)} outputs in Graph mode, {len(want)} in PyNative"
    for i, (g, w) in enumerate(zip(got, want)):
        if not isinstance(w, Tensor):
            assert not isinstance(g, Tensor) and g == w, f"output {i}: {g!r} in Graph mode, {w!r} in PyNative"
            continue
        assert isinstance(g, Tensor), f"output {i}: a {type(g).__name__} in Graph mode, a Tensor in PyNative"
        assert (g.shape, g.dtype) == (w.shape, w.dtype), \
            f"output {i}: shape {g.shape} {g.dtype} in Graph mode, {w.shape} {w.dtype} in PyNative"
        g_np, w_np = g.asnumpy(), w.asnumpy()
        if w_np.dtype.kind in "fc":
            rtol, atol = tolerance.get(np.dtype(w_np.real.dtype), (1e-6, 1e-7))
            np.testing.assert_allclose(g_np, w_np, rtol=rtol, atol=atol, equal_nan=True, err_msg=f"output {i}")
        else:
            np.testing.assert_array_equal(g_np, w_np, err_msg=f"output {i}")


def run_compiled(fn, args: tuple, constants: tuple = ()):
    """fn(*args) compiled by ms.jit, the arguments at `constants` closed over (graph
    constants), the others graph inputs; checks one program was compiled."""
    fixed = {i: args[i] for i in constants}
    free = tuple(a for i, a in enumerate(args) if i not in fixed)

    def graph_fn(*xs):
        full = list(xs)
        for i in sorted(fixed):
            full.insert(i, fixed[i])
        return fn(*full)

    compiled = ms.jit(graph_fn)
    result = compiled(*free)
    assert len(compiled.cache.programs) == 1
    return result


# ---- forward cases -----------------------------------------------------------------------------
def test_cases_are_collected():
    assert len(FORWARD_CASES) > 1000
    assert len(GRAD_CASES) > 500


@pytest.mark.parametrize("case", FORWARD_CASES)
def test_forward_matches_pynative(case):
    eager = case.op(*to_tensors(case.inputs))
    constants = _value_positions(case)
    if constants:
        with pytest.raises(GraphError, match="not known when the graph is compiled"):
            run_compiled(case.op, to_tensors(case.inputs))
    assert_same(run_compiled(case.op, to_tensors(case.inputs), constants), eager)


def test_every_value_input_entry_is_used():
    """Each allow-list entry names a primitive with a case passing such a Tensor (an entry
    nothing exercises any more is stale)."""
    used = {primitive_name(p.values[0]) for p in FORWARD_CASES if _value_positions(p.values[0])}
    assert sorted(set(VALUE_INPUTS) - used) == []


# ---- gradient cases ----------------------------------------------------------------------------
def _of_float_inputs(op, inputs):
    """(op as a function of the float arrays among its inputs, those arrays as Tensors),
    in float64, as tests/autograd/gradcheck.py differentiates a case."""
    inputs = list(_float64(tuple(inputs)))
    slots = _float_slots(inputs)
    base = _to_tensors(inputs)

    def fn(*tensors):
        args = list(base)
        for (path, _), t in zip(slots, tensors):
            if len(path) == 1:
                args[path[0]] = t
            else:
                items = list(args[path[0]])
                items[path[1]] = t
                args[path[0]] = type(base[path[0]])(items)
        return op(*args)

    return fn, tuple(Tensor(array) for _, array in slots)


@pytest.mark.parametrize("case", GRAD_CASES)
def test_gradient_matches_pynative(case):
    fn, tensors = _of_float_inputs(case.op, case.inputs)
    positions = tuple(range(len(tensors)))
    eager = ms.grad(fn, grad_position=positions)(*tensors)
    graph = run_compiled(lambda *xs: ms.grad(fn, grad_position=positions)(*xs), tensors)
    assert_same(graph, eager)


# ---- nn layers ---------------------------------------------------------------------------------
_rng = np.random.default_rng(7)


def _normal(*shape):
    return Tensor(_rng.standard_normal(shape).astype(np.float32))


def _labels(n, classes):
    return Tensor(_rng.integers(0, classes, n).astype(np.int32))


class GradNet(nn.Cell):
    """value_and_grad of `net` with respect to its inputs at `positions` and its trainable
    Parameters, as a Cell (so that GRAPH_MODE compiles it)."""

    def __init__(self, net, positions):
        super().__init__()
        self.net = net
        self.weights = ms.ParameterTuple(net.trainable_params())
        self.value_and_grad = ms.value_and_grad(net, grad_position=positions, weights=self.weights)

    def construct(self, *inputs):
        return self.value_and_grad(*inputs)


# (id, the cell, its inputs, the positions of the inputs differentiated, training)
LAYERS = [
    ("Dense", lambda: nn.Dense(4, 3), lambda: (_normal(2, 4),), 0, False),
    ("Dense-activation", lambda: nn.Dense(4, 3, activation="tanh"), lambda: (_normal(2, 4),), 0, False),
    ("Conv1d", lambda: nn.Conv1d(2, 3, 3, has_bias=True), lambda: (_normal(2, 2, 8),), 0, False),
    ("Conv2d", lambda: nn.Conv2d(2, 3, 3, pad_mode="pad", padding=1, has_bias=True),
     lambda: (_normal(2, 2, 5, 5),), 0, False),
    ("Conv2d-stride", lambda: nn.Conv2d(2, 4, 3, stride=2), lambda: (_normal(1, 2, 7, 7),), 0, False),
    ("Conv3d", lambda: nn.Conv3d(2, 3, 2), lambda: (_normal(1, 2, 4, 4, 4),), 0, False),
    ("Conv2dTranspose", lambda: nn.Conv2dTranspose(2, 3, 3, stride=2), lambda: (_normal(2, 2, 4, 4),), 0, False),
    ("MaxPool2d", lambda: nn.MaxPool2d(2, 2), lambda: (_normal(2, 2, 4, 4),), 0, False),
    ("AvgPool2d", lambda: nn.AvgPool2d(3, 1), lambda: (_normal(2, 2, 5, 5),), 0, False),
    ("BatchNorm2d-train", lambda: nn.BatchNorm2d(3), lambda: (_normal(4, 3, 2, 2),), 0, True),
    ("BatchNorm2d-eval", lambda: nn.BatchNorm2d(3), lambda: (_normal(4, 3, 2, 2),), 0, False),
    ("LayerNorm", lambda: nn.LayerNorm((4,)), lambda: (_normal(3, 4),), 0, False),
    ("Embedding", lambda: nn.Embedding(10, 4), lambda: (Tensor(np.array([[1, 2], [3, 9]], np.int32)),),
     None, False),
    ("Dropout-eval", lambda: nn.Dropout(p=0.5), lambda: (_normal(3, 4),), 0, False),
    ("ReLU", nn.ReLU, lambda: (_normal(3, 4),), 0, False),
    ("GELU", nn.GELU, lambda: (_normal(3, 4),), 0, False),
    ("Sigmoid", nn.Sigmoid, lambda: (_normal(3, 4),), 0, False),
    ("Softmax", nn.Softmax, lambda: (_normal(3, 4),), 0, False),
    ("LogSoftmax", nn.LogSoftmax, lambda: (_normal(3, 4),), 0, False),
    ("Flatten", nn.Flatten, lambda: (_normal(2, 3, 4),), 0, False),
    ("LSTM", lambda: nn.LSTM(4, 5, batch_first=True), lambda: (_normal(2, 3, 4),), 0, False),
    ("GRU", lambda: nn.GRU(4, 5, num_layers=2), lambda: (_normal(3, 2, 4),), 0, False),
    ("SequentialCell", lambda: nn.SequentialCell([nn.Dense(4, 8), nn.ReLU(), nn.Dense(8, 2)]),
     lambda: (_normal(3, 4),), 0, False),
    ("MSELoss", nn.MSELoss, lambda: (_normal(3, 4), _normal(3, 4)), (0, 1), False),
    ("L1Loss", nn.L1Loss, lambda: (_normal(3, 4), _normal(3, 4)), (0, 1), False),
    ("CrossEntropyLoss", nn.CrossEntropyLoss, lambda: (_normal(4, 5), _labels(4, 5)), 0, False),
    ("SoftmaxCrossEntropyWithLogits-sparse",
     lambda: nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
     lambda: (_normal(4, 5), _labels(4, 5)), 0, False),
    ("BCEWithLogitsLoss", nn.BCEWithLogitsLoss,
     lambda: (_normal(3, 4), Tensor(_rng.random((3, 4)).astype(np.float32))), (0, 1), False),
    ("NLLLoss", nn.NLLLoss, lambda: (ops.log_softmax(_normal(4, 5)), _labels(4, 5)), 0, False),
]


def _state(net) -> list:
    return [p.asnumpy().copy() for p in net.get_parameters()]


def _set_state(net, state: list) -> None:
    for param, value in zip(net.get_parameters(), state):
        param.set_data(Tensor(value))


def _run_layer(net, inputs, positions, mode):
    """In `mode`, from the same Parameter values: the cell's output and the Parameters
    after it (BatchNorm's moving statistics), then value_and_grad's results and the
    Parameters after that."""
    start = _state(net)
    ms.set_context(mode=mode)
    try:
        output = net(*inputs)
        after_forward = _state(net)
        _set_state(net, start)
        grad_net = GradNet(net, positions)
        value_and_grads = grad_net(*inputs)
        after_grad = _state(net)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
        _set_state(net, start)
    if mode == ms.GRAPH_MODE:   # the calls compiled
        assert len(net._graph_cache.programs) == 1
        assert len(grad_net._graph_cache.programs) == 1
    return output, after_forward, value_and_grads, after_grad


# Layers whose gradient PyNative computes with a fused kernel while Graph mode composes it
# from primitive ops (so that it can be differentiated again): the same values, summed in
# another order, so float32 results agree to a few units in the last place.
_FUSED_IN_PYNATIVE = {"LayerNorm"}
_FUSED_TOLERANCE = {**_TOLERANCE, np.dtype(np.float32): (1e-6, 1e-6)}


@pytest.mark.parametrize(("name", "make", "make_inputs", "positions", "training"),
                         [pytest.param(*layer, id=layer[0]) for layer in LAYERS])
def test_layer_matches_pynative(name, make, make_inputs, positions, training, restore_mode):
    net = make()
    net.set_train(training)
    inputs = make_inputs()
    eager = _run_layer(net, inputs, positions, ms.PYNATIVE_MODE)
    graph = _run_layer(net, inputs, positions, ms.GRAPH_MODE)
    for what, g, e in zip(("output", "Parameters after the call", "value and gradients",
                           "Parameters after value_and_grad"), graph, eager):
        if isinstance(e, list) and e and isinstance(e[0], np.ndarray):
            g, e = [Tensor(v) for v in g], [Tensor(v) for v in e]
        try:
            assert_same(g, e, _FUSED_TOLERANCE if name in _FUSED_IN_PYNATIVE else _TOLERANCE)
        except AssertionError as failure:
            raise AssertionError(f"{what}: {failure}") from None


class _Weighted(nn.Cell):
    """sum(net(x) * w)."""

    def __init__(self, net, w):
        super().__init__()
        self.net = net
        self.w = w

    def construct(self, x):
        return (self.net(x) * self.w).sum()


def test_batch_norm_training_gradients_are_not_zero(restore_mode):
    """The gradients through BatchNorm in training (a side-effecting op in the graph: it
    updates the moving statistics) reach x, gamma and beta in Graph mode."""
    net = nn.BatchNorm2d(3)
    net.set_train(True)
    net.gamma.set_data(Tensor(np.array([1.0, 2.0, 3.0], np.float32)))
    x, w = _normal(4, 3, 2, 2), _normal(4, 3, 2, 2)
    grads = {}
    for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=mode)
        grads[mode] = GradNet(_Weighted(net, w), 0)(x)[1]
    ms.set_context(mode=ms.PYNATIVE_MODE)
    (gx, (gamma, beta)) = grads[ms.GRAPH_MODE]
    for g in (gx, gamma, beta):
        assert np.abs(g.asnumpy()).max() > 1e-3
    assert_same(grads[ms.GRAPH_MODE], grads[ms.PYNATIVE_MODE])
