"""Text file sources (TextFile, CSV, CLUE) and the sources that read no files (Padded,
FakeImage, Random)."""
import json

import numpy as np
import pytest

import spore.dataset as ds

from .helpers import column, rows


# ---- TextFileDataset ------------------------------------------------------------------------
@pytest.fixture
def text_files(tmp_path):
    (tmp_path / "a.txt").write_text("one\n\ntwo\nthree\n", encoding="utf-8")
    (tmp_path / "b.txt").write_text("four\nfive\nsix\n", encoding="utf-8")
    return tmp_path


def test_textfile_reads_non_empty_lines_of_the_files_in_order(text_files):
    data = ds.TextFileDataset([str(text_files / "a.txt"), str(text_files / "b.txt")], shuffle=False)
    assert data.get_col_names() == ["text"] and data.get_dataset_size() == 6
    assert column(data) == ["one", "two", "three", "four", "five", "six"]
    assert column(ds.TextFileDataset(str(text_files / "*.txt"), shuffle=False))[:2] == ["one", "two"]
    assert column(ds.TextFileDataset(str(text_files / "b.txt"), shuffle=False, num_samples=2)) == ["four", "five"]


def test_textfile_shards_are_consecutive_blocks(text_files):
    files = [str(text_files / "a.txt"), str(text_files / "b.txt")]
    shards = [column(ds.TextFileDataset(files, shuffle=False, num_shards=2, shard_id=k)) for k in range(2)]
    assert shards == [["one", "two", "three"], ["four", "five", "six"]]
    shards = [column(ds.TextFileDataset(files, shuffle=False, num_shards=4, shard_id=k)) for k in range(4)]
    assert shards == [["one", "two"], ["three", "four"], ["five", "six"], ["one", "two"]]


def test_textfile_shuffle_modes(text_files):
    files = [str(text_files / "a.txt"), str(text_files / "b.txt")]
    first, second = ["one", "two", "three"], ["four", "five", "six"]
    ds.config.set_seed(3)
    for mode in (True, ds.Shuffle.GLOBAL, ds.Shuffle.FILES, ds.Shuffle.INFILE):
        got = column(ds.TextFileDataset(files, shuffle=mode))
        assert sorted(got) == sorted(first + second)
        if mode is ds.Shuffle.FILES:
            assert got in (first + second, second + first)
        if mode is ds.Shuffle.INFILE:
            assert sorted(got[:3]) == sorted(first) and sorted(got[3:]) == sorted(second)
    orders = {tuple(column(ds.TextFileDataset(files, shuffle=ds.Shuffle.GLOBAL))) for _ in range(4)}
    assert len(orders) == 1  # a set seed repeats the order
    assert column(ds.TextFileDataset(files, shuffle=ds.Shuffle.FALSE)) == first + second
    for mode in (ds.Shuffle.ADAPTIVE, ds.Shuffle.PARTIAL):
        assert sorted(column(ds.TextFileDataset(files, shuffle=mode))) == sorted(first + second)


def test_textfile_errors(tmp_path):
    with pytest.raises(ValueError, match="did not match any files"):
        ds.TextFileDataset(str(tmp_path / "none*.txt"))
    with pytest.raises(TypeError, match="'dataset_files' must be a str or a non-empty list"):
        ds.TextFileDataset([])
    (tmp_path / "x.txt").write_text("a\n")
    with pytest.raises(TypeError, match="'shuffle' must be a bool or a Shuffle"):
        ds.TextFileDataset(str(tmp_path / "x.txt"), shuffle="global")
    (tmp_path / "bad.txt").write_bytes(b"\xff\xfe\xfa\n")
    with pytest.raises(RuntimeError, match="cannot read .*bad.txt"):
        ds.TextFileDataset(str(tmp_path / "bad.txt")).get_dataset_size()


# ---- CSVDataset -----------------------------------------------------------------------------
@pytest.fixture
def csv_file(tmp_path):
    path = tmp_path / "t.csv"
    path.write_text('a,b,c\n1,2.5,x\n3,4,"y,z"\n', encoding="utf-8")
    return str(path)


def test_csv_header_names_and_string_fields(csv_file):
    data = ds.CSVDataset(csv_file, shuffle=False)
    assert data.get_col_names() == ["a", "b", "c"] and data.get_dataset_size() == 2
    assert [[v.item() for v in r] for r in rows(data)] == [["1", "2.5", "x"], ["3", "4", "y,z"]]


def test_csv_column_defaults_type_the_columns(csv_file):
    data = ds.CSVDataset([csv_file], column_defaults=[0, 0.0, ""], shuffle=False)
    assert data.output_types()[:2] == [np.int32, np.float32]
    assert [[v.item() for v in r] for r in rows(data)] == [[1, 2.5, "x"], [3, 4.0, "y,z"]]


def test_csv_given_names_read_the_first_record_as_data(csv_file, tmp_path):
    data = ds.CSVDataset([csv_file], column_names=["p", "q", "r"], shuffle=False)
    assert data.get_col_names() == ["p", "q", "r"] and column(data) == ["a", "1", "3"]
    tabs = tmp_path / "t.tsv"
    tabs.write_text("1\t2\n", encoding="utf-8")
    assert column(ds.CSVDataset(str(tabs), field_delim="\t", column_names=["u", "v"]), 1) == ["2"]


def test_csv_errors_name_the_file_and_line(csv_file, tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("a,b\n1,\n", encoding="utf-8")
    with pytest.raises(RuntimeError, match="bad.csv parse failed at line 2"):
        ds.CSVDataset(str(bad), column_defaults=[0, 0]).get_dataset_size()
    bad.write_text("a,b\n1,2,3\n", encoding="utf-8")
    with pytest.raises(RuntimeError, match="bad.csv line 2 has 3 field"):
        ds.CSVDataset(str(bad)).get_dataset_size()
    with pytest.raises(ValueError, match="one value per column"):
        ds.CSVDataset(csv_file, column_defaults=[0])
    with pytest.raises(TypeError, match="'column_defaults' must be a list"):
        ds.CSVDataset(csv_file, column_defaults=[[1], 0, ""])
    with pytest.raises(ValueError, match="'field_delim' must be one character"):
        ds.CSVDataset(csv_file, field_delim=";;")


# ---- CLUEDataset ----------------------------------------------------------------------------
def write_lines(path, records):
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return str(path)


def test_clue_afqmc_columns_by_usage(tmp_path):
    path = write_lines(tmp_path / "afqmc.json", [{"sentence1": "s1", "sentence2": "s2", "label": "1", "id": 7},
                                                 {"sentence1": "t1", "sentence2": "t2", "label": "0", "id": 8}])
    train = ds.CLUEDataset(path, task="AFQMC", usage="train", shuffle=False)
    assert train.get_col_names() == ["label", "sentence1", "sentence2"]
    assert [[v.item() for v in r] for r in rows(train)] == [["1", "s1", "s2"], ["0", "t1", "t2"]]
    test = ds.CLUEDataset(path, task="AFQMC", usage="test", shuffle=False)
    assert test.get_col_names() == ["id", "sentence1", "sentence2"] and test.output_types()[0] == np.uint32
    assert column(test) == [7, 8]


def test_clue_wsc_target_fields_and_csl_keyword_lists(tmp_path):
    wsc = write_lines(tmp_path / "wsc.json", [{"target": {"span1_index": 5, "span2_index": 37, "span1_text": "x",
                                                          "span2_text": "y"}, "idx": 0, "label": "false",
                                               "text": "tt"}])
    data = ds.CLUEDataset(wsc, task="WSC", usage="eval")
    assert data.get_col_names() == ["idx", "label", "span1_index", "span1_text", "span2_index", "span2_text", "text"]
    assert [v.item() for v in rows(data)[0]] == [0, "false", 5, "x", 37, "y", "tt"]
    csl = write_lines(tmp_path / "csl.json", [{"id": 1, "abst": "ab", "keyword": ["k1", "k2"], "label": "0"}])
    data = ds.CLUEDataset(csl, task="CSL", usage="test")
    assert data.get_col_names() == ["abst", "id", "keyword"] and column(data, 2) == [["k1", "k2"]]


def test_clue_errors(tmp_path):
    path = write_lines(tmp_path / "c.json", [{"sentence1": "a"}])
    with pytest.raises(RuntimeError, match="c.json line 1 has no field 'label'"):
        ds.CLUEDataset(path).get_dataset_size()
    (tmp_path / "j.json").write_text("{not json\n", encoding="utf-8")
    with pytest.raises(RuntimeError, match="j.json line 1 is not JSON"):
        ds.CLUEDataset(str(tmp_path / "j.json")).get_dataset_size()
    with pytest.raises(ValueError, match="'task' must be one of"):
        ds.CLUEDataset(path, task="XNLI")
    with pytest.raises(ValueError, match="'usage' must be one of"):
        ds.CLUEDataset(path, usage="dev")


# ---- PaddedDataset, FakeImageDataset, RandomDataset -----------------------------------------
def test_padded_dataset_rows_in_order_and_concatenated():
    samples = [{"image": np.zeros(2, np.uint8), "label": np.array(1)}, {"image": np.ones(3, np.uint8), "label": 2}]
    data = ds.PaddedDataset(samples)
    assert data.get_col_names() == ["image", "label"] and data.get_dataset_size() == 2
    got = rows(data)
    assert got[1][0].tolist() == [1, 1, 1] and got[1][1].dtype == np.int64
    base = ds.NumpySlicesDataset({"image": np.full((1, 2), 9, np.uint8), "label": [0]}, shuffle=False)
    assert column(base + data, 1) == [0, 1, 2]


def test_padded_dataset_errors():
    with pytest.raises(ValueError, match="cannot be empty"):
        ds.PaddedDataset([])
    with pytest.raises(TypeError, match="every padded sample must be a dict"):
        ds.PaddedDataset([1])
    with pytest.raises(TypeError, match="must be a list of dict"):
        ds.PaddedDataset({"a": 1})
    with pytest.raises(ValueError, match="sample 1 has"):
        ds.PaddedDataset([{"a": 1}, {"b": 2}])


def test_fake_image_dataset_rows_are_fixed_by_the_seed():
    data = ds.FakeImageDataset(num_images=5, image_size=(4, 6, 3), num_classes=3, base_seed=1, shuffle=False)
    assert data.get_dataset_size() == 5 and data.output_shapes() == [[4, 6, 3], []]
    assert data.output_types() == [np.uint8, np.uint32]
    first = rows(data)
    assert all(0 <= r[1].item() < 3 for r in first)
    again = rows(ds.FakeImageDataset(5, (4, 6, 3), 3, base_seed=1, sampler=ds.SequentialSampler()))
    assert all(np.array_equal(a[0], b[0]) for a, b in zip(first, again))
    other = rows(ds.FakeImageDataset(5, (4, 6, 3), 3, base_seed=2, shuffle=False))
    assert not np.array_equal(first[0][0], other[0][0])
    with pytest.raises(ValueError, match="'image_size' must be a list or tuple of 3"):
        ds.FakeImageDataset(image_size=(4, 4))
    with pytest.raises(ValueError, match="'num_images' must be in"):
        ds.FakeImageDataset(num_images=0)


def test_random_dataset_columns_keep_their_dtype_and_shape():
    data = ds.RandomDataset(total_rows=4, columns_list=["a", "b", "c"], shuffle=False)
    assert data.get_col_names() == ["a", "b", "c"] and data.get_dataset_size() == 4
    got = rows(data)
    for k in range(3):
        assert len({(r[k].dtype, r[k].shape) for r in got}) == 1 and 1 <= got[0][k].ndim <= 3
    assert 1 <= ds.RandomDataset().get_dataset_size() <= 1024
    assert ds.RandomDataset(3, num_shards=3, shard_id=0).get_dataset_size() == 1


def test_random_dataset_from_a_schema(tmp_path):
    from spore.dataset.schema import Schema
    schema = Schema()
    schema.add_column("image", de_type="uint8", shape=[2, 2])
    schema.add_column("label", de_type="int32", shape=[1])
    schema.add_column("x", de_type="float32")
    data = ds.RandomDataset(schema=schema, total_rows=2)
    assert data.get_col_names() == ["image", "label", "x"] and data.get_dataset_size() == 2
    assert data.output_shapes() == [[2, 2], [1], []] and data.output_types() == [np.uint8, np.int32, np.float32]
    assert ds.RandomDataset(schema=schema, columns_list=["label"], total_rows=2).get_col_names() == ["label"]
    schema.num_rows = 5
    path = tmp_path / "schema.json"
    path.write_text(schema.to_json())
    assert ds.RandomDataset(schema=str(path)).get_dataset_size() == 5
    with pytest.raises(ValueError, match=r"columns \['y'\] of 'columns_list' are not in the schema"):
        ds.RandomDataset(schema=schema, columns_list=["y"])


def test_add_sampler_draws_from_the_current_samplers_indices():
    data = ds.NumpySlicesDataset(np.arange(10), shuffle=False)
    data.add_sampler(ds.DistributedSampler(2, 1, shuffle=False))
    assert data.get_dataset_size() == 5 and column(data) == [1, 3, 5, 7, 9]
    subset = ds.NumpySlicesDataset(np.arange(10), sampler=ds.SubsetSampler([9, 8, 7]))
    subset.add_sampler(ds.SequentialSampler(num_samples=2))
    assert column(subset) == [9, 8]
    with pytest.raises(TypeError, match="'new_sampler' must be a Sampler"):
        data.add_sampler([1, 2])
