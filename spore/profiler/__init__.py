"""`mindspore.profiler`: the Profiler, which records the operators a script runs and
writes their statistics and timeline where MindSpore's tools look for them."""
from .profiler import Profiler, ProfilerActivity, ProfilerLevel

__all__ = ["Profiler", "ProfilerActivity", "ProfilerLevel"]
