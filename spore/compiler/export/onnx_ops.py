"""spore Primitives as ONNX (opset 11) nodes: one converter per primitive name, which
writes the nodes through the OnnxWriter `w` and returns the names of the primitive's
outputs (None for an output ONNX does not compute, such as BatchNorm's batch statistics).

A primitive without a converter is refused as MindSpore refuses it ("Can not find key X
in convert map")."""
from __future__ import annotations

import functools

import numpy as np

from ...common import dtype as mstype
from .graph_writer import scalars_as_tensors

_UNARY = {
    "ReLU": "Relu", "Sigmoid": "Sigmoid", "Tanh": "Tanh", "Erf": "Erf", "Exp": "Exp", "Log": "Log", "Sqrt": "Sqrt",
    "Neg": "Neg", "Abs": "Abs", "Reciprocal": "Reciprocal", "Floor": "Floor", "Ceil": "Ceil", "Sin": "Sin",
    "Cos": "Cos", "Sign": "Sign", "Round": "Round", "Identity": "Identity", "Softplus": "Softplus",
    "Softsign": "Softsign", "LogicalNot": "Not", "IsNan": "IsNaN", "StopGradient": "Identity",
}
# Elementwise ops that compute in their output's dtype.
_ARITHMETIC = {"Add": "Add", "Sub": "Sub", "Mul": "Mul", "Div": "Div", "RealDiv": "Div", "Pow": "Pow",
               "Maximum": "Max", "Minimum": "Min"}
# Elementwise ops whose operands share a dtype and whose output is bool.
_COMPARISONS = {"Equal": "Equal", "Less": "Less", "Greater": "Greater", "LogicalAnd": "And", "LogicalOr": "Or"}
_REDUCTIONS = {"ReduceSum": "ReduceSum", "ReduceMean": "ReduceMean", "ReduceMax": "ReduceMax",
               "ReduceMin": "ReduceMin", "ReduceProd": "ReduceProd"}


def convert(w, node, where: str) -> list:
    name = node.prim.name
    if name in _UNARY:
        x, dtype = w.atom(node.inputs[0], where), _out(node).dtype
        if dtype != mstype.bool_:   # integers go in as the float dtype they come out as (Sqrt of an int32)
            x = w.cast(x, dtype, where)
        return w.emit(_UNARY[name], [x], dtype)
    if name in _ARITHMETIC or name in _COMPARISONS:
        return _elementwise(w, node, where)
    if name in _REDUCTIONS:
        return _reduction(w, node, where)
    converter = _CONVERTERS.get(name)
    if converter is None:
        raise RuntimeError(f"Can not find key {name} in convert map. Exporting {name} operator is not yet supported "
                           f"({where}).")
    return converter(w, node, where)


def _out(node, index: int = 0):
    return node.outputs[index].spec


def _shape(atom) -> tuple:
    """The shape of a Value, Parameter or Tensor input."""
    return tuple(atom.spec.shape if hasattr(atom, "spec") else atom.shape)


def _rank(node, index: int = 0) -> int:
    return len(_shape(node.inputs[index]))


def _axis(axis: int, rank: int) -> int:
    return axis + rank if axis < 0 else axis


def _elementwise(w, node, where: str) -> list:
    name = node.prim.name
    names = [w.atom(a, where) for a in scalars_as_tensors(node.inputs)]
    if name in _ARITHMETIC:
        dtype = _out(node).dtype
        return w.emit(_ARITHMETIC[name], [w.cast(n, dtype, where) for n in names], dtype)
    dtype = functools.reduce(mstype.promote_types, [w.dtype_of(n) for n in names])
    return w.emit(_COMPARISONS[name], [w.cast(n, dtype, where) for n in names], _out(node).dtype)


def _reduction(w, node, where: str) -> list:
    x, axis = w.atom(node.inputs[0], where), node.inputs[1] if len(node.inputs) > 1 else ()
    axes = [_axis(a, _rank(node)) for a in ((axis,) if isinstance(axis, int) else axis)]
    attrs = {"axes": axes} if axes else {}
    x = w.cast(x, _out(node).dtype, where)   # (the mean of integers is a float)
    return w.emit(_REDUCTIONS[node.prim.name], [x], _out(node).dtype,
                  keepdims=int(bool(node.prim.attrs.get("keep_dims", False))), **attrs)


# ---- layers ---------------------------------------------------------------------------------
def _nchw(node, where: str) -> None:
    if node.prim.attrs.get("data_format", "NCHW") != "NCHW":
        raise RuntimeError(f"For 'export', {where}: only the NCHW data format can be written to ONNX, but got "
                           f"{node.prim.attrs['data_format']!r}.")


def _conv2d(w, node, where: str) -> list:
    _nchw(node, where)
    attrs = node.prim.attrs
    x, weight = w.atom(node.inputs[0], where), w.atom(node.inputs[1], where)
    options = {"kernel_shape": list(attrs["kernel_size"]), "strides": list(attrs["stride"])[-2:],
               "dilations": list(attrs["dilation"])[-2:], "group": attrs["group"]}
    mode = attrs["pad_mode"].lower()
    if mode == "pad":
        top, bottom, left, right = attrs["pad"]
        options["pads"] = [top, left, bottom, right]
    else:
        options["auto_pad"] = "SAME_UPPER" if mode == "same" else "VALID"
    return w.emit("Conv", [x, weight], _out(node).dtype, **options)


def _conv2d_transpose(w, node, where: str) -> list:
    """Conv2DTranspose(dout, weight, input_size): ConvTranspose with the forward convolution's
    padding, and output_padding making up the rest of `input_size`."""
    _nchw(node, where)
    attrs = node.prim.attrs
    (stride_h, stride_w), (dilation_h, dilation_w) = list(attrs["stride"])[-2:], list(attrs["dilation"])[-2:]
    kernel = list(attrs["kernel_size"])
    size_in, size_out = _shape(node.inputs[0])[-2:], _out(node).shape[-2:]
    mode, pads = attrs["pad_mode"].lower(), [0, 0, 0, 0]      # top, bottom, left, right
    for i, (s, d) in enumerate(((stride_h, dilation_h), (stride_w, dilation_w))):
        extent = (kernel[i] - 1) * d + 1
        if mode == "pad":
            pads[2 * i:2 * i + 2] = attrs["pad"][2 * i:2 * i + 2]
        elif mode == "same":
            needed = max(0, (size_in[i] - 1) * s + extent - size_out[i])
            pads[2 * i:2 * i + 2] = [needed // 2, needed - needed // 2]
    output_padding = []
    for i, (s, d) in enumerate(((stride_h, dilation_h), (stride_w, dilation_w))):
        extent = (kernel[i] - 1) * d + 1
        extra = size_out[i] - ((size_in[i] - 1) * s + extent - pads[2 * i] - pads[2 * i + 1])
        if not 0 <= extra < max(s, d):
            raise RuntimeError(f"For 'export', {where}: a transposed convolution to size {tuple(size_out)} can not "
                               f"be written to ONNX.")
        output_padding.append(extra)
    dout, weight = w.atom(node.inputs[0], where), w.atom(node.inputs[1], where)
    return w.emit("ConvTranspose", [dout, weight], _out(node).dtype, kernel_shape=kernel,
                  strides=[stride_h, stride_w], dilations=[dilation_h, dilation_w], group=attrs["group"],
                  pads=[pads[0], pads[2], pads[1], pads[3]], output_padding=output_padding)


def _channel_vector(w, name: str, rank: int) -> str:
    """A per-channel vector (C,) as (C, 1, ..., 1), to broadcast along axis 1 of a rank-`rank` input."""
    if rank <= 2:
        return name
    return w.emit("Unsqueeze", [name], w.dtype_of(name), axes=list(range(1, rank - 1)))[0]


def _prelu(w, node, where: str) -> list:
    x, weight = w.atom(node.inputs[0], where), w.atom(node.inputs[1], where)
    return w.emit("PRelu", [x, _channel_vector(w, weight, _rank(node))], _out(node).dtype)


def _pool(onnx_op: str):
    def convert_pool(w, node, where: str) -> list:
        _nchw(node, where)
        attrs = node.prim.attrs
        mode = attrs["pad_mode"].upper()
        if mode not in ("VALID", "SAME"):
            raise RuntimeError(f"For 'export', {where}: the pad_mode {attrs['pad_mode']!r} can not be written to "
                               f"ONNX.")
        x = w.atom(node.inputs[0], where)
        return w.emit(onnx_op, [x], _out(node).dtype, kernel_shape=list(attrs["kernel_size"])[-2:],
                      strides=list(attrs["strides"])[-2:], auto_pad="SAME_UPPER" if mode == "SAME" else "VALID")
    return convert_pool


def _bias_add(w, node, where: str) -> list:
    _nchw(node, where)
    x, bias = w.atom(node.inputs[0], where), w.atom(node.inputs[1], where)
    return w.emit("Add", [x, _channel_vector(w, bias, _rank(node))], _out(node).dtype)


def _dense(w, node, where: str) -> list:
    """Gemm(transB=1) as MindSpore writes nn.Dense; inputs of another rank than 2 are
    flattened to 2-D around it."""
    x, weight = w.atom(node.inputs[0], where), w.atom(node.inputs[1], where)
    bias = [w.atom(node.inputs[2], where)] if len(node.inputs) > 2 and node.inputs[2] is not None else []
    dtype, out_shape = _out(node).dtype, list(_out(node).shape)
    if _rank(node, 1) == 1:
        y = w.emit("MatMul", [x, weight], dtype)[0]
        return w.emit("Add", [y, *bias], dtype) if bias else [y]
    if _rank(node) == 2:
        return w.emit("Gemm", [x, weight, *bias], dtype, transA=0, transB=1)
    features = _shape(node.inputs[0])[-1]
    flat = w.emit("Reshape", [x, w.int64s([-1, features])], dtype)[0]
    y = w.emit("Gemm", [flat, weight, *bias], dtype, transA=0, transB=1)[0]
    return w.emit("Reshape", [y, w.int64s(out_shape)], dtype)


def _swap_last(w, name: str, rank: int, dtype) -> str:
    perm = [*range(rank - 2), rank - 1, rank - 2]
    return w.emit("Transpose", [name], dtype, perm=perm)[0]


def _matmul(w, node, where: str) -> list:
    attrs, dtype = node.prim.attrs, _out(node).dtype
    a, b = w.atom(node.inputs[0], where), w.atom(node.inputs[1], where)
    if attrs.get("transpose_a"):
        a = _swap_last(w, a, _rank(node, 0), w.dtype_of(a))
    if attrs.get("transpose_b"):
        b = _swap_last(w, b, _rank(node, 1), w.dtype_of(b))
    return w.emit("MatMul", [a, b], dtype)


def _batch_norm(w, node, where: str) -> list:
    """Inference-mode BatchNorm (training mode is an effect node, refused by the walk)."""
    _nchw(node, where)
    names = [w.atom(a, where) for a in node.inputs[:5]]
    y = w.emit("BatchNormalization", names, _out(node).dtype, epsilon=float(node.prim.attrs["epsilon"]))
    return y + [None] * (len(node.outputs) - 1)


def _layer_norm(w, node, where: str) -> list:
    """LayerNorm spelled out in primitive ops (opset 11 has none): (y, mean, variance)."""
    attrs, rank = node.prim.attrs, _rank(node)
    x = w.atom(node.inputs[0], where)
    dtype = _out(node).dtype
    axes = list(range(_axis(attrs["begin_norm_axis"], rank), rank))
    mean = w.emit("ReduceMean", [x], dtype, axes=axes, keepdims=1)[0]
    centered = w.emit("Sub", [x, mean], dtype)[0]
    square = w.emit("Mul", [centered, centered], dtype)[0]
    variance = w.emit("ReduceMean", [square], dtype, axes=axes, keepdims=1)[0]
    epsilon = w.initializer(np.asarray(attrs["epsilon"], mstype.dtype_to_nptype(dtype)), dtype)
    std = w.emit("Sqrt", w.emit("Add", [variance, epsilon], dtype), dtype)[0]
    y = w.emit("Div", [centered, std], dtype)[0]
    for index, op in ((1, "Mul"), (2, "Add")):
        if len(node.inputs) > index and node.inputs[index] is not None:
            y = w.emit(op, [y, w.atom(node.inputs[index], where)], dtype)[0]
    return [y, mean, variance]


def _softmax(onnx_op: str):
    """Opset 11's Softmax normalizes over all axes from `axis` on, so another axis than the
    last is moved last and back."""
    def convert_softmax(w, node, where: str) -> list:
        axis, rank, dtype = node.prim.attrs["axis"], _rank(node), _out(node).dtype
        if isinstance(axis, (tuple, list)):
            if len(axis) != 1:
                raise RuntimeError(f"For 'export', {where}: a {node.prim.name} over several axes can not be written "
                                   f"to ONNX.")
            axis = axis[0]
        axis = _axis(axis, rank)
        x = w.atom(node.inputs[0], where)
        if axis == rank - 1:
            return w.emit(onnx_op, [x], dtype, axis=axis)
        perm = list(range(rank))
        perm[axis], perm[-1] = perm[-1], perm[axis]
        moved = w.emit("Transpose", [x], dtype, perm=perm)[0]
        y = w.emit(onnx_op, [moved], dtype, axis=rank - 1)[0]
        return w.emit("Transpose", [y], dtype, perm=perm)
    return convert_softmax


# ---- shapes and indexing --------------------------------------------------------------------
def _reshape(w, node, where: str) -> list:
    x = w.atom(node.inputs[0], where)
    return w.emit("Reshape", [x, w.int64s(_out(node).shape)], _out(node).dtype)


def _transpose(w, node, where: str) -> list:
    x = w.atom(node.inputs[0], where)
    perm = [_axis(p, _rank(node)) for p in node.inputs[1]]
    return w.emit("Transpose", [x], _out(node).dtype, perm=perm)


def _flatten(w, node, where: str) -> list:
    return w.emit("Flatten", [w.atom(node.inputs[0], where)], _out(node).dtype)   # axis 1, the default


def _expand_dims(w, node, where: str) -> list:
    axis = _axis(node.inputs[1], _rank(node) + 1)
    return w.emit("Unsqueeze", [w.atom(node.inputs[0], where)], _out(node).dtype, axes=[axis])


def _squeeze(w, node, where: str) -> list:
    """MindSpore's Squeeze leaves an axis of another size than 1 as it is; ONNX's refuses it."""
    shape, axis = _shape(node.inputs[0]), node.prim.attrs.get("axis", ())
    axes = [_axis(a, len(shape)) for a in ((axis,) if isinstance(axis, int) else axis)] or range(len(shape))
    axes = [a for a in axes if shape[a] == 1]
    x = w.atom(node.inputs[0], where)
    if not axes:
        return w.emit("Identity", [x], _out(node).dtype)
    return w.emit("Squeeze", [x], _out(node).dtype, axes=axes)


def _concat(w, node, where: str) -> list:
    items = node.inputs[0]
    rank = len(_out(node).shape)
    dtype = _out(node).dtype
    names = [w.cast(w.atom(item, where), dtype, where) for item in items]
    return w.emit("Concat", names, dtype, axis=_axis(node.prim.attrs["axis"], rank))


def _stack(w, node, where: str) -> list:
    rank, dtype = len(_out(node).shape), _out(node).dtype
    axis = _axis(node.prim.attrs["axis"], rank)
    names = [w.emit("Unsqueeze", [w.atom(item, where)], dtype, axes=[axis])[0] for item in node.inputs[0]]
    return w.emit("Concat", names, dtype, axis=axis)


def _split(w, node, where: str) -> list:
    attrs = node.prim.attrs
    axis = attrs["axis"] if "axis" in attrs else attrs["split_dim"]
    axis = _axis(axis, _rank(node))
    sizes = [o.spec.shape[axis] for o in node.outputs]
    return w.emit("Split", [w.atom(node.inputs[0], where)], _out(node).dtype, outputs=len(sizes), axis=axis,
                  split=sizes)


def _tile(w, node, where: str) -> list:
    x = w.atom(node.inputs[0], where)
    multiples = list(node.inputs[1])
    rank = len(_out(node).shape)
    if _rank(node) < rank:   # MindSpore's Tile prepends axes of size 1 to the input
        x = w.emit("Unsqueeze", [x], _out(node).dtype, axes=list(range(rank - _rank(node))))[0]
    return w.emit("Tile", [x, w.int64s(multiples)], _out(node).dtype)


def _cast(w, node, where: str) -> list:
    return [w.cast(w.atom(node.inputs[0], where), _out(node).dtype, where)]


def _gather(w, node, where: str) -> list:
    x, indices = w.atom(node.inputs[0], where), w.atom(node.inputs[1], where)
    axis = _axis(node.inputs[2] if len(node.inputs) > 2 else 0, _rank(node))
    return w.emit("Gather", [x, indices], _out(node).dtype, axis=axis)


def _argmax(onnx_op: str):
    def convert_arg(w, node, where: str) -> list:
        x = w.atom(node.inputs[0], where)
        index = w.emit(onnx_op, [x], mstype.int64, axis=_axis(node.prim.attrs["axis"], _rank(node)), keepdims=0)[0]
        return [w.cast(index, _out(node).dtype, where)]
    return convert_arg


def _cumsum(w, node, where: str) -> list:
    attrs = node.prim.attrs
    axis = w.int64s([_axis(node.inputs[1], _rank(node))])
    return w.emit("CumSum", [w.atom(node.inputs[0], where), axis], _out(node).dtype,
                  exclusive=int(bool(attrs.get("exclusive"))), reverse=int(bool(attrs.get("reverse"))))


def _where(w, node, where: str) -> list:
    """Select(cond, x, y) and MaskedFill(x, mask, value) as ONNX's Where(cond, x, y)."""
    dtype = _out(node).dtype
    if node.prim.name == "MaskedFill":
        x, mask, value = node.inputs
        cond, picked, other = mask, value, x
    else:
        cond, picked, other = node.inputs
    picked, other = (w.cast(w.atom(a, where), dtype, where) for a in scalars_as_tensors((picked, other)))
    return w.emit("Where", [w.atom(cond, where), picked, other], dtype)


def _get_item(w, node, where: str) -> list:
    """x[index] for indices of ints, slices, ... and None (no Tensor indices): one Slice,
    then a Reshape that drops the int-indexed axes and adds the None ones."""
    spec, shape = node.prim.attrs["index_spec"], _shape(node.inputs[0])
    if len(node.inputs) > 1 or any(isinstance(e, tuple) and e[0] != "slice" for e in spec):
        raise RuntimeError(f"For 'export', {where}: indexing with Tensors or booleans can not be written to ONNX.")
    axes_used = sum(e is not None and e is not Ellipsis for e in spec)
    if Ellipsis in spec:
        at = spec.index(Ellipsis)
        spec = spec[:at] + (("slice", None, None, None),) * (len(shape) - axes_used) + spec[at + 1:]
    starts, ends, axes, steps = [], [], [], []
    axis = 0
    for entry in spec:
        if entry is None:
            continue
        dim = shape[axis]
        if isinstance(entry, int):
            start = entry + dim if entry < 0 else entry
            bounds = (start, start + 1, 1)
        else:
            bounds = slice(*entry[1:]).indices(dim)
            if bounds[2] < 0 and bounds[1] < 0:   # down to the first element: past it, for ONNX
                bounds = (bounds[0], -dim - 1, bounds[2])
        if bounds != (0, dim, 1):
            for values, value in zip((starts, ends, steps), bounds):
                values.append(value)
            axes.append(axis)
        axis += 1
    x, dtype = w.atom(node.inputs[0], where), _out(node).dtype
    if axes:
        x = w.emit("Slice", [x, w.int64s(starts), w.int64s(ends), w.int64s(axes), w.int64s(steps)], dtype)[0]
    return w.emit("Reshape", [x, w.int64s(_out(node).shape)], dtype)


def _pad(w, node, where: str) -> list:
    """PadV3's (before, after) pairs from the last axis backwards as ONNX's all-befores-
    then-all-afters from the first axis."""
    mode, rank, dtype = node.prim.attrs["mode"], _rank(node), _out(node).dtype
    if mode not in ("constant", "reflect", "edge"):
        raise RuntimeError(f"For 'export', {where}: padding in mode {mode!r} can not be written to ONNX.")
    paddings = list(node.inputs[1])
    if not node.prim.attrs["paddings_contiguous"]:
        half = len(paddings) // 2
        paddings = [v for pair in zip(paddings[:half], paddings[half:]) for v in pair]
    before, after = [0] * rank, [0] * rank
    for i in range(len(paddings) // 2):
        before[rank - 1 - i], after[rank - 1 - i] = paddings[2 * i], paddings[2 * i + 1]
    inputs = [w.atom(node.inputs[0], where), w.int64s(before + after)]
    value = node.inputs[2] if len(node.inputs) > 2 else None
    if mode == "constant" and value is not None:
        inputs.append(w.initializer(np.asarray(value, mstype.dtype_to_nptype(dtype)), dtype))
    return w.emit("Pad", inputs, dtype, mode=mode)


def _adaptive_avg_pool(w, node, where: str) -> list:
    """To one value per channel: GlobalAveragePool; to sizes dividing the input's: an
    AveragePool with the quotient as window and stride."""
    x, dtype = w.atom(node.inputs[0], where), _out(node).dtype
    size_in, size_out = _shape(node.inputs[0])[-2:], _out(node).shape[-2:]
    if tuple(size_out) == (1, 1):
        return w.emit("GlobalAveragePool", [x], dtype)
    if any(i % o for i, o in zip(size_in, size_out)):
        raise RuntimeError(f"For 'export', {where}: adaptive pooling from {tuple(size_in)} to {tuple(size_out)} "
                           f"(sizes that do not divide) can not be written to ONNX.")
    window = [i // o for i, o in zip(size_in, size_out)]
    return w.emit("AveragePool", [x], dtype, kernel_shape=window, strides=window)


def _gelu(w, node, where: str) -> list:
    """The tanh form 0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3))), as MindSpore's GeLU computes."""
    x, dtype = w.atom(node.inputs[0], where), _out(node).dtype

    def const(value):
        return w.initializer(np.asarray(value, mstype.dtype_to_nptype(dtype)), dtype)

    cube = w.emit("Mul", [x, w.emit("Mul", [x, x], dtype)[0]], dtype)[0]
    inner = w.emit("Add", [x, w.emit("Mul", [cube, const(0.044715)], dtype)[0]], dtype)[0]
    tanh = w.emit("Tanh", w.emit("Mul", [inner, const(np.sqrt(2 / np.pi))], dtype), dtype)[0]
    half_x = w.emit("Mul", [x, const(0.5)], dtype)[0]
    return w.emit("Mul", [half_x, w.emit("Add", [tanh, const(1.0)], dtype)[0]], dtype)


def _fast_gelu(w, node, where: str) -> list:
    """x * sigmoid(1.702 x)."""
    x, dtype = w.atom(node.inputs[0], where), _out(node).dtype
    scale = w.initializer(np.asarray(1.702, mstype.dtype_to_nptype(dtype)), dtype)
    return w.emit("Mul", [x, w.emit("Sigmoid", w.emit("Mul", [x, scale], dtype), dtype)[0]], dtype)


def _activation(onnx_op: str, **fixed):
    def convert_activation(w, node, where: str) -> list:
        attrs = {k: float(node.prim.attrs[k]) for k in ("alpha",) if k in node.prim.attrs}
        return w.emit(onnx_op, [w.atom(node.inputs[0], where)], _out(node).dtype, **attrs, **fixed)
    return convert_activation


def _silu(w, node, where: str) -> list:
    x, dtype = w.atom(node.inputs[0], where), _out(node).dtype
    return w.emit("Mul", [x, w.emit("Sigmoid", [x], dtype)[0]], dtype)


def _hswish(w, node, where: str) -> list:
    """x * hsigmoid(x) (opset 11 has HardSigmoid, not HardSwish)."""
    x, dtype = w.atom(node.inputs[0], where), _out(node).dtype
    return w.emit("Mul", [x, w.emit("HardSigmoid", [x], dtype, alpha=1 / 6, beta=0.5)[0]], dtype)


def _square(w, node, where: str) -> list:
    x = w.atom(node.inputs[0], where)
    return w.emit("Mul", [x, x], _out(node).dtype)


def _rsqrt(w, node, where: str) -> list:
    dtype = _out(node).dtype
    return w.emit("Reciprocal", w.emit("Sqrt", [w.atom(node.inputs[0], where)], dtype), dtype)


def _relu6(w, node, where: str) -> list:
    dtype = _out(node).dtype
    bounds = [w.initializer(np.asarray(v, mstype.dtype_to_nptype(dtype)), dtype) for v in (0, 6)]
    return w.emit("Clip", [w.atom(node.inputs[0], where), *bounds], dtype)


_CONVERTERS = {
    "Conv2D": _conv2d, "MaxPool": _pool("MaxPool"), "AvgPool": _pool("AveragePool"), "BiasAdd": _bias_add,
    "Dense": _dense, "MatMul": _matmul, "BatchMatMul": _matmul, "MatMulExt": _matmul, "BatchNorm": _batch_norm,
    "LayerNorm": _layer_norm, "Softmax": _softmax("Softmax"), "LogSoftmax": _softmax("LogSoftmax"),
    "Reshape": _reshape, "Transpose": _transpose, "Flatten": _flatten, "ExpandDims": _expand_dims,
    "Squeeze": _squeeze, "Concat": _concat, "Stack": _stack, "Split": _split, "SplitV": _split, "Tile": _tile,
    "Cast": _cast, "Gather": _gather, "Argmax": _argmax("ArgMax"), "Argmin": _argmax("ArgMin"),
    "LeakyReLU": _activation("LeakyRelu"), "Elu": _activation("Elu"),
    "HSigmoid": _activation("HardSigmoid", alpha=1 / 6, beta=0.5), "SiLU": _silu, "Square": _square,
    "Rsqrt": _rsqrt, "ReLU6": _relu6, "CumSum": _cumsum, "Select": _where, "MaskedFill": _where,
    "TensorGetItem": _get_item, "PadV3": _pad, "AdaptiveAvgPool2D": _adaptive_avg_pool, "GeLU": _gelu,
    "FastGeLU": _fast_gelu, "Conv2DTranspose": _conv2d_transpose, "PReLU": _prelu,
    "HSwish": _hswish,
}
