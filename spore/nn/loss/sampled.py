"""SampledSoftmaxLoss: the softmax cross entropy over the true classes and a sample of
the other classes, for output layers with many classes."""
from __future__ import annotations

from ... import ops
from ...common import dtype as mstype
from ...ops.validator import check_dtype
from .loss import LossBase, _check_tensor

__all__ = ["SampledSoftmaxLoss"]


class SampledSoftmaxLoss(LossBase):
    """SampledSoftmaxLoss(num_sampled, num_classes, num_true=1, sampled_values=None,
    remove_accidental_hits=True, seed=0, reduction='none')

    For an output layer of `weights` (num_classes, dim) and `biases` (num_classes,) over
    the activations `logits` (N, dim), with `labels` (N, num_true) (or (N,)) Int32 / Int64:
    the logits of the true classes and of `num_sampled` classes drawn uniformly without
    repetition (or the given `sampled_values`: (sampled (num_sampled,), true_expected_count
    (N, num_true), sampled_expected_count (num_sampled,))), each less the log of its
    expected count, give a softmax cross entropy against 1 / num_true on each true class.
    Returns the loss per sample (N,) (`reduction` is not applied, as in MindSpore).
    """

    def __init__(self, num_sampled, num_classes, num_true=1, sampled_values=None, remove_accidental_hits=True,
                 seed=0, reduction="none"):
        super().__init__(reduction)
        name = self.cls_name
        if num_true < 1:
            raise ValueError(f"For '{name}', the 'num_true' must be greater than or equal to 1, but got {num_true}.")
        if seed < 0:
            raise ValueError(f"For '{name}', the 'seed' must be greater than or equal to 0, but got {seed}.")
        if num_sampled > num_classes:
            raise ValueError(f"For '{name}', the 'num_sampled' must be smaller than or equal to 'num_classes', but "
                             f"got 'num_sampled': {num_sampled} and 'num_classes': {num_classes}.")
        if num_true > num_classes:
            raise ValueError(f"For '{name}', the 'num_true' must be smaller than or equal to 'num_classes', but got "
                             f"'num_true': {num_true} and 'num_classes': {num_classes}.")
        if sampled_values is not None:
            if not isinstance(sampled_values, (list, tuple)):
                raise TypeError(f"For '{name}', the type of 'sampled_values' must be a list or tuple, but got "
                                f"{type(sampled_values).__name__}.")
            if len(sampled_values) != 3:
                raise ValueError(f"For '{name}', the length of 'sampled_values' must be equal to 3, but got "
                                 f"{len(sampled_values)}.")
        self.num_sampled = num_sampled
        self.num_classes = num_classes
        self.num_true = num_true
        self.sampled_values = sampled_values
        self.remove_accidental_hits = remove_accidental_hits
        self.seed = seed
        self.sampler = ops.UniformCandidateSampler(num_true, num_sampled, True, num_classes, seed,
                                                          remove_accidental_hits)

    def construct(self, weights, biases, labels, logits):
        for arg, value in (("weights", weights), ("biases", biases), ("labels", labels), ("logits", logits)):
            _check_tensor(self.cls_name, arg, value)
        check_dtype(self.cls_name, "labels", labels.dtype, (mstype.int32, mstype.int64))
        logits, targets = self._sampled_logits(weights, biases, labels, logits)
        return self._softmax_cross_entropy(logits, targets)

    def _sampled_logits(self, weights, biases, labels, inputs):
        """The logits (N, num_true + num_sampled) of the true and the sampled classes, less
        the log of their expected counts, and the targets: 1 / num_true on the true ones."""
        labels = ops.reshape(ops.cast(labels, mstype.int32), (-1, self.num_true))
        sampled_values = self.sampled_values
        if sampled_values is None:
            sampled_values = self.sampler(labels)
        sampled, true_expected_count, sampled_expected_count = sampled_values
        sampled = ops.cast(sampled, mstype.int32)
        true_flat = ops.reshape(labels, (-1,))
        # (N, num_true): each sample's activations dotted with its true classes' weights
        true_weights = ops.reshape(ops.gather(weights, true_flat, 0), (-1, self.num_true, weights.shape[1]))
        true_logits = ops.sum(ops.expand_dims(inputs, 1) * true_weights, 2)
        true_logits = true_logits + ops.reshape(ops.gather(biases, true_flat, 0), (-1, self.num_true))
        sampled_logits = ops.matmul(inputs, ops.transpose(ops.gather(weights, sampled, 0), (1, 0)))
        sampled_logits = sampled_logits + ops.gather(biases, sampled, 0)
        true_logits = true_logits - ops.log(true_expected_count)
        sampled_logits = sampled_logits - ops.log(sampled_expected_count)
        targets = ops.concat((ops.ones_like(true_logits) / self.num_true, ops.zeros_like(sampled_logits)), 1)
        return ops.concat((true_logits, sampled_logits), 1), targets

    @staticmethod
    def _softmax_cross_entropy(logits, targets):
        """-sum(targets * log(softmax(logits) + 1e-20)) per row."""
        shifted = ops.exp(logits - ops.amax(logits, 1, True))
        probabilities = shifted / ops.sum(shifted, 1, keepdim=True)
        return -ops.sum(targets * ops.log(probabilities + 1.0e-20), 1)
