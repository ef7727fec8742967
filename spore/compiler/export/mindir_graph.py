"""A graph loaded from MINDIR, ready to run: its inputs, its Parameters, and its nodes as
a list of steps over named values, each step a spore Primitive (or one of MindSpore's
structural ops: Load, Depend, UpdateState, MakeTuple, TupleGetItem).

Running the steps calls spore Primitives on Tensors, so a loaded graph runs in PyNative
mode op by op and is compiled like any spore code in Graph mode."""
from __future__ import annotations

from typing import NamedTuple

from ...common.parameter import Parameter
from . import op_mapping
from .mindir_reader import MONAD, GraphInfo, MindIRFormatError, tensor_value

# Structural ops: how each one computes its value from its inputs.
_STRUCTURAL = {
    "Load": lambda args: args[0],               # reading a Parameter: its value
    "Depend": lambda args: args[0],             # ordering only: the first input
    "UpdateState": lambda args: MONAD,
    "MakeTuple": tuple,
    "make_tuple": tuple,
    "TupleGetItem": lambda args: args[0][args[1]],
    "tuple_getitem": lambda args: args[0][args[1]],
}


class Step(NamedTuple):
    op: object        # a Primitive, or a structural op's function
    inputs: tuple     # names of values
    output: str


class MindIRGraph:
    """What `load` returns: a graph for `nn.GraphCell`. `parameters` maps each Parameter's
    name to it; `input_specs` holds the (shape, dtype) of each input."""

    def __init__(self, info: GraphInfo, file_name: str):
        self.name = info.name
        self.file_name = file_name
        self.input_names = tuple(i.name for i in info.inputs)
        self.input_specs = tuple((i.shape, i.dtype) for i in info.inputs)
        self.output_names = info.outputs
        self.parameters: dict[str, Parameter] = {}
        self._parameter_values: dict[str, str] = {}   # value name in the file -> Parameter name
        for p in info.parameters:
            name = p.ref_key or p.name
            self.parameters[name] = Parameter(tensor_value(p, f"'{file_name}'"), name=name)
            self._parameter_values[p.name] = name
        self.constants: dict = {}
        self.steps: list[Step] = []
        for node in info.nodes:
            self._add_node(node, info)
        self._check_defined(info)

    def _add_node(self, node, info: GraphInfo) -> None:
        if node.op_type == "Constant":
            value = node.attrs.get("value")
            self.constants[node.output] = value
            return
        if not node.op_type.startswith("REF::"):
            raise RuntimeError(f"The MINDIR file '{self.file_name}' uses the op '{node.op_type}', which spore does "
                               f"not support.")
        prim_info = info.primitives.get(node.op_type[len("REF::"):])
        if prim_info is None:
            raise MindIRFormatError(f"The MINDIR file '{self.file_name}': node '{node.output}' refers to the "
                                    f"primitive '{node.op_type}', which the file does not declare.")
        structural = _STRUCTURAL.get(prim_info.op_type)
        if structural is not None:
            self.steps.append(Step(structural, node.inputs, node.output))
            return
        cls = op_mapping.primitive_class(prim_info.op_type, self.file_name)
        inputs = tuple(name for name in node.inputs if self.constants.get(name, None) is not MONAD)
        trailing = ()
        arity = op_mapping.call_arity(cls)
        if prim_info.is_function and 0 <= arity < len(inputs):
            inputs, rest = inputs[:arity], inputs[arity:]
            missing = [name for name in rest if name not in self.constants]
            if missing:
                raise MindIRFormatError(f"The MINDIR file '{self.file_name}': the arguments {missing} of the op "
                                        f"'{prim_info.op_type}' must be constants.")
            trailing = tuple(self.constants[name] for name in rest)
        prim = op_mapping.build_primitive(prim_info.op_type, prim_info.attrs, trailing, self.file_name)
        self.steps.append(Step(prim, self._converted_constants(prim_info.op_type, cls, inputs), node.output))

    def _converted_constants(self, op_type: str, cls: type, inputs: tuple) -> tuple:
        """The inputs, with constants the op takes in another form than the file's (a
        TypeId number for a dtype) replaced by converted copies."""
        names = list(inputs)
        for i, arg in enumerate(op_mapping.call_arguments(cls)[:len(names)]):
            if names[i] not in self.constants:
                continue
            value = self.constants[names[i]]
            converted = op_mapping.value_from_file(op_type, arg, value)
            if converted is not value:
                names[i] = f"{names[i]}@{op_type}.{arg}"
                self.constants[names[i]] = converted
        return tuple(names)

    def _check_defined(self, info: GraphInfo) -> None:
        defined = set(self.input_names) | set(self._parameter_values) | set(self.constants)
        for step in self.steps:
            for name in step.inputs:
                if name not in defined:
                    raise MindIRFormatError(f"The MINDIR file '{self.file_name}': the value '{name}' is used "
                                            f"before it is defined.")
            defined.add(step.output)
        for name in self.output_names:
            if name not in defined:
                raise MindIRFormatError(f"The MINDIR file '{self.file_name}': the output '{name}' is not defined.")

    def run(self, inputs: tuple, parameters: dict):
        """The graph's output for `inputs`, with `parameters` (name -> Parameter)."""
        values = dict(self.constants)
        values.update(zip(self.input_names, inputs))
        for value_name, param_name in self._parameter_values.items():
            values[value_name] = parameters[param_name]
        for step in self.steps:
            values[step.output] = self._run_step(step, tuple(values[name] for name in step.inputs))
        outputs = tuple(values[name] for name in self.output_names)
        return outputs[0] if len(outputs) == 1 else outputs

    def _run_step(self, step: Step, args: tuple):
        """One step's value; an op that fails raises a RuntimeError naming the file and the
        node, as MindSpore does when a loaded graph's shapes or types do not infer (inputs
        of other shapes than the exported ones reach the ops)."""
        try:
            return step.op(*args) if isinstance(step.op, op_mapping.Primitive) else step.op(args)
        except (TypeError, ValueError, RuntimeError) as bad:
            raise RuntimeError(f"The graph loaded from '{self.file_name}', node '{step.output}': {bad}") from None
        except IndexError as bad:   # a TupleGetItem index out of range
            raise MindIRFormatError(f"The graph loaded from '{self.file_name}', node '{step.output}' takes item "
                                    f"{bad} of a tuple that has none such.") from None

    def __repr__(self) -> str:
        return f"MindIRGraph(name={self.name!r}, inputs={len(self.input_names)}, nodes={len(self.steps)})"
