"""`mindspore.common.lazy_inline` / `.recompute` are functions in MindSpore 2.7.1, and also
module paths (`from mindspore.common.lazy_inline import lazy_inline`): importing the module
leaves the package attribute the function."""
import importlib

import spore


def test_function_names_stay_functions_after_their_modules_are_imported():
    for name in ("lazy_inline", "recompute"):
        module = importlib.import_module(f"spore.common.{name}")
        function = getattr(spore, name)
        assert getattr(module, name) is function
        assert getattr(spore.common, name) is function
