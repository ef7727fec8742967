"""Every family module's GRAD_CASES in Graph mode: the gradient taken by a compiled
function (the graph's autodiff applying the bprops to graph values) against the same
central differences as in PyNative. New family modules are picked up as they come; a case
that can not be compiled is listed, with the reason, in its module's NO_GRAPH_GRAD_CASES."""
import pytest

import tests.autograd
from tests.ops.op_testing import case_id, declared_exception, family_modules, stale_declarations

from .gradcheck import check_gradients

_MODULES = list(family_modules(tests.autograd, "GRAD_CASES"))


def _graph_cases():
    for module in _MODULES:
        declared = getattr(module, "NO_GRAPH_GRAD_CASES", {})
        name = module.__name__.rsplit(".", 1)[-1]
        for case in module.GRAD_CASES:
            if declared_exception(case, declared) is None:
                yield pytest.param(case, id=f"{name}:{case_id(case)}")


@pytest.mark.parametrize("case", list(_graph_cases()))
def test_gradient_in_graph_mode(case):
    check_gradients(case.op, case.inputs, graph=True)


def test_every_graph_exception_names_a_case():
    stale = stale_declarations(_MODULES, "GRAD_CASES", "NO_GRAPH_GRAD_CASES")
    assert not stale, f"NO_GRAPH_GRAD_CASES entries matching no case: {stale}"
