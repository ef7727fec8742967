"""Primitives of the loss functions that need a kernel of their own: the margin losses,
the sigmoid cross entropy, the connectionist temporal classification (CTC) losses and
the RNN transducer loss; losses composed of other primitives live in
function/loss_func.py.

Dtypes: the losses compute on Float16 / Float32 / Float64 (Float64 so that gradients can
be checked in double precision), their inputs of one dtype.
"""
from __future__ import annotations

from ...common import dtype as mstype
from ...common.tensor import Tensor
from ..primitive import Primitive, TensorSpec
from ..validator import check_bool, check_dtype, check_rank, check_string, check_tensor, check_type

__all__ = [
    "SoftMarginLoss", "SigmoidCrossEntropyWithLogits", "MultiMarginLoss", "MultilabelMarginLoss",
    "CTCLossV2", "CTCLossV2Grad", "CTCLoss", "RNNTLoss",
]

_FLOATS = (mstype.float16, mstype.float32, mstype.float64)
_INDEX_DTYPES = (mstype.int32, mstype.int64)
_REDUCTIONS = ("none", "sum", "mean")


def _typed_tensor(op: str, arg: str, value, allowed=_FLOATS) -> None:
    check_tensor(op, arg, value)
    check_dtype(op, arg, value.dtype, allowed)


def _same_dtype(op: str, names: tuple, values: tuple) -> None:
    for name, value in zip(names[1:], values[1:]):
        if value.dtype is not values[0].dtype:
            raise TypeError(f"For '{op}', the dtype of '{name}' must be the dtype of '{names[0]}' "
                            f"({values[0].dtype}), but got {value.dtype}.")


def _same_shape(op: str, names: tuple, values: tuple) -> None:
    for name, value in zip(names[1:], values[1:]):
        if tuple(value.shape) != tuple(values[0].shape):
            raise ValueError(f"For '{op}', the shape of '{name}' must be the shape of '{names[0]}' "
                             f"{tuple(values[0].shape)}, but got {tuple(value.shape)}.")


def _reduction(op: str, reduction, allowed=_REDUCTIONS) -> str:
    return check_string(op, "reduction", reduction, allowed, case_sensitive=True)


def _loss_spec(shape: tuple, dtype, reduction: str) -> TensorSpec:
    """A loss: per element (sample) for reduction 'none', a scalar otherwise."""
    return TensorSpec(shape if reduction == "none" else (), dtype)


def _known(*values) -> bool:
    """All `values` are Tensors holding data (not abstract values being compiled)."""
    return all(isinstance(v, Tensor) and not v.has_init for v in values)


# ---- elementwise losses ---------------------------------------------------------------------
class SoftMarginLoss(Primitive):
    """SoftMarginLoss(reduction='mean')(input, target): log(1 + exp(-target * input)),
    reduced; `input` and `target` of one shape and float dtype."""

    def __init__(self, reduction="mean"):
        super().__init__()
        self.add_prim_attr("reduction", _reduction(self.name, reduction))

    def infer(self, input, target):
        op = self.name
        _typed_tensor(op, "input", input)
        _typed_tensor(op, "target", target)
        _same_dtype(op, ("input", "target"), (input, target))
        _same_shape(op, ("input", "target"), (input, target))
        return _loss_spec(input.shape, input.dtype, self.reduction)


class SigmoidCrossEntropyWithLogits(Primitive):
    """SigmoidCrossEntropyWithLogits()(logits, label): the binary cross entropy of
    sigmoid(logits) against the probabilities `label`, per element:
    max(x, 0) - x * label + log(1 + exp(-|x|)); both of one shape and float dtype."""

    def infer(self, logits, label):
        op = self.name
        _typed_tensor(op, "logits", logits)
        _typed_tensor(op, "label", label)
        _same_dtype(op, ("logits", "label"), (logits, label))
        _same_shape(op, ("logits", "label"), (logits, label))
        return TensorSpec(logits.shape, logits.dtype)


# ---- margin losses --------------------------------------------------------------------------
class MultiMarginLoss(Primitive):
    """MultiMarginLoss(p=1, margin=1.0, reduction='mean')(inputs, target, weight=None)

    The multi-class hinge loss of the scores `inputs` (N, C) for the classes `target`
    (N,) Int64: each sample loses the sum over the other classes j of
    max(0, margin - x[y] + x[j])^p / C, times weight[y] (`weight` (C,) of the inputs'
    dtype). p is 1 or 2; a target outside [0, C) raises ValueError.
    """

    def __init__(self, p=1, margin=1.0, reduction="mean"):
        super().__init__()
        check_type(self.name, "p", p, int)
        if p not in (1, 2):
            raise ValueError(f"For '{self.name}', the 'p' must be 1 or 2, but got {p}.")
        self.add_prim_attr("p", p)
        self.add_prim_attr("margin", check_type(self.name, "margin", margin, float))
        self.add_prim_attr("reduction", _reduction(self.name, reduction))

    def check(self, inputs, target, weight=None):
        if _known(target) and len(inputs.shape) == 2:
            classes = inputs.shape[-1]
            labels = target.asnumpy()
            if labels.size and (labels.min() < 0 or labels.max() >= classes):
                raise ValueError(f"For '{self.name}', every 'target' must be in [0, {classes}), but got "
                                 f"{labels.min() if labels.min() < 0 else labels.max()}.")

    def infer(self, inputs, target, weight=None):
        op = self.name
        _typed_tensor(op, "inputs", inputs)
        _typed_tensor(op, "target", target, (mstype.int64,))
        if len(inputs.shape) != 2 or len(target.shape) != 1:
            raise ValueError(f"For '{op}', the ranks of 'inputs' and 'target' must be 2 and 1, but got "
                             f"{len(inputs.shape)} and {len(target.shape)}.")
        samples, classes = inputs.shape
        if target.shape[0] != samples:
            raise ValueError(f"For '{op}', the size of 'target' must be the number of samples {samples}, but got "
                             f"{target.shape[0]}.")
        if weight is not None:
            _typed_tensor(op, "weight", weight)
            _same_dtype(op, ("inputs", "weight"), (inputs, weight))
            if tuple(weight.shape) != (classes,):
                raise ValueError(f"For '{op}', the shape of 'weight' must be ({classes},), but got "
                                 f"{tuple(weight.shape)}.")
        self.check(inputs, target, weight)
        return _loss_spec((samples,), inputs.dtype, self.reduction)


class MultilabelMarginLoss(Primitive):
    """MultilabelMarginLoss(reduction='mean')(x, target) -> (y, is_target)

    The multi-label hinge loss of the scores `x` ((C,) or (N, C)): `target` (Int32, x's
    shape) lists each sample's classes, ended by the first -1. A sample loses the sum of
    max(0, 1 - (x[j] - x[i])) over its listed classes j and unlisted classes i, divided
    by C. y is per sample ('none': (N,), or () for 1-D x) or reduced; is_target (Int32,
    target's shape) marks the listed classes.
    """

    def __init__(self, reduction="mean"):
        super().__init__()
        self.add_prim_attr("reduction", _reduction(self.name, reduction))

    def check(self, x, target):
        if _known(target) and len(x.shape) in (1, 2):
            classes = x.shape[-1]
            labels = target.asnumpy()
            if labels.size and (labels.min() < -1 or labels.max() >= classes):
                raise ValueError(f"For '{self.name}', every 'target' must be in [-1, {classes}), but got "
                                 f"{labels.min() if labels.min() < -1 else labels.max()}.")

    def infer(self, x, target):
        op = self.name
        _typed_tensor(op, "x", x)
        _typed_tensor(op, "target", target, (mstype.int32,))
        check_rank(op, "x", x.shape, (1, 2))
        _same_shape(op, ("x", "target"), (x, target))
        self.check(x, target)
        return _loss_spec(x.shape[:-1], x.dtype, self.reduction), TensorSpec(target.shape, mstype.int32)


# ---- connectionist temporal classification --------------------------------------------------
def _check_ctc_inputs(op: str, log_probs, targets, input_lengths, target_lengths) -> None:
    """log_probs (T, N, C) Float32 / Float64; targets (N, S); lengths (N,); the integers
    Int32 / Int64."""
    _typed_tensor(op, "log_probs", log_probs, (mstype.float32, mstype.float64))
    check_rank(op, "log_probs", log_probs.shape, 3)
    batch = log_probs.shape[1]
    for arg, value in (("targets", targets), ("input_lengths", input_lengths), ("target_lengths", target_lengths)):
        _typed_tensor(op, arg, value, _INDEX_DTYPES)
    if len(targets.shape) != 2 or targets.shape[0] != batch:
        raise ValueError(f"For '{op}', the 'targets' must be 2-D (N, S) with N = {batch}, but got shape "
                         f"{tuple(targets.shape)}.")
    for arg, value in (("input_lengths", input_lengths), ("target_lengths", target_lengths)):
        if tuple(value.shape) != (batch,):
            raise ValueError(f"For '{op}', the shape of '{arg}' must be ({batch},), but got {tuple(value.shape)}.")


class CTCLossV2(Primitive):
    """CTCLossV2(blank=0, reduction='none', zero_infinity=False)(log_probs, targets,
    input_lengths, target_lengths) -> (neg_log_likelihood, log_alpha)

    The CTC loss of the log-probabilities `log_probs` (T, N, C) against the padded label
    sequences `targets` (N, S): sample n uses its first input_lengths[n] steps and
    target_lengths[n] labels. neg_log_likelihood (N,) is -log p(labels) (inf where no
    alignment exists, 0 then with `zero_infinity`); log_alpha (N, T, 2S + 1) holds the
    forward variables, -inf where unreachable or past a sample's lengths. Only
    reduction 'none' (ops.ctc_loss reduces). Lengths the data do not fit raise
    RuntimeError when the loss is computed.
    """

    def __init__(self, blank=0, reduction="none", zero_infinity=False):
        super().__init__()
        self.add_prim_attr("blank", check_type(self.name, "blank", blank, int))
        self.add_prim_attr("reduction", _reduction(self.name, reduction, ("none",)))
        self.add_prim_attr("zero_infinity", check_bool(self.name, "zero_infinity", zero_infinity))

    def infer(self, log_probs, targets, input_lengths, target_lengths):
        op = self.name
        _check_ctc_inputs(op, log_probs, targets, input_lengths, target_lengths)
        steps, batch, classes = log_probs.shape
        if not 0 <= self.blank < classes:
            raise ValueError(f"For '{op}', the 'blank' must be in [0, {classes}), but got {self.blank}.")
        states = 2 * targets.shape[1] + 1
        return TensorSpec((batch,), log_probs.dtype), TensorSpec((batch, steps, states), log_probs.dtype)


class CTCLossV2Grad(Primitive):
    """CTCLossV2Grad(blank=0, reduction='none', zero_infinity=False)(grad_out, log_probs,
    targets, input_lengths, target_lengths, neg_log_likelihood, log_alpha)

    The gradient of CTCLossV2's loss with respect to `log_probs` (T, N, C), for the
    gradient `grad_out` (N,) of the loss: -grad_out[n] times the probability that an
    alignment emits class c at step t, by the forward-backward (alpha-beta) recursion.
    Zero past each sample's input length, and for infinite losses with `zero_infinity`.
    """

    def __init__(self, blank=0, reduction="none", zero_infinity=False):
        super().__init__()
        self.add_prim_attr("blank", check_type(self.name, "blank", blank, int))
        self.add_prim_attr("reduction", _reduction(self.name, reduction, ("none",)))
        self.add_prim_attr("zero_infinity", check_bool(self.name, "zero_infinity", zero_infinity))

    def infer(self, grad_out, log_probs, targets, input_lengths, target_lengths, neg_log_likelihood, log_alpha):
        op = self.name
        _check_ctc_inputs(op, log_probs, targets, input_lengths, target_lengths)
        steps, batch, _ = log_probs.shape
        for arg, value, shape in (("grad_out", grad_out, (batch,)), ("neg_log_likelihood", neg_log_likelihood,
                                  (batch,)), ("log_alpha", log_alpha, (batch, steps, 2 * targets.shape[1] + 1))):
            _typed_tensor(op, arg, value, (log_probs.dtype,))
            if tuple(value.shape) != shape:
                raise ValueError(f"For '{op}', the shape of '{arg}' must be {shape}, but got {tuple(value.shape)}.")
        return TensorSpec(log_probs.shape, log_probs.dtype)


class CTCLoss(Primitive):
    """CTCLoss(preprocess_collapse_repeated=False, ctc_merge_repeated=True,
    ignore_longer_outputs_than_inputs=False)(x, labels_indices, labels_values,
    sequence_length) -> (loss, gradient)

    The CTC loss of the logits `x` (T, N, C) (softmax over C inside; the last class the
    blank) against sparse labels: labels_indices (K, 2) Int64 (sample, position) and
    labels_values (K,) Int32, sample n taking as many consecutive values as the indices
    name it; it uses its first sequence_length[n] (Int32, in [1, T]) steps. Values from the
    blank up end a sample's labels (a label after them raises RuntimeError); an empty label
    sequence may also end one step early, as in MindSpore. With
    `preprocess_collapse_repeated` repeated labels merge before the loss; without
    `ctc_merge_repeated` an alignment's repeated classes are not merged into one label (so
    each stands for a label of its own). A sample with more labels than steps raises
    RuntimeError, or loses 0 with `ignore_longer_outputs_than_inputs`.
    loss (N,) is -log p(labels); gradient (T, N, C) is its gradient with respect to x.
    """

    def __init__(self, preprocess_collapse_repeated=False, ctc_merge_repeated=True,
                 ignore_longer_outputs_than_inputs=False):
        super().__init__()
        for arg, value in (("preprocess_collapse_repeated", preprocess_collapse_repeated),
                           ("ctc_merge_repeated", ctc_merge_repeated),
                           ("ignore_longer_outputs_than_inputs", ignore_longer_outputs_than_inputs)):
            self.add_prim_attr(arg, check_bool(self.name, arg, value))

    def infer(self, x, labels_indices, labels_values, sequence_length):
        op = self.name
        _typed_tensor(op, "x", x)
        _typed_tensor(op, "labels_indices", labels_indices, (mstype.int64,))
        _typed_tensor(op, "labels_values", labels_values, (mstype.int32,))
        _typed_tensor(op, "sequence_length", sequence_length, (mstype.int32,))
        check_rank(op, "x", x.shape, 3)
        check_rank(op, "labels_indices", labels_indices.shape, 2)
        check_rank(op, "labels_values", labels_values.shape, 1)
        if labels_indices.shape[1] != 2 or labels_indices.shape[0] != labels_values.shape[0]:
            raise ValueError(f"For '{op}', the 'labels_indices' must be (K, 2) with K the size of 'labels_values' "
                             f"({labels_values.shape[0]}), but got shape {tuple(labels_indices.shape)}.")
        batch = x.shape[1]
        if tuple(sequence_length.shape) != (batch,):
            raise ValueError(f"For '{op}', the shape of 'sequence_length' must be ({batch},), but got "
                             f"{tuple(sequence_length.shape)}.")
        return TensorSpec((batch,), x.dtype), TensorSpec(x.shape, x.dtype)


class RNNTLoss(Primitive):
    """RNNTLoss(blank_label=0)(acts, labels, input_length, label_length) -> (costs, grads)

    The RNN transducer loss of the joint network's logits `acts` (B, T, U, V) (softmax
    over V inside) against the labels (B, U - 1) Int32: sample b uses its first
    input_length[b] steps and label_length[b] labels (Int32). An alignment moves through
    the (t, u) lattice from (0, 0), emitting blank_label to advance t or the next label to
    advance u, and ends with a blank at its last cell. costs (B,) is -log p(labels);
    grads (B, T, U, V) its gradient with respect to acts. Lengths or labels the data do
    not fit raise RuntimeError when the loss is computed.
    """

    def __init__(self, blank_label=0):
        super().__init__()
        self.add_prim_attr("blank_label", check_type(self.name, "blank_label", blank_label, int))

    def infer(self, acts, labels, input_length, label_length):
        op = self.name
        _typed_tensor(op, "acts", acts)
        for arg, value in (("labels", labels), ("input_length", input_length), ("label_length", label_length)):
            _typed_tensor(op, arg, value, (mstype.int32,))
        check_rank(op, "acts", acts.shape, 4)
        batch, _, positions, _ = acts.shape
        if tuple(labels.shape) != (batch, positions - 1):
            raise ValueError(f"For '{op}', the shape of 'labels' must be (B, U - 1) = {(batch, positions - 1)}, "
                             f"but got {tuple(labels.shape)}.")
        for arg, value in (("input_length", input_length), ("label_length", label_length)):
            if tuple(value.shape) != (batch,):
                raise ValueError(f"For '{op}', the shape of '{arg}' must be ({batch},), but got {tuple(value.shape)}.")
        if not 0 <= self.blank_label < acts.shape[3]:
            raise ValueError(f"For '{op}', the 'blank_label' must be in [0, {acts.shape[3]}), but got "
                             f"{self.blank_label}.")
        return TensorSpec((batch,), acts.dtype), TensorSpec(acts.shape, acts.dtype)
