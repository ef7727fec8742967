"""mindspore.runtime.PluggableAllocator / MemPool / use_mem_pool on the CPU, with a tiny C
allocator (malloc / free that count what they do) compiled for the test."""
import ctypes
import gc
import os
import shutil
import subprocess
import threading

import numpy as np
import pytest

import spore as ms
from spore import ops, runtime

_ALLOCATOR_SOURCE = r"""
#include <stdlib.h>
#include <stddef.h>
long alloc_calls = 0, free_calls = 0, live_bytes = 0, limit_bytes = -1, last_device = -2;
void* last_stream = (void*)1;
void* last_block = NULL;
void* counted_alloc(size_t size, int device, void* stream) {
    if (limit_bytes >= 0 && (long)size > limit_bytes) return NULL;
    alloc_calls++; live_bytes += size; last_device = device; last_stream = stream;
    last_block = malloc(size);
    return last_block;
}
void counted_free(void* ptr, size_t size, void* stream) { free_calls++; live_bytes -= size; free(ptr); }
"""


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    """The path of the compiled allocator library."""
    if shutil.which("gcc") is None:
        pytest.skip("gcc is needed to build the test allocator")
    folder = tmp_path_factory.mktemp("allocator")
    source, built = folder / "counted.c", folder / "libcounted.so"
    source.write_text(_ALLOCATOR_SOURCE)
    subprocess.run(["gcc", "-shared", "-fPIC", "-o", str(built), str(source)], check=True)
    return str(built)


class Counters:
    """The C allocator's counters, read and reset through ctypes."""

    def __init__(self, path):
        self._lib = ctypes.CDLL(path)
        for name in ("alloc_calls", "free_calls", "live_bytes", "last_device"):
            self.set(name, 0)
        self.set("limit_bytes", -1)

    def __getattr__(self, name):
        return ctypes.c_long.in_dll(self._lib, name).value

    def set(self, name, value):
        ctypes.c_long.in_dll(self._lib, name).value = value

    @property
    def last_block(self):
        return ctypes.c_void_p.in_dll(self._lib, "last_block").value

    @property
    def last_stream(self):
        return ctypes.c_void_p.in_dll(self._lib, "last_stream").value


@pytest.fixture
def counters(library):
    return Counters(library)


@pytest.fixture
def pool(library):
    return runtime.MemPool(runtime.PluggableAllocator(library, "counted_alloc", "counted_free"))


def test_the_allocator_exposes_its_function_addresses(library):
    allocator = runtime.PluggableAllocator(library, "counted_alloc", "counted_free")
    lib = ctypes.CDLL(library)
    assert allocator.alloc_fn_ptr == ctypes.cast(lib.counted_alloc, ctypes.c_void_p).value
    assert allocator.free_fn_ptr == ctypes.cast(lib.counted_free, ctypes.c_void_p).value
    assert runtime.MemPool(allocator).allocator is allocator


def test_names_are_served_where_mindspore_has_them():
    from spore.runtime import memory
    assert ms.MemPool is runtime.MemPool is memory.MemPool
    for name in ("PluggableAllocator", "use_mem_pool", "memory_replay"):
        assert getattr(ms, name) is getattr(runtime, name) is getattr(memory, name)


def test_tensors_made_in_the_pool_live_in_the_allocator_memory(pool, counters):
    x = ops.Ones()((4, 4), ms.float32)
    assert counters.alloc_calls == 0
    with runtime.use_mem_pool(pool):
        y = ops.Ones()((4, 4), ms.float32)
        assert y.data_ptr() == counters.last_block
        z = ms.Tensor(np.arange(3, dtype=np.float64))
    assert counters.alloc_calls == 2 and counters.live_bytes == 16 * 4 + 3 * 8
    assert counters.last_device == 0 and counters.last_stream is None  # alloc(size, 0, NULL) on the CPU
    np.testing.assert_array_equal((x + y).asnumpy(), np.full((4, 4), 2, np.float32))
    np.testing.assert_array_equal(z.asnumpy(), [0.0, 1.0, 2.0])
    assert counters.alloc_calls == 2  # allocations after the context are the system's
    del y, z
    gc.collect()
    assert counters.free_calls == 2 and counters.live_bytes == 0


def test_views_stay_with_their_input(pool, counters):
    with runtime.use_mem_pool(pool):
        y = ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
        view = y.transpose(1, 0)
    assert counters.alloc_calls == 1
    np.testing.assert_array_equal(view.asnumpy(), np.arange(6, dtype=np.float32).reshape(2, 3).T)
    del y
    gc.collect()
    assert counters.free_calls == 0  # the view still holds the block
    del view
    gc.collect()
    assert counters.free_calls == 1


def test_gradients_and_graph_mode_run_inside_the_pool(pool, counters):
    def f(x):
        return (x * x).sum()

    x = ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32))
    with runtime.use_mem_pool(pool):
        grad = ms.grad(f)(x)
        compiled = ms.jit(f)(x)
    np.testing.assert_allclose(grad.asnumpy(), [2.0, 4.0, 6.0])
    assert float(compiled.asnumpy()) == 14.0
    assert counters.alloc_calls > 0


def test_only_the_entering_thread_routes_to_the_pool(pool, counters):
    made = []
    with runtime.use_mem_pool(pool):
        worker = threading.Thread(target=lambda: made.append(ops.Ones()((8,), ms.float32)))
        worker.start()
        worker.join()
    assert counters.alloc_calls == 0
    np.testing.assert_array_equal(made[0].asnumpy(), np.ones(8, np.float32))


def test_the_innermost_pool_takes_the_memory(pool, counters):
    system_pool = runtime.MemPool(None)
    assert system_pool.allocator is None
    with runtime.use_mem_pool(pool):
        with runtime.use_mem_pool(system_pool):
            inner = ops.Ones()((2,), ms.float32)
        assert counters.alloc_calls == 0
        outer = ops.Ones()((2,), ms.float32)
    assert counters.alloc_calls == 1
    np.testing.assert_array_equal((inner + outer).asnumpy(), [2.0, 2.0])


def test_an_allocator_without_memory_raises_runtime_error(pool, counters):
    counters.set("limit_bytes", 8)
    with pytest.raises(RuntimeError, match="use_mem_pool.*no memory for 64 bytes"), runtime.use_mem_pool(pool):
        ops.Ones()((4, 4), ms.float32)


def test_memory_replay_allocates_through_the_pool(pool, counters, tmp_path):
    path = tmp_path / "memory_block.csv"
    path.write_text("start_time_stamp,end_time_stamp,size,actual_peak_memory,\n0,2,512,512,\n1,3,1024,1536,\n")
    with runtime.use_mem_pool(pool):
        assert runtime.memory_replay(str(path)) == 1536
    gc.collect()
    assert counters.alloc_calls == 2 and counters.free_calls == 2 and counters.live_bytes == 0


@pytest.mark.parametrize("call, error, match", [
    (lambda lib: runtime.PluggableAllocator(os.path.join(os.path.dirname(lib), "absent.so"), "a", "b"),
     OSError, "absent.so"),
    (lambda lib: runtime.PluggableAllocator(lib, "no_such_alloc", "counted_free"), AttributeError, "no_such_alloc"),
    (lambda lib: runtime.PluggableAllocator(lib, "counted_alloc", "no_such_free"), AttributeError, "no_such_free"),
    (lambda lib: runtime.PluggableAllocator(1, "counted_alloc", "counted_free"), TypeError, "'path_to_so_file'.*int"),
    (lambda lib: runtime.PluggableAllocator(lib, 1, "counted_free"), TypeError, "'alloc_fn_name'.*int"),
    (lambda lib: runtime.PluggableAllocator(lib, "counted_alloc", None), TypeError, "'free_fn_name'.*NoneType"),
    (lambda lib: runtime.MemPool(), TypeError, "allocator"),
    (lambda lib: runtime.MemPool("libcounted.so"), TypeError, "For 'MemPool', the 'allocator'.*str"),
    (lambda lib: runtime.use_mem_pool(1), TypeError, "For 'use_mem_pool', the 'pool' must be a MemPool.*int"),
])
def test_argument_errors(library, call, error, match):
    with pytest.raises(error, match=match):
        call(library)
