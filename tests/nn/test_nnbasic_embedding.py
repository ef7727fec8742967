"""EmbeddingExt, EmbeddingLookup and MultiFieldEmbeddingLookup: lookups against NumPy in
PyNative and Graph mode (values MindSpore 2.7.1 printed for the merge operators), Parameters,
table gradients against central differences, and MindSpore 2.7.1's argument errors."""
import numpy as np
import pytest

import spore as ms
from spore import Tensor, nn

from .nnbasic_checks import check_parameter_gradients, mode  # noqa: F401 - the fixture running a test in both modes

RNG = np.random.default_rng(0)
TABLE = np.arange(8, dtype=np.float32).reshape(4, 2)


@pytest.fixture(autouse=True)
def seeded():
    ms.set_seed(0)


# ---- EmbeddingExt ---------------------------------------------------------------------------
@pytest.mark.usefixtures("mode")
def test_embedding_ext_lookup():
    cell = nn.EmbeddingExt(4, 3)
    ids = np.array([[1, 0], [3, 3]])
    np.testing.assert_array_equal(cell(Tensor(ids)).asnumpy(), cell.weight.asnumpy()[ids])


def test_embedding_ext_initialization():
    cell = nn.EmbeddingExt(400, 50)
    assert [(p.name, p.shape, p.dtype, p.requires_grad) for p in cell.get_parameters()] == [
        ("weight", (400, 50), ms.float32, True)]
    values = cell.weight.asnumpy()
    assert abs(values.mean()) < 0.02 and abs(values.std() - 1.0) < 0.02  # N(0, 1)
    padded = nn.EmbeddingExt(4, 3, padding_idx=-1, _freeze=True, dtype=ms.float16)
    assert padded.weight.dtype is ms.float16 and not padded.weight.requires_grad
    assert not padded.weight.asnumpy()[3].any() and padded.weight.asnumpy()[:3].any()
    given = Tensor(np.ones((2, 2), np.float32))
    np.testing.assert_array_equal(nn.EmbeddingExt(2, 2, _weight=given).weight.asnumpy(), np.ones((2, 2)))


def test_embedding_ext_repr():
    assert repr(nn.EmbeddingExt(4, 3)) == (
        "EmbeddingExt(num_embeddings=4, embedding_dim=3, padding_idx=None, max_norm=None, norm_type=2.0, "
        "scale_grad_by_freq=False, dtype=Float32)")


def test_embedding_ext_max_norm():
    # PyNative only: ops.embedding's in-place renormalization of the table does not compile yet.
    weight = Tensor(np.array([[3.0, 4.0], [0.3, 0.4]], np.float32))
    out = nn.EmbeddingExt(2, 2, max_norm=1.0, _weight=weight)(Tensor(np.array([0, 1])))
    np.testing.assert_allclose(out.asnumpy(), [[0.6, 0.8], [0.3, 0.4]], rtol=1e-5)


def test_embedding_ext_padding_row_gets_no_gradient():
    cell = nn.EmbeddingExt(3, 2, padding_idx=1)
    grads = ms.grad(lambda ids: cell(ids).sum(), grad_position=None, weights=cell.trainable_params())(
        Tensor(np.array([0, 1, 1, 2])))
    np.testing.assert_array_equal(grads[0].asnumpy(), [[1, 1], [0, 0], [1, 1]])


def test_embedding_ext_errors():
    with pytest.raises(ValueError, match="sparse"):
        nn.EmbeddingExt(4, 3, sparse=True)
    with pytest.raises(ValueError, match="padding_idx"):
        nn.EmbeddingExt(4, 3, padding_idx=4)
    with pytest.raises(TypeError, match="max_norm"):
        nn.EmbeddingExt(4, 3, max_norm=1)
    with pytest.raises(TypeError, match="num_embeddings"):
        nn.EmbeddingExt(4.0, 3)
    with pytest.raises(ValueError, match=r"\(2, 3\), but got \(2, 2\)"):
        nn.EmbeddingExt(2, 3, _weight=Tensor(np.ones((2, 2), np.float32)))


# ---- EmbeddingLookup ------------------------------------------------------------------------
@pytest.mark.usefixtures("mode")
def test_embedding_lookup_cpu_gives_zero_rows_out_of_range():
    cell = nn.EmbeddingLookup(4, 2, param_init=Tensor(TABLE))
    np.testing.assert_array_equal(cell(Tensor(np.array([[1, 0], [3, 2]]), ms.int32)).asnumpy(),
                                  TABLE[[[1, 0], [3, 2]]])
    np.testing.assert_array_equal(cell(Tensor(np.array([5, -1, 1]), ms.int64)).asnumpy(),
                                  [[0, 0], [0, 0], [2, 3]])


@pytest.mark.usefixtures("mode")
def test_embedding_lookup_max_norm():
    cell = nn.EmbeddingLookup(4, 2, param_init=Tensor(TABLE), max_norm=2.0)
    out = cell(Tensor(np.array([0, 3]), ms.int32)).asnumpy()
    np.testing.assert_allclose(out, [[0.0, 1.0], TABLE[3] * 2.0 / np.linalg.norm(TABLE[3])], rtol=1e-6)


@pytest.mark.usefixtures("mode")
def test_embedding_lookup_device_target():
    cell = nn.EmbeddingLookup(4, 2, param_init=Tensor(TABLE), target="DEVICE", sparse=False)
    np.testing.assert_array_equal(cell(Tensor(np.array([3, 1]), ms.int32)).asnumpy(), TABLE[[3, 1]])


def test_embedding_lookup_parameters():
    cell = nn.EmbeddingLookup(4, 2)
    assert [(p.name, p.shape, p.dtype) for p in cell.get_parameters()] == [("embedding_table", (4, 2), ms.float32)]
    assert nn.EmbeddingLookup(4, 2, dtype=ms.float16).embedding_table.dtype is ms.float16


def test_embedding_lookup_errors():
    with pytest.raises(ValueError, match="'sparse' must be True when 'target' is \"CPU\""):
        nn.EmbeddingLookup(4, 2, sparse=False)
    with pytest.raises(ValueError, match="target"):
        nn.EmbeddingLookup(4, 2, target="GPU")
    with pytest.raises(ValueError, match="vocab_size"):
        nn.EmbeddingLookup(0, 2)
    with pytest.raises(ValueError, match="'max_norm' must be float and must > 0"):
        nn.EmbeddingLookup(4, 2, max_norm=-1.0)
    with pytest.raises(TypeError, match="'max_norm' must be float"):
        nn.EmbeddingLookup(4, 2, max_norm=1)
    with pytest.raises(TypeError, match="sparse"):
        nn.EmbeddingLookup(4, 2, sparse=1)
    with pytest.raises(TypeError):
        nn.EmbeddingLookup(4, 2)(Tensor(np.array([1.0]), ms.float32))


def test_embedding_lookup_gradients():
    cell = nn.EmbeddingLookup(4, 2, param_init=Tensor(RNG.standard_normal((4, 2))), max_norm=1.0, dtype=ms.float64)
    check_parameter_gradients(cell, (Tensor(np.array([[0, 1], [3, 3], [1, 6]]), ms.int32),))


# ---- MultiFieldEmbeddingLookup ----------------------------------------------------------------
IDS = np.array([[0, 1, 2], [3, 3, 1]], np.int32)
VALUES = np.array([[1.0, 0.5, 0.0], [2.0, -1.0, 1.0]], np.float32)
FIELDS = np.array([[0, 0, 2], [1, 1, 1]], np.int32)


@pytest.mark.usefixtures("mode")
@pytest.mark.parametrize("operator, expected", [
    # Printed by MindSpore 2.7.1 for this table and these inputs.
    ("SUM", [[[1.0, 2.5], [0, 0], [0, 0]], [[0, 0], [8.0, 10.0], [0, 0]]]),
    ("MEAN", [[[0.6666667, 1.6666666], [0, 0], [0, 0]], [[0, 0], [2.0, 2.5], [0, 0]]]),
    ("MAX", [[[1.0, 1.5], [0, 0], [0, 0]], [[0, 0], [12.0, 14.0], [0, 0]]]),
])
def test_multi_field_embedding_lookup(operator, expected):
    cell = nn.MultiFieldEmbeddingLookup(4, 2, 3, param_init=Tensor(TABLE), operator=operator)
    out = cell(Tensor(IDS), Tensor(VALUES), Tensor(FIELDS))
    np.testing.assert_allclose(out.asnumpy(), expected, rtol=1e-6)


def _merged_reference(table, ids, values, fields, field_size, operator):
    out = np.zeros((ids.shape[0], field_size, table.shape[1]))
    for b in range(ids.shape[0]):
        for f in range(field_size):
            mask = fields[b] == f
            rows = table[ids[b][mask]] * values[b][mask][:, None]
            if operator == "SUM":
                out[b, f] = rows.sum(0)
            elif operator == "MEAN" and np.abs(values[b][mask]).sum():
                out[b, f] = rows.sum(0) / np.abs(values[b][mask]).sum()
            elif operator == "MAX" and (values[b][mask] != 0).any():
                out[b, f] = rows[values[b][mask] != 0].max(0)
    return out


@pytest.mark.parametrize("operator", ["SUM", "MEAN", "MAX"])
def test_multi_field_embedding_lookup_random(operator):
    table = RNG.standard_normal((10, 3)).astype(np.float32)
    ids = RNG.integers(0, 10, (4, 6)).astype(np.int32)
    values = RNG.standard_normal((4, 6)).astype(np.float32) * (RNG.random((4, 6)) > 0.2)
    fields = RNG.integers(0, 5, (4, 6)).astype(np.int32)
    cell = nn.MultiFieldEmbeddingLookup(10, 3, 5, param_init=Tensor(table), operator=operator)
    out = cell(Tensor(ids), Tensor(values.astype(np.float32)), Tensor(fields))
    expected = _merged_reference(table.astype(np.float64), ids, values, fields, 5, operator)
    np.testing.assert_allclose(out.asnumpy(), expected, rtol=1e-5, atol=1e-6)


def test_multi_field_embedding_lookup_errors():
    with pytest.raises(ValueError, match="operator"):
        nn.MultiFieldEmbeddingLookup(4, 2, 3, operator="sum")
    with pytest.raises(ValueError, match="field_size"):
        nn.MultiFieldEmbeddingLookup(4, 2, 0)
    cell = nn.MultiFieldEmbeddingLookup(4, 2, 3)
    ids, values, fields = Tensor(IDS), Tensor(VALUES), Tensor(FIELDS)
    with pytest.raises(ValueError, match="the dimension of 'input_indices' must be 2d, but got 1"):
        cell(Tensor(np.array([0, 1]), ms.int32), values, fields)
    with pytest.raises(TypeError, match="'input_values' should be Float32"):
        cell(ids, Tensor(VALUES.astype(np.float16)), fields)
    with pytest.raises(TypeError, match="'field_ids' should be Int32"):
        cell(ids, values, Tensor(FIELDS.astype(np.int64)))
    with pytest.raises(ValueError, match="'input_values' must have the shape of 'input_indices'"):
        cell(ids, Tensor(VALUES[:, :2]), fields)


@pytest.mark.parametrize("operator", ["SUM", "MEAN", "MAX"])
def test_multi_field_embedding_lookup_gradients(operator):
    cell = nn.MultiFieldEmbeddingLookup(4, 2, 3, param_init=Tensor(RNG.standard_normal((4, 2)).astype(np.float32)),
                                        operator=operator)
    # The values include a 0, where MAX and MEAN are not differentiable in it: the table only.
    check_parameter_gradients(cell, (Tensor(IDS), Tensor(VALUES), Tensor(FIELDS)), rtol=1e-3, atol=1e-3, eps=1e-3,
                              of_inputs=False)
