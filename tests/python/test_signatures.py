"""Signatures: strings, lists, pyjit type objects and type hints (no GPU needed)."""
import pytest

import pyjit
from pyjit import cuda, float32, float64, int32, void


def test_type_objects_spell_numba_signatures():
    assert str(float32[:]) == "float32[:]"
    assert str(float64[:, ::1]) == "float64[:, ::1]"
    assert void(float32[:], int32) == "void(float32[:], int32)"
    with pytest.raises(TypeError):
        float32[::1, :]


def test_type_hints_give_an_eager_signature():
    @cuda.jit
    def k(a: float32[::1], n: int32):
        a[0] = n

    assert k.signature_strings == ["void(float32[::1], int32)"]


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


def test_bad_hint_names_the_parameter():
    with pytest.raises(TypeError, match="parameter 'n'"):
        @cuda.jit
        def k(a: float32[:], n: list):
            pass


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
    with pytest.raises(TypeError, match="argument 't'.*empty"):
        typeof((), "argument 't'")
