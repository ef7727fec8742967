"""Linear algebra: forward against NumPy, infer, bad input; the functional API and Tensor methods."""
import numpy as np
import pytest

import spore as ms
from spore import ops

from .op_testing import ErrorCase, OpCase, case_id, ramp, rand, run_case, run_error_case


def transposed(x, flag):
    return np.swapaxes(x, -1, -2) if flag else x


def matmul_ref(transpose_a=False, transpose_b=False):
    def reference(a, b):
        return np.matmul(transposed(a, transpose_a), transposed(b, transpose_b))
    return reference


def dense_ref(x, w, b=None):
    out = x @ (w.T if w.ndim == 2 else w)
    return out if b is None else out + b


def einsum_ref(equation):
    def reference(operands):
        return np.einsum(equation, *operands)
    return reference


def ints(*shape, dtype=np.int32):
    return rand(*shape, dtype=dtype, low=-5, high=5)


def svd_values_ref(a):
    placeholder = np.zeros(1, a.dtype)
    return np.linalg.svd(a, compute_uv=False), placeholder, placeholder


def svd_parts(full_matrices=False):
    """Svd's outputs as sign-free facts: s, u diag(s) v^T (the input) and the Gram
    matrices u^T u and v^T v (identities)."""
    svd = ops.Svd(full_matrices)

    def run(a):
        s, u, v = svd(a)
        k = s.shape[-1]
        u_k, v_k = u[..., :k], v[..., :k]
        product = ops.matmul(u_k * s.expand_dims(-2), v_k.swapaxes(-1, -2))
        return s, product, ops.matmul(u.swapaxes(-1, -2), u), ops.matmul(v.swapaxes(-1, -2), v)
    return run


def svd_parts_ref(full_matrices=False):
    def reference(a):
        m, n = a.shape[-2:]
        u_cols, v_cols = (m, n) if full_matrices else (min(m, n),) * 2

        def identities(size):
            return np.broadcast_to(np.eye(size, dtype=a.dtype), a.shape[:-2] + (size, size))
        return np.linalg.svd(a, compute_uv=False), a, identities(u_cols), identities(v_cols)
    return reference


CASES = [
    # MatMul: 2-D only, either side transposed.
    OpCase(ops.MatMul(), (rand(2, 3), rand(3, 4)), matmul_ref()),
    OpCase(ops.MatMul(transpose_a=True), (rand(3, 2), rand(3, 4)), matmul_ref(True)),
    OpCase(ops.MatMul(transpose_b=True), (rand(2, 3), rand(4, 3)), matmul_ref(False, True)),
    OpCase(ops.MatMul(True, True), (rand(3, 2, dtype=np.float64), rand(4, 3, dtype=np.float64)),
           matmul_ref(True, True)),
    OpCase(ops.MatMul(), (ints(2, 3), ints(3, 4)), matmul_ref()),
    OpCase(ops.MatMul(), (ints(2, 3, dtype=np.int8), ints(3, 1, dtype=np.int8)), matmul_ref()),
    OpCase(ops.MatMul(), (rand(2, 3, dtype=np.float16), rand(3, 4, dtype=np.float16)), matmul_ref(),
           rtol=2e-3, atol=2e-3),
    OpCase(ops.MatMul(), (rand(1, 1), rand(1, 1)), matmul_ref()),
    OpCase(ops.MatMul(), (rand(2, 0), rand(0, 3)), matmul_ref()),
    # BatchMatMul: rank >= 2, batch axes broadcast.
    OpCase(ops.BatchMatMul(), (rand(2, 3, 4), rand(2, 4, 5)), matmul_ref()),
    OpCase(ops.BatchMatMul(transpose_a=True), (rand(2, 4, 3), rand(2, 4, 5)), matmul_ref(True)),
    OpCase(ops.BatchMatMul(transpose_b=True), (rand(2, 2, 3, 4), rand(2, 2, 5, 4)), matmul_ref(False, True)),
    OpCase(ops.BatchMatMul(), (rand(2, 1, 3, 4), rand(5, 4, 2)), matmul_ref()),
    OpCase(ops.BatchMatMul(), (rand(3, 4), rand(4, 2)), matmul_ref()),
    OpCase(ops.BatchMatMul(), (ints(2, 3, 4, dtype=np.int64), ints(2, 4, 1, dtype=np.int64)), matmul_ref()),
    # Dense: x @ w^T + b.
    OpCase(ops.Dense(), (rand(2, 3), rand(4, 3), rand(4)), dense_ref),
    OpCase(ops.Dense(), (rand(2, 3), rand(4, 3)), dense_ref),
    OpCase(ops.Dense(), (rand(5, 2, 3, dtype=np.float64), rand(4, 3, dtype=np.float64), rand(4, dtype=np.float64)),
           dense_ref),
    OpCase(ops.Dense(), (rand(3), rand(4, 3), rand(4)), dense_ref),
    OpCase(ops.Dense(), (rand(2, 3), rand(3), np.array(1.5, np.float32)), dense_ref),
    OpCase(ops.Dense(), (ints(2, 3), ints(4, 3)), dense_ref),
    # Ger: outer product of float vectors.
    OpCase(ops.Ger(), (rand(3), rand(4)), np.outer),
    OpCase(ops.Ger(), (rand(1, dtype=np.float64), rand(5, dtype=np.float64)), np.outer),
    OpCase(ops.Ger(), (rand(2, dtype=np.float16), rand(3, dtype=np.float16)), np.outer, rtol=1e-3),
    # Einsum over a tuple of float tensors.
    OpCase(ops.Einsum("ij,jk->ik"), ((rand(2, 3), rand(3, 4)),), einsum_ref("ij,jk->ik")),
    OpCase(ops.Einsum("ij,jk"), ([rand(2, 3), rand(3, 4)],), einsum_ref("ij,jk")),
    OpCase(ops.Einsum("ii->"), ((rand(3, 3),),), einsum_ref("ii->")),
    OpCase(ops.Einsum("ii->i"), ((rand(3, 3, dtype=np.float64),),), einsum_ref("ii->i")),
    OpCase(ops.Einsum("...ij,...jk->...ik"), ((rand(5, 2, 3), rand(3, 4)),), einsum_ref("...ij,...jk->...ik")),
    OpCase(ops.Einsum("bij->"), ((rand(2, 3, 4),),), einsum_ref("bij->")),
    OpCase(ops.Einsum("i,j->ij"), ((rand(2), rand(3)),), einsum_ref("i,j->ij")),
    OpCase(ops.Einsum("i j, j k -> k i"), ((rand(2, 3), rand(3, 4)),), einsum_ref("ij,jk->ki")),
    OpCase(ops.Einsum("Ba,ba"), ((rand(2, 3), rand(4, 3)),), einsum_ref("Ba,ba")),
    OpCase(ops.Einsum("ij,ij->ij"), ((rand(1, 3), rand(2, 3)),), lambda ops_: ops_[0] * ops_[1]),
    OpCase(ops.Einsum("bij,bjk->bik"), ((rand(2, 2, 3, dtype=np.float16), rand(2, 3, 2, dtype=np.float16)),),
           einsum_ref("bij,bjk->bik"), rtol=2e-3, atol=2e-3),
    # The internal 2.x primitives, through the functions built on them.
    OpCase(ops.matmul, (rand(3), rand(3)), np.matmul, prim="MatMulExt"),
    OpCase(ops.matmul, (rand(3), rand(3, 4)), np.matmul, prim="MatMulExt"),
    OpCase(ops.matmul, (rand(2, 3), rand(3)), np.matmul, prim="MatMulExt"),
    OpCase(ops.matmul, (rand(2, 2, 3), rand(3)), np.matmul, prim="MatMulExt"),
    OpCase(ops.matmul, (rand(3), rand(2, 3, 4)), np.matmul, prim="MatMulExt"),
    OpCase(ops.matmul, (rand(2, 1, 3, 4), rand(5, 4, 2)), np.matmul, prim="MatMulExt"),
    OpCase(ops.matmul, (ints(2, 3), ints(3, 4)), np.matmul, prim="MatMulExt"),
    OpCase(ops.outer, (rand(3), rand(4)), np.outer, prim="Outer"),
    OpCase(ops.outer, (ints(3), ints(2)), np.outer, prim="Outer"),
    OpCase(ops.outer, (ints(3), rand(2)), lambda a, b: np.outer(a, b).astype(np.float32), prim="Outer"),
    OpCase(ops.outer, (rand(2, 3), rand(4)), np.outer, prim="Outer"),
    # Svd: singular values exactly; the vectors (signs are free) through what they must satisfy.
    OpCase(ops.Svd(compute_uv=False), (rand(3, 2),), svd_values_ref),
    OpCase(ops.Svd(compute_uv=False), (rand(2, 3, 4, dtype=np.float64),), svd_values_ref),
    OpCase(svd_parts(), (rand(3, 3),), svd_parts_ref(), rtol=1e-4, atol=1e-5, prim="Svd"),
    OpCase(svd_parts(), (rand(4, 2, dtype=np.float64),), svd_parts_ref(), prim="Svd"),
    OpCase(svd_parts(), (rand(2, 2, 5),), svd_parts_ref(), rtol=1e-4, atol=1e-5, prim="Svd"),
    OpCase(svd_parts(True), (rand(4, 2),), svd_parts_ref(True), rtol=1e-4, atol=1e-5, prim="Svd"),
    OpCase(svd_parts(True), (rand(2, 2, 3, dtype=np.float64),), svd_parts_ref(True), prim="Svd"),
    OpCase(svd_parts(), (rand(1, 1),), svd_parts_ref(), prim="Svd"),
    OpCase(svd_parts(), (ramp(16, 5),), svd_parts_ref(), rtol=1e-4, atol=1e-5, prim="Svd"),
    OpCase(svd_parts(True), (ramp(3, 17, dtype=np.float64) ** 2,), svd_parts_ref(True), prim="Svd"),
]

ERROR_CASES = [
    ErrorCase(ops.MatMul(), (rand(2, 3), rand(2, 3)), ValueError,
              r"For 'MatMul', the contracted dimensions must be equal.*\(2, 3\).*\(2, 3\)"),
    ErrorCase(ops.MatMul(), (rand(3), rand(3, 4)), ValueError, "For 'MatMul', the input 'x1' must be 2-D"),
    ErrorCase(ops.MatMul(), (rand(2, 2, 3), rand(3, 4)), ValueError, "For 'MatMul', the input 'x1' must be 2-D"),
    ErrorCase(ops.MatMul(), (rand(2, 3), rand(3, 4, dtype=np.float16)), TypeError,
              "For 'MatMul', the dtype of 'x2' must be the same as 'x1'"),
    ErrorCase(ops.MatMul(), (ints(2, 3), rand(3, 4)), TypeError, "For 'MatMul', the dtype of 'x2'"),
    ErrorCase(ops.MatMul(), (rand(2, 3, dtype=np.bool_), rand(3, 4, dtype=np.bool_)), TypeError,
              "For 'MatMul', the dtype of 'x1'"),
    ErrorCase(ops.MatMul(), (rand(2, 3), 2.0), TypeError, "For 'MatMul', the 'x2' must be a Tensor"),
    ErrorCase(lambda: ops.MatMul(transpose_a=1), (), TypeError, "For 'MatMul', the 'transpose_a' must be bool"),
    ErrorCase(ops.BatchMatMul(), (rand(2, 3, 4), rand(2, 3, 4)), ValueError,
              r"For 'BatchMatMul', the contracted dimensions.*\(2, 3, 4\)"),
    ErrorCase(ops.BatchMatMul(), (rand(2, 3, 4), rand(3, 4, 5)), ValueError, "For 'BatchMatMul'.*broadcast"),
    ErrorCase(ops.BatchMatMul(), (rand(4), rand(2, 4, 5)), ValueError, "For 'BatchMatMul', the input 'x1'"),
    ErrorCase(ops.BatchMatMul(), (rand(2, 3, 4), rand(2, 4, 5, dtype=np.float64)), TypeError,
              "For 'BatchMatMul', the dtype of 'x2'"),
    ErrorCase(ops.BatchMatMul(), (rand(2, 2, 2, dtype=np.bool_), rand(2, 2, 2, dtype=np.bool_)), TypeError,
              "For 'BatchMatMul', the dtype of 'x1'"),
    ErrorCase(lambda: ops.BatchMatMul(transpose_b="no"), (), TypeError, "For 'BatchMatMul', the 'transpose_b'"),
    ErrorCase(ops.Dense(), (rand(2, 3), rand(4, 2)), ValueError, r"For 'Dense'.*\(2, 3\).*\(4, 2\)"),
    ErrorCase(ops.Dense(), (rand(2, 3), rand(4, 3, dtype=np.float64)), TypeError, "For 'Dense', the dtype of 'w'"),
    ErrorCase(ops.Dense(), (rand(2, 3), rand(4, 3), rand(4, dtype=np.float64)), TypeError,
              "For 'Dense', the dtype of 'b'"),
    ErrorCase(ops.Dense(), (rand(2, 3), rand(1, 4, 3)), ValueError, "For 'Dense', the 'w' must be 1-D or 2-D"),
    ErrorCase(ops.Dense(), (rand(2, 3), rand(4, 3), rand(2, 4)), ValueError, "For 'Dense', the 'b' must be 0-D or 1-D"),
    ErrorCase(ops.Dense(), (rand(2, 3), rand(4, 3), rand(3)), ValueError, "For 'Dense'.*broadcast"),
    ErrorCase(ops.Dense(), (np.array(1.0, np.float32), rand(4, 3)), ValueError, "For 'Dense', the input 'x'"),
    ErrorCase(ops.Ger(), (ints(3), ints(4)), TypeError, "For 'Ger', the dtype of 'x1'"),
    ErrorCase(ops.Ger(), (rand(3), rand(4, dtype=np.float16)), TypeError, "For 'Ger', the dtype of 'x2'"),
    ErrorCase(ops.Ger(), (rand(2, 3), rand(4)), ValueError, "For 'Ger', the 'x1' must be 1-D"),
    ErrorCase(ops.Einsum("ij,jk->ik"), ((ints(2, 3), ints(3, 4)),), TypeError, "For 'Einsum', the dtype of"),
    ErrorCase(ops.Einsum("ij,jk->ik"), ((rand(2, 3), rand(3, 4, dtype=np.float64)),), TypeError,
              "For 'Einsum', the dtype of 'operands\\[1\\]'"),
    ErrorCase(ops.Einsum("ij,jk->ik"), ((rand(2, 3),),), ValueError, "For 'Einsum', the equation has 2 operand"),
    ErrorCase(ops.Einsum("ij,jk->ik"), ((rand(2, 3), rand(2, 4)),), ValueError, "For 'Einsum', the subscript 'j'"),
    ErrorCase(ops.Einsum("ij,jk->ik"), ((rand(2, 3, 1), rand(3, 4)),), ValueError,
              r"For 'Einsum', the subscripts 'ij' do not match an operand of shape \(2, 3, 1\)"),
    ErrorCase(ops.Einsum("ij,jk->iz"), ((rand(2, 3), rand(3, 4)),), ValueError, "For 'Einsum'.*'z'"),
    ErrorCase(ops.Einsum("ij->ii"), ((rand(2, 2),),), ValueError, "more than once"),
    ErrorCase(ops.Einsum("i1->i"), ((rand(2, 2),),), ValueError, "For 'Einsum', the subscripts 'i1'"),
    ErrorCase(lambda: ops.Einsum(3), (), TypeError, "For 'Einsum', the 'equation' must be str"),
    ErrorCase(ops.matmul, (rand(2, 3), rand(2, 3)), ValueError, "For 'MatMulExt', the contracted", prim="MatMulExt"),
    ErrorCase(ops.matmul, (rand(2, 2, 3), rand(3, 3, 4)), ValueError, "For 'MatMulExt'.*broadcast",
              prim="MatMulExt"),
    ErrorCase(ops.matmul, (rand(2, 3), ints(3, 4)), TypeError, "For 'MatMulExt', the dtype of 'other'",
              prim="MatMulExt"),
    ErrorCase(ops.matmul, (np.array(2.0, np.float32), rand(3)), ValueError, "For 'MatMulExt', the input 'input'",
              prim="MatMulExt"),
    ErrorCase(ops.outer, ([1.0, 2.0], rand(4)), TypeError, "For 'Outer', the 'input' must be a Tensor", prim="Outer"),
    ErrorCase(ops.Svd(), (rand(3),), ValueError, "For 'Svd', the input 'input' must have at least 2 dimensions"),
    ErrorCase(ops.Svd(), (ints(2, 2),), TypeError, "For 'Svd', the dtype of 'input'"),
    ErrorCase(ops.Svd(), (rand(2, 2, dtype=np.float16),), TypeError, "For 'Svd', the dtype of 'input'"),
    ErrorCase(ops.Svd(), (rand(0, 3),), ValueError, "For 'Svd', the input can not be empty"),
    ErrorCase(ops.Svd(), ([[1.0, 2.0]],), TypeError, "For 'Svd', the 'input' must be a Tensor"),
    ErrorCase(lambda: ops.Svd(full_matrices=1), (), TypeError, "For 'Svd', the 'full_matrices' must be bool"),
    ErrorCase(lambda: ops.Svd(compute_uv="yes"), (), TypeError, "For 'Svd', the 'compute_uv' must be bool"),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)


def test_bmm_and_dense_functions():
    a, b = rand(2, 2, 3), rand(2, 3, 4)
    np.testing.assert_allclose(ops.bmm(ms.Tensor(a), ms.Tensor(b)).asnumpy(), a @ b, rtol=1e-5, atol=1e-6)
    x, w, bias = rand(2, 3), rand(4, 3), rand(4)
    np.testing.assert_allclose(ops.dense(ms.Tensor(x), ms.Tensor(w), ms.Tensor(bias)).asnumpy(), x @ w.T + bias,
                               rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(ops.dense(ms.Tensor(x), ms.Tensor(w)).asnumpy(), x @ w.T, rtol=1e-5, atol=1e-6)


def test_einsum_function():
    a, b = rand(2, 3), rand(3, 4)
    out = ops.einsum("ij,jk->ik", ms.Tensor(a), ms.Tensor(b))
    np.testing.assert_allclose(out.asnumpy(), a @ b, rtol=1e-5, atol=1e-6)
    sublist = ops.einsum(ms.Tensor(a), [0, 1], ms.Tensor(b), [1, 2], [0, 2])
    np.testing.assert_allclose(sublist.asnumpy(), a @ b, rtol=1e-5, atol=1e-6)
    implicit = ops.einsum(ms.Tensor(a), [0, 1], ms.Tensor(b), [1, 2])
    np.testing.assert_allclose(implicit.asnumpy(), a @ b, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("shapes", [((2, 3), (4, 3)), ((3,), (3,)), ((3,), (2, 3)), ((2, 2, 3), (3,)),
                                    ((2, 3), (5, 4, 3)), ((), (2, 3)), ((2, 3), ())])
def test_inner(shapes):
    a, b = (np.asarray(rand(*s)) if s else np.array(1.5, np.float32) for s in shapes)
    np.testing.assert_allclose(ops.inner(ms.Tensor(a), ms.Tensor(b)).asnumpy(), np.inner(a, b), rtol=1e-5)


def test_inner_errors_and_ints():
    assert ops.inner(ms.Tensor(ints(3)), ms.Tensor(ints(3))).dtype == ms.int32
    with pytest.raises(ValueError, match="For 'inner', the last dimension"):
        ops.inner(ms.Tensor(rand(3)), ms.Tensor(rand(4)))


@pytest.mark.parametrize("shapes", [((2, 3), (3, 4)), ((2, 2, 3), (5, 3, 4)), ((2, 3), (5, 3, 4)),
                                    ((2, 4, 3), (3, 2))])
def test_dot(shapes):
    a, b = rand(*shapes[0]), rand(*shapes[1])
    np.testing.assert_allclose(ops.dot(ms.Tensor(a), ms.Tensor(b)).asnumpy(), np.dot(a, b), rtol=1e-5)


def test_dot_errors():
    with pytest.raises(ValueError, match="For 'dot', the inputs must have at least 2 dimensions"):
        ops.dot(ms.Tensor(rand(3)), ms.Tensor(rand(3)))
    with pytest.raises(TypeError, match="For 'dot', the dtype of 'input'"):
        ops.dot(ms.Tensor(ints(2, 3)), ms.Tensor(ints(3, 2)))
    with pytest.raises(TypeError, match="For 'dot', the dtype of 'other' must be the same"):
        ops.dot(ms.Tensor(rand(2, 3)), ms.Tensor(rand(3, 2, dtype=np.float16)))
    with pytest.raises(ValueError, match="For 'MatMul', the contracted"):
        ops.dot(ms.Tensor(rand(2, 3)), ms.Tensor(rand(2, 4)))


def test_tensor_matmul_methods():
    a, b = rand(2, 3), rand(3, 4)
    x, y = ms.Tensor(a), ms.Tensor(b)
    np.testing.assert_allclose((x @ y).asnumpy(), a @ b, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(x.matmul(y).asnumpy(), a @ b, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(x.__rmatmul__(ms.Tensor(rand(4, 2))).shape, (4, 3))
    with pytest.raises(ValueError, match="For 'MatMulExt'"):
        x @ x


@pytest.mark.parametrize("full_matrices, compute_uv", [(False, True), (True, True), (True, False)])
@pytest.mark.parametrize("shape", [(3, 2), (2, 2, 4)])
def test_svd_infer_matches_the_kernel(shape, full_matrices, compute_uv):
    prim, x = ops.Svd(full_matrices, compute_uv), ms.Tensor(rand(*shape))
    outs = prim(x)
    assert [(spec.shape, spec.dtype) for spec in prim.infer(x)] == [(o.shape, o.dtype) for o in outs]


def test_svd_function():
    a = rand(2, 4, 3)
    np.testing.assert_allclose(ops.svd(ms.Tensor(a), compute_uv=False).asnumpy(), np.linalg.svd(a, compute_uv=False),
                               rtol=1e-5)
    s, u, v = ops.svd(ms.Tensor(a), full_matrices=True)
    assert (s.shape, u.shape, v.shape) == ((2, 3), (2, 4, 4), (2, 3, 3))


def test_svd_vectors_are_mindspores():
    """Below 16 columns MindSpore's CPU Svd runs Eigen's Jacobi SVD: its vectors' signs and
    its complement basis (values printed by MindSpore 2.7.1)."""
    s, u, v = ops.svd(ms.Tensor(np.array([[1, 2], [-4, -5], [2, 1]], np.float32)), full_matrices=True)
    np.testing.assert_allclose(s.asnumpy(), [7.0652843, 1.040081], rtol=1e-6)
    np.testing.assert_allclose(u.asnumpy(), [[0.30821905, -0.48819482, 0.81649697],
                                             [-0.90613353, 0.11070572, 0.40824813],
                                             [0.2896955, 0.8656849, 0.4082479]], atol=1e-6)
    np.testing.assert_allclose(v.asnumpy(), [[0.63863593, 0.769509], [0.769509, -0.63863593]], atol=1e-6)
    square = np.array([[0.126, -0.132, 0.640], [0.105, -0.536, 0.362], [1.304, 0.947, -0.704]])
    _, u, v = ops.svd(ms.Tensor(square))
    np.testing.assert_allclose(np.sign(u.asnumpy()), [[-1, 1, 1], [-1, 1, -1], [1, 1, -1]])
    np.testing.assert_allclose(np.sign(v.asnumpy()), [[1, 1, -1], [1, -1, 1], [-1, 1, 1]])
    _, u, v = ops.svd(ms.Tensor(np.array([[0.345, 0.821, 0.330, -1.303], [0.905, 0.446, -0.536, 0.581]])))
    np.testing.assert_allclose(np.sign(u.asnumpy()), [[-1, -1], [1, -1]])
    np.testing.assert_allclose(np.sign(v.asnumpy()), [[-1, -1], [-1, -1], [-1, 1], [1, -1]])
