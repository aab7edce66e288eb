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
