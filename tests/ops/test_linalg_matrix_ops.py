"""Linear algebra beyond products: trace, determinants, inverses, solvers, matrix functions,
band parts, factorizations (Cholesky, QR, LU, eigen), cross products and distances, and the
compositions of the functional API (addmm, kron, cov, pinv, ...); forward against NumPy /
float64 references, and bad input."""
import numpy as np
import pytest

import spore as ms
from spore import ops

from .op_testing import ErrorCase, OpCase, case_id, rand, run_case, run_error_case


def well_conditioned(*shape, dtype=np.float32):
    """Random square matrices with a dominant diagonal: safely invertible."""
    n = shape[-1]
    return (rand(*shape, dtype=dtype) + n * np.eye(n, dtype=dtype)).astype(dtype)


def spd(*shape, dtype=np.float32):
    """Random symmetric positive-definite matrices."""
    a = rand(*shape, dtype=np.float64)
    return (a @ np.swapaxes(a, -1, -2) + shape[-1] * np.eye(shape[-1])).astype(dtype)


def lower_factor(*shape, dtype=np.float32):
    return np.linalg.cholesky(spd(*shape, dtype=np.float64)).astype(dtype)


def ints(*shape, dtype=np.int32):
    return rand(*shape, dtype=dtype, low=-3, high=4)


def band_ref(lower, upper):
    def reference(x, *_):
        rows, cols = x.shape[-2:]
        i, j = np.arange(rows)[:, None], np.arange(cols)[None, :]
        keep = ((lower < 0) | (i - j <= lower)) & ((upper < 0) | (j - i <= upper))
        return np.where(keep, x, np.zeros((), x.dtype))
    return reference


def matrix_exp_ref(x):
    """exp(x) by scaling and squaring a 30-term Taylor series, in float64."""
    a = x.astype(np.float64) / 16
    term = result = np.broadcast_to(np.eye(x.shape[-1]), x.shape).copy()
    for k in range(1, 30):
        term = term @ a / k
        result = result + term
    for _ in range(4):
        result = result @ result
    return result.astype(x.dtype)


def slogdet_ref(x):
    sign, log_abs = np.linalg.slogdet(x.astype(np.float64))
    return sign.astype(x.dtype), log_abs.astype(x.dtype)


def lu_factor(a):
    """LAPACK's getrf in NumPy: packed LU factors and 1-based row swaps (Int32)."""
    lu, n = a.astype(np.float64).copy(), a.shape[0]
    pivots = np.zeros(n, np.int32)
    for k in range(n):
        p = k + int(np.argmax(np.abs(lu[k:, k])))
        pivots[k] = p + 1
        lu[[k, p]] = lu[[p, k]]
        lu[k + 1:, k] /= lu[k, k]
        lu[k + 1:, k + 1:] -= np.outer(lu[k + 1:, k], lu[k, k + 1:])
    return lu.astype(a.dtype), pivots


def lu_unpack_ref(lu, pivots):
    m, n = lu.shape[-2:]
    k = min(m, n)
    lower = np.tril(lu, -1)[..., :, :k] + np.eye(m, k, dtype=lu.dtype)
    upper = np.triu(lu)[..., :k, :]
    perm = np.eye(m, dtype=lu.dtype)
    for i, p in enumerate(pivots):
        perm[:, [i, p - 1]] = perm[:, [p - 1, i]]
    return perm, lower, upper


def householder_q(y, tau):
    """Q = H_1 ... H_k, H_i = I - tau_i v_i v_i^T with v_i below y's diagonal (1 on it)."""
    m = y.shape[0]
    q = np.eye(m)
    for i, t in enumerate(tau):
        v = np.zeros(m)
        v[i], v[i + 1:] = 1.0, y[i + 1:, i]
        q = q @ (np.eye(m) - t * np.outer(v, v))
    return q


def geqrf_ref(x):
    h, tau = np.linalg.qr(x.astype(np.float64), mode="raw")
    return h.T.astype(x.dtype), tau.astype(x.dtype)


def qr_facts(full_matrices=False):
    """Qr's outputs as sign-free facts: Q @ R, Q^T Q, and R's strictly lower part."""
    qr = ops.Qr(full_matrices)

    def run(x):
        q, r = qr(x)
        return ops.matmul(q, r), ops.matmul(q.swapaxes(-1, -2), q), r - ops.matrix_band_part(r, 0, -1)
    return run


def qr_facts_ref(full_matrices=False):
    def reference(x):
        m, n = x.shape[-2:]
        k = m if full_matrices else min(m, n)
        eye = np.broadcast_to(np.eye(k, dtype=x.dtype), x.shape[:-2] + (k, k))
        return x, eye, np.zeros(x.shape[:-2] + (k, n), x.dtype)
    return reference


def eig_ref(x):
    values, vectors = np.linalg.eig(x)
    kind = np.complex64 if x.dtype == np.float32 else np.complex128
    return values.astype(kind), vectors.astype(kind)


def eig_check(x):
    """A v = v diag(w) for Eig(True)'s outputs (independent of the vectors' phases)."""
    w, v = ops.Eig(True)(x)
    a = ops.cast(x, w.dtype)
    return ops.matmul(a, v) - v * w.expand_dims(-2)


def cdist_ref(p):
    def reference(x1, x2):
        diff = np.abs(x1[..., :, None, :].astype(np.float64) - x2[..., None, :, :])
        if p == 0:
            out = (diff != 0).sum(-1)
        elif p == np.inf:
            out = diff.max(-1)
        else:
            out = (diff ** p).sum(-1) ** (1 / p)
        return out.astype(x1.dtype)
    return reference


def pdist_ref(p):
    def reference(x):
        full = cdist_ref(p)(x, x)
        i, j = np.triu_indices(x.shape[0], 1)
        return full[i, j]
    return reference


def cov_ref(x, fweights=None, aweights=None, correction=1):
    """torch.cov's formula in float64."""
    x = np.atleast_2d(x.astype(np.float64))
    w = None
    if fweights is not None:
        w = fweights.astype(np.float64)
    if aweights is not None:
        w = aweights.astype(np.float64) if w is None else w * aweights
    if w is None:
        mean, count = x.mean(1, keepdims=True), x.shape[1] - correction
        return ((x - mean) @ (x - mean).T / count).astype(np.float32)
    total = w.sum()
    mean = (x * w).sum(1, keepdims=True) / total
    count = total - (correction if aweights is None else correction * (w * aweights).sum() / total)
    return ((x - mean) * w @ (x - mean).T / count).astype(np.float32)


def _log_of_exp(x):
    """The logarithm of x = exp(a) for a small a: a itself, recovered from the Taylor
    series of log(I + (x - I)), which converges since ||x - I|| < 1 here."""
    e = x - np.eye(x.shape[-1])
    term, result = np.broadcast_to(np.eye(x.shape[-1]), x.shape).astype(x.dtype), np.zeros_like(x)
    for k in range(1, 200):
        term = term @ e
        result = result + (-1) ** (k + 1) * term / k
    return result


def kron_ref(a, b):
    return np.kron(a, b)


LU_A = well_conditioned(3, 3)
LU, PIVOTS = lu_factor(LU_A)
Y, TAU = geqrf_ref(rand(4, 3))
LU_WIDE, PIVOTS_WIDE = lu_factor(well_conditioned(3, 3))
LU_TALL = np.concatenate([LU, rand(1, 3)], 0)

CASES = [
    # Trace: 2-D, any numeric dtype kept.
    OpCase(ops.Trace(), (rand(3, 3),), np.trace),
    OpCase(ops.Trace(), (rand(2, 4, dtype=np.float64),), np.trace),
    OpCase(ops.Trace(), (ints(3, 3),), lambda x: np.trace(x).astype(np.int32)),
    OpCase(ops.Trace(), (ints(2, 2, dtype=np.uint8) + 3,), lambda x: np.trace(x).astype(np.uint8)),
    OpCase(ops.trace, (rand(4, 2, dtype=np.float16),), lambda x: np.trace(x).astype(np.float16), rtol=1e-3,
           prim="Trace"),
    # Determinants.
    OpCase(ops.MatrixDeterminant(), (rand(3, 3),), np.linalg.det, rtol=1e-4),
    OpCase(ops.MatrixDeterminant(), (rand(2, 4, 4, dtype=np.float64),), np.linalg.det),
    OpCase(ops.det, (rand(2, 2, dtype=np.float16),),
           lambda x: np.linalg.det(x.astype(np.float32)).astype(np.float16), rtol=2e-2, atol=1e-2,
           prim="MatrixDeterminant"),
    OpCase(ops.matrix_determinant, (rand(2, 2, dtype=np.complex64),), np.linalg.det, rtol=1e-4,
           prim="MatrixDeterminant"),
    OpCase(ops.LogMatrixDeterminant(), (rand(3, 3),), slogdet_ref, rtol=1e-4),
    OpCase(ops.LogMatrixDeterminant(), (rand(2, 3, 3, dtype=np.float64),), slogdet_ref),
    OpCase(ops.slogdet, (np.zeros((2, 2), np.float32),), slogdet_ref, prim="LogMatrixDeterminant"),
    OpCase(ops.log_matrix_determinant, (rand(2, 2, 2),), slogdet_ref, rtol=1e-4, prim="LogMatrixDeterminant"),
    OpCase(ops.logdet, (spd(2, 3, 3, dtype=np.float64),), lambda x: np.log(np.linalg.det(x)),
           prim="MatrixDeterminant"),
    # Inverses and solvers.
    OpCase(ops.MatrixInverse(), (well_conditioned(3, 3),), np.linalg.inv, rtol=1e-4, atol=1e-5),
    OpCase(ops.MatrixInverse(True), (well_conditioned(2, 3, 3, dtype=np.float64),),
           lambda x: np.linalg.inv(np.swapaxes(x, -1, -2))),
    OpCase(ops.inverse, (well_conditioned(2, 2).astype(np.complex64),), np.linalg.inv, rtol=1e-4, atol=1e-5,
           prim="MatrixInverse"),
    OpCase(ops.MatrixSolve(), (well_conditioned(3, 3), rand(3, 2)), np.linalg.solve, rtol=1e-4, atol=1e-5),
    OpCase(ops.MatrixSolve(True), (well_conditioned(2, 3, 3, dtype=np.float64), rand(2, 3, 1, dtype=np.float64)),
           lambda a, b: np.linalg.solve(np.swapaxes(a, -1, -2), b)),
    OpCase(ops.matrix_solve, (well_conditioned(2, 2, dtype=np.float16), rand(2, 1, dtype=np.float16)),
           lambda a, b: np.linalg.solve(a.astype(np.float32), b.astype(np.float32)).astype(np.float16),
           rtol=1e-2, atol=1e-2,
           prim="MatrixSolve"),
    OpCase(ops.MatrixTriangularSolve(), (well_conditioned(3, 3), rand(3, 2)),
           lambda a, b: np.linalg.solve(np.tril(a), b), rtol=1e-4, atol=1e-5),
    OpCase(ops.MatrixTriangularSolve(False, True), (well_conditioned(2, 3, 3, dtype=np.float64),
                                                    rand(2, 3, 2, dtype=np.float64)),
           lambda a, b: np.linalg.solve(np.swapaxes(np.triu(a), -1, -2), b)),
    OpCase(ops.MatrixTriangularSolve(True, True), (well_conditioned(3, 3, dtype=np.float64),
                                                   rand(3, 1, dtype=np.float64)),
           lambda a, b: np.linalg.solve(np.tril(a).T, b)),
    # Matrix functions.
    OpCase(ops.MatrixPower(3), (rand(3, 3),), lambda x: np.linalg.matrix_power(x, 3), rtol=1e-5),
    OpCase(ops.MatrixPower(0), (rand(2, 2, 2),), lambda x: np.linalg.matrix_power(x, 0).astype(np.float32)),
    OpCase(ops.MatrixPower(-2), (well_conditioned(2, 3, 3, dtype=np.float64),),
           lambda x: np.linalg.matrix_power(x, -2)),
    OpCase(ops.matrix_power, (ints(2, 2), 3), lambda x, n: np.linalg.matrix_power(x, n), prim="MatrixPower"),
    OpCase(ops.MatrixExp(), (rand(3, 3),), matrix_exp_ref, rtol=1e-5, atol=1e-6),
    OpCase(ops.MatrixExp(), (rand(2, 2, 2, dtype=np.float64),), matrix_exp_ref, rtol=1e-12),
    OpCase(ops.matrix_exp, (np.zeros((2, 2), np.float32),), lambda x: np.eye(2, dtype=np.float32), prim="MatrixExp"),
    # Band parts: ints or 0-D tensors for the bounds, any dtype.
    OpCase(ops.MatrixBandPart(), (rand(4, 4), 1, 0), band_ref(1, 0)),
    OpCase(ops.MatrixBandPart(), (rand(2, 3, 5, dtype=np.float64), -1, 1), band_ref(-1, 1)),
    OpCase(ops.MatrixBandPart(), (ints(3, 3), 0, -1), band_ref(0, -1)),
    OpCase(ops.MatrixBandPart(), (rand(3, 3, dtype=np.bool_), 10, 0), band_ref(10, 0)),
    OpCase(ops.matrix_band_part, (rand(2, 4, 4), 2, 1), band_ref(2, 1), prim="MatrixBandPart"),
    # Cholesky factors, inverses, solves.
    OpCase(ops.Cholesky(), (spd(3, 3),), np.linalg.cholesky, rtol=1e-5, atol=1e-6),
    OpCase(ops.Cholesky(True), (spd(2, 3, 3, dtype=np.float64),),
           lambda x: np.swapaxes(np.linalg.cholesky(x), -1, -2)),
    OpCase(ops.cholesky, (spd(2, 2, dtype=np.float16),),
           lambda x: np.linalg.cholesky(x.astype(np.float32)).astype(np.float16), rtol=2e-3, atol=2e-3,
           prim="Cholesky"),
    OpCase(ops.CholeskyInverse(), (lower_factor(3, 3),), lambda x: np.linalg.inv(x @ x.T), rtol=1e-4, atol=1e-5),
    OpCase(ops.CholeskyInverse(True), (lower_factor(2, 3, 3, dtype=np.float64).swapaxes(-1, -2),),
           lambda x: np.linalg.inv(np.swapaxes(x, -1, -2) @ x)),
    OpCase(ops.cholesky_inverse, (np.array([[2., 5.], [1., 3.]], np.float32),),
           lambda x: np.linalg.inv(x @ x.T).astype(np.float32), rtol=1e-4, prim="CholeskyInverse"),
    OpCase(ops.CholeskySolve(), (rand(3, 2), lower_factor(3, 3)),
           lambda b, f: np.linalg.solve(f @ f.T, b), rtol=1e-4, atol=1e-5),
    OpCase(ops.CholeskySolve(True), (rand(2, 3, 1, dtype=np.float64),
                                     lower_factor(2, 3, 3, dtype=np.float64).swapaxes(-1, -2)),
           lambda b, u: np.linalg.solve(np.swapaxes(u, -1, -2) @ u, b)),
    # QR: sign-free facts; geqrf / orgqr / ormqr against NumPy's raw QR and Householder products.
    OpCase(qr_facts(), (rand(4, 3),), qr_facts_ref(), rtol=1e-5, atol=1e-5, prim="Qr"),
    OpCase(qr_facts(True), (rand(2, 4, 3, dtype=np.float64),), qr_facts_ref(True), prim="Qr"),
    OpCase(qr_facts(), (rand(2, 4, dtype=np.float64),), qr_facts_ref(), prim="Qr"),
    OpCase(ops.Geqrf(), (rand(4, 3, dtype=np.float64),), geqrf_ref),
    OpCase(ops.geqrf, (rand(2, 3),), geqrf_ref, rtol=1e-4, atol=1e-5, prim="Geqrf"),
    OpCase(ops.Orgqr(), (Y, TAU), lambda y, t: householder_q(y, t)[:, :3].astype(np.float32),
           rtol=1e-4, atol=1e-5),
    OpCase(ops.orgqr, (Y[:, :2].astype(np.float64), TAU[:1].astype(np.float64)),
           lambda y, t: householder_q(y, t)[:, :2], prim="Orgqr"),
    OpCase(ops.Ormqr(), (Y, TAU, rand(4, 2)), lambda y, t, c: (householder_q(y, t) @ c).astype(np.float32),
           rtol=1e-4, atol=1e-5),
    OpCase(ops.Ormqr(False, True), (Y.astype(np.float64), TAU.astype(np.float64), rand(2, 4, dtype=np.float64)),
           lambda y, t, c: c @ householder_q(y, t).T),
    # Eigen-decomposition: values against NumPy (LAPACK geev), vectors through A v = v w.
    OpCase(ops.Eig(), (np.diag([3.0, 1.0, 2.0]).astype(np.float32),),
           lambda x: (np.array([3, 1, 2], np.complex64), np.zeros((), np.complex64))),
    OpCase(ops.Eig(True), (np.array([[2.0, 1.0], [1.0, 3.0]]),), eig_ref),
    OpCase(eig_check, (rand(3, 3, dtype=np.float64),), lambda x: np.zeros((3, 3), np.complex128), atol=1e-10,
           prim="Eig"),
    OpCase(ops.eigvals, (np.array([[0.0, -1.0], [1.0, 0.0]], np.float32),),
           lambda x: np.linalg.eigvals(x).astype(np.complex64), prim="Eig"),
    # Least squares, LU.
    OpCase(ops.Lstsq(), (rand(4, 3, dtype=np.float64), rand(4, 2, dtype=np.float64)),
           lambda x, a: np.linalg.lstsq(x, a, rcond=None)[0]),
    OpCase(ops.lstsq, (well_conditioned(3, 3), rand(3)), lambda x, a: np.linalg.solve(x, a)[:, None], rtol=1e-4,
           atol=1e-5, prim="Lstsq"),
    OpCase(ops.Lstsq(l2_regularizer=0.5), (rand(4, 3, dtype=np.float64), rand(4, 2, dtype=np.float64)),
           lambda x, a: np.linalg.solve(x.T @ x + 0.5 * np.eye(3), x.T @ a)),
    OpCase(ops.LuSolve(), (rand(3, 2), LU, PIVOTS), lambda b, lu, p: np.linalg.solve(LU_A, b), rtol=1e-4, atol=1e-5),
    OpCase(ops.lu_solve, (rand(2, 3, 1), LU, PIVOTS), lambda b, lu, p: np.linalg.solve(LU_A, b), rtol=1e-4,
           atol=1e-5, prim="LuSolve"),
    OpCase(ops.LuUnpack(), (LU, PIVOTS), lu_unpack_ref),
    OpCase(ops.lu_unpack, (LU_TALL, PIVOTS), lu_unpack_ref, prim="LuUnpack"),
    OpCase(ops.LuUnpack(True, False), (LU, PIVOTS),
           lambda lu, p: (np.zeros(0, np.float32),) + lu_unpack_ref(lu, p)[1:]),
    OpCase(ops.LuUnpack(False), (LU, PIVOTS),
           lambda lu, p: (lu_unpack_ref(lu, p)[0],) + (np.zeros(0, np.float32),) * 2),
    # Cross products and distances.
    OpCase(ops.Cross(), (rand(2, 3), rand(2, 3)), lambda a, b: np.cross(a, b)),
    OpCase(ops.Cross(0), (ints(3, 2), ints(3, 2)), lambda a, b: np.cross(a, b, axis=0)),
    OpCase(ops.cross, (rand(4, 3, dtype=np.float64), rand(3, dtype=np.float64)), np.cross, prim="Cross"),
    OpCase(ops.cross, (rand(3, 3), rand(3, 3), 0), lambda a, b, d: np.cross(a, b, axis=0), prim="Cross"),
    OpCase(ops.Cdist(), (rand(2, 3, 4), rand(2, 5, 4)), cdist_ref(2), rtol=1e-5),
    OpCase(ops.Cdist(1.0), (rand(3, 2, dtype=np.float64), rand(4, 2, dtype=np.float64)), cdist_ref(1)),
    OpCase(ops.Cdist(0.0), (rand(3, 2), rand(4, 2)), cdist_ref(0)),
    OpCase(ops.Cdist(float("inf")), (rand(3, 2), rand(4, 2)), cdist_ref(np.inf)),
    OpCase(ops.cdist, (rand(3, 2), rand(4, 2), 3.0), lambda a, b, p: cdist_ref(3)(a, b), rtol=1e-5, prim="Cdist"),
    OpCase(ops.Pdist(), (rand(4, 3),), pdist_ref(2), rtol=1e-5),
    OpCase(ops.Pdist(1.5), (rand(5, 2, dtype=np.float64),), pdist_ref(1.5)),
    OpCase(ops.pdist, (rand(3, 2), 0.0), lambda x, p: pdist_ref(0)(x), prim="Pdist"),
    OpCase(ops.pdist, (rand(1, 2),), lambda x: np.zeros(0, np.float32), prim="Pdist"),
    # Compositions over the primitives.
    OpCase(ops.mm, (rand(2, 3), rand(3, 4)), np.matmul, prim="MatMul"),
    OpCase(ops.mv, (rand(2, 3), rand(3)), np.matmul, prim="MatMul"),
    OpCase(lambda i, a, b: ops.addmm(i, a, b, beta=0.5, alpha=2), (rand(2, 4), rand(2, 3), rand(3, 4)),
           lambda i, a, b: 0.5 * i + 2 * a @ b),
    OpCase(ops.addmm, (ints(4), ints(2, 3), ints(3, 4)), lambda i, a, b: i + a @ b),
    OpCase(lambda i, a, b: ops.addmm(i, a, b, beta=0.5), (ints(2, 4), ints(2, 3), ints(3, 4)),
           lambda i, a, b: (0.5 * i + a @ b).astype(np.float32)),
    OpCase(lambda i, a, b: ops.addbmm(i, a, b, beta=2, alpha=0.5), (rand(2, 4), rand(5, 2, 3), rand(5, 3, 4)),
           lambda i, a, b: 2 * i + 0.5 * (a @ b).sum(0), rtol=1e-5, atol=1e-5),
    OpCase(ops.addbmm, (ints(2, 4), ints(5, 2, 3), ints(5, 3, 4)),
           lambda i, a, b: (i + (a @ b).sum(0)).astype(np.int64)),
    OpCase(lambda i, a, b: ops.baddbmm(i, a, b, 0.5, 2), (rand(5, 2, 4), rand(5, 2, 3), rand(5, 3, 4)),
           lambda i, a, b: 0.5 * i + 2 * a @ b),
    OpCase(lambda i, a, b: ops.baddbmm_ext(i, a, b, alpha=2), (rand(2, 4), rand(5, 2, 3), rand(5, 3, 4)),
           lambda i, a, b: i + 2 * a @ b),
    OpCase(lambda i, a, b: ops.addmv(i, a, b, beta=3), (rand(2), rand(2, 3), rand(3)), lambda i, a, b: 3 * i + a @ b),
    OpCase(lambda x, a, b: ops.addr(x, a, b, alpha=-1), (rand(2, 3), rand(2), rand(3)),
           lambda x, a, b: x - np.outer(a, b)),
    OpCase(ops.ger, (rand(3), rand(2)), np.outer, prim="Ger"),
    OpCase(ops.adjoint, (rand(2, 3, 4),), lambda x: np.swapaxes(x, -1, -2)),
    OpCase(ops.adjoint, (rand(2, 3).astype(np.complex64) * 1j,), lambda x: x.conj().T),
    OpCase(ops.kron, (rand(2, 3), rand(4, 2)), kron_ref),
    OpCase(ops.kron, (ints(2, 2), rand(3)), lambda a, b: np.kron(a, b).astype(np.float32)),
    OpCase(ops.kron, (np.array(2.0, np.float32), rand(2, 2)), kron_ref),
    OpCase(ops.tensor_dot, (rand(1, 2, 3), rand(3, 1, 2), ((0, 1), (1, 2))),
           lambda a, b, axes: np.tensordot(a, b, axes), rtol=1e-5),
    OpCase(ops.tensor_dot, (rand(2, 3), rand(3, 4), 1), np.tensordot, rtol=1e-5),
    OpCase(ops.tensor_dot, (ints(2, 3), ints(2, 4), 0), np.tensordot),
    OpCase(ops.batch_dot, (rand(2, 2, 3), rand(2, 3, 2), (-1, -2)), lambda a, b, axes: a @ b, rtol=1e-5),
    OpCase(ops.batch_dot, (rand(2, 3), rand(2, 3)), lambda a, b: (a * b).sum(1, keepdims=True), rtol=1e-5),
    OpCase(ops.batch_dot, (rand(2, 2), rand(2, 3, 2), (1, 2)), lambda a, b, axes: np.einsum("bi,bji->bj", a, b),
           rtol=1e-5),
    OpCase(ops.vecdot, (ints(3, 2, dtype=np.int64), ints(3, 2, dtype=np.int64)), lambda x, y: (x * y).sum(-1)),
    OpCase(lambda x, y: ops.vecdot(x, y, axis=0), (rand(3, 2), rand(3, 1)), lambda x, y: (x * y).sum(0)),
    OpCase(ops.dist, (rand(2, 3), rand(3)), lambda a, b: np.float32(np.sqrt(((a - b) ** 2).sum()))),
    OpCase(ops.dist, (rand(2, 3), rand(2, 3), 1), lambda a, b, p: np.float32(np.abs(a - b).sum()), rtol=1e-5),
    OpCase(ops.dist, (rand(4), rand(4), 0), lambda a, b, p: np.float32((a != b).sum())),
    OpCase(ops.cov, (np.array([[0., 5., 7.], [3., 5., 0.]], np.float32),), cov_ref),
    OpCase(lambda x: ops.cov(x, correction=0), (rand(3, 5),), lambda x: cov_ref(x, correction=0), rtol=1e-5),
    OpCase(lambda x, f, a: ops.cov(x, fweights=f, aweights=a),
           (np.array([[0., 5., 7.], [3., 5., 0.]], np.float32), np.array([5, 2, 4]),
            np.array([0.4588, 0.9083, 0.7616], np.float32)), cov_ref, rtol=1e-5),
    OpCase(lambda x, a: ops.cov(x, aweights=a), (rand(2, 4), rand(4, low=0.5, high=1.0)),
           lambda x, a: cov_ref(x, aweights=a), rtol=1e-5),
    OpCase(ops.cov, (rand(5),), lambda x: cov_ref(x).reshape(()), rtol=1e-5),
    OpCase(ops.cov, (ints(2, 4),), cov_ref, rtol=1e-5),
    OpCase(ops.einsum_ext, ("ij,jk->ik", rand(2, 3), rand(3, 4)), np.einsum, rtol=1e-5, prim="Einsum"),
    OpCase(ops.pinv, (rand(3, 2),), np.linalg.pinv, rtol=1e-4, atol=1e-5, prim="Svd"),
    OpCase(ops.pinv, (rand(2, 2, 4, dtype=np.float64),), np.linalg.pinv, prim="Svd"),
    OpCase(lambda x: ops.pinv(x, atol=0.01), (np.diag([4.0, 1e-3]).astype(np.float32),),
           lambda x: np.diag([0.25, 0.0]).astype(np.float32)),
    OpCase(lambda x: ops.pinv(x, rtol=0.5, hermitian=True), (np.diag([4.0, 1.0]),), lambda x: np.diag([0.25, 0.0])),
    OpCase(ops.cond, (well_conditioned(3, 3, dtype=np.float64),), lambda x: np.linalg.cond(x), prim="MatrixInverse"),
    OpCase(ops.cond, (well_conditioned(2, 3, 3),) + ("fro",), lambda x, p: np.linalg.cond(x, p).astype(np.float32),
           rtol=1e-4),
]

# MindSpore 2.7.1's documented examples (printed by it) for the packed diagonal layouts.
DIAG_X = np.array([[8., 9., 0.], [1., 2., 3.], [0., 4., 5.]], np.float32)
DIAG_OUT = np.array([[1., 8., 11.], [4., 2., 9.], [11., 5., 3.]], np.float32)
PART_X = np.array([[1., 2., 3., 4.], [5., 6., 7., 8.], [9., 8., 7., 6.]], np.float32)
PART_OUT = np.array([[9., 9., 4.], [9., 3., 8.], [2., 7., 6.]], np.float32)
SET_DIAGONAL = np.array([[0., 9., 1.], [6., 5., 8.], [1., 2., 3.], [4., 5., 0.]], np.float32)
SET_OUT = np.array([[1., 6., 9., 7.], [4., 2., 5., 1.], [7., 5., 3., 8.]], np.float32)


def main_diagonal_matrix(x, k=0, rows=-1, cols=-1, padding=0):
    n = x.shape[-1]
    out = np.full(x.shape[:-1] + (n + abs(k),) * 2, padding, x.dtype)
    index = np.arange(n)
    out[..., index - min(k, 0), index + max(k, 0)] = x
    return out


DIAGONAL_CASES = [
    OpCase(ops.MatrixDiagV3("LEFT_RIGHT"), (DIAG_X, [-1, 1], 3, 3, np.array(11.0, np.float32)),
           lambda *args: DIAG_OUT),
    OpCase(ops.MatrixDiagV3(), (rand(2, 3), 0, -1, -1, 0.0), lambda x, *a: main_diagonal_matrix(x)),
    OpCase(ops.matrix_diag, (ints(2, 3), 1, -1, -1, 5), lambda x, *a: main_diagonal_matrix(x, 1, padding=5),
           prim="MatrixDiagV3"),
    OpCase(ops.matrix_diag, (rand(3, dtype=np.float64), -2), lambda x, k: main_diagonal_matrix(x, -2),
           prim="MatrixDiagV3"),
    OpCase(ops.MatrixDiagPartV3(), (PART_X, [1, 3], np.array(9.0, np.float32)),
           lambda *args: PART_OUT),
    OpCase(ops.MatrixDiagPartV3(), (rand(2, 3, 4), 1, 0.0), lambda x, k, p: np.diagonal(x, 1, -2, -1)),
    OpCase(ops.matrix_diag_part, (ints(4, 3), -1, 0), lambda x, k, p: np.diagonal(x, -1), prim="MatrixDiagPartV3"),
    OpCase(ops.MatrixSetDiagV3(), (np.full((3, 4), 7.0, np.float32), SET_DIAGONAL, [-1, 2]),
           lambda *args: SET_OUT),
    OpCase(ops.matrix_set_diag, (rand(2, 3, 3), rand(2, 3)),
           lambda x, d: np.where(np.eye(3, dtype=bool), d[..., None, :], x), prim="MatrixSetDiagV3"),
]
CASES += DIAGONAL_CASES


def solve_ls_ref(a, b, l2):
    m, n = a.shape[-2:]
    if m >= n:
        return np.linalg.solve(a.T @ a + l2 * np.eye(n), a.T @ b).astype(a.dtype)
    return (a.T @ np.linalg.solve(a @ a.T + l2 * np.eye(m), b)).astype(a.dtype)


def tridiagonal_ref(sup, main, sub, rhs):
    t = np.diag(main[0]) + np.diag(sup[0, :-1], 1) + np.diag(sub[0, 1:], -1)
    return (t @ rhs).astype(rhs.dtype)


CASES += [
    OpCase(ops.ConjugateTranspose(), (rand(2, 3, 4), (2, 0, 1)), lambda x, p: np.transpose(x, p)),
    OpCase(ops.ConjugateTranspose(), ((rand(2, 3) + 1j * rand(2, 3)).astype(np.complex64), (1, 0)),
           lambda x, p: x.conj().T),
    OpCase(ops.ConjugateTranspose(), (ints(2, 3), (-1, 0)), lambda x, p: x.T),
    OpCase(ops.MatrixLogarithm(), (np.array([[2, 1], [0, 3]], np.complex64),),
           lambda x: np.array([[np.log(2), np.log(1.5)], [0, np.log(3)]], np.complex64), rtol=1e-5),
    OpCase(ops.MatrixLogarithm(), (matrix_exp_ref(rand(2, 3, 3, dtype=np.float64) * 0.3).astype(np.complex128),),
           _log_of_exp, rtol=1e-8, atol=1e-10),
    OpCase(ops.MatrixSolveLs(), (rand(4, 2), rand(4, 3), np.array(0.0)), solve_ls_ref, rtol=1e-4, atol=1e-5),
    OpCase(ops.MatrixSolveLs(), (rand(2, 4, dtype=np.float64), rand(2, 1, dtype=np.float64), np.array(0.5)),
           solve_ls_ref),
    OpCase(ops.MatrixSolveLs(False), (rand(5, 3, dtype=np.float64), rand(5, 2, dtype=np.float64), np.array(0.0)),
           lambda a, b, l2: np.linalg.lstsq(a, b, rcond=None)[0]),
    OpCase(ops.TridiagonalMatMul(), (rand(1, 3), rand(1, 3), rand(1, 3), rand(3, 2)), tridiagonal_ref, rtol=1e-5),
    OpCase(ops.TridiagonalMatMul(), (np.array([[1., 2, 3]]), np.array([[4., 5, 6]]), np.array([[7., 8, 9]]),
                                     np.arange(6.).reshape(3, 2)),
           lambda *args: np.array([[2., 7.], [18., 33.], [42., 57.]])),
]


ERROR_CASES = [
    ErrorCase(ops.Trace(), (rand(2, 2, 2),), RuntimeError, "For 'Trace', the rank of the input must be 2"),
    ErrorCase(ops.Trace(), (rand(2, 2, dtype=np.bool_),), TypeError, "For 'Trace', the dtype of 'x'"),
    ErrorCase(ops.Trace(), ([[1.0]],), TypeError, "For 'Trace', the 'x' must be a Tensor"),
    ErrorCase(ops.MatrixDeterminant(), (rand(2, 3),), ValueError, "For 'MatrixDeterminant', the 'x' must be a batch "
              r"of square matrices, but got shape \(2, 3\)"),
    ErrorCase(ops.MatrixDeterminant(), (rand(3),), ValueError, "For 'MatrixDeterminant', the input 'x' must have at "
              "least 2 dimensions"),
    ErrorCase(ops.det, (ints(2, 2),), TypeError, "For 'MatrixDeterminant', the dtype of 'x'",
              prim="MatrixDeterminant"),
    ErrorCase(ops.LogMatrixDeterminant(), (rand(2, 3),), ValueError, "For 'LogMatrixDeterminant'.*square"),
    ErrorCase(ops.slogdet, (ints(2, 2),), TypeError, "For 'LogMatrixDeterminant', the dtype",
              prim="LogMatrixDeterminant"),
    ErrorCase(ops.MatrixInverse(), (rand(2, 2, dtype=np.float16),), TypeError, "For 'MatrixInverse', the dtype"),
    ErrorCase(ops.inverse, ([[1.0, 2.0], [3.0, 4.0]],), TypeError, "For 'MatrixInverse', the 'x' must be a Tensor",
              prim="MatrixInverse"),
    ErrorCase(lambda: ops.MatrixInverse(adjoint=1), (), TypeError, "For 'MatrixInverse', the 'adjoint' must be bool"),
    ErrorCase(ops.MatrixSolve(), (rand(2, 2), rand(3, 1)), ValueError, "For 'MatrixSolve', the rows of 'matrix' and "
              "'rhs' must be equal"),
    ErrorCase(ops.MatrixSolve(), (rand(3, 2, 2), rand(2, 1)), ValueError, "For 'MatrixSolve', the batch dimensions"),
    ErrorCase(ops.MatrixSolve(), (rand(2, 2), rand(2, 1, dtype=np.float64)), TypeError,
              "For 'MatrixSolve', the dtype of 'rhs'"),
    ErrorCase(ops.MatrixSolve(), (ints(2, 2), ints(2, 1)), TypeError, "For 'MatrixSolve', the dtype of 'matrix'"),
    ErrorCase(ops.MatrixSolve(), (np.zeros((2, 2), np.float32), rand(2, 1)), RuntimeError,
              "For 'MatrixSolve'.*not invertible"),
    ErrorCase(ops.MatrixTriangularSolve(), (rand(2, 2, dtype=np.float16), rand(2, 2, dtype=np.float16)), TypeError,
              "For 'MatrixTriangularSolve', the dtype of 'matrix'"),
    ErrorCase(ops.MatrixTriangularSolve(), (rand(2, 2), rand(2)), ValueError,
              "For 'MatrixTriangularSolve', the input 'rhs' must have at least 2 dimensions"),
    ErrorCase(lambda: ops.MatrixTriangularSolve(lower=None), (), TypeError,
              "For 'MatrixTriangularSolve', the 'lower' must be bool"),
    ErrorCase(ops.MatrixPower(-1), (ints(2, 2),), ValueError, "For 'MatrixPower', integer inputs need n >= 0"),
    ErrorCase(ops.MatrixPower(2), (rand(2, 2, dtype=np.float16),), TypeError, "For 'MatrixPower', the dtype of 'x'"),
    ErrorCase(ops.MatrixPower(2), (rand(2, 3),), ValueError, "For 'MatrixPower'.*square"),
    ErrorCase(lambda: ops.MatrixPower(1.0), (), TypeError, "For 'MatrixPower', the 'n' must be int"),
    ErrorCase(ops.MatrixExp(), (rand(3),), ValueError, "For 'MatrixExp', the input 'x' must have at least 2"),
    ErrorCase(ops.MatrixExp(), (ints(2, 2),), TypeError, "For 'MatrixExp', the dtype of 'x'"),
    ErrorCase(ops.MatrixBandPart(), (rand(3), 1, 0), ValueError, "For 'MatrixBandPart', the input 'x' must have at "
              "least 2"),
    ErrorCase(ops.MatrixBandPart(), (rand(3, 3), 1.0, 0), TypeError,
              "For 'MatrixBandPart', the 'lower' must be an int or a 0-D Int32 / Int64 Tensor, but got float"),
    ErrorCase(ops.MatrixBandPart(), (rand(3, 3), 1, rand(1)), TypeError, "For 'MatrixBandPart', the 'upper'"),
    ErrorCase(ops.Cholesky(), (np.array([[1.0, 2.0], [2.0, 1.0]], np.float32),), RuntimeError,
              "For 'Cholesky'.*symmetric positive definite"),
    ErrorCase(ops.Cholesky(), (rand(2, 2, dtype=np.complex64),), TypeError, "For 'Cholesky', the dtype of 'input_x'"),
    ErrorCase(ops.cholesky, (rand(2, 3),), ValueError, "For 'Cholesky'.*square", prim="Cholesky"),
    ErrorCase(ops.CholeskyInverse(), (ints(2, 2),), TypeError, "For 'CholeskyInverse', the dtype"),
    ErrorCase(ops.CholeskyInverse(), (rand(2),), ValueError, "For 'CholeskyInverse', the input 'input_x'"),
    ErrorCase(ops.CholeskySolve(), (rand(3, 1), rand(2, 2)), ValueError, "For 'CholeskySolve', the rows of 'x1'"),
    ErrorCase(ops.CholeskySolve(), (rand(2, 1, dtype=np.float16), rand(2, 2, dtype=np.float16)), TypeError,
              "For 'CholeskySolve', the dtype of 'x1'"),
    ErrorCase(ops.CholeskySolve(), (rand(2, 2, 2, 1), rand(2, 2, 2, 2)), ValueError,
              "For 'CholeskySolve', the rank of 'x1' must be 2 or 3"),
    ErrorCase(ops.CholeskySolve(), (rand(3, 2, 1), rand(2, 2)), ValueError, "For 'CholeskySolve', the batch"),
    ErrorCase(ops.Qr(), (rand(3),), ValueError, "For 'Qr', the input 'x' must have at least 2 dimensions"),
    ErrorCase(ops.Qr(), (ints(2, 2),), TypeError, "For 'Qr', the dtype of 'x'"),
    ErrorCase(ops.qr, (rand(2, 2), "r"), TypeError, "For 'qr', the 'mode' must be 'reduced' or 'complete'",
              prim="Qr"),
    ErrorCase(ops.Geqrf(), (rand(2, 2, dtype=np.complex64),), TypeError, "For 'Geqrf', the dtype of 'x'"),
    ErrorCase(ops.Geqrf(), (rand(2),), ValueError, "For 'Geqrf', the input 'x'"),
    ErrorCase(ops.Orgqr(), (rand(2, 3), rand(2)), ValueError, r"For 'Orgqr', x.shape\[-2\] must be >= x.shape\[-1\]"),
    ErrorCase(ops.Orgqr(), (rand(3, 2), rand(3)), ValueError, "For 'Orgqr', the 'tau' must have shape"),
    ErrorCase(ops.Orgqr(), (rand(3, 2), rand(2, dtype=np.float64)), TypeError, "For 'Orgqr', the dtype of 'tau'"),
    ErrorCase(ops.Ormqr(), (rand(3, 2), rand(2), rand(4, 4)), ValueError, "For 'Ormqr', the rows of 'other'"),
    ErrorCase(ops.Ormqr(False), (rand(3, 2), rand(2), rand(3, 4)), ValueError, "For 'Ormqr', the columns of 'other'"),
    ErrorCase(ops.Ormqr(), (rand(3, 2), rand(2), ints(3, 4)), TypeError, "For 'Ormqr', the dtype of 'other'"),
    ErrorCase(ops.Eig(), (rand(2, 3),), ValueError, "For 'Eig', the 'x' must be a batch of square matrices"),
    ErrorCase(ops.eig, (rand(2, 2, dtype=np.float16),), TypeError, "For 'Eig', the dtype of 'x'", prim="Eig"),
    ErrorCase(ops.Lstsq(), (rand(3, 3), rand(4, 2)), ValueError, "For 'Lstsq', the rows of 'x' and 'a'"),
    ErrorCase(ops.Lstsq(), (rand(2, 3, 3), rand(2, 3, 2)), ValueError, "For 'Lstsq', 'x' must be 2-D"),
    ErrorCase(ops.Lstsq(), (rand(3, 3), rand(3, 2, dtype=np.float64)), TypeError, "For 'Lstsq', the dtype of 'a'"),
    ErrorCase(ops.LuSolve(), (rand(3, 1), LU, PIVOTS.astype(np.int64)), TypeError,
              "For 'LuSolve', the dtype of 'lu_pivots'"),
    ErrorCase(ops.LuSolve(), (rand(3), LU, PIVOTS), ValueError, "For 'LuSolve', the input 'x'"),
    ErrorCase(ops.LuSolve(), (rand(3, 1), LU, PIVOTS[:2]), ValueError, r"For 'LuSolve', the 'lu_pivots' must have "
              r"shape \(3,\)"),
    ErrorCase(ops.LuUnpack(), (LU, PIVOTS[:2]), ValueError, "For 'LuUnpack', the 'lu_pivots' must have shape"),
    ErrorCase(ops.LuUnpack(), (LU, np.array([1, 5, 3], np.int32)), RuntimeError, r"For 'LuUnpack'.*\[1, 3\]"),
    ErrorCase(ops.LuUnpack(), (LU, PIVOTS.astype(np.float32)), TypeError, "For 'LuUnpack', the dtype of 'lu_pivots'"),
    ErrorCase(ops.Cross(), (rand(2, 4), rand(2, 4)), ValueError, "For 'Cross', the inputs must have an axis of size 3"),
    ErrorCase(ops.Cross(1), (rand(3, 2), rand(3, 2)), ValueError, "For 'Cross', the 'dim' must name an axis of size 3"),
    ErrorCase(ops.Cross(), (rand(3), ints(3)), TypeError, "For 'Cross', the dtype of 'x2'"),
    ErrorCase(ops.Cdist(), (rand(2, 3), rand(4, 2)), ValueError, "For 'Cdist', 'x1' and 'x2' must have the same"),
    ErrorCase(ops.Cdist(), (rand(3), rand(3)), ValueError, "For 'Cdist', 'x1' and 'x2' must both be 2-D or both 3-D"),
    ErrorCase(ops.Cdist(), (ints(2, 3), ints(4, 3)), TypeError, "For 'Cdist', the dtype of 'x1'"),
    ErrorCase(lambda: ops.Cdist(-1.0), (), ValueError, "For 'Cdist', the 'p' must be a non-negative float"),
    ErrorCase(lambda: ops.Cdist(1), (), TypeError, "For 'Cdist', the 'p' must be float"),
    ErrorCase(ops.Pdist(), (rand(2, 4, 3),), ValueError, "For 'Pdist', the 'x' must be 2-D"),
    ErrorCase(ops.Pdist(), (ints(4, 3),), TypeError, "For 'Pdist', the dtype of 'x'"),
    ErrorCase(lambda: ops.Pdist(float("nan")), (), ValueError, "For 'Pdist', the 'p' must be a non-negative float"),
    # the compositions
    ErrorCase(ops.mm, (rand(2, 2, 3), rand(2, 3, 4)), ValueError, "For 'MatMul', the input 'x1' must be 2-D",
              prim="MatMul"),
    ErrorCase(lambda: ops.addmm(ms.Tensor(rand(2, 4)), ms.Tensor(rand(2, 3)), ms.Tensor(rand(3, 4)),
                                beta=ms.Tensor(2.0)), (), TypeError,
              "For 'addmm', the 'beta' must be an int or a float"),
    ErrorCase(ops.baddbmm_ext, (rand(2, 4), rand(2, 3), rand(3, 4)), RuntimeError,
              "For 'baddbmm_ext', the 'batch1' must be a 3-D Tensor"),
    ErrorCase(ops.kron, ([1, 2], rand(2)), TypeError, "For 'kron', the 'input' must be a Tensor"),
    ErrorCase(ops.tensor_dot, (rand(2, 3), rand(2, 4), 1), ValueError,
              "For 'tensor_dot', the contracted axes must have equal sizes"),
    ErrorCase(ops.tensor_dot, (rand(2, 3), rand(3, 4), "x"), TypeError, "For 'tensor_dot', the 'axes'"),
    ErrorCase(ops.batch_dot, (ints(2, 2), ints(2, 2)), TypeError, "For 'batch_dot', the dtype of 'x1'"),
    ErrorCase(ops.batch_dot, (rand(3), rand(3)), ValueError, "For 'batch_dot', the inputs must have at least 2"),
    ErrorCase(ops.batch_dot, (rand(2, 3), rand(3, 3)), ValueError, "For 'batch_dot', the inputs must have the same "
              "batch size"),
    ErrorCase(ops.batch_dot, (rand(2, 3), rand(2, 3), (0, 0)), ValueError, "For 'batch_dot', the 'axes' can not "
              "contain the batch axis"),
    ErrorCase(ops.vecdot, (rand(2, 3), rand(2)), ValueError, "broadcast"),
    ErrorCase(ops.dist, (rand(3, dtype=np.float64), rand(3, dtype=np.float64)), TypeError,
              "For 'dist', the dtype of 'input'"),
    ErrorCase(ops.dist, (rand(3), rand(3), 2.5), TypeError, "For 'LpNorm', the 'p' must be int"),
    ErrorCase(ops.cov, (rand(2, 2, 3),), ValueError, "For 'cov', the 'input' must have 2 or fewer dimensions"),
    ErrorCase(lambda x, f: ops.cov(x, fweights=f), (rand(2, 3), rand(3)), TypeError,
              "For 'cov', the dtype of 'fweights'"),
    ErrorCase(lambda x, f: ops.cov(x, fweights=f), (rand(2, 3), ints(2)), ValueError,
              "For 'cov', the 'fweights' must be a scalar or 1-D with 3 elements"),
    ErrorCase(lambda x, a: ops.cov(x, aweights=a), (rand(2, 3), ints(3)), TypeError,
              "For 'cov', the dtype of 'aweights'"),
    ErrorCase(lambda: ops.MatrixDiagV3("UP"), (), ValueError, "For 'MatrixDiagV3', the 'align' must be one of"),
    ErrorCase(ops.MatrixDiagV3(), (rand(3, 3), [0, 1], -1, -1, 0.0), ValueError,
              "For 'MatrixDiagV3', the 'x' must hold 2 diagonals"),
    ErrorCase(ops.MatrixDiagV3(), (rand(3), 0, 2, 2, 0.0), ValueError, "For 'MatrixDiagV3', num_rows 2 and num_cols 2"),
    ErrorCase(ops.MatrixDiagV3(), (rand(3), 1.5, -1, -1, 0.0), TypeError, "For 'MatrixDiagV3', the 'k' must be"),
    ErrorCase(ops.MatrixDiagV3(), (rand(3), 0, -1, -1, rand(2)), ValueError,
              "For 'MatrixDiagV3', the 'padding_value' must be 0-D"),
    ErrorCase(ops.MatrixDiagPartV3(), (rand(3, 3), [2, 1], 0.0), ValueError,
              r"For 'MatrixDiagPartV3', the 'k' must satisfy k\[0\] <= k\[1\]"),
    ErrorCase(ops.MatrixDiagPartV3(), (rand(3, 3), 3, 0.0), ValueError, "For 'MatrixDiagPartV3', the 'k' must be "
              "within"),
    ErrorCase(ops.MatrixDiagPartV3(), (rand(3), 0, 0.0), ValueError, "For 'MatrixDiagPartV3', the input 'x'"),
    ErrorCase(ops.MatrixSetDiagV3(), (rand(3, 3), rand(2), 0), ValueError,
              r"For 'MatrixSetDiagV3', the 'diagonal' must have shape \(3,\)"),
    ErrorCase(ops.MatrixSetDiagV3(), (rand(3, 3), rand(3, dtype=np.float64), 0), TypeError,
              "For 'MatrixSetDiagV3', the dtype of 'diagonal'"),
    ErrorCase(ops.ConjugateTranspose(), (rand(2, 3), (1, 1)), ValueError,
              "For 'ConjugateTranspose', the 'perm' must be a permutation"),
    ErrorCase(ops.ConjugateTranspose(), (rand(2, 3), 1), TypeError, "For 'ConjugateTranspose', the 'perm' must be"),
    ErrorCase(ops.MatrixLogarithm(), (rand(2, 2),), TypeError, "For 'MatrixLogarithm', the dtype of 'x'"),
    ErrorCase(ops.MatrixLogarithm(), (rand(2, 3).astype(np.complex64),), ValueError, "For 'MatrixLogarithm'.*square"),
    ErrorCase(ops.MatrixSolveLs(), (rand(3, 2), rand(3, 1), np.array(0.0, np.float32)), TypeError,
              "For 'MatrixSolveLs', the dtype of 'l2_regularizer'"),
    ErrorCase(ops.MatrixSolveLs(), (rand(3, 2), rand(4, 1), np.array(0.0)), ValueError,
              "For 'MatrixSolveLs', the rows of 'matrix' and 'rhs'"),
    ErrorCase(ops.MatrixSolveLs(False), (rand(3, 2), rand(3, 1), np.array(0.5)), RuntimeError,
              "For 'MatrixSolveLs'.*l2_regularizer = 0"),
    ErrorCase(ops.TridiagonalMatMul(), (rand(3), rand(3), rand(3), rand(3, 2)), ValueError,
              "For 'TridiagonalMatMul', the input 'superdiag' must have at least 2"),
    ErrorCase(ops.TridiagonalMatMul(), (rand(1, 3), rand(1, 3), rand(1, 3), rand(4, 2)), ValueError,
              r"For 'TridiagonalMatMul', the 'superdiag' must have shape \(1, 4\)"),
    ErrorCase(ops.TridiagonalMatMul(), (ints(1, 3), ints(1, 3), ints(1, 3), ints(3, 2)), TypeError,
              "For 'TridiagonalMatMul', the dtype of 'superdiag'"),
    ErrorCase(ops.pinv, (ints(2, 2),), TypeError, "For 'pinv', the dtype of 'x'"),
    ErrorCase(ops.pinv, (rand(3),), ValueError, "For 'pinv', the 'x' must have at least 2 dimensions"),
    ErrorCase(ops.cond, (rand(2, 3),), ValueError, "For 'MatrixInverse'.*square"),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)


def test_tensor_methods():
    a = well_conditioned(3, 3)
    x = ms.Tensor(a)
    np.testing.assert_allclose(x.det().asnumpy(), np.linalg.det(a), rtol=1e-4)
    np.testing.assert_allclose(x.inverse().asnumpy(), np.linalg.inv(a), rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(x.mm(x).asnumpy(), a @ a, rtol=1e-5)
    np.testing.assert_allclose(x.addr(x[0], x[1], beta=2).asnumpy(), 2 * a + np.outer(a[0], a[1]), rtol=1e-5)
    q, r = x.qr(some=False)
    np.testing.assert_allclose((q @ r).asnumpy(), a, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(x.cross(x, 0).asnumpy(), np.zeros((3, 3)), atol=1e-6)


def test_addmm_in_place_rebinds():
    a, b, c = rand(2, 2), rand(2, 3), rand(3, 2)
    x = ms.Tensor(a)
    assert x.addmm_(ms.Tensor(b), ms.Tensor(c), alpha=2) is x
    np.testing.assert_allclose(x.asnumpy(), a + 2 * b @ c, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("prim, inputs", [
    (ops.Qr(True), (rand(2, 4, 3),)), (ops.Eig(True), (rand(2, 3, 3),)), (ops.Geqrf(), (rand(3, 5),)),
    (ops.LuUnpack(), (LU_TALL, PIVOTS)),
])
def test_infer_matches_the_kernel(prim, inputs):
    tensors = [ms.Tensor(v) for v in inputs]
    outs = prim(*tensors)
    assert [(s.shape, s.dtype) for s in prim.infer(*tensors)] == [(o.shape, o.dtype) for o in outs]


def test_diagonal_ops_take_tensor_arguments():
    """MindSpore's examples pass k, num_rows, num_cols and padding_value as Tensors."""
    k = ms.Tensor(np.array([-1, 1], np.int32))
    out = ops.matrix_diag(ms.Tensor(DIAG_X), k, ms.Tensor(np.int32(3)), ms.Tensor(np.int32(3)),
                          ms.Tensor(np.float32(11.0)), align="LEFT_RIGHT")
    np.testing.assert_array_equal(out.asnumpy(), DIAG_OUT)
    part = ops.matrix_diag_part(ms.Tensor(PART_X), ms.Tensor(np.array([1, 3], np.int32)), ms.Tensor(np.float32(9)))
    np.testing.assert_array_equal(part.asnumpy(), PART_OUT)
    new = ops.matrix_set_diag(ms.Tensor(np.full((3, 4), 7.0, np.float32)), ms.Tensor(SET_DIAGONAL),
                              ms.Tensor(np.array([-1, 2], np.int32)))
    np.testing.assert_array_equal(new.asnumpy(), SET_OUT)


def test_triangular_solve_method():
    """Tensor.triangular_solve(A, upper, transpose, unitriangular) returns (X, A); MindSpore's
    documented example: the upper triangle of ones solved for ones gives (0, 0, 1)."""
    b, a = np.ones((2, 3, 4), np.float32), np.ones((2, 3, 3), np.float32)
    x, same = ms.Tensor(b).triangular_solve(ms.Tensor(a))
    np.testing.assert_allclose(x.asnumpy(), np.broadcast_to([[0.0], [0.0], [1.0]], (2, 3, 4)), atol=1e-6)
    assert same.shape == (2, 3, 3)
    m, rhs = well_conditioned(3, 3, dtype=np.float64), rand(4, 3, 2, dtype=np.float64)
    x, _ = ms.Tensor(rhs).triangular_solve(ms.Tensor(m), upper=False, transpose=True, unitriangular=True)
    unit_lower = np.tril(m, -1) + np.eye(3)
    np.testing.assert_allclose(x.asnumpy(), np.linalg.solve(unit_lower.T, rhs), rtol=1e-10)
    with pytest.raises(TypeError, match="For 'triangular_solve', the 'upper' must be bool"):
        ms.Tensor(rhs).triangular_solve(ms.Tensor(m), upper=1)


SQUARE, PD = well_conditioned(3, 3), spd(3, 3)
FACTOR = np.linalg.cholesky(PD.astype(np.float64)).astype(np.float32)
GEQRF_Y, GEQRF_TAU = geqrf_ref(rand(3, 2))


@pytest.mark.parametrize("method, tensor, args, function", [
    ("mm", SQUARE, (SQUARE,), ops.mm), ("bmm", SQUARE, (SQUARE,), ops.bmm),
    ("addmm", SQUARE, (SQUARE, SQUARE), ops.addmm), ("addbmm", SQUARE, (rand(2, 3, 3), rand(2, 3, 3)), ops.addbmm),
    ("baddbmm", SQUARE, (SQUARE, SQUARE), ops.baddbmm), ("addmv", rand(3), (SQUARE, rand(3)), ops.addmv),
    ("adjoint", SQUARE, (), ops.adjoint), ("cov", SQUARE, (), ops.cov), ("det", SQUARE, (), ops.det),
    ("matrix_determinant", SQUARE, (), ops.matrix_determinant), ("slogdet", SQUARE, (), ops.slogdet),
    ("log_matrix_determinant", SQUARE, (), ops.log_matrix_determinant), ("logdet", PD, (), ops.logdet),
    ("inverse", SQUARE, (), ops.inverse), ("matrix_power", SQUARE, (2,), ops.matrix_power),
    ("cross", SQUARE, (SQUARE,), ops.cross), ("cholesky", PD, (), ops.cholesky),
    ("cholesky_inverse", FACTOR, (), ops.cholesky_inverse),
    ("cholesky_solve", rand(3, 2), (FACTOR,), ops.cholesky_solve),
    ("geqrf", SQUARE, (), ops.geqrf), ("eigvals", SQUARE, (), ops.eigvals), ("lstsq", SQUARE, (rand(3, 2),), ops.lstsq),
    ("lu_solve", rand(3, 1), (LU, PIVOTS), ops.lu_solve), ("svd", SQUARE, (), ops.svd),
    ("dot", SQUARE, (SQUARE,), ops.dot),
    ("inner", SQUARE, (SQUARE,), ops.inner), ("outer", SQUARE, (rand(2),), ops.outer),
    ("orgqr", GEQRF_Y, (GEQRF_TAU,), ops.orgqr), ("ormqr", GEQRF_Y, (GEQRF_TAU, rand(3, 2)), ops.ormqr),
    ("ger", rand(3), (rand(2),), ops.ger),
])
def test_tensor_method_is_the_function(method, tensor, args, function):
    x = ms.Tensor(tensor)
    tensors = tuple(ms.Tensor(a) if isinstance(a, np.ndarray) else a for a in args)
    got, want = getattr(x, method)(*tensors), function(x, *tensors)
    for g, w in zip(got if isinstance(got, tuple) else (got,), want if isinstance(want, tuple) else (want,)):
        np.testing.assert_array_equal(g.asnumpy(), w.asnumpy())
