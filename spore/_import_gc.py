"""The garbage collector during `import spore`.

Importing torch and spore creates a few hundred thousand long-lived objects (modules,
classes, functions, op tables) and no garbage worth collecting; the collector still makes
full passes over all of them while they are created (two or three passes of 40-90 ms each
on this CPU), and more soon after as the young generations fill. So collection is paused
while the package imports, and what the import built is then moved out of the collector's
sight (`gc.freeze`): later collections, including those inside the first training step,
no longer walk torch's and spore's module objects. Cycles made before or during the
import are kept for good; a library import makes next to none.
"""
from __future__ import annotations

import gc

_was_enabled = gc.isenabled()


def pause() -> None:
    gc.disable()


def resume() -> None:
    gc.freeze()
    if _was_enabled:
        gc.enable()
