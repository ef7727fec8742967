"""mindspore.common.file_system: MindIO server settings and checkpoint preloading."""
import logging
import sys
import types

import pytest

import spore as ms
from spore.common import file_system


@pytest.fixture(autouse=True)
def default_settings(monkeypatch):
    monkeypatch.setattr(file_system, "mindio_server_info", {"memfs.data_block_pool_capacity_in_gb": "100"})


@pytest.fixture
def no_mindio(monkeypatch):
    """Neither MindIO package importable (None in sys.modules makes an import fail)."""
    monkeypatch.setitem(sys.modules, "mindio_acp", None)
    monkeypatch.setitem(sys.modules, "mindio", None)


def _fake_mindio(name, status=0, preload=True):
    """A MindIO module that records how it was started and what it preloaded."""
    module = types.ModuleType(name)
    module.started, module.preloaded = [], []

    def initialize(**settings):
        module.started.append({key: dict(value) for key, value in settings.items()})
        return status

    module.initialize = initialize
    if preload:
        module.preload = module.preloaded.append
    return module


def test_names_are_served_at_the_top_level():
    assert ms.mindio_preload is file_system.mindio_preload
    assert ms.set_mindio_server_info is file_system.set_mindio_server_info


def test_the_server_capacity_is_recorded_as_mindio_takes_it():
    assert ms.set_mindio_server_info(8) is None
    assert file_system.mindio_server_info == {"memfs.data_block_pool_capacity_in_gb": "8"}
    ms.set_mindio_server_info()
    assert file_system.mindio_server_info == {"memfs.data_block_pool_capacity_in_gb": "100"}


@pytest.mark.parametrize("value, error, match", [
    (0, ValueError, "positive int, but got 0"),
    (-1, ValueError, "positive int, but got -1"),
    (1.5, TypeError, "positive int, but got float"),
    ("8", TypeError, "positive int, but got str"),
    (True, TypeError, "positive int, but got bool"),
    (None, TypeError, "positive int, but got NoneType"),
])
def test_the_server_capacity_must_be_a_positive_int(value, error, match):
    with pytest.raises(error, match=f"For 'set_mindio_server_info', the 'data_block_pool_capacity_in_gb' .*{match}"):
        ms.set_mindio_server_info(value)


def test_without_mindio_preloading_returns_false(no_mindio):
    assert ms.mindio_preload("model.ckpt") is False


def test_mindio_acp_is_started_with_the_server_settings_and_preloads(monkeypatch):
    mindio = _fake_mindio("mindio_acp")
    monkeypatch.setitem(sys.modules, "mindio_acp", mindio)
    ms.set_mindio_server_info(16)
    assert ms.mindio_preload("model.ckpt") is True
    assert mindio.started == [{"server_info": {"memfs.data_block_pool_capacity_in_gb": "16"}}]
    assert mindio.preloaded == ["model.ckpt"]


def test_the_older_mindio_serves_when_mindio_acp_fails_to_start(monkeypatch, caplog):
    failing, older = _fake_mindio("mindio_acp", status=3), _fake_mindio("mindio")
    monkeypatch.setitem(sys.modules, "mindio_acp", failing)
    monkeypatch.setitem(sys.modules, "mindio", older)
    with caplog.at_level(logging.WARNING, logger="spore.common.file_system"):
        assert ms.mindio_preload("model.ckpt") is True
    assert "failed to start: it returned 3" in caplog.text
    assert older.started == [{}] and older.preloaded == ["model.ckpt"]


def test_a_mindio_without_preload_returns_false(monkeypatch, caplog):
    monkeypatch.setitem(sys.modules, "mindio_acp", _fake_mindio("mindio_acp", preload=False))
    with caplog.at_level(logging.WARNING, logger="spore.common.file_system"):
        assert ms.mindio_preload("model.ckpt") is False
    assert "has no 'preload'" in caplog.text


def test_the_checkpoint_name_must_be_a_string(no_mindio):
    with pytest.raises(TypeError, match="For 'mindio_preload', the 'ckpt_file_name' must be str, but got int"):
        ms.mindio_preload(1)


def test_mindspore_common_names_the_mindio_functions():
    import spore.common
    from spore.common import file_system
    assert spore.common.mindio_preload is file_system.mindio_preload
    assert spore.common.set_mindio_server_info is file_system.set_mindio_server_info
