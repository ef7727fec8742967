"""ForiLoop, WhileLoop, Scan, Partial, Morph and Reusing: forward against Python loops,
gradients (PyNative and Graph mode, unrolled and as a `while` node), and errors."""
import functools

import numpy as np
import pytest

import spore as ms
from spore import Tensor, ops

from .op_testing import ErrorCase, OpCase, case_id, ramp, run_case, run_error_case


def _python_fori(lower, upper, fn, value):
    for i in range(lower, upper):
        value = fn(i, value)
    return value


def _body(i, v):
    return v * 0.5 + i


def _pair_body(i, v):
    return v[0] + i, v[1] * 2


def _scan_body(carry, x):
    return carry + x, carry * x


def _np_scan(fn, init, xs):
    ys = []
    for x in xs:
        init, y = fn(init, x)
        ys.append(y)
    return init, ys


X3 = ramp(3)

CASES = [
    OpCase(lambda x: ops.ForiLoop()(0, 4, _body, x), (X3,), lambda x: _python_fori(0, 4, _body, x), prim="ForiLoop"),
    OpCase(lambda x: ops.ForiLoop()(2, 2, _body, x), (X3,), lambda x: x, prim="ForiLoop"),
    OpCase(lambda x, y: ops.ForiLoop()(1, 3, _pair_body, (x, y)), (X3, ramp(2, 2)),
           lambda x, y: _python_fori(1, 3, _pair_body, (x, y)), prim="ForiLoop"),
    OpCase(lambda x: ops.WhileLoop()(lambda s: s[0] < 4, lambda s: (s[0] + 1, s[1] * 2 + 1), (0, x)), (X3,),
           lambda x: (4, x * 16 + 15), prim="WhileLoop"),
    OpCase(lambda x: ops.Scan()(_scan_body, x, [x, x * 2, x * 3]), (X3,),
           lambda x: _np_scan(_scan_body, x, [x, x * 2, x * 3]), prim="Scan"),
    OpCase(lambda x: ops.Scan()(lambda c, _: (c * 2, c), x, None, 3), (X3,),
           lambda x: (x * 8, [x, x * 2, x * 4]), prim="Scan"),
    OpCase(lambda x, y: ops.Partial()(ops.sub, x)(y), (X3, ramp(3, low=0.2, high=0.7)), np.subtract, prim="Partial"),
    OpCase(lambda x: ops.Reusing()(ops.neg)(x), (X3,), np.negative, prim="Reusing"),
    OpCase(lambda x: ms.jit(lambda v: ops.Morph(_double, _same, _same)(v))(x), (X3,), lambda x: x * 2,
           prim="Morph"),
    OpCase(lambda x: ms.jit(lambda v: ops.PyExecute()("v * 2 + k", ("v", "k"), (v, 1)))(x), (X3,),
           lambda x: x * 2 + 1, prim="PyExecute"),
]


def _double(x):
    return x * 2


def _same(x):
    return x


ERROR_CASES = [
    ErrorCase(lambda: ops.ForiLoop()(0.5, 3, _body, 1), (), TypeError, "'lower' should be one of", prim="ForiLoop"),
    ErrorCase(lambda: ops.ForiLoop()(0, "3", _body, 1), (), TypeError, "'upper' should be one of", prim="ForiLoop"),
    ErrorCase(lambda: ops.ForiLoop()(0, 3, 3, 1), (), TypeError, "'loop_func' should be one of", prim="ForiLoop"),
    ErrorCase(lambda: ops.WhileLoop()(3, _body, 1), (), TypeError, "'cond_func' should be one of",
              prim="WhileLoop"),
    ErrorCase(lambda: ops.WhileLoop()(_same, 3, 1), (), TypeError, "'loop_func' should be one of", prim="WhileLoop"),
    ErrorCase(lambda: ops.Scan()(3, 0, [1]), (), TypeError, "'loop_func' should be one of", prim="Scan"),
    ErrorCase(lambda: ops.Scan()(_scan_body, 0, 5), (), TypeError, "'xs' should be one of", prim="Scan"),
    ErrorCase(lambda: ops.Scan()(_scan_body, 0, None), (), TypeError, "'length' must be an int", prim="Scan"),
    ErrorCase(lambda: ops.Scan()(lambda c, x: c, 0, [1]), (), ValueError, "pair", prim="Scan"),
    ErrorCase(lambda: ops.partial(3, 1), (), AttributeError, "'func' must be callable", prim="Partial"),
    ErrorCase(lambda: ops.Morph(_double, _same, _same)(Tensor(1.0)), (), RuntimeError, "only supported in GRAPH_MODE",
              prim="Morph"),
    ErrorCase(lambda: ops.Reusing()(3), (), TypeError, "must be a function", prim="Reusing"),
    ErrorCase(lambda: ops.PyExecute()("1", (), ()), (), RuntimeError, "Graph mode only", prim="PyExecute"),
    ErrorCase(lambda: ms.jit(lambda v: ops.PyExecute()("v", ("v", "w"), (v,)))(Tensor(1.0)), (), ValueError,
              "one per key", prim="PyExecute"),
    ErrorCase(lambda: ms.jit(lambda v: ops.PyExecute()(3, ("v",), (v,)))(Tensor(1.0)), (), TypeError,
              "'script' must be str", prim="PyExecute"),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)


def test_documentation_examples():
    assert ops.ForiLoop()(0, 4, lambda i, r: i + r, 0) == 6
    assert ops.WhileLoop()(lambda x: x < 100, lambda x: x + 1, 10) == 100
    assert ops.Scan()(lambda r, e: (r + e, r + e), 0, [1, 2, 3, 4]) == (10, [1, 3, 6, 10])
    assert isinstance(ops.partial(max, 1), functools.partial)


def _grad(fn, *args):
    grads = ms.grad(fn, grad_position=tuple(range(len(args))))(*args)
    return [g.asnumpy() for g in (grads if isinstance(grads, tuple) else (grads,))]


def _loop_body(i, v):
    if v > 10:
        return v - 1
    return v * 3 + i


def _fori_unrolled(x):
    return ops.ForiLoop()(0, 4, _loop_body, x)


def _fori_while(x, n):
    return ops.ForiLoop()(0, n, _loop_body, x, False)


def _while(x):
    return ops.WhileLoop()(lambda v: v < 100, lambda v: v * x, x)


def _scan(x):
    carry, ys = ops.Scan()(lambda c, e: (c * e, c + e), x, [Tensor(1.0), Tensor(2.0), Tensor(3.0)])
    return carry + ys[2]


@pytest.mark.parametrize("compiled", [False, True], ids=["pynative", "graph"])
def test_gradients_through_loops(compiled):
    wrap = ms.jit if compiled else (lambda f: f)
    x = Tensor(np.float32(2.0))
    # 2 -> 6 -> 19 -> 18 -> 17: 9x + 1 then three steps of -1 (the branch is taken in the graph)
    assert float(wrap(_fori_unrolled)(x)) == 17.0
    np.testing.assert_allclose(_grad(wrap(_fori_unrolled), x), [9.0])
    assert float(wrap(_fori_while)(x, Tensor(4))) == 17.0
    np.testing.assert_allclose(_grad(wrap(_fori_while), x, Tensor(4))[0], 9.0)
    assert float(wrap(_while)(x)) == 128.0          # x ** 7
    np.testing.assert_allclose(_grad(wrap(_while), x), [7 * 2.0 ** 6])
    assert float(wrap(_scan)(x)) == 19.0            # 6x + (2x + 3)
    np.testing.assert_allclose(_grad(wrap(_scan), x), [8.0])


def test_while_node_keeps_the_carried_type():
    @ms.jit
    def grows(x):
        return ops.WhileLoop()(lambda v: v.sum() < 10, lambda v: ops.concat((v, v)), x)

    with pytest.raises(ValueError, match="WhileLoop.*shape"):
        grows(Tensor(np.ones(2, np.float32)))


def test_partial_of_a_user_function_compiles_its_branches():
    def pick(a, b):
        if a > b:
            return a
        return b

    @ms.jit
    def f(x, y):
        return ops.partial(pick, x)(y)

    assert float(f(Tensor(3.0), Tensor(5.0))) == 5.0
    assert float(f(Tensor(7.0), Tensor(5.0))) == 7.0


def _scale(x, y):
    return x * y


def _scale_bprop(x, y, out, dout):
    return dout * 10, dout * 0


def test_morph_gradients_in_a_graph():
    plain = ops.Morph(_scale, _same, _same)
    custom = ops.Morph(_scale, _same, _same, _scale_bprop)
    x, y = Tensor(np.float32(2.0)), Tensor(np.float32(3.0))
    np.testing.assert_allclose(_grad(ms.jit(lambda a, b: plain(a, b)), x, y), [3.0, 2.0])
    np.testing.assert_allclose(_grad(ms.jit(lambda a, b: custom(a, b)), x, y), [10.0, 0.0])
