"""Generic transforms: TypeCast, OneHot, Fill, Compose, and their 1.x module paths."""
import numpy as np
import pytest

import spore.dataset as ds
import spore.dataset.transforms as T
import spore.dataset.vision as V
from spore.common import dtype as mstype

from .helpers import column


def test_type_cast_takes_mindspore_and_numpy_dtypes():
    image = np.arange(6, dtype=np.uint8)
    assert T.TypeCast(mstype.float32)(image).dtype == np.float32
    assert T.TypeCast(np.int16)(image).dtype == np.int16
    assert T.TypeCast("int32")(image).tolist() == list(range(6))
    with pytest.raises(TypeError, match="'data_type' must be a MindSpore or NumPy dtype"):
        T.TypeCast(None)


def test_one_hot():
    assert T.OneHot(5)(np.array(2)).tolist() == [0, 0, 1, 0, 0]
    labels = np.array([1, 3], np.int32)
    out = T.OneHot(4)(labels)
    assert out.dtype == np.int32 and out.tolist() == [[0, 1, 0, 0], [0, 0, 0, 1]]
    smooth = T.OneHot(4, 0.1)(labels)
    assert smooth.dtype == np.float64
    np.testing.assert_allclose(smooth, [[0.025, 0.925, 0.025, 0.025], [0.025, 0.025, 0.025, 0.925]])
    with pytest.raises(RuntimeError, match=r"every label must be in \[0, 3\), but got 5"):
        T.OneHot(3)(np.array(5))
    with pytest.raises(RuntimeError, match="integer labels"):
        T.OneHot(3)(np.array(1.0))


def test_fill():
    out = T.Fill(3.7)(np.zeros((2, 2), np.int32))
    assert out.dtype == np.int32 and out.tolist() == [[3, 3], [3, 3]]
    assert T.Fill(3)(np.zeros(2, np.float32)).tolist() == [3.0, 3.0]


def test_compose_runs_in_order_and_passes_tuples_along():
    image = np.arange(12, dtype=np.uint8).reshape(2, 2, 3)
    out = T.Compose([V.Rescale(2.0, 0.0), V.HWC2CHW()])(image)
    np.testing.assert_array_equal(out, (image * 2.0).transpose(2, 0, 1))
    pair = T.Compose([lambda x: (x, x + 1), lambda x, y: y * 10])(np.array(1))
    assert pair.item() == 20
    with pytest.raises(TypeError, match="must be callable"):
        T.Compose([1])


def test_transforms_in_a_pipeline():
    labels = ds.NumpySlicesDataset(np.array([0, 2, 1]), ["label"], shuffle=False)
    got = column(labels.map([T.OneHot(3), T.TypeCast(mstype.float32)]))
    assert got == [[1, 0, 0], [0, 0, 1], [0, 1, 0]]


def test_one_x_module_paths_name_the_same_classes():
    from spore.dataset.transforms import c_transforms, py_transforms
    assert c_transforms.OneHot is T.OneHot is py_transforms.OneHot
    assert c_transforms.TypeCast is T.TypeCast and c_transforms.Compose is T.Compose
