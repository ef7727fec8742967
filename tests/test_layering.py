"""Imports in spore/ point down the layers only (DESIGN.md, "Layers"): no module imports one of a
higher layer, not even lazily inside a function. Alias paths resolve their names through
`spore._path_alias.resolver`, which is not an import."""
from __future__ import annotations

import re
from pathlib import Path

import spore

LAYERS = ["_path_alias", "_kernels", "common", "parallel", "context", "log", "ops", "autograd", "communication", "nn",
          "compiler", "mint", "numpy", "amp", "train", "mindrecord", "dataset"]
"""Bottom first; top-level packages not listed here are not checked."""

_RELATIVE_IMPORT = re.compile(r"^\s*from\s+(\.+)([\w.]*)\s+import\s+(\w+)")
_ROOT = Path(spore.__file__).parent


def _imported_layer(module_parts: list[str], dots: int, module: str, first_name: str) -> str | None:
    package = module_parts[:-1][:len(module_parts) - dots]
    target = package + (module.split(".") if module else [])
    return target[0] if target else first_name


def upward_imports() -> list[str]:
    found = []
    for path in sorted(_ROOT.rglob("*.py")):
        parts = list(path.relative_to(_ROOT).with_suffix("").parts)
        layer = parts[0]
        if layer not in LAYERS:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            match = _RELATIVE_IMPORT.match(line)
            if not match:
                continue
            target = _imported_layer(parts, len(match.group(1)), match.group(2), match.group(3))
            if target in LAYERS and LAYERS.index(target) > LAYERS.index(layer):
                found.append(f"{path.relative_to(_ROOT.parent)}:{number}: {line.strip()}")
    return found


def test_imports_point_down_only():
    assert upward_imports() == []


def test_the_dataset_node_does_not_import_its_operations():
    source = (_ROOT / "dataset" / "engine" / "dataset.py").read_text(encoding="utf-8")
    imported = set(re.findall(r"^\s*from \.(\w+) import", source, re.MULTILINE))
    assert imported <= {"epoch", "iterators"}
