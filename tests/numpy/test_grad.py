"""Gradients flow through mindspore.numpy: each differentiable function's gradient (taken with
spore's bprops through the ops it is built from) against central differences in float64."""
import numpy as np
import pytest

import spore as ms
import spore.numpy as mnp
from tests.autograd.gradcheck import check_gradients

RNG = np.random.default_rng(3)
X = RNG.uniform(-2, 2, (3, 4))
Y = RNG.uniform(-2, 2, (4,))
POSITIVE = RNG.uniform(0.5, 3, (3, 4))
UNIT = RNG.uniform(-0.8, 0.8, (3, 4))
ABOVE_ONE = RNG.uniform(1.5, 4, (3, 4))
CUBE = RNG.uniform(-2, 2, (2, 3, 4))
SQUARE = RNG.uniform(-2, 2, (3, 3))
SIGNAL = RNG.uniform(-2, 2, (7,))
KERNEL = RNG.uniform(-2, 2, (3,))
MASK = mnp.array([True, False, True, True])
WITH_NAN = X.copy()
WITH_NAN[0, 1] = WITH_NAN[2, 3] = np.nan

UNARY = {
    "sqrt": POSITIVE, "cbrt": POSITIVE, "square": X, "reciprocal": POSITIVE, "exp": X, "exp2": X, "expm1": X,
    "log": POSITIVE, "log10": POSITIVE, "log1p": POSITIVE, "log2": POSITIVE, "sin": X, "cos": X, "tan": UNIT,
    "arcsin": UNIT, "arccos": UNIT, "arctan": X, "sinh": X, "cosh": X, "tanh": X, "arcsinh": X,
    "arccosh": ABOVE_ONE, "arctanh": UNIT, "deg2rad": X, "rad2deg": X, "absolute": X, "fabs": X, "negative": X,
    "positive": X,
}

CASES = [(f"unary_{name}", getattr(mnp, name), (x,)) for name, x in UNARY.items()] + [
    ("add", mnp.add, (X, Y)), ("subtract", mnp.subtract, (X, Y)), ("multiply", mnp.multiply, (X, Y)),
    ("divide", mnp.divide, (X, POSITIVE)), ("power", mnp.power, (POSITIVE, X)),
    ("float_power", mnp.float_power, (POSITIVE, Y)), ("maximum", mnp.maximum, (X, Y)),
    ("arctan2", mnp.arctan2, (X, POSITIVE)), ("hypot", mnp.hypot, (X, Y)), ("logaddexp", mnp.logaddexp, (X, Y)),
    ("logaddexp2", mnp.logaddexp2, (X, Y)), ("copysign", mnp.copysign, (X, Y)),
    ("clip", lambda x: mnp.clip(x, -1.0, 1.0), (X,)),
    ("sum", lambda x: mnp.sum(x, 1), (X,)), ("mean", lambda x: mnp.mean(x, (0, 2)), (CUBE,)),
    ("amax", lambda x: mnp.amax(x, 0), (X,)),
    ("amin_where", lambda x: mnp.amin(x, 0, initial=0.5, where=MASK), (X,)),
    ("ptp", lambda x: mnp.ptp(x, 1), (X,)), ("var", lambda x: mnp.var(x, 1, ddof=1), (X,)),
    ("std", lambda x: mnp.std(x), (X,)), ("average", lambda x, w: mnp.average(x, 0, w), (X, POSITIVE)),
    ("nansum", lambda x: mnp.nansum(x, 0), (WITH_NAN,)), ("nanmean", lambda x: mnp.nanmean(x, 1), (WITH_NAN,)),
    ("nanvar", lambda x: mnp.nanvar(x, 1), (WITH_NAN,)), ("nanmax", lambda x: mnp.nanmax(x, 0), (WITH_NAN,)),
    ("cumsum", lambda x: mnp.cumsum(x, 1), (X,)), ("cumprod", lambda x: mnp.cumprod(x), (POSITIVE,)),
    ("nancumsum", lambda x: mnp.nancumsum(x, 0), (WITH_NAN,)),
    ("norm", mnp.norm, (X,)), ("norm_vector", lambda x: mnp.norm(x, 3, axis=1), (X,)),
    ("norm_matrix_1", lambda x: mnp.norm(x, 1), (X,)), ("norm_matrix_inf", lambda x: mnp.norm(x, np.inf), (X,)),
    ("reshape", lambda x: mnp.reshape(x, (6, 2)), (X,)), ("transpose", mnp.transpose, (CUBE,)),
    ("moveaxis", lambda x: mnp.moveaxis(x, 0, -1), (CUBE,)), ("rollaxis", lambda x: mnp.rollaxis(x, 2), (CUBE,)),
    ("concatenate", lambda x, y: mnp.concatenate((x, y), None), (X, Y)),
    ("stack", lambda x, y: mnp.stack((x, y)), (X, POSITIVE)), ("hstack", lambda x, y: mnp.hstack((x, y)), (Y, Y)),
    ("split", lambda x: mnp.split(x, 2, 1), (X,)), ("array_split", lambda x: mnp.array_split(x, 3, 1), (X,)),
    ("flip", mnp.flip, (CUBE,)), ("rot90", lambda x: mnp.rot90(x, 1, (1, 2)), (CUBE,)),
    ("roll", lambda x: mnp.roll(x, [1, -2], [0, 1]), (X,)), ("tile", lambda x: mnp.tile(x, (2, 1)), (X,)),
    ("repeat", lambda x: mnp.repeat(x, [1, 0, 2], axis=0), (X,)), ("diff", lambda x: mnp.diff(x, 2), (X,)),
    ("ediff1d", lambda x: mnp.ediff1d(x, to_begin=1.0), (X,)),
    ("broadcast_to", lambda y: mnp.broadcast_to(y, (3, 4)), (Y,)),
    ("pad_reflect", lambda x: mnp.pad(x, (1, 2), "reflect"), (X,)),
    ("pad_odd", lambda x: mnp.pad(x, 2, "symmetric", reflect_type="odd"), (X,)),
    ("pad_mean", lambda x: mnp.pad(x, (1, 1), "mean"), (X,)),
    ("pad_ramp", lambda x: mnp.pad(x, (2, 1), "linear_ramp", end_values=3), (X,)),
    ("take", lambda x: mnp.take(x, mnp.array([0, 5, 5])), (X,)),
    ("take_along_axis", lambda x: mnp.take_along_axis(x, mnp.array([[2, 0, 1, 1]]), 0), (X,)),
    ("choose", lambda x, y: mnp.choose(mnp.array([0, 1, 1, 0]), [x, y]), (X, Y)),
    ("where", lambda x, y: mnp.where(x > 0, x, y), (X, Y)),
    ("select", lambda x, y: mnp.select([x > 1, x < 0], [x, y]), (X, Y)),
    ("piecewise", lambda x: mnp.piecewise(x, [x < 0], [lambda v: v * v, lambda v: 2 * v]), (X,)),
    ("apply_along_axis", lambda x: mnp.apply_along_axis(lambda r: r * r[0], 1, x), (X,)),
    ("diag", lambda y: mnp.diag(y, -1), (Y,)), ("diagonal", lambda x: mnp.diagonal(x, 1, 2, 0), (CUBE,)),
    ("trace", mnp.trace, (SQUARE,)), ("tril", lambda x: mnp.tril(x, 1), (X,)), ("triu", mnp.triu, (CUBE,)),
    ("linspace", lambda a, b: mnp.linspace(a, b, 5, axis=1), (Y, POSITIVE[0])),
    ("vander", lambda y: mnp.vander(y, 3), (Y,)),
    ("matmul", mnp.matmul, (CUBE, X.T)), ("dot", mnp.dot, (CUBE, X.T)), ("inner", mnp.inner, (X, CUBE)),
    ("outer", mnp.outer, (X, Y)), ("tensordot", lambda a, b: mnp.tensordot(a, b, ([2, 1], [1, 0])), (CUBE, X)),
    ("kron", mnp.kron, (SQUARE, Y[:2])), ("cross", mnp.cross, (X[:, :3], SQUARE)),
    ("matrix_power", lambda x: mnp.matrix_power(x, 3), (SQUARE,)),
    ("multi_dot", lambda a, b, c: mnp.multi_dot([a, b, c]), (Y, X.T, SQUARE)),
    ("cov", mnp.cov, (X,)), ("corrcoef", mnp.corrcoef, (X,)),
    ("correlate", lambda a, v: mnp.correlate(a, v, "same"), (SIGNAL, KERNEL)),
    ("convolve", mnp.convolve, (SIGNAL, KERNEL)), ("gradient", mnp.gradient, (X,)),
    ("gradient_coordinates", lambda f, x: mnp.gradient(f, x), (SIGNAL, np.cumsum(POSITIVE.ravel()[:7]))),
    ("trapz", lambda y, x: mnp.trapz(y, x), (X, np.cumsum(POSITIVE[0]))),
    ("interp", lambda x, fp: mnp.interp(x, mnp.array([-2.0, -0.5, 1.0, 2.5]), fp), (X, Y)),
    ("unwrap", lambda p: mnp.unwrap(p * 3), (SIGNAL,)),
    ("histogram_weights", lambda w: mnp.histogram(mnp.arange(4.0), 2, weights=w)[0], (Y,)),
    ("bincount_weights", lambda w: mnp.bincount(mnp.array([0, 2, 2, 1]), w), (Y,)),
    ("polyval", mnp.polyval, (KERNEL, X)), ("polyint", lambda p: mnp.polyint(p, 2), (KERNEL,)),
    ("polymul", mnp.polymul, (KERNEL, Y)), ("polyder", mnp.polyder, (Y,)),
]


@pytest.mark.parametrize("name, fn, inputs", CASES, ids=[c[0] for c in CASES])
def test_gradient_matches_numerical_differences(name, fn, inputs):
    check_gradients(fn, [np.array(x) for x in inputs], rtol=1e-5, atol=1e-6)


def test_grad_through_a_composition():
    x = ms.Tensor(np.array([1.0, 8.0, 27.0], np.float32))
    grad = ms.grad(lambda v: mnp.sum(mnp.cbrt(v)))(x)
    np.testing.assert_allclose(grad.asnumpy(), [1 / 3, 1 / 12, 1 / 27], rtol=1e-5)
