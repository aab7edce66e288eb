"""Recursive device functions (numba-cuda's test_recursion.py cases and more):
a device function that calls itself, directly or through others, is a
function of its own, not inlined. Expected values come from Python running
the same functions."""
import re

import numpy as np
import pytest

import pyjit
from pyjit import cuda, float64, int64


def py_fib(n):
    return n if n < 2 else py_fib(n - 1) + py_fib(n - 2)


@cuda.jit("int64(int64)", device=True)
def fib_declared(n):
    if n < 2:
        return n
    return fib_declared(n - 1) + fib_declared(n - 2)


@cuda.jit(device=True)
def fib_inferred(n):
    if n < 2:
        return n
    return fib_inferred(n - 1) + fib_inferred(n - 2)


def make_inner_fib():
    # numba's "inner explicit signature" case: the function is a closure
    # variable of its own body.
    @cuda.jit("int64(int64)", device=True)
    def fib_inner(n):
        if n < 2:
            return n
        return fib_inner(n - 1) + fib_inner(n - 2)
    return fib_inner


fib_inner = make_inner_fib()


@pytest.mark.parametrize("fib", [fib_declared, fib_inferred, fib_inner],
                         ids=["declared", "inferred", "inner"])
def test_fib(jit, fib):
    @jit
    def kernel(r, x):
        i = cuda.grid(1)
        if i < x.size:
            r[i] = fib(x[i])

    x = np.arange(16, dtype=np.int64)
    r = np.zeros_like(x)
    kernel[1, 16](r, x)
    np.testing.assert_array_equal(r, [py_fib(int(n)) for n in x])


def test_literal_argument_does_not_unroll(jit):
    # fib(20) with a constant: a compile-time unrolling would inline
    # ~20000 copies; the recursive calls take no constants.
    @jit
    def kernel(r):
        r[0] = fib_inferred(20)

    r = np.zeros(1, np.int64)
    kernel[1, 1](r)
    assert r[0] == 6765


@cuda.jit(device=True)
def is_even(n):
    if n == 0:
        return True
    return is_odd(n - 1)


@cuda.jit(device=True)
def is_odd(n):
    if n == 0:
        return False
    return is_even(n - 1)


def test_mutual_recursion(jit):
    @jit
    def kernel(out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = is_even(i)

    out = np.zeros(33, np.bool_)
    kernel[1, 64](out)
    np.testing.assert_array_equal(out, np.arange(33) % 2 == 0)


@cuda.jit(device=True)
def bisect_fill(a, lo, hi, depth):
    # Writes each element's depth in the bisection tree (no return value).
    if hi - lo == 1:
        a[lo] = depth
        return
    mid = (lo + hi) // 2
    bisect_fill(a, lo, mid, depth + 1)
    bisect_fill(a, mid, hi, depth + 1)


def py_bisect_fill(a, lo, hi, depth):
    if hi - lo == 1:
        a[lo] = depth
        return
    mid = (lo + hi) // 2
    py_bisect_fill(a, lo, mid, depth + 1)
    py_bisect_fill(a, mid, hi, depth + 1)


def test_arrays_and_no_return_value(jit):
    @jit
    def kernel(a2):
        # a row of a 2-d array: a strided view passed down the recursion
        row = cuda.grid(1)
        if row < a2.shape[0]:
            bisect_fill(a2[row], 0, a2.shape[1], row)

    got = np.zeros((3, 13), np.int32)
    kernel[1, 3](got)
    want = np.zeros((3, 13), np.int32)
    for row in range(3):
        py_bisect_fill(want[row], 0, 13, row)
    np.testing.assert_array_equal(got, want)


@cuda.jit(device=True)
def cpow(z, k):
    if k == 0:
        return 1 + 0j
    return z * cpow(z, k - 1)


@cuda.jit(device=True)
def weighted(t, n):
    # t: a (float, int) tuple
    if n == 0:
        return 0.0
    return t[0] * t[1] * n + weighted(t, n - 1)


def test_complex_result_and_tuple_argument(jit):
    @jit
    def kernel(c, w):
        c[0] = cpow(c[1], 5)
        w[0] = weighted((0.5, 3), 4)

    c = np.array([0, 1 + 2j], np.complex128)
    w = np.zeros(1)
    kernel[1, 1](c, w)
    assert c[0] == (1 + 2j) ** 5
    assert w[0] == 0.5 * 3 * (4 + 3 + 2 + 1)


@cuda.jit(device=True)
def raise_self(x):
    if x == 1:
        raise ValueError("raise_self")
    elif x > 0:
        return raise_self(x - 1)
    return 1


def test_raise_inside_recursion_is_reported(jit):
    # numba-cuda marks this expectedFailure (numba issue 8036); pyjit
    # reports it, from the line of the raise.
    @jit(debug=True, opt=False)
    def kernel(x, out):
        out[0] = raise_self(x)
        out[1] = 7  # not reached: the thread stopped

    out = np.zeros(2, np.int64)
    with pytest.raises(ValueError, match=r"^raise_self in kernel 'kernel' at .*test_recursion"
                                         r"\.py:\d+:9 \(thread \(0, 0, 0\)"):
        kernel[1, 1](3, out)
    assert out[1] == 0
    kernel[1, 1](-1, out)
    assert list(out) == [1, 7]


@cuda.jit(device=True)
def walk_sum(a, i):
    if i < 0:
        return 0.0
    return a[i] + walk_sum(a, i - 1)


def test_index_check_inside_recursion(jit):
    @jit(debug=True)
    def kernel(out, a, n):
        out[0] = walk_sum(a, n)

    out = np.zeros(1)
    kernel[1, 1](out, np.arange(6.0), 5)
    assert out[0] == 15.0
    with pytest.raises(IndexError, match="index 5 is out of bounds for axis 0 with size 3"):
        kernel[1, 1](out, np.arange(3.0), 5)


@cuda.jit(device=True)
def runaway_self(x):
    return runaway_self(x)


def test_runaway_recursion_is_a_compile_error():
    with pytest.raises(pyjit.CompileError,
                       match="cannot type infer runaway recursion: device function "
                             "'runaway_self' calls itself before any of its returns"):
        @cuda.jit("void()")
        def kernel():
            runaway_self(1)


@cuda.jit(device=True)
def ping(n):
    if n <= 0:
        return 0
    return pong(n - 1)


@cuda.jit(device=True)
def pong(n):
    if n <= 0:
        return 0.5  # a float: ping's return type, assumed int64 in pong, changes
    return ping(n - 1)


def test_mutual_recursion_whose_type_changes_is_a_compile_error():
    def kernel(out, n):
        out[0] = ping(n)

    with pytest.raises(pyjit.CompileError,
                       match="the return type of recursive device function 'ping' does not "
                             "converge: this call was typed as returning int64, but it "
                             "returns float64 \\(declare its signature\\)"):
        cuda.compile_ptx(kernel, "void(float64[:], int64)")


@cuda.jit("float64(int64)", device=True)
def ping_declared(n):
    if n <= 0:
        return 0
    return pong_declared(n - 1)


@cuda.jit(device=True)
def pong_declared(n):
    if n <= 0:
        return 0.5
    return ping_declared(n - 1)


def test_declared_signature_settles_mutual_recursion(jit):
    @jit
    def kernel(out, n):
        out[0] = ping_declared(n)

    out = np.zeros(1)
    kernel[1, 1](out, 5)
    assert out[0] == 0.5
    kernel[1, 1](out, 4)
    assert out[0] == 0.0


@cuda.jit(device=True)
def down(n):
    if n <= 0:
        return 0
    return 1 + down(n - 1)


@pytest.mark.parametrize("barrier", [False, True], ids=["thread", "fiber"])
def test_cpu_backend_stack_overflow_is_a_recursion_error(barrier):
    # A GPU thread whose stack overflows faults the device; on the CPU
    # backend the thread raises RecursionError instead of crashing the
    # process (each CUDA thread runs on its own stack when there are
    # barriers, else on the worker's).
    @cuda.jit(target="cpu")
    def kernel(out, n):
        if barrier:
            cuda.syncthreads()
        out[cuda.grid(1)] = down(n)

    out = np.zeros(4, np.int64)
    kernel[2, 2](out, 500)
    assert (out == 500).all()
    with pytest.raises(RecursionError,
                       match="maximum recursion depth exceeded in device function 'down'"):
        kernel[2, 2](out, 10 ** 9)
    kernel[2, 2](out, 3)  # the backend still runs kernels afterwards
    assert (out == 3).all()


_ENDLESS = """
import numpy as np
from pyjit import cuda

@cuda.jit(device=True)
def count_forever(a):
    a[0] += 1
    count_forever(a)  # a call in tail position that never ends

@cuda.jit
def k(out):
    count_forever(out)

out = np.zeros(1, np.int64)
try:
    k[1, 1](out)
except RecursionError as e:
    print("RecursionError", str(e).split(" (")[0], out[0] > 100)
"""


def test_cpu_backend_endless_tail_recursion_is_a_recursion_error(tmp_path):
    # LLVM turns a self-call in tail position into a loop, which spun
    # forever (Ctrl-C did not stop it); Python raises RecursionError. Run in
    # a child, so that a regression times out instead of hanging the suite.
    import os
    import subprocess
    import sys
    path = tmp_path / "endless.py"
    path.write_text(_ENDLESS)
    out = subprocess.run([sys.executable, str(path)], capture_output=True, text=True,
                         timeout=120, env=dict(os.environ, PYJIT_TARGET="cpu"))
    assert out.stdout.split() == ["RecursionError", "maximum", "recursion", "depth", "exceeded",
                                  "in", "device", "function", "'count_forever'", "True"], \
        out.stdout + out.stderr


@cuda.jit(device=True)
def fold(f, a, i):
    # a function passed down the recursion (a compile-time value)
    if i == 0:
        return a[0]
    return f(fold(f, a, i - 1), a[i])


@cuda.jit(device=True)
def larger(x, y):
    return max(x, y)


def test_function_argument_of_a_recursive_function(jit):
    @jit
    def kernel(out, a):
        out[0] = fold(larger, a, a.size - 1)

    a = np.array([3.0, 9.0, -1.0, 4.0])
    out = np.zeros(1)
    kernel[1, 1](out, a)
    assert out[0] == 9.0


@cuda.jit(device=True)
def fib_pair(n):
    # (F(n), F(n + 1)), the pair built on the way back up
    if n == 0:
        return (0, 1)
    a, b = fib_pair(n - 1)
    return (b, a + b)


@cuda.jit(device=True)
def min_max_where(a, lo, hi):
    # divide and conquer over a[lo:hi]: ((min, max), index of the max, any negative)
    if hi - lo == 1:
        return (a[lo], a[lo]), lo, a[lo] < 0
    mid = (lo + hi) // 2
    (lmin, lmax), li, lneg = min_max_where(a, lo, mid)
    right = min_max_where(a, mid, hi)
    imax = li if lmax >= right[0][1] else right[1]
    return (min(lmin, right[0][0]), max(lmax, right[0][1])), imax, lneg or right[2]


def test_recursive_function_returns_a_tuple(jit):
    # numba types a recursive call returning a tuple from the returns typed
    # before it, as it does a number's.
    @jit
    def kernel(fib, mins, maxs, where, neg, a):
        i = cuda.grid(1)
        if i < fib.shape[0]:
            f, g = fib_pair(i)
            fib[i, 0] = f
            fib[i, 1] = g
            (mins[i], maxs[i]), where[i], neg[i] = min_max_where(a, 0, i + 1)

    a = np.array([5.0, 3.0, 9.0, 1.0, 7.0, -2.0, 8.0, 0.5, 9.5, 4.0])
    n = a.size
    fib = np.zeros((n, 2), np.int64)
    mins, maxs = np.zeros(n), np.zeros(n)
    where = np.full(n, -1, np.int64)
    neg = np.zeros(n, np.bool_)
    kernel[1, 32](fib, mins, maxs, where, neg, a)
    want_fib = [(py_fib(i), py_fib(i + 1)) for i in range(n)]
    np.testing.assert_array_equal(fib, want_fib)
    np.testing.assert_array_equal(mins, np.minimum.accumulate(a))
    np.testing.assert_array_equal(maxs, np.maximum.accumulate(a))
    np.testing.assert_array_equal(where, [int(np.argmax(a[:i + 1])) for i in range(n)])
    np.testing.assert_array_equal(neg, np.cumsum(a < 0) > 0)


@cuda.jit(device=True)
def countdown_parts(n):
    # a tuple of a complex number, a None, and a nested tuple of a float32 and a bool
    if n == 0:
        return 1j, None, (np.float32(0.5), False)
    z, nothing, (h, odd) = countdown_parts(n - 1)
    return z * 2, nothing, (h * np.float32(3), not odd)


def test_recursive_tuple_of_complex_none_and_nested_tuple(jit):
    @jit
    def kernel(z, h, odd, n):
        z[0], nothing, (h[0], odd[0]) = countdown_parts(n)

    z = np.zeros(1, np.complex128)
    h = np.zeros(1, np.float32)
    odd = np.zeros(1, np.bool_)
    kernel[1, 1](z, h, odd, 5)
    assert z[0] == 32j
    assert h[0] == np.float32(0.5 * 3 ** 5)
    assert odd[0]


@cuda.jit(device=True)
def narrow(r, s, n):
    # a range and a slice object, each step moving their starts
    if n == 0:
        return r, s
    return narrow(range(r.start + 1, r.stop, r.step), slice(s.start, s.stop - 1, s.step), n - 1)


def test_recursive_function_returns_range_and_slice_objects(jit):
    @jit
    def kernel(out, a, n):
        r, s = narrow(range(0, 10, 2), slice(1, 9, 3), n)
        out[0] = r.start
        out[1] = len(r)
        out[2] = a[s].size
        out[3] = s.stop

    out = np.zeros(4, np.int64)
    a = np.arange(12.0)
    kernel[1, 1](out, a, 3)
    r, s = range(3, 10, 2), slice(1, 6, 3)
    assert list(out) == [r.start, len(r), a[s].size, s.stop]


def test_recursive_function_returning_an_array_is_a_compile_error():
    @cuda.jit(device=True)
    def last_row(a, n):
        if n == 0:
            return a[0]
        return last_row(a, n - 1)

    def kernel(out, a):
        out[0] = last_row(a, 3)[0]

    with pytest.raises(pyjit.CompileError,
                       match=re.escape("device function 'last_row' calls itself: a recursive "
                                       "device function returns a number, a bool, None, a "
                                       "range or slice object or a tuple of them, not "
                                       "array(float64, 1d, A)")):
        cuda.compile_ptx(kernel, "void(float64[:], float64[:, :])")


@pytest.mark.gpu
def test_fib_on_the_gpu_is_a_ptx_call():
    @cuda.jit
    def kernel(r, x):
        r[0] = fib_inferred(x[0])

    r = np.zeros(1, np.int64)
    kernel[1, 1](r, np.array([20], np.int64))
    assert r[0] == 6765
    assert re.search(r"call\.uni\s+(\(retval0\),\s*)?__pyjit_fn_fib_inferred_0,",
                     kernel.inspect_asm(kernel.signatures[0]))


@cuda.jit(device=True)
def count_by(n, op):
    # a string argument passed down the recursion: each string an instance
    if n <= 0:
        return 0
    if op == "add":
        return count_by(n - 1, op) + 1
    return count_by(n - 1, op) + 10


@cuda.jit(device=True)
def alternate(n, op):
    if n <= 0:
        return 0
    if op == "add":
        return alternate(n - 1, "mul") + 1
    return alternate(n - 1, "add") + 10


def test_string_arguments_through_recursion(jit):
    @jit
    def kernel(o):
        o[0] = count_by(3, "add")
        o[1] = count_by(3, "other")
        o[2] = alternate(3, "add")

    o = np.zeros(3, np.int64)
    kernel[1, 1](o)
    assert list(o) == [3, 30, 1 + 10 + 1]


@cuda.jit(device=True)
def fill_down(a, n):
    if n <= 0:
        return  # a bare return before the recursive call: the result is None
    a[n] = n
    return fill_down(a, n - 1)


def test_bare_return_before_the_recursive_call(jit):
    @jit
    def kernel(a):
        fill_down(a, 3)

    a = np.zeros(4)
    kernel[1, 1](a)
    np.testing.assert_array_equal(a, [0, 1, 2, 3])


@cuda.jit("float64(int64)", device=True)
def half_p(n):
    if n <= 0:
        return 1.0
    return half_q(n - 1) * 0.5


@cuda.jit(device=True)
def half_q(n):
    return half_p(n - 1) + 1  # no return of its own before the call: p's signature types it


def py_half_p(n):
    return 1.0 if n <= 0 else py_half_q(n - 1) * 0.5


def py_half_q(n):
    return py_half_p(n - 1) + 1


def test_declared_signature_types_a_mutual_recursion(jit):
    @jit
    def kernel(o, n):
        o[0] = half_p(n)
        o[1] = half_p(6)

    o = np.zeros(2)
    kernel[1, 1](o, 5)
    assert list(o) == [py_half_p(5), py_half_p(6)]


@cuda.jit(device=True)
def doubling(t, n):
    if n <= 0:
        return 0
    return doubling((t, t), n - 1) + 1


def test_argument_types_that_grow_are_a_compile_error():
    # (each level's tuple twice the last: the compiler would never finish)
    def kernel(o):
        o[0] = doubling(1, 3)

    with pytest.raises(pyjit.CompileError, match="the argument types of recursive device "
                                                 "function 'doubling' grow with each call"):
        cuda.compile_ptx(kernel, "void(int64[:])")


@cuda.jit(device=True)
def big_frames(n):
    buf = cuda.local.array(4096, np.float64)  # a 32 KiB frame
    for i in range(4096):
        buf[i] = n + i
    if n <= 0:
        return buf[5]
    return big_frames(n - 1) + buf[4095] * 0


def test_cpu_backend_recursion_with_large_frames():
    # The stack check counts the whole frame (its local arrays), and fibers
    # of a recursive kernel get deeper stacks.
    @cuda.jit(target="cpu")
    def kernel(o, n):
        v = big_frames(n)
        cuda.syncthreads()
        o[cuda.grid(1)] = v

    o = np.zeros(4)
    kernel[1, 4](o, 10)
    np.testing.assert_array_equal(o, 5.0)
    with pytest.raises(RecursionError, match="device function 'big_frames'"):
        kernel[1, 4](o, 100_000)


@cuda.jit("float64(int64)", device=True)
def huge_frames(n):
    buf = cuda.local.array(12000, np.float64)  # 96000 bytes, more than the 32 KiB margin
    buf[n % 12000] = n
    if n <= 0:
        return buf[0]
    return huge_frames(n - 1) + buf[n % 12000]


@pytest.mark.parametrize("fibers", [False, True])
def test_cpu_backend_recursion_with_frames_larger_than_the_margin(fibers):
    # A frame of 96 KB past the stack limit used to reach beyond the stack's
    # end (the check runs after the prologue reserved the frame) and the
    # RecursionError's own calls crashed the interpreter.
    @cuda.jit(target="cpu")
    def kernel(o, n):
        v = huge_frames(n)
        if fibers:
            cuda.syncthreads()
        o[cuda.grid(1)] = v

    o = np.zeros(2)
    kernel[1, 2](o, 4)
    np.testing.assert_array_equal(o, 0.0 + 1 + 2 + 3 + 4)  # buf[0] is 0 at n == 0
    with pytest.raises(RecursionError, match="device function 'huge_frames'"):
        kernel[1, 2](o, 1000)
    kernel[1, 2](o, 3)  # and the backend runs on
    np.testing.assert_array_equal(o, 6.0)


@cuda.jit(device=True)
def raise_or_recurse(x):
    # numba-cuda's test_raise: a raise on one branch, values on the others (a
    # raise leaves the function: no path falls off its end).
    if x == 1:
        raise ValueError("raise_or_recurse")
    elif x > 0:
        return raise_or_recurse(x - 1)
    else:
        return 1


def test_a_branch_that_raises_needs_no_return(jit):
    @jit(debug=True)
    def kernel(x, out):
        out[0] = raise_or_recurse(x)

    out = np.zeros(1, np.int64)
    kernel[1, 1](0, out)
    assert out[0] == 1
    with pytest.raises(ValueError, match="raise_or_recurse"):
        kernel[1, 1](3, out)


@cuda.jit(device=True)
def _gcd_expression(a, b):
    return a if b == 0 else _gcd_expression(b, a % b)


@cuda.jit(device=True)
def _factorial_expression(n):
    return 1.0 if n <= 1 else n * _factorial_expression(n - 1)


def test_recursion_in_a_conditional_expression(jit):
    # numba types the return from the branch that does not recurse; the
    # recursive call then takes that type.
    @jit
    def k(out, x):
        out[0] = _gcd_expression(1071, 462)
        out[1] = _factorial_expression(x)

    out = np.zeros(2)
    k[1, 1](out, 5)
    assert list(out) == [21.0, 120.0]


@cuda.jit(device=True)
def total_of_first(t, n):
    if n == 0:
        return 0
    return t[n - 1] + total_of_first(t, n - 1)


def test_a_large_tuple_passed_on_unchanged_is_no_growth(jit):
    # Only argument types that grow with each call fail to converge; a
    # 300-element tuple passed down as it is was refused as growing.
    values = tuple(range(300))

    @jit
    def k(out):
        out[0] = total_of_first(values, 300)

    out = np.zeros(1, np.int64)
    k[1, 1](out)
    assert out[0] == sum(values)
