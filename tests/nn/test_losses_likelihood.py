"""GaussianNLLLoss, PoissonNLLLoss and CTCLoss (nn/loss/likelihood.py): NumPy float64
references and MindSpore 2.7.1's values, every reduction, Graph mode, gradients, bad
arguments."""
import math

import numpy as np
import pytest

import spore as ms
from spore import Tensor, nn, ops
from tests.autograd.gradcheck import check_gradients

RNG = np.random.default_rng(3)
REDUCTIONS = ["mean", "sum", "none"]
_REDUCE = {"mean": np.mean, "sum": np.sum, "none": lambda v: v}


def check(got, want, rtol=1e-5, atol=1e-6):
    np.testing.assert_allclose(got.asnumpy(), want, rtol=rtol, atol=atol)


def in_graph(cell, *args):
    return ms.jit(lambda *xs: cell(*xs))(*args)


X = RNG.uniform(-1, 1, (3, 4)).astype(np.float32)
COUNTS = RNG.integers(0, 6, (3, 4)).astype(np.float32)


# ---- GaussianNLLLoss ----------------------------------------------------------------------------
@pytest.mark.parametrize("reduction", REDUCTIONS)
@pytest.mark.parametrize("full", [False, True])
def test_gaussian_nll(reduction, full):
    target, var = RNG.standard_normal((3, 4)), RNG.uniform(0.1, 2, (3, 4))
    want = 0.5 * (np.log(var) + (X - target) ** 2 / var) + (0.5 * math.log(2 * math.pi) if full else 0)
    got = nn.GaussianNLLLoss(full=full, reduction=reduction)(Tensor(X), Tensor(target, ms.float32),
                                                           Tensor(var, ms.float32))
    check(got, _REDUCE[reduction](want))


def test_gaussian_nll_of_mindspore():
    x = Tensor(np.array([[0.3, -0.7, 1.2], [0.5, 0.5, -2.0]], np.float32))
    y = Tensor(np.array([[1.0, -1, 1], [-1, 1, 1]], np.float32))
    check(nn.GaussianNLLLoss()(x, y, ops.ones_like(x)), 1.01)


@pytest.mark.parametrize("build, error, match", [
    (lambda: nn.GaussianNLLLoss(eps=1), TypeError, "For 'GaussianNLLLoss', the 'eps'"),
    (lambda: nn.GaussianNLLLoss(eps=-1.0), ValueError, "For 'GaussianNLLLoss', the 'eps' must be in range"),
    (lambda: nn.GaussianNLLLoss(full=1), TypeError, "For 'GaussianNLLLoss', the 'full'"),
    (lambda: nn.GaussianNLLLoss(reduction="x"), ValueError, "For 'gaussian_nll_loss', the 'reduction'"),
    (lambda: nn.GaussianNLLLoss(True), TypeError, "positional"),
    (lambda: nn.GaussianNLLLoss()([1.0], Tensor(X), Tensor(X)), TypeError,
     "For 'GaussianNLLLoss', the 'logits' must be a Tensor"),
])
def test_gaussian_nll_errors(build, error, match):
    with pytest.raises(error, match=match):
        build()


# ---- PoissonNLLLoss -----------------------------------------------------------------------------
def _poisson(x, target, log_input, full, eps):
    x, target = x.astype(np.float64), target.astype(np.float64)
    loss = np.exp(x) - target * x if log_input else x - target * np.log(x + eps)
    if full:
        t = np.maximum(target, eps)
        loss = loss + np.where(t > 1, t * np.log(t) - t + 0.5 * np.log(2 * math.pi * t), 0)
    return loss


@pytest.mark.parametrize("reduction", REDUCTIONS)
@pytest.mark.parametrize("log_input, full", [(True, False), (True, True), (False, False), (False, True)])
def test_poisson_nll(reduction, log_input, full):
    x = X if log_input else np.abs(X) + 0.1
    got = nn.PoissonNLLLoss(log_input, full, 1e-8, reduction)(Tensor(x), Tensor(COUNTS))
    check(got, _REDUCE[reduction](_poisson(x, COUNTS, log_input, full, 1e-8)))


def test_poisson_nll_of_mindspore():
    x = Tensor(np.array([[1.0, 2, 3], [4, 5, 6]], np.float32))
    y = Tensor(np.array([[2.0, 2, 2], [4, 4, 4]], np.float32))
    check(nn.PoissonNLLLoss()(x, y * 0.5), 100.106)
    check(nn.PoissonNLLLoss(log_input=False, full=True, reduction="none")(x, y),
          [[1.651806, 1.265512, 1.4545819], [1.6120858, 1.7195115, 1.9902253]])


def test_poisson_nll_takes_integer_counts_and_keeps_the_input_dtype():
    got = nn.PoissonNLLLoss(reduction="none")(Tensor(X), Tensor(COUNTS.astype(np.int32)))
    check(got, _poisson(X, COUNTS, True, False, 1e-8))
    assert nn.PoissonNLLLoss()(Tensor(X, ms.float16), Tensor(COUNTS)).dtype == ms.float16
    assert nn.PoissonNLLLoss()(Tensor(X, ms.float64), Tensor(COUNTS)).dtype == ms.float64


def test_poisson_nll_gradient():
    """Against the derivative by hand (the loss reduces in Float32, too coarse for
    numerical differences): d/dx mean(x - t log(x + eps)) = (1 - t / (x + eps)) / n."""
    x = np.abs(X) + 0.1
    grad = ms.grad(lambda v: nn.PoissonNLLLoss(False, True)(v, Tensor(COUNTS)))(Tensor(x))
    check(grad, (1 - COUNTS / (x.astype(np.float64) + 1e-8)) / x.size)


def test_poisson_nll_errors():
    with pytest.raises(ValueError, match="For 'PoissonNLLLoss', the 'reduction'"):
        nn.PoissonNLLLoss(reduction="x")
    with pytest.raises(TypeError, match="For 'PoissonNLLLoss', the 'target' must be a Tensor"):
        nn.PoissonNLLLoss()(Tensor(X), [1.0])


# ---- CTCLoss ------------------------------------------------------------------------------------
LOG_PROBS = np.log(np.array([[0.3, 0.2, 0.5], [0.6, 0.3, 0.1], [0.2, 0.2, 0.6]], np.float32))


def _ctc_one(probs, labels, blank=0):
    """-log p(labels) by enumerating the alignments of probs (T, C)."""
    steps, classes = probs.shape
    total = 0.0
    for path in np.ndindex(*(classes,) * steps):
        collapsed = [c for t, c in enumerate(path) if c != blank and (t == 0 or c != path[t - 1])]
        if collapsed == list(labels):
            total += np.prod([probs[t, c] for t, c in enumerate(path)])
    return -math.log(total)


@pytest.mark.parametrize("reduction", REDUCTIONS)
def test_ctc_loss_of_a_batch(reduction):
    log_probs = np.log(RNG.dirichlet(np.ones(3), (4, 2))).astype(np.float32)   # (T, N, C)
    targets, lengths = np.array([[1, 2], [2, 0]], np.int32), np.array([4, 3], np.int32)
    target_lengths = np.array([2, 1], np.int32)
    nll = np.array([_ctc_one(np.exp(log_probs[:lengths[n], n]), targets[n, :target_lengths[n]]) for n in range(2)])
    want = {"none": nll, "sum": nll.sum(), "mean": (nll / target_lengths).mean()}[reduction]
    loss = nn.CTCLoss(reduction=reduction)
    args = (Tensor(log_probs), Tensor(targets), Tensor(lengths), Tensor(target_lengths))
    check(loss(*args), want, rtol=1e-5)
    check(in_graph(loss, *args), want, rtol=1e-5)


@pytest.mark.parametrize("targets", [np.array([1, 2], np.int32), np.array([[1, 2]], np.int32)])
def test_ctc_loss_of_one_sample(targets):
    """log_probs (T, C): one sample, the result without the batch axis (MindSpore's values)."""
    lengths = Tensor(np.array([3], np.int32)), Tensor(np.array([2], np.int32))
    check(nn.CTCLoss()(Tensor(LOG_PROBS), Tensor(targets), *lengths), 0.8629858)
    got = nn.CTCLoss(reduction="none")(Tensor(LOG_PROBS), Tensor(targets), *lengths)
    assert got.shape == ()
    check(got, _ctc_one(np.exp(LOG_PROBS.astype(np.float64)), [1, 2]))


def test_ctc_loss_gradient_through_log_softmax():
    targets, lengths = Tensor(np.array([[1, 2], [2, 0]], np.int32)), Tensor(np.array([4, 3], np.int32))
    target_lengths = Tensor(np.array([2, 1], np.int32))
    check_gradients(lambda x: nn.CTCLoss()(ops.log_softmax(x, 2), targets, lengths, target_lengths),
                    (RNG.standard_normal((4, 2, 3)),))


@pytest.mark.parametrize("targets, match", [
    (np.array([[1, 2], [1, 1]], np.int32), "2-D 'targets' must hold one sequence"),
    (np.array([[[1, 2]]], np.int32), "the 'targets' must be 1-D or 2-D"),
])
def test_ctc_loss_of_one_sample_rejects_other_targets(targets, match):
    with pytest.raises(ValueError, match=match):
        nn.CTCLoss()(Tensor(LOG_PROBS), Tensor(targets), Tensor(np.array([3], np.int32)),
                     Tensor(np.array([2], np.int32)))


def test_ctc_loss_checks_its_arguments_when_called():
    args = (Tensor(LOG_PROBS), Tensor(np.array([1, 2], np.int32)), Tensor(np.array([3], np.int32)),
            Tensor(np.array([2], np.int32)))
    with pytest.raises(ValueError, match="For 'ctc_loss', the 'reduction'"):
        nn.CTCLoss(reduction="x")(*args)
    with pytest.raises(ValueError, match="For 'ctc_loss', the 'blank'"):
        nn.CTCLoss(blank=-1)(*args)
    with pytest.raises(TypeError, match="For 'CTCLoss', the 'log_probs' must be a Tensor"):
        nn.CTCLoss()([1.0], *args[1:])
