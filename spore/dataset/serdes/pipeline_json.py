"""A pipeline as MindSpore's JSON description, and back.

Every node is an object {"op_type": ..., "children": [its inputs], its settings}, keys
sorted, as MindSpore 2.7.1 writes it: sources name their files and sampler, Map lists
its operations (see transforms_json.py), Batch / Shuffle / Repeat / Take / Skip / Project
/ Rename / Zip / Concat their settings. Python code is not serialized, as in MindSpore:
a Python function in a Map is written by name and refused by deserialize, a
per_batch_map is written as "pyfunc" and dropped by deserialize, a Filter's predicate is
"pyfunc" and a Filter cannot be deserialized, a GeneratorDataset is written without its
source and cannot be deserialized either.
"""
from __future__ import annotations

import inspect
import logging

from .. import config, sources
from ..engine.batch_op import BatchDataset
from ..engine.column_ops import ProjectDataset, RenameDataset
from ..engine.combine_ops import ConcatDataset, ZipDataset
from ..engine.count_ops import RepeatDataset, SkipDataset, TakeDataset
from ..engine.dataset import Dataset
from ..engine.filter_op import FilterDataset
from ..engine.map_op import MapDataset
from ..engine.shuffle_op import ShuffleDataset
from ..samplers import SequentialSampler
from ..sources.file_rows import FileRowsDataset, Shuffle
from ..sources.generator import GeneratorDataset
from ..sources.mappable import MappableDataset
from ..sources.numpy_slices import NumpySlicesDataset
from .samplers_json import sampler_from_json, sampler_to_json
from .transforms_json import from_json, to_json

logger = logging.getLogger("spore.dataset")

CONNECTOR_QUEUE_SIZE = 16
"""MindSpore's default queue size between operations, which it writes for each node."""

_SHUFFLE_CODES = {None: 0, Shuffle.FALSE: 0, Shuffle.FILES: 1, Shuffle.GLOBAL: 2, Shuffle.INFILE: 3}
_SHUFFLE_OF_CODE = {0: False, 1: Shuffle.FILES, 2: Shuffle.GLOBAL, 3: Shuffle.INFILE}

_SOURCE_SETTINGS = {
    # the settings MindSpore writes for each source (besides its sampler)
    "ImageFolderDataset": ("class_indexing", "dataset_dir", "decode", "extensions", "recursive"),
    "CSVDataset": ("column_names", "dataset_files", "field_delim"),
    "TextFileDataset": ("dataset_files",),
}


def _workers(node) -> int:
    return getattr(node, "num_parallel_workers", None) or config.get_num_parallel_workers()


def _source_settings(node: Dataset) -> dict:
    name = type(node).__name__
    keys = _SOURCE_SETTINGS.get(name)
    if keys is None:  # dataset_dir, usage and the like: the plain public settings of the source
        keys = [k for k, v in vars(node).items() if not k.startswith("_") and k != "sampler"
                and isinstance(v, (bool, int, float, str, list, tuple, dict))]
    settings = {}
    for key in keys:
        value = getattr(node, key, None)
        if key == "extensions":
            value = list(value or ())
        elif key == "recursive":
            value = bool(value)
        elif key == "column_names":
            value = list(value or ())
        settings[key] = list(value) if isinstance(value, tuple) else value
    return settings


def _source_to_json(node: Dataset) -> dict:
    description = {"children": [], "connector_queue_size": CONNECTOR_QUEUE_SIZE,
                   "num_parallel_workers": _workers(node), "op_type": type(node).__name__}
    if isinstance(node, (GeneratorDataset, NumpySlicesDataset)):
        description.update(num_parallel_workers=1, op_type="GeneratorDataset")  # its Python source is not written
        return description
    description.update(_source_settings(node))
    if isinstance(node, FileRowsDataset):
        sampler = node.sampler
        description.update(num_samples=sampler.num_samples or 0, num_shards=sampler.num_shards,
                           shard_id=sampler.shard_id, shuffle=_SHUFFLE_CODES[sampler.mode])
    elif isinstance(node, MappableDataset) and node.sampler is not None:
        description["sampler"] = sampler_to_json(node.sampler)
    return description


def _operation_to_json(node: Dataset) -> dict:
    common = {"connector_queue_size": CONNECTOR_QUEUE_SIZE, "num_parallel_workers": _workers(node)}
    if isinstance(node, MapDataset):
        return {**common, "callback": [], "input_columns": list(node.input_columns), "op_type": "Map",
                "operations": [to_json(op) for op in node.operations], "output_columns": list(node.output_columns)}
    if isinstance(node, BatchDataset):
        batch = {**common, "batch_size": node.batch_size if not callable(node.batch_size) else "pyfunc",
                 "drop_remainder": node.drop_remainder, "input_columns": list(node.input_columns), "op_type": "Batch",
                 "output_columns": list(node.output_columns)}
        if node.per_batch_map is not None:
            batch["per_batch_map"] = "pyfunc"
        return batch
    if isinstance(node, ShuffleDataset):
        return {"buffer_size": node.buffer_size, "op_type": "Shuffle", "reset_each_epoch": True}
    if isinstance(node, RepeatDataset):
        return {"count": -1 if node.count is None else node.count, "op_type": "Repeat"}
    if isinstance(node, (TakeDataset, SkipDataset)):
        return {"count": node.count, "op_type": "Take" if isinstance(node, TakeDataset) else "Skip"}
    if isinstance(node, ProjectDataset):
        return {"columns": list(node.columns), "op_type": "Project"}
    if isinstance(node, RenameDataset):
        return {"input_columns": list(node.input_columns), "op_type": "Rename",
                "output_columns": list(node.output_columns)}
    if isinstance(node, ZipDataset):
        return {**common, "op_type": "Zip"}
    if isinstance(node, ConcatDataset):
        sizes = [child.get_dataset_size() for child in node.children]
        # flag 0: a child read by index (MindSpore's mappable sources), 1: any other
        flags = [0 if isinstance(c, MappableDataset) and not isinstance(c, FileRowsDataset) else 1
                 for c in node.children]
        return {"children_flag_and_nums": [list(pair) for pair in zip(flags, sizes)], "children_sizes": sizes,
                "children_start_end_index": [[-1, -1]] * len(sizes), "op_type": "Concat",
                "sampler": sampler_to_json(node.sampler or SequentialSampler())}
    if isinstance(node, FilterDataset):
        return {"input_columns": list(node.input_columns), "num_parallel_workers": _workers(node),
                "op_type": "Filter", "predicate": "pyfunc"}
    return {"op_type": type(node).__name__.removesuffix("Dataset")}


def pipeline_to_json(node: Dataset) -> dict:
    """The JSON description of the pipeline ending at `node`."""
    if not node.children:
        return dict(sorted(_source_to_json(node).items()))
    description = _operation_to_json(node)
    description["children"] = [pipeline_to_json(child) for child in node.children]
    return dict(sorted(description.items()))


def _source_from_json(description: dict) -> Dataset:
    op_type = description["op_type"]
    if op_type == "GeneratorDataset":
        raise RuntimeError("deserialize: a GeneratorDataset cannot be rebuilt from JSON: its Python source is not "
                           "serialized.")
    source = getattr(sources, op_type, None)
    if not (isinstance(source, type) and issubclass(source, Dataset)):
        raise RuntimeError(f"deserialize: unsupported operation type: {op_type}.")
    parameters = inspect.signature(source).parameters
    arguments = {k: v for k, v in description.items() if k in parameters and k not in ("num_parallel_workers",
                                                                                        "shuffle", "num_samples")}
    if issubclass(source, FileRowsDataset):
        arguments.update(shuffle=_SHUFFLE_OF_CODE[description.get("shuffle", 2)],
                         num_samples=description.get("num_samples") or None)
        if description.get("num_shards", 1) == 1:
            arguments.pop("num_shards", None)
            arguments.pop("shard_id", None)
    if "extensions" in arguments and not arguments["extensions"]:
        arguments["extensions"] = None
    if "column_names" in arguments and not arguments["column_names"]:
        arguments["column_names"] = None
    if "sampler" in description:
        arguments["sampler"] = sampler_from_json(description["sampler"])
    return source(**arguments)


def _operation_from_json(description: dict, children: list[Dataset]) -> Dataset:
    op_type, child = description["op_type"], children[0]
    workers = description.get("num_parallel_workers")
    if op_type == "Map":
        operations = [from_json(op) for op in description["operations"]]
        return child.map(operations, description.get("input_columns") or None,
                         description.get("output_columns") or None, workers)
    if op_type == "Batch":
        if "per_batch_map" in description:
            logger.warning("deserialize: the Batch's per_batch_map is a Python function, which JSON does not hold; "
                           "the batch is rebuilt without it.")
        if description["batch_size"] == "pyfunc":
            raise RuntimeError("deserialize: the Batch's batch_size is a Python function, which JSON does not hold.")
        return child.batch(description["batch_size"], description.get("drop_remainder", False), workers)
    simple = {
        "Shuffle": lambda: child.shuffle(description["buffer_size"]),
        "Repeat": lambda: child.repeat(description["count"]),
        "Take": lambda: child.take(description["count"]),
        "Skip": lambda: child.skip(description["count"]),
        "Project": lambda: child.project(description["columns"]),
        "Rename": lambda: child.rename(description["input_columns"], description["output_columns"]),
        "Zip": lambda: ZipDataset(children),
        "Concat": lambda: ConcatDataset(children),
    }
    if op_type not in simple:
        raise RuntimeError(f"deserialize: unsupported operation type: {op_type}"
                           + (" (its predicate is a Python function, which JSON does not hold)."
                              if op_type == "Filter" else "."))
    return simple[op_type]()


def pipeline_from_json(description: dict) -> Dataset:
    """The pipeline a JSON description (as serialize writes it) describes."""
    if not isinstance(description, dict) or "op_type" not in description:
        raise RuntimeError(f"deserialize: a pipeline description must be a dict with an 'op_type', but got "
                           f"{str(description)[:80]}.")
    children = [pipeline_from_json(child) for child in description.get("children", [])]
    if not children:
        return _source_from_json(description)
    return _operation_from_json(description, children)
