"""Cases a break-it review of the seventh session found: each failed (a
crash of the compiler, a dropped side effect, a refused numba idiom) before
its fix. Expected values from Python's own semantics and numpy."""
import numpy as np
import pytest

import pyjit
from pyjit import cuda

DEBUG = False
DT_NAME = "float32"


def test_array_variable_assigned_on_some_paths_only(jit):
    # The compiler crashed (segfault) lowering the phi of such a variable.
    @jit
    def loop_slice(out, a, n):
        for i in range(n):
            x = a[i:]
        out[0] = x[0]

    @jit
    def tuple_with_array(out, a, c):
        if c:
            t = (a, 1)
        out[0] = t[0][2] + t[1]

    out = np.zeros(1)
    loop_slice[1, 1](out, np.arange(5.0), 3)
    assert out[0] == 2.0
    tuple_with_array[1, 1](out, np.arange(5.0), 1)
    assert out[0] == 3.0


def test_assignments_only_in_code_that_is_not_lowered(jit):
    @cuda.jit(device=True)
    def scaled(x, scale=None):
        if scale is None:
            return x
        y = x * scale  # typed only when scale is given
        return y

    @jit
    def k(out):
        out[0] = scaled(4.0)
        out[1] = scaled(4.0, 2.0)
        if not DEBUG:  # `not` of a constant is decided too
            out[2] = 1
        else:
            out[2] = undefined_name  # noqa: F821 (never typed)

    out = np.zeros(3)
    k[1, 1](out)
    np.testing.assert_array_equal(out, [4.0, 8.0, 1.0])


def test_calls_inside_conditions_decided_when_compiling_still_run(jit):
    @cuda.jit(device=True)
    def fill(a):
        a[0] = 9

    @cuda.jit(device=True)
    def bump(a, i):
        a[i] += 1
        return a[i]

    @jit
    def k(out):
        if fill(out) is None:
            out[2] = 1
        out[3] = bump(out, 1) is None
        out[4] = (bump(out, 5), 1) == (1, 2, 3)
        out[6] = len((bump(out, 7), 2))

    out = np.zeros(8)
    k[1, 1](out)
    np.testing.assert_array_equal(out, [9, 1, 1, 0, 0, 1, 2, 1])


def test_arrays_of_other_layouts_unify_to_any_layout(jit):
    @jit
    def k(out, a, b, c):
        x = a
        if c:
            x = b  # C then A: the variable is A (numba)
        out[0] = x[1]
        y = a
        for _ in range(2):
            y = y[::2]
        out[1] = y[1]

    out = np.zeros(2)
    k[1, 1](out, np.arange(8.0), np.arange(16.0)[::2], 1)
    np.testing.assert_array_equal(out, [2.0, 4.0])


def test_defaults_that_cannot_be_values_are_named(jit, tmp_path):
    from kernel_files import load_module
    m = load_module(tmp_path, "bad_defaults", '''
import numpy as np
from pyjit import cuda


@cuda.jit(device=True)
def f(x, s=(None, 1)):
    return x


def k(out):
    out[0] = f(1.0)
''')
    with pytest.raises(pyjit.CompileError, match=r"default value of parameter 's' of device "
                                                 r"function 'f' is a tuple"):
        jit(m.k)[1, 1](np.zeros(1))


def test_dtype_spellings_and_negated_int64_min(jit, tmp_path):
    @jit
    def k(out):
        a = cuda.local.array(1, "f")
        b = cuda.local.array(1, "<i4")
        c = cuda.local.array(1, "double")
        d = cuda.local.array(1, DT_NAME)
        a[0] = 0.1
        b[0] = 2**31
        c[0] = 0.1
        d[0] = 0.1
        out[0] = a[0]
        out[1] = b[0]
        out[2] = c[0]
        out[3] = d[0]

    out = np.zeros(4)
    k[1, 1](out)
    f32 = float(np.float32(0.1))
    np.testing.assert_array_equal(out, [f32, -2**31, 0.1, f32])
    from kernel_files import load_module
    m = load_module(tmp_path, "negmin", "def k(out):\n    out[0] = -9223372036854775809\n")
    with pytest.raises(pyjit.CompileError, match="negmin.py:2:14: error: this constant "
                                                 "expression overflows int64"):
        jit(m.k)[1, 1](np.zeros(1))


def test_racecheck_logs_only_shared_memory_for_arrays_of_either_memory():
    # An array variable that is shared on one path and global on the other:
    # racecheck reports the race only when the accesses are shared memory.
    @cuda.jit(racecheck=True, target="cpu")
    def k(a, out, use_global):
        sh = cuda.shared.array(32, np.float64)
        t = cuda.threadIdx.x
        src = sh
        if use_global:
            src = a
        src[t] = t
        out[t] = src[(t + 1) % 32]

    out = np.zeros(32)
    k[1, 32](np.zeros(32), out, 1)  # global memory: no report
    with pytest.raises(pyjit.KernelError, match=r"shared-memory race in block \(0, 0, 0\)"):
        k[1, 32](np.zeros(32), out, 0)


REC = np.dtype([("x", "f8"), ("y", "i1")])


def test_whole_record_stores_and_record_conditions_are_named(jit, tmp_path):
    from kernel_files import load_module
    m = load_module(tmp_path, "rec_misuse", '''
def store(a):
    a[1] = 5


def condition(a, o):
    o[0] = 1.0 if a[1] else 2.0
''')
    with pytest.raises(pyjit.CompileError, match=r"rec_misuse.py:3:12: error: cannot store a "
                                                 r"value of type int64 into an array of Record"):
        jit(m.store)[1, 1](np.zeros(2, REC))
    with pytest.raises(pyjit.CompileError, match=r"rec_misuse.py:7:19: error: the truth value "
                                                 r"of a Record"):
        jit(m.condition)[1, 1](np.zeros(2, REC), np.zeros(1))


def test_every_path_returns_through_loop_else_and_breaks(jit, tmp_path):
    from kernel_files import load_module
    m = load_module(tmp_path, "loop_returns", '''
from pyjit import cuda


@cuda.jit(device=True)
def first_or_minus_one(n):
    for i in range(n):
        if i == 4:
            return i
    else:
        return -1


@cuda.jit(device=True)
def falls_off(n):
    while True:
        for i in range(n):
            if i == 3:
                return i * 10
        else:
            break


def good(out):
    out[0] = first_or_minus_one(10)
    out[1] = first_or_minus_one(2)


def bad(out):
    out[0] = falls_off(2)
''')
    out = np.zeros(2)
    jit(m.good)[1, 1](out)
    np.testing.assert_array_equal(out, [4, -1])
    # falls_off(2) ends without a return: None, numba's Optional. Read as a
    # number, None is numba's TypeError: the thread stops (reported with debug).
    out = np.full(2, 7.0)
    jit(m.bad)[1, 1](out)
    assert out[0] == 7.0
    with pytest.raises(TypeError, match="expected int64, got None"):
        jit(m.bad, debug=True)[1, 1](out)


def test_frexp_of_float16_and_round_with_extreme_ndigits(jit):
    import math

    @jit
    def k(x, o, e, r, nd):
        i = cuda.grid(1)
        if i < x.shape[0]:
            m, e[i] = math.frexp(x[i])
            o[i] = m
        if i < nd.shape[0]:
            r[i] = round(123.0 * (1 - 2 * (i % 2)), nd[i])

    x = np.array([0.5, 3.0, 1000.0, 65504, 6e-8, -7.0], np.float16)
    o, e = np.zeros(6, np.float16), np.zeros(6, np.int64)
    nd = np.array([-309, -400, 400, -2**40, 2**40, -2**63, 2], np.int64)
    r = np.zeros(nd.size)
    k[1, 8](x, o, e, r, nd)
    want = [math.frexp(float(v)) for v in x]
    np.testing.assert_array_equal(o, [w[0] for w in want])
    np.testing.assert_array_equal(e, [w[1] for w in want])
    expected = [round(123.0 * (1 - 2 * (i % 2)), int(n)) for i, n in enumerate(nd)]
    np.testing.assert_array_equal(r, expected)
    np.testing.assert_array_equal(np.signbit(r), np.signbit(expected))


def test_structured_device_arrays_of_any_layout_and_foreign_padding():
    # Fields out of order: numpy has no descr for them, the device array
    # still works; a padded (aligned) dtype comes back through a foreign
    # __cuda_array_interface__ with its padding skipped.
    unordered = np.dtype({"names": ["y", "x"], "formats": ["i8", "f4"], "offsets": [8, 0],
                          "itemsize": 16})
    d = cuda.to_device(np.zeros(3, unordered))
    assert d.dtype == unordered

    class Foreign:
        def __init__(self, dev):
            self.dev = dev
            self.__cuda_array_interface__ = dev.__cuda_array_interface__

    @cuda.jit
    def inc(a):
        i = cuda.grid(1)
        if i < a.shape[0]:
            a[i].y += i + 1

    aligned = np.dtype([("x", "f4"), ("y", "i8")], align=True)
    dv = cuda.to_device(np.zeros(3, aligned))
    from pyjit._typeof import typeof
    assert typeof(Foreign(dv), "a") == \
        "array(Record(x[type=float32;offset=0],y[type=int64;offset=8];16;False), 1d, C)"
    if cuda.is_available():  # the CPU backend takes numpy arrays, not foreign device arrays
        inc[1, 4](Foreign(dv))
        np.testing.assert_array_equal(dv.copy_to_host()["y"], [1, 2, 3])
