"""`jit`'s options, checked as MindSpore 2.7.1 checks them, and what each means here.

capture_mode: "ast" parses the function (spore's compiler). "bytecode" (MindSpore's
PIJit) and "trace" build a graph where they can and run the Python where they can not:
spore compiles the function with the same compiler and, where it refuses the function
for some inputs (a graph break), runs the function op by op for those inputs, with
PyNative results. "bytecode" with fullgraph=True raises `Unsupported` instead.
jit_level and backend choose MindSpore's optimization level and backend; spore has one
compiler and one backend for all of them, so they are checked and kept. dynamic=1
compiles a graph of dynamic shape once a call's shapes differ from the compiled ones.
"""
from __future__ import annotations

from typing import NamedTuple

_CAPTURE_MODES = ["ast", "bytecode", "trace"]
_JIT_LEVELS = ["O0", "O1"]
_BACKENDS = ["ms_backend", "GE"]
JIT_CONFIG_OPTIONS = {
    "jit_level": ["O0", "O1", "O2"],
    "exc_mode": ["auto", "sink", "no_sink"],
    "jit_syntax_level": ["STRICT", "LAX"],
    "debug_level": ["RELEASE", "DEBUG"],
    "infer_boost": ["on", "off"],
}
"""The values JitConfig takes (jit's own jit_level is O0 or O1); exc_mode and
infer_boost are jit options too."""
_EXC_MODES = JIT_CONFIG_OPTIONS["exc_mode"]
_INFER_BOOST = JIT_CONFIG_OPTIONS["infer_boost"]


class Unsupported(RuntimeError):  # noqa: N818 - MindSpore's name
    """What `jit(capture_mode="bytecode", fullgraph=True)` raises for code it can not
    capture into one graph (`mindspore.common._pijit_context.Unsupported`)."""


class JitOptions(NamedTuple):
    capture_mode: str = "ast"
    jit_level: str = "O0"
    dynamic: int = 0
    fullgraph: bool = False
    backend: str = ""
    options: dict = {}

    @property
    def graph_break(self):
        """What a call does where the compiler refuses the function (ProgramCache)."""
        if self.capture_mode == "ast":
            return None
        return "unsupported" if self.capture_mode == "bytecode" and self.fullgraph else "python"


DEFAULT_OPTIONS = JitOptions()


def _one_of(name: str, value, allowed: list) -> None:
    if not isinstance(value, str) or value not in allowed:
        raise ValueError(f"For 'jit', the '{name}' must be str and must be in '{allowed}', but got '{value}'.")


def check_jit_arguments(capture_mode, jit_level, dynamic, fullgraph, backend, options: dict) -> JitOptions:
    _one_of("capture_mode", capture_mode, _CAPTURE_MODES)
    _one_of("jit_level", jit_level, _JIT_LEVELS)
    if isinstance(dynamic, bool) or not isinstance(dynamic, int):
        raise TypeError(f"For 'jit', the 'dynamic' must be 'int',  but got '{type(dynamic).__name__}'.")
    if dynamic not in (0, 1):
        raise ValueError(f"For 'jit', the 'dynamic' must be in range of [0, 1], but got {dynamic} with type 'int'.")
    if not isinstance(fullgraph, bool):
        raise TypeError(f"For 'jit', the 'fullgraph' must be a bool, but got {type(fullgraph).__name__}.")
    if backend != "":
        _one_of("backend", backend, _BACKENDS)
    if "exc_mode" in options and options["exc_mode"] not in _EXC_MODES:
        raise ValueError(f"For 'exc_mode' must be one of '{_EXC_MODES}'.")
    if "infer_boost" in options and options["infer_boost"] not in _INFER_BOOST:
        raise ValueError(f"For 'infer_boost', the value of 'infer_boost' must be one of {_INFER_BOOST}, but got "
                         f"'{options['infer_boost']}'.")
    return JitOptions(capture_mode, jit_level, dynamic, fullgraph, backend, dict(options))
