"""A large device function called again is a function of its own (IRGen's
kOutlineInstructions: an instance whose first inlining made 2000 or more IR
instructions; docs/language.md, "Device functions"). These tests check that
such a call computes what the inlined one does: writes through array
arguments, cache-hinted loads and stores, and shared memory passed in (which
stays inlined, so the CPU backend's race check still sees it). Expected
values come from the same function run as plain Python."""
import numpy as np
import pytest

import pyjit
from pyjit import cuda

from kernel_files import load_module

_STEPS = 1100  # about 3 IR instructions each: well past the 2000 of one inlining


def _big_source(extra_params="", before_return=""):
    """`big(x, v...)`: _STEPS seeded integer updates of s, masked to 28 bits
    (exact in Python and int64), then `v[0] = s` and s returned."""
    rng = np.random.default_rng(0)
    lines = ["def big(x, v%s):" % extra_params, "    s = x"]
    for c in rng.integers(1, 97, _STEPS):
        lines.append("    s = (s * 3 + %d) & 0xFFFFFFF" % c)
    lines += [before_return, "    v[0] = s", "    return s", ""]
    return "\n".join(lines)


def _calls(kernel):
    return sum(text.count("call @__pyjit_fn_big") for text in kernel.inspect_ir().values())


def test_a_large_function_called_twice_is_called_once_and_computes_the_same(jit, tmp_path):
    source = ("from pyjit import cuda\n\n" + _big_source() +
              "\ndevice_big = cuda.jit(device=True)(big)\n\n"
              "def k(a, b, out):\n"
              "    i = cuda.grid(1)\n"
              "    if i < out.size:\n"
              "        out[i] = device_big(i, a[i:]) + device_big(2 * i + 1, b[i:])\n")
    module = load_module(tmp_path, "outlined_twice", source)
    k = jit(module.k)
    n = 16
    a, b, out = np.zeros(n + 1, np.int64), np.zeros(n + 1, np.int64), np.zeros(n, np.int64)
    k[1, n](a, b, out)
    expect_a = [module.big(i, [0]) for i in range(n)]
    expect_b = [module.big(2 * i + 1, [0]) for i in range(n)]
    assert out.tolist() == [x + y for x, y in zip(expect_a, expect_b)]
    # Each thread's v[0] lands on a[i] (b[i]); thread i + 1 writes after, not
    # before, in no defined order, so only the last element is certain.
    assert a[n - 1] == expect_a[n - 1] and b[n - 1] == expect_b[n - 1]
    assert _calls(k) == 1  # the first call inlined, the second a call


def test_a_large_function_returning_a_tuple_is_called_as_well(jit, tmp_path):
    # The tuple comes back through local arrays the caller passes, as a
    # recursive function's does.
    source = ("from pyjit import cuda\n\n" + _big_source() +
              "\ndevice_big = cuda.jit(device=True)(big)\n\n"
              "@cuda.jit(device=True)\n"
              "def parts(x, v):\n"
              "    s = device_big(x, v)\n"
              "    return (s & 0xFF, (s % 7 == 0, None), range(s % 5, 9, 2))\n\n"
              "def k(a, out):\n"
              "    i = cuda.grid(1)\n"
              "    if i < out.shape[0]:\n"
              "        low, (sevens, _), r = parts(i, a[i:])\n"
              "        low2, (sevens2, _), r2 = parts(3 * i, a[i:])\n"
              "        out[i, 0] = low + low2\n"
              "        out[i, 1] = sevens + 2 * sevens2\n"
              "        out[i, 2] = r.start + len(r2)\n")
    module = load_module(tmp_path, "outlined_tuple", source)
    k = jit(module.k)
    n = 8
    a, out = np.zeros(n + 1, np.int64), np.zeros((n, 3), np.int64)
    k[1, n](a, out)
    for i in range(n):
        s, s2 = module.big(i, [0]), module.big(3 * i, [0])
        assert out[i].tolist() == [(s & 0xFF) + (s2 & 0xFF), (s % 7 == 0) + 2 * (s2 % 7 == 0),
                                   s % 5 + len(range(s2 % 5, 9, 2))]
    # parts' second call is a call; its function inlines big's first call
    ir = "".join(k.inspect_ir().values())
    assert ir.count("call @__pyjit_fn_parts") == 1 and ir.count("%$result.4: array(int64") == 1


def test_shared_memory_passed_in_stays_inlined_and_race_checked(tmp_path):
    # A view of a cuda.shared.array passed to the large function: inlined at
    # that call (a function of its own would reach it through a generic
    # pointer), so racecheck=True still reports every thread writing v[0].
    source = ("import numpy as np\nfrom pyjit import cuda\n\n" + _big_source() +
              "\ndevice_big = cuda.jit(device=True)(big)\n\n"
              "def k(g, out):\n"
              "    sh = cuda.shared.array(64, np.int64)\n"
              "    t = cuda.threadIdx.x\n"
              "    view = sh[0:32]\n"
              "    if t < 32:  # (the calls in a block of their own, not the allocation's)\n"
              "        r = device_big(t, g[t:])\n"
              "        r += device_big(t, view)\n"
              "        out[t] = r\n")
    module = load_module(tmp_path, "outlined_shared", source)
    k = cuda.jit(module.k, racecheck=True, target="cpu")
    with pytest.raises(pyjit.KernelError, match="shared-memory race in block"):
        k[1, 32](np.zeros(64, np.int64), np.zeros(32, np.int64))
    assert _calls(k) == 0


def test_cache_hinted_loads_keep_their_hint_in_a_function_of_its_own(tmp_path):
    # The second call's array is a generic pointer in the callee: cuda.ldcv
    # there is a generic ld.cv (the PTX of a spin-wait on a flag another
    # block sets), not a plain load LLVM may hoist out of the loop.
    source = ("from pyjit import cuda\n\n" +
              _big_source(", flag", "    while cuda.ldcv(flag, 0) == 0:\n        pass") +
              "\ndevice_big = cuda.jit(device=True)(big)\n\n"
              "def k(a, flag, out):\n"
              "    out[0] = device_big(a[2], a, flag) + device_big(a[3], a[1:], flag)\n")
    module = load_module(tmp_path, "outlined_ldcv", source)
    ptx, _ = cuda.compile_ptx(module.k, "void(int64[::1], int32[::1], int64[::1])", cc=(9, 0))
    assert ptx.count("ld.global.cv.b32") == 1  # the inlined call's
    assert ptx.count("ld.cv.b32") == 1  # the function's (LLVM may inline it back)
