"""Every registered primitive has a kernel (or is composed of other primitives), forward
cases, error cases, and a forward case that runs in Graph mode."""
import pytest

import tests.ops
from spore._kernels.registry import KERNELS
from spore.ops.primitive import PRIMITIVES

from .op_testing import family_modules, graph_cases, primitive_name


def _family_modules():
    return family_modules(tests.ops, "CASES")


def _covered(attr):
    names = set()
    for module in _family_modules():
        names.update(primitive_name(c) for c in getattr(module, attr, ()))
    return names


@pytest.mark.parametrize("name", sorted(n for n, cls in PRIMITIVES.items() if not cls.composed))
def test_primitive_has_kernel(name):
    assert name in KERNELS, f"primitive {name} has no registered kernel"


@pytest.mark.parametrize("name", sorted(n for n, cls in PRIMITIVES.items() if cls.composed))
def test_composed_primitive_has_no_kernel_of_its_own(name):
    assert name not in KERNELS, f"primitive {name} composes other primitives but also registers a kernel"


def _unsupported_on_cpu():
    """Primitives MindSpore 2.7.1 itself can not run on the CPU (a module lists them with
    the reason in UNSUPPORTED_ON_CPU): they have no forward case, only error cases."""
    names = set()
    for module in _family_modules():
        names.update(getattr(module, "UNSUPPORTED_ON_CPU", {}))
    return names


def test_every_primitive_has_forward_cases():
    missing = sorted(set(PRIMITIVES) - _covered("CASES") - _unsupported_on_cpu())
    assert not missing, f"primitives without forward test cases: {missing}"


def _accepting_any_input():
    """Primitives that, as in MindSpore, accept any input (a module lists them with the
    reason in NO_ERROR_CASES)."""
    names = set()
    for module in _family_modules():
        names.update(getattr(module, "NO_ERROR_CASES", {}))
    return names


def test_unsupported_primitives_raise_on_cpu():
    """Each one has an error case, and none has a forward case."""
    unsupported = _unsupported_on_cpu()
    assert not unsupported & _covered("CASES")
    assert unsupported <= _covered("ERROR_CASES")


def test_every_primitive_has_error_cases():
    missing = sorted(set(PRIMITIVES) - _covered("ERROR_CASES") - _accepting_any_input())
    assert not missing, f"primitives without error test cases: {missing}"


def test_every_primitive_has_a_forward_case_in_graph_mode():
    """test_graph_mode.py compiles every case its module does not list in NO_GRAPH_CASES;
    a primitive listed there by name is declared not to compile."""
    compiled = set()
    for module in _family_modules():
        compiled.update(primitive_name(case) for case, _ in graph_cases(module))
        compiled.update(getattr(module, "NO_GRAPH_CASES", {}))
    missing = sorted({n for n, cls in PRIMITIVES.items() if not cls.composed} - compiled)
    assert not missing, f"primitives without a forward case in Graph mode: {missing}"
