"""`mindspore.ops.op_info_register`: the registration information of kernels (which
dtypes and formats an operator's inputs and outputs take, its attributes, its target),
built with `CustomRegOp` / `TBERegOp` / `AiCPURegOp` and bound with `op_info_register`
or `custom_info_register`.

spore's kernels are its own, so this information selects nothing here: it is built,
checked and kept (`OP_INFO`, and a function's `reg_info`) as MindSpore builds it, so
code that registers kernels for Ascend runs unchanged on the CPU.
"""
from __future__ import annotations

import functools
import json

__all__ = ["AiCPURegOp", "CustomRegOp", "DataType", "TBERegOp", "custom_info_register", "op_info_register"]

OP_INFO: dict[str, dict] = {}
"""The registration information `op_info_register` received, by operator name."""


def _str(value):
    if not isinstance(value, str):
        raise TypeError(f"{value} value must be str")
    return value


def _int(value):
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{value} value must be int")
    return value


def _bool(value):
    if not isinstance(value, bool):
        raise TypeError(f"{value} value must be bool")
    return value


def _list(value):
    if not isinstance(value, list):
        raise TypeError(f"{value} value must be list")
    return value


def _entry(fields, kwargs: dict) -> dict:
    """{key: checked value} of the (value, check, key) fields given (not None), then kwargs."""
    entry = {key: check(value) for value, check, key in fields if value is not None}
    entry.update(kwargs)
    return entry


def _io_entry(index, name, param_type, kwargs: dict) -> dict:
    """An input's or output's entry: its index, name and kind ('required', 'dynamic', 'optional')."""
    return _entry(((index, _int, "index"), (name, _str, "name"), (param_type, _str, "paramType")), kwargs)


class RegOp:
    """The registration information of one operator: inputs, outputs, attributes, fusion
    type and the supported (dtype, format) combinations; `get_op_info()` gives it as a dict."""

    def __init__(self, op_name=""):
        if not isinstance(op_name, str):
            raise ValueError("op name value must be string")
        self.op_name = op_name
        self.inputs: list[dict] = []
        self.outputs: list[dict] = []
        self.attr_: list[dict] = []
        self.fusion_type_ = ""
        self.dtype_format_: list[tuple] = []

    def fusion_type(self, fusion_type):
        self.fusion_type_ = _str(fusion_type)
        return self

    def dtype_format(self, *args):
        """One supported combination: a `DataType` entry (dtype, format) per input, then per output."""
        expected = len(self.inputs) + len(self.outputs)
        if len(args) != expected:
            raise ValueError(f"The size of 'args' must be equal to the sum of input tensors and output tensors, but "
                             f"got {len(args)} vs {expected}")
        for arg in args:
            if not isinstance(arg, tuple) or not 2 <= len(arg) <= 3 or not all(isinstance(a, str) for a in arg):
                raise ValueError(f"Each item of 'args' must be a DataType entry (a tuple of 2 or 3 str), but got "
                                 f"{arg!r}")
        self.dtype_format_.append(tuple(args))
        return self

    def _info_fields(self) -> dict:
        """The class's own fields of `get_op_info`, after the common ones."""
        return {}

    def get_op_info(self) -> dict:
        info = {"op_name": self.op_name, "inputs": self.inputs, "outputs": self.outputs, "attr": self.attr_,
                "fusion_type": self.fusion_type_, "dtype_format": self.dtype_format_}
        info.update(self._info_fields())
        return info


class CpuRegOp(RegOp):
    """Registration information of a CPU (AiCPU-style) kernel."""

    def input(self, index=None, name=None, param_type=None, **kwargs):
        self.inputs.append(_io_entry(index, name, param_type, kwargs))
        return self

    def output(self, index=None, name=None, param_type=None, **kwargs):
        self.outputs.append(_io_entry(index, name, param_type, kwargs))
        return self

    def attr(self, name=None, value_type=None, value=None, **kwargs):
        self.attr_.append(_entry(((name, _str, "name"), (value_type, _str, "type"), (value, _str, "value")), kwargs))
        return self


class AiCPURegOp(CpuRegOp):
    """AiCPURegOp(op_name): registration information of an AiCPU kernel (Ascend)."""

    def _info_fields(self) -> dict:
        return {"imply_type": "AiCPU"}


class CustomRegOp(RegOp):
    """CustomRegOp(op_name='Custom'): registration information of a `Custom` operator's
    function; `target` names the device ('CPU', 'GPU', 'Ascend')."""

    def __init__(self, op_name="Custom"):
        super().__init__(op_name)
        self.target_ = "UnKnown"

    def input(self, index=None, name=None, param_type="required", **kwargs):
        self.inputs.append(_io_entry(index, name, param_type, kwargs))
        return self

    def output(self, index=None, name=None, param_type="required", **kwargs):
        self.outputs.append(_io_entry(index, name, param_type, kwargs))
        return self

    def attr(self, name=None, param_type=None, value_type=None, default_value=None, **kwargs):
        self.attr_.append(_entry(((name, _str, "name"), (param_type, _str, "paramType"), (value_type, _str, "type"),
                                  (default_value, _str, "defaultValue")), kwargs))
        return self

    def target(self, target=None):
        if target is not None:
            self.target_ = _str(target)
        return self

    def _info_fields(self) -> dict:
        return {"target": self.target_}


_TBE_FLAGS = {
    # method name: (field of get_op_info, check, default)
    "async_flag": ("async_flag", _bool, False), "binfile_name": ("binfile", _str, ""),
    "compute_cost": ("compute_cost", _int, 10), "kernel_name": ("kernel", _str, ""),
    "partial_flag": ("partial_flag", _bool, False), "reshape_type": ("reshape_type", _str, ""),
    "dynamic_rank_support": ("dynamicRankSupport", _bool, False),
    "dynamic_shape": ("dynamicShapeSupport", _bool, False),
    "dynamic_compile_static": ("dynamicCompileStatic", _bool, False),
    "need_check_supported": ("needCheckSupport", _bool, False), "is_dynamic_format": ("dynamicFormat", _bool, False),
    "op_pattern": ("op_pattern", _str, ""), "real_input_index": ("real_input_index", _list, None),
    "input_to_attr_index": ("input_to_attr_index", _list, None),
}


class TBERegOp(RegOp):
    """TBERegOp(op_name): registration information of a TBE kernel (Ascend), with its
    compilation flags (`async_flag`, `binfile_name`, `kernel_name`, `op_pattern`, ...)."""

    def __init__(self, op_name):
        super().__init__(op_name)
        self._flags = {field: ([] if default is None else default) for field, _, default in _TBE_FLAGS.values()}
        self._unknown_shape_formats: list = []

    def __getattr__(self, name):
        if name not in _TBE_FLAGS:
            raise AttributeError(f"'TBERegOp' object has no attribute '{name}'")
        field, check, _ = _TBE_FLAGS[name]

        def set_flag(value):
            self._flags[field] = check(value)
            return self
        return set_flag

    def unknown_shape_formats(self, formats):
        self._unknown_shape_formats.append(_list(formats))
        return self

    def input(self, index=None, name=None, need_compile=None, param_type=None, shape=None, value_depend=None,
              **kwargs):
        self.inputs.append(_entry(((index, _int, "index"), (name, _str, "name"), (need_compile, _bool, "need_compile"),
                                   (param_type, _str, "paramType"), (shape, _str, "shape"),
                                   (value_depend, _str, "value_depend")), kwargs))
        return self

    def output(self, index=None, name=None, need_compile=None, param_type=None, shape=None, **kwargs):
        self.outputs.append(_entry(((index, _int, "index"), (name, _str, "name"),
                                    (need_compile, _bool, "need_compile"), (param_type, _str, "paramType"),
                                    (shape, _str, "shape")), kwargs))
        return self

    def attr(self, name=None, param_type=None, value_type=None, value=None, default_value=None, **kwargs):
        self.attr_.append(_entry(((name, _str, "name"), (param_type, _str, "paramType"), (value_type, _str, "type"),
                                  (value, _str, "value"), (default_value, _str, "defaultValue")), kwargs))
        return self

    def _info_fields(self) -> dict:
        return {"imply_type": "TBE", **self._flags, "unknown_shape_formats": self._unknown_shape_formats}


_DTYPES = {"BOOL": "bool", "I8": "int8", "I16": "int16", "I32": "int32", "I64": "int64", "U8": "uint8",
           "U16": "uint16", "U32": "uint32", "U64": "uint64", "F16": "float16", "F32": "float32", "F64": "float64",
           "BF16": "bfloat16", "C64": "complex64", "C128": "complex128"}
_FORMATS = {"None": ("",), "Default": ("DefaultFormat",), "Default_List": ("DefaultFormat", "list"),
            "Default_Tuple": ("DefaultFormat", "tuple"), "5HD": ("NC1HWC0",), "FracZ": ("FRACTAL_Z",),
            "FracNZ": ("FRACTAL_NZ",), "C1HWNCoC0": ("C1HWNCoC0",), "NCHW": ("NCHW",), "NHWC": ("NHWC",),
            "HWCN": ("HWCN",), "NDHWC": ("NDHWC",), "ChannelLast": ("ChannelLast",), "NCDHW": ("NCDHW",),
            "NDC1HWC0": ("NDC1HWC0",), "NC1HWC0": ("NC1HWC0",), "FRACTAL_Z_3D": ("FRACTAL_Z_3D",),
            "FracZNLSTM": ("FRACTAL_ZN_LSTM",), "FracZNRNN": ("FRACTAL_ZN_RNN",), "ND_RNNBIAS": ("ND_RNN_BIAS",),
            "DHWCN": ("DHWCN",)}
_COMMON = ("None", "Default", "Default_List", "Default_Tuple", "5HD", "FracZ", "FracNZ", "C1HWNCoC0", "NCHW",
           "NHWC", "HWCN", "NDHWC", "ChannelLast")
_FLOAT_EXTRA = ("NCDHW", "NDC1HWC0", "FRACTAL_Z_3D", "FracZNLSTM", "FracZNRNN", "ND_RNNBIAS", "DHWCN")
_FORMATS_OF = {
    **dict.fromkeys(("BOOL", "I16", "I64", "U16", "U32", "U64", "F64"), _COMMON),
    "I32": _COMMON + ("NCDHW", "NDC1HWC0"), "I8": _COMMON + ("NCDHW", "NDC1HWC0", "NC1HWC0"),
    "U8": _COMMON + ("NCDHW", "NDC1HWC0", "NC1HWC0"),
    **dict.fromkeys(("F16", "F32", "BF16"), _COMMON + _FLOAT_EXTRA),
    "C64": ("Default", "Default_Tuple"), "C128": ("Default", "Default_Tuple"),
}


class DataType:
    """The (dtype, format) entries of `dtype_format`: `DataType.F32_Default` is
    ('float32', 'DefaultFormat'), `DataType.F16_None` is ('float16', ''), ..."""

    None_None = ("", "")
    None_Default = ("", "DefaultFormat")


for _prefix, _suffixes in _FORMATS_OF.items():
    for _suffix in _suffixes:
        setattr(DataType, f"{_prefix}_{_suffix}", (_DTYPES[_prefix],) + _FORMATS[_suffix])


def _as_info(op_info) -> dict:
    if isinstance(op_info, dict):
        return op_info
    if isinstance(op_info, str):
        return json.loads(op_info)
    raise TypeError(f"The type of 'op_info' should be 'str', but got type '{type(op_info).__name__}'.")


def op_info_register(op_info):
    """Decorator: registers `op_info` (a dict from `get_op_info()`, or its JSON) under its
    op_name; the decorated function is returned, wrapped."""
    info = _as_info(op_info)

    def register(fn):
        OP_INFO[info.get("op_name", "")] = info

        @functools.wraps(fn)
        def wrapped(*args, **kwargs):
            return fn(*args, **kwargs)
        return wrapped
    return register


def custom_info_register(*reg_info):
    """Decorator: binds the registration information `reg_info` (one per target) to a
    `Custom` operator's function, as its `reg_info` attribute."""
    def bind(fn):
        @functools.wraps(fn)
        def wrapped(*args, **kwargs):
            return fn(*args, **kwargs)
        wrapped.reg_info = reg_info
        return wrapped
    return bind
