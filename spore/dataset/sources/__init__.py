"""Dataset sources: the leaves of a pipeline, where rows come from."""
from .cifar10 import Cifar10Dataset
from .generator import GeneratorDataset
from .image_folder import ImageFolderDataset
from .mappable import MappableDataset
from .mnist import MnistDataset
from .numpy_slices import NumpySlicesDataset
