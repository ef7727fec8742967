"""The singular value decomposition as Eigen's two-sided Jacobi SVD computes it, in
float64 NumPy: the singular vectors' signs (and, with full matrices, the basis of the
orthogonal complement) are those of that algorithm, which LAPACK's do not share.

MindSpore's CPU Svd runs Eigen's BDCSVD, which hands matrices of fewer than 16 columns
to JacobiSVD: for those, this reproduces MindSpore's vectors. The steps: scale by the
largest magnitude; a non-square matrix is first reduced to a square triangle by a
Householder QR with column pivoting (of the matrix, or of its transpose when it is
wide); then sweeps of 2x2 rotations (a symmetrizing rotation, then the Jacobi rotation
that diagonalizes the symmetric 2x2 block) until every off-diagonal entry is below
2 eps times the largest diagonal one; negative diagonal entries flip their left vector;
the values are sorted in decreasing order by selection.
"""
from __future__ import annotations

import numpy as np

_TINY = np.finfo(np.float64).tiny
_PRECISION = 2 * np.finfo(np.float64).eps

JACOBI_COLUMNS = 16
"""Eigen's BDCSVD uses JacobiSVD below this many columns."""


def _pivoted_qr(a: np.ndarray):
    """(Q (m, m), R (min(m, n), n) upper triangular, column order) with a[:, order] = Q R:
    Householder reflections whose R diagonal has the sign opposite to the pivot entry,
    the column of largest remaining norm pivoted first."""
    a = a.copy()
    m, n = a.shape
    order = np.arange(n)
    q = np.eye(m)
    for k in range(min(m, n)):
        norms = np.einsum("ij,ij->j", a[k:, k:], a[k:, k:])
        j = k + int(np.argmax(norms))
        a[:, [k, j]], order[[k, j]] = a[:, [j, k]], order[[j, k]]
        head, tail = a[k, k], a[k + 1:, k]
        tail_norm2 = float(tail @ tail)
        if tail_norm2 <= _TINY:
            continue
        beta = -np.copysign(np.sqrt(head * head + tail_norm2), head)
        v = np.concatenate(([1.0], tail / (head - beta)))
        tau = (beta - head) / beta
        a[k:, k:] -= tau * np.outer(v, v @ a[k:, k:])
        a[k + 1:, k] = 0.0
        q[:, k:] -= tau * np.outer(q[:, k:] @ v, v)
    return q, np.triu(a[:min(m, n)]), order


def _rotate_rows(w: np.ndarray, p: int, q: int, c: float, s: float) -> None:
    x, y = w[p].copy(), w[q].copy()
    w[p], w[q] = c * x + s * y, c * y - s * x


def _rotate_columns(w: np.ndarray, p: int, q: int, c: float, s: float) -> None:
    x, y = w[:, p].copy(), w[:, q].copy()
    w[:, p], w[:, q] = c * x + s * y, c * y - s * x


def _symmetric_rotation(x: float, y: float, z: float) -> tuple[float, float]:
    """(c, s) of the rotation diagonalizing the symmetric block [[x, y], [y, z]]."""
    if 2 * abs(y) < _TINY:
        return 1.0, 0.0
    tau = (x - z) / (2 * abs(y))
    w = np.sqrt(tau * tau + 1)
    t = 1 / (tau + w) if tau > 0 else 1 / (tau - w)
    n = 1 / np.sqrt(t * t + 1)
    return n, -np.sign(t) * np.sign(y) * abs(t) * n


def _sweep_pair(work, u, v, p: int, q: int) -> None:
    """One 2x2 step on rows / columns p, q: work = Jl^T work Jr, u = u Jl, v = v Jr."""
    a, b, c, d = work[p, p], work[p, q], work[q, p], work[q, q]
    trace, skew = a + d, c - b
    if abs(skew) < _TINY:
        c1, s1 = 1.0, 0.0
    else:
        ratio = trace / skew
        s1 = 1 / np.sqrt(1 + ratio * ratio)
        c1 = ratio * s1
    # the block made symmetric by the first rotation
    top, corner, bottom = c1 * a + s1 * c, c1 * b + s1 * d, c1 * d - s1 * b
    cr, sr = _symmetric_rotation(top, corner, bottom)
    cl, sl = c1 * cr + s1 * sr, s1 * cr - c1 * sr
    _rotate_rows(work, p, q, cl, sl)
    _rotate_columns(u, p, q, cl, sl)
    _rotate_columns(work, p, q, cr, -sr)
    _rotate_columns(v, p, q, cr, -sr)


def jacobi_svd(matrix: np.ndarray):
    """(s (k,), u (m, m), v (n, n)) of the real (m, n) matrix with matrix = u[:, :k]
    diag(s) v[:, :k]^T, k = min(m, n), s decreasing (see the module)."""
    m, n = matrix.shape
    scale = float(np.abs(matrix).max()) or 1.0
    a = matrix.astype(np.float64) / scale
    if m > n:
        u, r, order = _pivoted_qr(a)
        work, v = r[:, :n].copy(), np.eye(n)[:, order]
    elif n > m:
        v, r, order = _pivoted_qr(a.T)
        work, u = r[:, :m].T.copy(), np.eye(m)[:, order]
    else:
        work, u, v = a.copy(), np.eye(m), np.eye(n)
    k = min(m, n)
    largest = float(np.abs(np.diag(work)).max()) if k else 0.0
    finished = False
    while not finished:
        finished = True
        for p in range(1, k):
            for q in range(p):
                threshold = max(_TINY, _PRECISION * largest)
                if abs(work[p, q]) > threshold or abs(work[q, p]) > threshold:
                    finished = False
                    _sweep_pair(work, u, v, p, q)
                    largest = max(largest, abs(work[p, p]), abs(work[q, q]))
    s = np.diag(work)[:k].copy()
    negative = s < 0
    u[:, :k][:, negative] *= -1
    s = np.abs(s) * scale
    for i in range(k):
        j = i + int(np.argmax(s[i:]))
        if j != i:
            s[[i, j]], u[:, [i, j]], v[:, [i, j]] = s[[j, i]], u[:, [j, i]], v[:, [j, i]]
    return s, u, v
