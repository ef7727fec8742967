"""How large Tensors print: `str` and `repr` show the first and last three entries of
each long axis, as MindSpore 2.7.1 does (expected texts printed by MindSpore 2.7.1)."""
import numpy as np

from spore import Tensor


def test_repr_of_a_large_matrix_marks_skipped_rows_with_a_bare_ellipsis():
    text = repr(Tensor(np.arange(2000).reshape(40, 50)))
    assert text == (
        "Tensor(shape=[40, 50], dtype=Int64, value=\n"
        "[[   0,    1,    2 ...   47,   48,   49],\n"
        " [  50,   51,   52 ...   97,   98,   99],\n"
        " [ 100,  101,  102 ...  147,  148,  149],\n"
        " ...\n"
        " [1850, 1851, 1852 ... 1897, 1898, 1899],\n"
        " [1900, 1901, 1902 ... 1947, 1948, 1949],\n"
        " [1950, 1951, 1952 ... 1997, 1998, 1999]])")


def test_repr_of_a_large_3d_bool_tensor():
    text = repr(Tensor(np.arange(2000).reshape(10, 10, 20) % 2 == 0))
    lines = text.split("\n")
    assert lines[0] == "Tensor(shape=[10, 10, 20], dtype=Bool, value="
    assert lines[1] == "[[[ True, False,  True ... False,  True, False],"
    assert lines[4] == "  ..."
    assert lines[7] == "  [ True, False,  True ... False,  True, False]],"
    assert lines[22] == " ..."
    assert lines[-1] == "  [ True, False,  True ... False,  True, False]]])"
    assert len(lines) == 44


def test_repr_of_a_wide_matrix_cuts_only_the_long_axis():
    assert repr(Tensor(np.arange(2002).reshape(2, 1001))) == (
        "Tensor(shape=[2, 1001], dtype=Int64, value=\n"
        "[[   0,    1,    2 ...  998,  999, 1000],\n"
        " [1001, 1002, 1003 ... 1999, 2000, 2001]])")


def test_str_of_large_tensors():
    assert str(Tensor(np.arange(1001, dtype=np.int32))) == "[   0    1    2 ...  998  999 1000]"
    assert str(Tensor(np.arange(2000.0))) == "[0.000e+00 1.000e+00 2.000e+00 ... 1.997e+03 1.998e+03 1.999e+03]"
    lines = str(Tensor(np.arange(2000.0, dtype=np.float32).reshape(40, 50))).split("\n")
    assert lines[0] == "[[0.000e+00 1.000e+00 2.000e+00 ... 4.700e+01 4.800e+01 4.900e+01]"
    assert lines[3] == " ..."
    assert len(lines) == 7


def test_small_tensors_print_in_full():
    assert str(Tensor(np.arange(1000, dtype=np.int32))).count("...") == 0
    assert str(Tensor(np.arange(12.0).reshape(3, 4))) == "[[ 0.  1.  2.  3.]\n [ 4.  5.  6.  7.]\n [ 8.  9. 10. 11.]]"


def test_complex_elements_are_printed_unpadded_with_both_parts():
    value = np.array([[1 + 2j, 3.5 - 1j], [100 + 1j, 2j]], np.complex64)
    assert repr(Tensor(value)) == ("Tensor(shape=[2, 2], dtype=Complex64, value=\n"
                                   "[[1+2j, 3.5-1j],\n"
                                   " [100+1j, 0+2j]])")
    assert repr(Tensor(np.complex64(2j))) == "Tensor(shape=[], dtype=Complex64, value= 0+2j)"
    assert repr(Tensor(np.array([1e10 + 1j, -2j], np.complex128))) == \
        "Tensor(shape=[2], dtype=Complex128, value= [1e+10+1j, -0-2j])"
