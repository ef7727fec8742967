"""spore.mindrecord: MindSpore's record format (`mindspore.mindrecord`).

FileWriter writes rows to MindRecord files (a JSON header, pages of MessagePack raw
fields and blob bytes, a SQLite index per file) byte-compatible with MindSpore 2.7.1;
FileReader reads them back (MindPage by category); `dataset.MindDataset` reads them in a pipeline; the converters
(ImageNetToMR, CsvToMR, MnistToMR, Cifar10ToMR, Cifar100ToMR) write other layouts as MindRecord.
"""
from .converters import CsvToMR, ImageNetToMR
from .exceptions import MindRecordException
from .filereader import FileReader
from .filewriter import FileWriter
from .image_converters import Cifar10ToMR, Cifar100ToMR, MnistToMR
from .mindpage import MindPage

SUCCESS = 0
FAILED = 1

__all__ = ["FileWriter", "FileReader", "MindPage", "ImageNetToMR", "CsvToMR", "MnistToMR", "Cifar10ToMR",
           "Cifar100ToMR", "MindRecordException", "SUCCESS", "FAILED"]
