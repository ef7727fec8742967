"""Every registered primitive is either differentiable, with a bprop checked numerically
by some family's GRAD_CASES in both modes, or declared non-differentiable."""
import tests.autograd
from spore.ops.bprop import BPROPS, NON_DIFFERENTIABLE
from spore.ops.primitive import PRIMITIVES
from tests.ops.op_testing import declared_exception, family_modules, primitive_name, stale_declarations


def _grad_case_modules():
    return family_modules(tests.autograd, "GRAD_CASES")


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


def test_every_bprop_is_checked_in_graph_mode():
    """check_gradients takes every GRAD_CASE's gradient in Graph mode too but those its
    module lists in NO_GRAPH_GRAD_CASES; a primitive listed there by name is declared not
    to compile, one in CHECKED_ELSEWHERE_IN_GRAPH_MODE is checked by the test named."""
    checked = set()
    for module in _grad_case_modules():
        declared = getattr(module, "NO_GRAPH_GRAD_CASES", {})
        checked.update(primitive_name(c) for c in module.GRAD_CASES if declared_exception(c, declared) is None)
        checked.update(declared)
        checked.update(getattr(module, "CHECKED_ELSEWHERE_IN_GRAPH_MODE", {}))
    missing = sorted(set(BPROPS) & {n for n, cls in PRIMITIVES.items() if not cls.composed} - checked)
    assert not missing, f"bprops without a gradient check in Graph mode: {missing}"


def test_every_graph_exception_names_a_case():
    stale = stale_declarations(list(_grad_case_modules()), "GRAD_CASES", "NO_GRAPH_GRAD_CASES")
    assert not stale, f"NO_GRAPH_GRAD_CASES entries matching no case: {stale}"
