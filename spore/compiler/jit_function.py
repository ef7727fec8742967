"""`jit` / `ms_function`: a function compiled on call, with jit's options.

JitFunction is a CompiledFunction (compiled_gradients.py) that keeps its options
(jit_options.py) and its declared dynamic inputs (`enable_dynamic`), and binds as a
method: _BoundJit compiles per object, each object keeping its own caches.
"""
from __future__ import annotations

import functools

from ..ops import interpreter
from .compiled_gradients import CompiledFunction, only_tapes, recorded_call
from .graph_calls import call
from .jit_options import DEFAULT_OPTIONS, JitOptions, check_jit_arguments
from .program_cache import ProgramCache


class JitFunction(CompiledFunction):
    """A function compiled on call (`jit` / `ms_function`) with its options (JitOptions).
    `dynamic_inputs`: the declared inputs of dynamic shape (`enable_dynamic`), if any."""

    def __init__(self, fn, options: JitOptions = DEFAULT_OPTIONS):
        self.options = options
        self.dynamic_inputs = None
        self.__name__ = getattr(fn, "__name__", "jit")
        self.__doc__ = getattr(fn, "__doc__", None)
        self.__wrapped__ = fn
        super().__init__(fn, self.new_cache())

    def new_cache(self) -> ProgramCache:
        options = self.options
        return ProgramCache(self.__name__, self.dynamic_inputs, options.graph_break, bool(options.dynamic),
                            strict=options.capture_mode == "ast" and options.fullgraph)

    def declare_dynamic(self, inputs) -> None:
        """The dynamic inputs `enable_dynamic` declares: later calls compile for them."""
        self.dynamic_inputs = inputs
        self.cache = self.new_cache()

    def __get__(self, instance, owner):
        if instance is None:
            return self
        bound = _BoundJit(self, instance)
        return bound


class _BoundJit:
    """A jit method bound to its object: compiled per object."""

    _bound_calls: dict = {}
    """The function each cache compiles, one per cache (its gradient programs are cached by it)."""

    def __init__(self, jit_function: JitFunction, instance):
        self.jit_function = jit_function
        self.instance = instance

    def __call__(self, *args, **kwargs):
        fn = self.jit_function.fn
        if interpreter.graph_builder is not None:
            return call(fn, (self.instance,) + args, kwargs)
        caches = self.instance.__dict__.setdefault("_jit_caches", {}) if hasattr(self.instance, "__dict__") else {}
        cache = caches.get(fn)
        if cache is None:
            cache = caches[fn] = self.jit_function.new_cache()
        bound = self._bound_calls.get(id(cache))
        if bound is None:
            bound = self._bound_calls[id(cache)] = lambda *a, **k: call(fn, (self.instance,) + a, k)
        if interpreter.STACK:
            if not kwargs and only_tapes():
                outputs = recorded_call(cache, bound, args)
                if outputs is not interpreter.NOT_REPLAYABLE:
                    return outputs
            return fn(self.instance, *args, **kwargs)
        return cache.run(bound, args, kwargs, python=functools.partial(fn, self.instance))


def jit(function=None, *, capture_mode="ast", jit_level="O0", dynamic=0, fullgraph=False, backend="", **options):
    """jit(function=None, *, capture_mode, jit_level, dynamic, fullgraph, backend, **options):
    compile `function` to a graph on each new input signature (see jit_options.py for
    what each option does). Usable as @jit and @jit(...) on functions and methods; 1.x
    options (input_signature, hash_args, jit_config) are accepted and kept."""
    jit_options = check_jit_arguments(capture_mode, jit_level, dynamic, fullgraph, backend, options)
    if function is None:
        return lambda fn: JitFunction(fn, jit_options)
    if not callable(function):
        raise TypeError(f"For 'jit', the 'function' must be a function or method, but got {type(function).__name__}.")
    return JitFunction(function, jit_options)


ms_function = jit
