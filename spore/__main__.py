"""`python -m spore SCRIPT [ARGS]`: run an unchanged MindSpore script on spore.

Every `import mindspore` and `import mindspore.<path>` resolves to `spore` and
`spore.<path>` (the same module objects), spore's classes name their MindSpore modules
(`spore._mindspore_names`), then SCRIPT runs as `__main__`.
"""
from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import os
import runpy
import sys

from ._mindspore_names import ALIAS, present_as_mindspore


class _MindSporeAlias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Resolves `mindspore[.x.y]` to the already-importable `spore[.x.y]`."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname != ALIAS and not fullname.startswith(ALIAS + "."):
            return None
        real = "spore" + fullname[len(ALIAS):]
        if importlib.util.find_spec(real) is None:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec):
        return importlib.import_module("spore" + spec.name[len(ALIAS):])

    def exec_module(self, module):
        """The module is spore's own, already executed."""


def install_alias() -> None:
    if not any(isinstance(f, _MindSporeAlias) for f in sys.meta_path):
        sys.meta_path.insert(0, _MindSporeAlias())


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print("usage: python -m spore SCRIPT [ARGS...]\n"
              "Runs a MindSpore script with every 'mindspore' import resolved to spore.")
        return 0 if argv else 2
    install_alias()
    present_as_mindspore()
    sys.argv = list(argv)
    sys.path.insert(0, _script_dir(argv[0]))
    runpy.run_path(argv[0], run_name="__main__")
    return 0


def _script_dir(script: str) -> str:
    return os.path.dirname(os.path.abspath(script))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
