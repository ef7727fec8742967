"""Speech corpora read from WAV files written here in their distributed layouts."""
import wave

import numpy as np
import pytest

import spore.dataset as ds

from .helpers import column, rows


def write_wav(path, samples, rate=8000, channels=1, width=2):
    path.parent.mkdir(parents=True, exist_ok=True)
    dtype = {1: np.uint8, 2: "<i2", 4: "<i4"}[width]
    with wave.open(str(path), "wb") as f:
        f.setnchannels(channels)
        f.setsampwidth(width)
        f.setframerate(rate)
        f.writeframes(np.asarray(samples, dtype).tobytes())


def test_ljspeech_waveforms_scaled_by_32767(tmp_path):
    write_wav(tmp_path / "wavs" / "LJ001-0001.wav", [0, 16384, -32768, 100])
    write_wav(tmp_path / "wavs" / "LJ001-0002.wav", [1, 2], rate=22050)
    (tmp_path / "metadata.csv").write_text("LJ001-0001|Mr. X|Mister X\nLJ001-0002|in 1|in one\n", encoding="utf-8")
    data = ds.LJSpeechDataset(str(tmp_path), shuffle=False)
    assert data.get_col_names() == ["waveform", "sample_rate", "transcription", "normalized_transcription"]
    waveform, rate, text, normalized = rows(data)[0]
    assert waveform.dtype == np.float32 and waveform.shape == (1, 4)
    np.testing.assert_allclose(waveform[0], np.array([0, 16384, -32768, 100]) / 32767, rtol=1e-6)
    assert rate.item() == 8000 and rate.dtype == np.int32 and (text.item(), normalized.item()) == ("Mr. X", "Mister X")
    assert column(data, 1) == [8000, 22050]
    (tmp_path / "metadata.csv").write_text("LJ001-0001|only two\n")
    with pytest.raises(RuntimeError, match="metadata.csv line 1 must be"):
        ds.LJSpeechDataset(tmp_path)


def test_wav_sample_widths_and_channels(tmp_path):
    write_wav(tmp_path / "0_1.wav", [0, 255, 128, 1], width=1, channels=2)
    write_wav(tmp_path / "1_1.wav", [2 ** 31 - 1], width=4)
    got = rows(ds.YesNoDataset(tmp_path, shuffle=False))
    np.testing.assert_allclose(got[0][0], np.array([[-128, 0], [127, -127]]) / 127, rtol=1e-6)
    np.testing.assert_allclose(got[1][0], [[1.0]])
    (tmp_path / "1_1.wav").write_bytes(b"RIFF....")
    with pytest.raises(RuntimeError, match="cannot read the WAV file .*1_1.wav"):
        rows(ds.YesNoDataset(tmp_path, shuffle=False))


def test_yesno_labels_from_file_names(tmp_path):
    write_wav(tmp_path / "0_1_0_0_1_0_1_1.wav", [5, 6, 7])
    write_wav(tmp_path / "1_1_1_1_0_0_0_0.wav", [8])
    (tmp_path / "README").write_text("not audio")
    data = ds.YesNoDataset(tmp_path, shuffle=False)
    assert data.get_col_names() == ["waveform", "sample_rate", "label"] and data.get_dataset_size() == 2
    assert column(data, 2) == [[0, 1, 0, 0, 1, 0, 1, 1], [1, 1, 1, 1, 0, 0, 0, 0]]
    assert rows(data)[0][2].dtype == np.int32
    write_wav(tmp_path / "yes_no.wav", [1])
    with pytest.raises(RuntimeError, match="yes_no.wav must list the words"):
        ds.YesNoDataset(tmp_path)


def test_speech_commands_usages(tmp_path):
    write_wav(tmp_path / "yes" / "abc123_nohash_0.wav", [1, 2, 3], rate=16000)
    write_wav(tmp_path / "no" / "def456_nohash_1.wav", [4], rate=16000)
    write_wav(tmp_path / "up" / "aaa000_nohash_2.wav", [5], rate=16000)
    write_wav(tmp_path / "_background_noise_" / "white.wav", [9], rate=16000)
    (tmp_path / "validation_list.txt").write_text("no/def456_nohash_1.wav\n")
    (tmp_path / "testing_list.txt").write_text("up/aaa000_nohash_2.wav\n")
    data = ds.SpeechCommandsDataset(tmp_path, shuffle=False)
    assert data.get_col_names() == ["waveform", "sample_rate", "label", "speaker_id", "utterance_number"]
    assert [[v.item() for v in r[2:]] for r in rows(data)] == [["no", "def456", 1], ["up", "aaa000", 2],
                                                               ["yes", "abc123", 0]]
    assert column(ds.SpeechCommandsDataset(tmp_path, usage="valid"), 2) == ["no"]
    assert column(ds.SpeechCommandsDataset(tmp_path, usage="test"), 2) == ["up"]
    assert column(ds.SpeechCommandsDataset(tmp_path, usage="train"), 2) == ["yes"]
    with pytest.raises(ValueError, match="'usage' must be one of"):
        ds.SpeechCommandsDataset(tmp_path, usage="dev")


def test_cmu_arctic_transcripts(tmp_path):
    folder = tmp_path / "cmu_us_aew_arctic"
    write_wav(folder / "wav" / "arctic_a0001.wav", [1, -1], rate=16000)
    (folder / "etc").mkdir()
    (folder / "etc" / "txt.done.data").write_text('( arctic_a0001 "Author of the danger trail, etc." )\n')
    data = ds.CMUArcticDataset(tmp_path)
    assert data.get_col_names() == ["waveform", "sample_rate", "transcript", "utterance_id"]
    row = rows(data)[0]
    assert row[1].dtype == np.uint32 and [v.item() for v in row[2:]] == ["Author of the danger trail, etc.", "a0001"]
    with pytest.raises(ValueError, match="'name' must be one of"):
        ds.CMUArcticDataset(tmp_path, name="xyz")
    with pytest.raises(RuntimeError, match="cmu_us_bdl_arctic/etc/txt.done.data does not exist"):
        ds.CMUArcticDataset(tmp_path, name="bdl")


def test_libritts_utterances(tmp_path):
    folder = tmp_path / "train-clean-100" / "19" / "198"
    write_wav(folder / "19_198_000000_000000.wav", [3, 4], rate=24000)
    (folder / "19_198_000000_000000.original.txt").write_text("Original text.")
    (folder / "19_198_000000_000000.normalized.txt").write_text("Normalized text.")
    data = ds.LibriTTSDataset(tmp_path, usage="train-clean-100")
    assert data.get_col_names() == ["waveform", "sample_rate", "original_text", "normalized_text", "speaker_id",
                                    "chapter_id", "utterance_id"]
    row = rows(data)[0]
    assert [v.item() for v in row[1:]] == [24000, "Original text.", "Normalized text.", 19, 198,
                                           "19_198_000000_000000"]
    assert row[4].dtype == np.uint32 and ds.LibriTTSDataset(tmp_path).get_dataset_size() == 1
    with pytest.raises(RuntimeError, match="dev-clean does not exist"):
        ds.LibriTTSDataset(tmp_path, usage="dev-clean")
    (folder / "19_198_000000_000000.normalized.txt").unlink()
    with pytest.raises(RuntimeError, match="19_198_000000_000000.normalized.txt does not exist"):
        ds.LibriTTSDataset(tmp_path)


def write_sphere(path, samples, rate=16000):
    path.parent.mkdir(parents=True, exist_ok=True)
    header = (f"NIST_1A\n   1024\nsample_rate -i {rate}\nchannel_count -i 1\nsample_n_bytes -i 2\n"
              f"sample_count -i {len(samples)}\nsample_coding -s3 pcm\nend_head\n").encode()
    path.write_bytes(header.ljust(1024, b" ") + np.asarray(samples, "<i2").tobytes())


def test_tedlium_segments_of_sphere_files(tmp_path):
    samples = np.arange(0, 32000, dtype=np.int64) % 1000
    write_sphere(tmp_path / "train" / "sph" / "talkA.sph", samples, rate=1000)
    (tmp_path / "train" / "stm").mkdir()
    (tmp_path / "train" / "stm" / "talkA.stm").write_text(
        "talkA 1 spk_A 0.00 0.50 <o,f0,male> hello world\ntalkA 1 spk_A 0.50 1.25 <o,f0,male> second part\n")
    data = ds.TedliumDataset(tmp_path, "release1", usage="train", shuffle=False)
    assert data.get_col_names() == ["waveform", "sample_rate", "transcript", "talk_id", "speaker_id", "identifier"]
    first, second = rows(data)
    assert first[0].shape == (1, 500) and second[0].shape == (1, 750) and first[1].item() == 1000
    np.testing.assert_allclose(second[0][0], samples[500:1250] / 32767, rtol=1e-6)
    assert [v.item() for v in second[2:]] == ["second part", "talkA", "spk_A", "<o,f0,male>"]
    with pytest.raises(RuntimeError, match="dev/stm does not exist"):
        ds.TedliumDataset(tmp_path, "release2")
    with pytest.raises(ValueError, match="'usage' must be one of"):
        ds.TedliumDataset(tmp_path, "release3", usage="train")
    with pytest.raises(ValueError, match="'release' must be"):
        ds.TedliumDataset(tmp_path, "release4")
    (tmp_path / "train" / "sph" / "talkA.sph").write_bytes(b"RIFF")
    with pytest.raises(RuntimeError, match="cannot read the SPHERE file .*talkA.sph"):
        rows(ds.TedliumDataset(tmp_path, "release1", usage="train"))


def test_gtzan_genre_folders_and_splits(tmp_path):
    # the split observed on MindSpore 2.7.1: blues 0-11 valid, 12-28 test, 29-49 train;
    # jazz 0-1 train, 2-10 valid, 73-99 test
    for genre, number in [("blues", 0), ("blues", 12), ("blues", 29), ("jazz", 1), ("jazz", 2), ("jazz", 80)]:
        write_wav(tmp_path / genre / f"{genre}.{number:05d}.wav", [number, -number], rate=22050)
    (tmp_path / "blues" / "notes.txt").write_text("not audio")
    write_wav(tmp_path / "blues" / "extra.wav", [1])  # not <genre>.<number>.wav: not a track
    data = ds.GTZANDataset(str(tmp_path), shuffle=False)
    assert data.get_col_names() == ["waveform", "sample_rate", "label"] and data.get_dataset_size() == 6
    waveform, rate, label = rows(data)[0]
    assert waveform.dtype == np.float32 and waveform.shape == (1, 2)
    assert rate.dtype == np.uint32 and rate.item() == 22050 and label.dtype.kind == "U"
    assert sorted(column(data, 2)) == ["blues"] * 3 + ["jazz"] * 3

    def tracks(usage):
        return [(str(label), round(float(w[0, 0]) * 32767)) for w, _, label in
                rows(ds.GTZANDataset(tmp_path, usage=usage, shuffle=False))]
    assert tracks("train") == [("blues", 29), ("jazz", 1)]
    assert tracks("valid") == [("blues", 0), ("jazz", 2)]
    assert tracks("test") == [("blues", 12), ("jazz", 80)]
    with pytest.raises(ValueError, match="usage"):
        ds.GTZANDataset(tmp_path, usage="training")
