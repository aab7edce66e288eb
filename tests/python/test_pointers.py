"""numba's pointers in kernels: CPointer(T) parameters, p[i], carray/farray
views, and ffi.from_buffer(a), on the GPU and on the CPU backend. Expected
values come from numpy (the same index arithmetic on a host copy)."""
import re

import numpy as np
import pytest

import pyjit
from pyjit import cuda, types
from pyjit import float32, float64, int32, uint32, void
from pyjit._devicearray import host_memory


def address(d):
    return d.__cuda_array_interface__["data"][0]


def memory(jit, host):
    """(address, read back) of `host`'s data where a kernel of `jit`'s
    backend reads it: a device copy for the GPU; for the CPU backend the
    numpy array itself (its pointers are host addresses, also beside a GPU).
    The read-back function holds the memory: keep it while the address is used."""
    if jit is cuda.jit:
        d = cuda.to_device(host)
        return address(d), d.copy_to_host
    return host.ctypes.data, lambda: host


def test_cpointer_parameters_axpy(jit):
    # numba-cuda's test_dispatcher_cpointer_arguments.
    ptr = types.CPointer(types.int32)

    @jit(void(ptr, int32, ptr, ptr, uint32))
    def axpy(r, a, x, y, n):
        i = cuda.grid(1)
        if i < n:
            r[i] = a * x[i] + y[i]

    hx = np.arange(10, dtype=np.int32)
    hy = np.arange(10, dtype=np.int32) * 2
    x, y = memory(jit, hx.copy()), memory(jit, hy.copy())  # (kept: they hold the memory)
    r = memory(jit, np.zeros(10, np.int32))
    axpy[1, 32](r[0], 5, x[0], y[0], 10)
    np.testing.assert_array_equal(r[1](), 5 * hx + hy)


@pytest.mark.skipif(not host_memory(), reason="a GPU: device arrays are GPU memory, which CPU-backend kernels "
                           "cannot read through a pointer")
def test_cpu_backend_device_arrays_have_a_gpus_slack_for_pointer_overruns():
    # numba-cuda's own test_dispatcher_cpointer_arguments launches with n=16
    # over 10-element device arrays: the GPU's allocation rounding hides the
    # bytes written past the end. The CPU backend rounds its device arrays up
    # to 256 bytes too, so such writes land there, not in Python's heap or a
    # neighbouring array.
    import ctypes
    ptr = types.CPointer(types.int32)

    @cuda.jit(void(ptr, uint32), target="cpu")
    def fill(r, n):
        i = cuda.grid(1)
        if i < n:
            r[i] = i

    for _ in range(20):
        dr = cuda.device_array(10, np.int32)  # 40 bytes
        guard = cuda.to_device(np.full(64, 7, np.int32))
        p = dr.__cuda_array_interface__["data"][0]
        fill[1, 64](p, 64)  # 256 bytes
        written = np.ctypeslib.as_array((ctypes.c_int32 * 64).from_address(p))
        np.testing.assert_array_equal(written, np.arange(64))
        np.testing.assert_array_equal(guard.copy_to_host(), 7)


def test_pointer_index_is_pointer_arithmetic(jit):
    # A pointer to element 2: q[-1] is element 1, q[i] element 2 + i; no
    # bounds (the extent is unknown), no wrap-around.
    @jit(void(types.CPointer(types.float64), int32))
    def k(q, n):
        q[-1] = 7.0
        for i in range(n):
            q[i] = q[i] * 2 + 1

    host = np.arange(8.0)
    expect = host.copy()
    expect[1] = 7.0
    expect[2:6] = expect[2:6] * 2 + 1
    at, result = memory(jit, host)
    k[1, 1](at + 2 * 8, 4)
    np.testing.assert_array_equal(result(), expect)


@pytest.mark.parametrize("order", ["C", "F"])
def test_carray_and_farray_views(jit, order):
    view = pyjit.carray if order == "C" else pyjit.farray

    @jit(void(types.CPointer(types.float32), int32, int32))
    def k(p, m, n):
        a = view(p, (m, n), dtype=float32)
        for i in range(m):
            for j in range(n):
                a[i, j] += float32(10 * i + j)

    m, n = 3, 4
    at, result = memory(jit, np.zeros(m * n, np.float32))
    k[1, 1](at, m, n)
    expect = np.zeros((m, n), np.float32, order=order)
    expect += 10 * np.arange(m)[:, None] + np.arange(n)[None, :]
    np.testing.assert_array_equal(result(), expect.ravel(order="K"))


def test_carray_1d_shape_int_and_numba_spelling(jit):
    # numba-cuda's _test_cfarray: carray(ptr, (1,), dtype=float32), a[0] += 1.2
    @jit(void(types.CPointer(types.float32)))
    def add(a_ptr):
        a = pyjit.carray(a_ptr, 1)
        a[0] += 1.2
        b = pyjit.farray(a_ptr, (1,), dtype=cuda.float32)
        b[0] += 1.0

    at, result = memory(jit, np.array([0.5], dtype=np.float32))
    add[1, 1](at)
    assert result()[0] == np.float32(np.float32(0.5) + np.float32(1.2)) + np.float32(1.0)


def _numba_s(name):
    """Stands for numba.carray / numba.farray (numba.np.numpy_support's; pyjit
    knows them by name and module): a kernel that imported numba's is
    compiled with pyjit's, never called on the host."""
    def f(ptr, shape, dtype=None):
        raise AssertionError("called on the host")
    f.__name__ = f.__qualname__ = name
    f.__module__ = "numba.np.numpy_support"
    return f


numba_carray, numba_farray = _numba_s("carray"), _numba_s("farray")


def test_numbas_carray_and_farray_in_a_kernel_are_pyjits(jit):
    # `from numba import carray` kept beside `from pyjit import cuda` (numba-cuda's
    # test_array imports numba.cuda.np.numpy_support's): it was "a plain Python
    # function ... not supported in kernels".
    @jit(void(types.CPointer(types.float32)))
    def k(p):
        a = numba_carray(p, (2, 2), dtype=np.float32)
        b = numba_farray(p, (2, 2), dtype=np.float32)
        a[0, 1] += 1.5  # item 1
        b[0, 1] += 2.5  # item 2

    at, result = memory(jit, np.zeros(4, np.float32))
    k[1, 1](at)
    assert result().tolist() == [0.0, 1.5, 2.5, 0.0]


class FFI:
    """Stands for cffi.FFI (pyjit knows it by its class name and module): the
    kernel's ffi.from_buffer(a) is compiled, never called on the host."""
    __module__ = "cffi.api"


ffi = FFI()


def _second(p):
    return p[1]


def test_ffi_from_buffer_to_a_device_function(jit):
    second = jit(device=True)(_second)

    @jit
    def k(a, out):
        p = ffi.from_buffer(a)
        out[0] = second(p)
        q = pyjit.carray(ffi.from_buffer(a), (2, 2))
        out[1] = q[1, 0]

    a = np.array([3.0, 4.0, 5.0, 6.0])
    out = np.zeros(2)
    k[1, 1](cuda.to_device(a), d_out := cuda.to_device(out))
    np.testing.assert_array_equal(d_out.copy_to_host(), [4.0, 5.0])


@pytest.mark.parametrize("body, message", [
    ("x = len(p)", "len() does not take a pointer"),
    ("x = p.shape[0]", "has no attribute 'shape'"),
    ("x = p[1:3]", "is indexed by one integer, not a slice"),
    ("x = p[1.0]", "is indexed by one integer, not float64"),
    ("for v in p:\n        pass", "iteration over a pointer"),
    ("x = pyjit.carray(p, (2, 2), dtype=np.float64)", "dtype float64 is not the pointer's, int32"),
    ("x = pyjit.carray(p, 2.5)", "the shape is an int or a tuple of ints"),
])
def test_pointer_misuse_is_a_compile_error(body, message, tmp_path):
    import importlib.util
    path = tmp_path / "pointer_misuse.py"
    path.write_text("import numpy as np\nimport pyjit\n\n\ndef k(p):\n    %s\n" % body)
    spec = importlib.util.spec_from_file_location("pointer_misuse", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with pytest.raises(pyjit.CompileError, match=re.escape(message)) as raised:
        cuda.compile_ptx(module.k, "void(CPointer(int32))")
    assert "pointer_misuse.py:6:" in str(raised.value)  # the line of the misuse


def test_pointer_argument_must_be_an_address(jit):
    @jit(void(types.CPointer(types.float64)))
    def k(p):
        p[0] = 1.0

    d = cuda.to_device(np.zeros(2))
    with pytest.raises(TypeError, match="argument 'p' is array"):
        k[1, 1](d)


def test_host_carray_views_ctypes_memory():
    import ctypes
    buf = (ctypes.c_int32 * 6)(*range(6))
    pointer = ctypes.cast(buf, ctypes.POINTER(ctypes.c_int32))
    a = pyjit.carray(pointer, (2, 3))
    np.testing.assert_array_equal(a, np.arange(6).reshape(2, 3))
    f = pyjit.farray(ctypes.addressof(buf), (2, 3), dtype=np.int32)
    np.testing.assert_array_equal(f, np.arange(6).reshape(2, 3, order="F"))
    a[1, 2] = 50
    assert buf[5] == 50  # a view, not a copy
    with pytest.raises(TypeError, match="dtype int64 is not the pointer's, int32"):
        pyjit.carray(pointer, 3, dtype=np.int64)
    with pytest.raises(TypeError, match="needs the dtype"):
        pyjit.carray(ctypes.addressof(buf), 3)


def test_from_buffer_needs_a_contiguous_array(tmp_path):
    # numba: "from_buffer() unsupported on non-contiguous buffers" (a strided
    # view's pointer would reach the elements between its items).
    @cuda.jit
    def k(a):
        p = ffi.from_buffer(a)
        p[1] = 99.0

    base = cuda.to_device(np.zeros(6, np.float32))
    with pytest.raises(pyjit.CompileError, match="needs a contiguous array, not array"):
        k[1, 1](base[::2])
    with pytest.raises(pyjit.CompileError, match="contiguous array of C layout"):
        k[1, 1](cuda.to_device(np.zeros((2, 3), np.float32, order="F")))
    k[1, 1](base)
    assert base.copy_to_host()[1] == 99.0


def test_pointer_and_int_signatures_pick_by_argument(jit):
    # An int matches int64 as it is, a pointer only by conversion: the int64
    # signature runs (numba compiles both; no ambiguity).
    @jit(["void(CPointer(float64), float64[::1])", "void(int64, float64[::1])"])
    def k(p, out):
        out[0] = 1.0 if cuda.threadIdx.x == 0 else 0.0
        out[1] = out[1] + 1

    out = cuda.to_device(np.zeros(2))
    k[1, 1](12345678, out)
    np.testing.assert_array_equal(out.copy_to_host(), [1.0, 1.0])
    chosen = k._overloads[("int64", "array(float64, 1d, C)")]
    assert chosen.argtypes[0] == "int64"


def test_small_addresses_are_refused(jit):
    @jit(void(types.CPointer(types.float32)))
    def k(p):
        p[0] = 1.0

    with pytest.raises(TypeError, match="argument 'p' is a CPointer\\(float32\\) parameter: "
                                        "0x8 is not an address of memory"):
        k[1, 1](8)


def test_an_item_of_a_null_pointer_is_refused_where_indices_are_checked(jit):
    # A null pointer may be passed (and never read); reading or writing an
    # item of it raises where indices are checked: debug=True, and always on
    # the CPU backend (where the access would crash the interpreter).
    @jit(void(types.CPointer(types.float32), types.int64, types.int64), debug=True)
    def k(p, i, touch):
        if touch:
            p[i] = 42.0

    k[1, 1](0, 0, 0)
    for i in (0, 3):
        with pytest.raises(ValueError, match=r"item %d of a null pointer \(address 0x0; no memory "
                                             r"lies below 0x10000\) in kernel 'k'" % i):
            k[1, 1](0, i, 1)


def test_a_carray_of_a_null_pointer_is_refused_where_indices_are_checked(jit):
    @jit(void(types.CPointer(types.float64), types.int64, types.float64[::1]), debug=True)
    def k(p, n, out):
        a = pyjit.carray(p, n)
        if n:
            out[0] = a[0]

    k[1, 1](0, 0, np.zeros(1))  # no items: harmless
    with pytest.raises(ValueError, match=r"carray\(\) of a null pointer \(address 0x0; no memory "
                                         r"lies below 0x10000\) with 4 items"):
        k[1, 1](0, 4, np.zeros(1))


def test_cpu_backend_refuses_an_item_of_a_null_pointer_without_debug():
    @cuda.jit(void(types.CPointer(types.float64), types.float64[::1]), target="cpu")
    def k(p, out):
        out[0] = p[0]

    with pytest.raises(ValueError, match="item 0 of a null pointer"):
        k[1, 1](0, np.zeros(1))
    host = np.array([2.5])
    out = np.zeros(1)
    k[1, 1](host.ctypes.data, out)
    assert out[0] == 2.5


def test_zero_dim_carray_and_bool_pointer(jit):
    @jit(void(types.CPointer(types.boolean), types.CPointer(types.float64)))
    def k(flags, p):
        scalar = pyjit.carray(p, ())
        if flags[1]:
            scalar[()] = 5.0

    flags = memory(jit, np.array([False, True]))  # (kept: it holds the memory)
    at, result = memory(jit, np.zeros(1))
    k[1, 1](flags[0], at)
    assert result()[0] == 5.0


def test_pointer_inside_a_tuple_signature_is_refused():
    with pytest.raises(TypeError, match="has a pointer inside Tuple"):
        cuda.jit("void(Tuple(CPointer(float32), int64))")(_second)


@pytest.mark.gpu
def test_cpu_backend_kernel_refuses_a_gpu_address():
    # Beside a GPU, a CPU-backend kernel given device memory would crash the
    # process reading it: the launch names the parameter instead.
    @cuda.jit(void(types.CPointer(types.float64)), target="cpu")
    def k(p):
        p[0] = 1.0

    d = cuda.to_device(np.zeros(2))
    with pytest.raises(TypeError, match="argument 'p' is a CPointer\\(float64\\) parameter of "
                                        "a kernel on the CPU backend: .* is GPU memory"):
        k[1, 1](address(d))


def _inaccessible_page():
    """(address, unmap) of a page mapped PROT_NONE: reading it is SIGSEGV."""
    import ctypes
    import mmap
    libc = ctypes.CDLL(None, use_errno=True)
    libc.mmap.restype = ctypes.c_void_p
    libc.mmap.argtypes = (ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int,
                          ctypes.c_int, ctypes.c_long)
    page = libc.mmap(None, mmap.PAGESIZE, 0, mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS, -1, 0)
    assert page not in (None, ctypes.c_void_p(-1).value)
    return page, lambda: libc.munmap(ctypes.c_void_p(page), ctypes.c_size_t(mmap.PAGESIZE))


def test_cpu_backend_kernel_refuses_addresses_it_cannot_read():
    # The CPU backend runs the kernel in this process: an address of no
    # readable memory would crash the interpreter (SIGSEGV). The launch asks
    # the kernel (write(2) of the first item into a pipe) and names the
    # parameter, at every launch (CPU-backend launches all pass through
    # Dispatcher._launch).
    @cuda.jit(void(types.CPointer(types.float64), int32), target="cpu")
    def k(p, n):
        for i in range(n):
            p[i] += 1.0

    host = np.zeros(3)
    for _ in range(3):
        k[1, 1](host.ctypes.data, 3)
    np.testing.assert_array_equal(host, [3.0] * 3)
    page, unmap = _inaccessible_page()
    # (A made-up low address such as 0x12345678 can be the heap of a
    # long-lived interpreter whose binary is not position-independent.)
    gone, unmap_gone = _inaccessible_page()
    unmap_gone()  # unmapped now: no memory there
    try:
        for bad in (gone, page, 1 << 47, (1 << 64) - 8):
            with pytest.raises(TypeError, match="argument 'p' is a CPointer\\(float64\\) "
                                                "parameter of a kernel on the CPU backend: this "
                                                "process cannot read memory at %#x" % bad):
                k[1, 1](bad, 1)
    finally:
        unmap()
    k[1, 1](0, 0)  # the null pointer passes (a kernel may test it)
    k[1, 1](host.ctypes.data, 3)
    np.testing.assert_array_equal(host, [4.0] * 3)


def test_host_readable_probe():
    from pyjit._ext import ext
    host_readable = ext().host_readable
    a = np.zeros(2, np.int64)
    assert host_readable(a.ctypes.data, 16)
    assert not host_readable(0x10000, 8)
    page, unmap = _inaccessible_page()
    try:
        assert not host_readable(page)
        assert host_readable(a.ctypes.data)
    finally:
        unmap()
    with pytest.raises(ValueError, match="bytes must be 1..4096"):
        host_readable(a.ctypes.data, 0)


def test_host_carray_takes_numpy_ctypes_and_integer_addresses():
    a = np.arange(4, dtype=np.int32)
    np.testing.assert_array_equal(pyjit.carray(a.ctypes, 2, np.int32), [0, 1])
    np.testing.assert_array_equal(pyjit.carray(np.int64(a.ctypes.data), 3, np.int32), [0, 1, 2])
    with pytest.raises(ValueError, match="negative dimensions"):
        pyjit.carray(a.ctypes.data, -1, np.int32)


def _sum_reduce(p, n):
    s = 0.0
    for i in range(n):
        s += p[i]
    return s


def test_device_function_compiled_on_its_own_takes_pointers():
    # numba's C ABI: float sum_reduce(float *p, int n); the Numba ABI adds
    # the result pointer first. A pointer is one (generic) .b64 parameter.
    ptx, restype = cuda.compile_ptx(_sum_reduce, "float32(CPointer(float32), int32)",
                                    device=True, abi="c")
    header = ptx[ptx.index(".func"):ptx.index(")", ptx.index("sum_reduce("))]
    assert restype == float32
    assert header.count(".param .b64") == 1 and header.count(".param .b32") == 2  # (+ the result)
    ptx, _ = cuda.compile_ptx(_sum_reduce, "float32(CPointer(float32), int32)", device=True)
    header = ptx[ptx.index(".func"):ptx.index(")", ptx.index("sum_reduce("))]
    assert header.count(".param .b64") == 2  # the result's pointer, then p


@pytest.mark.gpu
def test_pointer_device_function_linked_into_a_kernel(tmp_path):
    # The PTX of a Python device function taking a pointer, linked into a
    # kernel through declare_device (numba's round trip of compile_ptx).
    ptx, _ = cuda.compile_ptx(_sum_reduce, "float32(CPointer(float32), int32)",
                              device=True, abi="c", abi_info={"abi_name": "sum_reduce"})
    path = tmp_path / "sum_reduce.ptx"
    path.write_text(ptx)
    sum_reduce = cuda.declare_device("sum_reduce", "float32(CPointer(float32), int32)",
                                     link=str(path), abi="c")

    @cuda.jit
    def k(a, out):
        out[0] = sum_reduce(ffi.from_buffer(a), len(a))

    a = np.arange(10, dtype=np.float32)
    out = cuda.device_array(1, np.float32)
    k[1, 1](cuda.to_device(a), out)
    assert out.copy_to_host()[0] == a.sum()


_OFFSET_CU = r"""
extern "C" __device__ int offset_of(float **result, float *p, int k) { *result = p + k; return 0; }
extern "C" __device__ float *offset_c(float *p, int k) { return p + k; }
"""


def _pointer_result_kernel(offset):
    def k(a, out):
        q = offset(ffi.from_buffer(a), 2)
        out[0] = q[0]
        q[1] = 7.0
    return k


def test_declared_function_returning_a_pointer_compiles():
    # numba's signature(CPointer(int32),) and 'float32*(...)': the result is a
    # pointer the kernel indexes (loaded from numba's result slot).
    from pyjit.types import CPointer, signature
    barrier = cuda.declare_device("cta_barrier", sig=signature(CPointer(int32),))
    assert str(barrier.sig.return_type) == "CPointer(int32)" and barrier.sig.args == ()
    offset = cuda.declare_device("offset_of", "float32*(CPointer(float32), int32)")
    assert str(offset.sig.return_type) == "CPointer(float32)"
    ptx, _ = cuda.compile_ptx(_pointer_result_kernel(offset), "void(float32[::1], float32[::1])")
    call = ptx.index("call.uni (retval0), offset_of")
    assert "ld.local.b64" in ptx[call:]  # the returned pointer, from the result slot
    assert ".extern .func  (.param .b32 func_retval0) offset_of" in ptx


@pytest.mark.gpu
@pytest.mark.parametrize("abi", ["numba", "c"])
def test_declared_function_returning_a_pointer_runs(abi, tmp_path):
    source = tmp_path / "offset.cu"
    source.write_text(_OFFSET_CU)
    offset = cuda.declare_device("offset_of" if abi == "numba" else "offset_c",
                                 "float32*(CPointer(float32), int32)", link=str(source), abi=abi)
    k = cuda.jit(_pointer_result_kernel(offset))
    a = cuda.to_device(np.arange(5, dtype=np.float32))
    out = cuda.device_array(1, np.float32)
    k[1, 1](a, out)
    assert out.copy_to_host()[0] == 2.0
    np.testing.assert_array_equal(a.copy_to_host(), [0, 1, 2, 7, 4])


@pytest.mark.gpu
def test_pointer_launches_take_the_fast_path_too():
    # The first launch goes through Python (and teaches the C++ launch path
    # the int key); the next ones pack the address in C++, checks included.
    @cuda.jit(void(types.CPointer(types.float32), int32))
    def k(p, n):
        i = cuda.grid(1)
        if i < n:
            p[i] += 1.0

    d = cuda.to_device(np.zeros(4, np.float32))
    for _ in range(3):
        k[1, 32](address(d), 4)
    k[1, 32](np.int64(address(d)), 4)
    np.testing.assert_array_equal(d.copy_to_host(), [4.0] * 4)
    with pytest.raises(TypeError, match="not an address of memory"):
        k[1, 32](8, 4)
    with pytest.raises(TypeError):
        k[1, 32](2.5, 4)
    np.testing.assert_array_equal(d.copy_to_host(), [4.0] * 4)


def test_cache_hinted_loads_and_stores_take_a_pointer(jit):
    # numba-cuda's test_cache_hints: cuda.ldcg(p, i) / cuda.stcs(p, i, v) on a
    # CPointer read and write item i, as p[i].
    @jit
    def k(a, out):
        p = ffi.from_buffer(a)
        i = cuda.grid(1)
        if i < out.size:
            out[i] = cuda.ldcg(p, i) + cuda.ldcs(p, i)
            cuda.stcs(p, i, cuda.ldca(p, i) * 3)

    a = np.arange(1, 9, dtype=np.float32)
    d_a, d_out = cuda.to_device(a), cuda.device_array(8, np.float32)
    k[1, 8](d_a, d_out)
    np.testing.assert_array_equal(d_out.copy_to_host(), 2 * a)
    np.testing.assert_array_equal(d_a.copy_to_host(), 3 * a)
