"""Compile time that grows with the kernel: a long chain of integer values
carried through many loops (one device function inlined many times) once made
LLVM 22's IndVarSimplify expand the chain again at every loop, so that 80
loops took 74 s to compile (codegen/lib/ExitValueGuard.h). The results must
stay right once the guard turns that rewriting off."""
import random
import time

import numpy as np
import pytest

from kernel_files import load_module


def _device_function_source():
    """A device function of 100 statements drawn by a seeded generator from
    a mix of integer updates, branches, short loops, xor with floor modulo,
    and min: the shape a control-flow fuzzer found. Loops, the modulo and min
    must all be there for IndVarSimplify's exit values to grow."""
    rng = random.Random(0)
    lines = ["def f(x, y):", "    acc = x"]
    for i in range(100):
        r = rng.random()
        if r < 0.3:
            lines.append("    acc = acc * %d + y - %d" % (rng.randint(1, 5), i))
        elif r < 0.5:
            lines.append("    if acc > %d:" % rng.randint(-50, 50))
            lines.append("        acc = acc - y * %d" % rng.randint(1, 3))
        elif r < 0.6:
            lines.append("    for j in range(%d):" % rng.randint(1, 4))
            lines.append("        acc += j * y")
        elif r < 0.8:
            lines.append("    y = (y ^ acc) %% 97 + %d" % i)
        else:
            lines.append("    acc = min(acc, y + %d)" % (i * 3))
    lines.append("    return acc + y")
    return "\n".join(lines) + "\n"


def _module_source(calls):
    body = "".join("    v = f(v, %d)\n" % c for c in range(calls))
    return (
        "from pyjit import cuda\n\n"
        + _device_function_source()
        + "\ndevice_f = cuda.jit(device=True)(f)\n\n"
        + "def k(out, a):\n"
        + "    i = cuda.grid(1)\n"
        + "    if i < a.size:\n"
        + "        v = a[i]\n"
        + body.replace("f(v", "device_f(v")
        + "        out[i] = v\n"
    ).replace("\n    v = device_f", "\n        v = device_f")


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
    module = load_module(tmp_path, "many_loops", _module_source(calls))
    a = np.arange(-40, 40, dtype=np.int64) * 3
    out = np.zeros_like(a)
    k = jit(module.k)
    start = time.perf_counter()
    k[2, 64](out, a)
    elapsed = time.perf_counter() - start
    np.testing.assert_array_equal(out, _expected(module, a, calls))
    assert elapsed < 60, "compiling took %.1f s" % elapsed
