"""`mindspore.Profiler`: record the operators a script runs on the host CPU, then write
operator statistics and a timeline (see results.py for the files and their layout)."""
from __future__ import annotations

import enum
import json
import warnings

from .._kernels.profiling import KernelEvent, KernelRecorder
from . import results


class ProfilerLevel(enum.Enum):
    """How much device data to collect (Ascend only: on CPU every level records the same)."""

    LevelNone = "LevelNone"
    Level0 = "Level0"
    Level1 = "Level1"
    Level2 = "Level2"


class ProfilerActivity(enum.Enum):
    """Where to collect: CPU (the operators spore runs), NPU, GPU (devices spore does not profile)."""

    NPU = "NPU"
    GPU = "GPU"
    CPU = "CPU"


# MindSpore's options that choose Ascend device data: on CPU they change nothing.
_ASCEND_OPTIONS = ("profile_memory", "aic_metrics", "l2_cache", "hbm_ddr", "pcie", "sync_enable", "data_process",
                   "parallel_strategy", "mstx", "mstx_domain_include", "mstx_domain_exclude", "data_simplification",
                   "record_shapes", "export_type", "host_sys", "sys_io", "sys_interconnection")
# MindSpore's options spore does not implement: refused rather than ignored.
_UNSUPPORTED_OPTIONS = ("schedule", "on_trace_ready")


class Profiler:
    """Profiler(start_profile=True, output_path="./data", profiler_level=ProfilerLevel.Level0,
    activities=[ProfilerActivity.CPU, ProfilerActivity.NPU], with_stack=False, ...)

    Records every operator run between start() and stop() (at construction with
    start_profile). stop() writes the operator tables and the metadata; analyse() writes
    the timeline. The results go to `<output_path>/<host>_<pid>_<time>_ascend_ms/`.
    """

    def __init__(self, **kwargs):
        start_profile = kwargs.pop("start_profile", True)
        output_path = kwargs.pop("output_path", "./data")
        profiler_level = kwargs.pop("profiler_level", ProfilerLevel.Level0)
        activities = kwargs.pop("activities", [ProfilerActivity.CPU, ProfilerActivity.NPU])
        with_stack = kwargs.pop("with_stack", False)
        _check_options(kwargs)
        _check_type("start_profile", start_profile, bool)
        _check_type("output_path", output_path, str)
        _check_type("profiler_level", profiler_level, ProfilerLevel)
        _check_type("with_stack", with_stack, bool)
        if not isinstance(activities, (list, tuple)) or not all(isinstance(a, ProfilerActivity) for a in activities):
            raise TypeError(f"For 'Profiler', the 'activities' must be a list of ProfilerActivity, but got "
                            f"{activities!r}.")
        self.output_path = output_path
        self.profiler_level = profiler_level
        self.activities = list(activities)
        self._collects = ProfilerActivity.CPU in self.activities
        self._recorder = KernelRecorder(with_stack=with_stack)
        self._metadata: dict = {}
        self._result_dir: str | None = None
        self.trace_path: str | None = None
        if start_profile:
            self.start()

    @property
    def events(self) -> list[KernelEvent]:
        """The operator calls recorded so far."""
        return list(self._recorder.events)

    def start(self) -> None:
        """Start recording (a Profiler may record several start / stop spans)."""
        if self._recorder.running:
            warnings.warn("The Profiler has already started: start() does nothing.", stacklevel=2)
            return
        if self._result_dir is None:
            self._result_dir = results.new_result_dir(self.output_path)
        if self._collects:
            self._recorder.start()

    def stop(self) -> None:
        """Stop recording and write the operator tables and the metadata."""
        if self._result_dir is None:
            warnings.warn("The Profiler has not started: stop() does nothing.", stacklevel=2)
            return
        if self._recorder.running:
            self._recorder.stop()
        results.write_op_tables(self._result_dir, self._recorder.events)
        results.write_metadata(self._result_dir, self._metadata)

    def analyse(self, offline_path=None, pretty=False, step_list=None, mode="sync") -> None:
        """Write the timeline of the recorded calls (stopping first if still recording).
        `offline_path`, `step_list` and `mode` are accepted as MindSpore's: the data is
        already collected per call, so there is nothing to select or to parse later."""
        if mode not in ("sync", "async"):
            raise ValueError(f"For 'Profiler.analyse', the 'mode' must be 'sync' or 'async', but got {mode!r}.")
        if self._result_dir is None:
            warnings.warn("The Profiler has not started: analyse() has nothing to write.", stacklevel=2)
            return
        if self._recorder.running:
            self.stop()
        self.trace_path = results.write_trace(self._result_dir, self._recorder.events)

    @property
    def result_dir(self) -> str | None:
        """Where this Profiler writes (created by the first start())."""
        return self._result_dir

    def add_metadata(self, key: str, value: str) -> None:
        """A string entry of profiler_metadata.json."""
        _check_type("key", key, str, "add_metadata")
        _check_type("value", value, str, "add_metadata")
        self._metadata[key] = value

    def add_metadata_json(self, key: str, value: str) -> None:
        """An entry of profiler_metadata.json given as JSON text (stored as the JSON value)."""
        _check_type("key", key, str, "add_metadata_json")
        _check_type("value", value, str, "add_metadata_json")
        try:
            self._metadata[key] = json.loads(value)
        except json.JSONDecodeError as error:
            raise ValueError(f"For 'Profiler.add_metadata_json', the 'value' must be JSON text, but got "
                             f"{value!r}: {error}.") from None


def _check_type(name: str, value, expected: type, method: str = "") -> None:
    if not isinstance(value, expected):
        where = f"Profiler.{method}" if method else "Profiler"
        raise TypeError(f"For '{where}', the '{name}' must be {expected.__name__}, but got "
                        f"{type(value).__name__}.")


def _check_options(options: dict) -> None:
    for name in options:
        if name in _UNSUPPORTED_OPTIONS:
            raise ValueError(f"For 'Profiler', the option '{name}' is not supported by spore: use start() and "
                             f"stop() around the steps to record.")
        if name not in _ASCEND_OPTIONS:
            warnings.warn(f"For 'Profiler', the option '{name}' is unknown and is ignored.", stacklevel=3)
