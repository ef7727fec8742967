"""Function transformations built on the tape: GradOperation, grad, value_and_grad."""
from .grad import GradOperation, grad, value_and_grad
