"""pyjit.vectorize / pyjit.guvectorize: numba's (generalized) ufuncs for
target='cuda' and target='cpu'. Expected values come from NumPy."""
import re

import numpy as np
import pytest

import pyjit
from pyjit import cuda, guvectorize, vectorize

TARGETS = [pytest.param("cuda", marks=pytest.mark.gpu), "cpu"]


@pytest.mark.parametrize("target", TARGETS)
def test_vectorize_broadcasts_and_picks_the_signature(target):
    @vectorize(["float32(float32, float32)", "float64(float64, float64)"], target=target)
    def rel_diff(x, y):
        return 2 * (x - y) / (x + y)

    a = np.arange(1, 7, dtype=np.float32)
    b = np.full(6, 2, np.float32)
    r = rel_diff(a, b)
    assert r.dtype == np.float32
    np.testing.assert_allclose(r, 2 * (a - b) / (a + b), rtol=1e-6)
    m = np.arange(1.0, 7.0).reshape(2, 3)
    r2 = rel_diff(m, np.array([1.0, 2.0, 3.0]))  # float64: the second signature; broadcast
    assert r2.dtype == np.float64 and r2.shape == (2, 3)
    np.testing.assert_allclose(r2, 2 * (m - [1, 2, 3]) / (m + [1, 2, 3]))
    # Numbers alone: NumPy's number from a CPU ufunc; from a CUDA one a
    # 1-element array, as numba-cuda's (it makes each number np.array([x])).
    alone = rel_diff(3.0, 1.0)
    if target == "cuda":
        assert isinstance(alone, np.ndarray) and alone.shape == (1,) and alone[0] == 1.0
    else:
        assert np.ndim(alone) == 0 and alone == 1.0
    assert rel_diff.types == ["ff->f", "dd->d"] and rel_diff.nin == 2
    with pytest.raises(TypeError, match=r"no signature takes arguments of types \(complex128"):
        rel_diff(np.ones(2, np.complex128), np.ones(2))
    with pytest.raises(ValueError, match="do not broadcast"):
        rel_diff(np.ones(3), np.ones(4))


@pytest.mark.parametrize("target", TARGETS)
def test_vectorize_python_numbers_pick_their_own_type_first(target):
    # numba looks first for the signature of the arguments' own types (a Python
    # float is float64, an int int64), then converts.
    @vectorize(["int32(int32, int32)", "float32(float32, float32)",
                "float64(float64, float64)"], target=target)
    def add(a, b):
        return a + b

    r = add(0.1, 0.2)
    assert r == 0.1 + 0.2 and r.dtype == np.float64   # not float32's 0.3
    assert add(1, 2) == 3 and add(1, 2).dtype == np.int32
    big = add(2 ** 40, 1)                # int32 cannot hold it: the next that can
    assert big.dtype == np.float32 and big == np.float32(2 ** 40 + 1)
    f = add(np.ones(3, np.float32), 0.5)   # a float32 array: the float32 loop
    assert f.dtype == np.float32 and (f == 1.5).all()


@pytest.mark.parametrize("target", TARGETS)
def test_an_arrays_own_dtype_wins_over_a_wider_signature_listed_first(target):
    # numba's order (deviceufunc.py, _resolve_signature): the arrays' exact
    # types, numbers taken as they convert; NumPy 2 keeps float32 too.
    @vectorize(["float64(float64, float64)", "float32(float32, float32)"], target=target)
    def add(a, b):
        return a + b

    x = np.arange(3, dtype=np.float32)
    assert add(x, 2.0).dtype == np.float32 and add(2.0, x).dtype == np.float32
    np.testing.assert_array_equal(add(cuda.to_device(x), 2.0).copy_to_host(), x + 2)
    assert add(2.0, 3.0).dtype == np.float64  # numbers alone: their own float64

    @vectorize(["int64(int64, int64)", "int32(int32, int32)", "float64(float64, float64)"],
               target=target)
    def add_int(a, b):
        return a + b

    i32 = np.arange(3, dtype=np.int32)
    assert add_int(i32, 1).dtype == np.int32
    # A float beside an int32 array: NumPy's float64, not numba's truncation to int32.
    r = add_int(i32, 1.5)
    assert r.dtype == np.float64 and r.tolist() == [1.5, 2.5, 3.5]

    @vectorize(["int8(int8, int8)"], target=target)
    def add8(a, b):
        return a + b

    with pytest.raises(OverflowError, match="Python integer 300 out of bounds for int8"):
        add8(np.array([100], np.int8), 300)  # NumPy's and numba's error


@pytest.mark.parametrize("target", TARGETS)
def test_a_gufuncs_array_dtype_wins_over_a_wider_signature_listed_first(target):
    @guvectorize(["void(float64, float64[:], float64[:])",
                  "void(float32, float32[:], float32[:])"], "(),(n)->(n)", target=target)
    def scale(s, x, y):
        for i in range(x.shape[0]):
            y[i] = s * x[i]

    r = scale(2.0, np.arange(3, dtype=np.float32))
    assert r.dtype == np.float32 and r.tolist() == [0.0, 2.0, 4.0]


def test_gufunc_layouts_that_do_not_fit_their_signatures_are_refused_at_decoration():
    # numba refuses both at decoration; pyjit passed a core array to the
    # scalar parameter and returned its first element.
    with pytest.raises(NameError, match="undefined output symbols: m"):
        @guvectorize(["void(float64[:], float64[:])"], "(n)->(m)", target="cpu")
        def widen(a, b):
            pass
    with pytest.raises(ValueError, match=r"gufunc signature mismatch: parameter 0 of "
                                         r"'void\(float64, float64\[:\]\)' is a scalar, and "
                                         r"the layout '\(n\)->\(n\)' gives it 1 core dimension"):
        @guvectorize(["void(float64, float64[:])"], "(n)->(n)", target="cpu")
        def copy(a, b):
            pass

    @guvectorize(["void(float64, float64[:])"], "()->()", target="cpu")
    def double(a, b):  # a scalar for a () core is fine, an array output too
        b[0] = a * 2

    np.testing.assert_array_equal(double(np.arange(3.0)), [0.0, 2.0, 4.0])


@pytest.mark.parametrize("target", TARGETS)
def test_vectorize_numbers_beside_device_arrays_are_kernel_parameters(target):
    # A number is passed to the kernel as itself, in the signature's dtype:
    # no array of it is made and copied to the device.
    @vectorize(["float32(float32, float32, float32)",
                "complex64(complex64, complex64, complex64)"], target=target)
    def axpy(a, x, y):
        return a * x + y

    xh = np.arange(6, dtype=np.float32).reshape(2, 3)
    x, y = cuda.to_device(xh), cuda.to_device(np.ones((2, 3), np.float32))
    np.testing.assert_array_equal(axpy(2.5, x, y).copy_to_host(), 2.5 * xh + 1)
    np.testing.assert_array_equal(axpy(np.float32(2), x, 1).copy_to_host(), 2 * xh + 1)
    np.testing.assert_array_equal(axpy(x, np.array(3.0, np.float32), y).copy_to_host(),
                                  3 * xh + 1)
    cx = cuda.to_device(xh.astype(np.complex64))
    np.testing.assert_array_equal(axpy(1j, cx, 2).copy_to_host(), 1j * xh + 2)
    assert {(True, False, False), (True, False, True), (False, True, False)} <= set(axpy._kernels)


@pytest.mark.parametrize("target", TARGETS)
def test_vectorize_keeps_device_arrays_on_the_device(target):
    @vectorize(["int64(int64)"], target=target)
    def square(x):
        return x * x

    d = cuda.to_device(np.arange(5, dtype=np.int64))
    out = square(d)
    assert isinstance(out, cuda.DeviceArray)
    np.testing.assert_array_equal(out.copy_to_host(), np.arange(5) ** 2)
    into = cuda.device_array(5, np.int64)
    assert square(d, out=into) is into
    np.testing.assert_array_equal(into.copy_to_host(), np.arange(5) ** 2)

    @vectorize(["float64(float64, float64)"], target=target)
    def add(a, b):
        return a + b

    assert add.reduce(np.arange(1.0, 101.0)) == 5050.0


@pytest.mark.parametrize("target", TARGETS)
def test_vectorize_broadcasts_and_converts_device_arrays(target):
    # Device arrays of other shapes (broadcast with zero strides), dtypes and
    # orders, as numba's device ufuncs take them; NumPy gives the expectation.
    @vectorize(["float64(float64, float64)"], target=target)
    def hypot(x, y):
        return (x * x + y * y) ** 0.5

    col = np.arange(1.0, 4.0).reshape(3, 1)
    row = np.arange(1, 5, dtype=np.int32)
    fortran = np.asfortranarray(np.arange(12.0).reshape(3, 4))
    r = hypot(cuda.to_device(col), cuda.to_device(row))
    assert isinstance(r, cuda.DeviceArray) and r.shape == (3, 4)
    np.testing.assert_allclose(r.copy_to_host(), np.hypot(col, row))
    r2 = hypot(cuda.to_device(fortran), cuda.to_device(row)[::-1])
    np.testing.assert_allclose(r2.copy_to_host(), np.hypot(fortran, row[::-1]))
    with pytest.raises(TypeError, match=r"no signature takes arguments of types \(complex128"):
        hypot(cuda.to_device(np.ones(4, np.complex128)), 1.0)


class Bare:
    """An object with only __cuda_array_interface__ (no dtype or shape
    attributes), as numba-cuda's CAI tests pass."""

    def __init__(self, array):
        self.__cuda_array_interface__ = array.__cuda_array_interface__


@pytest.mark.parametrize("target", TARGETS)
def test_vectorize_takes_a_bare_cuda_array_interface_producer(target):
    # Read through its interface.
    @vectorize(["float64(float64, int64)"], target=target)
    def scale(x, k):
        return x * k

    d = cuda.to_device(np.arange(4.0))
    r = scale(Bare(d), 3)
    assert isinstance(r, cuda.DeviceArray)
    np.testing.assert_array_equal(r.copy_to_host(), np.arange(4.0) * 3)


@pytest.mark.parametrize("target", TARGETS)
def test_a_foreign_output_is_written_and_returned_as_a_device_array(target):
    # numba-cuda's test_ufunc_arg / test_gufunc_arg: out= another library's
    # array; the result is a DeviceArray over the same memory.
    @vectorize(["float64(float64, float64)"], target=target)
    def vadd(a, b):
        return a + b

    @guvectorize(["(float64, float64, float64[:])"], "(),()->()", target=target)
    def gadd(a, b, out):
        out[0] = a + b

    h = np.arange(10.0)
    for ufunc in (vadd, gadd):
        d = cuda.device_array(10)
        returned = ufunc(h, 6.0, out=Bare(d))
        assert isinstance(returned, cuda.DeviceArray)
        assert returned.device_ctypes_pointer.value == d.device_ctypes_pointer.value
        np.testing.assert_array_equal(d.copy_to_host(), h + 6)


def test_vectorize_rejects_an_unknown_target():
    with pytest.raises(ValueError, match="target must be 'cuda' or 'cpu'"):
        vectorize(["float64(float64)"], target="parallel")
    with pytest.raises(ValueError, match="target must be 'cuda' or 'cpu'"):
        vectorize(lambda x: x, target="parallel")


@pytest.mark.parametrize("target", TARGETS)
def test_vectorize_without_signatures_compiles_for_the_arguments(target):
    # numba's DUFunc: a call that no signature takes (safely) compiles one of
    # the arguments' own dtypes, the result the type the function returns.
    @vectorize(target=target)
    def f(x, y):
        return x * 2 + y

    assert f.types == [] and f.ntypes == 0
    a = np.arange(3.0)
    r = f(a, 1)  # float64 and a Python int (int64)
    assert r.dtype == np.float64
    np.testing.assert_array_equal(r, a * 2 + 1)
    assert f.types == ["dl->d"]
    i = np.arange(3, dtype=np.int32)
    r = f(i, np.int32(1))  # int32 casts safely to that loop's types: no new one
    assert r.dtype == np.float64 and f.types == ["dl->d"]
    np.testing.assert_array_equal(r, i * 2.0 + 1)
    c = np.array([1 + 2j, -3j], np.complex64)
    r = f(c, np.float32(0.5))  # complex64 does not: a new loop
    assert r.dtype == np.complex64 and f.types == ["dl->d", "Ff->F"]
    np.testing.assert_allclose(r, c * 2 + np.float32(0.5))
    assert f(2, 3) == 7.0 and f(2, 3).dtype == np.float64  # numbers: the first loop


def test_dynamic_vectorize_picks_loops_by_dtype_not_by_value():
    # A scalar takes an existing loop only when its dtype casts safely (as
    # numba's DUFunc, through NumPy's type resolution): 16777217 is no float32.
    @vectorize
    def add(x, y):
        return x + y

    add(np.float32(1), np.float32(1))
    assert add.types == ["ff->f"]
    r = add(np.int64(16777217), np.int64(0))
    assert r == 16777217 and r.dtype == np.int64
    assert add(16777217, 0) == 16777217
    assert add(np.uint64(2 ** 64 - 1), np.uint64(0)) == 2 ** 64 - 1
    assert add(np.float64(1e300), 0.0) == 1e300
    assert add(0.1, 0.2) == 0.1 + 0.2
    assert add.types == ["ff->f", "ll->l", "LL->L", "dd->d"]
    assert add(np.int16(3), np.int8(4)).dtype == np.float32  # int16, int8 cast to float32 safely
    with pytest.raises(OverflowError, match="argument 0, 18446744073709551616, fits neither"):
        add(2 ** 64, 1)

    @vectorize
    def neg(x):
        return -x

    neg(np.array([1], np.int8))
    assert neg(-128) == 128 and neg.types == ["b->l", "l->l"]


def test_ufunc_out_follows_numpys_rules():
    @vectorize(["float64(float64, float64)"])
    def add(x, y):
        return x + y

    a = np.arange(4.0)
    with pytest.raises(ValueError, match=r"do not broadcast to out's shape \(2, 2\)"):
        add(a, 1.0, out=np.zeros((2, 2)))
    with pytest.raises(TypeError, match="cannot cast its result from float64 to out's int32 "
                                        "with casting rule 'same_kind'"):
        add(a, 1.0, out=np.zeros(4, np.int32))
    wide = np.zeros((3, 4))
    assert add(a, 1.0, out=wide) is wide  # the inputs broadcast to out's shape
    np.testing.assert_array_equal(wide, np.broadcast_to(a + 1, (3, 4)))
    single = np.zeros(4, np.float32)  # same_kind: float64 into float32
    assert add(a, 0.5, out=(single,)) is single
    np.testing.assert_array_equal(single, (a + 0.5).astype(np.float32))
    with pytest.raises(TypeError, match="out must be an array, not int"):
        add(a, 1.0, out=3)


def test_dynamic_ufunc_add_compiles_now_and_keeps_one_of_each():
    from pyjit import CompileError

    @vectorize
    def shr(x):
        return x >> 1

    with pytest.raises(CompileError, match="unsupported operand types for >>"):
        shr.add("float64(float64)")
    assert shr.types == []
    shr.add("int32(int32)")
    shr.add("int32(int32)")
    assert shr.types == ["i->i"]
    np.testing.assert_array_equal(shr(np.array([4, 9], np.int32)), [2, 4])


def test_ufunc_errors_leave_one_pyjit_frame():
    import os
    import traceback

    import pyjit
    from pyjit import CompileError

    @vectorize
    def bad(x):
        return x.nosuch

    @vectorize(["float32(float32)"])
    def only32(x):
        return x

    for call, kind in ((lambda: bad(1.0), CompileError),
                       (lambda: only32(np.ones(2, np.complex128)), TypeError)):
        with pytest.raises(kind) as info:
            call()
        inside = [f for f in traceback.extract_tb(info.value.__traceback__)
                  if f.filename.startswith(os.path.dirname(pyjit.__file__))]
        assert len(inside) == 1, inside


def test_cpu_ufuncs_raise_what_the_function_raises():
    # As numba's CPU ufuncs (target='cpu', the default): a raise, or None
    # returned for a number, is the call's exception, not a silent element.
    @vectorize
    def checked(x):
        if x > 1:
            raise ValueError("too big")
        return x * 10

    with pytest.raises(ValueError, match="too big in kernel 'ufunc_checked'"):
        checked(np.arange(5))
    np.testing.assert_array_equal(checked(np.arange(2)), [0, 10])

    @vectorize(["float64(float64)"])
    def maybe(x):
        if x > 1:
            return None
        return x

    with pytest.raises(TypeError, match="expected float64, got None"):
        maybe(np.arange(4.0))

    @guvectorize(["void(float64[:], float64[:])"], "(n)->()")
    def total(x, out):
        if x.shape[0] == 0:
            raise ValueError("empty")
        out[0] = x.sum()

    with pytest.raises(ValueError, match="empty"):
        total(np.zeros((2, 0)))


def test_cpu_ufuncs_divide_by_zero_as_numpy_does():
    # numba compiles its CPU ufuncs with error_model="numpy": a division by
    # zero is inf, NaN or 0 (as NumPy's own loops give), no ZeroDivisionError.
    @vectorize(["float64(float64, float64)", "int64(int64, int64)"])
    def ratio(a, b):
        return a / b if a > 100 else a // b

    @vectorize(["int64(int64, int64)"])
    def rest(a, b):
        return a % b

    @guvectorize(["void(float64[:], float64[:])"], "(n)->(n)")
    def normalized(x, out):
        total = 0.0
        for v in x:
            total += v
        for i in range(x.shape[0]):
            out[i] = x[i] / total

    a, z = np.array([1.0, 0.0, -1.0, 200.0]), np.zeros(4)
    with np.errstate(divide="ignore", invalid="ignore"):
        np.testing.assert_array_equal(ratio(a, z), [np.floor_divide(1.0, 0.0), np.nan,
                                                    np.floor_divide(-1.0, 0.0), np.inf])
        np.testing.assert_array_equal(normalized(np.array([[1.0, -1.0]]))[0],
                                      np.array([1.0, -1.0]) / 0.0)
    ints = np.array([7, 0, -7])
    np.testing.assert_array_equal(ratio(ints, np.zeros(3, np.int64)), [0, 0, 0])  # numba's 0
    np.testing.assert_array_equal(rest(ints, np.zeros(3, np.int64)), [0, 0, 0])
    np.testing.assert_array_equal(rest(ints, np.array([2, 2, 2])), ints % 2)


def test_bare_vectorize_is_a_dynamic_cpu_ufunc():
    import math

    @vectorize
    def erf(x):
        return math.erf(x)

    x = np.linspace(-2, 2, 9)
    np.testing.assert_allclose(erf(x), [math.erf(v) for v in x], rtol=1e-13)
    ints = np.arange(-3, 4, dtype=np.int64)  # int64 converts to the float64 loop
    np.testing.assert_allclose(erf(ints), [math.erf(v) for v in ints], rtol=1e-13)
    assert erf.types == ["d->d"] and "target=cpu" in repr(erf)


def test_dynamic_vectorize_add_disable_compile_and_errors():
    from pyjit import CompileError

    @vectorize([])  # an empty list, as numba: dynamic
    def inc(x):
        return x + 1

    r = inc(np.int8(3))  # int8 + int64 constant: int64, as numba types it
    assert r == 4 and r.dtype == np.int64 and inc.types == ["b->l"]
    inc.add("float32(float32)")
    inc.add((cuda.int16,))  # argument types only: the result inferred (int64)
    assert inc.types == ["b->l", "f->f", "h->l"]
    inc.disable_compile()
    with pytest.raises(TypeError, match=r"no signature takes arguments of types \(complex128"):
        inc(np.ones(2, np.complex128))
    with pytest.raises(RuntimeError, match="compilation disabled for ufunc 'inc'"):
        inc.add("int8(int8)")

    @vectorize
    def pair(x):
        return (x, x)

    with pytest.raises(TypeError, match=r"returns Tuple\(int64, int64\) for arguments "
                                        r"\(int64\): it must return one number"):
        pair(1)
    with pytest.raises(TypeError, match="argument 0 has dtype <U1; a ufunc takes numbers"):
        inc.__class__(inc._func, None, "cpu")(np.array(["a"]))

    @vectorize
    def bad(x):
        return x.nosuch

    with pytest.raises(CompileError, match="nosuch"):
        bad(1.0)

    @vectorize
    def frozen_later(x):
        return x

    with pytest.raises(ValueError, match="no signature yet"):
        frozen_later.disable_compile()


def test_dynamic_vectorize_from_threads_compiles_each_signature_once():
    import threading

    @vectorize
    def half(x):
        return x / 2

    results, errors = [], []

    def call():
        try:
            results.append(half(np.arange(8, dtype=np.float32)))
        except Exception as e:  # noqa: BLE001 (reported below)
            errors.append(e)

    threads = [threading.Thread(target=call) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and len(results) == 8
    assert half.types == ["f->f"]
    for r in results:
        np.testing.assert_array_equal(r, np.arange(8, dtype=np.float32) / 2)


@pytest.mark.parametrize("target", TARGETS)
def test_guvectorize_with_a_layout_alone_compiles_for_each_call(target):
    # numba's dynamic gufunc: the call passes its outputs, whose dtypes with
    # the inputs' make the signature; () inputs are scalars, outputs arrays.
    @guvectorize("(n),()->(n)", target=target)
    def shift(x, y, res):
        for i in range(x.shape[0]):
            res[i] = x[i] + y

    x = np.arange(6.0).reshape(2, 3)
    res = np.zeros_like(x)
    assert shift.types == []
    shift(x, 2, res)
    np.testing.assert_array_equal(res, x + 2)
    assert shift.types == ["dl->d"]
    np.testing.assert_array_equal(shift(x, 3), x + 3)  # a signature takes it: no out needed
    with pytest.raises(TypeError, match=r"compiles one only when the call passes its outputs "
                                        r"too: shift\(x0, x1, out0\)"):
        shift(x, 2.5)  # float64 does not convert safely to the int64 parameter
    r32 = np.zeros(3, np.int32)
    shift(np.arange(3, dtype=np.int32), np.int32(-1), r32)  # an int32 out: a new loop
    np.testing.assert_array_equal(r32, [-1, 0, 1])
    assert shift.types == ["dl->d", "ii->i"]

    @guvectorize("(m,n),(n,p)->(m,p)", target=target)
    def matmul(a, b, c):
        for i in range(a.shape[0]):
            for j in range(b.shape[1]):
                acc = 0.0
                for k in range(a.shape[1]):
                    acc += a[i, k] * b[k, j]
                c[i, j] = acc

    rng = np.random.default_rng(0)
    a, b = rng.random((4, 2, 3)), rng.random((4, 3, 5))
    c = np.empty((4, 2, 5))
    matmul(a, b, c)
    np.testing.assert_allclose(c, a @ b, rtol=1e-12)

    @guvectorize("(n)->()", target=target)
    def total(x, out):
        out[0] = 0
        for v in x:
            out[0] += v

    d = cuda.device_array(2)
    total(cuda.to_device(x), d)
    np.testing.assert_array_equal(d.copy_to_host(), x.sum(axis=1))
    with pytest.raises(TypeError, match="output 0 is a float, not an array"):
        total(x, 1.0)
    with pytest.raises(TypeError, match="needs a layout such as"):
        guvectorize(["void(float64[:], float64[:])"])


@pytest.mark.parametrize("target", TARGETS)
def test_gufunc_writes_a_strided_device_output(target):
    @guvectorize(["void(float64[:], float64[:])"], "(n)->(n)", target=target)
    def double(x, out):
        for i in range(x.shape[0]):
            out[i] = 2 * x[i]

    big = cuda.to_device(np.zeros((3, 8)))
    x = np.arange(12.0).reshape(3, 4)
    assert isinstance(double(x, big[:, ::2]), cuda.DeviceArray)
    want = np.zeros((3, 8))
    want[:, ::2] = 2 * x
    np.testing.assert_array_equal(big.copy_to_host(), want)


def test_dynamic_gufunc_outputs_as_numba_takes_them():
    from pyjit import CompileError

    @guvectorize("(n)->(n)")
    def half(x, out):
        for i in range(x.shape[0]):
            out[i] = x[i] >> 1

    with pytest.raises(CompileError):
        half(np.arange(4.0), np.zeros(4))
    assert half.types == []  # the signature that did not compile is not kept
    out = np.zeros(4)
    half(np.arange(4, dtype=np.int32), out)
    np.testing.assert_array_equal(out, [0, 0, 1, 1])
    assert half.types == ["i->d"]

    @guvectorize("(n),(n)->()")
    def dot(x, y, res):
        s = 0.0
        for i in range(x.shape[0]):
            s += x[i] * y[i]
        res[0] = s

    res = np.zeros(1)  # numba's idiom for a call without loop dimensions
    dot(np.arange(3.0), np.arange(3.0), res)
    assert res.tolist() == [5.0]

    @guvectorize("(),()->()")
    def sadd(x, y, r):
        r[0] = x + y

    for x, y in ((1.0, 2.0), (1.0, np.array([2.0])), (np.array([1.0]), 2.0)):
        r = np.zeros(1)
        sadd(x, y, r)
        assert r.tolist() == [3.0]
    r = np.zeros(1, np.int64)  # a loop is chosen by dtype: 2**53 + 1 never passes as a float
    sadd(2 ** 53 + 1, 0, r)
    assert r[0] == 2 ** 53 + 1 and sadd.types == ["dd->d", "ll->l"]

    @guvectorize("(n),()->(n)")
    def scale(x, a, out):
        for i in range(x.shape[0]):
            out[i] = a * x[i]

    out = np.zeros((3, 4))  # the output's loop dimension: the inputs broadcast to it
    scale(np.arange(4.0), 2.0, out)
    np.testing.assert_array_equal(out, np.broadcast_to(2 * np.arange(4.0), (3, 4)))
    with pytest.raises(ValueError, match=r"output 0 must have shape \(2, 4\), got \(3, 4\)"):
        scale(np.ones((2, 4)), 2.0, np.zeros((3, 4)))


@pytest.mark.parametrize("target", TARGETS)
def test_guvectorize_core_dimensions(target):
    @guvectorize(["void(float64[:], float64[:], float64[:])"], "(n),(n)->()", target=target)
    def dot(x, y, out):
        s = 0.0
        for i in range(x.shape[0]):
            s += x[i] * y[i]
        out[0] = s

    x = np.arange(12.0).reshape(4, 3)
    y = np.array([1.0, -1.0, 2.0])
    np.testing.assert_array_equal(dot(x, y), x @ y)

    @guvectorize(["void(float64[:], float64, float64[:])"], "(n),()->(n)", target=target)
    def add_scalar(v, c, out):
        for i in range(v.shape[0]):
            out[i] = v[i] + c

    np.testing.assert_array_equal(add_scalar(x, 10.0), x + 10)
    res = np.zeros_like(x)
    add_scalar(x, 1.0, res)  # the output given
    np.testing.assert_array_equal(res, x + 1)
    with pytest.raises(ValueError, match="core dimension 'n' is 3 and 2"):
        dot(x, np.ones(2))
    with pytest.raises(TypeError, match="the layout '\\(n\\)->\\(\\)' has 2 arguments, the "
                                        "function 3"):
        guvectorize(["void(float64[:], float64[:], float64[:])"], "(n)->()",
                    target=target)(dot._device.py_func)


@pytest.mark.parametrize("target", TARGETS)
def test_guvectorize_takes_the_argument_types_alone(target):
    # numba's normalize_signature reads 'float32[:], float32, float32[:]' as
    # the tuple of the argument types (mcvine's acc writes its gufuncs so).
    @guvectorize(["float32[:], float32, float32[:]"], "(n),()->(n)", target=target)
    def scale(x, s, out):
        for i in range(x.shape[0]):
            out[i] = x[i] * s

    x = np.arange(4, dtype=np.float32)
    r = scale(x, np.float32(2))
    assert np.asarray(r).dtype == np.float32
    np.testing.assert_array_equal(np.asarray(r), 2 * x)


@pytest.mark.parametrize("target", TARGETS)
def test_guvectorize_takes_array_types_as_type_objects_print_them(target):
    # numba's test_gufunc writes signatures with type objects, void(float32[:],
    # ...) and (float32[:], ...), whose str is 'array(float32, 1d, A)'; so do
    # pyjit's type objects, and a signature spelled out so.
    from pyjit import float32, int64, void

    def scale(x, s, out):
        for i in range(x.shape[0]):
            out[i] = x[i] * s

    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    for sig in (void(float32[:], int64, float32[:]), (float32[:], int64, float32[:]),
                "void(readonly array(float32, 1d, C), int64, array(float32, 1d, A))"):
        r = np.asarray(guvectorize([sig], "(n),()->(n)", target=target)(scale)(x, 3))
        assert r.dtype == np.float32, sig
        np.testing.assert_array_equal(r, 3 * x)


@pytest.mark.parametrize("target", TARGETS)
def test_gufunc_converts_wider_inputs_to_its_signature_as_numba(target):
    # The GTC 2017 numba tutorial: a float32 gufunc called with float64
    # coordinates. numba-cuda takes the first signature whose dtypes cast
    # to the arguments' and converts them (the result is float32).
    @guvectorize(["(float32[:], float32[:])"], "(i)->()", target=target)
    def l2_norm(vec, out):
        acc = 0.0
        for value in vec:
            acc += value ** 2
        out[0] = acc ** 0.5

    coords = np.array([[0.6, 0.8], [3.0, 4.0]])
    # (acc = 0.0 sums in float64: the float64 warning of a float32 kernel
    # reaches the function, at its line)
    with pytest.warns(pyjit.PerformanceWarning, match="float64 arithmetic in device "
                                                      "function 'l2_norm'"):
        r = l2_norm(coords)
    assert r.dtype == np.float32
    np.testing.assert_allclose(r, np.hypot(coords[:, 0], coords[:, 1]), rtol=1e-6)
    with pytest.raises(TypeError, match="no signature takes arguments of types \\(int64"):
        l2_norm(np.ones((2, 2), np.int64))   # neither casts safely to the other
    # Device memory is not narrowed: a float64 device array would round, and
    # an int64 one wrap (numba-cuda's test_gufunc_scalar expects TypeError).
    with pytest.raises(TypeError, match="input 0 is a device array of float64, which the "
                                        "signature's float32 cannot hold"):
        l2_norm(cuda.to_device(coords))


@pytest.mark.parametrize("target", TARGETS)
def test_gufunc_pins_a_one_element_input_as_numba(target):
    # numba-cuda issue 2579's legacy call: a (1,) array for a `()` core. numba's
    # GUFuncEngine pins it, so the loop is the first input's (here none) and
    # the result has x's shape, not NumPy's broadcast (1, 4).
    @guvectorize(["void(float64[:], float64, float64[:])"], "(n),()->(n)", target=target)
    def add_scalar(v, c, out):
        for i in range(v.shape[0]):
            out[i] = v[i] + c

    x, y = np.arange(4.0), np.array([10.0])
    res = np.zeros(4)
    add_scalar(x, y, res)
    np.testing.assert_array_equal(res, x + 10)
    assert add_scalar(x, y).shape == (4,)
    assert add_scalar(x[None], y).shape == (1, 4)   # the first input's loop: (1,)


@pytest.mark.parametrize("target", TARGETS)
def test_reduce_of_a_non_commutative_ufunc_keeps_its_kinds_order(target):
    # pyjit folded a[1:] with a[0] as the initial value on the right, so
    # subtract.reduce([1, 2]) was 2 - 1.
    @vectorize(["float64(float64, float64)"], target=target)
    def sub(x, y):
        return x - y

    for n in (2, 3, 4, 5, 8, 13, 100):
        a = np.arange(1.0, n + 1)
        if target == "cuda":
            # numba-cuda's order, by hand: [1, 2] -> -1; [1, 2, 3] ->
            # (1 - 2) - 3 = -4; an even length folds halves elementwise, so
            # [1..4] -> [1 - 3, 2 - 4] -> -2 - -2 = 0 and [1..8] -> 0; [1..5]
            # -> 0 - 5; [1..13] -> [1..12] - 13, [1..12] -> [-6] * 6 -> 0
            # ([-6, -6, -6] - [-6, -6, -6]); [1..100] -> [-50] * 50 -> 0 ...
            expected = {2: -1, 3: -4, 4: 0, 5: -5, 8: 0, 13: -13, 100: 0}[n]
        else:
            expected = np.subtract.reduce(a)  # NumPy's left fold
        assert sub.reduce(a) == expected, n
        d = cuda.to_device(a)
        assert sub.reduce(d) == expected, n
        np.testing.assert_array_equal(d.copy_to_host(), a)  # not overwritten
    # Integers reduce through the float64 loop, as a call takes them.
    got = sub.reduce(np.array([10, 2, 3]))
    assert got == 5.0 and isinstance(got, np.float64)
    # One element: numba-cuda's is the element itself, NumPy's in the loop's dtype.
    one = sub.reduce(np.array([3]))
    assert one == 3 and isinstance(one, np.int64 if target == "cuda" else np.float64)

    @vectorize(["float64(int64, int64)"], target=target)
    def div(x, y):
        return x / y

    if target == "cuda":  # its fold writes results into its input
        with pytest.raises(TypeError, match="reduces with a loop whose arguments and result "
                                            "have one dtype"):
            div.reduce(np.array([8, 2, 2]))
    else:
        assert div.reduce(np.array([8, 2, 2])) == 2.0  # (8 / 2) / 2, as NumPy's


@pytest.mark.parametrize("target", TARGETS)
def test_review_mends_reduce_out_lists_and_core_only_gufuncs(target):
    @vectorize(["float64(float64, float64)"], target=target)
    def mul(x, y):
        return x * y

    @vectorize(["float64(float64, float64)"], target=target)
    def biggest(x, y):
        return max(x, y)

    # reduce starts from the first element, as NumPy's (no identity).
    assert mul.reduce(np.array([2.0, 3.0, 4.0])) == 24.0
    assert biggest.reduce(np.array([-2.0, -3.0, -4.0])) == -2.0
    assert mul.reduce([5.0]) == 5.0
    # Keywords a ufunc does not take: numba-cuda's CUDA ufuncs warn and
    # ignore them; a CPU one refuses them.
    if target == "cuda":
        with pytest.warns(UserWarning, match="unrecognized keywords: casting"):
            np.testing.assert_array_equal(mul([2.0], [3.0], casting="unsafe"), [6.0])
    else:
        with pytest.raises(TypeError, match="unexpected keyword arguments: casting"):
            mul([2.0], [3.0], casting="unsafe")
    # An empty array: numba-cuda's TypeError for a CUDA ufunc, NumPy's
    # ValueError for a CPU one.
    with pytest.raises(TypeError if target == "cuda" else ValueError,
                       match="Reduction on an empty array" if target == "cuda"
                       else "zero-size array"):
        mul.reduce(np.zeros(0))
    np.testing.assert_array_equal(mul([1.0, 2.0], [3.0, 4.0]), [3.0, 8.0])  # lists
    host = np.zeros(3)
    d = cuda.to_device(np.arange(3.0))
    assert mul(d, d, out=host) is host  # a host out with device inputs: written
    np.testing.assert_array_equal(host, [0.0, 1.0, 4.0])

    @guvectorize(["void(float64[:], float64[:], float64[:])"], "(n),(n)->()", target=target)
    def dot(x, y, out):
        s = 0.0
        for i in range(x.shape[0]):
            s += x[i] * y[i]
        out[0] = s

    one = dot(np.arange(3.0), np.arange(3.0))  # no loop dimension
    assert one == 5.0 and np.ndim(one) == 0
    assert isinstance(one, np.ndarray) == (target == "cuda")  # numba-cuda's: a 0-d array
    on_device = dot(cuda.to_device(np.arange(3.0)), cuda.to_device(np.arange(3.0)))
    assert isinstance(on_device, cuda.DeviceArray) and on_device.shape == ()  # kept there
    assert on_device.copy_to_host() == 5.0
    a = np.arange(6.0).reshape(2, 3)
    o = np.zeros(2)
    dot(cuda.to_device(a), cuda.to_device(a), o)
    np.testing.assert_array_equal(o, (a * a).sum(axis=1))

    @guvectorize(["void(float64[:, :], float64[:], float64[:])"], "(m,n),(n)->(m)",
                 target=target)
    def matvec(m, v, out):
        for i in range(m.shape[0]):
            s = 0.0
            for j in range(m.shape[1]):
                s += m[i, j] * v[j]
            out[i] = s

    np.testing.assert_array_equal(matvec(a, np.array([1.0, 2.0, 3.0])), a @ [1.0, 2.0, 3.0])
    # Two ufuncs of one name, and a lambda, each keep their own kernel.
    f1 = vectorize(["float64(float64)"], target=target)(lambda x: x + 1)
    f2 = vectorize(["float64(float64, float64)"], target=target)(lambda x, y: x * y)
    np.testing.assert_array_equal(f1(np.ones(2)), [2.0, 2.0])
    np.testing.assert_array_equal(f2(np.ones(2), 3.0), [3.0, 3.0])


def test_gufunc_signatures_as_tuples_of_types():
    # numba's form: [(float32[:], float32[:])] for 'void(float32[:], float32[:])'.
    from pyjit import float32

    @guvectorize([(float32[:], float32[:])], "(x)->(x)", target="cpu")
    def twice(x, y):
        for i in range(x.shape[0]):
            y[i] = 2 * x[i]

    np.testing.assert_array_equal(twice(np.arange(3, dtype=np.float32)), [0, 2, 4])


@pytest.mark.parametrize("target", TARGETS)
def test_vectorize_of_argument_types_infers_the_result(target):
    # numba's [(float32, int32)] form: the result is what the function
    # returns for those types (float32 * int32 is float64, as NumPy's).
    from pyjit import float32, int32
    from pyjit.types import from_dtype

    @vectorize([(float32, int32), "(float64, float64)", "float32, float32"], target=target)
    def mix(a, b):
        return a * b

    assert mix.types == ["fi->d", "dd->d", "ff->f"]  # ('float32, float32': a tuple to numba)
    got = mix(np.full(3, 1.5, np.float32), np.arange(3, dtype=np.int32))
    assert got.dtype == np.float64
    np.testing.assert_array_equal(got, [0.0, 1.5, 3.0])

    # numba-cuda's test_datetime.test_ufunc, as numba writes it.
    datetime_t = from_dtype(np.dtype("datetime64[D]"))

    @vectorize([(datetime_t, datetime_t)], target=target)
    def timediff(start, end):
        return end - start

    arr1 = np.arange("2005-02", "2006-02", dtype="datetime64[D]")
    arr2 = arr1 + np.arange(arr1.size) * 7
    np.testing.assert_array_equal(timediff(arr1, arr2), arr2 - arr1)


def test_vectorize_results_that_are_not_one_number_are_refused():
    from pyjit import float32

    def pair(a):
        return a, a

    with pytest.raises(TypeError, match=r"vectorize 'pair' returns Tuple\(float32, float32\) "
                                        r"for arguments \(float32\): it must return "
                                        r"one number"):
        vectorize([(float32,)])(pair)
    with pytest.raises(TypeError, match="returns nothing; a ufunc returns a value"):
        vectorize(["void(float32)"])(lambda a: a)


def test_ufunc_options_are_checked_and_fastmath_reaches_the_kernel():
    def add(a, b):
        return a + b

    with pytest.raises(TypeError, match="vectorize: unknown option 'nonexistent'"):
        vectorize(["float32(float32, float32)"], target="cpu", nonexistent=2)
    with pytest.raises(KeyError, match="^vectorize: unknown option 'nonexistent'"):  # numba's
        vectorize(["float32(float32, float32)"], target="cpu", nonexistent=2)
    # numba's RuntimeWarning for nopython given to the cuda target (none for cpu).
    with pytest.warns(RuntimeWarning, match="nopython kwarg for cuda target is redundant"):
        vectorize(["float32(float32, float32)"], target="cuda", nopython=True)
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        vectorize(["float32(float32, float32)"], target="cpu", nopython=True)
    with pytest.raises(TypeError, match="guvectorize: unknown option 'what1'"):
        guvectorize(["void(float32[:], float32[:])"], "(x)->(x)", target="cpu", what1=True)
    with pytest.raises(TypeError, match="nopython=False is not supported"):
        guvectorize(["void(float32[:], float32[:])"], "(x)->(x)", target="cpu", nopython=False)
    with pytest.raises(ValueError, match="unknown flag 'fast'"):
        vectorize(["float32(float32, float32)"], target="cpu", fastmath={"fast"})
    with pytest.raises(ValueError, match="invalid identity value 'bogus'"):  # numba's
        vectorize(["float32(float32, float32)"], target="cpu", identity="bogus")
    with pytest.raises(ValueError, match="invalid identity value 2"):
        guvectorize(["void(float32[:], float32[:])"], "(x)->(x)", target="cpu", identity=2)
    for identity in (0, 1, None, "reorderable"):
        vectorize(["float32(float32, float32)"], target="cpu", identity=identity)
    f = vectorize(["float32(float32, float32)"], target="cpu", fastmath=True)(add)
    r = f(np.ones(3, np.float32), np.ones(3, np.float32))
    assert (r == 2).all()
    assert f._kernel_for((False, False)).options["fastmath"] is True


def test_gufunc_out_given_twice_and_numpy_scalars_coerce():
    @guvectorize(["void(int32, int32[:], int32[:])"], "(),(t)->(t)", target="cpu")
    def scale(a, b, out):
        for i in range(b.size):
            out[i] = a * b[i]

    b = np.arange(10, dtype=np.int32)
    np.testing.assert_array_equal(scale(np.int64(2), b), 2 * b)   # numba coerces the scalar
    res = np.zeros(10, np.int32)
    with pytest.raises(ValueError, match="cannot specify argument 'out' as both positional "
                                         "and keyword"):
        scale(2, b, res, out=res)


_COMPLEX_SCALAR_UFUNCS = ["sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh",
                          "tanh", "arcsinh", "arccosh", "arctanh", "log", "log10", "exp", "sqrt"]


@pytest.mark.parametrize("dtype, rtol", [(np.complex128, 1e-14), (np.complex64, 1e-5)])
def test_numpy_math_ufuncs_of_a_complex_number_into_an_output(jit, tmp_path, dtype, rtol):
    # np.sin(z, out) with z a complex number (not an array): compiled as
    # cmath's function stored into out (it crashed the compiler).
    from kernel_files import load_module
    body = "".join("    np.%s(z, out[%d:%d])\n" % (f, i, i + 1)
                   for i, f in enumerate(_COMPLEX_SCALAR_UFUNCS))
    m = load_module(tmp_path, "cxs", "import numpy as np\n\n\ndef k(z, out):\n" + body)
    z = dtype(-0.5 - 0.5j)
    out = np.zeros(len(_COMPLEX_SCALAR_UFUNCS), dtype=dtype)
    jit(m.k)[1, 1](z, out)
    expected = [getattr(np, f)(z) for f in _COMPLEX_SCALAR_UFUNCS]
    np.testing.assert_allclose(out, np.array(expected, dtype=dtype), rtol=rtol)


def test_numpy_negative_and_square_of_complex_numbers(jit):
    # NumPy's (and numba's) complex loops: -z and z * z, on numbers and arrays.
    @jit
    def k(out, z, zs):
        out[0] = np.negative(z[0])
        out[1] = np.square(z[0])
        out[2] = np.negative(zs)
        np.negative(z, out[3:4])
        np.square(z, out[4:5])

    out = np.zeros(5, np.complex128)
    z = np.array([1.5 - 2j])
    zs = np.complex64(0.5 + 0.25j)
    k[1, 1](out, z, zs)
    assert out.tolist() == [-z[0], z[0] * z[0], complex(-zs), -z[0], z[0] * z[0]]


def test_log2_of_complex_numbers(jit):
    # numba-cuda's ufunc tests: np.log2 takes complex numbers (NumPy's log(z)/ln 2);
    # cmath itself has no log2
    @jit
    def kernel(a, out, s):
        np.log2(a, out)
        s[0] = np.log2(a[1])

    a = np.array([1 + 1j, -2 + 0.5j, 3j, 0.25], np.complex128)
    out = np.zeros_like(a)
    s = np.zeros(1, np.complex128)
    kernel[1, 1](a, out, s)
    np.testing.assert_allclose(out, np.log2(a), rtol=1e-14)
    np.testing.assert_allclose(s[0], np.log2(a[1]), rtol=1e-14)


def test_a_failed_check_in_a_gufunc_names_the_users_line_only():
    # The generated kernel that calls the function is pyjit's: the message
    # names the user's line, not "called from <pyjit gufunc_g #1>".
    import sys
    line = sys._getframe().f_lineno + 4  # of `out[0] = x[10]`

    @guvectorize(["void(float64[:], float64[:])"], "(n)->()", target="cpu")
    def g(x, out):
        out[0] = x[10]

    with pytest.raises(IndexError) as err:
        g(np.ones((2, 3)))
    text = str(err.value)
    assert "index 10 is out of bounds for axis 0 with size 3" in text
    assert "test_ufunc.py:%d:" % line in text
    assert "<pyjit" not in text and "called from" not in text


@pytest.mark.parametrize("layout", ["(n)->(m", "(n)->", "(n)(m)->(n)", "(n),()->(n)x",
                                    "(n)->(n),", "->(n)", "(n,)->(n)", "(1)->(n)"])
def test_a_malformed_gufunc_layout_is_a_value_error_naming_its_side(layout):
    # numba's ValueError for a layout it cannot read; pyjit counted its
    # parentheses as arguments and reported a mismatch.
    side = "outputs" if layout.split("->")[0] in ("(n)", "(n),()") else "inputs"
    with pytest.raises(ValueError, match=r"the layout %s has malformed %s"
                                         % (re.escape(repr(layout)), side)):
        guvectorize(["void(float64[:], float64[:])"], layout)(lambda a, out: None)


@pytest.mark.parametrize("target", TARGETS)
def test_signatures_take_numbas_type_names(target):
    # numba's byte is uint8 (NumPy's np.byte is int8): 200 stayed -56.
    @vectorize(["byte(int64)"], target=target)
    def to_byte(x):
        return x

    r = np.asarray(to_byte(np.array([200, 255])))
    assert r.dtype == np.uint8 and r.tolist() == [200, 255]

    @guvectorize(["void(int64[:], byte[:])"], "(n)->(n)", target=target)
    def copy(a, out):
        for i in range(a.shape[0]):
            out[i] = a[i]

    assert np.asarray(copy(np.array([200, 7]))).tolist() == [200, 7]
    # Names NumPy does not know: size_t is uint64, uchar uint8, long_ int64.
    @vectorize(["size_t(uchar, long_)"], target=target)
    def add(x, y):
        return x + y

    assert add.types == ["Bl->L"]


@pytest.mark.parametrize("target", TARGETS)
def test_gufunc_outputs_of_another_dtype_are_refused_as_numba_refuses_them(target):
    @guvectorize(["void(float64[:], float64[:])"], "(n)->(n)", target=target)
    def half(a, out):
        for i in range(a.shape[0]):
            out[i] = a[i] / 2

    # A float result into an int64 host array: NumPy's 'same_kind' refuses
    # it (it was truncated to [0, 0, 1, 1]).
    o = np.zeros(4, np.int64)
    with pytest.raises(TypeError, match="cannot cast its result from float64 to output 0's "
                                        "int64 with casting rule 'same_kind'"):
        half(np.arange(4.0), o)
    assert o.tolist() == [0, 0, 0, 0]
    # A device output is written as it is: its dtype must be the signature's.
    with pytest.raises(TypeError, match="output 0 is a device array of float32, the "
                                        "signature's result is float64"):
        half(np.arange(4.0), cuda.device_array(4, np.float32))
    # 'same_kind' lets float64 results into a float32 host array.
    o32 = np.zeros(4, np.float32)
    half(np.arange(4.0), o32)
    assert o32.tolist() == [0.0, 0.5, 1.0, 1.5]


@pytest.mark.parametrize("target", TARGETS)
def test_gufunc_function_that_returns_a_value_is_a_compile_error(target):
    import pyjit

    @guvectorize(["void(float64[:], float64[:])"], "(n)->()", target=target)
    def first7(a, out):
        return a[0] * 7

    # numba compiles it as void(...): "No conversion from float64 to none".
    # pyjit ran it and returned the outputs unwritten (garbage).
    with pytest.raises(pyjit.CompileError) as info:
        first7(np.array([[3.0, 4.0], [5.0, 6.0]]))
    text = str(info.value)
    assert text.startswith("gufunc 'first7' (layout (n)->()): error: device function 'first7' "
                           "returns float64, but a gufunc's function writes its outputs and "
                           "returns nothing"), text
    assert re.search(r"test_ufunc\.py:\d+:5: note: 'first7' is defined here; its returns "
                     r"give float64\n    def first7\(a, out\):", text), text
    # Nothing points into the kernel pyjit generated (the user never saw
    # it): the error there is named by the gufunc and its layout.
    assert "<pyjit" not in text and "a0" not in text, text


@pytest.mark.parametrize("target", TARGETS)
def test_ufunc_functions_are_typed_at_decoration_with_errors_at_their_code(target):
    import pyjit

    # A complex result for a float64 signature: at decoration, naming the
    # types (it failed at the first call, inside the generated kernel).
    with pytest.raises(TypeError, match=r"vectorize 'c2f' returns complex128 for arguments "
                                        r"\(float64\), which does not convert to float64"):
        @vectorize(["float64(float64)"], target=target)
        def c2f(x):
            return x * 1j
    # A function that does not type: the error is at its own line.
    with pytest.raises(pyjit.CompileError, match=r"test_ufunc\.py:\d+:\d+: error: "):
        @vectorize(["float64(float64)"], target=target)
        def bad(x):
            return x.nope


def test_reduce_function_errors_name_the_function_not_the_reduction_kernel():
    import pyjit

    pair = cuda.reduce(lambda a, b: (a, b))
    with pytest.raises(TypeError, match=r"cuda.reduce's function '<lambda>' returns "
                                        r"Tuple\(float64, float64\) for arguments "
                                        r"\(float64, float64\): it must return one number"):
        pair(np.ones(10))
    # (It gave seven errors, all in pyjit's _reduce.py.)
    bad = cuda.reduce(lambda a, b: a.nope)
    with pytest.raises(pyjit.CompileError) as info:
        bad(np.ones(10))
    assert "_reduce.py" not in str(info.value) and "test_ufunc.py" in str(info.value)
    assert cuda.reduce(lambda a, b: a + b)(np.arange(10.0)) == 45.0


@pytest.mark.parametrize("target", TARGETS)
def test_vectorize_writes_a_strided_or_fortran_device_out(target):
    @vectorize(["float64(float64, float64)"], target=target)
    def add(a, b):
        return a + b

    x = np.arange(6.0).reshape(2, 3)
    f = cuda.device_array((2, 3), order="F")
    assert add(x, 1.0, out=f) is f
    assert f.copy_to_host().tolist() == (x + 1).tolist()
    big = cuda.to_device(np.zeros((4, 6)))
    add(x, 1.0, out=big[::2, ::2])
    want = np.zeros((4, 6))
    want[::2, ::2] = x + 1
    assert big.copy_to_host().tolist() == want.tolist()
    # Another dtype of the result's kind: stored into it, as NumPy's 'same_kind'
    # and numba-cuda's lazily typed kernel do (contiguous, and strided).
    f32 = cuda.device_array((2, 3), np.float32)
    assert add(x, 0.5, out=f32) is f32 and f32.copy_to_host().tolist() == (x + 0.5).tolist()
    f32t = cuda.device_array((3, 2), np.float32).T
    add(x, 0.5, out=f32t)
    assert f32t.copy_to_host().tolist() == (x + 0.5).tolist()
    with pytest.raises(TypeError, match="cannot cast its result from float64 to out's int32 "
                                        "with casting rule 'same_kind'"):
        add(x, 1.0, out=cuda.device_array((2, 3), np.int32))


@pytest.mark.parametrize("target", TARGETS)
def test_repeated_device_calls_take_their_plan_and_stay_right(target):
    # A call like an earlier one (device arrays of the same dtypes, shapes
    # and strides, numbers of the same types) skips the checks; each must
    # still compute its own values, and any change of key takes every step.
    @vectorize(["float32(float32, float32, float32)", "float64(float64, float64, float64)"],
               target=target)
    def axpy(a, x, y):
        return a * x + y

    x = np.arange(12, dtype=np.float32)
    y = np.full(12, 0.5, np.float32)
    dx, dy = cuda.to_device(x), cuda.to_device(y)
    out = cuda.device_array(12, np.float32)
    for a in (np.float32(2), np.float32(-3), 1.5, 0.25):  # the second of each type: planned
        r = axpy(a, dx, dy, out=out)
        assert r is out
        np.testing.assert_array_equal(out.copy_to_host(), np.float32(a) * x + y)
        fresh = axpy(a, dx, dy)  # no out: a new device array each call
        assert fresh is not out and fresh.dtype == np.float32
        np.testing.assert_array_equal(fresh.copy_to_host(), np.float32(a) * x + y)
    # Another shape of the same arrays (numpy's in-place reshape): its own plan.
    dx.shape, dy.shape = (3, 4), (3, 4)
    for a in (2.0, 3.0):
        r = axpy(a, dx, dy)
        assert r.shape == (3, 4)
        np.testing.assert_array_equal(r.copy_to_host(), (a * x + y).reshape(3, 4))
    # A strided out after a C-order one: written through, not replaced.
    wide = cuda.to_device(np.zeros((3, 8), np.float32))
    for a in (1.0, 2.0):
        r = axpy(a, dx, dy, out=wide[:, ::2])
        np.testing.assert_array_equal(wide.copy_to_host()[:, ::2], (a * x + y).reshape(3, 4))
    # float64 device arrays: the other loop, the result float64.
    d64 = cuda.to_device(x.astype(np.float64).reshape(3, 4))
    for a in (1.0, 4.0):
        r = axpy(a, d64, d64)
        assert r.dtype == np.float64
        np.testing.assert_array_equal(r.copy_to_host(), (a * x + x).reshape(3, 4))
    # Numbers alone, twice: a host result each time (a device one only with a device out).
    for _ in range(2):
        alone = axpy(2.0, 3.0, 1.0)
        assert not isinstance(alone, type(dx)) and np.ravel(alone)[0] == 7.0
    into = cuda.device_array(5, np.float64)
    for a in (2.0, 5.0):
        assert axpy(a, 3.0, 1.0, out=into) is into
        np.testing.assert_array_equal(into.copy_to_host(), np.full(5, a * 3 + 1))

    # Integers: which loop takes one depends on which dtypes hold its value.
    @vectorize(["int8(int8, int8)", "int32(int32, int32)", "float64(float64, float64)"],
               target=target)
    def add(a, b):
        return a + b

    small = cuda.to_device(np.arange(4, dtype=np.int8))
    for k in (3, 5, np.int8(7), np.int64(9), -128, -1):  # the int8 loop, k converted
        r = add(small, k)
        assert r.dtype == np.int8
        np.testing.assert_array_equal(r.copy_to_host(), np.arange(4) + int(k))
    wide = cuda.to_device(np.arange(4, dtype=np.int32))
    for k in (3, 2 ** 20, 2 ** 40, -(2 ** 40), 7):  # 2**40 fits no int32: float64's loop
        r = add(wide, k)
        assert r.dtype == (np.float64 if abs(k) >= 2 ** 31 else np.int32), k
        np.testing.assert_array_equal(r.copy_to_host(), np.arange(4) + k)
    r = add(small, -129)  # (as many bits as -128, but no int8): the int32 loop's
    assert r.dtype == np.int32 and r.copy_to_host()[0] == -129
    for k in (2 ** 70, 2 ** 70 + 1):  # no int loop holds it: float64's, each time
        r = add(small, k)
        assert r.dtype == np.float64
        np.testing.assert_array_equal(r.copy_to_host(), np.arange(4) + float(k))


@pytest.mark.parametrize("target", TARGETS)
def test_calls_on_a_stream_take_that_streams_plan(target):
    # A pyjit stream is part of a plan's key (by identity): calls on two
    # streams keep two plans, each launching on its own stream; a foreign
    # stream or a handle is never planned.
    @vectorize(["float32(float32, float32)"], target=target)
    def add(a, b):
        return a + b

    @guvectorize(["void(float32[:], float32[:])"], "(n)->(n)", target=target)
    def twice(x, out):
        for i in range(x.shape[0]):
            out[i] = 2 * x[i]

    x = np.arange(6, dtype=np.float32)
    d = cuda.to_device(x)
    rows = cuda.to_device(x.reshape(2, 3))
    first, second = cuda.stream(), cuda.stream()
    for k in range(3):
        for stream in (first, second):
            r = add(d, np.float32(k), stream=stream)
            t = twice(rows, stream=stream)
            stream.synchronize()
            np.testing.assert_array_equal(r.copy_to_host(), x + k)
            np.testing.assert_array_equal(t.copy_to_host(), 2 * x.reshape(2, 3))
    def stream_of(key):
        return key[-1][1] if type(key[-1]) is tuple and key[-1][:1] == ("stream",) else None

    for f in (add, twice):
        planned = {stream_of(key): plan[-1] for key, plan in f._plans.items()}
        assert set(planned) == {first, second}
        assert all(launcher.stream is stream for stream, launcher in planned.items())
    add._plans.clear()
    for _ in range(2):  # a stream's handle (an int; 0 on the CPU backend): no stream plan
        r = add(d, np.float32(1), stream=int(first))
        first.synchronize()
    np.testing.assert_array_equal(r.copy_to_host(), x + 1)
    assert all(stream_of(key) is None for key in add._plans)


def test_a_signature_added_later_takes_over_a_converting_call():
    # A dynamic ufunc: int16 device arrays first take the float64 loop,
    # converted safely; once add() gives an int16 one, the same call takes
    # it (a converting call is never planned; a plan is also dropped at
    # each add).
    @vectorize(target="cpu")
    def twice(x):
        return x * 2

    twice.add("float64(float64)")
    d = cuda.to_device(np.arange(4, dtype=np.int16))
    for _ in range(2):
        r = twice(d)
        assert r.dtype == np.float64
    twice.add("int16(int16)")
    r = twice(d)
    assert r.dtype == np.int16
    np.testing.assert_array_equal(r.copy_to_host(), np.arange(4, dtype=np.int16) * 2)


@pytest.mark.parametrize("target", TARGETS)
def test_repeated_device_gufunc_calls_take_their_plan_and_stay_right(target):
    # As for ufuncs: device arrays of one key skip the checks; each call's
    # values, outputs (given positionally, by keyword, in a tuple, or new)
    # and shapes must still be its own.
    @guvectorize(["void(float32[:], float32[:], float32[:], float32[:])"],
                 "(n),(n)->(n),(n)", target=target)
    def sum_diff(x, y, s, d):
        for i in range(x.shape[0]):
            s[i] = x[i] + y[i]
            d[i] = x[i] - y[i]

    rows = np.arange(12, dtype=np.float32).reshape(3, 4)
    for scale in (1, 2, 3):
        x, y = cuda.to_device(rows * scale), cuda.to_device(rows.T.copy().reshape(3, 4))
        ys = rows.T.copy().reshape(3, 4)
        s, d = sum_diff(x, y)  # new outputs each call
        np.testing.assert_array_equal(s.copy_to_host(), rows * scale + ys)
        np.testing.assert_array_equal(d.copy_to_host(), rows * scale - ys)
        so, do = cuda.device_array((3, 4), np.float32), cuda.device_array((3, 4), np.float32)
        assert sum_diff(x, y, so, do) == (so, do)
        np.testing.assert_array_equal(do.copy_to_host(), rows * scale - ys)
        so2, do2 = cuda.device_array((3, 4), np.float32), cuda.device_array((3, 4), np.float32)
        r = sum_diff(x, y, out=(so2, do2))
        assert r[0] is so2 and r[1] is do2
        np.testing.assert_array_equal(so2.copy_to_host(), rows * scale + ys)
    # Rows of another length: another key, its own plan.
    for scale in (1, 2):
        x = cuda.to_device(np.arange(6, dtype=np.float32).reshape(2, 3) * scale)
        s, d = sum_diff(x, x)
        assert s.shape == (2, 3)
        np.testing.assert_array_equal(s.copy_to_host(), 2 * scale * np.arange(6.0).reshape(2, 3))

    @guvectorize(["void(float64[:], float64[:])"], "(n)->(n)", target=target)
    def cumsum(x, out):
        acc = 0.0
        for i in range(x.shape[0]):
            acc += x[i]
            out[i] = acc

    data = np.arange(8.0).reshape(2, 4)
    for k in range(3):
        o = cuda.device_array((2, 4))
        assert cumsum(cuda.to_device(data + k), out=o) is o
        np.testing.assert_array_equal(o.copy_to_host(), np.cumsum(data + k, axis=1))
        fresh = cumsum(cuda.to_device(data - k))
        np.testing.assert_array_equal(fresh.copy_to_host(), np.cumsum(data - k, axis=1))


def test_planned_calls_fail_and_convert_as_first_calls_do():
    # Cases where a plan's key once said too little (a helper's fuzzer of
    # planned against unplanned calls found each).
    @vectorize(["float64(float64)"], target="cpu")
    def inc(x):
        return x + 1

    a, o = cuda.to_device(np.arange(3.0)), cuda.to_device(np.zeros(3))
    inc(a, out=o)
    with pytest.raises(TypeError, match="takes 1 arguments, got 2"):  # not out=o again
        inc(a, o)

    @vectorize(["timedelta64[s](timedelta64[s], timedelta64[s])"], target="cpu")
    def later(x, y):
        return x + y

    t = cuda.to_device(np.array([1, 2, 3], "m8[s]"))
    for _ in range(2):  # a number into a timedelta64[s]: in seconds, each time
        np.testing.assert_array_equal(later(t, 5).copy_to_host(),
                                      np.array([6, 7, 8], "m8[s]"))

    @vectorize(target="cpu")
    def second(x, y):
        return y

    second.add("float32(float32, int8)")
    second.add("float64(float32, float64)")
    d = cuda.to_device(np.ones(3, np.float32))
    assert second(d, 5).dtype == np.float64  # dynamic: by dtype (a Python int is int64)
    second.disable_compile()
    assert second(d, 5).dtype == np.float32  # frozen: numba's order, the int8 loop takes 5

    @vectorize(target="cpu")
    def pick(x, y):
        return y

    pick.add("float64(float64, float64)")
    d64 = cuda.to_device(np.ones(3))
    assert pick(d64, -2 ** 63).copy_to_host()[0] == -2.0 ** 63
    with pytest.raises(OverflowError):  # (beyond int64: no dtype; one bit more)
        pick(d64, -2 ** 63 - 1)


def test_a_signature_added_during_a_call_leaves_no_stale_plan():
    # Another thread adds an exact signature while a call is between its
    # choice and storing its plan: the next call takes the new signature.
    import threading

    @vectorize(target="cpu")
    def f(x, y):
        return x + y

    f.add("float64(float64, float64)")
    d = cuda.to_device(np.ones(3))
    chose, added = threading.Event(), threading.Event()
    kernel_for = f._kernel_for

    def between(numbers):  # (runs after the choice, before the plan is stored)
        if not chose.is_set():
            chose.set()
            added.wait(5)
        return kernel_for(numbers)

    f._kernel_for = between

    def add():
        chose.wait(5)
        f.add("float32(float64, int64)")  # exact for (float64 array, Python int)
        added.set()

    thread = threading.Thread(target=add)
    thread.start()
    assert f(d, 2).dtype == np.float64  # chosen before the add
    thread.join()
    assert f(d, 2).dtype == np.float32


@pytest.fixture
def staged_everywhere(monkeypatch):
    # Row staging (pyjit/_staging.py) runs on CUDA targets; the CPU backend
    # runs the same staged kernels when asked, so these tests check them here.
    from pyjit import _ufunc
    monkeypatch.setattr(_ufunc, "_STAGED_TARGETS", ("cuda", "cpu"))


def _staged_args(gufunc):
    """The staged arguments of each staged kernel the gufunc made."""
    return sorted(key[0] for key, kernel in gufunc._staged.items() if kernel is not False)


@pytest.mark.parametrize("target", TARGETS)
def test_gufunc_rows_staged_through_shared_memory_give_numpys_results(target,
                                                                      staged_everywhere):
    @guvectorize(["void(float32[:], float32[:], float32[:])"], "(n),(n)->(n)", target=target)
    def row_add(a, b, out):
        for j in range(a.shape[0]):
            out[j] = a[j] + b[j]

    rng = np.random.default_rng(5)
    # Row lengths odd and even (rows of 128 bytes or more are staged), loop
    # counts not a multiple of a block's rows.
    for rows, m in ((1000, 37), (130, 100), (65, 32), (3, 33)):
        a = rng.random((rows, m), dtype=np.float32)
        b = rng.random((rows, m), dtype=np.float32)
        da, db = cuda.to_device(a), cuda.to_device(b)
        for _ in range(2):  # the second call takes its plan
            np.testing.assert_array_equal(row_add(da, db).copy_to_host(), a + b)
    assert _staged_args(row_add) == [(0, 1, 2)]

    # Mixed dtypes, a scalar input, a () output: the rows staged, the rest passed.
    @guvectorize(["void(int32[:], float64[:], float32, float64[:], int64[:])"],
                 "(n),(n),()->(n),()", target=target)
    def scaled(k, x, s, out, count):
        c = 0
        for j in range(k.shape[0]):
            out[j] = k[j] * x[j] + s
            if k[j] > 0:
                c += 1
        count[0] = c

    k = rng.integers(-5, 5, (200, 40), dtype=np.int32)
    x = rng.random((200, 40))
    out, count = scaled(cuda.to_device(k), cuda.to_device(x), np.float32(0.5))
    np.testing.assert_allclose(out.copy_to_host(), k * x + 0.5, rtol=1e-15)
    np.testing.assert_array_equal(count.copy_to_host(), (k > 0).sum(axis=1))
    assert _staged_args(scaled) == [(0, 1, 3)]


@pytest.mark.parametrize("target", TARGETS)
def test_staged_gufunc_reads_given_outputs_and_leaves_written_inputs_unstaged(
        target, staged_everywhere):
    # A given output is copied in first: the function may read it.
    @guvectorize(["void(float64[:], float64[:])"], "(n)->(n)", target=target)
    def accumulate(x, out):
        for j in range(x.shape[0]):
            out[j] += x[j]

    x = np.arange(2000.0).reshape(100, 20)
    acc = cuda.to_device(np.full((100, 20), 10.0))
    for _ in range(3):
        assert accumulate(cuda.to_device(x), out=acc) is acc
    np.testing.assert_array_equal(acc.copy_to_host(), 10.0 + 3 * x)

    # A function writing its input: the input is not staged (its writes
    # reach the caller's array, as the direct kernel's do); the output is.
    @guvectorize(["void(float32[:], float32[:])"], "(n)->(n)", target=target)
    def double_in_place(x, out):
        for j in range(x.shape[0]):
            x[j] = 2 * x[j]
            out[j] = x[j] + 1

    v = np.arange(4000, dtype=np.float32).reshape(100, 40)
    dv = cuda.to_device(v)
    r = double_in_place(dv)
    np.testing.assert_array_equal(dv.copy_to_host(), 2 * v)
    np.testing.assert_array_equal(r.copy_to_host(), 2 * v + 1)
    assert _staged_args(double_in_place) == [(1,)]


@pytest.mark.parametrize("target", TARGETS)
def test_gufunc_rows_not_staged_stay_right(target, staged_everywhere):
    # Rows of one element or under 128 bytes, rows too long for shared
    # memory, two core dimensions: the direct kernel, one row a thread.
    @guvectorize(["void(float32[:], float32[:])"], "(n)->(n)", target=target)
    def negate(x, out):
        for j in range(x.shape[0]):
            out[j] = -x[j]

    for shape in ((50, 1), (50, 31), (4, 20000)):
        x = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
        np.testing.assert_array_equal(negate(cuda.to_device(x)).copy_to_host(), -x)
    assert negate._staged == {}

    @guvectorize(["void(float64[:, :], float64[:, :], float64[:, :])"], "(m,n),(n,p)->(m,p)",
                 target=target)
    def matmul(a, b, out):
        for i in range(out.shape[0]):
            for j in range(out.shape[1]):
                acc = 0.0
                for k in range(a.shape[1]):
                    acc += a[i, k] * b[k, j]
                out[i, j] = acc

    a = np.arange(60.0).reshape(5, 3, 4)
    b = np.arange(40.0).reshape(5, 4, 2)
    np.testing.assert_allclose(matmul(cuda.to_device(a), cuda.to_device(b)).copy_to_host(),
                               a @ b)
    assert matmul._staged == {}


@pytest.mark.parametrize("target", TARGETS)
def test_a_gufunc_that_does_not_compile_reports_the_direct_kernels_error(
        target, staged_everywhere):
    # The staging check's compile (_staging_safety) fails: the call goes to
    # the direct kernel, whose error (the user's line) is the one raised.
    @guvectorize(["void(float32[:], float32[:])"], "(n)->(n)", target=target)
    def broken(x, out):
        for j in range(x.shape[0]):
            out[j] = x[j] + undefined_name  # noqa: F821

    d = cuda.to_device(np.ones((100, 40), np.float32))
    for _ in range(2):
        with pytest.raises(pyjit.CompileError, match="name 'undefined_name' is not defined") \
                as info:
            broken(d)
        text = str(info.value)
        assert "gufunc_staged" not in text and "<pyjit" not in text, text
        assert "\nnote: in the call of 'broken' by gufunc 'broken' (layout (n)->(n)) with " \
               "argument types (array(float32, 1d, C), array(float32, 1d, C))" in text, text
    assert broken._staged == {}


@guvectorize(["void(float32[:], float32[:])"], "(n)->(n)", target="cpu")
def _raises_on_negatives(x, out):
    for j in range(x.shape[0]):
        if x[j] < 0:
            raise ValueError("negative")
        out[j] = x[j] + 1


@guvectorize(["void(float32[:], float32[:])"], "(n)->(n)", target="cpu")
def _waits_at_a_barrier(x, out):
    cuda.syncthreads()
    for j in range(x.shape[0]):
        out[j] = x[j] + 1


@guvectorize(["void(float32[:], float32[:])"], "(n)->(n)", target="cpu")
def _reads_its_index(x, out):
    for j in range(x.shape[0]):
        out[j] = x[j] + 1
        if cuda.grid(1) < 0:
            out[j] = 0


@guvectorize(["void(float32[:], float32[:])"], "(n)->(n)", target="cpu")
def _uses_shared_memory(x, out):
    s = cuda.shared.array(2, np.float32)
    for j in range(x.shape[0]):
        out[j] = x[j] + 1
        if s.size > 2:
            out[j] = 0


@pytest.mark.parametrize("gufunc", [_raises_on_negatives, _waits_at_a_barrier,
                                    _reads_its_index, _uses_shared_memory],
                         ids=lambda g: g.__name__)
def test_a_gufunc_whose_rows_depend_on_its_thread_is_not_staged(gufunc, staged_everywhere):
    # The staged kernel runs the function on other threads than the direct
    # one and copies rows back after it (a helper's differential fuzzer): a
    # thread stopped by a raise left its share of other rows uncopied; a
    # barrier waited for threads without rows; cuda.grid(1) and shared
    # memory were the staged kernel's. Such functions run direct.
    x = np.arange(4000, dtype=np.float32).reshape(100, 40)
    np.testing.assert_array_equal(gufunc(cuda.to_device(x)).copy_to_host(), x + 1)
    assert gufunc._staged == {}


def test_a_staged_kernel_that_does_not_compile_falls_back_to_the_direct_one(
        staged_everywhere, monkeypatch):
    # A safeguard: should the generated staged kernel not compile where the
    # function itself does, the call runs the direct kernel, and those types
    # are not staged again.
    from pyjit import _staging
    real = _staging.source
    monkeypatch.setattr(_staging, "source", lambda *args: real(*args).replace(
        "    cuda.syncthreads()\n", "    cuda.syncthreads()\n    no_such_name\n", 1))

    @guvectorize(["void(float32[:], float32[:])"], "(n)->(n)", target="cpu")
    def plus_one(x, out):
        for j in range(x.shape[0]):
            out[j] = x[j] + 1

    x = np.arange(4000, dtype=np.float32).reshape(100, 40)
    for _ in range(2):
        np.testing.assert_array_equal(plus_one(cuda.to_device(x)).copy_to_host(), x + 1)
    assert list(plus_one._staged.values()) == [False]


def test_a_misspelt_type_in_a_ufunc_signature_names_the_closest_type():
    # As a kernel's signature does (test_signatures.py): the type it
    # probably meant, and none when nothing is close.
    def f(x, out):
        out[0] = x[0]

    with pytest.raises(ValueError, match=r"unknown type 'flaot32\[:\]' in signature "
                                         r"'void\(flaot32\[:\], float32\[:\]\)'; "
                                         r"did you mean 'float32'\?"):
        guvectorize(["void(flaot32[:], float32[:])"], "(n)->(n)", target="cpu")(f)
    with pytest.raises(ValueError, match=r"unknown type 'qqqq' in signature "
                                         r"'float32\(qqqq\)'$"):
        vectorize(["float32(qqqq)"], target="cpu")(lambda x: x)
