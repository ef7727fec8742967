"""Wrappers that split a batch into micro-batches (for pipeline and interleaved parallel
training) and a pass-through wrapper for three dataset inputs. In one process the
micro-batches run one after the other: the result is the sum of the network's outputs."""
from __future__ import annotations

from ... import ops
from ...common.tensor import Tensor
from ..cell import Cell

__all__ = ["GradAccumulationCell", "PipelineCell", "MicroBatchInterleaved", "VirtualDatasetCellTriple"]


def _check_count(owner: str, arg: str, value) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"For '{owner}', the argument '{arg}' must be integer, but got the type : {type(value)}.")
    if value <= 0:
        raise ValueError(f"For '{owner}', the argument '{arg}' must be large than 0, but got {value}.")
    return value


def _micro_batch(owner: str, inputs: tuple, index: int, count: int) -> tuple:
    """Part `index` of `count` equal parts of every input along axis 0."""
    parts = ()
    for x in inputs:
        if not isinstance(x, Tensor) or x.ndim == 0:
            raise TypeError(f"For '{owner}', every input must be a Tensor of at least 1 dimension, but got "
                            f"{x!r:.80}.")
        batch = x.shape[0]
        if batch % count != 0:
            raise ValueError(f"For '{owner}', the 0th dimension shape of every input must be divisible by the "
                             f"micro batch count {count}, but got an input of shape {x.shape}.")
        size = batch // count
        parts += (ops.narrow(x, 0, index * size, size),)
    return parts


def _sum_over_micro_batches(owner: str, network: Cell, inputs: tuple, count: int):
    total = None
    for i in range(count):
        output = network(*_micro_batch(owner, inputs, i, count))
        total = output if total is None else total + output
    return total


class GradAccumulationCell(Cell):
    """GradAccumulationCell(network, micro_size)

    Splits each input along axis 0 into `micro_size` micro-batches, runs `network` on each
    in turn and returns the sum of its outputs (so gradients accumulate over them).
    Inputs: the network's inputs, axis 0 divisible by micro_size. Outputs: the summed output.
    """

    def __init__(self, network, micro_size):
        super().__init__(auto_prefix=False)
        if not isinstance(network, Cell):
            raise TypeError(f"For 'GradAccumulationCell', the argument 'network' must cell type, but got the type : "
                            f"{type(network)}.")
        self.micro_size = _check_count("GradAccumulationCell", "micro_size", micro_size)
        self.network = network

    def construct(self, *inputs):
        return _sum_over_micro_batches(self.cls_name, self.network, inputs, self.micro_size)


def _set_cell_attribute(owner: str, network: Cell, config: dict, attribute: str, arg: str) -> None:
    """Set `attribute` to config[name] on each Cell of `network` named in `config` (the
    network itself by its repr); a name matching none is a KeyError."""
    remaining = dict(config)
    for cell_name, cell in network.cells_and_names():
        if cell_name and cell_name in remaining:
            setattr(cell, attribute, remaining.pop(cell_name))
    if str(network) in remaining:
        setattr(network, attribute, remaining.pop(str(network)))
    if remaining:
        raise KeyError(f"For '{owner}', the argument '{arg}' : {remaining} is not found in 'network' : {network}")


class PipelineCell(Cell):
    """PipelineCell(network, micro_size, stage_config=None, segment_config=None)

    The network of pipeline-parallel training: each input is split along axis 0 into
    `micro_size` micro-batches, run one after the other in one process, and the outputs
    summed. `stage_config` / `segment_config` map sub-Cell names (as cells_and_names gives
    them) to their `pipeline_stage` / `pipeline_segment`.
    Inputs: the network's inputs, axis 0 divisible by micro_size. Outputs: the summed output.
    """

    def __init__(self, network, micro_size, stage_config=None, segment_config=None):
        super().__init__(auto_prefix=False)
        if not isinstance(network, Cell):
            raise TypeError(f"For 'PipelineCell', the argument 'network' must cell type, but got the type : "
                            f"{type(network)}.")
        self.micro_size = _check_count("PipelineCell", "micro_size", micro_size)
        self.network = network
        if stage_config is not None:
            _set_cell_attribute("PipelineCell", network, stage_config, "pipeline_stage", "stage_config")
        if segment_config is not None:
            _set_cell_attribute("PipelineCell", network, segment_config, "pipeline_segment", "segment_config")

    def shard(self, in_strategy, out_strategy=None, parameter_plan=None, device="Ascend", level=0):
        raise ValueError("For 'PipelineCell', no 'shard' on 'PipelineCell' is allowed.")

    def construct(self, *inputs):
        return _sum_over_micro_batches(self.cls_name, self.network, inputs, self.micro_size)


class MicroBatchInterleaved(Cell):
    """MicroBatchInterleaved(network, interleave_num=2)

    Splits each input along axis 0 into `interleave_num` parts, runs `network` on each and
    returns the sum of its outputs (which parallel training overlaps with communication).
    Inputs: the network's inputs, axis 0 divisible by interleave_num. Outputs: the summed output.
    """

    def __init__(self, network, interleave_num=2):
        super().__init__(auto_prefix=False)
        self.interleave_num = _check_count("MicroBatchInterleaved", "interleave_num", interleave_num)
        self.network = network

    def construct(self, *inputs):
        return _sum_over_micro_batches(self.cls_name, self.network, inputs, self.interleave_num)


class VirtualDatasetCellTriple(Cell):
    """VirtualDatasetCellTriple(backbone): runs `backbone` on its three inputs (a marker for
    semi-automatic parallel training, deprecated in MindSpore). Outputs: the backbone's."""

    def __init__(self, backbone):
        super().__init__(auto_prefix=False)
        self._backbone = backbone

    def construct(self, a, b, c):
        return self._backbone(a, b, c)
