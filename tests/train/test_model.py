"""Model: the networks it builds, train / eval / predict / fit in PyNative and in Graph
mode (the same results, the step compiled once), networks without loss or optimizer,
eval networks and indexes, sink mode and sink_size, initial_epoch, loss scale managers
and mixed precision, checkpoints back into a fresh Model, and MindSpore's errors."""
import numpy as np
import pytest

import spore as ms
from spore import Tensor, nn, ops
from spore.train import (
    Accuracy,
    Callback,
    DynamicLossScaleManager,
    FixedLossScaleManager,
    LambdaCallback,
    Loss,
    Model,
    ModelCheckpoint,
)

from .model_testing import FakeDataset, classification_data, classifier, dense


class Losses(Callback):
    """The loss of every training step."""

    def __init__(self):
        self.values = []

    def on_train_step_end(self, run_context):
        outputs = run_context.original_args().net_outputs
        self.values.append(float((outputs[0] if isinstance(outputs, tuple) else outputs).asnumpy()))


def train_and_evaluate(mode):
    ms.set_context(mode=mode)
    model, network, _ = classifier(metrics={"accuracy", "loss"})
    losses = Losses()
    model.train(3, classification_data(40, 8), callbacks=[losses])
    metrics = model.eval(classification_data(40, 8))
    prediction = model.predict(Tensor(classification_data(40, 8).columns[0][:5]))
    return model, losses.values, metrics, prediction.asnumpy()


# ---- networks ---------------------------------------------------------------------------
def test_networks_built_from_network_loss_and_optimizer():
    model, network, _ = classifier(metrics={"accuracy"})
    assert isinstance(model.train_network, nn.TrainOneStepCell)
    assert isinstance(model.train_network.network, nn.WithLossCell)
    assert isinstance(model.eval_network, nn.WithEvalCell) and model.predict_network is network
    assert model.train_network.training
    plain, _, _ = classifier()
    assert plain.eval_network is None


def test_networks_without_optimizer_or_loss():
    network = dense()
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    assert isinstance(Model(network, loss).train_network, nn.WithLossCell)
    assert Model(network).train_network is network


def test_networks_with_loss_scale_and_amp_levels():
    model, _, _ = classifier(loss_scale_manager=FixedLossScaleManager(128.0))
    assert isinstance(model.train_network, nn.TrainOneStepWithLossScaleCell)
    model, _, _ = classifier(loss_scale_manager=FixedLossScaleManager(128.0, drop_overflow_update=False))
    assert type(model.train_network) is nn.TrainOneStepCell and model.train_network.sens == 128.0
    model, _, _ = classifier(amp_level="O2")        # O2 scales the loss dynamically by default
    assert isinstance(model.train_network, nn.TrainOneStepWithLossScaleCell)
    model, _, _ = classifier(amp_level="O2", loss_scale_manager=None, metrics={"accuracy"})
    assert type(model.train_network) is nn.TrainOneStepCell and model.eval_network.add_cast_fp32


# ---- train, eval, predict in both modes -------------------------------------------------
def test_train_eval_predict_give_the_same_results_in_both_modes(restore_mode):
    _, pynative_losses, pynative_metrics, pynative_prediction = train_and_evaluate(ms.PYNATIVE_MODE)
    model, graph_losses, graph_metrics, graph_prediction = train_and_evaluate(ms.GRAPH_MODE)
    assert np.mean(pynative_losses[-5:]) < np.mean(pynative_losses[:5]) / 2
    np.testing.assert_allclose(graph_losses, pynative_losses, rtol=1e-5)
    assert graph_metrics.keys() == {"accuracy", "loss"} and graph_metrics["accuracy"] == pynative_metrics["accuracy"]
    assert graph_metrics["loss"] == pytest.approx(pynative_metrics["loss"], rel=1e-5)
    np.testing.assert_allclose(graph_prediction, pynative_prediction, rtol=1e-5)
    # One signature (every batch has 8 rows): the step compiled once.
    assert len(model.train_network._graph_cache.programs) == 1


def test_eval_computes_the_metrics_over_the_whole_dataset():
    model, network, _ = classifier(metrics={"acc": Accuracy(), "loss": Loss()})
    dataset = classification_data(20, 8)                 # batches of 8, 8 and 4
    model.train(2, classification_data(40, 8))
    metrics = model.eval(dataset)
    x, y = dataset.columns
    logits = network(Tensor(x)).asnumpy()
    assert metrics["acc"] == np.mean(logits.argmax(1) == y)
    losses = [model.eval_network(Tensor(x[i:i + 8]), Tensor(y[i:i + 8]))[0].asnumpy() for i in (0, 8, 16)]
    assert metrics["loss"] == pytest.approx(np.mean(losses))
    assert isinstance(metrics["acc"], float)


def test_predict_runs_the_network_in_inference_mode():
    network = nn.SequentialCell([dense(), nn.Dropout(p=0.5)])
    model = Model(network)
    x = Tensor(np.ones((3, 4), np.float32))
    np.testing.assert_array_equal(model.predict(x).asnumpy(), model.predict(x).asnumpy())
    assert not network.training


def test_predict_after_training_switches_back_for_the_next_step():
    model, network, _ = classifier()
    predictions = LambdaCallback(on_train_step_end=lambda rc: model.predict(Tensor(np.ones((1, 4), np.float32))))
    seen = []
    spy = LambdaCallback(on_train_step_end=lambda rc: seen.append(network.training))
    model.train(1, classification_data(16, 8), callbacks=[spy, predictions])
    assert seen == [True, True]


def test_network_without_loss_fn_gets_every_column():
    class WeightedLoss(nn.Cell):
        def __init__(self):
            super().__init__()
            self.backbone = dense()
            self.loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True)

        def construct(self, x, y, weight):
            return (self.loss(self.backbone(x), y) * weight).mean()

    network = WeightedLoss()
    rng = np.random.RandomState(1)
    x = rng.randn(16, 4).astype(np.float32)
    dataset = FakeDataset([x, (x.sum(1) > 0).astype(np.int32), np.ones(16, np.float32)], 8)
    model = Model(network, optimizer=nn.Momentum(network.trainable_params(), 0.1, 0.9))
    losses = Losses()
    model.train(4, dataset, callbacks=[losses])
    assert losses.values[-1] < losses.values[0]


def test_network_that_trains_itself():
    network = dense()
    step = nn.TrainOneStepCell(nn.WithLossCell(network, nn.SoftmaxCrossEntropyWithLogits(sparse=True,
                                                                                         reduction="mean")),
                               nn.SGD(network.trainable_params(), 0.5))
    before = network.weight.asnumpy().copy()
    Model(step).train(1, classification_data(16, 8))
    assert not np.array_equal(network.weight.asnumpy(), before)


def test_eval_network_with_and_without_eval_indexes():
    network = dense()

    class LabelFirst(nn.Cell):
        """(label, logits, loss): what eval_indexes [2, 1, 0] untangles."""

        def __init__(self):
            super().__init__()
            self.network = network
            self.loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")

        def construct(self, x, y):
            logits = self.network(x)
            return y, logits, self.loss(logits, y)

    dataset = classification_data(16, 8)
    expected = Model(network, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
                     metrics={"accuracy", "loss"}).eval(dataset)
    indexed = Model(network, eval_network=LabelFirst(), eval_indexes=[2, 1, 0], metrics={"accuracy", "loss"})
    assert indexed.eval(dataset) == pytest.approx(expected)
    # Without indexes every metric gets all outputs: set_indexes picks its own.
    unindexed = Model(network, eval_network=LabelFirst(), metrics={"acc": Accuracy().set_indexes([1, 0])})
    assert unindexed.eval(dataset)["acc"] == expected["accuracy"]


# ---- fit ----------------------------------------------------------------------------------
@pytest.mark.parametrize("frequency, evaluated", [(1, [1, 2, 3, 4]), (2, [2, 4]), ([1, 3], [1, 3])])
def test_fit_evaluates_at_the_valid_frequency(frequency, evaluated):
    model, _, _ = classifier(metrics={"accuracy"})
    seen = []
    spy = LambdaCallback(on_train_epoch_end=lambda rc: "eval_results" in rc.original_args() and seen.append(
        rc.original_args().cur_epoch_num))
    model.fit(4, classification_data(16, 8), classification_data(16, 8), valid_frequency=frequency, callbacks=[spy])
    assert seen == evaluated


def test_fit_eval_loss_is_the_mean_loss_over_the_validation_data():
    model, _, _ = classifier(metrics={"loss"})
    results = []
    spy = LambdaCallback(on_train_epoch_end=lambda rc: results.append(dict(rc.original_args().eval_results)))
    valid = classification_data(12, 4)
    model.fit(1, classification_data(16, 8), valid, callbacks=[spy])
    assert results[0]["eval_loss"] == pytest.approx(model.eval(valid)["loss"])


# ---- sink mode, initial_epoch -------------------------------------------------------------
def test_sink_size_makes_an_epoch_of_that_many_steps_across_passes():
    model, _, _ = classifier()
    dataset = classification_data(40, 8)          # 5 batches per pass
    steps = []
    spy = LambdaCallback(on_train_step_end=lambda rc: steps.append(
        (rc.original_args().cur_epoch_num, rc.original_args().cur_step_num, rc.original_args().batch_num,
         rc.original_args().sink_size, rc.original_args().dataset_sink_mode,
         float(rc.original_args().train_dataset_element[0].asnumpy()[0, 0]))))
    model.train(3, dataset, callbacks=[spy], dataset_sink_mode=True, sink_size=2)
    assert [step[:5] for step in steps] == [(epoch, step, 2, 2, True) for epoch, step in
                                            ((1, 1), (1, 2), (2, 3), (2, 4), (3, 5), (3, 6))]
    first_values = dataset.columns[0][::8, 0]
    # Batches 1-5 of the first pass, then batch 1 of the second.
    np.testing.assert_array_equal([step[5] for step in steps], list(first_values) + [first_values[0]])
    assert dataset.iterators == 1


def test_sink_mode_with_the_whole_dataset_and_initial_epoch():
    model, _, _ = classifier()
    calls = []
    spy = LambdaCallback(on_train_epoch_end=lambda rc: calls.append(
        (rc.original_args().cur_epoch_num, rc.original_args().cur_step_num, rc.original_args().epoch_num)))
    model.train(4, classification_data(24, 8), callbacks=[spy], dataset_sink_mode=True, initial_epoch=2)
    assert calls == [(3, 3, 2), (4, 6, 2)]


# ---- loss scale, mixed precision, checkpoints ---------------------------------------------
def test_loss_scale_managers_train_like_plain_training():
    reference, _, _ = classifier()
    losses = Losses()
    reference.train(2, classification_data(16, 8), callbacks=[losses])
    for manager in (FixedLossScaleManager(128.0), DynamicLossScaleManager(2.0 ** 10, 2, 2)):
        model, _, _ = classifier(loss_scale_manager=manager)
        scaled = Losses()
        model.train(2, classification_data(16, 8), callbacks=[scaled])
        np.testing.assert_allclose(scaled.values, losses.values, rtol=1e-5)
    # The manager's own scale followed the steps without overflow: 2^10 doubled every 2 steps.
    assert manager.get_loss_scale() == 2.0 ** 12


def test_mixed_precision_trains():
    model, network, _ = classifier(amp_level="O3", metrics={"accuracy"})
    losses = Losses()
    model.train(3, classification_data(40, 8), callbacks=[losses])
    assert losses.values[-1] < losses.values[0]
    assert model.predict(Tensor(np.ones((2, 4), np.float32))).dtype == ms.float16
    assert network.weight.dtype == ms.float32


def test_checkpoint_restores_a_fresh_model(tmp_path):
    model, _, _ = classifier(metrics={"accuracy", "loss"})
    model.train(2, classification_data(40, 8), callbacks=[ModelCheckpoint("m", str(tmp_path))])
    restored, network, optimizer = classifier(metrics={"accuracy", "loss"})
    ms.load_param_into_net(restored.train_network, ms.load_checkpoint(str(tmp_path / "m-2_5.ckpt")))
    valid = classification_data(16, 8, seed=1)
    assert restored.eval(valid) == model.eval(valid)
    assert int(optimizer.global_step.asnumpy()[0]) == 10


# ---- Graph mode: loss scaling and mixed precision ---------------------------------------------
@pytest.mark.parametrize("manager", [FixedLossScaleManager(128.0),
                                     FixedLossScaleManager(128.0, drop_overflow_update=True),
                                     ms.DynamicLossScaleManager(2.0 ** 10, 2, 3)])
def test_loss_scale_training_matches_pynative_in_graph_mode(restore_mode, manager):
    losses = {}
    for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=mode)
        ms.set_seed(3)
        model, network, _ = classifier(loss_scale_manager=manager)
        model.train(2, classification_data(16, 8))
        losses[mode] = [p.asnumpy() for p in network.trainable_params()]
    for eager, compiled in zip(losses[ms.PYNATIVE_MODE], losses[ms.GRAPH_MODE]):
        np.testing.assert_allclose(compiled, eager, rtol=1e-6, atol=1e-7)


def test_predict_of_a_mixed_precision_network_in_graph_mode(restore_mode):
    model, _, _ = classifier(amp_level="O3")
    x = Tensor(np.ones((2, 4), np.float32))
    expected = model.predict(x)
    ms.set_context(mode=ms.GRAPH_MODE)
    compiled = model.predict(x)
    assert compiled.dtype == expected.dtype
    np.testing.assert_array_equal(compiled.asnumpy(), expected.asnumpy())


# ---- errors -------------------------------------------------------------------------------
def test_constructor_errors():
    network = dense()
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True)
    optimizer = nn.Momentum(network.trainable_params(), 0.1, 0.9)
    with pytest.raises(TypeError, match="'network' must be Cell"):
        Model(3, loss, optimizer)
    with pytest.raises(ValueError, match="eval_network' or a 'loss_fn'"):
        Model(network, None, optimizer, metrics={"accuracy"})
    with pytest.raises(ValueError, match="needs an 'optimizer'"):
        Model(network, loss, None, amp_level="O2")
    with pytest.raises(ValueError, match="needs an 'optimizer'"):
        Model(network, loss, loss_scale_manager=FixedLossScaleManager())
    with pytest.raises(ValueError, match="'foo'"):
        Model(network, loss, optimizer, foo=1)
    with pytest.raises(TypeError, match="dict or a set"):
        Model(network, loss, optimizer, metrics=["accuracy"])
    with pytest.raises(KeyError, match="nope"):
        Model(network, loss, optimizer, metrics={"nope"})
    with pytest.raises(ValueError, match="eval_indexes"):
        Model(network, loss, optimizer, eval_network=network, eval_indexes=[0, 1], metrics={"acc"})


def test_run_errors():
    model, _, _ = classifier()
    data = classification_data(8, 8)
    for call, error, message in [
        (lambda: model.train(0, data), ValueError, "'epoch' must be a positive int"),
        (lambda: model.train(1.5, data), TypeError, "'epoch' must be int"),
        (lambda: model.train(2, data, initial_epoch=2), ValueError, "greater than the 'initial_epoch'"),
        (lambda: model.train(2, data, dataset_sink_mode=True, sink_size=0), ValueError, "sink_size"),
        (lambda: model.train(2, data, dataset_sink_mode=1), TypeError, "dataset_sink_mode"),
        (lambda: model.train(1, data, callbacks=[3]), TypeError, "Callback, but got int at index 0"),
        (lambda: model.train(1, data, callbacks=3), TypeError, "Callback or a list"),
        (lambda: model.train(1, FakeDataset([np.zeros((0, 4))], 8)), ValueError, "no data"),
        (lambda: model.train(1, FakeDataset([data.columns[0]] * 3, 8)), ValueError, "2 columns"),
        (lambda: model.eval(data), ValueError, "needs 'metrics'"),
        (lambda: model.fit(1, data, data), ValueError, "needs the Model's 'metrics'"),
        (lambda: model.fit(1, data, valid_frequency="a"), TypeError, "valid_frequency"),
        (lambda: model.predict(np.ones((2, 4), np.float32)), TypeError, "got ndarray"),
        (lambda: model.predict(Tensor(np.ones((0, 4), np.float32))), ValueError, "empty"),
        (lambda: model.predict(Tensor(np.ones((1, 4), np.float32)), backend="lite"), ValueError, "backend"),
    ]:
        with pytest.raises(error, match=message):
            call()


def test_eval_network_output_errors():
    class NotATuple(nn.Cell):
        def construct(self, x, y):
            return [x, y]

    model = Model(dense(), eval_network=NotATuple(), metrics={"accuracy"})
    with pytest.raises(ValueError, match="a Tensor or a tuple"):
        model.eval(classification_data(8, 8))

    class TwoOutputs(nn.Cell):
        def construct(self, x, y):
            return ops.zeros((8, 2)), y

    model = Model(dense(), eval_network=TwoOutputs(), eval_indexes=[0, 1, 2], metrics={"accuracy"})
    with pytest.raises(ValueError, match="at least 3 outputs"):
        model.eval(classification_data(8, 8))


def test_spore_and_mindspore_paths():
    assert ms.Model is Model and ms.train.Model is Model
    from spore.train.callback import LossMonitor
    from spore.train.model import Model as ModelFromModule
    assert ModelFromModule is Model and ms.LossMonitor is LossMonitor


def test_the_evaluation_network_runs_in_the_eval_phase():
    # MindSpore 2.7.1 sets the evaluation network's phase to 'eval' when Model.eval runs it
    model, _, _ = classifier(metrics={"acc": Accuracy()})
    model.eval(classification_data(8, 8))
    assert model.eval_network.phase == "eval"
