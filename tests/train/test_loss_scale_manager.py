"""Loss scale managers: their scales, update Cells and host-side update rule (as MindSpore
2.7 defines them), and argument errors."""
import pytest

from spore.nn.wrap import DynamicLossScaleUpdateCell, FixedLossScaleUpdateCell
from spore.train.loss_scale_manager import DynamicLossScaleManager, FixedLossScaleManager, LossScaleManager


def test_fixed_manager():
    manager = FixedLossScaleManager()
    assert isinstance(manager, LossScaleManager)
    assert manager.get_loss_scale() == 128.0 and manager.get_drop_overflow_update() is True
    cell = manager.get_update_cell()
    assert isinstance(cell, FixedLossScaleUpdateCell) and cell.get_loss_scale() == 128.0
    assert manager.update_loss_scale(True) is None and manager.get_loss_scale() == 128.0


def test_fixed_manager_without_dropping_updates_has_no_update_cell():
    manager = FixedLossScaleManager(1024, drop_overflow_update=False)
    assert manager.get_loss_scale() == 1024 and manager.get_drop_overflow_update() is False
    assert manager.get_update_cell() is None


def test_dynamic_manager_defaults_and_update_cell():
    manager = DynamicLossScaleManager()
    assert manager.get_loss_scale() == 2 ** 24 and manager.get_drop_overflow_update() is True
    assert (manager.scale_factor, manager.scale_window) == (2, 2000)
    cell = manager.get_update_cell()
    assert isinstance(cell, DynamicLossScaleUpdateCell) and cell.get_loss_scale() == 2 ** 24
    assert cell.scale_window.asnumpy() == 2000 and cell.scale_factor.asnumpy() == 2


def test_dynamic_manager_update_rule():
    manager = DynamicLossScaleManager(init_loss_scale=16, scale_factor=2, scale_window=3)
    scales = []
    for overflow in [False, False, False, True, False, False, False, True, True, True, True, True, True]:
        manager.update_loss_scale(overflow)
        scales.append(manager.get_loss_scale())
    # Multiplied when the steps since the last overflow are a multiple of the window;
    # divided on overflow, not below 1.
    assert scales == [16, 16, 32, 16, 16, 16, 32, 16, 8, 4, 2, 1, 1]
    assert manager.cur_iter == 14 and manager.last_overflow_iter == 13
    # The update Cell starts from the current scale.
    assert manager.get_update_cell().get_loss_scale() == 1


def test_dynamic_manager_gives_up_after_1000_overflows_in_a_row():
    manager = DynamicLossScaleManager(init_loss_scale=1)
    for _ in range(1000):
        manager.update_loss_scale(True)
    with pytest.raises(RuntimeError, match="1001"):
        manager.update_loss_scale(True)


def test_dynamic_manager_resets_the_overflow_count():
    manager = DynamicLossScaleManager(init_loss_scale=1)
    for _ in range(999):
        manager.update_loss_scale(True)
    manager.update_loss_scale(False)
    for _ in range(1000):
        manager.update_loss_scale(True)
    assert manager.bad_step == 1000


@pytest.mark.parametrize("build, error, match", [
    (lambda: FixedLossScaleManager(0.5), ValueError, "'loss_scale' must be >= 1"),
    (lambda: FixedLossScaleManager("8"), TypeError, "'loss_scale' must be int or float"),
    (lambda: FixedLossScaleManager(8, drop_overflow_update=1), TypeError, "'drop_overflow_update' must be bool"),
    (lambda: DynamicLossScaleManager(0.5), ValueError, "'init_loss_scale' must be >= 1"),
    (lambda: DynamicLossScaleManager(8, scale_factor=0), ValueError, "'scale_factor' must be > 0"),
    (lambda: DynamicLossScaleManager(8, scale_factor="2"), TypeError, "'scale_factor' must be int or float"),
    (lambda: DynamicLossScaleManager(8, scale_window=0), ValueError, "'scale_window' must be a positive int"),
    (lambda: DynamicLossScaleManager(8, scale_window=2.0), TypeError, "'scale_window' must be int"),
])
def test_manager_argument_errors(build, error, match):
    with pytest.raises(error, match=match):
        build()
