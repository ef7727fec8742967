"""OcclusionSensitivity: how much a classifier's score for the true label drops when each
part of its input is hidden."""
from __future__ import annotations

import numpy as np

from ...common.tensor import Tensor
from ...ops.validator import check_type
from .metric import Metric, rearrange_inputs

__all__ = ["OcclusionSensitivity"]


class OcclusionSensitivity(Metric):
    """OcclusionSensitivity(pad_val=0.0, margin=2, n_batch=128, b_box=None)

    `update(model, y_pred, label)`: `y_pred` is one input sample (shape (1, ...)) of the
    classifier `model` (a Cell), `label` its class. For every position of the sample
    (within `b_box`, [min0, max0, min1, max1, ...] over the non-batch axes, when given),
    the window [position - margin, position + margin) is set to `pad_val` and the model's
    score for `label` recorded, `n_batch` occluded samples per model call. `eval()` is
    the unoccluded score minus each occluded score, shaped like the positions (size-1
    axes dropped).
    """

    def __init__(self, pad_val: float = 0.0, margin=2, n_batch: int = 128, b_box: list | None = None):
        super().__init__()
        self.pad_val = check_type("OcclusionSensitivity", "pad_val", pad_val, float)
        self.margin = check_type("OcclusionSensitivity", "margin", margin, (int, list))
        self.n_batch = check_type("OcclusionSensitivity", "n_batch", n_batch, int)
        self.b_box = b_box if b_box is None else check_type("OcclusionSensitivity", "b_box", b_box, list)
        self.clear()

    def clear(self):
        self._baseline = 0
        self._sensitivity_im = 0
        self._is_update = False

    @rearrange_inputs
    def update(self, *inputs):
        from ...nn.cell import Cell
        if len(inputs) != 3:
            raise ValueError(f"For 'OcclusionSensitivity.update', it needs 3 inputs (classification model, "
                             f"predicted value, label), but got {len(inputs)}.")
        model = check_type("OcclusionSensitivity", "model", inputs[0], Cell)
        sample = self._convert_data(inputs[1])
        label = inputs[2] if isinstance(inputs[2], int) else self._convert_data(inputs[2])
        if sample.shape[0] > 1:
            raise RuntimeError(f"For 'OcclusionSensitivity.update', the shape at index 0 of the predicted value "
                               f"(inputs[1]) must be 1, but got {sample.shape[0]}.")
        if not isinstance(label, int) and np.prod(label.shape) != sample.shape[0]:
            raise RuntimeError(f"For 'OcclusionSensitivity.update', the number of labels (inputs[2]) must be the "
                               f"number of samples, 1, but got {int(np.prod(label.shape))}.")
        label = int(np.asarray(label).reshape(-1)[0])
        image_shape = np.array(sample.shape[1:])
        box_min, box_max = _bounding_box(self.b_box, image_shape)
        self._baseline = model(Tensor(sample)).asnumpy()[0, label].item()
        positions_shape = tuple(image_shape if box_min is None else box_max - box_min + 1)
        scores = []
        batch = []
        count = int(np.prod(positions_shape))
        for i in range(count):
            position = np.array(np.unravel_index(i, positions_shape))
            if box_min is not None:
                position = position + box_min
            window = tuple(slice(max(0, p - self.margin), min(size, p + self.margin))
                           for p, size in zip(position, image_shape))
            occluded = sample.copy()
            occluded[(Ellipsis,) + window] = self.pad_val
            batch.append(occluded)
            if len(batch) == self.n_batch or i == count - 1:
                outputs = model(Tensor(np.concatenate(batch))).asnumpy()
                scores.append(outputs[:, label])
                batch = []
        self._sensitivity_im = np.concatenate(scores).reshape(positions_shape)
        self._is_update = True

    def eval(self) -> np.ndarray:
        if not self._is_update:
            raise RuntimeError("For 'OcclusionSensitivity', please call the 'update' method before calling 'eval' "
                               "method.")
        return self._baseline - np.squeeze(self._sensitivity_im)


def _bounding_box(b_box, image_shape: np.ndarray):
    """(lowest, highest) position of each non-batch axis from [min0, max0, min1, ...]
    (a negative min means 0, a negative max the last index), or (None, None)."""
    if b_box is None:
        return None, None
    if len(b_box) != 2 * len(image_shape):
        raise ValueError(f"For 'OcclusionSensitivity', the 'b_box' must give a lower and an upper bound for each "
                         f"non-batch axis of the predicted value, {2 * len(image_shape)} values, but got "
                         f"{len(b_box)}.")
    box_min, box_max = np.array(b_box[::2]), np.array(b_box[1::2])
    box_min[box_min < 0] = 0
    box_max[box_max < 0] = image_shape[box_max < 0] - 1
    if np.any(box_max >= image_shape):
        raise ValueError("For 'OcclusionSensitivity', the maximum of the bounding box must be smaller than the "
                         "image size for all axes.")
    if np.any(box_min > box_max):
        raise ValueError("For 'OcclusionSensitivity', the minimum of the bounding box must not exceed its maximum "
                         "for all axes.")
    return box_min, box_max
