"""Callbacks: the order of the stages and the parameters they see in train, eval and fit
(recorded from MindSpore 2.7.1), RunContext and stopping, the 1.x stage names, the
context-manager protocol, and each built-in callback: LossMonitor and TimeMonitor output,
ModelCheckpoint files (names, pruning, loading back, errors), EarlyStopping,
ReduceLROnPlateau, LearningRateScheduler, History, LambdaCallback, ProgressBar."""
import io
import os
import re

import numpy as np
import pytest

import spore as ms
from spore import Tensor
from spore.train import (
    Callback,
    CheckpointConfig,
    EarlyStopping,
    History,
    LambdaCallback,
    LearningRateScheduler,
    LossMonitor,
    ModelCheckpoint,
    ProgressBar,
    ReduceLROnPlateau,
    RunContext,
    TimeMonitor,
)
from spore.train.callback import _InternalCallbackParam

from .model_testing import FakeDataset, classification_data, classifier, dense

STAGES = [f"on_{run}_{stage}" for run in ("train", "eval")
          for stage in ("begin", "epoch_begin", "step_begin", "step_end", "epoch_end", "end")]


class Recorder(Callback):
    """Records (stage, mode, cur_epoch_num, cur_step_num, batch_num, has metrics)."""

    def __init__(self):
        self.calls = []
        self.params = []

    def _record(self, stage, run_context):
        cb = run_context.original_args()
        self.params.append(cb)
        self.calls.append((stage, cb.get("mode"), cb.get("cur_epoch_num"), cb.get("cur_step_num"), cb.get("batch_num"),
                           "metrics" in cb))


for _stage in STAGES:
    setattr(Recorder, _stage, lambda self, rc, _stage=_stage: self._record(_stage, rc))


# ---- order and parameters ---------------------------------------------------------------
def test_fit_calls_the_stages_in_mindspores_order():
    model, _, _ = classifier(metrics={"accuracy"})
    recorder = Recorder()
    model.fit(2, classification_data(16, 8), classification_data(8, 4), callbacks=[recorder])
    expected = [("on_train_begin", "train", None, 0, 2, False)]
    for epoch in (1, 2):
        expected.append(("on_train_epoch_begin", "train", epoch, 2 * epoch - 2, 2, False))
        for step in (2 * epoch - 1, 2 * epoch):
            expected += [("on_train_step_begin", "train", epoch, step, 2, False),
                         ("on_train_step_end", "train", epoch, step, 2, False)]
        expected += [("on_eval_begin", "eval", epoch, 0, 2, False), ("on_eval_epoch_begin", "eval", epoch, 0, 2, False)]
        for step in (1, 2):
            expected += [("on_eval_step_begin", "eval", epoch, step, 2, False),
                         ("on_eval_step_end", "eval", epoch, step, 2, False)]
        expected += [("on_eval_epoch_end", "eval", epoch, 2, 2, False), ("on_eval_end", "eval", epoch, 2, 2, True),
                     ("on_train_epoch_end", "train", epoch, 2 * epoch, 2, True)]
    expected.append(("on_train_end", "train", 2, 4, 2, False))
    assert recorder.calls == expected


def test_train_parameters():
    model, network, optimizer = classifier()
    dataset = classification_data(16, 8)
    recorder = Recorder()
    model.train(1, dataset, callbacks=recorder)
    cb = recorder.params[0]
    assert cb.train_network is model.train_network and cb.network is network and cb.optimizer is optimizer
    assert cb.loss_fn is model._loss_fn and cb.train_dataset is dataset and cb.list_callback == [recorder]
    assert (cb.epoch_num, cb.batch_num, cb.mode, cb.dataset_sink_mode) == (1, 2, "train", False)
    assert (cb.parallel_mode, cb.device_number) == ("stand_alone", 1)
    assert cb.loss_scale_mananger is None and cb.last_save_ckpt_step is None and cb.latest_ckpt_file is None
    data, label = cb.train_dataset_element
    assert data.shape == (8, 4) and label.shape == (8,)
    assert isinstance(cb.net_outputs, Tensor) and cb.net_outputs.shape == ()


def test_eval_parameters_and_stages():
    model, network, _ = classifier(metrics={"accuracy"})
    dataset = classification_data(8, 4)
    recorder = Recorder()
    assert model.eval(dataset, callbacks=[recorder]) == recorder.params[-1].metrics
    assert [call[0] for call in recorder.calls] == ["on_eval_begin", "on_eval_epoch_begin"] + [
        "on_eval_step_begin", "on_eval_step_end"] * 2 + ["on_eval_epoch_end", "on_eval_end"]
    cb = recorder.params[-1]
    assert cb.eval_network is model.eval_network and cb.valid_dataset is dataset and cb.network is network
    assert (cb.mode, cb.batch_num, cb.cur_step_num) == ("eval", 2, 2)
    loss, outputs, label = cb.net_outputs
    assert outputs.shape == (4, 2) and label.shape == (4,)
    assert "eval_results" not in cb


def test_fit_parameters_hold_the_evaluation_results_until_the_epoch_ends():
    model, _, _ = classifier(metrics={"accuracy"})
    seen = []

    class Spy(Callback):
        def on_train_epoch_end(self, run_context):
            cb = run_context.original_args()
            seen.append((cb.get("eval_results"), cb.mode, cb.cur_step_num, cb.batch_num))

        def on_train_step_begin(self, run_context):
            seen.append("metrics" in run_context.original_args())

    model.fit(2, classification_data(16, 8), classification_data(8, 8), valid_frequency=[2], callbacks=[Spy()])
    assert seen[2] == (None, "train", 2, 2)
    results, mode, step, batch_num = seen[-1]
    assert set(results) == {"accuracy", "eval_loss"} and (mode, step, batch_num) == ("train", 4, 2)
    assert not any(flag for flag in seen if isinstance(flag, bool))


def test_callback_parameters_read_as_attributes():
    params = _InternalCallbackParam(a=1)
    params.b = 2
    assert params == {"a": 1, "b": 2} and params.a == 1
    assert not hasattr(params, "c")
    with pytest.raises(AttributeError, match="'c'"):
        _ = params.c


# ---- RunContext, stopping, 1.x names, context managers ----------------------------------
def test_run_context():
    args = {"x": 1}
    context = RunContext(args)
    assert context.original_args() is args and not context.get_stop_requested()
    context.request_stop()
    assert context.get_stop_requested()
    with pytest.raises(TypeError, match="original_args"):
        RunContext([1])


def test_request_stop_ends_training_after_the_step():
    model, _, _ = classifier()
    recorder = Recorder()
    stopper = LambdaCallback(on_train_step_end=lambda rc: rc.original_args().cur_step_num == 3 and rc.request_stop())
    model.train(5, classification_data(16, 8), callbacks=[stopper, recorder])
    stages = [(stage, epoch, step) for stage, _, epoch, step, _, _ in recorder.calls if "step_begin" not in stage]
    assert stages == [("on_train_begin", None, 0), ("on_train_epoch_begin", 1, 0), ("on_train_step_end", 1, 1),
                      ("on_train_step_end", 1, 2), ("on_train_epoch_end", 1, 2), ("on_train_epoch_begin", 2, 2),
                      ("on_train_step_end", 2, 3), ("on_train_epoch_end", 2, 3), ("on_train_end", 2, 3)]


def test_request_stop_ends_evaluation_after_the_batch():
    model, _, _ = classifier(metrics={"loss"})
    stopper = LambdaCallback(on_eval_step_end=lambda rc: rc.request_stop())
    recorder = Recorder()
    model.eval(classification_data(16, 4), callbacks=[stopper, recorder])
    assert [call[0] for call in recorder.calls].count("on_eval_step_end") == 1


def test_1x_stage_names_run_in_training_and_evaluation(caplog):
    class Old(Callback):
        def __init__(self):
            self.calls = []

        def begin(self, rc):
            self.calls.append(("begin", rc.original_args().mode))

        def step_end(self, rc):
            self.calls.append(("step_end", rc.original_args().mode))

        def end(self, rc):
            self.calls.append(("end", rc.original_args().mode))

    model, _, _ = classifier(metrics={"accuracy"})
    old = Old()
    model.train(1, classification_data(8, 8), callbacks=[old])
    assert "on_train_... and on_eval_..." in caplog.text
    model.eval(classification_data(8, 8), callbacks=old)
    assert old.calls == [("begin", "train"), ("step_end", "train"), ("end", "train"), ("begin", "eval"),
                         ("step_end", "eval"), ("end", "eval")]
    with pytest.raises(ValueError, match="Old defines"):
        model.fit(1, classification_data(8, 8), classification_data(8, 8), callbacks=[old])


def test_callbacks_are_entered_and_exited_also_on_failure():
    events = []

    class Managed(Callback):
        def __enter__(self):
            events.append("enter")
            return self

        def __exit__(self, *exc_info):
            events.append(("exit", exc_info[0]))

        def on_train_step_end(self, rc):
            raise KeyError("boom")

    model, _, _ = classifier()
    with pytest.raises(KeyError, match="boom"):
        model.train(1, classification_data(8, 8), callbacks=[Managed()])
    assert events == ["enter", ("exit", KeyError)]


# ---- LossMonitor, TimeMonitor -----------------------------------------------------------
def test_loss_monitor_prints_like_mindspore(capsys):
    model, _, _ = classifier()
    model.train(2, classification_data(40, 8), callbacks=[LossMonitor(2)])
    lines = capsys.readouterr().out.splitlines()
    positions = [re.fullmatch(r"epoch: (\d) step: (\d), loss is (\d\.\d+)", line).groups()[:2] for line in lines]
    assert positions == [("1", "2"), ("1", "4"), ("2", "1"), ("2", "3"), ("2", "5")]


def test_loss_monitor_prints_nothing_with_zero_and_restarts_with_a_new_run(capsys):
    model, _, _ = classifier()
    model.train(1, classification_data(16, 8), callbacks=[LossMonitor(0)])
    assert capsys.readouterr().out == ""
    monitor = LossMonitor(2)
    model.train(1, classification_data(16, 8), callbacks=[monitor])
    model.train(1, classification_data(16, 8), callbacks=[monitor])
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and all(line.startswith("epoch: 1 step: 2, loss is ") for line in lines)


def test_loss_monitor_prints_fit_metrics_and_stops_on_nan(capsys):
    model, _, _ = classifier(metrics={"accuracy"})
    model.fit(1, classification_data(8, 8), classification_data(8, 8), callbacks=[LossMonitor()])
    assert re.search(r"^Eval result: epoch 1, metrics: \{'accuracy': [\d.]+\}$", capsys.readouterr().out, re.M)
    nan_data = classification_data(8, 8)
    nan_data.columns[0][:] = np.nan
    with pytest.raises(ValueError, match="loss is NAN or INF"):
        model.train(1, nan_data, callbacks=[LossMonitor()])
    with pytest.raises(ValueError, match="per_print_times"):
        LossMonitor(-1)
    with pytest.raises(TypeError, match="per_print_times"):
        LossMonitor(1.0)


def test_time_monitor_prints_train_and_eval_epochs(capsys):
    model, _, _ = classifier(metrics={"accuracy"})
    model.fit(1, classification_data(16, 8), classification_data(8, 8), callbacks=[TimeMonitor(data_time=True)])
    lines = capsys.readouterr().out.splitlines()
    assert re.fullmatch(r"Eval epoch time: \d+\.\d{3} ms, per step time: \d+\.\d{3} ms \(data time: \d+\.\d{3} ms\)",
                        lines[0])
    assert re.fullmatch(r"Train epoch time: \d+\.\d{3} ms, per step time: \d+\.\d{3} ms \(data time: "
                        r"\d+\.\d{3} ms\)", lines[1])
    with pytest.raises(ValueError, match="data_size"):
        TimeMonitor(data_size=0)


# ---- ModelCheckpoint --------------------------------------------------------------------
def test_model_checkpoint_names_prunes_and_loads_back(tmp_path):
    model, network, _ = classifier()
    config = CheckpointConfig(save_checkpoint_steps=3, keep_checkpoint_max=2,
                              append_info=["epoch_num", "step_num", {"lr": 0.1}])
    checkpoint = ModelCheckpoint(prefix="net", directory=str(tmp_path), config=config)
    listings = []
    listing = LambdaCallback(on_train_step_end=lambda rc: listings.append(sorted(os.listdir(tmp_path))))
    model.train(2, classification_data(40, 8), callbacks=[checkpoint, listing])
    # MindSpore 2.7.1's sequence (PyNative; in Graph mode it adds net-graph.meta).
    assert listings[2] == ["net-1_3.ckpt"] and listings[5] == ["net-1_3.ckpt", "net-2_1.ckpt"]
    assert listings[8] == ["net-2_1.ckpt", "net-2_4.ckpt"]
    assert sorted(os.listdir(tmp_path)) == ["net-2_4.ckpt", "net-2_5.ckpt"]
    assert checkpoint.latest_ckpt_file_name == str(tmp_path / "net-2_5.ckpt")
    saved = ms.load_checkpoint(str(tmp_path / "net-2_5.ckpt"))
    assert set(saved) == {"weight", "bias", "global_step", "learning_rate", "momentum", "moments.weight",
                          "moments.bias", "epoch_num", "step_num", "lr"}
    assert (int(saved["epoch_num"].asnumpy()), int(saved["step_num"].asnumpy())) == (2, 10)
    np.testing.assert_array_equal(saved["weight"].asnumpy(), network.weight.asnumpy())
    fresh = dense()
    ms.load_param_into_net(fresh, ms.load_checkpoint(str(tmp_path / "net-2_4.ckpt")))
    assert not np.array_equal(fresh.weight.asnumpy(), network.weight.asnumpy())
    # A second run with the same prefix takes the next free one.
    model.train(1, classification_data(40, 8), callbacks=[ModelCheckpoint("net", str(tmp_path), config)])
    assert sorted(os.listdir(tmp_path))[2:] == ["net_1-1_3.ckpt", "net_1-1_5.ckpt"]


def test_model_checkpoint_in_graph_mode_saves_the_same_files(tmp_path, restore_mode):
    ms.set_context(mode=ms.GRAPH_MODE)
    model, network, _ = classifier()
    model.train(1, classification_data(16, 8), callbacks=[ModelCheckpoint(directory=str(tmp_path))])
    assert sorted(os.listdir(tmp_path)) == ["CKP-1_1.ckpt", "CKP-1_2.ckpt"]
    saved = ms.load_checkpoint(str(tmp_path / "CKP-1_2.ckpt"))
    np.testing.assert_array_equal(saved["weight"].asnumpy(), network.weight.asnumpy())


def test_model_checkpoint_saved_network_callable_prefix_and_seconds(tmp_path):
    model, network, _ = classifier()
    config = CheckpointConfig(save_checkpoint_steps=0, save_checkpoint_seconds=3600, keep_checkpoint_max=0,
                              saved_network=network)
    prefix = ModelCheckpoint(prefix=lambda cb: f"step{cb.cur_step_num}", directory=str(tmp_path), config=config)
    model.train(1, classification_data(24, 8), callbacks=[prefix])
    # Only the end of training is due within the hour; keep_checkpoint_max 0 keeps one file.
    assert os.listdir(tmp_path) == ["step3.ckpt"]
    assert set(ms.load_checkpoint(str(tmp_path / "step3.ckpt"))) == {"weight", "bias"}


def test_model_checkpoint_saves_a_breakpoint_when_training_fails(tmp_path):
    model, _, _ = classifier()
    config = CheckpointConfig(save_checkpoint_steps=10, exception_save=True)
    fail = LambdaCallback(on_train_step_end=lambda rc: rc.original_args().cur_step_num == 2 and 1 / 0)
    with pytest.raises(ZeroDivisionError):
        model.train(1, classification_data(24, 8), callbacks=[ModelCheckpoint("run", str(tmp_path), config), fail])
    assert os.listdir(tmp_path) == ["run-1_2_breakpoint.ckpt"]


def test_model_checkpoint_breakpoint_of_a_step_that_failed_and_callable_directory(tmp_path):
    model, _, _ = classifier()
    config = CheckpointConfig(exception_save=True)
    checkpoint = ModelCheckpoint("run", lambda cb: str(tmp_path / f"epoch{cb.cur_epoch_num}"), config)
    wrong_width = FakeDataset([np.zeros((8, 3), np.float32), np.zeros(8, np.int32)], 8)
    with pytest.raises(ValueError):
        model.train(1, wrong_width, callbacks=[checkpoint])
    assert os.listdir(tmp_path / "epoch1") == ["run-1_1_breakpoint.ckpt"]


def test_keep_checkpoint_per_n_minutes_keeps_the_first_of_the_window(tmp_path):
    model, _, _ = classifier()
    config = CheckpointConfig(keep_checkpoint_max=0, keep_checkpoint_per_n_minutes=1)
    model.train(2, classification_data(24, 8), callbacks=[ModelCheckpoint(directory=str(tmp_path), config=config)])
    assert sorted(os.listdir(tmp_path)) == ["CKP-1_1.ckpt", "CKP-2_3.ckpt"]


def test_model_checkpoint_reports_an_unwritable_directory_before_training(tmp_path, monkeypatch):
    model, _, _ = classifier()
    checkpoint = ModelCheckpoint(directory=str(tmp_path / "new" / "dir"))
    assert (tmp_path / "new" / "dir").is_dir()
    monkeypatch.setattr(os, "access", lambda path, mode: False)
    recorder = Recorder()
    with pytest.raises(TypeError, match="no write permission"):
        model.train(1, classification_data(8, 8), callbacks=[checkpoint, recorder])
    assert recorder.calls == []
    (tmp_path / "file").write_text("")
    with pytest.raises(NotADirectoryError):
        ModelCheckpoint(directory=str(tmp_path / "file"))


def test_checkpoint_config():
    config = CheckpointConfig(save_checkpoint_steps=5, save_checkpoint_seconds=10, keep_checkpoint_max=3,
                              keep_checkpoint_per_n_minutes=1)
    assert config.get_checkpoint_policy() == {"save_checkpoint_steps": 5, "save_checkpoint_seconds": None,
                                              "keep_checkpoint_max": 3, "keep_checkpoint_per_n_minutes": None,
                                              "saved_network": None}
    config = CheckpointConfig(save_checkpoint_steps=0, save_checkpoint_seconds=10, keep_checkpoint_max=0)
    assert (config.save_checkpoint_seconds, config.keep_checkpoint_max) == (10, 1)
    assert (config.append_dict, config.async_save, config.integrated_save, config.format) == (None, False, True, "ckpt")
    with pytest.raises(ValueError, match="can not all be None or 0"):
        CheckpointConfig(0, 0, 0, 0)
    with pytest.raises(ValueError, match="save_checkpoint_steps"):
        CheckpointConfig(save_checkpoint_steps=-1)
    with pytest.raises(ValueError, match="'epoch_num' or 'step_num'"):
        CheckpointConfig(append_info=["foo"])
    with pytest.raises(TypeError, match="saved_network"):
        CheckpointConfig(saved_network=3)
    with pytest.raises(NotImplementedError, match="encrypt"):
        CheckpointConfig(enc_key=b"0123456789abcdef")
    with pytest.raises(ValueError, match="safetensors"):
        CheckpointConfig(format="safetensors", crc_check=True)
    with pytest.raises(ValueError, match="prefix"):
        ModelCheckpoint(prefix="a/b")
    with pytest.raises(TypeError, match="CheckpointConfig"):
        ModelCheckpoint(config=3)


# ---- EarlyStopping, ReduceLROnPlateau, LearningRateScheduler ----------------------------
def test_early_stopping_on_the_training_loss_with_patience_0_stops_after_one_epoch(capsys):
    model, _, _ = classifier()
    stopping = EarlyStopping(monitor="loss", patience=0, verbose=True)
    recorder = Recorder()
    model.train(5, classification_data(16, 8), callbacks=[stopping, recorder])
    assert stopping.stopped_epoch == 1 and stopping.wait == 0
    assert recorder.calls[-1][:3] == ("on_train_end", "train", 1)
    assert capsys.readouterr().out == "Epoch 00001: early stopping\n"


def test_early_stopping_on_a_metric_restores_the_best_weights():
    model, network, _ = classifier(metrics={"accuracy"})
    accuracies = iter([0.5, 0.9, 0.8, 0.7, 0.6])
    weights = []

    class FakeAccuracy(Callback):
        """Sets this epoch's accuracy and records the weights it was reached with."""

        def on_train_epoch_end(self, rc):
            rc.original_args().eval_results["accuracy"] = next(accuracies)
            weights.append(network.weight.asnumpy().copy())

    stopping = EarlyStopping(monitor="accuracy", patience=2, restore_best_weights=True)
    model.fit(5, classification_data(16, 8), classification_data(8, 8), callbacks=[FakeAccuracy(), stopping])
    assert stopping.stopped_epoch == 4 and stopping.best == 0.9
    np.testing.assert_array_equal(network.weight.asnumpy(), weights[1])


def test_reduce_lr_on_plateau_lowers_the_learning_rate_parameter(capsys):
    model, _, optimizer = classifier(metrics={"accuracy"})
    reduce = ReduceLROnPlateau(monitor="eval_loss", factor=0.5, patience=0, verbose=True, min_delta=10)
    model.fit(3, classification_data(16, 8), classification_data(8, 8), callbacks=[reduce])
    assert capsys.readouterr().out == ("Epoch 00002: ReduceLROnPlateau reducing learning rate to 0.05.\n"
                                       "Epoch 00003: ReduceLROnPlateau reducing learning rate to 0.025.\n")
    assert optimizer.learning_rate.asnumpy() == np.float32(0.025)


def test_reduce_lr_on_plateau_cooldown_and_minimum():
    model, _, optimizer = classifier()
    reduce = ReduceLROnPlateau(monitor="loss", factor=0.5, patience=0, min_delta=100, cooldown=1, min_lr=0.04)
    model.train(6, classification_data(8, 8), callbacks=[reduce])
    # Epoch 1 sets the best; 2 reduces to 0.05; 3 cools down; 4 reduces to 0.04 (the minimum); 6 can not.
    assert optimizer.learning_rate.asnumpy() == np.float32(0.04)


def test_reduce_lr_on_plateau_needs_a_fixed_rate():
    from spore import nn
    from spore.train import Model
    network = dense()
    optimizer = nn.Momentum(network.trainable_params(), [0.1, 0.05], 0.9)
    model = Model(network, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"), optimizer)
    with pytest.raises(ValueError, match="fixed rate"):
        model.train(1, classification_data(8, 8), callbacks=[ReduceLROnPlateau(monitor="loss")])
    with pytest.raises(TypeError, match="factor"):
        ReduceLROnPlateau(factor=1)
    with pytest.raises(ValueError, match="factor"):
        ReduceLROnPlateau(factor=1.0)
    with pytest.raises(ValueError, match="mode"):
        EarlyStopping(mode="x")


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_learning_rate_scheduler_changes_the_rate_of_the_next_steps(mode, restore_mode):
    ms.set_context(mode=mode)
    calls = []

    def halve_every_second_step(lr, step):
        calls.append((lr, step))
        return lr * 0.5 if step % 2 == 0 else lr

    model, _, optimizer = classifier()
    model.train(1, classification_data(32, 8), callbacks=[LearningRateScheduler(halve_every_second_step)])
    assert calls == [(0.1, 1), (0.1, 2), (0.05, 3), (0.05, 4)]
    assert optimizer.learning_rate.asnumpy() == np.float32(0.025)
    # The compiled step reads the new rate: a step with rate 0 leaves the weights as they are.
    zero = LearningRateScheduler(lambda lr, step: 0.0)
    model.train(1, classification_data(8, 8), callbacks=[zero])
    weight = model.predict_network.weight.asnumpy().copy()
    optimizer.moments[0].set_data(Tensor(np.zeros((2, 4), np.float32)))
    model.train(1, classification_data(8, 8))
    np.testing.assert_array_equal(model.predict_network.weight.asnumpy(), weight)


# ---- History, LambdaCallback, ProgressBar -----------------------------------------------
def test_history_records_the_loss_and_metrics_of_each_epoch():
    model, _, _ = classifier(metrics={"accuracy"})
    history = History()
    outputs = []
    last = LambdaCallback(on_train_epoch_end=lambda rc: outputs.append(rc.original_args().net_outputs.asnumpy()))
    model.fit(2, classification_data(16, 8), classification_data(8, 8), callbacks=[last, history])
    assert history.epoch == {"epoch": [1, 2]} and list(history.history) == ["net_output", "accuracy"]
    np.testing.assert_array_equal(history.history["net_output"], outputs)
    assert all(0 <= value <= 1 for value in history.history["accuracy"])


def test_lambda_callback_calls_its_functions():
    calls = []
    callback = LambdaCallback(on_train_begin=lambda rc: calls.append("begin"),
                              on_train_step_end=lambda rc: calls.append(rc.original_args().cur_step_num),
                              on_eval_end=lambda rc: calls.append("eval"))
    model, _, _ = classifier(metrics={"loss"})
    model.train(1, classification_data(16, 8), callbacks=callback)
    model.eval(classification_data(8, 8), callbacks=callback)
    assert calls == ["begin", 1, 2, "eval"]
    with pytest.raises(TypeError, match="on_train_end"):
        LambdaCallback(on_train_end=3)


class _Terminal(io.StringIO):
    def isatty(self):
        return True


def test_progress_bar_writes_completed_lines_when_not_interactive():
    stream = io.StringIO()
    model, _, _ = classifier(metrics={"accuracy"})
    model.fit(2, classification_data(16, 8), classification_data(8, 8), callbacks=[ProgressBar(width=10,
                                                                                               file=stream)],
              initial_epoch=0)
    lines = stream.getvalue().splitlines()
    assert len(lines) == 2
    assert re.fullmatch(r"Epoch 1/2 \[=+\] 2/2 - \d+ ms - loss \d\.\d{4} - [\d.]+ ms/step - accuracy \d\.\d{4}",
                        lines[0])


def test_progress_bar_redraws_on_a_terminal():
    stream = _Terminal()
    model, _, _ = classifier(metrics={"accuracy"})
    model.train(3, classification_data(16, 8), callbacks=[ProgressBar(width=4, file=stream)], initial_epoch=2)
    redraws = stream.getvalue().split("\r")
    assert redraws[0] == "" and redraws[1].startswith("Epoch 3/3 [=>..] 1/2 - loss ")
    assert redraws[3].startswith("Epoch 3/3 [====] 2/2 - ") and redraws[3].endswith(" ms/step\n")
    assert stream.getvalue().count("\n") == 1
    stream = _Terminal()
    model.eval(classification_data(16, 8), callbacks=[ProgressBar(width=4, file=stream)])
    assert stream.getvalue().startswith("\rEval [=>..] 1/2") and " - accuracy " in stream.getvalue()
