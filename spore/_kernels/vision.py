"""Kernels of the image and pooling primitives (operations/vision_ops.py) that are not
compositions: non-maximum suppression, the random window sequences of fractional
pooling."""
from __future__ import annotations

import math

import torch

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
    gen, pseudo_random = rng.generator_for(rng.op_seeds(prim.seed, prim.seed2)), prim.pseudo_random

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


# ---- random crops --------------------------------------------------------------------------
def _random_crop(width: int, height: int, areas: tuple, aspect_ratio: float, gen):
    """A crop (x0, y0, x1, y1) of the given aspect ratio whose area is within
    `areas` (min, max) times the image's, at a random place, or None when it can not be
    (TensorFlow's GenerateRandomCrop)."""
    def draw(n: int) -> int:
        return int(torch.randint(n, (), generator=gen).item())

    min_area, max_area = areas[0] * width * height, areas[1] * width * height
    crop_h = round(math.sqrt(min_area / aspect_ratio))
    max_h = round(math.sqrt(max_area / aspect_ratio))
    if round(max_h * aspect_ratio) > width:
        # the largest height whose rounded width still fits
        max_h = int((width + 0.5 - 1e-7) / aspect_ratio)
        if round(max_h * aspect_ratio) > width:
            max_h -= 1
    max_h = min(max_h, height)
    crop_h = min(crop_h, max_h)
    if crop_h < max_h:
        crop_h += draw(max_h - crop_h + 1)
    crop_w = round(crop_h * aspect_ratio)
    if crop_w * crop_h < min_area:
        crop_h += 1
        crop_w = round(crop_h * aspect_ratio)
    if crop_w * crop_h > max_area:
        crop_h -= 1
        crop_w = round(crop_h * aspect_ratio)
    area = crop_w * crop_h
    if area < min_area or area > max_area or not 0 < crop_w <= width or not 0 < crop_h <= height:
        return None
    y = draw(height - crop_h) if crop_h < height else 0
    x = draw(width - crop_w) if crop_w < width else 0
    return x, y, x + crop_w, y + crop_h


def _covers(crop, boxes, min_object_covered: float) -> bool:
    """Whether the crop covers at least min_object_covered of some non-empty box."""
    for x0, y0, x1, y1 in boxes:
        area = (x1 - x0) * (y1 - y0)
        if area <= 0:
            continue
        overlap = max(min(crop[2], x1) - max(crop[0], x0), 0) * max(min(crop[3], y1) - max(crop[1], y0), 0)
        if overlap / area >= min_object_covered:
            return True
    return False


@kernel_factory("SampleDistortedBoundingBoxV2")
def _sample_distorted_bounding_box(prim):
    seed = rng.op_seeds(prim.seed, prim.seed2)
    ratios, areas, attempts = prim.aspect_ratio_range, prim.area_range, prim.max_attempts

    def sample(image_size, bounding_boxes, min_object_covered):
        # as MindSpore's kernel, each call starts the seeded stream afresh: fixed seeds
        # give the same crop every call
        gen = rng.generator_for(seed)
        height, width = int(image_size[0]), int(image_size[1])
        boxes = [(int(width * b[1]), int(height * b[0]), int(width * b[3]), int(height * b[2]))
                 for b in bounding_boxes.reshape(-1, 4).tolist()] or [(0, 0, width, height)]
        covered = float(min_object_covered.reshape(-1)[0])
        crop = None
        for _ in range(attempts):
            ratio = torch.rand((), generator=gen).item() * (ratios[1] - ratios[0]) + ratios[0]
            candidate = _random_crop(width, height, areas, ratio, gen)
            if candidate is not None and _covers(candidate, boxes, covered):
                crop = candidate
                break
        x0, y0, x1, y1 = crop or (0, 0, width, height)
        last = 255 if image_size.dtype == torch.uint8 else -1
        begin = torch.tensor([y0, x0, 0], dtype=image_size.dtype, device=image_size.device)
        size = torch.tensor([y1 - y0, x1 - x0, last], dtype=image_size.dtype, device=image_size.device)
        bbox = torch.tensor([[[y0 / height, x0 / width, y1 / height, x1 / width]]], dtype=torch.float32,
                            device=image_size.device)
        return begin, size, bbox
    return sample
