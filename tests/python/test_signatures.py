"""Signatures: strings, lists, pyjit type objects and type hints (no GPU needed)."""
import re

import numpy as np
import pytest

import pyjit
from pyjit import cuda, float32, float64, int32, types, void


def test_type_objects_spell_numba_signatures():
    assert str(float32[:]) == "float32[:]"
    assert str(float64[:, ::1]) == "float64[:, ::1]"
    assert void(float32[:], int32) == "void(float32[:], int32)"
    # numba's types.void is types.none, spelled none (typeof(None) too)
    assert str(void) == "none" and void == "none" and pyjit.typeof(None) == void
    assert str(float32[::1, :]) == "float32[::1, :]"   # numba: Fortran-contiguous
    with pytest.raises(TypeError, match=r"only the last dimension \(C layout\) or the first"):
        float32[:, ::1, :]
    with pytest.raises(TypeError, match="may be '::1'"):
        float32[::1, ::1]


def test_fortran_array_type_object_and_compile_ptx_with_a_tuple_of_types(jit):
    @jit((float64[::1, :],))
    def k(a):
        a[1, 0] = 7

    assert k.signatures == [("array(float64, 2d, F)",)]
    assert (float64[::1, :],) in k.signatures and (float64[:, ::1],) not in k.signatures
    assert "void(float64[::1, :])" in k.signatures and object() not in k.signatures
    a = np.asfortranarray(np.zeros((2, 2)))
    k[1, 1](a)
    assert a[1, 0] == 7 and a.sum() == 7

    def f(r, x):
        r[0] = x * 2

    ptx, restype = cuda.compile_ptx(f, (float32[::1], float32))
    assert ".entry" in ptx and restype is pyjit.void


def test_type_hints_give_an_eager_signature():
    @cuda.jit
    def k(a: float32[::1], n: int32):
        a[0] = n

    assert k.signature_strings == ["void(float32[::1], int32)"]


def test_arguments_a_hinted_kernel_refuses_say_the_hints_are_its_signature(jit):
    # numba.cuda ignores annotations: a ported kernel annotated only as
    # documentation is told why other types are refused.
    @jit
    def k(a: float32[::1], n: int32):
        a[0] = n

    for args in ((np.zeros(1, np.float32), 2.5), (np.zeros(1), 2)):
        with pytest.raises(TypeError, match=r"note: the kernel's signature is "
                                            r"void\(float32\[::1\], int32\), from the type "
                                            r"hints on its parameters"):
            k[1, 1](*args)
    a = np.zeros(1, np.float32)
    k[1, 1](a, 3)
    assert a[0] == 3


def test_signature_from_type_objects():
    @cuda.jit(void(float64[:], int32))
    def k(a, n):
        a[0] = n

    assert k.signature_strings == ["void(float64[:], int32)"]


def test_list_of_signatures():
    @cuda.jit(["void(float32[:])", "void(float64[:])"])
    def k(a):
        a[0] = 1

    assert len(k.signature_strings) == 2


def test_hints_that_are_not_all_types_are_ignored(jit, tmp_path):
    # numba.cuda ignores annotations: `a: np.ndarray, n: int` (and
    # npt.NDArray[...], or any hint under `from __future__ import annotations`
    # that is not a type) leave the kernel lazily typed.
    @jit
    def k(a: np.ndarray, n: int):
        a[0] = n

    assert k.signatures == []
    a = np.zeros(2)
    k[1, 1](a, 3)
    assert a[0] == 3
    from kernel_files import load_module
    m = load_module(tmp_path, "future_hints", """
from __future__ import annotations
import re

import numpy as np
from pyjit import cuda, float64, int32, uint32


@cuda.jit
def lazy(a: np.ndarray, n: int):
    a[0] = n


@cuda.jit
def eager(a: float64[:], n: int32):
    a[0] = n


@cuda.jit
def rotl(x: uint32, k: uint32) -> uint32:   # a device function, not an eager kernel
    return (x << k) | (x >> (32 - k))


@cuda.jit
def use(out, x):
    out[0] = rotl(x, 4)
""")
    assert m.lazy.signatures == [] and m.eager.signature_strings == ["void(float64[:], int32)"]
    out = np.zeros(1, np.uint32)
    m.use[1, 1](out, np.uint32(0x80000001))
    assert out[0] == 0x18


def test_pyjit_types_work_as_dtypes_in_kernels():
    def k(a):
        sm = cuda.shared.array(32, dtype=float32)
        sm[0] = a[0]
        a[1] = sm[0]

    from pyjit._ext import ext
    from pyjit._source import describe
    info = describe(k)
    ir = ext().compile_kernel(info["source"], info["filename"], info["firstline"], "k",
                              info["globals"], ("array(float32, 1d, A)",), "sm_90", 3, "ir")["ir"]
    assert "alloc shared" in ir and ": array(float32, 1d, C)" in ir


def test_pyjit_jit_is_the_decorator():
    @pyjit.jit
    def k(a):
        a[0] = 1

    assert isinstance(k, cuda.Dispatcher) if hasattr(cuda, "Dispatcher") else callable(k.__getitem__)


def test_tuple_types():
    from pyjit._typeof import typeof
    import numpy as np
    assert typeof((1, 2.5), "t") == "Tuple(int64, float64)"
    assert typeof((np.float32(1), (True,)), "t") == "Tuple(float32, Tuple(bool))"
    assert typeof((), "t") == "Tuple()"   # numba takes empty tuples too


def test_numba_signature_forms_tuples_of_types_and_c_aliases(jit):
    # numba.cuda takes a tuple of argument types as one signature, and the
    # C-style names (intp, uintp, double, single) in signature strings.
    from pyjit import float32, float64, int32

    k = jit((float64[:], int32))(_store_n)
    a = np.zeros(1)
    k[1, 1](a, 3)
    assert a[0] == 3 and k.signatures == [("array(float64, 1d, A)", "int32")]
    k2 = jit("void(double[:], intp)")(_store_n)
    k2[1, 1](a, 4)
    assert a[0] == 4 and k2.signatures == [("array(float64, 1d, A)", "int64")]
    assert jit("void(single[::1], uintp)")(_store_n).signatures == [
        ("array(float32, 1d, C)", "uint64")]
    with pytest.raises(TypeError, match="tuples of argument types"):
        jit([object()])(_store_n)
    assert str(float32[:]) == "float32[:]"
    # A string that evaluates to a tuple in numba: argument types, no result type.
    k3 = jit("float64[:], int32")(_store_n)
    k3[1, 1](a, 5)
    assert a[0] == 5 and k3.signatures == [("array(float64, 1d, A)", "int32")]
    assert jit("float32[::1],")(_store_one).signatures == [("array(float32, 1d, C)",)]
    with pytest.raises(TypeError, match=r"a signature is 'result\(argument types\)'.* or a "
                                        r"tuple of argument types"):
        jit("float64[:]")(_store_one)
    # The same tuple, parenthesized, and numba's C names byte (uint8) and uint.
    k4 = jit("(float64[:], int32)")(_store_n)
    k4[1, 1](a, 6)
    assert a[0] == 6 and k4.signatures == [("array(float64, 1d, A)", "int32")]
    assert jit("void(byte[:], uint)")(_store_n).signatures == [
        ("array(uint8, 1d, A)", "uint64")]
    from pyjit import types
    assert str(types.byte) == "uint8" and str(types.uint) == "uint64"
    assert str(types.char) == "int8"


def test_a_parenthesized_tuple_signature_for_a_device_function(jit):
    dev = cuda.jit("(float64, int32)", device=True)(_add)

    @jit
    def k(out):
        out[0] = dev(1.5, 2)

    out = np.zeros(1)
    k[1, 1](out)
    assert out[0] == 3.5


def _add(x, n):
    return x + n


def _store_one(a):
    a[0] = 1


def _store_n(a, n):
    a[0] = n


def test_type_objects_are_in_pyjit_cuda_too(jit):
    # numba-cuda's docs: `from numba.cuda import float32`; numba.cuda.types.int32.
    from pyjit.cuda import float32 as f32
    import pyjit

    assert f32 is pyjit.float32 and cuda.types.int32 is pyjit.int32
    from pyjit.cuda.types import int32 as i32   # numba's reduction example imports so
    assert i32 is pyjit.int32

    @jit
    def k(a):
        s = cuda.shared.array(2, dtype=f32)
        s[0] = cuda.float32(1.5) + cuda.int32(2.7)
        a[0] = s[0]

    a = np.zeros(1)
    k[1, 1](a)
    assert a[0] == 3.5


def test_numba_short_and_c_type_names_are_exported(jit):
    # numba exports i1..i8, u1..u8, f2..f8, c8, c16, b1 and the C-style names
    # (`from numba import f8, i4`); real programs import them from there.
    import pyjit
    from pyjit import b1, c16, double, f4, f8, i4, u8, uintp

    assert (f8, f4, i4, u8, c16, b1) == (pyjit.float64, pyjit.float32, pyjit.int32,
                                         pyjit.uint64, pyjit.complex128, pyjit.boolean)
    assert double is pyjit.float64 and uintp is pyjit.uint64
    assert types.bool is types.boolean  # numba 0.68's types.bool
    # types.voidptr: void* in a declared device function's signature
    assert str(cuda.declare_device("takes_any", types.int32(types.voidptr))) == \
        "<declared device function takes_any int32(voidptr)>"

    k = jit(pyjit.void(f8[:], i4))(_store_n)
    a = np.zeros(1)
    k[1, 1](a, 7)
    assert a[0] == 7 and k.signatures == [("array(float64, 1d, A)", "int32")]

    @jit
    def conv(out, x):
        out[0] = i4(x) + f4(0.5)

    conv[1, 1](a, 2.9)
    assert a[0] == 2.5


def test_overloads_are_rated_by_conversions_and_ties_are_ambiguous(jit):
    # numba: fewest unsafe conversions, then fewest safe ones; a tie is an error.
    def add(r, x, y):
        r[0] = x + y

    f = jit(["(float64[::1], float32, float64)", "(float64[::1], float64, float32)",
             "(float64[::1], int64, int64)"])(add)
    r = np.zeros(1)
    with pytest.raises(TypeError, match=r"ambiguous overloading of kernel 'add' for arguments "
                                        r"\(array\(float64, 1d, C\), float64, float64\)"):
        f[1, 1](r, 1.1, 2.2)
    f[1, 1](r, np.float32(1.5), 2.25)     # the first, exactly
    assert r[0] == 3.75
    f[1, 1](r, 3, 4)                      # int64, int64: exact
    assert r[0] == 7
    g = jit(["(float64[::1], int32, float64)", "(float64[::1], float64, float64)"])(add)
    g[1, 1](r, 2, 3)   # (int64, int64): one unsafe + one safe vs two safe: the second
    assert r[0] == 5.0


def test_integers_to_complex64_and_float16_rate_as_numbas_type_manager(jit):
    # numba.cuda.typeconv's rules: int64 -> float64 is safe, int64 ->
    # complex64 unsafe (a complex64's parts are float32s, and int32 ->
    # float32 is unsafe), int8 -> float16 safe. pyjit rated int -> complex64
    # safe, so a call with an int was ambiguous.
    def absolute(r, x):
        r[0] = abs(x)

    f = jit(["(float64[::1], float64)", "(float64[::1], complex64)"])(absolute)
    r = np.zeros(1)
    f[1, 1](r, 3)   # int64: float64 (safe) over complex64 (unsafe)
    assert r[0] == 3.0
    assert f.signatures == [("array(float64, 1d, C)", "float64"),
                            ("array(float64, 1d, C)", "complex64")]
    g = jit(["(float64[::1], float16)", "(float64[::1], int16)"])(absolute)
    g[1, 1](r, np.int8(-5))  # int8: int16 (a promotion) over float16 (safe)
    assert r[0] == 5.0
    h = jit(["(float64[::1], float16)", "(float64[::1], uint8)"])(absolute)
    h[1, 1](r, np.int8(-7))  # int8: float16 (safe) over uint8 (unsafe)
    assert r[0] == 7.0


def test_signatures_with_a_trailing_comma():
    # numba evaluates signatures as Python, where (float32[:],) is a 1-tuple.
    def f(a):
        a[0] = 1.0

    for sig in ("(float32[:],)", "void(float32[:],)", "void(float32[:], )"):
        a = np.zeros(1, np.float32)
        cuda.jit(sig, target="cpu")(f)[1, 1](a)
        assert a[0] == 1.0, sig


def test_kernel_signatures_compile_again():
    # kernel.signatures gives the argument types as pyjit spells them; they
    # are a signature for compile_ptx (numba gives type objects there)
    import numpy as np
    from pyjit import cuda

    @cuda.jit
    def k(a, x):
        a[0] = x

    k[1, 1](np.zeros(2, np.float32), 1.5)
    assert k.signatures == [("array(float32, 1d, C)", "float64")]
    ptx, _ = cuda.compile_ptx(k.py_func, k.signatures[0])
    assert ".entry" in ptx or ".visible .entry" in ptx


def test_typeof_and_tuple_types():
    # numba.typeof, numba.types.UniTuple / Tuple: spellings the compiler parses.
    assert str(pyjit.typeof(np.ones((2, 3), np.float32))) == "array(float32, 2d, C)"
    assert pyjit.typeof(1.5) is pyjit.float64 and pyjit.typeof(True) is pyjit.boolean
    assert str(pyjit.typeof((1, 2.0))) == "Tuple(int64, float64)"
    assert str(pyjit.typeof(np.float32)) == "class(float32)"
    assert str(types.UniTuple(types.int32, 2)) == "Tuple(int32, int32)"
    # As numba's BaseTuple, for typing functions: len, indexing, iteration.
    t3 = types.Tuple([types.int32, types.float64, types.int8])
    assert len(t3) == 3 and t3[1] is types.float64 and t3[-1] is types.int8
    assert t3[1:] == (types.float64, types.int8) and list(t3) == list(t3.types)
    assert len(pyjit.typeof((1, 2.0))) == 2
    with pytest.raises(TypeError, match="typeof\\(object\\): values of type object"):
        pyjit.typeof(object())
    # numba's types.Array attributes (numba-cuda's cache-hint tests read
    # typeof(x).dtype.bitwidth)
    t = pyjit.typeof(np.ones((2, 3), np.float32)[:, ::2])
    assert (t.dtype, t.ndim, t.layout) == (pyjit.float32, 2, "A")
    assert t.dtype.bitwidth == 32 and pyjit.int8.bitwidth == 8 and pyjit.complex128.bitwidth == 128
    assert pyjit.typeof(np.ones(4, np.uint16)).layout == "C"
    assert pyjit.typeof(np.ones((2, 2), order="F")).layout == "F"


def test_tuples_convert_to_a_declared_tuple_type(jit):
    # numba converts a tuple of Python ints to UniTuple(int32, 2).
    @jit(types.void(types.UniTuple(types.int32, 2), types.float64[:]))
    def k(t, a):
        a[0] = t[0] * 10 + t[1]

    a = np.zeros(1)
    k[1, 1]((3, 4), a)
    assert a[0] == 34

    @cuda.jit(["float64(UniTuple(int32, 2))"], device=True)
    def weigh(t):
        return t[0] * 10 + t[1]

    @jit
    def calls(out, x, y):   # (int64, int64) converts to the declared tuple, as for a kernel
        out[0] = weigh((x, y))

    calls[1, 1](a, 5, 6)
    assert a[0] == 56
    with pytest.raises(TypeError, match="kernel 'k': argument 't\\[0\\]': expected int32, got 3.5"):
        k[1, 1]((3.5, 4), a)   # a float is not packed as an int (as for a scalar argument)


def test_a_numpy_scalar_type_is_a_compile_time_argument(jit):
    # numba-cuda's test_linker: a dtype passed to the kernel (numba's NumberClass)
    # types a shared array; each dtype is an overload of its own.
    @jit
    def smem(ary, dty):
        sm = cuda.shared.array(8, dty)
        i = cuda.grid(1)
        sm[i] = i + 0.5
        cuda.syncthreads()
        ary[i] = sm[i] * 2

    a = np.zeros(8, np.int32)
    smem[1, 8](a, np.float64)
    assert a.tolist() == [2 * i + 1 for i in range(8)]
    smem[1, 8](a, np.int32)
    assert a.tolist() == [2 * i for i in range(8)]
    smem[1, 8](a, np.dtype("f4"))
    assert a.tolist() == [2 * i + 1 for i in range(8)]
    assert len(smem.signatures) == 3


def _polar(x, y):
    return x, y // 2


def test_device_functions_declare_tuple_results(jit):
    # numba's spellings of a tuple result: the string, the type object, and
    # Tuple((...)) of a Python tuple. Each element converts to its declared
    # type (y // 2 of int64s is 2, then 2.0).
    from pyjit import types
    for sig in ("UniTuple(float64, 2)(int64, int64)",
                types.UniTuple(types.float64, 2)(types.int64, types.int64),
                "Tuple((float64, float64))(int64, int64)",
                types.Tuple((types.float64, types.float64))(types.int64, types.int64)):
        pair = jit(sig, device=True)(_polar)

        @jit
        def k(out):
            a, b = pair(3, 5)
            out[0] = a / 2
            out[1] = b
            out[2] = pair(7, 1)[0]

        out = np.zeros(3)
        k[1, 1](out)
        assert out.tolist() == [1.5, 2.0, 7.0], sig


def test_a_tuple_result_that_does_not_convert_is_an_error_at_the_call():
    bad = cuda.jit("UniTuple(float64, 2)(complex128)", device=True)(lambda z: (z, z))

    @cuda.jit(target="cpu")
    def k(out):
        a, b = bad(1j)
        out[0] = a

    with pytest.raises(pyjit.CompileError, match=r"device function '_lambda' returns "
                                                 r"Tuple\(complex128, complex128\), which does "
                                                 r"not convert to its declared Tuple\(float64, "
                                                 r"float64\)"):
        k[1, 1](np.zeros(1))


def test_nested_tuple_and_optional_results_convert_to_their_declared_types(jit):
    # numba's cast, element by element into nested tuples (njit gives the
    # same), and a number or None into a declared Optional. pyjit ignored
    # these declarations, the values keeping their own types.
    nested = jit("Tuple((float32, UniTuple(int8, 2)))(float64)", device=True)(
        lambda x: (x, (int(x) + 200, -129)))
    maybe = jit("optional(float32)(int64)", device=True)(
        lambda n: None if n > 2 else n * 1.1)

    @jit
    def k(out, n):
        a, (b, c) = nested(0.1)
        out[0], out[1], out[2] = a, b, c
        m = maybe(n)
        out[3] = -1.0 if m is None else m
        m = maybe(n - 2)
        out[4] = -1.0 if m is None else m

    out = np.zeros(5)
    k[1, 1](out, 3)
    assert out.tolist() == [float(np.float32(0.1)), 200 - 256, 127, -1.0,
                            float(np.float32(1.1))]


def test_results_declared_as_arrays_or_nested_tuples_are_checked():
    as_array = cuda.jit("float32[::1](float64[::1])", device=True)(lambda a: a)
    as_nested = cuda.jit("UniTuple(UniTuple(int8, 2), 1)(int64)", device=True)(
        lambda n: n * 1.5)

    def k(a, o):
        o[0] = as_array(a)[0]

    def m(a, o):
        o[0] = as_nested(3)[0][0]

    with pytest.raises(pyjit.CompileError, match=r"returns array\(float64, 1d, C\), which "
                                                 r"does not convert to its declared "
                                                 r"array\(float32, 1d, C\)"):
        cuda.compile_ptx(k, "void(float64[::1], float64[::1])")
    with pytest.raises(pyjit.CompileError, match=r"returns float64, which does not convert to "
                                                 r"its declared Tuple\(Tuple\(int8, int8\)\)") as info:
        cuda.compile_ptx(m, "void(float64[::1], float64[::1])")
    # a note at the function, where its returns are
    assert "note: '_lambda' is defined here; its returns give float64" in str(info.value)


def test_a_result_of_the_wrong_shape_is_an_error_at_the_call(jit):
    # numba: TypingError. A tuple declared and a number returned, and the reverse.
    tuple_declared = jit("UniTuple(float64, 2)(float64)", device=True)(lambda a: a)
    number_declared = jit("float64(float64)", device=True)(lambda a: (a, a + 1))

    @jit
    def k(a, o):
        x, y = tuple_declared(a[0])
        o[0] = x + y

    @jit
    def m(a, o):
        x, y = number_declared(a[0])
        o[0] = x + y

    with pytest.raises(pyjit.CompileError, match=r"returns float64, which does not convert to "
                                                 r"its declared Tuple\(float64, float64\)"):
        k[1, 1](np.ones(1), np.zeros(1))
    with pytest.raises(pyjit.CompileError, match=r"returns Tuple\(float64, float64\), which does "
                                                 r"not convert to its declared float64"):
        m[1, 1](np.ones(1), np.zeros(1))


def _twice_plus_one(x):
    return x * 2.0 + 1.0


def _store_twice(a, i):
    a[i] = a[i] * 2.0


def test_a_void_signature_of_a_function_that_returns_a_value_is_an_error(jit):
    # numba-cuda: TypingError "No conversion from float64 to none" (a real
    # Julia-set program declared its device function 'void(...)' and
    # returned the value); a void function that returns nothing is fine.
    declared_void = jit("void(float64)", device=True)(_twice_plus_one)
    store = jit("void(float64[::1], int64)", device=True)(_store_twice)

    @jit
    def k(a):
        a[0] = declared_void(a[0])

    @jit
    def m(a):
        store(a, 1)

    with pytest.raises(pyjit.CompileError, match=r"device function '_twice_plus_one' returns "
                                                 r"float64, but its signature declares none "
                                                 r"\(void\)"):
        k[1, 1](np.ones(2))
    a = np.ones(2)
    m[1, 1](a)
    assert a.tolist() == [1.0, 2.0]


def _row_sums(a, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        out[i] = a[i, 0] + a[i, 1]


def test_array_constructor_in_strings_and_read_only_array_types(jit):
    from pyjit import types
    a = np.arange(6.0).reshape(3, 2)
    out = np.zeros(3)
    k = jit("void(Array(float64, 2, 'A'), float64[::1])")(_row_sums)
    k[1, 4](a, out)
    assert out.tolist() == [1.0, 5.0, 9.0]
    ro = types.Array(types.float64, 2, "C", readonly=True)
    assert str(ro) == "readonly array(float64, 2d, C)" and not ro.mutable
    assert types.float64[:, ::1].mutable
    k = jit(types.void(ro, types.float64[::1]))(_row_sums)
    frozen = a.copy()
    frozen.flags.writeable = False
    out[:] = 0
    k[1, 4](frozen, out)  # a read-only array, and a writable one, pass
    k[1, 4](a, out)
    assert out.tolist() == [1.0, 5.0, 9.0]
    assert pyjit.typeof(frozen) == ro and not pyjit.typeof(frozen).mutable

    def writes(x):
        x[0, 0] = 1.0

    with pytest.raises(pyjit.CompileError, match="cannot write to a read-only array"):
        jit(types.void(ro))(writes)


def test_signature_entries_equal_type_objects(jit):
    # numba's kernel.signatures holds type objects: an entry equals the
    # types of its arguments, whichever way they are spelled.
    from pyjit import float32, typeof, types

    @jit
    def k(r, a):
        r[0] = a

    arr = np.zeros(2, np.float32)
    k[1, 1](arr, np.float32(1))
    sig = k.signatures[0]
    assert sig == (typeof(arr), float32)
    assert sig[0] == float32[::1] and sig[0] == types.Array(float32, 1, "C")
    assert sig[0] != float32[:] and sig[1] != types.float64
    assert {float32: "x"}["float32"] == "x" and hash(float32[::1]) == hash(sig[0])


def test_signature_entries_are_type_objects_with_numba_attributes(jit):
    from pyjit import float32, types

    @jit
    def k(r, a):
        r[0] = a

    k[1, 1](np.zeros((2, 2), np.float32).T, np.float32(1))
    (arr, scalar), = k.signatures
    assert isinstance(arr, types.Array) and isinstance(pyjit.typeof(np.zeros(1)), types.Array)
    assert (arr.ndim, arr.layout, arr.dtype, arr.mutable) == (2, "F", float32, True)
    assert scalar == float32 and str(arr) == "array(float32, 2d, F)" and "2d" in arr
    assert sorted(k.signatures) == [("array(float32, 2d, F)", "float32")]
    pair = types.UniTuple(types.float64, 2)
    assert (pair.count, pair.dtype, pair.types) == (2, types.float64, (types.float64,) * 2)
    mixed = types.Tuple((types.int32, types.float64))
    assert mixed.types == (types.int32, types.float64) and not hasattr(mixed, "dtype")
    with pytest.raises(ValueError, match="count must be an int from 0 to 1024"):
        types.UniTuple(types.float64, 10 ** 9)


def test_fp16_is_a_module_as_in_numba():
    from pyjit.cuda.fp16 import hadd, hfma
    import pyjit.cuda.fp16 as fp16
    assert fp16.hadd is not None and hadd.__name__ and hfma.__name__


def test_calling_a_type_gives_a_signature_with_args_and_return_type():
    # numba: void(float32[:], int64) is a Signature; numba-cuda's tests key
    # kernel.overloads by sig.args and read sig.return_type.
    import pickle
    from pyjit import types, void, float32, int64

    sig = void(float32[::1], int64)
    assert sig == "void(float32[::1], int64)"  # still the signature string
    assert sig.args == (float32[::1], int64) and sig.return_type == void
    assert pickle.loads(pickle.dumps(sig)).args == sig.args
    assert types.signature(types.float64, "int32").args == (types.int32,)
    assert types.complex64.underlying_float == types.float32
    assert types.complex128.underlying_float == types.float64
    with pytest.raises(AttributeError, match="int32 has no underlying_float"):
        types.int32.underlying_float

    @cuda.jit(sig)
    def k(a, n):
        a[0] = n

    assert sig.args in k.overloads


def test_pyjit_types_equal_numbas_types_of_the_same_meaning():
    # A ported program compares kernel.signatures with numba's type objects.
    np.row_stack = getattr(np, "row_stack", np.vstack)  # numba-cuda 0.30 with numpy 2.x
    types = pytest.importorskip("numba", reason="numba is not installed").types
    assert pyjit.int32 == types.int32 and pyjit.float32[:] == types.float32[:]
    assert pyjit.float32[::1] == types.float32[::1]
    assert not pyjit.float32[::1] == types.float32[:]  # C layout is not A
    assert not pyjit.int32 == types.int64
    assert (pyjit.float32[:], pyjit.int32) == (types.float32[:], types.int32)
    # Signatures too (numba's own __eq__ gives None for ours, so pyjit's on the left).
    sig = pyjit.void(pyjit.float32[:], pyjit.int32)
    assert sig == types.void(types.float32[:], types.int32)
    assert not sig != types.void(types.float32[:], types.int32)
    assert sig != types.void(types.float64[:], types.int32)
    assert pyjit.int32(pyjit.int32) != types.int64(types.int32)
    assert sig == "void(float32[:], int32)" and {sig: 1}["void(float32[:], int32)"] == 1


def test_strided_view_for_a_contiguous_signature_suggests_a_copy(jit):
    @jit("void(float32[::1])")
    def k(a):
        a[0] = 1

    with pytest.raises(TypeError, match=r"argument 'a' is array\(float32, 1d, A\), the "
                                        r"signature wants array\(float32, 1d, C\) \(a strided "
                                        r"view: np.ascontiguousarray\(\) copies it"):
        k[1, 1](np.zeros(8, np.float32)[::2])


def test_an_array_of_another_dtype_suggests_a_conversion_and_numbas_view(jit):
    # numba launches a kernel of one signature without checking array dtypes
    # (numba's test_atomic_sub3 passes uint32 data to int32[:, :]); pyjit
    # refuses, and says how to convert the values (a new user took the view
    # it suggested alone, which turns int32 values into garbage floats) and,
    # for one item size, how to pass the bytes as numba reads them.
    @jit("void(int32[:])")
    def dec(counts):
        counts[0] -= 1

    data = np.arange(1, 5, dtype=np.uint32)
    with pytest.raises(TypeError, match=r"argument 'counts' is array\(uint32, 1d, C\), the "
                                        r"signature wants array\(int32, 1d, A\) \(convert its "
                                        r"values with counts.astype\(np.int32\); numba would "
                                        r"read its bytes as int32, which "
                                        r"counts.view\(np.int32\) does\)"):
        dec[1, 1](data)
    dec[1, 1](data.view(np.int32))
    assert data.tolist() == [0, 2, 3, 4]
    # Another item size: the conversion only (the bytes would not line up).
    with pytest.raises(TypeError, match=r"wants array\(int32, 1d, A\) \(convert its values "
                                        r"with counts.astype\(np.int32\)\)$"):
        dec[1, 1](np.zeros(4, np.int64))


def test_a_misspelt_signature_type_is_named_with_a_suggestion_and_no_pyjit_frames():
    # The TypeError came under 6-8 frames of pyjit's own; the type name
    # got no suggestion.
    import traceback
    with pytest.raises(TypeError, match=r"unknown type 'flaot32'; did you mean 'float32'\?") \
            as info:
        @cuda.jit("void(flaot32[:])")
        def k(a):
            a[0] = 1
    frames = traceback.extract_tb(info.value.__traceback__)
    inside = [f for f in frames if "/pyjit/" in f.filename.replace("\\", "/")]
    assert len(inside) <= 1, frames  # (the entry point's re-raise)


@pytest.mark.parametrize("sig, message", [
    ("void(int32[:], int32", r"a '\)' is missing"),
    ("int32(int32,", r"a '\)' is missing"),
    ("void(int32[:)", r"a '\]' is missing"),
])
def test_unbalanced_signatures_say_so(sig, message):
    # They were re-wrapped as argument tuples ('(void(int32[:], int32)'),
    # then reported as "unknown type 'void'" or "expected ',' or ')'".
    with pytest.raises(TypeError, match=r"invalid type signature %s: %s" % (
            re.escape(repr(sig)), message)):
        @cuda.jit(sig)
        def k(a, b):
            pass


def test_an_array_result_is_a_kernels_void_error_not_a_parse_error():
    # 'float32[:](float32, float32)' was wrapped as an argument tuple and
    # failed to parse ("expected ',' or ')'").
    with pytest.raises(TypeError, match="must have void return type"):
        @cuda.jit("float32[:](float32, float32)")
        def k(a, b):
            pass
