"""ModelCheckpoint and its CheckpointConfig: save the training network's parameters
during training.

Files are named `{prefix}-{epoch}_{step}.ckpt` (step counted within the epoch), in
`directory`. When files of that prefix are already there, the prefix takes a suffix
(`CKP_1`, `CKP_2`, ...) so that a new run never overwrites or prunes an earlier run's
files. At most `keep_checkpoint_max` files of the run are kept: saving one more removes
the oldest. When training ends, the last step is saved too. Unlike MindSpore in Graph
mode, no `{prefix}-graph.meta` file (MindSpore's serialized graph) is written: spore's
graphs are not MindSpore's.
"""
from __future__ import annotations

import os
import time

from ...common.tensor import Tensor
from ...nn.cell import Cell
from ...ops.validator import check_bool, check_non_negative_int, check_type
from ..serialization import _wait_for_async_save, save_checkpoint
from .callback import Callback

__all__ = ["CheckpointConfig", "ModelCheckpoint"]

_APPEND_INFO_KEYS = ("epoch_num", "step_num")
_FORMATS = ("ckpt", "safetensors")


class CheckpointConfig:
    """CheckpointConfig(save_checkpoint_steps=1, save_checkpoint_seconds=0,
    keep_checkpoint_max=5, keep_checkpoint_per_n_minutes=0, integrated_save=True,
    async_save=False, saved_network=None, append_info=None, enc_key=None,
    enc_mode='AES-GCM', exception_save=False, crc_check=False, remove_redundancy=False,
    format='ckpt', **kwargs)

    When to save: every `save_checkpoint_steps` steps, or (when that is 0) every
    `save_checkpoint_seconds` seconds. What to keep: the last `keep_checkpoint_max` files,
    or (when that is 0) one file per `keep_checkpoint_per_n_minutes` minutes; with
    neither, the last file. At least one of the four must be set.

    `saved_network` (a Cell) is saved instead of the training network. `append_info` adds
    entries to every file: 'epoch_num', 'step_num' (the current counts) and one dict of
    name -> int, float, bool, str or Tensor. `exception_save` saves
    `{prefix}-{epoch}_{step}_breakpoint.ckpt` when training fails. `integrated_save`,
    `async_save`, `crc_check` and `format` are passed to save_checkpoint. Encryption
    (`enc_key`) and `remove_redundancy` (for data-parallel training) are not supported.
    """

    def __init__(self, save_checkpoint_steps=1, save_checkpoint_seconds=0, keep_checkpoint_max=5,
                 keep_checkpoint_per_n_minutes=0, integrated_save=True, async_save=False, saved_network=None,
                 append_info=None, enc_key=None, enc_mode="AES-GCM", exception_save=False, crc_check=False,
                 remove_redundancy=False, format="ckpt", **kwargs):
        name = "CheckpointConfig"
        steps, seconds, keep_max, keep_minutes = (
            None if value is None else check_non_negative_int(name, arg, value)
            for arg, value in (("save_checkpoint_steps", save_checkpoint_steps),
                               ("save_checkpoint_seconds", save_checkpoint_seconds),
                               ("keep_checkpoint_max", keep_checkpoint_max),
                               ("keep_checkpoint_per_n_minutes", keep_checkpoint_per_n_minutes)))
        if not (steps or seconds or keep_max or keep_minutes):
            raise ValueError(f"For '{name}', the 'save_checkpoint_steps', 'save_checkpoint_seconds', "
                             f"'keep_checkpoint_max' and 'keep_checkpoint_per_n_minutes' can not all be None or 0.")
        if saved_network is not None and not isinstance(saved_network, Cell):
            raise TypeError(f"For '{name}', the 'saved_network' must be None or a Cell, but got "
                            f"{type(saved_network).__name__}.")
        # A step interval overrides the seconds, a maximum count the minutes (MindSpore's rule).
        self._save_checkpoint_steps = steps
        self._save_checkpoint_seconds = None if steps else seconds
        self._keep_checkpoint_max = keep_max
        self._keep_checkpoint_per_n_minutes = None if keep_max else keep_minutes
        if not keep_max and not keep_minutes:
            self._keep_checkpoint_max = 1
        self._integrated_save = check_bool(name, "integrated_save", integrated_save)
        self._async_save = _check_async_save(async_save)
        self._saved_network = saved_network
        self._append_dict = _append_dict(append_info)
        check_type(name, "enc_key", enc_key, (type(None), bytes))
        self._enc_key = enc_key
        self._enc_mode = check_type(name, "enc_mode", enc_mode, str)
        self.exception_save = check_bool(name, "exception_save", exception_save)
        self._crc_check = check_bool(name, "crc_check", crc_check)
        self.remove_redundancy = check_bool(name, "remove_redundancy", remove_redundancy)
        self._format = check_type(name, "format", format, str)
        if format not in _FORMATS:
            raise ValueError(f"For '{name}', the 'format' must be 'ckpt' or 'safetensors', but got {format!r}.")
        if format == "safetensors" and (enc_key is not None or enc_mode != "AES-GCM" or crc_check or exception_save):
            raise ValueError(f"For '{name}', with format 'safetensors' the 'enc_key', 'enc_mode', 'crc_check' and "
                             f"'exception_save' must keep their defaults.")
        if enc_key is not None:
            raise NotImplementedError(f"For '{name}', the 'enc_key' is not supported: spore does not encrypt "
                                      f"checkpoints. Leave 'enc_key' as None.")
        if remove_redundancy:
            raise NotImplementedError(f"For '{name}', the 'remove_redundancy' is for data-parallel training, which "
                                      f"spore does not run; leave it False.")

    @property
    def save_checkpoint_steps(self):
        return self._save_checkpoint_steps

    @property
    def save_checkpoint_seconds(self):
        return self._save_checkpoint_seconds

    @property
    def keep_checkpoint_max(self):
        return self._keep_checkpoint_max

    @property
    def keep_checkpoint_per_n_minutes(self):
        return self._keep_checkpoint_per_n_minutes

    @property
    def integrated_save(self) -> bool:
        return self._integrated_save

    @property
    def async_save(self):
        return self._async_save

    @property
    def saved_network(self):
        return self._saved_network

    @property
    def append_dict(self):
        """The entries appended to each file (None when there are none)."""
        return self._append_dict

    @property
    def enc_key(self):
        return self._enc_key

    @property
    def enc_mode(self) -> str:
        return self._enc_mode

    @property
    def crc_check(self) -> bool:
        return self._crc_check

    @property
    def format(self) -> str:
        return self._format

    def get_checkpoint_policy(self) -> dict:
        """When to save and what to keep, as a dict."""
        return {"save_checkpoint_steps": self.save_checkpoint_steps,
                "save_checkpoint_seconds": self.save_checkpoint_seconds,
                "keep_checkpoint_max": self.keep_checkpoint_max,
                "keep_checkpoint_per_n_minutes": self.keep_checkpoint_per_n_minutes,
                "saved_network": self.saved_network}


def _check_async_save(async_save):
    check_type("CheckpointConfig", "async_save", async_save, (bool, str))
    if isinstance(async_save, str) and async_save not in ("thread", "process"):
        raise ValueError(f"For 'CheckpointConfig', the 'async_save' must be a bool, 'thread' or 'process', but got "
                         f"{async_save!r}.")
    return async_save


def _append_dict(append_info) -> dict | None:
    """`append_info` (a list of 'epoch_num', 'step_num' and at most one dict) as the dict
    of entries to append."""
    if not append_info:
        return None
    check_type("CheckpointConfig", "append_info", append_info, list)
    entries = {}
    dicts = 0
    for element in append_info:
        if isinstance(element, str):
            if element not in _APPEND_INFO_KEYS:
                raise ValueError(f"For 'CheckpointConfig', a str in 'append_info' must be 'epoch_num' or "
                                 f"'step_num', but got {element!r}.")
            entries[element] = 0
        elif isinstance(element, dict):
            dicts += 1
            if dicts > 1:
                raise TypeError("For 'CheckpointConfig', the 'append_info' can hold only one dict, but got more.")
            for key, value in element.items():
                if not isinstance(key, str) or not isinstance(value, (int, float, bool, str, Tensor)):
                    raise TypeError(f"For 'CheckpointConfig', the dict in 'append_info' must map str to int, float, "
                                    f"bool, str or Tensor, but got {type(key).__name__} {key!r}: "
                                    f"{type(value).__name__}.")
                entries[key] = value
        else:
            raise TypeError(f"For 'CheckpointConfig', every element of 'append_info' must be a str or a dict, but "
                            f"got {type(element).__name__}.")
    return entries


class ModelCheckpoint(Callback):
    """ModelCheckpoint(prefix='CKP', directory=None, config=None)

    Saves the training network (with the optimizer's state) as the CheckpointConfig
    `config` says (see the module for the file names). `prefix` is a str without '/',
    or a function of the run's parameters returning the file name (then
    `{name}.ckpt`, no epoch and step). `directory` (default: the current directory) is
    created if needed, or is a function of the run's parameters; a directory that can
    not be written is reported when training begins, before any step runs.
    """

    def __init__(self, prefix="CKP", directory=None, config=None):
        super().__init__()
        if not callable(prefix) and (not isinstance(prefix, str) or "/" in prefix):
            raise ValueError(f"For 'ModelCheckpoint', the 'prefix' must be a function or a str without '/', but "
                             f"got {prefix!r}.")
        if config is None:
            config = CheckpointConfig()
        elif not isinstance(config, CheckpointConfig):
            raise TypeError(f"For 'ModelCheckpoint', the 'config' must be a CheckpointConfig, but got "
                            f"{type(config).__name__}.")
        self._config = config
        self._prefix_func = prefix if callable(prefix) else None
        self._directory_func = directory if callable(directory) else None
        self._directory = None if self._directory_func else make_directory(directory or os.getcwd())
        self._prefix = prefix
        if self._prefix_func is None and self._directory_func is None:
            self._prefix = _unused_prefix(self._directory, prefix)
        self._append_dict = dict(config.append_dict or {})
        self._append_epoch_num = self._append_dict.get("epoch_num", 0)
        self._append_step_num = self._append_dict.get("step_num", 0)
        self._saved_files: list[str] = []
        self._latest_ckpt_file_name = ""
        self._last_triggered_step = 0
        self._last_time = time.time()
        self._cb_params = None

    @property
    def latest_ckpt_file_name(self) -> str:
        """The path of the last file saved ('' before the first)."""
        return self._latest_ckpt_file_name

    def on_train_begin(self, run_context):
        if self._directory is not None:
            _check_writable(self._directory)
        # The run's parameters, for a breakpoint checkpoint if the run fails.
        self._cb_params = run_context.original_args()
        super().on_train_begin(run_context)

    def step_end(self, run_context):
        self._save_if_due(run_context.original_args(), force=False)

    def end(self, run_context):
        self._save_if_due(run_context.original_args(), force=True)
        if self._config.async_save:
            _wait_for_async_save()

    def __exit__(self, exc_type, exc, traceback):
        """With `exception_save`, a run that failed saves a `_breakpoint` checkpoint."""
        cb_params = self._cb_params
        if exc_type is None or not self._config.exception_save or cb_params is None:
            return
        self._resolve_prefix_and_directory(cb_params)
        step = _step_in_epoch(cb_params) if cb_params.cur_step_num else 0
        name = f"{self._prefix}-{cb_params.get('cur_epoch_num', 0)}_{step}_breakpoint.ckpt"
        self._save(cb_params, os.path.join(self._directory, name))

    def _save_if_due(self, cb_params, force: bool) -> None:
        step = cb_params.cur_step_num
        if step == self._last_triggered_step or not (force or self._due(step)):
            return
        self._resolve_prefix_and_directory(cb_params)
        if self._prefix_func is not None:
            name = f"{self._prefix}.{self._config.format}"
        else:
            name = f"{self._prefix}-{cb_params.cur_epoch_num}_{_step_in_epoch(cb_params)}.{self._config.format}"
        self._make_room()
        self._last_triggered_step = step
        if "epoch_num" in self._append_dict:
            self._append_dict["epoch_num"] = self._append_epoch_num + cb_params.cur_epoch_num
        if "step_num" in self._append_dict:
            self._append_dict["step_num"] = self._append_step_num + step
        path = os.path.join(self._directory, name)
        self._save(cb_params, path)
        self._saved_files.append(path)
        self._latest_ckpt_file_name = path

    def _resolve_prefix_and_directory(self, cb_params) -> None:
        """The prefix and directory of the next file, from the functions given for them."""
        if self._prefix_func is not None:
            self._prefix = _checked_prefix(self._prefix_func(cb_params))
        if self._directory_func is not None:
            self._directory = make_directory(self._directory_func(cb_params))

    def _due(self, step: int) -> bool:
        config = self._config
        if config.save_checkpoint_steps:
            return step >= self._last_triggered_step + config.save_checkpoint_steps
        if config.save_checkpoint_seconds:
            now = time.time()
            if now - self._last_time > config.save_checkpoint_seconds:
                self._last_time = now
                return True
        return False

    def _make_room(self) -> None:
        """Remove the files of this run that the keep policy lets go, before a new one."""
        self._saved_files = [path for path in self._saved_files if os.path.exists(path)]
        keep_max = self._config.keep_checkpoint_max
        if keep_max:
            while len(self._saved_files) >= keep_max:
                os.remove(self._saved_files.pop(0))
            return
        minutes = self._config.keep_checkpoint_per_n_minutes
        if minutes:
            # Of the files saved in the last `minutes` minutes, only the oldest stays.
            now = time.time()
            recent = [path for path in self._saved_files if now - os.path.getmtime(path) < 60 * minutes]
            for path in recent[1:]:
                os.remove(path)
                self._saved_files.remove(path)

    def _save(self, cb_params, path: str) -> None:
        config = self._config
        network = config.saved_network if config.saved_network is not None else cb_params.train_network
        save_checkpoint(network, path, config.integrated_save, config.async_save, self._append_dict or None,
                        crc_check=config.crc_check, format=config.format)


def _step_in_epoch(cb_params) -> int:
    return (cb_params.cur_step_num - 1) % cb_params.batch_num + 1


def _checked_prefix(prefix):
    if not isinstance(prefix, str) or "/" in prefix:
        raise ValueError(f"For 'ModelCheckpoint', a function 'prefix' must return a str without '/', but got "
                         f"{prefix!r}.")
    return prefix


def make_directory(directory, op: str = "ModelCheckpoint") -> str:
    """`directory` as an absolute path, created if it does not exist (errors name `op`)."""
    if not isinstance(directory, str) or not directory.strip():
        raise ValueError(f"For '{op}', the 'directory' must be a non-empty str or a function, but got "
                         f"{directory!r}.")
    path = os.path.realpath(directory)
    if os.path.exists(path) and not os.path.isdir(path):
        raise NotADirectoryError(f"For '{op}', the 'directory' '{path}' is a file, not a directory.")
    try:
        os.makedirs(path, exist_ok=True)
    except PermissionError as error:
        # MindSpore reports this as a TypeError.
        raise TypeError(f"For '{op}', there is no permission to create the 'directory' '{path}'.") from error
    return path


def _check_writable(directory: str) -> None:
    if not os.access(directory, os.W_OK | os.X_OK):
        raise TypeError(f"For 'ModelCheckpoint', there is no write permission on the 'directory' '{directory}', "
                        f"so no checkpoint could be saved there.")


def _unused_prefix(directory: str, prefix: str) -> str:
    """`prefix`, or `prefix_N` with the lowest N above those of the checkpoint files
    already in `directory` (`prefix-...`, `prefix_N-...`)."""
    suffix = 0
    for filename in os.listdir(directory):
        stem, extension = os.path.splitext(filename)
        if extension not in (".ckpt", ".safetensors") or stem.endswith("_breakpoint"):
            continue
        rest = filename[len(prefix):]
        if not filename.startswith(prefix) or rest[:1].isalpha():
            continue
        dash = rest.find("-")
        if dash == 0:
            suffix = max(suffix, 1)
        elif dash > 0 and rest[0] == "_" and rest[1:dash].isdigit():
            suffix = max(suffix, int(rest[1:dash]) + 1)
    return f"{prefix}_{suffix}" if suffix else prefix
