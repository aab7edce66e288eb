"""Loops over enumerate/zip/arrays/tuples, shared and local memory, barriers, atomics
and warp intrinsics, checked on every backend (the `jit` fixture) against numpy or
hand reasoning."""
import enum
import functools
import math
import re

import collections
import numpy as np
import pytest

import pyjit
from pyjit import cuda

TILE = 16


def test_starred_subscripts(jit):
    # PEP 646 (Python 3.11): a[*t] is a[(*t,)], a[0, *t] is a[(0, *t)]; numba
    # takes them. Expected values: NumPy's indexing of the same tuples.
    @jit
    def k(out, a, b):
        t = (1, 2)
        out[0] = a[*t]
        out[1] = b[0, *t]
        b[1, *t] = 7.0
        a[*t] += 1.0
        u = (1,)
        out[2] = a[*u, 0]

    a, b = np.arange(12.0).reshape(3, 4), np.arange(24.0).reshape(2, 3, 4)
    a0, b0 = a.copy(), b.copy()
    out = np.zeros(3)
    k[1, 1](out, a, b)
    assert out.tolist() == [a0[1, 2], b0[0, 1, 2], a0[1, 0]]
    assert b[1, 1, 2] == 7.0 and a[1, 2] == a0[1, 2] + 1


def test_loop_forms(jit):
    @jit
    def k(a, x, out):
        t = 0
        for i, j in enumerate(range(10, 4, -2)):
            t += i * 100 + j
        out[0] = t
        s = 0.0
        for v in x:
            s += v
        out[1] = s
        u = 0
        for p, q in zip(range(3), range(10, 20)):
            u += p * q
        out[2] = u
        w = 0.0
        for c in (1, 2, 3.5):
            if c == 2:
                continue
            w += c
        out[3] = w
        acc = 0.0
        for n, (y, z) in enumerate(zip(x, a), 1):
            acc += n * y * z
        out[4] = acc

    a = np.arange(5, dtype=np.int64)
    x = np.linspace(0.5, 2.5, 5)
    out = np.zeros(5)
    k[1, 1](a, x, out)
    assert out[0] == sum(i * 100 + j for i, j in enumerate(range(10, 4, -2)))
    assert out[1] == pytest.approx(x.sum())
    assert out[2] == sum(p * q for p, q in zip(range(3), range(10, 20)))
    assert out[3] == 4.5
    assert out[4] == pytest.approx(sum(n * y * z for n, (y, z) in enumerate(zip(x, a), 1)))


def test_block_reduction_with_shared_memory_and_atomics(jit):
    @jit
    def block_sum(x, total):
        sm = cuda.shared.array(256, dtype=np.float32)
        t = cuda.threadIdx.x
        i = cuda.grid(1)
        sm[t] = x[i] if i < x.size else 0.0
        cuda.syncthreads()
        s = 128
        while s > 0:
            if t < s:
                sm[t] += sm[t + s]
            cuda.syncthreads()
            s //= 2
        if t == 0:
            cuda.atomic.add(total, 0, sm[0])

    x = np.random.default_rng(5).random(10_000).astype(np.float32)
    total = np.zeros(1, dtype=np.float32)
    block_sum[(x.size + 255) // 256, 256](x, total)
    assert total[0] == pytest.approx(float(x.sum(dtype=np.float64)), rel=1e-5)


def test_transpose_through_a_padded_shared_tile(jit):
    @jit
    def transpose(a, b):
        tile = cuda.shared.array((TILE, TILE + 1), dtype=np.float64)
        x, y = cuda.grid(2)
        tx, ty = cuda.threadIdx.x, cuda.threadIdx.y
        n, m = a.shape
        if x < n and y < m:
            tile[ty, tx] = a[x, y]
        cuda.syncthreads()
        bx = cuda.blockIdx.y * TILE + tx
        by = cuda.blockIdx.x * TILE + ty
        if bx < m and by < n:
            b[bx, by] = tile[tx, ty]

    a = np.arange(40 * 50, dtype=np.float64).reshape(40, 50)
    b = np.zeros((50, 40))
    transpose[(3, 4), (TILE, TILE)](a, b)
    np.testing.assert_array_equal(b, a.T)


def test_dynamic_shared_memory_sized_at_launch(jit):
    @jit
    def reverse(a):
        sm = cuda.shared.array(0, dtype=np.int32)
        t = cuda.threadIdx.x
        sm[t] = a[t]
        cuda.syncthreads()
        a[t] = sm[sm.size - 1 - t]

    a = np.arange(64, dtype=np.int32)
    reverse[1, 64, 0, 64 * 4](a)
    np.testing.assert_array_equal(a, np.arange(64)[::-1])


def test_warp_shuffle_reduction_and_votes(jit):
    @jit
    def warp(x, out, votes):
        i = cuda.grid(1)
        v = x[i]
        off = 16
        while off > 0:
            v += cuda.shfl_down_sync(0xFFFFFFFF, v, off)
            off //= 2
        if cuda.laneid == 0:
            out[i // 32] = v
        votes[i, 0] = cuda.ballot_sync(0xFFFFFFFF, x[i] > 10)
        votes[i, 1] = cuda.all_sync(0xFFFFFFFF, x[i] >= 0)
        votes[i, 2] = cuda.popc(cuda.ballot_sync(0xFFFFFFFF, x[i] % 2 == 0))
        votes[i, 3] = cuda.shfl_xor_sync(0xFFFFFFFF, i, 1)

    x = np.arange(64, dtype=np.int64)
    out = np.zeros(2, dtype=np.int64)
    votes = np.zeros((64, 4), dtype=np.int64)
    warp[1, 64](x, out, votes)
    np.testing.assert_array_equal(out, [x[:32].sum(), x[32:].sum()])
    ballot0 = sum(1 << l for l in range(32) if x[l] > 10)
    assert votes[0, 0] == ballot0 and votes[32, 0] == 0xFFFFFFFF
    assert (votes[:, 1] == 1).all()
    assert (votes[:, 2] == 16).all()
    np.testing.assert_array_equal(votes[:, 3], np.arange(64) ^ 1)


def test_local_array_and_bit_intrinsics(jit):
    @jit
    def k(x, out):
        i = cuda.grid(1)
        if i < x.size:
            tmp = cuda.local.array(4, np.int64)
            for j in range(4):
                tmp[j] = x[i] >> j
            out[i, 0] = tmp[0] + tmp[1] + tmp[2] + tmp[3]
            out[i, 1] = cuda.popc(x[i])
            out[i, 2] = cuda.clz(x[i])
            out[i, 3] = cuda.ffs(x[i])
            out[i, 4] = cuda.brev(np.uint32(x[i])) >> 28

    x = np.array([0, 1, 6, 255, 1 << 40, 12345], dtype=np.int64)
    out = np.zeros((6, 5), dtype=np.int64)
    k[1, 32](x, out)
    for r, v in enumerate(x.tolist()):
        assert out[r, 0] == v + (v >> 1) + (v >> 2) + (v >> 3)
        assert out[r, 1] == bin(v).count("1")
        assert out[r, 2] == 64 - v.bit_length()
        assert out[r, 3] == ((v & -v).bit_length() if v else 0)
        assert out[r, 4] == int(format(v & 0xFFFFFFFF, "032b")[::-1], 2) >> 28


def test_array_views_follow_python_slicing(jit):
    @jit
    def k(a, v, out):
        row = a[1]
        col = a[:, 2]
        sub = a[1:3, ::-1]
        out[0] = row[0] + col[1] + sub[1, 0]
        out[1] = sub.shape[0] * 100 + sub.shape[1]
        r = v[::-2]
        out[2] = r.size
        out[3] = r[1]
        e = v[7:2]
        out[4] = e.size
        t = v[-3:]
        out[5] = t[0] + t.size * 1000
        out[6] = cuda.atomic.compare_and_swap(v[2:], 2, 99)

    a = np.arange(20, dtype=np.int64).reshape(4, 5)
    v = np.arange(10, dtype=np.int64)
    out = np.zeros(7, dtype=np.int64)
    k[1, 1](a, v, out)
    assert out[0] == a[1][0] + a[:, 2][1] + a[1:3, ::-1][1, 0]
    assert out[1] == 2 * 100 + 5
    assert out[2] == np.arange(10)[::-2].size and out[3] == np.arange(10)[::-2][1]
    assert out[4] == 0
    assert out[5] == 7 + 3 * 1000
    assert out[6] == 2 and v[2] == 99


def test_print_from_a_kernel(jit, capfd):
    @jit
    def k(x):
        i = cuda.grid(1)
        if i == 0:
            print("value", x[0], i, x[0] > 1.0, "done")

    k[1, 32](np.array([2.5], dtype=np.float32))
    cuda.synchronize()
    out = capfd.readouterr().out
    assert "value 2.500000 0 True done" in out


def test_print_of_tuples_and_dim3(jit, capfd):
    # numba-cuda prints a Dim3 (cuda.threadIdx) and tuples as Python's repr.
    @jit
    def k(x):
        if cuda.threadIdx.x == 1:
            print(cuda.threadIdx, (x[0], True), (7,), ((1, 2), -3))

    k[1, 2](np.array([2.5]))
    cuda.synchronize()
    out = capfd.readouterr().out
    assert "(1, 0, 0) (2.500000, True) (7,) ((1, 2), -3)" in out


def test_failed_assert_in_debug_mode_raises_after_the_launch(jit):
    @jit(debug=True)
    def k(a):
        assert a[0] > 0, "positive please"
        a[1] = 1

    a = np.zeros(2, dtype=np.int64)
    with pytest.raises(AssertionError) as info:
        k[1, 1](a)
    message = str(info.value)
    assert "positive please" in message and "kernel 'k'" in message
    assert "test_language_features.py:%d" % (k.py_func.__code__.co_firstlineno + 2) in message
    # The context survives: the same kernel runs again and succeeds.
    a = np.array([5, 0], dtype=np.int64)
    k[1, 1](a)
    assert a[1] == 1


COEFFS = np.array([[1.0, 2.0], [3.0, 4.0]], dtype=np.float64)


def test_global_arrays_live_in_constant_memory(jit):
    @jit
    def k(x, out):
        c = cuda.const.array_like(COEFFS)
        i = cuda.grid(1)
        if i < x.size:
            out[i] = c[i % 2, 0] * x[i] + COEFFS[1, 1]

    x = np.arange(6, dtype=np.float64)
    out = np.zeros(6)
    k[1, 32](x, out)
    np.testing.assert_array_equal(out, COEFFS[np.arange(6) % 2, 0] * x + COEFFS[1, 1])

    @jit
    def of_an_argument(x, out):  # numba's: the argument itself
        c = cuda.const.array_like(x)
        out[0] = c[2] + c.size

    of_an_argument[1, 1](x, out)
    assert out[0] == x[2] + x.size


BIG_ENDIAN = np.arange(4, dtype=">i8") * 1000
SWAPPED_FLOATS = np.array([1.5, -2.25], dtype=">f4")


def test_global_arrays_of_either_byte_order_hold_their_numbers(jit):
    @jit
    def k(out):
        out[0] = BIG_ENDIAN[1] + BIG_ENDIAN[3]
        out[1] = SWAPPED_FLOATS[0] * SWAPPED_FLOATS[1]

    out = np.zeros(2)
    k[1, 1](out)
    assert list(out) == [4000.0, -3.375]


FORTRAN_GLOBAL = np.asfortranarray(np.arange(12, dtype=np.int32).reshape(3, 4))
STRIDED_GLOBAL = np.arange(24, dtype=np.int32).reshape(4, 6)[::2, ::-3]


def test_f_contiguous_global_arrays_keep_their_layout(jit):
    # numba-cuda's make_constant_array keeps an F-contiguous array's strides
    # (4, 12 here) and makes other non-contiguous ones C-contiguous.
    @jit
    def k(out):
        out[0] = FORTRAN_GLOBAL.strides[0]
        out[1] = FORTRAN_GLOBAL.strides[1]
        out[2] = cuda.const.array_like(FORTRAN_GLOBAL).strides[1]
        out[3] = FORTRAN_GLOBAL[2, 3]
        out[4] = FORTRAN_GLOBAL[1, 0]
        out[5] = FORTRAN_GLOBAL.T.reshape(12)[1]  # the transpose is C: a view
        out[6] = STRIDED_GLOBAL.strides[0]
        out[7] = STRIDED_GLOBAL[1, 0]

    out = np.zeros(8, np.int64)
    k[1, 1](out)
    assert list(out) == [4, 12, 12, 11, 4, 4, 8, 17]


def test_read_only_numpy_arguments_are_read_only(jit):
    @jit
    def k(x, out):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = x[i] * 2

    x = np.arange(4.0)
    x.flags.writeable = False
    out = np.zeros(4)
    k[1, 32](x, out)
    np.testing.assert_array_equal(out, 2 * np.arange(4.0))
    assert "readonly array(float64, 1d, C)" in [t for sig in k.signatures for t in sig]


ALLOWED = (2, 3, 5)


def test_in_and_not_in_over_tuples_and_divmod(jit):
    @jit
    def k(x, f, out, q, r):
        for i in range(x.size):
            out[0, i] = x[i] in (1, 3, 7)
            out[1, i] = x[i] not in ALLOWED
            out[2, i] = f[i] in (0.5, 2)      # float32 against weak literals
            q[i], r[i] = divmod(x[i], 3)     # floored, as Python's
        a, b = divmod(-7.5, 2)
        out[3, 0] = a == -4.0 and b == 0.5

    x = np.array([1, 2, 3, -4, 7], np.int64)
    f = np.array([0.5, 2.0, 1, np.nan, 3], np.float32)
    out = np.zeros((4, 5), np.bool_)
    q, r = np.zeros(5, np.int64), np.zeros(5, np.int64)
    k[1, 1](x, f, out, q, r)
    assert out[0].tolist() == [v in (1, 3, 7) for v in x.tolist()]
    assert out[1].tolist() == [v not in ALLOWED for v in x.tolist()]
    assert out[2].tolist() == [v in (0.5, 2) for v in f.tolist()]
    assert [divmod(v, 3) for v in x.tolist()] == list(zip(q.tolist(), r.tolist()))
    assert out[3, 0]


def test_in_and_not_in_over_arrays(jit):
    # numba's np_contains: any element == x, in C order, over any layout.
    @jit
    def k(a, xs, out):
        for i in range(xs.size):
            out[0, i] = xs[i] in a
            out[1, i] = xs[i] not in a[::2, 1:]

    a = np.arange(12.0).reshape(3, 4)
    a[1, 1] = np.nan
    xs = np.array([0.0, 5.0, 3.0, 11.0, np.nan, -1.0, 9.0])
    out = np.zeros((2, xs.size), np.bool_)
    k[1, 1](a, xs, out)
    assert out[0].tolist() == [bool((a == x).any()) for x in xs]
    assert out[1].tolist() == [not (a[::2, 1:] == x).any() for x in xs]


def test_isclose_of_numbers_matches_numpy(jit):
    @jit
    def k(xs, f32, out, out2, out3):
        for i in range(xs.size):
            for j in range(xs.size):
                out[i, j] = np.isclose(xs[i], xs[j])
                out2[i, j] = np.isclose(xs[i], xs[j], 1e-3, equal_nan=True)
        for i in range(f32.size):
            out3[i] = np.isclose(f32[i], f32[0], rtol=0.0, atol=1e-3)

    xs = np.array([0.0, 1.0, 1.0 + 1e-6, 1.0 + 1e-3, 1e10, 1e10 * (1 + 1e-6), np.inf, -np.inf,
                   np.nan, -0.0, 1e-9])
    f32 = np.array([1.0, 1.0005, 1.002, np.nan, np.inf], np.float32)
    out = np.zeros((xs.size, xs.size), np.bool_)
    out2, out3 = out.copy(), np.zeros(f32.size, np.bool_)
    k[1, 1](xs, f32, out, out2, out3)
    np.testing.assert_array_equal(out, np.isclose(xs[:, None], xs[None, :]))
    np.testing.assert_array_equal(out2, np.isclose(xs[:, None], xs[None, :], 1e-3, equal_nan=True))
    np.testing.assert_array_equal(out3, np.isclose(f32, f32[0], rtol=0.0, atol=1e-3))


@pytest.mark.parametrize("body, message", [
    ("out[0] = a in a", r"'in' in kernels tests a number or a tuple against a tuple, or a "
                        r"number against an array of numbers, not array\(int64, 1d, C\) "
                        r"against array"),
    ("out[0] = np.isclose(a, 1.0)", r"np.isclose\(\)'s a must be a number in kernels, not "
                                    r"array"),
    ("out[0] = np.isclose(1.0, 2.0, rel=0.1)", r"unexpected or repeated keyword 'rel'"),
    # (a link of a chain is typed, and its error placed, as that comparison alone)
    ("out[0] = 0 < a[0] in a in (1, 2)", r"kern_in.py:3:26: error: 'in' in kernels tests a "
                                         r"number or a tuple against a tuple, or a number "
                                         r"against an array of numbers, not array"),
    ("out[0] = 0 < a[0] in np", r"kern_in.py:3:18: error: 'in' in kernels tests .*, not "
                                r"int64 against namespace\(numpy\)"),
    ("out[0] = divmod(a[0], 1j)", r"divmod\(\) takes two real numbers in kernels"),
])
def test_membership_and_divmod_errors(body, message, tmp_path):
    from kernel_files import load_module
    mod = load_module(tmp_path, "kern_in", "import numpy as np\ndef k(a, out):\n    %s\n" % body)
    with pytest.raises(pyjit.CompileError, match=message) as info:
        pyjit.jit(mod.k)[1, 1](np.zeros(2, np.int64), np.zeros(1, np.int64))
    assert "kern_in.py:3:" in str(info.value)


@cuda.jit(device=True)
def _device_with_nested(x):
    def inner(y):
        return y * x
    return inner(2) + inner(3)


def test_nested_functions_and_lambdas_read_the_enclosing_variables_at_the_call(jit):
    # numba inlines inner functions and closures; Python's closures read a
    # variable's value when called (late binding).
    @jit
    def k(a, t, out, scale):
        offset = 10
        pair = (t[0], t[1])

        def helper(x, y=2):
            return x * scale + offset + y + pair[1]
        sq = lambda v: v * v  # noqa: E731
        first = lambda: a[0] + 0.5  # noqa: E731

        def twice(x):
            return helper(x) + helper(x, y=0)  # a sibling, with a keyword
        i = cuda.grid(1)
        if i < a.size:
            out[i] = helper(a[i]) + sq(a[i]) + first()
            offset = 100
            out[i] += twice(a[i]) + _device_with_nested(a[i])

    a = np.arange(4, dtype=np.float64)
    t = np.array([7.0, 9.0])
    out = np.zeros(4)
    k[1, 4](a, t, out, 3.0)
    want = (a * 3 + 10 + 2 + 9) + a * a + 0.5
    want += (a * 3 + 100 + 2 + 9) + (a * 3 + 100 + 0 + 9) + (2 * a + 3 * a)
    np.testing.assert_array_equal(out, want)


@cuda.jit(device=True)
def _apply_twice(f, x):
    return f(f(x))


def test_lambdas_called_where_written_or_passed_are_nested_functions(jit):
    # numba compiles `(lambda v: v + 1)(x)` and a lambda passed to a device
    # function; pyjit took a lambda only bound to a name.
    @jit
    def k(out, a):
        out[0] = (lambda v: v + 1)(a[0])
        scale = 10.0
        out[1] = _apply_twice(lambda v: v * scale, a[1])
        if (lambda: a[0] > 1)():
            out[2] = 7
        i = 0
        while (lambda j: j < 3)(i):
            i += 1
            out[3] += (lambda: i * 2)()  # reads i when called: 2 + 4 + 6
        out[4] = (lambda v, w=2: v * w)(a[0]) + (lambda *t: len(t))(1, 2, 3)

    out = np.zeros(5)
    k[1, 1](out, np.array([2.0, 3.0]))
    assert out.tolist() == [3.0, 300.0, 7.0, 12.0, 7.0]


@pytest.mark.parametrize("body, message", [
    ("def f(x):\n        return f(x)\n    a[0] = f(1)",
     r"recursion is not supported in kernels: function 'f' calls itself"),
    ("def f(x):\n        def g(y):\n            return y\n        return g(x)\n    a[0] = f(1)",
     r"a function defined inside a nested function is not supported"),
    ("f = 1\n    def f(x):\n        return x\n    a[0] = f(1)",
     r"'f' is both a nested function and a variable here"),
    ("def f():\n        return v\n    a[0] = f()",
     r"name 'v' is not defined"),
    ("def f(x):\n        return (lambda y: y)(x)\n    a[0] = f(1)",
     r"a lambda inside a nested function or lambda is not supported"),
    ("def f(x):\n        return x\n    a[0] = f(1, 2)", r"function 'f' takes 1 argument, got 2"),
])
def test_nested_function_errors(body, message, tmp_path):
    from kernel_files import load_module
    mod = load_module(tmp_path, "kern_nested", "def k(a):\n    %s\n" % body)
    with pytest.raises(pyjit.CompileError, match=message) as info:
        pyjit.jit(mod.k)[1, 1](np.zeros(1, np.int64))
    assert "kern_nested.py:" in str(info.value)


@pytest.mark.parametrize("debug", [False, True])
def test_a_pruned_branch_may_hold_what_kernels_do_not_support(debug, tmp_path):
    # numba prunes `if DEBUG:` of a False global before typing; pyjit's
    # parser refused the f-string, comprehension, dict, generator and
    # lambda inside it (a real kernel printed its values so).
    from kernel_files import load_module
    source = (
        "import numpy as np\n"
        "DEBUG = %r\n"
        "def k(out, a):\n"
        "    if DEBUG:\n"
        "        print(f\"a0={a[0]}\")\n"
        "        tmp = [a[j] for j in range(3)]\n"
        "        d = {1: a[0]}\n"
        "        g = sum(x for x in range(3))\n"
        "        f = (lambda v, w=(1, [2]): v + 1)(a[0])\n"
        "    print(f\"done {{x}}\")\n"
        "    out[0] = a[0] + 1\n" % debug)
    mod = load_module(tmp_path, "kern_pruned_%d" % debug, source)
    out, a = np.zeros(1), np.array([2.0])
    if not debug:
        pyjit.jit(mod.k)[1, 1](out, a)
        assert out[0] == 3.0
        return
    with pytest.raises(pyjit.CompileError) as info:
        pyjit.jit(mod.k)[1, 1](out, a)
    text = str(info.value)
    assert "kern_pruned_1.py:5:15: error: an f-string is not supported in kernels" in text
    assert "kern_pruned_1.py:6:15: error: a list comprehension is not supported" in text
    assert "kern_pruned_1.py:7:13: error: a dict or set display is not supported" in text


_SEP = ","
_Pair = collections.namedtuple("_Pair", "x y")


def test_compile_time_builtins_ord_hasattr_debug_and_string_folding(jit):
    # What CPython or numba decides before typing, seen in real kernels: a
    # word count's `c >= ord('A')`, `hasattr(math, 'exp2')`, `if __debug__:`,
    # and "x" + "y" (CPython's compiler folds it). pyjit refused all four.
    @jit
    def k(out, a):
        out[0] = ord("a") + ord(_SEP) + ord(b"c") + ord("\u00e9")
        out[1] = math.exp2(3.0) if hasattr(math, "exp2") else -1.0
        p = _Pair(1.0, 2.0)
        out[2] = (hasattr(math, "no_such_function") + 2 * hasattr(p, "x")
                  + 4 * hasattr(p, "z") + 8 * hasattr(a, "shape"))
        if __debug__:
            out[3] = len("ab" * 3) + len(2 * "c") + len("x" + "yz")
        print("x" + "y", a[0])

    out = np.zeros(4)
    k[1, 1](out, np.array([2.0]))
    assert out.tolist() == [97 + 44 + 99 + 233, 8.0, 2 + 8, 6 + 2 + 3]

    @jit
    def two(out):
        out[0] = ord("ab")

    with pytest.raises(pyjit.CompileError, match="ord\\(\\) in kernels takes a one-character "
                                                 "string constant, not a string of 2 characters"):
        two[1, 1](out)


class _Hue(enum.Enum):
    RED = 1
    GREEN = 2


_HUE_NAME = "GREEN"


def test_review_mends_of_folded_strings_escapes_hasattr_and_decided_conditions(jit):
    # A helper's attack on this session's features: a folded string among
    # run-time strings crashed the compiler; hasattr of a non-literal name
    # was False; f-strings decoded \x7d before reading braces; \N{...} was
    # not decoded; bytes escapes above 0x7f became UTF-8; `c and DEBUG` did
    # not prune.
    @jit
    def k(out):
        out[0] = ("a" + "b") in ("ab", "cd")
        for s in ("a" + "b", "c"):
            out[1] += s == "ab"
        out[2] = ("ab" if out[9] == 1 else "c" + "d") == "cd"
        n = "GREEN"
        out[3] = hasattr(_Hue, _HUE_NAME) + 2 * hasattr(_Hue, "GR" + "EEN") + 4 * hasattr(_Hue, n)
        out[4] = len(f"\x7d\x7d") * 10 + len(f"\x7b")
        out[5] = ord("\N{EM DASH}")
        out[6] = ord(b"\x80") + 1000 * ord(b"\xff") + 10 ** 6 * len(b"\xff\x80a")
        if out[9] == 0 and _DEBUG_OFF:
            print(f"{out[0]}")
            out[7] = -1
        out[8] = f"{out[0]}" if out[9] == 0 and _DEBUG_OFF else 5.0

    out = np.zeros(10)
    k[1, 1](out)
    assert out.tolist() == [1, 1, 1, 7, 21, 0x2014, 128 + 255000 + 3 * 10 ** 6, 0, 5, 0]

    @jit
    def index(m, out):
        out[0] = m[[1, 0]]

    with pytest.raises(pyjit.CompileError, match="a list display \\(other than"):
        index[1, 1](np.zeros((2, 2)), out)


_DEBUG_OFF = False


def test_list_displays_are_targets_as_tuples_are(jit):
    # CPython compiles `[x, y] = p` as `x, y = p` (a wildfire simulator
    # unpacks `[fx, fy] = locations[i]` so); pyjit refused the brackets.
    @jit
    def k(out, a):
        [x, y] = a[0], a[1]
        for [p, q] in ((1, 2), (3, 4)):
            out[1] += p * q
        (u, [v, w]) = (1.0, (2.0, 3.0))
        [out[2], out[3]] = y, x
        out[0] = x + y + u + v + w

    out = np.zeros(4)
    k[1, 1](out, np.array([2.0, 3.0]))
    assert out.tolist() == [11.0, 14.0, 3.0, 2.0]
    with pytest.raises(pyjit.CompileError, match="a list display \\(other than an assignment or "
                                                 "loop target"):
        @jit
        def value(out):
            t = [1, 2]
            out[0] = t[0]

        value[1, 1](out)


def test_nested_functions_calling_each_other_twice_type_once_per_signature(jit, tmp_path):
    # f_k calls f_(k-1) twice: typed once per (function, argument types), so
    # ten levels compile quickly (inlining still makes 2^10 copies of f0).
    import time
    from kernel_files import load_module
    lines = ["def k(o, x):", "    def f0(v):", "        return v + 1.0"]
    for level in range(1, 11):
        lines += ["    def f%d(v):" % level,
                  "        return f%d(v) + f%d(v)" % (level - 1, level - 1)]
    lines.append("    o[0] = f10(x)")
    mod = load_module(tmp_path, "kern_chain", "\n".join(lines) + "\n")
    start = time.perf_counter()
    out = np.zeros(1)
    jit(mod.k)[1, 1](out, 0.5)
    assert time.perf_counter() - start < 30
    assert out[0] == 1.5 * 2 ** 10


@pytest.mark.parametrize("body", [
    "a[0] = v\n    v = 2",
    "def f():\n        return v\n    a[0] = f()\n    v = 2",
    "w, v = a[0], v\n    v = 1",
])
def test_a_read_before_any_assignment_is_an_error(body, tmp_path):
    # Python raises UnboundLocalError; it used to read as 0 silently.
    from kernel_files import load_module
    mod = load_module(tmp_path, "kern_unbound", "def k(a):\n    %s\n" % body)
    with pytest.raises(pyjit.CompileError, match=r"local variable 'v' is read( before any "
                                                 r"assignment to it|, but no assignment to it "
                                                 r"is ever run)") as info:
        pyjit.jit(mod.k)[1, 1](np.zeros(1, np.int64))
    assert "kern_unbound.py:" in str(info.value)


def test_a_variable_assigned_on_some_paths_only_is_accepted(jit):
    # Python raises only when the path without the assignment runs; the
    # kernel reads 0 there (a run-time check is not made).
    @jit
    def k(a):
        if a[0] > 0:
            v = 5
        for i in range(a[1]):
            w = i
        a[2] = v + w

    a = np.array([1, 3, 0], np.int64)
    k[1, 1](a)
    assert a[2] == 7


def test_array_variables_assigned_on_different_paths(jit):
    # numba.cuda: an array variable may name different arrays on different
    # paths: chosen by a branch, swapped in a loop (ping-pong buffers, here
    # in shared memory), or shared on one path and global on the other.
    @jit
    def choose(a, b, out, n):
        src = a
        if n > 3:
            src = b
        out[0] = src[1]
        other = b if n > 3 else a
        out[1] = other[2]

    @jit
    def pingpong(a, b, steps):
        s0 = cuda.shared.array(32, np.float64)
        s1 = cuda.shared.array(32, np.float64)
        t = cuda.threadIdx.x
        s0[t] = a[t]
        cuda.syncthreads()
        src, dst = s0, s1
        for _ in range(steps):
            dst[t] = src[t] + src[(t + 1) % 32]
            cuda.syncthreads()
            src, dst = dst, src
        b[t] = src[t]

    @jit
    def mixed(a, out, use_global):
        sh = cuda.shared.array(4, np.float64)
        sh[cuda.threadIdx.x] = 7.0
        cuda.syncthreads()
        src = sh
        if use_global:
            src = a
        out[cuda.threadIdx.x] = src[cuda.threadIdx.x]

    a, b = np.arange(4.0), np.arange(4.0) * 10
    out = np.zeros(2)
    choose[1, 1](a, b, out, 5)
    np.testing.assert_array_equal(out, [10.0, 20.0])
    choose[1, 1](a, b, out, 1)
    np.testing.assert_array_equal(out, [1.0, 2.0])

    x, y = np.arange(32.0), np.zeros(32)
    pingpong[1, 32](x, y, 3)
    expected = x.copy()
    for _ in range(3):
        expected = expected + np.roll(expected, -1)
    np.testing.assert_array_equal(y, expected)

    out = np.zeros(4)
    mixed[1, 4](a, out, 0)
    np.testing.assert_array_equal(out, [7.0] * 4)
    mixed[1, 4](a, out, 1)
    np.testing.assert_array_equal(out, a)


def test_conditional_expressions_of_tuples(jit):
    @jit
    def k(out, c):
        t = (1, 2.5) if c else (3, 4)  # unifies to (int64, float64)
        out[0] = t[0]
        out[1] = t[1]

    out = np.zeros(2)
    k[1, 1](out, 1)
    np.testing.assert_array_equal(out, [1.0, 2.5])
    k[1, 1](out, 0)
    np.testing.assert_array_equal(out, [3.0, 4.0])


OFFSETS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def test_tuple_operations(jit):
    # numba.cuda: loops over tuples of tuples (stencil offsets), ==, +,
    # slices with constant bounds, run-time indices into tuples of tuples.
    @jit
    def k(a, out):
        s = 0
        for dx, dy in ((0, 1), (1, 0), (0, -2), (-3, 0)):
            s += dx * 10 + dy
        out[0] = s
        t = (1, 2, 3)
        out[1] = t == (1, 2, 3)
        out[2] = t != (1, 2, 4)
        out[3] = a.shape == (3, 4)
        out[4] = t == (1, 2)  # different lengths: never equal
        u = t + (4, 5.5)
        out[5] = u[3] + u[4]
        out[6] = t[1:][0] * 10 + t[::-1][0]
        out[7] = a.shape[:1][0] * 100 + len(t[5:])
        i = cuda.threadIdx.x + 2
        out[8] = OFFSETS[i][1] * 10 + OFFSETS[i - 3][0]  # (0, -1) and (-1, 0)
        n = 0
        for o in OFFSETS:
            n += o[0] + 2 * o[1]
        out[9] = n

    out = np.zeros(10)
    k[1, 1](np.zeros((3, 4)), out)
    t = (1, 2, 3)
    expected = [
        0 * 10 + 1 + 10 + 0 + 0 - 2 - 30 + 0, 1, 1, 1, 0, 4 + 5.5, t[1:][0] * 10 + t[::-1][0],
        3 * 100 + len(t[5:]), OFFSETS[2][1] * 10 + OFFSETS[-1][0],
        sum(o[0] + 2 * o[1] for o in OFFSETS)]
    np.testing.assert_array_equal(out, expected)


DT32 = np.dtype("float32")


def test_dtype_names_and_dtype_objects_in_array_allocations(jit):
    # numba.cuda accepts cuda.shared.array(n, dtype='int32') and np.dtype objects.
    @jit
    def k(out):
        s = cuda.shared.array(4, dtype="int32")
        f = cuda.local.array(2, "f8")
        g = cuda.local.array(1, DT32)
        s[0] = 2**31 - 1
        s[0] += 1  # wraps in int32
        f[0] = 0.1
        g[0] = 0.1
        out[0] = s[0]
        out[1] = f[0]
        out[2] = g[0]

    out = np.zeros(3)
    k[1, 1](out)
    np.testing.assert_array_equal(out, [-2**31, 0.1, float(np.float32(0.1))])


SHAPE3 = (2, 3, 5)


def test_constant_slices_of_global_tuples_are_array_shapes(jit):
    # numba types SHAPE3[1:] as a tuple of literals, so it is a local or
    # shared array's shape; pyjit said the shape must be a constant.
    @jit
    def k(out):
        s = SHAPE3[1:]
        e = cuda.local.array(s, np.int8)
        f = cuda.shared.array(SHAPE3[::-1], np.float32)
        g = cuda.local.array(SHAPE3[:1], np.int64)
        out[0] = e.shape[0] * 10 + e.shape[1]
        out[1] = f.shape[0] * 100 + f.shape[1] * 10 + f.shape[2]
        out[2] = g.size + s[1]

    out = np.zeros(3)
    k[1, 1](out)
    assert out.tolist() == [35, 532, 2 + 5]


def test_array_transpose_views(jit):
    # a.T in a kernel: a view with the dimensions reversed (C becomes F).
    @jit
    def k(a, out):
        t = a.T
        i, j = cuda.grid(2)
        if i < t.shape[0] and j < t.shape[1]:
            out[i, j] = t[i, j] * 10 + t.strides[0] // a.strides[1]

    a = np.arange(12.0).reshape(3, 4)
    for src in (a, np.asfortranarray(a), a[:, ::2]):
        out = np.zeros(src.T.shape)
        k[(1, 1), (8, 8)](src, out)
        np.testing.assert_array_equal(out, src.T * 10 + 1)


AXES = (1, 0)


def test_shifting_an_array_within_itself_matches_numpy(jit):
    # A destination after its source in the same memory, with the same
    # strides, is copied backward (memmove's rule), so every element is read
    # before it is overwritten, as NumPy's buffered copy reads it.
    @jit
    def k(a, b, c, m, out):
        a[1:] = a[:-1]
        b[1:] += b[:-1]
        np.clip(c[:-1], 1.0, 3.0, c[1:])
        m[1:] = m[:-1]
        w = cuda.local.array(4, np.float64)
        for i in range(4):
            w[i] = i + 1.0
        w[1:] = w[:3]              # a sliding window in local memory
        for i in range(4):
            out[i] = w[i]
        a[:-1] = a[1:]             # forward is right this way round

    base = np.arange(6.0)
    a, b, c = base.copy(), base.copy(), base.copy()
    m = np.arange(12.0).reshape(4, 3)
    out = np.zeros(4)
    expect_a, expect_b, expect_c, expect_m = base.copy(), base.copy(), base.copy(), m.copy()
    expect_a[1:] = expect_a[:-1]
    expect_b[1:] += expect_b[:-1]
    np.clip(expect_c[:-1], 1.0, 3.0, expect_c[1:])
    expect_m[1:] = expect_m[:-1]
    expect_a[:-1] = expect_a[1:]
    k[1, 1](a, b, c, m, out)
    for got, expect in ((a, expect_a), (b, expect_b), (c, expect_c), (m, expect_m)):
        np.testing.assert_array_equal(got, expect)
    assert out.tolist() == [1.0, 1.0, 2.0, 3.0]


def test_overlapping_operands_are_read_whole_first_as_numpy_reads_them(jit):
    # A reversed, transposed, negatively strided or differently strided view
    # of the memory assigned: no order of elements reads each before it is
    # written, and pyjit wrote a[:] = a[::-1] as [5, 4, 3, 3, 4, 5]. The
    # values now go through a heap buffer first (NumPy's result).
    @jit
    def k(a, t, m, n, p, q, r):
        a[:] = a[::-1]
        t[:] = t.T
        m[1:, :] = m[:-1, ::-1]
        n[2:0:-1] = n[3:1:-1]      # the same strides, both negative
        p[1:5:2] = p[0:2]          # other strides
        q += q[::-1]               # an augmented assignment
        np.add(r[::-1], r, r)      # a ufunc's out
        w = cuda.local.array(5, np.int64)
        for i in range(5):
            w[i] = i
        w[:] = w[::-1]             # local memory
        for i in range(5):
            r[i] += 100 * w[i]

    arrays = [np.arange(6), np.arange(9).reshape(3, 3), np.arange(12).reshape(3, 4),
              np.arange(6), np.arange(6), np.arange(6), np.arange(5)]
    expect = [x.copy() for x in arrays]
    expect[0][:] = expect[0][::-1].copy()
    expect[1][:] = expect[1].T.copy()
    expect[2][1:, :] = expect[2][:-1, ::-1].copy()
    expect[3][2:0:-1] = expect[3][3:1:-1].copy()
    expect[4][1:5:2] = expect[4][0:2].copy()
    expect[5] += expect[5][::-1].copy()
    expect[6] = expect[6][::-1] + expect[6] + 100 * np.arange(5)[::-1]
    assert expect[0].tolist() == [5, 4, 3, 2, 1, 0]  # (by hand)
    k[1, 1](*arrays)
    for got, want in zip(arrays, expect):
        np.testing.assert_array_equal(got, want)


def test_a_shift_is_copied_in_order_only_where_index_order_is_memory_order(jit):
    # Same strides are not enough for memmove's rule: an extent-1 source
    # broadcast over the destination, and F order or a transpose (index
    # order is not memory order), read values already written; they go
    # through the buffer now.
    @jit
    def k(x, y, f, c):
        x[0:4] += x[2:3]
        np.add(y[0:4], y[1:2], y[0:4])
        f[0:3, 1:4] = f[1:4, 0:3]
        t = c.T
        t[0:3, 1:4] = t[1:4, 0:3]

    x, y = np.arange(8), np.arange(8)
    f = np.asfortranarray(np.arange(16).reshape(4, 4))
    c = np.arange(16).reshape(4, 4)
    k[1, 1](x, y, f, c)
    assert x[:4].tolist() == [2, 3, 4, 5] and y[:4].tolist() == [1, 2, 3, 4]  # (by hand)
    expect_f = np.asfortranarray(np.arange(16).reshape(4, 4))
    expect_f[0:3, 1:4] = expect_f[1:4, 0:3].copy()
    expect_c = np.arange(16).reshape(4, 4)
    expect_c.T[0:3, 1:4] = expect_c.T[1:4, 0:3].copy()
    np.testing.assert_array_equal(f, expect_f)
    np.testing.assert_array_equal(c, expect_c)


def _reverse_in_place(a):
    a[:] = a[::-1]


_NO_HEAP = """
import numpy as np
from numpy.lib.stride_tricks import as_strided
from pyjit import cuda

@cuda.jit(debug=True, opt=False, target="cpu")
def reverse_in_place(a):
    a[:] = a[::-1]

try:
    reverse_in_place[1, 1](as_strided(np.zeros(1, np.int64), shape=(2**57,), strides=(0,)))
except MemoryError as e:
    print(e)
"""


def test_no_heap_for_an_overlapping_copy_is_a_memory_error(tmp_path):
    # 2**57 int64 elements, all one (stride 0): a copy of 2**60 bytes, which
    # malloc refuses; the CPU backend reports it (as debug=True does). In a
    # process of its own with a time limit: without the buffer the loop
    # would run 2**57 times.
    import subprocess
    import sys
    script = tmp_path / "no_heap.py"
    script.write_text(_NO_HEAP)
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                         timeout=120).stdout
    assert re.search(r"no heap memory left for a copy of 1152921504606846976 bytes: an operand "
                     r"overlaps the array assigned in kernel 'reverse_in_place'", out), out


@pytest.mark.gpu
def test_the_device_heap_limits_an_overlapping_copy():
    # The CUDA device heap is 8 MiB unless grown: a 16 MiB copy fails.
    k = cuda.jit(debug=True, opt=False)(_reverse_in_place)
    with pytest.raises(MemoryError, match="copy of 16777216 bytes"):
        k[1, 1](cuda.device_array(2**21, np.int64))
    small = cuda.to_device(np.arange(1000))
    k[1, 1](small)  # 8000 bytes: room
    assert small.copy_to_host().tolist() == list(range(999, -1, -1))


_HEAP_TRAP = """
import numpy as np
from pyjit import cuda, CudaError

@cuda.jit
def reverse_in_place(a):
    a[:] = a[::-1]

small = cuda.to_device(np.arange(1000))
reverse_in_place[1, 1](small)  # 8000 bytes: room
assert small.copy_to_host().tolist() == list(range(999, -1, -1))
reverse_in_place[1, 1](cuda.device_array(2**21, np.int64))  # 16 MiB: none
try:
    cuda.synchronize()
except CudaError as e:
    print("CudaError:", e)
"""


@pytest.mark.gpu
def test_no_heap_without_debug_traps_and_the_next_sync_names_the_kernel(tmp_path):
    # Without debug=True the launch keeps no error record: the kernel traps
    # where malloc refuses the 16 MiB buffer (the 8 MiB device heap), and the
    # next synchronization raises CudaError naming it. In a process of its
    # own: the trap loses the context. The process still exits cleanly.
    import subprocess
    import sys
    script = tmp_path / "heap_trap.py"
    script.write_text(_HEAP_TRAP)
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert re.search(r"CudaError: .*kernel 'reverse_in_place'", done.stdout), done.stdout


def test_reshape_refuses_negative_extents(jit, tmp_path):
    # Only one -1 (the unknown extent); other negative extents are an error:
    # constants when compiling, run-time ones with debug=True.
    @jit(debug=True, opt=False)
    def k(a, n, m, out):
        r = a.reshape(n, m)
        out[0] = r.shape[0]

    out = np.zeros(1)
    with pytest.raises(ValueError, match="negative dimensions are not allowed"):
        k[1, 1](np.arange(12.0), -2, -6, out)
    k[1, 1](np.arange(12.0), -1, 4, out)
    assert out[0] == 3

    from kernel_files import load_module
    mod = load_module(tmp_path, "kern_rs", "def k(a, out):\n    out[0] = a.reshape(-1, -1)[0, 0]\n")
    with pytest.raises(pyjit.CompileError, match=r"can only specify one unknown dimension"):
        pyjit.jit(mod.k)[1, 1](np.zeros(4), np.zeros(1))


def test_array_transpose_method_and_item(jit):
    # numba-cuda compiles a.transpose() (a.T; the reversed axes, or the
    # unchanged ones, given as constants) and a.item() of a size-1 array.
    @jit
    def k(b, c, one, zero_d, out):
        out[0] = b.transpose()[2, 1]
        out[1] = b.transpose(AXES)[2, 0]
        out[2] = b.transpose((1, 0))[1, 1]
        out[3] = b.transpose(0, 1)[1, 0] + b.transpose(-1, -2)[2, 1] * 10
        out[4] = c.transpose(2, 1, 0)[1, 0, 0] + c.transpose(0, 1, 2)[0, 0, 1] * 10
        out[5] = b[:, ::2].transpose()[1, 1]
        out[6] = one.item() * 2 + zero_d.item()

    b = np.arange(6.0).reshape(2, 3)
    c = np.arange(8.0).reshape(2, 2, 2)
    out = np.zeros(7)
    k[1, 1](b, c, np.array([[21.0]]), np.array(0.5), out)
    np.testing.assert_array_equal(out, [b.T[2, 1], b.T[2, 0], b.T[1, 1],
                                        b[1, 0] + b.T[2, 1] * 10, c.T[1, 0, 0] + c[0, 0, 1] * 10,
                                        b[:, ::2].T[1, 1], 42.5])

    @jit
    def other_order(c, out):
        out[0] = c.transpose(1, 0, 2)[0, 0, 0]

    with pytest.raises(pyjit.CompileError, match="reversed .or unchanged. axes"):
        other_order[1, 1](c, out)

    @jit(debug=True, opt=False)
    def item_of_two(a, out):
        out[0] = a.item()

    with pytest.raises(ValueError, match="can only convert an array of size 1"):
        item_of_two[1, 1](np.zeros(2), out)


def test_loop_else_runs_when_no_break(jit):
    # Python's for/while-else: the else block runs when the loop ends
    # without break (range loops, while loops, tuple loops, array loops).
    # The same function, run by Python on lists, gives the expected values.
    def loop_else(a, out):
        for j in range(1, 10):
            if j % a[0] == 0:
                out[0] = j
                break
        else:
            out[0] = -1
        i = 0
        while i < 5:
            if a[i] < 0:
                out[1] = i
                break
            i += 1
        else:
            out[1] = 100
        for v in (3, 5, 7):
            if v == a[1]:
                out[2] = v
                break
        else:
            out[2] = 0
        for v in a:
            if v > 1000:
                break
        else:
            out[3] = 42

    kernel = jit(loop_else)
    for a in ([4, 5, 1, 2, 3], [11, 2, 1, -2, 3], [3, 7, 2000, 1, 1]):
        out, expected = np.zeros(4), [0] * 4
        kernel[1, 1](np.array(a), out)
        loop_else(a, expected)
        np.testing.assert_array_equal(out, expected)


def test_starred_unpacking_and_splicing(jit):
    # Python's `a, *rest, z = t` (rest is a tuple, possibly empty) and
    # `(*t, x)`; values by hand from the shapes.
    @jit
    def k(out, a):
        first, *mid, last = a.shape
        out[0] = first
        out[1] = last
        out[2] = len(mid) + mid[0]
        t = (*a.shape, 7)
        out[3] = t[3] + t[0]
        *init, z = (1.5, 2.0)
        out[4] = init[0] + z
        x, *empty = (5,)
        out[5] = x + len(empty)

    out = np.zeros(6)
    k[1, 1](out, np.zeros((2, 3, 4)))
    np.testing.assert_array_equal(out, [2, 4, 1 + 3, 7 + 2, 3.5, 5])

    @jit
    def short(out):
        a, b, *c = (1,)
        out[0] = a

    with pytest.raises(pyjit.CompileError, match="cannot unpack 1 values into 2 targets and a "
                                                 "starred one"):
        short[1, 1](np.zeros(1))

    @jit
    def not_a_tuple(out, a):
        x = (*a, 1)
        out[0] = x[0]

    with pytest.raises(pyjit.CompileError, match=r"'\*' unpacks a tuple here, not array"):
        not_a_tuple[1, 1](np.zeros(1), np.zeros(2))


def test_iterating_an_n_d_array_gives_its_rows(jit):
    # As NumPy iterates: a[0], a[1], ... (views), also in enumerate and zip,
    # and for Fortran-ordered arrays.
    @jit
    def k(out, a, f):
        s = 0.0
        for i, row in enumerate(a):
            for v in row:
                s += v * (i + 1)
        out[0] = s
        for plane in f:
            for r in plane:
                out[1] += r[0]
        for r1, r2 in zip(a, a):
            out[2] += r1[0] * r2[1]
        for row in a:
            row[0] = -row[0]  # the rows are views: writes reach a

    a = np.arange(6.0).reshape(3, 2)
    f = np.asfortranarray(np.arange(24.0).reshape(2, 3, 4))
    out = np.zeros(3)
    expect = [sum(v * (i + 1) for i, row in enumerate(a) for v in row), f[:, :, 0].sum(),
              (a[:, 0] * a[:, 1]).sum()]
    k[1, 1](out, a, f)
    np.testing.assert_array_equal(out, expect)
    np.testing.assert_array_equal(a[:, 0], -np.arange(0.0, 6.0, 2))


def test_ellipsis_indexing(jit):
    @jit
    def k(out, a):
        out[..., 0] = a[..., 1, 2][1]
        out[1] = a[1, ...][0, 0] + a[...].shape[0] + a[1, ..., 2][0]
        out[2] = a[0, 1, 2, ...]

    a = np.arange(24.0).reshape(2, 3, 4)
    out = np.zeros(3)
    k[1, 1](out, a)
    np.testing.assert_array_equal(out, [a[..., 1, 2][1], a[1, ...][0, 0] + 2 + a[1, ..., 2][0],
                                        a[0, 1, 2, ...]])

    @jit
    def twice(out, a):
        out[0] = a[..., ...][0, 0, 0]

    with pytest.raises(pyjit.CompileError, match=r"only one Ellipsis"):
        twice[1, 1](out, a)

    @jit
    def alone(out):
        x = ...
        out[0] = 1

    with pytest.raises(pyjit.CompileError, match=r"Ellipsis '...' is supported only in an "
                                                 r"array index"):
        alone[1, 1](out)


def test_round_ndigits_by_keyword_and_none(jit):
    @jit
    def k(out, x):
        out[0] = round(x, ndigits=None)  # an int, as round(x)
        out[1] = round(np.float32(x), ndigits=2)
        out[2] = round(x, None)

    out = np.zeros(3)
    k[1, 1](out, 2.675)
    assert out[0] == 3 and out[2] == 3
    assert np.float32(out[1]) == np.float32(2.67)  # float32 2.675 is 2.67499995...

    @jit
    def bad(out, x):
        out[0] = round(x, digits=1)

    with pytest.raises(pyjit.CompileError, match="round\\(\\) has no keyword argument 'digits'"):
        bad[1, 1](out, 1.0)


def test_unpacking_an_array_and_annotated_assignments(jit):
    # numba unpacks arrays (x, y, z = pos[i]); annotations are ignored.
    @jit
    def k(pos, o):
        i: int = cuda.grid(1)
        if i < pos.shape[0]:
            x, y, z = pos[i]
            o[i] = x + 10 * y + 100 * z
        if i == 0:
            r0, r1 = pos[:2]  # rows of a 2-d array
            o[4] = r0[2] + r1[2]
        total: float

    pos = np.arange(12.0).reshape(4, 3)
    o = np.zeros(5)
    k[1, 4](pos, o)
    np.testing.assert_array_equal(o[:4], pos @ [1, 10, 100])
    assert o[4] == pos[0, 2] + pos[1, 2]

    @jit(debug=True)
    def short(pos, o):
        x, y = pos[0]
        o[0] = x

    with pytest.raises(ValueError, match="cannot unpack an array of length 3 into 2 targets"):
        short[1, 1](pos, o)


def test_debug_mode_raises_zero_division_error(jit):
    # numba.cuda's debug mode uses Python's error model; without it, integer
    # division by zero gives 0 (docs/language.md).
    @jit(debug=True)
    def idiv(o, n):
        o[0] = 7 // n

    @jit(debug=True)
    def fdiv(o, x):
        o[0] = 1.0 / x

    @jit
    def quiet(o, n):
        o[0] = 7 // n

    with pytest.raises(ZeroDivisionError, match="integer division or modulo by zero"):
        idiv[1, 1](np.zeros(1), 0)
    with pytest.raises(ZeroDivisionError, match="float division by zero"):
        fdiv[1, 1](np.zeros(1), 0.0)
    o = np.ones(1)
    quiet[1, 1](o, 0)
    assert o[0] == 0

    @jit(debug=True)
    def cdiv(o, z):
        o[0] = (z / 0j).real

    @jit(debug=True)
    def zpow(o, x):
        o[0] = x ** -1.0

    with pytest.raises(ZeroDivisionError, match="complex division by zero"):
        cdiv[1, 1](np.zeros(1), 1 + 1j)
    with pytest.raises(ZeroDivisionError, match="0.0 cannot be raised to a negative power"):
        zpow[1, 1](np.zeros(1), 0.0)
    zpow[1, 1](o, 2.0)
    assert o[0] == 0.5



def test_fastmath_debug_mode_does_not_raise_for_float_division_by_zero(jit):
    # numba-cuda's test_fastmath: fastmath suppresses the ZeroDivisionError
    # of debug mode for floats (IEEE inf); integers still raise.
    @jit(fastmath=True, debug=True, opt=False)
    def fdiv(o, x, y):
        o[0] = x / y
        o[1] = x ** -1.0 if y == 0.0 else 0.0

    @jit(fastmath=True, debug=True)
    def idiv(o, n):
        o[0] = 7 // n

    o = np.zeros(2, np.float32)
    fdiv[1, 1](o, np.float32(1.0), np.float32(0.0))
    assert o[0] == np.inf
    with pytest.raises(ZeroDivisionError, match="integer division or modulo by zero"):
        idiv[1, 1](np.zeros(1), 0)
    ptx, _ = cuda.compile_ptx(fdiv.py_func, "void(float32[::1], float32, float32)", debug=True)
    assert ".loc" in ptx  # (debug mode has line tables, as numba's)

def test_tuple_ordering_repetition_and_the_operator_module(jit):
    import operator
    from operator import mul

    @jit
    def k(o, a, b):
        o[0] = (a, b) < (2, 5)
        o[1] = (a, b) >= (2, 5)
        o[2] = (1, 2) <= (1, 2, 0)
        t = (0.5,) * 3
        o[3] = t[2] + len(t)
        o[4] = operator.add(a, b) + mul(a, 3)
        o[5] = operator.lt(a, b)
        u = 2 * (a, b)
        o[6] = u[3]

    o = np.zeros(7)
    k[1, 1](o, 2, 4)
    np.testing.assert_array_equal(o, [(2, 4) < (2, 5), (2, 4) >= (2, 5), (1, 2) <= (1, 2, 0),
                                      0.5 + 3, 6 + 6, 2 < 4, 4])


@pytest.mark.parametrize("v", [2, 3, 4])
def test_chained_tuple_comparisons_and_operator_functions_on_tuples(jit, v):
    import operator

    @jit
    def k(x, out):
        a = (1, x[0])
        b = (1, 3)
        c = (2, 0)
        out[0] = a < b < c
        out[1] = operator.lt(a, b)
        out[2] = operator.eq(a, b)
        out[3] = 1 < x[0] < 3 < x[1]
        out[4] = a == b != c
        out[5] = operator.ne(a, (1, 2, 3))   # other lengths: never equal
        out[6] = operator.ge(c, a)
        out[7] = (1, 2) <= a <= (1, 2)

    out = np.zeros(8)
    k[1, 1](np.array([v, 5]), out)
    a, b, c = (1, v), (1, 3), (2, 0)
    expected = [a < b < c, operator.lt(a, b), operator.eq(a, b), 1 < v < 3 < 5, a == b != c,
                operator.ne(a, (1, 2, 3)), operator.ge(c, a), (1, 2) <= a <= (1, 2)]
    np.testing.assert_array_equal(out, np.array(expected, dtype=np.float64))


@cuda.jit(device=True)
def _chain_logged(log, v):
    # Appends v to log[1:] (log[0] counts them) and returns it.
    log[int(cuda.atomic.add(log, 0, 1.0)) + 1] = v
    return v


def test_chained_comparisons_with_in_is_and_strings(jit):
    # numba-cuda compiles `1 < x in t`: Python's `a < b in c` is
    # `a < b and b in c`, b evaluated once and c only while the chain holds.
    # Expected values: the same expressions run by Python.
    @jit
    def k(out, log, a, flags):
        i = 0
        for x in range(6):
            out[i] = 1 < x in (2, 3)
            out[i + 1] = 0 <= x < 6 not in (5, 6)
            out[i + 2] = 1 < x in range(3, 5)
            out[i + 3] = 0 < x in a
            out[i + 4] = x is x is not None
            kind = "t" if flags[x] else "l"
            out[i + 5] = "a" != kind == "t"
            out[i + 6] = "l" == kind in ("l", "q")
            i += 7
        out[i] = _chain_logged(log, 5.0) < _chain_logged(log, 1.0) in (1.0,)
        out[i + 1] = _chain_logged(log, 0.0) < _chain_logged(log, 1.0) in (_chain_logged(log, 2.0),)

    out, log = np.zeros(44), np.zeros(6)
    a, flags = np.array([3.0, 6.0]), np.array([1, 0, 1, 0, 0, 1])
    k[1, 1](out, log, a, flags)
    expected = []
    for x in range(6):
        kind = "t" if flags[x] else "l"
        expected += [1 < x in (2, 3), 0 <= x < 6 not in (5, 6), 1 < x in range(3, 5),
                     0 < x in a, x is x is not None, "a" != kind == "t",
                     "l" == kind in ("l", "q")]
    expected += [False, False]  # 5 < 1 ends the first chain; 1.0 is not in (2.0,)
    np.testing.assert_array_equal(out, np.array(expected, dtype=np.float64))
    assert log.tolist() == [5.0, 5.0, 1.0, 0.0, 1.0, 2.0]


_CHAIN_N = 4


def test_a_chain_decided_when_compiling_prunes_its_branch(jit):
    # numba prunes `if 1 < N is None:` of a global N (every link decided):
    # the dead branch is not typed; a link known only at run time is kept.
    @jit
    def k(out, a):
        x = 1.0
        if 1 < _CHAIN_N is None:
            x = (1, 2)  # dead: a tuple would not store into out
        out[0] = x
        s = "float32"
        if s != "x" != "x":
            out[1] = (1, 2)
        else:
            out[1] = 2.0
        if 0 < a[0] is not None:
            out[2] = 3.0

    out = np.zeros(3)
    k[1, 1](out, np.array([1.0]))
    assert out.tolist() == [1.0, 2.0, 3.0]


_WEAK_TENTH = 0.1


def test_chained_links_keep_weak_literals(jit):
    # `0 < x in (0.1,)` of a float32 x compares as `x in (0.1,)` does: the
    # literal is weak (NumPy 2's rule: np.float32(0.1) == 0.1), in float32;
    # so are a constant expression and a global's value.
    @jit
    def k(out, a):
        x = a[0]
        out[0] = x in (0.1,)
        out[1] = 0 < x in (0.1,)
        out[2] = 0 < x == 0.1 < 1
        out[3] = 0 < x in (_WEAK_TENTH,)
        y = -x
        out[4] = 0 > y in (0.1 - 0.2,)

    out = np.zeros(5)
    k[1, 1](out, np.array([0.1], np.float32))
    assert out.tolist() == [1.0] * 5


@cuda.jit(device=True)
def _positive_or_none(x):
    if x > 0:
        return x
    return None


@pytest.mark.parametrize("x", [-1.0, 2.0])
def test_chained_is_links_keep_a_value_that_may_be_none(jit, x):
    # An `is` link, or `== None`, tests a value that may be None by its
    # flag, as the comparison alone does (a first version unwrapped it: the
    # thread stopped where y was None); None in an == link is decided by
    # the types. Expected: the same expressions run by Python.
    @jit
    def k(out, a):
        y = _positive_or_none(a[0])
        out[0] = y is None is not False
        out[1] = 0 < a[0] is not None != a[1]
        out[2] = None is y is None
        out[3] = a[1] < a[1] + 1 is not None is not y
        out[4] = y is not None == None  # noqa: E711
        out[5] = 7.0

    out = np.zeros(6)
    k[1, 1](out, np.array([x, 3.0]))
    y = x if x > 0 else None
    b = 3.0
    expected = [y is None is not False, 0 < x is not None != 3.0, None is y is None,
                b < b + 1 is not None is not y, y is not None == None, 7.0]  # noqa: E711
    np.testing.assert_array_equal(out, np.array(expected, dtype=np.float64))


@pytest.mark.parametrize("x", [1, 2, 4, 6])
def test_tuple_comparisons_keep_weak_literals_and_order_nested_tuples(jit, x):
    import operator

    @jit
    def k(out, f, x):
        out[0] = f == 0.1
        out[1] = (f,) == (0.1,)        # the literal stays weak inside the tuple (NEP 50)
        out[2] = (f, 1) < (0.1, 2)
        out[3] = ((1, 2), 3) < ((1, 2), 4)
        out[4] = operator.gt(((1, x), 5), ((1, 2), 4))
        out[5] = (1, (2, (3, x))) < (1, (2, (3, 5)))
        out[6] = ((1, 2), 3) <= ((1, 2, 0), 3)
        out[7] = ((1, x), 3) >= ((1, 2), 3)

    out = np.zeros(8, np.int64)
    f = np.float32(0.1)
    k[1, 1](out, f, x)
    want = [f == 0.1, (f,) == (0.1,), (f, 1) < (0.1, 2), ((1, 2), 3) < ((1, 2), 4),
            operator.gt(((1, x), 5), ((1, 2), 4)), (1, (2, (3, x))) < (1, (2, (3, 5))),
            ((1, 2), 3) <= ((1, 2, 0), 3), ((1, x), 3) >= ((1, 2), 3)]
    np.testing.assert_array_equal(out, np.array(want, dtype=np.int64))


def test_augmented_assignment_growing_a_tuple_names_the_fix(jit, tmp_path):
    # In a loop, t *= 2 reads what it wrote: the loop's phi would need two
    # tuple types.
    from kernel_files import load_module
    m = load_module(tmp_path, "grow_tuple", '''
def k(out):
    t = (1, 2)
    for i in range(2):
        t *= 2
    out[0] = len(t)
''')
    with pytest.raises(pyjit.CompileError,
                       match=r"(?s)grow_tuple.py:5:9: error: variable 't' is assigned both "
                             r"Tuple\(int64, int64\) and Tuple\(int64, int64, int64, int64\), "
                             r"which do not unify.*grow_tuple.py:3:5: note: 't' is "
                             r"Tuple\(int64, int64\) because of this definition"):
        jit(m.k)[1, 1](np.zeros(1))


def test_augmented_assignment_making_a_new_tuple(jit):
    # Straight-line t += (...) and t *= n make a new tuple, as numba's t.1.
    @jit
    def k(out, x):
        t = (1, 2)
        out[0] = len(t)
        t += (x, 4.5)
        out[1] = len(t)
        out[2] = t[2] + t[3]
        t *= 2
        out[3] = len(t)
        out[4] = t[6]

    out = np.zeros(5)
    k[1, 1](out, 3)
    assert out.tolist() == [2, 4, 7.5, 8, 3]


@pytest.mark.parametrize("body, message", [
    ("t = (1, 2)\n    t[0] += 1", r"cannot assign to an item of a value of type "
                                   r"Tuple\(int64, int64\) \(tuples are immutable\)"),
    ("s = out.shape\n    s[0] -= 1", r"cannot assign to an item of a value of type Tuple"),
    ("out.shape[0] *= 2", r"cannot assign to an item of a value of type Tuple"),
    ("out.ndim -= 1", r"assignment to an attribute is not supported in kernels"),
    ("cuda.threadIdx.x += 1", r"assignment to an attribute is not supported in kernels"),
    ("z = 1j\n    z.real += 1", r"assignment to an attribute is not supported in kernels"),
    ("t = (1, 2)\n    t *= 2.0", r"a tuple is repeated by a constant integer \(t \* 3\)"),
    ("t = (1, 2)\n    t += 5", r"unsupported operand types for \+=: Tuple\(int64, int64\) and int64"),
])
def test_augmented_assignment_to_what_cannot_be_written_is_an_error(jit, tmp_path, body, message):
    # These aborted or crashed the compiler (an out-of-range map lookup, a
    # segfault) before they were checked.
    from kernel_files import load_module
    m = load_module(tmp_path, "aug_targets", "from pyjit import cuda\n\n\ndef k(out):\n    %s\n"
                    % body)
    with pytest.raises(pyjit.CompileError, match=message):
        jit(m.k)[1, 1](np.zeros(1))


def test_literal_unroll_loops_over_a_tuple(jit):
    from pyjit import literal_unroll

    @jit
    def k(a, b, out):
        s = 0.0
        for x in literal_unroll((1, 2.5, True)):
            s += x
        for arr in literal_unroll((a, b)):
            s += arr[0]
        out[0] = s

    out = np.zeros(1)
    k[1, 1](np.array([10.0]), np.array([100.0]), out)
    assert out[0] == 1 + 2.5 + 1 + 10 + 100
    assert literal_unroll((1, 2)) == (1, 2)  # the host's: the container itself


_MIXED = (np.uint64(2 ** 64 - 1), -1, 2.5)


def test_literal_unroll_types_each_element_on_its_own(jit):
    # numba versions the loop body per element: uint64 max stays exact (a
    # unified float64 would round it), -1 stays an int, 2.5 a float.
    from pyjit import literal_unroll

    @jit
    def k(u, i, f, t):
        n = 0
        for v in literal_unroll(_MIXED):            # a global tuple
            if n == 0:
                u[0] = v
            elif n == 1:
                i[0] = v // 2                        # int floor division: -1
            else:
                f[0] = v
            n += 1
        m = 0
        for v in literal_unroll(t):                  # a tuple parameter
            i[1 + m] = v + 1
            m += 1
        for v in literal_unroll((2 ** 53 + 1, 0.5)):  # written in place
            if m == 2:
                i[3] = v                              # exact: an int64 copy
            m += 1

    u, i, f = np.zeros(1, np.uint64), np.zeros(4, np.int64), np.zeros(1)
    k[1, 1](u, i, f, (np.uint64(2 ** 63), np.int32(-5)))
    assert int(u[0]) == 2 ** 64 - 1
    assert i.tolist() == [-1, 2 ** 63 + 1 - 2 ** 64, -4, 2 ** 53 + 1]  # (uint64 wraps into int64)
    assert f[0] == 2.5


def test_literal_unroll_of_a_local_tuple_types_each_element_and_reads_it_once(jit):
    # numba's own usage: `t = (...)`, then literal_unroll(t). A local every
    # assignment of which is a tuple of one length is unrolled per element
    # (it was a unified float64 loop: 2**53 + 1 rounded); the loop reads the
    # tuple once, so a body assigning the name again does not change it.
    from pyjit import literal_unroll

    @jit
    def k(out, flags):
        t = (2 ** 53 + 1, 2.5)
        n = 0
        for v in literal_unroll(t):
            out[n] = v
            flags[n] = isinstance(v, float)
            t = (7, 8.5)
            n += 1
        if n > 1:
            u = (1, 2.5, 3)
        else:
            u = (4, 5.5, 6)
        for w in literal_unroll(u):  # assigned on two paths, one length
            out[n] = w
            n += 1

    out, flags = np.zeros(5, np.int64), np.zeros(2, np.bool_)
    k[1, 1](out, flags)
    assert out.tolist() == [2 ** 53 + 1, 2, 1, 2, 3]  # (2.5 stored in int64: 2)
    assert flags.tolist() == [False, True]


def _break_at_the_int(x):
    s = 4.0
    for u in pyjit.literal_unroll((x, 7)):  # (in Python: the tuple itself)
        if isinstance(u, int):
            if True:
                break  # (inside an `if` decided when compiling)
        else:
            s = s + u
        s = s + u  # dead in the int copy: only the else branch reaches it there
    return s


def test_code_after_a_decided_if_that_breaks_is_dead(jit):
    # In the int copy the isinstance test and `if True` are decided: the copy
    # always breaks, so the last statement is dead there (CPython's compiler
    # drops such code; numba never sees it). Its read of s was typed and
    # reported as UnboundLocalError.
    f = cuda.jit(device=True)(_break_at_the_int)

    @jit
    def k(out, x):
        out[0] = f(x[0])

    out = np.zeros(1)
    k[1, 1](out, np.array([3.0]))
    assert out[0] == _break_at_the_int(3.0) == 4.0 + 3.0 + 3.0


def _after_a_loop_whose_else_returns(n):
    v = 1
    for i in range(n):
        pass
    else:
        return 0
    for j in range(2):  # dead: the loop has no break and its else returns
        v += j
    return v


def _after_an_if_both_of_whose_branches_return(n):
    v = 1
    if n > 2:
        return 5
    else:
        return 6
    for j in range(2):  # dead
        v += j
    return v


def test_code_no_path_reaches_is_not_typed(jit):
    # Only dead paths reached the reads of v (VariableWebs knew), but typing
    # went on past the loop and the if: "v is read, but no assignment to it
    # is ever run". Likewise after `while True` (IRGen lowered it as a branch
    # on a constant, so its else and the code after it were reached) and in
    # `while False`. Python runs these: their dead code never runs.
    functions = (_after_a_loop_whose_else_returns, _after_an_if_both_of_whose_branches_return,
                 _else_of_while_true, _after_while_true_whose_break_is_dead, _while_false)
    f0, f1, f2, f3, f4 = (cuda.jit(device=True)(f) for f in functions)

    @jit
    def k(out, n):
        out[0] = f0(n)
        out[1] = f1(n)
        out[2] = f2(n)
        out[3] = f3(n)
        out[4] = f4(n)

    out = np.zeros(5)
    k[1, 1](out, 3)
    assert out.tolist() == [f(3) for f in functions] == [0, 5, 4.0 + 3, 4.0 + 3, 4]


def _else_of_while_true(n):
    s = 4.0
    while True:
        break
    else:
        s += 2.0  # dead: `while True` never ends by its condition
    return s + n


def _after_while_true_whose_break_is_dead(n):
    s = 4.0
    v = 3
    while True:
        if 1.5 != 2.5:  # decided when compiling
            return s + n
        v = 5  # dead, and so is the break: the loop never ends
        break
    match v % 5:  # dead
        case 1:
            s = 1.0
        case _:
            s = 2.0
    return s


def _while_false(n):
    while False:
        n += 100  # dead
    else:
        n += 1
    return n


def test_literal_unroll_carries_a_variable_at_the_unified_type(jit):
    # numba's literal_unroll is a loop whose body is versioned per element:
    # a variable carried from one element to the next is the loop's phi,
    # typed by every copy's assignments (float64 here), so it never wraps in
    # int64 (Python's values: 2**40 * 2**40 * 0.5, and (2**64 - 1) - 1 + 2.5
    # in float64).
    from pyjit import literal_unroll

    @jit
    def k(o):
        p = 1
        for x in literal_unroll((2 ** 40, 2 ** 40, 0.5)):
            p *= x
        o[0] = p
        s = 0
        for x in literal_unroll((np.uint64(2 ** 64 - 1), -1, 2.5)):
            s += x
        o[1] = s

    o = np.zeros(2)
    k[1, 1](o)
    assert o[0] == 2.0 ** 80 * 0.5
    assert o[1] == float(2 ** 64 - 1) - 1 + 2.5


def test_literal_unroll_break_continue_and_else(jit):
    from pyjit import literal_unroll

    @jit
    def k(out, stop):
        total = 0.0
        for v in literal_unroll((1, 2.5, 3, 4.5)):
            if v == 2.5:
                continue                # skips this element only
            if v > stop:
                break                   # ends the loop
            total += v
        else:
            total += 1000.0             # only without a break
        out[0] = total
        last = 0.0
        for w in literal_unroll((7, 8.5)):
            last = w
        out[1] = last + w               # the variable keeps the last element

    out = np.zeros(2)
    k[1, 1](out, 10.0)
    assert out.tolist() == [1 + 3 + 4.5 + 1000, 17.0]
    k[1, 1](out, 3.5)
    assert out[0] == 1 + 3


def test_literal_unroll_copies_keep_their_own_call_temporaries(jit):
    # f(*t), a keyword rewrite (np.clip(x, a_max=..)) and zip(*t) evaluate
    # their arguments into temporaries: each copy of the body has its own,
    # of its element's types (one shared by both copies would need an array
    # of 1 and of 2 dimensions in one variable).
    from pyjit import literal_unroll

    @jit
    def k(out, a1, a2):
        j = 0
        for a in literal_unroll((a1, a2)):
            out[j] = np.clip(a.ravel()[1], a_max=1.5, a_min=0.5) * 10
            s = 0.0
            for x, y in zip(*(a.ravel(), a.ravel())):
                s += x * y
            out[j + 2] = s
            out[j + 4] = max(*a.shape, 0)
            j += 1

    a1, a2 = np.arange(3.0), np.arange(6.0).reshape(2, 3)
    out = np.zeros(6)
    k[1, 1](out, a1, a2)
    assert out.tolist() == [10.0, 10.0, (a1 * a1).sum(), (a2 * a2).sum(), 3.0, 3.0]


def test_literal_unroll_in_a_device_function_and_nested(jit):
    from pyjit import literal_unroll

    @jit(device=True)
    def weigh(t, out):
        k = 0
        for v in literal_unroll(t):
            for w in literal_unroll((10, 0.5)):
                out[k] = v * w
                k += 1

    @jit
    def kern(out):
        weigh((np.int8(3), 1.5), out)

    out = np.zeros(4)
    kern[1, 1](out)
    assert out.tolist() == [30.0, 1.5, 15.0, 0.75]


def test_a_tuple_of_arrays_indexed_at_run_time(jit):
    # numba's UniTuple of arrays: (x, y)[i] picks an array at run time, also
    # one in shared memory beside a global one.
    @jit
    def k(x, y, out, n):
        sm = cuda.shared.array(4, np.float64)
        for j in range(4):
            sm[j] = 100.0 + j
        arrays = (x, y)
        for i in range(2):
            arrays[i][0] = i + 10
        mixed = (x, sm)
        out[0] = mixed[n][1]
        out[1] = mixed[1 - n][2]
        out[2] = arrays[-1].size

    x, y, out = np.arange(4.0), np.arange(5.0) + 20, np.zeros(3)
    k[1, 1](x, y, out, 1)
    assert x[0] == 10 and y[0] == 11
    assert out.tolist() == [101.0, 2.0, 5.0]


def test_cache_hinted_loads_and_stores(jit):
    # numba.cuda's ldcg/stcs & co.: the element read or written, whatever the
    # hint (shared memory too, where the hint does not apply).
    @jit
    def k(x, y, flags, h, m):
        i = cuda.grid(1)
        sm = cuda.shared.array(4, np.float32)
        if i < x.size:
            sm[i] = x[i]
            v = cuda.ldcg(x, i) + cuda.ldca(x, i) + cuda.ldcs(x, i) + cuda.ldlu(x, i) \
                + cuda.ldcv(sm, i)
            cuda.stcg(y, i, v)
            cuda.stcs(flags, i, not cuda.ldcg(flags, i))
            cuda.stwb(h, i, cuda.ldcg(h, i) * 2)
            cuda.stwt(m, (i, 1), cuda.ldcv(m, (i, 0)))

    x = np.array([1.0, -2.5, 3.0, 0.5], np.float32)
    y = np.zeros(4, np.float32)
    flags = np.array([True, False, True, False])
    h = np.array([1.5, 2, -3, 0.25], np.float16)
    m = np.array([[-7, 0], [8, 0], [127, 0], [-128, 0]], np.int8)
    k[1, 4](x, y, flags, h, m)
    np.testing.assert_array_equal(y, 5 * x)
    assert flags.tolist() == [False, True, False, True]
    np.testing.assert_array_equal(h, np.array([3, 4, -6, 0.5], np.float16))
    np.testing.assert_array_equal(m[:, 1], m[:, 0])


def test_cache_hints_namespace(jit):
    # numba.cuda.cache_hints.ldcg is cuda.ldcg: through the namespace, and
    # imported from it.
    from pyjit.cuda import cache_hints
    from pyjit.cuda.cache_hints import stcs

    @jit
    def k(x, y):
        i = cuda.grid(1)
        if i < x.size:
            stcs(y, i, cuda.cache_hints.ldcg(x, i) + cache_hints.ldcv(x, i))

    x = np.array([1.0, -2.5, 3.0, 0.5], np.float32)
    y = np.zeros(4, np.float32)
    k[1, 4](x, y)
    np.testing.assert_array_equal(y, 2 * x)

    @jit
    def typo(x):
        x[0] = cuda.cache_hints.ldcgg(x, 0)

    with pytest.raises(pyjit.CompileError, match=r"did you mean 'cuda\.cache_hints\.ldcg'"):
        typo[1, 1](x)
    with pytest.raises(RuntimeError, match="can only be used inside a kernel|kernel"):
        cache_hints.ldcg(x, 0)


@cuda.jit(device=True)
def _unrolled_sum(t):
    s = 0.0
    for v in pyjit.literal_unroll(t):
        s += v
    return s


def test_literal_unroll_copies_per_tuple_length_and_control_flow(jit):
    # One device function called with tuples of two lengths in one kernel:
    # each length its own copies (the rewrite was shared, silently summing
    # only the first call's number of elements).
    from pyjit import literal_unroll

    @jit
    def k(out):
        out[0] = _unrolled_sum((1, 2.5))
        out[1] = _unrolled_sum((np.int8(3), 4, 5))
        n = 0
        for v in literal_unroll((1, 2.5, 3)):
            for j in range(2):
                pass
            else:
                if v == 2.5:
                    continue        # the unrolled loop's (an inner loop's else)
            n += 1
        out[2] = n
        m = 0.0
        for v in literal_unroll((1, 2.5)):
            def twice(x):           # a def in the body: one loop (unified type)
                return 2 * x
            m += twice(v)
        out[3] = m

    out = np.zeros(4)
    k[1, 1](out)
    assert out.tolist() == [3.5, 12.0, 2.0, 7.0]


_rng = range  # a global bound to the builtin range


def test_prange_and_a_global_bound_to_range_loop_as_range(jit):
    # numba lowers prange in CUDA kernels as range; pyjit.prange is the same.
    from pyjit import prange

    @jit
    def k(out):
        s = 0
        for i in prange(2, 11, 3):    # 2, 5, 8
            s += i
        t = 0
        for j in _rng(4):             # 0..3
            t += j
        out[0] = s
        out[1] = t

    out = np.zeros(2, dtype=np.int64)
    k[1, 1](out)
    assert out.tolist() == [2 + 5 + 8, 0 + 1 + 2 + 3]
    assert list(prange(3)) == [0, 1, 2]  # the host's: range


def test_package_paths_prange_literal_unroll_and_cuda_random(jit):
    # `import numba as nb` code: nb.prange(...), nb.literal_unroll(t) and
    # nb.cuda.random.xoroshiro128p_uniform_float32(...) (spinsim, a
    # compound-prism optimizer) reach what the bare names do.
    import pyjit.cuda.random
    from pyjit.cuda.random import xoroshiro128p_uniform_float32

    @jit
    def k(out, rng):
        s = 0.0
        for i in pyjit.prange(3):
            s += i
        for v in pyjit.literal_unroll((1, 2.5)):
            s += v
        out[0] = s
        out[1] = pyjit.cuda.random.xoroshiro128p_uniform_float32(rng, 0)

    @jit
    def bare(out, rng):
        out[1] = xoroshiro128p_uniform_float32(rng, 0)

    out, ref = np.zeros(2, np.float32), np.zeros(2, np.float32)
    k[1, 1](out, cuda.random.create_xoroshiro128p_states(1, seed=7))
    bare[1, 1](ref, cuda.random.create_xoroshiro128p_states(1, seed=7))
    assert out[0] == 0 + 1 + 2 + 1 + 2.5
    assert out[1] == ref[1] and 0 <= out[1] < 1


class _Mode(__import__("enum").IntEnum):
    ADD = 1
    MUL = 2


_LIMIT = 10


def _classify(x, f):
    r = 0.0
    match x:
        case 0:
            r = 100.0
        case -1 | -2:
            r = 200.0
        case _Mode.MUL:
            r = 300.0
        case 3 | 4 as y:
            r = 400.0 + y
        case n if n > _LIMIT:
            r = 500.0 + n
        case (5):
            r = 600.0
        case _:
            r = -1.0
    match f:
        case 1.5:
            r += 0.25
        case 2.0 if x > 0:
            r += 0.5
        case v:
            r += v / 100
    return r


def _skip_and_stop(x):
    total = 0
    for i in range(x):
        match i % 4:
            case 0:
                continue
            case 3:
                break
            case k:
                total += k * 10
    return total


def _truth(b):
    match b:
        case True:
            return 1
        case False:
            return 2
    return 3


def test_match_statements_run_as_python_runs_them(jit):
    # numba-cuda compiles `match` from CPython's bytecode (comparisons): the
    # expected values are Python's own, calling the same functions.
    classify = cuda.jit(device=True)(_classify)
    skip_and_stop = cuda.jit(device=True)(_skip_and_stop)
    truth = cuda.jit(device=True)(_truth)

    @jit
    def k(xs, fs, out):
        i = cuda.grid(1)
        if i < xs.size:
            out[i, 0] = classify(xs[i], fs[i])
            out[i, 1] = skip_and_stop(xs[i])
            out[i, 2] = truth(xs[i] > 2)

    xs = np.array([0, -1, -2, 2, 3, 4, 11, 5, 7, 20, 1])
    fs = np.array([1.5, 2.0, 3.0, 2.0, 7.0, 1.5, 2.0, 0.5, 2.0, 9.0, 1.0])
    out = np.zeros((xs.size, 3))
    k[1, xs.size](xs, fs, out)
    expect = [[_classify(int(x), float(f)), _skip_and_stop(int(x)), _truth(bool(x > 2))]
              for x, f in zip(xs, fs)]
    np.testing.assert_allclose(out, expect)


def _guarded_captures(a, b):
    w = 0
    z = -1
    match b % 6:
        case 3 as w if a > 100:  # binds w whenever b % 6 == 3, guard or not
            w += 1000
        case (1 | 4) as z if a < 50:  # binds z only when the pattern matches
            pass
        case _:
            pass
    return w * 10 + z


def test_a_guard_that_fails_keeps_its_patterns_bindings_and_only_those(jit):
    # Python binds a case's names when its pattern matches, before the guard
    # is tested, and never when the pattern fails; expected values are
    # Python's own, calling the same function.
    guarded = cuda.jit(device=True)(_guarded_captures)

    @jit
    def k(a, b, out):
        i = cuda.grid(1)
        if i < a.size:
            out[i] = guarded(a[i], b[i])

    a = np.array([0, 30, 200, 90, 20, 150, 40, 120, 10, 300, 60, 70], np.int64)
    b = np.arange(12, dtype=np.int64)
    out = np.zeros(12, np.int64)
    k[1, 12](a, b, out)
    expect = [_guarded_captures(int(x), int(y)) for x, y in zip(a, b)]
    assert out.tolist() == expect
    assert expect[3] == 29 and expect[9] == 10029 and expect[1] == 1  # hand-checked


@__import__("pyjit.extending").extending.register_jitable
def _maybe_half(x):  # a device function in kernels, a plain one in Python
    if x % 2 == 0:
        return x // 2
    return None


def _match_optional(x):
    match (_maybe_half(x)):  # a parenthesized subject; it may be None
        case 3:
            return 30
        case None:
            return -1
        case v:
            return v


def test_match_subjects_in_parentheses_and_that_may_be_none(jit):
    # A subject that may be None (numba's Optional) matches no literal and
    # goes on to `case None`, as Python does; `match (x):` is a match.
    match_optional = cuda.jit(device=True)(_match_optional)

    @jit
    def k(xs, out):
        i = cuda.grid(1)
        if i < xs.size:
            out[i] = match_optional(xs[i])

    xs = np.array([6, 7, 8, 1])
    out = np.zeros(4, np.int64)
    k[1, 4](xs, out)
    assert out.tolist() == [_match_optional(int(x)) for x in xs] == [30, -1, 4, -1]


def test_range_of_a_float_truncates_as_numba(jit):
    # numba-cuda converts a float bound to an integer (range(math.ceil(n/2)),
    # math.ceil giving a float there); Python would raise TypeError.
    @jit
    def k(out, x, stop):
        n = 0
        for i in range(math.ceil(x / 2)):  # ceil(2.5) = 3.0: 0, 1, 2
            out[i] = i
            n += 1
        for j in range(1, stop, 2):  # stop -7.9 truncates to -7: no iteration
            n += 100
        out[4] = n
        out[5] = len(range(stop * -1))  # 7.9 -> 7

    out = np.full(6, -1.0)
    k[1, 1](out, 5.0, -7.9)
    assert out.tolist() == [0, 1, 2, -1, 3, 7]

    # With a uint64 bound a float converts to uint64 (numba's overload
    # resolution picks the unsigned range): past 2**63.
    @jit
    def unsigned(out, u, x):
        out[0] = (2 ** 63 + 5) in range(u, x)

    flag = np.zeros(1, np.int64)
    unsigned[1, 1](flag, np.uint64(0), 1.5e19)
    assert flag[0] == 1


def test_a_type_bound_to_a_name_casts(jit):
    # `t = type(x); t(v)`, as numba-cuda compiles it.
    @jit
    def k(out, x, y):
        t = type(x)
        out[0] = t(y)

    out = np.zeros(1)
    k[1, 1](out, np.int16(3), 7.9)
    assert out[0] == 7


class _Color(__import__("enum").Enum):
    red = 1
    green = 2
    blue = 3


class _Fruit(__import__("enum").Enum):
    apple = 1


@cuda.jit(device=True)
def _pick(x):
    if x > 0:
        return _Color.green
    return _Color.red


def test_plain_enum_members_compare_pass_and_return(jit):
    # numba's EnumMember: members as arguments, compared with == != is and
    # `is not`, looked up as Color.red or Color['red'], returned by device
    # functions; .value is the int.
    import itertools

    @jit
    def k(a, b, out):
        out[0] = a == b
        out[1] = a != b
        out[2] = a is b
        out[3] = a is not b
        out[4] = _Color.red == _Color["green"]
        out[5] = a.value
        c = _pick(out[6])
        out[7] = c == _Color.green

    for a, b in itertools.product(_Color, _Color):
        out = np.zeros(8, np.int64)
        out[6] = a.value - 2
        k[1, 1](a, b, out)
        want = [a == b, a != b, a is b, a is not b, False, a.value, a.value - 2,
                a.value - 2 > 0]
        np.testing.assert_array_equal(out, np.array(want, dtype=np.int64))


def test_a_plain_enum_member_is_true_and_is_stored_by_value_only(jit, tmp_path):
    # Python: a plain Enum member is always true, even with value 0.
    @jit
    def k(o, c):
        o[0] = 1 if c else 0
        o[1] = c.value

    o = np.zeros(2, np.int64)
    k[1, 1](o, _Zero.zero)
    np.testing.assert_array_equal(o, [1, 0])

    @jit
    def glob(o):
        if _Zero.zero:                  # decided when compiling: true (it was False)
            o[0] = 2
        o[1] = 3 if not _Zero.zero else 4

    glob[1, 1](o)
    np.testing.assert_array_equal(o, [2, 4])

    @jit
    def flag(o):                        # an enum.Flag's empty member is false
        o[0] = 1 if _EMPTY else 2
        o[1] = 1 if _Perm.R else 2

    flag[1, 1](o)
    np.testing.assert_array_equal(o, [2, 1])

    @jit
    def store(o, c):
        o[0] = c

    with pytest.raises(pyjit.CompileError, match=r"cannot store a value of type "
                                                 r"EnumMember\(\w*_Zero, int64\) into an array "
                                                 r"of int64 \(store its .value\)"):
        store[1, 1](o, _Zero.zero)


class _Zero(__import__("enum").Enum):
    zero = 0


class _Perm(__import__("enum").Flag):
    R = 1
    W = 2


_EMPTY = _Perm.R & _Perm.W


class _Shape(__import__("enum").IntEnum):
    circle = 3
    square = 4


@cuda.jit(device=True)
def _value_of(s):
    return s.value


def test_int_enum_members_keep_value_when_passed(jit):
    # numba's IntEnumMember: .value also on a member passed as an argument or
    # to a device function (where pyjit types it as its int).
    @jit
    def k(o, s):
        o[0] = _value_of(_Shape.circle)
        o[1] = s.value + _Shape.square.value

    o = np.zeros(2, np.int64)
    k[1, 1](o, _Shape.square)
    np.testing.assert_array_equal(o, [3, 8])


def test_tuples_of_enum_members_are_arguments(jit):
    @jit
    def k(o, t):
        o[0] = t[0].value + t[1].value
        o[1] = t[1] == _Color.green

    o = np.zeros(2, np.int64)
    k[1, 1](o, (_Color.red, _Color.green))
    np.testing.assert_array_equal(o, [3, 1])


@pytest.mark.parametrize("body, message", [
    # (each test loads the module anew: its classes are new ones, spelled
    # _Color_2, _Color_3, ... while the earlier ones live)
    ("out[0] = _Color.red == 1", r"cannot compare EnumMember\(\w*_Color\w*, int64\) and int64"),
    ("out[0] = _Color.red < _Color.green", r"enum members have no order"),
    ("out[0] = _Color.red + 1", r"unsupported operand types for \+"),
    ("out[0] = _Color.red == _Fruit.apple", r"cannot compare EnumMember\(\w*_Color\w*, int64\) "
                                            r"and EnumMember\(\w*_Fruit\w*, int64\)"),
    ("out[0] = _Color['purple'] == _Color.red", r"enum '_Color' has no member 'purple'"),
])
def test_plain_enum_misuse_is_a_compile_error(jit, tmp_path, body, message):
    # numba refuses these too (Python would give False for the comparisons).
    from kernel_files import load_module
    m = load_module(tmp_path, "enum_errors", "import enum\n\n\nclass _Color(enum.Enum):\n"
                    "    red = 1\n    green = 2\n\n\nclass _Fruit(enum.Enum):\n    apple = 1\n"
                    "\n\ndef k(out):\n    %s\n" % body)
    with pytest.raises(pyjit.CompileError, match=message):
        jit(m.k)[1, 1](np.zeros(1))


class _Planet(__import__("enum").Enum):
    # numba's enum_usecases.Planet: members whose values are tuples.
    MERCURY = (3.303e+23, 2.4397e6)
    VENUS = (4.869e+24, 6.0518e6)
    EARTH = (5.976e+24, 6.37814e6)
    MARS = (6.421e+23, 3.3972e6)


def _compare_members(a, b, out):
    out[0] = a == b
    out[1] = a != b
    out[2] = a is b
    out[3] = a is not b


def test_members_of_an_enum_of_tuples_compare(jit):
    # numba-cuda's test_enums.test_compare: its pairs include Planet members.
    k = jit(_compare_members)
    for a, b in [(_Planet.EARTH, _Planet.EARTH), (_Planet.VENUS, _Planet.MARS),
                 (_Color.red, _Color.green)]:
        got = np.zeros(4, np.bool_)
        expected = np.zeros(4, np.bool_)
        k[1, 1](a, b, got)
        _compare_members(a, b, expected)
        np.testing.assert_array_equal(got, expected)
    assert pyjit.typeof(_Planet.MARS) == "EnumMember(%s, ordinal)" % (
        __name__.replace(".", "_") + "__Planet")

    @jit
    def constants(p, out):
        out[0] = p == _Planet.VENUS
        out[1] = p is _Planet.MERCURY

    out = np.zeros(2, np.bool_)
    constants[1, 1](_Planet.VENUS, out)
    assert out.tolist() == [True, False]

    @jit
    def value(p, out):
        out[0] = p.value[0]

    with pytest.raises(pyjit.CompileError, match="hold values that are not ints: kernels "
                                                 "compare them"):
        value[1, 1](_Planet.EARTH, np.zeros(1))


Params = __import__("collections").namedtuple("Params", ["alpha", "n", "beta"])


def test_named_tuple_arguments_read_fields_by_name(jit):
    from typing import NamedTuple

    class Box(NamedTuple):
        lo: float
        hi: float

    @jit
    def k(a, p, box, o):
        i = cuda.grid(1)
        if i < p.n:
            o[i] = p.alpha * a[i] + p.beta + box.hi - box[0]
        alpha, n, beta = p
        o[4] = n

    o = np.zeros(5)
    a = np.arange(4.0)
    k[1, 4](a, Params(0.5, 3, 2.0), Box(1.0, 4.0), o)
    np.testing.assert_array_equal(o, [0.5 * a[0] + 5, 0.5 * a[1] + 5, 0.5 * a[2] + 5, 0, 3])
    assert "NamedTuple(Params; alpha: float64, n: int64, beta: float64)" in k.signatures[0]

    @jit
    def bad(p, o):
        o[0] = p.gamma

    with pytest.raises(pyjit.CompileError, match=r"Params has no field 'gamma' \(its fields: "
                                                 r"alpha, n, beta\)"):
        bad[1, 1](Params(0.5, 3, 2.0), o)


Point = __import__("collections").namedtuple("Point", ["x", "y"])
ORIGIN = Point(1.5, 2.5)


def test_named_tuples_made_in_kernels_and_as_globals(jit):
    @cuda.jit(device=True)
    def norm1(p):
        return abs(p.x) + abs(p.y)

    @jit
    def k(o, a):
        p = Point(a[0], y=a[1])
        q = Point(3, 4)
        o[0] = p.x + q.y + ORIGIN.y
        o[1] = norm1(p)
        o[2] = ORIGIN[0]

    o = np.zeros(3)
    k[1, 1](o, np.array([1.0, -2.0]))
    np.testing.assert_array_equal(o, [1.0 + 4 + 2.5, 3.0, 1.5])

    @jit
    def missing(o):
        p = Point(1.0)
        o[0] = p.x

    with pytest.raises(pyjit.CompileError, match="Point\\(\\) is missing field 'y'"):
        missing[1, 1](o)

    # Python's TypeError: a field given by position and by keyword (a first
    # version took the keyword's value silently).
    @jit
    def twice(o):
        o[0] = Point(*(1.0, 2.0), x=3.0).x

    with pytest.raises(pyjit.CompileError, match="Point\\(\\) got multiple values for "
                                                 "argument 'x'"):
        twice[1, 1](o)


@pytest.mark.parametrize("dtype", [np.int8, np.int32, np.int64, np.uint8, np.uint32, np.uint64])
def test_int_bit_count_is_pythons(jit, dtype):
    # int.bit_count() counts the ones of |x| (Python 3.10); INT_MIN has one.
    @jit
    def k(a, out):
        for i in range(a.size):
            out[i] = a[i].bit_count()

    info = np.iinfo(dtype)
    a = np.array([0, 1, 5, info.max, info.min, 7, 255 % (int(info.max) + 1)], dtype=dtype)
    if info.min < 0:
        a = np.append(a, np.array([-1, -7], dtype=dtype))
    out = np.zeros(a.size, np.int64)
    k[1, 1](a, out)
    assert out.tolist() == [int(v).bit_count() for v in a]


_T1 = (1, 2, 3)
_T2 = (4.5, 5.6, 6.7)


def test_enumerate_and_zip_of_tuples_unroll(jit):
    # numba's test_lang test_enumerate / test_zip: over tuples, unrolled.
    @jit
    def k(a, arr):
        c = 0.0
        for i, j in zip(_T1, _T2):
            c += i + j
        a[0] = c
        d = 0
        for n, v in enumerate((10, 20, 30), 5):
            d += n * v
        a[1] = d
        e = 0.0
        for n, (x, y) in enumerate(zip((1, 2), (arr, arr))):   # arrays of one type unify
            e += n + x * y[n]
        a[2] = e
        f = 0
        for p in zip((1, 2, 3), (4, 5)):                        # the shortest decides
            f += p[0] * p[1]
        a[3] = f

    a = np.zeros(4)
    arr = np.array([10.0, 100.0])
    k[1, 1](a, arr)
    assert a[0] == sum(i + j for i, j in zip(_T1, _T2))
    assert a[1] == sum(n * v for n, v in enumerate((10, 20, 30), 5))
    assert a[2] == 0 + 1 * 10.0 + 1 + 2 * 100.0
    assert a[3] == 1 * 4 + 2 * 5


def test_zip_of_a_tuple_and_a_range_is_refused(jit, tmp_path):
    from kernel_files import load_module
    m = load_module(tmp_path, "zipmix", "def k(a):\n    for i, j in zip((1, 2), range(2)):\n"
                                        "        a[0] += i\n")
    with pytest.raises(pyjit.CompileError, match=r"zipmix.py:2:21: error: a tuple inside zip\(\) "
                                                 r"with ranges or arrays is not supported"):
        jit(m.k)[1, 1](np.zeros(1))


_ARRAYS = (np.float64([1.0, 2.0, -1.5]), np.float64([-0.0, -1.5]))


def test_struct_sequences_read_by_field_name(jit):
    # sys.float_info is a struct sequence, a tuple whose fields have names
    # (its type's __match_args__): read by name as in Python, and by index.
    import sys
    import time
    stamp = time.struct_time((2026, 12, 7, 14, 30, 5, 0, 341, 0))

    @jit
    def k(o):
        o[0] = sys.float_info.epsilon
        o[1] = sys.float_info.max
        o[2] = sys.float_info[8]
        o[3] = stamp.tm_yday + stamp.tm_min

    o = np.zeros(4)
    k[1, 1](o)
    np.testing.assert_array_equal(o, [np.finfo(np.float64).eps, np.finfo(np.float64).max,
                                      np.finfo(np.float64).eps, 341 + 30])


def test_a_global_tuple_of_arrays(jit):
    # numba's test_array_reductions: literal_unroll over a global tuple of arrays
    # (each a constant, as a global array is).
    from pyjit import literal_unroll

    @jit
    def k(out):
        i = 0
        for arr in literal_unroll(_ARRAYS):
            out[i] = np.sum(arr)
            i += 1
        out[2] = _ARRAYS[1][1] + len(_ARRAYS)

    out = np.zeros(3)
    k[1, 1](out)
    assert out.tolist() == [1.5, -1.5, -1.5 + 2]


def test_an_error_inside_zip_is_reported_once(jit, tmp_path):
    from kernel_files import load_module
    m = load_module(tmp_path, "zipnope", "def k(a):\n    for x, y in zip(nope, range(3)):\n"
                                         "        a[0] = x\n")
    with pytest.raises(pyjit.CompileError) as info:
        jit(m.k)[1, 1](np.zeros(1))
    assert str(info.value).count("name 'nope' is not defined") == 1


def test_cuda_types_attributes_cast_in_kernels(jit):
    # numba-cuda resolves cuda.types.uint32 (a module attribute chain) as it
    # resolves cuda.uint32 or numba.types.uint32.
    @jit
    def k(out, x):
        out[0] = cuda.types.uint32(x)
        out[1] = cuda.types.float16(1.3)
        out[2] = cuda.types.int8(x) * 100  # int8 * int64 literal: int64 (numba), no wrap

    out = np.zeros(3)
    k[1, 1](out, 3.7)
    assert out.tolist() == [3.0, float(np.float16(1.3)), 300.0]


def test_package_types_attributes_in_kernels(jit):
    # The GTC 2017 numba tutorial: `import numba.types` then
    # cuda.shared.array(n, numba.types.int32); with `import pyjit as numba`.
    import pyjit as numba

    @jit
    def k(out, x):
        tile = cuda.shared.array(4, numba.types.int32)
        tile[0] = 7
        out[0] = tile[0] + numba.types.uint8(x)   # 300 wraps to 44 in uint8

    out = np.zeros(1)
    k[1, 1](out, 300)
    assert out[0] == 7 + 44


def test_a_name_reused_with_another_type_is_another_variable(jit):
    # numba's SSA versions: assignments that reach no common read are
    # separate variables, each with its own type (pyjit's variable webs).
    @jit
    def k(res, c, n):
        for v in ((1, 2), (3, 4)):        # v: 2-tuples
            res[0] += v[1]
        for v in ((1, 2, 3),):            # v: a 3-tuple
            res[1] += v[2]
        t = 1
        res[2] = t
        t = (1.5, 2.5)                    # t: a tuple now
        res[3] = t[0] + t[1]
        x = 0
        if c:
            x = 2.5
        res[4] = x                        # both reach this read: one float64 x
        x = 7
        res[5] = x // 2                   # a new x, int64: 3, not 3.0 // ... as float
        s = 0
        i = 0
        while i < n:                      # s grows in the loop: int and float in one web
            s += 0.5
            i += 1
            if i == 2:
                continue
        res[6] = s
        for i in range(n):
            if i == 1:
                break
        else:
            i = -1
        res[7] = i                        # the loop's i (break at 1), an int
        i = (5, 6)                        # then a tuple
        res[8] = i[1]

    for c, n in ((True, 3), (False, 0)):
        res = np.zeros(9)
        k[1, 1](res, c, n)
        expected = [6, 3, 1, 4.0, 2.5 if c else 0, 3, 0.5 * n, 1 if n > 1 else -1, 6]
        assert res.tolist() == expected, (c, n)


def test_an_augmented_assignment_may_change_the_variable_type(jit):
    # numba's SSA versions: `t += 0.5` reads the int64 t (which `t >> 1` has
    # read too) and makes a float64 t; the reads after it see the new one.
    @jit
    def k(a, res):
        t = a[0]
        u = t >> 1
        t += 0.5
        res[0] = t + u            # 7.5 + 3
        n = 1
        res[1] = n // 2           # int floor division: 0
        n *= 2.5                  # now a float64
        res[2] = n / 2            # 1.25
        arr = cuda.local.array(3, np.float64)
        for j in range(3):
            arr[j] = j
        res[3] = arr[0]           # reads the array before the update
        arr += 1                  # in place: the same array, another web
        res[4] = arr[2]           # 3.0
        s = 0
        for j in range(3):        # an accumulator stays one variable
            s += 0.5
        res[5] = s

    res = np.zeros(6)
    k[1, 1](np.array([7], np.int64), res)
    assert res.tolist() == [10.5, 0.0, 1.25, 0.0, 3.0, 1.5]


def test_a_variable_retyped_on_one_path_keeps_its_type_before_the_join(jit):
    # numba's t, t.1 and the phi t.2: reads before the join see int64 t;
    # the read after it sees the unification, float64, each path's value
    # converted.
    @jit
    def k(a, res, c):
        t = a[0]
        u = t >> 1                # an int64 shift
        v = t - 9007199254740992  # exact in int64 (2**53 + 1 - 2**53)
        if c > 0:
            t = 0.5
        res[0] = t + u
        res[1] = v
        s = a[0]
        w = s // 2                # int floor division
        for j in range(2):
            s += 0.25             # the loop's phi: float64
        res[2] = s
        res[3] = w

    res = np.zeros(4)
    k[1, 1](np.array([2**53 + 1], np.int64), res, 1)
    assert res.tolist() == [0.5 + 2**52, 1.0, float(2**53 + 1) + 0.5, 2**52]
    k[1, 1](np.array([7], np.int64), res, 0)
    assert res.tolist() == [10.0, 7.0 - 2**53, 7.5, 3.0]


def test_nested_defs_have_versions_and_leave_their_own_names_to_the_caller(jit):
    # A nested def's parameter named as a variable of the kernel does not
    # keep that variable whole; the nested def's own variables are versions
    # too (numba: x, x.1 in g).
    @jit
    def k(a, o):
        t = a[0]

        def g(t):
            return t * 2

        def h(x):
            y = x >> 1
            x += 0.5
            return x + y

        s = t * 3

        def r(z):
            return z + s      # reads the kernel's s

        u = t - 9007199254740992
        t += 0.5
        o[0] = u
        o[1] = g(4)
        o[2] = h(a[1])
        o[3] = r(0.5)
        inc = lambda t: t + 1    # noqa: E731
        o[4] = inc(t)

    o = np.zeros(5)
    k[1, 1](np.array([2**53 + 1, 7], np.int64), o)
    t = np.float64(2**53 + 1) + 0.5     # the kernel's t~1, rounded as there
    assert o.tolist() == [1.0, 8.0, 10.5, np.float64(3 * (2**53 + 1)) + 0.5, t + 1]


def test_a_call_in_a_loop_starts_with_its_variables_zero(jit):
    # A read no assignment reaches on this call's path reads 0 (numba), not
    # the value the same call site left the iteration before.
    @cuda.jit(device=True)
    def pick(c, v):
        if c:
            y = v
        return y

    @jit
    def k(a, o, p):
        for i in range(a.shape[0]):
            o[i] = pick(a[i] > 0, a[i] * 1.5)

            def g(c, v):
                if c:
                    z = v
                return z
            p[i] = g(a[i] > 0, a[i] * 2.5)

    o, p = np.zeros(3), np.zeros(3)
    k[1, 1](np.array([2, 0, 4]), o, p)
    assert o.tolist() == [3.0, 0.0, 6.0] and p.tolist() == [5.0, 0.0, 10.0]


def test_an_assignment_that_does_not_unify_is_the_only_error(jit, tmp_path):
    # The read after the join has no type once its phi fails: no second
    # error about storing an array into o follows the first.
    from kernel_files import load_module
    m = load_module(tmp_path, "no_unify", '''
def k(a, o, c):
    x = a
    if c:
        x = 1
    o[0] = x
''')
    with pytest.raises(pyjit.CompileError) as info:
        jit(m.k)[1, 1](np.zeros(2, np.int64), np.zeros(1), 1)
    text = str(info.value)
    assert re.search(r"no_unify.py:5:9: error: variable 'x' is assigned both "
                     r"array\(int64, 1d, [AC]\) and int64, which do not unify", text), text
    assert "no_unify.py:3:5: note: 'x' is array" in text
    assert text.count("error:") == 1, text


def test_a_function_or_dtype_named_in_a_loop_or_branch(jit):
    # A version assigned once names the compile-time value wherever the
    # assignment is (numba types the variable as the function or dtype).
    @cuda.jit(device=True)
    def plus_one(i):
        return i + 1

    @jit
    def k(o, c):
        for i in range(2):
            f = plus_one
            o[i] = f(i)
        if c:
            g = math.sqrt
            o[2] = g(16.0)
        for i in range(1):
            dt = np.float32
            o[3] = dt(1.5)

    o = np.zeros(4)
    k[1, 1](o, 1)
    assert o.tolist() == [1.0, 2.0, 4.0, 1.5]


def test_variable_webs_in_device_functions_and_with_closures(jit):
    @cuda.jit(device=True)
    def first_then_pair(a):
        y = a[0]
        a[1] = y
        y = (a[0], 2.0 * a[0])
        return y[1]

    @jit
    def k(a, out):
        out[0] = first_then_pair(a)
        z = 3

        def add_z(w):                     # z is read by a nested def: one variable
            return w + z
        out[1] = add_z(1)
        z = 4
        out[2] = add_z(1)

    a = np.array([1.5, 0.0])
    out = np.zeros(3)
    k[1, 1](a, out)
    assert a.tolist() == [1.5, 1.5]
    assert out.tolist() == [3.0, 4.0, 5.0]


def test_star_unpacking_in_calls_of_built_ins(jit):
    # numba: complex(*cmath.polar(z)); each argument is evaluated once, in order.
    import cmath
    import math

    @cuda.jit(device=True)
    def pair(x):
        return x, x + 1.0

    @jit
    def k(out, z):
        out[0] = complex(*cmath.polar(z[0]))
        t = (3.0, 4.0)
        out[1] = math.hypot(*t)
        out[2] = max(*t, 2.5)
        out[3] = math.atan2(*pair(z[0].real))
        out[4] = complex(1.0, *t[1:])

    out = np.zeros(5, np.complex128)
    z = np.array([1 + 1j])
    k[1, 1](out, z)
    expected = [complex(*cmath.polar(1 + 1j)), 5.0, 4.0, math.atan2(1.0, 2.0), 1 + 4j]
    np.testing.assert_allclose(out, expected, rtol=1e-15)


_Point3 = __import__("collections").namedtuple("_Point3", ["x", "y", "z"])


@cuda.jit(device=True)
def _make_with(cls, t):
    return cls(*t, z=9.0), cls(t[0], t[1], 3.0)


def test_a_named_tuple_class_passed_to_a_device_function(jit):
    # numba: a namedtuple class is a compile-time value, called in the callee.
    @jit
    def k(out, t):
        p, q = _make_with(_Point3, t)
        out[0], out[1], out[2] = p
        out[3] = q.z

    out = np.zeros(4)
    k[1, 1](out, (1.0, 2.0))
    assert out.tolist() == [1.0, 2.0, 9.0, 3.0]


def test_star_unpacking_in_named_tuple_constructors(jit):
    # numba: Point(*t), Point(z=v, *t) (Python's spelling of Point(*t, z=v)).
    @jit
    def k(out, t):
        p = _Point3(*t, 3.0)
        q = _Point3(z=4.0, *(t[1], t[0]))
        r = _Point3(*(5.0, 6.0, 7.0))
        out[0], out[1], out[2] = p
        out[3], out[4], out[5] = q
        out[6], out[7], out[8] = r.x, r.y, r.z

    out = np.zeros(9)
    k[1, 1](out, (1.0, 2.0))
    assert out.tolist() == [1.0, 2.0, 3.0, 2.0, 1.0, 4.0, 5.0, 6.0, 7.0]


class _Plain(__import__("enum").Enum):
    square = 1
    circle = 2


def test_an_enum_member_is_not_none(jit):
    # Python, and numba's `is None` decided by the types: a member (of an
    # Enum or an IntEnum) is never None; pyjit refused the plain Enum's.
    @jit
    def k(out):
        s = _Plain.square
        out[0] = s is not None
        out[1] = s is None
        out[2] = s != _Plain.circle is not None
        out[3] = _Shape.circle is None

    out = np.zeros(4)
    k[1, 1](out)
    assert out.tolist() == [1.0, 0.0, 1.0, 0.0]


class _Other(__import__("enum").IntEnum):
    three = 3  # the value of _Shape.circle


_THREE = 3


def test_is_between_intenum_members_of_two_classes_is_false(jit):
    # Python and numba: members of two IntEnum classes (or one and a plain
    # int) are never the same object, though == compares their values.
    @jit
    def k(out):
        out[0] = _Shape.circle is _Other.three
        out[1] = _Shape.circle is not _Other.three
        out[2] = _Shape.circle == _Other.three
        x = _Shape.circle
        out[3] = x is _Shape.circle
        out[4] = _Shape.circle is _THREE  # a plain int of the same value

    out = np.zeros(5, np.bool_)
    k[1, 1](out)
    assert out.tolist() == [False, True, True, True, False]


@cuda.jit(device=True)
def _is_circle(s):
    return s is _Shape.circle


def _identities(a, b, out):
    out[0] = a == b
    out[1] = a != b
    out[2] = a is b
    out[3] = a is not b


@pytest.mark.parametrize("a, b", [
    (_Shape.circle, _Other.three),   # two IntEnum classes, one value
    (_Shape.circle, 3),              # a member and a plain int of its value
    (3, _Shape.circle),
    (_Shape.circle, _Shape.circle),
    (_Shape.circle, _Shape.square),
    (_Color.red, _Color.red),
    (_Color.red, _Color.green),
])
def test_is_between_intenum_arguments_follows_their_classes(jit, a, b):
    # numba types IntEnum arguments as IntEnumMember(cls, int64): `is` between
    # two classes, or against a plain int, is False though == compares values.
    # Expected: Python's own answers for the same objects.
    got = np.zeros(4, np.bool_)
    expected = got.copy()
    jit(_identities)[1, 1](a, b, got)
    _identities(a, b, expected)
    assert got.tolist() == expected.tolist()


def test_intenum_argument_is_an_int_everywhere_but_is(jit):
    @jit
    def k(s, out, hits):
        out[0] = s + 1              # arithmetic: plain ints
        out[1] = -s
        out[2] = s * 1.5
        out[3] = s // 2
        out[4] = s.value
        hits[0] = s is _Shape.square
        hits[1] = s is _Other.three
        hits[2] = s.value is _Shape.square   # its .value is a plain int
        hits[3] = _is_circle(s)              # in a device function too
        hits[4] = (s + 0) is _Shape.square   # arithmetic's result is an int
        hits[5] = s == 4 and s > _Shape.circle

    out = np.zeros(5)
    hits = np.zeros(6, np.bool_)
    k[1, 1](_Shape.square, out, hits)
    assert out.tolist() == [5.0, -4.0, 6.0, 2.0, 4.0]
    assert hits.tolist() == [True, False, False, False, False, True]
    assert "IntEnumMember(" in str(k.signatures[0][0])
    hits[:] = False
    k[1, 1](_Shape.circle, out, hits)     # the same specialization, another member
    assert hits.tolist() == [False, False, False, True, False, False]
    assert len(k.signatures) == 1


def test_is_between_plain_enum_members_of_two_classes_is_false(jit):
    # numba's generic `is`: members of two Enum classes (or a member and an
    # int) are never the same object; == between them is still an error.
    @jit
    def k(a, b, out):
        out[0] = a is b
        out[1] = a is not b
        out[2] = a is _THREE
        out[3] = _Color.red is _Shape.circle

    out = np.zeros(4, np.bool_)
    k[1, 1](_Color.red, _Shape.circle, out)
    assert out.tolist() == [False, True, False, False]


def _enum_classes_of_one_name():
    class Level(__import__("enum").IntEnum):
        LOW = 1

    class Tint(__import__("enum").Enum):
        RED = 1
    return Level, Tint


def test_enum_classes_of_one_name_are_told_apart(jit):
    # Classes a factory makes share their qualified name; their members are
    # still never the same object (Python), as numba's types tell them apart.
    (level1, tint1), (level2, tint2) = _enum_classes_of_one_name(), _enum_classes_of_one_name()

    @jit
    def k(out, a, b, c, d):
        out[0] = a is b
        out[1] = a is a
        out[2] = c is d
        out[3] = c is c

    out = np.zeros(4, np.int64)
    k[1, 1](out, level1.LOW, level2.LOW, tint1.RED, tint2.RED)
    assert out.tolist() == [0, 1, 0, 1]


def test_an_intenum_signature_takes_only_members_of_its_class():
    @cuda.jit("void(int64[:], IntEnumMember(_Shape, int64))", target="cpu")
    def k(out, s):
        out[0] = s

    # The class as the argument types spell it: the test module's.
    from pyjit._source import int_enum_member_type
    assert int_enum_member_type(_Shape) == "IntEnumMember(test_language_features__Shape, int64)"
    for wrong in (_Other.three, 3, 3.0):
        with pytest.raises(TypeError, match=r"argument 's' is \w+"):
            k[1, 1](np.zeros(1, np.int64), wrong)


def test_isinstance_of_an_intenum_member_and_int_is_true(jit):
    @jit
    def k(out, s):
        out[0] = isinstance(s, int)
        out[1] = isinstance(_Shape.circle, int)
        out[2] = isinstance(s, float)

    out = np.zeros(3, np.int64)
    k[1, 1](out, _Shape.square)
    assert out.tolist() == [1, 1, 0]


class _Big(__import__("enum").IntFlag):
    TOP = 1 << 63


def test_an_intflag_member_past_int64_is_a_uint64(jit):
    @jit
    def k(out):
        out[0] = _Big.TOP

    out = np.zeros(1, np.uint64)
    k[1, 1](out)
    assert int(out[0]) == 1 << 63


def test_star_unpacking_into_print_and_its_errors(jit, capfd, tmp_path):
    @jit
    def k():
        if cuda.threadIdx.x == 0:
            print(*(1, 2.5), "end")

    k[1, 1]()
    cuda.synchronize()
    assert "1 2.500000 end" in capfd.readouterr().out
    from kernel_files import load_module
    m = load_module(tmp_path, "starbad", "from pyjit import cuda\nimport numpy as np\n\n\n"
                                         "def k(a):\n"
                                         "    s = cuda.local.array(*((3,), np.float64))\n"
                                         "    a[0] = s[0]\n")
    with pytest.raises(pyjit.CompileError, match=r"starbad.py:6:27: error: in a call with '\*' "
                                                 r"unpacking, the arguments must be values") as e:
        jit(m.k)[1, 1](np.zeros(1))
    assert "$star" not in str(e.value)


def test_variable_webs_skip_what_a_literal_condition_never_runs(jit):
    # `while True:` leaves only by break (its else never runs); `if False:`
    # never runs: their assignments reach no read, so they are other variables.
    @jit
    def k(out):
        i = 0
        while True:
            v = 2.5
            i += 1
            if i > 3:
                break
        else:
            v = (1, 2)
        out[0] = v
        if False:
            w = (1, 2)
        else:
            w = 7
        out[1] = w

    out = np.zeros(2)
    k[1, 1](out)
    assert out.tolist() == [2.5, 7.0]


_DEBUG = False
_NO_LIMIT = None


@cuda.jit(device=True)
def _scaled(x, scale=None):
    if scale is None:      # decided per signature: (float64, none) and (float64, float64)
        scale = 2.0
    return x * scale


def test_variable_webs_follow_branches_the_types_decide(jit):
    # numba prunes `if p is None:` for a None (or omitted) parameter `p`, and
    # `if not DEBUG:` for a global constant, before typing: the assignment in
    # the branch that runs is the only one reaching later reads.
    @jit
    def k(out, x, scale=None, limit=_NO_LIMIT):
        if scale is None:
            scale = 3.0
        if not _DEBUG:
            y = (1, 2)
        else:
            y = 1.5
        if limit is not None:
            limit = limit * 2    # reads the parameter: one web with it
        else:
            limit = 100
        out[0] = x * scale + y[1]
        out[1] = _scaled(x) + _scaled(x, 5.0)
        out[2] = limit

    out = np.zeros(3)
    k[1, 1](out, 2.0)
    assert out.tolist() == [2.0 * 3 + 2, 2.0 * 2 + 2.0 * 5, 100]
    k[1, 1](out, 2.0, 0.5, 7)
    assert out.tolist() == [2.0 * 0.5 + 2, 2.0 * 2 + 2.0 * 5, 14]


@cuda.jit(device=True)
def _clamp(x, lo=None, hi=None):
    if lo is not None and x < lo:   # with lo None, `x < lo` is never typed
        x = lo
    if hi is None or x <= hi:
        return x
    return hi


def test_and_or_chains_decided_by_a_none_parameter(jit):
    # numba prunes each test of a short-circuit chain: an operand known when
    # compiling that ends the chain leaves the rest untyped.
    @jit
    def k(out, x):
        i = cuda.grid(1)
        if i < x.size:
            out[i, 0] = _clamp(x[i], 2.0)
            out[i, 1] = _clamp(x[i], hi=5.0)
            out[i, 2] = _clamp(x[i])
            out[i, 3] = _clamp(x[i], 2.0, 5.0)
            out[i, 4] = (x[i] > 3.0 and _DEBUG) or x[i] < 1.0   # a bool chain, decided per thread

    x = np.arange(8.0)
    out = np.zeros((8, 5))
    k[1, 8](out, x)
    expected = np.stack([np.maximum(x, 2), np.minimum(x, 5), x, np.clip(x, 2, 5), x < 1.0], axis=1)
    np.testing.assert_array_equal(out, expected)


_NO_NAME = None
_EMPTY = ""
_LABEL = "saxpy"


def test_the_truth_of_a_none_or_str_constant_is_decided_when_compiling(jit):
    # Python's truth: None and "" are false, a non-empty str true; `not` of
    # them, `if` and `x if c else y` (numba-cuda's test_analysis prunes the
    # same branches). `not None` was a compile error, so was any str.
    @jit
    def k(out):
        out[0] = 1.0 if not _NO_NAME else 2.0
        out[1] = 1.0 if _EMPTY else 2.0
        if _LABEL:
            out[2] = 3.0
        if not _LABEL:
            out[2] = 4.0
        out[3] = not _EMPTY

    out = np.zeros(4)
    k[1, 1](out)
    np.testing.assert_array_equal(out, [1.0, 2.0, 3.0, 1.0])


def test_variable_webs_keep_a_replaced_parameter_whole(jit):
    # Once the parameter may have been assigned, `p is None` is not decided by
    # the argument's type: None and a number meet at a read, numba's Optional
    # (the parameter and the assignment are one variable, tested at run time).
    @jit
    def k(out, p=None):
        for i in range(2):
            if p is None:
                p = 1.0 + i
        out[0] = p

    out = np.zeros(1)
    k[1, 1](out)
    assert out[0] == 1.0   # assigned in the first iteration only
    k[1, 1](out, 5.0)
    assert out[0] == 5.0


@cuda.jit(device=True)
def _plus_one(x):
    return x + 1


def test_a_local_naming_a_function_or_a_dtype(jit):
    # numba: f = g (a device function), dt = np.float32, h = math.sqrt, each
    # assigned once, are names for those compile-time values.
    import math

    @jit
    def k(out):
        f = _plus_one
        out[0] = f(1)
        dt = np.float32
        s = cuda.local.array(2, dt)
        s[0] = 2.5
        out[1] = s[0]
        g = math.sqrt
        out[2] = g(16.0)

    out = np.zeros(3)
    k[1, 1](out)
    assert out.tolist() == [2.0, 2.5, 4.0]


def test_none_and_newaxis_index_add_dimensions(jit):
    # numba's basic indexing: None (np.newaxis) adds a dimension of extent 1
    # and stride 0, wherever it stands, with slices, integers and Ellipsis.
    from numpy import newaxis

    @jit
    def k(a, m, out):
        b = a[None, :]
        out[0] = b.shape[0] * 10 + b.shape[1]
        c = a[:, np.newaxis]
        out[1] = c.shape[0] * 10 + c.shape[1]
        out[2] = c[2, 0] + b[0, 1]
        d = m[1, None, ..., None]
        out[3] = d.shape[0] * 100 + d.shape[1] * 10 + d.shape[2]
        out[4] = d[0, 2, 0]
        e = a[0, None]
        out[5] = e.shape[0] + e[0] * 10
        f = m[newaxis]
        out[6] = f.ndim * 100 + f.shape[0] * 10 + f.strides[0]
        out[7] = f[0, 1, 2]
        d[0, 3, 0] = -1.0          # a view: writes reach m[1, 3]

    a = np.arange(3.0)
    m = np.arange(12.0).reshape(3, 4)
    want_m = m.copy()
    b, c, d, e, f = a[None, :], a[:, np.newaxis], want_m[1, None, ..., None], a[0, None], want_m[None]
    want = [b.shape[0] * 10 + b.shape[1], c.shape[0] * 10 + c.shape[1], c[2, 0] + b[0, 1],
            d.shape[0] * 100 + d.shape[1] * 10 + d.shape[2], d[0, 2, 0], e.shape[0] + e[0] * 10,
            f.ndim * 100 + f.shape[0] * 10 + f.strides[0], f[0, 1, 2]]
    d[0, 3, 0] = -1.0
    out = np.zeros(8)
    k[1, 1](a, m, out)
    assert out.tolist() == want
    np.testing.assert_array_equal(m, want_m)


@cuda.jit(device=True)
def _total(a):
    s = 0.0
    if a.ndim == 2:                     # decided per signature: the other branch is not typed
        for i in range(a.shape[0]):
            for j in range(a.shape[1]):
                s += a[i, j]
    else:
        for i in range(a.shape[0]):
            s += a[i]
    return s


def test_comparisons_of_constants_decide_branches(jit):
    # numba folds a.ndim == 2 (and other comparisons of numbers known when
    # compiling) and prunes the branch not taken, so one device function
    # serves arrays of several ranks.
    @jit
    def k(x, m, out):
        out[0] = _total(x) + _total(m)
        out[1] = 1 if 1 < x.ndim <= 2 else 2      # a chain: False for a 1-d x
        out[2] = 3 if m.ndim == 2.0 else 4         # an int and a float, exactly

    x = np.arange(3.0)
    m = np.arange(4.0).reshape(2, 2) + 10
    out = np.zeros(3)
    k[1, 1](x, m, out)
    assert out.tolist() == [x.sum() + m.sum(), 2, 3]


_F32_TENTH = np.float32(0.1)


def test_folded_comparisons_compare_in_the_operands_common_type(jit):
    # np.float32(0.1) == 0.1 compares in float32 (True), as NumPy and pyjit's
    # own run-time comparison do; `p == None` is decided like `p is None`.
    @jit
    def k(o, a32, p=None):
        o[0] = 1 if _F32_TENTH == 0.1 else 0
        o[1] = 1 if a32[0] == 0.1 else 0
        o[2] = 1 if _F32_TENTH > 0.1 else 0
        if p == None:   # noqa: E711 (numba prunes it as `is None`)
            p = 2.5
        o[3] = p

    o = np.zeros(4)
    k[1, 1](o, np.array([0.1], np.float32))
    assert o.tolist() == [1, 1, 0, 2.5]


_F32 = np.dtype(np.float32)


def test_dtype_type_and_itemsize(jit):
    # dpbench's kernels write `dtype = a.dtype; dtype.type(0.5)`: a dtype's
    # .type is its scalar type (NumPy's), so the constant takes the array's
    # precision; .itemsize is its bytes.
    @jit
    def k(a, out):
        dtype = a.dtype
        out[0] = dtype.type(0.1) * a[0]
        out[1] = _F32.type(0.1)
        out[2] = dtype.itemsize + _F32.itemsize * 10

    for t in (np.float32, np.float64):
        a = np.array([3.0], t)
        out = np.zeros(3, t)
        k[1, 1](a, out)
        assert out[0] == t(0.1) * t(3.0)
        assert out[1] == t(np.float32(0.1))   # float32's 0.1, not float64's
        assert out[2] == np.dtype(t).itemsize + 40


def test_a_bool_is_not_an_array_index():
    # NumPy reads a[True] as a mask; numba refuses it; pyjit says so.
    def k(a, flag, out):
        out[0] = a[flag]
        out[1] = a[True]

    with pytest.raises(pyjit.CompileError, match="a bool is not an array index") as info:
        cuda.compile_ptx(k, "void(float64[:], bool, float64[:])")
    assert str(info.value).count("a bool is not an array index") == 2


def test_dtype_of_a_record_array_has_itemsize_but_no_scalar_type(jit):
    @jit
    def k(a, out):
        out[0] = a.dtype.itemsize

    def bad(a, out):
        out[0] = a.dtype.type(0.7)

    dt = np.dtype([("a", np.float32), ("b", np.int32), ("c", np.float64)])
    out = np.zeros(1)
    k[1, 1](np.zeros(2, dt), out)
    assert out[0] == dt.itemsize == 16
    sig = "void(%s[:], float64[:])" % pyjit.from_dtype(dt)
    with pytest.raises(pyjit.CompileError, match="the record dtype .* has no scalar type"):
        cuda.compile_ptx(bad, sig)


_LAMBDA_TABLE = {
    "double": cuda.jit(lambda x: 2 * x, device=True),
    "bump": cuda.jit(lambda o: cuda.atomic.add(o, 0, 1.0)),
}


def test_lambdas_written_inside_a_dict_display_or_a_call_are_read(jit):
    # Their lines alone (`"double": cuda.jit(lambda x: 2 * x, ...),`) do not
    # parse: pyjit raised Python's raw SyntaxError from its source reader.
    double = _LAMBDA_TABLE["double"]

    @jit
    def k(o):
        o[0] = double(21.0)

    o = np.zeros(1)
    k[1, 1](o)
    assert o[0] == 42.0
    # A kernel lambda returns its body's value, which a kernel cannot (numba
    # refuses it too): the error now points at the lambda.
    with pytest.raises(pyjit.CompileError, match="a kernel cannot return a value"):
        _LAMBDA_TABLE["bump"][1, 1](o)
    # A line that parses only as a call's arguments (`lambda x: 3 * x,
    # device=True`; numba's test_compile_ptx_arch_specific writes one so).
    triple = _LAMBDA_BEFORE_A_KEYWORD

    @jit
    def k3(o):
        o[0] = triple(7.0)

    k3[1, 1](o)
    assert o[0] == 21.0


_LAMBDA_BEFORE_A_KEYWORD = cuda.jit(
    lambda x: 3 * x, device=True
)


_LAMBDA_WITH_DEFAULT = cuda.jit(lambda a, b=2: a * b, device=True)
_LAMBDA_WITH_STAR = cuda.jit(lambda *args: args[0] + args[1], device=True)


def test_a_lambda_keeps_its_defaults_and_star_args(jit):
    # Its parameter list was rebuilt from the code's positional names only:
    # a default was "missing", *args took 0 arguments.
    @jit
    def k(o):
        o[0] = _LAMBDA_WITH_DEFAULT(3)
        o[1] = _LAMBDA_WITH_DEFAULT(3, 5)
        o[2] = _LAMBDA_WITH_STAR(1, 2)

    o = np.zeros(3)
    k[1, 1](o)
    assert o.tolist() == [6, 15, 3]


_DECLARED = 7


def test_global_and_nonlocal_declarations_of_names_only_read(jit):
    # Real code (a kernel closure declaring `nonlocal`, `global N` before a
    # read): numba.cuda compiles both, the names reading as constants.
    def make(scale):
        offset = 5

        @jit
        def k(out):
            nonlocal offset
            global _DECLARED
            out[0] = offset * scale + _DECLARED

        return k

    out = np.zeros(1, np.int64)
    make(3)[1, 1](out)
    assert out[0] == 5 * 3 + 7


def test_assigning_a_declared_global_is_a_compile_error_at_the_target(jit):
    @jit
    def k(out):
        global _DECLARED
        for _DECLARED in range(3):
            out[0] = _DECLARED

    with pytest.raises(pyjit.CompileError, match=r"cannot assign to '_DECLARED', declared "
                                                 r"global") as info:
        k[1, 1](np.zeros(1, np.int64))
    assert "for _DECLARED in range(3):" in str(info.value)


def test_tuple_builtin_of_a_tuple_is_the_tuple(jit):
    # numba types tuple(t) of a tuple as t and tuple() as () (numba-cuda's
    # test_vector_type loops `for v in tuple((...))`); of an array it would
    # need a run-time length.
    @jit
    def k(out):
        t = (1.0, 2.0, 3.0)
        j = 0
        for v in tuple(t):
            out[j] = v
            j += 1
        out[3] = len(tuple()) + len(tuple((4, 5)))

    out = np.zeros(4)
    k[1, 1](out)
    np.testing.assert_array_equal(out, [1.0, 2.0, 3.0, 2.0])

    @jit
    def of_array(a, out):
        out[0] = tuple(a)[0]

    with pytest.raises(pyjit.CompileError, match=r"tuple\(\) takes no argument or a tuple"):
        of_array[1, 1](np.zeros(2), out)


def test_isinstance_is_decided_by_the_types(jit):
    # numba-cuda's ol_isinstance: a constant from the types (int is int64,
    # float float64, a NumPy scalar type exactly itself, tuple any tuple), so
    # the branch not taken is not compiled (t[0] of a float below).
    @cuda.jit(device=True)
    def scale(x):
        if isinstance(x, float):
            return x * 0.5
        return x * 2

    @cuda.jit(device=True)
    def first(t):
        if isinstance(t, tuple):
            return t[0]
        return t

    @jit
    def k(fa, ia, f32, out):
        out[0] = scale(fa[0])
        out[1] = scale(ia[0])
        out[2] = first((7.0, 1))
        out[3] = first(9.0)
        out[4] = isinstance(f32[0], np.float32)
        out[5] = isinstance(f32[0], (int, pyjit.float32))
        out[6] = isinstance(ia[0], (float, complex))
        out[7] = isinstance(f32[0], float)  # float is float64 only (numba)
        out[8] = isinstance(np.int32(ia[0]), int)  # and int int64 only

    out = np.zeros(9)
    k[1, 1](np.array([3.0]), np.array([3]), np.zeros(1, np.float32), out)
    np.testing.assert_array_equal(out, [1.5, 6, 7, 9, 1, 1, 0, 0, 0])

    @jit
    def of_a_class_kernels_lack(a, out):
        out[0] = isinstance(a[0], range)

    with pytest.raises(pyjit.CompileError, match="isinstance.. takes int, float, complex"):
        of_a_class_kernels_lack[1, 1](np.zeros(1), out)

    @jit
    def maybe_none(out, x):
        y = None
        if x > 0:
            y = x
        out[0] = isinstance(y, int)  # numba: "cannot determine the type of variable"

    with pytest.raises(pyjit.CompileError, match="isinstance.. cannot take a value that may "
                                                 "be None"):
        maybe_none[1, 1](out, -3)


def test_type_of_a_number_is_its_scalar_type(jit):
    # type(x)(v) casts v to x's type, as numba-cuda types it: a Python int is
    # int64, a float float64 (the expected values are NumPy's casts).
    @jit
    def k(out, x, n, f32, b):
        out[0] = type(n)(7.9)  # int32(7.9): 7
        out[1] = type(f32)(1) / 3  # float32 division
        out[2] = type(3)(x * 2.7)  # int64(4.05): 4
        out[3] = type(b)(n)  # bool(4)
        out[4] = type(out[0])(5) / 2  # float64

    out = np.zeros(5)
    k[1, 1](out, 1.5, np.int32(4), np.float32(2), True)
    np.testing.assert_array_equal(
        out, [7, np.float32(1) / np.float32(3), 4, 1, 2.5])

    @jit
    def of_an_array(out):
        out[0] = type(out)(1)

    with pytest.raises(pyjit.CompileError, match=r"type\(\) takes a number in kernels, not "
                                                 r"array.*a.dtype.type"):
        of_an_array[1, 1](out)


@cuda.jit(device=True)
def _bump(a):
    a[0] += 1
    return a[0]


def test_the_truth_of_a_tuple_is_its_being_non_empty(jit):
    # Python's (and numba's): decided when compiling; a call inside the tuple
    # still runs once.
    @jit
    def k(a, o):
        t = (a[1], a[2])
        if t:
            o[0] = 1
        o[1] = bool(())
        e = ()
        if not e:
            o[2] = 1
        o[3] = 5 if (_bump(a), 1) else 6
        while ():
            o[4] = 9
        assert t

    a, o = np.array([0.0, 1.0, 2.0]), np.zeros(5)
    k[1, 1](a, o)
    assert o.tolist() == [1, 0, 1, 5, 0] and a[0] == 1


def test_np_asarray_of_an_array_is_the_array(jit, tmp_path):
    # numba-cuda's np.asarray(a): `a` itself (writes go to the argument).
    @jit
    def k(a, o):
        b = np.asarray(a)
        b[0] = 7.0
        o[0] = b[1] + b.size

    a, o = np.arange(4.0), np.zeros(1)
    k[1, 1](a, o)
    assert o[0] == 5.0 and a[0] == 7.0
    from kernel_files import load_module
    m = load_module(tmp_path, "asarray_scalar", "import numpy as np\n\n\ndef k(o):\n"
                    "    o[0] = np.asarray(2.0)[()]\n")
    with pytest.raises(pyjit.CompileError, match=r"asarray_scalar.py:5:12: error: np.asarray\(\) "
                                                 r"in kernels takes an array"):
        jit(m.k)[1, 1](np.zeros(1))


def test_breakpoint_is_a_cuda_gdb_stop_and_nothing_on_the_cpu(tmp_path):
    # numba-cuda's breakpoint(): PTX brkpt (lit-tests/codegen checks it; it is
    # for a kernel run under cuda-gdb, so it is not launched on a GPU here);
    # the CPU backend runs on past it. It takes no arguments.
    jit = functools.partial(cuda.jit, target="cpu")

    @jit
    def k(o):
        breakpoint()
        o[0] = 1

    o = np.zeros(1)
    k[1, 1](o)
    assert o[0] == 1
    from kernel_files import load_module
    m = load_module(tmp_path, "bp_args", "def k(o):\n    breakpoint(1)\n")
    with pytest.raises(pyjit.CompileError) as err:
        cuda.compile_ptx(m.k, "void(float64[::1])")
    assert "bp_args.py:2:5: error: breakpoint() takes 0 arguments, got 1" in str(err.value)


def test_brev_takes_numbas_uint32_and_uint64_signatures(jit):
    # numba-cuda's brev is uint32(uint32) or uint64(uint64), the first that
    # takes the argument: an int64 index reverses 32 bits (the FFT's
    # `brev(idx) >> (32 - s)` bit reversal), a uint64 all 64.
    @jit
    def k(idx, out, wide):
        i = cuda.grid(1)
        if i < idx.size:
            out[i] = cuda.brev(idx[i]) >> (32 - 3)
        if i == 0:
            wide[0] = cuda.brev(np.uint64(1))
            wide[1] = cuda.brev(np.int32(-1))

    idx = np.arange(8, dtype=np.int64)
    out, wide = np.zeros(8, np.int64), np.zeros(2, np.uint64)
    k[1, 8](idx, out, wide)
    assert out.tolist() == [int(format(v, "03b")[::-1], 2) for v in range(8)]
    assert wide.tolist() == [2 ** 63, 2 ** 32 - 1]


def test_popc_clz_ffs_result_types_are_numbas(jit):
    # numba-cuda's signatures: popc and clz give the operand's type, ffs
    # uint32; so uint64 arithmetic on them wraps as uint64 (63 - 64).
    @jit
    def k(u, o):
        o[0] = cuda.clz(u[0]) - np.uint64(64)        # uint64: 2**64 - 1
        o[1] = cuda.popc(np.int8(-1))                # 8 bits of an int8
        o[2] = cuda.ffs(u[1]) + np.uint32(1)         # uint32 + uint32
        o[3] = cuda.popc(u[1])

    o = np.zeros(4)
    k[1, 1](np.array([1, 12], np.uint64), o)
    assert o.tolist() == [float(2 ** 64 - 1), 8.0, 4.0, 2.0]


def test_np_dtype_in_kernels_is_a_dtype(jit):
    # numba-cuda overloads np.dtype for a string or a dtype: the result sizes
    # local arrays and converts as the scalar type does.
    @jit
    def k(a):
        scratch = cuda.local.array(2, np.dtype('float64'))
        scratch[0] = 1.5
        a[0] = scratch[0]
        a[1] = np.dtype('float32').type(3.7)
        a[2] = np.dtype(np.int8).type(300)  # wraps to 300 - 256
        a[3] = np.dtype(a.dtype).itemsize
        a[4] = np.dtype('<i2').type(70000)  # 70000 - 65536
        a[5] = (a.dtype == np.dtype('f8')) + 2 * (np.dtype('f4') == np.float32)
        a[6] = (a.dtype != np.float64) + 2 * (np.dtype('i4') == np.dtype('int64'))
        a[7] = np.double == np.dtype('f8')  # one type by two names

    a = np.zeros(8)
    k[1, 1](a)
    assert list(a) == [1.5, float(np.float32(3.7)), 44.0, 8.0, 4464.0, 3.0, 0.0, 1.0]


def test_identifiers_are_one_name_when_python_normalizes_them_alike(jit, tmp_path):
    # PEP 3131: CPython reads names in NFKC, so the micro sign (U+00B5, what
    # Option-M types) and the Greek mu (U+03BC) are one variable, and a global
    # assigned as one is read as the other. pyjit kept them apart: a silent
    # wrong result, or "name not defined".
    from kernel_files import load_module
    m = load_module(tmp_path, "names_nfkc", (
        "from pyjit import cuda\n\n"
        "\u00b5 = 0.5\n\n"
        "def k(a, n):\n"
        "    \u03bc = 3.0\n"
        "    for j in range(2):\n"
        "        \u00b5 = n * 0.25\n"
        "    a[0] = \u03bc\n"
        "    a[1] = \ufb01x = 2.0\n"
        "    a[2] = \ufb01x + 1\n\n"
        "def g(a):\n"
        "    a[0] = \u03bc\n"))
    a = np.zeros(3)
    jit(m.k)[1, 1](a, 2.0)
    assert a.tolist() == [0.5, 2.0, 3.0]
    b = np.zeros(1)
    jit(m.g)[1, 1](b)
    assert b[0] == 0.5
