"""Export and load: a graph written to / read from MindSpore's MINDIR format (protobuf,
`mind_ir.proto`), without the protobuf package. schema: field numbers; wire: encoding
and decoding; mindir_reader / mindir_writer: the file <-> plain objects and spore's IR;
op_mapping: MindSpore's ops <-> spore Primitives; mindir_graph: a loaded graph's steps."""
from .api import export, load, load_mindir, save_mindir
