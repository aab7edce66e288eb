"""Kernels agree with numpy, on every backend (the `jit` fixture; module-level
kernels run where pyjit puts them: the GPU, else the CPU backend)."""
import math
import warnings

import numpy as np
import pytest

import pyjit
from pyjit import cuda
from pyjit._ext import ext


@cuda.jit
def saxpy(a, x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


def test_while_loops_with_short_circuit_conditions(jit):
    # A variable first read after a while loop whose condition short-circuits:
    # SSA construction once kept a phi it had removed (a crash or a verifier
    # error), found by a review helper.
    @jit
    def walk(x, out, n):
        i = 0
        while 0 <= i < n:
            i += x[i]
        out[0] = i

    @jit
    def scan_positive(x, out, n, base):
        i = 0
        while i < n and x[i] > 0:
            i += 1
        out[0] = base + i

    @jit
    def first_either(x, out, n):
        i = 0
        while not (x[i] == 7 or x[i] < 0) and i < n - 1:
            i += 1
        out[0] = i

    out = np.zeros(1, np.int64)
    walk[1, 1](np.array([1, 2, 1, 3, 5]), out, 5)
    assert out[0] == 6  # 0 -> 1 -> 3 -> 6
    scan_positive[1, 1](np.array([3, 1, 0, 2]), out, 4, 10)
    assert out[0] == 12
    first_either[1, 1](np.array([1, 2, -3, 7]), out, 4)
    assert out[0] == 2


def test_cuda_names_under_other_names(jit):
    # numba.cuda lets a kernel call cuda.* names bound to other names
    # (from numba.cuda import syncthreads; sarray = cuda.shared.array).
    import kernels_with_aliases as mod
    kernel = jit(mod.reverse_in_block)
    x = np.zeros(8, np.int32)
    total = np.zeros(2, np.int32)
    kernel[1, 8](x, total)
    np.testing.assert_array_equal(x, 2 * np.arange(8)[::-1])
    np.testing.assert_array_equal(total, [8, 8 * 7])


def test_device_functions_constants_and_enums_through_a_module(jit):
    # numba.cuda resolves a module's attributes in a kernel: h.scale(x),
    # h.OFFSETS[i], h.Mode.MUL, rnd.xoroshiro128p_uniform_float32(...).
    import kernels_with_namespaces as mod
    x = np.arange(7, dtype=np.int64)
    out = np.zeros(7, np.int64)
    jit(mod.through_module)[1, 8](x, out)
    # 3x + OFFSETS[i % 3] + PAIR[1] + x * 2 (Mode.MUL)
    np.testing.assert_array_equal(out, 5 * x + np.array([10, 20, 30])[x % 3] + 5)
    jit(mod.through_module_enum_add)[1, 8](x, out)
    np.testing.assert_array_equal(out, x + 2)
    import kernel_helpers_ns as h
    jit(mod.enum_value_and_members)[1, 1](out)
    assert list(out[:2]) == [int(h.Mode.MUL) * 10 + int(h.Mode.ADD), int(h.Mode.MUL) + 1]
    with pytest.raises(pyjit.CompileError,
                       match=r"kernels_with_namespaces.py:\d+:\d+: error: 'Mode.MUL.name' is a "
                             r"string: string values are not supported in kernels"):
        jit(mod.enum_name)[1, 1](out)

    from pyjit.cuda.random import create_xoroshiro128p_states
    from test_random import reference_states, step, unit64
    want = [np.float32(unit64(step(s)[0])) for s in reference_states(4, 7)]
    for kernel in (mod.random_through_module, mod.random_through_cuda):
        states = create_xoroshiro128p_states(4, seed=7)
        u = np.zeros(4, np.float32)
        jit(kernel)[1, 4](states, u)
        np.testing.assert_array_equal(u, want)


def test_modules_that_import_each_other_describe_in_linear_time(tmp_path, monkeypatch):
    # Nine helper modules, each importing all the others: only what the
    # kernel reads (m0.K + ... + m8.K, one level) is described.
    import time
    from pyjit._source import describe
    n = 9
    for j in range(n):
        others = "".join("import m%d\n" % o for o in range(n) if o != j)
        (tmp_path / ("m%d.py" % j)).write_text(others + "K = %d\n" % j)
    body = " + ".join("m%d.K" % j for j in range(n))
    (tmp_path / "kern_mutual.py").write_text(
        "".join("import m%d\n" % j for j in range(n)) + "\n\ndef k(out):\n    out[0] = %s\n" % body)
    monkeypatch.syspath_prepend(str(tmp_path))
    import kern_mutual
    start = time.perf_counter()
    info = describe(kern_mutual.k)
    assert time.perf_counter() - start < 1.0
    assert info["globals"]["m3"] == ("namespace", ("module 'm3'", {"K": ("int", 3)}))
    out = np.zeros(1, np.int64)
    pyjit.jit(kern_mutual.k)[1, 1](out)
    assert out[0] == sum(range(n))


def test_a_failing_module_getattr_is_named_in_the_error(tmp_path, monkeypatch):
    (tmp_path / "lazy_mod.py").write_text(
        "def __getattr__(name):\n    raise RuntimeError('cannot load ' + name)\n")
    (tmp_path / "kern_lazy.py").write_text(
        "import lazy_mod\n\n\ndef k(out):\n    out[0] = lazy_mod.K\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import kern_lazy
    with pytest.raises(pyjit.CompileError,
                       match=r"'lazy_mod.K' of type \(reading it raised RuntimeError: cannot load K\)"):
        pyjit.jit(kern_lazy.k)[1, 1](np.zeros(1, np.int64))


def test_module_attribute_errors_point_at_the_attribute(jit):
    import kernels_with_namespaces as mod
    x = np.zeros(1, np.int64)
    with pytest.raises(pyjit.CompileError) as info:
        jit(mod.missing_attribute)[1, 1](x)
    text = str(info.value)
    assert "kernels_with_namespaces.py:" in text
    assert "module 'kernel_helpers_ns' has no attribute 'nope'" in text
    assert "x[0] = h.nope" in text and "\n           ^" in text
    with pytest.raises(pyjit.CompileError,
                       match=r"global 'h.not_a_device_function' of type function \(a plain "
                             r"Python function; make it a device function with "
                             r"@cuda.jit\(device=True\), or mark it with "
                             r"pyjit.extending.register_jitable\) is not supported"):
        jit(mod.unsupported_member)[1, 1](x)


def test_kernel_only_names_are_stubs_on_the_host():
    with pytest.raises(RuntimeError, match=r"cuda.syncthreads\(\) can only be used inside a kernel"):
        cuda.syncthreads()
    with pytest.raises(RuntimeError, match=r"cuda.atomic.add\(\) can only be used inside"):
        cuda.atomic.add(np.zeros(1), 0, 1)
    with pytest.raises(RuntimeError, match="cuda.threadIdx.x can only be used inside a kernel"):
        cuda.threadIdx.x
    from pyjit.cuda import laneid, popc, shfl_down_sync  # noqa: F401  (as in numba.cuda)
    import copy
    import pickle
    assert not hasattr(cuda.shared, "__wrapped__") and not hasattr(cuda.atomic, "nope")
    assert repr(copy.copy(cuda.threadIdx)) == "<kernel-only namespace cuda.threadIdx>"
    assert repr(pickle.loads(pickle.dumps(cuda.shared))) == "<kernel-only namespace cuda.shared>"


def test_saxpy_device_arrays_float32(jit):
    n = 100_003  # not a multiple of the block size
    rng = np.random.default_rng(1)
    x = rng.standard_normal(n, dtype=np.float32)
    y = rng.standard_normal(n, dtype=np.float32)
    out = cuda.device_array(n, dtype=np.float32)
    saxpy[(n + 255) // 256, 256](np.float32(3.0), cuda.to_device(x), cuda.to_device(y), out)
    np.testing.assert_allclose(out.copy_to_host(), np.float32(3.0) * x + y, rtol=1e-6, atol=1e-6)


def test_numpy_arrays_are_copied_back(jit):
    x = np.arange(10, dtype=np.float64)
    y = np.ones(10)
    out = np.zeros(10)
    saxpy[1, 32](2.0, x, y, out)
    np.testing.assert_array_equal(out, 2.0 * x + 1.0)


def test_second_call_with_same_types_does_not_compile(jit, monkeypatch):
    @jit
    def k(a):
        a[cuda.grid(1)] = 1

    calls = []
    real = ext().compile_kernel
    monkeypatch.setattr(ext(), "compile_kernel", lambda *a: calls.append(a) or real(*a))
    # The module attribute is what the dispatcher calls through.
    a = cuda.device_array(32, dtype=np.int32)
    k[1, 32](a)
    k[1, 32](a)
    assert len(calls) == 1
    k[1, 32](cuda.device_array(32, dtype=np.float32))  # new types: one more compile
    assert len(calls) == 2
    assert len(k.signatures) == 2


def test_cupy_arrays_zero_copy(jit):
    cp = pytest.importorskip("cupy")
    x = cp.arange(64, dtype=cp.float32)
    out = cp.zeros(64, dtype=cp.float32)
    saxpy[1, 64](np.float32(2.0), x, x, out)
    np.testing.assert_array_equal(cp.asnumpy(out), 3.0 * np.arange(64, dtype=np.float32))


@cuda.jit
def stencil(img, out):
    i, j = cuda.grid(2)
    n, m = img.shape
    if i < 1 or j < 1 or i >= n - 1 or j >= m - 1:
        return
    out[i, j] = img[i - 1, j] + img[i + 1, j] - 2.0 * img[i, j] + img[i, j - 1] + img[i, j + 1] - 2.0 * img[i, j]


def test_2d_stencil_matches_numpy(jit):
    rng = np.random.default_rng(2)
    img = rng.random((37, 53)).astype(np.float32)
    out = np.zeros_like(img)
    stencil[(3, 4), (16, 16)](img, out)
    ref = np.zeros_like(img)
    ref[1:-1, 1:-1] = (img[:-2, 1:-1] + img[2:, 1:-1] - 2 * img[1:-1, 1:-1]
                       + img[1:-1, :-2] + img[1:-1, 2:] - 2 * img[1:-1, 1:-1])
    np.testing.assert_allclose(out, ref, rtol=1e-5, atol=1e-6)


def test_sobel_example_kernel(jit):
    import importlib.util
    import os
    path = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "sobel.py")
    spec = importlib.util.spec_from_file_location("sobel_example", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    img = np.random.default_rng(3).random((64, 80)).astype(np.float32)
    out = np.zeros_like(img)
    mod.sobel[(4, 5), (16, 16)](img, out)
    np.testing.assert_allclose(out, mod.reference(img), rtol=1e-5, atol=1e-5)


@cuda.jit
def int_ops(a, b, fdiv, mod, power):
    i = cuda.grid(1)
    if i < a.size:
        fdiv[i] = a[i] // b[i]
        mod[i] = a[i] % b[i]
        power[i] = a[i] ** 3


def test_integer_floor_division_and_modulo_follow_python(jit):
    a = np.array([7, -7, 7, -7, 0, 13, -1], dtype=np.int64)
    b = np.array([2, 2, -2, -2, 5, 4, 3], dtype=np.int64)
    fdiv, mod, power = (np.zeros(7, dtype=np.int64) for _ in range(3))
    int_ops[1, 32](a, b, fdiv, mod, power)
    np.testing.assert_array_equal(fdiv, a // b)
    np.testing.assert_array_equal(mod, a % b)
    np.testing.assert_array_equal(power, a ** 3)


@cuda.jit
def widen(a, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] + a[i]  # int32 + int32 computes in int64 (numba)


def test_int32_arithmetic_computes_in_int64(jit):
    a = np.array([2**31 - 1, -2**31], dtype=np.int32)
    out = np.zeros(2, dtype=np.int64)
    widen[1, 32](a, out)
    np.testing.assert_array_equal(out, a.astype(np.int64) * 2)


@cuda.jit
def loops(n, out):
    i = cuda.grid(1)
    if i != 0:
        return
    total = 0
    for k in range(n, 0, -3):
        total += k
    out[0] = total
    j = 0
    while True:
        j += 1
        if j * j > n:
            break
    out[1] = j
    acc = 0.0
    for k in range(n):
        if k % 2 == 0:
            continue
        acc += k / 2
    out[2] = acc


def test_loops_break_continue_negative_step(jit):
    out = np.zeros(3)
    loops[1, 1](20, out)
    assert out[0] == sum(range(20, 0, -3))
    assert out[1] == 5
    assert out[2] == sum(k / 2 for k in range(20) if k % 2)


@cuda.jit
def misc(x, out):
    i = cuda.grid(1)
    if i < x.size:
        v = x[i]
        out[i, 0] = min(v, 0.5)
        out[i, 1] = max(v, -0.5, 0.25)
        out[i, 2] = abs(v)
        out[i, 3] = math.sqrt(abs(v))
        out[i, 4] = (v > 0 and v < 0.5) or v < -0.75
        out[i, 5] = v * 2.0 if v > 0 else -1.0


def test_builtins_and_boolean_logic(jit):
    x = np.linspace(-1, 1, 41, dtype=np.float32)
    out = np.zeros((41, 6), dtype=np.float32)
    misc[2, 32](x, out)
    np.testing.assert_allclose(out[:, 0], np.minimum(x, 0.5))
    np.testing.assert_allclose(out[:, 1], np.maximum(np.maximum(x, -0.5), 0.25))
    np.testing.assert_allclose(out[:, 2], np.abs(x))
    np.testing.assert_allclose(out[:, 3], np.sqrt(np.abs(x)), rtol=1e-6)
    np.testing.assert_array_equal(out[:, 4], ((x > 0) & (x < 0.5)) | (x < -0.75))
    np.testing.assert_allclose(out[:, 5], np.where(x > 0, x * 2, -1))


def test_float32_weak_literal_stays_float32(jit):
    @jit("void(float32[::1], float32[::1])")
    def scale(x, out):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = x[i] * 0.1

    x = np.full(4, 3.0, dtype=np.float32)
    out = np.zeros(4, dtype=np.float32)
    scale[1, 32](x, out)
    # float32 * float32(0.1), not the float64 product rounded afterwards.
    np.testing.assert_array_equal(out, x * np.float32(0.1))
    # {signature: PTX}, as numba.cuda (on the CPU backend, the PTX the kernel
    # would have on sm_90)
    ptx = scale.inspect_asm()
    assert list(ptx) == [("array(float32, 1d, C)", "array(float32, 1d, C)")]
    assert ".f64" not in next(iter(ptx.values()))
    assert ptx[(pyjit.float32[::1], pyjit.float32[::1])] == next(iter(ptx.values()))


@pytest.mark.gpu_only("names the driver call of a GPU launch (the CPU backend's refusal: "
                      "test_cpu_backend.py)")
def test_launch_failure_names_call_and_kernel(jit):
    @jit
    def big_shared(a):
        buf = cuda.shared.array(10000, np.float32)  # 40 000 bytes of static shared memory
        buf[cuda.threadIdx.x] = 1.0
        cuda.syncthreads()
        a[0] = buf[0]

    a = cuda.device_array(4, dtype=np.float32)
    # 40 000 static + 200 000 dynamic bytes: each within the device's limit
    # per block (with opt-in: 227 KiB on sm_90), together over it; only the
    # driver knows the kernel's static size.
    limit = cuda.get_current_device().MAX_SHARED_MEMORY_PER_BLOCK_OPTIN
    with pytest.raises(pyjit.CudaError, match=r"cuLaunchKernel.*'big_shared'"):
        big_shared[1, 32, 0, limit - 20000](a)
    big_shared[1, 32, 0, limit - 41000](a)  # within it together: runs
    assert a.copy_to_host()[0] == 1.0


def test_events_time_a_kernel(jit):
    a = cuda.device_array(1 << 20, dtype=np.float32)
    start, stop = cuda.event(), cuda.event()
    start.record()
    saxpy[4096, 256](np.float32(1.0), a, a, a)
    stop.record()
    stop.synchronize()
    assert start.elapsed_time(stop) > 0.0


def test_float_floor_division_and_modulo_follow_python(jit):
    @jit
    def k(a, b, out):
        i = cuda.grid(1)
        if i < a.size:
            out[i, 0] = a[i] // b[i]
            out[i, 1] = a[i] % b[i]

    a = np.array([1.0, -1.0, 7.5, -7.5, 7.5, 0.0, -0.0, 1e308])
    b = np.array([0.1, 0.1, 2.0, 2.0, -2.0, 3.0, 3.0, 1e-308])
    out = np.zeros((a.size, 2))
    k[1, 32](a, b, out)
    exp = np.array([[x // y, x % y] for x, y in zip(a.tolist(), b.tolist())])
    np.testing.assert_array_equal(out, exp)
    assert out[0, 0] == 9.0  # floor(1.0 / 0.1) would give 10.0


def test_tuples_as_kernel_arguments(jit):
    @jit
    def k(t, out):
        n, arr, (a, b) = t
        out[0] = n + arr[1] + a * b

    arr = np.array([1.0, 2.5])
    out = np.zeros(1)
    k[1, 1]((3, arr, (2.0, 4.0)), out)
    assert out[0] == 3 + 2.5 + 8.0


def test_streams_forall_fortran_order_and_device_views(jit):
    if type(jit).__name__ == "_CpuJit" and cuda.is_available():
        pytest.skip("CPU backend with a GPU present: its device arrays are GPU memory, and "
                    "non-contiguous views of it are not copied to the host")
    @jit
    def scale(a, s):
        i = cuda.grid(1)
        if i < a.size:
            a[i] = a[i] * s

    @jit
    def info(a, out):
        out[0] = a.shape[0]
        out[1] = a.shape[1]
        out[2] = a.strides[0]
        out[3] = a.strides[1]
        out[4] = a[1, 1]

    s = cuda.stream()
    d = cuda.to_device(np.arange(10.0), stream=s)
    scale[1, 32, s](d, 2.0)
    s.synchronize()
    np.testing.assert_array_equal(d.copy_to_host(stream=s), 2 * np.arange(10.0))

    x = np.arange(11, dtype=np.int64)
    scale.forall(x.size)(x, 3)
    np.testing.assert_array_equal(x, 3 * np.arange(11))

    f = np.asfortranarray(np.arange(35.0).reshape(5, 7))
    out = np.zeros(5, dtype=np.int64)
    info[1, 1](f, out)
    assert list(out[:4]) == [5, 7, 8, 40] and out[4] == f[1, 1]

    v = cuda.to_device(np.arange(48, dtype=np.int16).reshape(6, 8))[::2, 1::3]
    info[1, 1](v, out)
    host = np.arange(48, dtype=np.int16).reshape(6, 8)[::2, 1::3]
    assert list(out[:4]) == [3, 3, 32, 6] and out[4] == host[1, 1]


def test_assigning_to_slices_fills_copies_and_broadcasts(jit):
    # numba's setitem on a slice: a number, an array (broadcast), a tuple.
    @jit
    def k(out, m, col, src):
        tmp = cuda.local.array(3, np.float32)
        tmp[:] = (1.0, 2.0, 3.0)
        out[:] = 0.0
        out[:3] = tmp
        out[4:] = src[::-1]          # reversed view of another array
        m[:, 1] = col                # a column from a 1-d array
        m[0] = 7                     # a whole row: a[i] of a 2-d array is a view
        m[2:, :] = src[:2]           # (2,) broadcast over rows 2..3

    out = np.ones(6, np.float32)
    m = np.zeros((4, 2))
    col = np.array([10.0, 11.0, 12.0, 13.0])
    src = np.array([5.0, 6.0])
    k[1, 1](out, m, col, src)
    np.testing.assert_array_equal(out, [1, 2, 3, 0, 6, 5])
    want = np.zeros((4, 2))
    want[:, 1] = col
    want[0] = 7
    want[2:, :] = src[:2]
    np.testing.assert_array_equal(m, want)


def test_in_place_operators_on_views_and_arrays(jit):
    # NumPy's in-place operators, element by element over the target.
    @jit
    def k(a, m, row, n):
        a[1:3] += 1
        a[::2] *= 2.5
        a -= a[0]
        m[:, 1:] //= n
        m += row          # a (3,) row broadcast over (2, 3)
        m[0] <<= 1

    a = np.arange(5.0)
    m = np.arange(6, dtype=np.int64).reshape(2, 3) * 7
    row = np.array([1, 2, 3], np.int64)
    k[1, 1](a, m, row, 4)
    wa = np.arange(5.0)
    wa[1:3] += 1
    wa[::2] *= 2.5
    wa -= wa[0].copy()
    wm = np.arange(6, dtype=np.int64).reshape(2, 3) * 7
    wm[:, 1:] //= 4
    wm += row
    wm[0] <<= 1
    assert a.tolist() == wa.tolist() and m.tolist() == wm.tolist()


def test_in_place_operator_errors_on_arrays(jit, tmp_path):
    from kernel_files import load_module
    m = load_module(tmp_path, "inplace_errors", '''
def too_many_dims(a, m):
    a[1:] += m


def complex_into_float(a):
    a[1:] *= 1j
''')
    with pytest.raises(pyjit.CompileError, match=r"inplace_errors.py:3:5: error: unsupported "
                                                 r"operand types for \+=.*more dimensions"):
        jit(m.too_many_dims)[1, 1](np.zeros(3), np.zeros((2, 2)))
    with pytest.raises(pyjit.CompileError, match=r"inplace_errors.py:7:5: error: cannot store a "
                                                 r"complex value"):
        jit(m.complex_into_float)[1, 1](np.zeros(3))


def test_slice_assignment_extent_mismatch_raises_on_the_cpu_backend(jit):
    if type(jit).__name__ != "_CpuJit":
        pytest.skip("extents are checked with debug=True and on the CPU backend")

    @jit
    def k(out, src):
        out[1:3] = src

    @jit
    def t(out):
        out[:] = (1.0, 2.0)

    with pytest.raises(ValueError, match="could not be broadcast together: extent 3 against 2"):
        k[1, 1](np.zeros(5), np.zeros(3))
    with pytest.raises(ValueError, match="could not broadcast a tuple of 2 into a slice of 4"):
        t[1, 1](np.zeros(4))


def test_thread_and_block_indices_as_values(jit):
    # numba-cuda's Dim3: `tid = cuda.threadIdx`, tuples of them, passing one.
    @cuda.jit(device=True)
    def flat(idx, dim):
        return idx.x + idx.y * dim.x

    @jit
    def k(out, dims):
        bi, bd, ti = cuda.blockIdx, cuda.blockDim, cuda.threadIdx
        i = bi.x * bd.x + ti.x
        out[i] = flat(cuda.threadIdx, cuda.blockDim)
        x, y, z = cuda.gridDim
        if i == 0:
            dims[0] = x
            dims[1] = y
            dims[2] = z

    out = np.zeros(8, np.int64)
    dims = np.zeros(3, np.int64)
    k[2, 4](out, dims)
    assert list(out) == [0, 1, 2, 3, 0, 1, 2, 3]
    assert list(dims) == [2, 1, 1]


from pyjit.cuda import blockDim as _imported_block_dim  # noqa: E402
_GLOBAL_TID = cuda.threadIdx


def test_dim3_values_through_imported_global_and_closure_names(jit):
    # `from ... import threadIdx`, a global bound to cuda.threadIdx, a closure
    # variable: each is the same Dim3 as cuda.threadIdx (used to crash).
    bd = cuda.blockDim

    @jit
    def k(out):
        x, y, z = _GLOBAL_TID
        d = bd
        t = _GLOBAL_TID
        e = _imported_block_dim
        out[t.x, 0] = x + 10 * y + 100 * z
        out[t.x, 1] = d[0] * 2 + e.y

    out = np.zeros((4, 2), np.int64)
    k[1, 4](out)
    assert out[:, 0].tolist() == [0, 1, 2, 3]
    assert out[:, 1].tolist() == [9, 9, 9, 9]


def test_dim3_indexed_and_compared_and_grid_with_ndim_keyword(jit):
    @jit
    def k(out, flags):
        i, j = cuda.grid(ndim=2)
        w, h = cuda.gridsize(ndim=2)
        out[j, i] = cuda.threadIdx[0] + 10 * cuda.threadIdx[1] + 100 * cuda.blockDim[2]
        if i == 0 and j == 0:
            flags[0] = cuda.blockDim == (2, 3, 1)
            flags[1] = cuda.blockDim != (2, 3, 1)
            flags[2] = w * h

    out = np.zeros((3, 2), np.int64)
    flags = np.zeros(3, np.int64)
    k[1, (2, 3)](out, flags)
    want = np.arange(2)[None, :] + 10 * np.arange(3)[:, None] + 100
    assert out.tolist() == want.tolist() and flags.tolist() == [1, 0, 6]


def test_is_between_numbers_is_equality_within_one_type(jit):
    # numba's generic `is`: `==` for values of one type, False across types.
    @jit
    def k(a, out, flag, n):
        positive = a[0] > 0
        out[0] = positive is True
        out[1] = flag is False
        out[2] = positive is not flag
        out[3] = a[0] is a[1]        # float64 and float64: equal values
        out[4] = flag is n           # bool and int64: different types

    out = np.zeros(5, np.int64)
    k[1, 1](np.array([1.5, 1.5]), out, False, 0)
    assert out.tolist() == [1, 1, 1, 1, 0]
    k[1, 1](np.array([-1.0, 2.0]), out, True, 1)
    assert out.tolist() == [0, 0, 1, 0, 0]


def test_a_local_assigned_once_wraps_on_overflow_as_numba_computes_it(jit):
    # numba computes with a local at run time: int64 arithmetic wraps (a
    # 64-bit LCG); only literal expressions are folded, and error.
    @jit
    def k(out, n):
        A = 6364136223846793005
        C = 1442695040888963407
        out[0] = A * n + C
        out[1] = A * 3 + C

    out = np.zeros(2, np.int64)
    k[1, 1](out, 5)
    with np.errstate(over="ignore"):
        a, c = np.int64(6364136223846793005), np.int64(1442695040888963407)
        assert out.tolist() == [a * np.int64(5) + c, a * np.int64(3) + c]


def test_a_local_constant_sizes_shared_and_local_arrays(jit):
    # numba types `BLOCK = 8` (assigned once) Literal[int]: minitorch's pattern.
    @jit
    def k(a, out):
        BLOCK = 8
        s = cuda.shared.array(BLOCK, np.float64)
        t = cuda.local.array((2, BLOCK), np.int32)
        i = cuda.threadIdx.x
        s[i] = a[i]
        t[1, i] = i
        cuda.syncthreads()
        if i == 0:
            acc = 0.0
            for j in range(BLOCK):
                acc += s[j]
            out[0] = acc + t[1, 0] + BLOCK

    a = np.arange(8.0)
    out = np.zeros(1)
    k[1, 8](a, out)
    assert out[0] == a.sum() + 8


def test_shared_and_local_arrays_take_an_alignment(jit, tmp_path):
    # numba-cuda's alignment= (bytes, a power of two); a.ctypes.data is the address.
    @jit
    def f(loc, shrd):
        la = cuda.local.array(shape=5, dtype=np.uint8, alignment=64)
        sa = cuda.shared.array(shape=(2, 3), dtype=np.uint8, alignment=256)
        sb = cuda.shared.array(shape=3, dtype=np.uint8, alignment=None)
        la[0] = 1
        sa[0, 0] = 1
        sb[0] = 1
        if cuda.grid(1) == 0:
            loc[0] = la.ctypes.data
            shrd[0] = sa.ctypes.data
            shrd[1] = sb.ctypes.data

    loc = np.zeros(1, np.uint64)
    shrd = np.zeros(2, np.uint64)
    f[1, 1](loc, shrd)
    assert loc[0] % 64 == 0 and shrd[0] % 256 == 0 and shrd[1] % 16 == 0
    from kernel_files import load_module
    for i, bad in enumerate(["3", "0", "-1", "1.5", "'1'"]):
        m = load_module(tmp_path, "align%d" % i,
                        "from pyjit import cuda\nimport numpy as np\n\n\n"
                        "def k(a):\n    s = cuda.local.array(4, np.uint8, alignment=%s)\n"
                        "    a[0] = s[0]\n" % bad)
        with pytest.raises(pyjit.CompileError, match=r"alignment must be a power of 2|"
                                                     r"alignment of cuda.local.array must be a "
                                                     r"constant integer") as err:
            jit(m.k)[1, 1](np.zeros(1, np.uint8))
        # An integer that is no power of two is numba's ValueError too (a
        # non-integer is its typing error, pyjit's CompileError only).
        assert isinstance(err.value, ValueError) == (bad in ("3", "0", "-1"))


def test_strided_numpy_arrays_are_copied_in_and_back(jit):
    # numba refuses a non-contiguous host array ("Array contains
    # non-contiguous buffer"); pyjit copies it in and its writes back into
    # the same strided view, as for contiguous ones.
    @jit
    def twice_plus(x, out):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = 2 * x[i] + 1
            x[i] = -x[i]

    base = np.arange(12.0).reshape(3, 4)
    column = base[:, 1]  # stride 32 bytes
    out = np.zeros(6)[::2]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (the host-copy performance warning)
        twice_plus[1, 16](column, out)
    np.testing.assert_array_equal(out, 2 * np.array([1.0, 5.0, 9.0]) + 1)
    np.testing.assert_array_equal(base[:, 1], [-1.0, -5.0, -9.0])
    np.testing.assert_array_equal(base[:, 0], [0.0, 4.0, 8.0])  # the rest untouched
