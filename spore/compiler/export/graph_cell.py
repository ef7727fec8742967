"""GraphCell: a Cell that runs a graph loaded by `load` (MINDIR); MindSpore's `nn.GraphCell`."""
from __future__ import annotations

from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ...nn.cell import Cell
from .mindir_graph import MindIRGraph


class GraphCell(Cell):
    """GraphCell(graph, params_init=None, obf_random_seed=None): runs `graph`, the result
    of `load`. `params_init` maps Parameter names to new values (Tensors or Parameters)
    for the loaded graph's Parameters. The inputs are the exported graph's inputs; as in
    MindSpore, other shapes than the exported ones are accepted where the graph's ops
    accept them (its shapes are inferred again on each call)."""

    def __init__(self, graph, params_init=None, obf_random_seed=None):
        super().__init__(auto_prefix=True)
        if not isinstance(graph, MindIRGraph):
            raise TypeError(f"For 'GraphCell', the 'graph' must be a graph returned by mindspore.load, but got "
                            f"{type(graph).__name__}.")
        if params_init is not None and not isinstance(params_init, dict):
            raise TypeError(f"For 'GraphCell', the 'params_init' must be a dict, but got {type(params_init).__name__}.")
        if obf_random_seed is not None:
            raise ValueError("For 'GraphCell', 'obf_random_seed' is for obfuscated models, which spore does not "
                             "load; it must be None.")
        self.graph = graph
        for name, param in graph.parameters.items():
            self.insert_param_to_cell(name, param, check_name_contain_dot=False)
        for name, value in (params_init or {}).items():
            self._init_parameter(name, value)

    def _init_parameter(self, name: str, value) -> None:
        param = self.graph.parameters.get(name)
        if param is None:
            raise ValueError(f"For 'GraphCell', the 'params_init' names the Parameter '{name}', which the graph "
                             f"does not have.")
        if not isinstance(value, Tensor):
            raise TypeError(f"For 'GraphCell', the value of 'params_init[{name!r}]' must be a Tensor, but got "
                            f"{type(value).__name__}.")
        if tuple(value.shape) != tuple(param.shape) or value.dtype != param.dtype:
            raise ValueError(f"For 'GraphCell', 'params_init[{name!r}]' must have shape {tuple(param.shape)} and "
                             f"dtype {param.dtype}, but got shape {tuple(value.shape)} and dtype {value.dtype}.")
        param.set_data(value if not isinstance(value, Parameter) else Tensor(value.asnumpy(), dtype=value.dtype))

    def construct(self, *inputs):
        expected = len(self.graph.input_specs)
        if len(inputs) != expected:
            raise ValueError(f"For 'GraphCell', the graph takes {expected} inputs, but got {len(inputs)}.")
        for i, value in enumerate(inputs):
            if not isinstance(value, Tensor):
                raise TypeError(f"For 'GraphCell', input {i} must be a Tensor, but got {type(value).__name__}.")
        return self.graph.run(inputs, self.graph.parameters)
