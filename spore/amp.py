"""Mixed precision: loss scalers (StaticLossScaler, DynamicLossScaler) and the finite
check of gradients (all_finite) for hand-written training steps; the network
transformations auto_mixed_precision and custom_mixed_precision; build_train_network,
which wraps a network into a (loss-scaled) training step; and the loss scale managers.

Levels of auto_mixed_precision (`dtype` is float16 or bfloat16):

- O0: the network is left as it is.
- O1: the white-list Cells (convolutions, Dense, RNN cells) compute in `dtype` and
  return float32; white-list Primitives (MatMul, Conv2D, ReLU, ...) held as attributes of
  the other Cells are wrapped to do the same. Everything else stays in float32.
- O2: the whole network computes in `dtype` except the black-list Cells (BatchNorm,
  LayerNorm), which compute in float32 and hand `dtype` on; the output is float32.
- O3: the whole network computes in `dtype`; the output is float32.

Parameters keep their float32 values: computing "in dtype" means that each operator of
the Cell casts its floating-point inputs (see Cell.to_float).
"""
from __future__ import annotations

from abc import ABC, abstractmethod

from . import nn, ops
from .common import dtype as mstype
from .common.parameter import Parameter
from .common.tensor import Tensor
from .nn.optim.optimizer import Optimizer
from .nn.wrap.cell_wrapper import TrainOneStepCell, WithLossCell, mixed_precision_cast, to_dtype
from .nn.wrap.loss_scale import TrainOneStepWithLossScaleCell, all_finite
from .nn.wrap.loss_scale_manager import DynamicLossScaleManager, FixedLossScaleManager, LossScaleManager
from .ops.primitive import Primitive
from .ops.validator import check_bool, check_positive_int, check_string, check_type

__all__ = [
    "DynamicLossScaleManager", "LossScaleManager", "FixedLossScaleManager", "build_train_network",
    "DynamicLossScaler", "StaticLossScaler", "LossScaler", "auto_mixed_precision", "all_finite",
    "custom_mixed_precision", "get_white_list", "get_black_list", "init_status",
]

_LOW_PRECISION_TYPES = (mstype.float16, mstype.bfloat16)
_PRECISION_FLAGS = ("fp16", "fp32", "bf16")

# Resolved by name when asked for, so that a layer spore does not have yet is left out.
_WHITE_LIST_CELLS = ("Conv1d", "Conv2d", "Conv3d", "Conv1dTranspose", "Conv2dTranspose", "Conv3dTranspose",
                     "Dense", "LSTMCell", "RNNCell", "GRUCell")
_WHITE_LIST_PRIMITIVES = ("Conv2D", "Conv3D", "Conv2DTranspose", "Conv3DTranspose", "Conv2DBackpropInput",
                          "MatMul", "BatchMatMul", "PReLU", "ReLU", "Ger")
_BLACK_LIST_CELLS = ("BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "LayerNorm")


# ---- loss scalers -----------------------------------------------------------------------
def _map_tensors(fn, inputs):
    """`fn` applied to a Tensor, or to each Tensor of (nested) tuples and lists, keeping
    their structure."""
    if isinstance(inputs, (tuple, list)):
        return type(inputs)(_map_tensors(fn, value) for value in inputs)
    if not isinstance(inputs, Tensor):
        raise TypeError(f"For the loss scaler, the inputs must be a Tensor or a tuple or list of Tensors, "
                        f"but got {type(inputs).__name__}.")
    return fn(inputs)


def _grad_scale_map(scale_value, inputs):
    """`inputs` (a Tensor, or nested tuples and lists of Tensors) times `scale_value`, each
    in its own dtype (MindSpore's helper of custom loss scalers, imported from `mindspore.amp`)."""
    return _map_tensors(lambda x: x * to_dtype(scale_value, x.dtype), inputs)


def _grad_unscale_map(scale_value, inputs):
    """`inputs` divided by `scale_value`, each in its own dtype."""
    inverse = ops.reciprocal(scale_value)
    return _map_tensors(lambda x: x * to_dtype(inverse, x.dtype), inputs)


class LossScaler(ABC):
    """The interface of loss scalers for hand-written training steps: `scale` the loss
    before differentiating it, `unscale` the loss and gradients, and `adjust` the scale
    with the result of `all_finite(grads)`."""

    @abstractmethod
    def scale(self, inputs):
        """`inputs` (a Tensor, or a tuple or list of Tensors) times the scale."""

    @abstractmethod
    def unscale(self, inputs):
        """`inputs` (a Tensor, or a tuple or list of Tensors) divided by the scale."""

    @abstractmethod
    def adjust(self, grads_finite):
        """Update the scale after a step; `grads_finite` is a Bool scalar Tensor."""


class _ScaleValueLossScaler(LossScaler):
    """A loss scaler whose scale (a number >= 1) is the float32 Parameter `scale_value`.
    `scale` and `unscale` return Tensors in their own dtype, with the structure of their
    input."""

    def __init__(self, scale_value):
        check_type(type(self).__name__, "scale_value", scale_value, (int, float))
        if scale_value < 1:
            raise ValueError(f"For '{type(self).__name__}', the 'scale_value' must be >= 1, but got "
                             f"{scale_value}.")
        self.scale_value = Parameter(Tensor(scale_value, mstype.float32), name="scale_value")

    def scale(self, inputs):
        return _grad_scale_map(self.scale_value, inputs)

    def unscale(self, inputs):
        return _grad_unscale_map(self.scale_value, inputs)


class StaticLossScaler(_ScaleValueLossScaler):
    """StaticLossScaler(scale_value)

    A fixed loss scale: a number >= 1, kept as the float32 Parameter `scale_value`.
    """

    def adjust(self, grads_finite):
        """The scale is fixed: returns False (nothing was adjusted)."""
        return False


class DynamicLossScaler(_ScaleValueLossScaler):
    """DynamicLossScaler(scale_value, scale_factor, scale_window)

    A scale (a number >= 1) that `adjust` divides by the int `scale_factor` (down to 1)
    when the gradients are not finite, and multiplies by it after `scale_window`
    consecutive finite steps (unless the product would be infinite). The count of finite
    steps is the int32 Parameter `counter`.
    """

    def __init__(self, scale_value, scale_factor, scale_window):
        super().__init__(scale_value)
        self.scale_window = check_positive_int(type(self).__name__, "scale_window", scale_window)
        self.scale_factor = check_positive_int(type(self).__name__, "scale_factor", scale_factor)
        self.counter = Parameter(Tensor(0, mstype.int32), name="counter")

    def adjust(self, grads_finite):
        """Update `scale_value` and `counter` for a step whose gradients were finite or
        not (a Bool scalar Tensor, or a bool); returns True."""
        grads_finite = Tensor(grads_finite) if isinstance(grads_finite, bool) else grads_finite
        scale = self.scale_value
        increased = scale * self.scale_factor
        window_done = self.counter == self.scale_window - 1
        finite_scale = ops.select(ops.logical_and(window_done, ops.isfinite(increased)), increased, scale)
        decreased = ops.maximum(ops.ones((), scale.dtype), scale / self.scale_factor)
        ops.assign(self.scale_value, ops.select(grads_finite, finite_scale, decreased))
        # The count restarts after an increase and after a step that was not finite.
        counter = (self.counter + 1) % self.scale_window
        ops.assign(self.counter, counter * ops.cast(grads_finite, mstype.int32))
        return True


def init_status() -> Tensor:
    """The overflow status buffer of MindSpore 2.0's `all_finite(inputs, status)`: zeros of
    shape (8,). spore reads overflow from the values themselves and needs no status."""
    return ops.zeros((8,), mstype.float32)


# ---- precision wrappers -----------------------------------------------------------------
class _OutputTo16(nn.Cell):
    """Runs a float32 Cell inside a low-precision network: casts its outputs to `dtype`."""

    def __init__(self, backbone, dtype=mstype.float16):
        super().__init__(auto_prefix=False)
        self._backbone = backbone
        self.dtype = dtype

    def construct(self, *args, **kwargs):
        return mixed_precision_cast(self.dtype, self._backbone(*args, **kwargs))


class _OutputTo32(nn.Cell):
    """Casts the floating-point outputs of a low-precision network to float32."""

    def __init__(self, backbone):
        super().__init__(auto_prefix=False)
        self._backbone = backbone

    def construct(self, *args, **kwargs):
        return mixed_precision_cast(mstype.float32, self._backbone(*args, **kwargs))


class _PrimitiveTo32(nn.Cell):
    """A Primitive run in low precision: its floating-point inputs are cast to `dtype`
    and its floating-point outputs back to float32."""

    def __init__(self, primitive, dtype):
        super().__init__(auto_prefix=False)
        self.primitive = primitive
        self.dtype = dtype

    def construct(self, *args):
        outputs = self.primitive(*mixed_precision_cast(self.dtype, args))
        return mixed_precision_cast(mstype.float32, outputs)

    def __getattr__(self, name: str):
        # Code that reads the Primitive's attributes (`self.conv.pad_mode`) still finds them.
        primitive = self.__dict__.get("primitive")
        if primitive is None:
            return super().__getattr__(name)
        return getattr(primitive, name)


def _precision_set_by_user(cell) -> bool:
    return any(getattr(cell, flag, False) for flag in _PRECISION_FLAGS)


def _cast_white_list(network, dtype, white_list: list):
    """O1: white-list Cells compute in `dtype` and return float32, and so do calls of
    white-list Primitives that are attributes of the other Cells. Cells whose precision
    the user set with `to_float` are left as they are, with everything inside them."""
    cell_types = tuple(t for t in white_list if issubclass(t, nn.Cell))
    primitive_types = tuple(t for t in white_list if issubclass(t, Primitive))

    def low_precision(cell):
        return _OutputTo32(cell.to_float(dtype))

    visited = set()

    def visit(cell):
        visited.add(id(cell))
        for name, child in list(cell.name_cells().items()):
            if id(child) in visited or _precision_set_by_user(child):
                continue
            if isinstance(child, cell_types):
                cell.insert_child_to_cell(name, low_precision(child))
            else:
                visit(child)
        # Wrapped after the children are visited: the wrappers are Cells, to be left alone.
        for name, value in list(vars(cell).items()):
            if isinstance(value, primitive_types):
                setattr(cell, name, _PrimitiveTo32(value, dtype))

    if _precision_set_by_user(network):
        return network
    if isinstance(network, cell_types):
        return low_precision(network)
    visit(network)
    return network


def _keep_in_float32(network, black_list: list, dtype) -> None:
    """Inside a network cast to `dtype`, run the black-list Cells in float32 and cast
    their outputs to `dtype`."""
    black_types = tuple(black_list)
    for name, child in list(network.name_cells().items()):
        if isinstance(child, black_types):
            network.insert_child_to_cell(name, _OutputTo16(child.to_float(mstype.float32), dtype))
        else:
            _keep_in_float32(child, black_list, dtype)


def _cast_except_black_list(network, dtype, black_list: list):
    network.to_float(dtype)
    _keep_in_float32(network, black_list, dtype)
    return _OutputTo32(network)


# ---- auto_mixed_precision ---------------------------------------------------------------
def get_white_list() -> list:
    """A copy of the O1 white list: the Cell and Primitive classes that compute in low
    precision."""
    cells = [getattr(nn, name) for name in _WHITE_LIST_CELLS if hasattr(nn, name)]
    return cells + [getattr(ops, name) for name in _WHITE_LIST_PRIMITIVES if hasattr(ops, name)]


def get_black_list() -> list:
    """A copy of the O2 black list: the Cell classes that stay in float32."""
    return [getattr(nn, name) for name in _BLACK_LIST_CELLS if hasattr(nn, name)]


def _check_low_precision(dtype) -> None:
    if dtype not in _LOW_PRECISION_TYPES:
        raise ValueError(f"The dtype should be one of (mstype.float16, mstype.bfloat16), but got {dtype}.")


def auto_mixed_precision(network, amp_level="O0", dtype=mstype.float16):
    """The network `network` (a Cell) converted for mixed precision at `amp_level`
    ('O0', 'O1', 'O2' or 'O3', see this module's docstring) with low-precision type
    `dtype` (float16 or bfloat16). The Cells are converted in place; O2 and O3 (and O1
    on a white-list Cell) return a wrapper that casts the outputs to float32."""
    if amp_level == "auto":
        raise ValueError("For 'auto_mixed_precision', the amp level 'auto' is not supported by spore; "
                         "use 'O1', 'O2' or 'O3'.")
    if not isinstance(network, nn.Cell):
        raise TypeError(f"For amp_level '{amp_level}', the network type should be Cell, but got "
                        f"{type(network).__name__}.")
    _check_low_precision(dtype)
    if amp_level == "O0":
        return network
    if amp_level == "O1":
        network = _cast_white_list(network, dtype, get_white_list())
    elif amp_level == "O2":
        network = _cast_except_black_list(network, dtype, get_black_list())
    elif amp_level == "O3":
        network = _OutputTo32(network.to_float(dtype))
    else:
        raise ValueError(f"For 'auto_mixed_precision', the 'amp_level' must be one of ['O0', 'O1', 'O2', "
                         f"'O3'], but got {amp_level!r}.")
    network._amp_level = amp_level
    return network


def custom_mixed_precision(network, *, white_list=None, black_list=None, dtype=mstype.float16):
    """Like auto_mixed_precision with your own list: with `white_list` (Cell and Primitive
    classes) as O1, with `black_list` (Cell classes) as O2. Give exactly one."""
    if not isinstance(network, nn.Cell):
        raise TypeError(f"For 'custom_mixed_precision', the network type should be Cell, but got "
                        f"{type(network).__name__}.")
    if (white_list is None) == (black_list is None):
        raise ValueError("For 'custom_mixed_precision', exactly one of 'white_list' and 'black_list' must "
                         "be given.")
    _check_low_precision(dtype)
    if white_list is not None:
        _check_class_list("white_list", white_list, (nn.Cell, Primitive))
        return _cast_white_list(network, dtype, white_list)
    _check_class_list("black_list", black_list, (nn.Cell,))
    return _cast_except_black_list(network, dtype, black_list)


def _check_class_list(name: str, classes, bases: tuple) -> None:
    if not isinstance(classes, list):
        raise TypeError(f"For 'custom_mixed_precision', the '{name}' must be a list, but got "
                        f"{type(classes).__name__}.")
    allowed = " or ".join(base.__name__ for base in bases)
    for item in classes:
        if not isinstance(item, type) or not issubclass(item, bases):
            raise TypeError(f"For 'custom_mixed_precision', every element of '{name}' must be a subclass "
                            f"of {allowed}, but got {item!r}.")


# ---- build_train_network ----------------------------------------------------------------
class _WithLossCellFp32(WithLossCell):
    """WithLossCell for a low-precision network: the loss is computed in float32."""

    def construct(self, data, label):
        out = self._backbone(data)
        label = mixed_precision_cast(mstype.float32, label)
        return self._loss_fn(mixed_precision_cast(mstype.float32, out), label)


def _level_config(level: str, kwargs: dict) -> dict:
    """The settings of `level`, overridden by build_train_network's keyword arguments."""
    for key in kwargs:
        if key not in ("cast_model_type", "keep_batchnorm_fp32", "loss_scale_manager"):
            raise ValueError(f"For 'build_train_network', the argument '{key}' is not supported.")
    if "cast_model_type" in kwargs and kwargs["cast_model_type"] not in (mstype.float16, mstype.float32):
        raise TypeError(f"For 'build_train_network', the 'cast_model_type' must be mstype.float16 or "
                        f"mstype.float32, but got {kwargs['cast_model_type']}.")
    if "keep_batchnorm_fp32" in kwargs:
        check_bool("build_train_network", "keep_batchnorm_fp32", kwargs["keep_batchnorm_fp32"])
    manager = kwargs.get("loss_scale_manager")
    if manager is not None and not isinstance(manager, LossScaleManager):
        raise TypeError(f"For 'build_train_network', the 'loss_scale_manager' must be a LossScaleManager, "
                        f"but got {type(manager).__name__}.")
    config = {
        "keep_batchnorm_fp32": level == "O2",
        "cast_model_type": mstype.float16 if level in ("O2", "O3") else mstype.float32,
        "loss_scale_manager": DynamicLossScaleManager() if level == "O2" else None,
    }
    config.update(kwargs)
    return config


def _convert_precision(network, config: dict, level: str):
    if config["cast_model_type"] is mstype.float16:
        network.to_float(mstype.float16)
        if config["keep_batchnorm_fp32"]:
            _keep_in_float32(network, get_black_list(), mstype.float16)
        return network
    if level == "O2" and not config["keep_batchnorm_fp32"]:
        return network.to_float(mstype.float16)
    if level in ("O2", "O3"):  # cast_model_type float32 asked for explicitly
        return network
    return auto_mixed_precision(network, level)


def build_train_network(network, optimizer, loss_fn=None, level="O0", boost_level="O0", **kwargs):
    """A training step for `network`: converted for mixed precision at `level` ('O0' to
    'O3'; see auto_mixed_precision), with `loss_fn` attached (None: the network computes
    its loss; in low precision the loss is computed in float32), and wrapped into a
    TrainOneStepCell, or a TrainOneStepWithLossScaleCell when the loss scale manager
    (O2: DynamicLossScaleManager) has an update Cell. Keyword arguments
    `cast_model_type`, `keep_batchnorm_fp32` and `loss_scale_manager` override the level's
    settings. `boost_level` ('O0', 'O1', 'O2') is accepted; boost training is not
    applied. The result is in training mode."""
    if not isinstance(optimizer, Optimizer):
        raise TypeError(f"For 'build_train_network', the 'optimizer' must be an Optimizer, but got "
                        f"{type(optimizer).__name__}.")
    level = check_string("build_train_network", "level", level, ("O0", "O1", "O2", "O3"), case_sensitive=True)
    check_string("build_train_network", "boost_level", boost_level, ("O0", "O1", "O2"), case_sensitive=True)
    config = _level_config(level, kwargs)
    network = _convert_precision(network, config, level)
    if loss_fn is not None:
        if not isinstance(loss_fn, nn.Cell):
            raise TypeError(f"For 'build_train_network', the 'loss_fn' must be a Cell, but got "
                            f"{type(loss_fn).__name__}.")
        low_precision = (config["cast_model_type"] in _LOW_PRECISION_TYPES
                         or getattr(network, "_amp_level", None) in ("O2", "O3"))
        network = (_WithLossCellFp32 if low_precision else WithLossCell)(network, loss_fn)
    manager = config["loss_scale_manager"]
    if manager is not None:
        update_cell = manager.get_update_cell()
        if update_cell is not None:
            return TrainOneStepWithLossScaleCell(network, optimizer, scale_sense=update_cell).set_train()
        return TrainOneStepCell(network, optimizer, manager.get_loss_scale()).set_train()
    return TrainOneStepCell(network, optimizer).set_train()

