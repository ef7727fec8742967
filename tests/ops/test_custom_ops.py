"""User-defined operators: Custom ('pyfunc', Hybrid DSL, 'aot' through a C library built
here), PyFunc, the `kernel` decorator, and the registration helpers (CustomRegOp,
TBERegOp, AiCPURegOp, DataType, op_info_register, custom_info_register), the vm_impl
registry, ops.signature and prim_arg_register."""
import shutil
import subprocess

import numpy as np
import pytest

import spore as ms
from spore import Tensor, ops
from spore.common import dtype as mstype

from .op_testing import ErrorCase, OpCase, case_id, ramp, run_case, run_error_case


def _add(a, b):
    return a + b


def _split(a):
    return a * 2, np.sum(a, axis=0)


def _same(shape, *_):
    return shape


@ops.kernel
def _outer(a, b):
    c = output_tensor(a.shape, a.dtype)  # noqa: F821 - a Hybrid DSL name
    with block_realize(c):  # noqa: F821
        for i0 in range(a.shape[0]):
            for i1 in range(b.shape[1]):
                c[i0, i1] = 0.0
                for i2 in range(a.shape[1]):
                    c[i0, i1] = c[i0, i1] + rsqrt(a[i0, i2]) * b[i2, i1]  # noqa: F821
    return c


X, Y = ramp(3, 4), ramp(3, 4, low=-0.5, high=2.0)
P, Q = ramp(3, 3, low=0.5, high=2.0), ramp(3, 3)

CASES = [
    OpCase(ops.Custom(_add, _same, _same, "pyfunc"), (X, Y), np.add),
    OpCase(ops.Custom(_add, (3, 4), mstype.float32), (X, Y), np.add),
    OpCase(ops.Custom(_split, ((3, 4), (4,)), (mstype.float32, mstype.float32)), (X,),
           lambda a: (a * 2, a.sum(axis=0))),
    OpCase(ops.Custom(_split), (X,), lambda a: (a * 2, a.sum(axis=0))),
    OpCase(ops.Custom(_outer, func_type="hybrid"), (P, Q), lambda a, b: (1 / np.sqrt(a)) @ b, rtol=1e-5),
    OpCase(ops.PyFunc(_add, [mstype.float32] * 2, [(3, 4)] * 2, [mstype.float64], [(3, 4)]), ((X, Y),),
           lambda xs: (np.add(*xs).astype(np.float64),)),
]

ERROR_CASES = [
    ErrorCase(lambda: ops.Custom(_add, func_type="julia"), (), ValueError, "'func_type' must be one of",
              prim="Custom"),
    ErrorCase(lambda: ops.Custom(3), (), TypeError, "'func' must be of type function or str", prim="Custom"),
    ErrorCase(lambda: ops.Custom(_add, (1,), mstype.float32, "aot"), (), TypeError, "must be of type str",
              prim="Custom"),
    ErrorCase(lambda: ops.Custom("lib.so", (1,), mstype.float32, "aot"), (), TypeError, "file_name:func_name",
              prim="Custom"),
    ErrorCase(ops.Custom("/nonexistent/lib.so:f", (3, 4), mstype.float32, "aot"), (X,), RuntimeError,
              "couldn't find the AOT binary file"),
    ErrorCase(ops.Custom("abs_tbe", (3, 4), mstype.float32, "tbe"), (X,), RuntimeError, "runs on Ascend only"),
    ErrorCase(lambda: ops.PyFunc(_add, [mstype.float32], [(1,)], [mstype.float32], []), (), ValueError,
              "same length", prim="PyFunc"),
    ErrorCase(lambda: ops.PyFunc(3, [], [], [], []), (), TypeError, "'fn' must be a function", prim="PyFunc"),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)


def test_custom_and_pyfunc_in_a_graph():
    custom = ops.Custom(_add, _same, _same)
    py_func = ops.PyFunc(_add, [mstype.float32] * 2, [(3, 4)] * 2, [mstype.float32], [(3, 4)])

    @ms.jit
    def f(a, b):
        return custom(a, b) * 2 + py_func((a, b))[0]

    np.testing.assert_allclose(f(Tensor(X), Tensor(Y)).asnumpy(), (X + Y) * 3, rtol=1e-6)


_AOT_SOURCE = r"""
#include <stdint.h>
#include <string.h>
int Scale(int nparam, void **params, int *ndims, int64_t **shapes, const char **dtypes, void *stream, void *extra) {
  if (nparam != 2 || strcmp(dtypes[0], "float32") != 0) return 1;
  float *x = (float *)params[0], *y = (float *)params[1];
  int64_t n = 1;
  for (int i = 0; i < ndims[0]; i++) n *= shapes[0][i];
  for (int64_t i = 0; i < n; i++) y[i] = 3.0f * x[i];
  return 0;
}
"""


@pytest.mark.skipif(shutil.which("cc") is None, reason="no C compiler")
def test_aot_calls_a_compiled_c_function(tmp_path):
    source, library = tmp_path / "scale.c", tmp_path / "scale.so"
    source.write_text(_AOT_SOURCE)
    subprocess.run(["cc", "-shared", "-fPIC", "-o", str(library), str(source)], check=True)
    scale = ops.Custom(f"{library}:Scale", _same, lambda dtype: dtype, "aot")
    np.testing.assert_allclose(scale(Tensor(X)).asnumpy(), X * 3, rtol=1e-6)
    np.testing.assert_allclose(ms.jit(lambda a: scale(a) + 1)(Tensor(X)).asnumpy(), X * 3 + 1, rtol=1e-6)
    with pytest.raises(RuntimeError, match="returned 1"):
        scale(Tensor(X.astype(np.float64)))


def test_kernel_runs_the_hybrid_function_as_written():
    np.testing.assert_allclose(_outer(P, Q), (1 / np.sqrt(P)) @ Q, rtol=1e-5)
    info = ops.CustomRegOp().input(0, "a").input(0, "b").output(0, "y").dtype_format(
        ops.DataType.F32_None, ops.DataType.F32_None, ops.DataType.F32_None).target("CPU").get_op_info()
    decorated = ops.kernel(reg_info=info, compile_attrs={"flag": True})(_outer.__wrapped__)
    assert decorated.reg_info is info and decorated.compile_attrs == {"flag": True}
    assert ops.ms_kernel is ops.kernel


def test_registration_information():
    info = (ops.CustomRegOp().input(0, "x", "dynamic").output(0, "y")
            .attr("scale", "required", "float", value=1.0)
            .dtype_format(ops.DataType.F16_Default, ops.DataType.F16_Default).target("CPU").get_op_info())
    assert info == {"op_name": "Custom", "inputs": [{"index": 0, "name": "x", "paramType": "dynamic"}],
                    "outputs": [{"index": 0, "name": "y", "paramType": "required"}],
                    "attr": [{"name": "scale", "paramType": "required", "type": "float", "value": 1.0}],
                    "fusion_type": "", "dtype_format": [(("float16", "DefaultFormat"), ("float16", "DefaultFormat"))],
                    "target": "CPU"}
    tbe = (ops.TBERegOp("Abs").fusion_type("ELEMWISE").async_flag(False).binfile_name("abs.so").kernel_name("abs")
           .input(0, "x", None, "required", None).output(0, "y", True, "required", "all")
           .unknown_shape_formats(["ND", "ND"]).dtype_format(ops.DataType.F32_None, ops.DataType.F32_None)
           .get_op_info())
    assert (tbe["imply_type"], tbe["binfile"], tbe["kernel"], tbe["compute_cost"]) == ("TBE", "abs.so", "abs", 10)
    assert tbe["outputs"] == [{"index": 0, "name": "y", "need_compile": True, "paramType": "required",
                               "shape": "all"}]
    assert tbe["unknown_shape_formats"] == [["ND", "ND"]]
    aicpu = ops.AiCPURegOp("Stack").attr("axis", "int").input(0, "x", "dynamic").output(0, "y", "required")
    assert aicpu.get_op_info()["attr"] == [{"name": "axis", "type": "int"}]
    assert ops.DataType.I8_NC1HWC0 == ("int8", "NC1HWC0") and ops.DataType.F32_Default_Tuple == (
        "float32", "DefaultFormat", "tuple")
    with pytest.raises(ValueError, match="sum of input tensors and output tensors"):
        ops.CustomRegOp().input(0, "x").dtype_format(ops.DataType.F32_None, ops.DataType.F32_None)
    with pytest.raises(TypeError, match="value must be int"):
        ops.CustomRegOp().input("a")
    with pytest.raises(TypeError, match="value must be bool"):
        ops.TBERegOp("A").async_flag(1)
    with pytest.raises(ValueError, match="op name value must be string"):
        ops.TBERegOp(3)


def test_info_registration_decorators():
    from spore.ops.op_info_register import OP_INFO
    info = ops.CustomRegOp("MyAbs").target("CPU").get_op_info()

    @ops.op_info_register(info)
    def my_abs():
        return 5

    @ops.custom_info_register(info)
    def func(x):
        return x

    assert my_abs() == 5 and OP_INFO["MyAbs"] is info
    assert func.reg_info == (info,) and func(3) == 3
    assert ops.Custom(func).reg_info == (info,)
    with pytest.raises(TypeError, match="'op_info' should be 'str'"):
        ops.op_info_register(3)


def test_vm_impl_registry():
    @ops.vm_impl_registry.register("TypeOf")
    def vm_impl_type(prim):
        return lambda x: (prim, type(x))

    assert ops.get_vm_impl_fn("TypeOf")(1.0) == ("TypeOf", float)
    add = ops.Add()
    ops.vm_impl_registry.register(add)(lambda prim: prim)
    assert ops.get_vm_impl_fn(add) is add
    assert ops.get_vm_impl_fn("NotRegistered") is None


def test_signature_and_prim_arg_register():
    from spore.ops import signature as sig
    made = sig.make_sig("x", sig.sig_rw.RW_WRITE, dtype=sig.sig_dtype.T)
    assert (made.name, made.rw, made.kind, made.dtype) == ("x", sig.sig_rw.RW_WRITE,
                                                          sig.sig_kind.KIND_POSITIONAL_KEYWORD, sig.sig_dtype.T)

    class MatMul(ops.PrimitiveWithCheck):
        @ops.prim_arg_register
        def __init__(self, transpose_a=False, transpose_b=False):
            self.init_prim_io_names(inputs=["x1", "x2"], outputs=["output"])

    assert repr(MatMul(True)) == "Prim[MatMul]<transpose_a=True, transpose_b=False>"
    assert ms.constexpr is ops.constexpr
