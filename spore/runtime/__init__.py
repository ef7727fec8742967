"""`mindspore.runtime`: device memory statistics and pools, streams and how kernels are launched."""
from .executor import *
from .memory import *
from .stream import *
from .executor import __all__ as _executor_names
from .memory import __all__ as _memory_names
from .stream import __all__ as _stream_names

__all__ = _executor_names + _memory_names + _stream_names
