"""Kernels of the image and pooling primitives (operations/vision_ops.py) that are not
compositions: non-maximum suppression, the random window sequences of fractional
pooling."""
from __future__ import annotations

import math

import torch

from ..common import seed as _seed
from . import rng
from .registry import kernel, kernel_factory


# ---- non-maximum suppression ---------------------------------------------------------------
def _pairwise_iou(corners):
    """The (n, n) intersection over union of boxes (n, 4) given by two opposite corners
    (a1, b1, a2, b2), a2 >= a1 and b2 >= b1 (areas without the +1 of pixel counts)."""
    lows = torch.maximum(corners[:, None, :2], corners[None, :, :2])
    highs = torch.minimum(corners[:, None, 2:], corners[None, :, 2:])
    overlap = (highs - lows).clamp(min=0).prod(-1)
    areas = (corners[:, 2:] - corners[:, :2]).prod(-1)
    return overlap / (areas[:, None] + areas[None, :] - overlap)


def _greedy_selection(iou, threshold: float, candidates, limit: int) -> list:
    """The candidates (positions, best first) kept by greedy non-maximum suppression: each
    is kept unless its IoU with an already kept one exceeds `threshold`; at most `limit`."""
    too_close = (iou > threshold).tolist()
    kept: list = []
    for candidate in candidates:
        if len(kept) == limit:
            break
        if not any(too_close[candidate][k] for k in kept):
            kept.append(candidate)
    return kept


@kernel_factory("NMSWithMask")
def _nms_with_mask(prim):
    threshold = prim.iou_threshold

    def nms_with_mask(bboxes):
        order = torch.sort(bboxes[:, 4], descending=True, stable=True).indices
        ordered = bboxes[order]
        count = ordered.shape[0]
        kept = _greedy_selection(_pairwise_iou(ordered[:, :4].float()), threshold, range(count), count)
        mask = torch.zeros(count, dtype=torch.bool, device=bboxes.device)
        mask[kept] = True
        return ordered, torch.arange(count, dtype=torch.int32, device=bboxes.device), mask
    return nms_with_mask


def _scalar(value):
    return value.item() if isinstance(value, torch.Tensor) else value


def _suppress(similarity, scores, max_output_size, threshold, score_threshold):
    """The Int32 indices greedy suppression by `similarity` (n, n) keeps among the boxes
    scoring above score_threshold, best first, at most max_output_size (negative: 0)."""
    order = torch.sort(scores.float(), descending=True, stable=True).indices
    candidates = [i for i in order.tolist() if scores[i].item() > _scalar(score_threshold)]
    limit = max(int(_scalar(max_output_size)), 0)
    kept = _greedy_selection(similarity, float(_scalar(threshold)), candidates, limit)
    return torch.tensor(kept, dtype=torch.int32, device=scores.device)


@kernel("NonMaxSuppressionV3")
def _non_max_suppression_v3(boxes, scores, max_output_size, iou_threshold, score_threshold):
    boxes = boxes.float()
    # either diagonal pair of corners may be given: take the low and high of each axis
    corners = torch.cat((torch.minimum(boxes[:, :2], boxes[:, 2:]), torch.maximum(boxes[:, :2], boxes[:, 2:])), 1)
    return _suppress(_pairwise_iou(corners), scores, max_output_size, iou_threshold, score_threshold)


@kernel("NonMaxSuppressionWithOverlaps")
def _non_max_suppression_with_overlaps(overlaps, scores, max_output_size, overlap_threshold, score_threshold):
    return _suppress(overlaps.float(), scores, max_output_size, overlap_threshold, score_threshold)


# ---- fractional pooling --------------------------------------------------------------------
@kernel_factory("_FractionalPoolingSequence")
def _fractional_pooling_sequence(prim):
    gen, pseudo_random = rng.generator_for(_seed.op_seeds(prim.seed, prim.seed2)), prim.pseudo_random

    def sequence(input_length, output_length):
        if input_length % output_length == 0:
            steps = torch.full((output_length,), input_length // output_length, dtype=torch.int64)
        elif pseudo_random:
            steps = _pseudo_random_steps(input_length, output_length, gen)
        else:
            # input_length % output_length windows one longer than the others, placed at random
            steps = torch.full((output_length,), input_length // output_length, dtype=torch.int64)
            steps[:input_length % output_length] += 1
            steps = steps[torch.randperm(output_length, generator=gen)]
        return torch.cat((torch.zeros(1, dtype=torch.int64), torch.cumsum(steps, 0)))
    return sequence


def _pseudo_random_steps(input_length: int, output_length: int, gen):
    """Window lengths from boundaries ceil(alpha * (i + u)), alpha = input / output, with u
    drawn uniformly from the range that keeps every length floor(alpha) or one more
    (Graham's pseudo-random fractional pooling)."""
    alpha = input_length / output_length
    k = input_length // output_length
    u_max = min((k + 2) / alpha - 1, (input_length + 1 - k) / alpha - (output_length - 1))
    u = torch.rand((), dtype=torch.float64, generator=gen).item() * u_max
    bounds = [1] + [math.ceil(alpha * (i + u)) for i in range(1, output_length)] + [input_length + 1]
    return torch.tensor([b - a for a, b in zip(bounds, bounds[1:])], dtype=torch.int64)


@kernel_factory("CombinedNonMaxSuppression")
def _combined_non_max_suppression(prim):
    pad_per_class, clip_boxes = prim.pad_per_class, prim.clip_boxes

    def combined(boxes, scores, max_output_size_per_class, max_total_size, iou_threshold, score_threshold):
        batch, _, shared, _ = boxes.shape
        classes = scores.shape[2]
        per_class, total = int(_scalar(max_output_size_per_class)), int(_scalar(max_total_size))
        size = min(total, per_class * classes) if pad_per_class else total
        out_boxes = torch.zeros((batch, size, 4), dtype=torch.float32, device=boxes.device)
        out_scores = torch.zeros((batch, size), dtype=torch.float32, device=boxes.device)
        out_classes = torch.zeros((batch, size), dtype=torch.float32, device=boxes.device)
        valid = torch.zeros((batch,), dtype=torch.int32, device=boxes.device)
        for b in range(batch):
            picks = []                                   # (score, class, box) of every class's selection
            for c in range(classes):
                class_boxes = boxes[b, :, 0 if shared == 1 else c].float()
                corners = torch.cat((torch.minimum(class_boxes[:, :2], class_boxes[:, 2:]),
                                     torch.maximum(class_boxes[:, :2], class_boxes[:, 2:])), 1)
                kept = _suppress(_pairwise_iou(corners), scores[b, :, c], per_class, iou_threshold, score_threshold)
                picks += [(scores[b, i, c].item(), c, class_boxes[i]) for i in kept.tolist()]
            picks = sorted(picks, key=lambda pick: -pick[0])[:size]
            for slot, (score, c, box) in enumerate(picks):
                out_boxes[b, slot] = box.clamp(0.0, 1.0) if clip_boxes else box
                out_scores[b, slot], out_classes[b, slot] = score, float(c)
            valid[b] = len(picks)
        return out_boxes, out_scores, out_classes, valid
    return combined
