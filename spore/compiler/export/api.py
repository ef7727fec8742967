"""The user-facing entry points: `load` (a MINDIR file to a graph for nn.GraphCell),
`export` (a Cell or function, traced on example inputs, to a MINDIR or ONNX file), and
`load_mindir` / `save_mindir` (a file's top-level message as an object, and back)."""
from __future__ import annotations

import inspect
import os

from ...common.tensor import Tensor
from ...nn.cell import Cell
from ...ops import interpreter
from .. import passes
from ..builder import GraphBuilder
from ..compile import output_atoms
from ..graph_calls import call, differentiate, symbolic_inputs
from ..ir import Graph
from . import mindir_writer, onnx_writer
from .decompose import decompose_for_export
from .mindir_graph import MindIRGraph
from .mindir_reader import read_model
from .model_proto import ModelProto

_LOAD_OPTIONS = ("dec_key", "dec_mode", "obf_func")
_FORMATS = ("AIR", "ONNX", "MINDIR")


def load(file_name, **kwargs) -> MindIRGraph:
    """load(file_name, dec_key=None, dec_mode='AES-GCM', obf_func=None): the graph of a
    MINDIR file, to run with `nn.GraphCell(graph)`. Encrypted and obfuscated files are
    not supported (dec_key and obf_func must be None)."""
    if not isinstance(file_name, str):
        raise ValueError(f"For 'load', the argument 'file_name' must be string, but got {type(file_name)}.")
    unknown = sorted(set(kwargs) - set(_LOAD_OPTIONS))
    if unknown:
        raise ValueError(f"For 'load', the keyword arguments must be among {list(_LOAD_OPTIONS)}, but got {unknown}.")
    if kwargs.get("dec_key") is not None or kwargs.get("obf_func") is not None:
        raise ValueError("For 'load', encrypted or obfuscated MINDIR files (dec_key, obf_func) are not supported "
                         "by spore.")
    if not file_name.endswith(".mindir"):
        raise ValueError("For 'load', the argument 'file_name'(MindIR file) should end with '.mindir', but got "
                         f"'{file_name}'.")
    file_name = os.path.realpath(file_name)
    if not os.path.exists(file_name):
        raise ValueError(f"For 'load', the argument 'file_name'(MindIR file) '{file_name}' does not exist.")
    with open(file_name, "rb") as f:
        data = f.read()
    return MindIRGraph(read_model(data, file_name), file_name)


def trace(net, inputs: tuple) -> Graph:
    """The graph of `net(*inputs)` in inference mode (Cells are set to eval for the
    trace and put back after), optimized as Graph mode optimizes it."""
    if interpreter.graph_builder is not None:
        raise RuntimeError("For 'export', a network can not be exported while a graph is being compiled.")
    training = net.training if isinstance(net, Cell) else None
    if training:
        net.set_train(False)
    try:
        builder = GraphBuilder(call, differentiate)
        graph_inputs: list = []
        symbolic_args = symbolic_inputs(inputs, graph_inputs)
        with builder.active():
            output = output_atoms(builder, call(net, symbolic_args, {}))
    finally:
        if training:
            net.set_train(True)
    name = type(net).__name__ if isinstance(net, Cell) else getattr(net, "__name__", "graph")
    return decompose_for_export(passes.optimize(Graph(name, graph_inputs, builder.block, output)))


def export(net, *inputs, file_name, file_format, **kwargs) -> None:
    """export(net, *inputs, file_name, file_format='MINDIR'): trace `net` on the example
    `inputs` and write its graph, with its Parameters, to `file_name` ('.mindir' or '.onnx'
    is added when missing). 'MINDIR' files load in MindSpore and spore; 'ONNX' files (of
    Cells only, as in MindSpore; needs the 'onnx' package) run in onnxruntime."""
    if not (isinstance(net, Cell) or callable(net)):
        raise TypeError(f"For 'export', the 'net' must be a Cell or a function, but got {type(net).__name__}.")
    if not isinstance(file_name, str):
        raise TypeError(f"For 'export', the 'file_name' must be a str, but got {type(file_name).__name__}.")
    if file_format not in _FORMATS:
        raise ValueError(f"For 'export', the 'file_format' must be one of {list(_FORMATS)}, but got "
                         f"{file_format!r}.")
    if file_format == "AIR":
        raise ValueError("For 'export', the file format 'AIR' is for Ascend devices, which spore does not have; "
                         "use 'MINDIR' or 'ONNX'.")
    if file_format == "ONNX" and not isinstance(net, Cell):
        raise ValueError(f"For 'export', the 'ONNX' format exports an nn.Cell only, but got {type(net)}.")
    if kwargs.get("enc_key") is not None or kwargs.get("obf_config") is not None:
        raise ValueError("For 'export', encryption and obfuscation (enc_key, obf_config) are not supported by spore.")
    if not inputs:
        raise ValueError("For 'export', example 'inputs' are needed to trace the network.")
    for i, value in enumerate(inputs):
        if not isinstance(value, Tensor):
            raise TypeError(f"For 'export', input {i} must be a Tensor, but got {type(value).__name__}.")
    if file_format == "ONNX":
        data = onnx_writer.write_graph(trace(net, inputs), _argument_names(net))
    else:
        data = mindir_writer.write_graph(trace(net, inputs))
    suffix = "." + file_format.lower()
    if not file_name.endswith(suffix):
        file_name += suffix
    file_name = os.path.realpath(file_name)
    os.makedirs(os.path.dirname(file_name), exist_ok=True)
    with open(file_name, "wb") as f:
        f.write(data)


def _argument_names(net: Cell) -> list[str]:
    """The names of `construct`'s positional arguments: the ONNX graph's input names."""
    params = inspect.signature(net.construct).parameters.values()
    return [p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]


def load_mindir(file_name) -> ModelProto:
    """load_mindir(file_name): the top-level message of a MINDIR file (its header and
    user_info; see ModelProto)."""
    if not isinstance(file_name, str):
        raise TypeError(f"For 'load_mindir', the 'file_name' must be string, but got {type(file_name)}.")
    file_name = os.path.realpath(file_name)
    if not os.path.isfile(file_name):
        raise ValueError(f"For 'load_mindir', the file '{file_name}' does not exist.")
    with open(file_name, "rb") as f:
        data = f.read()
    model = ModelProto()
    try:
        model.ParseFromString(data)
    except (ValueError, IndexError, UnicodeDecodeError) as bad:
        raise ValueError(f"For 'load_mindir', the file '{file_name}' is not a valid MINDIR file: {bad}") from None
    return model


def save_mindir(model, file_name) -> None:
    """save_mindir(model, file_name): write `model` (a ModelProto from load_mindir) to
    `file_name` (".mindir" is added when missing)."""
    if not isinstance(model, ModelProto):
        raise TypeError(f"For 'save_mindir', the argument 'model' must be ModelProto, but got {type(model)}.")
    if not isinstance(file_name, str):
        raise TypeError(f"For 'save_mindir', the 'file_name' must be string, but got {type(file_name)}.")
    if not file_name.endswith(".mindir"):
        file_name += ".mindir"
    file_name = os.path.realpath(file_name)
    os.makedirs(os.path.dirname(file_name), exist_ok=True)
    with open(file_name, "wb") as f:
        f.write(model.SerializeToString())
