"""`mindspore.mint.nn`: PyTorch-style layers (Cells over `mint.nn.functional`, or spore.nn's
layer where the semantics are equal) and the `functional` module."""
from __future__ import annotations

from . import functional
from ._activation import (ELU, GELU, SELU, Hardshrink, Hardsigmoid, Hardswish, Hardtanh, LogSigmoid, LogSoftmaxExt,
                          Mish, ReLU, ReLU6, Sigmoid, SiLU, Softmax, Tanh, Threshold)
from ._basic import (Flatten, Fold, Identity, Linear, PixelShuffle, Unfold, Upsample, UpsamplingBilinear2d,
                     UpsamplingNearest2d)
from ._conv_norm import (BatchNorm1d, BatchNorm2d, BatchNorm3d, Conv1d, Conv2d, Conv3d, ConvTranspose2d, GroupNorm,
                         PReLUExt, SyncBatchNorm)
from ._loss import BCELoss, BCEWithLogitsLoss, KLDivLoss, L1Loss, MSELoss, SmoothL1Loss, SoftMarginLoss
from ._pooling import (AdaptiveAvgPool1d, AdaptiveAvgPool2d, AdaptiveAvgPool3d, AdaptiveMaxPool1d,
                       AdaptiveMaxPool2d, AvgPool1d, AvgPool2d, AvgPool3d, ConstantPad1d, ConstantPad2d,
                       ConstantPad3d, MaxUnpool2d, ReflectionPad1d, ReflectionPad2d, ReflectionPad3d,
                       ReplicationPad1d, ReplicationPad2d, ReplicationPad3d, ZeroPad1d, ZeroPad2d, ZeroPad3d)
from ...nn.layer.embedding import EmbeddingExt
from ...nn.layer.ext_layers import Dropout2dExt, DropoutExt, LayerNormExt
from ...nn.layer.pooling import MaxPool2dExt

# MindSpore's classes of these names are nn's *Ext layers, and print as such
Dropout, Dropout2d, Embedding, LayerNorm = DropoutExt, Dropout2dExt, EmbeddingExt, LayerNormExt
LogSoftmax, MaxPool2d, PReLU = LogSoftmaxExt, MaxPool2dExt, PReLUExt

__all__ = [
    'AdaptiveAvgPool1d', 'AdaptiveAvgPool2d', 'AdaptiveAvgPool3d', 'AdaptiveMaxPool1d', 'AdaptiveMaxPool2d',
    'AvgPool1d', 'AvgPool2d', 'AvgPool3d', 'BCELoss', 'BCEWithLogitsLoss', 'BatchNorm1d', 'BatchNorm2d',
    'BatchNorm3d', 'ConstantPad1d', 'ConstantPad2d', 'ConstantPad3d', 'Conv1d', 'Conv2d', 'Conv3d',
    'ConvTranspose2d', 'Dropout', 'Dropout2d', 'ELU', 'Embedding', 'Flatten', 'Fold', 'GELU', 'GroupNorm',
    'Hardshrink', 'Hardsigmoid', 'Hardswish', 'Hardtanh', 'Identity', 'KLDivLoss', 'L1Loss', 'LayerNorm', 'Linear',
    'LogSigmoid', 'LogSoftmax', 'MSELoss', 'MaxPool2d', 'MaxUnpool2d', 'Mish', 'PReLU', 'PixelShuffle', 'ReLU', 'ReLU6',
    'ReflectionPad1d', 'ReflectionPad2d', 'ReflectionPad3d', 'ReplicationPad1d', 'ReplicationPad2d',
    'ReplicationPad3d', 'SELU', 'SiLU', 'Sigmoid', 'SmoothL1Loss', 'SoftMarginLoss', 'Softmax', 'SyncBatchNorm',
    'Tanh', 'Threshold',
    'Unfold', 'Upsample', 'UpsamplingBilinear2d', 'UpsamplingNearest2d', 'ZeroPad1d', 'ZeroPad2d', 'ZeroPad3d',
    'functional',
]
