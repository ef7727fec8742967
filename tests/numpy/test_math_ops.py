"""mindspore.numpy's elementwise math against NumPy in float64, with mindspore.numpy's dtypes:
float functions give Float32 on integer input, `dtype=` casts the result."""
import numpy as np
import pytest

import spore as ms
import spore.numpy as mnp
from tests.numpy.support import assert_matches

RNG = np.random.default_rng(0)
ANY = RNG.uniform(-3, 3, (3, 4)).astype(np.float32)
POSITIVE = RNG.uniform(0.1, 4, (3, 4)).astype(np.float32)
UNIT = RNG.uniform(-0.9, 0.9, (3, 4)).astype(np.float32)
ABOVE_ONE = RNG.uniform(1.1, 5, (3, 4)).astype(np.float32)
INTS = np.array([[-3, 0, 2], [7, -8, 5]], np.int32)
HALVES = np.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 1.7, -1.2], np.float32)

UNARY = [
    ("absolute", ANY), ("abs", INTS), ("fabs", INTS), ("negative", ANY), ("positive", INTS), ("sqrt", POSITIVE),
    ("sqrt", np.array([1, 4, 9], np.int32)), ("square", ANY), ("square", INTS), ("cbrt", ANY), ("reciprocal", POSITIVE),
    ("exp", ANY), ("exp2", ANY), ("expm1", UNIT), ("log", POSITIVE), ("log10", POSITIVE), ("log1p", UNIT),
    ("log2", POSITIVE), ("sin", ANY), ("cos", ANY), ("tan", UNIT), ("arcsin", UNIT), ("arccos", UNIT),
    ("arctan", ANY), ("sinh", ANY), ("cosh", ANY), ("tanh", ANY), ("arcsinh", ANY * 100), ("arccosh", ABOVE_ONE),
    ("arctanh", UNIT), ("deg2rad", ANY * 60), ("radians", INTS), ("rad2deg", ANY), ("ceil", HALVES),
    ("floor", HALVES), ("trunc", HALVES), ("fix", HALVES), ("rint", HALVES), ("sign", ANY), ("sign", INTS),
    ("ceil", INTS),
]


def _expected_dtype(name, x):
    keeps_ints = name in ("absolute", "abs", "negative", "positive", "square")
    return str(ms.Tensor(x).dtype) if keeps_ints or x.dtype.kind == "f" else "Float32"


@pytest.mark.parametrize("name, x", UNARY, ids=[f"{n}-{x.dtype}" for n, x in UNARY])
def test_unary_matches_numpy(name, x):
    expected = getattr(np, name)(x.astype(np.float64) if x.dtype.kind == "f" else x)
    assert_matches(getattr(mnp, name)(ms.Tensor(x)), expected, _expected_dtype(name, x), rtol=2e-5, atol=1e-5)


def test_unary_dtype_argument_casts_the_result():
    assert_matches(mnp.sqrt(ms.Tensor(POSITIVE), dtype=mnp.float16), np.sqrt(POSITIVE), "Float16", rtol=1e-3)
    assert_matches(mnp.absolute([1, -2, 3]), np.array([1, 2, 3]), "Int32")


A = RNG.uniform(-4, 4, (3, 4)).astype(np.float32)
B = RNG.uniform(0.5, 3, (4,)).astype(np.float32)
IA = np.array([[12, -7, 0, 9], [4, 15, -6, 21]], np.int32)
IB = np.array([8, 3, 5, 6], np.int32)

BINARY = [
    ("add", A, B), ("subtract", A, B), ("multiply", A, B), ("divide", A, B), ("true_divide", IA, IB),
    ("floor_divide", A, B), ("floor_divide", IA, IB), ("power", np.abs(A), B), ("power", IA, np.array(2, np.int32)),
    ("float_power", IA, np.array(2, np.int32)), ("remainder", A, B), ("remainder", IA, IB), ("mod", IA, -IB),
    ("fmod", A, B), ("fmod", IA, IB), ("maximum", A, B), ("minimum", IA, IB), ("arctan2", A, B),
    ("arctan2", IA, IB), ("hypot", A, B), ("logaddexp", A, B), ("logaddexp2", A, B), ("copysign", B, A),
    ("copysign", IB, IA), ("heaviside", np.array([-1.5, 0, 2.0], np.float32), np.array(0.5, np.float32)),
    ("gcd", IA, IB), ("lcm", IA, IB), ("bitwise_and", IA, IB), ("bitwise_or", IA, IB), ("bitwise_xor", IA, IB),
]


def _binary_dtype(name, x1, x2):
    floats = x1.dtype.kind == "f" or x2.dtype.kind == "f"
    if name == "float_power":
        return "Float64"
    if name in ("divide", "true_divide", "arctan2", "hypot", "logaddexp", "logaddexp2") or floats:
        return "Float32"
    return "Int32"


@pytest.mark.parametrize("name, x1, x2", BINARY, ids=[f"{n}-{a.dtype}" for n, a, _ in BINARY])
def test_binary_matches_numpy(name, x1, x2):
    wide = [x.astype(np.float64) if x.dtype.kind == "f" else x for x in (x1, x2)]
    expected = getattr(np, name)(*wide)
    actual = getattr(mnp, name)(ms.Tensor(x1), ms.Tensor(x2))
    assert_matches(actual, expected, _binary_dtype(name, x1, x2), rtol=2e-5, atol=1e-5)


def test_binary_operands_may_be_lists_and_numbers():
    assert_matches(mnp.add([1, 2], [3, 4]), np.array([4, 6]), "Int32")
    assert_matches(mnp.add(mnp.array([1, 2]), 1.5), np.array([2.5, 3.5]), "Float32")
    assert_matches(mnp.bitwise_and(13, 17), np.array(1), "Int32")
    assert_matches(mnp.multiply(2, mnp.array([1.0, 2.0])), np.array([2.0, 4.0]), "Float32")
    assert_matches(mnp.add(mnp.array([1, 2]), mnp.array([1, 2]), dtype=mnp.float32), np.array([2.0, 4.0]), "Float32")


def test_divmod_gives_quotient_and_remainder():
    assert_matches(mnp.divmod(mnp.array([1, 2, 3, 4, 5]), 1.5), np.divmod(np.arange(1.0, 6.0), 1.5), "Float32")


def test_integer_reciprocal_divides_in_integers():
    assert_matches(mnp.reciprocal(mnp.array([1, 2, -2, 3])), np.array([1, 0, 0, 0]), "Int32")


def test_invert_and_bitwise_not():
    x = np.array([13, 0, -4], np.int16)
    assert_matches(mnp.invert(ms.Tensor(x)), np.invert(x), "Int16")
    assert_matches(mnp.bitwise_not(mnp.array([True, False])), np.array([False, True]), "Bool")
    assert_matches(mnp.invert(ms.Tensor(np.array(13, np.uint16))), np.array(65522), "UInt16")


def test_signed_zero_and_gcd_edge_cases():
    assert_matches(mnp.copysign(mnp.array([1.0, 2.0]), mnp.array([-0.0, 0.0])), np.array([-1.0, 2.0]), "Float32")
    assert_matches(mnp.gcd(mnp.array([0, 0, 1071]), mnp.array([0, 5, 462])), np.array([0, 5, 21]), "Int32")
    fibonacci = np.array([1836311903], np.int32), np.array([1134903170], np.int32)
    assert_matches(mnp.gcd(*map(ms.Tensor, fibonacci)), np.gcd(*fibonacci), "Int32")
    assert_matches(mnp.lcm(mnp.array([0, 4]), mnp.array([3, 6])), np.array([0, 12]), "Int32")
    assert_matches(mnp.gcd(mnp.array([4.0, 9.0]), mnp.array([6.0, 6.0])), np.array([2.0, 3.0]), "Float32")
    assert_matches(mnp.lcm(mnp.array([4.0]), 6), np.array([12.0]), "Float32")


def test_clip():
    x = np.array([1, 2, 3, -4, 0, 3, 2, 0], np.int32)
    assert_matches(mnp.clip(ms.Tensor(x), 0, 2), np.clip(x, 0, 2), "Int32")
    assert_matches(mnp.clip(ms.Tensor(A), None, 1.0), np.clip(A, None, 1.0), "Float32")
    assert_matches(mnp.clip(ms.Tensor(A), ms.Tensor(B), 2.5), np.clip(A, B, 2.5), "Float32")


def test_around_rounds_halves_to_even():
    x = np.array([[1.26, -2.5], [0.5, 1.56]], np.float32)
    assert_matches(mnp.around(ms.Tensor(x)), np.around(x), "Float32")
    assert_matches(mnp.round(ms.Tensor(x), 1), np.round(x.astype(np.float64), 1), "Float32", rtol=1e-6)
    assert_matches(mnp.around(mnp.array([1, 25])), np.array([1, 25]), "Int32")
