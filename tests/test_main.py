"""python -m spore: MindSpore scripts run unchanged."""
import subprocess
import sys
import textwrap


def run_script(tmp_path, source, *args):
    script = tmp_path / "script.py"
    script.write_text(textwrap.dedent(source))
    return subprocess.run([sys.executable, "-m", "spore", str(script), *args], capture_output=True,
                          text=True, timeout=120)


def test_mindspore_imports_resolve_to_spore(tmp_path):
    result = run_script(tmp_path, """
        import sys
        import mindspore
        import mindspore.ops as ops
        from mindspore import Tensor, context, nn
        from mindspore.common.initializer import Normal
        import mindspore.common.dtype as mstype
        import spore
        assert mindspore is spore and ops is spore.ops and mstype is spore.common.dtype
        assert __name__ == "__main__"
        print(ops.Add()(Tensor([1.0]), Tensor([2.0])), sys.argv[1:])
    """, "--epochs", "2")
    assert result.returncode == 0, result.stderr
    assert result.stdout == "[3.] ['--epochs', '2']\n"


def test_script_errors_surface(tmp_path):
    result = run_script(tmp_path, "import mindspore\nraise SystemExit(3)\n")
    assert result.returncode == 3


def test_missing_module_is_an_import_error(tmp_path):
    result = run_script(tmp_path, "import mindspore.no_such_module\n")
    assert result.returncode != 0 and "No module named 'mindspore.no_such_module'" in result.stderr


def test_usage():
    result = subprocess.run([sys.executable, "-m", "spore"], capture_output=True, text=True)
    assert result.returncode == 2 and "usage" in result.stdout

