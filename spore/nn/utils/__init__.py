"""`mindspore.nn.utils`: helpers around building networks."""
from .init import no_init_parameters

__all__ = ["no_init_parameters"]
