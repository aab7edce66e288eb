"""@cuda.jit(device=True) functions: typed per call site, inlined, errors point into them."""
import collections
import importlib.util
import math
import re

import numpy as np
import pytest

import pyjit
from pyjit import cuda


@cuda.jit(device=True)
def clamp(x, lo=0.0, hi=1.0):
    if x < lo:
        return lo
    if x > hi:
        return hi
    return x


@cuda.jit(device=True)
def polar(a, b):
    return math.sqrt(a * a + b * b), a - b


@cuda.jit(device=True)
def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1)


@cuda.jit(device=True)
def uses_undefined(x):
    return x + not_defined_anywhere  # noqa: F821


def test_device_function_is_not_callable_from_host():
    with pytest.raises(TypeError, match="only be called from a kernel"):
        clamp(0.5)


def test_recursion_is_a_call_of_its_own_function():
    # (tests/python/test_recursion.py runs recursive kernels; here the PTX.)
    def kern(a):
        a[0] = fact(a[1])

    ptx, _ = cuda.compile_ptx(kern, "void(int64[:])")
    assert re.search(r"\.func\s+(\(.*\)\s*)?__pyjit_fn_fact_0\(", ptx)
    assert re.search(r"call\.uni\s+(\(retval0\),\s*)?__pyjit_fn_fact_0,", ptx)


def test_error_inside_device_function_points_into_it_and_names_the_call():
    def kern(a):
        a[0] = uses_undefined(a[0])

    with pytest.raises(pyjit.CompileError) as info:
        cuda.compile_ptx(kern, "void(float64[:])")
    msg = str(info.value)
    assert "name 'not_defined_anywhere' is not defined" in msg
    assert "return x + not_defined_anywhere" in msg  # the device function's line
    assert "note: in the call of device function 'uses_undefined'" in msg


def test_missing_and_unknown_arguments():
    def missing(a):
        a[0] = polar(a[0])

    def unknown(a):
        a[0] = clamp(a[0], top=2.0)

    with pytest.raises(pyjit.CompileError, match="missing the argument 'b'"):
        cuda.compile_ptx(missing, "void(float64[:])")
    with pytest.raises(pyjit.CompileError, match="has no parameter named 'top'"):
        cuda.compile_ptx(unknown, "void(float64[:])")


@cuda.jit(device=True)
def _next_count(c):
    c[0] += 1
    return c[0]


@cuda.jit(device=True)
def _tens(a, b, *rest):
    return a * 10 + b + 100 * len(rest)


@cuda.jit(device=True)
def _nothing_after_1000(c):
    c[0] += 1000
    return ()


def test_arguments_run_in_source_order_whatever_parameters_they_bind(jit):
    # Python (and numba, from the bytecode) evaluates positional and `*`
    # arguments, then keywords, as written: f(b=g(), a=h()) runs g() first.
    @jit
    def k(c, out):
        out[0] = _tens(b=_next_count(c), a=_next_count(c))  # b=1, a=2

        def inner(a, b):
            return a * 10 + b
        out[1] = inner(b=_next_count(c), a=_next_count(c))  # b=3, a=4
        lam = lambda a, b: a * 10 + b  # noqa: E731
        out[2] = lam(b=_next_count(c), a=_next_count(c))  # b=5, a=6
        out[3] = _tens(_next_count(c), *(_next_count(c), _next_count(c)))  # 7, 8, (9,)
        # An empty `*` tuple binds nothing, but its call runs (in its place).
        out[4] = _tens(*_nothing_after_1000(c), b=_next_count(c), a=_next_count(c))

    c = np.zeros(1, np.int64)
    out = np.zeros(5, np.int64)
    k[1, 1](c, out)
    assert out.tolist() == [21, 43, 65, 7 * 10 + 8 + 100, 1011 * 10 + 1010]
    assert c[0] == 1011


def test_device_functions_with_defaults_keywords_and_tuples(jit):
    @jit
    def kern(x, out):
        i = cuda.grid(1)
        if i < x.size:
            r, d = polar(x[i], 1.0)
            out[i, 0] = clamp(x[i])
            out[i, 1] = clamp(x[i], hi=0.25)
            out[i, 2] = clamp(x[i], -0.5, hi=0.5)
            out[i, 3] = r
            out[i, 4] = d

    x = np.linspace(-1.0, 2.0, 31)
    out = np.zeros((31, 5))
    kern[1, 32](x, out)
    np.testing.assert_array_equal(out[:, 0], np.clip(x, 0.0, 1.0))
    np.testing.assert_array_equal(out[:, 1], np.clip(x, 0.0, 0.25))
    np.testing.assert_array_equal(out[:, 2], np.clip(x, -0.5, 0.5))
    np.testing.assert_allclose(out[:, 3], np.sqrt(x * x + 1.0), rtol=1e-15)
    np.testing.assert_array_equal(out[:, 4], x - 1.0)


def test_device_function_writes_through_an_array_argument(jit):
    @cuda.jit(device=True)
    def put(arr, i, v):
        arr[i] = v * 2

    @jit
    def kern(a):
        i = cuda.grid(1)
        if i < a.size:
            put(a, i, i)

    a = np.zeros(40, dtype=np.int32)
    kern[2, 32](a)
    np.testing.assert_array_equal(a, 2 * np.arange(40))


SCALE_NONE = None


def test_none_defaults_and_is_none_prune_at_compile_time(jit):
    # numba.cuda's idiom: `def f(x, scale=None): if scale is None: ...`.
    # `is None` is decided by the argument's type; the branch not taken is
    # not typed (x * None would not type).
    @cuda.jit(device=True)
    def f(x, scale=None, offset=None):
        if scale is None:
            y = x
        else:
            y = x * scale
        if offset is not None:
            return y + offset
        return y

    @jit
    def k(out):
        out[0] = f(2.0)
        out[1] = f(2.0, 3.0)
        out[2] = f(2.0, None, 1.0)
        out[3] = f(2.0, 3.0, offset=0.5)
        out[4] = 1.0 if SCALE_NONE is None else f(SCALE_NONE)  # a global None

    out = np.zeros(5)
    k[1, 1](out)
    np.testing.assert_array_equal(out, [2.0, 6.0, 3.0, 6.5, 1.0])


def test_none_kernel_arguments_and_none_variables(jit):
    # numba.cuda types a None argument as `none`: `is None` is decided when
    # compiling, and None passes nothing at run time (a tuple's None too).
    @jit
    def scaled(x, scale, out):
        i = cuda.grid(1)
        if i < x.size:
            if scale is None:
                out[i] = x[i]
            else:
                out[i] = x[i] * scale

    @jit
    def pair(t, out, bias=None):
        a, b = t  # b may be None: a variable that is always None
        c = b
        out[0] = a if c is None else a + c
        out[1] = 0.0 if bias is None else bias

    x = np.arange(6, dtype=np.float64)
    out = np.zeros(6)
    scaled[1, 8](x, None, out)
    np.testing.assert_array_equal(out, x)
    scaled[1, 8](x, 3.0, out)
    np.testing.assert_array_equal(out, 3 * x)
    scaled[1, 8](x, None, out)  # both overloads kept
    np.testing.assert_array_equal(out, x)
    assert len(scaled.overloads) == 2
    r = np.zeros(2)
    pair[1, 1]((1.5, None), r)
    np.testing.assert_array_equal(r, [1.5, 0.0])
    pair[1, 1]((1.5, 2.0), r, 4.0)
    np.testing.assert_array_equal(r, [3.5, 4.0])
    pair[1, 1]((1.5, None), r, None)
    np.testing.assert_array_equal(r, [1.5, 0.0])

    @jit("void(float64[:], none)")
    def eager(out, s):
        out[0] = 7.0 if s is None else 0.0

    eager[1, 1](r, None)
    assert r[0] == 7.0
    with pytest.raises(TypeError, match="argument 's' is int64, the signature wants none"):
        eager[1, 1](r, 3)


def test_a_variable_none_on_some_paths_is_numbas_optional(jit):
    # numba types y OptionalType(float64): `y is None` is tested at run time.
    @jit
    def k(out, flag):
        y = None
        if flag:
            y = 1.0
        out[0] = 0.0 if y is None else y
        out[1] = y is not None

    out = np.full(2, 7.0)
    k[1, 1](out, True)
    assert out.tolist() == [1.0, 1.0]
    k[1, 1](out, False)
    assert out.tolist() == [0.0, 0.0]

    @jit
    def m(out):
        y = 2.0
        out[0] = y * None

    with pytest.raises(pyjit.CompileError, match=r"unsupported operand types for \*: float64 "
                                                 r"and none"):
        m[1, 1](np.zeros(1))


EPS_DEFAULT = 1e-3


class _NotANumber:
    pass


def test_defaults_are_the_values_python_evaluated(jit):
    # numba.cuda takes any constant default: a NumPy scalar keeps its type
    # (float32 here), a global is read when the function is defined, tuples
    # and bools work.
    @cuda.jit(device=True)
    def f(x, eps2=np.float32(0.01), scale=EPS_DEFAULT, t=(1, 2), flag=True):
        return x * eps2 + scale + t[1] + flag

    @jit
    def k(out32, out):
        out32[0] = f(np.float32(1.0))
        out[0] = f(1.0, 2.0)

    out32, out = np.zeros(1, np.float32), np.zeros(1)
    k[1, 1](out32, out)
    f32 = np.float32
    assert out32[0] == f32(1.0) * f32(0.01) + f32(1e-3) + f32(2) + f32(1)
    assert out[0] == 1.0 * 2.0 + 1e-3 + 2 + 1


_TABLE = np.array([1.0, 2.0, 4.0])


def test_array_and_dtype_defaults_are_compile_time_values(jit):
    # numba's Omitted(value): a device function's array default is read as
    # a global array is, a dtype default called as the type (a real kernel
    # had `table=TABLE` and `dtype=np.float32`); pyjit refused both.
    on_device = np.array([10.0, 20.0])
    if not (type(jit).__name__ == "_CpuJit" and cuda.is_available()):
        # (the CPU backend with a GPU present refuses a global in GPU memory)
        on_device = cuda.to_device(on_device)

    @cuda.jit(device=True)
    def lookup(i, table=_TABLE, more=on_device):
        return table[i] + more[i % 2]

    @cuda.jit(device=True)
    def scaled(x, dtype=np.float32):
        return dtype(x) * 2

    @cuda.jit(device=True)
    def truncated(x, dtype=np.int32):
        a = cuda.local.array(2, dtype)
        a[0] = x
        return a[0]

    @jit
    def k(out, a):
        out[0] = lookup(2)
        out[1] = lookup(1, a)
        out[2] = scaled(1.1)
        out[3] = truncated(7.9)

    out = np.zeros(4)
    k[1, 1](out, np.array([5.0, 6.0]))
    assert out.tolist() == [4.0 + 10.0, 6.0 + 20.0, float(np.float32(1.1) * 2), 7.0]


def test_an_unusable_default_names_its_type(jit):
    @cuda.jit(device=True)
    def g(x, thing=_NotANumber()):
        return x

    @jit
    def k(out):
        out[0] = g(1.0)

    with pytest.raises(pyjit.CompileError, match="default value of parameter 'thing' of device "
                                                 "function 'g' is a _NotANumber; defaults must "
                                                 "be numbers"):
        k[1, 1](np.zeros(1))


@cuda.jit
def _kernel_or_helper(x):
    return x * 2


@cuda.jit("void(float64[:])")
def _fill_first(a):
    a[0] = 1.0


def test_a_kernel_called_from_a_kernel_is_a_device_function(jit):
    # numba-cuda: a @cuda.jit function (without device=True) is also callable
    # from kernels, compiled as a device function; it stays a kernel.
    @jit
    def k(r, x):
        r[0] = _kernel_or_helper(x[0])
        _fill_first(r[1:])

    r = np.zeros(2)
    k[1, 1](r, np.array([3.0]))
    np.testing.assert_array_equal(r, [6.0, 1.0])
    a = np.zeros(1)
    _fill_first[1, 1](a)
    assert a[0] == 1.0


@cuda.jit("int32(int32, int32, int32, int32)", device=True)
def _rgba(r, g, b, a):
    return ((r & 0xFF) << 16) | ((g & 0xFF) << 8) | (b & 0xFF) | ((a & 0xFF) << 24)


@cuda.jit("float32(float32)", device=True)
def _third(x):
    return x / 3


def test_a_declared_signature_converts_arguments_and_result(jit):
    # numba-cuda's test_device_casting: float32 arguments to int32 parameters;
    # a float32 result computed and returned in float32.
    @jit
    def k(arr, out, third):
        i = cuda.grid(1)
        if i < arr.size:
            out[i] = _rgba(arr[i], arr[i] + 1, arr[i] + 2, arr[i] + 3)
        third[0] = _third(1.0)

    arr = np.arange(5, dtype=np.float32) * 10.7
    out = np.zeros(5, np.int64)
    third = np.zeros(1)
    k[1, 32](arr, out, third)
    c = [(arr + d).astype(np.int32) & 0xFF for d in range(4)]
    np.testing.assert_array_equal(out, (c[0] << 16) | (c[1] << 8) | c[2] | (c[3] << 24))
    assert third[0] == np.float64(np.float32(1.0) / np.float32(3))


@cuda.jit("float64(float64)", device=True)
def _real_only(x):
    return x


def test_a_declared_signature_refuses_what_does_not_convert(jit, tmp_path):
    @jit
    def k(out):
        out[0] = _real_only(1j)

    with pytest.raises(pyjit.CompileError, match=r"no signature of device function '_real_only' "
                                                 r"takes these arguments: argument 1 is "
                                                 r"complex128, which does not convert to float64"):
        k[1, 1](np.zeros(1))


def _add(x, y):
    return x + y


_add_int_or_float = cuda.jit(["(int64, int64)", "(float64, float64)"], device=True)(_add)
_add_f32_or_f64 = cuda.jit(["float32(float32, float32)", "float64(float64, float64)"],
                           device=True)(_add)


def test_a_call_takes_the_best_of_several_declared_signatures(jit):
    # numba's rating: exact first, then the fewest unsafe, safe, promoting
    # conversions; nothing that does not convert; a tie is ambiguous.
    @jit
    def k(out, i, x, f, i8):
        out[0] = _add_int_or_float(i, i)       # int64: exact
        out[1] = _add_int_or_float(x, x)       # float64: exact
        out[2] = _add_int_or_float(i8, i8)     # int8 -> int64 promotes (float64: safe)
        out[3] = _add_f32_or_f64(f, f)         # float32, computed in float32
        out[4] = _add_f32_or_f64(x, x)         # float64: 0.1 + 0.2 in float64
        out[5] = _add_int_or_float(i, x)       # (float64, float64): one safe conversion

    out = np.zeros(6)
    k[1, 1](out, 3, 0.1, np.float32(0.1), np.int8(-5))
    f32 = float(np.float32(0.1) + np.float32(0.1))
    assert out.tolist() == [6.0, 0.2, -10.0, f32, 0.1 + 0.1, 3.1]


def test_several_declared_signatures_refuse_a_complex_and_take_the_first_of_a_tie(jit):
    @jit
    def k(out, z):
        out[0] = _add_int_or_float(z, z).real

    with pytest.raises(pyjit.CompileError, match=r"no signature of device function '_add' takes "
                                                 r"these arguments: argument 1 is complex128, "
                                                 r"which does not convert to int64 "
                                                 r"\('\(int64, int64\)'\); argument 1 is "
                                                 r"complex128, which does not convert to float64"):
        k[1, 1](np.zeros(1), 1j)

    @jit
    def t(out, b):
        out[0] = _add_int_or_float(b, b)  # bool: safe to int64 and to float64 alike

    # A tie takes the signature declared first, as numba-cuda's device
    # functions do (numba issue #8307): int64 here, 1 + 1.
    out = np.zeros(1)
    t[1, 1](out, True)
    assert out[0] == 2.0


@cuda.jit(device=True)
def _plus1(n):
    return n + 1


@cuda.jit(device=True)
def _twice(x):
    return x * 2


_FUNCS = (_plus1, _twice)


@cuda.jit(device=True)
def _apply_second(fs, x):
    return fs[1](x)


def test_a_global_tuple_of_device_functions(jit):
    # numba-cuda types a tuple of dispatchers (first-class functions): a
    # constant index picks one, literal_unroll calls each, and the tuple
    # passes to a device function.
    from pyjit import literal_unroll

    @jit
    def k(out):
        out[0] = _FUNCS[0](5)
        pick = _FUNCS[1]
        out[1] = pick(5)
        n = 2
        for fn in literal_unroll(_FUNCS):
            out[n] = fn(10)
            n += 1
        out[4] = _apply_second(_FUNCS, 7)
        for fn in literal_unroll((_twice, _plus1)):  # written in place
            out[n + 1] = fn(n)
            n += 1

    out = np.zeros(7)
    k[1, 1](out)
    assert out.tolist() == [6, 10, 11, 20, 14, 8, 6]


@cuda.jit(device=True)
def _apply(out, i, f):
    out[i] = f(i)


@cuda.jit(device=True)
def _atomic_with(ary, op, dtype):
    op(ary, 0, dtype(cuda.threadIdx.x))


def test_functions_and_dtypes_pass_to_device_functions(jit):
    # numba-cuda's test_atomics helpers: a device function, cuda.atomic.add
    # and a dtype passed as arguments (compile-time values: the callee is
    # typed and inlined per call).
    from pyjit import uint32

    @jit
    def k(a, acc):
        _apply(a, cuda.threadIdx.x, _plus1)
        _apply(a, 4 + cuda.threadIdx.x, math.floor)
        _atomic_with(acc, cuda.atomic.add, uint32)

    a = np.zeros(8)
    acc = np.zeros(1, np.uint32)
    k[1, 4](a, acc)
    np.testing.assert_array_equal(a, [1, 2, 3, 4, 4, 5, 6, 7])
    assert acc[0] == 0 + 1 + 2 + 3


def test_njit_functions_run_on_the_host_and_in_kernels(jit):
    # numba's @njit / @jit(nopython=True): callable from host code and, as a
    # device function, from kernels.
    import pyjit

    @pyjit.njit
    def sq(x):
        return x * x

    @pyjit.njit(cache=True, nogil=True, fastmath=False)
    def cube(x):
        return sq(x) * x

    @pyjit.jit(nopython=True)
    def plus1(x):
        return x + 1

    @jit
    def k(a):
        i = cuda.grid(1)
        if i < a.size:
            a[i] = cube(a[i]) + plus1(a[i])

    assert sq(3) == 9 and cube(2.0) == 8.0 and plus1(4) == 5   # the host runs Python
    a = np.arange(4.0)
    k[1, 4](a)
    np.testing.assert_array_equal(a, np.arange(4.0) ** 3 + np.arange(4.0) + 1)


def test_jit_nopython_true_is_also_a_kernel(jit):
    # numba.cuda.jit(nopython=True) is a kernel, numba.jit(nopython=True) a CPU
    # function; pyjit.jit is cuda.jit, so it is both.
    import pyjit

    assert pyjit.jit is cuda.jit

    @jit(nopython=True, parallel=True)   # parallel: numba.jit's, ignored as by njit
    def fill(a, v):
        i = cuda.grid(1)
        if i < a.size:
            a[i] = v + i

    @jit
    def k(a):
        fill(a, 100.0)   # as a device function: every thread

    a = np.zeros(4)
    fill[1, 4](a, 10.0)
    np.testing.assert_array_equal(a, [10, 11, 12, 13])
    k[1, 4](a)
    np.testing.assert_array_equal(a, [100, 101, 102, 103])
    assert callable(fill.forall) and "pyjit kernel or function fill" in repr(fill)


def test_bare_jit_function_that_returns_a_value_runs_on_the_host(jit):
    # numba-cuda's CPU/GPU compatibility example: `from numba import jit`,
    # `@jit def business_logic(...)` called from the host and from a kernel.
    # A function that returns a value cannot be a kernel, so a host call
    # without a launch configuration runs it as Python (a kernel still
    # needs one: test_launch_errors).
    import pyjit

    @pyjit.jit
    def business_logic(x, y, z):
        return 4 * z * (2 * x - (4 * y) / 2 * math.pi)

    @pyjit.jit()
    def plus_one(x):
        return x + 1

    @jit
    def f(res, xarr, yarr, zarr):
        tid = cuda.grid(1)
        if tid < len(xarr):
            res[tid] = business_logic(xarr[tid], yarr[tid], zarr[tid]) + plus_one(0)

    assert business_logic(1, 2, 3) == 4 * 3 * (2 * 1 - (4 * 2) / 2 * math.pi)
    assert plus_one(1) == 2
    x, y, z = np.arange(4.0), np.arange(4.0) + 1, np.arange(4.0) * 2
    res = np.zeros(4)
    f[1, 4](res, x, y, z)
    np.testing.assert_allclose(res, 4 * z * (2 * x - (4 * y) / 2 * math.pi) + 1)


@cuda.jit(device=True)
def _histogram(ary, n, dtype):
    # n sizes a shared array: a literal at the call site, as numba's Literal[int].
    tid = cuda.threadIdx.x
    sm = cuda.shared.array(n, dtype)
    sm[tid] = 0
    cuda.syncthreads()
    cuda.atomic.add(sm, ary[tid] % n, 1)
    cuda.syncthreads()
    ary[tid] = sm[tid]


@cuda.jit(device=True)
def _bump(ary, wrap, scale=2):
    tx = cuda.threadIdx.x
    idx = (tx, np.uint64(cuda.threadIdx.y))
    if wrap:   # False at the call: the branch is pruned (it would not type)
        idx = (idx[0] % ary.shape[0], idx[1] % ary.shape[1])
    cuda.atomic.add(ary, idx, scale)


@cuda.jit(device=True)
def _shared_size(shape):
    sm = cuda.shared.array(shape, np.uint32)   # a tuple display of literals at the call
    return sm.size


@cuda.jit(device=True)
def _maybe_reset(n, flag):
    if flag:
        n = 10      # assigned in the body: n is not the constant
    return n


def test_literal_arguments_and_defaults_are_constants_in_the_callee(jit):
    @jit
    def k(ary, grid2d, out):
        _histogram(ary, 32, np.uint32)
        _bump(grid2d, False)
        out[0] = _maybe_reset(3, False)
        out[1] = _maybe_reset(3, True)
        out[2] = _shared_size((4, 8))

    rng = np.random.default_rng(5)
    a = rng.integers(0, 32, 32).astype(np.uint32)
    expect = np.bincount(a, minlength=32).astype(np.uint32)
    g = np.zeros((32, 1))
    out = np.zeros(3, np.int64)
    k[1, 32](a, g, out)
    np.testing.assert_array_equal(a, expect)
    assert (g == 2).all() and out.tolist() == [3, 10, 32]


def test_a_run_time_argument_still_cannot_size_a_shared_array(jit, tmp_path):
    from kernel_files import load_module
    m = load_module(tmp_path, "dyn_shape", """from pyjit import cuda
import numpy as np


@cuda.jit(device=True)
def fill(n):
    s = cuda.shared.array(n, np.float32)
    s[0] = 1


def k(a, n):
    fill(n)
""")
    with pytest.raises(pyjit.CompileError, match=r"dyn_shape.py:7:27: error: the shape of "
                                                 r"cuda.shared.array must be a compile-time"):
        jit(m.k)[1, 1](np.zeros(1), 4)


@pytest.mark.parametrize("depth", [70, 140, 1500])
def test_a_long_chain_of_device_functions(jit, tmp_path, depth):
    # 70 deep compiles (numba has no such limit); past 128 a CompileError, never a crash
    # (1500: reading the functions and keying the cache recursed in Python, a
    # RecursionError).
    from kernel_files import load_module
    src = "from pyjit import cuda\n\n\n@cuda.jit(device=True)\ndef f0(x):\n    return x + 1\n"
    for i in range(1, depth):
        src += "\n\n@cuda.jit(device=True)\ndef f%d(x):\n    return f%d(x)\n" % (i, i - 1)
    src += "\n\ndef k(a):\n    a[0] = f%d(a[1])\n" % (depth - 1)
    m = load_module(tmp_path, "chain%d" % depth, src)
    a = np.ones(2)
    if depth <= 128:
        jit(m.k)[1, 1](a)
        assert a[0] == 2.0
    else:
        with pytest.raises(pyjit.CompileError, match=r"device functions are nested more than "
                                                     r"128 calls deep"):
            jit(m.k)[1, 1](a)


def test_a_call_tree_of_16384_inlined_calls(jit, tmp_path):
    # f_i calls f_{i-1} twice, 14 levels: 2**14 inlined bodies in one kernel,
    # each leaving a block after it. Reading a variable across that chain of
    # blocks, and ordering the blocks for the verifier and LLVM, recursed once
    # per block and overflowed the stack (a segfault).
    from kernel_files import load_module
    depth = 14
    src = "from pyjit import cuda\n\n\n@cuda.jit(device=True)\ndef f0(x):\n    return x * 3.0 + 1.0\n"
    for i in range(1, depth + 1):
        src += ("\n\n@cuda.jit(device=True)\ndef f%d(x):\n    return f%d(x) + f%d(x * 0.5)\n"
                % (i, i - 1, i - 1))
    src += "\n\ndef k(a, out):\n    i = cuda.grid(1)\n    if i < a.size:\n        out[i] = f%d(a[i])\n" % depth
    m = load_module(tmp_path, "tree%d" % depth, src)

    def ref(i, x):  # the same sums in the same order, in float64
        return x * 3.0 + 1.0 if i == 0 else ref(i - 1, x) + ref(i - 1, x * 0.5)

    a = np.array([0.0, 1.0, -2.5, 1e3])
    out = np.zeros_like(a)
    jit(m.k)[1, 4](a, out)
    np.testing.assert_array_equal(out, [ref(depth, x) for x in a])


STRING_MODE = "max"


@cuda.jit(device=True)
def combine_by_name(a, b, op):
    if op == "add":
        return a + b
    elif op == "mul":
        return a * b
    return max(a, b)


@cuda.jit(device=True)
def load_flag(g, v):
    # numba-cuda issue 755: a string literal passed to a device function
    if v == "1":
        g[0] = 1.0
    if v != "1":
        g[1] = 2.0


def test_string_arguments_are_compile_time_constants(jit):
    @jit
    def kernel(out, g):
        out[0] = combine_by_name(3.0, 4.0, "add")
        out[1] = combine_by_name(3.0, 4.0, "mul")
        out[2] = combine_by_name(3.0, 4.0, STRING_MODE)  # a global string
        out[3] = 1.0 if STRING_MODE == "max" else 0.0
        out[4] = 1.0 if "a" == 1 else 0.0  # a string never equals a number
        load_flag(g, "1")

    out = np.zeros(5)
    g = np.zeros(2)
    kernel[1, 1](out, g)
    np.testing.assert_array_equal(out, [7.0, 12.0, 4.0, 1.0, 0.0])
    np.testing.assert_array_equal(g, [1.0, 0.0])


@cuda.jit(device=True)
def combine_default(a, b, op="mul"):
    if op == "add":
        return a + b
    return a * b


def test_string_defaults_lengths_and_nested_functions(jit):
    # A string default is a compile-time constant as a string argument is;
    # len() of a string constant counts code points, as Python does; a
    # nested function takes string arguments as a device function does.
    @jit
    def kernel(out):
        word = "h\u00e9llo"
        out[0] = combine_default(3.0, 4.0)           # the default: mul
        out[1] = combine_default(3.0, 4.0, "add")
        out[2] = combine_default(3.0, 4.0, op="add")
        out[3] = len(word) + len("") * 10 + len(STRING_MODE) * 100

        def pick(x, how="neg"):
            if how == "neg":
                return -x
            return x

        out[4] = pick(2.0)
        out[5] = pick(2.0, "same")

    out = np.zeros(6)
    kernel[1, 1](out)
    np.testing.assert_array_equal(out, [12.0, 7.0, 7.0, 5 + 0 + 300, -2.0, 2.0])


def test_string_has_no_run_time_value():
    def kernel(a):
        s = "hello"
        a[0] = s

    with pytest.raises(pyjit.CompileError,
                       match="cannot store a value of type str into an array of float32"):
        cuda.compile_ptx(kernel, "void(float32[:])")


@cuda.jit(device=True)
def always_raises():
    raise ValueError("always")


def test_code_after_a_call_that_always_raises_compiles(jit):
    # The code after the call is reached by no path; reading a parameter
    # there is not a read before assignment.
    @jit(debug=True)
    def kernel(o, flag):
        if flag:
            x = always_raises()  # noqa: F841
            o[0] = 1
        o[1] = 2

    o = np.zeros(2)
    with pytest.raises(ValueError, match="^always in kernel 'kernel'"):
        kernel[1, 1](o, True)
    assert o[0] == 0
    kernel[1, 1](o, False)
    assert list(o) == [0, 2]


@cuda.jit(device=True)
def _star_total(first, *rest):
    s = first
    for v in rest:
        s += v
    return s, len(rest)


@cuda.jit(device=True)
def _star_apply(f, *args):
    return f(*args)


@cuda.jit(device=True)
def _star_mul3(a, b, c):
    return a * b * c


def test_star_args_take_the_leftover_positional_arguments(jit):
    # numba's *args: a tuple of the rest (numba-cuda's
    # test_make_function_to_jit_function: def consumer(func, *args)).
    @jit
    def k(out, x):
        t = (2.0, 3.0)
        out[0], out[1] = _star_total(1.0, 2.5, x[0])
        out[2], out[3] = _star_total(10)           # an empty tuple
        out[4] = _star_apply(_star_mul3, *t, 4.0)       # spread into *args, then into f

        def inner(*vals):
            return len(vals) * 100 + vals[0]
        out[5] = inner(7, 8)

    out = np.zeros(6)
    k[1, 1](out, np.array([0.5]))
    assert out.tolist() == [4.0, 2.0, 10.0, 0.0, 24.0, 207.0]


@cuda.jit(device=True)
def _star_logged(log, v):
    # Appends v to log[1:] (log[0] counts them) and returns it.
    n = int(log[0]) + 1
    log[0] = n
    log[n] = v
    return v


def test_a_star_argument_after_keywords(jit):
    # Python accepts f(k=v, *t) as f(*t, k=v) and, as CPython does, evaluates
    # every positional argument (the tuple too) before the keywords.
    @jit
    def k(out, log, t):
        out[0] = _star_mul3(c=_star_logged(log, 5.0), *(_star_logged(log, t[0]), t[1]))
        out[1] = _star_mul3(b=2.0, c=3.0, *(t[1],))

    out, log = np.zeros(2), np.zeros(4)
    k[1, 1](out, log, (2.0, 3.0))
    assert out.tolist() == [2.0 * 3.0 * 5.0, 3.0 * 2.0 * 3.0]
    assert log.tolist() == [2.0, 2.0, 5.0, 0.0]


def test_star_args_errors(jit):
    @jit
    def by_keyword(out):
        out[0] = _star_total(1, rest=2)[0]

    with pytest.raises(pyjit.CompileError, match="has no parameter named 'rest'"):
        by_keyword[1, 1](np.zeros(1))


@cuda.jit(device=True)
def _rλ(x):
    if x > 0:
        return _rλ(x - 1) + 1
    return 1


def test_kernels_and_functions_named_in_unicode(jit):
    # Python names may hold any letter; PTX identifiers are ASCII (LLVM's
    # NVPTX backend aborted the process on `kλ`): such bytes are spelled _xHH.
    def kλ(a):
        a[0] = _rλ(3)

    a = np.zeros(1)
    jit(kλ)[1, 1](a)
    assert a[0] == 4
    ptx, _ = cuda.compile_ptx(kλ, "void(float64[::1])", debug=True, opt=False)
    assert ".entry k_xce_xbb(" in ptx and "_r_xce_xbb" in ptx


def test_a_closure_passed_to_a_device_function_in_another_file(jit, tmp_path):
    # numba's make_function / closure arguments: a nested def passed to a
    # device function (here in another module) is called there, reading
    # its defining function's variables and globals; passed on again too.
    from kernel_files import load_module
    helpers = load_module(tmp_path, "closure_helpers", """
from pyjit import cuda


@cuda.jit(device=True)
def apply(func, x):
    return func(x)


@cuda.jit(device=True)
def apply_twice(func, x):
    return apply(func, apply(func, x))
""")

    @jit
    def k(out, y):
        scale = 2.0

        def add_y(x):
            return x * scale + y + _OFFSET

        out[0] = helpers.apply(add_y, 1)
        out[1] = helpers.apply_twice(add_y, 1.5)

    out = np.zeros(2)
    k[1, 1](out, 40)
    # add_y(x) = 2x + 40 + 0.5
    assert out.tolist() == [42.5, 2 * (2 * 1.5 + 40.5) + 40.5]

    # Two closures of one name passed to one function: two instances.
    @cuda.jit(device=True)
    def other(x):
        def f(v):
            return v * 100
        return helpers.apply(f, x)

    @jit
    def same_name(out, x):
        def f(v):
            return v + 1
        out[0] = helpers.apply(f, x)
        out[1] = other(x)

    same_name[1, 1](out, 3)
    assert out.tolist() == [4.0, 300.0]


_OFFSET = 0.5


def test_an_error_in_a_passed_closure_points_into_its_own_file(jit, tmp_path):
    from kernel_files import load_module
    helpers = load_module(tmp_path, "closure_helpers2", """
from pyjit import cuda


@cuda.jit(device=True)
def apply(func, x):
    return func(x)
""")

    @jit
    def k(out):
        def broken(x):
            return x.no_such_attribute

        out[0] = helpers.apply(broken, 1)

    with pytest.raises(pyjit.CompileError, match=r"test_device_functions\.py:\d+:\d+: error: "
                                                 r"a value of type int64 has no attribute"):
        k[1, 1](np.zeros(1))


@cuda.jit(device=True)
def _rec_apply(func, x, n):
    if n == 0:
        return func(x)
    return _rec_apply(func, x, n - 1)


def test_a_closure_passed_to_a_recursive_device_function(jit):
    # A recursive function is compiled as a function of its own: a closure
    # reading its definer's variables cannot be called there (an error at
    # the read; it crashed the compiler), one reading none can.
    @jit
    def reads(out, y):
        def add_y(x):
            return x + y
        out[0] = _rec_apply(add_y, 1, 3)

    @jit
    def pure(out):
        def double(x):
            return 2 * x
        out[0] = _rec_apply(double, 21, 3)

    with pytest.raises(pyjit.CompileError, match="nested function 'add_y' reads 'y' of the "
                                                 "function defining it, which a recursive"):
        reads[1, 1](np.zeros(1), 41)
    out = np.zeros(1)
    pure[1, 1](out)
    assert out[0] == 42


from pyjit.extending import register_jitable  # noqa: E402  (beside its tests)


@register_jitable
def _clamp(x, lo, hi):
    return min(max(x, lo), hi)


@register_jitable(inline="always")
def _twice_clamped(x):
    return 2.0 * _clamp(x, 0.0, 1.0)


def test_register_jitable_functions_are_device_functions_and_stay_python(jit):
    # numba's register_jitable: callable from kernels, and from Python as it was.
    @jit
    def k(a, out):
        for i in range(a.size):
            out[i] = _twice_clamped(a[i])

    a = np.array([-1.0, 0.25, 3.0])
    out = np.zeros(3)
    k[1, 1](a, out)
    assert out.tolist() == [_twice_clamped(x) for x in a] == [0.0, 0.5, 2.0]
    with pytest.raises(TypeError, match=r"register_jitable\(\) takes a Python function, not int"):
        register_jitable(3)


def _numba_style(function):
    """What numba's register_jitable leaves behind: an overload template whose
    implementation `ov_wrap` returns the function itself, in
    numba.core.typing.templates.builtin_registry.globals."""
    def ov_wrap(*args, **kwargs):
        return function

    class Template:
        _overload_func = staticmethod(ov_wrap)

    class FunctionType:
        templates = (Template,)

    return function, FunctionType()


def test_functions_numbas_register_jitable_registered_are_device_functions(jit, monkeypatch):
    import sys
    import types

    def scale(x):
        return 3.0 * x

    def unregistered(x):
        return x

    module = types.ModuleType("numba.core.typing.templates")
    module.builtin_registry = types.SimpleNamespace(globals=[_numba_style(scale)])
    monkeypatch.setitem(sys.modules, "numba.core.typing.templates", module)

    @jit
    def k(out):
        out[0] = scale(2.0)

    out = np.zeros(1)
    k[1, 1](out)
    assert out[0] == 6.0

    @jit
    def plain(out):
        out[0] = unregistered(2.0)

    with pytest.raises(pyjit.CompileError, match=r"a plain Python function; make it a device "
                                                 r"function with @cuda.jit\(device=True\), or "
                                                 r"mark it with pyjit.extending.register_jitable"):
        plain[1, 1](out)


from pyjit.extending import overload  # noqa: E402  (beside its tests)
from pyjit import types as _pjtypes  # noqa: E402


def _clamp01(x):
    """Overloaded below: kernels get an implementation per argument type."""


@overload(_clamp01, target="cuda")
def _ol_clamp01_floats(x):
    # pyjit's type objects (numba is not loaded): floats clamp, others pass on
    if str(x) in ("float32", "float64"):
        def impl(x):
            return min(max(x, 0.0), 1.0)
        return impl
    return None


@overload(_clamp01)
def _ol_clamp01_generic(x):
    if isinstance(x, _pjtypes.ArrayType):
        raise TypeError("no arrays")
    # integers: 0 or 1 (a "generic" typing function, tried after the CUDA one)
    return lambda x: 1 if x > 0 else 0


def _with_defaults(out, x, y=5, z=6):
    """Overloaded below with keyword defaults."""


@overload(_with_defaults)
def _ol_with_defaults(out, x, y=5, z=6):
    def impl(out, x, y=5, z=6):
        out[0], out[1] = x + y, z
    return impl


def test_overload_picks_an_implementation_per_argument_types(jit):
    # numba's @overload: the typing function sees each call's types and
    # returns the implementation; a CUDA target's typing function first.
    @jit
    def k(f, i, out):
        for j in range(f.size):
            f[j] = _clamp01(f[j])
            i[j] = _clamp01(i[j])
        _with_defaults(out, 1, z=7)  # y left out: the implementation's default

    f = np.array([-0.5, 0.25, 3.0])
    i = np.array([-2, 0, 9])
    out = np.zeros(2, np.int64)
    k[1, 1](f, i, out)
    assert f.tolist() == [0.0, 0.25, 1.0]
    assert i.tolist() == [0, 0, 1]
    assert out.tolist() == [1 + 5, 7]


def test_overload_without_a_match_is_a_compile_error_at_the_call(jit):
    @jit
    def k(a):
        a[0] = _clamp01(a)  # an array: the CUDA typing function returns None, the other raises

    with pytest.raises(pyjit.CompileError) as info:
        k[1, 1](np.zeros(2))
    text = str(info.value)
    assert re.search(r"test_device_functions.py:\d+:\d+: error: no implementation of "
                     r"overloaded function '_clamp01' takes \(array\(float64, 1d, C\)\): "
                     r"_ol_clamp01_floats returned None; _ol_clamp01_generic raised "
                     r"TypeError: no arrays", text), text
    assert "a[0] = _clamp01(a)" in text


def test_overload_strict_implementations_take_the_typing_parameters(jit):
    # numba's strict overloads: the implementation's keyword defaults must
    # be the typing function's.
    def scaled(x, k=2):
        pass

    @overload(scaled)
    def ol_scaled(x, k=2):
        def impl(x, k=3):
            return x * k
        return impl

    @jit
    def bad(a):
        a[0] = scaled(a[0])

    with pytest.raises(pyjit.CompileError, match=r"Typing and implementation arguments differ "
                                                 r"in keyword argument default values"):
        bad[1, 1](np.ones(1))

    def loose(x, k=2):
        pass

    @overload(loose, strict=False)
    def ol_loose(x, k=2):
        def impl(x, k=3):
            return x * k
        return impl

    @jit
    def good(a):
        a[0] = loose(a[0])

    a = np.ones(1)
    good[1, 1](a)
    assert a[0] == 3.0  # the implementation's default


def test_overload_implementations_may_call_overloads_and_return_a_signature(jit):
    def inner(x):
        pass

    def outer(x):
        pass

    @overload(inner)
    def ol_inner(x):
        return lambda x: x + 1

    @overload(outer)
    def ol_outer(x):
        # (signature, implementation): the argument converts to float64
        def impl(x):
            return inner(x) * 0.5
        return pyjit.float64(pyjit.float64), impl

    @jit
    def k(a, out):
        out[0] = outer(a[0])

    out = np.zeros(1)
    k[1, 1](np.array([3], np.int32), out)
    assert out[0] == (3 + 1) * 0.5


def test_a_cuda_overload_comes_before_a_register_jitable_body(jit):
    # numba-cuda tries the CUDA target's overloads first; a generic one only
    # where the jitable body does not apply (here it always does).
    @register_jitable
    def f(x):
        return x + 1.0

    @overload(f, target="cuda")
    def ol_f(x):
        if isinstance(x, _pjtypes.Float):
            return lambda x: x + 1000.0

    @jit
    def k(out):
        out[0] = f(1.0)
        out[1] = f(1)  # no CUDA implementation for an int: the jitable body

    out = np.zeros(2)
    k[1, 1](out)
    assert out.tolist() == [1001.0, 2.0]

    @overload(f)  # generic, registered after register_jitable: the body comes first
    def ol_f_generic(x):
        return lambda x: x + 5000.0

    @jit
    def g(out):
        out[0] = f(1)

    g[1, 1](out)
    assert out[0] == 2.0


def test_an_overload_registered_after_a_failed_compile_is_found(jit):
    def later(x):
        pass

    @jit
    def k(out):
        out[0] = later(2.0)

    out = np.zeros(1)
    with pytest.raises(pyjit.CompileError, match="global 'later' of type function"):
        k[1, 1](out)

    @overload(later)
    def ol_later(x):
        return lambda x: x * 4

    k[1, 1](out)
    assert out[0] == 8.0


def test_overload_errors_are_compile_errors_at_the_call(jit):
    def twice_on_a_line(x):
        pass

    @overload(twice_on_a_line)
    def ol_twice(x):
        made = {}
        exec("def impl(x):\n    return x + 1\n", made)  # no source text to compile
        return made["impl"]

    def grows(t, n):
        pass

    @overload(grows)
    def ol_grows(t, n):
        def impl(t, n):
            if n <= 0:
                return 0
            return grows((t, t), n - 1) + 1
        return impl

    @jit
    def k(out, n):
        out[0] = twice_on_a_line(1.0)

    @jit
    def g(out, n):
        out[0] = grows(1, n)

    out = np.zeros(1)
    with pytest.raises(pyjit.CompileError, match=r"the implementation ol_twice returned cannot "
                                                 r"be compiled: .*source code is not available"):
        k[1, 1](out, 3)
    with pytest.raises(pyjit.CompileError, match=r"its argument types have grown past 20000 "
                                                 r"characters"):
        g[1, 1](out, 3)


def test_overload_keyword_only_typing_parameters_get_keywords(jit):
    seen = []

    def scaled(x, scale=2.0):
        pass

    @overload(scaled)
    def ol_scaled(x, *, scale=2.0):
        seen.append(str(scale))
        def impl(x, scale=2.0):
            return x * scale
        return impl

    @jit
    def k(out):
        out[0] = scaled(1.5, scale=3.0)

    out = np.zeros(1)
    k[1, 1](out)
    assert out[0] == 4.5 and seen == ["float64"]


def test_overload_gets_literal_types_where_the_plain_ones_find_nothing(jit, monkeypatch):
    # numba's order with numba loaded: the plain types first, then, for ints
    # and bools known when compiling, their literal types (literal first with
    # prefer_literal=True). numba is not installed here: a module shaped as
    # numba.core.types stands in.
    import sys
    import types

    class Literal:
        def __init__(self, value):
            self.literal_value = value

    nbtypes = types.ModuleType("numba.core.types")
    nbtypes.int64, nbtypes.float64 = "int64", "float64"
    nbtypes.literal = Literal
    monkeypatch.setitem(sys.modules, "numba.core.types", nbtypes)

    def needs_literal(n):
        pass

    def prefers_literal(n):
        pass

    def typing(n):  # (reads numba's types: it is given numba's type objects)
        if isinstance(n, Literal):
            value = n.literal_value
            return lambda n: value * 1000
        if n == nbtypes.int64 and typing.plain_ok:
            return lambda n: n
        return None

    typing.plain_ok = False
    overload(needs_literal)(typing)

    def typing2(n):
        return typing(n) if nbtypes else None

    overload(prefers_literal, prefer_literal=True)(typing2)

    @jit
    def k(out, m):
        out[0] = needs_literal(3)     # the plain int64 finds nothing: Literal(3)
        out[1] = prefers_literal(4)   # literal first

    out = np.zeros(2)
    k[1, 1](out, 5)
    assert out.tolist() == [3000.0, 4000.0]

    @jit
    def runtime(out, m):
        out[0] = needs_literal(m)     # not known when compiling: no literal to try

    with pytest.raises(pyjit.CompileError, match="typing returned None"):
        runtime[1, 1](out, 5)


def test_overload_typing_functions_take_star_args(jit):
    # numba passes the arguments *args takes one by one.
    seen = []

    def total(a, *rest):
        pass

    @overload(total)
    def ol_total(a, *rest):
        seen.append(tuple(str(r) for r in rest))
        n = len(rest)

        def impl(a, *rest):
            s = a
            for r in rest:
                s += r
            return s * 10 + n
        return impl

    @jit
    def k(out):
        out[0] = total(1.0)
        out[1] = total(1.0, 2, 3.5)

    out = np.zeros(2)
    k[1, 1](out)
    assert out.tolist() == [10.0, (1.0 + 2 + 3.5) * 10 + 2]
    assert sorted(seen) == [(), ("int64", "float64")]


_ADD_ONE, _TIMES_TEN = (lambda x: x + 1), (lambda x: x * 10)  # noqa: E731  (one line)


_SPREAD = cuda.jit(device=True)(
    lambda x: x * 2
    + 1)
_BELOW = cuda.jit(device=True)(
    lambda x:
        x
        * 3,
)
_COMMENTED = cuda.jit(device=True)(lambda x: (x  # a comment in the body
                                             + 7))


def test_lambda_bodies_over_several_lines_are_read_whole(jit):
    # inspect's source of such a lambda stops at its first line: the body
    # is read on to the last line its code comes from (`+ 1` is not left off).
    @jit
    def k(out):
        out[0] = _SPREAD(5)
        out[1] = _BELOW(5)
        out[2] = _COMMENTED(5)

    out = np.zeros(3, np.int64)
    k[1, 1](out)
    assert out.tolist() == [11, 15, 12]


def test_lambdas_of_the_same_parameters_on_one_line_are_told_apart(jit):
    # By where each one's code lies on the line (co_positions), as an
    # overload's `(lambda x: ...) if c else (lambda x: ...)` returns them.
    add_one, times_ten = cuda.jit(device=True)(_ADD_ONE), cuda.jit(device=True)(_TIMES_TEN)

    def pick(x):
        pass

    @overload(pick)
    def ol_pick(x):
        return (lambda x: x + 0.5) if isinstance(x, _pjtypes.Float) else (lambda x: x * 3)

    @jit
    def k(out):
        out[0] = add_one(4)
        out[1] = times_ten(4)
        out[2] = pick(1.0)
        out[3] = pick(7)

    out = np.zeros(4)
    k[1, 1](out)
    assert out.tolist() == [5.0, 40.0, 1.5, 21.0]


def test_lambdas_in_a_compound_statements_header_are_read(jit):
    # The last line of a `for` header spanning lines ends in `]:`; pyjit
    # could not read the lambdas on it ("give it a def").
    got = []
    for f, g in [(lambda a: a + 1, lambda a: a * 2),
                 (lambda a: a - 1, lambda a: a * 3)]:
        ff, gg = cuda.jit(device=True)(f), cuda.jit(device=True)(g)

        @jit
        def k(out):
            out[0] = ff(10)
            out[1] = gg(10)

        out = np.zeros(2)
        k[1, 1](out)
        got.append(out.tolist())
    assert got == [[11, 20], [9, 30]]


def test_overload_registrations_reject_what_is_not_a_function():
    with pytest.raises(TypeError, match="overload\\(\\) takes a plain Python function to "
                                        "overload, not int"):
        overload(3)
    with pytest.raises(TypeError, match="decorates a typing function, not int"):
        overload(_clamp01)(3)


def test_numbas_overload_registrations_are_taken(jit, monkeypatch):
    # What numba's @overload leaves behind: a template with _overload_func,
    # its target in metadata, in a registry's globals.
    import sys
    import types

    def doubled(x):
        pass

    def ol_doubled_cpu(x):
        return lambda x: -1.0

    def ol_doubled_cuda(x):
        return lambda x: 2 * x

    def entry(typing, target):
        template = type("Template", (), {"_overload_func": staticmethod(typing),
                                         "metadata": {"target": target}, "_strict": True})
        return doubled, types.SimpleNamespace(templates=(template,))

    module = types.ModuleType("numba.cuda.typing.templates")
    module.builtin_registry = types.SimpleNamespace(globals=[entry(ol_doubled_cpu, "cpu"),
                                                             entry(ol_doubled_cuda, "cuda")])
    monkeypatch.setitem(sys.modules, "numba.cuda.typing.templates", module)

    @jit
    def k(a):
        a[0] = doubled(a[0])

    a = np.array([21.0])
    k[1, 1](a)
    assert a[0] == 42.0  # the "cuda" target's, never the "cpu" one


from pyjit.extending import overload_attribute, overload_method  # noqa: E402


@overload_method(_pjtypes.Array, "_sum_sq")
def _ol_sum_sq(a):
    def impl(a):
        s = 0.0
        for v in a:
            s += v * v
        return s
    return impl


@overload_method(_pjtypes.Float, "_scaled")
def _ol_scaled_float(x, k):
    if isinstance(k, _pjtypes.Integer):
        return lambda x, k: x * k
    return lambda x, k: x * k + 1000.0


@overload_method(_pjtypes.Integer, "_scaled")
def _ol_scaled_int(x, k):
    return lambda x, k: x - k


@overload_method(_pjtypes.Float, "_kw_scaled")
def _ol_kw_scaled(x, k=2, shift=0.0):
    return lambda x, k=2, shift=0.0: x * k + shift


@cuda.jit(device=True)
def _counted(c, v):
    c[0] += 1
    return v


def _registered_for_this_test(monkeypatch, kind, typ, name, typing):
    """Registers `typing` for method (attribute) `name` of `typ` until the
    test ends (registrations are the process's)."""
    from pyjit import _overload
    m = _overload.method(name, kind)
    monkeypatch.setitem(_overload.REGISTERED, m, [("generic", typing)])
    monkeypatch.setitem(_overload.MATCH, typing, [typ])


def test_overload_method_calls_the_implementation_its_types_choose(jit, monkeypatch):
    # numba's overload_method: x.name(args) calls the typing function
    # registered for x's type (an instance of the type class) with x's and
    # the arguments' types; the object is evaluated once, first.
    def ol_sum(a):
        def impl(a):
            return -1.0
        return impl

    # pyjit's own a.sum() comes first
    _registered_for_this_test(monkeypatch, "method", _pjtypes.Array, "sum", ol_sum)

    @jit
    def k(a, i, c, out):
        out[0] = a._sum_sq()
        out[1] = a[1]._scaled(3)          # Float's, an Integer k
        out[2] = a[1]._scaled(0.5)        # Float's, another k
        out[3] = i[0]._scaled(2)          # Integer's
        out[4] = a.sum()                  # pyjit's own, not the overload
        out[5] = _counted(c, a[2])._scaled(_counted(c, 4))
        out[6] = a[3]._kw_scaled(shift=0.5)   # one typing function: its keywords, defaults

    a = np.arange(4.0)
    c = np.zeros(1, np.int64)
    out = np.zeros(7)
    k[1, 1](a, np.array([9]), c, out)
    assert out.tolist() == [0 + 1 + 4 + 9, 3.0, 1000.5, 7.0, 6.0, 8.0, 6.5]
    assert c[0] == 2


_Point2 = collections.namedtuple("_Point2", ["x", "y"])


def test_overloads_for_tuple_types_apply_to_named_tuples(jit, monkeypatch):
    # A named tuple's type is a BaseTuple (and a BaseNamedTuple, with its
    # fields), as numba's types are: pyjit gave typing functions an opaque
    # type, so neither overload applied ("_Point2 has no field 'l1'"). What
    # the typing function saw shows in the result (a kernel loaded from the
    # disk cache calls no typing function).
    def ol_l1(p):
        if isinstance(p, _pjtypes.BaseNamedTuple) and p.fields == ("x", "y") and \
                len(p) == 2 and p[0] == _pjtypes.float64:
            return lambda p: abs(p[0]) + abs(p[1]) + 1000.0
        return lambda p: abs(p[0]) + abs(p[1])

    def ol_first(p):
        return lambda p: p[0]

    _registered_for_this_test(monkeypatch, "method", _pjtypes.BaseTuple, "l1", ol_l1)
    _registered_for_this_test(monkeypatch, "attribute", _pjtypes.BaseNamedTuple, "first",
                              ol_first)

    @jit
    def k(out, p):
        out[0] = p.l1()
        out[1] = (3.0, -5.0).l1()
        out[2] = p.first

    out = np.zeros(3)
    k[1, 1](out, _Point2(3.0, -4.0))
    assert out.tolist() == [1007.0, 8.0, 3.0]


def test_overload_method_of_another_type_is_pyjits_own_error_at_the_call(jit):
    @jit
    def k(a):
        a[0] = a[0]._sum_sq()

    with pytest.raises(pyjit.CompileError) as info:
        k[1, 1](np.zeros(2))
    text = str(info.value)
    assert re.search(r"test_device_functions.py:\d+:\d+: error: a value of type float64 has "
                     r"no attribute '_sum_sq'", text), text
    assert "a[0] = a[0]._sum_sq()" in text


def test_overload_method_of_several_typing_functions_refuses_keywords(jit):
    @jit
    def k(a):
        a[0] = a[1]._scaled(k=3)

    with pytest.raises(pyjit.CompileError, match="overloaded method '_scaled' has no "
                                                 "parameter named 'k'"):
        k[1, 1](np.zeros(2))


@overload_attribute(_pjtypes.Array, "_nbytes2")
def _ol_nbytes2(a):
    return lambda a: a.size * a.itemsize


@overload_attribute(_pjtypes.Complex, "_mag2")
def _ol_mag2(z):
    return lambda z: z.real * z.real + z.imag * z.imag


def test_overload_attribute_reads_the_implementation_its_types_choose(jit, monkeypatch):
    def ol_shape(a):
        def impl(a):
            return (99,)
        return impl

    # pyjit's own a.shape comes first
    _registered_for_this_test(monkeypatch, "attribute", _pjtypes.Array, "shape", ol_shape)

    @jit
    def k(a, z, out):
        out[0] = a._nbytes2
        out[1] = z[0]._mag2
        out[2] = a.shape[0]
        out[3] = a._nbytes2 + a[1:]._nbytes2   # a view: its own type, its own size

    out = np.zeros(4)
    k[1, 1](np.arange(4.0), np.array([3 + 4j]), out)
    assert out.tolist() == [32.0, 25.0, 4.0, 32.0 + 24.0]

    @jit
    def bad(a):
        a[0] = a[0]._nbytes2

    with pytest.raises(pyjit.CompileError, match=r"a value of type float64 has no attribute "
                                                 r"'_nbytes2'"):
        bad[1, 1](np.zeros(2))


def _ol_twice_any(x):
    return lambda x: x * 2


for _t in (_pjtypes.Float, _pjtypes.Integer):   # one typing function, two types
    overload_method(_t, "_twice")(_ol_twice_any)


@overload_method(_pjtypes.Float, "_loose", strict=False)
def _ol_loose(x, y):
    return lambda x, z: x + z      # another parameter name: taken, strict=False


@overload_method(_pjtypes.Array, "_cpu_only", target="cpu")
def _ol_cpu_only(a):
    return lambda a: -1.0


@overload_attribute(_pjtypes.Float, "_inc")
def _ol_inc(x):
    return lambda x: x + 1.0


def test_overload_method_registrations_of_several_types_strictness_and_targets(jit):
    @jit
    def k(a, i, out):
        out[0] = a[1]._twice()
        out[1] = i[0]._twice()
        out[2] = a[1]._loose(0.5)
        out[3] = a.size      # "_cpu_only" is not for kernels: no crash, not taken

    out = np.zeros(4)
    k[1, 1](np.arange(3.0), np.array([3]), out)
    assert out.tolist() == [2.0, 6.0, 1.5, 3.0]

    @jit
    def bad(a):
        a[0] = a._cpu_only()

    with pytest.raises(pyjit.CompileError, match="array attribute '_cpu_only' is not supported"):
        bad[1, 1](np.zeros(2))


def test_overload_attribute_chains_type_each_object_once(jit, tmp_path):
    # t._inc._inc... 13 deep: typed once per link in milliseconds (each
    # link's object was typed three times: 3**13 typings took minutes).
    import time
    from kernel_files import load_module
    mod = load_module(tmp_path, "inc_chain", "def k(out):\n    out[0] = out[0]%s\n"
                      % ("._inc" * 13))
    out = np.zeros(1)
    start = time.perf_counter()
    jit(mod.k)[1, 1](out)
    assert out[0] == 13.0
    assert time.perf_counter() - start < 20


def test_array_types_of_every_dtype_are_arrays_to_typing_functions():
    # Records, datetimes, bytes and str arrays too (pyjit.types' Array, with
    # its dtype, ndim and layout), as numba's typeof gives types.Array.
    rec = np.zeros(2, np.dtype([("x", np.float64), ("y", np.int32)]))
    for value in (rec, np.zeros(2, "M8[ns]"), np.zeros(2, "S4"), np.zeros((2, 2), "U3")):
        t = _pjtypes.typeof(value)
        assert isinstance(t, _pjtypes.Array), (value.dtype, t)
        assert t.ndim == value.ndim and t.layout == "C"


def test_overload_method_registration_rejects_bad_names():
    with pytest.raises(TypeError, match="takes the method's name as a str, not 3"):
        overload_method(_pjtypes.Array, 3)
    with pytest.raises(TypeError, match="decorates a typing function, not int"):
        overload_method(_pjtypes.Array, "m")(3)
    with pytest.raises(TypeError, match="takes the attribute's name as a str, not 'a b'"):
        overload_attribute(_pjtypes.Array, "a b")


def test_numbas_overload_method_registrations_are_taken(jit, monkeypatch):
    # What numba's overload_method leaves behind: a method template (is_method,
    # _attr, key: the type class, _overload_func) in a registry's attributes.
    import sys
    import types

    def ol_halved(x):
        return lambda x: x / 2

    def ol_halved_cpu(x):
        return lambda x: -1.0

    # (Typing functions numba registered get numba's types where numba is loaded.)
    numba_types = sys.modules.get("numba.core.types")
    key = numba_types.Float if numba_types is not None else _pjtypes.Float

    def template(typing, target):
        return type("Template", (), {"_overload_func": staticmethod(typing), "is_method": True,
                                     "_attr": "_halved", "key": key,
                                     "metadata": {"target": target}})

    module = types.ModuleType("numba.cuda.typing.templates")
    module.builtin_registry = types.SimpleNamespace(
        globals=[], attributes=[template(ol_halved_cpu, "cpu"), template(ol_halved, "cuda")])
    monkeypatch.setitem(sys.modules, "numba.cuda.typing.templates", module)

    @jit
    def k(a):
        a[0] = a[0]._halved()

    a = np.array([21.0])
    k[1, 1](a)
    assert a[0] == 10.5  # the "cuda" target's, never the "cpu" one


@cuda.jit(device=True)
def _running_total(v, reset):
    tot = cuda.shared.array(1, np.float64)
    if reset and cuda.threadIdx.x == 0:
        tot[0] = 0.0
    cuda.syncthreads()
    cuda.atomic.add(tot, 0, v)
    cuda.syncthreads()
    r = tot[0]
    cuda.syncthreads()
    return r


@cuda.jit(device=True)
def _block_sum(v):
    # 32 KiB of scratch: two of them would not fit a block's 48 KiB.
    scratch = cuda.shared.array(4096, np.float64)
    t = cuda.threadIdx.x
    scratch[t] = v
    cuda.syncthreads()
    s = 0.0
    if t == 0:
        for i in range(cuda.blockDim.x):
            s += scratch[i]
    cuda.syncthreads()
    return s


def test_a_device_functions_shared_array_is_one_for_all_its_calls(jit):
    # numba-cuda compiles the function once, with one shared array: the
    # second call adds to the total the first one reset (32 + 64 = 96).
    @jit
    def k(x, y, out):
        t = cuda.threadIdx.x
        _running_total(x[t], t >= 0)
        r = _running_total(y[t], t < 0)
        if t == 0:
            out[0] = r

    out = np.zeros(1)
    k[1, 32](np.ones(32), np.full(32, 2.0), out)
    assert out[0] == 96.0


def test_a_large_device_function_scratch_called_twice_fits(jit):
    @jit
    def k(x, out):
        t = cuda.threadIdx.x
        a = _block_sum(x[t])
        b = _block_sum(1.0)
        if t == 0:
            out[0], out[1] = a, b

    x = np.arange(300.0)
    out = np.zeros(2)
    k[1, 300](x, out)
    np.testing.assert_array_equal(out, [x.sum(), 300.0])


def test_a_shared_array_declared_in_a_tuple_loop_is_one_array(jit):
    # One declaration, one array (numba's loop over a UniTuple): every
    # element's values accumulate into it.
    @jit
    def k(x, y, z, out):
        t = cuda.threadIdx.x
        first = True
        for arr in (x, y, z):
            acc = cuda.shared.array(32, np.float64)
            if first:
                acc[t] = 0.0
            acc[t] += arr[t]
            first = False
        cuda.syncthreads()
        out[t] = acc[31 - t]

    x = np.arange(32.0)
    out = np.zeros(32)
    k[1, 32](x, 10 * x, 100 * x, out)
    np.testing.assert_array_equal(out, 111 * x[::-1])


def test_returning_a_device_functions_own_shared_array_is_an_error(jit):
    @cuda.jit(device=True)
    def make(v):
        s = cuda.shared.array(4, np.float32)
        s[0] = v
        return s

    @cuda.jit(device=True)
    def passthrough(s, v):  # an array passed in may be returned
        s[1] = v
        return s

    @jit
    def ok(out):
        s = cuda.shared.array(4, np.float32)
        r = passthrough(s, 2.0)
        out[0] = r[1]

    out = np.zeros(1, np.float32)
    ok[1, 1](out)
    assert out[0] == 2.0

    @jit
    def bad(out):
        out[0] = make(1.0)[0]

    with pytest.raises(pyjit.CompileError, match=r":\d+:\d+: error: a device function cannot "
                                                 r"return a cuda.shared.array it declares"):
        bad[1, 1](out)


def test_names_imported_from_numbas_cuda_modules_mean_pyjits(jit, monkeypatch):
    # `from numba.cuda import grid, syncthreads`, `from numba.cuda.fp16 import
    # hadd`, `from numba.cuda.libdevice import sinf` with numba loaded: the
    # kernel gets numba's objects, which mean pyjit's of the same name. (numba
    # is not installed here: modules and objects shaped as numba's stand in.)
    import sys
    import types

    class _Intrinsic:  # numba's stubs: objects of numba's classes
        __module__ = "numba.core.extending"

    def hadd(a, b):
        raise NotImplementedError  # numba's Python body is never run in kernels

    def sinf(x):
        raise NotImplementedError

    def __hadd_sat(a, b):  # fp16's names with two leading underscores are twinned too
        raise NotImplementedError

    def atomicAdd(a, i, v):  # one pyjit's fp16 lacks: named in the error
        raise NotImplementedError

    hadd.__module__ = __hadd_sat.__module__ = atomicAdd.__module__ = "numba.cuda.fp16"
    sinf.__module__ = "numba.cuda.libdevice"
    cuda_mod = types.ModuleType("numba.cuda")
    cuda_mod.grid, cuda_mod.syncthreads = _Intrinsic(), _Intrinsic()
    fp16_mod = types.ModuleType("numba.cuda.fp16")
    fp16_mod.hadd, fp16_mod.__hadd_sat, fp16_mod.atomicAdd = hadd, __hadd_sat, atomicAdd
    libdevice_mod = types.ModuleType("numba.cuda.libdevice")
    libdevice_mod.sinf = sinf
    for name, module in (("numba.cuda", cuda_mod), ("numba.cuda.fp16", fp16_mod),
                         ("numba.cuda.libdevice", libdevice_mod)):
        monkeypatch.setitem(sys.modules, name, module)
    grid, syncthreads = cuda_mod.grid, cuda_mod.syncthreads

    @jit
    def k(h, out):
        i = grid(1)
        if i < out.size:
            out[i] = hadd(h[i], h[i]) + sinf(np.float32(0.5))
        syncthreads()

    h = np.array([0.5, 1.5, -2.0], np.float16)
    out = np.zeros(3, np.float32)
    k[1, 3](h, out)
    np.testing.assert_allclose(out, 2 * h.astype(np.float32) + np.sin(np.float32(0.5)),
                               rtol=1e-6)

    @jit
    def sat(h, out):
        out[0] = __hadd_sat(h[0], h[1])

    @jit
    def lacking(h, out):
        atomicAdd(h, 0, h[1])

    h2 = np.array([0.75, 0.5], np.float16)
    sat[1, 1](h2, out)
    assert out[0] == 1.0  # saturated to [0, 1]
    with pytest.raises(pyjit.CompileError, match=r"global 'atomicAdd' of type "
                                                 r"numba.cuda.fp16.atomicAdd \(numba-cuda's, "
                                                 r"which pyjit's kernels do not have\)"):
        lacking[1, 1](h2, out)

    unknown = _Intrinsic()  # a numba object pyjit.cuda has no name for

    @jit
    def bad(out):
        out[0] = unknown(1)

    with pytest.raises(pyjit.CompileError, match="global 'unknown' of type _Intrinsic is not "
                                                 "supported in kernels"):
        bad[1, 1](out)


def _plus_tenth(x):
    return x + 0.1


def _tripled(x):
    return x * 3


def test_numba_cuda_jit_functions_kernels_call_compile_from_their_source(jit):
    # A helper module still on numba.cuda: its @cuda.jit functions, called
    # from a pyjit kernel, compile from their Python source; eager
    # signatures (numba compiles no others) convert the arguments and result.
    import types

    class CUDADispatcher:  # what numba-cuda's decorator returns
        def __init__(self, py_func, sigs):
            self.py_func = py_func
            self._can_compile = not sigs
            self.overloads = {i: types.SimpleNamespace(signature=types.SimpleNamespace(
                return_type="float32", args=("float32",))) for i in range(len(sigs))}

    CUDADispatcher.__module__ = "numba.cuda.dispatcher"
    typed = CUDADispatcher(_plus_tenth, ["float32(float32)"])
    lazy = CUDADispatcher(_tripled, [])

    @jit
    def k(out):
        out[0] = typed(1)   # int64 -> float32, + 0.1 in float32
        out[1] = lazy(2.5)  # typed for its float64 argument

    out = np.zeros(2)
    k[1, 1](out)
    assert out[0] == float(np.float32(1) + np.float32(0.1)) != 1.1
    assert out[1] == 7.5


@pytest.mark.skipif(importlib.util.find_spec("numba") is not None,
                    reason="numba is installed: tests/python/test_intrinsic.py covers "
                           "pyjit.extending.intrinsic")
def test_extending_intrinsic_without_numba_names_numba_cuda():
    from pyjit.extending import intrinsic
    with pytest.raises(ImportError, match="numba-cuda's @intrinsic.*pip install numba-cuda"):
        @intrinsic
        def f(typingctx, x):
            pass
