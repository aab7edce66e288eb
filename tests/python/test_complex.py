"""complex64/complex128 in kernels: arithmetic, division and power as CPython computes them."""
import numpy as np
import pytest

import pyjit
from pyjit import cuda


def test_complex_ordering_is_rejected():
    def kern(a, out):
        out[0] = a[0] < a[1]

    with pytest.raises(pyjit.CompileError, match="complex numbers have no order"):
        cuda.compile_ptx(kern, "void(complex128[:], bool[:])")


def test_math_functions_reject_complex():
    import math

    def kern(a):
        a[0] = math.sin(a[0])

    with pytest.raises(pyjit.CompileError, match="does not take complex numbers"):
        cuda.compile_ptx(kern, "void(complex128[:])")


def test_complex_arithmetic_matches_python(jit):
    @jit
    def k(x, y, out, z32):
        i = cuda.grid(1)
        if i < x.size:
            out[i, 0] = x[i] + y[i] * 2j
            out[i, 1] = x[i] / y[i]
            out[i, 2] = x[i] ** y[i]
            out[i, 3] = x[i].conjugate() * x[i]
            out[i, 4] = abs(x[i]) + x[i].real - x[i].imag
            out[i, 5] = complex(x[i].imag, 3.0) - 1
            out[i, 6] = z32 * np.float32(2.0)

    rng = np.random.default_rng(7)
    x = rng.random(16) + 1j * rng.random(16)
    y = rng.random(16) - 1j * rng.random(16)
    x[0], y[0] = 0j, 0j
    out = np.zeros((16, 7), dtype=np.complex128)
    k[1, 32](x, y, out, np.complex64(1.5 - 2j))
    for r in range(16):
        a, b = complex(x[r]), complex(y[r])
        assert out[r, 0] == pytest.approx(a + b * 2j, rel=1e-15)
        if b != 0:
            assert out[r, 1] == pytest.approx(a / b, rel=1e-14)
        assert out[r, 2] == pytest.approx(a ** b, rel=1e-12, abs=1e-14)
        assert out[r, 3] == pytest.approx(a.conjugate() * a, rel=1e-15)
        assert out[r, 4].real == pytest.approx(abs(a) + a.real - a.imag, rel=1e-15)
        assert out[r, 5] == complex(a.imag, 3.0) - 1
        assert out[r, 6] == (1.5 - 2j) * 2


def test_complex_power_of_a_small_integer_is_repeated_multiplication(jit):
    # CPython's complex_pow takes c_powi for an exponent of integer value with
    # |n| <= 100: squarings and products (and a quotient for n < 0), so
    # (3+4j)**2 is exactly -7+24j; the polar formula gave
    # -6.999999999999998+24.000000000000004j.
    @jit
    def k(z, e, n, out):
        i = cuda.grid(1)
        if i < z.size:
            out[i, 0] = z[i] ** e[i]
            out[i, 1] = z[i] ** n[i]  # an int exponent, converted
            out[i, 2] = z[i] ** 2

    z = np.array([3 + 4j, 1 + 1j, -2 + 0.5j, 0.5 - 1.5j, 1j], dtype=np.complex128)
    n = np.array([2, 7, -3, 5, 100], dtype=np.int64)
    e = n.astype(np.complex128)
    out = np.zeros((5, 3), dtype=np.complex128)
    k[1, 8](z, e, n, out)
    # By hand: (3+4j)**2 = 9 + 24j - 16; (1+1j)**7 = (2j)**3 (1+1j) = -8j (1+1j);
    # 1j**100 = 1.
    assert out[0, 0] == -7 + 24j and out[1, 0] == 8 - 8j and out[4, 0] == 1
    for i in range(5):  # dyadic inputs: every product is exact, as in CPython
        expected = complex(z[i]) ** complex(e[i])
        if n[i] < 0:  # a quotient: the GPU may contract its a*b+c into one FMA
            assert out[i, 0] == pytest.approx(expected, rel=1e-15)
            assert out[i, 1] == pytest.approx(expected, rel=1e-15)
        else:
            assert out[i, 0] == expected and out[i, 1] == expected, (i, out[i], expected)
        assert out[i, 2] == complex(z[i]) ** 2


def test_complex_local_array_and_accumulation(jit):
    @jit
    def k(a, out):
        i = cuda.grid(1)
        if i < a.size:
            c = cuda.local.array(10, dtype=np.complex128)
            for j in range(10):
                c[j] = a[i] * (j + 1j)
            s = 0j
            for j in range(10):
                s += c[j] * c[9 - j].conjugate()
            out[i] = s

    a = np.linspace(0.5, 2.0, 8) + 0.25j
    out = np.zeros_like(a)
    k[1, 32](a, out)
    for i in range(a.size):
        c = a[i] * (np.arange(10) + 1j)
        np.testing.assert_allclose(out[i], (c * np.conj(c[::-1])).sum(), rtol=1e-14)


def test_real_and_imag_of_complex_arrays_are_views(jit):
    # numba: a.real / a.imag of a complex array are views (atomics on them too).
    @jit
    def k(z, r, out):
        i = cuda.grid(1)
        if i < z.size:
            cuda.atomic.add(z.real, i, 1.0)
            z.imag[i] = -z.imag[i]
            out[i] = r.real[i] + z.imag[i]

    z = np.array([1 + 2j, 3 - 1j, -2 + 0.5j])
    want_z = (z.real + 1) - 1j * z.imag
    r = np.arange(3.0)
    out = np.zeros(3)
    k[1, 4](z, r, out)
    np.testing.assert_array_equal(z, want_z)
    np.testing.assert_array_equal(out, r + want_z.imag)

    @jit
    def k2(z, out):
        out[0] = z.imag.max() + z.T.real[1, 0]

    z2 = np.array([[1 + 2j, 3 - 1j], [5j, 1]], dtype=np.complex64)
    o = np.zeros(1)
    k2[1, 1](z2, o)
    assert o[0] == z2.imag.max() + z2.T.real[1, 0]


def test_zero_to_a_negative_or_complex_power_raises_in_debug_mode(jit):
    # CPython: 0j ** -1 and 0j ** 1j raise ZeroDivisionError; 0j ** 2 is 0j.
    @jit(debug=True)
    def k(z, e, out):
        out[0] = z[0] ** e[0]

    out = np.zeros(1, dtype=np.complex128)
    for exponent in (-1 + 0j, -200 + 0j, 1j, -0.5 + 2j):
        with pytest.raises(ZeroDivisionError, match=r"0\.0 to a negative or complex power"):
            k[1, 1](np.zeros(1, np.complex128), np.array([exponent]), out)
    k[1, 1](np.zeros(1, np.complex128), np.array([2 + 0j]), out)
    assert out[0] == 0j ** 2
    k[1, 1](np.array([2 + 0j]), np.array([-1 + 0j]), out)
    assert out[0] == (2 + 0j) ** -1


def test_zero_to_a_negative_or_complex_power_is_nan_outside_debug_mode(jit):
    # Where Python raises (a negative real part or any imaginary part),
    # numba's numba_cpow gives nan+nanj (the EDOM of _Py_c_pow); 0j ** 0 is
    # 1 and 0j to a positive real power 0j. pyjit gave 0j for all of them.
    # (NumPy's np.power agrees but for 0j ** (0.5+1j), which it makes 0j.)
    @jit
    def k(z, e, out):
        for i in range(e.size):
            out[i] = z[0] ** e[i]

    exponents = np.array([-1 + 0j, -2.5 + 0j, 1j, -0.5 + 2j, 0.5 + 1j, 0j, 2 + 0j, 0.5 + 0j])
    out = np.zeros(exponents.size, np.complex128)
    k[1, 1](np.zeros(1, np.complex128), exponents, out)
    assert np.isnan(out[:5].real).all() and np.isnan(out[:5].imag).all()
    assert out[5] == 1 and out[6] == 0 and out[7] == 0


def test_np_real_and_imag_of_numbers(jit):
    # numba-cuda's np.real(x)/np.imag(x) of a number: x.real, x.imag (0 of
    # its type for a real number).
    @jit
    def k(z, f, i, out):
        out[0] = np.real(z[0]) + np.imag(z[0]) * 10
        out[1] = np.real(f[0]) + np.imag(f[0])
        out[2] = np.real(i[0]) * 2 + np.imag(i[0])
        out[3] = np.imag(3.5)

    out = np.zeros(4)
    k[1, 1](np.array([1 + 2j]), np.array([2.5], np.float32), np.array([4]), out)
    np.testing.assert_array_equal(out, [21.0, 2.5, 8.0, 0.0])


def test_numpy_complex_division_and_power_by_zero_are_numpys(jit):
    # NumPy's complex loops: x / 0j is (x.real / 0, x.imag / 0) (inf or NaN
    # parts), 0j ** y is nan+nanj unless y is 0 (1) or a positive real (0),
    # np.reciprocal(0j) nan+nanj (Smith's division); also under debug=True.
    def body(out, x, y):
        out[0] = np.divide(x, y)
        out[1] = np.true_divide(x, y)
        out[2] = np.power(y, -1)
        out[3] = np.power(y, 2.0)
        out[4] = np.power(y, 0j)
        out[5] = np.reciprocal(y)
        out[6] = np.reciprocal(x)
        out[7] = np.divide(-x, y)

    for options in ({}, {"debug": True, "opt": False}):
        out = np.zeros(8, np.complex128)
        jit(**options)(body)[1, 1](out, 1 + 1j, 0j)
        x, y = np.complex128(1 + 1j), np.complex128(0j)
        with np.errstate(all="ignore"):
            want = [np.divide(x, y), np.true_divide(x, y), np.power(y, -1), np.power(y, 2.0),
                    np.power(y, 0j), np.reciprocal(y), np.reciprocal(x), np.divide(-x, y)]
        np.testing.assert_array_equal(out, want, err_msg=str(options))
