"""Dataset sources: the leaves of a pipeline, where rows come from."""
from .audio_corpora import (
    CMUArcticDataset, LibriTTSDataset, LJSpeechDataset, SpeechCommandsDataset, TedliumDataset, YesNoDataset,
)
from .annotated_images import (
    CelebADataset, CityscapesDataset, CocoDataset, FlickrDataset, KITTIDataset, LFWDataset, ManifestDataset,
    SBUDataset, VOCDataset, WIDERFaceDataset,
)
from .binary_images import SemeionDataset, STL10Dataset, USPSDataset
from .cifar import Cifar10Dataset, Cifar100Dataset
from .file_rows import Shuffle
from .generator import GeneratorDataset
from .gtzan import GTZANDataset
from .image_folder import ImageFolderDataset
from .image_sets import (
    Caltech256Dataset, DIV2KDataset, Food101Dataset, LSUNDataset, OmniglotDataset, Places365Dataset,
    RenderedSST2Dataset, SUN397Dataset,
)
from .mappable import MappableDataset
from .mat_images import Caltech101Dataset, Flowers102Dataset, SBDataset, SVHNDataset
from .mnist import EMnistDataset, FashionMnistDataset, KMnistDataset, MnistDataset, QMnistDataset
from .numpy_slices import NumpySlicesDataset
from .photo_tour import PhotoTourDataset
from .synthetic import FakeImageDataset, PaddedDataset, RandomDataset
from .text_corpora import (
    AGNewsDataset, AmazonReviewDataset, CoNLL2000Dataset, DBpediaDataset, EnWik9Dataset, IMDBDataset, IWSLT2016Dataset,
    IWSLT2017Dataset, Multi30kDataset, PennTreebankDataset, SogouNewsDataset, SQuADDataset, SST2Dataset,
    UDPOSDataset, WikiTextDataset, YahooAnswersDataset, YelpReviewDataset,
)
from .text_files import CLUEDataset, CSVDataset, TextFileDataset
