"""Function transformations built on the tape (GradOperation, grad, value_and_grad) and
composite operations over several tensors (clip_by_global_norm)."""
from .clip import clip_by_global_norm, clip_by_norm
from .grad import GradOperation, grad, value_and_grad
