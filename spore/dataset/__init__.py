"""spore.dataset: MindSpore's data pipeline (`mindspore.dataset`) in NumPy.

Sources (GeneratorDataset, NumpySlicesDataset, MnistDataset, Cifar10Dataset,
ImageFolderDataset) produce rows, tuples of NumPy arrays; operations (map, batch,
shuffle, repeat, take, skip, zip, concat, project, rename, split) build new datasets;
iterators hand the rows out as spore Tensors. Transforms live in `vision` and
`transforms`, pipeline settings in `config`.
"""
from . import config
from .engine.dataset import Dataset
from .engine.pipeline import zip  # and Dataset's operation methods
from .engine.batch_op import BatchInfo
from .engine.iterators import DictIterator, TupleIterator
from .samplers import (
    BuiltinSampler, DistributedSampler, RandomSampler, Sampler, SequentialSampler, SubsetRandomSampler,
    SubsetSampler, WeightedRandomSampler,
    PKSampler,
)
from .sources import (
    Cifar10Dataset, Cifar100Dataset, CLUEDataset, CSVDataset, EMnistDataset, FakeImageDataset, FashionMnistDataset,
    GeneratorDataset, ImageFolderDataset, KMnistDataset, MappableDataset, MnistDataset, NumpySlicesDataset,
    PaddedDataset, QMnistDataset, RandomDataset, Shuffle, TextFileDataset,
    AGNewsDataset, AmazonReviewDataset, CoNLL2000Dataset, DBpediaDataset, EnWik9Dataset, IMDBDataset, Multi30kDataset,
    PennTreebankDataset, SogouNewsDataset, SQuADDataset, UDPOSDataset, WikiTextDataset, YahooAnswersDataset,
    YelpReviewDataset, CelebADataset, CocoDataset, ManifestDataset, VOCDataset,
    CMUArcticDataset, LibriTTSDataset, LJSpeechDataset, SpeechCommandsDataset, YesNoDataset,
    SBDataset,
    LSUNDataset,
    IWSLT2016Dataset, IWSLT2017Dataset,
    PhotoTourDataset, SBUDataset,
    TedliumDataset,
    CityscapesDataset, LFWDataset,
    Caltech101Dataset, Flowers102Dataset, SVHNDataset,
    DIV2KDataset, FlickrDataset, KITTIDataset, Places365Dataset, WIDERFaceDataset,
    Caltech256Dataset, Food101Dataset, OmniglotDataset, RenderedSST2Dataset, SUN397Dataset, SemeionDataset,
    STL10Dataset, USPSDataset, SST2Dataset, GTZANDataset,
)
from .sources.mindrecord import MindDataset
from .sources.tfrecord import TFRecordDataset
from .sources.obs import OBSMindDataset, sync_wait_for_dataset
from .schema import Schema
from .callback import DSCallback, WaitedDSCallback
from .engine.cache import DatasetCache
from . import transforms, vision
from .serdes import compare, deserialize, serialize, show
from .config import get_seed, set_seed

__all__ = [
    "Dataset", "MappableDataset", "GeneratorDataset", "NumpySlicesDataset", "MnistDataset", "Cifar10Dataset",
    "ImageFolderDataset", "zip",
    "Cifar100Dataset", "CLUEDataset", "CSVDataset", "EMnistDataset", "FakeImageDataset", "FashionMnistDataset",
    "KMnistDataset", "PaddedDataset", "QMnistDataset", "RandomDataset", "Shuffle", "TextFileDataset",
    "AGNewsDataset", "AmazonReviewDataset", "CoNLL2000Dataset", "DBpediaDataset", "EnWik9Dataset", "IMDBDataset",
    "Multi30kDataset", "PennTreebankDataset", "SogouNewsDataset", "SQuADDataset", "UDPOSDataset", "WikiTextDataset",
    "YahooAnswersDataset", "YelpReviewDataset", "CelebADataset", "CocoDataset", "ManifestDataset", "VOCDataset",
    "CMUArcticDataset", "LibriTTSDataset", "LJSpeechDataset", "SpeechCommandsDataset", "YesNoDataset",
    "SBDataset",
    "LSUNDataset",
    "IWSLT2016Dataset", "IWSLT2017Dataset",
    "PhotoTourDataset", "SBUDataset",
    "TedliumDataset",
    "CityscapesDataset", "LFWDataset",
    "Caltech101Dataset", "Flowers102Dataset", "SVHNDataset",
    "DIV2KDataset", "FlickrDataset", "KITTIDataset", "Places365Dataset", "WIDERFaceDataset",
    "Caltech256Dataset", "Food101Dataset", "OmniglotDataset", "RenderedSST2Dataset", "SUN397Dataset",
    "SemeionDataset", "STL10Dataset", "USPSDataset", "SST2Dataset",
    "Sampler", "SequentialSampler", "RandomSampler", "DistributedSampler", "SubsetRandomSampler", "SubsetSampler",
    "BatchInfo", "DictIterator", "TupleIterator",
    "MindDataset", "DSCallback", "WaitedDSCallback", "BuiltinSampler", "WeightedRandomSampler",
    "TFRecordDataset", "Schema", "DatasetCache",
    "config", "transforms", "vision",
    "PKSampler", "OBSMindDataset", "sync_wait_for_dataset", "GTZANDataset",
    "compare", "deserialize", "serialize", "show",
]
