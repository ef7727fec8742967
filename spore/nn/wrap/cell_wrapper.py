"""Cells that wrap a network: with its loss (WithLossCell), for evaluation (WithEvalCell),
for its gradients (WithGradCell) and for a whole training step (TrainOneStepCell), plus
ParameterUpdate and GetNextSingleOp.

Wrappers are built with auto_prefix=False, so the Parameters of the wrapped network keep
their names (checkpoints key on them). Their `construct` bodies keep to MindSpore's
static-graph syntax so that Graph mode can compile them.

A training step runs the network once: `value_and_grad` returns the loss with the
gradients. A sensitivity other than ones (TrainOneStepCell's `sens`, the loss scale of
TrainOneStepWithLossScaleCell) enters as a factor on the loss inside the differentiated
function: the gradient of `loss * sens` seeded with ones is exactly the gradient of `loss`
seeded with `sens` filled to the loss's shape, which is what MindSpore's GradOperation
with sens_param computes.
"""
from __future__ import annotations

import numbers

from ... import ops
from ...autograd.grad import GradOperation, value_and_grad
from ...common import dtype as mstype
from ...common.parameter import Parameter, ParameterTuple
from ...common.tensor import Tensor
from ...context import get_auto_parallel_context
from ...ops.validator import check_bool
from ..cell import Cell
from ..layer.basic import Identity
from .grad_reducer import DistributedGradReducer, broadcast_parameters, data_parallel, data_parallel_degree

__all__ = ["WithLossCell", "WithEvalCell", "WithGradCell", "TrainOneStepCell", "ParameterUpdate", "GetNextSingleOp"]


def mixed_precision_cast(dst_type, value):
    """`value` with each floating-point Tensor in it (nested tuples and lists too) cast to
    `dst_type`; other values are returned as they are."""
    if isinstance(value, (tuple, list)):
        return type(value)(mixed_precision_cast(dst_type, v) for v in value)
    if isinstance(value, Tensor) and value.dtype.is_floating_point:
        return to_dtype(value, dst_type)
    return value


def to_dtype(value: Tensor, dtype) -> Tensor:
    """`value` in `dtype`: the Tensor itself when it has that dtype already."""
    return value if value.dtype == dtype else ops.cast(value, dtype)


def _check_cell(api: str, arg: str, value) -> None:
    if not isinstance(value, Cell):
        raise TypeError(f"For '{api}', the '{arg}' must be a Cell, but got {type(value).__name__}.")


def _inherit_amp_level(wrapper: Cell, network) -> None:
    """A wrapper reports the mixed-precision level of the network it wraps (MindSpore's
    build_train_network reads `_amp_level` to decide how to attach the loss)."""
    if hasattr(network, "_amp_level"):
        wrapper._amp_level = network._amp_level


def _check_optimizer(api: str, optimizer) -> None:
    if not isinstance(optimizer, Cell) or not hasattr(optimizer, "parameters"):
        raise TypeError(f"For '{api}', the 'optimizer' must be an Optimizer (a Cell with 'parameters'), "
                        f"but got {type(optimizer).__name__}.")


class WithLossCell(Cell):
    """WithLossCell(backbone, loss_fn)

    `construct(data, label)` returns `loss_fn(backbone(data), label)`.
    """

    def __init__(self, backbone, loss_fn):
        super().__init__(auto_prefix=False)
        _check_cell("WithLossCell", "backbone", backbone)
        if not callable(loss_fn):
            raise TypeError(f"For 'WithLossCell', the 'loss_fn' must be a Cell or a function, but got "
                            f"{type(loss_fn).__name__}.")
        self._backbone = backbone
        self._loss_fn = loss_fn
        _inherit_amp_level(self, backbone)

    def construct(self, data, label):
        out = self._backbone(data)
        return self._loss_fn(out, label)

    @property
    def backbone_network(self) -> Cell:
        """The wrapped network."""
        return self._backbone


class WithEvalCell(Cell):
    """WithEvalCell(network, loss_fn, add_cast_fp32=False)

    `construct(data, label)` returns `(loss, outputs, label)` with `outputs = network(data)`.
    With add_cast_fp32, the outputs and the floating-point label are cast to float32
    before the loss is computed (and are returned cast).
    """

    def __init__(self, network, loss_fn, add_cast_fp32: bool = False):
        super().__init__(auto_prefix=False)
        _check_cell("WithEvalCell", "network", network)
        self._network = network
        self._loss_fn = loss_fn
        self.add_cast_fp32 = check_bool("WithEvalCell", "add_cast_fp32", add_cast_fp32)
        _inherit_amp_level(self, network)

    def construct(self, data, label):
        outputs = self._network(data)
        if self.add_cast_fp32:
            label = mixed_precision_cast(mstype.float32, label)
            outputs = ops.cast(outputs, mstype.float32)
        loss = self._loss_fn(outputs, label)
        return loss, outputs, label


class WithGradCell(Cell):
    """WithGradCell(network, loss_fn=None, sens=None)

    `construct(*inputs)` returns the gradients of the loss with respect to the network's
    trainable Parameters (a tuple). Without `loss_fn`, `network` must compute the loss
    itself; `sens` (a Tensor shaped like the loss) seeds the backward pass instead of ones.
    """

    def __init__(self, network, loss_fn=None, sens=None):
        super().__init__(auto_prefix=False)
        _check_cell("WithGradCell", "network", network)
        self.network = network
        self.loss_fn = loss_fn
        self.weights = ParameterTuple(network.trainable_params())
        self.grad = GradOperation(get_by_list=True, sens_param=sens is not None)
        self.sens = sens
        self.network_with_loss = network if loss_fn is None else WithLossCell(network, loss_fn)
        self.network_with_loss.set_train()
        _inherit_amp_level(self, network)

    def construct(self, *inputs):
        if self.sens is None:
            return self.grad(self.network_with_loss, self.weights)(*inputs)
        return self.grad(self.network_with_loss, self.weights)(*inputs, self.sens)


class TrainOneStepCell(Cell):
    """TrainOneStepCell(network, optimizer, sens=None, return_grad=False)

    One training step: `construct(*inputs)` computes the loss `network(*inputs)` and the
    gradients of the optimizer's Parameters, passes them through `grad_reducer` (in DATA_PARALLEL
    mode a DistributedGradReducer that sums them over the processes, averaging when
    `gradients_mean`; else the identity),
    applies the optimizer and returns the loss (with return_grad, also a dict from
    Parameter name to gradient). `sens` (a nonzero number, default 1.0) seeds the backward
    pass. The network is marked for gradients (`set_grad`); training mode is left to the
    caller (`set_train`), as in MindSpore.
    """

    def __init__(self, network, optimizer, sens=None, return_grad: bool = False):
        super().__init__(auto_prefix=False)
        _check_cell(type(self).__name__, "network", network)
        _check_optimizer(type(self).__name__, optimizer)
        if sens is not None:
            if isinstance(sens, bool) or not isinstance(sens, numbers.Number):
                raise TypeError(f"For '{type(self).__name__}', the 'sens' must be a number, but got "
                                f"{type(sens).__name__}.")
            if sens == 0:
                raise ValueError(f"For '{type(self).__name__}', the 'sens' can not be 0.")
        self.network = network
        self.network.set_grad()
        self.optimizer = optimizer
        self.weights = optimizer.parameters
        self.sense_flag = sens is not None
        self.sens = 1.0 if sens is None else sens
        self.return_grad = check_bool(type(self).__name__, "return_grad", return_grad)
        if return_grad:
            self.weights_name = [param.name for param in self.weights]
        self.parallel_mode = get_auto_parallel_context("parallel_mode")
        self.reducer_flag = data_parallel()
        self.grad_reducer = Identity()
        if self.reducer_flag:
            if get_auto_parallel_context("parameter_broadcast"):
                broadcast_parameters(self.network.get_parameters())
            self.grad_reducer = DistributedGradReducer(self.weights, get_auto_parallel_context("gradients_mean"),
                                                       data_parallel_degree())
        _inherit_amp_level(self, network)

    overlaps_reduction = True
    """Whether the DATA_PARALLEL gradient all-reduces start during the backward pass
    (PyNative; DistributedGradReducer.overlapping): construct must hand the reducer the
    gradients exactly as the backward pass produced them."""

    def __call__(self, *args, **kwargs):
        if getattr(self, "reducer_flag", False) and self.overlaps_reduction:
            with self.grad_reducer.overlapping(self.weights):
                return super().__call__(*args, **kwargs)
        return super().__call__(*args, **kwargs)

    def construct(self, *inputs):
        if self.sense_flag:
            (_, loss), grads = value_and_grad(self._forward_with_sens, None, self.weights,
                                              has_aux=True)(self.sens, *inputs)
        else:
            loss, grads = value_and_grad(self.network, None, self.weights)(*inputs)
        grads = self.grad_reducer(grads)
        loss = ops.depend(loss, self.optimizer(grads))
        if self.return_grad:
            named_grads = {}
            for index, grad in enumerate(grads):
                named_grads[self.weights_name[index]] = grad
            return loss, named_grads
        return loss

    def _forward_with_sens(self, sens, *inputs):
        """(loss * sens, loss): differentiating the product from ones back-propagates
        `sens` (a number or a Tensor, in the loss's dtype and broadcast to its shape) from
        the loss."""
        loss = self.network(*inputs)
        if isinstance(sens, Tensor):
            sens = to_dtype(sens, loss.dtype)
        return loss * sens, loss


class ParameterUpdate(Cell):
    """ParameterUpdate(param)

    `construct(x)` sets the Parameter `param` to `x` (same shape and dtype) and returns x.
    """

    def __init__(self, param):
        super().__init__(auto_prefix=False)
        if not isinstance(param, Parameter):
            raise TypeError(f"For 'ParameterUpdate', the 'param' must be a Parameter, but got "
                            f"{type(param).__name__}.")
        self._param = param

    def construct(self, x):
        ops.assign(self._param, x)
        return x


class GetNextSingleOp(Cell):
    """GetNextSingleOp(dataset_types, dataset_shapes, queue_name)

    `construct()` returns the next batch of the device data queue `queue_name` (a tuple
    of Tensors of those types and shapes) through ops.GetNext, in MindSpore's dataset
    sink mode. spore feeds data from the host: calling it raises GetNext's RuntimeError,
    which says to iterate the dataset instead."""

    def __init__(self, dataset_types, dataset_shapes, queue_name):
        super().__init__()
        if not isinstance(dataset_types, (list, tuple)):
            raise TypeError(f"For 'GetNextSingleOp', the 'dataset_types' must be a list or tuple, but got "
                            f"{type(dataset_types).__name__}.")
        self.get_next = ops.GetNext(dataset_types, dataset_shapes, len(dataset_types), queue_name)

    def construct(self):
        return self.get_next()
