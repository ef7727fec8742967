"""Every registered primitive is either differentiable, with a bprop checked numerically
by some family's GRAD_CASES, or declared non-differentiable."""
import importlib
import pkgutil

import tests.autograd
from spore.ops.bprop import BPROPS, NON_DIFFERENTIABLE
from spore.ops.primitive import PRIMITIVES
from tests.ops.op_testing import primitive_name


def _grad_case_modules():
    for info in pkgutil.iter_modules(tests.autograd.__path__):
        if info.name.startswith("test_") and info.name.endswith("_bprop"):
            yield importlib.import_module(f"tests.autograd.{info.name}")


def test_every_primitive_is_classified():
    """(A composed primitive's gradient is its parts'.)"""
    own = {n for n, cls in PRIMITIVES.items() if not cls.composed}
    unclassified = sorted(own - set(BPROPS) - NON_DIFFERENTIABLE)
    assert not unclassified, f"primitives with neither a bprop nor a non_differentiable declaration: {unclassified}"


def test_no_primitive_is_both():
    assert not set(BPROPS) & NON_DIFFERENTIABLE


def test_every_bprop_is_checked_numerically():
    checked = set()
    for module in _grad_case_modules():
        checked.update(primitive_name(c) for c in module.GRAD_CASES)
        checked.update(getattr(module, "CHECKED_ELSEWHERE", {}))
    missing = sorted(set(BPROPS) & set(PRIMITIVES) - checked)
    assert not missing, f"bprops without a numerical gradient check: {missing}"
