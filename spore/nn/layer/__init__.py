"""Layers: basic (Dense, Dropout, padding, ...), activations, embedding, convolution,
pooling, image layers, normalization, clipping, recurrent cells and layers, Transformer. Each module
lists its layers in `__all__`."""
from . import (activation, basic, clip, combined, conv, dense, embedding, ext_layers, image, math, normalization,
               pooling, rnn_cells, rnns, sparse, sync_batch_norm, tensor_cells, timedistributed, transformer)
from . import thor
from .activation import *
from .basic import *
from .clip import *
from .combined import *
from .conv import *
from .dense import *
from .embedding import *
from .ext_layers import *
from .image import *
from .math import *
from .normalization import *
from .pooling import *
from .rnn_cells import *
from .rnns import *
from .sparse import *
from .sync_batch_norm import *
from .tensor_cells import *
from .thor import *
from .timedistributed import *
from .transformer import *

__all__ = (activation.__all__ + basic.__all__ + clip.__all__ + combined.__all__ + conv.__all__ + dense.__all__
           + embedding.__all__ + ext_layers.__all__ + image.__all__ + math.__all__ + normalization.__all__
           + pooling.__all__ + rnn_cells.__all__ + rnns.__all__ + sparse.__all__ + sync_batch_norm.__all__
           + tensor_cells.__all__ + timedistributed.__all__ + transformer.__all__)
__all__ += thor.__all__
