"""Reading datasets back in tests."""


def rows(dataset, **kwargs):
    """All rows of one epoch as lists of NumPy arrays."""
    return list(dataset.create_tuple_iterator(output_numpy=True, **kwargs))


def column(dataset, index=0):
    """One column of one epoch as a list of Python values."""
    return [row[index].tolist() for row in rows(dataset)]
