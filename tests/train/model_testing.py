"""What the Model and callback tests share: a small in-memory dataset with exactly the
interface Model reads (get_dataset_size(), get_col_names() and
create_tuple_iterator(num_epochs, output_numpy), whose iterator yields one epoch of
batches, lists of Tensors, each time it is iterated over, num_epochs times, as
MindSpore's does), and a small classifier with fixed initial weights."""
import numpy as np

from spore import Tensor, nn
from spore.train import Model


class FakeDataset:
    """FakeDataset(columns, batch_size, names=None): `columns` are NumPy arrays of the
    same length, cut into batches of `batch_size` rows (the last one may be smaller).
    `iterators` counts the iterators created."""

    def __init__(self, columns, batch_size, names=None):
        self.columns = [np.asarray(column) for column in columns]
        self.batch_size = batch_size
        self.names = names or [f"column_{i}" for i in range(len(columns))]
        self.iterators = 0

    def get_dataset_size(self):
        return -(-len(self.columns[0]) // self.batch_size)

    def get_col_names(self):
        return list(self.names)

    def create_tuple_iterator(self, num_epochs=-1, output_numpy=False):
        assert output_numpy is False
        self.iterators += 1
        return _EpochIterator(self, num_epochs)


class _EpochIterator:
    def __init__(self, dataset, num_epochs):
        self.dataset = dataset
        self.epochs_left = num_epochs

    def __iter__(self):
        if self.epochs_left == 0:
            raise RuntimeError("FakeDataset: the iterator was asked for more epochs than num_epochs.")
        self.epochs_left -= 1
        size = self.dataset.batch_size
        for start in range(0, len(self.dataset.columns[0]), size):
            yield [Tensor(column[start:start + size]) for column in self.dataset.columns]


def classification_data(samples=40, batch_size=8, seed=0):
    """Two classes of 4 features, separable by the sign of their sum: (data, label)."""
    rng = np.random.RandomState(seed)
    x = rng.randn(samples, 4).astype(np.float32)
    y = (x.sum(axis=1) > 0).astype(np.int32)
    return FakeDataset([x, y], batch_size, ["data", "label"])


W0 = np.array([[0.3, -0.2, 0.1, 0.5], [-0.4, 0.2, 0.6, -0.1]], np.float32)


def dense():
    """nn.Dense(4, 2) with fixed initial weights, so that runs can be compared."""
    return nn.Dense(4, 2, weight_init=Tensor(W0), bias_init="zeros")


def classifier(metrics=None, **kwargs):
    """(Model, network, optimizer): dense(), sparse softmax cross-entropy, Momentum."""
    network = dense()
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    optimizer = nn.Momentum(network.trainable_params(), 0.1, 0.9)
    return Model(network, loss, optimizer, metrics=metrics, **kwargs), network, optimizer
