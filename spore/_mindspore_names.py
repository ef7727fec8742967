"""Under `python -m spore`, spore's classes name MindSpore's modules, as MindSpore's own
print them (`<class 'mindspore.nn.layer.conv.Conv1d'>`, `<mindspore.common.initializer.
HeUniform object at ...>`).

`present_as_mindspore()` renames the `__module__` of every class spore defines: those of
the modules already imported, and, through a finder placed first on `sys.meta_path`, those
of each spore module imported later. A class takes the MindSpore module its path mirrors
(`spore.nn.layer.conv` -> `mindspore.nn.layer.conv`), or, where spore defines it in another
file, the MindSpore module that holds it (`MINDSPORE_MODULES`; each of those paths resolves
to the same class under the alias, so classes pickle by their MindSpore names there).

Instances of the renamed classes pickle (and copy) through `_new_spore_object`, naming the
class by its spore path, so a pickle made under `python -m spore` loads with or without the
alias.
"""
from __future__ import annotations

import copyreg
import functools
import importlib
import importlib.abc
import importlib.machinery
import sys

ALIAS = "mindspore"

MINDSPORE_MODULES = {
    "spore._kernels.dtype": {
        "mindspore.common.dtype": frozenset({
            "QuantDtype"
        }),
    },
    "spore.compiler.hints": {
        "mindspore.common.jit_config": frozenset({
            "JitConfig"
        }),
    },
    "spore.compiler.jit_options": {
        "mindspore.common._pijit_context": frozenset({
            "Unsupported"
        }),
    },
    "spore.dataset.audio.amplitude": {
        "mindspore.dataset.audio.transforms": frozenset({
            "Contrast", "DCShift", "Fade", "Gain", "MuLawDecoding", "MuLawEncoding", "Overdrive", "Vol"
        }),
    },
    "spore.dataset.audio.cmn": {
        "mindspore.dataset.audio.transforms": frozenset({
            "SlidingWindowCmn"
        }),
    },
    "spore.dataset.audio.dither": {
        "mindspore.dataset.audio.transforms": frozenset({
            "Dither"
        }),
    },
    "spore.dataset.audio.filters": {
        "mindspore.dataset.audio.transforms": frozenset({
            "AllpassBiquad", "BandBiquad", "BandpassBiquad", "BandrejectBiquad", "BassBiquad", "Biquad",
            "DeemphBiquad", "EqualizerBiquad", "Filtfilt", "HighpassBiquad", "LFilter", "LowpassBiquad",
            "RiaaBiquad", "TrebleBiquad"
        }),
    },
    "spore.dataset.audio.masking": {
        "mindspore.dataset.audio.transforms": frozenset({
            "FrequencyMasking", "MaskAlongAxis", "MaskAlongAxisIID", "TimeMasking"
        }),
    },
    "spore.dataset.audio.phase": {
        "mindspore.dataset.audio.transforms": frozenset({
            "GriffinLim", "InverseSpectrogram", "PhaseVocoder", "PitchShift", "TimeStretch"
        }),
    },
    "spore.dataset.audio.phaser": {
        "mindspore.dataset.audio.transforms": frozenset({
            "Flanger", "Phaser"
        }),
    },
    "spore.dataset.audio.pitch": {
        "mindspore.dataset.audio.transforms": frozenset({
            "DetectPitchFrequency"
        }),
    },
    "spore.dataset.audio.resample": {
        "mindspore.dataset.audio.transforms": frozenset({
            "Resample"
        }),
    },
    "spore.dataset.audio.spectral": {
        "mindspore.dataset.audio.transforms": frozenset({
            "AmplitudeToDB", "Angle", "ComplexNorm", "ComputeDeltas", "DBToAmplitude", "LFCC", "MFCC",
            "Magphase", "MelScale", "MelSpectrogram", "SpectralCentroid", "Spectrogram"
        }),
    },
    "spore.dataset.text.normalize": {
        "mindspore.dataset.text.transforms": frozenset({
            "CaseFold", "NormalizeUTF8", "RegexReplace"
        }),
    },
    "spore.dataset.text.sentencepiece": {
        "mindspore.dataset.text.transforms": frozenset({
            "SentencePieceTokenizer"
        }),
    },
    "spore.dataset.text.tokenizers": {
        "mindspore.dataset.text.transforms": frozenset({
            "BasicTokenizer", "BertTokenizer", "PythonTokenizer", "RegexTokenizer",
            "UnicodeCharTokenizer", "UnicodeScriptTokenizer", "WhitespaceTokenizer", "WordpieceTokenizer"
        }),
    },
    "spore.dataset.text.vectors": {
        "mindspore.dataset.text.transforms": frozenset({
            "ToVectors"
        }),
    },
    "spore.dataset.text.wikipedia": {
        "mindspore.dataset.text.transforms": frozenset({
            "FilterWikipediaXML"
        }),
    },
    "spore.dataset.vision.augment": {
        "mindspore.dataset.vision.transforms": frozenset({
            "AutoAugment", "RandAugment", "RandomSelectSubpolicy", "TrivialAugmentWide", "UniformAugment"
        }),
    },
    "spore.dataset.vision.bbox": {
        "mindspore.dataset.vision.transforms": frozenset({
            "BoundingBoxAugment", "RandomCropWithBBox", "RandomHorizontalFlipWithBBox",
            "RandomResizeWithBBox", "RandomResizedCropWithBBox", "RandomVerticalFlipWithBBox",
            "ResizeWithBBox"
        }),
    },
    "spore.dataset.vision.color": {
        "mindspore.dataset.vision.transforms": frozenset({
            "AdjustBrightness", "AdjustContrast", "AdjustGamma", "AdjustHue", "AdjustSaturation",
            "AdjustSharpness", "AutoContrast", "ConvertColor", "Equalize", "HsvToRgb", "Invert",
            "Posterize", "RgbToHsv", "Solarize"
        }),
    },
    "spore.dataset.vision.conversions": {
        "mindspore.dataset.vision.transforms": frozenset({
            "GaussianBlur", "Grayscale", "LinearTransformation", "NormalizePad", "RandomGrayscale",
            "ToNumpy", "ToPIL", "ToType"
        }),
    },
    "spore.dataset.vision.decode": {
        "mindspore.dataset.vision.transforms": frozenset({
            "Decode"
        }),
    },
    "spore.dataset.vision.erasing": {
        "mindspore.dataset.vision.transforms": frozenset({
            "CutMixBatch", "CutOut", "Erase", "MixUp", "MixUpBatch", "RandomErasing"
        }),
    },
    "spore.dataset.vision.flips_crops": {
        "mindspore.dataset.vision.transforms": frozenset({
            "Crop", "FiveCrop", "HorizontalFlip", "PadToSize", "RandomCropDecodeResize", "RandomResize",
            "RandomVerticalFlip", "ResizedCrop", "SlicePatches", "TenCrop", "VerticalFlip"
        }),
    },
    "spore.dataset.vision.geometry": {
        "mindspore.dataset.vision.transforms": frozenset({
            "CenterCrop", "Pad", "RandomCrop", "RandomHorizontalFlip", "RandomResizedCrop", "Resize"
        }),
    },
    "spore.dataset.vision.pixels": {
        "mindspore.dataset.vision.transforms": frozenset({
            "HWC2CHW", "Normalize", "Rescale", "ToTensor"
        }),
    },
    "spore.dataset.vision.random_color": {
        "mindspore.dataset.vision.transforms": frozenset({
            "RandomAdjustSharpness", "RandomAutoContrast", "RandomColor", "RandomColorAdjust",
            "RandomEqualize", "RandomInvert", "RandomLighting", "RandomPosterize", "RandomSharpness",
            "RandomSolarize"
        }),
    },
    "spore.dataset.vision.rotation": {
        "mindspore.dataset.vision.transforms": frozenset({
            "Affine", "Perspective", "RandomAffine", "RandomPerspective", "RandomRotation", "Rotate"
        }),
    },
    "spore.mint.nn._activation": {
        "mindspore.mint.nn": frozenset({
            "GELU", "Hardtanh", "ReLU6", "SELU"
        }),
    },
    "spore.mint.nn._basic": {
        "mindspore.mint.nn": frozenset({
            "PixelShuffle", "UpsamplingBilinear2d", "UpsamplingNearest2d"
        }),
    },
    "spore.mint.nn._loss": {
        "mindspore.mint.nn": frozenset({
            "BCELoss", "BCEWithLogitsLoss", "KLDivLoss", "MSELoss", "SmoothL1Loss"
        }),
    },
    "spore.nn.container": {
        "mindspore.nn.layer.container": frozenset({
            "CellDict", "CellList", "SequentialCell"
        }),
    },
    "spore.nn.layer.basic": {
        "mindspore.nn.layer.padding": frozenset({
            "ConstantPad1d", "ConstantPad2d", "ConstantPad3d", "ReflectionPad1d", "ReflectionPad2d",
            "ReflectionPad3d", "ReplicationPad1d", "ReplicationPad2d", "ReplicationPad3d", "ZeroPad2d"
        }),
    },
    "spore.nn.layer.image": {
        "mindspore.nn.layer.activation": frozenset({
            "LRN"
        }),
        "mindspore.nn.layer.basic": frozenset({
            "Unfold"
        }),
        "mindspore.nn.layer.channel_shuffle": frozenset({
            "ChannelShuffle"
        }),
    },
    "spore.nn.optim.adagrad": {
        "mindspore.nn.optim.ada_grad": frozenset({
            "Adagrad"
        }),
    },
    "spore.nn.wrap.loss_scale_manager": {
        "mindspore.train.loss_scale_manager": frozenset({
            "DynamicLossScaleManager", "FixedLossScaleManager", "LossScaleManager"
        }),
    },
    "spore.ops.operations.array_ops": {
        "mindspore.ops.auto_generate.gen_ops_prim": frozenset({
            "BroadcastTo", "Concat", "Diag", "ExpandDims", "Eye", "Flatten", "LinSpace", "Meshgrid",
            "OneHot", "OnesLike", "Range", "Reshape", "ReverseV2", "Roll", "Split", "Squeeze",
            "TensorShape", "Transpose", "TransposeExtView", "Triu", "ZerosLike"
        }),
        "mindspore.ops.operations.math_ops": frozenset({
            "RaggedRange", "TrilIndices", "TriuIndices"
        }),
        "mindspore.ops.operations.nn_ops": frozenset({
            "DataFormatDimMap", "DataFormatVecPermute", "MirrorPad", "Pad", "PadV3"
        }),
    },
    "spore.ops.operations.conv_ops": {
        "mindspore.ops.auto_generate.gen_ops_prim": frozenset({
            "AdaptiveMaxPool2D", "AvgPool", "ResizeBicubic", "ResizeBilinearV2", "ResizeLinear1D",
            "ResizeNearestNeighbor", "ResizeNearestNeighborV2", "UpsampleNearest3D", "UpsampleTrilinear3D"
        }),
        "mindspore.ops.operations.nn_ops": frozenset({
            "AdaptiveAvgPool2D", "AdaptiveAvgPool3D", "AdaptiveMaxPool3D", "AvgPool3D", "Conv2D",
            "Conv2DBackpropInput", "Conv2DTranspose", "Conv3D", "Conv3DTranspose", "MaxPool", "MaxPool3D",
            "MaxPool3DWithArgmax", "MaxPoolWithArgmaxV2"
        }),
    },
    "spore.ops.operations.debug_ops": {
        "mindspore.ops.operations.other_ops": frozenset({
            "StopGradient"
        }),
    },
    "spore.ops.operations.extra_nn_ops": {
        "mindspore.ops.auto_generate.gen_ops_prim": frozenset({
            "GLU"
        }),
        "mindspore.ops.operations.inner_ops": frozenset({
            "NoRepeatNGram"
        }),
        "mindspore.ops.operations.math_ops": frozenset({
            "Renorm"
        }),
        "mindspore.ops.operations.nn_ops": frozenset({
            "L2Normalize", "NuclearNorm", "Softsign"
        }),
    },
    "spore.ops.operations.linalg_band_ops": {
        "mindspore.ops.operations.array_ops": frozenset({
            "MatrixDiagPartV3", "MatrixDiagV3", "MatrixSetDiagV3"
        }),
    },
    "spore.ops.operations.linalg_ops": {
        "mindspore.ops.auto_generate.gen_ops_prim": frozenset({
            "BatchMatMul", "Cdist", "Cholesky", "CholeskyInverse", "Cross", "Dense", "Eig", "Geqrf",
            "LogMatrixDeterminant", "MatMul", "MatrixDeterminant", "MatrixExp", "Qr", "Svd", "Trace"
        }),
        "mindspore.ops.operations.array_ops": frozenset({
            "ConjugateTranspose", "Lstsq", "MatrixBandPart"
        }),
        "mindspore.ops.operations.math_ops": frozenset({
            "CholeskySolve", "Einsum", "Ger", "LuSolve", "LuUnpack", "MatrixInverse", "MatrixLogarithm",
            "MatrixPower", "MatrixSolve", "MatrixSolveLs", "MatrixTriangularSolve", "Orgqr", "Ormqr",
            "TridiagonalMatMul"
        }),
        "mindspore.ops.operations.nn_ops": frozenset({
            "Pdist"
        }),
    },
    "spore.ops.operations.loss_ops": {
        "mindspore.ops.auto_generate.gen_ops_prim": frozenset({
            "SoftMarginLoss"
        }),
        "mindspore.ops.operations.nn_ops": frozenset({
            "CTCLoss", "CTCLossV2", "CTCLossV2Grad", "MultiMarginLoss", "MultilabelMarginLoss",
            "RNNTLoss", "SigmoidCrossEntropyWithLogits"
        }),
    },
    "spore.ops.operations.math_ops": {
        "mindspore.ops.auto_generate.gen_ops_prim": frozenset({
            "ACos", "Abs", "Acosh", "Add", "Addcdiv", "Addcmul", "Asin", "Asinh", "Atan", "Atan2",
            "Atanh", "Ceil", "Cos", "Cosh", "Div", "Equal", "Erf", "Erfc", "Exp", "Expm1", "Floor",
            "FloorDiv", "FloorMod", "Gcd", "Greater", "GreaterEqual", "IsClose", "IsFinite", "IsInf",
            "Lerp", "LerpScalar", "Less", "LessEqual", "Log", "Log1p", "LogicalAnd", "LogicalNot",
            "LogicalOr", "LogicalXor", "Maximum", "Minimum", "Mul", "NanToNum", "Neg", "NextAfter",
            "NotEqual", "Pow", "RealDiv", "Reciprocal", "RightShift", "Round", "Rsqrt", "Sigmoid", "Sign",
            "Sin", "Sinh", "Sqrt", "Square", "Tanh", "Trunc"
        }),
        "mindspore.ops.operations.array_ops": frozenset({
            "CheckNumerics", "Fills", "LeftShift", "PopulationCount", "Rint"
        }),
    },
    "spore.ops.operations.nn_ops": {
        "mindspore.ops.auto_generate.gen_ops_prim": frozenset({
            "BCEWithLogitsLoss", "BiasAdd", "BinaryCrossEntropy", "CeLU", "Dropout", "Elu", "FastGeLU",
            "GeLU", "HShrink", "HSigmoid", "HSwish", "LayerNorm", "LogSoftmax", "NLLLoss", "PReLU",
            "ReLU", "ReLU6", "SmoothL1Loss", "SoftShrink", "Softmax"
        }),
        "mindspore.ops.operations.array_ops": frozenset({
            "EmbeddingLookup"
        }),
    },
    "spore.ops.operations.optim_ops": {
        "mindspore.ops.auto_generate.gen_ops_prim": frozenset({
            "AdamWeightDecay"
        }),
        "mindspore.ops.operations.nn_ops": frozenset({
            "Adam", "ApplyAdaMax", "ApplyAdadelta", "ApplyAdagrad", "ApplyAdagradDA", "ApplyAdagradV2",
            "ApplyAdamWithAmsgrad", "ApplyAdamWithAmsgradV2", "ApplyAddSign", "ApplyCenteredRMSProp",
            "ApplyFtrl", "ApplyGradientDescent", "ApplyMomentum", "ApplyPowerSign",
            "ApplyProximalAdagrad", "ApplyProximalGradientDescent", "ApplyRMSProp", "SGD",
            "SparseApplyAdagrad", "SparseApplyAdagradV2", "SparseApplyFtrl", "SparseApplyRMSProp"
        }),
    },
    "spore.ops.operations.other_ops": {
        "mindspore.ops.auto_generate.gen_ops_prim": frozenset({
            "Assign", "AssignAdd", "AssignSub", "Identity"
        }),
        "mindspore.ops.operations.debug_ops": frozenset({
            "Print"
        }),
        "mindspore.ops.operations.nn_ops": frozenset({
            "GetNext"
        }),
    },
    "spore.ops.operations.random_ops": {
        "mindspore.ops.auto_generate.gen_ops_prim": frozenset({
            "RandpermV2"
        }),
        "mindspore.ops.operations.inner_ops": frozenset({
            "Randperm"
        }),
        "mindspore.ops.operations.math_ops": frozenset({
            "Bernoulli", "Cauchy"
        }),
    },
    "spore.ops.operations.reduce_ops": {
        "mindspore.ops.auto_generate.gen_ops_prim": frozenset({
            "ArgMaxWithValue", "ArgMinWithValue", "Argmax", "Argmin", "CumProd", "CumSum", "Cummax",
            "Cummin", "ReduceAll", "ReduceAny", "ReduceMax", "ReduceMean", "ReduceMin", "ReduceProd",
            "ReduceStd", "ReduceSum", "SearchSorted"
        }),
        "mindspore.ops.operations.array_ops": frozenset({
            "Bincount", "CountNonZero", "LogSpace"
        }),
        "mindspore.ops.operations.math_ops": frozenset({
            "Bucketize", "CumulativeLogsumexp", "EuclideanNorm", "Histogram", "HistogramFixedWidth",
            "LpNorm", "Median", "Quantile"
        }),
        "mindspore.ops.operations.nn_ops": frozenset({
            "InTopK"
        }),
    },
    "spore.ops.operations.scatter_ops": {
        "mindspore.ops.auto_generate.gen_ops_prim": frozenset({
            "UnsortedSegmentSum"
        }),
        "mindspore.ops.operations.array_ops": frozenset({
            "IndexFill", "IndexPut", "ScatterAdd", "ScatterAddWithAxis", "ScatterDiv", "ScatterMax",
            "ScatterMin", "ScatterMul", "ScatterNdAdd", "ScatterNdDiv", "ScatterNdMax", "ScatterNdMin",
            "ScatterNdMul", "ScatterNdSub", "ScatterNdUpdate", "ScatterSub", "ScatterUpdate",
            "SegmentMax", "SegmentMean", "SegmentMin", "SegmentProd", "SegmentSum", "TensorScatterDiv",
            "TensorScatterElements", "TensorScatterMax", "TensorScatterMin", "TensorScatterMul",
            "TensorScatterSub", "UnsortedSegmentMax", "UnsortedSegmentMin", "UnsortedSegmentProd"
        }),
        "mindspore.ops.operations.math_ops": frozenset({
            "IndexAdd", "InplaceAdd", "InplaceIndexAdd", "InplaceSub", "InplaceUpdateV2"
        }),
    },
    "spore.ops.operations.selection_ops": {
        "mindspore.ops.auto_generate.gen_ops_prim": frozenset({
            "Gather", "GatherD", "GatherNd", "MaskedFill", "MaskedScatter", "MaskedSelect", "NonZero",
            "ScatterNd", "Select", "Slice", "StridedSlice", "UniqueConsecutive"
        }),
        "mindspore.ops.operations.array_ops": frozenset({
            "ListDiff", "LowerBound", "Sort", "TensorScatterAdd", "TensorScatterUpdate", "TopK", "Unique",
            "UniqueWithPad", "UpperBound"
        }),
        "mindspore.ops.operations.nn_ops": frozenset({
            "NthElement"
        }),
    },
    "spore.ops.operations.signal_ops": {
        "mindspore.ops.auto_generate.gen_ops_prim": frozenset({
            "FFTWithSize"
        }),
        "mindspore.ops.operations.array_ops": frozenset({
            "HammingWindow"
        }),
        "mindspore.ops.operations.math_ops": frozenset({
            "STFT"
        }),
        "mindspore.ops.operations.spectral_ops": frozenset({
            "BartlettWindow", "BlackmanWindow"
        }),
    },
    "spore.ops.operations.sparse_dense_ops": {
        "mindspore.ops.operations.array_ops": frozenset({
            "Coalesce"
        }),
        "mindspore.ops.operations.sparse_ops": frozenset({
            "SparseSlice", "SparseTensorDenseAdd", "SparseTensorDenseMatmul", "SparseToDense"
        }),
    },
    "spore.ops.operations.special_ops": {
        "mindspore.ops.auto_generate.gen_ops_prim": frozenset({
            "Angle", "Betainc", "Complex", "Conj", "Erfinv", "Logit", "Polar", "Real", "Sinc", "Xlogy"
        }),
        "mindspore.ops.operations.array_ops": frozenset({
            "Mvlgamma"
        }),
        "mindspore.ops.operations.math_ops": frozenset({
            "BesselI0", "BesselI0e", "BesselI1", "BesselI1e", "BesselJ0", "BesselJ1", "BesselK0",
            "BesselK0e", "BesselK1", "BesselK1e", "BesselY0", "BesselY1", "ComplexAbs", "Digamma",
            "Hypot", "Igamma", "Igammac", "Imag", "Lgamma", "Polygamma", "Xdivy", "Zeta"
        }),
    },
    "spore.ops.operations.vision_ops": {
        "mindspore.ops.auto_generate.gen_ops_prim": frozenset({
            "ExtractImagePatches", "GridSampler2D", "GridSampler3D"
        }),
        "mindspore.ops.operations.array_ops": frozenset({
            "AffineGrid", "Col2Im", "ExtractVolumePatches", "Im2Col"
        }),
        "mindspore.ops.operations.image_ops": frozenset({
            "AdjustHue", "AdjustSaturation", "CombinedNonMaxSuppression", "CropAndResize",
            "ExtractGlimpse", "HSVToRGB", "NonMaxSuppressionV3", "NonMaxSuppressionWithOverlaps",
            "RGBToHSV", "ResizeArea", "ScaleAndTranslate"
        }),
        "mindspore.ops.operations.math_ops": frozenset({
            "NMSWithMask"
        }),
        "mindspore.ops.operations.nn_ops": frozenset({
            "ChannelShuffle", "Dilation2D", "FractionalAvgPool", "FractionalMaxPool",
            "FractionalMaxPool3DWithFixedKsize", "FractionalMaxPoolWithFixedKsize", "LRN", "MaxUnpool2D",
            "MaxUnpool3D", "ROIAlign"
        }),
        "mindspore.ops.operations.other_ops": frozenset({
            "BoundingBoxDecode", "BoundingBoxEncode", "CheckValid", "IOU", "SampleDistortedBoundingBoxV2"
        }),
    },
    "spore.parallel.auto_parallel_context": {
        "mindspore.context": frozenset({
            "ParallelMode"
        }),
    },
    "spore.parallel.layout": {
        "mindspore.parallel.shard": frozenset({
            "Layout"
        }),
    },
    "spore.rewrite.node": {
        "mindspore.rewrite.api.node": frozenset({
            "Node"
        }),
    },
    "spore.rewrite.node_type": {
        "mindspore.rewrite.api.node_type": frozenset({
            "NodeType"
        }),
    },
    "spore.rewrite.pattern_engine": {
        "mindspore.rewrite.api.pattern_engine": frozenset({
            "PatternEngine", "PatternNode", "Replacement", "VarNode"
        }),
    },
    "spore.rewrite.scoped_value": {
        "mindspore.rewrite.api.scoped_value": frozenset({
            "ScopedValue", "ValueType"
        }),
    },
    "spore.rewrite.symbol_tree": {
        "mindspore.rewrite.api.symbol_tree": frozenset({
            "SymbolTree"
        }),
    },
    "spore.runtime.mem_pool": {
        "mindspore.runtime.memory": frozenset({
            "MemPool", "PluggableAllocator"
        }),
    },
}
"""For each spore module, the MindSpore modules of the classes it defines that MindSpore
keeps elsewhere (generated from MindSpore 2.7.1's `__module__` of its public classes)."""

_SPORE_PATH: dict[type, tuple[str, str]] = {}
"""Each renamed class: its spore module and qualified name."""


def _is_spore(module_name: str) -> bool:
    return module_name == "spore" or module_name.startswith("spore.")


def present_module(module) -> None:
    """Give the classes `module` defines their MindSpore module names."""
    spore_name = module.__name__
    mirrored = ALIAS + spore_name[len("spore"):]
    elsewhere = MINDSPORE_MODULES.get(spore_name, {})
    for value in list(vars(module).values()):
        if not isinstance(value, type) or value.__module__ != spore_name:
            continue
        _SPORE_PATH[value] = (spore_name, value.__qualname__)
        value.__module__ = next((ms_module for ms_module, names in elsewhere.items()
                                 if value.__qualname__ in names), mirrored)
        copyreg.pickle(value, _reduce_by_spore_path)


def _reduce_by_spore_path(obj):
    """The default reduction of `obj`, with its class named by its spore path."""
    reduced = obj.__reduce_ex__(4)
    if not isinstance(reduced, tuple) or reduced[0] is not copyreg.__newobj__ or reduced[1][0] is not type(obj):
        return reduced
    return (_new_spore_object, (*_SPORE_PATH[type(obj)], *reduced[1][1:]), *reduced[2:])


def _new_spore_object(module_name: str, qualname: str, *args):
    """An instance of the spore class `module_name`.`qualname`, not yet initialised (the
    pickle's state fills it)."""
    module = sys.modules.get(module_name) or importlib.import_module(module_name)
    cls = functools.reduce(getattr, qualname.split("."), module)
    return cls.__new__(cls, *args)


class _PresentingLoader(importlib.abc.Loader):
    """A spore module's own loader, whose module's classes are presented once it has run."""

    def __init__(self, loader):
        self._loader = loader

    def create_module(self, spec):
        return self._loader.create_module(spec)

    def exec_module(self, module):
        self._loader.exec_module(module)
        present_module(module)

    def __getattr__(self, name):        # get_source, get_filename, is_package, ...: the loader's own
        return getattr(self._loader, name)


class _PresentingFinder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path=None, target=None):
        if not _is_spore(fullname):
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is not None and spec.loader is not None:
            spec.loader = _PresentingLoader(spec.loader)
        return spec


def present_as_mindspore() -> None:
    if any(isinstance(finder, _PresentingFinder) for finder in sys.meta_path):
        return
    for name, module in list(sys.modules.items()):
        if _is_spore(name) and module is not None:
            present_module(module)
    sys.meta_path.insert(0, _PresentingFinder())
