"""cuda.declare_device and cuda.jit(link=...): calling CUDA C++ (or PTX,
cubins, ...) from kernels with numba.cuda's device-function ABI
(`extern "C" __device__ int f(T *result, params...)`)."""
import os

import numpy as np
import pytest

import pyjit
from pyjit import cuda
from pyjit._dispatcher import _link_inputs

FUNCTIONS_CU = r'''
extern "C" __device__ int mul_f32_f32(float *result, float x, float y) {
  *result = x * y;
  return 0;
}
// The sum of a[0:n] into *out; the result is n.
extern "C" __device__ int sum_into(int *result, const float *a, int n, float *out) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += a[i];
  *out = s;
  *result = n;
  return 0;
}
'''


@pytest.fixture
def functions_cu(tmp_path):
    path = tmp_path / "functions.cu"
    path.write_text(FUNCTIONS_CU)
    return str(path)


def test_signatures_are_read_and_checked():
    mul = cuda.declare_device("mul_f32_f32", "float32(float32, float32)")
    assert (mul._result, mul._params) == ("float32", "float32,float32")
    s = cuda.declare_device("sum_into", "int32(CPointer(float32), int32, float32*)")
    assert s._params == "ptr float32,int32,ptr float32"
    v = cuda.declare_device("fill", "void(CPointer(int64), int64)")
    assert v._result == "void"
    with pytest.raises(RuntimeError, match="only be called inside a kernel"):
        mul(1.0, 2.0)
    # An array parameter passes its data pointer (numba-cuda); a result is a number.
    assert cuda.declare_device("f", "float32(float32[:])")._params == "ptr float32"
    with pytest.raises(ValueError, match="cannot read signature"):
        cuda.declare_device("f", "float32[:](float32)")
    with pytest.raises(ValueError, match="not a scalar type"):
        cuda.declare_device("f", "float32(floaty)")
    with pytest.raises(ValueError, match="cannot read signature"):
        cuda.declare_device("f", "float32")
    with pytest.raises(ValueError, match="C symbol"):
        cuda.declare_device("not a name", "float32()")
    one = cuda.declare_device("f", "float32()", link="functions.cu")  # numba wraps one path
    assert one._link == (os.path.abspath("functions.cu"),)
    with pytest.raises(TypeError, match="link must be a file path or a list of them"):
        cuda.declare_device("f", "float32()", link=3)
    with pytest.raises(TypeError, match="option link must be a list"):
        cuda.jit(link="functions.cu")(lambda a: None)


def test_calls_are_checked_against_the_declaration(jit):
    s = cuda.declare_device("sum_into", "int32(CPointer(float32), int32, float32*)")

    @jit
    def wrong_count(out):
        out[0] = s(out, 1)

    with pytest.raises(pyjit.CompileError, match=r"declared device function 'sum_into' .* "
                                                 r"takes 3 arguments, got 2"):
        wrong_count[1, 1](np.zeros(1, np.float32))

    @jit
    def wrong_array(out, a):
        out[0] = s(a, 1, out)

    with pytest.raises(pyjit.CompileError, match=r"parameter 1 of declared device function "
                                                 r"'sum_into' .* is a pointer to float32: pass "
                                                 r"an array of float32, not array\(float64"):
        wrong_array[1, 1](np.zeros(1, np.float32), np.zeros(3))


def test_the_cpu_backend_refuses_declared_functions_at_the_call():
    mul = cuda.declare_device("mul_f32_f32", "float32(float32, float32)")

    @cuda.jit(target="cpu")
    def k(r):
        r[0] = mul(r[0], r[0])

    with pytest.raises(pyjit.CompileError) as info:
        k[1, 1](np.ones(1, np.float32))
    assert "declared device function 'mul_f32_f32'" in str(info.value)
    assert "runs on the GPU only" in str(info.value)
    assert "r[0] = mul(r[0], r[0])" in str(info.value)


def test_cu_files_compile_with_nvrtc_and_link(functions_cu, tmp_path):
    # No GPU needed: NVRTC runs on the host.
    (kind, data, name), = _link_inputs([functions_cu], "sm_90")
    assert kind == "ptx" and b".visible .func" in data and b"mul_f32_f32" in data
    bad = tmp_path / "bad.cu"
    bad.write_text('extern "C" __device__ int f(float *r) { return undefined_thing; }\n')
    with pytest.raises(pyjit.LinkError) as info:
        _link_inputs([str(bad)], "sm_90")
    text = str(info.value)
    assert "nvrtcCompileProgram" in text and "NVRTC_ERROR_COMPILATION" in text
    assert "bad.cu(1)" in text and "undefined_thing" in text


def test_compile_all_gives_the_linked_code_too(functions_cu):
    # numba-cuda's compile_all: the function's PTX, then its link files'
    # code (a .cu file as NVRTC's PTX).
    mul = cuda.declare_device("mul_f32_f32", "float32(float32, float32)", link=functions_cu)

    def square(x):
        return mul(x, x)

    codes, restype = cuda.compile_all(square, "float32(float32)")
    assert restype is pyjit.float32 and len(codes) == 2
    assert ".visible .func  (.param .b32 func_retval0) square(" in codes[0]
    assert "call.uni" in codes[0] and "mul_f32_f32" in codes[0]
    assert ".visible .func  (.param .b32 func_retval0) mul_f32_f32(" in codes[1]
    assert ".target sm_90" in codes[1]


def test_missing_and_unknown_link_files_are_named(tmp_path):
    from pyjit._dispatcher import _link_files
    info = {"globals": {}}
    with pytest.raises(FileNotFoundError, match="kernel 'k': link file '.*nothere.cu' not found"):
        _link_files({"link": [str(tmp_path / "nothere.cu")]}, info, "k")
    (tmp_path / "x.txt").write_text("")
    with pytest.raises(ValueError, match=r"cannot link '.*x.txt': pyjit links \.a, \.cu"):
        _link_files({"link": [str(tmp_path / "x.txt")]}, info, "k")


@pytest.mark.gpu
def test_numba_s_ffi_example_runs(functions_cu, tmp_path):
    # numba.cuda's "Calling foreign functions" example, and a pointer
    # parameter (an array's data), with link files on the kernel and on the
    # declaration.
    mul = cuda.declare_device("mul_f32_f32", "float32(float32, float32)")
    sum_into = cuda.declare_device("sum_into", "int32(CPointer(float32), int32, float32*)",
                                   link=[functions_cu])

    @cuda.jit(link=[functions_cu])
    def multiply_vectors(r, x, y):
        i = cuda.grid(1)
        if i < len(r):
            r[i] = mul(x[i], y[i])

    @cuda.jit
    def total(x, out, count):
        if cuda.grid(1) == 0:
            count[0] = sum_into(x, x.size, out)

    x = np.arange(1, 101, dtype=np.float32)
    y = np.full(100, 0.5, dtype=np.float32)
    r = np.zeros_like(x)
    multiply_vectors[4, 32](r, x, y)
    np.testing.assert_array_equal(r, x * y)
    out = np.zeros(1, np.float32)
    count = np.zeros(1, np.int32)
    total[1, 32](x, out, count)
    assert out[0] == x.sum() and count[0] == 100


def _results_after_edits(add, edits, edit):
    """add(0) in a fresh kernel after each edit(k) of the linked sources: a
    kernel compiled again for each (the disk cache must miss)."""
    results = []
    for k in edits:
        edit(k)

        @cuda.jit
        def kern(out):
            out[0] = add(out[0])

        out = np.zeros(1, np.int64)
        kern[1, 1](out)
        results.append(int(out[0]))
    return results


@pytest.mark.gpu
def test_an_edited_cu_file_is_compiled_again(tmp_path, monkeypatch):
    monkeypatch.setenv("PYJIT_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "k.cu"
    add = cuda.declare_device("add_k", "int64(int64)", link=[str(path)])
    assert _results_after_edits(add, (1, 2), lambda k: path.write_text(
        'extern "C" __device__ int add_k(long long *r, long long x) '
        '{ *r = x + %d; return 0; }\n' % k)) == [1, 2]


@pytest.mark.gpu
def test_an_edited_header_of_a_cu_file_is_compiled_again(tmp_path, monkeypatch):
    # The key holds the headers a .cu file includes with quotes, transitively.
    monkeypatch.setenv("PYJIT_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "inc").mkdir()
    path = tmp_path / "k.cu"
    path.write_text('#include "inc/step.h"\n'
                    'extern "C" __device__ int add_h(long long *r, long long x) '
                    '{ *r = x + STEP; return 0; }\n')
    (tmp_path / "inc" / "step.h").write_text('#include "value.h"\n')
    add = cuda.declare_device("add_h", "int64(int64)", link=[str(path)])
    assert _results_after_edits(add, (5, 7), lambda k: (tmp_path / "inc" / "value.h").write_text(
        "#define STEP %d\n" % k)) == [5, 7]


def test_link_file_digests_follow_quoted_includes(tmp_path):
    from pyjit._dispatcher import _file_digests
    (tmp_path / "inc").mkdir()
    cu = tmp_path / "k.cu"
    cu.write_text('#include <cuda_fp16.h>\n#include "inc/a.h"\n#  include "missing.h"\n')
    (tmp_path / "inc" / "a.h").write_text('#include "b.h"\n#include "a.h"\n')  # b beside a; a cycle
    (tmp_path / "inc" / "b.h").write_text("#define B 1\n")
    names = [os.path.relpath(p, tmp_path) for p, _ in _file_digests([str(cu)])]
    assert sorted(names) == ["inc/a.h", "inc/b.h", "k.cu"]
    before = dict(_file_digests([str(cu)]))
    (tmp_path / "inc" / "b.h").write_text("#define B 2\n")
    after = dict(_file_digests([str(cu)]))
    changed = [os.path.relpath(p, tmp_path) for p in after if after[p] != before[p]]
    assert changed == ["inc/b.h"]
    # A PTX file's text is not C++: an '#include' in it is not followed.
    ptx = tmp_path / "f.ptx"
    ptx.write_text('#include "inc/a.h"\n')
    assert [p for p, _ in _file_digests([str(ptx)])] == [str(ptx)]


def _search_path_tree(tmp_path):
    # numba-cuda's doc example ex_extra_search_paths: saxpy.cu includes
    # <add.cuh> and "mul.cuh", each from a directory of its own.
    (tmp_path / "add").mkdir()
    (tmp_path / "mul").mkdir()
    (tmp_path / "add" / "add.cuh").write_text("#define ADD(a, b) ((a) + (b))\n")
    (tmp_path / "mul" / "mul.cuh").write_text("#define MUL(a, b) ((a) * (b))\n")
    cu = tmp_path / "saxpy.cu"
    cu.write_text('#include <add.cuh>\n#include "mul.cuh"\n'
                  'extern "C" __device__ int saxpy(float *r, float a, float x, float y) '
                  '{ *r = ADD(MUL(a, x), y); return 0; }\n')
    return cu, "%s:%s" % (tmp_path / "add", tmp_path / "mul")


def test_nvrtc_extra_search_paths_find_headers(tmp_path, monkeypatch):
    # numba's config.CUDA_NVRTC_EXTRA_SEARCH_PATHS: ':'-separated directories
    # NVRTC searches for <...> and "..." headers. No GPU needed.
    cu, dirs = _search_path_tree(tmp_path)
    with pytest.raises(pyjit.LinkError, match='cannot open source file "add.cuh"'):
        _link_inputs([str(cu)], "sm_90")
    monkeypatch.setattr(cuda.config, "CUDA_NVRTC_EXTRA_SEARCH_PATHS", dirs)
    (kind, data, name), = _link_inputs([str(cu)], "sm_90")
    assert kind == "ptx" and b".visible .func" in data and b"saxpy" in data
    assert b"fma.rn.f32" in data  # ADD(MUL(a, x), y), contracted as NVRTC does by default


def test_a_fatal_nvrtc_error_keeps_the_stack_limit(tmp_path):
    # NVRTC 13.0 leaves RLIMIT_STACK unlimited after "cannot open source
    # file"; the CPU backend's recursion check (test_recursion.py) reads it.
    resource = pytest.importorskip("resource")
    before = resource.getrlimit(resource.RLIMIT_STACK)
    cu = tmp_path / "missing_header.cu"
    cu.write_text("#include <no_such_header.cuh>\n")
    with pytest.raises(pyjit.LinkError, match='cannot open source file "no_such_header.cuh"'):
        _link_inputs([str(cu)], "sm_90")
    assert resource.getrlimit(resource.RLIMIT_STACK) == before


def test_nvrtc_extra_search_paths_headers_are_in_the_key(tmp_path):
    from pyjit._dispatcher import _file_digests
    cu, dirs = _search_path_tree(tmp_path)
    search = tuple(dirs.split(":"))
    # Without the search paths neither header is found; <add.cuh> is never
    # looked for beside the file (NVRTC does not either).
    (tmp_path / "add.cuh").write_text("#define ADD(a, b) 0\n")
    assert [os.path.basename(p) for p, _ in _file_digests([str(cu)])] == ["saxpy.cu"]
    names = sorted(os.path.relpath(p, tmp_path) for p, _ in _file_digests([str(cu)], search))
    assert names == ["add/add.cuh", "mul/mul.cuh", "saxpy.cu"]
    before = dict(_file_digests([str(cu)], search))
    (tmp_path / "add" / "add.cuh").write_text("#define ADD(a, b) ((b) + (a))\n")
    after = dict(_file_digests([str(cu)], search))
    assert [os.path.relpath(p, tmp_path) for p in after if after[p] != before[p]] == \
        ["add/add.cuh"]


@pytest.mark.gpu
def test_nvrtc_extra_search_paths_kernel(tmp_path, monkeypatch):
    # The doc example end to end: a kernel calls saxpy from saxpy.cu.
    monkeypatch.setenv("PYJIT_CACHE_DIR", str(tmp_path / "cache"))
    cu, dirs = _search_path_tree(tmp_path)
    monkeypatch.setattr(cuda.config, "CUDA_NVRTC_EXTRA_SEARCH_PATHS", dirs)
    saxpy = cuda.declare_device("saxpy", sig="float32(float32, float32, float32)",
                                link=str(cu))

    @cuda.jit
    def vector_saxpy(a, x, y, res):
        i = cuda.grid(1)
        if i < len(res):
            res[i] = saxpy(a, x[i], y[i])

    x = np.arange(100, dtype=np.float32)
    y = np.ones(100, np.float32)
    r = np.zeros(100, np.float32)
    vector_saxpy[4, 32](np.float32(3), x, y, r)
    np.testing.assert_array_equal(r, np.float32(3) * x + y)


def test_link_file_extensions_ignore_case_and_cu_files_must_be_utf8(tmp_path):
    from pyjit._dispatcher import _link_files
    upper = tmp_path / "F.CU"
    upper.write_text(FUNCTIONS_CU)
    assert _link_files({"link": [str(upper)]}, {"globals": {}}, "k") == [str(upper)]
    (kind, data, _), = _link_inputs([str(upper)], "sm_90")
    assert kind == "ptx" and b"mul_f32_f32" in data
    latin = tmp_path / "latin.cu"
    latin.write_bytes(b"// caf\xe9\n" + FUNCTIONS_CU.encode())
    with pytest.raises(pyjit.LinkError, match="latin.cu': it is not UTF-8 text"):
        _link_inputs([str(latin)], "sm_90")


@pytest.mark.gpu
def test_declared_results_of_16_and_1_bytes(tmp_path):
    # A complex128 result is stored by the callee with one 16-byte store:
    # the result slot is 16-byte aligned.
    path = tmp_path / "c.cu"
    path.write_text('#include <cuComplex.h>\n'
                    'extern "C" __device__ int cd(cuDoubleComplex *r, cuDoubleComplex x) '
                    '{ *r = cuCmul(x, x); return 0; }\n'
                    'extern "C" __device__ int u8f(unsigned char *r, unsigned char x) '
                    '{ *r = x - 1; return 0; }\n')
    cd = cuda.declare_device("cd", "complex128(complex128)", link=[str(path)])
    u8f = cuda.declare_device("u8f", "uint8(uint8)", link=[str(path)])

    @cuda.jit
    def k(z, o):
        z[0] = cd(z[1])
        o[0] = u8f(9)

    z = np.array([0, 1 + 2j], np.complex128)
    o = np.zeros(1, np.uint8)
    k[1, 1](z, o)
    assert z[0] == (1 + 2j) ** 2 and o[0] == 8


def test_declared_function_has_numbas_name_and_sig():
    from pyjit import float32, int32
    from pyjit.types import Type
    d = cuda.declare_device("f1", "int32(float32, CPointer(float32), voidptr)")
    assert d.name == "f1"
    assert d.sig.return_type == int32
    assert d.sig.args == (float32, Type("CPointer(float32)"), Type("voidptr"))
    v = cuda.declare_device("g", "void(int64)")
    assert str(v.sig.return_type) == "void" and v.sig.args == (Type("int64"),)
    for no_return in ("(float32[:],)", (float32[:],)):  # numba's TypeError and words
        with pytest.raises(TypeError, match="Return type must be provided for device "
                                            "declarations"):
            cuda.declare_device("f3", no_return)


def test_signature_objects_declare_as_their_text():
    # numba's tests declare with signature objects: numba.int32(numba.int32),
    # types.void(types.CPointer(types.int32)). A numba Signature has .args and
    # .return_type, which print 'none' for void and 'int32*' for a pointer.
    from pyjit import float32, int32

    class NumbaSignature:
        def __init__(self, return_type, args):
            self.return_type, self.args = return_type, args

    for sig in (float32(float32, int32), NumbaSignature("float32", ("float32", "int32"))):
        d = cuda.declare_device("f", sig)
        assert (d._result, d._params) == ("float32", "float32,int32"), sig
    d = cuda.declare_device("g", NumbaSignature("none", ("int32*", "array(float64, 1d, A)")))
    assert (d._result, d._params) == ("void", "ptr int32,ptr float64")
    with pytest.raises(TypeError, match="a string such as 'float32\\(float32, float32\\)' or "
                                        "a signature object, got 3"):
        cuda.declare_device("h", 3)


def test_cusource_links_from_memory_and_arrays_pass_their_data():
    # numba-cuda: link=[cuda.CUSource("...")], and an array parameter in a
    # declaration (`int32(float32[:])`, its test_declare_device_signature) is
    # passed as its data pointer.
    source = cuda.CUSource(FUNCTIONS_CU)
    assert isinstance(source, os.PathLike) and source.data == FUNCTIONS_CU.encode()
    path = os.fspath(source)
    assert path.endswith(".cu") and open(path, "rb").read() == source.data
    assert os.fspath(cuda.CUSource(FUNCTIONS_CU)) == path  # named by its content
    sum_into = cuda.declare_device("sum_into", "int32(float32[:], int32, float32[::1])",
                                   link=[source])
    # (numba's sig.args keep the array types: its data pointer is what is passed)
    assert sum_into.sig.args == (pyjit.float32[:], pyjit.int32, pyjit.float32[::1])
    # n-d arrays too (the comma inside the brackets does not split the signature)
    assert cuda.declare_device("f2d", "int32(float64[:, ::1], int32)").sig.args == \
        (pyjit.float64[:, ::1], pyjit.int32)

    def total(x, out, count):
        count[0] = sum_into(x, x.size, out)

    codes, restype = cuda.compile_all(total, "void(float32[::1], float32[::1], int32[::1])",
                                      device=False, abi="numba")
    assert restype is pyjit.void and len(codes) == 2
    assert "sum_into" in codes[0] and ".visible .func  (.param .b32 func_retval0) sum_into(" \
        in codes[1]
    with pytest.raises(TypeError, match="CUSource: data must be bytes or str, got int"):
        cuda.CUSource(3)


@pytest.mark.gpu
def test_a_cusource_declaration_with_array_parameters_runs():
    sum_into = cuda.declare_device("sum_into", "int32(float32[:], int32, float32[:])",
                                   link=[cuda.CUSource(FUNCTIONS_CU)])

    @cuda.jit
    def total(x, out, count):
        if cuda.grid(1) == 0:
            count[0] = sum_into(x, x.size, out)

    x = np.arange(1, 101, dtype=np.float32)
    out = np.zeros(1, dtype=np.float32)
    count = np.zeros(1, dtype=np.int32)
    total[1, 32](x, out, count)
    assert out[0] == 5050 and count[0] == 100


def test_a_missing_link_file_is_an_error_on_every_backend(jit, tmp_path):
    # The CPU backend links nothing, but a misspelt path is found there too.
    @jit(link=[str(tmp_path / "missing.cu")])
    def k(a):
        a[0] = 1.0

    with pytest.raises(FileNotFoundError, match="kernel 'k': link file '.*missing.cu' not found"):
        k[1, 1](np.zeros(1, np.float32))


def _halve(z, w):
    return z / 2 + w


@pytest.mark.gpu
def test_a_complex_function_compiled_with_the_c_abi_is_called_from_cuda_c(tmp_path):
    # numba-cuda's gh-789 compiles complex128(complex128) with abi="c": a
    # complex is passed and returned as a {double, double} struct by value,
    # as CUDA C passes a struct of two doubles.
    ptx, result = cuda.compile_ptx(_halve, "complex128(complex128, complex128)", device=True,
                                   abi="c")
    assert str(result) == "complex128"
    (tmp_path / "halve.ptx").write_text(ptx)
    (tmp_path / "caller.cu").write_text(r'''
struct c128 { double re, im; };
extern "C" __device__ c128 _halve(c128 z, c128 w);
extern "C" __device__ int call_halve(double *result, double re, double im, double *im_out) {
  c128 r = _halve(c128{re, im}, c128{0.25, -1.0});
  *im_out = r.im;
  *result = r.re;
  return 0;
}
''')
    call = cuda.declare_device("call_halve", "float64(float64, float64, CPointer(float64))",
                               link=[str(tmp_path / "caller.cu"), str(tmp_path / "halve.ptx")])

    @cuda.jit
    def k(out):
        out[0] = call(3.0, 5.0, out[1:])

    out = np.zeros(2)
    k[1, 1](out)
    expected = (3 + 5j) / 2 + (0.25 - 1j)
    assert out.tolist() == [expected.real, expected.imag]


@pytest.mark.gpu
def test_a_declaration_that_does_not_match_its_definition_is_a_link_error(functions_cu):
    # nvJitLink printed "Prototype doesn't match" and returned success: the
    # kernel ran, calling the one-argument function with two (garbage).
    wrong = cuda.declare_device("mul_f32_f32", "float32(float32, float32, float32)",
                                link=[functions_cu])

    @cuda.jit(cache=False)
    def k(a):
        a[0] = wrong(a[0], a[1], a[2])

    with pytest.raises(pyjit.LinkError, match="Prototype doesn't match for 'mul_f32_f32'"):
        k[1, 1](np.ones(3, np.float32))
