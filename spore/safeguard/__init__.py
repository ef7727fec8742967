"""mindspore.safeguard: model weight obfuscation. obfuscate_ckpt writes checkpoint files whose
target weights are transformed by random metadata (weights.py); load_obf_params_into_net makes
a network undo that transformation at run time, given the metadata as an input (network.py);
config.py checks the obfuscation config and derives it from `target_modules`."""
from .network import load_obf_params_into_net
from .weights import obfuscate_ckpt

__all__ = ["obfuscate_ckpt", "load_obf_params_into_net"]
