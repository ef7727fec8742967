"""SentencePiece models (`SentencePieceVocab`) and `SentencePieceTokenizer`, through the
`sentencepiece` package: an optional extra (`pip install sentencepiece`)."""
from __future__ import annotations

import io
import os

import numpy as np

from .. import checks
from .text_operation import TextOperation
from .utils import SentencePieceModel, SPieceTokenizerOutType, to_str


def _sentencepiece(op: str):
    try:
        import sentencepiece
    except ImportError:
        raise ImportError(f"For '{op}', the 'sentencepiece' package is needed: pip install sentencepiece.") from None
    return sentencepiece


class SentencePieceVocab:
    """A trained SentencePiece model (its serialized bytes)."""

    def __init__(self, model_proto: bytes):
        self._model_proto = model_proto

    @classmethod
    def from_file(cls, file_path, vocab_size, character_coverage, model_type, params) -> SentencePieceVocab:
        """A model trained on the lines of the text files `file_path` (a list of paths)."""
        op = "SentencePieceVocab.from_file"
        if not isinstance(file_path, (list, tuple)) or not file_path:
            raise TypeError(f"For '{op}', the 'file_path' must be a non-empty list of paths, but got {file_path!r}.")
        for path in file_path:
            if not os.path.isfile(path):
                raise ValueError(f"For '{op}', the file {path!r} in 'file_path' does not exist.")

        def sentences():
            for path in file_path:
                with open(path, encoding="utf-8") as lines:
                    yield from (line.rstrip("\r\n") for line in lines)
        return cls._train(op, sentences(), vocab_size, character_coverage, model_type, params)

    @classmethod
    def from_dataset(cls, dataset, col_names, vocab_size, character_coverage, model_type,
                     params) -> SentencePieceVocab:
        """A model trained on the strings of a dataset's columns `col_names`."""
        op = "SentencePieceVocab.from_dataset"
        columns = checks.check_columns(op, "col_names", col_names)

        def sentences():
            for row in dataset.create_dict_iterator(num_epochs=1, output_numpy=True):
                for column in columns:
                    yield from to_str(np.asarray(row[column])).reshape(-1).tolist()
        return cls._train(op, sentences(), vocab_size, character_coverage, model_type, params)

    @classmethod
    def _train(cls, op: str, sentences, vocab_size, character_coverage, model_type, params) -> SentencePieceVocab:
        vocab_size = checks.check_int(op, "vocab_size", vocab_size, 1)
        character_coverage = checks.check_number(op, "character_coverage", character_coverage, 0.98, 1.0)
        if not isinstance(model_type, SentencePieceModel):
            raise TypeError(f"For '{op}', the 'model_type' must be a SentencePieceModel, "
                            f"but got {type(model_type).__name__}.")
        if not isinstance(params, dict):
            raise TypeError(f"For '{op}', the 'params' must be a dict, but got {type(params).__name__}.")
        spm = _sentencepiece(op)
        model = io.BytesIO()
        try:
            spm.SentencePieceTrainer.train(sentence_iterator=sentences, model_writer=model, vocab_size=vocab_size,
                                           character_coverage=character_coverage,
                                           model_type=model_type.name.lower(), minloglevel=2, **params)
        except RuntimeError as error:
            raise RuntimeError(f"For '{op}', training the SentencePiece model failed: {error}") from None
        return cls(model.getvalue())

    @staticmethod
    def save_model(vocab, path, filename) -> None:
        """Writes the model to `path`/`filename` (a file SentencePieceTokenizer can load)."""
        if not isinstance(vocab, SentencePieceVocab):
            raise TypeError(f"For 'SentencePieceVocab.save_model', the 'vocab' must be a SentencePieceVocab, "
                            f"but got {type(vocab).__name__}.")
        if not os.path.isdir(path):
            raise ValueError(f"For 'SentencePieceVocab.save_model', the 'path' must be a directory, but got {path!r}.")
        with open(os.path.join(path, filename), "wb") as file:
            file.write(vocab._model_proto)


class SentencePieceTokenizer(TextOperation):
    """Splits a scalar string into the pieces of a SentencePiece model (`mode`: a
    SentencePieceVocab or a model file's path), as strings or as int32 ids (`out_type`)."""

    def __init__(self, mode, out_type):
        op = "SentencePieceTokenizer"
        if not isinstance(out_type, SPieceTokenizerOutType):
            raise TypeError(f"For '{op}', the 'out_type' must be a SPieceTokenizerOutType, "
                            f"but got {type(out_type).__name__}.")
        spm = _sentencepiece(op)
        if isinstance(mode, SentencePieceVocab):
            self._processor = spm.SentencePieceProcessor(model_proto=mode._model_proto)
        elif isinstance(mode, (str, os.PathLike)):
            if not os.path.isfile(mode):
                raise ValueError(f"For '{op}', the model file {os.fspath(mode)!r} does not exist.")
            self._processor = spm.SentencePieceProcessor(model_file=os.fspath(mode))
        else:
            raise TypeError(f"For '{op}', the 'mode' must be a SentencePieceVocab or a model file path, "
                            f"but got {type(mode).__name__}.")
        self.mode = mode
        self.out_type = out_type

    def _apply(self, array: np.ndarray) -> np.ndarray:
        if array.ndim != 0:
            raise RuntimeError(f"For 'SentencePieceTokenizer', the input must be a scalar string, "
                               f"but got shape {array.shape}.")
        if self.out_type == SPieceTokenizerOutType.INT:
            return np.array(self._processor.encode(array.item(), out_type=int), dtype=np.int32)
        return np.array(self._processor.encode(array.item(), out_type=str), dtype=str)
