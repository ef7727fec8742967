"""serialize / deserialize / show / compare, and Dataset.to_json (installed on Dataset
when this module is imported, as pipeline.py installs the pipeline operations)."""
from __future__ import annotations

import json
import os

from ..engine.dataset import Dataset
from .pipeline_json import logger, pipeline_from_json, pipeline_to_json


def _to_json(self: Dataset, filename: str = "") -> dict:
    """The pipeline ending at this dataset as MindSpore's JSON description (a dict); also
    written to `filename` when given."""
    if not isinstance(filename, (str, os.PathLike)):
        raise TypeError(f"For 'to_json', the 'filename' must be a str, but got {type(filename).__name__}.")
    description = pipeline_to_json(self)
    if filename:
        with open(filename, "w", encoding="utf-8") as f:
            json.dump(description, f, separators=(",", ":"))
    return description


Dataset.to_json = _to_json


def serialize(dataset, json_filepath=""):
    """The JSON description (a dict) of the pipeline ending at `dataset`, also written to
    `json_filepath` when given."""
    if not isinstance(dataset, Dataset):
        raise TypeError(f"For 'serialize', the 'dataset' must be a Dataset, but got {type(dataset).__name__}.")
    return dataset.to_json(json_filepath)


def deserialize(input_dict=None, json_filepath=None):
    """The pipeline described by `input_dict` (a dict serialize returned) or by the JSON
    file `json_filepath` (the file wins when both are given); None when neither is."""
    data = None
    if input_dict:
        data = pipeline_from_json(input_dict)
    if json_filepath:
        if not isinstance(json_filepath, (str, os.PathLike)):
            raise TypeError(f"For 'deserialize', the 'json_filepath' must be a str, but got "
                            f"{type(json_filepath).__name__}.")
        try:
            with open(json_filepath, encoding="utf-8") as f:
                description = json.load(f)
        except json.JSONDecodeError as e:
            raise RuntimeError(f"deserialize: {json_filepath} is not valid JSON: {e}") from e
        data = pipeline_from_json(description)
    return data


def show(dataset, indentation=2):
    """Log (at INFO level) the JSON description of the pipeline ending at `dataset`."""
    logger.info(json.dumps(serialize(dataset), indent=indentation))


def compare(pipeline1, pipeline2):
    """Whether two pipelines have the same JSON description."""
    return serialize(pipeline1) == serialize(pipeline2)
