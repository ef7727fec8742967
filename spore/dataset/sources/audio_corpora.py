"""Speech corpora of WAV files (LJSpeechDataset, YesNoDataset, SpeechCommandsDataset,
CMUArcticDataset, LibriTTSDataset) and SPHERE files (TedliumDataset). The waveform column
is float32 of shape (channels, frames), PCM samples scaled by the largest positive sample
value (32767 for 16 bits), as MindSpore reads them."""
from __future__ import annotations

import os
import wave

import numpy as np

from .. import checks
from .file_rows import read_text
from .mappable import MappableDataset

_PCM_TYPES = {1: np.uint8, 2: np.dtype("<i2"), 4: np.dtype("<i4")}


def read_wav(op: str, path: str) -> tuple[np.ndarray, int]:
    """The waveform (float32, (channels, frames)) and sample rate of a PCM WAV file."""
    try:
        with wave.open(path, "rb") as f:
            channels, width, rate = f.getnchannels(), f.getsampwidth(), f.getframerate()
            frames = f.readframes(f.getnframes())
    except (OSError, EOFError, wave.Error) as e:
        raise RuntimeError(f"{op}: cannot read the WAV file {path}: {e}") from e
    if width == 3:  # 24-bit samples: widen to 32 bits, keeping the sign
        raw = np.frombuffer(frames, np.uint8).reshape(-1, 3)
        samples = (raw[:, 0].astype(np.int32) | raw[:, 1].astype(np.int32) << 8
                   | raw[:, 2].astype(np.int8).astype(np.int32) << 16)
    elif width in _PCM_TYPES:
        samples = np.frombuffer(frames, _PCM_TYPES[width]).astype(np.int64)
    else:
        raise RuntimeError(f"{op}: {path} has {8 * width}-bit samples; 8, 16, 24 or 32-bit PCM is read.")
    if width == 1:
        samples = samples - 128  # 8-bit WAV samples are unsigned
    scale = float(2 ** (8 * width - 1) - 1)
    waveform = (samples / scale).astype(np.float32)
    return waveform.reshape(-1, channels).T.copy(), rate


class _WavDataset(MappableDataset):
    """Rows (waveform, sample_rate, *details) of the WAV files in `_items`, each (path,
    tuple of detail arrays); subclasses fill `_items` and define `_COLUMNS` and
    `_RATE_TYPE` (the sample rate's dtype)."""

    _COLUMNS: list[str] = []
    _RATE_TYPE = np.int32

    def __init__(self, op: str, dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards,
                 shard_id):
        super().__init__(op, num_samples, shuffle, sampler, num_shards, shard_id)
        self._op = op
        self.dataset_dir = checks.check_dataset_dir(op, dataset_dir)
        checks.check_optional_int(op, "num_parallel_workers", num_parallel_workers, 1)
        self._items: list[tuple[str, tuple]] = []

    def _columns(self) -> list[str]:
        return ["waveform", "sample_rate", *self._COLUMNS]

    def _source_size(self) -> int:
        return len(self._items)

    def _read(self, index: int) -> tuple:
        path, details = self._items[index]
        waveform, rate = read_wav(self._op, path)
        return (waveform, np.array(rate, self._RATE_TYPE), *(np.array(d) for d in details))

    def _require(self, path: str) -> str:
        if not os.path.exists(path):
            raise RuntimeError(f"{self._op}: {path} does not exist.")
        return path


class LJSpeechDataset(_WavDataset):
    """Rows (waveform, sample_rate, transcription, normalized_transcription) of LJ Speech:
    the lines '<id>|<transcription>|<normalized>' of metadata.csv, audio wavs/<id>.wav."""

    _COLUMNS = ["transcription", "normalized_transcription"]

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None, sampler=None,
                 num_shards=None, shard_id=None, cache=None):
        super().__init__("LJSpeechDataset", dataset_dir, num_samples, num_parallel_workers, shuffle, sampler,
                         num_shards, shard_id)
        metadata = self._require(os.path.join(self.dataset_dir, "metadata.csv"))
        for line_number, line in enumerate(read_text(self._op, metadata).splitlines(), 1):
            if not line.strip():
                continue
            fields = line.split("|")
            if len(fields) != 3:
                raise RuntimeError(f"LJSpeechDataset: {metadata} line {line_number} must be "
                                   f"'<id>|<transcription>|<normalized transcription>'.")
            self._items.append((os.path.join(self.dataset_dir, "wavs", f"{fields[0]}.wav"),
                                (fields[1], fields[2])))


class YesNoDataset(_WavDataset):
    """Rows (waveform, sample_rate, label) of the Yes/No corpus: every .wav of `dataset_dir`
    in name order, label the int32 vector of the 0/1 words its name lists (0_1_0_0_1_0_1_1.wav)."""

    _COLUMNS = ["label"]

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None, sampler=None,
                 num_shards=None, shard_id=None, cache=None):
        super().__init__("YesNoDataset", dataset_dir, num_samples, num_parallel_workers, shuffle, sampler,
                         num_shards, shard_id)
        for name in sorted(os.listdir(self.dataset_dir)):
            stem, extension = os.path.splitext(name)
            if extension != ".wav":
                continue
            words = stem.split("_")
            if not all(w in ("0", "1") for w in words):
                raise RuntimeError(f"YesNoDataset: the file name {name} must list the words as 0s and 1s "
                                   f"joined by '_'.")
            self._items.append((os.path.join(self.dataset_dir, name), (np.array(words, np.int32),)))


class SpeechCommandsDataset(_WavDataset):
    """Rows (waveform, sample_rate, label, speaker_id, utterance_number) of Speech Commands:
    `dataset_dir`/<label>/<speaker>_nohash_<n>.wav in path order (not _background_noise_).
    Usage 'valid' and 'test' are the files validation_list.txt and testing_list.txt name,
    'train' the others, 'all' (the default) every one."""

    _COLUMNS = ["label", "speaker_id", "utterance_number"]

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        super().__init__("SpeechCommandsDataset", dataset_dir, num_samples, num_parallel_workers, shuffle, sampler,
                         num_shards, shard_id)
        self.usage = checks.check_usage("SpeechCommandsDataset", usage, ("train", "valid", "test", "all"))
        listed = {part: self._listed(name) for part, name in (("valid", "validation_list.txt"),
                                                              ("test", "testing_list.txt"))}
        for label in sorted(os.listdir(self.dataset_dir)):
            folder = os.path.join(self.dataset_dir, label)
            if not os.path.isdir(folder) or label == "_background_noise_":
                continue
            for name in sorted(n for n in os.listdir(folder) if n.endswith(".wav")):
                relative = f"{label}/{name}"
                part = next((p for p, names in listed.items() if relative in names), "train")
                if self.usage in ("all", part):
                    speaker, _, number = os.path.splitext(name)[0].partition("_nohash_")
                    if not number.isdigit():
                        raise RuntimeError(f"SpeechCommandsDataset: the file name {relative} must be "
                                           f"'<speaker>_nohash_<number>.wav'.")
                    self._items.append((os.path.join(folder, name), (label, speaker, np.int32(number))))

    def _listed(self, name: str) -> set[str]:
        path = os.path.join(self.dataset_dir, name)
        if self.usage == "all" or not os.path.isfile(path):
            return set()
        return {line.strip() for line in read_text(self._op, path).splitlines() if line.strip()}


class CMUArcticDataset(_WavDataset):
    """Rows (waveform, sample_rate, transcript, utterance_id) of one CMU ARCTIC speaker
    (`name`, default 'aew'): the lines '( arctic_<id> "<transcript>" )' of
    cmu_us_<name>_arctic/etc/txt.done.data, audio cmu_us_<name>_arctic/wav/arctic_<id>.wav.
    sample_rate is uint32."""

    _COLUMNS = ["transcript", "utterance_id"]
    _RATE_TYPE = np.uint32
    _NAMES = ("aew", "ahw", "aup", "awb", "axb", "bdl", "clb", "eey", "fem", "gka", "jmk", "ksp", "ljm", "lnh",
              "rms", "rxr", "slp", "slt")

    def __init__(self, dataset_dir, name=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        super().__init__("CMUArcticDataset", dataset_dir, num_samples, num_parallel_workers, shuffle, sampler,
                         num_shards, shard_id)
        self.name = "aew" if name is None else name
        if self.name not in self._NAMES:
            raise ValueError(f"For 'CMUArcticDataset', the 'name' must be one of {list(self._NAMES)}, but got "
                             f"{name!r}.")
        folder = os.path.join(self.dataset_dir, f"cmu_us_{self.name}_arctic")
        labels = self._require(os.path.join(folder, "etc", "txt.done.data"))
        for line_number, line in enumerate(read_text(self._op, labels).splitlines(), 1):
            line = line.strip()
            if not line:
                continue
            utterance, _, rest = line.strip("() ").partition(" ")
            transcript = rest.strip()
            if not utterance.startswith("arctic_") or len(transcript) < 2 or transcript[0] != '"':
                raise RuntimeError(f"CMUArcticDataset: {labels} line {line_number} must be "
                                   f"'( arctic_<id> \"<transcript>\" )'.")
            self._items.append((os.path.join(folder, "wav", f"{utterance}.wav"),
                                (transcript.strip('"'), utterance[len("arctic_"):])))


class LibriTTSDataset(_WavDataset):
    """Rows (waveform, sample_rate, original_text, normalized_text, speaker_id, chapter_id,
    utterance_id) of LibriTTS: `dataset_dir`/<usage>/<speaker>/<chapter>/<utterance>.wav
    with <utterance>.original.txt and <utterance>.normalized.txt; usage one of the corpus'
    parts (dev-clean, ..., train-other-500) or 'all' (the default: the parts present).
    sample_rate, speaker_id and chapter_id are uint32."""

    _COLUMNS = ["original_text", "normalized_text", "speaker_id", "chapter_id", "utterance_id"]
    _RATE_TYPE = np.uint32
    _PARTS = ("dev-clean", "dev-other", "test-clean", "test-other", "train-clean-100", "train-clean-360",
              "train-other-500")

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        super().__init__("LibriTTSDataset", dataset_dir, num_samples, num_parallel_workers, shuffle, sampler,
                         num_shards, shard_id)
        self.usage = checks.check_usage("LibriTTSDataset", usage, (*self._PARTS, "all"))
        parts = [p for p in self._PARTS if os.path.isdir(os.path.join(self.dataset_dir, p))] \
            if self.usage == "all" else [self.usage]
        for part in parts:
            root = self._require(os.path.join(self.dataset_dir, part))
            for folder, _, names in sorted(os.walk(root)):
                for name in sorted(n for n in names if n.endswith(".wav")):
                    self._items.append(self._item(folder, name))
        if not self._items:
            raise RuntimeError(f"LibriTTSDataset: no utterances for usage '{self.usage}' in {self.dataset_dir}.")

    def _item(self, folder: str, name: str) -> tuple[str, tuple]:
        utterance = name[:-len(".wav")]
        speaker, chapter = utterance.split("_")[:2]
        if not (speaker.isdigit() and chapter.isdigit()):
            raise RuntimeError(f"LibriTTSDataset: the file name {name} must be '<speaker>_<chapter>_....wav'.")
        texts = [read_text(self._op, self._require(os.path.join(folder, f"{utterance}.{kind}.txt")))
                 for kind in ("original", "normalized")]
        return os.path.join(folder, name), (*texts, np.uint32(speaker), np.uint32(chapter), utterance)


def read_sphere(op: str, path: str) -> tuple[np.ndarray, int]:
    """The waveform (float32, (channels, frames)) and sample rate of a NIST SPHERE file of
    uncompressed 16-bit PCM: a text header ('NIST_1A', its size, 'name -type value' lines,
    'end_head'), then the samples."""
    try:
        with open(path, "rb") as f:
            data = f.read()
        lines = data[:1024].split(b"\n")
        if lines[0].strip() != b"NIST_1A":
            raise ValueError("no NIST_1A header")
        header_size = int(lines[1])
        fields = {}
        for line in data[:header_size].split(b"\n")[2:]:
            parts = line.split(None, 2)
            if parts and parts[0] == b"end_head":
                break
            if len(parts) == 3:
                fields[parts[0].decode()] = parts[2].strip().decode()
        rate, channels = int(fields["sample_rate"]), int(fields.get("channel_count", 1))
        width = int(fields.get("sample_n_bytes", 2))
        if width != 2 or fields.get("sample_coding", "pcm") != "pcm":
            raise ValueError(f"{8 * width}-bit {fields.get('sample_coding')} samples; 16-bit PCM is read")
        order = ">" if fields.get("sample_byte_format") == "10" else "<"
        samples = np.frombuffer(data[header_size:], f"{order}i2")
    except (OSError, ValueError, KeyError, IndexError) as e:
        raise RuntimeError(f"{op}: cannot read the SPHERE file {path}: {e}") from e
    waveform = (samples / 32767.0).astype(np.float32)
    return waveform[:len(waveform) - len(waveform) % channels].reshape(-1, channels).T.copy(), rate


class TedliumDataset(_WavDataset):
    """Rows (waveform, sample_rate, transcript, talk_id, speaker_id, identifier) of TED-LIUM:
    one row per line '<talk> <channel> <speaker> <start> <end> <identifier> <transcript>'
    of the stm/*.stm files, the waveform the [start, end) seconds of sph/<talk><extension>
    (16-bit PCM SPHERE). release 'release1' and 'release2': <usage>/stm and <usage>/sph
    for usage 'train', 'dev', 'test' or 'all' (the three); 'release3': data/stm and
    data/sph (usage 'all')."""

    _COLUMNS = ["transcript", "talk_id", "speaker_id", "identifier"]

    def __init__(self, dataset_dir, release, usage=None, extensions=None, num_samples=None, num_parallel_workers=None,
                 shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None):
        super().__init__("TedliumDataset", dataset_dir, num_samples, num_parallel_workers, shuffle, sampler,
                         num_shards, shard_id)
        if release not in ("release1", "release2", "release3"):
            raise ValueError(f"For 'TedliumDataset', the 'release' must be 'release1', 'release2' or 'release3', "
                             f"but got {release!r}.")
        self.release = release
        usages = ("all",) if release == "release3" else ("train", "dev", "test", "all")
        self.usage = checks.check_usage("TedliumDataset", usage, usages)
        self.extensions = ".sph" if extensions is None else extensions
        if not isinstance(self.extensions, str):
            raise TypeError(f"For 'TedliumDataset', the 'extensions' must be a str, but got "
                            f"{type(extensions).__name__}.")
        parts = ["data"] if release == "release3" else (["train", "dev", "test"] if self.usage == "all"
                                                        else [self.usage])
        for part in parts:
            stm_folder = self._require(os.path.join(self.dataset_dir, part, "stm"))
            for name in sorted(n for n in os.listdir(stm_folder) if n.endswith(".stm")):
                self._read_stm(os.path.join(stm_folder, name), os.path.join(self.dataset_dir, part, "sph"))

    def _read_stm(self, path: str, sph_folder: str) -> None:
        for line_number, line in enumerate(read_text(self._op, path).splitlines(), 1):
            fields = line.split(" ", 6)
            if not line.strip():
                continue
            try:
                talk, _, speaker, start, end, identifier, transcript = fields
                segment = (float(start), float(end))
            except ValueError:
                raise RuntimeError(f"TedliumDataset: {path} line {line_number} must be '<talk> <channel> <speaker> "
                                   f"<start> <end> <identifier> <transcript>'.") from None
            self._items.append((os.path.join(sph_folder, talk + self.extensions),
                                (segment, transcript, talk, speaker, identifier)))

    def _read(self, index: int) -> tuple:
        path, ((start, end), *details) = self._items[index]
        if not os.path.isfile(path):
            raise RuntimeError(f"TedliumDataset: the audio file {path} does not exist.")
        waveform, rate = read_sphere(self._op, path)
        segment = waveform[:, int(start * rate):int(end * rate)]
        return (np.ascontiguousarray(segment), np.array(rate, np.int32), *(np.array(d) for d in details))
