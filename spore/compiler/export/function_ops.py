"""The ops MindSpore 2.7.1 writes as PRIMITIVE_FUNCTION (those with a generated or manual
op definition): their init arguments (MatMul's transpose_a, ReduceMean's keep_dims,
BatchNorm's epsilon...) are node inputs after the call inputs, not primitive attributes.
Listed for the ops spore has; spore's other ops are classic primitives (Conv2D, MaxPool...)
whose arguments are attributes."""

FUNCTION_OPS = frozenset({
    "ACos", "Abs", "Acosh", "AdamWeightDecay", "AdaptiveAvgPool1D", "AdaptiveMaxPool1D", "AdaptiveMaxPool2D",
    "Add", "AddN", "Addcdiv", "Addcmul", "Angle", "ArgMaxWithValue", "ArgMinWithValue", "Argmax", "Argmin",
    "Asin", "Asinh", "Assign", "AssignAdd", "AssignSub", "Atan", "Atan2", "Atanh", "AvgPool", "AvgPool1D",
    "AvgPool2D", "AvgPool2DGrad", "AvgPoolGrad", "BCEWithLogitsLoss", "BatchMatMul", "BatchNorm",
    "BatchNormGrad", "BernoulliExt", "Betainc", "BiasAdd", "BinaryCrossEntropy", "BroadcastTo", "Cast", "Cdist",
    "CeLU", "Ceil", "Cholesky", "CholeskyInverse", "Complex", "Concat", "Conj", "ConvTranspose2D", "Cos",
    "Cosh", "CountNonZero", "Cross", "CumProd", "CumSum", "Cummax", "Cummin", "Dense", "Diag", "Div", "DivMod",
    "Dropout", "Eig", "Elu", "Equal", "Erf", "Erfc", "Erfinv", "Exp", "ExpandDims", "Expm1", "Eye", "FFT",
    "FFT2", "FFTN", "FFTWithSize", "FastGeLU", "Flatten", "Floor", "FloorDiv", "FloorMod", "Gather", "GatherD",
    "GatherNd", "Gcd", "GeLU", "Geqrf", "Greater", "GreaterEqual", "GroupNorm", "HFFT", "HFFT2", "HFFTN",
    "HShrink", "HSigmoid", "HSwish", "IFFT", "IFFT2", "IFFTN", "IHFFT", "IHFFT2", "IHFFTN", "IRFFT", "IRFFT2",
    "IRFFTN", "Identity", "InplaceExponential", "InplaceNormal", "InplaceRandom", "InplaceUniform", "IsClose",
    "IsFinite", "IsInf", "LayerNorm", "Lerp", "LerpScalar", "Less", "LessEqual", "LinSpace", "LinalgVectorNorm",
    "Log", "Log1p", "LogMatrixDeterminant", "LogSoftmax", "LogSoftmaxGrad", "LogSumExp", "LogicalAnd",
    "LogicalNot", "LogicalOr", "LogicalXor", "Logit", "MaskedFill", "MaskedScatter", "MaskedSelect", "MatMul",
    "MatMulExt", "MatrixDeterminant", "MatrixExp", "Maximum", "Meshgrid", "Minimum", "Mul", "NLLLoss",
    "NLLLossGrad", "NanToNum", "Neg", "NextAfter", "NonZero", "NotEqual", "OneHot", "Ones", "OnesLike", "Outer",
    "PReLU", "Polar", "Pow", "ProdExt", "Qr", "RFFT", "RFFT2", "RFFTN", "RandpermV2", "Range", "Rank", "ReLU",
    "ReLU6", "Real", "RealDiv", "Reciprocal", "ReduceAll", "ReduceAny", "ReduceMax", "ReduceMean", "ReduceMin",
    "ReduceProd", "ReduceStd", "ReduceSum", "ReluGrad", "RepeatInterleaveGrad", "RepeatInterleaveInt",
    "RepeatInterleaveTensor", "Reshape", "ResizeBicubic", "ResizeBicubicGrad", "ResizeBilinearGrad",
    "ResizeBilinearV2", "ResizeLinear1D", "ResizeLinear1DGrad", "ResizeNearestNeighbor",
    "ResizeNearestNeighborGrad", "ResizeNearestNeighborV2", "ResizeNearestNeighborV2Grad", "ReverseV2",
    "RightShift", "Roll", "Round", "Rsqrt", "ScalarCast", "ScalarToTensor", "ScatterNd", "SearchSorted",
    "Select", "Shape", "SiLU", "Sigmoid", "SigmoidGrad", "Sign", "Sin", "Sinc", "Sinh", "Slice", "SmoothL1Loss",
    "SoftShrink", "Softmax", "Split", "Sqrt", "Square", "Squeeze", "Std", "StridedSlice", "Sub", "SumExt",
    "Svd", "Tan", "Tanh", "TanhGrad", "TensorScatterElements", "TensorShape", "Tile", "Trace", "Transpose",
    "TransposeExtView", "Triu", "Trunc", "UniqueConsecutive", "UnsortedSegmentSum", "UpsampleNearest3D",
    "UpsampleNearest3DGrad", "UpsampleTrilinear3D", "UpsampleTrilinear3DGrad", "Var", "Xlogy", "Zeros",
    "ZerosLike",
})
