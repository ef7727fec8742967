"""SummaryLandscape: the loss of a trained network over a plane of parameter space through
its trained parameters, from the checkpoints SummaryCollector saved during training
(`collect_specified_data={'collect_landscape': {...}}`), written to a summary file.

Two kinds of landscape, as MindSpore draws them:
- 'PCA' (create_landscape['train']), one per interval of checkpoints: the plane spanned
  by the first two principal components of the checkpoints' displacements from the
  interval's last one; the grid covers the training path projected on the plane, widened
  by a fifth of its extent on each side, and the path's losses are recorded too;
- 'Random' (create_landscape['result']), at the last checkpoint: the plane of two
  Gaussian random directions, each grid axis spanning [-1, 1].

Only the parameters whose names hold 'weight' or 'bias' (and not 'moment') move; each
direction is scaled per parameter to that parameter's norm (filter normalisation), so the
coordinates are comparable between layers and networks.
"""
from __future__ import annotations

import json
import logging
import os
import shutil

import numpy as np

from ...common.tensor import Tensor
from ...ops.validator import check_type
from ..metrics.registry import get_metrics
from ..serialization import load_checkpoint
from .checkpoint import make_directory
from .landscape_message import Landscape, LandscapeRecord, Points, encode
from .summary_collector import _landscape_settings

__all__ = ["SummaryLandscape"]

_logger = logging.getLogger(__name__)
_MARGIN = 0.2           # the PCA grid extends past the path by this share of its extent, on each side
_RANDOM_EXTENT = 1.0    # the Random grid spans [-extent, extent] along each direction
_METADATA_KEYS = ("epoch_group", "model_params_file_map", "step_per_epoch", "unit", "num_samples", "landscape_size",
                  "create_landscape")


def _moves(name: str) -> bool:
    """Whether a parameter takes part in the landscape (the others stay as trained)."""
    return ("weight" in name or "bias" in name) and "moment" not in name


class SummaryLandscape:
    """SummaryLandscape(summary_dir)

    `summary_dir` is the directory a SummaryCollector with 'collect_landscape' wrote to:
    its `ckpt_dir` holds the checkpoints and `train_metadata.json`.
    `gen_landscapes_with_multi_process` computes the landscapes and writes each to a
    summary file (tag 'landscape_[first, last]' for a PCA interval, 'landscape_[last]'
    for the Random one); `clean_ckpt` removes `ckpt_dir`.
    """

    def __init__(self, summary_dir):
        check_type("SummaryLandscape", "summary_dir", summary_dir, str)
        self._summary_dir = make_directory(summary_dir, "SummaryLandscape")
        self._ckpt_dir = make_directory(os.path.join(self._summary_dir, "ckpt_dir"), "SummaryLandscape")

    def clean_ckpt(self) -> None:
        """Remove the checkpoints and the metadata the landscapes are computed from."""
        shutil.rmtree(self._ckpt_dir, ignore_errors=True)

    def gen_landscapes_with_multi_process(self, callback_fn, collect_landscape=None, device_ids=None, output=None):
        """Compute the landscapes and write them to a summary file in `output` (default:
        the summary directory).

        Args:
            callback_fn: a function of no argument returning (model, network, dataset,
                metrics): a Model without optimizer whose `train_network` outputs the
                loss, its network (the parameters are loaded into it), the dataset the
                loss is averaged over (its first `num_samples // batch_size` batches) and
                the metrics, which must hold a 'Loss' metric.
            collect_landscape (dict): settings ('landscape_size', 'unit', 'num_samples',
                'create_landscape', 'intervals') replacing the collected ones, saved to
                the metadata.
            device_ids (list[int]): devices 0-7 MindSpore spreads the work over; spore
                computes every landscape in this process.
            output (str): the directory of the summary file.
        """
        if not callable(callback_fn):
            raise TypeError(f"For 'SummaryLandscape.gen_landscapes_with_multi_process', the 'callback_fn' must be a "
                            f"function, but got {type(callback_fn).__name__}.")
        _check_device_ids(device_ids)
        check_type("SummaryLandscape", "output", output, (str, type(None)))
        metadata = self._metadata(collect_landscape)
        evaluator = _LossEvaluator(callback_fn, metadata["num_samples"])
        # A prefix of its own: a SummaryCollector's file of the same second would have the same name.
        with LandscapeRecord(self._summary_dir if output is None else output, file_prefix="landscape") as record:
            for tag, landscape in _landscapes(metadata, evaluator):
                record.write_landscape(tag, encode(landscape, metadata["unit"], metadata["step_per_epoch"]))

    # ---- metadata ----------------------------------------------------------------------
    def _metadata(self, collect_landscape) -> dict:
        """train_metadata.json, updated with `collect_landscape` (and saved so), checked."""
        path = os.path.join(self._ckpt_dir, "train_metadata.json")
        check_type("SummaryLandscape", "collect_landscape", collect_landscape, (dict, type(None)))
        if collect_landscape is not None:
            _landscape_settings(collect_landscape, "SummaryLandscape")
        if not os.path.isfile(path):
            raise FileNotFoundError(f"For 'SummaryLandscape', the metadata file {path} does not exist: train with a "
                                    f"SummaryCollector collecting 'collect_landscape' into this summary_dir first.")
        with open(path) as f:
            metadata = json.load(f)
        if collect_landscape:
            for key, value in collect_landscape.items():
                if key == "intervals":
                    metadata["epoch_group"] = {str(i): list(interval) for i, interval in enumerate(value)}
                elif key in metadata:
                    metadata[key] = value
        _check_metadata(metadata)
        if collect_landscape:
            with open(path, "w") as f:
                json.dump(metadata, f)
        return metadata


def _landscapes(metadata: dict, evaluator: _LossEvaluator):
    """(tag, Landscape) of each landscape the metadata asks for."""
    files = metadata["model_params_file_map"]
    groups = list(metadata["epoch_group"].values())
    size = metadata["landscape_size"]
    if metadata["create_landscape"]["train"]:
        for numbers in groups:
            _logger.info("Creating the PCA landscape of the checkpoints %s.", numbers)
            snapshots = [_load(files[str(n)]) for n in numbers]
            yield f"landscape_{[numbers[0], numbers[-1]]}", _pca_landscape(snapshots, numbers, size, evaluator)
    if metadata["create_landscape"]["result"] and groups:
        last = groups[-1][-1]
        _logger.info("Creating the Random landscape of the checkpoint %s.", last)
        yield f"landscape_{[last]}", _random_landscape(_load(files[str(last)]), size, evaluator)


def _check_device_ids(device_ids) -> None:
    check_type("SummaryLandscape.gen_landscapes_with_multi_process", "device_ids", device_ids, (list, type(None)))
    for device_id in device_ids or ():
        if isinstance(device_id, bool) or not isinstance(device_id, int):
            raise TypeError(f"For 'SummaryLandscape.gen_landscapes_with_multi_process', the parameter 'device_ids' "
                            f"type should be int, but got the: {type(device_id)}.")
        if not 0 <= device_id <= 7:
            raise ValueError(f"For 'SummaryLandscape.gen_landscapes_with_multi_process', the parameter 'device_ids' "
                             f"should be between 0 and 7, but got {device_id}.")


def _check_metadata(metadata: dict) -> None:
    unexpected = set(metadata) - set(_METADATA_KEYS)
    missing = set(_METADATA_KEYS) - set(metadata)
    if unexpected or missing:
        raise ValueError(f"For 'SummaryLandscape', train_metadata.json must hold the keys {list(_METADATA_KEYS)}, but "
                         f"got {sorted(metadata)}.")
    _landscape_settings({key: metadata[key] for key in ("landscape_size", "unit", "num_samples", "create_landscape")},
                        "SummaryLandscape")
    if set(metadata["create_landscape"]) != {"train", "result"}:
        raise ValueError(f"For 'SummaryLandscape', the 'create_landscape' must set both 'train' and 'result', but got "
                         f"{metadata['create_landscape']}.")
    check_type("SummaryLandscape", "step_per_epoch", metadata["step_per_epoch"], int)
    for numbers in metadata["epoch_group"].values():
        if len(numbers) < 3:
            raise ValueError(f"For 'SummaryLandscape', each list of 'epoch_group' in train_metadata.json must hold at "
                             f"least 3 checkpoints, but got {numbers}.")
        for number in numbers:
            if str(number) not in metadata["model_params_file_map"]:
                raise ValueError(f"For 'SummaryLandscape', the 'model_params_file_map' in train_metadata.json has no "
                                 f"checkpoint of {metadata['unit']} {number}.")


def _load(path: str) -> dict:
    """{name: array} of a checkpoint, in its order."""
    return {name: param.asnumpy() for name, param in load_checkpoint(path).items()}


# ---- directions ------------------------------------------------------------------------------
def _flat(arrays: dict, names: list) -> np.ndarray:
    return np.concatenate([np.asarray(arrays[n], np.float64).reshape(-1) for n in names])


def _split(vector: np.ndarray, like: dict, names: list) -> dict:
    parts, start = {}, 0
    for name in names:
        size = like[name].size
        parts[name] = vector[start:start + size].reshape(like[name].shape)
        start += size
    return parts


def _normalised(direction: dict, params: dict) -> dict:
    """Each part of `direction` scaled to the norm of its parameter."""
    scaled = {}
    for name, part in direction.items():
        norm = np.linalg.norm(part)
        scaled[name] = part * (np.linalg.norm(params[name]) / norm) if norm else part
    return scaled


def _principal_directions(displacements: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The first two principal components (n,) of the displacements (k, n) taken as k
    variables of n observations, each centred, scaled by its singular value; the sign of
    each makes its largest entry positive."""
    centred = displacements.T - displacements.T.mean(axis=0)
    u, s, _ = np.linalg.svd(centred, full_matrices=False)
    largest = np.argmax(np.abs(u), axis=0)
    u = u * np.sign(u[largest, np.arange(u.shape[1])])
    components = u[:, :2] * np.where(s[:2] == 0, 1e-19, s[:2])
    return components[:, 0], components[:, -1]


def _pca_landscape(snapshots: list, numbers: list, size: int, evaluator: _LossEvaluator) -> Landscape:
    final = snapshots[-1]
    names = [n for n in final if _moves(n)]
    flats = np.stack([_flat(s, names) for s in snapshots])
    v_flat, w_flat = _principal_directions(flats[:-1] - flats[-1])
    v = _normalised(_split(v_flat, final, names), final)
    w = _normalised(_split(w_flat, final, names), final)
    basis = np.stack([_flat(v, names), _flat(w, names)], axis=1)
    coefs = np.array([np.linalg.lstsq(basis, flat - flats[-1], rcond=None)[0] for flat in flats])
    low, high = coefs.min(axis=0), coefs.max(axis=0)
    margin = _MARGIN * (high - low)
    x_axis = np.linspace(low[0] - margin[0], high[0] + margin[0], size)
    y_axis = np.linspace(low[1] - margin[1], high[1] + margin[1], size)
    path_losses = []
    for i, (alpha, beta) in enumerate(coefs):
        path_losses.append(evaluator.loss(final, v, w, alpha, beta))
        print(f"Drawing landscape path total progress is {i + 1}/{len(coefs)}, landscape path loss is "
              f"{path_losses[-1]}.")
    grid = Points(x_axis, y_axis, evaluator.grid(final, v, w, x_axis, y_axis))
    path = Points(coefs[:, 0], coefs[:, 1], np.array(path_losses))
    convergence = Points(np.zeros(1), np.zeros(1), np.array(path_losses[-1:]))
    return Landscape(grid, "PCA", convergence, tuple(numbers), path)


def _random_landscape(final: dict, size: int, evaluator: _LossEvaluator) -> Landscape:
    names = list(final)
    total = sum(final[n].size for n in names)
    # Drawn over every parameter, in the checkpoint's order, as MindSpore draws them.
    v_all = _split(np.random.normal(size=total), final, names)
    w_all = _split(np.random.normal(size=total), final, names)
    moving = [n for n in names if _moves(n)]
    v = _normalised({n: v_all[n] for n in moving}, final)
    w = _normalised({n: w_all[n] for n in moving}, final)
    axis = np.linspace(-_RANDOM_EXTENT, _RANDOM_EXTENT, size)
    losses = evaluator.grid(final, v, w, axis, axis)
    middle = size // 2
    convergence = Points(axis[middle:middle + 1], axis[middle:middle + 1], losses[middle, middle:middle + 1])
    return Landscape(Points(axis, axis, losses), "Random", convergence)


# ---- losses ----------------------------------------------------------------------------------
class _LossEvaluator:
    """The user's loss at parameters moved in the plane of two directions: the mean of the
    'Loss' metric over the first `num_samples` samples of the user's dataset."""

    def __init__(self, callback_fn, num_samples: int):
        model, network, dataset, metrics = callback_fn()
        self._metrics = get_metrics(metrics) or {}
        if "Loss" not in self._metrics:
            raise ValueError(f"For 'SummaryLandscape', the metrics returned by 'callback_fn' must hold a 'Loss' "
                             f"metric, but got {list(self._metrics)}.")
        self._train_network = model.train_network
        self._params = network.parameters_dict()
        batch_size = dataset.get_batch_size() or 1
        self._dataset = dataset.take(max(num_samples // batch_size, 1))

    def grid(self, final: dict, v: dict, w: dict, x_axis: np.ndarray, y_axis: np.ndarray) -> np.ndarray:
        """(len(y_axis), len(x_axis)): the loss at each point of the grid."""
        rows = []
        for i, beta in enumerate(y_axis):
            print(f"Drawing landscape total progress: {i + 1}/{len(y_axis)}.")
            row = []
            for j, alpha in enumerate(x_axis):
                row.append(self.loss(final, v, w, alpha, beta))
                print(f"Current local landscape progress is {j + 1}/{len(x_axis)}, landscape loss is {row[-1]}.")
            rows.append(row)
        return np.array(rows)

    def loss(self, final: dict, v: dict, w: dict, alpha: float, beta: float) -> float:
        """The loss at final + alpha * v + beta * w."""
        for name, data in final.items():
            param = self._params.get(name)
            if param is None:
                continue
            if name in v:
                data = (data + alpha * v[name] + beta * w[name]).astype(data.dtype)
            param.set_data(Tensor(data))
        for metric in self._metrics.values():
            metric.clear()
        self._train_network.set_train(True)
        for batch in self._dataset.create_tuple_iterator(num_epochs=1):
            outputs = self._train_network(*batch)
            self._metrics["Loss"].update(outputs[0] if isinstance(outputs, (tuple, list)) else outputs)
        return float(self._metrics["Loss"].eval())
