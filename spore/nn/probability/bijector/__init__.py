"""`mindspore.nn.probability.bijector`: invertible transformations with their log-Jacobians."""
from .bijector import Bijector, Invert
from .elementwise import Exp, GumbelCDF, PowerTransform, ScalarAffine, Softplus

__all__ = ["Bijector", "PowerTransform", "Exp", "ScalarAffine", "Softplus", "GumbelCDF", "Invert"]
