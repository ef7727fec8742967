"""Evaluation metrics, computed on the host with NumPy: the Metric base, the built-in
metrics, and the name registry Model uses (`metrics={'accuracy', 'loss'}`)."""
from . import (accuracy, area_under_curve, bleu_score, confusion_matrix, cosine_similarity, dice, error, fbeta, loss,
               metric, occlusion_sensitivity, perplexity, rates, registry, roc, surface_distance, topk)
from .accuracy import *
from .area_under_curve import *
from .bleu_score import *
from .confusion_matrix import *
from .cosine_similarity import *
from .dice import *
from .error import *
from .fbeta import *
from .loss import *
from .metric import *
from .occlusion_sensitivity import *
from .perplexity import *
from .rates import *
from .registry import *
from .roc import *
from .surface_distance import *
from .topk import *

__all__ = (metric.__all__ + accuracy.__all__ + rates.__all__ + fbeta.__all__ + error.__all__ + loss.__all__
           + topk.__all__ + confusion_matrix.__all__ + dice.__all__ + perplexity.__all__ + registry.__all__
           + roc.__all__ + area_under_curve.__all__ + bleu_score.__all__ + cosine_similarity.__all__
           + surface_distance.__all__ + occlusion_sensitivity.__all__)
