"""`mindspore.ops.operations.sparse_ops`: the sparse tensor Primitive classes MindSpore keeps at
this path, as defined in `spore.ops.operations` (those spore has)."""
from ..._path_alias import resolver

__getattr__, __dir__ = resolver(__name__, "spore.ops.operations", frozenset({
    "CSRSparseMatrixToDense", "CSRSparseMatrixToSparseTensor", "DenseToCSRSparseMatrix",
    "DenseToDenseSetOperation", "DenseToSparseSetOperation", "RaggedTensorToSparse", "RaggedTensorToTensor",
    "SetSize", "SparseAdd", "SparseAddmm", "SparseConcat", "SparseCountSparseOutput", "SparseDenseCwiseAdd",
    "SparseDenseCwiseDiv", "SparseDenseCwiseMul", "SparseFillEmptyRows", "SparseMatrixAdd",
    "SparseMatrixMatMul", "SparseMatrixNNZ", "SparseMatrixOrderingAMD", "SparseMatrixSoftmax",
    "SparseMatrixSparseMatMul", "SparseMatrixTranspose", "SparseReorder", "SparseReshape",
    "SparseSegmentMeanWithNumSegments", "SparseSegmentSqrtN", "SparseSegmentSqrtNWithNumSegments",
    "SparseSegmentSum", "SparseSegmentSumWithNumSegments", "SparseSlice", "SparseSoftmax",
    "SparseSparseMaximum", "SparseSparseMinimum", "SparseSplit", "SparseTensorDenseAdd",
    "SparseTensorDenseMatmul", "SparseTensorToCSRSparseMatrix", "SparseToDense", "SparseToDenseV2",
    "Sspaddmm",
}))
