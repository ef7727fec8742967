"""Export and load: a graph written to / read from MindSpore's MINDIR format (protobuf,
`mind_ir.proto`, without the protobuf package) and written to ONNX (with the optional `onnx`
package). graph_writer: the walk over a traced graph both writers share; mindir_writer /
onnx_writer (+ onnx_ops): the two backends; schema: MINDIR's field numbers; wire: encoding
and decoding; mindir_reader: a file to plain objects; op_mapping: MindSpore's ops <-> spore
Primitives, limited to loadable_ops (the allow-list of ops a file may name); mindir_graph:
a loaded graph's steps; split: export_split_mindir."""
from .api import export, load, load_mindir, save_mindir
from .split import export_split_mindir
