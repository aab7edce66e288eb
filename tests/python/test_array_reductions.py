"""Reductions of whole arrays in kernels, as numba.cuda has them: a.sum(),
a.max(), np.mean(a), ... (no axis: the result would be an array). Expected
values are numpy's."""
import numpy as np
import pytest

import pyjit
from pyjit import cuda


def _kernel(jit):
    @jit
    def k(a, out, at):
        out[0] = a.sum()
        out[1] = a.prod()
        out[2] = a.min()
        out[3] = a.max()
        out[4] = a.mean()
        out[5] = a.var()
        out[6] = a.std()
        out[7] = np.sum(a) + np.amax(a) - np.amin(a) - np.mean(a)
        at[0] = a.argmin()
        at[1] = np.argmax(a)
    return k


@pytest.mark.parametrize("a", [
    np.array([[3.0, -1.5, 2.0], [7.25, 0.5, -4.0]]),
    np.arange(1, 7, dtype=np.int16).reshape(3, 2),
    np.array([0.5, 2.0, 0.25], dtype=np.float32),
    np.arange(24.0).reshape(2, 3, 4)[:, ::2, 1:],       # strided, 3-d
    np.array(4.5),                                       # 0-d
], ids=["2d-float64", "int16", "float32", "strided-3d", "0d"])
def test_reductions_match_numpy(jit, a):
    out = np.zeros(8)
    at = np.zeros(2, np.int64)
    _kernel(jit)[1, 1](a, out, at)
    want = [a.sum(), a.prod(), a.min(), a.max(), a.mean(), a.var(), a.std(),
            np.sum(a) + np.amax(a) - np.amin(a) - np.mean(a)]
    np.testing.assert_allclose(out, want, rtol=1e-6)
    assert list(at) == [a.argmin(), np.argmax(a)]


def test_reductions_of_f_arrays_add_in_memory_order_as_numba(jit):
    # numba-cuda's sum/prod/mean/var/nansum loop over np.nditer(a), which
    # walks an F-layout array in memory order; argmax over a.flat, C order.
    # Memory order here is 1e20, 1, -1e20, 3: the 1 is absorbed, total 3
    # (C order, 1e20 - 1e20 + 1 + 3, would give 4).
    @jit
    def k(a, out, at):
        out[0] = a.sum()
        out[1] = a.mean()
        out[2] = np.nansum(a)
        out[3] = a.T.T.sum()
        at[0] = a.argmax()

    a = np.asfortranarray(np.array([[1e20, -1e20], [1.0, 3.0]]))
    out = np.zeros(4)
    at = np.zeros(1, np.int64)
    k[1, 1](a, out, at)
    assert list(out) == [3.0, 0.75, 3.0, 3.0]
    assert at[0] == 0  # C-order index of 1e20

    @jit
    def c_of_transpose(b, out):
        out[0] = b.T.sum()  # b.T of a C array is F: b's own memory order

    out = np.zeros(1)
    c_of_transpose[1, 1](np.array([[1e20, 1.0], [-1e20, 3.0]]), out)
    assert out[0] == 3.0

    @jit
    def prod32(a, out):
        out[0] = a.prod()  # 1e30 * 1e30 overflows float32 before the 1e-30s

    out = np.zeros(1, np.float32)
    prod32[1, 1](np.asfortranarray(np.array([[1e30, 1e-30], [1e30, 1e-30]], np.float32)), out)
    assert np.isinf(out[0])


def test_float32_means_and_variances_are_numba_cudas_float64(jit):
    # numba-cuda's array_mean adds float32 items in float32 and divides by the
    # size in float64; array_var sums (float64(v) - mean)**2 in float64;
    # np.nanmean adds in float64 (c = 0.0). Expected values follow those
    # loops with numpy scalars.
    @jit
    def k(a, out):
        out[0] = a.mean()
        out[1] = a.var()
        out[2] = a.std()
        out[3] = np.nanmean(a)
        out[4] = np.nanvar(a)

    a = np.array([1e8, 3.0, -1e8, 7.5, 0.25, 1e-3], dtype=np.float32)
    total = np.float32(0)
    for v in a:
        total = np.float32(total + v)
    def added(values):  # in order, one rounding each (Python 3.12's sum() compensates)
        acc = 0.0
        for x in values:
            acc += x
        return acc
    mean = float(total) / a.size
    var = added((float(v) - mean) ** 2 for v in a) / a.size
    exact_mean = added(float(v) for v in a) / a.size
    exact_var = added((float(v) - exact_mean) ** 2 for v in a) / a.size
    out = np.zeros(5)
    k[1, 1](a, out)
    assert out[0] == mean and out[1] == var and out[2] == var ** 0.5
    assert out[3] == exact_mean and out[4] == exact_var
    assert mean != exact_mean  # (the float32 sum absorbs the small terms)

    @jit
    def types_of(a, c, out):
        out[0] = a.mean() * 1e-320  # float64 keeps a subnormal product; float32 gives 0
        out[1] = c.var() * 1e-320

    out = np.zeros(2)
    types_of[1, 1](np.ones(4, np.float32), np.ones(4, np.complex64) * (1 + 1j), out)
    assert out[0] == 1e-320 and out[1] == 0.0


def test_result_types_follow_numpy(jit):
    @jit
    def k(b, c, z, f, out):
        out[0] = b.sum()          # bools sum as int64
        out[1] = c.max()
        out[2] = z.mean().imag
        out[3] = z.var()          # real
        out[4] = f.sum() == np.float32(0.1) * 3   # float32 accumulation
    b = np.array([True, False, True])
    c = np.array([True, False])
    z = np.array([1 + 2j, 3 - 1j, -2 + 0.5j])
    f = np.full(3, 0.1, np.float32)
    out = np.zeros(5)
    k[1, 1](b, c, z, f, out)
    s = np.float32(0)
    for x in f:
        s = np.float32(s + x)
    np.testing.assert_allclose(out[:4], [2, 1, z.mean().imag, z.var()])
    assert out[4] == (s == np.float32(0.1) * 3)


def test_nan_is_the_extreme_and_argmax_finds_the_first(jit):
    @jit
    def k(f, out, at):
        out[0] = f.max()
        out[1] = f.min()
        at[0] = f.argmax()
        at[1] = f.argmin()

    f = np.array([1.0, np.nan, 3.0, np.nan])
    out, at = np.zeros(2), np.zeros(2, np.int64)
    k[1, 1](f, out, at)
    assert np.isnan(out).all() and list(at) == [np.argmax(f), np.argmin(f)]


def test_reduction_errors(jit, tmp_path):
    from kernel_files import load_module
    m = load_module(tmp_path, "reduce_errors", """
import numpy as np


def axis(a, out):
    out[0] = a.sum(axis=0)


def record_max(r, out):
    out[0] = r.max()


def empty_max(a, out):
    out[0] = a.max()
""")
    with pytest.raises(pyjit.CompileError, match=r"a.sum\(\) takes no arguments in kernels"):
        jit(m.axis)[1, 1](np.zeros((2, 2)), np.zeros(1))
    with pytest.raises(pyjit.CompileError, match=r"a.max\(\) of an array of Record"):
        jit(m.record_max)[1, 1](np.zeros(2, [("x", np.float64)]), np.zeros(1))
    if type(jit).__name__ == "_CpuJit":  # the CPU backend checks, as debug=True does
        with pytest.raises(ValueError, match="zero-size array to reduction operation max"):
            jit(m.empty_max)[1, 1](np.zeros(0), np.zeros(1))


def test_ufuncs_of_arrays_write_into_out(jit):
    # numba-cuda's docs example: np.sin(x, r) in a kernel; and np.add(..., out=).
    @jit
    def f(r, x):
        np.sin(x, r)

    @jit
    def g(a, b, out, c):
        np.add(a, b, out=out)
        twice = np.multiply(a, 2.0, out)   # returns out
        twice[0, 0] += 100
        np.less(a, 1.5, c)
        np.floor(b, b)

    x = np.arange(5, dtype=np.float32)
    r = np.zeros(5, np.float32)
    f[1, 1](r, x)
    np.testing.assert_allclose(r, np.sin(x), rtol=1e-6)
    a = np.arange(6.0).reshape(2, 3)
    b = a * 0.5 + 0.3
    want_b = np.floor(b)
    out, c = np.zeros((2, 3)), np.zeros((2, 3), bool)
    g[1, 1](a, b, out, c)
    want = 2 * a
    want[0, 0] += 100
    np.testing.assert_array_equal(out, want)
    np.testing.assert_array_equal(c, a < 1.5)
    np.testing.assert_array_equal(b, want_b)


def test_ufuncs_of_arrays_need_out_and_matching_dimensions(jit, tmp_path):
    from kernel_files import load_module
    m = load_module(tmp_path, "ufunc_errors", """
import numpy as np


def no_out(x, r):
    r[0] = np.sin(x)[0]


def ranks(x, r):
    np.add(x, x, r)


def shapes(x, r):
    np.sqrt(x, r)
""")
    with pytest.raises(pyjit.CompileError, match=r"np.sin\(\) of arrays in a kernel writes its "
                                                 r"result into an output array"):
        jit(m.no_out)[1, 1](np.zeros(3), np.zeros(3))
    with pytest.raises(pyjit.CompileError, match=r"broadcasts its inputs to the output's 1 "
                                                 r"dimension, which array\(float64, 2d, C\) has "
                                                 r"more than"):
        jit(m.ranks)[1, 1](np.zeros((2, 2)), np.zeros(4))
    if type(jit).__name__ == "_CpuJit":  # checked there, and with debug=True
        with pytest.raises(ValueError, match="could not be broadcast together: extent 3 "
                                             "against 4"):
            jit(m.shapes)[1, 1](np.zeros(3), np.zeros(4))


def test_numpy_scalar_ufuncs_and_abs_of_arrays_write_into_out(jit):
    # np.minimum, np.negative, np.abs, ... as ufuncs of arrays (numba-cuda
    # compiles every NumPy ufunc of arrays with an out argument).
    @jit
    def k(a, b, lo, hi, neg, mag, sg, sq, fm, lae, sb):
        np.minimum(a, b, lo)
        np.maximum(a, b, out=hi)
        np.negative(a, neg)
        np.abs(a, mag)
        np.sign(a, sg)
        np.square(a, sq)
        np.fmin(a, np.nan, fm)
        np.logaddexp(a, b, lae)
        np.signbit(a, sb)

    a = np.array([[-2.5, 0.0, np.nan], [3.0, -0.5, 7.0]])
    b = np.array([[1.0, -1.0, 2.0], [np.nan, -0.25, 9.0]])
    outs = [np.zeros_like(a) for _ in range(8)] + [np.zeros(a.shape, bool)]
    k[1, 1](a, b, *outs)
    with np.errstate(invalid="ignore"):
        want = [np.minimum(a, b), np.maximum(a, b), -a, np.abs(a), np.sign(a), a * a,
                np.fmin(a, np.nan), np.logaddexp(a, b), np.signbit(a)]
    for got, exp in zip(outs, want):
        # logaddexp goes through exp and log1p: within an ulp of NumPy's.
        np.testing.assert_allclose(got, exp, rtol=1e-15)

    @jit
    def ints(x, y, out_i, out_u, c, mag):
        np.maximum(x, y, out_i)      # int32 with uint8: int32
        np.negative(y, out_u)        # uint8 wraps, as in NumPy
        np.abs(c, mag)               # |complex| into float64

    x = np.array([-3, 5, 200], np.int32)
    y = np.array([1, 250, 7], np.uint8)
    c = np.array([3 + 4j, -1j, 0.5])
    out_i, out_u, mag = np.zeros(3, np.int32), np.zeros(3, np.uint8), np.zeros(3)
    ints[1, 1](x, y, out_i, out_u, c, mag)
    np.testing.assert_array_equal(out_i, np.maximum(x, y))
    np.testing.assert_array_equal(out_u, np.negative(y))
    np.testing.assert_allclose(mag, [5.0, 1.0, 0.5], rtol=1e-15)


def test_ufuncs_of_arrays_broadcast_inputs_to_out(jit):
    @jit
    def k(m, row, col, out1, out2, out3):
        np.add(m, row, out1)         # (2, 3) + (3,)
        np.multiply(col, row, out2)  # (2, 1) * (3,) -> (2, 3)
        np.maximum(row, 1.5, out3)   # (3,) into (2, 3): repeated along the new axis

    m = np.arange(6.0).reshape(2, 3)
    row = np.array([10.0, 1.0, -4.0])
    col = np.array([[2.0], [-1.0]])
    out1, out2, out3 = np.zeros((2, 3)), np.zeros((2, 3)), np.zeros((2, 3))
    k[1, 1](m, row, col, out1, out2, out3)
    np.testing.assert_array_equal(out1, m + row)
    np.testing.assert_array_equal(out2, col * row)
    np.testing.assert_array_equal(out3, np.broadcast_to(np.maximum(row, 1.5), (2, 3)))


def test_reshape_of_c_contiguous_arrays_is_a_view(jit):
    @jit
    def k(a, out):
        m = a.reshape(2, 3)
        n = a.reshape((3, -1))
        m[1, 2] = -1.0               # the same memory
        out[0] = m[1, 0] + n[2, 1] * 100 + m.shape[1] * 1000
        s = cuda.local.array(6, np.float64)
        for i in range(6):
            s[i] = i
        t = s.reshape((2, 3))
        out[1] = t[1, 2] + t.sum()

    a = np.arange(6.0)
    out = np.zeros(2)
    k[1, 1](a, out)
    assert a[5] == -1.0
    assert out[0] == 3.0 + (-1.0) * 100 + 3000 and out[1] == 5 + 15


def test_fill_sets_every_element_as_numpy_does(jit):
    # ndarray.fill: the value converted once to the dtype (2.7 into int32 is
    # 2), any layout (a strided view too), local arrays too.
    @jit
    def k(a, b, c, out):
        tmp = cuda.local.array(5, np.float32)
        tmp.fill(1.5)
        a.fill(2.7)
        b[1:, ::2].fill(-1)
        c.fill(3)
        s = 0.0
        for i in range(5):
            s += tmp[i]
        out[0] = s

    a, b, c, out = np.zeros(4, np.int32), np.zeros((3, 4)), np.zeros(2, np.complex64), np.zeros(1)
    k[1, 1](a, b, c, out)
    ea, eb, ec = np.zeros(4, np.int32), np.zeros((3, 4)), np.zeros(2, np.complex64)
    ea.fill(2.7)
    eb[1:, ::2].fill(-1)
    ec.fill(3)
    np.testing.assert_array_equal(a, ea)
    np.testing.assert_array_equal(b, eb)
    np.testing.assert_array_equal(c, ec)
    assert out[0] == 7.5


def test_fill_takes_one_number(tmp_path):
    from pyjit import CompileError
    cases = (("a.fill(1j)", "cannot store a complex value"),
             ("a.fill((1, 2))", r"cannot store a value of type Tuple\(int64, int64\) into an array "
                                r"of float64"),
             ("a.fill(1, 2)", r"a.fill\(\) takes one value"),
             ("C.fill(1)", "cannot write to a read-only array"),
             ("f = a.fill; f(1)", r"a method kept in a variable cannot be called in kernels: "
                                  r"call it on its object \(x.fill\(...\)\)"))
    for n, (body, message) in enumerate(cases):
        path = tmp_path / ("fill_kernel%d.py" % n)
        path.write_text("import numpy as np\nC = np.zeros(3)\n"
                        "def k(a):\n    %s\n" % body)
        import importlib.util
        spec = importlib.util.spec_from_file_location("fill_kernel%d" % n, path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        with pytest.raises(CompileError, match=message) as info:
            cuda.compile_ptx(mod.k, "void(float64[::1])")
        assert "fill_kernel%d.py:4:" % n in str(info.value)


def test_reshape_to_a_run_time_shape_with_minus_one(jit):
    # numba: a -1 extent known only at run time is what the others leave.
    @jit
    def k(a, shape, flat, out):
        m = a.reshape(shape)
        out[0] = m.shape[0] * 100 + m.shape[1]
        out[1] = m[1, 0]
        f = a.reshape(flat)
        out[2] = f.shape[0]
        out[3] = f[5]

    a = np.arange(6.0)
    for shape, rows in (((-1, 2), 3), ((2, -1), 2), ((3, 2), 3)):
        out = np.zeros(4)
        k[1, 1](a, shape, (-1,), out)
        m = a.reshape(shape)
        assert out.tolist() == [m.shape[0] * 100 + m.shape[1], m[1, 0], 6, 5.0], shape
        assert m.shape[0] == rows


def test_view_as_another_dtype(jit):
    # numba's test_array_methods test_reinterpret_array_type: the same bytes.
    @jit
    def k(b, start, stop, out, m, mo, f):
        out[0] = b[start:stop].view(np.int32)[0]
        v = m.view(np.uint8)
        mo[0] = v.shape[1]
        mo[1] = v[1, 5]
        f[0] = b.view(np.float32)[3]

    b = np.arange(256, dtype=np.uint8)
    out = np.zeros(1, np.int32)
    m = np.arange(6, dtype=np.int32).reshape(2, 3) * 1000
    mo = np.zeros(2, np.int64)
    f = np.zeros(1, np.float32)
    k[1, 1](b, 4, 8, out, m, mo, f)
    assert out[0] == b[4:8].view(np.int32)[0]
    assert mo.tolist() == [m.view(np.uint8).shape[1], m.view(np.uint8)[1, 5]]
    assert f[0] == b.view(np.float32)[3]


def test_view_errors(jit, tmp_path):
    from kernel_files import load_module
    m = load_module(tmp_path, "view_errors", """import numpy as np


def strided(a, out):
    out[0] = a[::2].view(np.int32)[0]


def bytes_left(a, out):
    out[0] = a.view(np.int32)[0]
""")
    with pytest.raises(pyjit.CompileError, match=r"view_errors.py:5:14: error: a.view\(dtype\) "
                                                 r"needs a C-contiguous array of at least one "
                                                 r"dimension in kernels, not "
                                                 r"array\(uint8, 1d, A\)"):
        jit(m.strided)[1, 1](np.zeros(8, np.uint8), np.zeros(1, np.int32))
    with pytest.raises(ValueError, match=r"the last axis holds 6 bytes, not a multiple of the "
                                         r"new item size 4"):
        jit(debug=True)(m.bytes_left)[1, 1](np.zeros(6, np.uint8), np.zeros(1, np.int32))


def test_reshape_errors(jit, tmp_path):
    from kernel_files import load_module
    m = load_module(tmp_path, "reshape_errors", """
def strided(a, out):
    out[0] = a[::2].reshape(2, 2)[0, 0]


def wrong_size(a, out):
    out[0] = a.reshape(4, 2)[0, 0]
""")
    with pytest.raises(pyjit.CompileError, match=r"would copy it \(only C-contiguous arrays "
                                                 r"reshape in kernels\)"):
        jit(m.strided)[1, 1](np.zeros(8), np.zeros(1))
    if type(jit).__name__ == "_CpuJit":
        with pytest.raises(ValueError, match="cannot reshape an array of size 6 into a shape of "
                                             "8 elements"):
            jit(m.wrong_size)[1, 1](np.zeros(6), np.zeros(1))


@pytest.mark.parametrize("n", [10, 65520])
def test_float16_reductions_accumulate_in_float32(jit, n):
    # A float16 sum stops growing at 2048, and a float16 count is inf past 65504.
    @jit
    def k(a, o):
        o[0] = a.mean()
        o[1] = a.sum()
        o[2] = a.var()
        o[3] = a.sum(dtype=np.float64)  # in float64, as the dtype says

    a = np.full(n, 0.5, np.float16)
    o = np.zeros(4)
    k[1, 1](a, o)
    np.testing.assert_allclose(o, [a.mean(), a.sum(), a.var(), n / 2], rtol=2e-3)


@pytest.mark.parametrize("a", [
    np.array([[0.0, 2.0], [3.0, -1.0]]),
    np.array([1, 0, 5], dtype=np.int8),
    np.array([True, True]),
    np.array([1 + 0j, 0j]),
    np.zeros(0),
    np.array([np.nan]),
])
def test_all_and_any_are_numpys(jit, a):
    @jit
    def k(a, out):
        out[0] = a.all()
        out[1] = a.any()
        out[2] = np.all(a)
        out[3] = np.any(a)

    out = np.zeros(4, np.bool_)
    k[1, 1](a, out)
    want = [a.all(), a.any(), np.all(a), np.any(a)]
    assert out.tolist() == want


@pytest.mark.parametrize("a", [
    np.array([[1.5, np.nan], [-2.0, 4.0]]),
    np.array([np.nan, 3.0, np.nan], dtype=np.float32),
    np.array([2, 7, -3], dtype=np.int32),  # no NaNs: the plain reductions
    np.array([1 + 2j, complex(np.nan, 0), 3 - 1j]),
])
def test_nan_reductions_skip_nans_as_numpy(jit, a):
    @jit
    def k(a, out):
        out[0] = np.nansum(a)
        out[1] = np.nanprod(a)
        out[2] = np.nanmean(a)

    @jit
    def extremes(a, out):
        out[0] = np.nanmin(a)
        out[1] = np.nanmax(a)

    out = np.zeros(3, np.complex128 if a.dtype.kind == "c" else np.float64)
    k[1, 1](a, out)
    np.testing.assert_allclose(out, [np.nansum(a), np.nanprod(a), np.nanmean(a)], rtol=1e-6)
    if a.dtype.kind != "c":
        out2 = np.zeros(2)
        extremes[1, 1](a, out2)
        assert out2.tolist() == [np.nanmin(a), np.nanmax(a)]

    @jit
    def spread(a, out):  # numba-cuda compiles np.nanvar/np.nanstd too
        out[0] = np.nanvar(a)
        out[1] = np.nanstd(a)

    out3 = np.zeros(2)
    spread[1, 1](a, out3)
    np.testing.assert_allclose(out3, [np.nanvar(a), np.nanstd(a)], rtol=1e-6)


def test_nanmin_of_all_nans_is_nan_and_min_stops_at_nan(jit):
    @jit
    def k(a, out):
        out[0] = np.nanmin(a)
        out[1] = np.nanmax(a[1:])
        out[2] = a.min()

    a = np.array([2.0, np.nan, np.nan])
    out = np.zeros(3)
    k[1, 1](a, out)
    assert out[0] == 2.0
    assert np.isnan(out[1]) and np.isnan(out[2])  # numpy: nan (with a warning), and nan


def test_builtin_sum_any_all_of_arrays_and_tuples(jit):
    # numba's builtins: sum starts from the int 0 (or start), so float32
    # elements sum in float64 and int8 ones in int64; any/all are truths.
    @jit
    def k(f32, i8, out, flags):
        out[0] = sum(f32)
        out[1] = sum(i8, 100)
        out[2] = sum((1, 2.5, True))
        flags[0] = any(i8)
        flags[1] = all(i8)
        flags[2] = all((1, 2.0))
        flags[3] = any((0, 0.0, False))

    f32 = np.array([0.1, 0.2, 0.3], np.float32)
    i8 = np.array([0, 120, 120], np.int8)   # 240: past int8, exact in int64
    out = np.zeros(3)
    flags = np.zeros(4, np.bool_)
    k[1, 1](f32, i8, out, flags)
    assert out[0] == float(np.float64(f32[0]) + np.float64(f32[1]) + np.float64(f32[2]))
    assert out[1] == 340 and out[2] == 4.5
    assert flags.tolist() == [True, False, True, False]


def test_builtin_sum_with_a_narrow_start_widens_as_numba(jit):
    # acc = start; acc = acc + x: uint8 + uint8 is uint64 (numba), no wrap.
    @jit
    def k(a, out, t):
        out[0] = sum(a, np.uint8(250))
        out[1] = sum(t, np.uint8(250))

    out = np.zeros(2, np.int64)
    k[1, 1](np.full(4, 200, np.uint8), out, (np.uint8(200), np.uint8(200)))
    assert out.tolist() == [1050, 650]


def test_builtin_sum_of_a_2d_array_is_an_error(jit):
    @jit
    def k(a, out):
        out[0] = sum(a)

    with pytest.raises(pyjit.CompileError, match=r"sum\(\) of a 2-d array iterates its rows"):
        k[1, 1](np.zeros((2, 2)), np.zeros(1))


@pytest.mark.parametrize("z", [
    np.array([2 + 1j, 1 + 5j, 2 - 3j, 1 + 5j, -1j]),
    np.array([3 + 0j, complex(np.nan, 1), 1 + 0j], np.complex64),
    np.array([complex(1, np.nan), 4 + 0j, 0j]),
])
def test_complex_extremes_in_numpys_order(jit, z):
    # NumPy (and numba) order complex numbers by real part, then imaginary;
    # a NaN in either part propagates (nanmin/nanmax skip it).
    @jit
    def k(z, out, at):
        out[0] = z.min()
        out[1] = np.max(z)
        out[2] = np.nanmin(z)
        out[3] = np.nanmax(z)
        at[0] = z.argmin()
        at[1] = np.argmax(z)

    out = np.zeros(4, z.dtype)
    at = np.zeros(2, np.int64)
    k[1, 1](z, out, at)
    want = [z.min(), np.max(z), np.nanmin(z), np.nanmax(z)]
    np.testing.assert_array_equal(out, np.array(want, z.dtype))
    assert at.tolist() == [z.argmin(), np.argmax(z)]


def test_count_nonzero_average_and_trace(jit):
    # numba-cuda compiles np.count_nonzero(a), np.average(a) (no weights: the
    # mean) and np.trace(m) of a 2-d array (the diagonal's sum, as np.sum
    # types it), none of which allocates.
    @jit
    def k(a, m, b, c, out):
        out[0] = np.count_nonzero(a)
        out[1] = np.average(a)
        out[2] = np.trace(m)
        out[3] = np.count_nonzero(b)
        out[4] = np.trace(m[:, 1:])
        out[5] = np.count_nonzero(c)
        out[6] = np.average(b)
        out[7] = np.count_nonzero(m)

    a = np.array([0.0, 1.0, 0.0, -3.0, np.nan])
    m = np.arange(12).reshape(3, 4)
    b = np.array([True, False, True])
    c = np.array([0j, 1j, 0j])
    out = np.zeros(8)
    k[1, 1](a, m, b, c, out)
    np.testing.assert_array_equal(out, [np.count_nonzero(a), np.average(a), np.trace(m),
                                        np.count_nonzero(b), np.trace(m[:, 1:]),
                                        np.count_nonzero(c), np.average(b),
                                        np.count_nonzero(m)])

    @jit
    def with_options(m, a, out):
        out[0] = np.trace(m, 1)
        out[1] = np.trace(m, offset=-1)
        out[2] = np.trace(m, 5)  # past the array: 0
        out[3] = np.trace(m[::2, ::-1], 1)
        out[4] = np.count_nonzero(a, axis=None)

    out2 = np.zeros(5)
    with_options[1, 1](m, a, out2)
    np.testing.assert_array_equal(out2, [np.trace(m, 1), np.trace(m, -1), np.trace(m, 5),
                                         np.trace(m[::2, ::-1], 1), np.count_nonzero(a)])

    @jit
    def trace_1d(a, out):
        out[0] = np.trace(a)

    with pytest.raises(pyjit.CompileError, match=r"np.trace\(\) takes a 2-d array"):
        trace_1d[1, 1](a, out)


def test_searchsorted_of_one_value(jit):
    # numba-cuda compiles np.searchsorted(a, v[, side]) of a sorted 1-d
    # array and a number: NumPy's binary search, NaN after every number.
    @jit
    def k(a, vs, left, right):
        for i in range(vs.size):
            left[i] = np.searchsorted(a, vs[i])
            right[i] = np.searchsorted(a, vs[i], side="right")

    rng = np.random.default_rng(0)
    vs = np.array([-1.0, 0.0, 2.0, 2.5, 5.0, 7.0, np.nan])
    for trial in range(30):
        a = np.sort(rng.integers(0, 6, rng.integers(0, 20)).astype(float))
        if trial % 5 == 0 and a.size:
            a[-1] = np.nan
        left = np.zeros(vs.size, np.int64)
        right = np.zeros(vs.size, np.int64)
        k[1, 1](a, vs, left, right)
        np.testing.assert_array_equal(left, np.searchsorted(a, vs), err_msg=str(a))
        np.testing.assert_array_equal(right, np.searchsorted(a, vs, side="right"), err_msg=str(a))

    @jit
    def ints(a, out):
        out[0] = np.searchsorted(a, 3)
        out[1] = np.searchsorted(a, 3, "right")
        t = (a, 3)
        out[2] = np.searchsorted(*t, side="right")  # '*' with a keyword

    a = np.array([1, 3, 3, 5], np.int32)
    out = np.zeros(3, np.int64)
    ints[1, 1](a, out)
    assert out.tolist() == [1, 3, 3]

    @jit
    def of_values(a, out):
        out[0] = np.searchsorted(a, a)[0]

    with pytest.raises(pyjit.CompileError, match="an array of values would make an array"):
        of_values[1, 1](np.zeros(2), out)

    @jit
    def unknown_keyword(a, out):  # (once ignored: the search ran with side='left')
        out[0] = np.searchsorted(a, 3, sorter=None)

    with pytest.raises(pyjit.CompileError, match="np.searchsorted\\(\\) got an unexpected "
                                                 "keyword 'sorter'"):
        unknown_keyword[1, 1](np.zeros(2), out)


def test_ptp_sum_dtype_array_equal_size_ndim_shape(jit):
    # numba-cuda's np.ptp, a.sum(dtype=...), np.array_equal, np.size/ndim/shape
    # and x.item() of a number; expected values from NumPy.
    @jit
    def k(a, b, c, n, x, out):
        out[0] = a[0, 0].item() + x.item()
        out[1] = np.size(a) + np.ndim(a) * 100 + np.shape(a)[1] * 1000 + np.size(x) * 10000
        out[2] = np.ndim(x) + len(np.shape(x))
        out[3] = np.array_equal(a, b)
        out[4] = np.array_equal(a, c)
        out[5] = np.array_equal(a, a[:, :2])
        out[6] = np.array_equal(a, a.T)
        out[7] = np.array_equal(a[0], b[0])
        out[8] = np.array_equal(n, n)
        out[9] = np.ptp(a) + np.ptp(a[1])
        out[10] = np.ptp(n)
        out[11] = a.sum(dtype=np.float32) + np.sum(a, dtype=np.int64)

    a = np.arange(6.0).reshape(2, 3) * 1.5
    b, c = a.copy(), a.copy()
    c[1, 2] = -1
    n = np.array([1.0, np.nan])
    out = np.zeros(12)
    k[1, 1](a, b, c, n, 2.5, out)
    expect = [a[0, 0].item() + 2.5, np.size(a) + np.ndim(a) * 100 + np.shape(a)[1] * 1000 + 10000,
              0, np.array_equal(a, b), np.array_equal(a, c), np.array_equal(a, a[:, :2]),
              np.array_equal(a, a.T), np.array_equal(a[0], b[0]), np.array_equal(n, n),
              np.ptp(a) + np.ptp(a[1]), np.ptp(n),
              float(a.sum(dtype=np.float32)) + float(np.sum(a, dtype=np.int64))]
    np.testing.assert_array_equal(out, expect)
