"""Settings MindSpore keeps on a Cell that spore records and reports: the scope names
of its sub-Cells, parameter prefixes, pipeline stages and parallel strategies, the jit
configuration and compilation flags, each checked as MindSpore 2.7.1 checks it.

spore trains on one device, or data-parallel over a process group, so the parallel
settings (shard strategies, pipeline stages, broadcast flags) are recorded for code that
reads them back; they do not change how a Cell computes.
"""
from __future__ import annotations

from collections import OrderedDict

from ..common import dtype as mstype

_MIXED_PRECISION_TYPES = (mstype.float16, mstype.float32, mstype.bfloat16)


def _check_non_negative_int(name: str, value) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"For 'Cell', the property '{name}' must be an int, but got {type(value).__name__}.")
    if value < 0:
        raise ValueError(f"For 'Cell', the property '{name}' can not be less than 0, but got {value}.")
    return value


class CellSettingsMixin:
    """MindSpore's per-Cell bookkeeping (mixed into Cell; settings live in `__dict__`
    under a leading underscore and default when never set)."""

    def _setting(self, name: str, default):
        return self.__dict__.get(name, default)

    def _record(self, name: str, value) -> None:
        object.__setattr__(self, name, value)

    # ---- identity and scope -------------------------------------------------------------
    @property
    def create_time(self) -> int:
        """A number that orders Cells by creation."""
        return self._create_time

    @property
    def cell_init_args(self):
        """The constructor arguments recorded for this Cell (None until set)."""
        return self._setting("_cell_init_args", None)

    @cell_init_args.setter
    def cell_init_args(self, value) -> None:
        self._record("_cell_init_args", value)

    def get_scope(self):
        """This Cell's scope in its network ('Default/fc-Dense'), set by generate_scope
        of an enclosing Cell; None before."""
        return self._setting("_scope", None)

    def generate_scope(self) -> None:
        """Give every descendant its scope: 'Default/<attribute>-<class>/...'."""
        for scope, cell in self._children_scopes("Default"):
            cell._record("_scope", scope)

    def _children_scopes(self, parent: str):
        for name, cell in self.name_cells().items():
            scope = f"{parent}/{name}-{type(cell).__name__}"
            yield scope, cell
            yield from cell._children_scopes(scope)

    @property
    def param_prefix(self) -> str:
        """The attribute path of this Cell in the network update_cell_prefix ran on."""
        return self._setting("_param_prefix", "")

    def update_cell_prefix(self) -> None:
        """Set param_prefix of this Cell and every descendant to its attribute path."""
        for path, cell in self.cells_and_names():
            cell._record("_param_prefix", path)

    def update_cell_type(self, cell_type: str) -> None:
        """Record the kind of Cell ('quant', 'second-order') as `cell_type`."""
        self._record("cell_type", cell_type)

    # ---- debugging and compilation flags ------------------------------------------------
    @property
    def bprop_debug(self) -> bool:
        return self._setting("_bprop_debug", False)

    @bprop_debug.setter
    def bprop_debug(self, value) -> None:
        if not isinstance(value, bool):
            raise TypeError(f"For 'Cell', the property 'bprop_debug' must be a bool, but got {type(value).__name__}.")
        self._record("_bprop_debug", value)

    @property
    def enable_backward_hook(self) -> bool:
        """Whether backward (pre-)hooks are registered on this Cell."""
        return bool(self._backward_hooks or self._backward_pre_hooks)

    @property
    def jit_config_dict(self) -> dict:
        return self._setting("_jit_config_dict", {})

    def set_jit_config(self, jit_config) -> None:
        """Record a JitConfig for this Cell (the first one set is kept)."""
        if not hasattr(jit_config, "jit_config_dict"):
            raise TypeError(f"For 'set_jit_config', the 'jit_config' must be a JitConfig, but got "
                            f"{type(jit_config).__name__}.")
        if not self.jit_config_dict:
            self._record("_jit_config_dict", dict(jit_config.jit_config_dict))

    @property
    def compiled(self) -> bool:
        """Whether this Cell has run as a compiled graph."""
        return "_graph_cache" in self.__dict__

    @property
    def compile_cache(self) -> set:
        return self.__dict__.setdefault("_compile_cache", set())

    @property
    def phase_cache(self) -> dict:
        return self.__dict__.setdefault("_phase_cache", {})

    @property
    def compile_phase(self):
        return self._setting("_compile_phase", None)

    @property
    def exist_names(self) -> set:
        """Names of Parameters added through a tuple or list of Parameters."""
        return self.__dict__.setdefault("_exist_names", set())

    @property
    def exist_objs(self) -> set:
        return self.__dict__.setdefault("_exist_objs", set())

    def set_boost(self, boost_type: str):
        """Enable a boost algorithm flag on this Cell and its descendants ('less_bn')."""
        if boost_type not in ("less_bn",):
            raise ValueError(f"For 'set_boost', the argument 'boost_type' must be 'less_bn', but got {boost_type}.")
        self.add_flags_recursive(less_bn=True)
        return self

    def set_mixed_precision_type(self, mixed_type) -> None:
        """Run this Cell (not its descendants) in `mixed_type` (float16, float32 or
        bfloat16), as to_float does for a whole network."""
        if mixed_type not in _MIXED_PRECISION_TYPES:
            raise ValueError(f"For 'set_mixed_precision_type', the 'mixed_type' must be mstype.float16, "
                             f"mstype.float32 or mstype.bfloat16, but got {mixed_type}.")
        self._record("_mixed_precision", mixed_type)
        self._record("_call_setup", True)

    def get_mixed_precision_type(self):
        """The dtype this Cell runs in (set by to_float or set_mixed_precision_type), or None."""
        return self._mixed_precision

    def offload(self, backward_prefetch="Auto") -> None:
        """Record that this Cell's activations may be kept in host memory between forward
        and backward, fetched back `backward_prefetch` ('Auto' or a number of operators)
        ahead of use. spore computes on one memory space, so this is a recorded setting."""
        if backward_prefetch != "Auto" and (not isinstance(backward_prefetch, int) or
                                            isinstance(backward_prefetch, bool) or backward_prefetch < 0):
            raise ValueError(f"For 'offload', the 'backward_prefetch' must be 'Auto' or a non-negative int, but got "
                             f"{backward_prefetch!r}.")
        self._record("_offload_prefetch", backward_prefetch)

    # ---- parallel settings --------------------------------------------------------------
    @property
    def pipeline_stage(self) -> int:
        return self._setting("_pipeline_stage", 0)

    @pipeline_stage.setter
    def pipeline_stage(self, value) -> None:
        self._record("_pipeline_stage", _check_non_negative_int("pipeline_stage", value))

    @property
    def pipeline_segment(self) -> int:
        return self._setting("_pipeline_segment", 0)

    @pipeline_segment.setter
    def pipeline_segment(self, value) -> None:
        self._record("_pipeline_segment", _check_non_negative_int("pipeline_segment", value))

    def shard(self, in_strategy, out_strategy=None, parameter_plan=None):
        """Record the sharding strategy of this Cell's inputs, outputs and Parameters."""
        if not isinstance(in_strategy, tuple):
            raise TypeError(f"For 'shard', the 'in_strategy' must be a tuple, but got {type(in_strategy).__name__}.")
        if out_strategy is not None and not isinstance(out_strategy, tuple):
            raise TypeError(f"For 'shard', the 'out_strategy' must be a tuple or None, but got "
                            f"{type(out_strategy).__name__}.")
        if parameter_plan is not None and not isinstance(parameter_plan, dict):
            raise TypeError(f"For 'shard', the 'parameter_plan' must be a dict or None, but got "
                            f"{type(parameter_plan).__name__}.")
        self._record("_in_strategy", in_strategy)
        self._record("_out_strategy", out_strategy)
        self._record("_parameter_plan", parameter_plan)
        return self

    def set_data_parallel(self) -> None:
        """Record that this Cell's operators are split by data parallelism."""
        self.add_flags_recursive(data_parallel=True)

    def set_broadcast_flag(self, mode: bool = True):
        """Record whether this Cell's Parameters are broadcast from rank 0 at start."""
        self.add_flags(broadcast_flag=mode)
        return self

    def set_comm_fusion(self, fusion_type: int, recurse: bool = True) -> None:
        """Put the gradient communication of every Parameter in fusion group `fusion_type`."""
        for param in self.get_parameters(expand=recurse):
            param.comm_fusion = fusion_type

    def parameters_broadcast_dict(self, recurse: bool = True) -> OrderedDict | None:
        """{name: Parameter} of the Parameters data-parallel training broadcasts (those
        not layerwise_parallel), or None when there are none."""
        params = OrderedDict((p.name, p) for p in self.get_parameters(expand=recurse) if not p.layerwise_parallel)
        return params or None

    @property
    def parameter_layout_dict(self) -> dict:
        """{Parameter name: layout} of the Parameters a parallel compilation split (none)."""
        return self.__dict__.setdefault("_parameter_layout_dict", {})

    @property
    def parallel_parameter_name_list(self) -> tuple:
        return self._setting("_parallel_parameter_name_list", ())

    @property
    def parallel_parameter_merge_net_dict(self) -> dict:
        return self.__dict__.setdefault("_parallel_parameter_merge_net_dict", {})

    @parallel_parameter_merge_net_dict.setter
    def parallel_parameter_merge_net_dict(self, value) -> None:
        if not isinstance(value, dict):
            raise TypeError(f"For 'Cell', the property 'parallel_parameter_merge_net_dict' must be a dict, but got "
                            f"{type(value).__name__}.")
        self._record("_parallel_parameter_merge_net_dict", value)
