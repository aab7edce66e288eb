"""numba.cuda.libdevice: libdevice's functions by name, typed by its
prototypes; pointer parameters come back as outputs after the result.
Expected values are Python's math or NumPy's, or worked by hand."""
import math

import numpy as np
import pytest

import pyjit
from pyjit import cuda
from pyjit.cuda import libdevice


def test_the_namespace_lists_libdevice_and_describes_each_function():
    names = dir(libdevice)
    assert len(names) > 330
    for name in ("sinf", "sin", "sincosf", "frexp", "popc", "umulhi", "fast_expf", "fmaf_rn"):
        assert name in names
    assert "__nv_sincosf(float32) -> (float32, float32)" in libdevice.sincosf.__doc__
    assert "__nv_umulhi(uint32,uint32) -> uint32" in libdevice.umulhi.__doc__
    with pytest.raises(AttributeError, match="no function 'sinx'"):
        libdevice.sinx
    with pytest.raises(RuntimeError, match="inside a kernel"):
        libdevice.sinf(1.0)
    from pyjit.cuda.libdevice import frexpf  # numba.cuda.libdevice is importable so
    assert frexpf.__name__ == "frexpf"


def test_math_functions_and_outputs(jit):
    from pyjit.cuda.libdevice import frexp

    @jit
    def k(out, x):
        out[0] = libdevice.sinf(np.float32(x))
        s, c = libdevice.sincos(x)  # void __nv_sincos(double, double*, double*)
        out[1] = s
        out[2] = c
        m, e = frexp(x)  # double __nv_frexp(double, int*)
        out[3] = m
        out[4] = e
        out[5] = libdevice.fmax(x, 2.0)
        out[6] = libdevice.llrint(2.5)  # round half to even
        r, q = libdevice.remquo(10.0, 3.0)
        out[7] = r
        out[8] = q
        f, i = libdevice.modff(np.float32(x) + 2)
        out[9] = f + 10 * i
        out[10] = libdevice.hypot(3, 4)  # ints converted to float64
        out[11] = libdevice.fast_expf(1.0)

    out = np.zeros(12)
    x = 5.75
    k[1, 1](out, x)
    m, e = math.frexp(x)
    assert out[0] == pytest.approx(np.sin(np.float32(x)), rel=1e-6)
    assert out[1:3] == pytest.approx([math.sin(x), math.cos(x)], rel=1e-15)
    assert (out[3], out[4]) == (m, e)
    assert out[5:9].tolist() == [5.75, 2, math.remainder(10, 3), 3]
    assert out[9] == 0.75 + 10 * 7
    assert out[10] == 5.0
    assert out[11] == pytest.approx(math.e, rel=1e-6)


def test_arguments_are_checked(jit):
    @jit
    def count(out):
        out[0] = libdevice.sinf(1.0, 2.0)

    with pytest.raises(pyjit.CompileError, match=r"libdevice.sinf\(\) takes 1 argument "
                                                 r"\(float32\), got 2"):
        count[1, 1](np.zeros(1))

    @jit
    def kind(out, a):
        out[0] = libdevice.sin(a)

    with pytest.raises(pyjit.CompileError, match=r"needs a real number for its float64 "
                                                 r"parameter, not array"):
        kind[1, 1](np.zeros(1), np.zeros(2))


def test_functions_the_cpu_backend_lacks_are_errors_at_the_call():
    @cuda.jit(target="cpu")
    def k(out, x):
        out[0] = libdevice.powi(x, 3)

    with pytest.raises(pyjit.CompileError) as info:
        k[1, 1](np.zeros(1), 2.0)
    text = str(info.value)
    assert "libdevice.powi runs on the GPU only" in text and "'powi'" in text
    assert "out[0] = libdevice.powi(x, 3)" in text


@pytest.mark.gpu
def test_gpu_only_functions():
    @cuda.jit
    def k(out, u, x):
        out[0] = libdevice.powi(x, 3)
        out[1] = libdevice.saturatef(np.float32(x))  # clamped to [0, 1]
        out[2] = libdevice.popc(u)
        out[3] = libdevice.umulhi(u, u)  # high 32 bits of the 64-bit product
        out[4] = libdevice.brev(1)
        out[5] = libdevice.float2int_rz(-x)  # toward zero
        out[6] = libdevice.half2float(libdevice.float2half_rn(np.float32(x)))
        out[7] = libdevice.fadd_rd(np.float32(1.0), np.float32(1e-8))  # rounded down: 1
        out[8] = libdevice.fadd_ru(np.float32(1.0), np.float32(1e-8))  # rounded up

    out = np.zeros(9)
    u = np.uint32(0xF0000001)
    k[1, 1](out, u, 2.5)
    assert out[0] == 2.5 ** 3
    assert out[1] == 1.0
    assert out[2] == 5
    assert out[3] == (int(u) * int(u)) >> 32
    assert out[4] == 2 ** 31
    assert out[5] == -2
    assert out[6] == 2.5
    assert out[7] == 1.0
    assert out[8] == float(np.nextafter(np.float32(1), np.float32(2)))


def test_predicates_give_one_for_true(jit):
    # libdevice's isinff & co. return "non-zero"; glibc's isinff(-inf) is -1.
    @jit
    def k(o):
        o[0] = libdevice.isinff(-np.inf)
        o[1] = libdevice.isnanf(np.float32(np.nan))
        o[2] = libdevice.finitef(np.float32(1.0))
        o[3] = libdevice.isinff(np.float32(1.0))

    o = np.zeros(4, np.int32)
    k[1, 1](o)
    np.testing.assert_array_equal(o, [1, 1, 1, 0])
    ns = {}
    exec("from pyjit.cuda.libdevice import *", ns)
    assert "sincosf" in ns and "__nv_sincosf" not in ns
