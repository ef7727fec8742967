"""`mindspore.ops.operations.image_ops`: the image Primitive classes MindSpore keeps at
this path, as defined in `spore.ops.operations` (those spore has)."""
from ..._path_alias import resolver

__getattr__, __dir__ = resolver(__name__, "spore.ops.operations", frozenset({
    "AdjustContrastv2", "AdjustHue", "AdjustSaturation", "CombinedNonMaxSuppression", "CropAndResize",
    "CropAndResizeGradBoxes", "CropAndResizeGradImage", "ExtractGlimpse", "HSVToRGB", "NonMaxSuppressionV3",
    "NonMaxSuppressionWithOverlaps", "RGBToHSV", "ResizeArea", "ResizeBicubic", "ResizeBilinearV2",
    "ResizeLinear1D", "ResizeV2", "ScaleAndTranslate",
}))
