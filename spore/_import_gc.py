"""The garbage collector during `import spore`.

Importing torch and spore creates a few hundred thousand long-lived objects (modules,
classes, functions, op tables, and code objects when modules compile from source) and next
to no garbage; the collector still makes full passes over all of them while they are
created (measured: two during torch's import, two more during spore's when it compiles
from source, 40-90 ms each), and more soon after as the young generations fill. So
collection is paused while the package imports, and what the import built is then moved
out of the collector's sight (`gc.freeze`): later full collections, including any inside
the first training step, no longer walk torch's and spore's module objects. Cycles made
before or during the import are kept for good; a library import makes next to none.
"""
from __future__ import annotations

import contextlib
import gc


@contextlib.contextmanager
def paused():
    """No collection inside the block; then what it built is frozen, and collection resumes
    as it was (also when the import fails)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was_enabled:
            gc.enable()
