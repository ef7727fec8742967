"""mindspore.nn.probability: every method of the 17 distributions against the values MindSpore
2.7.1 printed for the same parameters and inputs, per-call parameters, sampling statistics,
gradients of log_prob through the parameters, Graph mode, the bijectors, and the errors."""
import math

import numpy as np
import pytest

import spore as ms
from spore import Tensor, nn
from spore.nn.probability import bijector as msb
from spore.nn.probability import distribution as msd

INF = float("inf")
FLOATS = Tensor([0.5, 1.0, 4.0], ms.float32)


def _cases():
    """(distribution, values, kl_loss arguments) of the recorded MindSpore values."""
    return {
        "Bernoulli": (msd.Bernoulli(0.3), Tensor([0, 1, 1], ms.int32), ("Bernoulli", Tensor(0.6))),
        "Beta": (msd.Beta([2.0], [3.0]), Tensor([0.2, 0.5, 0.9], ms.float32), ("Beta", Tensor(1.5), Tensor(2.5))),
        "Categorical": (msd.Categorical([0.2, 0.3, 0.5]), Tensor([0, 1, 2], ms.int32),
                        ("Categorical", Tensor([0.5, 0.25, 0.25]))),
        "Cauchy": (msd.Cauchy(1.0, 2.0), FLOATS, ("Cauchy", Tensor(0.5), Tensor(1.5))),
        "Exponential": (msd.Exponential(2.0), FLOATS, ("Exponential", Tensor(0.5))),
        "Gamma": (msd.Gamma([2.0], [3.0]), FLOATS, ("Gamma", Tensor(1.5), Tensor(2.5))),
        "Geometric": (msd.Geometric(0.3), Tensor([0, 1, 4], ms.int32), ("Geometric", Tensor(0.6))),
        "Gumbel": (msd.Gumbel(1.0, 2.0), FLOATS, ("Gumbel", Tensor(0.5), Tensor(1.5))),
        "Logistic": (msd.Logistic(1.0, 2.0), FLOATS, ("Logistic", Tensor(0.5), Tensor(1.5))),
        "LogNormal": (msd.LogNormal(0.5, 2.0), FLOATS, ("LogNormal", Tensor(0.2), Tensor(1.5))),
        "Normal": (msd.Normal(1.0, 2.0), FLOATS, ("Normal", Tensor(0.5), Tensor(1.5))),
        "Poisson": (msd.Poisson([2.0]), Tensor([0.0, 1.0, 4.0], ms.float32), ("Poisson", Tensor(1.5))),
        "Uniform": (msd.Uniform(0.0, 2.0), FLOATS, ("Uniform", Tensor(-1.0), Tensor(3.0))),
        "HalfNormal": (msd.HalfNormal(1.0, 2.0), FLOATS, ("HalfNormal", Tensor(0.5), Tensor(1.5))),
        "Laplace": (msd.Laplace(1.0, 2.0), FLOATS, ("Laplace", Tensor(0.5), Tensor(1.5))),
        "StudentT": (msd.StudentT(3.0, 1.0, 2.0), FLOATS, ("StudentT", Tensor(4.0), Tensor(0.5), Tensor(1.5))),
    }


# Printed by MindSpore 2.7.1 for _cases(); a missing method raises NotImplementedError there.
EXPECTED = {
    "Bernoulli": {"prob": [0.699999, 0.3, 0.3], "log_prob": [-0.356675, -1.203973, -1.203973],
        "cdf": [0.7, 1.0, 1.0], "log_cdf": [-0.356675, 0.0, 0.0], "survival_function": [0.3, 0.0, 0.0],
        "log_survival": [-1.203973, -INF, -INF], "mean": 0.3, "sd": 0.458257, "var": 0.21, "mode": 0.0,
        "entropy": 0.610864, "kl_loss": 0.183787, "cross_entropy": 0.794651},
    "Beta": {"prob": [1.536, 1.499999, 0.108], "log_prob": [0.429182, 0.405465, -2.225623], "mean": [0.4],
        "sd": [0.2], "var": [0.04], "mode": [0.333333], "entropy": [-0.234906], "kl_loss": [0.023714],
        "cross_entropy": [-0.211192]},
    "Categorical": {"prob": [0.2, 0.3, 0.5], "log_prob": [-1.609438, -1.203973, -0.693147], "cdf": [0.2, 0.5, 1.0],
        "log_cdf": [-1.609438, -0.693147, 0.0], "survival_function": [0.8, 0.5, 0.0],
        "log_survival": [-0.223144, -0.693147, -INF], "mean": [1.3], "sd": [0.781025], "var": [0.61], "mode": 2.0,
        "entropy": 1.029653, "kl_loss": 0.218012, "cross_entropy": 1.247665},
    "Cauchy": {"prob": [0.149793, 0.159155, 0.048971], "log_prob": [-1.898502, -1.837877, -3.016532],
        "cdf": [0.422021, 0.5, 0.812833], "log_cdf": [-0.862701, -0.693147, -0.20723],
        "survival_function": [0.577979, 0.5, 0.187167], "log_survival": [-0.548217, -0.693147, -1.675754],
        "mode": 1.0, "entropy": 3.224171, "kl_loss": 0.040822, "cross_entropy": 3.264993},
    "Exponential": {"prob": [0.735758, 0.27067, 0.000671], "log_prob": [-0.306853, -1.306853, -7.306853],
        "cdf": [0.632121, 0.864665, 0.999665], "log_cdf": [-0.458674, -0.145413, -0.000336],
        "survival_function": [0.367879, 0.135335, 0.000335], "log_survival": [-1.0, -2.0, -8.0], "mean": 0.5,
        "sd": 0.5, "var": 0.25, "mode": 0.0, "entropy": 0.306853, "kl_loss": 0.636294, "cross_entropy": 0.943147},
    "Gamma": {"prob": [1.004086, 0.448084, 0.000221], "log_prob": [0.004077, -0.802775, -8.416481],
        "cdf": [0.442174, 0.800852, 0.99992], "log_cdf": [-0.816051, -0.222079, -8e-05],
        "survival_function": [0.557826, 0.199148, 8e-05], "log_survival": [-0.583709, -1.613706, -9.435107],
        "mean": [0.666667], "sd": [0.471405], "var": [0.222222], "mode": [0.333333], "entropy": [0.478603],
        "kl_loss": [0.030759], "cross_entropy": [0.509362]},
    "Geometric": {"prob": [0.3, 0.21, 0.07203], "log_prob": [-1.203973, -1.560648, -2.630673],
        "cdf": [0.3, 0.51, 0.83193], "log_cdf": [-1.203973, -0.673345, -0.184007],
        "survival_function": [0.7, 0.49, 0.16807], "log_survival": [-0.356675, -0.71335, -1.783375],
        "mean": 2.333333, "sd": 2.788867, "var": 7.777777, "mode": 0.0, "entropy": 2.036214, "kl_loss": 0.612623,
        "cross_entropy": 2.648838},
    "Gumbel": {"prob": [0.177786, 0.183939, 0.089253], "log_prob": [-1.727172, -1.693147, -2.416277],
        "cdf": [0.27692, 0.367879, 0.800011], "log_cdf": [-1.284025, -1.000002, -0.22313],
        "survival_function": [0.72308, 0.632121, 0.199989], "log_survival": [-0.324236, -0.458674, -1.609491],
        "mean": 2.154431, "sd": 2.5651, "var": 6.579737, "mode": 1.0, "entropy": 2.270363, "kl_loss": 0.091187,
        "cross_entropy": 2.36155},
    "Logistic": {"prob": [0.123067, 0.125, 0.074573], "log_prob": [-2.095026, -2.079442, -2.595973],
        "cdf": [0.437824, 0.5, 0.817575], "log_cdf": [-0.825939, -0.693147, -0.201413],
        "survival_function": [0.562177, 0.5, 0.182425], "log_survival": [-0.575939, -0.693147, -1.701414],
        "mean": 1.0, "sd": 3.627599, "var": 13.159472, "mode": 1.0, "entropy": 2.693147},
    "LogNormal": {"prob": [0.333908, 0.193334, 0.045204], "log_prob": [-1.096889, -1.643336, -3.09657],
        "cdf": [0.275396, 0.401294, 0.67117], "log_cdf": [-1.289545, -0.913062, -0.398732],
        "survival_function": [0.724604, 0.598706, 0.32883], "log_survival": [-0.32213, -0.512984, -1.112215],
        "mean": 12.182494, "sd": 89.189018, "var": 7954.680664, "mode": 0.030197, "entropy": 2.612086,
        "kl_loss": 0.121207, "cross_entropy": 2.733293},
    "Normal": {"prob": [0.193334, 0.199471, 0.064759], "log_prob": [-1.643336, -1.612086, -2.737086],
        "cdf": [0.401294, 0.5, 0.933193], "log_cdf": [-0.913062, -0.693147, -0.069143],
        "survival_function": [0.598706, 0.5, 0.066807], "log_survival": [-0.512984, -0.693147, -2.705945],
        "mean": 1.0, "sd": 2.0, "var": 4.0, "mode": 1.0, "entropy": 2.112086, "kl_loss": 0.156762,
        "cross_entropy": 2.268848},
    "Poisson": {"prob": [0.135335, 0.27067, 0.090223], "log_prob": [-2.0, -1.306853, -2.405466],
        "cdf": [0.135335, 0.406006, 0.947347], "log_cdf": [-2.0, -0.901388, -0.05409],
        "survival_function": [0.864665, 0.593994, 0.052653], "log_survival": [-0.145413, -0.520886, -2.944033],
        "mean": [2.0], "sd": [1.414214], "var": [2.0], "mode": [2.0]},
    "Uniform": {"prob": [0.5, 0.5, 0.0], "log_prob": [-0.693147, -0.693147, -INF], "cdf": [0.25, 0.5, 1.0],
        "log_cdf": [-1.386294, -0.693147, 0.0], "survival_function": [0.75, 0.5, 0.0],
        "log_survival": [-0.287682, -0.693147, -INF], "mean": 1.0, "sd": 0.57735, "var": 0.333333,
        "entropy": 0.693147, "kl_loss": 0.693147, "cross_entropy": 1.386294},
    "HalfNormal": {"prob": [0.386668, 0.398942, 0.129518], "log_prob": [-0.950189, -0.918939, -2.043939]},
    "Laplace": {"prob": [0.1947, 0.25, 0.055783], "log_prob": [-1.636294, -1.386294, -2.886294]},
    "StudentT": {"prob": [0.176351, 0.183776, 0.060009], "log_prob": [-1.735275, -1.694036, -2.813268]},
}
VALUE_METHODS = ("prob", "log_prob", "cdf", "log_cdf", "survival_function", "log_survival")
PLAIN_METHODS = ("mean", "sd", "var", "mode", "entropy")
ALL_METHODS = VALUE_METHODS + PLAIN_METHODS + ("kl_loss", "cross_entropy")


def _call(dist, method, values, kl_args):
    if method in VALUE_METHODS:
        return getattr(dist, method)(values)
    if method in ("kl_loss", "cross_entropy"):
        return getattr(dist, method)(*kl_args)
    return getattr(dist, method)()


@pytest.mark.parametrize("name", list(EXPECTED))
def test_methods_match_mindspore(name):
    dist, values, kl_args = _cases()[name]
    for method in ALL_METHODS:
        if method in EXPECTED[name]:
            out = _call(dist, method, values, kl_args)
            np.testing.assert_allclose(out.asnumpy(), EXPECTED[name][method], rtol=1e-4, atol=1e-5,
                                       err_msg=f"{name}.{method}")
        elif name != "Cauchy" or method not in ("mean", "sd", "var"):
            with pytest.raises(NotImplementedError, match=f"is not implemented for {name} distribution"):
                _call(dist, method, values, kl_args)


def test_cauchy_moments_are_undefined():
    for method in ("mean", "sd", "var"):
        with pytest.raises(ValueError, match="undefined for Cauchy"):
            getattr(msd.Cauchy(0.0, 1.0), method)()


def test_dtypes():
    assert msd.Bernoulli(0.3).prob(Tensor([1], ms.int32)).dtype is ms.float32
    assert msd.Bernoulli(0.3).sample((2,)).dtype is ms.int32
    assert msd.Bernoulli(0.3).mode().dtype is ms.int32
    assert msd.Categorical([0.5, 0.5]).mode().dtype is ms.int32
    assert msd.Normal(0.0, 1.0, dtype=ms.float64).prob(Tensor([1.0], ms.float64)).dtype is ms.float64
    out = msd.Normal(0.0, 1.0, dtype=ms.float16).prob(Tensor([1.0], ms.float32))
    assert out.dtype is ms.float16
    np.testing.assert_allclose(out.asnumpy(), [0.24197], rtol=1e-3)
    assert msd.Normal(3.0, 4.0).prob(Tensor([1, 2], ms.int32)).dtype is ms.float32


def test_reprs_and_properties():
    assert repr(msd.Normal(3.0, 4.0)) == "Normal(mean = 3.0, standard deviation = 4.0)"
    assert repr(msd.Categorical([0.2, 0.3, 0.5])) == "Categorical(probs = [0.2 0.3 0.5])"
    assert repr(msd.Exponential(2.0)) == "Exponential(rate = 2.0)"
    assert repr(msd.Poisson([2.0])) == "Poisson(batch_shape = (1,))"
    assert repr(msd.LogNormal(0.5, 2.0)) == (
        "LogNormal(\n  loc = 0.5, scale = 2.0\n  (_bijector): Exp(exp)\n"
        "  (_distribution): Normal(mean = 0.5, standard deviation = 2.0)\n)")
    normal = msd.Normal(3.0, 4.0)
    assert (normal.name, normal.dtype, normal.seed) == ("Normal", ms.float32, 0)
    assert normal.parameters == {"mean": 3.0, "sd": 4.0, "seed": None, "dtype": ms.float32, "name": "Normal",
                                 "param_dict": {"mean": 3.0, "sd": 4.0}}
    assert not list(normal.get_parameters())
    assert msd.Normal([1.0, 2.0], 1.0).batch_shape == (2,)
    assert msd.Categorical([[0.5, 0.5], [0.2, 0.8]]).batch_shape == (2,)
    assert normal.get_dist_type() == "Normal"


def test_per_call_parameters():
    normal = msd.Normal()
    values = Tensor([1.0, 2.0, 3.0], ms.float32)
    mean, sd = Tensor([0.0]), Tensor([1.0])
    expected = np.exp(-0.5 * np.array([1.0, 4.0, 9.0])) / math.sqrt(2 * math.pi)
    np.testing.assert_allclose(normal.prob(values, mean, sd).asnumpy(), expected, rtol=1e-6)
    np.testing.assert_allclose(normal.prob(values, mean=mean, sd=sd).asnumpy(), expected, rtol=1e-6)
    np.testing.assert_allclose(msd.Normal(3.0, 4.0).prob(values, mean, sd).asnumpy(), expected, rtol=1e-6)
    np.testing.assert_allclose(normal("prob", values, mean, sd).asnumpy(), expected, rtol=1e-6)
    np.testing.assert_allclose(normal.mean(Tensor([1.0, 2.0]), Tensor([1.0])).asnumpy(), [1.0, 2.0])
    kl = msd.Normal().kl_loss("Normal", Tensor(0.5), Tensor(1.5), Tensor(1.0), Tensor(2.0))
    np.testing.assert_allclose(kl.asnumpy(), EXPECTED["Normal"]["kl_loss"], rtol=1e-5)
    with pytest.raises(TypeError, match="the type mean must be subclass of Tensor"):
        normal.prob(values)
    with pytest.raises(TypeError, match="For mean, input type must be a Tensor or Parameter"):
        normal.prob(values, 0.0, 1.0)


@pytest.mark.parametrize("dist", [
    msd.Normal(1.0, 2.0), msd.Uniform(0.0, 2.0), msd.Exponential(2.0), msd.Bernoulli(0.3),
    msd.Categorical([0.2, 0.3, 0.5]), msd.Geometric(0.3), msd.Logistic(1.0, 2.0), msd.Poisson([2.0]),
    msd.Gamma([2.0], [3.0]), msd.Beta([2.0], [3.0]), msd.Gumbel(1.0, 2.0), msd.LogNormal(0.5, 0.5),
], ids=lambda d: d.name)
def test_samples_have_the_moments(dist):
    ms.set_seed(1)
    drawn = dist.sample((20000,))
    assert drawn.shape == (20000,) + dist.batch_shape and drawn.dtype is dist.dtype
    samples = drawn.asnumpy().astype(np.float64)
    mean, sd = dist.mean().asnumpy().reshape(-1), dist.sd().asnumpy().reshape(-1)
    np.testing.assert_allclose(samples.reshape(20000, -1).mean(0), mean, rtol=0.03, atol=0.02)
    np.testing.assert_allclose(samples.reshape(20000, -1).std(0), sd, rtol=0.04)


def test_sample_shapes():
    assert msd.Normal([0.0, 1.0], 1.0).sample((3, 4)).shape == (3, 4, 2)
    assert msd.Normal(0.0, 1.0).sample().shape == ()
    assert msd.Categorical([[0.5, 0.5], [0.2, 0.8]]).sample((3,)).shape == (3, 2)
    assert msd.Normal().sample((2,), Tensor([0.0, 1.0]), Tensor(1.0)).shape == (2, 2)
    with pytest.raises(TypeError, match="For shape, input type must be a tuple"):
        msd.Normal(0.0, 1.0).sample("a")


def test_log_prob_gradients_through_per_call_parameters():
    values = Tensor(np.array([0.3, 1.2, 2.5]))

    def loss(loc, scale):
        return msd.Normal(dtype=ms.float64).log_prob(values, loc, scale).sum()

    loc, scale = 0.7, 1.3
    grads = ms.grad(loss, grad_position=(0, 1))(Tensor(np.float64(loc)), Tensor(np.float64(scale)))
    x = values.asnumpy()
    expected_loc = ((x - loc) / scale ** 2).sum()
    expected_scale = (((x - loc) ** 2) / scale ** 3 - 1 / scale).sum()
    np.testing.assert_allclose([g.asnumpy() for g in grads], [expected_loc, expected_scale], rtol=1e-10)


@pytest.mark.parametrize("make, params", [
    (lambda: msd.Gamma(dtype=ms.float64), (1.7, 2.2)),
    (lambda: msd.Beta(dtype=ms.float64), (1.7, 2.2)),
    (lambda: msd.Gumbel(0.3, 1.5, dtype=ms.float64), (0.3, 1.5)),
    (lambda: msd.LogNormal(dtype=ms.float64), (0.3, 1.5)),
])
def test_entropy_and_kl_gradients(make, params):
    dist = make()
    eps = 1e-6

    def loss(p0, p1):
        return dist.entropy(p0, p1).sum() + dist.kl_loss(dist.get_dist_type(), Tensor(1.1), Tensor(1.9), p0, p1).sum()

    analytic = ms.grad(loss, grad_position=(0, 1))(Tensor(np.float64(params[0])), Tensor(np.float64(params[1])))
    for i in range(2):
        moved = [list(params), list(params)]
        moved[0][i] += eps
        moved[1][i] -= eps
        plus, minus = (float(loss(*(Tensor(np.float64(v)) for v in p)).asnumpy()) for p in moved)
        np.testing.assert_allclose(analytic[i].asnumpy(), (plus - minus) / (2 * eps), rtol=1e-5, atol=1e-7)


class _NegativeLogLikelihood(nn.Cell):
    def __init__(self):
        super().__init__()
        self.normal = msd.Normal(1.0, 2.0)

    def construct(self, x):
        return -self.normal.log_prob(x).sum() + self.normal.kl_loss("Normal", ms.ops.ones((), ms.float32),
                                                                    ms.ops.ones((), ms.float32))


def test_distribution_inside_a_compiled_cell():
    x = Tensor(np.array([0.5, 1.0, 4.0], np.float32))
    expected = _NegativeLogLikelihood()(x).asnumpy()
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        np.testing.assert_allclose(_NegativeLogLikelihood()(x).asnumpy(), expected, rtol=1e-6)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_constructor_errors():
    with pytest.raises(ValueError, match="Standard deviation must be greater than zero"):
        msd.Normal(0.0, -1.0)
    with pytest.raises(TypeError, match="'dtype' should be one of"):
        msd.Normal(0.0, 1.0, dtype=ms.int32)
    with pytest.raises(ValueError, match="rate must be greater than zero"):
        msd.Exponential(-1.0)
    with pytest.raises(ValueError, match="Probabilities must be less than one"):
        msd.Bernoulli(1.5)
    with pytest.raises(ValueError, match="Probabilities must be greater than zero"):
        msd.Geometric(0.0)
    with pytest.raises(ValueError, match="low must be less than high"):
        msd.Uniform(2.0, 1.0)
    with pytest.raises(ValueError, match="should sum to one"):
        msd.Categorical([0.5, 0.6])
    with pytest.raises(ValueError, match="concentration must be greater than zero"):
        msd.Gamma([-1.0], [1.0])
    with pytest.raises(TypeError, match="can't be scalar"):
        msd.Poisson(2.0)
    with pytest.raises(ValueError, match="scale must be greater than zero"):
        msd.Cauchy(0.0, 0.0)
    with pytest.raises(TypeError, match="the type of 'bijector' should be 'Bijector', but got type 'int'"):
        msd.TransformedDistribution(3, msd.Normal(0.0, 1.0))


def test_call_errors():
    normal = msd.Normal(0.0, 1.0)
    with pytest.raises(TypeError, match="For value, input type must be a Tensor or Parameter"):
        normal.prob([1.0])
    with pytest.raises(ValueError, match="Expected dist input is Normal, but got Bernoulli"):
        normal.kl_loss("Bernoulli", Tensor(1.0), Tensor(2.0))
    with pytest.raises(TypeError, match="For mean_b, input type must be a Tensor or Parameter"):
        normal.kl_loss("Normal", 1.0, 1.0)
    with pytest.raises(TypeError, match="sd_b"):
        normal.kl_loss("Normal", Tensor(1.0))
    with pytest.raises(ValueError, match="method name"):
        normal("median")


# ---- TransformedDistribution and the bijectors ------------------------------------------------
def test_transformed_distribution():
    dist = msd.TransformedDistribution(msb.Exp(), msd.Normal(0.0, 1.0))
    values = Tensor([0.5, 1.0, 4.0], ms.float32)
    np.testing.assert_allclose(dist.prob(values).asnumpy(), [0.627496, 0.398942, 0.038153], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(dist.cdf(values).asnumpy(), [0.244109, 0.5, 0.917171], rtol=1e-5)
    np.testing.assert_allclose(dist.log_survival(values).asnumpy(), [-0.279858, -0.693147, -2.490983], rtol=1e-5)
    with pytest.raises(ValueError, match="mean function must be implemented for non-linear transformation"):
        dist.mean()
    with pytest.raises(NotImplementedError, match="sd is not implemented for transformed_distribution"):
        dist.sd()
    assert (dist.sample((3,)).asnumpy() > 0).all()
    affine = msd.TransformedDistribution(msb.ScalarAffine(2.0, 1.0), msd.Normal(0.5, 1.0))
    np.testing.assert_allclose(affine.mean().asnumpy(), 2.0)
    assert repr(dist) == ("TransformedDistribution(\n  (_bijector): Exp(exp)\n"
                          "  (_distribution): Normal(mean = 0.0, standard deviation = 1.0)\n)")


BIJECTOR_VALUES = Tensor([0.5, 1.0, 4.0], ms.float32)


@pytest.mark.parametrize("bijector, expected", [
    # forward, inverse, forward_log_jacobian, inverse_log_jacobian, as MindSpore 2.7.1 printed them.
    (msb.Exp(), ([1.648721, 2.718282, 54.59815], [-0.693147, 0.0, 1.386294], [0.5, 1.0, 4.0],
                 [0.693147, 0.0, -1.386294])),
    (msb.PowerTransform(0.5), ([1.5625, 2.25, 9.0], [-0.585786, 0.0, 2.0], [0.223144, 0.405465, 1.098612],
                               [0.346574, 0.0, -0.693147])),
    (msb.ScalarAffine(2.0, 1.0), ([2.0, 3.0, 9.0], [-0.25, 0.0, 1.5], 0.693147, -0.693147)),
    (msb.Softplus(2.0), ([0.656631, 1.063464, 4.000168], [0.270662, 0.927293, 3.999832],
                         [-0.313261, -0.126928, -0.000335], [0.458675, 0.145413, 0.000336])),
    (msb.Invert(msb.Exp()), ([-0.693147, 0.0, 1.386294], [1.648721, 2.718282, 54.59815],
                             [0.693147, 0.0, -1.386294], [0.5, 1.0, 4.0])),
], ids=lambda b: getattr(b, "name", ""))
def test_bijectors(bijector, expected):
    for method, values in zip(("forward", "inverse", "forward_log_jacobian", "inverse_log_jacobian"), expected):
        np.testing.assert_allclose(getattr(bijector, method)(BIJECTOR_VALUES).asnumpy(), values, rtol=1e-5,
                                   atol=1e-6, err_msg=method)
    np.testing.assert_allclose(bijector("forward", BIJECTOR_VALUES).asnumpy(), expected[0], rtol=1e-5)


def test_gumbel_cdf_bijector():
    bijector = msb.GumbelCDF(1.0, 2.0)
    np.testing.assert_allclose(bijector.forward(BIJECTOR_VALUES).asnumpy(), [0.27692, 0.367879, 0.800011], rtol=1e-5)
    np.testing.assert_allclose(bijector.forward_log_jacobian(BIJECTOR_VALUES).asnumpy(),
                               [-1.727172, -1.693147, -2.416277], rtol=1e-5)
    y = Tensor([0.5, 0.8, 0.9], ms.float32)
    np.testing.assert_allclose(bijector.inverse(y).asnumpy(), [1.733026, 3.99988, 5.500734], rtol=1e-5)
    np.testing.assert_allclose(bijector.inverse_log_jacobian(y).asnumpy(), [1.752807, 2.416231, 3.048875], rtol=1e-5)


def test_bijector_properties_and_reprs():
    assert repr(msb.Exp()) == "Exp(exp)" and msb.Exp().name == "Exp"
    assert repr(msb.ScalarAffine(2.0, 1.0)) == "ScalarAffine(scale = 2.0, shift = 1.0)"
    assert repr(msb.PowerTransform(0.5)) == "PowerTransform(power = 0.5)"
    assert msb.ScalarAffine().is_constant_jacobian and not msb.Exp().is_constant_jacobian
    assert msb.Exp().is_injective and msb.Exp().dtype is None
    assert msb.ScalarAffine(2.0, 1.0).parameters == {"scale": 2.0, "shift": 1.0, "name": "ScalarAffine",
                                                     "param_dict": {"scale": 2.0, "shift": 1.0}}
    inverted = msb.Invert(msb.Exp())
    assert inverted.name == "InvertExp" and repr(inverted) == "Invert(\n  (_bijector): Exp(exp)\n)"


def test_bijector_errors():
    with pytest.raises(ValueError, match="Power must be greater than or equal to zero"):
        msb.PowerTransform(-1.0)
    with pytest.raises(TypeError, match="ScalarAffine"):
        msb.ScalarAffine("a")
    with pytest.raises(TypeError, match="Softplus"):
        msb.Softplus(0)
    with pytest.raises(ValueError, match="scale must be greater than zero"):
        msb.GumbelCDF(0.0, -1.0)
    with pytest.raises(TypeError, match="the type of 'bijector' should be 'Bijector', but got type 'int'"):
        msb.Invert(3)
    with pytest.raises(TypeError, match="input type must be a Tensor or Parameter"):
        msb.Exp().forward([1.0])
    with pytest.raises(TypeError, match="must be or be subclass of Float, but got Int32"):
        msb.Exp().forward(Tensor([1], ms.int32))


def test_bijector_gradient():
    x = Tensor(np.array([0.2, 0.7, 1.5]))
    grad = ms.grad(lambda t: msb.Softplus(2.0).forward(t).sum())(x)
    np.testing.assert_allclose(grad.asnumpy(), 1 / (1 + np.exp(-2 * x.asnumpy())), rtol=1e-10)
