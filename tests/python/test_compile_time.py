"""Compile time that grows with the kernel: a long chain of integer values
carried through many loops (one device function inlined many times) once made
LLVM 22's IndVarSimplify expand the chain again at every loop, so that 80
loops took 74 s to compile (codegen/lib/ExitValueGuard.h). The results must
stay right once the guard turns that rewriting off. The kernel is
bench/compile_scaling.py's `chain` kernel: a seeded 100-statement device
function of integer updates, branches, short loops, xor with floor modulo,
and min (the shape a control-flow fuzzer found), inlined N times. A call tree
in which each function calls the next twice once grew as 2^depth (16 levels:
35 s and 2.8 GB); a large function called again is now a function of its
own (IRGen's kOutlineInstructions)."""
import functools
import importlib.util
import os
import time

import numpy as np

from kernel_files import load_module

_BENCH = os.path.join(os.path.dirname(__file__), "..", "..", "bench", "compile_scaling.py")


def _scaling_bench():
    spec = importlib.util.spec_from_file_location("compile_scaling", _BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _expected(module, a, calls):
    """The kernel's values from the plain Python function on numpy int64
    scalars, which wrap as the kernel's int64 arithmetic does."""
    out = np.empty_like(a)
    with np.errstate(over="ignore"):
        for n, x in enumerate(a):
            v = np.int64(x)
            for c in range(calls):
                v = module.f(v, np.int64(c))
            out[n] = v
    return out


def test_a_device_function_with_loops_inlined_eight_times_compiles_fast_and_right(jit, tmp_path):
    # 8 calls of a function with 9 loops. Before the guard LLVM's optimizer
    # took 74 s on this kernel (4 calls: 5.8 s; numba-cuda: 4.0 s for 8);
    # with it, about half a second.
    calls = 8
    source = "from pyjit import cuda\n" + _scaling_bench().module_source("chain", calls)
    module = load_module(tmp_path, "many_loops", source)
    a = np.arange(-40, 40, dtype=np.int64) * 3
    out = np.zeros_like(a)
    k = jit(module.k)
    start = time.perf_counter()
    k[2, 64](out, a)
    elapsed = time.perf_counter() - start
    np.testing.assert_array_equal(out, _expected(module, a, calls))
    assert elapsed < 60, "compiling took %.1f s" % elapsed


def test_a_call_tree_sixteen_deep_compiles_fast_and_right(jit, tmp_path):
    # f_d calls f_(d-1) twice: 65,536 calls of f_0 if all were inlined
    # (35 s and 2.8 GB before outlining; numba-cuda 4.3 s). The values: the
    # same recursion in Python (its numbers stay below 2**63).
    depth = 16
    source = "from pyjit import cuda\n" + _scaling_bench().module_source("tree", depth)
    module = load_module(tmp_path, "call_tree", source)

    @functools.lru_cache(maxsize=None)
    def f(d, x, y):
        if d == 0:
            return x * 3 + y
        a = f(d - 1, x, y + d)
        b = f(d - 1, a ^ d, x)
        return (a + b) % 1000003

    a = np.arange(-6, 6, dtype=np.int64) * 7919  # (few: Python makes 65,536 calls each)
    out = np.zeros_like(a)
    k = jit(module.k)
    start = time.perf_counter()
    k[2, 64](out, a)
    elapsed = time.perf_counter() - start
    assert out.tolist() == [f(depth, int(x), i) for i, x in enumerate(a)]
    assert elapsed < 20, "compiling took %.1f s" % elapsed
