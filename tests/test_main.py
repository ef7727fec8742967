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


def test_tensor_and_parameter_name_mindspore_modules(tmp_path):
    result = run_script(tmp_path, """
        import numpy as np
        from mindspore import Parameter, Tensor
        print(type(Tensor(np.zeros(2))))
        print(Parameter)
    """)
    assert result.returncode == 0, result.stderr
    assert result.stdout == ("<class 'mindspore.common.tensor.Tensor'>\n"
                             "<class 'mindspore.common.parameter.Parameter'>\n")


def test_a_cell_pickled_under_the_alias_loads_without_it(tmp_path):
    saved = tmp_path / "dense.pkl"
    result = run_script(tmp_path, f"""
        import pickle
        import mindspore as ms
        net = ms.nn.Dense(2, 3)
        with open({str(saved)!r}, "wb") as f:
            pickle.dump((net, ms.Tensor([1.0, 2.0])), f)
    """)
    assert result.returncode == 0, result.stderr
    load = (f"import pickle, spore; net, x = pickle.load(open({str(saved)!r}, 'rb')); "
            "print(type(net).__name__, net(x.reshape(1, 2)).shape)")
    loaded = subprocess.run([sys.executable, "-c", load], capture_output=True, text=True, timeout=120)
    assert loaded.returncode == 0, loaded.stderr
    assert loaded.stdout == "Dense (1, 3)\n"


def test_classes_name_mindspore_modules(tmp_path):
    result = run_script(tmp_path, """
        import copy
        import mindspore as ms
        from mindspore import amp, nn, ops
        from mindspore.rewrite import SymbolTree
        print(amp.get_white_list()[6], ops.Conv2D, ops.MatMul, SymbolTree)
        print(type(copy.deepcopy(nn.Dense(2, 3))))
    """)
    assert result.returncode == 0, result.stderr
    assert result.stdout == ("<class 'mindspore.nn.layer.basic.Dense'> "
                             "<class 'mindspore.ops.operations.nn_ops.Conv2D'> "
                             "<class 'mindspore.ops.auto_generate.gen_ops_prim.MatMul'> "
                             "<class 'mindspore.rewrite.api.symbol_tree.SymbolTree'>\n"
                             "<class 'mindspore.nn.layer.basic.Dense'>\n")


def test_spore_cells_stay_spore_code_in_graph_mode(tmp_path):
    result = run_script(tmp_path, """
        import numpy as np
        import mindspore as ms
        from mindspore import nn
        ms.set_context(mode=ms.GRAPH_MODE)
        net = nn.SequentialCell([nn.Dense(2, 2, weight_init="ones"), nn.ReLU()])
        print(net(ms.Tensor(np.ones((1, 2), np.float32))))
    """)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "[[2. 2.]]\n"
