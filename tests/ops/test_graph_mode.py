"""Every family module's forward CASES in Graph mode: the op called inside a compiled
function, compared with the same reference as in PyNative. New family modules are picked
up as they come. A module lists, with the reason, the cases compiled with their Tensor
inputs as constants of the graph in GRAPH_CONSTANT_INPUTS, and those that can not be
compiled in NO_GRAPH_CASES ({primitive name, case id or the case's op: why})."""
import pytest

import tests.ops

from .op_testing import case_id, family_modules, graph_cases, run_case, stale_declarations

_MODULES = list(family_modules(tests.ops, "CASES"))


def _params():
    for module in _MODULES:
        name = module.__name__.rsplit(".", 1)[-1]
        for case, constant_inputs in graph_cases(module):
            yield pytest.param(case, constant_inputs, id=f"{name}:{case_id(case)}")


@pytest.mark.parametrize("case, constant_inputs", list(_params()))
def test_forward_in_graph_mode(case, constant_inputs):
    run_case(case, graph=True, constant_inputs=constant_inputs)


@pytest.mark.parametrize("declarations", ["NO_GRAPH_CASES", "GRAPH_CONSTANT_INPUTS"])
def test_every_graph_declaration_names_a_case(declarations):
    stale = stale_declarations(_MODULES, "CASES", declarations)
    assert not stale, f"{declarations} entries matching no case: {stale}"
