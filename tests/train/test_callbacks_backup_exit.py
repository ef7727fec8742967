"""BackupAndRestore and OnRequestExit with a small Model (tests/train/model_testing.py)."""
import os
import signal

import numpy as np
import pytest

import spore as ms
from spore import Parameter, Tensor, nn
from spore.train import BackupAndRestore, LambdaCallback, Model, OnRequestExit, load_checkpoint

from .model_testing import W0, classification_data, classifier


def _weight(network):
    return network.weight.asnumpy().copy()


def test_backup_and_restore_saves_each_epoch_and_deletes_at_the_end(tmp_path):
    model, network, _ = classifier()
    seen = []

    def after_epoch(run_context):
        seen.append(os.path.exists(tmp_path / "backup" / "backup.ckpt"))

    backup = BackupAndRestore(str(tmp_path / "backup"))
    model.train(2, classification_data(), callbacks=[backup, LambdaCallback(on_train_epoch_end=after_epoch)])
    assert seen == [True, True]
    assert not os.path.exists(backup.backup_file), "delete_checkpoint removes the backup at the end"


def test_backup_and_restore_resumes_from_the_backup(tmp_path):
    model, network, _ = classifier()
    model.train(1, classification_data(), callbacks=[BackupAndRestore(str(tmp_path), delete_checkpoint=False)])
    trained = _weight(network)
    assert not np.allclose(trained, W0)
    fresh_model, fresh_network, _ = classifier()
    restored = []
    probe = LambdaCallback(on_train_begin=lambda ctx: restored.append(_weight(fresh_network)))
    # The backup callback runs first, so the probe sees the restored weights.
    fresh_model.train(1, classification_data(), callbacks=[BackupAndRestore(str(tmp_path)), probe])
    assert np.allclose(restored[0], trained)


def test_backup_and_restore_save_freq(tmp_path):
    model, _, _ = classifier()
    saves = []
    backup = BackupAndRestore(str(tmp_path), save_freq=2, delete_checkpoint=False)
    probe = LambdaCallback(on_train_epoch_end=lambda ctx: saves.append(os.path.getmtime(backup.backup_file)
                                                                       if os.path.exists(backup.backup_file)
                                                                       else None))
    model.train(3, classification_data(), callbacks=[backup, probe])
    assert saves[0] is None and saves[1] is not None and saves[2] == saves[1]


def test_backup_and_restore_arguments(tmp_path):
    with pytest.raises(ValueError):
        BackupAndRestore(str(tmp_path), save_freq=0)
    with pytest.raises(TypeError):
        BackupAndRestore(str(tmp_path), save_freq=1.5)
    with pytest.raises(TypeError):
        BackupAndRestore(str(tmp_path), delete_checkpoint=1)


def _send_signal_at_step(step, sig=signal.SIGUSR1):
    def on_step_end(run_context):
        if run_context.original_args().cur_step_num == step:
            os.kill(os.getpid(), sig)
    return LambdaCallback(on_train_step_end=on_step_end)


@pytest.fixture
def default_sigusr1():
    yield
    signal.signal(signal.SIGUSR1, signal.SIG_DFL)


def test_on_request_exit_saves_the_network_at_the_end(tmp_path, default_sigusr1):
    model, network, _ = classifier()
    steps = []
    exit_cb = OnRequestExit(save_mindir=False, directory=str(tmp_path), sig=signal.SIGUSR1)
    counter = LambdaCallback(on_train_step_end=lambda ctx: steps.append(ctx.original_args().cur_step_num))
    model.train(1, classification_data(), callbacks=[exit_cb, _send_signal_at_step(2), counter])
    assert exit_cb.exit is True
    path = tmp_path / "rank_0" / "Net_train.ckpt"
    assert path.exists() and steps == [1, 2, 3, 4, 5], "without graceful exit, training runs to its end"
    assert np.allclose(load_checkpoint(str(path))["weight"].asnumpy(), _weight(network))


def test_on_request_exit_resumes_from_its_checkpoint(tmp_path, default_sigusr1):
    model, network, _ = classifier()
    model.train(1, classification_data(), callbacks=[
        OnRequestExit(save_mindir=False, directory=str(tmp_path), sig=signal.SIGUSR1), _send_signal_at_step(1)])
    fresh_model, fresh_network, _ = classifier()
    seen = []
    fresh_model.train(1, classification_data(), callbacks=[
        OnRequestExit(save_mindir=False, directory=str(tmp_path), sig=signal.SIGUSR1),
        LambdaCallback(on_train_begin=lambda ctx: seen.append(_weight(fresh_network)))])
    assert np.allclose(seen[0], _weight(network))


class _GracefulNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 2, weight_init=Tensor(W0), bias_init="zeros")
        self.graceful_exit = Parameter(Tensor(False, ms.bool_), name="graceful_exit", requires_grad=False)

    def construct(self, x):
        return self.dense(x)


def test_on_request_exit_graceful_stops_training(tmp_path, monkeypatch, default_sigusr1):
    monkeypatch.setenv("MS_ENABLE_GRACEFUL_EXIT", "1")
    network = _GracefulNet()
    optimizer = nn.Momentum(network.trainable_params(), 0.1, 0.9)
    model = Model(network, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"), optimizer)
    steps = []
    exit_cb = OnRequestExit(save_mindir=False, directory=str(tmp_path), sig=signal.SIGUSR1)
    counter = LambdaCallback(on_train_step_end=lambda ctx: steps.append(ctx.original_args().cur_step_num))
    model.train(2, classification_data(), callbacks=[_send_signal_at_step(2), exit_cb, counter])
    assert steps == [1, 2, 3], "the step after the request sets graceful_exit and stops"
    assert (tmp_path / "rank_0" / "Net_train.ckpt").exists()


def test_on_request_exit_config_file_requests_exit(tmp_path, monkeypatch):
    monkeypatch.setenv("MS_ENABLE_GRACEFUL_EXIT", "1")
    config = tmp_path / "exit.json"
    config.write_text('{"GracefulExit": 1}')
    network = _GracefulNet()
    model = Model(network, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
                  nn.Momentum(network.trainable_params(), 0.1, 0.9))
    steps = []
    model.train(1, classification_data(), callbacks=[
        OnRequestExit(save_mindir=False, directory=str(tmp_path), config_file=str(config), sig=signal.SIGUSR2),
        LambdaCallback(on_train_step_end=lambda ctx: steps.append(ctx.original_args().cur_step_num))])
    signal.signal(signal.SIGUSR2, signal.SIG_DFL)
    assert steps == [1]
    # No signal came, so the checkpoint is the one saved at the stopping step, with its position.
    saved = load_checkpoint(str(tmp_path / "rank_0" / "Net_train.ckpt"))
    assert int(saved["epoch_num"].asnumpy()) == 1 and int(saved["step_num"].asnumpy()) == 1
    assert int(saved["batch_num"].asnumpy()) == 5


def test_on_request_exit_arguments(tmp_path):
    with pytest.raises(TypeError):
        OnRequestExit(save_ckpt=1, directory=str(tmp_path))
    with pytest.raises(TypeError):
        OnRequestExit(sig="TERM", directory=str(tmp_path))
    with pytest.raises(ValueError, match="SIGKILL"):
        OnRequestExit(sig=signal.SIGKILL, directory=str(tmp_path))
    OnRequestExit(directory=str(tmp_path / "made"))
    assert (tmp_path / "made" / "rank_0").is_dir()


def test_on_request_exit_with_save_mindir_saves_the_checkpoint_then_names_what_export_refuses(
        tmp_path, default_sigusr1):
    # The train network updates its Parameters (side effects), which spore's MINDIR writer
    # does not write yet: the checkpoint is saved first, then export says what it refused.
    model, network, _ = classifier()
    with pytest.raises(RuntimeError, match="For 'export'.*side effects"):
        model.train(1, classification_data(), callbacks=[
            OnRequestExit(save_mindir=True, directory=str(tmp_path), sig=signal.SIGUSR1), _send_signal_at_step(2)])
    assert (tmp_path / "rank_0" / "Net_train.ckpt").exists()
