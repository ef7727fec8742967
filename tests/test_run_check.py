"""run_check prints MindSpore's two lines on success and reports (not raises) a failure."""
import sys

import spore

run_check_module = sys.modules["spore.run_check"]


def test_success_prints_the_version_and_the_platform(capsys):
    spore.run_check()
    lines = capsys.readouterr().out.splitlines()
    assert lines == ["MindSpore version: 2.7.1",
                     "The result of multiplication calculation is correct, MindSpore has been installed on platform "
                     "[CPU] successfully!"]


def test_a_wrong_result_is_reported(capsys, monkeypatch):
    monkeypatch.setattr(run_check_module.ops, "mul", spore.ops.add)
    spore.run_check()
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "MindSpore running check failed."
    assert "on platform [CPU] is wrong" in lines[2]
