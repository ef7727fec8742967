"""Layers: basic (Dense, Dropout, padding, ...), activations, embedding, convolution,
pooling, image layers, normalization, clipping, recurrent cells and layers, Transformer. Each module
lists its layers in `__all__`."""
from . import activation, basic, clip, conv, embedding, image, normalization, pooling, rnn_cells, rnns, transformer
from .activation import *
from .basic import *
from .clip import *
from .conv import *
from .embedding import *
from .image import *
from .normalization import *
from .pooling import *
from .rnn_cells import *
from .rnns import *
from .transformer import *

__all__ = (activation.__all__ + basic.__all__ + clip.__all__ + conv.__all__ + embedding.__all__ + image.__all__
           + normalization.__all__ + pooling.__all__ + rnn_cells.__all__ + rnns.__all__ + transformer.__all__)
