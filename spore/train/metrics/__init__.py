"""Evaluation metrics, computed on the host with NumPy: the Metric base, the built-in
metrics, and the name registry Model uses (`metrics={'accuracy', 'loss'}`)."""
from . import accuracy, confusion_matrix, dice, error, fbeta, loss, metric, perplexity, rates, registry, topk
from .accuracy import *
from .confusion_matrix import *
from .dice import *
from .error import *
from .fbeta import *
from .loss import *
from .metric import *
from .perplexity import *
from .rates import *
from .registry import *
from .topk import *

__all__ = (metric.__all__ + accuracy.__all__ + rates.__all__ + fbeta.__all__ + error.__all__ + loss.__all__
           + topk.__all__ + confusion_matrix.__all__ + dice.__all__ + perplexity.__all__ + registry.__all__)
