"""`mindspore.dataset.vision.transforms`: every vision transform, by its MindSpore path."""
from ..transforms.transforms import not_random
from .augment import AutoAugment, RandAugment, RandomSelectSubpolicy, TrivialAugmentWide, UniformAugment
from .bbox import (
    BoundingBoxAugment,
    RandomCropWithBBox,
    RandomHorizontalFlipWithBBox,
    RandomResizedCropWithBBox,
    RandomResizeWithBBox,
    RandomVerticalFlipWithBBox,
    ResizeWithBBox,
)
from .color import (
    AdjustBrightness,
    AdjustContrast,
    AdjustGamma,
    AdjustHue,
    AdjustSaturation,
    AdjustSharpness,
    AutoContrast,
    ConvertColor,
    Equalize,
    HsvToRgb,
    Invert,
    Posterize,
    RgbToHsv,
    Solarize,
)
from .conversions import (
    GaussianBlur,
    Grayscale,
    LinearTransformation,
    NormalizePad,
    RandomGrayscale,
    ToNumpy,
    ToPIL,
    ToType,
)
from .decode import Decode
from .erasing import CutMixBatch, CutOut, Erase, MixUp, MixUpBatch, RandomErasing
from .flips_crops import (
    Crop,
    FiveCrop,
    HorizontalFlip,
    PadToSize,
    RandomCropDecodeResize,
    RandomResize,
    RandomVerticalFlip,
    ResizedCrop,
    SlicePatches,
    TenCrop,
    VerticalFlip,
)
from .geometry import CenterCrop, Pad, RandomCrop, RandomHorizontalFlip, RandomResizedCrop, Resize
from .pixels import HWC2CHW, Normalize, Rescale, ToTensor
from .random_color import (
    RandomAdjustSharpness,
    RandomAutoContrast,
    RandomColor,
    RandomColorAdjust,
    RandomEqualize,
    RandomInvert,
    RandomLighting,
    RandomPosterize,
    RandomSharpness,
    RandomSolarize,
)
from .rotation import Affine, Perspective, RandomAffine, RandomPerspective, RandomRotation, Rotate
from .utils import (
    AutoAugmentPolicy,
    Border,
    ConvertMode,
    ImageBatchFormat,
    ImageReadMode,
    Inter,
    SliceMode,
    encode_jpeg,
    encode_png,
    get_image_num_channels,
    get_image_size,
    read_file,
    read_image,
    write_file,
    write_jpeg,
    write_png,
)
from .video import DecodeVideo, VideoDecoder, read_video, read_video_timestamps

__all__ = ["AdjustBrightness", "AdjustContrast", "AdjustGamma", "AdjustHue", "AdjustSaturation", "AdjustSharpness",
           "Affine", "AutoAugment", "AutoAugmentPolicy", "AutoContrast", "Border", "BoundingBoxAugment", "CenterCrop",
           "ConvertColor", "ConvertMode", "Crop", "CutMixBatch", "CutOut", "Decode", "Equalize", "Erase", "FiveCrop",
           "GaussianBlur", "Grayscale", "HWC2CHW", "HorizontalFlip", "HsvToRgb", "ImageBatchFormat", "ImageReadMode",
           "Inter", "Invert", "LinearTransformation", "MixUp", "MixUpBatch", "Normalize", "NormalizePad", "Pad",
           "PadToSize", "Perspective", "Posterize", "RandAugment", "RandomAdjustSharpness", "RandomAffine",
           "RandomAutoContrast", "RandomColor", "RandomColorAdjust", "RandomCrop", "RandomCropDecodeResize",
           "RandomCropWithBBox", "RandomEqualize", "RandomErasing", "RandomGrayscale", "RandomHorizontalFlip",
           "RandomHorizontalFlipWithBBox", "RandomInvert", "RandomLighting", "RandomPerspective", "RandomPosterize",
           "RandomResize", "RandomResizeWithBBox", "RandomResizedCrop", "RandomResizedCropWithBBox", "RandomRotation",
           "RandomSelectSubpolicy", "RandomSharpness", "RandomSolarize", "RandomVerticalFlip",
           "RandomVerticalFlipWithBBox", "Rescale", "Resize", "ResizeWithBBox", "ResizedCrop", "RgbToHsv", "Rotate",
           "SliceMode", "SlicePatches", "Solarize", "TenCrop", "ToNumpy", "ToPIL", "ToTensor", "ToType",
           "TrivialAugmentWide", "UniformAugment", "VerticalFlip", "encode_jpeg", "encode_png",
           "get_image_num_channels", "get_image_size", "not_random", "read_file", "read_image", "write_file",
           "write_jpeg", "write_png", "DecodeVideo", "VideoDecoder", "read_video", "read_video_timestamps"]
