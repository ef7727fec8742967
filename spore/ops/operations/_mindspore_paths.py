"""The Primitive classes MindSpore 2.7.1 keeps in each `ops.operations.<family>_ops` module
whose name spore's family files share (`nn_ops`, `math_ops`, ...): spore groups its
primitives by kernel family, so `nn_ops.Conv2D` lives in spore's `conv_ops`.

`install()` gives each such spore module a module-level `__getattr__` that answers these
names from `spore.ops.operations`, so `from mindspore.ops.operations import nn_ops as NN;
NN.Conv2D` is spore's Conv2D: one definition, and MindSpore's path to it.
"""
from __future__ import annotations

import importlib

from ..._path_alias import resolver

MINDSPORE_NAMES: dict[str, frozenset] = {
    "array_ops": frozenset({
        "AffineGrid", "ArgMaxExt", "ArgMaxWithValue", "ArgMinWithValue", "Argmax", "Argmin", "ArgminV2",
        "BatchToSpace", "BatchToSpaceNDV2", "Bincount", "BroadcastTo", "Cast", "CheckNumerics", "Coalesce",
        "Col2Im", "Concat", "ConcatOffsetV1", "ConjugateTranspose", "CountNonZero", "CumProd", "CumSum",
        "Cummax", "Cummin", "DType", "DepthToSpace", "Diag", "DiagPart", "EditDistance", "EmbeddingLookup",
        "Expand", "ExpandDims", "ExtractVolumePatches", "Eye", "Fill", "FillDiagonal", "FillV2", "Fills",
        "Gather", "GatherD", "GatherNd", "HammingWindow", "Identity", "IdentityN", "Im2Col", "IndexFill",
        "IndexPut", "InvertPermutation", "LeftShift", "ListDiff", "LogSpace", "LowerBound", "Lstsq",
        "MaskedFill", "MaskedScatter", "MaskedSelect", "MatrixBandPart", "MatrixDiagPartV3", "MatrixDiagV3",
        "MatrixSetDiagV3", "Meshgrid", "Mvlgamma", "NonZero", "Ones", "OnesLike", "Padding", "ParallelConcat",
        "PopulationCount", "Range", "RangeV2", "Rank", "Reshape", "ResizeNearestNeighbor",
        "ResizeNearestNeighborV2", "ReverseSequence", "ReverseV2", "RightShift", "Rint", "ScalarToTensor",
        "ScatterAdd", "ScatterAddWithAxis", "ScatterDiv", "ScatterMax", "ScatterMin", "ScatterMul", "ScatterNd",
        "ScatterNdAdd", "ScatterNdDiv", "ScatterNdMax", "ScatterNdMin", "ScatterNdMul", "ScatterNdSub",
        "ScatterNdUpdate", "ScatterSub", "ScatterUpdate", "SearchSorted", "SegmentMax", "SegmentMean",
        "SegmentMin", "SegmentProd", "SegmentSum", "Select", "Shape", "Size", "Slice", "Sort", "SpaceToBatch",
        "SpaceToBatchND", "SpaceToDepth", "SparseGatherV2", "Split", "SplitV", "Squeeze", "Stack",
        "StridedSlice", "TensorScatterAdd", "TensorScatterDiv", "TensorScatterElements",
        "TensorScatterElementsExt", "TensorScatterMax", "TensorScatterMin", "TensorScatterMul",
        "TensorScatterSub", "TensorScatterUpdate", "TensorShape", "Tile", "TopK", "TopkExt", "TransShape",
        "Transpose", "TransposeExtView", "TransposeView", "Tril", "Triu", "TupleToArray", "TypeAs", "Unique",
        "UniqueConsecutive", "UniqueWithPad", "UnravelIndex", "UnsortedSegmentMax", "UnsortedSegmentMin",
        "UnsortedSegmentProd", "UnsortedSegmentSum", "Unsqueeze", "Unstack", "UpperBound", "Zeros", "ZerosLike",
    }),
    "math_ops": frozenset({
        "ACos", "Abs", "AccumulateNV2", "Acosh", "Add", "AddN", "AddV2", "Addcdiv", "AddcdivExt", "Addcmul",
        "AddcmulExt", "Angle", "ApproximateEqual", "Asin", "Asinh", "AssignAdd", "AssignSub", "Atan", "Atan2",
        "Atanh", "BatchMatMul", "Bernoulli", "BesselI0", "BesselI0e", "BesselI1", "BesselI1e", "BesselJ0",
        "BesselJ1", "BesselK0", "BesselK0e", "BesselK1", "BesselK1e", "BesselY0", "BesselY1", "Betainc",
        "BitwiseAnd", "BitwiseOr", "BitwiseXor", "Bucketize", "Cauchy", "Cdist", "Ceil", "Cholesky",
        "CholeskyInverse", "CholeskySolve", "CompareAndBitpack", "Complex", "ComplexAbs", "Conj", "Cos", "Cosh",
        "Cross", "CumProd", "CumSum", "CumulativeLogsumexp", "Digamma", "Div", "DivMod", "DivNoNan", "Eig",
        "Einsum", "Eps", "Equal", "EqualCount", "Erf", "Erfc", "Erfinv", "EuclideanNorm", "Exp", "Expm1",
        "FFTWithSize", "FloatStatus", "Floor", "FloorDiv", "FloorMod", "Fmax", "Fmin", "Gcd", "Ger", "Greater",
        "GreaterEqual", "Heaviside", "Histogram", "HistogramFixedWidth", "Hypot", "Igamma", "Igammac", "Imag",
        "IndexAdd", "InplaceAdd", "InplaceIndexAdd", "InplaceSub", "InplaceUpdateV2", "Inv", "Invert",
        "IsClose", "IsFinite", "IsInf", "IsNan", "Lcm", "Lerp", "LerpScalar", "Less", "LessEqual", "Lgamma",
        "LinSpace", "Log", "Log1p", "LogMatrixDeterminant", "LogicalAnd", "LogicalNot", "LogicalOr",
        "LogicalXor", "Logit", "LpNorm", "Lu", "LuSolve", "LuUnpack", "MatMul", "MatrixDeterminant",
        "MatrixExp", "MatrixInverse", "MatrixLogarithm", "MatrixPower", "MatrixSolve", "MatrixSolveLs",
        "MatrixTriangularSolve", "Maximum", "Median", "Minimum", "Mod", "Mul", "MulNoNan", "NMSWithMask",
        "NPUAllocFloatStatus", "NPUClearFloatStatus", "NPUClearFloatStatusV2", "NPUGetFloatStatus",
        "NPUGetFloatStatusV2", "NanToNum", "Neg", "NextAfter", "NotEqual", "Orgqr", "Ormqr", "Polar",
        "Polygamma", "Pow", "Qr", "Quantile", "RaggedRange", "Real", "RealDiv", "Reciprocal", "ReduceAll",
        "ReduceAny", "ReduceMax", "ReduceMean", "ReduceMin", "ReduceProd", "ReduceStd", "ReduceSum", "Renorm",
        "Roll", "Round", "Rsqrt", "STFT", "SelfAdjointEig", "Sign", "Sin", "Sinc", "Sinh", "SparseSegmentMean",
        "Sqrt", "Square", "SquareSumAll", "SquaredDifference", "Sub", "Tan", "TanhGrad", "Trace",
        "TridiagonalMatMul", "TridiagonalSolve", "TrilIndices", "TriuIndices", "Trunc", "TruncateDiv",
        "TruncateMod", "Xdivy", "Xlogy", "Zeta",
    }),
    "nn_ops": frozenset({
        "Adam", "AdamNoUpdateParam", "AdamWeightDecay", "AdaptiveAvgPool2D", "AdaptiveAvgPool3D",
        "AdaptiveMaxPool2D", "AdaptiveMaxPool3D", "AllFinite", "ApplyAdaMax", "ApplyAdadelta", "ApplyAdagrad",
        "ApplyAdagradDA", "ApplyAdagradV2", "ApplyAdamWithAmsgrad", "ApplyAdamWithAmsgradV2", "ApplyAddSign",
        "ApplyCenteredRMSProp", "ApplyFtrl", "ApplyGradientDescent", "ApplyKerasMomentum", "ApplyMomentum",
        "ApplyPowerSign", "ApplyProximalAdagrad", "ApplyProximalGradientDescent", "ApplyRMSProp",
        "ApplyRotaryPosEmb", "AvgPool", "AvgPool3D", "AvgPoolV1", "BCEWithLogitsLoss", "BasicLSTMCell",
        "BatchNorm", "BiasAdd", "BinaryCrossEntropy", "CTCGreedyDecoder", "CTCLoss", "CTCLossV2",
        "CTCLossV2Grad", "CeLU", "ChannelShuffle", "ComputeAccidentalHits", "Conv2D", "Conv2DBackpropInput",
        "Conv2DTranspose", "Conv3D", "Conv3DBackpropInput", "Conv3DTranspose", "DataFormatDimMap",
        "DataFormatVecPermute", "DeformableOffsets", "Dense", "DepthwiseConv2dNative", "Dilation2D", "Dropout",
        "Dropout2D", "Dropout3D", "DynamicGRUV2", "DynamicRNN", "Elu", "Embedding", "FastGeLU",
        "FlashAttentionScore", "Flatten", "FractionalAvgPool", "FractionalMaxPool",
        "FractionalMaxPool3DWithFixedKsize", "FractionalMaxPoolWithFixedKsize", "FusedBatchNorm",
        "FusedBatchNormEx", "FusedSparseAdam", "FusedSparseFtrl", "FusedSparseLazyAdam",
        "FusedSparseProximalAdagrad", "GLU", "GeLU", "GetNext", "GridSampler2D", "GridSampler3D", "GroupTopk",
        "HShrink", "HSigmoid", "HSwish", "InTopK", "IncreFlashAttention", "InstanceNorm", "InstanceNormV2",
        "KLDivLoss", "KvScaleCache", "L2Loss", "L2Normalize", "LARSUpdate", "LRN", "LSTM", "LayerNorm",
        "LayerNormExt", "LogSoftmax", "LogSoftmaxExt", "MSELossExt", "MaxPool", "MaxPool3D",
        "MaxPool3DWithArgmax", "MaxPoolV1", "MaxPoolWithArgmaxV2", "MaxUnpool2D", "MaxUnpool3D", "MirrorPad",
        "Mish", "MultiMarginLoss", "MultilabelMarginLoss", "NLLLoss", "NthElement", "NuclearNorm", "OneHot",
        "PReLU", "PSROIPooling", "Pad", "PadV3", "PagedAttention", "PagedAttentionMask", "Pdist",
        "PromptFlashAttention", "RNNTLoss", "ROIAlign", "ReLU", "ReLU6", "ReLUV3", "ReshapeAndCache", "RmsNorm",
        "SGD", "SeLU", "Sigmoid", "SigmoidCrossEntropyWithLogits", "SmoothL1Loss", "SoftMarginLoss",
        "SoftShrink", "Softmax", "SoftmaxCrossEntropyWithLogits", "Softplus", "SoftplusExt", "Softsign",
        "SparseApplyAdadelta", "SparseApplyAdagrad", "SparseApplyAdagradDA", "SparseApplyAdagradV2",
        "SparseApplyCenteredRMSProp", "SparseApplyFtrl", "SparseApplyFtrlV2", "SparseApplyMomentum",
        "SparseApplyProximalAdagrad", "SparseApplyProximalGradientDescent", "SparseApplyRMSProp",
        "SparseSoftmaxCrossEntropyWithLogits", "SparseSoftmaxCrossEntropyWithLogitsV2", "Tanh",
        "TripletMarginLoss", "UpsampleBilinear2D", "UpsampleLinear1D", "UpsampleNearest1D", "UpsampleNearest2D",
        "UpsampleNearest3D", "UpsampleTrilinear3D", "WKV",
    }),
    "other_ops": frozenset({
        "Assign", "BoundingBoxDecode", "BoundingBoxEncode", "CheckValid", "ConfusionMatrix", "Depend", "IOU",
        "Identity", "Load", "MoveTo", "Partial", "Pull", "Push", "PyExecute", "PyFunc", "PyInterpret",
        "Reusing", "SampleDistortedBoundingBoxV2", "StopGradient", "UpdateState",
    }),
    "debug_ops": frozenset({
        "Assert", "DumpGradient", "HistogramSummary", "HookBackward", "ImageSummary", "InsertGradientOf",
        "Morph", "Print", "ScalarSummary", "TensorDump", "TensorSummary",
    }),
}


def install() -> None:
    """Let each family module answer the names MindSpore keeps at its path."""
    for family, names in MINDSPORE_NAMES.items():
        module = importlib.import_module(f"spore.ops.operations.{family}")
        get_attribute, _ = resolver(module.__name__, "spore.ops.operations", names)
        module.__getattr__ = get_attribute
