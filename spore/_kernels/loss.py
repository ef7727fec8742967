"""Kernels of the loss primitives (operations/loss_ops.py).

Half-precision inputs compute in Float32 and return in their dtype. The CTC kernels
compute the forward-backward (alpha-beta) recursion: CTCLossV2 and its gradient with
torch's CTC kernels, CTCLoss (TensorFlow's variant, with its options on repeated labels)
with its own recursion below.
"""
from __future__ import annotations

import math

import torch
import torch.nn.functional as F

from .registry import kernel, kernel_factory

_HALF = (torch.float16, torch.bfloat16)
_INDEX_DTYPES = (torch.int32, torch.int64)


def _work(t: torch.Tensor) -> torch.Tensor:
    return t.float() if t.dtype in _HALF else t


def _require(condition: bool) -> None:
    """Fail on input torch would accept but the primitive does not (infer explains)."""
    if not condition:
        raise ValueError("input rejected by the primitive's rules")


def _check_within(op: str, arg: str, values: torch.Tensor, low: int, high: int) -> None:
    """Every value in [low, high]: a RuntimeError naming the first outside, as MindSpore's
    kernels raise for values their data do not fit."""
    outside = ((values < low) | (values > high)).flatten().nonzero()
    if outside.numel():
        first = int(outside[0, 0])
        raise RuntimeError(f"For '{op}', {arg}[{first}] must be in [{low}, {high}], but got "
                           f"{int(values.flatten()[first])}.")


# ---- elementwise losses ---------------------------------------------------------------------
@kernel_factory("SoftMarginLoss")
def soft_margin_loss(prim):
    reduction = prim.reduction

    def kernel(input, target):
        _require(input.is_floating_point() and target.dtype == input.dtype and target.shape == input.shape)
        return F.soft_margin_loss(_work(input), _work(target), reduction=reduction).to(input.dtype)
    return kernel


@kernel("SigmoidCrossEntropyWithLogits")
def sigmoid_cross_entropy_with_logits(logits, label):
    _require(logits.is_floating_point() and label.dtype == logits.dtype and label.shape == logits.shape)
    loss = F.binary_cross_entropy_with_logits(_work(logits), _work(label), reduction="none")
    return loss.to(logits.dtype)


# ---- margin losses --------------------------------------------------------------------------
@kernel_factory("MultiMarginLoss")
def multi_margin_loss(prim):
    p, margin, reduction = prim.p, prim.margin, prim.reduction

    def kernel(inputs, target, weight=None):
        _require(inputs.ndim == 2 and target.dtype == torch.int64 and target.shape == inputs.shape[:1])
        weight = None if weight is None else _work(weight)
        loss = F.multi_margin_loss(_work(inputs), target, p=p, margin=margin, weight=weight, reduction=reduction)
        return loss.to(inputs.dtype)
    return kernel


@kernel_factory("MultilabelMarginLoss")
def multilabel_margin_loss(prim):
    reduction = {"none": 0, "mean": 1, "sum": 2}[prim.reduction]

    def kernel(x, target):
        _require(x.ndim in (1, 2) and target.dtype == torch.int32 and target.shape == x.shape)
        loss, is_target = torch.ops.aten.multilabel_margin_loss_forward(_work(x), target.long(), reduction)
        return loss.to(x.dtype), is_target.to(torch.int32)
    return kernel


# ---- CTCLossV2: torch's kernels --------------------------------------------------------------
def _ctc_valid(log_alpha, input_lengths, target_lengths):
    """Where log_alpha (N, T, 2S + 1) is defined: steps before each sample's input length,
    states before 2 * its target length + 1."""
    _, steps, states = log_alpha.shape
    device = log_alpha.device
    in_time = torch.arange(steps, device=device)[None, :, None] < input_lengths[:, None, None]
    in_states = torch.arange(states, device=device)[None, None, :] <= 2 * target_lengths[:, None, None]
    return in_time & in_states


@kernel_factory("CTCLossV2")
def ctc_loss_v2(prim):
    blank, zero_infinity = prim.blank, prim.zero_infinity

    def kernel(log_probs, targets, input_lengths, target_lengths):
        _require(log_probs.ndim == 3 and targets.ndim == 2
                 and all(t.dtype in _INDEX_DTYPES for t in (targets, input_lengths, target_lengths)))
        _check_within("CTCLossV2", "input_lengths", input_lengths, 0, log_probs.shape[0])
        _check_within("CTCLossV2", "target_lengths", target_lengths, 0, targets.shape[1])
        input_lengths, target_lengths = input_lengths.long(), target_lengths.long()
        loss, log_alpha = torch.ops.aten._ctc_loss(log_probs, targets.long(), input_lengths, target_lengths, blank,
                                                   zero_infinity)
        if zero_infinity:
            loss = torch.where(torch.isinf(loss), torch.zeros_like(loss), loss)
        # torch leaves the entries past each sample's lengths unwritten, and has states for
        # the longest target length only: log_alpha has 2S + 1 of them, S = targets.shape[1]
        log_alpha = torch.where(_ctc_valid(log_alpha, input_lengths, target_lengths), log_alpha, -math.inf)
        missing = 2 * targets.shape[1] + 1 - log_alpha.shape[2]
        return loss, F.pad(log_alpha, (0, missing), value=-math.inf)
    return kernel


@kernel_factory("CTCLossV2Grad")
def ctc_loss_v2_grad(prim):
    blank, zero_infinity = prim.blank, prim.zero_infinity

    def kernel(grad_out, log_probs, targets, input_lengths, target_lengths, neg_log_likelihood, log_alpha):
        input_lengths, target_lengths = input_lengths.long(), target_lengths.long()
        states = 2 * int(target_lengths.max()) + 1 if target_lengths.numel() else 1
        grad = torch.ops.aten._ctc_loss_backward(grad_out, log_probs, targets.long(), input_lengths, target_lengths,
                                                 neg_log_likelihood, log_alpha[:, :, :states].contiguous(), blank,
                                                 zero_infinity)
        # torch gives the gradient for logits normalized by a log-softmax after them,
        # exp(log_probs) - posterior; the gradient for log_probs themselves is -posterior.
        steps = log_probs.shape[0]
        counted = torch.arange(steps, device=grad.device)[:, None] < input_lengths[None, :]
        if zero_infinity:
            counted = counted & ~torch.isinf(neg_log_likelihood)[None, :]
        return grad - torch.where(counted[..., None], log_probs.exp() * grad_out[None, :, None], 0.0)
    return kernel


# ---- CTCLoss: TensorFlow's CTC ---------------------------------------------------------------
def _sample_labels(indices, values, batch: int, blank: int, collapse_repeated: bool) -> list:
    """The label sequence of each sample, as MindSpore reads sparse labels: sample b takes
    as many consecutive values as labels_indices names it, in their order. Values from the
    blank up are dropped; a label after one of them is an error."""
    _check_within("CTCLoss", "labels_indices[:, 0]", indices[:, 0], 0, batch - 1)
    counts = torch.bincount(indices[:, 0], minlength=batch).tolist() if indices.numel() else [0] * batch
    values = values.tolist()
    labels, start = [], 0
    for count in counts:
        raw, sample, dropped = values[start:start + count], [], False
        start += count
        for i, value in enumerate(raw):
            if collapse_repeated and i and value == raw[i - 1]:
                continue
            if value >= blank:
                dropped = True
            elif dropped:
                raise RuntimeError(f"For 'CTCLoss', a label after a value from the blank ({blank}) up must be in "
                                   f"[0, {blank}), but got {value}.")
            else:
                sample.append(value)
        labels.append(sample)
    return labels


def _lattice(labels: list, blank: int, merge_repeated: bool, device):
    """The padded extended labels (N, U) (blank, l1, blank, ..., lL, blank), each
    sample's state count (N,), and which states may be stayed in and be reached by
    skipping the state before."""
    states = max(2 * len(sample) + 1 for sample in labels)
    extended = torch.full((len(labels), states), blank, dtype=torch.long)
    for n, sample in enumerate(labels):
        if sample:
            extended[n, 1:2 * len(sample):2] = torch.tensor(sample, dtype=torch.long)
    extended = extended.to(device)
    counts = torch.tensor([2 * len(sample) + 1 for sample in labels], device=device)
    is_blank = extended == blank
    before = torch.cat((torch.full_like(extended[:, :2], -1), extended[:, :-2]), 1)
    can_stay = is_blank | merge_repeated
    can_skip = ~is_blank & (before >= 0)
    if merge_repeated:
        can_skip = can_skip & (extended != before)
    return extended, counts, can_stay, can_skip


def _shifted(values, steps: int, forward: bool):
    """values moved `steps` states later (forward) or earlier, -inf filling."""
    fill = torch.full_like(values[:, :steps], -math.inf)
    return torch.cat((fill, values[:, :-steps]), 1) if forward else torch.cat((values[:, steps:], fill), 1)


def _ctc_recursions(emit, lengths, counts, can_stay, can_skip):
    """log alpha and log beta (T, N, U) over the lattice, both including the emission at
    their step; -inf past each sample's steps and states."""
    steps, _, states = emit.shape
    state_index = torch.arange(states, device=emit.device)[None, :]
    inside = state_index < counts[:, None]
    emit = torch.where(inside[None], emit, -math.inf)
    no_path = torch.full_like(emit[0], -math.inf)
    skip_back = torch.cat((can_skip[:, 2:], torch.zeros_like(can_skip[:, :2])), 1)  # u + 2 may be skipped to

    alphas = [torch.where(state_index < 2, emit[0], -math.inf)]
    for t in range(1, steps):
        previous = alphas[-1]
        terms = torch.stack((torch.where(can_stay, previous, -math.inf), _shifted(previous, 1, True),
                             torch.where(can_skip, _shifted(previous, 2, True), -math.inf)))
        step = torch.logsumexp(terms, 0) + emit[t]
        alphas.append(torch.where((t < lengths)[:, None], step, no_path))

    last = (state_index == counts[:, None] - 1) | (state_index == counts[:, None] - 2)   # last label, last blank
    # MindSpore lets an empty label sequence (the lone blank state) also end a step early
    ends_early = (counts == 1)[:, None] & (state_index == 0)
    betas = [no_path] * steps
    following = no_path
    for t in range(steps - 1, -1, -1):
        early = torch.where(ends_early & (t == lengths - 2)[:, None], 0.0, -math.inf).to(emit.dtype)
        terms = torch.stack((torch.where(can_stay, following, -math.inf), _shifted(following, 1, False),
                             torch.where(skip_back, _shifted(following, 2, False), -math.inf), early))
        step = torch.logsumexp(terms, 0) + emit[t]
        start = torch.where(last, emit[t], -math.inf)
        following = torch.where((t == lengths - 1)[:, None], start, torch.where((t < lengths - 1)[:, None], step,
                                                                                no_path))
        betas[t] = following
    return torch.stack(alphas), torch.stack(betas)


@kernel_factory("CTCLoss")
def ctc_loss(prim):
    collapse, merge = prim.preprocess_collapse_repeated, prim.ctc_merge_repeated
    ignore_longer = prim.ignore_longer_outputs_than_inputs

    def kernel(x, labels_indices, labels_values, sequence_length):
        _require(x.ndim == 3 and labels_indices.dtype == torch.int64 and labels_values.dtype == torch.int32
                 and sequence_length.dtype == torch.int32 and labels_values.ndim == 1
                 and labels_indices.shape == (labels_values.shape[0], 2))
        steps, batch, classes = x.shape
        _check_within("CTCLoss", "sequence_length", sequence_length, 1, steps)
        work = _work(x)
        log_probs = torch.log_softmax(work, 2)
        labels = _sample_labels(labels_indices, labels_values, batch, classes - 1, collapse)
        lengths = sequence_length.long()
        ignored = torch.zeros(batch, dtype=torch.bool, device=x.device)
        for n, (sample, length) in enumerate(zip(labels, lengths.tolist())):
            if len(sample) > length:
                if not ignore_longer:
                    raise RuntimeError(f"For 'CTCLoss', the sequence length {length} of sample {n} must be at least "
                                       f"its label length {len(sample)}.")
                ignored[n] = True
        extended, counts, can_stay, can_skip = _lattice(labels, classes - 1, merge, x.device)
        emit = log_probs.gather(2, extended[None].expand(steps, -1, -1))
        alpha, beta = _ctc_recursions(emit, lengths, counts, can_stay, can_skip)
        # every alignment starts in the first blank or the first label: beta there sums them
        loss = -torch.logsumexp(beta[0, :, :2], 1)
        # the probability that a path passes state u at step t, summed per class
        occupancy = torch.exp(alpha + beta - emit + loss[None, :, None])
        occupancy = torch.where(torch.isfinite(loss)[None, :, None], occupancy, 0.0)
        posterior = torch.zeros_like(log_probs).scatter_add_(2, extended[None].expand(steps, -1, -1), occupancy)
        counted = (torch.arange(steps, device=x.device)[:, None] < lengths[None, :]) & ~ignored[None, :]
        grad = torch.where(counted[..., None] & torch.isfinite(loss)[None, :, None], log_probs.exp() - posterior, 0.0)
        loss = torch.where(ignored, torch.zeros_like(loss), loss)
        return loss.to(x.dtype), grad.to(x.dtype)
    return kernel


# ---- RNNTLoss: the transducer lattice -------------------------------------------------------
def _diagonal(step: int, steps: int, positions: int, device):
    """The cells (t, u) of the (steps, positions) lattice with t + u = step."""
    ts = torch.arange(max(0, step - positions + 1), min(step, steps - 1) + 1, device=device)
    return ts, step - ts


def _transducer_alpha(blank, emit):
    """log alpha (B, T, U): the log probability of reaching cell (t, u), from (0, 0) by
    blanks (t - 1 -> t) and labels (u - 1 -> u); computed one anti-diagonal at a time."""
    _, steps, positions = blank.shape
    alpha = torch.full_like(blank, -math.inf)
    alpha[:, 0, 0] = 0
    for step in range(1, steps + positions - 1):
        ts, us = _diagonal(step, steps, positions, blank.device)
        by_blank = torch.where(ts > 0, alpha[:, ts - 1, us] + blank[:, ts - 1, us], -math.inf)
        by_label = torch.where(us > 0, alpha[:, ts, us - 1] + emit[:, ts, us - 1], -math.inf)
        alpha[:, ts, us] = torch.logaddexp(by_blank, by_label)
    return alpha


def _transducer_beta(blank, emit, last_t, last_u):
    """log beta (B, T, U): the log probability of finishing from cell (t, u): its moves to
    the sample's last cell (last_t, last_u) and the final blank there; -inf outside."""
    batch, steps, positions = blank.shape
    beta = torch.full_like(blank, -math.inf)
    samples = torch.arange(batch, device=blank.device)
    for step in range(steps + positions - 2, -1, -1):
        ts, us = _diagonal(step, steps, positions, blank.device)
        by_blank = torch.where(ts + 1 < steps, beta[:, (ts + 1).clamp(max=steps - 1), us] + blank[:, ts, us],
                               -math.inf)
        by_label = torch.where(us + 1 < positions, beta[:, ts, (us + 1).clamp(max=positions - 1)] + emit[:, ts, us],
                               -math.inf)
        beta[:, ts, us] = torch.logaddexp(by_blank, by_label)
        beta[samples, last_t, last_u] = blank[samples, last_t, last_u]
    inside = ((torch.arange(steps, device=blank.device)[None, :, None] <= last_t[:, None, None])
              & (torch.arange(positions, device=blank.device)[None, None, :] <= last_u[:, None, None]))
    return torch.where(inside, beta, -math.inf)


@kernel_factory("RNNTLoss")
def rnnt_loss(prim):
    blank_label = prim.blank_label

    def kernel(acts, labels, input_lengths, label_lengths):
        _require(acts.ndim == 4 and labels.shape == (acts.shape[0], acts.shape[2] - 1)
                 and input_lengths.shape == label_lengths.shape == acts.shape[:1]
                 and all(t.dtype == torch.int32 for t in (labels, input_lengths, label_lengths)))
        batch, steps, positions, classes = acts.shape
        _check_within("RNNTLoss", "input_length", input_lengths, 1, steps)
        _check_within("RNNTLoss", "label_length", label_lengths, 0, positions - 1)
        counted = torch.arange(positions - 1, device=acts.device)[None, :] < label_lengths[:, None]
        _check_within("RNNTLoss", "labels (counted)", labels[counted], 0, classes - 1)
        log_probs = torch.log_softmax(_work(acts), -1)
        blank = log_probs[..., blank_label]
        # the padding past each sample's labels may hold anything: its cells are never counted
        index = labels.long().clamp(0, classes - 1)[:, None, :, None].expand(batch, steps, positions - 1, 1)
        emit = torch.cat((log_probs[:, :, :-1].gather(3, index).squeeze(3),
                          torch.full_like(blank[:, :, :1], -math.inf)), 2)
        last_t, last_u = input_lengths.long() - 1, label_lengths.long()
        samples = torch.arange(batch, device=acts.device)
        alpha = _transducer_alpha(blank, emit)
        beta = _transducer_beta(blank, emit, last_t, last_u)
        log_likelihood = beta[:, 0, 0]
        # gradient for the logits: softmax times the cell's occupancy, less each move's share
        occupancy = torch.exp(alpha + beta - log_likelihood[:, None, None])
        after_blank = torch.cat((beta[:, 1:], torch.full_like(beta[:, :1], -math.inf)), 1)
        after_blank[samples, last_t, last_u] = 0
        after_label = torch.cat((beta[:, :, 1:], torch.full_like(beta[:, :, :1], -math.inf)), 2)
        through_blank = torch.exp(alpha + blank + after_blank - log_likelihood[:, None, None])
        through_label = torch.exp(alpha + emit + after_label - log_likelihood[:, None, None])
        grads = log_probs.exp() * occupancy[..., None]
        grads[..., blank_label] -= through_blank
        grads[:, :, :-1].scatter_add_(3, index, -through_label[:, :, :-1, None])
        return (-log_likelihood).to(acts.dtype), grads.to(acts.dtype)
    return kernel
