"""Kernels of the primitives in ops/operations/linalg_ops.py and linalg_band_ops.py.

torch itself rejects operands of different dtypes or mismatched shapes; a kernel only
adds the checks torch would not make (MindSpore's rank rules, Bool and integer operands
it refuses), raising so that the Primitive's `infer` reports MindSpore's error.
"""
from __future__ import annotations

import numpy as np
import torch
import torch.nn.functional as F

from .jacobi_svd import JACOBI_COLUMNS, jacobi_svd
from .registry import kernel, kernel_factory


def _reject(reason: str):
    raise ValueError(reason)


def _transposed(flag: bool):
    return (lambda t: t.mT) if flag else (lambda t: t)


@kernel_factory("MatMul")
def mat_mul(prim):
    left, right = _transposed(prim.transpose_a), _transposed(prim.transpose_b)

    def run(x1, x2):
        return left(x1).mm(right(x2))  # mm refuses anything but two matrices, as MatMul does
    return run


@kernel_factory("BatchMatMul")
def batch_mat_mul(prim):
    left, right = _transposed(prim.transpose_a), _transposed(prim.transpose_b)

    def run(x1, x2):
        if x1.dim() < 2 or x2.dim() < 2:
            _reject("BatchMatMul needs operands of rank >= 2")
        return torch.matmul(left(x1), right(x2))
    return run


@kernel("MatMulExt")
def mat_mul_ext(input, other):
    return input.matmul(other)


@kernel("Dense")
def dense(x, w, b=None):
    if b is not None and b.dim() > 1:
        _reject("Dense needs a 0-D or 1-D bias")
    if w.dim() == 2:
        return F.linear(x, w, b)
    out = torch.matmul(x, w)
    return out if b is None else out + b


@kernel("Ger")
def ger(x1, x2):
    if not x1.is_floating_point() or x1.dtype != x2.dtype:
        _reject("Ger needs float operands of one dtype")
    return torch.outer(x1, x2)


@kernel("Outer")
def outer(input, vec2):
    return input.reshape(-1, 1) * vec2


@kernel_factory("Einsum")
def einsum(prim):
    equation = prim.equation

    def run(operands):
        if not isinstance(operands, (tuple, list)):
            operands = (operands,)
        if not all(t.is_floating_point() for t in operands):
            _reject("Einsum needs float operands")
        return torch.einsum(equation, *operands)
    return run


@kernel_factory("Svd")
def svd(prim):
    full_matrices, compute_uv = prim.full_matrices, prim.compute_uv

    def run(input):
        if input.numel() == 0:
            _reject("Svd needs a non-empty input")
        if not compute_uv:
            placeholder = torch.zeros(1, dtype=input.dtype, device=input.device)
            return torch.linalg.svdvals(input), placeholder, placeholder
        if input.dtype in (torch.float32, torch.float64) and input.shape[-1] < JACOBI_COLUMNS:
            return _jacobi_svd(input, full_matrices)
        u, s, vh = torch.linalg.svd(input, full_matrices=full_matrices)
        return s, u, vh.mH
    return run


def _jacobi_svd(input: torch.Tensor, full_matrices: bool):
    """(s, u, v) of each matrix of a real batch by Eigen's Jacobi SVD, whose singular
    vectors (signs, complement basis) are MindSpore's for matrices of under 16 columns
    (see jacobi_svd.py)."""
    *batch, m, n = input.shape
    k = min(m, n)
    matrices = input.detach().cpu().double().numpy().reshape(-1, m, n)
    results = [jacobi_svd(a) for a in matrices]
    cols_u, cols_v = (m, n) if full_matrices else (k, k)
    s = np.stack([r[0] for r in results]).reshape(*batch, k)
    u = np.stack([r[1][:, :cols_u] for r in results]).reshape(*batch, m, cols_u)
    v = np.stack([r[2][:, :cols_v] for r in results]).reshape(*batch, n, cols_v)
    return tuple(torch.from_numpy(x).to(device=input.device, dtype=input.dtype) for x in (s, u, v))


def _via_float32(fn):
    """`fn` for inputs LAPACK has no half-precision routine for: Float16 tensors are
    computed in Float32 and the results rounded back."""
    def run(*args):
        half = [a for a in args if isinstance(a, torch.Tensor) and a.dtype == torch.float16]
        if not half:
            return fn(*args)
        out = fn(*(a.float() if isinstance(a, torch.Tensor) and a.dtype == torch.float16 else a for a in args))
        if isinstance(out, tuple):
            return tuple(o.half() if o.is_floating_point() else o for o in out)
        return out.half()
    return run


@kernel("Trace")
def trace(x):
    return torch.trace(x).to(x.dtype)  # torch sums integers in Int64


@kernel("MatrixDeterminant")
@_via_float32
def matrix_determinant(x):
    return torch.linalg.det(x)


@kernel("LogMatrixDeterminant")
@_via_float32
def log_matrix_determinant(x):
    sign, log_abs = torch.linalg.slogdet(x)
    return sign, log_abs.to(x.dtype)  # a complex input's sign is complex, and so is its log|det| in MindSpore


@kernel_factory("MatrixInverse")
def matrix_inverse(prim):
    adjoint = prim.adjoint

    def run(x):
        return torch.linalg.inv_ex(x.mH if adjoint else x).inverse  # a singular matrix gives inf / nan, no error
    return run


@kernel_factory("MatrixSolve")
def matrix_solve(prim):
    adjoint = prim.adjoint

    @_via_float32
    def run(matrix, rhs):
        solution, info = torch.linalg.solve_ex(matrix.mH if adjoint else matrix, rhs)
        if info.any():
            _reject("MatrixSolve: the input 'matrix' is not invertible")
        return solution
    return run


@kernel_factory("MatrixTriangularSolve")
def matrix_triangular_solve(prim):
    lower, adjoint = prim.lower, prim.adjoint

    def run(matrix, rhs):
        triangle = matrix.tril() if lower else matrix.triu()
        if adjoint:
            return torch.linalg.solve_triangular(triangle.mH, rhs, upper=lower)
        return torch.linalg.solve_triangular(triangle, rhs, upper=not lower)
    return run


@kernel_factory("MatrixPower")
def matrix_power(prim):
    n = prim.n

    def run(x):
        if n < 0 and not x.is_floating_point():
            _reject("MatrixPower: integer matrices have no negative powers")
        return torch.linalg.matrix_power(x, n)
    return run


@kernel("MatrixExp")
@_via_float32
def matrix_exp(x):
    return torch.linalg.matrix_exp(x)


def _bound(value) -> int:
    return int(value.item()) if isinstance(value, torch.Tensor) else int(value)


@kernel("MatrixBandPart")
def matrix_band_part(x, lower, upper):
    rows, cols = x.shape[-2:]
    below, above = _bound(lower), _bound(upper)
    i = torch.arange(rows, device=x.device).unsqueeze(-1)
    j = torch.arange(cols, device=x.device)
    keep = ((below < 0) | (i - j <= below)) & ((above < 0) | (j - i <= above))
    return torch.where(keep, x, torch.zeros((), dtype=x.dtype, device=x.device))


@kernel_factory("Cholesky")
def cholesky(prim):
    upper = prim.upper

    @_via_float32
    def run(x):
        factor, info = torch.linalg.cholesky_ex(x, upper=upper)
        if info.any():
            _reject("Cholesky expects symmetric positive definite matrices as inputs")
        return factor
    return run


@kernel_factory("CholeskyInverse")
def cholesky_inverse(prim):
    upper = prim.upper

    @_via_float32
    def run(x):
        inverse = torch.linalg.inv_ex(x).inverse  # (x x^T)^-1 = x^-T x^-1, without squaring x's condition
        return inverse @ inverse.mT if upper else inverse.mT @ inverse
    return run


@kernel_factory("CholeskySolve")
def cholesky_solve(prim):
    upper = prim.upper

    def run(x1, x2):
        return torch.cholesky_solve(x1, x2, upper=upper)
    return run


@kernel_factory("Qr")
def qr(prim):
    mode = "complete" if prim.full_matrices else "reduced"

    @_via_float32
    def run(x):
        return tuple(torch.linalg.qr(x, mode=mode))
    return run


@kernel("Geqrf")
@_via_float32
def geqrf(x):
    return tuple(torch.geqrf(x))


@kernel("Orgqr")
def orgqr(x, tau):
    return torch.linalg.householder_product(x, tau)


@kernel_factory("Ormqr")
def ormqr(prim):
    left, transpose = prim.left, prim.transpose

    def run(x, tau, other):
        return torch.ormqr(x, tau, other, left=left, transpose=transpose)
    return run


@kernel_factory("Eig")
def eig(prim):
    compute_v = prim.compute_v

    def run(x):
        if compute_v:
            return tuple(torch.linalg.eig(x))
        values = torch.linalg.eigvals(x)
        return values, torch.zeros((), dtype=values.dtype, device=x.device)
    return run


@kernel_factory("Lstsq")
def lstsq(prim):
    l2 = prim.l2_regularizer

    @_via_float32
    def run(x, a):
        rhs = a.unsqueeze(-1) if a.dim() == 1 else a
        if l2 == 0.0:
            return torch.linalg.lstsq(x, rhs, driver="gelsd").solution
        # Tikhonov: (x^T x + l2 I) out = x^T a
        gram = x.mT @ x + l2 * torch.eye(x.shape[-1], dtype=x.dtype, device=x.device)
        return torch.linalg.solve(gram, x.mT @ rhs)
    return run


@kernel("LuSolve")
@_via_float32
def lu_solve(x, lu_data, lu_pivots):
    return torch.linalg.lu_solve(lu_data, lu_pivots, x)


@kernel_factory("LuUnpack")
def lu_unpack(prim):
    unpack_data, unpack_pivots = prim.unpack_data, prim.unpack_pivots

    def run(lu_data, lu_pivots):
        rows, k = lu_data.shape[-2], min(lu_data.shape[-2:])
        if lu_pivots.numel() and (lu_pivots.min() < 1 or lu_pivots.max() > rows):
            _reject(f"LuUnpack: the pivots must be in [1, {rows}]")
        data = lu_data if lu_data.is_floating_point() or lu_data.is_complex() else lu_data.double()
        p, lower, upper = torch.lu_unpack(data, lu_pivots.int(), unpack_data, unpack_pivots)
        empty = torch.zeros(0, dtype=lu_data.dtype, device=lu_data.device)
        p = p.to(lu_data.dtype) if unpack_pivots else empty
        if not unpack_data:
            return p, empty, empty
        return p, lower[..., :k].to(lu_data.dtype), upper[..., :k, :].to(lu_data.dtype)
    return run


@kernel_factory("Cross")
def cross(prim):
    infer_axis = prim.axis

    def run(x1, x2):
        x1, x2 = torch.broadcast_tensors(x1, x2)
        return torch.linalg.cross(x1, x2, dim=infer_axis(tuple(x1.shape)))
    return run


@kernel_factory("Cdist")
def cdist(prim):
    p = prim.p

    @_via_float32
    def run(x1, x2):
        return torch.cdist(x1, x2, p=p, compute_mode="donot_use_mm_for_euclid_dist")  # exact, not Gram-based
    return run


@kernel_factory("Pdist")
def pdist(prim):
    p = prim.p

    @_via_float32
    def run(x):
        return F.pdist(x, p=p)
    return run


def _band_slots(band, device):
    """For each diagonal of `band`: (packed row, slice of the packed row, rows, columns)
    of its elements."""
    slots = []
    for d, row, offset, length in band.diagonals():
        steps = torch.arange(length, device=device)
        slots.append((row, slice(offset, offset + length), steps - min(0, d), steps + max(0, d)))
    return slots


def _scalar(value):
    return value.item() if isinstance(value, torch.Tensor) else value


@kernel_factory("MatrixDiagPartV3")
def matrix_diag_part_v3(prim):
    def run(x, k, padding_value):
        band = prim.band(x.shape[-2], x.shape[-1], k.tolist() if isinstance(k, torch.Tensor) else k)
        count = band.k1 - band.k0 + 1
        out = torch.full(x.shape[:-2] + (count, band.width), _scalar(padding_value), dtype=x.dtype, device=x.device)
        for row, packed, rows, cols in _band_slots(band, x.device):
            out[..., row, packed] = x[..., rows, cols]
        return out[..., 0, :] if count == 1 else out
    return run


@kernel_factory("MatrixDiagV3")
def matrix_diag_v3(prim):
    def run(x, k, num_rows, num_cols, padding_value):
        k = k.tolist() if isinstance(k, torch.Tensor) else k
        rows, cols = prim.matrix_size(x.shape[-1], k, _scalar(num_rows), _scalar(num_cols))
        band = prim.band(rows, cols, k)
        packed = x if band.k0 != band.k1 else x.unsqueeze(-2)
        out = torch.full(packed.shape[:-2] + (rows, cols), _scalar(padding_value), dtype=x.dtype, device=x.device)
        for row, part, rows, cols in _band_slots(band, x.device):
            out[..., rows, cols] = packed[..., row, part]
        return out
    return run


@kernel_factory("MatrixSetDiagV3")
def matrix_set_diag_v3(prim):
    def run(x, diagonal, k):
        band = prim.band(x.shape[-2], x.shape[-1], k.tolist() if isinstance(k, torch.Tensor) else k)
        packed = diagonal if band.k0 != band.k1 else diagonal.unsqueeze(-2)
        out = x.clone()
        for row, part, rows, cols in _band_slots(band, x.device):
            out[..., rows, cols] = packed[..., row, part]
        return out
    return run


@kernel("ConjugateTranspose")
def conjugate_transpose(x, perm):
    out = x.permute(*perm)
    return out.conj().resolve_conj() if out.is_complex() else out.contiguous()


@kernel("MatrixLogarithm")
def matrix_logarithm(x):
    values, vectors = torch.linalg.eig(x)
    return (vectors * torch.log(values).unsqueeze(-2)) @ torch.linalg.inv(vectors)


@kernel_factory("MatrixSolveLs")
def matrix_solve_ls(prim):
    fast = prim.fast

    @_via_float32
    def run(matrix, rhs, l2_regularizer):
        l2 = float(l2_regularizer)
        if not fast:
            if l2 != 0.0:
                _reject("MatrixSolveLs: fast=False needs l2_regularizer = 0")
            driver = "gelsd" if matrix.device.type == "cpu" else None
            return torch.linalg.lstsq(matrix, rhs, driver=driver).solution
        m, n = matrix.shape[-2:]
        adjoint = matrix.mH
        if m >= n:  # (A^H A + l2 I) X = A^H rhs
            gram = adjoint @ matrix + l2 * torch.eye(n, dtype=matrix.dtype, device=matrix.device)
            return torch.cholesky_solve(adjoint @ rhs, torch.linalg.cholesky(gram))
        # wide: X = A^H (A A^H + l2 I)^-1 rhs
        gram = matrix @ adjoint + l2 * torch.eye(m, dtype=matrix.dtype, device=matrix.device)
        return adjoint @ torch.cholesky_solve(rhs, torch.linalg.cholesky(gram))
    return run


@kernel("TridiagonalMatMul")
def tridiagonal_mat_mul(superdiag, maindiag, subdiag, rhs):
    out = maindiag.mT * rhs
    out[..., :-1, :] += superdiag.mT[..., :-1, :] * rhs[..., 1:, :]
    out[..., 1:, :] += subdiag.mT[..., 1:, :] * rhs[..., :-1, :]
    return out
